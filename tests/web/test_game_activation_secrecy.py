"""§1.8's secret pick (issue #12): before both picks are made, nothing the server sends the
opponent or a spectator tells which model was picked. The proof: every answer their clients
get (the live page, the board fragment, the activation panel and its fragment, the round's
API, the game's status and log, the campaign's page and log) is the same, byte for byte once
the per-request tokens are masked, whether Wyatt picked one model or another; and none names
the picked model's id as a pick."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.test_game_activation import (
    API,
    CAMPAIGN,
    GAME,
    PANEL,
    Phone,
    make_table,
    open_client,
)


@pytest.fixture
def played(demo: Path) -> Path:
    """The demo store with the players' accounts and a bank robbery at turn 1."""
    make_table(demo)
    return demo


#: What every client of the other side and every spectator reads while a pick is hidden.
ADDRESSES = (
    GAME,
    f"{GAME}/board",
    PANEL,
    f"{PANEL}/panel",
    f"{API}/picks",
    API,
    f"{API}/log",
    f"/c/{quote(CAMPAIGN, safe='')}",
    f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/log",
    f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games",
)
#: Tokens that differ between any two answers whatever was picked: the CSRF token, the
#: forms' idempotency keys, the game's revision and the digests and times that follow it.
VOLATILE = (
    (re.compile(r'name="csrf" value="[^"]*"'), 'name="csrf" value=""'),
    (re.compile(r'name="key" value="[^"]*"'), 'name="key" value=""'),
    (re.compile(r"([?&;]|&amp;)v=[0-9a-f]+"), r"\1v="),
    (re.compile(r"rev(ision)?([\"'=:\s]+)\d+"), r"rev\1\2N"),
    (re.compile(r'name="revision" value="\d+"'), 'name="revision" value="N"'),
    (re.compile(r"\d{4}-\d\d-\d\dT[\d:.+Z-]+"), "TIME"),
)


def masked(text: str) -> str:
    for pattern, replacement in VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def seen(phone: Phone) -> dict[str, tuple[int, str, dict[str, str]]]:
    """Every answer ``phone`` gets, with its status and the headers that could carry a name."""
    answers: dict[str, tuple[int, str, dict[str, str]]] = {}
    for address in ADDRESSES:
        got: Any = phone.client.get(address)
        headers = {
            k: masked(v)
            for k, v in got.headers.items()
            if k.lower() not in ("date", "content-length", "set-cookie", "etag")
        }
        answers[address] = (got.status_code, masked(got.text), headers)
    return answers


def test_the_opponent_and_a_spectator_cannot_tell_the_pick(played: Path) -> None:
    with (
        open_client(played) as w, open_client(played) as i, open_client(played) as d,
    ):  # fmt: skip
        wyatt, ike, doc = Phone(w, "Wyatt"), Phone(i, "Ike"), Phone(d, "Doc")
        assert wyatt.post("pick", {"model": "Wyatt Earp"}).status_code == 200
        first = {"Ike": seen(ike), "Doc": seen(doc)}
        assert wyatt.post("pick", {"model": "Morgan Earp"}).status_code == 200
        second = {"Ike": seen(ike), "Doc": seen(doc)}
        for who in first:
            for address in ADDRESSES:
                assert first[who][address] == second[who][address], (who, address)
        # The round says only that the good side has picked.
        for phone in (ike, doc):
            state = phone.state()
            assert state["sides"]["good"] == {"picked": True, "mine": False, "model": None}
            assert "Morgan Earp" not in str(state) and state["revealed"] is None
        panel = ike.panel()
        assert "Morgan Earp" not in panel and "Wyatt Earp" not in panel
        # Wyatt himself sees his pick.
        assert "Morgan Earp" in wyatt.panel()


def test_the_pick_is_revealed_to_both_once_both_are_made(played: Path) -> None:
    with open_client(played) as w, open_client(played) as i, open_client(played) as d:
        wyatt, ike, doc = Phone(w, "Wyatt"), Phone(i, "Ike"), Phone(d, "Doc")
        wyatt.post("pick", {"model": "Morgan Earp"})
        ike.post("pick", {"model": "Tom McLaury"})
        for phone in (wyatt, ike, doc):
            assert phone.state()["revealed"] == {"good": "Morgan Earp", "bad": "Tom McLaury"}
