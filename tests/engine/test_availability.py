"""Availability roll (R-12, §8.1): 1D6 equal to or above DISP buys the item (H-03 otherwise)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.availability import is_available, roll_availability
from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.errors import NotEnoughDice, RulesError


@pytest.mark.parametrize(
    ("disp", "face", "available"),
    [(2, 1, False), (2, 2, True), (4, 3, False), (4, 4, True), (5, 6, True), (6, 5, False)],
)
def test_equal_or_higher_buys(disp: int, face: int, available: bool) -> None:
    # "se il risultato è uguale o superiore a quello della disponibilità"
    result = roll_availability(disp=disp, dice=ScriptedDice([face]))
    assert result.available is available
    assert result.roll == face
    assert result.dice == (Die(face, "availability"),)
    assert result.rulings == ("R-12", "H-03")


@pytest.mark.parametrize(
    ("disp", "chance"),
    [(1, Fraction(1)), (2, Fraction(5, 6)), (4, Fraction(1, 2)), (5, Fraction(1, 3))],
)
def test_exact_chance(disp: int, chance: Fraction) -> None:
    hits = sum(is_available(face, disp) for face in range(1, 7))
    assert Fraction(hits, 6) == chance


@pytest.mark.parametrize("disp", [0, 7, -1])
def test_disp_outside_a_die_is_refused(disp: int) -> None:
    with pytest.raises(RulesError, match=r"R-12"):
        roll_availability(disp=disp, dice=ScriptedDice([6]))


def test_no_die_no_roll() -> None:
    with pytest.raises(NotEnoughDice):
        roll_availability(disp=3, dice=ScriptedDice([]))


@given(st.integers(min_value=1, max_value=6), st.integers())
def test_seeded_roll_is_reproducible(disp: int, seed: int) -> None:
    first = roll_availability(disp=disp, dice=RandomDice(seed))
    second = roll_availability(disp=disp, dice=RandomDice(seed))
    assert first == second
    assert first.available == (first.roll >= disp)
