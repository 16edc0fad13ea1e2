"""Initiative (R-07, §1.8): 1D6 + RIF + unused FAMA, ties rolled again (H-06), Nervi scossi."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.engine.initiative import (
    Side,
    initiative_total,
    roll_initiative,
    roll_off,
    roll_off_winner,
    shaken_by_nerves,
)
from skirmish.errors import DiceError, NotEnoughDice, RulesError


def test_one_model() -> None:
    result = roll_initiative(rif=3, fama=1, dice=ScriptedDice([4]))
    assert result.total == 8
    assert result.dice == (Die(4, "initiative"),)
    assert {m.key: m.value for m in result.roll.modifiers} == {"rif": 3, "fama": 1}
    assert result.shaken is False
    assert result.rulings == ("R-07",)


@pytest.mark.parametrize(
    ("face", "nervi", "shaken"), [(1, True, True), (2, True, False), (1, False, False)]
)
def test_nervi_scossi_natural_one(face: int, nervi: bool, shaken: bool) -> None:
    result = roll_initiative(rif=4, nervi_scossi=nervi, dice=ScriptedDice([face]))
    assert result.shaken is shaken
    assert shaken_by_nerves(face, nervi_scossi=nervi) is shaken


def test_roll_off_totals() -> None:
    win = roll_off(rif=3, fama=1, against_rif=4, dice=ScriptedDice([4, 3]))
    assert (win.rounds[0].first.total, win.rounds[0].second.total) == (8, 7)
    assert win.winner is Side.FIRST
    lose = roll_off(rif=3, fama=1, against_rif=4, dice=ScriptedDice([2, 3]))
    assert (lose.rounds[0].first.total, lose.rounds[0].second.total) == (6, 7)
    assert lose.winner is Side.SECOND
    assert [d.purpose for d in lose.dice] == ["initiative: first", "initiative: opponent"]


def test_ties_are_rolled_again() -> None:
    # H-06: 3 + 3 = 6 against 2 + 4 = 6, then 5 + 3 = 8 against 1 + 4 = 5
    result = roll_off(
        rif=3, against_rif=4, against_nervi_scossi=True, dice=ScriptedDice([3, 2, 5, 1])
    )
    assert [r.winner for r in result.rounds] == [None, Side.FIRST]
    assert result.winner is Side.FIRST
    assert result.second_shaken is True  # the deciding roll was a natural 1
    assert result.rulings == ("R-07", "H-06")


def test_a_one_on_a_tied_roll_does_not_shake() -> None:
    result = roll_off(rif=4, nervi_scossi=True, against_rif=4, dice=ScriptedDice([1, 1, 6, 2]))
    assert result.rounds[0].first.shaken and not result.first_shaken


def test_tie_needs_more_dice() -> None:
    with pytest.raises(NotEnoughDice):
        roll_off(rif=3, against_rif=3, dice=ScriptedDice([4, 4]))


def test_dice_that_always_tie_give_up() -> None:
    with pytest.raises(DiceError, match="still tied"):
        roll_off(rif=3, against_rif=3, dice=ScriptedDice([4] * 400))


@pytest.mark.parametrize(("rif", "fama"), [(5, 0), (3, -1), (3, 5)])
def test_characteristics_outside_0_to_4(rif: int, fama: int) -> None:
    with pytest.raises(RulesError, match="outside 0–4"):
        roll_initiative(rif=rif, fama=fama, dice=ScriptedDice([3]))
    with pytest.raises(RulesError, match="opponent's"):
        roll_off(rif=3, against_rif=rif, against_fama=fama, dice=ScriptedDice([3, 3]))


def first_wins(rif: int, fama: int, against: int) -> Fraction:
    """Chance the first side wins a roll-off, ties rolled again: P(win) / P(not tie)."""
    wins = ties = 0
    for a, b in product(range(1, 7), repeat=2):
        winner = roll_off_winner(
            initiative_total(a, rif=rif, fama=fama), initiative_total(b, rif=against)
        )
        wins += winner is Side.FIRST
        ties += winner is None
    return Fraction(wins, 36 - ties)


def test_exact_roll_off_chances() -> None:
    assert first_wins(3, 0, 3) == Fraction(1, 2)
    assert first_wins(4, 0, 3) == Fraction(21, 36 - 5)
    assert first_wins(0, 0, 4) == Fraction(1, 36 - 2)  # only 6 against 1
    assert first_wins(2, 2, 4) == Fraction(1, 2)  # FAMA makes up for RIF


@given(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4))
def test_roll_off_chances_are_complementary(rif: int, fama: int, against: int) -> None:
    wins = first_wins(rif, fama, against)
    losses = first_wins(against, 0, rif + fama) if rif + fama <= 4 else None
    if losses is not None:
        assert wins + losses == 1
    assert first_wins(rif, fama, against) >= first_wins(rif, 0, against)


@given(st.integers(), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4))
def test_seeded_roll_off_is_reproducible(seed: int, a: int, fa: int, b: int, fb: int) -> None:
    def run() -> object:
        return roll_off(rif=a, fama=fa, against_rif=b, against_fama=fb, dice=RandomDice(seed))

    first = run()
    assert first == run()
