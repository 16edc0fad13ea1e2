"""The live game on the club's PostgreSQL (issue #12): a game started from the form, the board
answered 204 until the CLI changes the game on the same store, a new turn from the phone with
its idempotency key acting once, and the API equal to ``game status --json``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.postgres

CAMPAIGN = "Tombstone 1881"
LIVE = f"/c/{quote(CAMPAIGN)}/games/1"


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, list(args), env={"SKIRMISH_LANG": ""})
    assert result.exit_code == 0, (args, result.output)
    return result


def _status(url: str) -> Any:
    shown = _cli("game", "status", "--campaign", CAMPAIGN, "--json", "--db", url)
    return json.loads(shown.stdout)


def test_the_live_game_on_postgresql(
    demo: Path, tmp_path: Path, postgres_migrated_database: str
) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    _cli("export", "--campaign", CAMPAIGN, "-o", str(exported), "--db", str(demo))
    _cli("import", str(exported), "--db", url)
    with TestClient(create_app(url), follow_redirects=False) as web:
        web.get("/")
        csrf = web.cookies.get("csrf")
        started = web.post(
            f"/c/{quote(CAMPAIGN)}/games/new",
            data={"csrf": csrf, "scenario": "bank-robbery", "good": "Earp brothers",
                  "bad": "Clanton gang"},
        )  # fmt: skip
        assert started.status_code == 303 and started.headers["location"] == LIVE
        page = web.get(LIVE).text
        rev = int(re.search(r'data-revision="(\d+)"', page).group(1))  # type: ignore[union-attr]
        assert web.get(f"{LIVE}/board?rev={rev}").status_code == 204
        _cli("game", "turn", "--campaign", CAMPAIGN, "--db", url)
        board = web.get(f"{LIVE}/board?rev={rev}")
        assert board.status_code == 200 and "Wyatt Earp" in board.text
        rev = int(re.search(r'data-revision="(\d+)"', board.text).group(1))  # type: ignore[union-attr]
        fields = {"csrf": csrf, "revision": str(rev), "key": "pg-phone-turn-2"}
        assert web.post(f"{LIVE}/turn", data=fields).status_code == 303
        assert web.post(f"{LIVE}/turn", data=fields).status_code == 303  # the same tap again
        status = _status(url)
        assert status["turn"] == 2
        assert web.get(f"/api/v1/campaigns/{quote(CAMPAIGN)}/games/1").json() == status
        assert web.get(f"{LIVE}/board?rev={rev}").status_code == 200
