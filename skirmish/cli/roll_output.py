"""The tail every ``skirmish roll`` command shares: roll the procedure on ``--dice`` or
``--seed`` dice, then print the result as text lines or as one JSON object (``--json``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from skirmish.cli.options import emit_json, roll_with
from skirmish.i18n import Lang

if TYPE_CHECKING:
    from skirmish.engine.dice import DiceSource

R = TypeVar("R")

#: A renderer: the result as text lines, or as a JSON object, in a language.
Lines = Callable[[R, Lang], list[str]]
AsJson = Callable[[R, Lang], dict[str, Any]]


def emit(result: R, lines: Lines[R], as_json: AsJson[R], *, json_wanted: bool, lang: Lang) -> None:
    """Print ``result``: ``as_json`` of it with ``--json``, else one line a step."""
    if json_wanted:
        emit_json(as_json(result, lang))
        return
    for line in lines(result, lang):
        typer.echo(line)


def roll_and_emit(
    procedure: Callable[[DiceSource], R],
    lines: Lines[R],
    as_json: AsJson[R],
    *,
    seed: int | None,
    dice: str | None,
    json_wanted: bool,
    lang: Lang,
) -> None:
    """Roll ``procedure`` on typed-in or seeded dice and ``emit`` what it returns."""
    result = roll_with(procedure, seed=seed, dice=dice)
    emit(result, lines, as_json, json_wanted=json_wanted, lang=lang)
