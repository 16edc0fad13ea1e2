"""The news of the games (issue #23, part 1): which game's revision moved on, for the streams
that phones hold open (``web/game_stream.py``), one ``GameNews`` per server process, made in
the app's lifespan (``web/app.py``).

- **PostgreSQL**: every unit of work that moves a game's revision on sends ``NOTIFY
  skirmish_game, '<game id>:<revision>'`` inside its transaction (``campaign/game/capture.py``),
  so the news goes out when it commits, whoever committed it: this process, another ``serve
  --workers`` process, the command line. Each process holds ONE listening connection
  (``LISTEN skirmish_game``) and hands the news to its streams; a lost connection is opened
  again, and the revisions of the watched games are read again then (news sent while it was
  down is caught up).
- **SQLite** has no notifications: one watcher per watched game in each process, a task that
  reads the game's revision (in a worker thread) every ``WATCH_SECONDS`` while the game has at
  least one stream, and ends when the last one goes.
- Either way, a unit of work committed in this process wakes its streams at once
  (``moved_revisions``, read after the commit).

The streams never query the database themselves: they wait on the game's ``Watch``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Hashable
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread
from sqlalchemy import Engine, event, select
from sqlalchemy.orm import Session

from skirmish.campaign.game.capture import GAME, MOVED, NEWS_CHANNEL
from skirmish.campaign.store import ACCESS_OPTION, Access

log = logging.getLogger(__name__)

#: How often a SQLite watcher reads its game's revision (the brief: every 0.25–0.5 s).
WATCH_SECONDS = 0.3
#: How long the PostgreSQL listener waits before opening a lost connection again.
RECONNECT_SECONDS = 1.0
#: What a writer of this process built of a game's carrying streams' states for a revision
#: (``game_state.prepare_states``): each stream's (revision, payload), by stream.
Prepared = dict[int, tuple[int, str]]


@dataclass
class Watch:
    """One watched game in this process: its newest known revision, how many streams wait on
    it, and the event they wait for (replaced at each change, so each waiter sees it once)."""

    revision: int
    streams: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    #: what its carrying streams build together (``game_stream.Together``: issue #23, table
    #: mode's twelfth round), made by the first of them
    together: object | None = None


class GameNews:
    """This process's news of the games (module docstring)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.watches: dict[int, Watch] = {}
        self.stopping = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listener: asyncio.Task[None] | None = None
        self._signals: dict[int, Any] = {}
        self._started = 0  # lifespans running (``start``)
        self.listening = asyncio.Event()  # PostgreSQL: the LISTEN is in place (tests wait on it)

    # ------------------------------------------------------------- the process's life

    async def start(self) -> None:
        # One app may run its lifespan twice at once (two test clients of one app): the news
        # starts with the first and stops with the last.
        self._started += 1
        if self._started > 1:
            return
        self._loop = asyncio.get_running_loop()
        event.listen(Session, "after_commit", self._committed)
        if self.postgres:
            self._listener = asyncio.create_task(self._listen())
        self._chain_signals()

    async def stop(self) -> None:
        self._started -= 1
        if self._started > 0:
            return
        self.stopping.set()
        event.remove(Session, "after_commit", self._committed)
        tasks = [w.task for w in self.watches.values() if w.task is not None]
        if self._listener is not None:
            tasks.append(self._listener)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._unchain_signals()

    def _chain_signals(self) -> None:
        """uvicorn waits for every open response before the lifespan's shutdown: on SIGINT or
        SIGTERM the streams are told to end first (``stopping``), then uvicorn's own handler
        runs. Only the main thread may set signal handlers (a test's server thread does not)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in (signal.SIGINT, signal.SIGTERM):
            before = signal.getsignal(sig)

            def handler(number: int, frame: Any, before: Any = before) -> None:
                self.close_streams()
                if callable(before):
                    before(number, frame)

            self._signals[sig] = before
            signal.signal(sig, handler)

    def _unchain_signals(self) -> None:
        for sig, before in self._signals.items():
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(sig, before)
        self._signals.clear()

    def close_streams(self) -> None:
        """Every stream of this process ends (safe from any thread or a signal handler)."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.stopping.set)

    # ------------------------------------------------------------- news in

    def publish(self, game_id: int, revision: int) -> None:
        """The game's revision is now ``revision`` (in the event loop's thread)."""
        watch = self.watches.get(game_id)
        if watch is None or revision <= watch.revision:
            return
        watch.revision = revision
        watch.changed.set()
        watch.changed = asyncio.Event()

    def _committed(self, session: Session) -> None:
        """A unit of work of this process committed: its moved revisions wake the streams now."""
        moved: dict[int, int] = session.info.get(MOVED) or {}
        loop = self._loop
        if not moved or loop is None or loop.is_closed():
            return
        bind = session.get_bind()
        if getattr(bind, "url", None) != self.engine.url:
            return
        for game_id, revision in moved.items():
            loop.call_soon_threadsafe(self.publish, game_id, revision)

    def _read_revisions(self, games: list[int]) -> dict[int, int]:
        if not games:
            return {}
        with self.engine.connect() as connection:
            # a reader's transaction (on SQLite a deferred, query-only one: the watcher's read
            # every WATCH_SECONDS never takes the write lock, issue #23's fourth round)
            connection.execution_options(**{ACCESS_OPTION: Access.READ})
            rows = connection.execute(
                select(GAME.c.id, GAME.c.revision).where(GAME.c.id.in_(games))
            )
            return {int(i): int(r) for i, r in rows}

    # ------------------------------------------------------------- the streams' side

    def watched(self, game_id: int | None) -> bool:
        """Whether a stream of this process watches the game now (from any thread)."""
        return game_id in self.watches

    def carrying(self, game_id: int | None) -> dict[int, Any]:
        """The carrying streams of the game in this process now, by stream (``Together``'s
        members: issue #23, table mode's sixteenth round, what a writer of this process builds
        the states of), a copy taken from any thread; none when no stream carries it."""
        watch = self.watches.get(game_id) if game_id is not None else None
        together = watch.together if watch is not None else None
        members: dict[int, Any] | None = getattr(together, "members", None)
        return dict(members) if members else {}

    @contextlib.asynccontextmanager
    async def watching(self, game_id: int, revision: int) -> AsyncIterator[Watch]:
        """The game's ``Watch`` while a stream holds it (the game's revision ``revision`` as
        the stream's own read found it); the last stream to leave ends the game's watcher."""
        watch = self.watches.get(game_id)
        if watch is None:
            watch = self.watches[game_id] = Watch(revision=revision)
        elif revision > watch.revision:
            self.publish(game_id, revision)
        watch.streams += 1
        if not self.postgres and watch.task is None:
            watch.task = asyncio.create_task(self._watch(game_id, watch))
        try:
            yield watch
        finally:
            watch.streams -= 1
            if watch.streams <= 0:
                self.watches.pop(game_id, None)
                if watch.task is not None:
                    watch.task.cancel()

    async def _watch(self, game_id: int, watch: Watch) -> None:
        """SQLite: the game's revision read every ``WATCH_SECONDS`` while it has streams."""
        while watch.streams > 0 and not self.stopping.is_set():
            try:
                found = await to_thread.run_sync(self._read_revisions, [game_id])
            except Exception:  # a busy or lost store: try again at the next tick
                log.warning("reading game %s's revision failed", game_id, exc_info=True)
                found = {}
            if game_id in found:
                self.publish(game_id, found[game_id])
            await asyncio.sleep(WATCH_SECONDS)

    # ------------------------------------------------------------- PostgreSQL

    def _conninfo(self) -> str:
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    async def _listen(self) -> None:
        """PostgreSQL: one listening connection for the process, opened again after a loss."""
        import psycopg  # lazy: postgresql

        while not self.stopping.is_set():
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo(), autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {NEWS_CHANNEL}")
                    self.listening.set()
                    # news sent while no connection listened: the watched games read again
                    found = await to_thread.run_sync(self._read_revisions, list(self.watches))
                    for game_id, revision in found.items():
                        self.publish(game_id, revision)
                    async for note in connection.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("the games' news connection was lost; opening it again", exc_info=True)
            self.listening.clear()
            await asyncio.sleep(RECONNECT_SECONDS)

    def _heard(self, payload: str) -> None:
        game, _, revision = payload.partition(":")
        if game.isdigit() and revision.isdigit():
            self.publish(int(game), int(revision))


