"""``skirmish gazette`` (issue #14): the Frontier Gazette written as PDF or one self-contained
HTML file, Italian by default, about the campaign or one finished game; its refusals are one
``Error:`` line in both languages; loading the command is light.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from tests.games.gazette_play import played_campaign
from tests.games.harness import Cli

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns.db.example"
runner = CliRunner()


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    target = tmp_path_factory.mktemp("gazette-cli") / "example.db"
    shutil.copyfile(EXAMPLE, target)
    return Cli(target)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    """The Gazette's played campaign (three finished games, Frank dead), and a fourth game
    still being played."""
    cli = played_campaign(tmp_path_factory.mktemp("gazette-cli-played"))
    cli.run("game", "start", "duel", "Earps", "Clantons")
    return cli


def test_the_html_is_one_italian_file_with_its_fonts(example: Cli, tmp_path: Path) -> None:
    target = tmp_path / "gazzetta.html"
    out = example.run("gazette", "-o", str(target))
    assert out.strip() in (f"Wrote {target} (HTML).", f"Scritto {target} (HTML).")
    html = target.read_text("utf-8")
    assert "La Gazzetta della Frontiera" in html and 'lang="it"' in html
    assert "Ike Clanton" in html and "Ricercato" in html  # the outlaws' boss: a bounty (H-09)
    assert html.count("data:font/ttf;base64,") == 5 and 'url("fonts/' not in html


def test_english_and_an_issue_about_one_game(played: Cli, tmp_path: Path) -> None:
    target = tmp_path / "gazette.htm"
    played.run("gazette", "--game", "1", "--lang", "en", "-o", str(target))
    html = target.read_text("utf-8")
    assert "The Frontier Gazette" in html and "Special edition: game 1" in html
    assert "Bank robbery" in html and "Frank (Clantons)" in html and "Obituaries" in html


@pytest.mark.slow
def test_the_pdf_is_written_and_counted(played: Cli, tmp_path: Path) -> None:
    target = tmp_path / "gazzetta.pdf"
    out = played.run("gazette", "-o", str(target))
    assert out.strip() in (f"Wrote {target} (1 page).", f"Scritto {target} (1 pagina).")
    assert target.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("args", "english", "italian"),
    [
        (["-o", "gazette.txt"], "cannot tell what to write", "non so che cosa scrivere"),
        (["--format", "pdf", "-o", "g.html"], "does not match", "non corrisponde"),
        (
            ["--game", "7", "-o", "g.html"],
            "no game 7; its games: 1, 2, 3, 4",
            "non ha una partita 7",
        ),
        (["--game", "4", "-o", "g.html"], "game 4 has not ended yet", "non è ancora finita"),
        (["--campaign", "Tset", "-o", "g.html"], "Test", "Test"),
    ],
)
def test_refusals_are_one_line_in_both_languages(
    played: Cli, tmp_path: Path, args: list[str], english: str, italian: str
) -> None:
    for lang, expected in (("en", english), ("it", italian)):
        result = runner.invoke(
            app,
            ["gazette", *args, "--db", str(played.db)],
            env={"SKIRMISH_LANG": lang},
        )
        assert result.exit_code == 1, result.stdout
        lines = result.stderr.strip().splitlines()
        prefix = "Errore: " if lang == "it" else "Error: "
        assert len(lines) == 1 and lines[0].startswith(prefix), result.stderr
        assert expected in lines[0], lines[0]
    assert not (tmp_path / "g.html").exists()


def test_loading_the_command_is_light() -> None:
    code = (
        "import sys, skirmish.cli.gazette; "
        "print(sorted(m for m in ('weasyprint', 'jinja2', 'sqlmodel') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
