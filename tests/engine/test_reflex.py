"""Reflex test (R-06, §2.4): 2D6 plus modifiers on each die, a die below RIF succeeds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.engine.reflex import (
    action_test,
    reflex_modifiers,
    reflex_passed,
    reflex_successes,
    roll_reflex,
)
from skirmish.engine.result import Modifier
from skirmish.errors import RulesError


def test_book_example_trotting_and_galloping() -> None:
    # §2.4: Wyatt, RIF 4, rolls 3 and 5: one success; enough at a trot, not at a gallop.
    trot = roll_reflex(rif=4, need=1, dice=ScriptedDice([3, 5]))
    gallop = roll_reflex(rif=4, need=2, dice=ScriptedDice([3, 5]))
    assert trot.successes == gallop.successes == 1
    assert trot.success is True
    assert gallop.success is False
    assert trot.dice == (Die(3, "reflex"), Die(5, "reflex"))
    assert trot.rulings == ("R-06",)


@pytest.mark.parametrize(
    ("faces", "rif", "modifier", "successes"),
    [
        ((3, 3), 4, 0, 2),
        ((4, 4), 4, 0, 0),  # equal fails
        ((3, 4), 4, 1, 0),  # 3 + 1 = 4 is not below 4
        ((2, 1), 4, 1, 2),
        ((2, 5), 5, -1, 2),
        ((1, 1), 0, 0, 0),  # RIF 0 never succeeds unaided
        ((1, 1), 1, -1, 2),
    ],
)
def test_each_die_against_rif(
    faces: tuple[int, int], rif: int, modifier: int, successes: int
) -> None:
    assert reflex_successes(faces, rif=rif, modifier=modifier) == successes


def test_modifiers_are_added_to_each_die() -> None:
    result = roll_reflex(
        rif=4,
        modifiers=reflex_modifiers(side_step=2, buon_cavaliere=True),
        dice=ScriptedDice([2, 1]),
    )
    assert [m.key for m in result.modifiers] == ["side-step-fast", "buon-cavaliere"]
    assert result.modifier == 1
    assert result.scores == (3, 2)
    assert result.successes == 2


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"side_step": 1}, {"side-step": 1}),
        ({"side_step": 2}, {"side-step-fast": 2}),
        ({"backing": True}, {"backing": 2}),
        ({"enemies": 1}, {}),
        ({"enemies": 3}, {"disengage-enemies": 2}),
        ({"horse": True, "buon_cavaliere": True}, {"buon-cavaliere": -1}),
        ({"buon_cavaliere": True}, {}),  # not a horse test
        ({"lasso": True, "cowboy": True}, {"cowboy-lasso": -1}),
        ({"cowboy": True}, {}),  # not a lasso test
        ({"imbranato": True, "whisky": True}, {"imbranato": 1, "whisky": 1}),
        (
            {"backing": True, "whisky": True, "buon_cavaliere": True, "opportunity": True},
            {"backing": 2, "buon-cavaliere": -1, "whisky": 1, "opportunity-fire": 3},
        ),
        ({"horse": True, "buon_cavaliere": True, "opportunity": True}, {"buon-cavaliere": -1}),
    ],
)
def test_named_modifiers(kwargs: dict[str, object], expected: dict[str, int]) -> None:
    found = reflex_modifiers(**kwargs)  # type: ignore[arg-type]
    assert {m.key: m.value for m in found} == expected
    assert all(m.source.startswith("R-06") for m in found)


@pytest.mark.parametrize("need", [0, 3])
def test_need_is_one_or_two(need: int) -> None:
    with pytest.raises(RulesError, match=r"1 or 2 successes.*R-06"):
        roll_reflex(rif=4, need=need, dice=ScriptedDice([1, 1]))


@pytest.mark.parametrize("rif", [-1, 5])
def test_rif_outside_0_to_4(rif: int) -> None:
    with pytest.raises(RulesError, match=r"RIF .* outside 0–4"):
        roll_reflex(rif=rif, dice=ScriptedDice([1, 1]))


def test_refused_combinations() -> None:
    with pytest.raises(RulesError, match="side-step"):
        reflex_modifiers(side_step=3)
    with pytest.raises(RulesError, match="not both"):
        reflex_modifiers(side_step=1, backing=True)
    with pytest.raises(RulesError, match="enemies"):
        reflex_modifiers(enemies=-1)


def chance(rif: int, need: int, modifier: int = 0) -> Fraction:
    passes = sum(
        reflex_passed(faces, rif=rif, need=need, modifier=modifier)
        for faces in product(range(1, 7), repeat=2)
    )
    return Fraction(passes, 36)


def test_exact_chances() -> None:
    assert chance(4, 1) == 1 - Fraction(3, 6) ** 2 == Fraction(3, 4)
    assert chance(4, 2) == Fraction(3, 6) ** 2
    assert chance(3, 1) == 1 - Fraction(4, 6) ** 2
    assert chance(4, 1, modifier=2) == 1 - Fraction(5, 6) ** 2
    assert chance(1, 1) == 0
    assert chance(0, 1, modifier=-1) == 0


@given(st.integers(0, 4), st.integers(1, 2), st.integers(-2, 4), st.integers(-2, 4))
def test_a_worse_modifier_never_helps(rif: int, need: int, a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert chance(rif, need, high) <= chance(rif, need, low)


@given(st.integers(), st.integers(0, 4), st.integers(1, 2))
def test_seeded_roll_is_reproducible(seed: int, rif: int, need: int) -> None:
    mods = (Modifier("whisky", 1, "R-06"),)
    first = roll_reflex(rif=rif, need=need, modifiers=mods, dice=RandomDice(seed))
    assert first == roll_reflex(rif=rif, need=need, modifiers=mods, dice=RandomDice(seed))
    assert first.success == (first.successes >= need)


@pytest.mark.parametrize(
    ("name", "need", "horse", "lasso"),
    [
        ("mount-galloping", 2, True, False),
        ("Salire / scendere cavallo trotto", 1, True, False),
        ("climb", 1, False, False),
        ("lasso-catch", 1, False, True),
    ],
)
def test_table_1_actions(name: str, need: int, horse: bool, lasso: bool) -> None:
    test = action_test(name)
    assert (test.need, test.horse, test.lasso) == (need, horse, lasso)


def test_an_action_without_a_test() -> None:
    with pytest.raises(RulesError, match=r"needs no reflex test \(R-06, table 1\)"):
        action_test("reload")
