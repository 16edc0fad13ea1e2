"""A shot's, reload's, move's and turn's revision read for the streams in the action's own unit
of work (issue #23, table mode's tenth round: ``game_state.Answering``, shared with the card's,
roll's and choice's answer): with a stream of the app watching the game, the round's facts and
the game's board are built once for the new revision, by the writer, after its seal; the
streams' states and the API's answers are what a fresh read of another app says; a unit of work
that does not commit keeps nothing and leaves nothing held.

Streams are read from a real server (``Running``, uvicorn in a thread); no duration is
asserted."""

from __future__ import annotations

import http.client
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_game_activation import API, Phone
from tests.web.test_game_state import closed, cookie, phone, players_streams, posted_to, state
from tests.web.test_game_stream import Running, game_revision


def first_round(
    server: Running, phones: tuple[Phone, Phone], streams: tuple[Any, Any], *, both: bool = True
) -> int:
    """Both cards laid and the initiative rolled and chosen through ``server`` (Wyatt Earp
    activated), each change waited for on Wyatt's stream and, ``both``, on Ike's: the revision
    Wyatt's stream saw last."""
    (wyatt, ike), (to_wyatt, to_ike) = phones, streams
    seen = state(to_wyatt)["revision"]
    state(to_ike)
    for who, path, body in (
        (wyatt, "picks", {"model": "Wyatt Earp"}),
        (ike, "picks", {"model": "Ike Clanton"}),
        (ike, "initiative", {"dice": "6,1"}),
        (wyatt, "initiative", {"activate": "good"}),
    ):
        posted_to(server, who, path, body)
        seen = state(to_wyatt, seen)["revision"]
        if both:
            state(to_ike, seen - 1)
    return int(seen)


def sent(server: Running, phone: Phone, path: str, body: dict[str, Any], key: str) -> str:
    """``phone``'s API change posted with idempotency ``key`` to the app that holds the
    streams: its answer's text, as sent."""
    same_server = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {
        "Cookie": cookie(phone),
        "Content-Type": "application/json",
        "X-CSRF-Token": phone.csrf,
        "Idempotency-Key": key,
    }
    try:
        same_server.request("POST", f"{API}/{path}", json.dumps(body), headers)
        answer = same_server.getresponse()
        text = answer.read().decode()
        assert answer.status == 200, text
        return text
    finally:
        same_server.close()


def spied(monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[int, object]], list[Any]]:
    """Who built the round's facts and the game's board, by revision: (revision, access)."""
    from skirmish.campaign.game import status
    from skirmish.web import activation_panel

    facts: list[tuple[int, object]] = []
    boards: list[tuple[int, object]] = []
    made, whole = activation_panel._round_facts, status._board

    def counting(session: Any, game: Any) -> Any:
        facts.append((game.revision, session.info.get("access")))
        return made(session, game)

    def board_counting(session: Any, *, game: Any) -> Any:
        boards.append((game.revision, session.info.get("access")))
        return whole(session, game=game)

    monkeypatch.setattr(activation_panel, "_round_facts", counting)
    monkeypatch.setattr(status, "_board", board_counting)
    return facts, boards


