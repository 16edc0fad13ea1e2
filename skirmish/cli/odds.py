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
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from skirmish.cli import input_names, roll_combat, roll_procedures
from skirmish.cli.common_flags import emit_json
from skirmish.cli.help_text import both, example
from skirmish.cli.situation_options import Command, choice_parser, option_type, parameter
from skirmish.engine import rolls
from skirmish.engine.rolls import Option
from skirmish.engine.situation import Kind, Procedure
from skirmish.formats import decimal, percent
from skirmish.i18n import Lang, tr
from skirmish.odds.chances import MESSAGES as MESSAGES
from skirmish.odds.chances import Chances, Table, chances
from skirmish.odds.compare import MESSAGES as COMPARE
from skirmish.odds.compare import OTHER_PARAM, compare, other_inputs
from skirmish.translation import N_, gettext

app = typer.Typer(
    name="odds",
    add_completion=False,
    help=N_(
        "Exact chances of a test, by enumerating every die (no sampling): the same options as "
        "'skirmish roll', plus --fortuna/--fama rerolls spent wisely."
    )
    + "\n\n"
    + example(
        N_("skirmish odds shoot --tiro 4 --fanning --target-rif 3 --target-fred 3 --target-cos 3")
    ),
    no_args_is_help=True,
)


def _reroll_parameter(option: Option) -> inspect.Parameter:
    """A reroll budget of the declaration (``engine.rolls.REROLLS``) as a typer option."""
    annotation = Annotated[
        int,
        typer.Option(
            input_names.flag(option.id), help=both(option.help("en"), lambda: option.help("it"))
        ),
    ]
    return parameter(option.id, annotation, option.default)


REROLLS = [_reroll_parameter(o) for o in rolls.REROLLS]
TARGET_REROLLS = [_reroll_parameter(o) for o in rolls.TARGET_REROLLS]
HISTOGRAM = parameter(
    "histogram",
    Annotated[
        bool,
        typer.Option(
            "--histogram",
            help=N_(
                "Draw each table as bars (block characters scaled to the likeliest row, with "
                "the percentage), as wide as the terminal; --json is unchanged."
            ),
        ),
    ],
    False,
)


# ---------------------------------------------------------------------------- rendering


def _table(table: Table, lang: Lang) -> Any:
    """One table of ``odds.chances`` with rich: each row's chance and its exact fraction, and
    for a numeric table the chance of the row's value or more ("At least")."""
    shown = RichTable(title=table.title, title_justify="left", show_edge=False)
    shown.add_column(table.title)
    shown.add_column(tr(MESSAGES, "chance", lang), justify="right")
    shown.add_column(tr(MESSAGES, "exact", lang), justify="right")
    if table.at_least is not None:
        shown.add_column(tr(MESSAGES, "at-least", lang), justify="right")
        shown.add_column(tr(MESSAGES, "exact", lang), justify="right")
        for (label, p), least in zip(table.rows, table.at_least, strict=True):
            shown.add_row(label, percent(p, lang), str(p), percent(least, lang), str(least))
    else:
        for label, p in table.rows:
            shown.add_row(label, percent(p, lang), str(p))
    return shown


#: A bar's blocks by eighths: a bar is whole blocks and one partial block.
EIGHTHS = ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")
FULL = "█"
#: The narrowest bar drawn, whatever the console's width.
MIN_BAR = 8


def bar(p: Fraction, top: Fraction, width: int) -> str:
    """A bar of ``width`` blocks for ``top``, ``p``'s scaled to it in eighths of a block
    (rounded half up; a chance above 0 shows at least one eighth)."""
    eighths = (p / top * width * 8 + Fraction(1, 2)).__floor__() if top else 0
    if p and not eighths:
        eighths = 1
    whole, part = divmod(eighths, 8)
    return FULL * whole + EIGHTHS[part]


def histogram(table: Table, width: int, lang: Lang) -> list[str]:
    """A table as text bars, like dyce's histograms: its title, then one line a row, the
    label, the percentage and a bar scaled to the largest row, within ``width`` columns."""
    labels = max((len(label) for label, _ in table.rows), default=0)
    percents = max((len(percent(p, lang)) for _, p in table.rows), default=0)
    room = max(width - labels - percents - 6, MIN_BAR)
    top = max((p for _, p in table.rows), default=Fraction(0))
    numbers = all(label.isdigit() for label, _ in table.rows)
    lines = [table.title]
    for label, p in table.rows:
        name = label.rjust(labels) if numbers else label.ljust(labels)
        lines.append(f"{name} │ {percent(p, lang):>{percents}} │ {bar(p, top, room)}".rstrip())
    return lines


def _show(found: Chances, lang: Lang, bars: bool = False) -> None:
    """The headline (chance to eliminate), the tables (or with ``bars`` their histograms),
    then the lines below them."""
    console = Console(highlight=False, soft_wrap=True)
    headline = found.headline(lang)
    if headline is not None:
        console.print(headline, markup=False)
        console.print()
    for table in found.tables(lang):
        if bars:
            for line in histogram(table, console.width, lang):
                console.print(line, markup=False)
        else:
            console.print(_table(table, lang))
        console.print()
    for line in found.lines(lang):
        console.print(line, markup=False)