class Ready:
    """The streams' states writers of this process built, by (store, game, revision), held
    before their unit of work commits (its news wakes the streams: they wait, ``take``), kept
    once it has committed, dropped if it did not (as ``ROUNDS`` and ``GAMES`` are: ``hold``,
    ``keep``, ``drop``). Waited for on the event loop, never in a thread. Each is taken once
    (the game's ``Together``, for all its streams), then forgotten; one nobody took (its
    streams gone, or woken by news that came before the hold) goes after ``size`` newer."""

    #: How long a stream waits for a held build before building its own.
    WAIT_SECONDS = 5.0

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, Prepared] = OrderedDict()
        self._held: dict[Hashable, list[tuple[asyncio.AbstractEventLoop, asyncio.Future[Any]]]] = {}

    def hold(self, key: Hashable) -> None:
        """``key`` is being built by a unit of work about to commit: ``take`` waits for it."""
        with self._lock:
            self._held.setdefault(key, [])

    def keep(self, key: Hashable, made: Prepared) -> None:
        """``key``'s unit of work committed: ``made`` to whoever waits, else kept for ``take``."""
        with self._lock:
            waiting = self._held.pop(key, [])
            if not waiting:
                self._kept[key] = made
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        _tell(waiting, made)

    def drop(self, key: Hashable) -> None:
        """``key``'s unit of work did not commit: whoever waits builds their own."""
        with self._lock:
            waiting = self._held.pop(key, [])
        _tell(waiting, None)

    async def take(self, key: Hashable) -> Prepared | None:
        """What was built for ``key``, once kept (``None``: nothing was, or it was dropped)."""
        loop = asyncio.get_running_loop()
        with self._lock:
            found = self._kept.pop(key, None)
            if found is not None or key not in self._held:
                return found
            future: asyncio.Future[Any] = loop.create_future()
            self._held[key].append((loop, future))
        try:
            made: Prepared | None = await asyncio.wait_for(future, self.WAIT_SECONDS)
        except TimeoutError:
            return None
        return made


def _tell(
    waiting: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[Any]]], made: Prepared | None
) -> None:
    for loop, future in waiting:
        if not loop.is_closed():
            loop.call_soon_threadsafe(_give, future, made)


def _give(future: asyncio.Future[Any], made: Prepared | None) -> None:
    if not future.done():
        future.set_result(made)


#: The streams' states built by this process's writers (``Ready``).
READY = Ready()
