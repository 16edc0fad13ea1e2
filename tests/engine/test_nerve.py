"""Nerve test (R-01): failing dice, tense and nervous, the modifiers, the shaken state."""

from __future__ import annotations

import itertools

import pytest

from skirmish.engine.dice import ScriptedDice
from skirmish.engine.nerve import (
    NerveLabel,
    count_failures,
    judge_nerve,
    nerve_modifiers,
    nerve_penalty_modifier,
    nerve_test,
)
from skirmish.engine.setup import Attacker, SkillTaken
from skirmish.errors import NotEnoughDice, RulesError
from skirmish.rules.model import ModelState


def test_section_4_2_example_one_die_over_is_tense() -> None:
    """R-01: FRED 3, dice 2 and 4: "passed with one die", −1."""
    outcome = judge_nerve((2, 4), effective_fred=3, per_die=0)
    assert (outcome.failures, outcome.penalty, outcome.label) == (1, -1, NerveLabel.TENSE)


@pytest.mark.parametrize(
    ("faces", "failures", "penalty", "label"),
    [
        ((3, 3), 0, 0, NerveLabel.CALM),  # equal to FRED passes
        ((1, 4), 1, -1, NerveLabel.TENSE),
        ((4, 4), 2, -2, NerveLabel.NERVOUS),
        ((6, 5), 2, -2, NerveLabel.NERVOUS),  # "superiore di 2 o più" counts dice, not margin
    ],
)
def test_failures_and_penalty(
    faces: tuple[int, int], failures: int, penalty: int, label: NerveLabel
) -> None:
    outcome = judge_nerve(faces, effective_fred=3, per_die=0)
    assert (outcome.failures, outcome.penalty, outcome.label) == (failures, penalty, label)


def test_a_die_far_above_fred_is_still_one_failure() -> None:
    """R-01: a single die 3 over FRED is one failing die: tense, not nervous."""
    assert judge_nerve((1, 6), effective_fred=3, per_die=0).penalty == -1


def test_per_die_modifier_is_added_to_each_die() -> None:
    """R-01: shaken +1 on each die turns 3,3 against FRED 3 into two failures."""
    assert judge_nerve((3, 3), effective_fred=3, per_die=1).failures == 2


def test_calm_chances_by_enumeration() -> None:
    """FRED 3: both dice must show 1–3: 9 of 36 faces pass calm."""
    faces = list(itertools.product(range(1, 7), repeat=2))
    calm = sum(1 for f in faces if count_failures(f, 3, 0) == 0)
    assert calm == 9


def test_duro_helps_shooting_only() -> None:
    """R-01: DURO +1 FRED for shooting, not for a fight."""
    duro = Attacker(fred=3, skills=(SkillTaken("duro"),))
    assert nerve_modifiers(duro, fight=False).effective_fred == 4
    assert nerve_modifiers(duro, fight=True).effective_fred == 3


def test_pugile_helps_fighting_only() -> None:
    """R-01: PUGILE/LOTTATORE +1 FRED for a fight, not for shooting."""
    pugile = Attacker(fred=3, skills=(SkillTaken("pugile"),))
    assert nerve_modifiers(pugile, fight=True).effective_fred == 4
    assert nerve_modifiers(pugile, fight=False).effective_fred == 3


def test_whisky_helps_both() -> None:
    """R-01: whisky +1 FRED."""
    drunk = Attacker(fred=2, whisky=True)
    assert nerve_modifiers(drunk, fight=False).effective_fred == 3
    assert nerve_modifiers(drunk, fight=True).effective_fred == 3


def test_shaken_and_saloon_girl_add_to_each_die() -> None:
    """R-01: shaken +1 on each die; the target a saloon girl +1 on each die."""
    check = nerve_modifiers(Attacker(state=ModelState.SHAKEN), fight=False, saloon_girl=True)
    assert [m.key for m in check.die_modifiers] == ["shaken", "saloon-girl"]
    assert check.per_die == 2


def test_nerve_test_records_its_dice_and_ends_shaken() -> None:
    """R-01, §4.3.2: taking the test ends the shaken state whatever its result."""
    result = nerve_test(Attacker(fred=3, state=ModelState.SHAKEN), ScriptedDice([6, 6]))
    assert [(d.value, d.purpose) for d in result.dice] == [(6, "nerve"), (6, "nerve")]
    assert result.outcome.penalty == -2
    assert result.state_after is ModelState.STEADY
    assert result.rulings == ("R-01",)


def test_a_terrified_model_cannot_take_the_test() -> None:
    """§4.3.2: a terrified model skips its turn."""
    with pytest.raises(RulesError, match="terrified model cannot act"):
        nerve_test(Attacker(state=ModelState.TERRIFIED), ScriptedDice([1, 1]))


def test_one_die_is_not_enough() -> None:
    with pytest.raises(NotEnoughDice):
        nerve_test(Attacker(), ScriptedDice([1]))


def test_penalty_modifier_names() -> None:
    assert nerve_penalty_modifier(0) is None
    tense, nervous = nerve_penalty_modifier(-1), nerve_penalty_modifier(-2)
    assert tense is not None and (tense.key, tense.value) == ("tense", -1)
    assert nervous is not None and (nervous.key, nervous.value) == ("nervous", -2)


@pytest.mark.parametrize("fred", [-1, 5])
def test_characteristic_outside_0_to_4(fred: int) -> None:
    """§7.1: no characteristic beyond 0–4."""
    with pytest.raises(RulesError, match="outside 0–4"):
        Attacker(fred=fred)
