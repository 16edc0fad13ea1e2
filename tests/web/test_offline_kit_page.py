"""The offline page carries the game's offline kit (issue #24): a JSON data block the phone's
offline preview reads, never run (the strict CSP allows it), escaped so that no name closes it,
and as the game stands each time the page is asked (the live page asks again at every change);
the live board itself carries none (it stays as cheap as issue #23 made it)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skirmish.engine.offline import resolve
from tests.web.test_game_live import CAMPAIGN, CLANTONS, EARPS, GAMES, cli, open_client, start_bank

#: The kit's element, whole: what a browser's parser sees as its text.
KIT = re.compile(r'<script type="application/json" id="offline-kit">(.*?)</script>', re.S)


@pytest.fixture
def web(demo: Path) -> Iterator[Any]:
    with open_client(demo) as client:
        yield client


def kit_of(page: str) -> Any:
    found = KIT.findall(page)
    assert len(found) == 1
    return json.loads(found[0])  # raw text: a script element's content is never unescaped


def test_a_name_cannot_close_the_kit(web: Any, demo: Path) -> None:
    evil = "</script><b>Wyatt"
    cli(demo, "member", "rename", EARPS, "Wyatt Earp", evil, "--campaign", CAMPAIGN)
    live = start_bank(demo)
    cli(demo, "game", "turn")
    for address in (f"{live}/offline",):
        page = web.get(address).text
        assert "</script><b>" not in page and "<b>Wyatt" not in page, address
        kit = kit_of(page)
        names = {m["name"] for m in kit["models"]}
        assert evil in names and "Ike Clanton" in names
        assert html.escape(evil) in page  # the page's own text says it as text
    assert KIT.search(web.get(live).text) is None  # the board carries none


def test_the_kit_follows_the_game_and_resolves_a_shot(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    cli(demo, "game", "turn")
    first = kit_of(web.get(f"{live}/offline").text)
    assert first["revision"] == 1 and first["turn"] == 1
    assert {m["side"] for m in first["models"]} == {"good", "bad"}
    assert {m["gang"] for m in first["models"]} == {EARPS, CLANTONS}
    shot = {"action": "shoot", "model": "Wyatt Earp", "target": "Ike Clanton",
            "fields": {"range": "5"}, "dice": None, "lang": "en"}  # fmt: skip
    mine = resolve(first, shot)  # rolled on the phone, then played with the same faces
    faces = ",".join(map(str, mine["dice"]))
    said = json.loads(cli(demo, "game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5",
                          "--dice", faces, "--json"))  # fmt: skip
    later = kit_of(web.get(f"{live}/offline").text)
    assert later["revision"] == 2
    assert {m["name"]: m["acted"] for m in later["models"]}["Wyatt Earp"] is True
    ike = [m for m in later["models"] if m["name"] == "Ike Clanton"]
    (event,) = [e for e in said["events"] if e["action"] == "shoot"]
    assert [d["value"] for d in event["dice"]] == mine["dice"]  # the server used the same faces
    assert [r["face"] for r in event["details"]["rolls"]] == mine["dice"]
    ike = [m for m in later["models"] if m["name"] == "Ike Clanton"]
    assert ike == [] or ike[0]["combatant"]["cos_left"] == event["details"]["cos_after"]
    assert mine["facts"]["cos_after"] == event["details"]["cos_after"]


def test_an_ended_game_carries_no_kit(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    cli(demo, "game", "abandon")
    assert KIT.search(web.get(f"{GAMES}/1/offline").text) is None
    assert live == f"{GAMES}/1"
