"""What ``skirmish roll`` and ``skirmish odds`` share for the combat tests: the options, read
from the ``roll`` commands' own signatures, and the setups built from them.

``odds shoot`` takes exactly the flags of ``roll shoot`` but ``--seed`` and ``--dice``:
``derived_command`` copies the parameters of the ``roll`` command (its options, generated from
the declaration of the combat situation, ``engine.situation``) into a new command and adds its
own. The setup builders (``shoot_setup``, ``melee_setup``, ``panic_model``, ``nerve_model``,
``save_mods``, ``reflex_check``) take a command's options by parameter name and hand them, by
the declaration's ids, to the engine's one builder of each setup.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skirmish.cli.situation_options import Command, values_of
from skirmish.engine import situation
from skirmish.engine.result import Modifier
from skirmish.engine.setup import Attacker, MeleeSetup, ShootSetup, Target
from skirmish.engine.situation import Procedure
from skirmish.errors import RulesError

# ---------------------------------------------------------------------------- options


#: ``roll`` options that make no sense for exact odds.
ROLL_ONLY = ("seed", "dice")

#: Options that choose the dice and the output, not the setup.
NOT_SETUP = (*ROLL_ONLY, "json", "lang")


def setup_options(values: Mapping[str, Any], *also: str) -> dict[str, Any]:
    """A command's options (``dict(locals())`` at its top) less dice, output and ``also``:
    what the setup builders below take."""
    return {k: v for k, v in values.items() if k not in NOT_SETUP and k not in also}


def roll_parameters(
    command: Callable[..., Any], drop: Sequence[str] = ROLL_ONLY
) -> list[inspect.Parameter]:
    """The parameters of a ``roll`` command, annotations resolved, without ``drop``."""
    hints = typing.get_type_hints(command, include_extras=True)
    return [
        p.replace(annotation=hints[p.name])
        for p in inspect.signature(command).parameters.values()
        if p.name not in drop
    ]


def derived_command(
    roll_command: Callable[..., Any],
    extra: Sequence[inspect.Parameter],
    body: Callable[..., None],
    doc: str,
) -> Command:
    """A Typer command with the options of ``roll_command`` (less ``--seed``/``--dice``) and
    ``extra``, calling ``body(**options)``; the options are copied when first read."""

    def params() -> list[inspect.Parameter]:
        inherited = roll_parameters(roll_command)
        names = {p.name for p in inherited}
        return [*inherited, *(p for p in extra if p.name not in names)]

    return Command(params, body, getattr(roll_command, "__name__", "command"), doc)


def option(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """A keyword-only parameter for ``derived_command``'s ``extra``."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def shoot_setup(**options: Any) -> ShootSetup:
    """The shooting action the options of ``roll shoot`` / ``odds shoot`` describe (R-02)."""
    return situation.shoot_setup(values_of(Procedure.SHOOT, options))


def melee_setup(**options: Any) -> MeleeSetup:
    """The fight the options of ``roll melee`` / ``odds melee`` describe (R-05)."""
    return situation.melee_setup(values_of(Procedure.MELEE, options))


def panic_model(**options: Any) -> Target:
    """The model taking a panic test, from the options of ``roll panic`` (R-04)."""
    return situation.panic_model(values_of(Procedure.PANIC, options))


def nerve_model(**options: Any) -> Attacker:
    """The model taking a nerve test, from the options of ``roll nerve`` (R-01)."""
    return situation.nerve_model(values_of(Procedure.NERVE, options))


def save_mods(**options: Any) -> tuple[Modifier, ...]:
    """The saving-roll modifiers the options of ``roll save`` name (R-03)."""
    return situation.save_modifiers_of(values_of(Procedure.SAVE, options))


def reflex_check(
    *,
    need: int | None,
    action: str | None,
    side_step: str | None,
    horse: bool,
    lasso: bool,
    **options: Any,
) -> tuple[int, tuple[Modifier, ...]]:
    """Successes needed and the modifiers on each die, from the options of ``roll reflex``
    (R-06): ``--action`` names a test of table 1 and sets ``--need``, horse and lasso."""
    from skirmish.cli.roll_procedures import SIDE_STEPS, pick
    from skirmish.engine.reflex import action_test, reflex_modifiers

    if action is not None:
        test = action_test(action)
        if need is not None and need != test.need:
            raise RulesError(
                f"{action!r} needs {test.need} success(es) (R-06, table 1), not --need {need}; "
                "drop --need."
            )
        need, horse, lasso = test.need, horse or test.horse, lasso or test.lasso
    step = 0 if side_step is None else pick("side-step", side_step, SIDE_STEPS)
    mods = reflex_modifiers(side_step=step, horse=horse, lasso=lasso, **options)
    return (1 if need is None else need), mods
