"""Shooting (R-02, R-14, §4.2, table 3, §5): nerve test, one shooting roll per shot, then the
target's saving rolls and panic test.

A shooting roll is 1D6 + TIRO + weapon bonus + modifiers + nerve penalty: ≤ 7 miss, 8–9 one
damage, ≥ 10 two. Two layers, so that ``skirmish odds`` can enumerate faces through the same
rules: the stages (``check_shoot``, ``shot_modifiers``, ``judge_shot``, ``fanning_shots``,
``judge_mount_fall``, ``judge_fall_reflex``) are pure functions of die faces; ``shoot`` rolls
them on a dice source and records every die.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from skirmish.engine.combat import Aftermath, Hit, resolve_target
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.nerve import (
    NerveOutcome,
    TwoDiceCheck,
    check_can_act,
    nerve_modifiers,
    nerve_penalty_modifier,
    roll_nerve,
)
from skirmish.engine.result import Modifier, total
from skirmish.engine.saving import save_modifiers
from skirmish.engine.setup import (
    BOUNTY_KILLER,
    BUON_CAVALIERE,
    CECCHINO,
    FAR,
    ORBO_SIGHT,
    RIFLE_SCOPE,
    SMALL_PISTOL,
    Motion,
    MountPace,
    ShootSetup,
    Target,
    check_hands,
    chosen_weapon_skill,
)
from skirmish.errors import RulesError
from skirmish.rules import find_item
from skirmish.rules.model import Cover, Item, ModelState, Weapon, WeaponCategory
from skirmish.translation import Both, Message

#: Shooting totals (R-02): up to MISS misses, from HIT one damage, from DOUBLE two.
MISS = 7
HIT = 8
DOUBLE = 10
#: The total that can bring down a target's mount (R-02(c)), and the face that does it.
MOUNT_TOTAL = 7
MOUNT_FALLS_ON = 6
#: Rounds that make a repeater, musket or carbine jam on a natural 1 (R-14).
JAM_ROUNDS = 17
JAM_FACE = 1
#: Fanning rolls this many dice; each below TIRO is a shot (R-14).
FANNING_DICE = 6
MEXICAN_FANNING_FACE = 5


class RangeBand(StrEnum):
    """Where the target stands against the weapon's ranges (table 3)."""

    SHORT = "short"  # within short range: +1
    LONG = "long"  # beyond short range, within long range


class ShotOutcome(NamedTuple):
    """The verdict on one shooting die (R-02)."""

    face: int
    base: int  # TIRO
    modifiers: tuple[Modifier, ...]
    total: int
    damage: int  # 0, 1 or 2
    jammed: bool  # a natural 1 with 17 rounds: a miss, and no more shots this turn
    mount_check: bool  # exactly 7 against a mounted target: roll for the mount

    @property
    def hit(self) -> bool:
        """Whether the shot dealt damage."""
        return self.damage > 0


class FanningOutcome(NamedTuple):
    """The six fanning dice: which fired, and which fired only as a mexican's 5 (R-14)."""

    faces: tuple[int, ...]
    tiro: int
    mexican: bool
    fired: tuple[int, ...]  # the faces that became shots, in order
    fives: tuple[bool, ...]  # for each shot: a mexican's 5, shot at −1

    @property
    def shots(self) -> int:
        """How many shots the cylinder fires."""
        return len(self.fired)


class MountFall(NamedTuple):
    """The 1D6 for the mount after a 7, and what became of its rider (R-02(c), §4.2.2)."""

    face: int
    falls: bool
    reflex_faces: tuple[int, ...] = ()  # the rider's reflex test when the mount was galloping
    reflex_modifiers: tuple[Modifier, ...] = ()
    reflex_passed: bool | None = None  # None: no test (not galloping, or RIF not given)
    reflex_needed: bool = False  # galloping rider whose RIF was not given
    wounds: int = 0  # 1 wound, no saving roll, when the reflex test fails


class FiredShot(NamedTuple):
    """One shot of the action: its number, its roll and what followed a 7 on a mount."""

    number: int
    outcome: ShotOutcome
    mexican_five: bool = False
    mount: MountFall | None = None


class ShootResult(NamedTuple):
    """A whole shooting action as rolled: every die in order and every step explained."""

    setup: ShootSetup
    dice: tuple[Die, ...]
    nerve_check: TwoDiceCheck
    nerve: NerveOutcome
    fanning: FanningOutcome | None
    shots: tuple[FiredShot, ...]
    damage: int
    jammed: bool
    aftermath: Aftermath
    attacker_state_after: ModelState  # a shaken shooter stops being shaken (§4.3.2)
    rulings: tuple[str, ...]

    @property
    def wounds(self) -> int | None:
        """Wounds suffered (saving rolls and a fall), or ``None`` without the target's RIF."""
        return self.aftermath.wounds


