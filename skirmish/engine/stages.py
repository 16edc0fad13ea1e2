"""The stages of a shooting or fight action as the table rolls them (issue #10): which dice
failed, so that a FAMA or FORTUNA point may reroll them (R-15, §1.6), who rolled them, and why
the action rolled no more dice.

A die fails when its own test says so: a nerve or panic die greater than the effective FRED
(R-01, R-04), a shooting or fight roll that deals no damage (R-02, R-05), a saving roll that
lets a wound through (R-03), a thrown rider's reflex die that is no success (R-02(c), R-06).
The fanning dice and the roll for the mount are not tests of a model, and are never offered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.engine.cohesion import CohesionResult
from skirmish.engine.dice import Die, Ending, Verdict, purpose_key
from skirmish.engine.explosion import ExplosionResult
from skirmish.engine.fight import MeleeResult
from skirmish.engine.initiative import RoundResult
from skirmish.engine.initiative import Side as Player
from skirmish.engine.lasso import LassoResult
from skirmish.engine.nerve import PURPOSE as NERVE
from skirmish.engine.panic import PURPOSE as PANIC
from skirmish.engine.panic import PanicResult
from skirmish.engine.reflex import PURPOSE as REFLEX
from skirmish.engine.reflex import ReflexResult, reflex_successes
from skirmish.engine.rerolls import HasDice
from skirmish.engine.result import total
from skirmish.engine.saving import PURPOSE as SAVE
from skirmish.engine.saving import SaveResult
from skirmish.engine.shooting import ShootResult
from skirmish.translation import N_, NP_, Message, NMessage

SHOT = "shot"
FIGHT = "fight"
INITIATIVE = "initiative"
COHESION = "cohesion"


class Side(StrEnum):
    """Whose die it is: the acting model's (nerve, shot, fight, its reflex test) or its
    target's (saves, panic, a thrown rider's reflex test); in a roll-off the first or the
    second player's (initiative); or the gang's (cohesion, R-08)."""

    ACTOR = "actor"
    TARGET = "target"
    FIRST = "first"
    SECOND = "second"
    GANG = "gang"


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
        """The stage's purpose without a shot's number (``shot 2`` → ``shot``) or a roll-off's
        player (``initiative: first`` → ``initiative``)."""
        return purpose_key(self.die.purpose)[0].partition(":")[0]


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
            failed = reflex_die_fails(
                die.value, reflex_test[0], rif=rif, modifier=reflex_test[1], need=1
            )
        if failed:
            found.append(FailedDie(index, die, STAGES[key]))
    return tuple(found)


#: What a die of each test did, in the book's words: (passed, failed). Each has its test for
#: context, so the Italian agrees with the test's noun ("iniziativa … vinta", "test … superato").
VERDICT_WORDS: dict[str, tuple[str, str]] = {
    NERVE: (NP_("nerve test", "passed"), NP_("nerve test", "failed")),
    SHOT: (NP_("shooting roll", "hit"), NP_("shooting roll", "miss")),
    FIGHT: (NP_("fight roll", "hit"), NP_("fight roll", "miss")),
    SAVE: (NP_("saving roll", "saved"), NP_("saving roll", "wound")),
    PANIC: (NP_("panic test", "passed"), NP_("panic test", "failed")),
    REFLEX: (NP_("reflex test", "passed"), NP_("reflex test", "failed")),
    INITIATIVE: (NP_("initiative", "won"), NP_("initiative", "lost")),
    COHESION: (NP_("cohesion test", "the gang holds"), NP_("cohesion test", "the gang retreats")),
}


def _amounts(result: object) -> dict[int, Message]:
    """The damage of each hit and the wounds of each failed save, by die (R-02, R-03)."""
    found: dict[int, Message] = {}
    shots: list[int] = []
    saves: list[int] = []
    if isinstance(result, ShootResult):
        shots = [s.outcome.damage for s in result.shots]
    if isinstance(result, ShootResult | MeleeResult):
        saves = [s.outcome.wounds for s in result.aftermath.saves]
    elif isinstance(result, ExplosionResult) and result.blast and result.blast.saves:
        saves = [s.wounds for s in result.blast.saves.saves]
    dice: Sequence[Die] = getattr(result, "dice", ())
    shot_at, save_at = iter(shots), iter(saves)
    for index, die in enumerate(dice):
        key = purpose_key(die.purpose)[0]
        if key == SHOT:
            damage = next(shot_at, 0)
            if damage:
                found[index] = Message("damage {damage}", damage=damage)
        elif key == SAVE:
            wounds = next(save_at, 0)
            if wounds > 1:
                found[index] = NMessage("{n} wound", "{n} wounds", wounds)
    return found


def verdicts(result: HasDice, failed: Callable[[Any], Sequence[FailedDie]]) -> tuple[Verdict, ...]:
    """What each die of a test's ``result`` did, by the test's own rule of which dice failed
    (``failed``: ``failed_dice``, ``panic_failed``…): a nerve die passed, a shot hit for 2,
    a save let 2 wounds through (issue #20: said on the phone before the next die). The dice
    that are no test of a model (fanning, the roll for the mount, a fuse) have none."""
    failures = {f.index for f in failed(result)}
    amounts = _amounts(result)
    found: list[Verdict] = []
    for index, die in enumerate(result.dice):
        words = VERDICT_WORDS.get(purpose_key(die.purpose)[0].partition(":")[0])
        if words is None:
            continue
        bad = index in failures
        said: tuple[Message, ...] = (Message(words[bad]),)
        if index in amounts:
            # a failed save says only its wounds; a hit says it hit, then its damage
            said = (amounts[index],) if bad else (*said, amounts[index])
        found.append(Verdict(index, die, bad, said))
    return tuple(found)


ELIMINATED = Ending(N_("COS 0: eliminated, so no panic test"))
IMMUNE = Ending(N_("immune to panic: no test"))
PANIC_LAST = Ending(N_("the panic test is the action's last roll"))
NO_SHOT = Ending(N_("no shot fired, so no saving roll or panic test"))
NO_PANIC = Ending(N_("the target takes no panic test"))


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


# ------------------------------------------------------------------ the other tests
# Every other test the game tracker rolls, each with the rule of which of its dice failed: one
# place, so that the prompts, ``--reroll`` and the odds' advice agree (issue #10, item 2).


def reflex_die_fails(
    face: int, faces: Sequence[int], *, rif: int, modifier: int, need: int
) -> bool:
    """A reflex die fails when its test failed (fewer successes than ``need``) and the die is
    no success itself (R-06): a die of a passed test, or a success, has nothing to reroll."""
    failed_test = reflex_successes(faces, rif=rif, modifier=modifier) < need
    return failed_test and not reflex_successes((face,), rif=rif, modifier=modifier)


def _reflex(dice: Sequence[Die], test: ReflexResult, offset: int, side: Side) -> list[FailedDie]:
    faces = tuple(d.value for d in test.dice)
    return [
        FailedDie(offset + i, dice[offset + i], side)
        for i, face in enumerate(faces)
        if reflex_die_fails(face, faces, rif=test.rif, modifier=test.modifier, need=test.need)
    ]


def reflex_failed(result: ReflexResult, side: Side = Side.ACTOR) -> tuple[FailedDie, ...]:
    """The failed dice of a model's own reflex test (R-06): mounting or dismounting at a trot
    or a gallop, the one that opens opportunity fire (§4.2.3)."""
    return tuple(_reflex(result.dice, result, 0, side))


def lasso_failed(result: LassoResult) -> tuple[FailedDie, ...]:
    """The failed dice of a lasso throw: its reflex test (R-06, R-14). The pull die against
    the target's COS is a tug between two models, no test of the thrower's: not offered."""
    if result.reflex is None:
        return ()
    return tuple(_reflex(result.dice, result.reflex, 0, Side.ACTOR))


def panic_failed(result: PanicResult, side: Side = Side.TARGET) -> tuple[FailedDie, ...]:
    """The failed dice of a panic test on its own (R-19's friend of a fallen hero): each die
    above the effective FRED (R-04)."""
    check = result.check
    return tuple(
        FailedDie(i, die, side)
        for i, die in enumerate(result.dice)
        if die.value + check.per_die > check.effective_fred
    )


def _saves(dice: Sequence[Die], saves: SaveResult, side: Side) -> list[FailedDie]:
    found: list[FailedDie] = []
    verdicts = iter(saves.saves)
    for i, die in enumerate(dice):
        if die.purpose == SAVE and next(verdicts).wounds > 0:
            found.append(FailedDie(i, die, side))
    return found


def explosion_failed(result: ExplosionResult) -> tuple[FailedDie, ...]:
    """The failed dice of an explosion on one model: its saving rolls that let a wound
    through (R-03, §5.5). The short fuse, the step away and the throw are no test of a model
    (the explosive's fuse, and distances): not offered."""
    blast = result.blast
    if blast is None or blast.saves is None:
        return ()
    return tuple(_saves(result.dice, blast.saves, Side.TARGET))


def initiative_failed(result: RoundResult) -> tuple[FailedDie, ...]:
    """The failed dice of a round of the initiative roll-off (R-07): the loser's die (a tie
    is no failure: it is rolled again, H-06), and a natural 1 of a model with "Nervi scossi",
    which shakes it even when it wins."""
    played = result.round
    found: list[FailedDie] = []
    for index, (roll, player, side) in enumerate(
        ((played.first, Player.FIRST, Side.FIRST), (played.second, Player.SECOND, Side.SECOND))
    ):
        lost = played.winner is not None and played.winner is not player
        if lost or roll.shaken:
            found.append(FailedDie(index, result.dice[index], side))
    return tuple(found)


def cohesion_failed(result: CohesionResult) -> tuple[FailedDie, ...]:
    """The cohesion die fails when the gang retreats (R-08); the die is the gang's."""
    if result.holds:
        return ()
    return (FailedDie(0, result.dice[0], Side.GANG),)
