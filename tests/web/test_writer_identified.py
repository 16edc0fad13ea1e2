"""Issue #23, the action's unit of work's seventh round: a table-mode POST (a card, a roll, a
choice, a shot, an undo, a turn; their forms too) has its reader identified in its own writing
unit of work (``identifies_writer``, ``Site.write``), not by ``guard`` in a READ one of its own
beforehand; and every refusal is what it was: the CSRF check before anything, a visitor's and a
private campaign's answers, a role taken away at the next POST, the account's language, a
session that owes the store its write, the idempotency key's replay byte for byte. Counted
(statements and transactions), never timed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from skirmish.campaign import store
from skirmish.web.app import create_app
from tests.games.statements import recorded, units_opened
from tests.web.test_game_queries import API, CAMPAIGN, CLANTONS, GAME, Phone, cli, phones

__all__ = ["phones"]  # the fixture, shared with the statement counts

WRITES = ("INSERT", "UPDATE", "DELETE")


def _revision(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("SELECT revision FROM game WHERE id = 1").fetchone()[0])


def test_a_table_mode_post_identifies_its_reader_in_its_own_unit_of_work(
    phones: tuple[Phone, Phone], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each change runs in ONE unit of work, a writing one, that reads the reader's session
    once (the statement that reads it reads the account and campaigns too, which the writer
    read again before): no READ unit of work opened for ``guard``'s identification."""
    opened = units_opened(monkeypatch)
    wyatt, ike = phones
    shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10, "dice": "1,1,1,1,1"}
    for phone, path, body, code in (
        (wyatt, "picks", {"model": "Wyatt Earp"}, 200),
        (ike, "picks", {"model": "Ike Clanton"}, 200),
        (ike, "initiative", {"dice": "6,1"}, 200),
        (wyatt, "initiative", {"activate": "good"}, 200),
        (wyatt, "actions/shoot", shot, 200),
        (wyatt, "undo", {}, 200),
        (ike, "picks", {"model": "Nobody"}, 400),  # refused in the unit of work: the same
        (ike, "turn", {}, 200),
    ):
        opened.clear()
        with recorded() as seen:
            answer = phone.post(path, body)
        assert answer.status_code == code, (path, answer.text)
        assert opened == [store.Access.GANG], (path, opened)
        assert [s for s in seen if s.startswith("BEGIN")] == ["BEGIN IMMEDIATE"], (path, seen)
        assert len([s for s in seen if "web_session" in s]) == 1, (path, seen)
        assert not [s for s in seen if "FROM user_account WHERE user_account.id" in s], path


