"""The web app's download of a gang's activation cards (issue #13): linked from the gang's page
and /print, the same HTML as ``skirmish print cards``, a PDF with backs on request, a QR code
when the campaign has a web address, and the roster's permissions (a hidden campaign is a 404,
an unknown gang a 404 naming the nearest)."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app as cli_app

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
CAMPAIGN, GANG = "Tombstone 1881", "Earp brothers"
CARDS = f"/c/{quote(CAMPAIGN)}/g/{quote(GANG)}/cards"


def cli(db: Path, *args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(
        cli_app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    path = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, path)
    return path


@pytest.fixture
def client(demo: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    with TestClient(create_app(str(demo))) as test_client:
        yield test_client


def test_the_gang_page_and_the_print_page_link_the_cards(client: Any) -> None:
    gang_page = client.get(f"/c/{quote(CAMPAIGN)}/g/{quote(GANG)}", params={"lang": "en"}).text
    assert f'href="{CARDS}.pdf"' in gang_page and f'href="{CARDS}.pdf?back=1"' in gang_page
    assert "Activation cards PDF" in gang_page
    page = client.get("/print", params={"lang": "it"}).text
    assert f"{CARDS}.pdf?lang=" in page and f"{CARDS}.html?lang=" in page


def test_the_html_is_the_clis(client: Any, demo: Path, tmp_path: Path) -> None:
    target = tmp_path / "cards.html"
    cli(demo, "print", "cards", GANG, "--campaign", CAMPAIGN, "--lang", "en", "-o", str(target))
    response = client.get(f"{CARDS}.html", params={"lang": "en"})
    assert response.status_code == 200
    assert response.text == target.read_text(encoding="utf-8")
    assert 'class="qr"' not in response.text  # the demo campaign has no web address


@pytest.mark.slow
def test_the_pdf_with_backs_and_a_qr_code(client: Any, demo: Path) -> None:
    from pypdf import PdfReader

    cli(demo, "campaign", "address", "https://saloon.example.org/", "--campaign", CAMPAIGN)
    html = client.get(f"{CARDS}.html").text
    assert html.count('class="qr"') == 4  # the Earps' four models
    response = client.get(f"{CARDS}.pdf", params={"back": "1", "lang": "it"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    assert "Carte%20di%20attivazione" in response.headers["content-disposition"]
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2  # the fronts, then their backs
    assert "Wyatt Earp" in reader.pages[0].extract_text()
    back = reader.pages[1].extract_text()
    assert GANG in back and "Wyatt" not in back
    again = client.get(f"{CARDS}.pdf", params={"back": "1", "lang": "it"},
                       headers={"If-None-Match": response.headers["etag"]})  # fmt: skip
    assert again.status_code == 304


def test_an_unknown_gang_is_a_404_naming_the_nearest(client: Any) -> None:
    response = client.get(f"/c/{quote(CAMPAIGN)}/g/Erp%20brothers/cards.pdf")
    assert response.status_code == 404
    assert f'href="/c/{quote(CAMPAIGN)}/g/{quote(GANG)}"' in response.text


def test_a_hidden_campaigns_cards_are_a_404(demo: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    cli(demo, "user", "add", "Wyatt", "--password-stdin", stdin="polvere e piombo\n")
    with TestClient(create_app(str(demo))) as web:
        for suffix in ("pdf", "html"):
            response = web.get(f"{CARDS}.{suffix}")
            assert response.status_code == 404 and "Wyatt Earp" not in response.text
