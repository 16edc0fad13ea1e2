"""``skirmish print``: files written, formats, languages, one-line errors, a light import."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.resources import templates_dir

runner = CliRunner()


def test_blank_as_html_from_the_suffix(tmp_path: Path) -> None:
    target = tmp_path / "scheda.html"
    result = runner.invoke(app, ["print", "blank", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"Wrote {target} (HTML)."
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Tipo banda" in html  # Italian by default


def test_format_option_must_match_the_suffix(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    result = runner.invoke(
        app, ["print", "scenario", "duel", "--format", "html", "--lang", "en", "-o", str(target)]
    )
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        f"Error: --format html does not match {str(target)!r}: name the file *.html or drop "
        "--format.\n"
    )
    assert not target.exists()
    html_target = tmp_path / "sheet.HTM"
    result = runner.invoke(
        app,
        ["print", "scenario", "duel", "--format", "html", "--lang", "en", "-o", str(html_target)],
    )
    assert result.exit_code == 0, result.output
    html = html_target.read_text(encoding="utf-8")
    assert "Duel" in html and "Victory conditions" in html


@pytest.mark.parametrize("name", ["sheet.txt", "sheet", "sheet.pdf.bak", "sheet.png"])
def test_an_unknown_suffix_is_an_error_not_a_pdf(tmp_path: Path, name: str) -> None:
    """Issue #13: a file is never written under a name that says it is something else."""
    target = tmp_path / name
    result = runner.invoke(app, ["print", "blank", "-o", str(target)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"Error: cannot tell what to write to {str(target)!r} (")
    assert result.stderr.endswith("end the file name in .pdf, .html or .htm.\n")
    assert result.stderr.count("\n") == 1
    assert not target.exists()
    italian = runner.invoke(app, ["print", "blank", "-o", str(target)], env={"SKIRMISH_LANG": "it"})
    assert italian.stderr.startswith("Errore: non so che cosa scrivere in ")


def test_html_is_self_contained(tmp_path: Path) -> None:
    """Issue #13: the HTML file embeds its fonts, so it opens anywhere: no URL it points to is
    outside the file."""
    target = tmp_path / "scheda.html"
    result = runner.invoke(app, ["print", "blank", "-o", str(target)])
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    urls = re.findall(r"url\(([^)]*)\)", html)
    assert len(urls) == 2 and all(u.startswith('"data:font/ttf;base64,') for u in urls)
    assert "src=" not in html and "href=" not in html
    faces = [base64.b64decode(u.split(",", 1)[1].rstrip('"')) for u in urls]
    shipped = sorted(p.read_bytes() for p in (templates_dir() / "fonts").glob("*.ttf"))
    assert sorted(faces) == shipped


@pytest.mark.slow
def test_reference_pdf_in_english(tmp_path: Path) -> None:
    target = tmp_path / "reference.pdf"
    result = runner.invoke(app, ["print", "reference", "--lang", "en", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"Wrote {target} (3 pages)."
    reader = pypdf.PdfReader(target)
    assert len(reader.pages) == 3
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "1–7 miss" in text and "Quick reference" in text


@pytest.mark.slow
def test_scenario_pdf(tmp_path: Path) -> None:
    target = tmp_path / "rapina.pdf"
    result = runner.invoke(app, ["print", "scenario", "rapina in banca", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"Wrote {target} (1 page)."
    assert "Rapina in banca" in pypdf.PdfReader(target).pages[0].extract_text()


def test_unknown_scenario_is_one_error_line(tmp_path: Path) -> None:
    target = tmp_path / "x.pdf"
    result = runner.invoke(app, ["print", "scenario", "duelo", "-o", str(target)])
    assert result.exit_code == 1
    assert result.stderr == "Error: unknown scenario 'duelo': did you mean 'duel'?\n"
    assert not target.exists()


def test_unwritable_output_is_one_error_line(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "scheda.html"
    result = runner.invoke(app, ["print", "blank", "-o", str(target)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: cannot write {str(target)!r}: No such file or directory; choose another -o path.\n"
    )


def test_bad_language_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["print", "blank", "--lang", "fr", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "fr" in lines[0]


def test_output_is_required() -> None:
    result = runner.invoke(app, ["print", "blank"])
    assert result.exit_code == 2
    assert "--output" in result.stderr


@pytest.mark.parametrize("command", ["roster", "campaign", "blank", "reference", "scenario"])
def test_help_has_an_example(command: str) -> None:
    result = runner.invoke(app, ["print", command, "--help"])
    assert result.exit_code == 0
    assert f"Example: skirmish print {command}" in result.output


def test_loading_the_print_commands_imports_no_pdf_stack() -> None:
    probe = (
        "import sys, json\n"
        "from typer.main import get_command\n"
        "import skirmish.cli.print_cmd as m\n"
        "get_command(m.app)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = {name.split(".")[0] for name in json.loads(done.stdout)}
    assert not loaded & {"jinja2", "weasyprint", "sqlmodel", "sqlalchemy", "pypdf"}


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (args, result.output, result.stderr)
    return result.stdout


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A campaign database made through the CLI: two gangs, one of them with a nasty name."""
    db = str(tmp_path_factory.mktemp("store") / "campaign.db")
    _run("campaign", "new", "Deadwood", "--db", db)
    _run("gang", "new", "Earps", "--faction", "lawmen", "--db", db)
    _run("gang", "hire", "Earps", "sceriffo", "--name", "Wyatt Earp", "--db", db)
    _run("gang", "hire", "Earps", "vicesceriffo", "--name", "Virgil Earp", "--db", db)
    _run("gang", "buy", "Earps", "fucile a ripetizione", "--for", "Wyatt Earp", "--db", db)
    _run("gang", "new", "<b>Tom & Jerry</b>", "--faction", "outlaws", "--db", db)
    _run("gang", "hire", "<b>Tom & Jerry</b>", "boss", "--name", "Jesse James", "--db", db)
    return db


@pytest.mark.slow
def test_roster_from_the_store(store: str, tmp_path: Path) -> None:
    target = tmp_path / "earps.pdf"
    out = _run("print", "roster", "earps", "--db", store, "-o", str(target))
    assert out.strip() == f"Wrote {target} (1 page)."
    text = " ".join(pypdf.PdfReader(target).pages[0].extract_text().split())
    assert "Wyatt Earp" in text and "Virgil Earp" in text
    assert "3 3 4 3 \u25a1\u25a1\u25a1 1 2 2" in text  # TIRO FRED RIF COS (boxes) FA FO ESP
    assert "Fucile a ripetizione 10 20 1 7/17 2 2" in text
    assert "Regole della casa in vigore" in text and "H-05" in text
    assert "FREDDEZZA (3)" in text  # the sheriff's aura with his own FRED


def test_roster_html_escapes_the_gang_name(store: str, tmp_path: Path) -> None:
    target = tmp_path / "tom.html"
    _run("print", "roster", "<b>Tom & Jerry</b>", "--lang", "en", "--db", store, "-o", str(target))
    html = target.read_text(encoding="utf-8")
    assert "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;" in html and "<b>Tom" not in html
    assert "Jesse James" in html and "Outlaws" in html


@pytest.mark.slow
def test_campaign_from_the_store(store: str, tmp_path: Path) -> None:
    target = tmp_path / "deadwood.pdf"
    result = runner.invoke(app, ["print", "campaign", "--db", store, "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().endswith(f"Wrote {target} (3 pages).")
    reader = pypdf.PdfReader(target)
    first = reader.pages[0].extract_text()
    unwrapped = "".join(first.split())  # a long name wraps in its column
    assert "Classifica" in first and "Earps" in first and "<b>Tom&Jerry</b>" in unwrapped
    assert "Punti" in first and "Regole della casa in vigore" in first
    assert "Wyatt Earp" in reader.pages[1].extract_text()
    assert "Jesse James" in reader.pages[2].extract_text()


def test_unknown_gang_is_one_error_line(store: str, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["print", "roster", "Nobody", "--db", store, "-o", str(tmp_path / "x.pdf")]
    )
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: unknown gang 'Nobody'")


def test_campaign_without_gangs_is_an_error(tmp_path: Path) -> None:
    db = str(tmp_path / "empty.db")
    _run("campaign", "new", "Empty", "--db", db)
    result = runner.invoke(app, ["print", "campaign", "--db", db, "-o", str(tmp_path / "e.pdf")])
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: campaign 'Empty' has no active gang to print; "
        "found one with 'skirmish gang new NAME --faction FACTION'.\n"
    )


@pytest.mark.slow
def test_characters_the_font_lacks_are_named_on_stderr(tmp_path: Path) -> None:
    db = str(tmp_path / "riders.db")
    _run("campaign", "new", "Plains", "--db", db)
    _run("gang", "new", "Riders 🐎", "--faction", "cowboys", "--db", db)
    _run("gang", "hire", "Riders 🐎", "ranchero", "--name", "Old Tom", "--db", db)
    target = tmp_path / "riders.pdf"
    result = runner.invoke(app, ["print", "roster", "Riders 🐎", "--db", db, "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "Warning: the sheet's font has no glyph for '🐎' (U+1F40E); printed as \u25a1.\n"
    )
    assert "Riders \u25a1" in pypdf.PdfReader(target).pages[0].extract_text()


def test_campaign_as_html_is_one_file_with_every_gang(store: str, tmp_path: Path) -> None:
    target = tmp_path / "deadwood.html"
    _run("print", "campaign", "--lang", "en", "--db", store, "-o", str(target))
    html = target.read_text(encoding="utf-8")
    assert html.count("<style>") == 1 and html.count('<section class="sheet roster') == 2
    assert html.count("House rules in force") == 1  # once, with the standings
    assert "Wyatt Earp" in html and "Jesse James" in html
