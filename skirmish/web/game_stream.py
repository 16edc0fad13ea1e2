"""One stream per game per phone (issue #23, part 1): ``GET /c/{campaign}/games/{game}/events``,
server-sent events that say the game's revision each time it moves on.

The route reads once, at the start, in a worker thread: the reader must be able to see the
game, by the same rules as the board (a campaign the reader may not see, or no such game: the
same 404 in words, and no stream). Then the stream is an async generator: while it waits it
holds no worker thread and no connection; it waits on the game's ``Watch`` of this process's
news (``web/game_news.py``), never on the database. It sends:

- ``event: revision`` with ``data: N`` at once (the revision the phone must have: a phone
  back from a hidden tab or a broken stream catches up at once), then at every new revision;
- a comment line (``: keep-alive``) every ``HEARTBEAT_SECONDS`` so proxies keep the connection open;
- ``retry: RETRY_MS`` first, how long the browser's ``EventSource`` waits before reconnecting.

A stream opened with ``?carry=`` (``board``, ``game``, ``round``, ``panels``: issue #23's fourth
and fifth rounds, ``web/game_state.py``) sends instead ``event: state`` with one line of JSON at
once and at every new revision: the revision and those parts as the reader may see them, built
once per key and shared, so the phone need not ask for them; it ends when its session no longer
names its reader or the reader may no longer see the game.

It ends when the phone goes away (Starlette cancels a streaming response on the client's
``http.disconnect``) and when the server shuts down (``GameNews.stopping``). The phone then
fetches the board as before (``…/board?rev=N``: 204/ETag while unchanged), so the rendered
board is the board route's, from its render cache (``web/game_render.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

from anyio import CapacityLimiter
from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from skirmish.web.game_live_view import find_live_game
from skirmish.web.game_news import READY, GameNews, Prepared, Watch
from skirmish.web.game_state import (
    Carried,
    Gone,
    fill_state,
    parts_of,
    ready_key,
    state_text,
    states_text,
)
from skirmish.web.site import SESSION_COOKIE, NotFound, Site, SiteDep, pick_lang, reader

#: A comment line this often keeps proxies from closing an idle stream.
HEARTBEAT_SECONDS = 15.0
#: How long a browser waits before opening a broken stream again (its ``retry:``).
RETRY_MS = 2000
#: How many carrying streams' states are built at once in a server process (issue #23, table
#: mode's seventh round: each change starts one per phone; the rest wait their turn, holding
#: no thread, so that the next action's unit of work is one of few runnable threads). Measured
#: side by side (docs/web.md): 2 halved the actions' p95 but pushed the other phone's update
#: past 250 ms; 4 cut the actions' p95 by a third and kept the update under it.
STATE_BUILDS = 4

router = APIRouter()


def _start(site: Site, campaign: str, game: str) -> tuple[int, int]:
    """The game's id and revision, read as the board reads them (``NotFound``: 404)."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_live_game(s, found, game)
        return int(g.id or 0), g.revision


def revision_event(revision: int) -> bytes:
    return f"event: revision\ndata: {revision}\n\n".encode()


def state_event(text: str) -> bytes:
    """A carrying stream's event (``web/game_state.py``): one line of JSON."""
    return f"event: state\ndata: {text}\n\n".encode()


#: A carrying stream's payload for the game's revision now: (that revision, the event's bytes);
#: its argument, the revision the news said (``None``: the stream's first state, at its opening).
Build = Callable[[int | None], Awaitable[tuple[int, bytes]]]
#: What ``states_text`` made for each stream: its (revision, payload), or what ends it.
Made = tuple[int, str] | Exception
#: Told each stream's ``Made`` as soon as it is made (by its place among the streams built).
Each = Callable[[int, Made], None]
#: The states of several streams built together (``states_text`` in a worker thread).
BuildAll = Callable[[list[Carried], Each | None], Awaitable[list[Made]]]
#: The states a writer of this process built of a revision (``READY``; ``None``: none).
Take = Callable[[int], Awaitable[Prepared | None]]


class Together:
    """The carrying streams of one game in this process (``Watch.together``), whose states of a
    new revision are built together (issue #23, table mode's twelfth round): the first stream
    the news wakes builds, in one READ unit of work (``states_text``), the state of every
    stream of the game that has had its first state and not yet that revision, and each takes
    its own as soon as it is made. A stream's first state is its own (``state_text``), as is the
    state of one that began after the build it would have shared. When the revision's writer
    was of this process, it built the streams' states in its unit of work (``take``, issue #23,
    table mode's sixteenth round): those streams take theirs, the others are built as above."""

    def __init__(self) -> None:
        self.members: dict[int, Carried] = {}  # by stream, while it runs
        self.sent: dict[int, int] = {}  # the revision each stream has sent
        #: the newest revision's build: its revision, and each of its streams' state to come
        self.flight: tuple[int, dict[int, asyncio.Future[Made]]] | None = None
        self._running: set[asyncio.Task[None]] = set()  # the builds under way, held

    async def state(
        self, stream: int, wanted: int, build: BuildAll, take: Take | None = None
    ) -> tuple[int, str]:
        """Stream ``stream``'s state of revision ``wanted`` (the news's), built with the others
        of that revision (or by its writer, ``take``); it raises what ends that stream alone."""
        flight = self.flight
        if flight is None or flight[0] < wanted:
            streams = [n for n in self.members if self.sent.get(n, wanted) < wanted or n == stream]
            loop = asyncio.get_running_loop()
            futures: dict[int, asyncio.Future[Made]] = {n: loop.create_future() for n in streams}
            for future in futures.values():
                future.add_done_callback(_seen)
            flight = self.flight = (wanted, futures)
            carried = [self.members[n] for n in streams]
            ready = take(wanted) if take is not None else None
            task = asyncio.ensure_future(
                _build_all(build, carried, list(futures.values()), streams, ready)
            )
            self._running.add(task)
            task.add_done_callback(self._running.discard)
        mine = flight[1].get(stream) if flight[0] == wanted else None
        if mine is not None:
            # shielded: a stream that goes away (cancelled) does not cancel the others' build
            made = await asyncio.shield(mine)
        else:  # it began after that build had set out
            made = (await build([self.members[stream]], None))[0]
        if isinstance(made, Exception):
            raise made
        self.sent[stream] = max(wanted, made[0])
        return made


