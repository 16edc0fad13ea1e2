"""Nerve test (R-01, §4.2, §4.3, §4.3.2): 2D6 before each shooting or fight action.

Each die plus the modifiers on each die is compared with the effective FRED; a die *fails*
when it is greater. 0 failures: calm, no penalty; 1: tense, −1; 2: nervous, −2 on this
action's shooting or fight rolls. Taking the test ends the shaken state, whatever its result.

Two layers: ``nerve_modifiers`` and ``judge_nerve`` are pure stages on die faces (``skirmish
odds`` enumerates faces through them); ``nerve_test`` rolls them with a dice source.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.result import Modifier, total
from skirmish.engine.setup import DURO, PUGILE, Attacker
from skirmish.errors import RulesError
from skirmish.rules.model import ModelState
from skirmish.translation import Message

#: Purpose recorded with each die of the nerve test.
PURPOSE = "nerve"


class NerveLabel(StrEnum):
    """How the model takes the test (R-01): calm, tense (−1) or nervous (−2)."""

    CALM = "calm"
    TENSE = "tense"
    NERVOUS = "nervous"


class TwoDiceCheck(NamedTuple):
    """What a 2D6 test against FRED compares: FRED and its bonuses, and the modifiers added to
    each die (R-01, R-04). A positive die modifier makes the test harder."""

    fred: int
    fred_modifiers: tuple[Modifier, ...] = ()
    die_modifiers: tuple[Modifier, ...] = ()

    @property
    def effective_fred(self) -> int:
        """FRED with every bonus to it."""
        return self.fred + total(self.fred_modifiers)

    @property
    def per_die(self) -> int:
        """What is added to each die."""
        return total(self.die_modifiers)


class NerveOutcome(NamedTuple):
    """The verdict on two nerve dice (R-01)."""

    faces: tuple[int, int]
    effective_fred: int
    per_die: int
    failures: int  # dice greater than the effective FRED: 0, 1 or 2
    penalty: int  # 0, −1 or −2 on this action's shooting or fight rolls

    @property
    def label(self) -> NerveLabel:
        """Calm, tense or nervous."""
        return (NerveLabel.CALM, NerveLabel.TENSE, NerveLabel.NERVOUS)[self.failures]


class NerveResult(NamedTuple):
    """A nerve test as rolled: the check, the dice, the verdict and the attacker's new state."""

    check: TwoDiceCheck
    outcome: NerveOutcome
    dice: tuple[Die, ...]
    fight: bool
    state_before: ModelState
    state_after: ModelState  # a shaken model stops being shaken (§4.3.2)
    rulings: tuple[str, ...] = ("R-01",)


def count_failures(faces: Sequence[int], effective_fred: int, per_die: int) -> int:
    """How many dice, each plus ``per_die``, are greater than ``effective_fred`` (R-01, R-04)."""
    return sum(1 for face in faces if face + per_die > effective_fred)


def check_can_act(attacker: Attacker) -> None:
    """A terrified model skips its next turn: it cannot shoot or fight (§4.3.2, R-04)."""
    if attacker.state is ModelState.TERRIFIED:
        raise RulesError(
            Message(
                "a terrified model cannot act: it skips its next turn and then stops "
                "being terrified (§4.3.2, R-04); drop ⟨terrified⟩ or wait a turn."
            )
        )


def nerve_modifiers(attacker: Attacker, *, fight: bool, saloon_girl: bool = False) -> TwoDiceCheck:
    """FRED with its bonuses and the modifiers on each die of a nerve test (R-01).

    FRED: +1 with DURO when shooting, +1 with PUGILE/LOTTATORE when fighting, +1 after
    drinking whisky. Each die: +1 if the model is shaken, +1 if the target is a saloon girl.
    """
    fred_mods: list[Modifier] = []
    if not fight and attacker.has(DURO):
        fred_mods.append(Modifier("duro", 1, "R-01, §7.2"))
    if fight and attacker.has(PUGILE):
        fred_mods.append(Modifier("pugile", 1, "R-01, §7.2"))
    if attacker.whisky:
        fred_mods.append(Modifier("whisky", 1, "R-01, §8.3"))
    die_mods: list[Modifier] = []
    if attacker.state is ModelState.SHAKEN:
        die_mods.append(Modifier("shaken", 1, "R-01, §4.3.2"))
    if saloon_girl:
        die_mods.append(Modifier("saloon-girl", 1, "R-01, §9.12"))
    return TwoDiceCheck(attacker.fred, tuple(fred_mods), tuple(die_mods))


def judge_nerve(faces: tuple[int, int], effective_fred: int, per_die: int) -> NerveOutcome:
    """Judge two nerve dice: 0 failures no penalty, 1 tense −1, 2 nervous −2 (R-01)."""
    failures = count_failures(faces, effective_fred, per_die)
    return NerveOutcome(
        faces=faces,
        effective_fred=effective_fred,
        per_die=per_die,
        failures=failures,
        penalty=-failures,
    )


def nerve_penalty_modifier(penalty: int) -> Modifier | None:
    """The nerve test's −1 (tense) or −2 (nervous), as a named modifier (R-01)."""
    if penalty == 0:
        return None
    return Modifier("tense" if penalty == -1 else "nervous", penalty, "R-01")


def roll_nerve(check: TwoDiceCheck, dice: DiceSource) -> NerveOutcome:
    """Roll the two dice of ``check`` on ``dice`` and judge them (R-01)."""
    faces = (dice.roll(PURPOSE), dice.roll(PURPOSE))
    return judge_nerve(faces, check.effective_fred, check.per_die)


def nerve_test(
    attacker: Attacker, dice: DiceSource, *, fight: bool = False, saloon_girl: bool = False
) -> NerveResult:
    """Roll a nerve test for a shooting (or, with ``fight``, a fight) action (R-01)."""
    check_can_act(attacker)
    check = nerve_modifiers(attacker, fight=fight, saloon_girl=saloon_girl)
    recorder = RecordingDice(dice)
    outcome = roll_nerve(check, recorder)
    after = ModelState.STEADY if attacker.state is ModelState.SHAKEN else attacker.state
    return NerveResult(
        check=check,
        outcome=outcome,
        dice=tuple(recorder.dice),
        fight=fight,
        state_before=attacker.state,
        state_after=after,
    )