def test_a_form_identifies_its_reader_in_its_own_unit_of_work(
    phones: tuple[Phone, Phone], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The forms of the panel, the flow and the live page alike (a card, a shot's tap, a turn)."""
    opened = units_opened(monkeypatch)
    wyatt, _ = phones
    web, csrf = wyatt.client, wyatt.csrf
    shot = {"action": "shoot", "attacker": "Wyatt Earp", "target": "Ike Clanton", "range": "10"}
    for path, form, code in (
        (f"{GAME}/activation/pick", {"model": "Wyatt Earp", "key": "form-1"}, 303),
        (f"{GAME}/act", {**shot, "key": "form-2"}, 200),  # its first die asked: nothing kept
        (f"{GAME}/turn", {"key": "form-3", "revision": "0"}, 400),  # a stale form: refused
    ):
        opened.clear()
        answer = web.post(path, data={**form, "csrf": csrf})
        assert answer.status_code == code, (path, answer.text[:300])
        assert opened[0] is store.Access.GANG, (path, opened)  # the change's, identifying


def test_every_refusal_is_as_it_was(phones: tuple[Phone, Phone], demo: Path) -> None:
    """CSRF first, nothing written; a visitor's 403 on a public campaign, the private
    campaign's 404 for a visitor where its player is told 400 in words; a role taken away
    counts at the next POST; a refusal in the account's language, before the unit of work and
    in it."""
    wyatt, ike = phones
    before = _revision(demo)
    with recorded() as seen:
        refused = ike.client.post(
            f"{API}/picks", json={"model": "Ike Clanton"}, headers={"X-CSRF-Token": "forged" * 5}
        )
    assert refused.status_code == 403 and "did not come from this site" in refused.json()["error"]
    assert not [s for s in seen if s.startswith(WRITES) or s == "BEGIN IMMEDIATE"], seen
    assert _revision(demo) == before
    form = ike.client.post(f"{GAME}/activation/pick", data={"model": "Ike Clanton"})
    assert form.status_code == 403 and _revision(demo) == before

    with TestClient(create_app(str(demo)), follow_redirects=False) as visitor:
        assert visitor.get("/").status_code == 200
        headers = {"X-CSRF-Token": visitor.cookies.get("csrf")}
        body = {"model": "Ike Clanton", "key": "visitor-1"}
        hidden = visitor.post(f"{API}/picks", json=body, headers=headers)
        assert hidden.status_code == 404, hidden.text  # a private campaign: as if not there
        assert hidden.json()["error"] == "there is no campaign called 'Tombstone 1881'."
        player = ike.post("picks", {"model": "Nobody Clanton"})  # its player: told in words
        assert player.status_code == 400 and "Nobody Clanton" in player.json()["error"]
        cli(demo, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
        watching = visitor.post(f"{API}/picks", json=body, headers=headers)
        assert watching.status_code == 403, watching.text
        assert "you are watching this game" in watching.json()["error"]

    cli(demo, "gang", "owner", CLANTONS, "Wyatt", "--campaign", CAMPAIGN)  # Ike's side gone
    taken = ike.post("picks", {"model": "Ike Clanton"})
    assert taken.status_code == 403 and "you are watching" in taken.json()["error"], taken.text
    cli(demo, "gang", "owner", CLANTONS, "Ike", "--campaign", CAMPAIGN)
    assert ike.post("picks", {"model": "Ike Clanton"}).status_code == 200

    with sqlite3.connect(demo) as con:
        con.execute("UPDATE user_account SET lang = 'it' WHERE name = 'Ike'")
    early = ike.post("initiative", {})  # refused before its unit of work: no dice, no choice
    assert early.status_code == 400 and early.json()["error"].startswith("dai i dadi")
    late = ike.post("picks", {"model": "Nobody Clanton"})  # refused in its unit of work
    assert late.status_code == 400 and "Nobody Clanton" in late.json()["error"]
    assert late.json()["error"] != player.json()["error"]  # in Italian now


def test_a_session_that_owes_its_write_gets_it_and_the_replay_is_byte_for_byte(
    phones: tuple[Phone, Phone], demo: Path
) -> None:
    """A session last seen long ago is touched in a unit of work of its own, committed before
    the change's (refused or not), as ``guard`` did; a retried key answers the same bytes."""
    wyatt, ike = phones
    stale = "2000-01-01T00:00:00Z"

    def last_seen() -> set[str]:
        with sqlite3.connect(demo) as con:
            query = (
                "SELECT last_seen FROM web_session JOIN user_account"
                " ON user_id = user_account.id WHERE name = 'Ike'"
            )
            return {row[0] for row in con.execute(query)}

    with sqlite3.connect(demo) as con:
        con.execute("UPDATE web_session SET last_seen = ?", (stale,))
    refused = ike.post("picks", {"model": "Nobody Clanton"})
    assert refused.status_code == 400, refused.text
    assert stale not in last_seen()  # touched, though the change was refused

    shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10, "dice": "1,1,1,1,1"}
    for phone, path, body in (
        (wyatt, "picks", {"model": "Wyatt Earp"}),
        (ike, "picks", {"model": "Ike Clanton"}),
        (ike, "initiative", {"dice": "6,1"}),
        (wyatt, "initiative", {"activate": "good"}),
        (wyatt, "actions/shoot", shot),
    ):
        first = phone.post(path, body)
        phone.taps -= 1  # the same key again: a retry of a lost answer
        again = phone.post(path, body)
        assert first.status_code == again.status_code == 200, (path, first.text)
        assert first.content == again.content, path