# ---------------------------------------------------------------------------- checks


def weapon_ranges(setup: ShootSetup) -> tuple[float, float] | None:
    """The weapon's (short, long) range in U; ``None`` for the sawn-off's template.

    Thrown weapons reach COS×2 U, which the book writes across both range columns: it is both
    the short and the long range. A rifle scope adds 4U to the long range only (R-02).
    """
    attacker = setup.attacker
    weapon = shooting_weapon(setup)
    if weapon.template:
        return None
    if weapon.thrown:
        reach = float(attacker.cos * 2)
        return reach, reach
    if weapon.short is None or weapon.long is None:
        raise RulesError(
            Message(
                "{weapon_name} cannot be fired or thrown (table 7: 'arma non da "
                "lancio'); use it in a fight instead (R-05).",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    long = float(weapon.long + (rifle_scope().range_bonus if attacker.scope else 0))
    return float(weapon.short), long


def range_band(setup: ShootSetup) -> RangeBand:
    """Short or long range; the template counts as short range, and no ``range`` given means
    beyond short range (unless short and long are the same, as for thrown weapons)."""
    ranges = weapon_ranges(setup)
    if ranges is None:
        return RangeBand.SHORT
    short, long = ranges
    distance = setup.situation.range
    if distance is None:
        return RangeBand.SHORT if short >= long else RangeBand.LONG
    return RangeBand.SHORT if distance <= short else RangeBand.LONG


def shooting_weapon(setup: ShootSetup) -> Weapon:
    """The attacker's weapon, which must be one that shoots or is thrown at a model."""
    weapon = setup.attacker.weapon
    if weapon is None:
        raise RulesError(Message("shooting needs a weapon; give ⟨weapon⟩ (e.g. six-shooter)."))
    if weapon.category is WeaponCategory.EXPLOSIVE:
        raise RulesError(
            Message(
                "{weapon_name} explodes rather than shoots (§5.5, R-14); roll its "
                "explosion instead.",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    if not weapon.deals_damage:
        raise RulesError(
            Message(
                "{weapon_name} deals no damage (R-14); roll the lasso instead.",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    return weapon


def max_shots(setup: ShootSetup) -> int:
    """Shots the weapon fires in one turn (tables 5–7); two pistols fire one volley each."""
    weapon = shooting_weapon(setup)
    return weapon.shots_per_turn * (2 if setup.attacker.two_pistols else 1)


def check_shoot(setup: ShootSetup) -> None:
    """Refuse what the rules forbid, with the rule that forbids it (R-02, R-14, §4.2)."""
    attacker, target, situation = setup.attacker, setup.target, setup.situation
    check_can_act(attacker)
    check_hands(attacker)
    weapon = shooting_weapon(setup)
    if situation.cover is Cover.FULL:
        raise RulesError(
            Message(
                "a model in full cover cannot be seen, so it cannot be shot at "
                "(§4.2.1, R-02); choose ⟨cover⟩ none, light or partial."
            )
        )
    ranges = weapon_ranges(setup)
    distance = situation.range
    if ranges is not None and distance is not None:
        short, long = ranges
        if distance > long:
            scope = Message(" with the scope") if attacker.scope else ""
            raise RulesError(
                Message(
                    "{distance:g}U is beyond the {weapon_name}'s long range{scope} (short "
                    "{short:g}U, long {long:g}U, R-02); no shot is possible.",
                    distance=distance,
                    short=short,
                    long=long,
                    weapon_name=Both(weapon.name_en, weapon.name_it),
                    scope=scope,
                )
            )
    if ranges is None and distance is not None:
        raise RulesError(
            Message(
                "the {weapon_name} fires a template, not at a range (R-14); drop "
                "⟨range⟩ and give this model's place under the template instead.",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    if attacker.orbo and distance is not None and distance > ORBO_SIGHT:
        raise RulesError(
            Message(
                "an invalid 'Orbo' cannot see or shoot beyond {orbo_sight}U, and the "
                "target is at {distance:g}U (R-10, §6.5).",
                orbo_sight=ORBO_SIGHT,
                distance=distance,
            )
        )
    if attacker.scope and weapon.id not in rifle_scope().fits:
        fits = ", ".join(rifle_scope().fits)
        raise RulesError(
            Message(
                "a rifle scope fits only {fits}, not the {weapon_name} (§8.3).",
                fits=fits,
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    if (situation.night or target.indian_hidden) and distance is None:
        raise RulesError(
            Message(
                "the night and partly hidden indians count only beyond 20U (R-02); give ⟨range⟩."
            )
        )
    if situation.aim:
        if not weapon.can_aim:
            raise RulesError(
                Message(
                    "the {weapon_name} cannot aim (§5.2.1, §5.2.2, R-02(b)); drop ⟨aim⟩.",
                    weapon_name=Both(weapon.name_en, weapon.name_it),
                )
            )
        if situation.moved:
            raise RulesError(
                Message(
                    "aiming needs a model that took no movement action this turn, the free "
                    "90° turn included (R-02(b), table 1); drop ⟨aim⟩ or ⟨moved⟩."
                )
            )
        if situation.opportunity:
            raise RulesError(
                Message(
                    "opportunity fire can only shoot, without any bonus, so it cannot aim "
                    "(§4.2.3, R-16); drop ⟨aim⟩."
                )
            )
    if attacker.two_pistols and weapon.category is not WeaponCategory.PISTOL:
        raise RulesError(
            Message(
                "two pistols means two pistols, not {weapon_name} (table 3).",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    if situation.fanning:
        if not weapon.fanning:
            raise RulesError(
                Message(
                    "only the six-shooter can empty its cylinder, not the {weapon_name} (R-14).",
                    weapon_name=Both(weapon.name_en, weapon.name_it),
                )
            )
        if attacker.two_pistols:
            raise RulesError(
                Message("fanning is done with one pistol only, never with two (§5.2.2, R-14).")
            )
        if range_band(setup) is not RangeBand.SHORT:
            short_range = f" ({ranges[0]:g}U)" if ranges else ""
            raise RulesError(
                Message(
                    "fanning needs the declared target within short range{short_range} "
                    "(§5.2.2, R-14); give ⟨range⟩.",
                    short_range=short_range,
                )
            )
        if situation.shots != 1:
            raise RulesError(
                Message(
                    "when fanning the 6D6 decide how many shots are fired (R-14); drop ⟨shots⟩."
                )
            )
    elif situation.shots > max_shots(setup):
        raise RulesError(
            Message(
                "the {weapon_name} fires at most {max_shots_setup} shot(s) a turn "
                "(tables 5–7), not {situation_shots}.",
                max_shots_setup=max_shots(setup),
                situation_shots=situation.shots,
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    if attacker.rounds is not None and attacker.rounds not in weapon.rounds:
        loads: Message | int = Message("no rounds")
        for index, rounds in enumerate(weapon.rounds):
            loads = (
                rounds if index == 0 else Message("{either} or {other}", either=loads, other=rounds)
            )
        raise RulesError(
            Message(
                "the {weapon_name} holds {loads}, not {attacker_rounds} rounds (tables 5–7).",
                attacker_rounds=attacker.rounds,
                weapon_name=Both(weapon.name_en, weapon.name_it),
                loads=loads,
            )
        )
    if situation.template_position > 1 and not weapon.template:
        raise RulesError(
            Message(
                "only the sawn-off fires a template; the {weapon_name} has one target (R-14).",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    if situation.first_small_pistol and weapon.id != SMALL_PISTOL:
        raise RulesError(
            Message(
                "the first-use bonus belongs to the small pistol, not the {weapon_name} (§5.2.1).",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )


def rifle_scope() -> Item:
    """The rifle scope of §8.3: which weapons it fits and how much long range it adds."""
    return find_item(RIFLE_SCOPE)


def point_blank(setup: ShootSetup) -> bool:
    """The double barrel within 4U: +1 weapon bonus (R-14, table 6)."""
    weapon = shooting_weapon(setup)
    distance = setup.situation.range
    return (
        weapon.point_blank is not None and distance is not None and distance <= weapon.point_blank
    )


def planned_shots(setup: ShootSetup) -> int:
    """Shooting rolls at this target when not fanning: the declared shots (R-02)."""
    return setup.situation.shots


def jams(setup: ShootSetup) -> bool:
    """Whether a natural 1 jams the gun: a repeater, musket or carbine loaded with 17 (R-14)."""
    weapon = shooting_weapon(setup)
    return weapon.jams_on_17 and setup.attacker.rounds == JAM_ROUNDS


# ---------------------------------------------------------------------------- stages


def _cover_modifier(setup: ShootSetup, band: RangeBand) -> Modifier | None:
    """The single worst of cover and a prone target beyond short range (§4.2.1, R-02)."""
    weapon = shooting_weapon(setup)
    cover = setup.situation.cover
    candidates: list[Modifier] = []
    if cover is Cover.LIGHT and not weapon.ignores_light_cover:
        candidates.append(Modifier("cover-light", -1, "table 3, §4.2.1"))
    if cover is Cover.PARTIAL:
        candidates.append(Modifier("cover-partial", -2, "table 3, §4.2.1"))
    if setup.target.prone and band is RangeBand.LONG:
        candidates.append(Modifier("prone-target-beyond", -1, "table 3, §4.2.1"))
    if not candidates:
        return None
    return min(candidates, key=lambda m: m.value)


def _moving_modifier(setup: ShootSetup) -> Modifier | None:
    """Firing from a moving horse or vehicle; the carbine's penalties are 1 smaller (R-14)."""
    moving = setup.attacker.moving
    if moving is Motion.NONE:
        return None
    key, value = ("shooter-trotting", -1) if moving is Motion.NORMAL else ("shooter-galloping", -2)
    weapon = shooting_weapon(setup)
    if weapon.mounted_penalty_reduction:
        value = min(0, value + weapon.mounted_penalty_reduction)
        return Modifier(key, value, "table 3, R-14 (carbine)") if value else None
    return Modifier(key, value, "table 3")


def shot_modifiers(
    setup: ShootSetup,
    shot_number: int,
    nerve_penalty: int,
    *,
    mexican_five: bool = False,
    mount_fallen: bool = False,
) -> tuple[Modifier, ...]:
    """Every named modifier of one shooting roll, weapon bonus first, nerve penalty last (R-02).

    ``shot_number`` counts the rolls of this action at this target (the sawn-off's template
    position folds in: only the first model's first roll has no "after the first" −1).
    ``mexican_five`` marks a fanning shot fired on a mexican's 5 (−1, R-14). ``mount_fallen``:
    an earlier shot brought the target's mount down, so it no longer rides. Opportunity fire
    drops every bonus, the weapon's included, and counts the target as moving (§4.2.3, R-16).
    """
    attacker, target, situation = setup.attacker, setup.target, setup.situation
    weapon = shooting_weapon(setup)
    band = range_band(setup)
    distance = situation.range
    mods: list[Modifier] = [Modifier("weapon-bonus", weapon.bonus, "tables 5–7")]
    if point_blank(setup):
        mods.append(Modifier("point-blank", weapon.point_blank_bonus, "R-14, table 6"))
    if situation.aim and shot_number == 1:
        if attacker.has(CECCHINO):
            mods.append(Modifier("aim-cecchino", 2, "R-02(b), §7.2"))
        else:
            mods.append(Modifier("aim", 1, "R-02(b), table 3"))
    if band is RangeBand.SHORT:
        mods.append(Modifier("short-range", 1, "table 3"))
    if situation.target_waiting:
        mods.append(Modifier("target-waiting", 1, "table 3"))
    cover = _cover_modifier(setup, band)
    if cover is not None:
        mods.append(cover)
    later = shot_number > 1 or situation.template_position > 1
    if later:
        mods.append(Modifier("after-first-shot", -1, "R-02(a), table 3"))
    if attacker.two_pistols and not attacker.has(BOUNTY_KILLER):
        mods.append(Modifier("two-pistols", -1, "table 3"))
    if not mount_fallen and target.mount is MountPace.TROT:
        mods.append(Modifier("target-trotting", 2, "table 3"))
    if not mount_fallen and target.mount is MountPace.GALLOP:
        mods.append(Modifier("target-galloping", 1, "table 3"))
    moving = _moving_modifier(setup)
    if moving is not None:
        mods.append(moving)
    if target.prone and band is RangeBand.SHORT:
        mods.append(Modifier("prone-target-short", 1, "table 3, §4.2.1"))
    if situation.target_not_in_view:
        mods.append(Modifier("target-not-seen", -1, "table 3"))
    if target.state is ModelState.TERRIFIED and band is RangeBand.SHORT:
        mods.append(Modifier("target-terrified-short", 1, "table 3"))
    if situation.night and distance is not None and distance > FAR:
        mods.append(Modifier("night", -1, "R-02, §10.5"))
    if target.indian_hidden and distance is not None and distance > FAR:
        mods.append(Modifier("indian-hidden", -1, "R-02, §9.11"))
    if attacker.near_two_soldiers:
        mods.append(Modifier("near-two-soldiers", 1, "R-02, §9.10"))
    skill = chosen_weapon_skill(attacker.skills, weapon)
    if skill is not None:
        mods.append(Modifier(skill, 1, "R-02, §7.2"))
    if mexican_five:
        mods.append(Modifier("mexican-five", -1, "R-14, §9.7"))
    if situation.opportunity:
        # "senza bonus alcuno" drops every bonus, the weapon's BONUS column and the
        # double barrel's +1 within 4U included; TIRO and every penalty still count.
        mods = [m for m in mods if m.value < 0]
        mods.append(Modifier("opportunity-moving", -1, "§4.2.3, R-16"))
    nerve = nerve_penalty_modifier(nerve_penalty)
    if nerve is not None:
        mods.append(nerve)
    return tuple(mods)


def damage_for(score: int) -> int:
    """Damage for a shooting total: ≤ 7 none, 8–9 one, ≥ 10 two (R-02)."""
    if score < HIT:
        return 0
    return 1 if score < DOUBLE else 2


def judge_shot(
    face: int,
    base: int,
    modifiers: Sequence[Modifier],
    *,
    jams: bool = False,
    mounted_target: bool = False,
) -> ShotOutcome:
    """Judge one shooting die: 1D6 + TIRO + modifiers (R-02).

    With ``jams`` (17 rounds in a repeater, musket or carbine) a natural 1 jams the gun and
    misses (R-14). A total of exactly 7 against a ``mounted_target`` calls for the mount's die
    (R-02(c)).
    """
    score = face + base + total(modifiers)
    jammed = jams and face == JAM_FACE
    damage = 0 if jammed else damage_for(score)
    return ShotOutcome(
        face=face,
        base=base,
        modifiers=tuple(modifiers),
        total=score,
        damage=damage,
        jammed=jammed,
        mount_check=mounted_target and not jammed and score == MOUNT_TOTAL,
    )


def fanning_shots(faces: Sequence[int], tiro: int, mexican: bool = False) -> FanningOutcome:
    """The six fanning dice: each below TIRO is a shot; a mexican's 5 is a shot at −1 (R-14)."""
    if len(faces) != FANNING_DICE:
        raise RulesError(
            Message(
                "fanning rolls {fanning_dice} dice, not {faces_count} (R-14).",
                fanning_dice=FANNING_DICE,
                faces_count=len(faces),
            )
        )
    fired: list[int] = []
    fives: list[bool] = []
    for face in faces:
        if face < tiro:
            fired.append(face)
            fives.append(False)
        elif mexican and face == MEXICAN_FANNING_FACE:
            fired.append(face)
            fives.append(True)
    return FanningOutcome(
        faces=tuple(faces), tiro=tiro, mexican=mexican, fired=tuple(fired), fives=tuple(fives)
    )


def judge_mount_fall(face: int) -> bool:
    """After a 7 against a mounted target: on a 6 the mount is hit and falls (R-02(c))."""
    return face == MOUNT_FALLS_ON


def fall_reflex_modifiers(target: Target) -> tuple[Modifier, ...]:
    """The modifiers on each die of a thrown rider's reflex test (R-02(c), R-06)."""
    # lazy: procedure
    from skirmish.engine.reflex import reflex_modifiers  # rare: only after a 7 on a mount

    return reflex_modifiers(
        horse=True,
        buon_cavaliere=target.has(BUON_CAVALIERE),
        whisky=target.whisky,
        imbranato=target.imbranato,
    )


def judge_fall_reflex(faces: tuple[int, int], rif: int, modifiers: Sequence[Modifier]) -> bool:
    """A galloping rider thrown by his mount keeps his saddle-craft with 1 success (R-02(c))."""
    from skirmish.engine.reflex import reflex_successes  # lazy: procedure

    return reflex_successes(faces, rif=rif, modifier=total(modifiers)) >= 1


# ---------------------------------------------------------------------------- procedure


def _mount_fall(target: Target, dice: DiceSource) -> MountFall:
    face = dice.roll("mount")
    if not judge_mount_fall(face):
        return MountFall(face=face, falls=False)
    if target.mount is not MountPace.GALLOP:
        return MountFall(face=face, falls=True)
    if target.rif is None:
        return MountFall(face=face, falls=True, reflex_needed=True)
    mods = fall_reflex_modifiers(target)
    faces = (dice.roll("reflex"), dice.roll("reflex"))
    passed = judge_fall_reflex(faces, target.rif, mods)
    return MountFall(
        face=face,
        falls=True,
        reflex_faces=faces,
        reflex_modifiers=mods,
        reflex_passed=passed,
        wounds=0 if passed else 1,
    )


def shot_save_modifiers(setup: ShootSetup, first_hit: bool) -> tuple[Modifier, ...]:
    """The target's saving-roll modifiers for the damage of one shot (R-03): behind +2, the
    small pistol's first hit of the game within short range +1 (``first_hit``: the first shot
    of this action that hits), the target's whisky (−1 RIF) +1."""
    small_pistol_first = (
        setup.situation.first_small_pistol and first_hit and range_band(setup) is RangeBand.SHORT
    )
    return save_modifiers(
        behind=setup.situation.behind,
        small_pistol_first=small_pistol_first,
        whisky=setup.target.whisky,
    )


def shoot(setup: ShootSetup, dice: DiceSource) -> ShootResult:
    """Resolve a shooting action (R-01, R-02, R-03, R-04, R-14).

    One nerve test for the action; fanning then rolls 6D6 for the shots; one shooting roll per
    shot (shots 2+ at −1, aim on the first only); a jam stops further shots; a 7 against a
    mounted target rolls for the mount. Given the target's RIF, one saving roll per damage
    (stopping when COS reaches 0); given its FRED, one panic test unless eliminated.
    """
    check_shoot(setup)
    attacker, target = setup.attacker, setup.target
    recorder = RecordingDice(dice)
    check = nerve_modifiers(attacker, fight=False, saloon_girl=target.saloon_girl)
    nerve = roll_nerve(check, recorder)
    rulings = ["R-01", "R-02"]
    fanning: FanningOutcome | None = None
    if setup.situation.fanning:
        faces = tuple(recorder.roll("fanning") for _ in range(FANNING_DICE))
        fanning = fanning_shots(faces, attacker.tiro, attacker.mexican)
        fives = fanning.fives
    else:
        fives = (False,) * planned_shots(setup)
    weapon = shooting_weapon(setup)
    special = (
        setup.situation.fanning
        or jams(setup)
        or weapon.template
        or weapon.thrown
        or (point_blank(setup) and not setup.situation.opportunity)  # R-16 drops it
        or setup.situation.first_small_pistol
        or bool(weapon.mounted_penalty_reduction and setup.attacker.moving is not Motion.NONE)
    )
    if special:
        rulings.append("R-14")
    if setup.situation.opportunity:
        rulings.append("R-16")
    shots: list[FiredShot] = []
    mount_fallen = False
    fall_wounds = 0
    for index, five in enumerate(fives):
        number = index + 1
        purpose = "shot" if len(fives) == 1 else f"shot {number}"
        mods = shot_modifiers(
            setup, number, nerve.penalty, mexican_five=five, mount_fallen=mount_fallen
        )
        outcome = judge_shot(
            recorder.roll(purpose),
            attacker.tiro,
            mods,
            jams=jams(setup),
            mounted_target=target.mounted and not mount_fallen,
        )
        mount: MountFall | None = None
        if outcome.mount_check:
            mount = _mount_fall(target, recorder)
            mount_fallen = mount.falls
            fall_wounds += mount.wounds
            if mount.reflex_faces:
                rulings.append("R-06")
        shots.append(FiredShot(number, outcome, five, mount))
        if outcome.jammed:
            break
    hits: list[Hit] = []
    first_hit = True
    for shot in shots:
        if shot.outcome.damage:
            save_mods = shot_save_modifiers(setup, first_hit)
            hits.append(Hit(shot.outcome.damage, save_mods, shot.number))
            first_hit = False
    aftermath = resolve_target(
        target, recorder, hits, wounds_taken=fall_wounds, attacked=bool(shots)
    )
    if aftermath.saves:
        rulings.append("R-03")
    if aftermath.panic is not None:
        rulings.append("R-04")
    state_after = ModelState.STEADY if attacker.state is ModelState.SHAKEN else attacker.state
    return ShootResult(
        setup=setup,
        dice=tuple(recorder.dice),
        nerve_check=check,
        nerve=nerve,
        fanning=fanning,
        shots=tuple(shots),
        damage=sum(s.outcome.damage for s in shots),
        jammed=any(s.outcome.jammed for s in shots),
        aftermath=aftermath,
        attacker_state_after=state_after,
        rulings=tuple(sorted(set(rulings))),
    )