def test_a_shot_reload_move_and_turn_share_their_writer_s_reading_with_both_streams(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skirmish.campaign.store import Access

    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "game,round")
    try:
        seen = first_round(server, (wyatt, ike), (to_wyatt, to_ike))
        facts, boards = spied(monkeypatch)
        shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10, "dice": "1,1,1,1,1"}
        for who, path, body in (
            (wyatt, "actions/shoot", shot),
            (wyatt, "actions/reload", {"member": "Wyatt Earp"}),
            (wyatt, "actions/move", {"member": "Morgan Earp"}),  # its turn: "activate"
            (wyatt, "turn", {}),
        ):
            key = who.key()
            answered = sent(server, who, path, body, key)
            by_wyatt, by_ike = state(to_wyatt, seen), state(to_ike, seen)
            after = by_wyatt["revision"]
            assert after == by_ike["revision"] == game_revision(table), path
            # the round's facts and the board: once for the revision, by the action's writer
            assert [a for r, a in facts if r == after] == [Access.GANG], (path, facts)
            assert [a for r, a in boards if r == after] == [Access.GANG], (path, boards)
            # each phone's round and game as another app reads them afresh (its own viewpoint)
            assert by_wyatt["round"] == wyatt.state() and by_ike["round"] == ike.state(), path
            fresh = ike.client.get(API).json()
            assert by_wyatt["game"] == by_ike["game"] == fresh, path
            # the answer: the events it recorded, replayed the same for the same key
            data = json.loads(answered)
            assert data["game"] == 1 and data["turn"] == fresh["turn"], path
            assert data["events"] and all(e["turn"] == data["turn"] for e in data["events"])
            assert sent(server, who, path, body, key) == answered, path  # byte for byte
            assert game_revision(table) == after  # the replay changed nothing
            seen = after
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_unwatched_a_shot_reads_nothing_more_for_streams(
    table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No stream of the app watches the game: the shot's unit of work builds neither the
    round's facts nor the board (nobody would read them before the next change)."""
    wyatt = phone(table, "Wyatt")
    ike = phone(table, "Ike")
    try:
        for who, path, body in (
            (wyatt, "picks", {"model": "Wyatt Earp"}),
            (ike, "picks", {"model": "Ike Clanton"}),
            (ike, "initiative", {"dice": "6,1"}),
            (wyatt, "initiative", {"activate": "good"}),
        ):
            assert who.api(path, body).status_code == 200
        facts, boards = spied(monkeypatch)
        shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10, "dice": "1,1,1,1,1"}
        assert wyatt.api("actions/shoot", shot).status_code == 200
        assert facts == [] and boards == []
    finally:
        closed((), (wyatt, ike))


def refused() -> Any:
    raise LookupError("built")


def test_a_shot_whose_unit_of_work_does_not_commit_keeps_nothing_and_holds_nothing(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit fails after the reading was held (a failing listener after ours): the shot is
    not recorded, nothing is kept under the revision it would have had, and its keys are
    released (a build of them does not wait for a writer that is gone)."""
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
        shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10, "dice": "1,1,1,1,1"}
        same_server = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        headers = {"Cookie": cookie(wyatt), "Content-Type": "application/json",
                   "X-CSRF-Token": wyatt.csrf, "Idempotency-Key": wyatt.key()}  # fmt: skip
        same_server.request("POST", f"{API}/actions/shoot", json.dumps(shot), headers)
        failed = same_server.getresponse()
        failed.read()
        same_server.close()
        assert failed.status == 500
        assert len(read) == 1
        assert game_revision(table) == before  # nothing recorded
        nothing_kept_nor_held(read[0])
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def nothing_kept_nor_held(answered: Any) -> None:
    """What a writer read for its streams (``game_state.Answered``) when its unit of work did
    not commit: nothing kept under any of its four keys, and none of them held (a build of each
    runs at once rather than waiting for a writer that is gone)."""
    from skirmish.campaign.game import status
    from skirmish.web import game_state

    assert answered.facts_key is not None and answered.board_key is not None
    assert game_state.ROUNDS.get(answered.key) is None
    assert status.READINGS.get(answered.facts_key) is None
    assert status.SHARED.get(answered.board_key) is None
    assert answered.game_key is not None and game_state.GAMES.get(answered.game_key) is None
    for kept, key in (
        (game_state.ROUNDS, answered.key),
        (status.READINGS, answered.facts_key),
        (status.SHARED, answered.board_key),
        (game_state.GAMES, answered.game_key),
    ):
        done = threading.Event()

        def build(kept: Any = kept, key: Any = key, done: Any = done) -> None:
            try:
                kept.built(key, refused)  # builds at once, keeps nothing
            except LookupError:
                done.set()

        worker = threading.Thread(target=build)
        worker.start()
        assert done.wait(kept.WAIT_SECONDS / 2), key  # not held: built at once
        worker.join()
