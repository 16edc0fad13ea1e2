"""The store suite runs on SQLite and on a real PostgreSQL server (``tests/conftest.py``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from skirmish.campaign import store

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'campaigns.db'}"
    url: str = request.getfixturevalue("postgres_database")
    return url


@pytest.fixture(params=BACKENDS)
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An opened store with the current schema and no campaign yet, fresh for each test."""
    if request.param == "sqlite":
        path = tmp_path / "campaigns.db"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        url = f"sqlite:///{path}"
    else:
        url = request.getfixturevalue("postgres_migrated_database")
    opened = store.open_store(url)
    yield opened
    opened.dispose()


DEMO = Path(__file__).parents[2] / "campaigns.db.example"


def app_paths(routes: Any) -> Any:
    """Every (path, method) of an app, through the routers it includes."""
    for route in routes:
        included = getattr(route, "original_router", None)  # FastAPI's included router
        if included is not None:
            yield from app_paths(included.routes)
        for method in getattr(route, "methods", None) or ():
            yield route.path, method


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[set[Any], Any]]:
    """The web app's (path, method) pairs and its OpenAPI document, on a copy of the demo."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    db = tmp_path_factory.mktemp("routes") / "c.db"
    shutil.copyfile(DEMO, db)
    app = create_app(str(db))
    found = set(app_paths(app.routes))
    with TestClient(app) as client:
        yield found, client.get("/api/v1/openapi.json").json()
