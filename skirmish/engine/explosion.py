"""Explosives (R-14, §5.5, table 8): dynamite deals 6 damages, nitroglycerin 10, to every model
within 5U. Each model's protection (partial or total, table 8) is subtracted; each remaining
damage is a saving roll (R-03). Survivors are thrown 1D6 + damages U and are terrified without
a test (R-04).

Dynamite (§5.5.2): once thrown, models that have not moved yet this turn may step away
⌈1D6/2⌉ U, unless the thrower declared a short fuse; a short fuse explodes in the thrower's
hands on a 1. Nitroglycerin explodes on contact: no step away, no fuse.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.result import Modifier
from skirmish.engine.saving import SaveResult, save_modifiers, saving_roll
from skirmish.errors import RulesError
from skirmish.rules import find_protection, find_weapon
from skirmish.rules.model import Weapon, WeaponCategory
from skirmish.translation import Message

#: Purposes recorded with the dice.
FUSE_PURPOSE = "short fuse"
STEP_PURPOSE = "step away"
THROWN_PURPOSE = "thrown"

#: Every explosive's blast radius in U (§5.5).
RADIUS = 5


class Explosive(StrEnum):
    """The two explosives of §5.5; values are the weapon ids of the rules tables."""

    DYNAMITE = "dynamite"
    NITROGLYCERIN = "nitroglycerin"

    @property
    def damage(self) -> int:
        """Damages dealt within the radius: dynamite 6, nitroglycerin 10 (§5.5)."""
        damage = _weapon(self.value).explosive_damage
        if damage is None:  # pragma: no cover - rules.validate() checks every explosive
            raise RulesError(
                Message("the rules tables give {value!r} no damage (§5.5).", value=self.value)
            )
        return damage


def _weapon(name: str) -> Weapon:
    return find_weapon(name)


def find_explosive(name: Explosive | str) -> Explosive:
    """An explosive by id, Italian or English name (``dinamite``, ``nitro``…) (R-14)."""
    if isinstance(name, Explosive):
        return name
    weapon = _weapon(name)
    if weapon.category is not WeaponCategory.EXPLOSIVE:
        raise RulesError(
            Message(
                "{name!r} is a weapon, not an explosive (§5.5); give dynamite "
                "(dinamite) or nitroglycerin (nitroglicerina).",
                name=name,
            )
        )
    return Explosive(weapon.id)


class Protection(StrEnum):
    """How well a model is sheltered from the blast (table 8)."""

    NONE = "none"
    PARTIAL = "partial"
    TOTAL = "total"


class BlastOutcome(StrEnum):
    """What became of one model caught by the blast."""

    UNHARMED = "unharmed"  # protection stopped every damage, or it stepped out of the radius
    TERRIFIED = "terrified"  # survived: thrown and terrified (R-04, §5.5)
    ELIMINATED = "eliminated"
    IN_HANDS = "in-hands"  # the short fuse blew up the thrower instead: resolve the blast there


@dataclass(frozen=True, slots=True)
class FuseResult:
    """The short-fuse die: on a 1 the dynamite explodes in the thrower's hands (§5.5.2)."""

    roll: int
    in_hands: bool


@dataclass(frozen=True, slots=True)
class StepAway:
    """A model that had not moved steps away ⌈1D6/2⌉ U from the blast (§5.5.2)."""

    roll: int
    distance: int  # U stepped
    escaped: bool  # beyond the radius afterwards


@dataclass(frozen=True, slots=True)
class Blast:
    """The blast on one model: damages after protection, the saves, the throw."""

    damage: int  # the explosive's damages
    protection: int  # subtracted (table 8)
    damages: int  # left after protection: one saving roll each
    saves: SaveResult | None
    wounds: int
    cos_after: int
    thrown_roll: int | None
    thrown: int | None  # U thrown: 1D6 + damages, survivors only
    outcome: BlastOutcome


@dataclass(frozen=True, slots=True)
class ExplosionResult:
    """An explosion as it touches one model: fuse, step away, blast, every die in order."""

    explosive: Explosive
    rif: int
    cos: int
    distance: int  # U from the blast's centre
    short_fuse: bool
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...]  # the protection, as a negative modifier to the damage
    fuse: FuseResult | None
    step_away: StepAway | None
    blast: Blast | None  # None when the model stepped out of the radius
    outcome: BlastOutcome
    rulings: tuple[str, ...]


def protection_value(partial: int, total: int, level: Protection) -> int:
    """The damages a row of table 8 stops at the given protection level (R-14)."""
    return {Protection.NONE: 0, Protection.PARTIAL: partial, Protection.TOTAL: total}[level]


def table_8_protection(shelter: str, level: Protection | str) -> int:
    """The damages a shelter of table 8 stops (``"muro di mattoni"``, ``"big rock"``…) (R-14)."""
    row = find_protection(shelter)
    return protection_value(row.partial, row.total, Protection(level))


def damages_after_protection(explosive: Explosive, protection: int) -> int:
    """Stage: the explosive's damages less the protection, never below 0 (R-14)."""
    return max(0, explosive.damage - protection)


def fuse_in_hands(face: int) -> bool:
    """Stage: a short fuse explodes in the thrower's hands on a 1 (§5.5.2)."""
    return face == 1


def step_distance(face: int) -> int:
    """Stage: a step away is 1D6 halved, rounded up (§5.5.2)."""
    return (face + 1) // 2


