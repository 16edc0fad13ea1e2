"""What ``skirmish roll`` and ``skirmish odds`` share for the combat tests: the options, read
from the ``roll`` commands' own signatures, and the setups built from them.

``odds shoot`` takes exactly the flags of ``roll shoot`` but ``--seed`` and ``--dice``: rather
than declaring some forty options twice, ``derived_command`` copies the parameters of the
``roll`` command (its ``Annotated`` options, defaults and help) into a new command and adds its
own. The setup builders (``shoot_setup``, ``melee_setup``, ``panic_model``, ``nerve_model``,
``save_mods``, ``reflex_check``) turn those options into the engine's values, the one way for
both nouns: ``roll_combat``, ``roll_tests`` and ``odds`` all call them, with the parsers of
names and states below.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skirmish.engine.result import Modifier
from skirmish.engine.setup import (
    CHOSEN_WEAPON_SKILLS,
    Attacker,
    FightSituation,
    Immunity,
    MeleeSetup,
    MountPace,
    ShootSetup,
    ShotSituation,
    SkillTaken,
    Target,
)
from skirmish.errors import RulesError
from skirmish.rules.model import ModelState, Weapon

#: Names that mean "no weapon" in a fight.
BARE_HANDS = frozenset({"bare-hands", "bare-handed", "mani-nude", "none", "unarmed", "disarmato"})

# ---------------------------------------------------------------------------- parsing


def model_state(shaken: bool, terrified: bool, who: str) -> ModelState:
    """The state ``--shaken`` / ``--terrified`` name; both at once is an error about ``who``."""
    if shaken and terrified:
        raise RulesError(f"{who} is either shaken or terrified, not both; drop one of the two.")
    if terrified:
        return ModelState.TERRIFIED
    return ModelState.SHAKEN if shaken else ModelState.STEADY


def parse_weapon(text: str | None) -> Weapon | None:
    """A weapon by Italian or English name; ``None`` for bare hands."""
    if text is None:
        return None
    from skirmish.rules import find_weapon
    from skirmish.rules.names import normalize

    if normalize(text) in BARE_HANDS:
        return None
    return find_weapon(text)


def parse_skills(values: Sequence[str] | None, weapon: Weapon | None) -> tuple[SkillTaken, ...]:
    """``NAME[:WEAPON]`` in either language into skills with their chosen weapon (§7.2)."""
    from skirmish.rules import find_skill, find_weapon

    taken: list[SkillTaken] = []
    for value in values or ():
        name, _, choice_text = value.partition(":")
        skill = find_skill(name)
        category = CHOSEN_WEAPON_SKILLS.get(skill.id)
        choice: str | None = None
        if category is not None and choice_text:
            chosen = find_weapon(choice_text)
            if chosen.category is not category:
                raise RulesError(
                    f"{skill.name_en} is chosen for a {category} weapon, and "
                    f"{choice_text!r} is a {chosen.category} (§7.2)."
                )
            choice = chosen.id
        elif category is not None and weapon is not None and weapon.category is category:
            choice = weapon.id
        elif choice_text:
            raise RulesError(f"{skill.name_en} has no chosen weapon; write --skill {name}.")
        taken.append(SkillTaken(skill.id, choice))
    return tuple(taken)


def parse_faction(text: str | None) -> str | None:
    """A faction id from its name in either language."""
    if text is None:
        return None
    from skirmish.rules import find_faction

    return find_faction(text).id


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
) -> Callable[..., None]:
    """A Typer command with the options of ``roll_command`` (less ``--seed``/``--dice``) and
    ``extra``, calling ``body(**options)``."""
    inherited = roll_parameters(roll_command)
    names = {p.name for p in inherited}
    params = [*inherited, *(p for p in extra if p.name not in names)]

    def command(**options: Any) -> None:
        body(**options)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__annotations__["return"] = None
    command.__doc__ = doc
    command.__name__ = getattr(roll_command, "__name__", "command")
    return command


def option(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """A keyword-only parameter for ``derived_command``'s ``extra``."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _route(
    options: dict[str, Any], situation: type[Any]
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Share out the options that map one to one onto a field, by the field's name: first the
    situation's, then the attacker's, then the target's (``--target-X`` or a target-only
    name). An option that fits nowhere is a bug to fix here, not something to drop."""
    situation_fields = {f.name for f in dataclasses.fields(situation)}
    attacker_fields = {f.name for f in dataclasses.fields(Attacker)}
    target_fields = {f.name for f in dataclasses.fields(Target)}
    by_situation: dict[str, Any] = {}
    by_attacker: dict[str, Any] = {}
    by_target: dict[str, Any] = {}
    for name, value in options.items():
        if name in situation_fields:
            by_situation[name] = value
        elif name in attacker_fields:
            by_attacker[name] = value
        elif name.startswith("target_") and name.removeprefix("target_") in target_fields:
            by_target[name.removeprefix("target_")] = value
        elif name in target_fields:
            by_target[name] = value
        else:
            raise TypeError(f"option {name!r} has no place in the setup: map it in combat_options")
    return by_situation, by_attacker, by_target


def shoot_setup(
    *,
    weapon: str,
    range_: float | None,
    fanning: bool,
    skill: list[str] | None,
    shaken: bool,
    terrified: bool,
    faction: str | None,
    target_skill: list[str] | None,
    target_shaken: bool,
    target_terrified: bool,
    immune: Immunity | None,
    **options: Any,
) -> ShootSetup:
    """The shooting action the options of ``roll shoot`` / ``odds shoot`` describe (R-02);
    fanning with no ``--range`` fires within short range."""
    gun = parse_weapon(weapon)
    if gun is None:
        raise RulesError("shooting needs a weapon; give --weapon (e.g. six-shooter).")
    distance = range_
    if distance is None and fanning and gun.short is not None:
        distance = float(gun.short)
    situation, attacker, target = _route(options, ShotSituation)
    return ShootSetup(
        attacker=Attacker(
            weapon=gun,
            skills=parse_skills(skill, gun),
            state=model_state(shaken, terrified, "the shooter"),
            faction=parse_faction(faction),
            **attacker,
        ),
        target=Target(
            skills=parse_skills(target_skill, None),
            state=model_state(target_shaken, target_terrified, "the target"),
            immunity=immune,
            **target,
        ),
        situation=ShotSituation(range=distance, fanning=fanning, **situation),
    )


def melee_setup(
    *,
    weapon: str | None,
    skill: list[str] | None,
    shaken: bool,
    terrified: bool,
    target_weapon: str | None,
    target_mounted: bool,
    target_skill: list[str] | None,
    target_shaken: bool,
    target_terrified: bool,
    immune: Immunity | None,
    **options: Any,
) -> MeleeSetup:
    """The fight the options of ``roll melee`` / ``odds melee`` describe (R-05)."""
    arm = parse_weapon(weapon)
    situation, attacker, target = _route(options, FightSituation)
    return MeleeSetup(
        attacker=Attacker(
            weapon=arm,
            skills=parse_skills(skill, arm),
            state=model_state(shaken, terrified, "the attacker"),
            **attacker,
        ),
        target=Target(
            weapon=parse_weapon(target_weapon),
            skills=parse_skills(target_skill, None),
            state=model_state(target_shaken, target_terrified, "the defender"),
            mount=MountPace.STILL if target_mounted else MountPace.NONE,
            immunity=immune,
            **target,
        ),
        situation=FightSituation(**situation),
    )


def _fields_of(cls: type[Any], options: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(options) - names)
    if unknown:
        raise TypeError(f"options {unknown} have no place in {cls.__name__}: map them here")
    return options


def panic_model(
    *,
    shaken: bool,
    terrified: bool,
    skill: list[str] | None,
    immune: Immunity | None,
    **options: Any,
) -> Target:
    """The model taking a panic test, from the options of ``roll panic`` (R-04)."""
    return Target(
        state=model_state(shaken, terrified, "the model"),
        skills=parse_skills(skill, None),
        immunity=immune,
        **_fields_of(Target, options),
    )


def nerve_model(
    *, shaken: bool, terrified: bool, skill: list[str] | None, **options: Any
) -> Attacker:
    """The model taking a nerve test, from the options of ``roll nerve`` (R-01)."""
    return Attacker(
        state=model_state(shaken, terrified, "the model"),
        skills=parse_skills(skill, None),
        **_fields_of(Attacker, options),
    )


def save_mods(**options: Any) -> tuple[Modifier, ...]:
    """The saving-roll modifiers the options of ``roll save`` name (R-03)."""
    from skirmish.engine.saving import save_modifiers

    return save_modifiers(**options)


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
    from skirmish.cli.roll_tests import SIDE_STEPS, pick
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
