"""Saving rolls (R-03): 1D6 + modifiers − RIF, wounds off COS, elimination."""

from __future__ import annotations

import pytest

from skirmish.engine.dice import ScriptedDice
from skirmish.engine.saving import judge_save, save_modifiers, saving_roll, wounds_for
from skirmish.errors import NotEnoughDice, RulesError


@pytest.mark.parametrize(("score", "wounds"), [(-2, 0), (0, 0), (1, 1), (3, 1), (4, 2), (7, 2)])
def test_wound_boundaries(score: int, wounds: int) -> None:
    """R-03: ≤ 0 no wound, 1–3 one, ≥ 4 two."""
    assert wounds_for(score) == wounds


@pytest.mark.parametrize(("face", "wounds"), [(3, 0), (4, 1), (6, 1)])
def test_rif_3_is_wounded_on_4_or_more(face: int, wounds: int) -> None:
    """R-03: the formula wins over the §4.2 example's "2 or less": RIF 3 saves on 3 or less."""
    outcome = judge_save(face, 3, ())
    assert (outcome.total, outcome.wounds) == (face - 3, wounds)


def test_two_wounds_need_4_over_rif() -> None:
    """R-03: RIF 1, die 5: 4 → two wounds; RIF 2, die 5: 3 → one."""
    assert judge_save(5, 1, ()).wounds == 2
    assert judge_save(5, 2, ()).wounds == 1


def test_modifiers_by_name() -> None:
    """R-03: behind +2, blade +1, small pistol's first hit +1; whisky's −1 RIF as +1 (§8.3)."""
    mods = save_modifiers(behind=True, blade=True, small_pistol_first=True, whisky=True)
    assert [(m.key, m.value) for m in mods] == [
        ("behind", 2),
        ("blade", 1),
        ("small-pistol-first", 1),
        ("whisky-rif", 1),
    ]
    assert judge_save(1, 3, mods).total == 3


def test_one_roll_per_damage() -> None:
    result = saving_roll(3, ScriptedDice([4, 6]), damage=2)
    assert [s.wounds for s in result.saves] == [1, 1]
    assert result.wounds == 2 and [d.purpose for d in result.dice] == ["save", "save"]
    assert result.cos_after is None and not result.eliminated


def test_cos_reaching_0_stops_the_rolls() -> None:
    """R-03, §6.1: COS ≤ 0 eliminates; no more saving rolls are taken."""
    result = saving_roll(1, ScriptedDice([6]), damage=2, cos=2)
    assert result.wounds == 2 and result.cos_after == 0 and result.eliminated
    assert len(result.dice) == 1


def test_too_few_dice() -> None:
    with pytest.raises(NotEnoughDice):
        saving_roll(3, ScriptedDice([1]), damage=2)


def test_no_damage_is_refused() -> None:
    with pytest.raises(RulesError, match="for each damage"):
        saving_roll(3, ScriptedDice([1]), damage=0)


def test_rif_outside_0_to_4() -> None:
    with pytest.raises(RulesError, match="RIF 5"):
        saving_roll(5, ScriptedDice([1]))
