"""Infamy test (R-09, §6.3): on a 1 the gang loses 1 FAMA, else 1 FORTUNA, else nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.engine.infamy import InfamyLoss, infamy_loss, roll_infamy


@pytest.mark.parametrize(
    ("face", "fama", "fortuna", "loss"),
    [
        (1, True, True, InfamyLoss.FAMA),
        (1, False, True, InfamyLoss.FORTUNA),
        (1, False, False, InfamyLoss.NONE),
        (2, True, True, InfamyLoss.NONE),
        (6, True, False, InfamyLoss.NONE),
    ],
)
def test_table(face: int, fama: bool, fortuna: bool, loss: InfamyLoss) -> None:
    result = roll_infamy(has_fama=fama, has_fortuna=fortuna, dice=ScriptedDice([face]))
    assert result.loss is loss
    assert result.infamous is (face == 1)
    assert result.dice == (Die(face, "infamy"),)
    assert result.rulings == ("R-09",)


def test_exact_chance_of_losing_fama() -> None:
    losses = sum(
        infamy_loss(face, has_fama=True, has_fortuna=True) is InfamyLoss.FAMA
        for face in range(1, 7)
    )
    assert Fraction(losses, 6) == Fraction(1, 6)


@given(st.integers(), st.booleans(), st.booleans())
def test_seeded_roll_is_reproducible(seed: int, fama: bool, fortuna: bool) -> None:
    first = roll_infamy(has_fama=fama, has_fortuna=fortuna, dice=RandomDice(seed))
    assert first == roll_infamy(has_fama=fama, has_fortuna=fortuna, dice=RandomDice(seed))
