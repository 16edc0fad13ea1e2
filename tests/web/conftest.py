"""The web app on a copy of the demo store (``campaigns.db.example``), and the CLI on the same
file to compare against."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A fresh copy of the demo campaign's database."""
    path = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, path)
    return path


@pytest.fixture(scope="session")
def _prepared_stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The stores ``prepared`` has built in this test process, by the builder's name."""
    return {}


@pytest.fixture
def prepared(
    demo: Path, tmp_path_factory: pytest.TempPathFactory, _prepared_stores: dict[str, Path]
) -> Callable[[Callable[[Path], object]], Path]:
    """``prepared(build)``: the demo copy as ``build(path)`` leaves it (accounts made, a game
    played… through the CLI), built once per test process and copied for each test. Each test
    still gets its own file, byte for byte what ``build`` would have made of the demo (a builder
    must not depend on the test: it is called once, with another path); the suite stops paying
    for the same CLI commands and password hashes test after test."""

    def make(build: Callable[[Path], object]) -> Path:
        key = f"{build.__module__}.{build.__qualname__}"
        built = _prepared_stores.get(key)
        if built is None:
            built = tmp_path_factory.mktemp("prepared") / "campaigns.db"
            shutil.copyfile(DEMO, built)
            build(built)
            _prepared_stores[key] = built
        shutil.copyfile(built, demo)
        return demo

    return make


@pytest.fixture
def client(demo: Path) -> Iterator[Any]:
    """FastAPI's test client on the demo copy."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    with TestClient(create_app(str(demo))) as test_client:
        yield test_client


@pytest.fixture
def cli_json(demo: Path) -> Callable[..., Any]:
    """What ``skirmish ARGS --json`` prints (on the demo copy, for the store's commands), parsed."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    def run(*args: str) -> Any:
        store = [] if args[0] in ("scenario", "rules") else ["--db", str(demo)]
        result = CliRunner().invoke(app, [*args, "--json", *store], env={"SKIRMISH_LANG": ""})
        assert result.exit_code == 0, (args, result.output)
        return json.loads(result.stdout)

    return run


@pytest.fixture
def table(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    """A store with a Duel between two players' gangs, each player logged in on a phone
    (``test_game_activation.make_table``), prepared once per test process and copied."""
    from tests.web.test_game_activation import make_table

    return prepared(make_table)


@pytest.fixture
def server(table: Path) -> Iterator[Any]:
    """The app on ``table``, served by uvicorn on a free loopback port in a thread
    (``test_game_stream.Running``), stopped afterwards."""
    from tests.web.test_game_stream import Running

    running = Running(table)
    try:
        yield running
    finally:
        running.stop()
