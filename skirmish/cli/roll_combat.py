"""``skirmish roll nerve|shoot|melee|save|panic``: the combat procedures of R-01…R-05 and R-14.

The commands' options are not written here: each command takes every input the declaration of
the combat situation (``engine.situation``) gives its procedure, made typer options by
``cli.situation_options``, then ``--seed``, ``--dice``, ``--json`` and ``--lang``. Its body hands
the options to the setup builders of ``situation_options`` (shared with ``skirmish odds``),
rolls the procedure on typed-in (``--dice``) or seeded random dice, and prints one line a step
(``--lang it|en``) or one JSON object (``--json``) through ``render_rolls.emit``. The renderers
and the engine's procedures are imported inside the bodies so that loading ``skirmish roll``
stays cheap.
"""

from typing import Any

import typer

from skirmish.cli.common_flags import DiceOpt, JsonOpt, LangOpt, SeedOpt, roll_with
from skirmish.cli.situation_options import (
    melee_setup,
    nerve_model,
    panic_model,
    parameter,
    save_mods,
    shoot_setup,
    situation_command,
)
from skirmish.engine.situation import ROLL_SOURCES, Procedure

#: The options every roll ends with: the dice and the output.
ROLL_OPTIONS = [
    parameter("seed", SeedOpt, None),
    parameter("dice", DiceOpt, None),
    parameter("json", JsonOpt, False),
    parameter("lang", LangOpt),
]


def _nerve(*, seed: int | None, dice: str | None, json: bool, lang: Any, **options: Any) -> None:
    """``roll nerve``: a nerve test on its own (R-01)."""
    from skirmish.cli import render_combat as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.nerve import nerve_test

    fight, saloon_girl = options.pop("fight"), options.pop("saloon_girl")
    attacker = nerve_model(**options)
    result = roll_with(
        lambda d: nerve_test(attacker, d, fight=fight, saloon_girl=saloon_girl),
        seed=seed,
        dice=dice,
    )
    emit(result, render.nerve_lines, render.nerve_result_json, json, lang)


def _shoot(*, seed: int | None, dice: str | None, json: bool, lang: Any, **options: Any) -> None:
    """``roll shoot``: a whole shooting action (R-01–R-04, R-14)."""
    from skirmish.cli import render_combat as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.shooting import shoot as roll_shoot

    setup = shoot_setup(**options)
    result = roll_with(lambda d: roll_shoot(setup, d), seed=seed, dice=dice)
    emit(result, render.shoot_lines, render.shoot_json, json, lang)


def _melee(*, seed: int | None, dice: str | None, json: bool, lang: Any, **options: Any) -> None:
    """``roll melee``: a whole fight (R-01, R-03–R-05)."""
    from skirmish.cli import render_combat as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.fight import melee as roll_melee

    setup = melee_setup(**options)
    result = roll_with(lambda d: roll_melee(setup, d), seed=seed, dice=dice)
    emit(result, render.melee_lines, render.melee_json, json, lang)


def _save(*, seed: int | None, dice: str | None, json: bool, lang: Any, **options: Any) -> None:
    """``roll save``: saving rolls on their own (R-03)."""
    from skirmish.cli import render_combat as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.saving import saving_roll

    rif, damage, cos = options.pop("rif"), options.pop("damage"), options.pop("cos")
    mods = save_mods(**options)
    result = roll_with(
        lambda d: saving_roll(rif, d, damage=damage, modifiers=mods, cos=cos), seed=seed, dice=dice
    )
    emit(result, render.save_lines, render.save_result_json, json, lang)


def _panic(*, seed: int | None, dice: str | None, json: bool, lang: Any, **options: Any) -> None:
    """``roll panic``: a panic test on its own (R-04)."""
    from skirmish.cli import render_combat as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.panic import panic_test

    charge = options.pop("mountain_men_charge")
    model = panic_model(**options)
    result = roll_with(
        lambda d: panic_test(model, d, mountain_men_charge=charge), seed=seed, dice=dice
    )
    emit(result, render.panic_lines, render.panic_result_json, json, lang)


#: Each command's help: what it does, its defaults, and an example on one line.
HELP = {
    "nerve": "Nerve test before shooting or fighting: 2D6 against FRED; one die over is tense "
    "(−1), two are nervous (−2) (R-01).\n\n"
    "Example: skirmish roll nerve --fred 3 --shaken --dice 2,4",
    "shoot": "Shoot: nerve test, one shooting roll per shot (1D6 + TIRO + weapon bonus + "
    "modifiers: 7 or less misses, 8–9 one damage, 10+ two), then with --target-rif one saving "
    "roll per damage and with --target-fred the panic test (R-01–R-04, R-14). Defaults: "
    "six-shooter, TIRO/FRED/COS 3, one shot, range within long but beyond short range.\n\n"
    "Example: skirmish roll shoot --tiro 4 --cover light\n\n"
    "Example (§4.2): skirmish roll shoot --tiro 4 --weapon sei-colpi --range 8 --cover light "
    "--target-waiting --fred 3 --target-rif 3 --target-fred 3 --target-cos 3 "
    "--dice 2,4,4,4,3,5",
    "melee": "Fight: nerve test, one fight roll (1D6 + COS + weapon bonus + table 4: 6 or less "
    "misses, 7–9 one damage, 10+ two), then with --target-rif the saving rolls (blade +1) and "
    "with --target-fred the panic test (R-01, R-03–R-05). Defaults: bare hands on both sides, "
    "COS/FRED 3.\n\n"
    "Example: skirmish roll melee --cos 3 --weapon coltello --fred 4 --target-rif 3 "
    "--target-fred 3 --target-cos 3 --dice 2,4,4,4,3,5",
    "save": "Saving rolls: one per damage, 1D6 + modifiers − RIF; 0 or less no wound, 1–3 one, "
    "4+ two (R-03).\n\n"
    "Example: skirmish roll save --rif 3 --damage 2 --behind",
    "panic": "Panic test after being shot at or attacked: 2D6 against FRED; one die over "
    "shaken, two terrified; a shaken model that fails becomes terrified, a terrified one also "
    "drops prone; any failure flees to cover within 5U (R-04).\n\n"
    "Example: skirmish roll panic --fred 3 --shaken --dice 3,5",
}


#: One line each for ``skirmish roll --help``.
SHORT_HELP = {
    "nerve": "Nerve test (R-01): 2D6 against FRED before shooting or fighting.",
    "shoot": "Shoot (R-01–R-04, R-14): nerve, shots, saves and panic.",
    "melee": "Fight (R-05): nerve, fight roll, saves and panic.",
    "save": "Saving rolls (R-03): 1D6 + modifiers − RIF per damage.",
    "panic": "Panic test (R-04): 2D6 against FRED; shaken, terrified, prone.",
}


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
