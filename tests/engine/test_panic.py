"""Panic test (R-04): escalation shaken → terrified → prone, FRED's bonuses, immunities."""

from __future__ import annotations

import pytest

from skirmish.engine.dice import ScriptedDice
from skirmish.engine.panic import escalate, judge_panic, lent_fred, panic_modifiers, panic_test
from skirmish.engine.setup import Immunity, SkillTaken, Target
from skirmish.errors import RulesError
from skirmish.rules import find_profile
from skirmish.rules.model import ModelState

STEADY, SHAKEN, TERRIFIED = ModelState.STEADY, ModelState.SHAKEN, ModelState.TERRIFIED


def test_section_4_2_example_billy_is_shaken_and_flees() -> None:
    """R-04: FRED 3, dice 3 and 5: one failure, shaken, flees."""
    outcome = judge_panic((3, 5), effective_fred=3, per_die=0)
    assert (outcome.failures, outcome.state, outcome.flees) == (1, SHAKEN, True)


@pytest.mark.parametrize(
    ("state", "prone", "failures", "after", "prone_after"),
    [
        (STEADY, False, 0, STEADY, False),
        (STEADY, False, 1, SHAKEN, False),
        (STEADY, False, 2, TERRIFIED, False),
        (SHAKEN, False, 0, SHAKEN, False),  # passing does not calm a shaken model
        (SHAKEN, False, 1, TERRIFIED, False),  # a shaken model that fails at all
        (SHAKEN, False, 2, TERRIFIED, False),
        (TERRIFIED, False, 0, TERRIFIED, False),
        (TERRIFIED, False, 1, TERRIFIED, True),  # a terrified model that fails drops prone
        (TERRIFIED, True, 2, TERRIFIED, True),
    ],
)
def test_escalation(
    state: ModelState, prone: bool, failures: int, after: ModelState, prone_after: bool
) -> None:
    """R-04: shaken → terrified → prone."""
    assert escalate(state, prone, failures) == (after, prone_after)


def test_judge_panic_escalates_and_flees() -> None:
    outcome = judge_panic((6, 1), effective_fred=3, per_die=0, state=TERRIFIED)
    assert outcome.prone and outcome.dropped_prone and outcome.flees
    calm = judge_panic((1, 2), effective_fred=3, per_die=0, state=SHAKEN)
    assert calm.state is SHAKEN and not calm.flees


def test_leader_fred_counts_when_higher() -> None:
    """R-04: the higher of the model's own FRED and its leader's within 5U."""
    assert panic_modifiers(Target(fred=2, leader_fred=4)).effective_fred == 4
    assert panic_modifiers(Target(fred=3, leader_fred=2)).effective_fred == 3


@pytest.mark.parametrize(
    ("profile", "lends"),
    [
        ("sceriffo", True),
        ("boss", True),
        ("ranchero", True),
        ("killer", True),
        ("capo tribù", True),
        ("bandido", False),
        ("capitano", False),
        ("vicesceriffo", False),
    ],
)
def test_only_five_leaders_lend_their_fred_r17(profile: str, lends: bool) -> None:
    """R-17: Sceriffo, Boss, Ranchero, Killer and Capo tribù lend their (current) FRED; the
    Bandido lends nothing, and the Capitano's rule is immunity, not a FRED value."""
    leader = find_profile(profile)
    assert lent_fred(leader, 4) == (4 if lends else None)
    target = Target(fred=2, leader_fred=lent_fred(leader, 4))
    assert panic_modifiers(target).effective_fred == (4 if lends else 2)


def test_predicatore_adds_one_per_friend() -> None:
    """R-04: PREDICATORE/SCIAMANO +1 FRED per friendly model within 5U."""
    preacher = Target(fred=2, skills=(SkillTaken("predicatore"),), friends=2)
    check = panic_modifiers(preacher)
    assert check.effective_fred == 4
    assert [(m.key, m.value) for m in check.check.fred_modifiers] == [("predicatore", 2)]
    assert panic_modifiers(Target(fred=2, friends=2)).effective_fred == 2


def test_volunteer_with_a_friend() -> None:
    """R-04: the lawmen's Volontario with a friend within 5U: +1 FRED."""
    assert panic_modifiers(Target(fred=3, volunteer=True, friends=1)).effective_fred == 4
    assert panic_modifiers(Target(fred=3, volunteer=True, friends=0)).effective_fred == 3


def test_whisky_helps_fred() -> None:
    assert panic_modifiers(Target(fred=3, whisky=True)).effective_fred == 4


def test_penalties_on_each_die() -> None:
    """R-04: a Gringo far from his leader +1; charged by mountain men +1."""
    check = panic_modifiers(Target(fred=3, gringo_far=True), mountain_men_charge=True)
    assert [m.key for m in check.check.die_modifiers] == ["gringo-far", "mountain-men-charge"]
    assert check.per_die == 2
    result = panic_test(Target(fred=3, gringo_far=True), ScriptedDice([3, 1]))
    assert result.outcome.failures == 1


@pytest.mark.parametrize("immunity", list(Immunity))
def test_immunities_take_no_test(immunity: Immunity) -> None:
    """R-04: Capitano, Vicesceriffo, Sergente: never test, always pass; no die is rolled."""
    result = panic_test(Target(fred=1, immunity=immunity, state=SHAKEN), ScriptedDice([]))
    assert result.dice == ()
    assert result.outcome.state is SHAKEN and not result.outcome.flees
    assert result.outcome.immunity is immunity


def test_panic_test_records_its_dice() -> None:
    result = panic_test(Target(fred=3), ScriptedDice([4, 4]))
    assert [(d.value, d.purpose) for d in result.dice] == [(4, "panic"), (4, "panic")]
    assert result.outcome.state is TERRIFIED and result.rulings == ("R-04",)


def test_fred_is_needed() -> None:
    with pytest.raises(RulesError, match="needs the model's FRED"):
        panic_test(Target(), ScriptedDice([1, 1]))
