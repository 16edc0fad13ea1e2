"""The stages of a shooting or fight action as the table rolls them (issue #10): which dice
failed, so that a FAMA or FORTUNA point may reroll them (R-15, §1.6), who rolled them, and why
the action rolled no more dice.

A die fails when its own test says so: a nerve or panic die greater than the effective FRED
(R-01, R-04), a shooting or fight roll that deals no damage (R-02, R-05), a saving roll that
lets a wound through (R-03), a thrown rider's reflex die that is no success (R-02(c), R-06).
The fanning dice and the roll for the mount are not tests of a model, and are never offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from skirmish.engine.dice import Die, Ending, purpose_key
from skirmish.engine.fight import MeleeResult
from skirmish.engine.nerve import PURPOSE as NERVE
from skirmish.engine.panic import PURPOSE as PANIC
from skirmish.engine.reflex import PURPOSE as REFLEX
from skirmish.engine.reflex import reflex_successes
from skirmish.engine.result import total
from skirmish.engine.saving import PURPOSE as SAVE
from skirmish.engine.shooting import ShootResult

SHOT = "shot"
FIGHT = "fight"


class Side(StrEnum):
    """Whose die it is: the acting model's (nerve, shot, fight) or its target's (saves,
    panic, a thrown rider's reflex test)."""

    ACTOR = "actor"
    TARGET = "target"


#: The stages a die can be rerolled at, by purpose, and whose they are.
STAGES: dict[str, Side] = {
    NERVE: Side.ACTOR,
    SHOT: Side.ACTOR,
    FIGHT: Side.ACTOR,
    SAVE: Side.TARGET,
    PANIC: Side.TARGET,
    REFLEX: Side.TARGET,
}


@dataclass(frozen=True, slots=True)
class FailedDie:
    """A die of a result that failed its test: where it is among the result's dice, and
    whose it is."""

    index: int
    die: Die
    side: Side

    @property
    def stage(self) -> str:
        """The stage's purpose without a shot's number (``shot 2`` → ``shot``)."""
        return purpose_key(self.die.purpose)[0]


def failed_dice(result: ShootResult | MeleeResult) -> tuple[FailedDie, ...]:
    """Every die of a shooting or fight action that failed its test, in the order rolled."""
    found: list[FailedDie] = []
    nerve = result.nerve
    aftermath = result.aftermath
    shots = iter(result.shots) if isinstance(result, ShootResult) else iter(())
    saves = iter(aftermath.saves)
    reflexes = iter(
        (s.mount.reflex_faces, s.mount.reflex_modifiers)
        for s in (result.shots if isinstance(result, ShootResult) else ())
        if s.mount is not None and s.mount.reflex_faces
    )
    reflex_left = 0
    reflex_test: tuple[tuple[int, ...], int] = ((), 0)
    rif = result.setup.target.rif or 0
    for index, die in enumerate(result.dice):
        key = purpose_key(die.purpose)[0]
        failed = False
        if key == NERVE:
            failed = die.value + nerve.per_die > nerve.effective_fred
        elif key == SHOT:
            failed = not next(shots).outcome.hit
        elif key == FIGHT and isinstance(result, MeleeResult):
            failed = not result.fight.hit
        elif key == SAVE:
            failed = next(saves).outcome.wounds > 0
        elif key == PANIC and aftermath.panic_check is not None:
            check = aftermath.panic_check
            failed = die.value + check.per_die > check.effective_fred
        elif key == REFLEX:
            if reflex_left == 0:
                faces, mods = next(reflexes)
                reflex_test, reflex_left = (faces, total(mods)), len(faces)
            reflex_left -= 1
            failed = not reflex_successes((die.value,), rif=rif, modifier=reflex_test[1])
        if failed:
            found.append(FailedDie(index, die, STAGES[key]))
    return tuple(found)


ELIMINATED = Ending(
    it="COS 0: eliminato, quindi niente test di panico",
    en="COS 0: eliminated, so no panic test",
)
IMMUNE = Ending(it="immune al panico: nessun test", en="immune to panic: no test")
PANIC_LAST = Ending(
    it="il test di panico è l'ultimo tiro dell'azione",
    en="the panic test is the action's last roll",
)
NO_SHOT = Ending(
    it="nessun colpo sparato, quindi niente tiri salvezza né test di panico",
    en="no shot fired, so no saving roll or panic test",
)
NO_PANIC = Ending(it="il bersaglio non fa test di panico", en="the target takes no panic test")


def ending(result: ShootResult | MeleeResult) -> Ending:
    """Why the action rolled no more dice (R-03, R-04): said when dice are left over."""
    aftermath = result.aftermath
    if aftermath.eliminated:
        return ELIMINATED
    if aftermath.panic is not None:
        return IMMUNE if not aftermath.panic.faces else PANIC_LAST
    if isinstance(result, ShootResult) and not result.shots:
        return NO_SHOT
    return NO_PANIC


def stage_of(text: str, stages: Sequence[str] = tuple(STAGES)) -> str | None:
    """The stage a purpose belongs to, if a die of it may be rerolled."""
    key = purpose_key(text)[0]
    return key if key in stages else None
