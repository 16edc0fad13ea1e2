"""Issue #23, thirteenth round: the app's per-request machinery, timed piece by piece.

``page_bench.py``'s store and reader; the apps are called directly (ASGI, in one process, on one
event loop, their sync routes in anyio's worker threads as under uvicorn), each asked ``--batch``
times in a row, then the next, for ``--rounds`` rounds; one sample is the process's CPU time
(``time.process_time``: every thread) over a batch, divided by it. Reported: each variant's median
and least sample in ms a request. No profiler: these are timings, never asserted.

The variants, each the same work through a different stack:

- ``anchor, bare FastAPI`` and ``anchor in the app, matched first``/``… matched last``:
  ``page_anchor.py``'s route (20 rows by SQLAlchemy Core, a small template) in a bare FastAPI
  app, and in the real app as the first of its routes or after all of them (where
  ``page_anchor.py --in-app`` put it until this round);
- ``campaign page's route, constant answer``, bare FastAPI and the real app: the campaign page's
  address, path and query parameters answered by a route that only returns 20 kB of HTML (in
  the real app, its own route's handler swapped for that one): what reaching a page's route
  costs, its middlewares, ``guard``, dependencies and matching included;
- ``campaign page`` and ``gang page``: the pages themselves, for scale.

Beside them, each of the app's own ASGI middlewares around an app that answers at once
(µs a request, the least of five batches of 20,000).

Run: .venv/bin/python benchmarks/app_stack_bench.py [--rounds 7] [--batch 200]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import page_anchor
from common import header
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from page_bench import set_up
from web_bench import DEMO

from skirmish.web.site import SiteDep, identifies_reader

#: The constant answer of the "constant answer" variants: about a campaign page's size.
BODY = "x" * 20_000


def scope_of(path: str, token: str) -> dict[str, Any]:
    """A browser's GET of ``path`` as uvicorn hands it to the app: the reader's session and a
    CSRF cookie (as the browser holds one after its first page)."""
    path, _, query = path.partition("?")
    headers = [
        (b"host", b"127.0.0.1:8000"),
        (b"accept", b"text/html"),
        (b"accept-language", b"en-GB,en;q=0.9,it;q=0.8"),
        (b"cookie", f"session={token}; csrf={'c' * 43}".encode()),
    ]
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
        "scheme": "http", "path": unquote(path), "raw_path": path.encode(),
        "query_string": query.encode(), "root_path": "", "headers": headers,
        "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 8000),
    }  # fmt: skip


async def ask(app: Any, scope: dict[str, Any]) -> int:
    """One request; its status."""
    status: list[int] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])

    await app(dict(scope, state={}), receive, send)
    return status[0]


def constant_apps(url: str) -> tuple[FastAPI, FastAPI]:
    """The campaign page's address answered at once: by a bare FastAPI app, and by the real app
    through a route of the campaign page's address, parameters and ``guard``, placed just before
    the pages' own (the campaign page is the seventh route a request tries, this the sixth)."""
    from fastapi import Depends
    from fastapi.routing import APIRoute

    from skirmish.web.app import create_app, guard

    bare = FastAPI()

    @bare.get("/c/{campaign}", response_class=HTMLResponse)
    def bare_page(campaign: str, sort: str = "place") -> Response:
        return HTMLResponse(BODY)

    @identifies_reader  # its annotations are found in this module's names (FastAPI)
    def constant_page(
        request: Request, campaign: str, site: SiteDep, sort: str = "place"
    ) -> Response:
        return HTMLResponse(BODY)

    real = create_app(url)
    first_module = next(i for i, r in enumerate(real.router.routes) if not hasattr(r, "path"))
    route = APIRoute("/c/{campaign}", constant_page, response_class=HTMLResponse,
                     dependencies=[Depends(guard)], methods=["GET"])  # fmt: skip
    real.router.routes.insert(first_module, route)
    return bare, real


