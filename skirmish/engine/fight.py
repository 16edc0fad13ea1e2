"""Fight (R-05, §4.3, table 4): nerve test, one fight roll, then the defender's saving rolls
and panic test.

A fight roll is 1D6 + COS + weapon bonus + table 4 modifiers + nerve penalty: ≤ 6 miss, 7–9
one damage, ≥ 10 two. The weapon bonus is 1 with a blade or an improvised weapon (heavy
pistol, any rifle), whatever its shooting bonus (R-18), 0 bare-handed; any other weapon (small
pistol, six-shooter, bow) counts as bare hands. Table 3's "target has not yet taken its turn
+1" applies to fights too (R-18). Stages (``check_melee``, ``fight_modifiers``,
``judge_fight``) are pure; ``melee`` rolls them on a dice source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    GUERRIERO,
    Elevation,
    MeleeSetup,
    check_hands,
    chosen_weapon_skill,
)
from skirmish.errors import RulesError
from skirmish.rules.model import ModelState, Weapon, WeaponCategory
from skirmish.translation import NP_, Both, Message

#: Fight totals (R-05): up to MISS misses, from HIT one damage, from DOUBLE two.
MISS = 6
HIT = 7
DOUBLE = 10
#: Purpose recorded with the fight die.
PURPOSE = "fight"
#: The weapon bonus of any blade or improvised weapon in a fight, whatever its shooting
#: bonus: a rifle used as a club adds 1, not 2 (R-05, R-18).
FIGHT_WEAPON_BONUS = 1


@dataclass(frozen=True, slots=True)
class FightOutcome:
    """The verdict on the fight die (R-05)."""

    face: int
    base: int  # COS
    modifiers: tuple[Modifier, ...]
    total: int
    damage: int  # 0, 1 or 2

    @property
    def hit(self) -> bool:
        """Whether the blow dealt damage."""
        return self.damage > 0


@dataclass(frozen=True, slots=True)
class MeleeResult:
    """A whole fight action as rolled: every die in order and every step explained."""

    setup: MeleeSetup
    dice: tuple[Die, ...]
    nerve_check: TwoDiceCheck
    nerve: NerveOutcome
    fight: FightOutcome
    damage: int
    aftermath: Aftermath
    rulings: tuple[str, ...]

    @property
    def wounds(self) -> int | None:
        """Wounds suffered, or ``None`` without the defender's RIF."""
        return self.aftermath.wounds


def armed(weapon: Weapon | None) -> bool:
    """A blade or an improvised weapon counts as armed in a fight (§4.3, §5.2.3, §5.3)."""
    return weapon is not None and (weapon.blade or weapon.improvised)


#: Who ``_check_fight_weapon`` refuses.
_WHO = {"the attacker": NP_("who", "the attacker"), "the defender": NP_("who", "the defender")}


def _check_fight_weapon(weapon: Weapon | None, who: str) -> None:
    if weapon is None:
        return
    if weapon.category is WeaponCategory.EXPLOSIVE:
        raise RulesError(
            Message(
                "{who} cannot fight with {weapon_name} (§5.5); roll its explosion instead.",
                weapon_name=Both(weapon.name_en, weapon.name_it),
                who=Message(_WHO[who]),
            )
        )
    if not weapon.deals_damage:
        raise RulesError(
            Message(
                "{who} cannot fight with {weapon_name}: it deals no damage (R-14).",
                weapon_name=Both(weapon.name_en, weapon.name_it),
                who=Message(_WHO[who]),
            )
        )


def check_melee(setup: MeleeSetup) -> None:
    """Refuse what the rules forbid: a shaken or terrified attacker (§4.3, §4.3.2, R-05)."""
    attacker = setup.attacker
    check_can_act(attacker)
    if attacker.state is ModelState.SHAKEN:
        raise RulesError(
            Message(
                "a shaken model cannot start a fight (§4.3, R-05); it may still shoot, "
                "and its next nerve test for shooting ends the shaken state."
            )
        )
    check_hands(attacker)
    _check_fight_weapon(attacker.weapon, "the attacker")
    _check_fight_weapon(setup.target.weapon, "the defender")


