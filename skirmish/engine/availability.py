"""Availability roll (R-12, §8.1): before buying an item roll 1D6; a result equal to or above its
DISP means it can be bought, otherwise not this time (H-03: try again after the next game).

Whether an item needs the roll at all (lawmen and rangers buying weapons) and whether it is
rare for the gang are the campaign's questions; this module only rolls.
"""

from __future__ import annotations

from typing import NamedTuple

from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.errors import RulesError
from skirmish.translation import Message

#: Purpose recorded with the die.
PURPOSE = "availability"


class AvailabilityResult(NamedTuple):
    """An availability roll: the DISP, the die and whether the item can be bought now."""

    disp: int
    dice: tuple[Die, ...]
    roll: int
    available: bool
    rulings: tuple[str, ...]


def check_disp(disp: int) -> int:
    """A DISP is reachable on one D6: 1 to 6 (R-12; §8.2 lists 2 to 5)."""
    if isinstance(disp, bool) or not isinstance(disp, int) or not 1 <= disp <= 6:
        raise RulesError(
            Message(
                "DISP {disp!r} cannot be rolled on 1D6 (R-12, §8.1); give a value from "
                "1 to 6 as in the equipment list (§8.2).",
                disp=disp,
            )
        )
    return disp


def is_available(face: int, disp: int) -> bool:
    """Stage: the die equals or beats the DISP (R-12, §8.1)."""
    return face >= disp


def roll_availability(*, disp: int, dice: DiceSource) -> AvailabilityResult:
    """Roll 1D6 against an item's DISP: equal or higher, it can be bought (R-12)."""
    check_disp(disp)
    recorder = RecordingDice(dice)
    face = recorder.roll(PURPOSE)
    return AvailabilityResult(
        disp=disp,
        dice=tuple(recorder.dice),
        roll=face,
        available=is_available(face, disp),
        rulings=("R-12", "H-03"),
    )
