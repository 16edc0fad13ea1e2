"""Properties of the odds over many configurations (Hypothesis)."""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from skirmish.engine.dice import ScriptedDice
from skirmish.engine.fight import check_melee, melee
from skirmish.engine.setup import (
    Attacker,
    Elevation,
    FightSituation,
    MeleeSetup,
    MountPace,
    ShootSetup,
    ShotSituation,
    Target,
)
from skirmish.engine.shooting import check_shoot, shoot
from skirmish.errors import RulesError
from skirmish.odds.combat import CombatOdds, CombatResult, melee_odds, shoot_odds
from skirmish.rules import find_weapon
from skirmish.rules.model import Cover, ModelState

SHOOTING = [
    "six-shooter", "heavy-pistol", "rifle", "small-pistol", "double-barrel", "carbine", "repeater",
]  # fmt: skip
FIGHTING = [None, "knife", "tomahawk", "rifle", "heavy-pistol"]

characteristic = st.integers(0, 4)
maybe = st.none() | characteristic

#: 40 examples a property on every run; SKIRMISH_ODDS_EXAMPLES=1000 for a deeper search.
SETTINGS = settings(
    max_examples=int(os.environ.get("SKIRMISH_ODDS_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)


@st.composite
def targets(draw: Any, *, fight: bool = False, mounts: bool = False) -> Target:
    paces = list(MountPace) if mounts else [MountPace.NONE]
    return Target(
        mount=draw(st.sampled_from(paces)),
        rif=draw(maybe),
        fred=draw(maybe),
        cos=draw(st.none() | st.integers(1, 4)),
        state=draw(st.sampled_from([ModelState.STEADY, ModelState.SHAKEN, ModelState.TERRIFIED])),
        prone=draw(st.booleans()),
        leader_fred=draw(maybe),
        gringo_far=draw(st.booleans()),
        weapon=find_weapon(draw(st.sampled_from(FIGHTING[1:])))
        if fight and draw(st.booleans())
        else None,
    )


@st.composite
def shoot_setups(draw: Any, *, mounts: bool = False) -> ShootSetup:
    weapon = find_weapon(draw(st.sampled_from(SHOOTING)))
    fanning = weapon.fanning and draw(st.booleans())
    short = weapon.short or 1
    distance = draw(
        st.none() | st.sampled_from([1.0, float(short), float(short + 1), float(weapon.long or 1)])
    )
    setup = ShootSetup(
        Attacker(
            tiro=draw(characteristic),
            fred=draw(characteristic),
            weapon=weapon,
            state=draw(st.sampled_from([ModelState.STEADY, ModelState.SHAKEN])),
            faction=draw(st.sampled_from([None, "mexicans"])),
            rounds=draw(st.sampled_from([None, *weapon.rounds])) if weapon.jams_on_17 else None,
            two_pistols=weapon.category.value == "pistol" and not fanning and draw(st.booleans()),
        ),
        draw(targets(mounts=mounts)),
        ShotSituation(
            range=float(short) if fanning else distance,
            cover=draw(st.sampled_from([Cover.NONE, Cover.LIGHT, Cover.PARTIAL])),
            aim=weapon.can_aim and draw(st.booleans()),
            shots=1 if fanning else draw(st.integers(1, 2 * weapon.shots_per_turn)),
            target_waiting=draw(st.booleans()),
            behind=draw(st.booleans()),
            fanning=fanning,
        ),
    )
    try:
        check_shoot(setup)
    except RulesError:
        assume(False)
    return setup


@st.composite
def melee_setups(draw: Any) -> MeleeSetup:
    name = draw(st.sampled_from(FIGHTING))
    setup = MeleeSetup(
        Attacker(
            cos=draw(characteristic),
            fred=draw(characteristic),
            weapon=None if name is None else find_weapon(name),
            mounted=draw(st.booleans()),
        ),
        draw(targets(fight=True)),
        FightSituation(
            behind=draw(st.booleans()),
            elevation=draw(st.sampled_from(list(Elevation))),
            mountain_men_charge=draw(st.booleans()),
        ),
    )
    try:
        check_melee(setup)
    except RulesError:
        assume(False)
    return setup


def hit_chance(odds: CombatOdds) -> Fraction:
    return odds.damage.prob(lambda d: d > 0)


def expected_wounds(odds: CombatOdds) -> Fraction:
    wounds = odds.expected_wounds
    return odds.expected_damage if wounds is None else wounds


@SETTINGS
@given(shoot_setups(mounts=True))
def test_shoot_distributions_sum_to_one(setup: ShootSetup) -> None:
    odds = shoot_odds(setup)
    assert odds.results.total() == 1
    assert odds.damage.total() == 1
    assert all(p > 0 for p in odds.results.values())
    if odds.outcome is not None:
        assert odds.outcome.total() == 1


@SETTINGS
@given(melee_setups())
def test_melee_distributions_sum_to_one(setup: MeleeSetup) -> None:
    odds = melee_odds(setup)
    assert odds.results.total() == 1
    assert all(p > 0 for p in odds.results.values())


WORSE_COVER = {Cover.NONE: Cover.LIGHT, Cover.LIGHT: Cover.PARTIAL}


@SETTINGS
@given(shoot_setups(), st.sampled_from(["cover", "waiting", "shaken", "not-in-view"]))
def test_a_worse_modifier_never_helps_the_shooter(setup: ShootSetup, worse: str) -> None:
    situation, attacker = setup.situation, setup.attacker
    if worse == "cover":
        assume(situation.cover in WORSE_COVER)
        other = setup._replace(situation=situation._replace(cover=WORSE_COVER[situation.cover]))
    elif worse == "waiting":
        assume(situation.target_waiting)
        other = setup._replace(situation=situation._replace(target_waiting=False))
    elif worse == "shaken":
        assume(attacker.state is ModelState.STEADY)
        other = setup._replace(attacker=attacker._replace(state=ModelState.SHAKEN))
    else:
        other = setup._replace(situation=situation._replace(target_not_in_view=True))
    better, poorer = shoot_odds(setup), shoot_odds(other)
    assert hit_chance(poorer) <= hit_chance(better)
    assert expected_wounds(poorer) <= expected_wounds(better)


@SETTINGS
@given(melee_setups())
def test_a_worse_fight_modifier_never_helps_the_attacker(setup: MeleeSetup) -> None:
    assume(setup.situation.elevation is not Elevation.DEFENDER)
    lower = (
        Elevation.NONE if setup.situation.elevation is Elevation.ATTACKER else Elevation.DEFENDER
    )
    other = setup._replace(situation=setup.situation._replace(elevation=lower))
    better, poorer = melee_odds(setup), melee_odds(other)
    assert hit_chance(poorer) <= hit_chance(better)
    assert expected_wounds(poorer) <= expected_wounds(better)


def result_of(r: Any) -> CombatResult:
    return CombatResult(r.damage, r.wounds, r.aftermath.outcome)


dice_lists = st.lists(st.integers(1, 6), min_size=40, max_size=40)


@SETTINGS
@given(shoot_setups(mounts=True), dice_lists)
def test_every_roll_of_shoot_has_a_positive_chance(setup: ShootSetup, faces: list[int]) -> None:
    rolled = result_of(shoot(setup, ScriptedDice(faces)))
    assert shoot_odds(setup).results[rolled] > 0


@SETTINGS
@given(melee_setups(), dice_lists)
def test_every_roll_of_melee_has_a_positive_chance(setup: MeleeSetup, faces: list[int]) -> None:
    rolled = result_of(melee(setup, ScriptedDice(faces)))
    assert melee_odds(setup).results[rolled] > 0
