"""The store suite runs on SQLite and on a real PostgreSQL server (``tests/conftest.py``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

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
