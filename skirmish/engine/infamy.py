"""Infamy test (R-09, §6.3): only a voluntary retreat takes it. Roll 1D6: on a 1 one model of the
player's choice loses 1 FAMA for good; if no model has FAMA, one loses 1 FORTUNA; if none has
either, nothing happens.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skirmish.engine.dice import DiceSource, Die, RecordingDice

#: Purpose recorded with the die.
PURPOSE = "infamy"


class InfamyLoss(StrEnum):
    """What the retreat costs the gang (§6.3)."""

    NONE = "none"
    FAMA = "fama"  # one model of the player's choice loses 1 FAMA for good
    FORTUNA = "fortuna"  # no model had FAMA: one loses 1 FORTUNA


@dataclass(frozen=True, slots=True)
class InfamyResult:
    """An infamy test: the die and the point lost, if any."""

    has_fama: bool
    has_fortuna: bool
    dice: tuple[Die, ...]
    roll: int
    infamous: bool  # the die showed 1
    loss: InfamyLoss
    rulings: tuple[str, ...]


def infamy_loss(face: int, *, has_fama: bool, has_fortuna: bool) -> InfamyLoss:
    """Stage: a 1 costs a FAMA point, else a FORTUNA point, else nothing (R-09)."""
    if face != 1:
        return InfamyLoss.NONE
    if has_fama:
        return InfamyLoss.FAMA
    if has_fortuna:
        return InfamyLoss.FORTUNA
    return InfamyLoss.NONE


def roll_infamy(
    *, has_fama: bool = True, has_fortuna: bool = True, dice: DiceSource
) -> InfamyResult:
    """Roll the infamy test of a voluntary retreat (R-09).

    ``has_fama`` / ``has_fortuna``: whether any model of the gang has a FAMA / FORTUNA point.
    """
    recorder = RecordingDice(dice)
    face = recorder.roll(PURPOSE)
    return InfamyResult(
        has_fama=has_fama,
        has_fortuna=has_fortuna,
        dice=tuple(recorder.dice),
        roll=face,
        infamous=face == 1,
        loss=infamy_loss(face, has_fama=has_fama, has_fortuna=has_fortuna),
        rulings=("R-09",),
    )
