"""The luck ledger's and the Gazette's pages on the club's PostgreSQL (issue #14): the demo
campaign imported there and the bank robbery of ``luck_games`` played on it read the same
through the pages, the API and the feed as through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote
from xml.etree import ElementTree

import pytest

from tests.web.luck_games import CAMPAIGN, DEMO, EARPS, GAME

pytestmark = pytest.mark.postgres

C, G = quote(CAMPAIGN, safe=""), quote(EARPS, safe="")


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, list(args), env={"SKIRMISH_LANG": "en"})
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def test_luck_and_gazette_on_postgresql(tmp_path: Path, postgres_migrated_database: str) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    _cli("export", "--campaign", CAMPAIGN, "-o", str(exported), "--db", str(DEMO))
    _cli("import", str(exported), "--db", url)
    for command in GAME:
        _cli(*command, "--db", url)
    with TestClient(create_app(url)) as client:
        for page, words in (
            (f"/c/{C}/luck?lang=en", "Typed in at the table"),
            (f"/c/{C}/g/{G}/luck?lang=en", "Wyatt Earp"),
            (f"/c/{C}/games/1/luck?lang=en", "By model"),
            (f"/c/{C}/gazette?lang=en", "The Frontier Gazette"),
            (f"/c/{C}/gazette?game=1&lang=en", "Special edition: game 1"),
        ):
            response = client.get(page)
            assert response.status_code == 200 and words in response.text, page
        for query, args in (("", ()), (f"?gang={G}", (EARPS,)), ("?game=1", ("--game", "1"))):
            shown = _cli("luck", *args, "--campaign", CAMPAIGN, "--json", "--db", url)
            got = client.get(f"/api/v1/campaigns/{C}/luck{query}")
            assert got.json() == json.loads(shown), query
        feed = ElementTree.fromstring(client.get(f"/c/{C}/gazette.atom").content)
        assert len(feed.findall("{http://www.w3.org/2005/Atom}entry")) == 2
