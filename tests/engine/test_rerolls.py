"""Fame and fortune rerolls (R-15, §1.6): one die of a finished test rolled again per point."""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.dice import DiceSource, Die, RandomDice, ScriptedDice
from skirmish.engine.explosion import ExplosionResult, roll_explosion
from skirmish.engine.recovery import RecoveryOutcome, RecoveryResult, roll_recovery
from skirmish.engine.reflex import ReflexResult, roll_reflex
from skirmish.engine.rerolls import reroll
from skirmish.errors import NotEnoughDice, RulesError
from skirmish.rules.model import Point


def test_reroll_the_failed_die_of_a_gallop() -> None:
    # §2.4: RIF 4, 3 and 5 fails a galloping dismount; FAMA rerolls the 5 into a 2.
    procedure = partial(roll_reflex, rif=4, need=2)
    before = procedure(dice=ScriptedDice([3, 5]))
    after = reroll(
        before,
        index=1,
        procedure=lambda d: procedure(dice=d),
        point="fama",
        points=1,
        dice=ScriptedDice([2]),
    )
    assert before.success is False
    assert after.result.success is True
    assert after.result.dice == (Die(3, "reflex"), Die(2, "reflex"))
    assert (after.old, after.new) == (Die(5, "reflex"), Die(2, "reflex"))
    assert after.point is Point.FAMA and after.points_left == 0
    assert after.dice == (Die(2, "reflex"),)
    assert after.rulings == ("R-15",)


def test_later_dice_change_course() -> None:
    # recovery: 1 dead, FORTUNA reroll 4 (≥ COS 3): dead. FORTUNA point on the first die: 3.
    def procedure(d: DiceSource) -> RecoveryResult:
        return roll_recovery(cos=3, fortuna=1, dice=d)

    before = roll_recovery(cos=3, fortuna=1, dice=ScriptedDice([1, 4]))
    assert before.outcome is RecoveryOutcome.DEAD
    after = reroll(
        before, index=0, procedure=procedure, point=Point.FORTUNA, points=2, dice=ScriptedDice([3])
    )
    assert after.result.outcome is RecoveryOutcome.WOUNDED
    assert len(after.result.dice) == 1  # the old FORTUNA die is dropped
    assert after.points_left == 1


def test_fresh_dice_once_the_course_differs() -> None:
    before = roll_recovery(cos=3, dice=ScriptedDice([3]))
    after = reroll(
        before,
        index=0,
        procedure=lambda d: roll_recovery(cos=3, dice=d),
        point="fama",
        points=1,
        dice=ScriptedDice([2, 5]),
    )
    assert after.result.outcome is RecoveryOutcome.INVALID
    assert [d.purpose for d in after.dice] == ["recovery", "invalid table"]
    assert after.result.invalidity_rolls == (5,)


def test_other_saves_are_kept() -> None:
    def procedure(d: DiceSource) -> ExplosionResult:
        return roll_explosion(explosive="dynamite", rif=2, cos=4, protection=4, dice=d)

    before = roll_explosion(
        explosive="dynamite", rif=2, cos=4, protection=4, dice=ScriptedDice([6, 3, 2])
    )
    after = reroll(
        before, index=0, procedure=procedure, point="fortuna", points=1, dice=ScriptedDice([1])
    )
    assert [d.value for d in after.result.dice] == [1, 3, 2]


def test_no_point_left() -> None:
    before = roll_reflex(rif=4, dice=ScriptedDice([5, 5]))
    with pytest.raises(RulesError, match=r"no FORTUNA point left to spend \(R-15"):
        reroll(
            before,
            index=0,
            procedure=lambda d: roll_reflex(rif=4, dice=d),
            point="fortuna",
            points=0,
            dice=ScriptedDice([1]),
        )


@pytest.mark.parametrize("index", [-1, 2])
def test_no_such_die(index: int) -> None:
    before = roll_reflex(rif=4, dice=ScriptedDice([5, 5]))
    with pytest.raises(RulesError, match="this result has 2 dice"):
        reroll(
            before,
            index=index,
            procedure=lambda d: roll_reflex(rif=4, dice=d),
            point="fama",
            points=1,
            dice=ScriptedDice([1]),
        )


def test_the_procedure_must_match_the_result() -> None:
    before = roll_reflex(rif=4, dice=ScriptedDice([3, 5]))
    with pytest.raises(RulesError, match="does not reproduce"):
        reroll(
            before,
            index=0,
            procedure=lambda d: roll_reflex(rif=3, dice=d),
            point="fama",
            points=1,
            dice=ScriptedDice([1]),
        )


def test_unknown_point() -> None:
    before = roll_reflex(rif=4, dice=ScriptedDice([3, 5]))
    with pytest.raises(ValueError):
        reroll(
            before,
            index=0,
            procedure=lambda d: roll_reflex(rif=4, dice=d),
            point="luck",
            points=1,
            dice=ScriptedDice([1]),
        )


def test_new_die_is_needed() -> None:
    before = roll_reflex(rif=4, dice=ScriptedDice([3, 5]))
    with pytest.raises(NotEnoughDice):
        reroll(
            before,
            index=0,
            procedure=lambda d: roll_reflex(rif=4, dice=d),
            point="fama",
            points=1,
            dice=ScriptedDice([]),
        )


@given(st.integers(), st.integers(0, 4), st.integers(1, 2), st.integers(0, 1), st.integers())
def test_only_the_chosen_die_changes(
    seed: int, rif: int, need: int, index: int, reroll_seed: int
) -> None:
    def procedure(d: DiceSource) -> ReflexResult:
        return roll_reflex(rif=rif, need=need, dice=d)

    before = procedure(RandomDice(seed))
    after = reroll(
        before,
        index=index,
        procedure=procedure,
        point="fama",
        points=1,
        dice=RandomDice(reroll_seed),
    )
    assert after.result.dice[1 - index] == before.dice[1 - index]
    assert after.result.dice[index] == after.new
    again = reroll(
        before,
        index=index,
        procedure=procedure,
        point="fama",
        points=1,
        dice=RandomDice(reroll_seed),
    )
    assert again == after
