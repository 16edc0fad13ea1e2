"""Undo takes back what it showed (issue #20) on the club's PostgreSQL: two phones confirming
the same undo page at the same moment, a game's and a gang's, take back one action; the other
is refused with what changed since (test_undo_shown.py holds the SQLite twins)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import CAMPAIGN, PASSWORD, cli, log_in, open_client, page
from tests.web.test_undo_shown import SHOT, race, rename
from tests.web.test_web_game_actions import API, CLANTONS, EARPS, PAGE, hidden, text_of

pytestmark = pytest.mark.postgres


@pytest.fixture
def club_pg(demo: Path, tmp_path: Path, postgres_migrated_database: str) -> str:
    """The demo campaign on PostgreSQL: Wyatt's Earps, Ike's Clantons, Doc arbitrates; a
    Duello at turn 1."""
    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    cli(demo, "export", "--campaign", CAMPAIGN, "-o", str(exported))
    cli(url, "import", str(exported))
    for user in ("Wyatt", "Ike", "Doc"):
        cli(url, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    for gang, user in ((EARPS, "Wyatt"), (CLANTONS, "Ike")):
        cli(url, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    cli(url, "campaign", "role", "Doc", "arbitrator", "--campaign", CAMPAIGN)
    cli(url, "game", "start", "duello", "--good", EARPS, "--bad", CLANTONS, "--campaign",
        CAMPAIGN)  # fmt: skip
    cli(url, "game", "turn", "--campaign", CAMPAIGN)
    return url


@pytest.fixture
def phones(club_pg: str) -> Iterator[tuple[Any, Any]]:
    """Wyatt's phone and Doc's (the arbitrator), logged in."""
    with open_client(club_pg) as wyatt, open_client(club_pg) as doc:
        log_in(wyatt, "Wyatt")
        log_in(doc, "Doc")
        yield wyatt, doc


def game_log(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(
        cli(url, "game", "log", "--campaign", CAMPAIGN, "--json")
    )
    return found


def gang_log(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(
        cli(url, "log", EARPS, "--campaign", CAMPAIGN, "--json")
    )
    return found


def test_two_phones_confirming_one_game_undo_on_postgresql(
    phones: tuple[Any, Any], club_pg: str
) -> None:
    wyatt, doc = phones
    shot = wyatt.post(f"{API}/actions/shoot", json=SHOT,
                      headers={"X-CSRF-Token": wyatt.cookies.get("csrf")})  # fmt: skip
    assert shot.status_code == 200, shot.text
    forms = [hidden(phone.get(f"{PAGE}/undo")) for phone in phones]
    assert forms[0]["entry"] == forms[1]["entry"] != ""
    before = [e["action"] for e in game_log(club_pg)]
    answers = race(*(lambda p=p, f=f: p.post(f"{PAGE}/undo", data=f)
                     for p, f in zip(phones, forms, strict=True)))  # fmt: skip
    assert sorted(a.status_code for a in answers) == [200, 409], [text_of(a) for a in answers]
    said = text_of(next(a for a in answers if a.status_code == 409))
    assert "it was taken back meanwhile; the last action now is: Turn 1" in said, said
    after = [e["action"] for e in game_log(club_pg)]
    assert before[-2:] == ["activate", "shoot"] and after == before[:-2]  # one action undone
    assert doc.get(f"{PAGE}/undo").status_code == 200


def test_two_phones_confirming_one_gang_undo_on_postgresql(
    phones: tuple[Any, Any], club_pg: str
) -> None:
    wyatt, doc = phones
    rename(wyatt, "Morgan Earp", "Morg")
    rename(wyatt, "Virgil Earp", "Virg")
    forms = [hidden(phone.get(page(action="undo"))) for phone in phones]
    assert forms[0]["entry"] == forms[1]["entry"]
    start = gang_log(club_pg)[-1]["id"]
    answers = race(*(lambda p=p, f=f: p.post(page(action="undo"), data=f)
                     for p, f in zip(phones, forms, strict=True)))  # fmt: skip
    assert sorted(a.status_code for a in answers) == [303, 409]
    said = text_of(next(a for a in answers if a.status_code == 409))
    assert "it was undone (by " in said, said
    undone = [e["reverts"] for e in gang_log(club_pg) if e["action"] == "undo" and e["id"] > start]
    assert undone == [int(forms[0]["entry"])]
    assert "Morg" in [m["name"] for m in wyatt.get(f"/api/v1/campaigns/{CAMPAIGN}/gangs/{EARPS}")
                      .json()["members"]]  # fmt: skip
