"""Fixtures for the game tests: the base campaign built once, and a fresh copy per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import Cli, build_base, fresh, register_views


@pytest.fixture(scope="session")
def base_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_views()
    return build_base(tmp_path_factory.mktemp("base"))


@pytest.fixture
def cli(base_db: Path, tmp_path: Path) -> Cli:
    return fresh(base_db, tmp_path)
