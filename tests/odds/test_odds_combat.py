"""Shooting and fighting odds against the engine's procedures run on every dice sequence."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from odds_naive import naive_value

from skirmish.engine.fight import melee
from skirmish.engine.setup import (
    Attacker,
    FightSituation,
    MeleeSetup,
    MountPace,
    ShootSetup,
    ShotSituation,
    Target,
)
from skirmish.engine.shooting import fanning_shots, shoot
from skirmish.errors import RulesError
from skirmish.odds import combat
from skirmish.odds.combat import CombatResult, melee_odds, objective, shoot_odds
from skirmish.odds.dist import Dist
from skirmish.odds.paths import brute_force, every_path
from skirmish.odds.rerolls import propagate
from skirmish.rules import find_weapon
from skirmish.rules.model import Cover, ModelState

SIX = find_weapon("six-shooter")
slow = pytest.mark.skipif(
    not os.environ.get("SKIRMISH_SLOW_ODDS"), reason="slow; set SKIRMISH_SLOW_ODDS=1 to run"
)


def result_of(r: Any) -> CombatResult:
    """A procedure's result as the odds name it."""
    return CombatResult(r.damage, r.wounds, r.aftermath.outcome)


def shooting(setup: ShootSetup) -> Callable[[Any], Any]:
    return lambda dice: shoot(setup, dice)


def fighting(setup: MeleeSetup) -> Callable[[Any], Any]:
    return lambda dice: melee(setup, dice)


#: Small enough to run the procedure on every dice sequence (a few thousand paths each).
SHOOT_BRUTE: dict[str, ShootSetup] = {
    "no target": ShootSetup(Attacker(tiro=3, fred=2, weapon=SIX)),
    "saves, COS 2": ShootSetup(
        Attacker(tiro=4, fred=3, weapon=find_weapon("rifle")),
        Target(rif=2, cos=2),
        ShotSituation(range=10, aim=True, target_waiting=True),
    ),
    "panic only, shaken target": ShootSetup(
        Attacker(tiro=2, fred=1, weapon=SIX, state=ModelState.SHAKEN),
        Target(fred=2, state=ModelState.SHAKEN),
        ShotSituation(range=3, cover=Cover.LIGHT),
    ),
    "repeater jams, COS 1": ShootSetup(
        Attacker(tiro=3, fred=3, weapon=find_weapon("repeater"), rounds=17),
        Target(rif=3, cos=1),
    ),
    "two small-pistol shots, first use": ShootSetup(
        Attacker(tiro=3, fred=4, weapon=find_weapon("small-pistol")),
        Target(rif=4, cos=1),
        ShotSituation(range=2, shots=2, first_small_pistol=True),
    ),
    "galloping rider, no FRED": ShootSetup(
        Attacker(tiro=2, fred=3, weapon=find_weapon("rifle")),
        Target(rif=3, cos=2, mount=MountPace.GALLOP),
        ShotSituation(range=20, aim=True),
    ),
    "galloping rider, RIF unknown": ShootSetup(
        Attacker(tiro=2, fred=4, weapon=find_weapon("rifle")),
        Target(mount=MountPace.GALLOP, cos=1),
        ShotSituation(range=20),
    ),
}

MELEE_BRUTE: dict[str, MeleeSetup] = {
    "no target": MeleeSetup(Attacker(cos=3, fred=3, weapon=find_weapon("knife"))),
    "saves from behind": MeleeSetup(
        Attacker(cos=2, fred=2, weapon=find_weapon("tomahawk")),
        Target(rif=3, cos=3),
        FightSituation(behind=True),
    ),
    "panic, mountain men": MeleeSetup(
        Attacker(cos=4, fred=3),
        Target(fred=2, weapon=find_weapon("knife")),
        FightSituation(mountain_men_charge=True),
    ),
}


@pytest.mark.parametrize("name", sorted(SHOOT_BRUTE))
def test_shoot_odds_are_the_procedure_on_every_dice_sequence(name: str) -> None:
    setup = SHOOT_BRUTE[name]
    odds = shoot_odds(setup)
    assert odds.results.total() == 1
    assert odds.results == brute_force(shooting(setup), result_of)


@pytest.mark.parametrize("name", sorted(MELEE_BRUTE))
def test_melee_odds_are_the_procedure_on_every_dice_sequence(name: str) -> None:
    setup = MELEE_BRUTE[name]
    odds = melee_odds(setup)
    assert odds.results == brute_force(fighting(setup), result_of)


@slow
def test_the_example_of_4_2_on_every_dice_sequence() -> None:
    """§4.2 with saves and panic: some 50,000 runs of the procedure (the golden file of §4.2
    is also checked against the dyce model on every run)."""
    setup = ShootSetup(
        Attacker(tiro=4, fred=3, weapon=SIX),
        Target(rif=3, fred=3, cos=3),
        ShotSituation(range=8, cover=Cover.LIGHT, target_waiting=True),
    )
    assert shoot_odds(setup).results == brute_force(shooting(setup), result_of)


