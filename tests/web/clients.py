"""``open_client(db)``: the web app on a store, as a test's phone or browser talks to it (issue
#23, benchmarks/issue23.md "the suite, sixth round").

The client is started as a server starts the app (Starlette's ``TestClient`` entered: the app's
lifespan runs, and one event loop in a thread of its own answers every request of the client),
and closed when the test's call ends (``tests/web/conftest.py``: the lifespan's shutdown, the
app's engine disposed of), so no client outlives its test. A ``TestClient`` that is never
entered starts a thread and an event loop for each request, and never runs the lifespan: about
a millisecond and a half of processor time more per request than an entered one (the fifth
round's ``/login``: 4.1–4.8 ms against 2.9–3.0), over the thousands of requests of tests/web.

A client opened while no test of tests/web runs (a module's fixture, a test's teardown) is not
entered, as before."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from skirmish.web.app import create_app

__all__ = ["OpenedClients", "open_client"]


class OpenedClients:
    """The clients the running test opened, closed together when its call ends."""

    def __init__(self) -> None:
        self.stack: contextlib.ExitStack | None = None

    def start(self) -> None:
        self.stack = contextlib.ExitStack()

    def close(self) -> None:
        stack, self.stack = self.stack, None
        if stack is not None:
            stack.close()

    def enter(self, client: TestClient) -> TestClient:
        if self.stack is not None:
            self.stack.enter_context(client)
        return client


#: The running test's clients (``tests/web/conftest.py`` starts and closes them per test).
OPENED = OpenedClients()


def open_client(db: Path | str, base_url: str = "http://testserver") -> Any:
    """The app on the store ``db``, its answers' redirects not followed, open until the test's
    call ends."""
    return OPENED.enter(TestClient(create_app(str(db)), base_url=base_url, follow_redirects=False))
