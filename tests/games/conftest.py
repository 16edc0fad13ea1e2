"""Fixtures for the game tests: the base campaign built once, and a fresh copy per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import Cli, build_base, fresh, register_views
from .table_mode import Table, seat


@pytest.fixture(scope="session")
def base_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_views()
    return build_base(tmp_path_factory.mktemp("base"))


@pytest.fixture
def cli(base_db: Path, tmp_path: Path) -> Cli:
    return fresh(base_db, tmp_path)


@pytest.fixture
def table(cli: Cli) -> Iterator[Table]:
    """A game in progress on a store with accounts (table mode, issue #12)."""
    seated = seat(cli)
    yield seated
    seated.engine.dispose()
