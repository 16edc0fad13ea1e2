"""Lasso (R-14): reflex test with 1 success (cowboys −1), then 1D6 against COS + mount COS."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.engine.lasso import LassoOutcome, lasso_pull, roll_lasso
from skirmish.engine.result import Modifier
from skirmish.errors import RulesError


@pytest.mark.parametrize(
    ("face", "strength", "outcome", "distance", "down"),
    [
        (1, 3, LassoOutcome.THROWER_PULLED, 2, False),
        (1, 4, LassoOutcome.THROWER_PULLED, 3, True),  # over 2 knocks down
        (3, 3, LassoOutcome.HELD, 0, False),
        (5, 3, LassoOutcome.TARGET_PULLED, 2, False),
        (6, 3, LassoOutcome.TARGET_PULLED, 3, True),
        (2, 6, LassoOutcome.THROWER_PULLED, 4, True),
    ],
)
def test_pull_boundaries(
    face: int, strength: int, outcome: LassoOutcome, distance: int, down: bool
) -> None:
    pull = lasso_pull(face, strength=strength)
    assert (pull.outcome, pull.distance, pull.knocked_down) == (outcome, distance, down)


def test_mount_adds_its_cos() -> None:
    result = roll_lasso(target_cos=3, mount_cos=3, dice=ScriptedDice([6]))
    assert result.strength == 6
    assert result.outcome is LassoOutcome.HELD
    assert result.reflex is None
    assert result.dice == (Die(6, "lasso"),)
    assert result.rulings == ("R-14",)


def test_reflex_test_comes_first() -> None:
    # RIF 3, dice 4 and 3: no success; a cowboy's −1 makes the 3 a 2: caught.
    missed = roll_lasso(target_cos=2, rif=3, dice=ScriptedDice([4, 3]))
    assert missed.outcome is LassoOutcome.MISSED
    assert missed.roll is None and len(missed.dice) == 2
    caught = roll_lasso(target_cos=2, rif=3, cowboy=True, dice=ScriptedDice([4, 3, 5]))
    assert caught.reflex is not None and caught.reflex.successes == 1
    assert [m.key for m in caught.reflex.modifiers] == ["cowboy-lasso"]
    assert caught.outcome is LassoOutcome.TARGET_PULLED and caught.distance == 3
    assert caught.knocked_down
    assert [d.purpose for d in caught.dice] == ["reflex", "reflex", "lasso"]
    assert caught.rulings == ("R-06", "R-14")


def test_other_reflex_modifiers_apply() -> None:
    result = roll_lasso(
        target_cos=2,
        rif=3,
        modifiers=(Modifier("whisky", 1, "R-06"),),
        dice=ScriptedDice([2, 2]),
    )
    assert result.outcome is LassoOutcome.MISSED


def test_cos_outside_0_to_4() -> None:
    with pytest.raises(RulesError, match="mount COS 5"):
        roll_lasso(target_cos=3, mount_cos=5, dice=ScriptedDice([3]))


def test_exact_chance_of_pulling_a_cos_3_target() -> None:
    pulled = sum(
        lasso_pull(face, strength=3).outcome is LassoOutcome.TARGET_PULLED for face in range(1, 7)
    )
    assert Fraction(pulled, 6) == Fraction(1, 2)


@given(st.integers(), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.booleans())
def test_seeded_throw_is_reproducible(
    seed: int, cos: int, mount: int, rif: int, cowboy: bool
) -> None:
    def run() -> object:
        return roll_lasso(
            target_cos=cos, mount_cos=mount, rif=rif, cowboy=cowboy, dice=RandomDice(seed)
        )

    assert run() == run()
