"""``skirmish campaign address`` (issue #13): show, set and clear the campaign's web address, in
both languages, with ``--json``; ``campaign show`` shows it; the log names it; a refusal is one
``Error:`` line that changes nothing; an export carrying the entry imports again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

URL = "https://saloon.example.org/"
NONE_EN = (
    "'West' has no web address: printed sheets carry no QR code. Set it with "
    "'skirmish campaign address https://…/'.\n"
)


@pytest.fixture
def west(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    return cli


def test_show_set_and_clear(west: Any) -> None:
    assert west.run("campaign", "address").stdout == NONE_EN
    assert west.json("campaign", "address") == {"campaign": "West", "web_address": None}
    said = west.run("campaign", "address", "https://Saloon.Example.org").stdout
    assert said == (
        f"'West' is at {URL}: printed rosters and cards carry a QR code to each gang's page "
        "there.\n"
    )
    assert west.run("campaign", "address", "--lang", "it").stdout == (
        f"'West' è a {URL}: le schede e le carte stampate portano un codice QR alla pagina di "
        "ogni banda.\n"
    )
    assert west.json("campaign", "address") == {"campaign": "West", "web_address": URL}
    assert west.json("campaign", "show")["web_address"] == URL
    assert f"Web address: {URL}" in west.run("campaign", "show").stdout
    assert west.json("campaign", "address", "--clear") == {"campaign": "West", "web_address": None}
    assert west.run("campaign", "address").stdout == NONE_EN
    assert "Indirizzo web: nessuno" in west.run("campaign", "show", "--lang", "it").stdout
    log = west.json("log")
    assert [e["action"] for e in log][-2:] == ["campaign-address", "campaign-address"]
    assert "web address cleared (was https://saloon.example.org/)" in west.run("log").stdout


def test_another_campaign_by_name(west: Any) -> None:
    west.run("campaign", "new", "East")
    west.run("campaign", "address", URL, "--campaign", "West")
    assert west.json("campaign", "address")["web_address"] is None
    assert west.json("campaign", "address", "--campaign", "west")["web_address"] == URL


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ["ftp://saloon.example.org/"],
            "'ftp://saloon.example.org/' is not a web address skirmish can print: it must start "
            "with https:// or http://. Give the address at which the club opens 'skirmish "
            "serve', like https://saloon.example.org/",
        ),
        ([URL, "--clear"], "give an address or --clear, not both."),
        (
            ["--campaign", "Nowhere"],
            None,  # the store's own message, with the nearest names
        ),
    ],
)
def test_refusals_are_one_line_and_change_nothing(
    west: Any, args: list[str], error: str | None
) -> None:
    west.run("campaign", "address", URL)
    if error is None:
        result = west.run("campaign", "address", *args, ok=False)
        assert result.exit_code == 1 and result.stderr.startswith("Error: ")
        assert "Nowhere" in result.stderr and "West" in result.stderr
        return
    west.refused("campaign", "address", *args, error=error)


def test_refusals_in_italian(west: Any) -> None:
    west.refused(
        "campaign", "address", "https://doc:pw@example.org/", "--lang", "it",
        error="'https://doc:pw@example.org/' non è un indirizzo web che skirmish possa stampare: "
        "non deve contenere un nome utente o una password (finirebbero stampati sulla carta). "
        "Indica l'indirizzo a cui il club apre 'skirmish serve', come https://saloon.example.org/",
    )  # fmt: skip
    west.refused(
        "campaign", "address", URL, "--clear", "--lang", "it",
        error="indica un indirizzo oppure --clear, non entrambi.",
    )  # fmt: skip


def test_an_export_with_the_entry_imports_again(west: Any, tmp_path: Path) -> None:
    west.run("campaign", "address", URL)
    west.run("campaign", "address", "--clear")
    path = tmp_path / "west.json"
    west.run("export", "--campaign", "West", "-o", str(path))
    west.run("import", str(path), "--campaign", "West 2")
    actions = [e["action"] for e in west.json("log", "--campaign", "West 2")]
    assert actions.count("campaign-address") == 2
