"""``open_client`` (tests/web/clients.py, issue #23): a test's client runs the app as a server
does (its lifespan), answers all its requests from one event loop, and is closed with the
test's other clients when the test's call ends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio.from_thread
import pytest

from tests.web.clients import OPENED, OpenedClients, open_client


@pytest.fixture
def portals(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per event loop started for a client (Starlette's blocking portal)."""
    started: list[int] = []
    real = anyio.from_thread.start_blocking_portal

    def counted(*args: Any, **kwargs: Any) -> Any:
        started.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(anyio.from_thread, "start_blocking_portal", counted)
    return started


def test_a_tests_client_answers_every_request_from_one_event_loop(
    demo: Path, portals: list[int]
) -> None:
    client = open_client(demo)
    assert portals == [1]  # started once, when the client was opened
    for path in ("/", "/login", "/scenarios", "/"):
        assert client.get(path).status_code == 200
    assert portals == [1]
    assert client.portal is not None


def test_a_tests_client_has_run_the_apps_lifespan(demo: Path) -> None:
    client = open_client(demo)
    assert hasattr(client.app.state, "state_builds")  # set by create_app's lifespan only


def test_the_opened_clients_are_closed_together(demo: Path, portals: list[int]) -> None:
    opened = OpenedClients()
    opened.start()
    clients = [opened.enter(open_unentered(demo)) for _ in range(2)]
    assert all(client.portal is not None for client in clients)
    opened.close()
    assert all(client.portal is None for client in clients)  # lifespans shut down
    assert portals == [1, 1]
    opened.close()  # closing again does nothing


def test_outside_a_test_a_client_is_not_entered(demo: Path) -> None:
    """A client opened while no test of tests/web runs (a module's fixture) stays as
    Starlette's ``TestClient`` leaves it."""
    closed = OpenedClients()  # never started
    client = closed.enter(open_unentered(demo))
    assert client.portal is None
    assert client.get("/").status_code == 200
    assert OPENED.stack is not None  # this test's own clients are being kept


def open_unentered(db: Path) -> Any:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    return TestClient(create_app(str(db)), follow_redirects=False)
