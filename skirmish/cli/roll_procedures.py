"""``skirmish roll reflex|initiative|cohesion|infamy|recovery|skill|availability|explosion|lasso``:
the book's procedures of R-06…R-12 and R-14 that are not a shot or a fight (its reflex,
initiative, cohesion and infamy tests, recovery, a new skill, availability, explosions, the
lasso), beside the combat procedures of ``roll_combat``.

The commands' options are not written here: each takes the inputs its test declares
(``engine.rolls.OPTIONS``, shared with the web's dice roller), made typer options by
``option_parameter``, then ``--seed``, ``--dice``, ``--json`` and ``--lang``. Its body rolls
the test with ``engine.rolls.roll`` on typed-in (``--dice``) or seeded random dice and prints one
line a step (``--lang it|en``) or one JSON object (``--json``) whose ``dice`` lists every die
used, in order (``render_rolls.show``). Names (doctor, invalidity, skill, explosive, shelter…)
are accepted in Italian or English. The engine and the explanations are imported inside
``roll`` so that loading ``skirmish roll`` stays cheap.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import typer

from skirmish.cli import input_names
from skirmish.cli.help_text import both, example
from skirmish.cli.render_rolls import show
from skirmish.cli.roll_combat import ROLL_OPTIONS
from skirmish.cli.situation_options import Command, parameter
from skirmish.engine import rolls
from skirmish.engine.rolls import Kind, Option
from skirmish.errors import said
from skirmish.translation import N_

#: The Python type of each kind of option.
_TYPES: dict[Kind, Any] = {
    Kind.FLAG: bool,
    Kind.SWITCH: bool,
    Kind.NUMBER: int,
    Kind.NAME: str,
    Kind.NAMES: list[str],
    Kind.WORD: str,
}


def option_parameter(option: Option) -> inspect.Parameter:
    """The typer option of a declared ``Option``: its flag (``--fama/--no-fama`` for a switch),
    type, default (none when it is required) and help."""
    flag = input_names.flag(option.id)
    if option.kind is Kind.SWITCH:
        flag = f"{flag}/{input_names.negative(option.id)}"
    base = _TYPES[option.kind]
    optional = not option.required and option.default is None
    kind: Any = base | None if optional else base
    help_text = both(
        said(option.help("en"), "en", input_names.naming),
        lambda: said(option.help("it"), "it", input_names.naming),
    )
    annotation = Annotated[kind, typer.Option(flag, help=help_text)]
    default = inspect.Parameter.empty if option.required else option.default
    return parameter(option.id, annotation, default)


def _command(test: str) -> Command:
    """``roll TEST``: the test's declared options, then the dice and the output."""

    def run(*, seed: int | None, dice: str | None, json: bool, lang: Any, **options: Any) -> None:
        show(rolls.roll(test, options, seed=seed, dice=dice), json, lang)

    def params() -> list[inspect.Parameter]:
        return [*(option_parameter(o) for o in rolls.OPTIONS[test]), *ROLL_OPTIONS]

    doc = f"``roll {test}``; its help is ``HELP[{test!r}]``."
    run.__doc__ = doc
    return Command(params, run, test, doc)


reflex = _command("reflex")
initiative = _command("initiative")
cohesion = _command("cohesion")
infamy = _command("infamy")
recovery = _command("recovery")
skill = _command("skill")
availability = _command("availability")
explosion = _command("explosion")
lasso = _command("lasso")


# ---------------------------------------------------------------------------- registration


