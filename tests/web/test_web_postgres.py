"""The web app on the club's PostgreSQL (issue #11): the demo campaign imported there reads the
same through the pages and the API as through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.postgres

C, G, M = quote("Tombstone 1881"), quote("Earp brothers"), quote("Wyatt Earp")


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, list(args), env={"SKIRMISH_LANG": ""})
    assert result.exit_code == 0, (args, result.output)
    return result


def test_pages_and_api_on_postgresql(
    demo: Path, tmp_path: Path, postgres_migrated_database: str
) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    _cli("export", "--campaign", "Tombstone 1881", "-o", str(exported), "--db", str(demo))
    _cli("import", str(exported), "--db", url)
    client = TestClient(create_app(url))
    for page, word in (
        ("/", "Tombstone 1881"),
        (f"/c/{C}?sort=treasury", "Clanton gang"),
        (f"/c/{C}/g/{G}", "Six-shooter"),
        (f"/c/{C}/g/{G}/m/{M}", "Sheriff of Earp brothers"),
    ):
        response = client.get(page)
        assert response.status_code == 200 and word in response.text, page
    missing = client.get(f"/c/{C}/g/Erps")
    assert missing.status_code == 404 and f'href="/c/{C}/g/{G}"' in missing.text
    for api, command in (
        (f"/api/v1/campaigns/{C}/gangs/{G}", ["gang", "show", "Earp brothers"]),
        (f"/api/v1/campaigns/{C}/standings", ["campaign", "standings"]),
        (
            f"/api/v1/campaigns/{C}/gangs/{G}/models/{M}",
            ["member", "history", "Earp brothers", "Wyatt Earp"],
        ),
        (f"/api/v1/campaigns/{C}/log", ["log"]),
    ):
        shown = _cli(*command, "--campaign", "Tombstone 1881", "--json", "--db", url)
        assert client.get(api).json() == json.loads(shown.stdout)
