"""Issue #23: a Core anchor for table mode's change, as ``page_anchor.py`` is the pages' anchor:
the least a change of this stack, served the same way, costs on this machine.

A minimal FastAPI + Jinja2 app with SQLAlchemy **Core** only, served as ``skirmish serve``
serves the app (``uvicorn`` in one process of its own, with ``serve.SERVER_OPTIONS``: its HTTP
parser and event loop left to uvicorn, which takes httptools and uvloop; a request log line
each; the app's ``THREADS`` worker threads and as many pooled connections), on a throw-away
PostgreSQL 15 started as ``table_bench.py`` starts one (``common.postgres``, loopback). Per game
two phones, each logged in (``POST /login``: a server-side session row and its CSRF token) and
each holding a server-sent-events stream open (``GET /c/{c}/games/{id}/events``: an async
generator that waits on the game's news, holding no worker thread while idle). A change
(``POST …/games/{id}/actions/move`` with ``X-CSRF-Token`` and ``Idempotency-Key``) is one
transaction: the session row read and its CSRF token checked, the game row locked ``FOR
UPDATE``, the key looked up (a key already kept answers its first answer again), the side's
turn checked, one event row inserted, the game's revision moved on (with ``pg_notify``, as the
app's ``capture._move_on`` does), the game's state read with one Core statement (the game and
its last 20 events) and the key kept with its answer; commit. Then the state is rendered once
(a Jinja2 fragment of the 20 rows, in one line of JSON) and handed to both phones' streams by
this process's news (in-process, as the app's ``GameNews._committed``; the process also
``LISTEN``\\s, as the app's does, for a change another process made: its state is then read and
rendered once by the first stream it wakes). The change answers a small JSON.

The phones are ``table_bench.py``'s (``Phone``, its timers, retries and double taps with the
same key, ``run_phase``, ``report``): here a phone's next move is simply its side's turn, which
alternates. The same phases as ``table_bench.py --think 0``: every game at once, unpaced, then
one game alone; the same timers (action: the POST's answer; update: the other phone's stream
bringing the change, counted from the answer) and the same processor times (the server's, the
PostgreSQL cluster's, this process's, per change). Afterwards the books must balance (each
game's revision = the changes its phones saw succeed = its events, each named once; each key
kept once; each phone saw revisions strictly increase). Timings are reported, never asserted.

Run: .venv/bin/python benchmarks/change_anchor.py [--seconds 60] [--games 10] [--workers 1]
                                                  [--url URL] [--no-append]
(``--url``: an empty PostgreSQL database to use instead of a throw-away server, as the tests do.)
The server alone: change_anchor.py --serve URL [--workers N] PORT
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sys
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import jinja2
import psycopg
import table_bench
import uvicorn
from anyio import to_thread
from common import postgres
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, StreamingResponse
from page_bench import serving
from pydantic import BaseModel
from sqlalchemy import (
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    func,
    insert,
    select,
    update,
)
from starlette.concurrency import run_in_threadpool
from table_bench import Phone, _games, publish, run_phase
from table_seen import Seen, _ms, report
from web_bench import PASSWORD, Player

from skirmish.cli.serve import SERVER_OPTIONS

HERE = Path(__file__).resolve().parent
#: The app's worker threads and pooled connections (``skirmish.web.app.THREADS``: the test
#: holds them equal; not imported, so that the anchor's server loads none of the app).
THREADS = 20
#: The news channel (the app's is ``capture.NEWS_CHANNEL``).
CHANNEL = "anchor_game"
#: The events a state shows, as the pages' anchor reads 20 rows.
ROWS = 20
HEARTBEAT_SECONDS = 15.0
#: The store's URL for the worker processes of ``--workers`` (``serve``).
URL_VARIABLE = "CHANGE_ANCHOR_URL"
SIDES = ("good", "bad")

# --------------------------------------------------------------------------- the store

META = MetaData()
ACCOUNT = Table(
    "account", META,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False, unique=True),
    Column("password", String(200), nullable=False),
)  # fmt: skip
WEB_SESSION = Table(
    "web_session", META,
    Column("token", String(64), primary_key=True),
    Column("user_id", ForeignKey("account.id"), nullable=False),
    Column("csrf", String(64), nullable=False),
)  # fmt: skip
GAME = Table(
    "game", META,
    Column("id", Integer, primary_key=True),
    Column("good_user", ForeignKey("account.id"), nullable=False),
    Column("bad_user", ForeignKey("account.id"), nullable=False),
    Column("revision", Integer, nullable=False, default=0),
    Column("next_side", String(4), nullable=False, default="good"),
)  # fmt: skip
GAME_EVENT = Table(
    "game_event", META,
    Column("id", Integer, primary_key=True),
    Column("game_id", ForeignKey("game.id"), nullable=False, index=True),
    Column("revision", Integer, nullable=False),
    Column("side", String(4), nullable=False),
    Column("member", String(40), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)  # fmt: skip
REQUEST_KEY = Table(
    "request_key", META,
    Column("key", String(80), primary_key=True),
    Column("user_id", ForeignKey("account.id"), nullable=False),
    Column("answer", Text, nullable=False),
)  # fmt: skip


def hash_password(password: str, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    return f"{salt.hex()}${digest.hex()}"


def password_matches(password: str, stored: str) -> bool:
    salt, _, _ = stored.partition("$")
    return hmac.compare_digest(hash_password(password, bytes.fromhex(salt)), stored)


def set_up(url: str, users: list[str], password: str) -> list[int]:
    """The tables, one account per name, a game for each two (the first good): their ids."""
    engine = create_engine(url)
    try:
        META.create_all(engine)
        with engine.begin() as connection:
            stored = hash_password(password)
            ids = [
                connection.execute(
                    insert(ACCOUNT).values(name=name, password=stored).returning(ACCOUNT.c.id)
                ).scalar_one()
                for name in users
            ]
            return [
                connection.execute(
                    insert(GAME).values(good_user=good, bad_user=bad).returning(GAME.c.id)
                ).scalar_one()
                for good, bad in zip(ids[::2], ids[1::2], strict=True)
            ]
    finally:
        engine.dispose()


#: The game's state: the game row and its last ``ROWS`` events, one statement.
STATE = (
    select(GAME.c.revision, GAME.c.next_side, GAME_EVENT.c.id,
           GAME_EVENT.c.revision.label("at_rev"), GAME_EVENT.c.side, GAME_EVENT.c.member,
           GAME_EVENT.c.at)
    .select_from(GAME.outerjoin(GAME_EVENT, GAME_EVENT.c.game_id == GAME.c.id))
    .where(GAME.c.id == bindparam("game"))
    .order_by(GAME_EVENT.c.id.desc().nulls_last())
    .limit(ROWS)
)  # fmt: skip

FRAGMENT = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined).from_string(
    """<section id="game-{{ game }}" data-revision="{{ revision }}"><h2>Turn {{ turn }}: \
{{ next }} to move</h2><ol>{% for row in rows %}<li data-event="{{ row.id }}">{{ row.at_rev }} \
{{ row.side }} {{ row.member }} <time>{{ row.at.isoformat() }}</time></li>{% endfor %}</ol>\
</section>"""
)


def state_event(game: int, rows: list[Any]) -> tuple[int, bytes]:
    """The game's state from ``STATE``'s rows, rendered once: (revision, the stream's event)."""
    revision, side = int(rows[0].revision), str(rows[0].next_side)
    turn = revision // 2 + 1
    events = [row for row in rows if row.id is not None]
    html = FRAGMENT.render(game=game, revision=revision, turn=turn, next=side, rows=events)
    state = {
        "revision": revision,
        "game": {"status": "in_progress", "turn": turn, "next": side},
        "round": {"round": turn, "phase": side},
        "html": html,
    }
    return revision, f"event: state\ndata: {json.dumps(state)}\n\n".encode()


# --------------------------------------------------------------------------- the news


@dataclass
class Watch:
    """A watched game in this process: its newest revision, that revision's event when
    rendered, and what its streams wait on (replaced at each change)."""

    revision: int
    chunk: bytes | None = None
    streams: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    building: asyncio.Future[tuple[int, bytes]] | None = None


class News:
    """This process's news of the games (the app's ``GameNews``, its PostgreSQL half)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.watches: dict[int, Watch] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listener: asyncio.Task[None] | None = None

    def publish(self, game: int, revision: int, chunk: bytes | None) -> None:
        """The game's revision is now ``revision`` (``chunk``: its rendered state, if made)."""
        watch = self.watches.get(game)
        if watch is None or revision < watch.revision:
            return
        if revision == watch.revision:
            if chunk is not None and watch.chunk is None:
                watch.chunk = chunk  # heard first by the LISTEN, then rendered here
            return
        watch.revision, watch.chunk, watch.building = revision, chunk, None
        watch.changed.set()
        watch.changed = asyncio.Event()

    def watch(self, game: int) -> Watch:
        """The game's watch, held by one more stream (``leave`` when it ends)."""
        watch = self.watches.get(game)
        if watch is None:
            watch = self.watches[game] = Watch(revision=-1)
        watch.streams += 1
        return watch

    def leave(self, game: int, watch: Watch) -> None:
        watch.streams -= 1
        if watch.streams <= 0 and self.watches.get(game) is watch:
            del self.watches[game]

    def told(self, game: int, revision: int, chunk: bytes) -> None:
        """From a worker thread: a change this process committed, rendered."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.publish, game, revision, chunk)

    async def listen(self) -> None:
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
            await connection.execute(f"LISTEN {CHANNEL}")
            async for note in connection.notifies():
                game, _, revision = note.payload.partition(":")
                self.publish(int(game), int(revision), None)

    def read_state(self, game: int) -> tuple[int, bytes]:
        with self.engine.connect() as connection:
            return state_event(game, list(connection.execute(STATE, {"game": game})))

    async def chunk(self, game: int, watch: Watch) -> tuple[int, bytes]:
        """The watched game's newest state: as rendered by its change, else read and rendered
        once (in a worker thread) for all its streams."""
        if watch.chunk is not None:
            return watch.revision, watch.chunk
        if watch.building is None:
            watch.building = asyncio.ensure_future(run_in_threadpool(self.read_state, game))
        return await asyncio.shield(watch.building)


# --------------------------------------------------------------------------- the app


class Refused(Exception):
    """A change or a stream refused: its HTTP status and why, answered as JSON."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status


def _reader(connection: Any, token: str | None) -> tuple[int, str]:
    """The session's user and CSRF token (403 without a session)."""
    found = connection.execute(
        select(WEB_SESSION.c.user_id, WEB_SESSION.c.csrf).where(
            WEB_SESSION.c.token == (token or "")
        )
    ).first()
    if found is None:
        raise Refused(403, "no session")
    return int(found.user_id), str(found.csrf)


def change(
    engine: Engine, news: News, game: int, member: str, token: str | None, csrf: str, key: str
) -> dict[str, Any]:
    """One change, one transaction (module docstring); then its state rendered and told."""
    with engine.begin() as connection:
        user, expected = _reader(connection, token)
        if not hmac.compare_digest(csrf, expected):
            raise Refused(403, "CSRF token")
        row = connection.execute(
            select(GAME.c.good_user, GAME.c.bad_user, GAME.c.revision, GAME.c.next_side)
            .where(GAME.c.id == game)
            .with_for_update()
        ).first()
        if row is None:
            raise Refused(404, "no such game")
        if user not in (row.good_user, row.bad_user):
            raise Refused(403, "not a player of this game")
        kept = connection.execute(
            select(REQUEST_KEY.c.answer).where(
                REQUEST_KEY.c.key == key, REQUEST_KEY.c.user_id == user
            )
        ).scalar()
        if kept is not None:
            return {**json.loads(kept), "replayed": True}
        side = "good" if user == row.good_user else "bad"
        if row.next_side != side:
            raise Refused(409, f"not {side}'s turn")
        revision = row.revision + 1
        event = connection.execute(
            insert(GAME_EVENT)
            .values(game_id=game, revision=revision, side=side, member=member)
            .returning(GAME_EVENT.c.id)
        ).scalar_one()
        connection.execute(
            update(GAME)
            .where(GAME.c.id == game)
            .values(revision=revision, next_side=SIDES[SIDES.index(side) - 1])
            .returning(func.pg_notify(CHANNEL, f"{game}:{revision}"))
        )
        rows = list(connection.execute(STATE, {"game": game}))
        answer = {"revision": revision, "events": [{"id": event}], "next": rows[0].next_side}
        connection.execute(insert(REQUEST_KEY).values(key=key, user_id=user,
                                                      answer=json.dumps(answer)))  # fmt: skip
    news.told(game, *state_event(game, rows))
    return answer


class Move(BaseModel):
    member: str


def create_app(url: str) -> FastAPI:
    engine = create_engine(url, pool_size=THREADS, max_overflow=THREADS)
    news = News(engine)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        to_thread.current_default_thread_limiter().total_tokens = THREADS
        news.loop = asyncio.get_running_loop()
        news.listener = asyncio.create_task(news.listen())
        try:
            yield
        finally:
            news.listener.cancel()
            engine.dispose()

    app = FastAPI(lifespan=lifespan)

    @app.exception_handler(Refused)
    async def refused(_: Request, error: Refused) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=error.status)

    @app.get("/login", response_class=HTMLResponse)
    async def login_form(request: Request) -> HTMLResponse:
        csrf = request.cookies.get("csrf") or secrets.token_urlsafe(24)
        page = HTMLResponse(
            '<form method="post"><input name="user"><input name="password" type="password">'
            f'<input type="hidden" name="csrf" value="{csrf}"></form>'
        )
        page.set_cookie("csrf", csrf, samesite="strict")
        return page

    def log_in(user: str, password: str) -> tuple[str, str]:
        with engine.begin() as connection:
            found = connection.execute(
                select(ACCOUNT.c.id, ACCOUNT.c.password).where(ACCOUNT.c.name == user)
            ).first()
            if found is None or not password_matches(password, found.password):
                raise Refused(403, "unknown user or wrong password")
            token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
            connection.execute(insert(WEB_SESSION).values(token=token, user_id=found.id,
                                                          csrf=csrf))  # fmt: skip
            return token, csrf

    @app.post("/login")
    async def login(request: Request) -> RedirectResponse:
        form = {k: v[0] for k, v in parse_qs((await request.body()).decode()).items()}
        if not hmac.compare_digest(form.get("csrf", ""), request.cookies.get("csrf", "-")):
            raise Refused(403, "CSRF token")
        token, csrf = await run_in_threadpool(
            log_in, form.get("user", ""), form.get("password", "")
        )
        answer = RedirectResponse("/", status_code=303)
        answer.set_cookie("session", token, httponly=True, samesite="lax")
        answer.set_cookie("csrf", csrf, samesite="strict")
        return answer

    @app.post("/api/v1/campaigns/{campaign}/games/{game}/actions/move")
    def move(game: int, body: Move, request: Request) -> dict[str, Any]:
        return change(
            engine, news, game, body.member, request.cookies.get("session"),
            request.headers.get("X-CSRF-Token", ""), request.headers.get("Idempotency-Key", ""),
        )  # fmt: skip

    def opening(game: int, token: str | None) -> tuple[int, bytes]:
        with engine.connect() as connection:
            user, _ = _reader(connection, token)
            rows = list(connection.execute(STATE, {"game": game}))
            players = connection.execute(
                select(GAME.c.good_user, GAME.c.bad_user).where(GAME.c.id == game)
            ).first()
        if players is None or user not in players:
            raise Refused(404, "no such game")
        return state_event(game, rows)

    @app.get("/c/{campaign}/games/{game}/events")
    async def events(game: int, request: Request) -> StreamingResponse:
        # The stream holds the game's watch before its first read: news committed after that
        # read wakes it, news before is in it (a watch made after the read would miss a change
        # committed in between, and one left by a stream ending as this one opens is not lost).
        watch = news.watch(game)
        try:
            revision, first = await run_in_threadpool(opening, game, request.cookies.get("session"))
        except BaseException:
            news.leave(game, watch)
            raise
        news.publish(game, revision, first)

        async def stream() -> AsyncIterator[bytes]:
            sent = revision
            try:
                yield b"retry: 2000\n\n" + first
                while True:
                    if watch.revision > sent:
                        sent, chunk = await news.chunk(game, watch)
                        yield chunk
                        continue
                    try:
                        await asyncio.wait_for(watch.changed.wait(), HEARTBEAT_SECONDS)
                    except TimeoutError:
                        yield b": keep-alive\n\n"
            finally:
                news.leave(game, watch)

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
        )

    return app


