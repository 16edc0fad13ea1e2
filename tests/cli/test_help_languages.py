"""``--help`` in the run's language, flowing to the terminal's width (issue #21, item 3)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()

#: Sample commands, with their English and Italian examples as the help shows them.
SAMPLE = {
    ("roll", "shoot"): "Esempio: skirmish roll shoot --tiro 4 --cover leggera --lang it",
    ("odds",): "Esempio: skirmish odds shoot --tiro 4 --fanning",
    ("gazette",): "Esempio: skirmish gazette -o gazzetta.pdf",
    ("luck",): "Esempio: skirmish luck Earp --game 2 --lang it",
    ("game", "turn"): "Esempio: skirmish game turno --dice 4",
    ("game", "initiative"): 'Esempio: skirmish game iniziativa "Wyatt Earp"',
    ("gang", "hire"): "Esempio: skirmish gang assolda Earps",
    ("campaign", "invite"): "Esempio: skirmish campaign invite",
}
BORDER = "│╭╮╰╯─"


def _help(path: tuple[str, ...], lang: str, width: int = 200) -> str:
    result = runner.invoke(
        app, [*path, "--help"], env={"COLUMNS": str(width), "SKIRMISH_LANG": lang}
    )
    assert result.exit_code == 0, result.output
    return result.output


def _lines(text: str) -> list[str]:
    """The help's lines without the panels' borders."""
    return [line.strip(BORDER + " ") for line in text.splitlines()]


def _sentences(text: str) -> set[str]:
    """The help's sentences of three words or more, its wrapping undone."""
    flowing = " ".join(line for line in _lines(text) if line)
    found = re.split(r"(?<=[.;:])\s+", flowing)
    return {s for s in found if len(s.split()) >= 3 and re.search(r"[a-z]{4}", s)}


@pytest.mark.parametrize("path", list(SAMPLE), ids=" ".join)
def test_italian_help_says_no_english_sentence(path: tuple[str, ...]) -> None:
    english, italian = _help(path, "en"), _help(path, "it")
    flowing = " ".join(line for line in _lines(italian) if line)
    # A sentence of the English help that the Italian still says (a command line, a flag or a
    # name from the book is the same in both languages, and is no sentence of prose).
    left = [
        s
        for s in _sentences(english)
        if s in flowing and not s.startswith(("skirmish ", "--", "Usage", "Example"))
    ]
    assert not left, left
    assert "Usage:" not in italian and "Uso:" in italian
    assert "Options" not in italian and "Show this message and exit." not in italian


@pytest.mark.parametrize("path", list(SAMPLE), ids=" ".join)
def test_the_example_is_in_the_language_of_the_help(path: tuple[str, ...]) -> None:
    english, italian = _help(path, "en"), _help(path, "it")
    assert SAMPLE[path] in " ".join(_lines(italian))
    assert "Example: skirmish" in english and "Esempio" not in english
    assert "Example:" not in italian


ITALIAN_WORDS = re.compile(
    r"\b(della|delle|dello|personaggio|banda|predefinito|Esempio|Opzioni|Argomenti|campagna)\b"
)


@pytest.mark.parametrize("path", list(SAMPLE), ids=" ".join)
def test_english_help_says_no_italian(path: tuple[str, ...]) -> None:
    english = _help(path, "en")
    # the book's names (La Gazzetta della Frontiera, 'Per qualche dado in più') are titles
    prose = english.replace("La Gazzetta della Frontiera", "")
    assert not ITALIAN_WORDS.findall(prose), ITALIAN_WORDS.findall(prose)


def test_lang_before_help_chooses_the_language() -> None:
    result = runner.invoke(app, ["luck", "--lang", "it", "--help"], env={"COLUMNS": "200"})
    assert "Solo questa partita" in result.output and "Only this game" not in result.output


@pytest.mark.parametrize(
    "path",
    [*SAMPLE, (), ("game",), ("roll",), ("odds", "shoot"), ("print",), ("user",)],
    ids=lambda p: " ".join(p) or "skirmish",
)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_help_flows_to_the_width_of_the_terminal(path: tuple[str, ...], lang: str) -> None:
    """No line of prose is broken before the width: a line ending mid-sentence, followed by a
    lowercase continuation, is as long as the width lets it be (its next word did not fit)."""
    width = 200
    text = _help(path, lang, width)
    rows = text.splitlines()
    for line, after in zip(rows, rows[1:], strict=False):
        content, following = line.rstrip().rstrip("│").rstrip(), after.strip(BORDER + " ")
        words = following.split()
        if not content.strip(BORDER + " ") or not words or not words[0][:1].islower():
            continue
        if line.lstrip().startswith("│") and _indent(after) <= _indent(line):
            continue  # a table's next row, not the rest of this one's text
        # the text stops a padding and a border before the width: the next word did not fit
        assert len(content) + 1 + len(words[0]) > width - 3, f"broken early:\n{line}\n{after}"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(BORDER + " *"))  # "*": a required row
