"""``skirmish print``: files written, formats, languages, one-line errors, a light import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()


def test_blank_as_html_from_the_suffix(tmp_path: Path) -> None:
    target = tmp_path / "scheda.html"
    result = runner.invoke(app, ["print", "blank", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"Wrote {target} (HTML)."
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Tipo banda" in html  # Italian by default


def test_format_option_wins_over_the_suffix(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    result = runner.invoke(
        app, ["print", "scenario", "duel", "--format", "html", "--lang", "en", "-o", str(target)]
    )
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    assert "Duel" in html and "Victory conditions" in html


@pytest.mark.slow
def test_reference_pdf_in_english(tmp_path: Path) -> None:
    target = tmp_path / "reference.pdf"
    result = runner.invoke(app, ["print", "reference", "--lang", "en", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"Wrote {target} (2 pages)."
    reader = pypdf.PdfReader(target)
    assert len(reader.pages) == 2
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


@pytest.mark.parametrize("command", ["blank", "reference", "scenario"])
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
