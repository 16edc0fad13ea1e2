"""Lasso (R-14, tables 1 and 7): the throw is a reflex test needing 1 success (cowboys −1 on each
die, §9.5); once the target is caught, roll 1D6 against its COS plus its mount's COS. Lower:
the thrower is pulled by the difference; equal: the target is held; higher: the target is
pulled by the difference. A difference over 2 knocks the pulled model down. The lasso deals no
damage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.reflex import ReflexResult, reflex_modifiers, roll_reflex
from skirmish.engine.result import Modifier

#: Purpose recorded with the pull die.
PURPOSE = "lasso"

#: A pull longer than this knocks the pulled model down (R-14).
KNOCKDOWN_OVER = 2


class LassoOutcome(StrEnum):
    """Who moves once the rope is tight (R-14)."""

    MISSED = "missed"  # the reflex test failed: the target is not caught
    THROWER_PULLED = "thrower-pulled"
    HELD = "held"
    TARGET_PULLED = "target-pulled"


@dataclass(frozen=True, slots=True)
class Pull:
    """Stage result: who is pulled, by how many U, and whether it falls."""

    outcome: LassoOutcome
    distance: int  # U the pulled model moves; 0 when held
    knocked_down: bool


@dataclass(frozen=True, slots=True)
class LassoResult:
    """A lasso throw: the reflex test (when rolled), the pull die against COS, the outcome."""

    target_cos: int
    mount_cos: int
    dice: tuple[Die, ...]
    reflex: ReflexResult | None  # None: the catch was taken as made (reflex test rolled apart)
    roll: int | None  # the pull die; None when the throw missed
    strength: int  # target COS + mount COS
    outcome: LassoOutcome
    distance: int
    knocked_down: bool
    rulings: tuple[str, ...]


def lasso_pull(face: int, *, strength: int) -> Pull:
    """Stage: the pull die against the target's COS plus its mount's (R-14)."""
    difference = abs(face - strength)
    if face < strength:
        outcome = LassoOutcome.THROWER_PULLED
    elif face > strength:
        outcome = LassoOutcome.TARGET_PULLED
    else:
        outcome = LassoOutcome.HELD
    return Pull(outcome, difference, difference > KNOCKDOWN_OVER)


def roll_lasso(
    *,
    target_cos: int,
    mount_cos: int = 0,
    rif: int | None = None,
    cowboy: bool = False,
    modifiers: Sequence[Modifier] = (),
    dice: DiceSource,
) -> LassoResult:
    """Throw a lasso: reflex test (1 success, cowboys −1), then 1D6 vs COS + mount COS (R-14).

    Without ``rif`` the reflex test is taken as passed (rolled on its own beforehand).
    ``modifiers`` are further reflex modifiers (whisky, Imbranato…); the cowboys' −1 is added.
    """
    check_characteristic("target COS", target_cos)
    check_characteristic("mount COS", mount_cos)
    recorder = RecordingDice(dice)
    reflex: ReflexResult | None = None
    rulings = ["R-14"]
    strength = target_cos + mount_cos
    if rif is not None:
        mods = (*modifiers, *reflex_modifiers(lasso=True, cowboy=cowboy))
        reflex = roll_reflex(rif=rif, need=1, modifiers=mods, dice=recorder)
        rulings.insert(0, "R-06")
        if not reflex.success:
            return LassoResult(
                target_cos=target_cos,
                mount_cos=mount_cos,
                dice=tuple(recorder.dice),
                reflex=reflex,
                roll=None,
                strength=strength,
                outcome=LassoOutcome.MISSED,
                distance=0,
                knocked_down=False,
                rulings=tuple(rulings),
            )
    face = recorder.roll(PURPOSE)
    pull = lasso_pull(face, strength=strength)
    return LassoResult(
        target_cos=target_cos,
        mount_cos=mount_cos,
        dice=tuple(recorder.dice),
        reflex=reflex,
        roll=face,
        strength=strength,
        outcome=pull.outcome,
        distance=pull.distance,
        knocked_down=pull.knocked_down,
        rulings=tuple(rulings),
    )
