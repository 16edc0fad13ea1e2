"""The engine and the rules know no front end (issue #20, item 6): no message of theirs, in
either language, says a command-line flag (``--weapon``) or a command (``skirmish roll …``).
A message names the input it is about (``errors.named``, ``⟨weapon⟩``) and each front end says
it its own way: the CLI as its flag, a page as its field's label, the API as its field's name.
The declarations name their inputs, never their flags: each front end derives its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from skirmish.engine import rolls
from skirmish.engine.situation import INPUTS
from skirmish.errors import RulesError, named

PACKAGE = Path(__file__).resolve().parents[1] / "skirmish"
#: A command-line flag, or a command, in a message.
FRONT_END = re.compile(r"(?<![\w-])--[a-z]|\bskirmish [a-z]")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _texts(path: Path) -> list[tuple[int, str]]:
    """Every string of ``path`` but its docstrings (f-strings by their literal parts)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
    ]


@pytest.mark.parametrize("layer", ["engine", "rules"])
def test_no_message_of_the_engine_or_the_rules_says_a_flag_or_a_command(layer: str) -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for line, text in _texts(path)
        if FRONT_END.search(text)
    ]
    assert found == []


def test_the_declarations_name_inputs_not_flags() -> None:
    options = [o for taken in rolls.OPTIONS.values() for o in taken]
    declared = [*INPUTS, *options, *rolls.REROLLS, *rolls.TARGET_REROLLS, rolls.DICE, rolls.SEED]
    for item in declared:
        assert "flag" not in type(item)._fields
        assert item.id.isidentifier() and item.id == item.id.lower()
    for input_ in INPUTS:
        assert all(a.isidentifier() for a in input_.aliases)


def test_a_refusal_names_its_input_and_each_front_end_says_it() -> None:
    refused = RulesError(f"give {named('target_waiting')}.", it=f"indica {named('weapon')}.")
    assert refused.inputs == ("target_waiting",)
    assert refused.input == "target_waiting"
    assert str(refused) == "give target_waiting."  # no front end: the declared name
    assert refused.text("en", lambda name, lang: f"<{name}:{lang}>") == "give <target_waiting:en>."
    assert refused.text("it", lambda name, lang: name.upper()) == "indica WEAPON."