def _body(test: str) -> Callable[..., None]:
    """The body of ``odds TEST``: the chances of the options given (``odds.chances``), as
    tables, as bars with ``--histogram``, or with ``--json`` as exact fractions."""

    def run(*, json: bool, lang: Lang, histogram: bool = False, **options: Any) -> None:
        found = chances(test, options)
        if json:
            emit_json(found.payload)
            return
        _show(found, lang, bars=histogram)

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
    [*REROLLS, *TARGET_REROLLS, HISTOGRAM],
    N_(
        "Exact odds of a shooting action: damage, wounds given --target-rif, and with "
        "--target-fred and --target-cos whether the target ends eliminated, terrified, shaken or "
        "steady (R-01–R-04, R-14). Same options as 'skirmish roll shoot' without --seed/--dice."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish odds shoot --tiro 4 --fanning --target-rif 3 --target-fred 3 "
            "--target-cos 3 --fortuna 1"
        )
    ),
)
_register(
    "melee",
    roll_combat.melee,
    _melee,
    [*REROLLS, *TARGET_REROLLS, HISTOGRAM],
    N_(
        "Exact odds of a fight: damage, wounds given --target-rif, and with --target-fred and "
        "--target-cos the defender's outcome (R-01, R-03–R-05). Same options as 'skirmish roll "
        "melee' without --seed/--dice."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish odds melee --cos 3 --weapon coltello --fred 4 --target-rif 3 "
            "--target-fred 3 --target-cos 3"
        )
    ),
)
_register(
    "save",
    roll_combat.save,
    _save,
    [*REROLLS, HISTOGRAM],
    N_(
        "Exact odds of the saving rolls: wounds from --damage rolls, and with --cos the chance of "
        "elimination (R-03)."
    )
    + "\n\n"
    + example(N_("skirmish odds save --rif 3 --damage 2 --behind --cos 2")),
)
_register(
    "panic",
    roll_combat.panic,
    _panic,
    [*REROLLS, HISTOGRAM],
    N_(
        "Exact odds of a panic test: steady, shaken or terrified, and the chance of ending prone "
        "(R-04)."
    )
    + "\n\n"
    + example(N_("skirmish odds panic --fred 3 --shaken --fortuna 1")),
)
_register(
    "reflex",
    roll_procedures.reflex,
    _reflex,
    [*REROLLS, HISTOGRAM],
    N_(
        "Exact odds of a reflex test: 0, 1 or 2 successes and the chance of passing with --need 1 "
        "or 2 (R-06)."
    )
    + "\n\n"
    + example(N_("skirmish odds reflex --rif 4 --need 2 --fortuna 1")),
)
_register(
    "nerve",
    roll_combat.nerve,
    _nerve,
    [*REROLLS, HISTOGRAM],
    N_("Exact odds of a nerve test: calm, tense (−1) or nervous (−2) (R-01).")
    + "\n\n"
    + example(N_("skirmish odds nerve --fred 3 --shaken")),
)


# ---------------------------------------------------------------------------- odds compare

compare_app = typer.Typer(
    name="compare",
    add_completion=False,
    help=N_(
        "Two choices of a shooting action side by side, exactly, the better one for the goal "
        "marked: aim or not, fan or shoot, one target or another, spend a FAMA point now or "
        "keep it. The same options as 'skirmish odds shoot', and --goal."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish odds compare aim --tiro 3 --weapon rifle --range 10 --target-rif 3 "
            "--target-cos 2"
        )
    ),
    no_args_is_help=True,
)
app.add_typer(compare_app)

GOAL = parameter(
    "goal",
    Annotated[
        str | None,
        typer.Option(
            "--goal",
            metavar="[eliminate|wounds]",
            help=N_(
                "What the better choice does better: eliminate (the chance to eliminate the "
                "target, needs --target-rif and --target-cos) or wounds (the expected wounds "
                "that count). Default: eliminate when the target's COS is known, else wounds."
            ),
        ),
    ],
    None,
)


#: The other target's options: their panel, and each one's help after the first target's.
OTHER_PANEL = N_("The other target")
OTHER_HELP = N_("The other target: {help}")


