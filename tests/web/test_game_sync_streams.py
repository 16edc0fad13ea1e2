"""A turn and an action sent back online (issue #24's sync) read their revision for the streams
in their own unit of work, as when sent online (issue #23, table mode's twelfth round:
``game_sync.SyncTable`` through ``game_state.Answering``): with a stream of the app watching the
game, the round's facts and the game's board are built once for the new revision, by the
writer, and each phone's state is what a fresh read of another app says; a unit of work that
does not commit keeps nothing and leaves nothing held.

Streams are read from a real server (``Running``, uvicorn in a thread); no duration is
asserted."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_game_activation import API
from tests.web.test_game_state import closed, cookie, players_streams, state
from tests.web.test_game_state_actions import first_round, nothing_kept_nor_held, sent, spied
from tests.web.test_game_stream import Running, game_revision


def queued(
    key: str, action: str, fields: dict[str, Any], revision: int, dice: tuple[int, ...] = ()
) -> dict[str, Any]:
    """One entry of the phone's queue (docs/web.md, "Back online"), any die it lacks left to
    the server."""
    return {"key": key, "action": action, "fields": fields, "dice": list(dice), "rest": "random",
            "revision": revision, "made_at": "2026-11-30T21:00:00Z", "lang": "en",
            "preview": {"outcome": None, "lines": [f"{action} recorded offline"]}}  # fmt: skip


def test_a_shot_and_a_turn_sent_back_online_share_their_writer_s_reading_with_both_streams(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skirmish.campaign.store import Access

    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "game,round")
    try:
        seen = first_round(server, (wyatt, ike), (to_wyatt, to_ike))
        facts, boards = spied(monkeypatch)
        turn = game_revision(table)
        shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10}
        for number, (action, fields, dice) in enumerate(
            (("shoot", shot, (1, 1, 1, 1, 1)), ("turn", {}, ()))
        ):
            entry = queued(f"offline-{number}", action, fields, game_revision(table), dice)
            answered = json.loads(sent(server, wyatt, "sync", {"actions": [entry]}, wyatt.key()))
            assert [r["status"] for r in answered["results"]] == ["confirmed"], json.dumps(answered)
            by_wyatt, by_ike = state(to_wyatt, seen), state(to_ike, seen)
            after = by_wyatt["revision"]
            assert after == by_ike["revision"] == answered["revision"] == game_revision(table)
            # the round's facts and the board: once for the revision, by the sync's writer
            assert [a for r, a in facts if r == after] == [Access.GANG], (action, facts)
            assert [a for r, a in boards if r == after] == [Access.GANG], (action, boards)
            # each phone's round and game as another app reads them afresh (its own viewpoint)
            assert by_wyatt["round"] == wyatt.state() and by_ike["round"] == ike.state(), action
            fresh = ike.client.get(API).json()
            assert by_wyatt["game"] == by_ike["game"] == fresh, action
            seen = after
        assert fresh["turn"] == 2 and turn < seen
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_a_turn_sent_back_online_whose_unit_of_work_does_not_commit_keeps_nothing(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit fails after the reading was held (a failing listener after ours): the turn is
    not begun, nothing is kept under the revision it would have had, and its keys are
    released."""
    from skirmish.web import game_state

    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "game,round")
    read: list[game_state.Answered] = []
    real = game_state.hold_answer

    def held_then_failed(answered: game_state.Answered) -> None:
        real(answered)
        read.append(answered)
        raise RuntimeError("the commit failed")  # in the commit's listener: no commit

    try:
        first_round(server, (wyatt, ike), (to_wyatt, to_ike), both=False)
        before = game_revision(table)
        monkeypatch.setattr(game_state, "hold_answer", held_then_failed)
        entry = queued("offline-failed", "turn", {}, before)
        same_server = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        headers = {"Cookie": cookie(wyatt), "Content-Type": "application/json",
                   "X-CSRF-Token": wyatt.csrf}  # fmt: skip
        same_server.request("POST", f"{API}/sync", json.dumps({"actions": [entry]}), headers)
        failed = same_server.getresponse()
        failed.read()
        same_server.close()
        assert failed.status == 500
        assert len(read) == 1
        assert game_revision(table) == before  # nothing recorded
        assert ike.client.get(API).json()["turn"] == 1
        nothing_kept_nor_held(read[0])
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))
