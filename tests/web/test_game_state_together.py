"""The two phones' states of a revision read together (issue #23, table mode's twelfth round:
``game_stream.Together``, ``game_state.states_text``): after each change, one READ unit of work
builds the state of every carrying stream of the game in this process, each reader identified
again from their own session, the game found once, each payload the reader's own and the same,
byte for byte, as that stream built alone; a reader whose session ended is ended alone.

Streams are read from a real server (``Running``, uvicorn in a thread); no duration is
asserted."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_game_activation import API
from tests.web.test_game_state import (
    closed,
    ended,
    players_streams,
    posted_to,
    state,
)
from tests.web.test_game_stream import Running, game_revision


class Builds:
    """Every build of the streams' states: each shared one's streams and results (each checked
    against the same stream's state built alone, ``state_text``), the games it found, and each
    build alone."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from skirmish.web import game_state, game_stream

        # The writers of this app build nothing for the streams, as for a change made elsewhere
        # (the command line, another process): the states here are the READ build's, which
        # such changes still take (the writer's own build: test_game_state_writer.py).
        monkeypatch.setattr(game_state, "prepare_states", lambda *args: {})

        self.together: list[tuple[list[int | None], list[Any], int]] = []
        self.alone: list[int | None] = []
        self.mismatches: list[Any] = []
        self._finds = threading.local()
        together, alone = game_stream.states_text, game_stream.state_text
        find = game_state.find_live_game

        def finding(*args: Any) -> Any:
            self._finds.count = getattr(self._finds, "count", 0) + 1
            return find(*args)

        def shared(site: Any, carried: list[Any], each: Any = None) -> Any:
            self._finds.count = 0
            told: list[tuple[int, Any]] = []
            made = together(site, carried, lambda at, one: told.append((at, one)))
            assert sorted(at for at, _ in told) == list(range(len(carried)))  # each one told
            users = [c.viewer.user_id for c in carried]
            self.together.append((users, made, self._finds.count))
            for one, result in zip(carried, made, strict=True):
                if not isinstance(result, Exception) and alone(site, one) != result:
                    self.mismatches.append((one.viewer.user_id, result))
            for at, one in told:  # the streams told once all is noted (no race with the test)
                if each is not None:
                    each(at, one)
            return made

        def by_itself(site: Any, carried: Any) -> Any:
            self.alone.append(carried.viewer.user_id)
            return alone(site, carried)

        monkeypatch.setattr(game_state, "find_live_game", finding)
        monkeypatch.setattr(game_stream, "states_text", shared)
        monkeypatch.setattr(game_stream, "state_text", by_itself)


def test_both_phones_states_of_a_revision_are_read_in_one_unit_of_work(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "game,round")
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        builds = Builds(monkeypatch)
        for step, (who, path, body) in enumerate(
            (
                (wyatt, "picks", {"model": "Wyatt Earp"}),
                (ike, "picks", {"model": "Ike Clanton"}),
                (ike, "initiative", {"dice": "6,1"}),
                (wyatt, "initiative", {"activate": "good"}),
            )
        ):
            posted_to(server, who, path, body)
            by_wyatt, by_ike = state(to_wyatt, seen), state(to_ike, seen)
            after = by_wyatt["revision"]
            assert by_ike["revision"] == after == game_revision(table), path
            # one build for both streams: two readers, the game found once, nothing alone
            users, made, finds = builds.together[-1]
            assert len(users) == 2 and len(set(users)) == 2, (path, users)
            assert [m[0] for m in made] == [after, after] and finds == 1, (path, made, finds)
            assert not builds.alone and not builds.mismatches, (builds.alone, builds.mismatches)
            # each phone's round and game as another app reads them afresh, for that phone
            assert by_wyatt["round"] == wyatt.state() and by_ike["round"] == ike.state(), path
            fresh = ike.client.get(API).json()
            assert by_wyatt["game"] == by_ike["game"] == fresh, path
            if step == 0:  # Wyatt's card: his own, never in Ike's payload
                assert by_wyatt["round"]["sides"]["good"]["model"] == "Wyatt Earp"
                assert by_ike["round"]["sides"]["good"]["model"] is None
                assert '"model":"Wyatt Earp"' not in json.dumps(by_ike, separators=(",", ":"))
            seen = after
        assert len(builds.together) == 4  # one per revision
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_a_reader_whose_session_ended_is_ended_alone_in_the_shared_build(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "round")
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        builds = Builds(monkeypatch)
        out = ike.client.post("/logout", data={"csrf": ike.csrf})
        assert out.status_code == 303
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        by_wyatt = state(to_wyatt, seen)
        assert by_wyatt["round"] == wyatt.state()
        assert ended(to_ike)  # Ike's session ended: his stream ends, with nothing of the round
        users, made, _ = builds.together[-1]
        assert len(users) == 2 and sum(isinstance(m, Exception) for m in made) == 1
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_each_stream_is_sent_its_state_as_soon_as_it_is_made(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a shared build, Wyatt's state (his stream opened first, built first) is sent while
    Ike's is still being built: a phone does not wait for the other's viewpoint."""
    from skirmish.web import game_state
    from tests.web.test_game_stream import DEADLINE

    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "round")
    release, entered, over = threading.Event(), threading.Event(), threading.Event()
    real = game_state._carried_state
    monkeypatch.setattr(game_state, "prepare_states", lambda *args: {})  # as Builds does

    def ike_s_held(s: Any, site: Any, carried: Any, games: Any) -> Any:
        if carried.viewer.name == "Ike":
            entered.set()
            release.wait(DEADLINE)
            over.set()
        return real(s, site, carried, games)

    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        monkeypatch.setattr(game_state, "_carried_state", ike_s_held)
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        by_wyatt = state(to_wyatt, seen)
        assert not over.is_set()  # sent before Ike's build was over
        release.set()
        by_ike = state(to_ike, seen)
        assert entered.is_set() and over.is_set()  # Ike's was built (and held) in the same
        assert by_wyatt["revision"] == by_ike["revision"] == game_revision(table)
        assert by_ike["round"] == ike.state() and by_wyatt["round"] == wyatt.state()
    finally:
        release.set()
        closed((to_wyatt, to_ike), (wyatt, ike))
