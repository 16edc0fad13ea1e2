"""Saving roll (R-03, §4.2, §4.3): one roll per damage taken, 1D6 + modifiers − RIF.

≤ 0: no wound; 1–3: 1 wound; ≥ 4: 2 wounds. Modifiers: the attacker behind the target +2;
a fight with a blade +1; the first time in a game a small pistol hits within short range +1.
A target that drank whisky has −1 RIF for the whole game (§8.3), shown as +1. Wounds come off
COS; COS ≤ 0 eliminates the model (§6.1).
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from typing import NamedTuple

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.result import Modifier, total
from skirmish.errors import RulesError
from skirmish.translation import Message

#: Purpose recorded with each die of a saving roll.
PURPOSE = "save"


class SaveOutcome(NamedTuple):
    """The verdict on one saving die (R-03)."""

    face: int
    rif: int
    modifiers: tuple[Modifier, ...]
    total: int  # face + modifiers − RIF
    wounds: int  # 0, 1 or 2


class SaveResult(NamedTuple):
    """Saving rolls as rolled: every die, every verdict, the wounds and what is left of COS."""

    damage: int
    saves: tuple[SaveOutcome, ...]
    dice: tuple[Die, ...]
    wounds: int
    cos_before: int | None
    cos_after: int | None
    eliminated: bool
    rulings: tuple[str, ...] = ("R-03",)


def save_modifiers(
    *,
    behind: bool = False,
    blade: bool = False,
    small_pistol_first: bool = False,
    whisky: bool = False,
) -> tuple[Modifier, ...]:
    """The named modifiers of a saving roll (R-03): behind +2, blade in a fight +1, the small
    pistol's first hit in a game within short range +1, a target's whisky (−1 RIF) +1."""
    found: list[Modifier] = []
    if behind:
        found.append(Modifier("behind", 2, "R-03, §4.2"))
    if blade:
        found.append(Modifier("blade", 1, "R-03, §4.3"))
    if small_pistol_first:
        found.append(Modifier("small-pistol-first", 1, "R-03, §5.2.1"))
    if whisky:
        found.append(Modifier("whisky-rif", 1, "§8.3"))
    return tuple(found)


def wounds_for(score: int) -> int:
    """Wounds for a saving score (face + modifiers − RIF): ≤ 0 none, 1–3 one, ≥ 4 two (R-03)."""
    if score <= 0:
        return 0
    return 1 if score <= 3 else 2


def judge_save(face: int, rif: int, modifiers: tuple[Modifier, ...]) -> SaveOutcome:
    """Judge one saving die: 1D6 + modifiers − RIF (R-03)."""
    score = face + total(modifiers) - rif
    return SaveOutcome(
        face=face, rif=rif, modifiers=modifiers, total=score, wounds=wounds_for(score)
    )


def apply_wounds(cos: int | None, wounds: int) -> tuple[int | None, bool]:
    """COS left after ``wounds`` and whether the model is eliminated (COS ≤ 0, §6.1)."""
    if cos is None:
        return None, False
    left = cos - wounds
    return left, left <= 0


def check_save(rif: int, damage: int, cos: int | None) -> None:
    """Refuse a saving roll's inputs the rules have no roll for: RIF and COS out of range, no
    damage (R-03); the rolls and their exact odds (``odds.chances``) alike."""
    check_characteristic("RIF", rif)
    if cos is not None:
        check_characteristic("COS", cos)
    if damage < 1:
        raise RulesError(
            Message(
                "damage {damage!r}: a saving roll is taken for each damage, 1 or more.",
                damage=damage,
            )
        )


def saving_roll(
    rif: int,
    dice: DiceSource,
    *,
    damage: int = 1,
    modifiers: tuple[Modifier, ...] = (),
    cos: int | None = None,
) -> SaveResult:
    """Roll one saving roll per damage against RIF; given COS, stop once it reaches 0 (R-03)."""
    check_save(rif, damage, cos)
    recorder = RecordingDice(dice)
    saves: list[SaveOutcome] = []
    wounds = 0
    for _ in range(damage):
        if cos is not None and cos - wounds <= 0:
            break
        saves.append(judge_save(recorder.roll(PURPOSE), rif, modifiers))
        wounds += saves[-1].wounds
    left, eliminated = apply_wounds(cos, wounds)
    return SaveResult(
        damage=damage,
        saves=tuple(saves),
        dice=tuple(recorder.dice),
        wounds=wounds,
        cos_before=cos,
        cos_after=left,
        eliminated=eliminated,
    )