#: Each command's help: what it rolls, then examples that work as written.
HELP = {
    "reflex": N_(
        "Reflex test (R-06): roll 2D6 and add the modifiers to each die; a die below RIF "
        "succeeds (equal fails). Most actions need 1 success, those marked '2 dadi su 2' need 2; "
        "--action takes the number from table 1."
    )
    + "\n\n"
    + example(N_("skirmish roll reflex --rif 4 --action mount-galloping --dice 3,5"), "§2.4"),
    "initiative": N_(
        "Initiative (R-07): 1D6 + RIF + the unused FAMA of the model or a friend within 5U. "
        "With --against-rif both sides roll, the higher wins and a tie is rolled again (H-06); "
        "a natural 1 shakes a model with 'Nervi scossi'."
    )
    + "\n\n"
    + example(N_("skirmish roll initiative --rif 3 --fama 1 --against-rif 4 --dice 4,3")),
    "cohesion": N_(
        "Cohesion test (R-08), each turn once a gang has lost over half its models: 1D6, −1 "
        "with the leader in play, +1 with the leader dead; at most the highest FRED in play "
        "fights on, more retreats and loses."
    )
    + "\n\n"
    + example(N_("skirmish roll cohesion --highest-fred 3 --leader dead --dice 3")),
    "infamy": N_(
        "Infamy test (R-09) after a voluntary retreat: on a 1 a model of your choice loses 1 "
        "FAMA for good, or 1 FORTUNA if the gang has no FAMA."
    )
    + "\n\n"
    + example(N_("skirmish roll infamy --no-fama --dice 1")),
    "recovery": N_(
        "Recovery (R-10) of a model eliminated in the game: 1D6 + doctor; 1 dead, 2 invalid, "
        "3–4 wounded, 5+ fully recovered. FORTUNA rerolls a 'dead': below COS it survives as an "
        "invalid. An invalidity it already has is rolled again (H-07)."
    )
    + "\n\n"
    + example(N_("skirmish roll recovery --cos 3 --fortuna 1 --dice 1,2,5"))
    + "\n\n"
    + example(
        N_("skirmish roll recovery --cos 3 --doctor segaossa --has-invalid orbo --dice 1,2,4")
    ),
    "skill": N_(
        "New skill (R-11) for 3 XP: 2D6 on the new-skills table; an owned skill is rolled "
        "again, DOTTORE on a bone-setter makes a graduate; mountain men may take CACCIATORE "
        "instead of rolling."
    )
    + "\n\n"
    + example(N_("skirmish roll skill --owned duro --owned dottore --dice 4,6,2,3")),
    "availability": N_(
        "Availability (R-12) before buying: 1D6 equal to or above the item's DISP; a failed "
        "roll can be tried again after the next game (H-03)."
    )
    + "\n\n"
    + example(N_("skirmish roll availability --item dinamite --dice 4")),
    "explosion": N_(
        "Explosion (R-14) on one model within 5U: dynamite 6 or nitroglycerin 10 damages, less "
        "its protection (table 8), one saving roll each (R-03); survivors are thrown 1D6 + "
        "damages U and terrified. Dynamite: unmoved models step away ⌈1D6/2⌉ U unless a short "
        "fuse was declared, which explodes in the thrower's hands on a 1."
    )
    + "\n\n"
    + example(
        N_("skirmish roll explosion --explosive dinamite --rif 3 --cos 4 --unmoved --distance 4")
    )
    + "\n\n"
    + example(
        N_(
            "skirmish roll explosion --explosive nitro --rif 3 --cos 3 --protection total "
            "--cover-type muro --dice 4,1,1,1,1,1,2"
        )
    ),
    "lasso": N_(
        "Lasso (R-14): with --rif the reflex test first (1 success, cowboys −1), then 1D6 "
        "against the target's COS plus its mount's: lower pulls the thrower, equal holds, "
        "higher pulls the target, by the difference; over 2 knocks the pulled model down."
    )
    + "\n\n"
    + example(N_("skirmish roll lasso --target-cos 3 --mount horse --rif 3 --cowboy --dice 2,5,6")),
}


#: One line each for the list of ``skirmish roll --help``: the declaration's.
SHORT_HELP = {test: rolls.TITLES[test] for test in rolls.OPTIONS}


def register(app: typer.Typer) -> None:
    """Add the non-combat tests to the ``roll`` app."""
    for command in (
        reflex,
        initiative,
        cohesion,
        infamy,
        recovery,
        skill,
        availability,
        explosion,
        lasso,
    ):
        name = command.__name__
        app.command(name, help=HELP[name], short_help=SHORT_HELP[name])(command)
