"""The flags common to many commands, defined once (STYLE.md habit 5): ``--json``, ``--seed``,
``--dice`` (declared with the rolls, ``engine.rolls.SEED`` and ``DICE``, which the web's dice
roller shares; the engine's ``roll_with`` rolls them), ``--lang`` and ``--db``, a check of a
number's bounds as it is parsed, and ``emit_json``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from skirmish.cli.help_text import both
from skirmish.cli.input_names import flag
from skirmish.engine.rolls import DICE
from skirmish.engine.rolls import SEED as SEED_INPUT
from skirmish.fileio import check_target
from skirmish.i18n import Lang, default_lang
from skirmish.limits import SEED, Bound, Measure
from skirmish.translation import N_


def bounded(bound: Bound | Measure) -> Callable[[typer.CallbackParam, Any], Any]:
    """A typer callback that checks a number given on the command line against ``bound``
    (``skirmish.limits``) as it is parsed, before any command runs and so before the database
    sees it. The error names the option (``--last must be between 1 and 1,000,000; …``), or
    the bound's own words for an argument (``an XP change must be …``)."""

    def check(param: typer.CallbackParam, value: Any) -> Any:
        if value is None:
            return None
        option = param.opts[0] if param.opts and param.opts[0].startswith("-") else None
        bound.check(value, label=option)
        return value

    return check


def writable_target(value: Path | None) -> Path | None:
    """A typer callback for ``-o``: a path that is not a regular file or a new one (a FIFO, a
    device, a folder, a socket) is refused as it is parsed, before any work (issue #22)."""
    return None if value is None else check_target(value)


JsonOpt = Annotated[bool, typer.Option("--json", help=N_("Print JSON instead of text."))]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        flag(SEED_INPUT.id),
        callback=bounded(SEED),
        help=both(SEED_INPUT.help("en"), lambda: SEED_INPUT.help("it")),
    ),
]
DiceOpt = Annotated[
    str | None,
    typer.Option(flag(DICE.id), help=both(DICE.help("en"), lambda: DICE.help("it"))),
]
LangOpt = Annotated[
    Lang,
    typer.Option(
        "--lang",
        default_factory=default_lang,
        show_default=N_("en, or $SKIRMISH_LANG"),
        help=N_("Output language: it (the book's words) or en."),
    ),
]
DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="SKIRMISH_DB",
        help=N_("Campaign database: a file path or an SQLAlchemy URL (postgresql+psycopg://…)."),
    ),
]


def emit_json(payload: Any) -> None:
    """Print one JSON document (UTF-8, Italian accents kept)."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
