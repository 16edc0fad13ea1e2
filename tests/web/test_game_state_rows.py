"""The streams' states read their readers and campaign as rows (issue #23, table mode's
thirteenth round: ``game_state.states_text`` and ``state_text`` identify each reader with
``readers.find_reader``, one statement run by Core, and find the campaign among the rows it read,
``Site.find_campaign_line``): no ORM statement reads a session or a campaign, one statement
identifies each reader, each payload is the same, byte for byte, as that stream built alone and
its round and game as another app reads them afresh; a session that owes the store its write is
built alone after, and touched.

Streams are read from a real server (``Running``, uvicorn in a thread); no duration is
asserted."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import ORMExecuteState
from sqlalchemy.orm import Session as OrmSession

from tests.web.test_game_activation import API
from tests.web.test_game_state import closed, players_streams, posted_to, state
from tests.web.test_game_stream import Running, game_revision


class Statements:
    """The statements each build of the streams' states runs in its worker thread: every one
    the database is sent, and those the ORM executes; each shared build's results checked
    against the same stream's state built alone (outside the recording)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from skirmish.web import game_state, game_stream

        # The writers of this app build nothing for the streams, as for a change made elsewhere
        # (the command line, another process): the states here are the READ build's, which
        # such changes still take (the writer's own build: test_game_state_writer.py).
        monkeypatch.setattr(game_state, "prepare_states", lambda *args: {})

        self.builds: list[dict[str, Any]] = []
        self.mismatches: list[Any] = []
        self.alone_in_shared: list[str] = []
        self._here = threading.local()
        together, alone = game_stream.states_text, game_stream.state_text
        inner_alone = game_state.state_text

        def recorded(kind: str, build: Callable[[], Any]) -> Any:
            mine: dict[str, Any] = {"kind": kind, "sent": [], "orm": []}
            self._here.build = mine
            try:
                return build()
            finally:
                self._here.build = None
                self.builds.append(mine)

        def shared(site: Any, carried: list[Any], each: Any = None) -> Any:
            told: list[tuple[int, Any]] = []
            made = recorded(
                "shared", lambda: together(site, carried, lambda at, m: told.append((at, m)))
            )
            self.builds[-1]["readers"] = len(carried)
            for one, result in zip(carried, made, strict=True):
                if not isinstance(result, Exception) and _keyless(alone(site, one)) != _keyless(
                    result
                ):
                    self.mismatches.append((one.viewer.name, result))
            for at, one in told:
                if each is not None:
                    each(at, one)
            return made

        def by_itself(site: Any, carried: Any) -> Any:
            return recorded("alone", lambda: alone(site, carried))

        def owed(site: Any, carried: Any) -> Any:  # ``states_text``'s reader read apart
            self.alone_in_shared.append(carried.viewer.name)
            return inner_alone(site, carried)

        def sent(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            build = getattr(self._here, "build", None)
            if build is not None:
                build["sent"].append(statement)

        def orm(execute: ORMExecuteState) -> None:
            build = getattr(self._here, "build", None)
            if build is not None:
                build["orm"].append(str(execute.statement))

        monkeypatch.setattr(game_stream, "states_text", shared)
        monkeypatch.setattr(game_stream, "state_text", by_itself)
        monkeypatch.setattr(game_state, "state_text", owed)
        event.listen(Engine, "before_cursor_execute", sent)
        event.listen(OrmSession, "do_orm_execute", orm)
        self._listening = (
            (Engine, "before_cursor_execute", sent),
            (OrmSession, "do_orm_execute", orm),
        )

    def stop(self) -> None:
        for target, name, fn in self._listening:
            event.remove(target, name, fn)


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[Statements]:
    recording = Statements(monkeypatch)
    try:
        yield recording
    finally:
        recording.stop()


#: A panel form's idempotency key in a payload's JSON: each render's own (``game_state``).
_KEY = re.compile(r'name=\\"key\\" value=\\"[A-Za-z0-9_-]+\\"')


def _keyless(made: tuple[int, str]) -> tuple[int, str]:
    """A payload with its panels' idempotency keys (fresh for each render) blanked."""
    return made[0], _KEY.sub(lambda _: "KEY", made[1])


def _reads_a_reader(statement: str) -> bool:
    return "web_session" in statement


def _reads_a_campaign(statement: str) -> bool:
    return "FROM campaign" in statement or "JOIN campaign " in statement


def test_the_streams_states_read_their_readers_and_campaign_as_rows(
    server: Running, table: Path, statements: Statements
) -> None:
    """Both phones carry every part: each build, shared or alone, identifies its readers in
    one statement, through Core, and the ORM reads neither a session nor a campaign
    (it reads the game and what the payload shows); every payload is the stream's own alone."""
    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "board,game,round,panels")
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        firsts = [b for b in statements.builds if b["kind"] == "alone"]
        assert len(firsts) == 2  # each stream's first state, built alone
        for step, (who, path, body) in enumerate(
            (
                (wyatt, "picks", {"model": "Wyatt Earp"}),
                (ike, "picks", {"model": "Ike Clanton"}),
                (ike, "initiative", {"dice": "6,1"}),
            )
        ):
            posted_to(server, who, path, body)
            by_wyatt, by_ike = state(to_wyatt, seen), state(to_ike, seen)
            after = by_wyatt["revision"]
            assert by_ike["revision"] == after == game_revision(table), path
            assert by_wyatt["round"] == wyatt.state() and by_ike["round"] == ike.state(), path
            assert by_wyatt["game"] == by_ike["game"] == ike.client.get(API).json(), path
            assert _KEY.search(json.dumps(by_wyatt["panels"])), path  # what is blanked
            if step == 0:  # Wyatt's card: his own, never in Ike's payload
                assert by_wyatt["round"]["sides"]["good"]["model"] == "Wyatt Earp"
                assert '"model":"Wyatt Earp"' not in json.dumps(by_ike, separators=(",", ":"))
            seen = after
        shared = [b for b in statements.builds if b["kind"] == "shared"]
        assert len(shared) == 3 and all(b["readers"] == 2 for b in shared)
        for build in [*firsts, *shared]:
            readers = build.get("readers", 1)
            identified = [q for q in build["sent"] if _reads_a_reader(q)]
            # one statement identifies all of a build's readers (the fourteenth round: one a
            # reader before it), their several sessions' when several (``find_readers``)
            assert len(identified) == 1, (build["kind"], identified)
            assert ("web_session.id IN (" in identified[0]) is (readers > 1), identified
            assert not [q for q in build["orm"] if _reads_a_reader(q) or _reads_a_campaign(q)], (
                build["kind"],
                build["orm"],
            )
            assert build["orm"], build["kind"]  # the recording sees the ORM's statements
        assert not statements.mismatches and not statements.alone_in_shared
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_a_session_the_store_owes_a_write_is_built_alone_after_the_shared_build(
    server: Running, table: Path, statements: Statements
) -> None:
    """Ike's session last seen minutes ago: the shared build reads Wyatt's state and leaves
    Ike's to a unit of work of its own after it (``state_text``), which touches the session
    and then sends Ike his own round."""
    wyatt, ike, to_wyatt, to_ike = players_streams(server, table, "round")
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        old = "2020-01-01T00:00:00Z"
        with sqlite3.connect(table) as db:
            db.execute(
                "UPDATE web_session SET last_seen = ? WHERE user_id ="
                " (SELECT id FROM user_account WHERE name = 'Ike')",
                (old,),
            )
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        by_wyatt, by_ike = state(to_wyatt, seen), state(to_ike, seen)
        assert statements.alone_in_shared == ["Ike"]
        with sqlite3.connect(table) as db:
            ((touched,),) = db.execute(
                "SELECT last_seen FROM web_session WHERE user_id ="
                " (SELECT id FROM user_account WHERE name = 'Ike')"
            ).fetchall()
        assert touched > old
        assert by_wyatt["revision"] == by_ike["revision"] == game_revision(table)
        assert by_wyatt["round"] == wyatt.state() and by_ike["round"] == ike.state()
        assert by_ike["round"]["sides"]["good"]["model"] is None
        assert not statements.mismatches
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))
