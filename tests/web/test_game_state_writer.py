"""The streams' states built in the writer's unit of work (issue #23, table mode's sixteenth
round: ``game_state.prepare_states``, ``game_news.READY``): a change made through this process
builds the state of every carrying stream of its game in this process, in its own unit of work
once its action is sealed, and the woken streams take them (no READ unit of work of their own,
``states_text``); each such payload is the same, byte for byte (panels' form keys masked), as a
READ unit of work builds from nothing for the same stream at the same revision, for the two
players, a spectator, the arbitrator and a visitor, in English and Italian, through a game's
states (cards, the roll, the choice, a shot, a turn, an undo made elsewhere, the end); a change
made elsewhere (the command line) still reaches the streams through ``states_text``; a reader
whose session ended is not built by the writer, and their stream ends as before.

Streams are read from a real server (``Running``, uvicorn in a thread); no duration is
asserted."""

from __future__ import annotations

import json
import re
import threading
from contextvars import copy_context
from pathlib import Path
from typing import Any

import pytest

from skirmish.web.game_render import CSRF_MARK
from tests.web.test_game_activation import CAMPAIGN, EARPS, GAME, Phone, cli
from tests.web.test_game_state import closed, cookie, ended, phone, posted_to, state
from tests.web.test_game_stream import Running, Stream, game_revision

#: A form's idempotency key in a payload's panels (each watcher's own, fresh at each build), its
#: quotes escaped in the payload's JSON.
_KEY = re.compile(r'(name=\\"key\\" value=\\")[A-Za-z0-9_-]{16,}(?=\\")')
READERS = ("Wyatt", "Ike", "Doc", "Arbo", "visitor")
CARRY = "board,game,round,panels"


def masked(text: str) -> str:
    return _KEY.sub(r"\1…", text)


class Writers:
    """Every build of the streams' states by a writer (``prepare_states``: its site, streams
    and payloads) and every READ build (``states_text``: the revision of each stream's state),
    recorded as they happen in the server's threads."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from skirmish.web import game_state, game_stream

        self.lock = threading.Lock()
        self.built: list[tuple[Any, dict[int, Any], dict[int, tuple[int, str]]]] = []
        self.read: list[int] = []
        prepare, together = game_state.prepare_states, game_stream.states_text

        def preparing(session: Any, site: Any, carrying: Any, answered: Any, game: Any) -> Any:
            made = prepare(session, site, carrying, answered, game)
            with self.lock:
                self.built.append((site, dict(carrying), dict(made)))
            return made

        def reading(site: Any, carried: list[Any], each: Any = None) -> Any:
            told: list[tuple[int, Any]] = []
            made = together(site, carried, lambda at, one: told.append((at, one)))
            with self.lock:
                self.read.extend(m[0] for m in made if not isinstance(m, Exception))
            for at, one in told:  # the streams told once all is noted (no race with the test)
                if each is not None:
                    each(at, one)
            return made

        monkeypatch.setattr(game_state, "prepare_states", preparing)
        monkeypatch.setattr(game_stream, "states_text", reading)


def from_nothing(site: Any, carried: Any) -> tuple[int, str]:
    """The stream's state as a READ unit of work builds it with nothing kept: every cache the
    writer's answer or build fills emptied first (``states_text``, in a context of its own)."""
    from skirmish.campaign.game.status import READINGS, SHARED
    from skirmish.web.game_render import BOARDS
    from skirmish.web.game_state import GAMES, ROUNDS, STATES, states_text

    for kept in (STATES, BOARDS, ROUNDS, GAMES, SHARED, READINGS):
        kept.clear()
    made = copy_context().run(states_text, site, [carried])[0]
    assert not isinstance(made, Exception), made
    return made


def who(carried: Any) -> tuple[str, str]:
    return (carried.viewer.name or "visitor", carried.lang.value)


