"""Imports at the top of modules (issue #20), except at the lazy seams docs/architecture.md names.

An import inside a function is allowed only with a marker naming its seam, ``# lazy: <seam>``,
at the end of the import's first line or on the line just above it; the seams are declared once,
here, with why each one is lazy (docs/architecture.md says the same in prose). The source is
read with ``ast``: nothing is imported to check it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"

#: Each seam: what is imported late, and why importing it at the top would cost a command that
#: does not need it (benchmarks/imports.md has the start-up figures).
SEAMS: dict[str, str] = {
    "command": "a CLI command's own work (the database stack when it opens a session, the "
    "campaign services, printing, the web server, the dice prompt), imported when the command "
    "runs: `skirmish --help` imports every noun to list its commands",
    "run": "the campaign service an action of a catalogue runs (campaign/game/runs.py, "
    "campaign/commands.py, campaign/club_commands.py), offers (campaign/choices.py) or reads its "
    "situation or inputs from (campaign/game/situations.py, campaign/fields.py), imported when "
    "the action runs: the catalogues are loaded by `--help`, which must not load the store",
    "procedure": "one engine procedure, its explanation or its odds, imported when that test is "
    "rolled, explained or computed (engine/rollers.py, engine/explain_*.py, odds/chances.py, "
    "odds/compare.py, the saving modifiers of engine/situation_value.py, the blast's protection "
    "in campaign/fields.py): `roll` and `odds` pay only for the test they do",
    "table": "a rules table's entry class (rules/entries.py), imported when that table is first "
    "read: `roll` reads few tables",
    "situation": "the combat situation's inputs (engine/situation.py), imported by "
    "cli/input_names.py when a message names a target's input, inside a roll, odds or game "
    "command that has loaded them already: `rules` and `gang` never do",
    "game": "the game tracker (campaign/game/*: its SQLModel tables, its fields) and the "
    "scenarios' TOML (rules/scenarios.py), imported outside a game only when a message needs "
    "them: a between-games action refusing names the scenario being played (campaign/owed.py), "
    "the command line names a game action's argument (cli/input_names.py), the campaign book's "
    "results and graveyard and a scenario's card (printing/sheets.py, printing/build.py): "
    "`gang show`, the roster and `roll` never load them (issue #23)",
    "glossary": "the game's closed sets of words (engine/glossary.py), imported by a dice "
    "explanation only to say that a model stays steady after its panic test: `roll shoot` "
    "loads none of the game's words otherwise (issue #23)",
    "rich": "rich's console and styled text, imported when a command prints through them: "
    "`print` and `roll` write plain text",
    "error": "what only a failing command needs: the usage messages, the crash reporter and its "
    "log folder (platformdirs)",
    "start": "the command line (typer and cli/main.py), imported by the console script's entry "
    "point (cli/entry.py) once the collector is quiet: typer's import builds objects the command "
    "keeps (issue #23)",
    "qr": "segno, imported when a QR code is drawn (printing/qr.py): a roster of a campaign "
    "without a web address draws none (issue #23)",
    "pdf": "WeasyPrint, imported when a PDF is written (printing/pdf.py): the web app and the "
    "HTML sheets never need it",
    "upgrade": "Alembic, imported when the store's schema is upgraded",
    "accounts": "the account tables (campaign/account_tables.py), imported by the store at a "
    "unit of work's first flush: a write orders its rows by foreign keys, one of which points "
    "at the accounts; `gang show` and `print roster` only read, and never build them (issue "
    "#23)",
    "postgresql": "psycopg, imported only when the store is PostgreSQL",
    "babel": "Babel's catalogue reader and compiler, imported only when a message catalogue's "
    ".mo is missing or older than its .po (skirmish/translation.py: a checkout whose .po was "
    "just edited); `make` and the wheel's build compile it beforehand; and its CLDR number and "
    "date formats (skirmish/formats.py), when a chance, a decimal or a date is first said: "
    "`roll` says none",
}

MARKER = re.compile(r"#\s*lazy:\s*([\w-]+)")

Import = ast.Import | ast.ImportFrom


def _function_imports(tree: ast.AST) -> list[Import]:
    """Every import inside a function (at any depth), in source order."""
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom) and in_function:
                found.append(child)
            is_function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            visit(child, in_function or is_function)

    visit(tree, False)
    return found


def _seam(lines: list[str], node: Import) -> str | None:
    """The seam an import's marker names: on its first line or on the line just above."""
    for line in (lines[node.lineno - 1], lines[node.lineno - 2] if node.lineno > 1 else ""):
        marked = MARKER.search(line)
        if marked:
            return marked.group(1)
    return None


def problems(source: str, where: str) -> tuple[list[str], set[str]]:
    """The function-level imports of ``source`` with no marker or an undeclared seam, and the
    seams its markers name."""
    lines = source.splitlines()
    found: list[str] = []
    used: set[str] = set()
    for node in _function_imports(ast.parse(source)):
        seam = _seam(lines, node)
        if seam is None:
            found.append(f"{where}:{node.lineno}: {ast.unparse(node)} (no '# lazy: <seam>')")
        elif seam not in SEAMS:
            found.append(
                f"{where}:{node.lineno}: unknown seam {seam!r} (declared: {sorted(SEAMS)})"
            )
        else:
            used.add(seam)
    return found, used


def test_function_level_imports_only_at_declared_seams() -> None:
    found: list[str] = []
    used: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        wrong, seams = problems(path.read_text(encoding="utf-8"), str(relative))
        found += wrong
        used |= seams
    assert found == []
    assert used == set(SEAMS), f"declared seams no import uses: {sorted(set(SEAMS) - used)}"


def test_the_check_can_fail() -> None:
    source = (
        "import os\n"
        "def a():\n    import json\n"
        "def b():\n    import csv  # lazy: pdf\n"
        "def c():\n    # lazy: procedure\n    from x import (\n        y,\n    )\n"
        "def d():\n    import re  # lazy: nowhere\n"
        "class E:\n    def f(self):\n        def g():\n            import io\n"
    )
    found, used = problems(source, "m.py")
    assert [line.split(":")[1] for line in found] == ["3", "12", "16"]
    assert "unknown seam 'nowhere'" in found[1]
    assert used == {"pdf", "procedure"}


def test_the_doc_names_every_seam() -> None:
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert [seam for seam in SEAMS if f"`# lazy: {seam}`" not in doc] == []
