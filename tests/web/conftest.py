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
