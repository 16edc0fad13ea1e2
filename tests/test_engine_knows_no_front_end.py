"""The engine and the rules know no front end (issue #20, item 6): no message of theirs, in
either language, says a command-line flag (``--weapon``) or a command (``skirmish roll …``).
A message names the input it is about (``errors.named``, ``⟨weapon⟩``) and each front end says
it its own way: the CLI as its flag, a page as its field's label, the API as its field's name.
The declarations name their inputs, never their flags: each front end derives its own."""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import importlib
import re
from pathlib import Path

import pytest
from starlette.types import Message, Receive, Scope, Send

from skirmish.cli.input_names import naming as flag_naming
from skirmish.engine import rolls
from skirmish.engine.situation import INPUTS
from skirmish.errors import (
    CLI_PHRASE,
    COMMAND_LINE,
    CampaignError,
    RulesError,
    named,
    on_command_line,
    said,
)
from skirmish.translation import Both
from skirmish.translation import Message as Said
from skirmish.web.input_names import InputNaming, page_naming

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


#: A catalogue's declarations of the command line (an entry's flag, its example and usage
#: command lines, which ``--help`` shows): the command line's own.
OWN_FIELDS = frozenset({"cli", "it_flag", "example", "usage"})


def _declared_fields(path: Path) -> dict[str, list[str]]:
    """The fields of each dataclass the module at ``path`` declares, by its name, in order."""
    module = importlib.import_module(
        "skirmish." + path.relative_to(PACKAGE).with_suffix("").as_posix().replace("/", ".")
    )
    return {
        name: [f.name for f in dataclasses.fields(value)]
        for name, value in vars(module).items()
        if isinstance(value, type)
        and dataclasses.is_dataclass(value)
        and value.__module__ == module.__name__
    }


def _command_line_own(tree: ast.AST, declared: dict[str, list[str]]) -> set[int]:
    """The ids of the strings that are the command line's own by declaration: the phrase it says
    its own way in a message (``on_command_line``'s first argument), and a catalogue entry's
    flag, example and usage (``OWN_FIELDS``, by keyword or position)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        own = [node.args[0]] if called == "on_command_line" and node.args else []
        own += [k.value for k in node.keywords if k.arg in OWN_FIELDS]
        fields = declared.get(called, [])
        own += [arg for arg, name in zip(node.args, fields, strict=False) if name in OWN_FIELDS]
        found |= {id(n) for part in own for n in ast.walk(part)}
    return found


def _texts(path: Path, declared: dict[str, list[str]] | None = None) -> list[tuple[int, str]]:
    """Every string of ``path`` but its docstrings (f-strings by their literal parts) and the
    command line's own (``_command_line_own``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _command_line_own(tree, declared or {})
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


#: A command of the command line named in a service's message (``skirmish game turn``); the
#: services also say "skirmish" as the program's name ("upgrade skirmish"), which is no command.
COMMAND = re.compile(
    r"(?<![\w-])--[a-z]|\bskirmish (?:roll|odds|rules|scenario|campaign|gang|member|log|undo|"
    r"export|import|game|luck|print|gazette|serve|user)\b"
)

#: The services' messages that only the command line shows, so say its flag: opening the
#: database file it is given (``--db``, or ``SKIRMISH_DB``); the web app opens its store once,
#: when ``skirmish serve --db`` starts, and never shows a page about it.
COMMAND_LINE_ONLY = {"store.py"}


def test_no_message_of_the_services_says_a_flag_or_a_command() -> None:
    """The services (``campaign``) name inputs (``⟨by⟩``, said ``--by`` or “By”) and say a
    command only as the command line's own phrase (``errors.on_command_line``): a phone shows
    neither a flag nor a command line (issue #20, item 6)."""
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
        for path in sorted((PACKAGE / "campaign").rglob("*.py"))
        if path.name not in COMMAND_LINE_ONLY
        for line, text in _texts(path, _declared_fields(path))
        if COMMAND.search(elsewhere(text))
    ]
    assert found == []


def elsewhere(text: str) -> str:
    """``text`` as a page says it: each command-line phrase (``⟪cli¦elsewhere⟫``, the form a
    catalogue message writes ``on_command_line`` in) said by its other part."""
    return CLI_PHRASE.sub(lambda found: found[2], text)


def test_a_catalogue_message_says_its_command_only_on_the_command_line() -> None:
    assert elsewhere("at the start of turn {turn}⟪ ('skirmish game turn')¦⟫") == (
        "at the start of turn {turn}"
    )
    assert COMMAND.search("give ⟪--game N¦the game⟫") and not COMMAND.search(
        elsewhere("give ⟪--game N¦the game⟫")
    )


def test_a_phrase_of_the_command_line_is_said_only_there() -> None:
    refused = CampaignError(
        f"start one{on_command_line(' with ' + repr('skirmish game start'), '')}; give "
        f"{on_command_line('--game N', named('game'))}.",
    )
    assert refused.text("en") == "start one; give game."
    token = COMMAND_LINE.set(True)
    try:
        assert (
            refused.text("en", flag_naming)
            == "start one with 'skirmish game start'; give --game N."
        )
    finally:
        COMMAND_LINE.reset(token)
    assert refused.text("en", page_naming) == "start one; give “Game”."


def test_a_page_says_no_phrase_of_the_command_line_under_serve() -> None:
    """``skirmish serve`` runs the web app inside the command line's context; each request is a
    page's (``InputNaming``), which says the words for every front end."""
    seen: list[str] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(said(on_command_line("'skirmish game turn'", "a new turn"), "en"))

    async def nothing() -> Message:
        return {}

    async def ignore(message: Message) -> None:
        return None

    token = COMMAND_LINE.set(True)
    try:
        asyncio.run(InputNaming(app)({"type": "http", "path": "/games/1"}, nothing, ignore))
    finally:
        COMMAND_LINE.reset(token)
    assert seen == ["a new turn"]


def test_the_declarations_name_inputs_not_flags() -> None:
    options = [o for taken in rolls.OPTIONS.values() for o in taken]
    declared = [*INPUTS, *options, *rolls.REROLLS, *rolls.TARGET_REROLLS, rolls.DICE, rolls.SEED]
    for item in declared:
        assert "flag" not in type(item)._fields
        assert item.id.isidentifier() and item.id == item.id.lower()
    for input_ in INPUTS:
        assert all(a.isidentifier() for a in input_.aliases)


def test_a_refusal_names_its_input_and_each_front_end_says_it() -> None:
    # a message whose input is said per language (the English names one, the Italian another)
    which = Both(named("target_waiting"), named("weapon"))
    refused = RulesError(Said("give {which}.", which=which))
    assert refused.inputs == ("target_waiting",)
    assert refused.input == "target_waiting"
    assert str(refused) == "give target_waiting."  # no front end: the declared name
    assert refused.text("en", lambda name, lang: f"<{name}:{lang}>") == "give <target_waiting:en>."
    assert refused.text("it", lambda name, lang: name.upper()) == "give WEAPON."
