"""Cohesion test (R-08, §6.2): 1D6 −1 leader alive, +1 leader dead, against the highest FRED."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.cohesion import (
    CohesionOutcome,
    Leader,
    cohesion_outcome,
    must_test,
    roll_cohesion,
)
from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.errors import RulesError


@pytest.mark.parametrize(
    ("face", "fred", "leader", "total", "holds"),
    [
        (3, 3, Leader.NONE, 3, True),  # equal: fights on
        (4, 3, Leader.NONE, 4, False),
        (4, 3, Leader.ALIVE, 3, True),
        (5, 3, Leader.ALIVE, 4, False),
        (3, 3, Leader.DEAD, 4, False),
        (2, 3, Leader.DEAD, 3, True),
        (1, 0, Leader.ALIVE, 0, True),
        (6, 4, Leader.DEAD, 7, False),
    ],
)
def test_boundaries(face: int, fred: int, leader: Leader, total: int, holds: bool) -> None:
    result = roll_cohesion(highest_fred=fred, leader=leader, dice=ScriptedDice([face]))
    assert result.total == total
    assert result.holds is holds
    assert result.outcome is (CohesionOutcome.FIGHTS_ON if holds else CohesionOutcome.RETREATS)
    assert result.dice == (Die(face, "cohesion"),)
    assert result.rulings == ("R-08",)


def test_named_modifiers() -> None:
    alive = roll_cohesion(highest_fred=3, leader=Leader.ALIVE, dice=ScriptedDice([2]))
    dead = roll_cohesion(highest_fred=3, leader=Leader.DEAD, dice=ScriptedDice([2]))
    none = roll_cohesion(highest_fred=3, leader=Leader.NONE, dice=ScriptedDice([2]))
    assert [(m.key, m.value) for m in alive.modifiers] == [("leader-in-play", -1)]
    assert [(m.key, m.value) for m in dead.modifiers] == [("leader-dead", 1)]
    assert none.modifiers == ()


@pytest.mark.parametrize(
    ("started", "lost", "tests"), [(6, 3, False), (6, 4, True), (5, 2, False), (5, 3, True)]
)
def test_more_than_half_lost(started: int, lost: int, tests: bool) -> None:
    assert must_test(started=started, lost=lost) is tests


def test_impossible_losses() -> None:
    with pytest.raises(RulesError, match="R-08"):
        must_test(started=4, lost=5)
    with pytest.raises(RulesError, match="outside 0–4"):
        roll_cohesion(highest_fred=5, leader=Leader.NONE, dice=ScriptedDice([1]))


def chance(fred: int, leader: Leader) -> Fraction:
    holds = sum(
        cohesion_outcome(face, highest_fred=fred, leader=leader) is CohesionOutcome.FIGHTS_ON
        for face in range(1, 7)
    )
    return Fraction(holds, 6)


def test_exact_chances() -> None:
    assert chance(3, Leader.NONE) == Fraction(1, 2)
    assert chance(3, Leader.ALIVE) == Fraction(2, 3)
    assert chance(3, Leader.DEAD) == Fraction(1, 3)
    assert chance(0, Leader.NONE) == 0


@given(st.integers(0, 4), st.sampled_from(list(Leader)))
def test_a_living_leader_never_hurts(fred: int, leader: Leader) -> None:
    assert chance(fred, Leader.ALIVE) >= chance(fred, leader) >= chance(fred, Leader.DEAD)


@given(st.integers(), st.integers(0, 4), st.sampled_from(list(Leader)))
def test_seeded_roll_is_reproducible(seed: int, fred: int, leader: Leader) -> None:
    first = roll_cohesion(highest_fred=fred, leader=leader, dice=RandomDice(seed))
    assert first == roll_cohesion(highest_fred=fred, leader=leader, dice=RandomDice(seed))
