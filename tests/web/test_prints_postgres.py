"""The printed sheets' downloads on the club's PostgreSQL (issue #11): the demo campaign imported
there prints the same roster and campaign PDFs from the web as ``skirmish print`` does, and a
change made with the CLI is a new PDF at once."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

CAMPAIGN, GANG = "Tombstone 1881", "Earp brothers"
C, G = quote(CAMPAIGN), quote(GANG)


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, list(args), env={"SKIRMISH_LANG": "en"})
    assert result.exit_code == 0, (args, result.output)
    return result


def test_the_sheets_on_postgresql(
    demo: Path, tmp_path: Path, postgres_migrated_database: str
) -> None:
    from fastapi.testclient import TestClient
    from pypdf import PdfReader

    from skirmish.web.app import create_app

    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    _cli("export", "--campaign", CAMPAIGN, "-o", str(exported), "--db", str(demo))
    _cli("import", str(exported), "--db", url)
    with TestClient(create_app(url)) as client:
        for address, args in (
            (f"/c/{C}/g/{G}/roster.pdf?lang=en", ["roster", GANG, "--lang", "en"]),
            (f"/c/{C}/campaign.pdf?lang=it", ["campaign"]),
        ):
            target = tmp_path / "sheet.pdf"
            _cli("print", *args, "--campaign", CAMPAIGN, "-o", str(target), "--db", url)
            response = client.get(address)
            assert response.status_code == 200
            assert response.content == target.read_bytes(), address

        roster = f"/c/{C}/g/{G}/roster.pdf?lang=en"
        before = client.get(roster).content
        _cli("member", "rename", GANG, "Wyatt Earp", "Wyatt B. S. Earp", "--campaign", CAMPAIGN,
             "--db", url)  # fmt: skip
        after = client.get(roster).content
        assert after != before
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(after)).pages)
        assert "Wyatt B. S. Earp" in text
