"""What ``skirmish roll`` and ``skirmish odds`` share for the combat tests: the options, read
from the ``roll`` commands' own signatures, and the setups built from them.

``odds shoot`` takes exactly the flags of ``roll shoot`` but ``--seed`` and ``--dice``: rather
than declaring some forty options twice, ``derived_command`` copies the parameters of the
``roll`` command (its ``Annotated`` options, defaults and help) into a new command and adds its
own. The setup builders (``shoot_setup``, ``melee_setup``, ``panic_model``, ``nerve_model``,
``save_mods``, ``reflex_mods``) turn those options into the engine's values, the same way for
both nouns; ``roll_combat`` and ``roll_tests`` can call them instead of building inline.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any

from skirmish.cli.roll_combat import _state, parse_faction, parse_skills, parse_weapon
from skirmish.engine.result import Modifier
from skirmish.engine.setup import (
    Attacker,
    Elevation,
    FightSituation,
    Immunity,
    MeleeSetup,
    Motion,
    MountPace,
    ShootSetup,
    ShotSituation,
    Target,
)
from skirmish.errors import RulesError
from skirmish.rules.model import Cover

#: ``roll`` options that make no sense for exact odds.
ROLL_ONLY = ("seed", "dice")


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


def _target(
    *,
    target_rif: int | None,
    target_fred: int | None,
    target_cos: int | None,
    target_shaken: bool,
    target_terrified: bool,
    target_skill: list[str] | None,
    leader_fred: int | None,
    friends: int,
    volunteer: bool,
    gringo_far: bool,
    immune: Immunity | None,
    saloon_girl: bool,
    target_whisky: bool,
    who: str,
    **fields: Any,
) -> Target:
    return Target(
        rif=target_rif,
        fred=target_fred,
        cos=target_cos,
        skills=parse_skills(target_skill, None),
        state=_state(target_shaken, target_terrified, who),
        leader_fred=leader_fred,
        friends=friends,
        volunteer=volunteer,
        gringo_far=gringo_far,
        immunity=immune,
        saloon_girl=saloon_girl,
        whisky=target_whisky,
        **fields,
    )


def shoot_setup(
    *,
    tiro: int,
    fred: int,
    cos: int,
    weapon: str,
    range_: float | None,
    aim: bool,
    moved: bool,
    shots: int,
    shaken: bool,
    terrified: bool,
    skill: list[str] | None,
    whisky: bool,
    moving: Motion,
    two_pistols: bool,
    faction: str | None,
    near_two_soldiers: bool,
    orbo: bool,
    rounds: int | None,
    scope: bool,
    fanning: bool,
    first_small_pistol: bool,
    cover: Cover,
    target_waiting: bool,
    target_prone: bool,
    behind: bool,
    target_not_in_view: bool,
    target_mount: MountPace,
    opportunity: bool,
    night: bool,
    indian_hidden: bool,
    template_position: int,
    **target: Any,
) -> ShootSetup:
    """The shooting action the options of ``roll shoot`` / ``odds shoot`` describe (R-02)."""
    gun = parse_weapon(weapon)
    if gun is None:
        raise RulesError("shooting needs a weapon; give --weapon (e.g. six-shooter).")
    distance = range_
    if distance is None and fanning and gun.short is not None:
        distance = float(gun.short)
    return ShootSetup(
        attacker=Attacker(
            tiro=tiro,
            fred=fred,
            cos=cos,
            weapon=gun,
            skills=parse_skills(skill, gun),
            state=_state(shaken, terrified, "the shooter"),
            moving=moving,
            whisky=whisky,
            two_pistols=two_pistols,
            faction=parse_faction(faction),
            near_two_soldiers=near_two_soldiers,
            orbo=orbo,
            rounds=rounds,
            scope=scope,
        ),
        target=_target(
            **target,
            who="the target",
            prone=target_prone,
            mount=target_mount,
            indian_hidden=indian_hidden,
        ),
        situation=ShotSituation(
            range=distance,
            cover=cover,
            aim=aim,
            moved=moved,
            shots=shots,
            target_waiting=target_waiting,
            behind=behind,
            target_not_in_view=target_not_in_view,
            opportunity=opportunity,
            night=night,
            first_small_pistol=first_small_pistol,
            fanning=fanning,
            template_position=template_position,
        ),
    )


def melee_setup(
    *,
    cos: int,
    fred: int,
    weapon: str | None,
    shaken: bool,
    terrified: bool,
    skill: list[str] | None,
    whisky: bool,
    mounted: bool,
    prone: bool,
    elevation: Elevation,
    bear_hunter: bool,
    malattia: bool,
    mountain_men_charge: bool,
    behind: bool,
    target_weapon: str | None,
    target_mounted: bool,
    target_prone: bool,
    **target: Any,
) -> MeleeSetup:
    """The fight the options of ``roll melee`` / ``odds melee`` describe (R-05)."""
    arm = parse_weapon(weapon)
    return MeleeSetup(
        attacker=Attacker(
            fred=fred,
            cos=cos,
            weapon=arm,
            skills=parse_skills(skill, arm),
            state=_state(shaken, terrified, "the attacker"),
            prone=prone,
            mounted=mounted,
            whisky=whisky,
            bear_hunter=bear_hunter,
            malattia=malattia,
        ),
        target=_target(
            **target,
            who="the defender",
            weapon=parse_weapon(target_weapon),
            prone=target_prone,
            mount=MountPace.STILL if target_mounted else MountPace.NONE,
        ),
        situation=FightSituation(
            behind=behind, elevation=elevation, mountain_men_charge=mountain_men_charge
        ),
    )


def panic_model(
    *,
    fred: int,
    shaken: bool,
    terrified: bool,
    prone: bool,
    skill: list[str] | None,
    leader_fred: int | None,
    friends: int,
    volunteer: bool,
    gringo_far: bool,
    immune: Immunity | None,
    whisky: bool,
) -> Target:
    """The model taking a panic test, from the options of ``roll panic`` (R-04)."""
    return Target(
        fred=fred,
        state=_state(shaken, terrified, "the model"),
        prone=prone,
        skills=parse_skills(skill, None),
        leader_fred=leader_fred,
        friends=friends,
        volunteer=volunteer,
        gringo_far=gringo_far,
        immunity=immune,
        whisky=whisky,
    )


def nerve_model(
    *, fred: int, shaken: bool, terrified: bool, skill: list[str] | None, whisky: bool
) -> Attacker:
    """The model taking a nerve test, from the options of ``roll nerve`` (R-01)."""
    return Attacker(
        fred=fred,
        state=_state(shaken, terrified, "the model"),
        skills=parse_skills(skill, None),
        whisky=whisky,
    )


def save_mods(
    *, behind: bool, blade: bool, small_pistol_first: bool, whisky: bool
) -> tuple[Modifier, ...]:
    """The saving-roll modifiers the options of ``roll save`` name (R-03)."""
    from skirmish.engine.saving import save_modifiers

    return save_modifiers(
        behind=behind, blade=blade, small_pistol_first=small_pistol_first, whisky=whisky
    )


def reflex_mods(
    *,
    side_step: str | None,
    backing: bool,
    horse: bool,
    enemies: int,
    buon_cavaliere: bool,
    lasso: bool,
    cowboy: bool,
    imbranato: bool,
    whisky: bool,
    opportunity: bool,
) -> tuple[Modifier, ...]:
    """The reflex-test modifiers the options of ``roll reflex`` name (R-06)."""
    from skirmish.cli.roll_tests import SIDE_STEPS, pick
    from skirmish.engine.reflex import reflex_modifiers

    return reflex_modifiers(
        side_step=0 if side_step is None else pick("side-step", side_step, SIDE_STEPS),
        backing=backing,
        horse=horse,
        enemies=enemies,
        buon_cavaliere=buon_cavaliere,
        lasso=lasso,
        cowboy=cowboy,
        imbranato=imbranato,
        whisky=whisky,
        opportunity=opportunity,
    )
