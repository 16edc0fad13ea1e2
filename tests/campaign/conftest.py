"""The store suite runs on SQLite and on a real PostgreSQL server (``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from skirmish.campaign import store


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'campaigns.db'}"
    url: str = request.getfixturevalue("postgres_database")
    return url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """An opened (migrated) store on ``db_url``."""
    opened = store.open_store(db_url)
    yield opened
    opened.dispose()