def fight_modifiers(setup: MeleeSetup, nerve_penalty: int) -> tuple[Modifier, ...]:
    """Every named modifier of the fight roll: weapon bonus, table 4, a defender that has not
    acted yet, the profile's and the skills', the nerve penalty last (R-05, R-18)."""
    attacker, target, situation = setup.attacker, setup.target, setup.situation
    mine, theirs = armed(attacker.weapon), armed(target.weapon)
    mods: list[Modifier] = []
    if mine:
        # 1 for any blade or improvised weapon, not the weapon's shooting BONUS column
        mods.append(Modifier("weapon-bonus", FIGHT_WEAPON_BONUS, "R-05, R-18"))
    if mine and not theirs:
        mods.append(Modifier("armed-vs-unarmed", 1, "table 4"))
    if theirs and not mine:
        mods.append(Modifier("unarmed-vs-armed", -1, "table 4"))
    if mine and attacker.weapon is not None and attacker.weapon.two_handed:
        mods.append(Modifier("attacker-two-handed", 1, "table 4"))
    if theirs and target.weapon is not None and target.weapon.two_handed:
        mods.append(Modifier("defender-two-handed", -1, "table 4"))
    if attacker.mounted:
        mods.append(Modifier("attacker-mounted", 2, "table 4"))
    if target.mounted:
        mods.append(Modifier("defender-mounted", -2, "table 4"))
    if target.prone or situation.elevation is Elevation.ATTACKER:
        mods.append(Modifier("defender-down", 1, "table 4"))
    if attacker.prone or situation.elevation is Elevation.DEFENDER:
        mods.append(Modifier("attacker-down", -1, "table 4"))
    if target.state is ModelState.SHAKEN:
        mods.append(Modifier("defender-shaken", 1, "table 4"))
    if target.state is ModelState.TERRIFIED:
        mods.append(Modifier("defender-terrified", 2, "table 4"))
    if situation.target_waiting:
        # R-18: table 3's "target has not yet taken its turn" counts in a fight too
        mods.append(Modifier("target-waiting", 1, "table 3, R-18"))
    if attacker.bear_hunter:
        mods.append(Modifier("bear-hunter", 1, "R-05, §9.6"))
    if chosen_weapon_skill(attacker.skills, attacker.weapon) == GUERRIERO:
        mods.append(Modifier(GUERRIERO, 1, "R-05, §7.2"))
    if attacker.malattia:
        mods.append(Modifier("malattia", -1, "R-05, §6.5"))
    nerve = nerve_penalty_modifier(nerve_penalty)
    if nerve is not None:
        mods.append(nerve)
    return tuple(mods)


def damage_for(score: int) -> int:
    """Damage for a fight total: ≤ 6 none, 7–9 one, ≥ 10 two (R-05)."""
    if score < HIT:
        return 0
    return 1 if score < DOUBLE else 2


def judge_fight(face: int, base: int, modifiers: Sequence[Modifier]) -> FightOutcome:
    """Judge the fight die: 1D6 + COS + modifiers (R-05)."""
    score = face + base + total(modifiers)
    return FightOutcome(
        face=face, base=base, modifiers=tuple(modifiers), total=score, damage=damage_for(score)
    )


def fight_save_modifiers(setup: MeleeSetup) -> tuple[Modifier, ...]:
    """The defender's saving-roll modifiers: behind +2, a blade +1, whisky +1 (R-03)."""
    weapon = setup.attacker.weapon
    return save_modifiers(
        behind=setup.situation.behind,
        blade=weapon is not None and weapon.blade,
        whisky=setup.target.whisky,
    )


def melee(setup: MeleeSetup, dice: DiceSource) -> MeleeResult:
    """Resolve a fight (R-01, R-05, R-03, R-04): nerve test, one fight roll, one saving roll per
    damage given the defender's RIF, one panic test given its FRED unless eliminated."""
    check_melee(setup)
    recorder = RecordingDice(dice)
    check = nerve_modifiers(setup.attacker, fight=True, saloon_girl=setup.target.saloon_girl)
    nerve = roll_nerve(check, recorder)
    mods = fight_modifiers(setup, nerve.penalty)
    fight = judge_fight(recorder.roll(PURPOSE), setup.attacker.cos, mods)
    hits = [Hit(fight.damage, fight_save_modifiers(setup))] if fight.damage else []
    aftermath = resolve_target(
        setup.target,
        recorder,
        hits,
        mountain_men_charge=setup.situation.mountain_men_charge,
    )
    rulings = ["R-01", "R-05"]
    if setup.situation.target_waiting or (
        setup.attacker.weapon is not None
        and armed(setup.attacker.weapon)
        and setup.attacker.weapon.bonus != FIGHT_WEAPON_BONUS
    ):
        rulings.append("R-18")
    if aftermath.saves:
        rulings.append("R-03")
    if aftermath.panic is not None:
        rulings.append("R-04")
    return MeleeResult(
        setup=setup,
        dice=tuple(recorder.dice),
        nerve_check=check,
        nerve=nerve,
        fight=fight,
        damage=fight.damage,
        aftermath=aftermath,
        rulings=tuple(rulings),
    )