def _other_parameter(input_: Any) -> inspect.Parameter:
    """The other target's option for ``input_`` (``odds.compare.other_inputs``): its flag and
    parameter with the ``--other-`` / ``other_`` prefix, left out (``None``) to take the first
    target's value; a flag has its ``--other-no-`` twin to turn it off."""
    shoot = Procedure.SHOOT
    flag = input_names.flag(OTHER_PARAM + input_.name_for(shoot))
    words: dict[str, Any] = {}
    if input_.kind is Kind.FLAG:
        flag = f"{flag}/{input_names.flag(OTHER_PARAM + 'no_' + input_.name_for(shoot))}"
    if input_.choices is not None:
        values = "|".join(c.value for c in input_.choices)
        words = {"parser": choice_parser(input_.choices), "metavar": f"[{values}]"}
    option = typer.Option(
        flag,
        help=both(
            gettext("en", OTHER_HELP, help=input_.help("en")),
            lambda: gettext("it", OTHER_HELP, help=input_.help("it")),
        ),
        rich_help_panel=OTHER_PANEL,
        show_default=False,
        **words,
    )
    base = option_type(input_)
    return parameter(OTHER_PARAM + input_.param_for(shoot), Annotated[base | None, option], None)


def _compare_body(kind: str) -> Callable[..., None]:
    """The body of ``odds compare KIND``: the two choices (``odds.compare``) as one table
    with a column each, the better one marked, or with ``--json`` exact fractions."""

    def run(*, json: bool, lang: Lang, goal: str | None, **options: Any) -> None:
        other = {
            k.removeprefix(OTHER_PARAM): options.pop(k)
            for k in list(options)
            if k.startswith(OTHER_PARAM)
        }
        found = compare(kind, options, goal=goal, other=other if kind == "targets" else None)
        if json:
            emit_json(found.payload())
            return
        _show_comparison(found, lang)

    return run


def _cell(value: Fraction | int | None, kind: str, lang: Lang) -> str:
    if value is None:
        return "—"
    if kind == "chance":
        return percent(Fraction(value), lang)
    if kind == "mean":
        return decimal(Fraction(value), lang)
    return str(value)


def _show_comparison(found: Any, lang: Lang) -> None:
    """The verdict, the table (a column a choice, the better one marked), then the notes."""
    console = Console(highlight=False, soft_wrap=True)
    console.print(found.verdict(lang), markup=False)
    console.print()
    shown = RichTable(show_edge=False)
    shown.add_column(tr(COMPARE, "choice", lang))
    for name in found.names(lang):
        shown.add_column(name, justify="right")
    for row in found.rows(lang):
        shown.add_row(row.label, *(_cell(v, row.kind, lang) for v in row.values))
    console.print(shown)
    console.print()
    for line in found.notes(lang):
        console.print(line, markup=False)


class _Later(Sequence[inspect.Parameter]):
    """Parameters made when the command's options are first read (``Command``), so that
    ``skirmish odds`` pays for the comparisons' options only when one is used."""

    def __init__(self, make: Callable[[], list[inspect.Parameter]]) -> None:
        self._make = make
        self._made: list[inspect.Parameter] | None = None

    def _all(self) -> list[inspect.Parameter]:
        if self._made is None:
            self._made = self._make()
        return self._made

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())


def _other_parameters() -> list[inspect.Parameter]:
    """The other target's options of ``compare targets`` (``odds.compare.other_inputs``)."""
    return [_other_parameter(i) for i in other_inputs()]


def _register_comparison(
    kind: str, help_: str, extra: Callable[[], list[inspect.Parameter]] = list
) -> None:
    options = _Later(lambda: [*REROLLS, *TARGET_REROLLS, GOAL, *extra()])
    doc = f"``odds compare {kind}``: its help is the command's."
    command = derived_command(roll_combat.shoot, options, _compare_body(kind), doc)
    compare_app.command(kind, help=help_)(command)


_register_comparison(
    "aim",
    N_(
        "Aim or not: the shot without aiming, or aiming first (1 action, table 1, R-02(b)), "
        "side by side; a weapon that cannot aim is an error (§5.2.1, §5.2.2)."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish odds compare aim --tiro 3 --weapon rifle --range 10 --target-rif 3 "
            "--target-fred 3 --target-cos 2"
        )
    ),
)
_register_comparison(
    "fan",
    N_(
        "Fan the six-shooter (2 actions, 6D6, §5.2.2, R-14) or fire one ordinary shot (1 "
        "action): a turn has one shooting action (§2.1). Without --range, both at short range."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish odds compare fan --tiro 4 --weapon sei-colpi --target-rif 3 "
            "--target-fred 3 --target-cos 2"
        )
    ),
)
_register_comparison(
    "targets",
    N_(
        "One target or another: the first as in 'odds shoot', the other the same changed by "
        "the --other- options (the target's and the action's: --other-target-rif, --other-cover, "
        "--other-range…)."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish odds compare targets --tiro 4 --range 5 --target-rif 3 --target-cos 2 "
            "--other-range 10 --other-cover light --other-target-rif 2"
        )
    ),
    _other_parameters,
)
_register_comparison(
    "fama",
    N_(
        "Spend a FAMA point now on this roll, or keep it: one more reroll spent wisely (R-15) "
        "than --fortuna and --fama give, and what the point buys."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish odds compare fama --tiro 4 --weapon sei-colpi --range 5 --target-rif 3 "
            "--target-cos 2"
        )
    ),
)