def solved(machine: Any, budget: combat.Budget) -> Dist[CombatResult]:
    solver = combat.Solver(machine.step, objective(machine.target))
    return solver.dist(combat._Start(), budget)


@pytest.mark.parametrize("name", sorted(SHOOT_BRUTE))
def test_the_solver_without_rerolls_is_the_forward_push(name: str) -> None:
    setup = SHOOT_BRUTE[name]
    machine = combat._Shooting(setup)
    assert solved(machine, combat.Budget()) == shoot_odds(setup).results


def test_fanning_without_rerolls_is_the_same_whatever_the_shot_order() -> None:
    for faction in (None, "mexicans"):
        setup = ShootSetup(
            Attacker(tiro=3, fred=3, weapon=SIX, faction=faction),
            Target(rif=2, fred=3, cos=2),
            ShotSituation(range=5, fanning=True),
        )
        kept = combat._Shooting(setup, any_order=False)
        assert propagate(kept.step, combat._Start()) == shoot_odds(setup).results


@pytest.mark.parametrize("tiro", [0, 1, 3, 4])
@pytest.mark.parametrize("mexican", [False, True])
def test_fanning_dice_are_judged_one_by_one(tiro: int, mexican: bool) -> None:
    """The odds count fanning shots die by die (the engine's verdict on each face alone);
    over all 46,656 ordered rolls the engine's ``fanning_shots`` agrees."""
    table = combat._fanning_table(tiro, mexican)
    counted: dict[tuple[bool, ...], int] = {}
    for faces in itertools.product(range(1, 7), repeat=6):
        fives = fanning_shots(faces, tiro, mexican).fives
        counted[fives] = counted.get(fives, 0) + 1
    expected = Dist({k: Fraction(v, 6**6) for k, v in counted.items()})
    if not table.ordered:  # order-blind: compare the shots fired, in any order
        expected = expected.map(lambda fives: tuple(sorted(fives)))
    assert table.dist.map(lambda fives: tuple(fives)) == expected


def combat_value(target: Target) -> Callable[[Any], tuple[Fraction, ...]]:
    value = objective(target)
    return lambda r: value(result_of(r))


#: Quick enough for every run (the golden cases add four more); the rest, minutes long, run
#: with SKIRMISH_SLOW_ODDS=1 in the environment.
REROLLS = [
    ("shoot", SHOOT_BRUTE["no target"], 2, 0),
    ("melee", MELEE_BRUTE["no target"], 1, 0),
]
SLOW_REROLLS = [
    ("shoot", SHOOT_BRUTE["saves, COS 2"], 1, 1),
    ("shoot", SHOOT_BRUTE["panic only, shaken target"], 1, 1),
    ("shoot", SHOOT_BRUTE["two small-pistol shots, first use"], 2, 0),
    ("shoot", SHOOT_BRUTE["galloping rider, no FRED"], 1, 1),
    ("melee", MELEE_BRUTE["saves from behind"], 1, 1),
    ("melee", MELEE_BRUTE["panic, mountain men"], 1, 1),
]


@pytest.mark.parametrize(
    ("kind", "setup", "actor", "target"),
    [*REROLLS, *(pytest.param(*r, marks=slow) for r in SLOW_REROLLS)],
)
def test_rerolls_match_the_naive_expectimax_over_the_procedure(
    kind: str, setup: Any, actor: int, target: int
) -> None:
    if kind == "shoot":
        odds = shoot_odds(setup, rerolls=actor, target_rerolls=target)
        procedure = shooting(setup)
    else:
        odds = melee_odds(setup, rerolls=actor, target_rerolls=target)
        procedure = fighting(setup)
    assert odds.results.total() == 1
    value = objective(setup.target)
    expected = tuple(
        sum((p * value(r)[i] for r, p in odds.results.items()), Fraction(0)) for i in range(2)
    )
    best = naive_value(procedure, combat_value(setup.target), actor=actor, target=target)
    assert expected == best


@pytest.mark.parametrize(
    ("kind", "setup", "actor", "target"), [r for r in REROLLS + SLOW_REROLLS if r[2] and not r[3]]
)
def test_rerolls_only_help_the_side_that_spends_them(
    kind: str, setup: Any, actor: int, target: int
) -> None:
    odds_of = shoot_odds if kind == "shoot" else melee_odds
    plain = odds_of(setup).results
    helped = odds_of(setup, rerolls=actor).results
    value = objective(setup.target)
    assert helped.expectation(lambda r: value(r)[0]) >= plain.expectation(lambda r: value(r)[0])


def test_forbidden_actions_raise_the_engines_error() -> None:
    with pytest.raises(RulesError, match="full cover"):
        shoot_odds(ShootSetup(Attacker(weapon=SIX), situation=ShotSituation(cover=Cover.FULL)))
    with pytest.raises(RulesError, match="shaken"):
        melee_odds(MeleeSetup(Attacker(state=ModelState.SHAKEN)))


def test_every_path_is_a_distribution() -> None:
    total = sum(p for _f, p, _r in every_path(shooting(SHOOT_BRUTE["no target"])))
    assert total == 1