def thrown_distance(face: int, damages: int) -> int:
    """Stage: a survivor is thrown 1D6 + the damages it received, in U (§5.5)."""
    return face + damages


def roll_fuse(*, dice: DiceSource) -> FuseResult:
    """Roll the short fuse of a dynamite stick: a 1 explodes in the thrower's hands (R-14)."""
    face = dice.roll(FUSE_PURPOSE)
    return FuseResult(face, fuse_in_hands(face))


def _blast(
    explosive: Explosive,
    *,
    rif: int,
    cos: int,
    protection: int,
    whisky: bool,
    dice: DiceSource,
) -> Blast:
    damages = damages_after_protection(explosive, protection)
    mods = save_modifiers(whisky=whisky)
    saves = saving_roll(rif, dice, damage=damages, modifiers=mods, cos=cos) if damages else None
    wounds = saves.wounds if saves is not None else 0
    thrown_roll: int | None = None
    if saves is None:
        outcome = BlastOutcome.UNHARMED
    elif saves.eliminated:
        outcome = BlastOutcome.ELIMINATED
    else:
        outcome = BlastOutcome.TERRIFIED
        thrown_roll = dice.roll(THROWN_PURPOSE)
    return Blast(
        damage=explosive.damage,
        protection=protection,
        damages=damages,
        saves=saves,
        wounds=wounds,
        cos_after=cos - wounds,
        thrown_roll=thrown_roll,
        thrown=None if thrown_roll is None else thrown_distance(thrown_roll, damages),
        outcome=outcome,
    )


def roll_explosion(
    *,
    explosive: Explosive | str,
    rif: int,
    cos: int,
    protection: int = 0,
    distance: int = 0,
    unmoved: bool = False,
    short_fuse: bool = False,
    thrower: bool = False,
    whisky: bool = False,
    dice: DiceSource,
) -> ExplosionResult:
    """Resolve an explosion on one model within its 5U radius (R-14, R-03, R-04).

    ``protection`` is the damage its shelter stops (table 8, see ``protection_value``);
    ``distance`` is how far it stands from the blast's centre; ``unmoved`` says it has not
    moved yet this turn, so it may step away from dynamite unless ``short_fuse`` was declared.
    With a short fuse the fuse die comes first: on a 1 the stick explodes in the thrower's
    hands. If this model is the ``thrower`` the blast hits it there, with no protection;
    any other model gets the ``in-hands`` outcome (resolve it again around the thrower).
    A model that drank ``whisky`` has −1 RIF on its saving rolls (§8.3).
    """
    kind = find_explosive(explosive)
    check_characteristic("RIF", rif)
    check_characteristic("COS", cos)
    if cos < 1:
        raise RulesError(
            Message(
                "COS {cos!r}: a model with no COS left is already out of the game (§6.1).", cos=cos
            )
        )
    if protection < 0:
        raise RulesError(
            Message(
                "protection {protection!r}: table 8 stops 0 or more damages (R-14).",
                protection=protection,
            )
        )
    if not 0 <= distance <= RADIUS:
        raise RulesError(
            Message(
                "a model {distance!r}U from the blast is outside its {radius}U radius "
                "(R-14, §5.5); give a distance from 0 to {radius}.",
                distance=distance,
                radius=RADIUS,
            )
        )
    if thrower and not short_fuse:
        raise RulesError(
            Message(
                "only a short fuse can blow up in the thrower's hands (R-14, §5.5.2); "
                "add the short fuse or resolve the thrower as any model in the radius."
            )
        )
    if kind is Explosive.NITROGLYCERIN and (short_fuse or unmoved):
        raise RulesError(
            Message(
                "nitroglycerin explodes on contact: no short fuse and no stepping away "
                "(R-14, §5.5.1); those are dynamite's rules."
            )
        )
    recorder = RecordingDice(dice)
    modifiers = (Modifier("protection", -protection, "R-14, table 8"),) if protection else ()
    rulings = ["R-14"]
    fuse = roll_fuse(dice=recorder) if short_fuse else None
    step: StepAway | None = None
    blast: Blast | None = None
    if fuse is not None and fuse.in_hands and not thrower:
        outcome = BlastOutcome.IN_HANDS
    elif fuse is not None and fuse.in_hands:
        modifiers = ()
        blast = _blast(kind, rif=rif, cos=cos, protection=0, whisky=whisky, dice=recorder)
        outcome = blast.outcome
    else:
        if unmoved and not short_fuse:
            face = recorder.roll(STEP_PURPOSE)
            stepped = step_distance(face)
            step = StepAway(face, stepped, distance + stepped > RADIUS)
        if step is not None and step.escaped:
            outcome = BlastOutcome.UNHARMED
        else:
            blast = _blast(
                kind, rif=rif, cos=cos, protection=protection, whisky=whisky, dice=recorder
            )
            outcome = blast.outcome
    if blast is not None and blast.saves is not None:
        rulings.append("R-03")
    if outcome is BlastOutcome.TERRIFIED:
        rulings.append("R-04")
    return ExplosionResult(
        explosive=kind,
        rif=rif,
        cos=cos,
        distance=0 if blast is not None and fuse is not None and fuse.in_hands else distance,
        short_fuse=short_fuse,
        dice=tuple(recorder.dice),
        modifiers=modifiers,
        fuse=fuse,
        step_away=step,
        blast=blast,
        outcome=outcome,
        rulings=tuple(rulings),
    )
