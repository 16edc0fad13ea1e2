"""Count the Italian still written inline in the package's Python code (issue #21).

Every user-facing text is written once in English and its Italian lives in the gettext
catalogue; this counts the places that still carry Italian in the code, read with ``ast``:

- ``it=``: a call with an ``it`` keyword (an error's Italian, ``Ending(it=…)``);
- ``pair``: a dict literal with both ``"en"`` and ``"it"`` keys (a table in both languages);
- ``words``: ``W``/``Words``/``Words.made`` given a second, Italian, argument;
- ``if-it``: a conditional on the language (``lang == "it"``, ``Lang.IT``) that picks between
  string literals;
- ``literal``: any other string literal holding a word only Italian uses (``WORDS`` below).

A line is counted once however many of these it holds. ``python benchmarks/inline_italian.py``
prints the figures by kind and the total of lines; ``--list`` prints each line found.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"

#: Words an English message never holds (function words and common verbs of the Italian).
WORDS = re.compile(
    r"\b(il|lo|gli|della|delle|dello|degli|nella|nelle|nel|sul|sulla|dal|dalla|una|nessun|"
    r"nessuna|non|è|sono|perché|quindi|ancora|niente|questo|questa|partita|banda|bande|"
    r"personaggio|personaggi|dadi|ferite|ferita|tiro|bersaglio|oppure|anche|già|più)\b"
)

#: The book's own terms are Italian in both languages (TIRO, FRED, RIF…): upper-case words
#: and rule ids are not counted.
_LOWER = re.compile(r"[a-zà-ù]")


def _lines(node: ast.AST) -> range:
    return range(node.lineno, (node.end_lineno or node.lineno) + 1)


def _is_lang_it(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and node.value == "it":
        return True
    return isinstance(node, ast.Attribute) and node.attr == "IT"


def _strings(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.strip()
        for n in ast.walk(node)
    )


def found(tree: ast.AST) -> dict[int, str]:
    """Each line of ``tree`` that holds inline Italian, with the kind that found it first."""
    lines: dict[int, str] = {}

    def mark(node: ast.AST, kind: str) -> None:
        for line in _lines(node):
            lines.setdefault(line, kind)

    docstrings = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if any(k.arg == "it" for k in node.keywords):
                mark(node, "it=")
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in {"W", "Words", "made"} and len(node.args) >= 2:
                mark(node, "words")
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "it"} <= keys:
                mark(node, "pair")
        elif isinstance(node, ast.IfExp | ast.If):
            test = node.test
            if (
                isinstance(test, ast.Compare)
                and any(_is_lang_it(c) for c in [test.left, *test.comparators])
                and _strings(node.body if isinstance(node, ast.IfExp) else node.body[0])
            ):
                mark(node, "if-it")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and WORDS.search(node.value)
            and _LOWER.search(node.value)
        ):
            mark(node, "literal")
    return lines


def main(argv: list[str]) -> None:
    kinds: Counter[str] = Counter()
    listing = "--list" in argv
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = found(ast.parse(path.read_text(encoding="utf-8")))
        kinds.update(lines.values())
        if listing:
            source = path.read_text(encoding="utf-8").splitlines()
            for line, kind in sorted(lines.items()):
                where = path.relative_to(PACKAGE.parent)
                print(f"{where}:{line}: [{kind}] {source[line - 1].strip()}")
    for kind, count in sorted(kinds.items()):
        print(f"{kind:8} {count:6} lines")
    print(f"{'total':8} {sum(kinds.values()):6} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
