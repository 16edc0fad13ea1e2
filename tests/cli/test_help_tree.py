"""Every help screen of ``skirmish``, the whole click tree walked (issue #21, item 3): each
paragraph is said in Italian, each example in the chosen language, every group's help follows
``--lang`` wherever it is written, and no line is broken inside a sentence.

``test_help_languages.py`` reads a sample of commands closely; this file reads all of them, in
process, from the tree ``typer.main.get_command`` builds (every noun, group and command, each
argument's and option's help, panel and shown default, each command's short help as its group
lists it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import typer.main
from typer._click import Command, Context
from typer.testing import CliRunner

from skirmish.cli import help_text
from skirmish.cli.main import app
from skirmish.translation import gettext

runner = CliRunner()

#: A paragraph the same in both languages: a command line, a flag, a book term in capitals.
SAME = re.compile(r"(skirmish [^.]*|--?[\w-]+(/--?[\w-]+)?|[A-Z][A-Z' ]+\.?)")


def _tree() -> Iterator[tuple[tuple[str, ...], Command, Context]]:
    root = typer.main.get_command(app)

    def walk(
        command: Command, ctx: Context, path: tuple[str, ...]
    ) -> Iterator[tuple[tuple[str, ...], Command, Context]]:
        yield path, command, ctx
        lister = getattr(command, "list_commands", None)
        for name in lister(ctx) if lister is not None else ():
            sub = command.get_command(ctx, name)  # type: ignore[attr-defined]
            yield from walk(sub, Context(sub, info_name=name, parent=ctx), (*path, name))

    yield from walk(root, Context(root, info_name="skirmish"), ())


TREE = list(_tree())
PATHS = [path for path, _, _ in TREE]


def _texts(command: Command, ctx: Context) -> Iterator[tuple[str, str]]:
    """Where each help text of ``command`` is, and the text."""
    for attr in ("help", "short_help"):
        if getattr(command, attr, None):
            yield attr, getattr(command, attr)
    for param in command.get_params(ctx):
        for attr in ("help", "rich_help_panel", "show_default"):
            value = getattr(param, attr, None)
            if isinstance(value, str) and value:
                yield f"{param.name}.{attr}", value


def _offences() -> dict[str, list[str]]:
    """Each paragraph still said in English under ``--lang it``, with where it is."""
    found: dict[str, list[str]] = {}
    for path, command, ctx in TREE:
        for where, text in _texts(command, ctx):
            for paragraph in help_text._paragraphs(text):
                example = help_text._EXAMPLE.fullmatch(paragraph)
                if example is not None:
                    continue  # its "Example:" is said in Italian, its line checked below
                if paragraph in help_text._MADE or SAME.fullmatch(paragraph):
                    continue
                if gettext("it", paragraph) == paragraph:
                    found.setdefault(paragraph, []).append(" ".join(path) + f" {where}")
    return found


def test_the_tree_is_walked_whole() -> None:
    """The walk reaches the nouns, the groups under them and their commands."""
    assert len(TREE) > 150
    assert {("roll", "lasso"), ("odds", "compare", "targets"), ("print", "cards")} <= set(PATHS)


def test_no_help_paragraph_is_english_in_italian() -> None:
    offences = _offences()
    listed = "\n".join(f"{text!r}  ({', '.join(where[:3])})" for text, where in offences.items())
    assert not offences, f"{len(offences)} help paragraphs said in English in Italian:\n{listed}"


def test_an_english_example_says_no_italian_switch() -> None:
    """An example is in the help's language: the English one does not ask for Italian."""
    said = [
        paragraph
        for _, command, ctx in TREE
        for _, text in _texts(command, ctx)
        for paragraph in help_text._paragraphs(text)
        if (found := help_text._EXAMPLE.fullmatch(paragraph)) and "--lang it" in found["line"]
    ]
    assert not said, said


def test_an_italian_example_line_is_said_in_italian() -> None:
    """An example's Italian line (its msgstr) never asks for English."""
    lines = [
        help_text.said(paragraph, "it")
        for _, command, ctx in TREE
        for _, text in _texts(command, ctx)
        for paragraph in help_text._paragraphs(text)
        if help_text._EXAMPLE.fullmatch(paragraph)
    ]
    assert lines and all(line.startswith("Esempio") for line in lines)
    assert not [line for line in lines if "--lang en" in line]


GROUPS = [path for path, command, _ in TREE if hasattr(command, "list_commands") and path]


@pytest.mark.parametrize("path", GROUPS, ids=" ".join)
def test_a_group_help_follows_lang_wherever_it_is_written(path: tuple[str, ...]) -> None:
    """A group has no ``--lang`` of its own: the run's ``--lang`` chooses its help's language
    before the group (``skirmish --lang it campaign --help``) or after its ``--help``."""
    english = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200", "SKIRMISH_LANG": "en"})
    assert english.exit_code == 0 and "Usage:" in english.output, english.output
    for args in (["--lang", "it", *path, "--help"], [*path, "--help", "--lang", "it"]):
        result = runner.invoke(app, args, env={"COLUMNS": "200", "SKIRMISH_LANG": "en"})
        assert result.exit_code == 0, (args, result.output)
        assert "Uso:" in result.output and "Usage:" not in result.output, result.output
        assert result.output != english.output


def _help(path: tuple[str, ...], lang: str, width: int) -> str:
    result = runner.invoke(
        app, [*path, "--help"], env={"COLUMNS": str(width), "SKIRMISH_LANG": lang}
    )
    assert result.exit_code == 0, result.output
    return result.output


BORDER = "│╭╮╰╯─"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(BORDER + " *"))  # "*": a required row


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_help_is_broken_inside_a_sentence(lang: str) -> None:
    """No line of prose of any help screen is broken before the width: a line followed by a
    lowercase continuation is as long as the width lets it be (its next word did not fit)."""
    width, broken = 200, []
    for path in PATHS:
        rows = _help(path, lang, width).splitlines()
        for line, after in zip(rows, rows[1:], strict=False):
            content, words = line.rstrip().rstrip("│").rstrip(), after.strip(BORDER + " ").split()
            if not content.strip(BORDER + " ") or not words or not words[0][:1].islower():
                continue
            if line.lstrip().startswith("│") and _indent(after) <= _indent(line):
                continue  # a table's next row, not the rest of this one's text
            if len(content) + 1 + len(words[0]) <= width - 3:
                broken.append(f"{' '.join(path)}:\n{line}\n{after}")
    assert not broken, "\n".join(broken)
