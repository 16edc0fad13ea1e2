"""How every ``skirmish roll`` command ends: after ``roll_with`` (``skirmish.cli.options``) has
rolled the procedure on ``--dice`` or ``--seed`` dice, ``emit`` prints the result as one line a
step or as one JSON object (``--json``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer

from skirmish.cli.options import emit_json
from skirmish.i18n import Lang

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
