"""``skirmish odds shoot|melee|save|panic|reflex|nerve``: exact chances, no dice rolled.

Each command takes the same options as its ``skirmish roll`` twin (read from that command's
signature by ``derived_command``), without ``--seed`` and ``--dice``, and with
``--fortuna`` / ``--fama``: rerolls spent wisely (R-15, docs/odds.md; declared in
``engine.rolls``). The odds come from ``skirmish.odds.chances`` (shared with the web's odds
calculator), imported inside the commands; the terminal shows its tables with percentages
(rich), ``--json`` exact fractions such as "5/36".
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer

from skirmish.cli import roll_combat, roll_procedures
from skirmish.cli.common_flags import emit_json
from skirmish.cli.situation_options import Command, parameter
from skirmish.engine import rolls
from skirmish.engine.rolls import Option
from skirmish.i18n import Lang, tr
from skirmish.odds.chances import MESSAGES as MESSAGES
from skirmish.odds.chances import Chances, Table, percent
from skirmish.odds.chances import decimal as decimal

app = typer.Typer(
    name="odds",
    help=(
        "Exact chances of a test, by enumerating every die (no sampling): the same options as "
        "'skirmish roll', plus --fortuna/--fama rerolls spent wisely.\n\n"
        "Example: skirmish odds shoot --tiro 4 --fanning --target-rif 3 --target-fred 3 "
        "--target-cos 3"
    ),
    no_args_is_help=True,
)


def _reroll_parameter(option: Option) -> inspect.Parameter:
    """A reroll budget of the declaration (``engine.rolls.REROLLS``) as a typer option."""
    annotation = Annotated[int, typer.Option(option.flag, help=option.help_en)]
    return parameter(option.id, annotation, option.default)


REROLLS = [_reroll_parameter(o) for o in rolls.REROLLS]
TARGET_REROLLS = [_reroll_parameter(o) for o in rolls.TARGET_REROLLS]


# ---------------------------------------------------------------------------- rendering


def _table(table: Table, lang: Lang) -> Any:
    """One table of ``odds.chances`` with rich: each row's chance and its exact fraction, and
    for a numeric table the chance of the row's value or more ("At least")."""
    from rich.table import Table as RichTable

    shown = RichTable(title=table.title, title_justify="left", show_edge=False)
    shown.add_column(table.title)
    shown.add_column(tr(MESSAGES, "chance", lang), justify="right")
    shown.add_column(tr(MESSAGES, "exact", lang), justify="right")
    if table.at_least is not None:
        shown.add_column(tr(MESSAGES, "at-least", lang), justify="right")
        shown.add_column(tr(MESSAGES, "exact", lang), justify="right")
        for (label, p), least in zip(table.rows, table.at_least, strict=True):
            shown.add_row(label, percent(p), str(p), percent(least), str(least))
    else:
        for label, p in table.rows:
            shown.add_row(label, percent(p), str(p))
    return shown


def _show(found: Chances, lang: Lang) -> None:
    """The headline (chance to eliminate), the tables, then the lines below them."""
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True)
    headline = found.headline(lang)
    if headline is not None:
        console.print(headline, markup=False)
        console.print()
    for table in found.tables(lang):
        console.print(_table(table, lang))
        console.print()
    for line in found.lines(lang):
        console.print(line, markup=False)


def _body(test: str) -> Callable[..., None]:
    """The body of ``odds TEST``: the chances of the options given (``odds.chances``), as
    tables or, with ``--json``, as exact fractions."""

    def run(*, json: bool, lang: Lang, **options: Any) -> None:
        from skirmish.odds.chances import chances

        found = chances(test, options)
        if json:
            emit_json(found.payload)
            return
        _show(found, lang)

    return run


_shoot, _melee, _save = _body("shoot"), _body("melee"), _body("save")
_panic, _reflex, _nerve = _body("panic"), _body("reflex"), _body("nerve")


# ---------------------------------------------------------------------------- the commands

#: ``roll`` options that make no sense for exact odds.
ROLL_ONLY = ("seed", "dice")


def derived_command(
    roll_command: Callable[..., Any],
    extra: Sequence[inspect.Parameter],
    body: Callable[..., None],
    doc: str,
) -> Command:
    """A Typer command with the options of ``roll_command`` (less ``--seed``/``--dice``, their
    annotations resolved) and ``extra``, calling ``body(**options)``; the options are copied
    when first read."""

    def params() -> list[inspect.Parameter]:
        hints = typing.get_type_hints(roll_command, include_extras=True)
        inherited = [
            p.replace(annotation=hints[p.name])
            for p in inspect.signature(roll_command).parameters.values()
            if p.name not in ROLL_ONLY
        ]
        names = {p.name for p in inherited}
        return [*inherited, *(p for p in extra if p.name not in names)]

    return Command(params, body, getattr(roll_command, "__name__", "command"), doc)


def _register(
    name: str,
    roll_command: Callable[..., Any],
    body: Callable[..., None],
    extra: list[Any],
    doc: str,
) -> None:
    app.command(name)(derived_command(roll_command, extra, body, doc))


_register(
    "shoot",
    roll_combat.shoot,
    _shoot,
    REROLLS + TARGET_REROLLS,
    """Exact odds of a shooting action: damage, wounds given --target-rif, and with
    --target-fred and --target-cos whether the target ends eliminated, terrified, shaken or
    steady (R-01–R-04, R-14). Same options as 'skirmish roll shoot' without --seed/--dice.

    Example: skirmish odds shoot --tiro 4 --fanning --target-rif 3 --target-fred 3
    --target-cos 3 --fortuna 1
    """,
)
_register(
    "melee",
    roll_combat.melee,
    _melee,
    REROLLS + TARGET_REROLLS,
    """Exact odds of a fight: damage, wounds given --target-rif, and with --target-fred and
    --target-cos the defender's outcome (R-01, R-03–R-05). Same options as
    'skirmish roll melee' without --seed/--dice.

    Example: skirmish odds melee --cos 3 --weapon coltello --fred 4 --target-rif 3
    --target-fred 3 --target-cos 3
    """,
)
_register(
    "save",
    roll_combat.save,
    _save,
    REROLLS,
    """Exact odds of the saving rolls: wounds from --damage rolls, and with --cos the chance
    of elimination (R-03).

    Example: skirmish odds save --rif 3 --damage 2 --behind --cos 2
    """,
)
_register(
    "panic",
    roll_combat.panic,
    _panic,
    REROLLS,
    """Exact odds of a panic test: steady, shaken or terrified, and the chance of ending
    prone (R-04).

    Example: skirmish odds panic --fred 3 --shaken --fortuna 1
    """,
)
_register(
    "reflex",
    roll_procedures.reflex,
    _reflex,
    REROLLS,
    """Exact odds of a reflex test: 0, 1 or 2 successes and the chance of passing with
    --need 1 or 2 (R-06).

    Example: skirmish odds reflex --rif 4 --need 2 --fortuna 1
    """,
)
_register(
    "nerve",
    roll_combat.nerve,
    _nerve,
    REROLLS,
    """Exact odds of a nerve test: calm, tense (−1) or nervous (−2) (R-01).

    Example: skirmish odds nerve --fred 3 --shaken
    """,
)
