"""Shooting (R-02, R-14, table 3): the §4.2 example, every modifier, the special weapons,
what is refused, and properties over random setups."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.engine.dice import RandomDice, ScriptedDice
from skirmish.engine.result import Modifier
from skirmish.engine.setup import (
    Attacker,
    Immunity,
    Motion,
    MountPace,
    ShootSetup,
    ShotSituation,
    SkillTaken,
    Target,
)
from skirmish.engine.shooting import (
    check_shoot,
    damage_for,
    fall_reflex_modifiers,
    fanning_shots,
    judge_fall_reflex,
    judge_mount_fall,
    judge_shot,
    range_band,
    shoot,
    shot_modifiers,
    shot_save_modifiers,
    weapon_ranges,
)
from skirmish.errors import RulesError
from skirmish.rules import find_weapon
from skirmish.rules.model import Cover, ModelState, Weapon

SIX = find_weapon("sei-colpi")
SMALL = find_weapon("remington")
HEAVY = find_weapon("pistola pesante")
RIFLE = find_weapon("fucile")
REPEATER = find_weapon("winchester")
HUNTING = find_weapon("fucile da caccia")
DOUBLE = find_weapon("doppietta")
SAWN = find_weapon("canne mozze")
CARBINE = find_weapon("carabina")
KNIFE = find_weapon("coltello")


def setup_of(
    weapon: Weapon = SIX,
    *,
    tiro: int = 3,
    attacker: Attacker | None = None,
    target: Target | None = None,
    **situation: Any,
) -> ShootSetup:
    return ShootSetup(
        attacker=attacker or Attacker(tiro=tiro, weapon=weapon),
        target=target or Target(),
        situation=ShotSituation(**situation),
    )


def keyed(mods: tuple[Modifier, ...]) -> dict[str, int]:
    return {m.key: m.value for m in mods}


# ---------------------------------------------------------------------------- §4.2


def test_section_4_2_example_wyatt_shoots_billy() -> None:
    """R-02: nerve 2,4 vs 3 tense; 4 + TIRO 4 + 1 weapon + 1 waiting − 1 light cover − 1 tense
    = 8: 1 damage; save 4 − 3 = 1: 1 wound; panic 3,5 vs 3: shaken."""
    setup = ShootSetup(
        Attacker(tiro=4, fred=3, weapon=SIX),
        Target(rif=3, fred=3, cos=3),
        ShotSituation(range=8, cover=Cover.LIGHT, target_waiting=True),
    )
    result = shoot(setup, ScriptedDice([2, 4, 4, 4, 3, 5]))
    (shot,) = result.shots
    assert [(m.key, m.value) for m in shot.outcome.modifiers] == [
        ("weapon-bonus", 1),
        ("target-waiting", 1),
        ("cover-light", -1),
        ("tense", -1),
    ]
    assert shot.outcome.total == 8 and result.damage == 1
    assert result.wounds == 1 and result.aftermath.cos_after == 2
    assert result.aftermath.outcome == "shaken"
    assert result.rulings == ("R-01", "R-02", "R-03", "R-04")
    assert [d.purpose for d in result.dice] == ["nerve", "nerve", "shot", "save", "panic", "panic"]


# ---------------------------------------------------------------------------- totals


@pytest.mark.parametrize(("score", "damage"), [(6, 0), (7, 0), (8, 1), (9, 1), (10, 2), (13, 2)])
def test_damage_boundaries(score: int, damage: int) -> None:
    """R-02: ≤ 7 miss (the summary table wins over §4.2's "≤ 6"), 8–9 one, ≥ 10 two."""
    assert damage_for(score) == damage
    assert judge_shot(score - 3, 3, ()).damage == damage


# ---------------------------------------------------------------------------- table 3


@pytest.mark.parametrize(
    ("setup", "shot", "key", "value"),
    [
        (setup_of(RIFLE, aim=True), 1, "aim", 1),
        (setup_of(SIX, range=6), 1, "short-range", 1),
        (setup_of(target_waiting=True), 1, "target-waiting", 1),
        (setup_of(cover=Cover.LIGHT), 1, "cover-light", -1),
        (setup_of(cover=Cover.PARTIAL), 1, "cover-partial", -2),
        (setup_of(DOUBLE, shots=2), 2, "after-first-shot", -1),
        (setup_of(attacker=Attacker(weapon=SIX, two_pistols=True)), 1, "two-pistols", -1),
        (setup_of(target=Target(mount=MountPace.TROT)), 1, "target-trotting", 2),
        (setup_of(target=Target(mount=MountPace.GALLOP)), 1, "target-galloping", 1),
        (setup_of(attacker=Attacker(weapon=SIX, moving=Motion.NORMAL)), 1, "shooter-trotting", -1),
        (setup_of(attacker=Attacker(weapon=SIX, moving=Motion.FAST)), 1, "shooter-galloping", -2),
        (setup_of(range=5, target=Target(prone=True)), 1, "prone-target-short", 1),
        (setup_of(range=9, target=Target(prone=True)), 1, "prone-target-beyond", -1),
        (setup_of(target_not_in_view=True), 1, "target-not-seen", -1),
        (
            setup_of(range=6, target=Target(state=ModelState.TERRIFIED)),
            1,
            "target-terrified-short",
            1,
        ),
        (setup_of(RIFLE, range=21, night=True), 1, "night", -1),
        (setup_of(RIFLE, range=21, target=Target(indian_hidden=True)), 1, "indian-hidden", -1),
        (
            setup_of(attacker=Attacker(weapon=SIX, near_two_soldiers=True)),
            1,
            "near-two-soldiers",
            1,
        ),
        (setup_of(DOUBLE, range=4), 1, "point-blank", 1),
        (setup_of(opportunity=True), 1, "opportunity-moving", -1),
    ],
)
def test_every_table_3_modifier(setup: ShootSetup, shot: int, key: str, value: int) -> None:
    """Table 3 and R-02's situational modifiers: each reachable, with its value."""
    check_shoot(setup)
    assert keyed(shot_modifiers(setup, shot, 0))[key] == value


def test_weapon_bonus_first_and_nerve_last() -> None:
    mods = shot_modifiers(setup_of(RIFLE, cover=Cover.LIGHT), 1, -2)
    assert (mods[0].key, mods[0].value) == ("weapon-bonus", 2)
    assert (mods[-1].key, mods[-1].value) == ("nervous", -2)


def test_no_range_given_means_beyond_short_range() -> None:
    assert "short-range" not in keyed(shot_modifiers(setup_of(SIX), 1, 0))


def test_range_boundaries() -> None:
    """R-02: within short range (≤ short) +1; beyond long range no shot."""
    assert range_band(setup_of(SIX, range=6)) == "short"
    assert range_band(setup_of(SIX, range=6.5)) == "long"
    check_shoot(setup_of(SIX, range=12))
    with pytest.raises(RulesError, match=r"13U is beyond .*short 6U, long 12U"):
        check_shoot(setup_of(SIX, range=13))


def test_scope_adds_4u_to_long_range_only() -> None:
    assert weapon_ranges(setup_of(attacker=Attacker(weapon=RIFLE, scope=True))) == (14, 32)
    check_shoot(setup_of(attacker=Attacker(weapon=RIFLE, scope=True), range=32))
    with pytest.raises(RulesError, match="rifle scope fits only"):
        check_shoot(setup_of(attacker=Attacker(weapon=SIX, scope=True)))


def test_thrown_weapons_reach_cos_times_2() -> None:
    """R-14: thrown weapons range COS×2 U (short and long alike)."""
    knife = setup_of(attacker=Attacker(cos=3, weapon=KNIFE), range=6)
    assert weapon_ranges(knife) == (6, 6)
    assert "short-range" in keyed(shot_modifiers(knife, 1, 0))
    with pytest.raises(RulesError, match="beyond the Knife's long range"):
        check_shoot(knife._replace(situation=ShotSituation(range=7)))


def test_guerriero_helps_a_thrown_chosen_blade() -> None:
    knife = setup_of(attacker=Attacker(weapon=KNIFE, skills=(SkillTaken("guerriero", "knife"),)))
    assert keyed(shot_modifiers(knife, 1, 0))["guerriero"] == 1


# ---------------------------------------------------------------------------- cover (§4.2.1)


def test_cover_never_stacks_with_a_prone_target() -> None:
    """R-02: beyond short range a prone target counts as light cover; apply the worst once."""
    partial = keyed(
        shot_modifiers(setup_of(range=9, cover=Cover.PARTIAL, target=Target(prone=True)), 1, 0)
    )
    assert partial.get("cover-partial") == -2 and "prone-target-beyond" not in partial
    light = shot_modifiers(setup_of(range=9, cover=Cover.LIGHT, target=Target(prone=True)), 1, 0)
    assert sum(m.value for m in light if m.value < 0) == -1


def test_full_cover_cannot_be_shot() -> None:
    with pytest.raises(RulesError, match=r"full cover .*cannot be shot at \(§4.2.1"):
        check_shoot(setup_of(cover=Cover.FULL))


def test_a_target_at_cos_0_is_refused() -> None:
    """§6.1: COS 0 means eliminated; such a model is no target (issue 9)."""
    with pytest.raises(RulesError) as refused:
        Target(rif=3, cos=0)
    assert str(refused.value) == (
        "target COS 0: a model whose COS reaches 0 is eliminated (§6.1) and can be neither "
        "shot at nor attacked; give the COS it has left (1–4)."
    )
    assert Target(cos=1).cos == 1 and Target().cos is None


# ---------------------------------------------------------------------------- R-02(a), (b)


def test_shots_after_the_first_are_minus_1_not_cumulative() -> None:
    """R-02(a): shots 2, 3… each −1, never −2."""
    setup = setup_of(SMALL, shots=2)
    assert "after-first-shot" not in keyed(shot_modifiers(setup, 1, 0))
    assert keyed(shot_modifiers(setup, 2, 0))["after-first-shot"] == -1
    assert keyed(shot_modifiers(setup, 5, 0))["after-first-shot"] == -1


def test_aim_on_the_first_shot_only_and_cecchino_doubles_it() -> None:
    """R-02(b): aim +1 (CECCHINO +2) on the first shot only."""
    setup = setup_of(DOUBLE, aim=True, shots=2)
    assert keyed(shot_modifiers(setup, 1, 0))["aim"] == 1
    assert "aim" not in keyed(shot_modifiers(setup, 2, 0))
    sniper = setup_of(attacker=Attacker(weapon=RIFLE, skills=(SkillTaken("cecchino"),)), aim=True)
    assert keyed(shot_modifiers(sniper, 1, 0))["aim-cecchino"] == 2


@pytest.mark.parametrize("weapon", [SIX, SMALL])
def test_pistols_that_cannot_aim(weapon: Weapon) -> None:
    """R-02(b), §5.2.1, §5.2.2: never with the small pistol or the six-shooter."""
    with pytest.raises(RulesError, match="cannot aim"):
        check_shoot(setup_of(weapon, aim=True))


def test_aiming_after_moving_is_refused() -> None:
    with pytest.raises(RulesError, match="took no movement action"):
        check_shoot(setup_of(RIFLE, aim=True, moved=True))


def test_opportunity_fire_keeps_no_bonus_at_all_r16() -> None:
    """R-16, §4.2.3: no bonus at all, the weapon's included; the target counts as moving
    (−1), cover still counts."""
    setup = setup_of(range=5, target_waiting=True, cover=Cover.LIGHT, opportunity=True)
    assert keyed(shot_modifiers(setup, 1, 0)) == {
        "cover-light": -1,
        "opportunity-moving": -1,
    }
    with pytest.raises(RulesError, match="cannot aim"):
        check_shoot(setup_of(RIFLE, aim=True, opportunity=True))


def test_opportunity_fire_drops_the_double_barrels_point_blank_bonus_r16() -> None:
    """R-16: the double barrel's +1 within 4U is a bonus too; TIRO and penalties count."""
    setup = setup_of(DOUBLE, tiro=3, range=3, shots=2, opportunity=True)
    assert keyed(shot_modifiers(setup, 2, -1)) == {
        "after-first-shot": -1,
        "opportunity-moving": -1,
        "tense": -1,
    }
    result = shoot(setup, ScriptedDice([1, 1, 6, 6]))
    # 6 + TIRO 3 − 1 moving = 8: one damage; shot 2: 6 + 3 − 1 − 1 = 7, a miss
    assert [s.outcome.total for s in result.shots] == [8, 7]
    assert "R-16" in result.rulings and "R-14" not in result.rulings


# ---------------------------------------------------------------------------- skills


def test_pistolero_and_fuciliere_with_the_chosen_weapon_only() -> None:
    pistolero = Attacker(weapon=SIX, skills=(SkillTaken("pistolero", "six-shooter"),))
    assert keyed(shot_modifiers(setup_of(attacker=pistolero), 1, 0))["pistolero"] == 1
    fuciliere = Attacker(weapon=RIFLE, skills=(SkillTaken("fuciliere", "repeater"),))
    assert "fuciliere" not in keyed(shot_modifiers(setup_of(attacker=fuciliere), 1, 0))


def test_bounty_killer_fires_two_pistols_without_the_penalty() -> None:
    killer = Attacker(weapon=SIX, two_pistols=True, skills=(SkillTaken("bounty-killer"),))
    assert "two-pistols" not in keyed(shot_modifiers(setup_of(attacker=killer), 1, 0))


def test_duro_helps_the_shooting_nerve_test() -> None:
    """R-01: DURO: dice 4,4 against FRED 3 + 1 pass."""
    duro = Attacker(fred=3, weapon=SIX, skills=(SkillTaken("duro"),))
    assert shoot(setup_of(attacker=duro), ScriptedDice([4, 4, 1])).nerve.failures == 0


# ---------------------------------------------------------------------------- shots per turn


def test_more_shots_than_the_weapon_fires_is_refused() -> None:
    with pytest.raises(RulesError, match="fires at most 1 shot"):
        check_shoot(setup_of(SIX, shots=2))
    check_shoot(setup_of(SMALL, shots=2))
    check_shoot(setup_of(attacker=Attacker(weapon=SIX, two_pistols=True), shots=2))


def test_two_pistols_means_pistols() -> None:
    with pytest.raises(RulesError, match="two pistols"):
        check_shoot(setup_of(attacker=Attacker(weapon=RIFLE, two_pistols=True)))


def test_one_nerve_test_and_one_roll_per_shot() -> None:
    """R-02: one nerve test for the action, then one shooting roll per shot."""
    result = shoot(setup_of(DOUBLE, shots=2, tiro=3), ScriptedDice([1, 1, 3, 3]))
    assert [d.purpose for d in result.dice] == ["nerve", "nerve", "shot 1", "shot 2"]
    assert [s.outcome.total for s in result.shots] == [8, 7]
    assert result.damage == 1


# ----------------------------------------------------------------------------


def test_jam_with_17_rounds_on_a_natural_1_stops_the_action() -> None:
    """R-14: with 17 rounds a natural 1 jams: the shot misses, no more shots this turn."""
    attacker = Attacker(tiro=4, weapon=REPEATER, rounds=17, near_two_soldiers=True)
    setup = setup_of(attacker=attacker, range=5, target_waiting=True)
    result = shoot(setup, ScriptedDice([1, 1, 1]))
    (shot,) = result.shots
    assert shot.outcome.jammed and shot.outcome.total == 10 and shot.outcome.damage == 0
    assert result.jammed and "R-14" in result.rulings


def test_seven_rounds_never_jam() -> None:
    attacker = Attacker(tiro=4, weapon=REPEATER, rounds=7)
    assert not shoot(setup_of(attacker=attacker), ScriptedDice([1, 1, 1])).jammed


def test_judge_shot_jams_only_on_a_natural_1() -> None:
    """R-14: the jam is the natural face, not the total."""
    assert judge_shot(1, 4, (), jams=True).jammed
    assert not judge_shot(2, 4, (), jams=True).jammed


def test_rounds_must_fit_the_weapon() -> None:
    with pytest.raises(RulesError, match="holds 7 or 17"):
        check_shoot(setup_of(attacker=Attacker(weapon=CARBINE, rounds=12)))


def test_double_barrel_within_4u_only() -> None:
    """R-14: +1 weapon bonus within 4U."""
    assert "point-blank" not in keyed(shot_modifiers(setup_of(DOUBLE, range=5), 1, 0))


def test_sawn_off_template() -> None:
    """R-14: ignores light cover, not partial; one roll per model with the "after the first"."""
    light = keyed(shot_modifiers(setup_of(SAWN, cover=Cover.LIGHT), 1, 0))
    assert "cover-light" not in light and light["short-range"] == 1
    assert keyed(shot_modifiers(setup_of(SAWN, cover=Cover.PARTIAL), 1, 0))["cover-partial"] == -2
    second = keyed(shot_modifiers(setup_of(SAWN, template_position=2), 1, 0))
    assert second["after-first-shot"] == -1
    with pytest.raises(RulesError, match="template, not at a range"):
        check_shoot(setup_of(SAWN, range=3))
    with pytest.raises(RulesError, match="only the sawn-off"):
        check_shoot(setup_of(SIX, template_position=2))


def test_carbine_penalties_from_horseback_are_1_smaller() -> None:
    """R-14: the carbine reduces the moving-horse penalties by 1."""
    trot = setup_of(attacker=Attacker(weapon=CARBINE, moving=Motion.NORMAL))
    gallop = setup_of(attacker=Attacker(weapon=CARBINE, moving=Motion.FAST))
    assert "shooter-trotting" not in keyed(shot_modifiers(trot, 1, 0))
    assert keyed(shot_modifiers(gallop, 1, 0))["shooter-galloping"] == -1


def test_small_pistol_first_hit_helps_the_save_once() -> None:
    """R-03, §5.2.1: the first hit within short range gets +1 on its saving rolls."""
    setup = setup_of(SMALL, tiro=4, range=4, shots=2, first_small_pistol=True, target=Target(rif=3))
    result = shoot(setup, ScriptedDice([1, 1, 6, 6, 1, 1, 1, 1]))
    assert result.damage == 4
    mods = [keyed(s.outcome.modifiers) for s in result.aftermath.saves]
    assert mods == [{"small-pistol-first": 1}] * 2 + [{}] * 2
    with pytest.raises(RulesError, match="belongs to the small pistol"):
        check_shoot(setup_of(SIX, first_small_pistol=True))


# ---------------------------------------------------------------------------- fanning


def test_fanning_dice_below_tiro_are_shots() -> None:
    """R-14: each of 6D6 below TIRO is a shot."""
    fan = fanning_shots((1, 2, 3, 4, 5, 6), tiro=4)
    assert fan.fired == (1, 2, 3) and fan.shots == 3 and not any(fan.fives)


def test_mexicans_also_fire_on_5_at_minus_1() -> None:
    """R-14, §9.7: the mexicans' 5s are shots too, each at −1."""
    fan = fanning_shots((5, 1, 6, 5, 4, 3), tiro=3, mexican=True)
    assert fan.fired == (5, 1, 5) and fan.fives == (True, False, True)
    setup = setup_of(range=6, fanning=True)
    assert keyed(shot_modifiers(setup, 1, 0, mexican_five=True))["mexican-five"] == -1


def test_fanning_procedure() -> None:
    """R-14: nerve test, 6D6, then one ordinary shooting roll per shot (2+ at −1)."""
    attacker = Attacker(tiro=4, weapon=SIX, faction="mexicans")
    setup = setup_of(attacker=attacker, range=6, fanning=True)
    result = shoot(setup, ScriptedDice([1, 1, 6, 5, 1, 6, 6, 6, 4, 4]))
    assert result.fanning is not None and result.fanning.shots == 2
    first, second = result.shots
    assert keyed(first.outcome.modifiers) == {
        "weapon-bonus": 1,
        "short-range": 1,
        "mexican-five": -1,
    }
    assert first.outcome.total == 9 and second.outcome.total == 9
    assert "R-14" in result.rulings
    assert [d.purpose for d in result.dice][:8] == ["nerve"] * 2 + ["fanning"] * 6


def test_fanning_that_fires_nothing_takes_no_panic_test() -> None:
    setup = setup_of(
        attacker=Attacker(tiro=1, weapon=SIX), range=6, fanning=True, target=Target(fred=3)
    )
    result = shoot(setup, ScriptedDice([1, 1, 6, 6, 6, 6, 6, 6]))
    assert result.shots == () and result.aftermath.panic is None


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (setup_of(SIX, range=7, fanning=True), "within short range"),
        (setup_of(SIX, fanning=True), "within short range"),
        (
            setup_of(attacker=Attacker(weapon=SIX, two_pistols=True), range=5, fanning=True),
            "one pistol",
        ),
        (setup_of(HEAVY, range=5, fanning=True), "only the six-shooter"),
        (setup_of(SIX, range=5, fanning=True, shots=2), "6D6 decide"),
    ],
)
def test_fanning_refusals(setup: ShootSetup, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        check_shoot(setup)


# ---------------------------------------------------------------------------- R-02(c)


def test_seven_against_a_mount_and_a_6_brings_it_down() -> None:
    """R-02(c): a total of 7 against a mounted target: 1D6, on a 6 the mount falls."""
    assert judge_mount_fall(6) and not judge_mount_fall(5)
    shot = judge_shot(3, 3, (Modifier("weapon-bonus", 1),), mounted_target=True)
    assert shot.total == 7 and shot.mount_check and shot.damage == 0
    assert not judge_shot(3, 3, (Modifier("x", 2),), mounted_target=True).mount_check


def test_galloping_rider_fails_reflex_takes_a_wound_and_panics() -> None:
    """R-02(c): the rider of a galloping mount takes a reflex test (1 success); failed: 1 wound,
    no saving roll, and the panic test."""
    target = Target(rif=3, fred=3, cos=2, mount=MountPace.GALLOP)
    # nerve 1,1; shot 2 + 3 + 1 + 1 (gallop) = 7; mount 6; reflex 5,6 fail; panic 1,1
    result = shoot(setup_of(target=target), ScriptedDice([1, 1, 2, 6, 5, 6, 1, 1]))
    (shot,) = result.shots
    assert shot.mount is not None and shot.mount.falls and shot.mount.reflex_passed is False
    assert result.wounds == 1 and result.aftermath.cos_after == 1 and result.aftermath.saves == ()
    assert result.aftermath.outcome == "steady"
    assert "R-06" in result.rulings
    assert [d.purpose for d in result.dice] == [
        "nerve",
        "nerve",
        "shot",
        "mount",
        "reflex",
        "reflex",
        "panic",
        "panic",
    ]


def test_fall_reflex_with_buon_cavaliere() -> None:
    """R-06: BUON CAVALIERE −1 on horse tests: 3 against RIF 3 succeeds."""
    assert not judge_fall_reflex((3, 6), 3, ())
    assert judge_fall_reflex((3, 6), 3, (Modifier("buon-cavaliere", -1),))


def test_trotting_mount_falls_without_a_reflex_test() -> None:
    target = Target(rif=3, mount=MountPace.TROT)
    # shot 1 + 3 + 1 + 2 (trot) = 7 → mount 6 falls; no reflex
    result = shoot(setup_of(target=target), ScriptedDice([1, 1, 1, 6]))
    (shot,) = result.shots
    assert shot.mount is not None and shot.mount.falls and shot.mount.reflex_faces == ()
    assert result.wounds == 0


# ---------------------------------------------------------------------------- aftermath


def test_a_miss_still_takes_the_panic_test() -> None:
    """R-04: every model shot at tests, hit or not."""
    result = shoot(setup_of(target=Target(rif=3, fred=3)), ScriptedDice([1, 1, 1, 6, 6]))
    assert result.damage == 0 and result.wounds == 0 and result.aftermath.outcome == "terrified"


def test_an_eliminated_target_takes_no_panic_test() -> None:
    target = Target(rif=1, fred=3, cos=1)
    result = shoot(setup_of(RIFLE, tiro=4, target=target, range=10), ScriptedDice([1, 1, 6, 6]))
    assert result.damage == 2 and len(result.aftermath.saves) == 1
    assert result.aftermath.eliminated and result.aftermath.outcome == "eliminated"
    assert result.aftermath.panic is None


def test_an_immune_target_rolls_no_panic_dice() -> None:
    target = Target(fred=1, immunity=Immunity.CAPITANO)
    result = shoot(setup_of(target=target), ScriptedDice([1, 1, 1]))
    assert len(result.dice) == 3 and result.aftermath.outcome == "steady"


def test_without_the_target_the_action_stops_at_damage() -> None:
    result = shoot(setup_of(tiro=4), ScriptedDice([1, 1, 6]))
    assert result.damage == 2 and result.wounds is None and result.aftermath.outcome is None


def test_a_shaken_shooter_stops_being_shaken() -> None:
    attacker = Attacker(fred=3, weapon=SIX, state=ModelState.SHAKEN)
    result = shoot(setup_of(attacker=attacker), ScriptedDice([3, 1, 1]))
    assert result.nerve.failures == 1 and result.attacker_state_after is ModelState.STEADY


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (setup_of(attacker=Attacker(weapon=SIX, state=ModelState.TERRIFIED)), "terrified"),
        (setup_of(attacker=Attacker(weapon=None)), "needs a weapon"),
        (setup_of(find_weapon("dinamite")), "roll its explosion"),
        (setup_of(find_weapon("lasso")), "roll the lasso"),
        (setup_of(find_weapon("spada")), "cannot be fired or thrown"),
        (setup_of(attacker=Attacker(weapon=RIFLE, orbo=True), range=19), "Orbo"),
        (setup_of(RIFLE, night=True), "give range"),
    ],
)
def test_refusals(setup: ShootSetup, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        check_shoot(setup)


# ---------------------------------------------------------------------------- properties

WEAPONS = [SIX, SMALL, HEAVY, RIFLE, REPEATER, HUNTING, DOUBLE, SAWN, CARBINE, KNIFE]


@st.composite
def setups(draw: st.DrawFn) -> ShootSetup:
    weapon = draw(st.sampled_from(WEAPONS))
    attacker = Attacker(
        tiro=draw(st.integers(0, 4)),
        fred=draw(st.integers(0, 4)),
        cos=draw(st.integers(1, 4)),
        weapon=weapon,
        state=draw(st.sampled_from([ModelState.STEADY, ModelState.SHAKEN])),
        faction=draw(st.sampled_from([None, "mexicans"])),
        rounds=draw(st.sampled_from([None, *weapon.rounds])),
    )
    target = Target(
        rif=draw(st.none() | st.integers(0, 4)),
        fred=draw(st.none() | st.integers(0, 4)),
        cos=draw(st.none() | st.integers(1, 4)),
        mount=draw(st.sampled_from(list(MountPace))),
        prone=draw(st.booleans()),
    )
    fanning = weapon.fanning and draw(st.booleans())
    ranges = weapon_ranges(ShootSetup(attacker))
    distance = None
    if ranges is not None and draw(st.booleans()):
        distance = draw(st.integers(0, int(ranges[0] if fanning else ranges[1])))
    if fanning and distance is None and ranges is not None:
        distance = int(ranges[0])
    situation = ShotSituation(
        range=distance,
        cover=draw(st.sampled_from([Cover.NONE, Cover.LIGHT, Cover.PARTIAL])),
        shots=1 if fanning else draw(st.integers(1, weapon.shots_per_turn)),
        target_waiting=draw(st.booleans()),
        fanning=fanning,
    )
    return ShootSetup(attacker, target, situation)


@settings(max_examples=200, deadline=None)
@given(setups(), st.integers(0, 2**32))
def test_a_seeded_roll_is_reproducible(setup: ShootSetup, seed: int) -> None:
    assert shoot(setup, RandomDice(seed)) == shoot(setup, RandomDice(seed))


@settings(max_examples=300, deadline=None)
@given(setups(), st.integers(0, 2**32))
def test_random_results_use_a_valid_number_of_dice(setup: ShootSetup, seed: int) -> None:
    """Every die is accounted for: 2 nerve, 6 fanning, one per shot, the mount's and rider's,
    one per saving roll, 0 or 2 panic; and replaying the dice gives the same result."""
    result = shoot(setup, RandomDice(seed))
    expected = 2 + (6 if result.fanning else 0) + len(result.shots)
    for shot in result.shots:
        if shot.mount is not None:
            expected += 1 + len(shot.mount.reflex_faces)
    expected += len(result.aftermath.saves)
    expected += len(result.aftermath.panic.faces) if result.aftermath.panic else 0
    assert len(result.dice) == expected
    assert all(1 <= d.value <= 6 for d in result.dice)
    assert len(result.shots) <= (6 if setup.situation.fanning else setup.situation.shots)
    assert result.damage == sum(s.outcome.damage for s in result.shots) <= 2 * len(result.shots)
    replay = shoot(setup, ScriptedDice([d.value for d in result.dice]))
    assert replay == result


def _hits(base: int, mods: tuple[Modifier, ...]) -> int:
    return sum(1 for face in range(1, 7) if judge_shot(face, base, mods).damage > 0)


@given(
    st.integers(0, 4),
    st.lists(st.integers(-3, 3), max_size=6),
    st.integers(-3, 0),
)
def test_a_worse_modifier_never_raises_the_chance_to_hit(
    tiro: int, values: list[int], worse: int
) -> None:
    """Over the 6 faces of the die, adding a modifier ≤ 0 never raises hits or damage."""
    mods = tuple(Modifier(f"m{i}", v) for i, v in enumerate(values))
    assert _hits(tiro, (*mods, Modifier("worse", worse))) <= _hits(tiro, mods)
    for face in range(1, 7):
        worse_shot = judge_shot(face, tiro, (*mods, Modifier("worse", worse)))
        assert worse_shot.damage <= judge_shot(face, tiro, mods).damage


def test_every_face_pair_of_the_nerve_test_is_judged_once() -> None:
    """The stage functions are total over the faces the odds enumerate."""
    setup = setup_of(SIX, range=6, target=Target(rif=3, fred=3))
    for nerve in itertools.product(range(1, 7), repeat=2):
        for face in range(1, 7):
            result = shoot(setup, ScriptedDice([*nerve, face, 6, 6, 6, 6]))
            assert result.shots[0].outcome.face == face


def test_shot_save_modifiers() -> None:
    """R-03: behind +2; the small pistol's +1 only for the first hit, within short range."""
    setup = setup_of(SMALL, range=3, behind=True, first_small_pistol=True)
    assert keyed(shot_save_modifiers(setup, True)) == {"behind": 2, "small-pistol-first": 1}
    assert keyed(shot_save_modifiers(setup, False)) == {"behind": 2}
    far = setup_of(SMALL, range=5, first_small_pistol=True)
    assert shot_save_modifiers(far, True) == ()


def test_fall_reflex_modifiers_of_the_rider() -> None:
    """R-06: BUON CAVALIERE −1, whisky +1, invalid 'Imbranato' +1 on each die."""
    rider = Target(skills=(SkillTaken("buon-cavaliere"),), whisky=True, imbranato=True)
    assert keyed(fall_reflex_modifiers(rider)) == {
        "buon-cavaliere": -1,
        "whisky": 1,
        "imbranato": 1,
    }


def test_mano_mozzata_cannot_fire_a_rifle() -> None:
    """§6.5: an invalid 'Mano mozzata' cannot use two-handed weapons; pistols are fine."""
    with pytest.raises(RulesError, match="Mano mozzata"):
        check_shoot(setup_of(attacker=Attacker(weapon=RIFLE, mano_mozzata=True)))
    check_shoot(setup_of(attacker=Attacker(weapon=SIX, mano_mozzata=True)))