async def _build_all(
    build: BuildAll,
    carried: list[Carried],
    futures: list[asyncio.Future[Made]],
    streams: list[int] | None = None,
    ready: Awaitable[Prepared | None] | None = None,
) -> None:
    """``build`` the streams' states, each future given its own as soon as it is made; a
    build that fails fails every stream still waiting. The states ``ready`` holds (their
    writer's, by stream) are given first and not built."""
    loop = asyncio.get_running_loop()
    made_ready = await ready if ready is not None else None
    if made_ready and streams is not None:
        rest = []
        for at, stream in enumerate(streams):
            if stream in made_ready:
                _settle(futures[at], made_ready[stream])
            else:
                rest.append(at)
        if not rest:
            return
        carried, futures = [carried[at] for at in rest], [futures[at] for at in rest]

    def each(at: int, made: Made) -> None:  # in the worker thread
        loop.call_soon_threadsafe(_settle, futures[at], made)

    try:
        made = await build(carried, each)
    except Exception as error:
        for future in futures:
            if not future.done():
                future.set_exception(error)
        return
    for future, one in zip(futures, made, strict=True):
        _settle(future, one)


def _settle(future: asyncio.Future[Made], made: Made) -> None:
    if not future.done():
        future.set_result(made)


def _seen(future: asyncio.Future[Made]) -> None:
    """A state nobody waits for any more (its stream gone) fails quietly, not as an exception
    never retrieved."""
    if not future.cancelled():
        future.exception()


async def events(
    news: GameNews, watch: Watch, heartbeat: float, build: Build | None = None
) -> AsyncIterator[bytes]:
    """The stream's lines, as long as the phone listens and the server runs; with ``build``,
    each new revision's ``state`` event instead of its ``revision`` event."""
    sent = watch.revision
    if build is None:
        first = revision_event(sent)
    else:
        read, first = await build(None)
        sent = max(sent, read)
    yield f"retry: {RETRY_MS}\n\n".encode() + first
    stopping = asyncio.ensure_future(news.stopping.wait())
    try:
        while not news.stopping.is_set():
            changed = watch.changed
            if watch.revision > sent:
                wanted = watch.revision
                if build is None:
                    sent = wanted
                    yield revision_event(sent)
                    continue
                read, chunk = await build(wanted)
                sent = max(wanted, read)
                yield chunk
                continue
            waiter = asyncio.ensure_future(changed.wait())
            done, _ = await asyncio.wait(
                {waiter, stopping}, timeout=heartbeat, return_when=asyncio.FIRST_COMPLETED
            )
            waiter.cancel()
            if not done:
                yield b": keep-alive\n\n"
    finally:
        stopping.cancel()


@router.get("/c/{campaign}/games/{game}/events", include_in_schema=False)
async def game_events(
    request: Request, campaign: str, game: str, site: SiteDep, carry: str = ""
) -> StreamingResponse:
    """The game's revisions as server-sent events (module docstring); with ``?carry=``, what
    the phone needs of each (``web/game_state.py``)."""
    game_id, revision = await run_in_threadpool(_start, site, campaign, game)
    news: GameNews = request.app.state.news
    heartbeat: float = getattr(request.app.state, "heartbeat", HEARTBEAT_SECONDS)
    parts = parts_of(carry)
    carried: Carried | None = None
    if parts:
        viewer, lang, token = reader(), pick_lang(request), request.cookies.get(SESSION_COOKIE)
        carried = Carried(request, viewer, token, campaign, game_id, lang, parts)
    csrf = request.state.csrf
    limiter: CapacityLimiter = request.app.state.state_builds

    async def take(wanted: int) -> Prepared | None:
        return await READY.take(ready_key(site, game_id, wanted))

    async def built(members: list[Carried], each: Each | None) -> list[Made]:
        async with limiter:  # a few at once: an action is not one of many runnable threads
            return await run_in_threadpool(states_text, site, members, each)

    async def stream() -> AsyncIterator[bytes]:
        async with news.watching(game_id, revision) as watch:
            build: Build | None = None
            if carried is not None:
                together = watch.together
                if not isinstance(together, Together):
                    together = watch.together = Together()
                me = id(carried)
                together.members[me] = carried

                async def carried_state(wanted: int | None) -> tuple[int, bytes]:
                    assert carried is not None and isinstance(together, Together)
                    if wanted is None:  # the stream's first state: its own
                        async with limiter:
                            read, text = await run_in_threadpool(state_text, site, carried)
                        together.sent[me] = read
                    else:
                        read, text = await together.state(me, wanted, built, take)
                    return read, state_event(fill_state(text, csrf))

                build = carried_state
            try:
                async for chunk in events(news, watch, heartbeat, build):
                    yield chunk
            except (Gone, NotFound):
                return  # the reader may no longer watch as they did: the phone opens it again
            finally:
                if carried is not None and isinstance(watch.together, Together):
                    watch.together.members.pop(id(carried), None)
                    watch.together.sent.pop(id(carried), None)

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
