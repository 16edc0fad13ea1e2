"""``skirmish roll nerve|shoot|melee|save|panic``: the combat procedures of R-01…R-05 and R-14.

The commands' options are not written here: each command takes every input the declaration of
the combat situation (``engine.situation``) gives its procedure, made typer options by
``cli.situation_options``, then ``--seed``, ``--dice``, ``--json`` and ``--lang``. Its body hands
the options to ``engine.rolls.roll`` (shared with the web's dice roller), which builds the
setup and rolls the procedure on typed-in (``--dice``) or seeded random dice, and prints one
line a step (``--lang it|en``) or one JSON object (``--json``) through ``render_rolls.show``.
The engine's procedures and explanations are imported inside ``roll`` so that loading
``skirmish roll`` stays cheap.
"""

from collections.abc import Callable
from typing import Any

import typer

from skirmish.cli.common_flags import DiceOpt, JsonOpt, LangOpt, SeedOpt
from skirmish.cli.help_text import both, example
from skirmish.cli.render_rolls import show
from skirmish.cli.situation_options import parameter, situation_command
from skirmish.engine import rolls
from skirmish.engine.situation import ROLL_SOURCES, Procedure
from skirmish.translation import N_

#: The options every roll ends with: the dice and the output.
ROLL_OPTIONS = [
    parameter("seed", SeedOpt, None),
    parameter("dice", DiceOpt, None),
    parameter("json", JsonOpt, False),
    parameter("lang", LangOpt),
]


def _body(test: str, doc: str) -> Any:
    """The body of ``roll TEST``: roll the options given (``engine.rolls.roll``) and print."""

    def run(*, seed: int | None, dice: str | None, json: bool, lang: Any, **options: Any) -> None:
        show(rolls.roll(test, options, seed=seed, dice=dice), json, lang)

    run.__doc__ = doc
    return run


_nerve = _body("nerve", "``roll nerve``: a nerve test on its own (R-01).")
_shoot = _body("shoot", "``roll shoot``: a whole shooting action (R-01–R-04, R-14).")
_melee = _body("melee", "``roll melee``: a whole fight (R-01, R-03–R-05).")
_save = _body("save", "``roll save``: saving rolls on their own (R-03).")
_panic = _body("panic", "``roll panic``: a panic test on its own (R-04).")


#: Each command's help: what it does, its defaults, and an example on one line.
HELP = {
    "nerve": N_(
        "Nerve test before shooting or fighting: 2D6 against FRED; one die over is tense (−1), "
        "two are nervous (−2) (R-01)."
    )
    + "\n\n"
    + example(N_("skirmish roll nerve --fred 3 --shaken --dice 2,4")),
    "shoot": N_(
        "Shoot: nerve test, one shooting roll per shot (1D6 + TIRO + weapon bonus + modifiers: 7 "
        "or less misses, 8–9 one damage, 10+ two), then with --target-rif one saving roll per "
        "damage and with --target-fred the panic test (R-01–R-04, R-14). Defaults: six-shooter, "
        "TIRO/FRED/COS 3, one shot, range within long but beyond short range."
    )
    + "\n\n"
    + example(N_("skirmish roll shoot --tiro 4 --cover light"))
    + "\n\n"
    + example(
        N_(
            "skirmish roll shoot --tiro 4 --weapon sei-colpi --range 8 --cover light "
            "--target-waiting --fred 3 --target-rif 3 --target-fred 3 --target-cos 3 "
            "--dice 2,4,4,4,3,5"
        ),
        "§4.2",
    ),
    "melee": N_(
        "Fight: nerve test, one fight roll (1D6 + COS + weapon bonus + table 4: 6 or less misses, "
        "7–9 one damage, 10+ two), then with --target-rif the saving rolls (blade +1) and with "
        "--target-fred the panic test (R-01, R-03–R-05). Defaults: bare hands on both sides, "
        "COS/FRED 3."
    )
    + "\n\n"
    + example(
        N_(
            "skirmish roll melee --cos 3 --weapon coltello --fred 4 --target-rif 3 "
            "--target-fred 3 --target-cos 3 --dice 2,4,4,4,3,5"
        )
    ),
    "save": N_(
        "Saving rolls: one per damage, 1D6 + modifiers − RIF; 0 or less no wound, 1–3 one, 4+ two "
        "(R-03)."
    )
    + "\n\n"
    + example(N_("skirmish roll save --rif 3 --damage 2 --behind")),
    "panic": N_(
        "Panic test after being shot at or attacked: 2D6 against FRED; one die over shaken, two "
        "terrified; a shaken model that fails becomes terrified, a terrified one also drops "
        "prone; any failure flees to cover within 5U (R-04)."
    )
    + "\n\n"
    + example(N_("skirmish roll panic --fred 3 --shaken --dice 3,5")),
}


def _italian_title(test: str) -> Callable[[], str]:
    return lambda: rolls.title(test, "it")


#: One line each for ``skirmish roll --help``: the declaration's (``engine.rolls.TITLES``).
SHORT_HELP = {test: both(rolls.title(test, "en"), _italian_title(test)) for test in rolls.COMBAT}


def _command(procedure: Procedure, body: Any) -> Any:
    """The ``roll`` command of ``procedure``: every input the declaration gives it, then
    ``--seed``, ``--dice``, ``--json`` and ``--lang``."""
    name = procedure.value
    return situation_command(
        procedure, ROLL_SOURCES, body, name=name, doc=body.__doc__, after=ROLL_OPTIONS
    )


nerve = _command(Procedure.NERVE, _nerve)
shoot = _command(Procedure.SHOOT, _shoot)
melee = _command(Procedure.MELEE, _melee)
save = _command(Procedure.SAVE, _save)
panic = _command(Procedure.PANIC, _panic)


def register(app: typer.Typer) -> None:
    """Add ``nerve``, ``shoot``, ``melee``, ``save`` and ``panic`` to the ``roll`` app."""
    for command in (nerve, shoot, melee, save, panic):
        name = command.__name__
        app.command(name, help=HELP[name], short_help=SHORT_HELP[name])(command)
