"""Explosives (R-14, §5.5, table 8): damage less protection, one save each (R-03), survivors
thrown 1D6 + damages and terrified; dynamite's step away and short fuse."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.dice import RandomDice, ScriptedDice
from skirmish.engine.explosion import (
    BlastOutcome,
    Explosive,
    Protection,
    damages_after_protection,
    find_explosive,
    fuse_in_hands,
    protection_value,
    roll_explosion,
    step_distance,
    table_8_protection,
)
from skirmish.engine.saving import wounds_for
from skirmish.errors import NotEnoughDice, RulesError, UnknownNameError


def test_damage_of_each_explosive() -> None:
    assert Explosive.DYNAMITE.damage == 6
    assert Explosive.NITROGLYCERIN.damage == 10


@pytest.mark.parametrize(
    ("explosive", "protection", "damages"),
    [
        (Explosive.DYNAMITE, 0, 6),
        (Explosive.DYNAMITE, 4, 2),
        (Explosive.DYNAMITE, 5, 1),
        (Explosive.NITROGLYCERIN, 5, 5),
        (Explosive.DYNAMITE, 7, 0),
    ],
)
def test_protection_is_subtracted(explosive: Explosive, protection: int, damages: int) -> None:
    assert damages_after_protection(explosive, protection) == damages


def test_protection_levels_of_a_table_8_row() -> None:
    # brick wall: partial 2, total 4
    assert protection_value(2, 4, Protection.NONE) == 0
    assert protection_value(2, 4, Protection.PARTIAL) == 2
    assert protection_value(2, 4, Protection.TOTAL) == 4


@pytest.mark.parametrize(
    ("shelter", "level", "value"),
    [
        ("Muro di mattoni", "partial", 2),
        ("brick-wall", "total", 4),
        ("palizzata", "total", 3),
        ("tree", "partial", 1),
        ("grossa roccia", "total", 5),
        ("siepe", "none", 0),
    ],
)
def test_table_8(shelter: str, level: str, value: int) -> None:
    assert table_8_protection(shelter, level) == value


def test_survivor_is_thrown_and_terrified() -> None:
    # dynamite 6 − big rock total 5 = 1 damage; save 3 − RIF 3 = 0: no wound; thrown 4 + 1
    result = roll_explosion(
        explosive="dynamite", rif=3, cos=3, protection=5, dice=ScriptedDice([3, 4])
    )
    assert result.blast is not None
    assert result.blast.damages == 1
    assert result.blast.wounds == 0
    assert result.blast.thrown == 5
    assert result.outcome is BlastOutcome.TERRIFIED
    assert [d.purpose for d in result.dice] == ["save", "thrown"]
    assert [(m.key, m.value) for m in result.modifiers] == [("protection", -5)]
    assert result.rulings == ("R-14", "R-03", "R-04")


def test_wounds_from_saves_and_elimination() -> None:
    # 2 damages against RIF 2, COS 2: save 4 − 2 = 2 (1 wound), save 6 − 2 = 4 (2 wounds)
    result = roll_explosion(
        explosive=Explosive.DYNAMITE, rif=2, cos=2, protection=4, dice=ScriptedDice([4, 6])
    )
    assert result.blast is not None and result.blast.wounds == 3
    assert result.outcome is BlastOutcome.ELIMINATED
    assert result.blast.thrown is None
    assert "R-04" not in result.rulings


def test_whisky_costs_one_rif_on_every_save() -> None:
    # 2 damages, RIF 3: 3 − 3 = 0 saves; with whisky 3 + 1 − 3 = 1 wounds
    sober = roll_explosion(
        explosive="dynamite", rif=3, cos=4, protection=4, dice=ScriptedDice([3, 3, 1])
    )
    drunk = roll_explosion(
        explosive="dynamite", rif=3, cos=4, protection=4, whisky=True, dice=ScriptedDice([3, 3, 1])
    )
    assert sober.blast is not None and sober.blast.wounds == 0
    assert drunk.blast is not None and drunk.blast.wounds == 2


def test_saves_stop_once_eliminated() -> None:
    # nitroglycerin 10 damages on COS 1: the first wound eliminates, no more saves
    result = roll_explosion(explosive="nitroglycerin", rif=0, cos=1, dice=ScriptedDice([2]))
    assert result.outcome is BlastOutcome.ELIMINATED
    assert len(result.dice) == 1


def test_full_protection_leaves_it_unharmed() -> None:
    result = roll_explosion(explosive="dynamite", rif=3, cos=3, protection=6, dice=ScriptedDice([]))
    assert result.outcome is BlastOutcome.UNHARMED
    assert result.dice == ()


@pytest.mark.parametrize(("face", "step"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_step_away_rounds_up(face: int, step: int) -> None:
    assert step_distance(face) == step


def test_unmoved_model_steps_out_of_the_radius() -> None:
    # 3U from the centre, steps ⌈5/2⌉ = 3U: 6U, outside 5U
    result = roll_explosion(
        explosive="dynamite", rif=3, cos=3, distance=3, unmoved=True, dice=ScriptedDice([5])
    )
    assert result.step_away is not None and result.step_away.escaped
    assert result.blast is None
    assert result.outcome is BlastOutcome.UNHARMED


def test_a_short_step_is_not_enough() -> None:
    # 3U + ⌈2/2⌉ = 4U: still caught, 6 damages
    script = [2, 1, 1, 1, 1, 1, 1, 6]
    result = roll_explosion(
        explosive="dynamite", rif=4, cos=3, distance=3, unmoved=True, dice=ScriptedDice(script)
    )
    assert result.step_away is not None and not result.step_away.escaped
    assert result.blast is not None and result.blast.wounds == 0
    assert result.blast.thrown == 12


def test_short_fuse_stops_the_step_away() -> None:
    result = roll_explosion(
        explosive="dynamite",
        rif=3,
        cos=3,
        protection=5,
        unmoved=True,
        short_fuse=True,
        dice=ScriptedDice([2, 3, 1]),
    )
    assert result.fuse is not None and not result.fuse.in_hands
    assert result.step_away is None
    assert [d.purpose for d in result.dice] == ["short fuse", "save", "thrown"]


def test_short_fuse_explodes_in_hands_on_a_one() -> None:
    other = roll_explosion(
        explosive="dynamite", rif=3, cos=3, short_fuse=True, dice=ScriptedDice([1])
    )
    assert other.outcome is BlastOutcome.IN_HANDS and other.blast is None
    thrower = roll_explosion(
        explosive="dynamite",
        rif=4,
        cos=2,
        protection=4,
        distance=4,
        short_fuse=True,
        thrower=True,
        dice=ScriptedDice([1, 1, 1, 1, 1, 1, 1, 2]),
    )
    assert thrower.blast is not None
    assert thrower.blast.protection == 0 and thrower.blast.damages == 6
    assert thrower.distance == 0 and thrower.modifiers == ()
    assert thrower.outcome is BlastOutcome.TERRIFIED


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"explosive": "nitroglycerin", "short_fuse": True}, "nitroglycerin explodes on contact"),
        ({"explosive": "nitroglycerin", "unmoved": True}, "no stepping away"),
        ({"distance": 6}, "outside its 5U radius"),
        ({"protection": -1}, "table 8"),
        ({"cos": 0}, "out of the game"),
        ({"rif": 5}, "outside 0–4"),
        ({"thrower": True}, "only a short fuse"),
    ],
)
def test_refused(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"explosive": "dynamite", "rif": 3, "cos": 3, **kwargs}
    with pytest.raises(RulesError, match=message):
        roll_explosion(**args, dice=ScriptedDice([3] * 20))  # type: ignore[arg-type]


def test_explosives_by_name() -> None:
    assert find_explosive("Dinamite") is Explosive.DYNAMITE
    assert find_explosive("nitroglicerina") is Explosive.NITROGLYCERIN
    with pytest.raises(UnknownNameError, match="unknown weapon 'gunpowder'"):
        roll_explosion(explosive="gunpowder", rif=3, cos=3, dice=ScriptedDice([3]))
    with pytest.raises(RulesError, match="not an explosive"):
        find_explosive("coltello")


def test_exact_chance_of_surviving_one_damage() -> None:
    # 1 damage, RIF 3, COS 1: survives when 1D6 − 3 ≤ 0, i.e. 1/2
    survive = sum(wounds_for(face - 3) == 0 for face in range(1, 7))
    assert Fraction(survive, 6) == Fraction(1, 2)


def test_exact_chance_short_fuse() -> None:
    assert Fraction(sum(fuse_in_hands(f) for f in range(1, 7)), 6) == Fraction(1, 6)


def test_exact_chance_of_escaping_from_3u() -> None:
    escapes = sum(3 + step_distance(face) > 5 for face in range(1, 7))
    assert Fraction(escapes, 6) == Fraction(1, 3)


def test_exact_wounds_of_two_damages_match_enumeration() -> None:
    # dynamite behind a brick wall's total protection: 2 damages, RIF 3
    dist: dict[int, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        result = roll_explosion(
            explosive="dynamite", rif=3, cos=4, protection=4, dice=ScriptedDice([a, b, 1])
        )
        assert result.blast is not None
        dist[result.blast.wounds] = dist.get(result.blast.wounds, Fraction(0)) + Fraction(1, 36)
    assert dist[0] == Fraction(1, 4)
    assert sum(dist.values()) == 1


@given(st.integers(), st.sampled_from(list(Explosive)), st.integers(0, 4), st.integers(1, 4))
def test_seeded_explosion_is_reproducible(
    seed: int, explosive: Explosive, rif: int, cos: int
) -> None:
    def run() -> object:
        return roll_explosion(explosive=explosive, rif=rif, cos=cos, dice=RandomDice(seed))

    assert run() == run()


def test_running_out_of_dice() -> None:
    with pytest.raises(NotEnoughDice, match="saving roll"):
        roll_explosion(explosive="dynamite", rif=3, cos=3, dice=ScriptedDice([1]))
