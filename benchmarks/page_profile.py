"""Issue #23, third round: where one page's processor time goes, in one process and one thread.

``page_bench.py``'s store and reader (the demo campaign copied, a player owning the Earp
brothers, a live Duel) and the real app (``create_app``); the ASGI app is called directly, with
FastAPI's and anyio's thread-pool hops run in line so that cProfile sees the route, the guard,
SQLAlchemy and Jinja2 in the one thread it profiles. After 20 requests to warm up, PAGE
(``campaign``, ``gang``, ``json``, ``live``) is asked ``--requests`` times under cProfile and
the share of the request spent in each part is printed (the parts overlap: the reader's
session and the visible campaigns are ORM statements too); ``--out FILE`` keeps the profile
for ``pstats``. Shares, never timings, are what it reports; nothing is asserted.

Run: .venv/bin/python benchmarks/page_profile.py campaign [--requests 300] [--out FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import anyio.to_thread
import fastapi.dependencies.utils
import fastapi.routing
import starlette.concurrency
from page_bench import set_up
from web_bench import DEMO

PAGES = {
    "campaign": "campaign page",
    "gang": "gang page",
    "json": "gang JSON",
    "live": "live game page",
}
#: The parts reported: a name and which profiled functions (file, line, name) are it.
PARTS: dict[str, Callable[[tuple[str, int, str]], bool]] = {
    "Jinja2 rendering (Site.page)": lambda k: k[2] == "page" and k[0].endswith("web/site.py"),
    "statements through column_rows": lambda k: k[2] == "column_rows",
    "ORM statements (session.execute)": lambda k: (
        k[2] in ("execute", "exec") and k[0].endswith("sqlmodel/orm/session.py")
    ),
    "ORM lazy loads": lambda k: k[2] == "_emit_lazyload",
    # one statement since the fifth round (``find_session_and_campaigns``); else the two
    "the reader's session": lambda k: k[2] in ("find_session", "find_session_and_campaigns"),
    "the visible campaigns": lambda k: k[2] in ("visible_campaigns", "visible_among"),
    # the entries' texts: through ``entry_data`` (the API's log), or ``feed_rows`` (the pages')
    "the log's text (described)": lambda k: k[2] == "described",
    "the printed sheet's view": lambda k: k[2] == "roster_view",
    "the unit of work (begin, commit)": lambda k: k[2] == "transaction" and "store" in k[0],
}
ROUTES = ("campaign_page", "gang_page", "api_gang", "live_page")


async def _in_line(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return func(*args, **kwargs)


async def _in_line_anyio(func: Callable[..., Any], *args: Any, **_: Any) -> Any:
    return func(*args)


def _run_in_line() -> None:
    """FastAPI's and anyio's thread-pool hops run in the calling thread (cProfile sees one)."""
    for module in (starlette.concurrency, fastapi.routing, fastapi.dependencies.utils):
        if hasattr(module, "run_in_threadpool"):
            module.run_in_threadpool = _in_line  # type: ignore[attr-defined]
    anyio.to_thread.run_sync = _in_line_anyio  # type: ignore[assignment]


def shares(stats: pstats.Stats) -> list[tuple[str, float]]:
    """Each part's share of the requests (the app's outermost middleware is the whole)."""
    table: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    whole = max(v[3] for k, v in table.items() if k[2] == "__call__" and "web/site" in k[0])
    route = max((v[3] for k, v in table.items() if k[2] in ROUTES), default=whole)
    out = []
    for part, match in PARTS.items():
        out.append((part, sum(v[3] for k, v in table.items() if match(k)) / whole))
    out.append(("outside the route (ASGI stack, guard)", (whole - route) / whole))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", choices=sorted(PAGES))
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--out", help="keep the profile in this file")
    args = parser.parse_args()
    _run_in_line()
    from skirmish.web.app import create_app

    with tempfile.TemporaryDirectory(prefix="skirmish-profile-") as folder:
        shutil.copy(DEMO, Path(folder) / "campaigns.db")
        url = f"sqlite:///{folder}/campaigns.db"
        token, paths = set_up(url, 1)
        app = create_app(url)
        path, _, query = paths[PAGES[args.page]].partition("?")

        async def one() -> int:
            status: list[int] = []

            async def receive() -> dict[str, Any]:
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    status.append(message["status"])

            scope = {
                "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                "method": "GET", "scheme": "http", "path": unquote(path),
                "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
                "headers": [(b"host", b"127.0.0.1"), (b"cookie", f"session={token}".encode())],
                "client": ("127.0.0.1", 1234), "server": ("127.0.0.1", 80), "state": {},
                "app": app,
            }  # fmt: skip
            await app(scope, receive, send)
            return status[0]

        async def run() -> pstats.Stats:
            async with app.router.lifespan_context(app):
                for _ in range(20):
                    if await one() != 200:
                        raise SystemExit(f"{PAGES[args.page]}: not 200")
                profile = cProfile.Profile()
                profile.enable()
                for _ in range(args.requests):
                    await one()
                profile.disable()
            if args.out:
                profile.dump_stats(args.out)
            return pstats.Stats(profile)

        stats = asyncio.run(run())
        app.state.site.engine.dispose()
    print(f"{PAGES[args.page]}, {args.requests} requests, shares of the request (cProfile):")
    for part, share in shares(stats):
        print(f"  {part:<40} {share * 100:5.1f}%")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SKIRMISH_LANG", "en")
    sys.exit(main())
