"""Cohesion test (R-08, §6.2): at the start of every turn while a gang has lost more than half of
the models it started the game with, roll 1D6: −1 if its leader is still in play, +1 if the
leader was eliminated, 0 for gangs with no leader profile (mountain men, rangers). Less than or
equal to the highest FRED among its models still in play, it fights on; greater, it retreats
and loses. (The summary table's "FREDDEZZA + 1D6" is a misprint of §6.2.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice, rolling_for
from skirmish.engine.result import Modifier
from skirmish.errors import RulesError
from skirmish.rules import find_modifier
from skirmish.translation import Message

#: Purpose recorded with the die.
PURPOSE = "cohesion"


class Leader(StrEnum):
    """Where the gang's leader is (§6.2)."""

    ALIVE = "alive"  # still in play: −1
    DEAD = "dead"  # eliminated: +1
    NONE = "none"  # the gang has no leader profile (mountain men, rangers): 0

    @property
    def key(self) -> str | None:
        """The id of its row among the rules tables' cohesion modifiers (§6.2)."""
        return {Leader.ALIVE: "leader-in-play", Leader.DEAD: "leader-dead"}.get(self)

    @property
    def modifier(self) -> int:
        """Added to the cohesion die: −1 alive, +1 dead, 0 none (R-08)."""
        if self.key is None:
            return 0

        return find_modifier("cohesion", self.key).value


class CohesionOutcome(StrEnum):
    """The verdict: the gang fights on, or retreats and loses the game (§6.2, §6.4)."""

    FIGHTS_ON = "fights-on"
    RETREATS = "retreats"


@dataclass(frozen=True, slots=True)
class CohesionResult:
    """A cohesion test: the die, the leader's modifier, the total against the highest FRED."""

    highest_fred: int
    leader: Leader
    dice: tuple[Die, ...]
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    outcome: CohesionOutcome
    rulings: tuple[str, ...]

    @property
    def holds(self) -> bool:
        """Whether the gang fights on (R-08)."""
        return self.outcome is CohesionOutcome.FIGHTS_ON


def must_test(*, started: int, lost: int) -> bool:
    """Whether a gang tests cohesion: it has lost more than half its starting models (R-08)."""
    if started < 1 or not 0 <= lost <= started:
        raise RulesError(
            Message(
                "a gang that started with {started!r} models cannot have lost {lost!r} (R-08).",
                started=started,
                lost=lost,
            )
        )
    return 2 * lost > started


def cohesion_due(*, started: int, lost: int, retreated: bool) -> bool:
    """Whether a gang tests cohesion at the start of the next turn: it is still in the game
    (not retreated) and has lost more than half its starting models (R-08)."""
    return not retreated and must_test(started=started, lost=lost)


def leader_state(*, has_leader: bool, eliminated: bool | None) -> Leader:
    """Where a gang's leader is for the test (§6.2): none for a faction with no leader profile
    (mountain men, rangers) or a leader who did not take part (``eliminated`` None: neither
    modifier, a decision), else alive or dead."""
    if not has_leader or eliminated is None:
        return Leader.NONE
    return Leader.DEAD if eliminated else Leader.ALIVE


@dataclass(frozen=True)
class GangCohesion:
    """What a gang's cohesion test at the start of a turn reads (R-08): the models it started
    with and those it lost (as ``campaign.game.turns.counted`` counts them), whether it has
    retreated, the FRED of each of its models still in play and where its leader is. The
    server builds it from the game's rows, the phone from the offline kit."""

    gang: str
    started: int
    lost: int
    retreated: bool
    freds: tuple[int, ...]
    leader: Leader

    @property
    def due(self) -> bool:
        """Whether the gang tests at the start of the next turn (R-08)."""
        return cohesion_due(started=self.started, lost=self.lost, retreated=self.retreated)

    def test(self) -> Callable[[DiceSource], CohesionResult] | None:
        """The test as a procedure of its dice (``None``: not due, or no model left in play)."""
        if not self.due or not self.freds:
            return None
        highest, leader = max(self.freds), self.leader

        def roll(dice: DiceSource) -> CohesionResult:
            return roll_cohesion(highest_fred=highest, leader=leader, dice=dice)

        return roll


def cohesion_modifiers(leader: Leader) -> tuple[Modifier, ...]:
    """The leader's modifier to the cohesion die (R-08)."""
    if leader.key is None:
        return ()
    return (Modifier(leader.key, leader.modifier, "R-08, §6.2"),)


def cohesion_outcome(face: int, *, highest_fred: int, leader: Leader) -> CohesionOutcome:
    """Stage: the die plus the leader's modifier, at most the highest FRED, holds (R-08)."""
    if face + leader.modifier <= highest_fred:
        return CohesionOutcome.FIGHTS_ON
    return CohesionOutcome.RETREATS


def roll_cohesion(*, highest_fred: int, leader: Leader, dice: DiceSource) -> CohesionResult:
    """Roll a cohesion test: 1D6 ± leader against the highest FRED in play (R-08)."""
    check_characteristic("highest FRED", highest_fred)
    recorder = RecordingDice(dice)
    face = recorder.roll(PURPOSE)
    modifiers = cohesion_modifiers(leader)
    return CohesionResult(
        highest_fred=highest_fred,
        leader=leader,
        dice=tuple(recorder.dice),
        roll=face,
        modifiers=modifiers,
        total=face + leader.modifier,
        outcome=cohesion_outcome(face, highest_fred=highest_fred, leader=leader),
        rulings=("R-08",),
    )


@dataclass(frozen=True)
class TurnBegun:
    """A turn begun, as far as its dice go (issue #24): the new turn and the cohesion test of
    each gang that was due, in the game's order of its gangs (R-08)."""

    turn: int
    tests: tuple[tuple[GangCohesion, CohesionResult], ...] = ()


def begin_turn(turn: int, gangs: tuple[GangCohesion, ...], dice: DiceSource) -> TurnBegun:
    """The cohesion tests due at the start of turn ``turn``, rolled with ``dice`` in the
    gangs' order (each die asked "cohesion" for its gang), no reroll (R-15 is the server's)."""
    tests: list[tuple[GangCohesion, CohesionResult]] = []
    for gang in gangs:
        test = gang.test()
        if test is None:
            continue
        with rolling_for(dice, {PURPOSE: gang.gang}):
            tests.append((gang, test(dice)))
    return TurnBegun(turn, tuple(tests))
