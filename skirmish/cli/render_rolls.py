"""How every ``roll`` command prints its result once the engine has rolled it (``show``, and
``emit`` for a result and its renderers).

The words themselves (numbers with a true minus sign, faces, sums, ``Words``) are the engine's
explanation of a roll (``engine.explain``), shared with the web's dice roller; they are
re-exported here for the terminal's renderers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from skirmish.cli.common_flags import emit_json
from skirmish.engine.explain import (
    MINUS,
    Words,
    dice_json,
    faces_text,
    number,
    signed,
    sum_text,
)
from skirmish.i18n import Lang

if TYPE_CHECKING:
    from skirmish.engine.rolls import Rolled

__all__ = [
    "MINUS",
    "Words",
    "dice_json",
    "emit",
    "faces_text",
    "number",
    "show",
    "signed",
    "sum_text",
]

R = TypeVar("R")


def emit(
    result: R,
    lines: Callable[[R, Lang], list[str]],
    as_json: Callable[[R, Lang], dict[str, Any]],
    json_wanted: bool,
    lang: Lang,
) -> None:
    """Print ``result``: ``as_json`` of it with ``--json``, else ``lines`` of it, in ``lang``."""
    if json_wanted:
        emit_json(as_json(result, lang))
        return
    for line in lines(result, lang):
        typer.echo(line)


def show(rolled: Rolled, json_wanted: bool, lang: Lang) -> None:
    """Print a test ``engine.rolls.roll`` rolled: its JSON with ``--json``, else its lines."""
    if json_wanted:
        emit_json(rolled.payload(lang))
        return
    for line in rolled.lines(lang):
        typer.echo(line)
