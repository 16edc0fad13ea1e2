"""Experience and advances (R-11, §7): costs, the cap of 4, the new-skills table with owned
skills rolled again, DOTTORE's upgrade to the graduate and the mountain men's CACCIATORE."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.advances import (
    DOTTORE,
    DOTTORE_LAUREATO,
    Advance,
    advance_cost,
    check_advance,
    check_characteristic,
    choose_cacciatore,
    find_owned_skill,
    new_skill_for_faces,
    promotes_to_hero,
    roll_new_skill,
)
from skirmish.engine.dice import Die, RandomDice, ScriptedDice
from skirmish.errors import DiceError, NotEnoughDice, RulesError, UnknownNameError

TABLE = {
    2: "fuciliere",
    3: "guerriero",
    4: "pugile",
    5: "dottore",
    6: "predicatore",
    7: "buon-cavaliere",
    8: "giocatore",
    9: "bounty-killer",
    10: "duro",
    11: "cecchino",
    12: "pistolero",
}
EVERY_SKILL = {*TABLE.values(), DOTTORE_LAUREATO}


@pytest.mark.parametrize(
    ("advance", "cost"),
    [
        (Advance.SKILL, 3),
        (Advance.RIF, 5),
        (Advance.FRED, 5),
        (Advance.COS, 6),
        (Advance.TIRO, 6),
        (Advance.FAMA, 7),
        (Advance.FORTUNA, 7),
    ],
)
def test_costs(advance: Advance, cost: int) -> None:
    assert advance_cost(advance) == cost
    assert check_advance(advance=advance, xp=cost, current=2) == cost


def test_not_enough_xp() -> None:
    with pytest.raises(RulesError, match=r"\+1 RIF costs 5 XP but the model has 4 \(R-11"):
        check_advance(advance=Advance.RIF, xp=4, current=2)
    with pytest.raises(RulesError, match=r"new skill costs 3 XP but the model has 2"):
        check_advance(advance=Advance.SKILL, xp=2)


def test_cap_of_four() -> None:
    assert check_advance(advance=Advance.FAMA, xp=9, current=3) == 7
    with pytest.raises(RulesError, match=r"FAMA is already 4.*R-11"):
        check_advance(advance=Advance.FAMA, xp=9, current=4)
    with pytest.raises(RulesError, match="current COS"):
        check_advance(advance=Advance.COS, xp=9)
    with pytest.raises(RulesError, match="outside 0–4"):
        check_characteristic("TIRO", 5)


def test_common_becomes_hero_with_fama_or_fortuna() -> None:
    assert promotes_to_hero(role="common", advance=Advance.FAMA)
    assert promotes_to_hero(role="common", advance=Advance.FORTUNA)
    assert not promotes_to_hero(role="common", advance=Advance.RIF)
    assert not promotes_to_hero(role="hero", advance=Advance.FAMA)


@pytest.mark.parametrize(("total", "skill"), sorted(TABLE.items()))
def test_the_table(total: int, skill: str) -> None:
    faces = (1, total - 1) if total <= 7 else (6, total - 6)
    result = roll_new_skill(owned=(), dice=ScriptedDice(faces))
    assert result.skill == skill
    assert result.dice == (Die(faces[0], "new skill"), Die(faces[1], "new skill"))
    assert result.rulings == ("R-11",)


def test_owned_skill_is_rolled_again() -> None:
    result = roll_new_skill(owned=["duro", "cecchino"], dice=ScriptedDice([4, 6, 5, 6, 3, 4]))
    assert [r.total for r in result.rolls] == [10, 11, 7]
    assert [r.skill for r in result.rolls] == [None, None, "buon-cavaliere"]
    assert result.skill == "buon-cavaliere"
    assert len(result.dice) == 6


def test_weapon_choice_is_asked_for() -> None:
    assert roll_new_skill(owned=(), dice=ScriptedDice([6, 6])).choice == "pistol"
    assert roll_new_skill(owned=(), dice=ScriptedDice([1, 1])).choice == "rifle"
    assert roll_new_skill(owned=(), dice=ScriptedDice([1, 2])).choice == "blade"
    assert roll_new_skill(owned=(), dice=ScriptedDice([3, 4])).choice is None


def test_dottore_upgrades_to_graduate() -> None:
    first = roll_new_skill(owned=(), dice=ScriptedDice([2, 3]))
    assert (first.skill, first.replaces) == (DOTTORE, None)
    upgrade = roll_new_skill(owned=[DOTTORE], dice=ScriptedDice([2, 3]))
    assert (upgrade.skill, upgrade.replaces) == (DOTTORE_LAUREATO, DOTTORE)
    again = roll_new_skill(owned=[DOTTORE, DOTTORE_LAUREATO], dice=ScriptedDice([1, 4, 2, 2]))
    assert [r.skill for r in again.rolls] == [None, "pugile"]
    graduate_only = roll_new_skill(owned=[DOTTORE_LAUREATO], dice=ScriptedDice([4, 1, 1, 1]))
    assert graduate_only.skill == "fuciliere"


def test_every_skill_owned_is_refused() -> None:
    with pytest.raises(RulesError, match="every skill"):
        roll_new_skill(owned=EVERY_SKILL, dice=ScriptedDice([3, 4]))
    with pytest.raises(RulesError, match="every skill"):
        roll_new_skill(owned=EVERY_SKILL - {DOTTORE}, dice=ScriptedDice([3, 4]))


def test_dice_that_keep_repeating_give_up() -> None:
    with pytest.raises(DiceError, match="keep repeating"):
        roll_new_skill(owned=["buon-cavaliere"], dice=ScriptedDice([3, 4] * 300))


def test_mountain_men_take_cacciatore() -> None:
    result = choose_cacciatore(faction="mountain-men", owned=["duro"])
    assert result.skill == "fuciliere" and result.chosen and result.dice == ()
    assert result.choice == "rifle"
    with pytest.raises(RulesError, match="only mountain men"):
        choose_cacciatore(faction="cowboys", owned=())
    with pytest.raises(RulesError, match="already has CACCIATORE"):
        choose_cacciatore(faction="mountain-men", owned=["fuciliere"])


def test_exact_chances_of_the_first_roll() -> None:
    def chance(skill: str, owned: set[str]) -> Fraction:
        hits = sum(new_skill_for_faces(f, owned) == skill for f in product(range(1, 7), repeat=2))
        return Fraction(hits, 36)

    assert chance("buon-cavaliere", set()) == Fraction(6, 36)
    assert chance("fuciliere", set()) == Fraction(1, 36)
    assert chance(DOTTORE_LAUREATO, {DOTTORE}) == Fraction(4, 36)
    assert chance(DOTTORE, {DOTTORE}) == 0


@given(
    st.sets(st.sampled_from(sorted(EVERY_SKILL)), max_size=8),
    st.lists(st.integers(1, 6), min_size=60, max_size=60),
)
def test_never_a_duplicate(owned: set[str], script: list[int]) -> None:
    try:
        result = roll_new_skill(owned=owned, dice=ScriptedDice(script))
    except NotEnoughDice:
        return
    assert result.skill not in owned
    if result.skill == DOTTORE_LAUREATO:
        assert result.replaces == DOTTORE
    assert all(r.skill is None for r in result.rolls[:-1])
    assert result.dice == tuple(Die(face, "new skill") for r in result.rolls for face in r.faces)


@given(st.integers(), st.sets(st.sampled_from(sorted(EVERY_SKILL)), max_size=8))
def test_seeded_roll_is_reproducible(seed: int, owned: set[str]) -> None:
    first = roll_new_skill(owned=owned, dice=RandomDice(seed))
    assert first == roll_new_skill(owned=owned, dice=RandomDice(seed))
    assert first.skill not in owned


@pytest.mark.parametrize(
    ("name", "skill"),
    [
        ("Buon cavaliere", "buon-cavaliere"),
        ("sniper", "cecchino"),
        ("Cacciatore", "fuciliere"),
        ("dottore", DOTTORE),
        ("segaossa", DOTTORE),
        ("Dottore Laureato", DOTTORE_LAUREATO),
        ("graduate", DOTTORE_LAUREATO),
    ],
)
def test_skill_names_in_both_languages(name: str, skill: str) -> None:
    assert find_owned_skill(name) == skill


def test_unknown_skill_names_the_closest() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown skill 'snipr': did you mean 'cecchino'"):
        find_owned_skill("snipr")