def serve(url: str, port: int, workers: int = 1) -> None:
    """The anchor's server, as ``skirmish serve [--workers N]`` serves the app: with several
    worker processes, each builds its own app from the URL in the environment (``from_env``);
    a change made in one reaches the streams of the others by the LISTEN."""
    if workers == 1:
        uvicorn.run(create_app(url), host="127.0.0.1", port=port, **SERVER_OPTIONS)  # type: ignore[arg-type]
        return
    os.environ[URL_VARIABLE] = url
    uvicorn.run(
        "change_anchor:from_env", factory=True, workers=workers, host="127.0.0.1", port=port,
        **SERVER_OPTIONS,  # type: ignore[arg-type]
    )  # fmt: skip


def from_env() -> FastAPI:
    return create_app(os.environ[URL_VARIABLE])


# --------------------------------------------------------------------------- the phones


class AnchorPhone(Phone):
    """``table_bench.py``'s phone whose player moves whenever it is its side's turn."""

    def next_move(self) -> tuple[str, str, dict[str, Any]] | None:
        if self.status.get("next") != self.side:
            return None
        return "move", f"{self.api}/actions/move", {"member": self.player.user}


def check_books(url: str, games: list[int], phases: list[Seen]) -> list[str]:
    """Every problem with the games (module docstring); empty when the books balance."""
    problems = [f"a retry answered otherwise: {m}" for seen in phases for m in seen.mismatched]
    for seen in phases:
        for (game, side), shown in seen.revisions.items():
            numbers = [revision for _, revision in shown]
            if any(b <= a for a, b in zip(numbers, numbers[1:], strict=False)):
                problems.append(f"game {game}, {side}'s phone: revisions {numbers[:30]} …")
    acts = [act for seen in phases for act in seen.acts]
    problems += [f"key {k} answered as {n} changes"
                 for k, n in Counter(a.key for a in acts).items() if n > 1]  # fmt: skip
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            kept = {row.key for row in connection.execute(select(REQUEST_KEY.c.key))}
            problems += [f"key {a.key} was not kept" for a in acts if a.key not in kept]
            for game in games:
                revision = connection.execute(
                    select(GAME.c.revision).where(GAME.c.id == game)
                ).scalar_one()
                events = [row.id for row in connection.execute(
                    select(GAME_EVENT.c.id).where(GAME_EVENT.c.game_id == game))]  # fmt: skip
                mine = [a for a in acts if a.game == game]
                named = sorted(e["id"] for a in mine for e in a.body["events"])
                if not revision == len(mine) == len(events):
                    problems.append(f"game {game}: revision {revision} after {len(mine)} "
                                    f"changes seen, {len(events)} events")  # fmt: skip
                if named != sorted(events):
                    problems.append(f"game {game}: the answers named {named[:10]} …, the game "
                                    f"holds {sorted(events)[:10]} …")  # fmt: skip
    finally:
        engine.dispose()
    return problems


