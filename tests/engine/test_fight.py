"""Fight (R-05, table 4): the §4.3 example, every modifier, the boundaries, what is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.engine.dice import RandomDice, ScriptedDice
from skirmish.engine.fight import (
    armed,
    check_melee,
    fight_modifiers,
    fight_save_modifiers,
    judge_fight,
    melee,
)
from skirmish.engine.result import Modifier
from skirmish.engine.setup import (
    Attacker,
    Elevation,
    FightSituation,
    MeleeSetup,
    MountPace,
    SkillTaken,
    Target,
)
from skirmish.errors import RulesError
from skirmish.rules import find_weapon
from skirmish.rules.model import ModelState, Weapon

KNIFE = find_weapon("coltello")
AXE = find_weapon("ascia boscaiolo")
RIFLE = find_weapon("fucile")
SIX = find_weapon("sei colpi")


def keyed(mods: tuple[Modifier, ...]) -> dict[str, int]:
    return {m.key: m.value for m in mods}


def test_section_4_3_example_john_knifes_billy() -> None:
    """R-05: 4 + COS 3 + 1 knife vs bare hands + 1 weapon bonus = 9: 1 damage; save 4 + 1
    blade − 3 = 2: 1 wound; panic 3,5 vs FRED 3: shaken."""
    setup = MeleeSetup(Attacker(cos=3, fred=4, weapon=KNIFE), Target(rif=3, fred=3, cos=3))
    result = melee(setup, ScriptedDice([2, 4, 4, 4, 3, 5]))
    assert result.nerve.penalty == 0
    assert result.fight.total == 9 and result.damage == 1
    assert keyed(result.fight.modifiers) == {"weapon-bonus": 1, "armed-vs-unarmed": 1}
    (save,) = result.aftermath.saves
    assert (save.outcome.total, save.outcome.wounds) == (2, 1)
    assert result.wounds == 1 and result.aftermath.cos_after == 2
    assert result.aftermath.outcome == "shaken"
    assert result.rulings == ("R-01", "R-05", "R-03", "R-04")
    assert [d.purpose for d in result.dice] == ["nerve", "nerve", "fight", "save", "panic", "panic"]


@pytest.mark.parametrize(("score", "damage"), [(5, 0), (6, 0), (7, 1), (9, 1), (10, 2), (12, 2)])
def test_fight_boundaries(score: int, damage: int) -> None:
    """R-05: ≤ 6 miss, 7–9 one damage, ≥ 10 two."""
    assert judge_fight(score - 3, 3, ()).damage == damage


def test_weapon_bonus_only_when_armed() -> None:
    """R-05: 1 with a blade or improvised weapon, 0 bare-handed; a six-shooter is neither."""
    assert armed(KNIFE) and armed(RIFLE) and armed(find_weapon("pistola pesante"))
    assert not armed(SIX) and not armed(None)
    bare = fight_modifiers(MeleeSetup(Attacker(weapon=SIX)), 0)
    assert bare == ()


@pytest.mark.parametrize(
    ("setup", "key", "value"),
    [
        (MeleeSetup(Attacker(weapon=KNIFE)), "armed-vs-unarmed", 1),
        (MeleeSetup(Attacker(), Target(weapon=KNIFE)), "unarmed-vs-armed", -1),
        (MeleeSetup(Attacker(weapon=AXE), Target(weapon=KNIFE)), "attacker-two-handed", 1),
        (MeleeSetup(Attacker(weapon=KNIFE), Target(weapon=RIFLE)), "defender-two-handed", -1),
        (MeleeSetup(Attacker(mounted=True)), "attacker-mounted", 2),
        (MeleeSetup(Attacker(), Target(mount=MountPace.STILL)), "defender-mounted", -2),
        (MeleeSetup(Attacker(), Target(prone=True)), "defender-down", 1),
        (
            MeleeSetup(Attacker(), situation=FightSituation(elevation=Elevation.ATTACKER)),
            "defender-down",
            1,
        ),
        (MeleeSetup(Attacker(prone=True)), "attacker-down", -1),
        (
            MeleeSetup(Attacker(), situation=FightSituation(elevation=Elevation.DEFENDER)),
            "attacker-down",
            -1,
        ),
        (MeleeSetup(Attacker(), Target(state=ModelState.SHAKEN)), "defender-shaken", 1),
        (MeleeSetup(Attacker(), Target(state=ModelState.TERRIFIED)), "defender-terrified", 2),
        (MeleeSetup(Attacker(bear_hunter=True)), "bear-hunter", 1),
        (MeleeSetup(Attacker(malattia=True)), "malattia", -1),
        (
            MeleeSetup(Attacker(weapon=KNIFE, skills=(SkillTaken("guerriero", "knife"),))),
            "guerriero",
            1,
        ),
        (
            MeleeSetup(Attacker(), situation=FightSituation(target_waiting=True)),
            "target-waiting",
            1,
        ),
    ],
)
def test_every_table_4_modifier(setup: MeleeSetup, key: str, value: int) -> None:
    """Table 4 and R-05: each modifier reachable, with its value."""
    assert keyed(fight_modifiers(setup, 0))[key] == value


@pytest.mark.parametrize("weapon", [RIFLE, find_weapon("doppietta"), find_weapon("moschetto")])
def test_a_rifle_used_as_a_club_adds_1_not_its_shooting_bonus_r18(weapon: Weapon) -> None:
    """R-18: the weapon bonus in a fight is 1 for any blade or improvised weapon, whatever
    its shooting bonus (a rifle's is 2)."""
    assert weapon.bonus == 2
    setup = MeleeSetup(Attacker(cos=3, weapon=weapon), Target(weapon=AXE))
    assert keyed(fight_modifiers(setup, 0))["weapon-bonus"] == 1
    result = melee(setup, ScriptedDice([1, 1, 4]))
    # 4 + COS 3 + 1 weapon + 1 two-handed − 1 defender two-handed = 8: one damage
    assert result.fight.total == 8 and result.damage == 1


def test_a_target_that_has_not_acted_gives_plus_1_to_the_fight_roll_r18() -> None:
    """R-18: table 3's "target has not yet taken its turn +1" applies to fights too; the
    §4.3 example has none only because Billy has already acted."""
    setup = MeleeSetup(
        Attacker(cos=3, fred=4, weapon=KNIFE),
        Target(rif=3, fred=3, cos=3),
        FightSituation(target_waiting=True),
    )
    result = melee(setup, ScriptedDice([2, 4, 4, 1, 3, 5, 1]))
    assert keyed(result.fight.modifiers) == {
        "weapon-bonus": 1,
        "armed-vs-unarmed": 1,
        "target-waiting": 1,
    }
    assert result.fight.total == 10 and result.damage == 2
    assert "R-18" in result.rulings


def test_both_armed_cancels_the_comparison() -> None:
    mods = keyed(fight_modifiers(MeleeSetup(Attacker(weapon=KNIFE), Target(weapon=KNIFE)), 0))
    assert "armed-vs-unarmed" not in mods and "unarmed-vs-armed" not in mods


def test_guerriero_only_with_the_chosen_blade() -> None:
    """§7.2: GUERRIERO's +1 is for the blade chosen when the skill was gained."""
    setup = MeleeSetup(Attacker(weapon=AXE, skills=(SkillTaken("guerriero", "knife"),)))
    assert "guerriero" not in keyed(fight_modifiers(setup, 0))


def test_fuciliere_does_not_help_a_rifle_butt() -> None:
    setup = MeleeSetup(Attacker(weapon=RIFLE, skills=(SkillTaken("fuciliere", "rifle"),)))
    assert "fuciliere" not in keyed(fight_modifiers(setup, 0))


def test_nerve_penalty_comes_last() -> None:
    mods = fight_modifiers(MeleeSetup(Attacker(weapon=KNIFE)), -2)
    assert (mods[-1].key, mods[-1].value) == ("nervous", -2)


def test_pugile_helps_the_fight_nerve_test() -> None:
    """R-01: PUGILE +1 FRED: dice 4,4 against FRED 3 pass."""
    setup = MeleeSetup(Attacker(fred=3, skills=(SkillTaken("pugile"),)))
    assert melee(setup, ScriptedDice([4, 4, 1])).nerve.failures == 0


def test_blade_helps_the_save_but_an_improvised_weapon_does_not() -> None:
    """R-03: +1 to the saving roll for a blade only; +2 from behind."""
    knife = MeleeSetup(Attacker(weapon=KNIFE), situation=FightSituation(behind=True))
    assert keyed(fight_save_modifiers(knife)) == {"behind": 2, "blade": 1}
    assert fight_save_modifiers(MeleeSetup(Attacker(weapon=RIFLE))) == ()


def test_two_damages_give_two_saves_and_can_eliminate() -> None:
    """R-03, §6.1: the first save takes the last COS; no second save, no panic test."""
    setup = MeleeSetup(Attacker(cos=4, weapon=AXE, mounted=True), Target(rif=2, fred=3, cos=1))
    result = melee(setup, ScriptedDice([1, 1, 6, 6, 3, 3]))
    assert result.damage == 2
    assert len(result.aftermath.saves) == 1
    assert result.aftermath.eliminated and result.aftermath.outcome == "eliminated"
    assert result.aftermath.panic is None
    assert len(result.dice) == 4


def test_a_miss_still_takes_a_panic_test() -> None:
    """R-04: every model attacked tests, hit or not."""
    result = melee(
        MeleeSetup(Attacker(cos=0), Target(rif=3, fred=3)), ScriptedDice([1, 1, 1, 6, 6])
    )
    assert result.damage == 0 and result.wounds == 0
    assert result.aftermath.outcome == "terrified"


def test_mountain_men_charge_hardens_the_panic_test() -> None:
    """R-04: charged by mountain men: +1 on each panic die."""
    setup = MeleeSetup(Attacker(cos=0), Target(fred=3), FightSituation(mountain_men_charge=True))
    result = melee(setup, ScriptedDice([1, 1, 1, 3, 1]))
    assert result.aftermath.panic is not None and result.aftermath.panic.failures == 1


def test_a_shaken_model_cannot_start_a_fight() -> None:
    """§4.3, R-05."""
    with pytest.raises(RulesError, match=r"shaken model cannot start a fight \(§4.3"):
        check_melee(MeleeSetup(Attacker(state=ModelState.SHAKEN)))


def test_a_terrified_model_cannot_fight() -> None:
    with pytest.raises(RulesError, match="terrified model cannot act"):
        melee(MeleeSetup(Attacker(state=ModelState.TERRIFIED)), ScriptedDice([1, 1, 1]))


def test_explosives_and_lasso_are_not_fight_weapons() -> None:
    with pytest.raises(RulesError, match="roll its explosion"):
        check_melee(MeleeSetup(Attacker(weapon=find_weapon("dinamite"))))
    with pytest.raises(RulesError, match="no damage"):
        check_melee(MeleeSetup(Attacker(), Target(weapon=find_weapon("lasso"))))


@given(st.integers(0, 4), st.lists(st.integers(-3, 3), max_size=6), st.integers(-3, 0))
def test_a_worse_modifier_never_raises_the_chance_to_hit(
    cos: int, values: list[int], worse: int
) -> None:
    """Over the 6 faces of the fight die, a modifier ≤ 0 never raises the damage (R-05)."""
    mods = tuple(Modifier(f"m{i}", v) for i, v in enumerate(values))
    for face in range(1, 7):
        assert judge_fight(face, cos, (*mods, Modifier("worse", worse))).damage <= (
            judge_fight(face, cos, mods).damage
        )


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([None, KNIFE, AXE, RIFLE, SIX]),
    st.sampled_from([None, KNIFE, RIFLE]),
    st.none() | st.integers(0, 4),
    st.none() | st.integers(0, 4),
    st.none() | st.integers(1, 4),
    st.integers(0, 2**32),
)
def test_random_fights_use_a_valid_number_of_dice(
    weapon: Weapon | None,
    defence: Weapon | None,
    rif: int | None,
    fred: int | None,
    cos: int | None,
    seed: int,
) -> None:
    """2 nerve dice, 1 fight die, one per saving roll, 0 or 2 panic dice; seeded rolls repeat."""
    setup = MeleeSetup(Attacker(weapon=weapon), Target(rif=rif, fred=fred, cos=cos, weapon=defence))
    result = melee(setup, RandomDice(seed))
    panic = len(result.aftermath.panic.faces) if result.aftermath.panic else 0
    assert len(result.dice) == 3 + len(result.aftermath.saves) + panic
    assert len(result.aftermath.saves) <= result.damage <= 2
    assert result == melee(setup, RandomDice(seed))
    assert result == melee(setup, ScriptedDice([d.value for d in result.dice]))


def test_mano_mozzata_cannot_fight_with_a_two_handed_weapon() -> None:
    """§6.5: no two-handed weapons; a knife is fine."""
    with pytest.raises(RulesError, match="Mano mozzata"):
        check_melee(MeleeSetup(Attacker(weapon=AXE, mano_mozzata=True)))
    check_melee(MeleeSetup(Attacker(weapon=KNIFE, mano_mozzata=True)))