def test_the_writers_states_are_the_read_states_byte_for_byte(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli(table, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
    phones = {user: phone(table, user) for user in READERS if user != "visitor"}
    streams = {
        (user, lang): Stream(
            server.port,
            f"{GAME}/events?carry={CARRY}&lang={lang}",
            cookie(phones[user]) if user in phones else "",
        )
        for user in READERS
        for lang in ("en", "it")
    }
    wyatt, ike, arbo = phones["Wyatt"], phones["Ike"], phones["Arbo"]
    try:
        seen = max(state(stream)["revision"] for stream in streams.values())
        writers = Writers(monkeypatch)
        shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10, "dice": "1,1,1,1,1"}
        steps: list[tuple[Phone | None, str, dict[str, Any]]] = [
            (wyatt, "picks", {"model": "Wyatt Earp"}),
            (ike, "picks", {"model": "Ike Clanton"}),
            (ike, "initiative", {"dice": "6,1"}),
            (wyatt, "initiative", {"activate": "good"}),
            (wyatt, "actions/shoot", shot),
            (wyatt, "turn", {}),
            (None, "undo", {}),  # the command line's: another process
            (wyatt, "turn", {}),
            (arbo, "end", {"winner": EARPS}),
        ]
        secret_seen = False
        for step, (by, path, body) in enumerate(steps):
            built_before = len(writers.built)
            if by is None:
                cli(table, "game", "undo", "--campaign", CAMPAIGN)
            else:
                posted_to(server, by, path, body)
            after = game_revision(table)
            got = {where: state(stream, seen) for where, stream in streams.items()}
            assert {g["revision"] for g in got.values()} == {after}, (path, after)
            if by is None:  # made elsewhere: the streams read it themselves, as before
                assert len(writers.built) == built_before, path
                assert writers.read.count(after) == len(streams), (path, writers.read)
                seen = after
                continue
            # one build, by the writer, for every stream; no READ build of this revision
            assert len(writers.built) == built_before + 1, path
            site, carrying, made = writers.built[-1]
            assert after not in writers.read, (path, writers.read)
            assert len(carrying) == len(streams) and set(made) == set(carrying), path
            assert {who(c) for c in carrying.values()} == set(streams), path
            for stream, carried in carrying.items():
                revision, text = made[stream]
                assert revision == after, path
                # the same, byte for byte, as a READ unit of work builds it from nothing
                again = from_nothing(site, carried)
                assert again[0] == revision, path
                assert masked(again[1]) == masked(text), (path, who(carried))
                # what the stream sent is this payload, its token and form keys filled in
                sent = got[who(carried)]
                assert set(sent) == {"revision", "board", "game", "round", "panels"}, path
                assert CSRF_MARK not in json.dumps(sent), path
                if step == 0 and who(carried)[0] != "Wyatt":  # Wyatt's card: his own
                    assert '"model":"Wyatt Earp"' not in text, who(carried)
                    assert "Picked: Wyatt Earp" not in json.loads(text)["panels"], who(carried)
                elif step == 0:
                    assert '"model":"Wyatt Earp"' in text
                    secret_seen = True
            seen = after
        assert secret_seen
    finally:
        closed(streams.values(), phones.values())


def test_a_reader_whose_session_ended_is_left_to_its_own_build_and_ends(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ike logs out; Wyatt's change is built by its writer for Wyatt's stream only, and Ike's
    stream, built on its own (``states_text``), ends with nothing of the round."""
    wyatt, ike = phone(table, "Wyatt"), phone(table, "Ike")
    address = f"{GAME}/events?carry=game,round"
    to_wyatt, to_ike = (Stream(server.port, address, cookie(p)) for p in (wyatt, ike))
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        writers = Writers(monkeypatch)
        out = ike.client.post("/logout", data={"csrf": ike.csrf})
        assert out.status_code == 303
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        by_wyatt = state(to_wyatt, seen)
        assert by_wyatt["round"] == wyatt.state()
        assert ended(to_ike)
        ((_, carrying, made),) = writers.built
        assert len(carrying) == 2 and [who(c) for c in carrying.values() if c.viewer.name] == [
            ("Wyatt", "en"),
            ("Ike", "en"),
        ]
        assert [who(carrying[s])[0] for s in made] == ["Wyatt"]  # Ike's: not the writer's
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_a_writers_build_that_fails_loses_no_action(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer's build of the streams' states is the streams' convenience: if it fails, the
    action still commits, and the streams build their own states (``states_text``)."""
    from skirmish.campaign.store import Access
    from skirmish.web import game_state

    wyatt, ike = phone(table, "Wyatt"), phone(table, "Ike")
    address = f"{GAME}/events?carry=game,round"
    to_wyatt, to_ike = (Stream(server.port, address, cookie(p)) for p in (wyatt, ike))
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        writers = Writers(monkeypatch)
        real = game_state._carried_state

        def broken(s: Any, *args: Any) -> Any:
            if s.info.get("access") != Access.READ:  # the writer's build alone
                raise RuntimeError("a bug in a payload's build")
            return real(s, *args)

        monkeypatch.setattr(game_state, "_carried_state", broken)
        before = game_revision(table)
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        assert game_revision(table) == before + 1  # the card is down
        by_wyatt, by_ike = state(to_wyatt, seen), state(to_ike, seen)
        assert by_wyatt["revision"] == by_ike["revision"] == before + 1
        assert by_wyatt["round"] == wyatt.state() and by_ike["round"] == ike.state()
        assert writers.read.count(before + 1) == 2 and [m for *_, m in writers.built] == [{}]
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_a_store_error_in_the_writers_build_fails_the_action_aloud(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A statement the store refuses in the writer's build is not swallowed with the build's
    other failures: on PostgreSQL it aborts the transaction, whose COMMIT would then roll the
    action back silently while its answer said it was done. The action fails as one (503, one
    line naming the store), nothing is written, and the same card is taken once the store
    answers again."""
    import http.client

    from sqlalchemy.exc import OperationalError

    from skirmish.campaign.store import Access
    from skirmish.web import game_state
    from tests.web.test_game_activation import API

    wyatt = phone(table, "Wyatt")
    to_wyatt = Stream(server.port, f"{GAME}/events?carry=game,round", cookie(wyatt))
    try:
        seen = state(to_wyatt)["revision"]
        real = game_state._carried_state

        def refused(s: Any, *args: Any) -> Any:
            if s.info.get("access") != Access.READ:  # the writer's build alone
                raise OperationalError("SELECT 1", {}, Exception("the store went away"))
            return real(s, *args)

        monkeypatch.setattr(game_state, "_carried_state", refused)
        before = game_revision(table)
        same_server = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        headers = {"Cookie": cookie(wyatt), "Content-Type": "application/json",
                   "X-CSRF-Token": wyatt.csrf, "Idempotency-Key": wyatt.key()}  # fmt: skip
        try:
            body = json.dumps({"model": "Wyatt Earp"})
            same_server.request("POST", f"{API}/picks", body, headers)
            answer = same_server.getresponse()
            text = answer.read().decode()
        finally:
            same_server.close()
        assert answer.status == 503, text
        assert "the store went away" in text and "Traceback" not in text
        assert game_revision(table) == before  # nothing written, nothing claimed
        monkeypatch.setattr(game_state, "_carried_state", real)
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        assert game_revision(table) == before + 1
        assert state(to_wyatt, seen)["revision"] == before + 1
    finally:
        closed((to_wyatt,), (wyatt,))


def test_a_streams_panels_send_their_forms_back_to_the_live_page(
    server: Running, table: Path
) -> None:
    """The live page's panels built for its stream (its first state, alone, and the writer's
    build of the next) send a form posted without HTMX back to the live page that opened the
    stream, never to the stream's own address (``…/events``, where a 303 would land the phone
    on a text/event-stream)."""
    wyatt = phone(table, "Wyatt")
    to_wyatt = Stream(server.port, f"{GAME}/events?carry=panels", cookie(wyatt))
    back = re.compile(r'name=\\"back\\" value=\\"([^\\"]*)\\"')
    try:
        first = state(to_wyatt)
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        after = state(to_wyatt, first["revision"])
        for payload in (first, after):
            found = set(back.findall(json.dumps(payload["panels"])))
            assert found == {GAME}, found
    finally:
        closed((to_wyatt,), (wyatt,))


def test_ready_states_are_held_kept_or_dropped_and_taken_once() -> None:
    """``game_news.Ready``: a held key is waited for until kept (its states) or dropped
    (``None``: the streams build their own); a key nobody holds is ``None`` at once; a state
    kept before anybody asked is taken once."""
    import asyncio

    from skirmish.web.game_news import Ready

    async def run() -> None:
        ready = Ready()
        assert await ready.take("nobody") is None
        ready.hold("kept")
        waiting = asyncio.ensure_future(ready.take("kept"))
        await asyncio.sleep(0)
        assert not waiting.done()
        threading.Thread(target=ready.keep, args=("kept", {1: (7, "{}")})).start()
        assert await waiting == {1: (7, "{}")}
        ready.hold("dropped")
        waiting = asyncio.ensure_future(ready.take("dropped"))
        await asyncio.sleep(0)
        ready.drop("dropped")
        assert await waiting is None
        ready.hold("early")
        ready.keep("early", {2: (8, "{}")})
        assert await ready.take("early") == {2: (8, "{}")}
        assert await ready.take("early") is None  # taken once

    asyncio.run(run())


def test_the_writers_build_identifies_its_readers_as_rows_in_one_statement(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the writer's build, both phones' readers are read in one statement through Core
    (``find_readers``, their two sessions), the ORM reads neither a session nor a campaign, and
    nothing is read or written of the game's rows again (the writer's game is its own): what
    the build sends is that statement alone (carrying the game and the round)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    from sqlalchemy.orm import ORMExecuteState
    from sqlalchemy.orm import Session as OrmSession

    from skirmish.web import game_state

    here = threading.local()
    builds: list[dict[str, list[str]]] = []
    prepare = game_state.prepare_states

    def preparing(*args: Any) -> Any:
        here.build = {"sent": [], "orm": []}
        try:
            return prepare(*args)
        finally:
            builds.append(here.build)
            here.build = None

    def sent(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if getattr(here, "build", None) is not None:
            here.build["sent"].append(" ".join(statement.split()))

    def orm(execute: ORMExecuteState) -> None:
        if getattr(here, "build", None) is not None:
            here.build["orm"].append(str(execute.statement))

    monkeypatch.setattr(game_state, "prepare_states", preparing)
    wyatt, ike = phone(table, "Wyatt"), phone(table, "Ike")
    address = f"{GAME}/events?carry=game,round"
    to_wyatt, to_ike = (Stream(server.port, address, cookie(p)) for p in (wyatt, ike))
    event.listen(Engine, "before_cursor_execute", sent)
    event.listen(OrmSession, "do_orm_execute", orm)
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        for who_, path, body in (
            (wyatt, "picks", {"model": "Wyatt Earp"}),
            (ike, "picks", {"model": "Ike Clanton"}),
            (ike, "initiative", {"dice": "6,1"}),
        ):
            posted_to(server, who_, path, body)
            seen = state(to_wyatt, seen)["revision"]
            assert state(to_ike, seen - 1)["revision"] == seen
        assert len(builds) == 3
        for build in builds:
            assert len(build["sent"]) == 1, build["sent"]
            assert "web_session.id IN (" in build["sent"][0], build["sent"]
            assert not build["orm"], build["orm"]
    finally:
        event.remove(Engine, "before_cursor_execute", sent)
        event.remove(OrmSession, "do_orm_execute", orm)
        closed((to_wyatt, to_ike), (wyatt, ike))


def test_a_session_the_store_owes_a_write_is_left_to_its_streams_own_build(
    server: Running, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ike's session last seen minutes ago: Wyatt's change builds Wyatt's state alone, and
    Ike's stream builds its own (``states_text``, which touches the session in a writing unit
    of work of its own), with his own round."""
    import sqlite3

    wyatt, ike = phone(table, "Wyatt"), phone(table, "Ike")
    address = f"{GAME}/events?carry=game,round"
    to_wyatt, to_ike = (Stream(server.port, address, cookie(p)) for p in (wyatt, ike))
    ike_s = "WHERE user_id = (SELECT id FROM user_account WHERE name = 'Ike')"
    try:
        seen = state(to_wyatt)["revision"]
        state(to_ike)
        writers = Writers(monkeypatch)
        old = "2020-01-01T00:00:00Z"
        with sqlite3.connect(table) as db:
            db.execute(f"UPDATE web_session SET last_seen = ? {ike_s}", (old,))
        posted_to(server, wyatt, "picks", {"model": "Wyatt Earp"})
        by_wyatt, by_ike = state(to_wyatt, seen), state(to_ike, seen)
        ((_, carrying, made),) = writers.built
        assert [who(carrying[s])[0] for s in made] == ["Wyatt"]
        assert writers.read == [by_ike["revision"]]  # Ike's, by his stream
        with sqlite3.connect(table) as db:
            ((touched,),) = db.execute(f"SELECT last_seen FROM web_session {ike_s}").fetchall()
        assert touched > old
        assert by_wyatt["revision"] == by_ike["revision"] == game_revision(table)
        assert by_wyatt["round"] == wyatt.state() and by_ike["round"] == ike.state()
        assert by_ike["round"]["sides"]["good"]["model"] is None
    finally:
        closed((to_wyatt, to_ike), (wyatt, ike))