@contextlib.contextmanager
def store(url: str | None) -> Iterator[str]:
    if url:
        yield url
    else:
        with postgres("changeanchor") as made:
            yield made


def bench(options: argparse.Namespace) -> int:
    users = [f"player{number:02}" for number in range(1, 2 * options.games + 1)]
    with store(options.url) as url:
        games = set_up(url, users, PASSWORD)
        argv = [sys.executable, str(Path(__file__).resolve()), "--serve", url]
        argv += ["--workers", str(options.workers)] if options.workers > 1 else []
        with serving(argv, "/login") as (base, pid):
            pairs = []
            for number, game in enumerate(games):
                across = table_bench.Table()
                good, bad = (
                    AnchorPhone(base, Player(users[2 * number + i], 0, "", 0, 0), side, across)
                    for i, side in enumerate(SIDES)
                )
                for phone in (good, bad):
                    phone.game = game
                    phone.log_in()
                pairs.append((good, bad))
            short = max(options.seconds / 3, 1.0)
            phases = [
                (_games(options.games), run_phase(pairs, options.seconds, pid, url)),
                ("1 game alone", run_phase(pairs[:1], short, pid, url)),
            ]
            for good, bad in pairs:
                good.http.close()
                bad.http.close()
        problems = check_books(url, games, [seen for _, seen in phases])
    table, action_p95, update_p95 = report("postgresql", phases, options.workers)
    table = table.replace("(skirmish serve, ", "(change_anchor.py, ", 1)
    table += (
        f"\nanchor with {_games(options.games)} at once: action p95 {_ms(action_p95)} ms, update "
        f"p95 {_ms(update_p95)} ms; books "
        + ("balance" if not problems else f"DO NOT balance ({len(problems)} problems)")
    )
    return publish(table, phases, problems, script="change_anchor.py", append=not options.no_append)


def main() -> int:
    if sys.argv[1:2] == ["--serve"]:  # --serve URL [--workers N] PORT
        workers = int(sys.argv[4]) if sys.argv[3:4] == ["--workers"] else 1
        serve(sys.argv[2], int(sys.argv[-1]), workers)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the full load's length")
    parser.add_argument("--games", type=int, default=10, help="games at once, 2 phones each")
    parser.add_argument("--workers", type=int, default=1, help="server processes (uvicorn's)")
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throw-away one)")
    parser.add_argument("--no-append", action="store_true", help="do not add to results.txt")
    options = parser.parse_args()
    if options.games < 1 or options.seconds <= 0 or options.workers < 1:
        parser.error("--games, --seconds and --workers must be positive")
    return bench(options)


if __name__ == "__main__":
    sys.exit(main())
