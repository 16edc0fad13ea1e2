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

It ends when the phone goes away (Starlette cancels a streaming response on the client's
``http.disconnect``) and when the server shuts down (``GameNews.stopping``). The phone then
fetches the board as before (``…/board?rev=N``: 204/ETag while unchanged), so the rendered
board is the board route's, from its render cache (``web/game_render.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from skirmish.web.game_live_view import find_live_game
from skirmish.web.game_news import GameNews, Watch
from skirmish.web.site import Site, SiteDep

#: A comment line this often keeps proxies from closing an idle stream.
HEARTBEAT_SECONDS = 15.0
#: How long a browser waits before opening a broken stream again (its ``retry:``).
RETRY_MS = 2000

router = APIRouter()


def _start(site: Site, campaign: str, game: str) -> tuple[int, int]:
    """The game's id and revision, read as the board reads them (``NotFound``: 404)."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_live_game(s, found, game)
        return int(g.id or 0), g.revision


def revision_event(revision: int) -> bytes:
    return f"event: revision\ndata: {revision}\n\n".encode()


async def events(news: GameNews, watch: Watch, heartbeat: float) -> AsyncIterator[bytes]:
    """The stream's lines, as long as the phone listens and the server runs."""
    sent = watch.revision
    yield f"retry: {RETRY_MS}\n\n".encode() + revision_event(sent)
    stopping = asyncio.ensure_future(news.stopping.wait())
    try:
        while not news.stopping.is_set():
            changed = watch.changed
            if watch.revision > sent:
                sent = watch.revision
                yield revision_event(sent)
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
    request: Request, campaign: str, game: str, site: SiteDep
) -> StreamingResponse:
    """The game's revisions as server-sent events (module docstring)."""
    game_id, revision = await run_in_threadpool(_start, site, campaign, game)
    news: GameNews = request.app.state.news
    heartbeat: float = getattr(request.app.state, "heartbeat", HEARTBEAT_SECONDS)

    async def stream() -> AsyncIterator[bytes]:
        async with news.watching(game_id, revision) as watch:
            async for chunk in events(news, watch, heartbeat):
                yield chunk

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
