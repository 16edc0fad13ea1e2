"""Recovery after the game (R-10, §6.5) and the invalid sub-table, duplicates rerolled (H-07)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.engine.recovery import (
    Doctor,
    Invalidity,
    RecoveryOutcome,
    find_doctor,
    find_invalidity,
    fortuna_saves,
    invalidity_for_face,
    new_invalidity,
    recovery_outcome,
    roll_recovery,
)
from skirmish.errors import NotEnoughDice, RulesError, UnknownNameError


@pytest.mark.parametrize(
    ("total", "outcome"),
    [
        (1, RecoveryOutcome.DEAD),
        (2, RecoveryOutcome.INVALID),
        (3, RecoveryOutcome.WOUNDED),
        (4, RecoveryOutcome.WOUNDED),
        (5, RecoveryOutcome.RECOVERED),
        (8, RecoveryOutcome.RECOVERED),
    ],
)
def test_table_boundaries(total: int, outcome: RecoveryOutcome) -> None:
    assert recovery_outcome(total) is outcome


@pytest.mark.parametrize(
    ("face", "outcome"),
    [
        (3, RecoveryOutcome.WOUNDED),
        (4, RecoveryOutcome.WOUNDED),
        (5, RecoveryOutcome.RECOVERED),
        (6, RecoveryOutcome.RECOVERED),
    ],
)
def test_plain_roll(face: int, outcome: RecoveryOutcome) -> None:
    result = roll_recovery(cos=3, dice=ScriptedDice([face]))
    assert result.outcome is outcome
    assert result.dice == (Die(face, "recovery"),)
    assert result.invalidity is None and result.fortuna_roll is None
    assert result.rulings == ("R-10",)


def test_a_one_without_fortuna_is_death() -> None:
    result = roll_recovery(cos=3, fortuna=0, dice=ScriptedDice([1]))
    assert result.outcome is RecoveryOutcome.DEAD
    assert result.fortuna_roll is None
    assert len(result.dice) == 1


def test_fortuna_reroll_below_cos_survives_as_invalid() -> None:
    # "a natural result below its COS means it survives as an invalid"
    result = roll_recovery(cos=3, fortuna=1, dice=ScriptedDice([1, 2, 2]))
    assert result.table_outcome is RecoveryOutcome.DEAD
    assert result.fortuna_roll == 2
    assert result.outcome is RecoveryOutcome.INVALID
    assert result.invalidity is Invalidity.ORBO
    assert [d.purpose for d in result.dice] == [
        "recovery",
        "recovery: FORTUNA reroll",
        "invalid table",
    ]


def test_fortuna_reroll_equal_to_cos_dies() -> None:
    result = roll_recovery(cos=3, fortuna=2, dice=ScriptedDice([1, 3]))
    assert result.outcome is RecoveryOutcome.DEAD
    assert result.fortuna_roll == 3
    assert result.invalidity is None


def test_fortuna_reroll_uses_the_natural_die_not_the_total() -> None:
    assert fortuna_saves(2, 3) and not fortuna_saves(3, 3) and not fortuna_saves(4, 3)


def test_invalid_rolls_the_sub_table() -> None:
    result = roll_recovery(cos=2, dice=ScriptedDice([2, 6]))
    assert result.outcome is RecoveryOutcome.INVALID
    assert result.invalidity is Invalidity.IMBRANATO
    assert result.invalidity_rolls == (6,)


@pytest.mark.parametrize(
    ("face", "invalidity"),
    list(zip(range(1, 7), list(Invalidity), strict=True)),
)
def test_invalid_sub_table(face: int, invalidity: Invalidity) -> None:
    assert invalidity_for_face(face) is invalidity
    assert invalidity.face == face


def test_duplicate_invalidity_is_rolled_again() -> None:
    # H-07: a duplicate is rolled again
    result = roll_recovery(
        cos=3, existing_invalidities=["orbo", "Lame"], dice=ScriptedDice([2, 2, 3, 2, 5])
    )
    assert result.invalidity is Invalidity.NERVI_SCOSSI
    assert result.invalidity_rolls == (2, 3, 2, 5)
    assert "H-07" in result.rulings


def test_every_invalidity_owned_adds_none() -> None:
    result = roll_recovery(cos=3, existing_invalidities=list(Invalidity), dice=ScriptedDice([2]))
    assert result.outcome is RecoveryOutcome.INVALID
    assert result.invalidity is None
    assert len(result.dice) == 1


@pytest.mark.parametrize(
    ("doctor", "face", "total", "outcome", "fee"),
    [
        ("bone-setter", 1, 2, RecoveryOutcome.INVALID, 5),
        ("segaossa", 4, 5, RecoveryOutcome.RECOVERED, 5),
        ("graduate", 1, 3, RecoveryOutcome.WOUNDED, 20),
        ("Dottore Laureato", 3, 5, RecoveryOutcome.RECOVERED, 20),
    ],
)
def test_doctors(doctor: str, face: int, total: int, outcome: RecoveryOutcome, fee: int) -> None:
    # bone-setter +1 for 5$, graduate +2 for 20$ (the §6.5 text wins)
    dice = [face, 1] if outcome is RecoveryOutcome.INVALID else [face]
    result = roll_recovery(cos=3, doctor=doctor, dice=ScriptedDice(dice))
    assert result.total == total
    assert result.outcome is outcome
    assert result.doctor_fee == fee
    assert result.modifiers[0].value == find_doctor(doctor).bonus


def test_own_doctor_is_free() -> None:
    result = roll_recovery(cos=3, doctor="dottore", hired=False, dice=ScriptedDice([5]))
    assert result.doctor is Doctor.BONE_SETTER
    assert result.doctor_fee == 0


def test_unknown_doctor_names_the_valid_ones() -> None:
    with pytest.raises(UnknownNameError, match="bone-setter"):
        roll_recovery(cos=3, doctor="sega", dice=ScriptedDice([5]))
    with pytest.raises(UnknownNameError, match="unknown doctor 'vet'"):
        find_doctor("vet")


def test_names_in_both_languages() -> None:
    assert find_invalidity("Mano Mozzata") is Invalidity.MANO_MOZZATA
    assert find_invalidity("severed hand") is Invalidity.MANO_MOZZATA
    assert find_doctor("Laureato") is Doctor.GRADUATE
    with pytest.raises(UnknownNameError, match="one-eyed"):
        find_invalidity("orb")


@pytest.mark.parametrize(("cos", "fortuna"), [(5, 0), (-1, 0), (3, 5)])
def test_characteristics_outside_0_to_4(cos: int, fortuna: int) -> None:
    with pytest.raises(RulesError, match="outside 0–4"):
        roll_recovery(cos=cos, fortuna=fortuna, dice=ScriptedDice([5]))


def test_running_out_of_dice_on_the_sub_table() -> None:
    with pytest.raises(NotEnoughDice, match="invalid table"):
        roll_recovery(cos=3, dice=ScriptedDice([2]))


def _chances(cos: int, fortuna: int, bonus: int) -> dict[RecoveryOutcome, Fraction]:
    chances = dict.fromkeys(RecoveryOutcome, Fraction(0))
    for face, reroll in product(range(1, 7), repeat=2):
        outcome = recovery_outcome(face + bonus)
        if outcome is RecoveryOutcome.DEAD and fortuna and fortuna_saves(reroll, cos):
            outcome = RecoveryOutcome.INVALID
        chances[outcome] += Fraction(1, 36)
    return chances


def test_exact_chances_without_doctor() -> None:
    assert _chances(3, 0, 0) == {
        RecoveryOutcome.DEAD: Fraction(1, 6),
        RecoveryOutcome.INVALID: Fraction(1, 6),
        RecoveryOutcome.WOUNDED: Fraction(1, 3),
        RecoveryOutcome.RECOVERED: Fraction(1, 3),
    }


def test_exact_chances_with_fortuna_and_cos_3() -> None:
    # dead on a 1, then saved by a reroll of 1 or 2: 1/6 × 2/6
    chances = _chances(3, 1, 0)
    assert chances[RecoveryOutcome.DEAD] == Fraction(1, 6) * Fraction(4, 6)
    assert chances[RecoveryOutcome.INVALID] == Fraction(1, 6) + Fraction(1, 6) * Fraction(2, 6)


def test_exact_chances_with_graduate() -> None:
    chances = _chances(3, 0, Doctor.GRADUATE.bonus)
    assert chances[RecoveryOutcome.DEAD] == 0
    assert chances[RecoveryOutcome.WOUNDED] == Fraction(1, 3)
    assert chances[RecoveryOutcome.RECOVERED] == Fraction(2, 3)


invalidities = st.sets(st.sampled_from(list(Invalidity)), max_size=5)
faces = st.lists(st.integers(min_value=1, max_value=6), min_size=40, max_size=40)


@given(invalidities, faces, st.integers(0, 4), st.integers(0, 4))
def test_never_a_duplicate_invalidity(
    existing: set[Invalidity], script: list[int], cos: int, fortuna: int
) -> None:
    try:
        result = roll_recovery(
            cos=cos, fortuna=fortuna, existing_invalidities=existing, dice=ScriptedDice(script)
        )
    except NotEnoughDice:
        return
    assert result.invalidity not in existing
    if result.outcome is RecoveryOutcome.INVALID:
        assert result.invalidity is not None
    else:
        assert result.invalidity is None
    for face in result.invalidity_rolls[:-1]:
        assert new_invalidity(face, existing) is None


@given(st.integers(), st.integers(0, 4), st.integers(0, 4), invalidities)
def test_seeded_roll_is_reproducible(
    seed: int, cos: int, fortuna: int, existing: set[Invalidity]
) -> None:
    def run() -> object:
        return roll_recovery(
            cos=cos, fortuna=fortuna, existing_invalidities=existing, dice=RandomDice(seed)
        )

    assert run() == run()


@given(
    st.lists(st.integers(min_value=1, max_value=6), min_size=20, max_size=20),
    st.integers(1, 4),
    st.integers(0, 4),
)
def test_outcome_is_monotone_in_the_doctor_bonus(script: list[int], cos: int, fortuna: int) -> None:
    ranks = [
        roll_recovery(
            cos=cos, fortuna=fortuna, doctor=doctor, dice=ScriptedDice(script)
        ).outcome.rank
        for doctor in (None, Doctor.BONE_SETTER, Doctor.GRADUATE)
    ]
    assert ranks == sorted(ranks)


def test_enums_match_the_rules_tables() -> None:
    from skirmish.rules import doctors, invalid_table

    assert [(row.roll, row.id) for row in invalid_table()] == [
        (i.face, i.value) for i in Invalidity
    ]
    assert {d.id: (d.bonus, d.cost) for d in doctors()} == {
        Doctor.BONE_SETTER.value: (1, 5),
        Doctor.GRADUATE.value: (2, 20),
    }
