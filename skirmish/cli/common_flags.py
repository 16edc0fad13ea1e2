"""The flags common to many commands, defined once (STYLE.md habit 5): ``--json``, ``--seed``,
``--dice``, ``--lang`` and ``--db``, a check of a number's bounds as it is parsed, and what the
dice and output flags do (``roll_with``, ``emit_json``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from skirmish.engine.dice import DiceSource, RandomDice, ScriptedDice, parse_dice, run_scripted
from skirmish.errors import DiceError
from skirmish.i18n import Lang, default_lang
from skirmish.limits import SEED, Bound, Measure

T = TypeVar("T")


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


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        callback=bounded(SEED),
        help="Seed for the random dice: same seed, same roll (0 to 2**63−1).",
    ),
]
DiceOpt = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="Dice rolled at the table, in order (e.g. 2,4,4,4,3,5), instead of random ones.",
    ),
]
LangOpt = Annotated[
    Lang,
    typer.Option(
        "--lang",
        default_factory=default_lang,
        show_default="en, or $SKIRMISH_LANG",
        help="Output language: it (the book's words) or en.",
    ),
]
DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="SKIRMISH_DB",
        help="Campaign database: a file path or an SQLAlchemy URL (postgresql+psycopg://…).",
    ),
]


def roll_with(procedure: Callable[[DiceSource], T], *, seed: int | None, dice: str | None) -> T:
    """Run ``procedure`` on typed-in dice (all of them must be used) or seeded random dice."""
    if dice is None:
        return procedure(RandomDice(seed))
    faces = parse_dice(dice)
    used: list[int] = []

    def counted(source: DiceSource) -> T:
        scripted = source if isinstance(source, ScriptedDice) else None
        result = procedure(source)
        if scripted is not None:
            used.append(scripted.used)
        return result

    result = run_scripted(counted, faces)
    if used and used[0] < len(faces):
        extra = ",".join(str(f) for f in faces[used[0] :])
        raise DiceError(
            f"--dice gave {len(faces)} dice but this roll used only {used[0]}; "
            f"remove the extra ones ({extra}) or check the options.",
            it=f"--dice ha dato {len(faces)} dadi ma questo tiro ne ha usati solo {used[0]}; "
            f"togli quelli in più ({extra}) o controlla le opzioni.",
        )
    return result


def emit_json(payload: Any) -> None:
    """Print one JSON document (UTF-8, Italian accents kept)."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