def middlewares() -> list[str]:
    """Each of the app's own ASGI middlewares around an app that answers at once."""
    from skirmish.web.headers import SecurityHeaders
    from skirmish.web.input_names import InputNaming
    from skirmish.web.site import NamesWithSlashes

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-length", b"20000"), (b"content-type", b"text/html; charset=utf-8")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b""})

    async def nothing(*_: Any) -> Any:
        return {}

    scope = {"type": "http", "method": "GET", "path": "/c/Tombstone 1881",
             "raw_path": b"/c/Tombstone%201881", "headers": []}  # fmt: skip
    apps: dict[str, Callable[..., Any]] = {
        "(none)": inner,
        "SecurityHeaders": SecurityHeaders(inner),
        "InputNaming": InputNaming(inner),
        "NamesWithSlashes": NamesWithSlashes(inner),
    }

    async def run() -> dict[str, float]:
        least = {}
        for name, app in apps.items():
            samples = []
            for _ in range(5):
                start = time.process_time()
                for _ in range(20_000):
                    await app(dict(scope), nothing, nothing)
                samples.append((time.process_time() - start) / 20_000 * 1e6)
            least[name] = min(samples)
        return least

    least = asyncio.run(run())
    none = least["(none)"]
    return [f"  {name:<18} {us:6.2f} µs (+{us - none:.2f})" for name, us in least.items()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--batch", type=int, default=200)
    args = parser.parse_args()
    from skirmish.web.app import create_app

    with tempfile.TemporaryDirectory(prefix="skirmish-stack-") as folder:
        shutil.copy(DEMO, Path(folder) / "campaigns.db")
        url = f"sqlite:///{folder}/campaigns.db"
        token, paths = set_up(url, 1)
        last = page_anchor.create_app(url, in_app=True)
        last.router.routes.append(last.router.routes.pop(0))  # where it was before this round
        bare, real = constant_apps(url)
        variants: dict[str, tuple[Any, str]] = {
            "anchor, bare FastAPI": (page_anchor.create_app(url), "/anchor"),
            "anchor in the app, matched first": (
                page_anchor.create_app(url, in_app=True),
                "/anchor",
            ),
            "anchor in the app, matched last": (last, "/anchor"),
            "constant answer, bare FastAPI": (bare, paths["campaign page"]),
            "constant answer, the app": (real, paths["campaign page"]),
            "campaign page": (create_app(url), paths["campaign page"]),
            "gang page": (create_app(url), paths["gang page"]),
        }
        scopes = {name: scope_of(path, token) for name, (_, path) in variants.items()}

        async def run() -> dict[str, list[float]]:
            samples: dict[str, list[float]] = {name: [] for name in variants}
            async with contextlib.AsyncExitStack() as stack:
                for app, _ in variants.values():
                    await stack.enter_async_context(app.router.lifespan_context(app))
                for name, (app, _) in variants.items():
                    for _ in range(30):  # warm: routes built, templates compiled
                        if await ask(app, scopes[name]) != 200:
                            raise SystemExit(f"{name}: not 200")
                for _ in range(args.rounds):
                    for name, (app, _) in variants.items():
                        start = time.process_time()
                        for _ in range(args.batch):
                            await ask(app, scopes[name])
                        samples[name].append((time.process_time() - start) / args.batch)
            return samples

        samples = asyncio.run(run())
        for app, _ in variants.values():
            if hasattr(app.state, "site"):
                app.state.site.engine.dispose()
    print(f"{header()} · load {os.getloadavg()[0]:.2f}")
    print(f"ms of CPU a request, median (least) of {args.rounds} batches of {args.batch}:")
    for name, values in samples.items():
        print(f"  {name:<34} {statistics.median(values) * 1000:6.3f} ({min(values) * 1000:.3f})")
    print("each middleware alone, µs a request (least of 5 batches of 20,000):")
    print("\n".join(middlewares()))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SKIRMISH_LANG", "en")
    sys.exit(main())
