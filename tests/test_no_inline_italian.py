"""No Italian written inline in the package's Python code (issue #21).

Every user-facing text is written once in English and its Italian lives in the gettext
catalogue. The source is read with ``ast`` (nothing is imported) and the test fails on:

- a call with an ``it`` keyword (an error's or a phrase's Italian beside its English);
- a dict literal with both ``"en"`` and ``"it"`` keys (a table written in both languages);
- ``W``/``Words``/``Words.made`` given its Italian as a second argument.

``benchmarks/inline_italian.py`` counts the same places (and literals holding Italian words).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"


def inline_italian(tree: ast.AST) -> list[tuple[int, str]]:
    """Each place in ``tree`` that writes Italian inline: (line, what)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if any(k.arg == "it" for k in node.keywords):
                found.append((node.lineno, "a call with it="))
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in {"W", "Words", "made"} and len(node.args) >= 2:
                found.append((node.lineno, f"{called}(english, italian)"))
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "it"} <= keys:
                found.append((node.lineno, 'a dict with "en" and "it"'))
    return found


def _places() -> list[str]:
    places = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        places += [f"skirmish/{where}:{line}: {what}" for line, what in inline_italian(tree)]
    return places


def test_no_italian_is_written_inline() -> None:
    places = _places()
    assert not places, "move these to the catalogue (translation.py):\n" + "\n".join(places)


def test_the_scan_finds_each_form() -> None:
    tree = ast.parse(
        "raise CampaignError('no gang', it='nessuna banda')\n"
        "TABLE = {'en': 'gang', 'it': 'banda'}\n"
        "LABEL = W('Gang', 'Banda')\n"
        "OK = (Message('no gang'), W('Gang'), {'en': 1})\n"
    )
    assert [line for line, _ in inline_italian(tree)] == [1, 2, 3]
