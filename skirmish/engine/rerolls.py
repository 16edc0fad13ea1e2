"""Fame and fortune rerolls (R-15, §1.6): each FAMA point lets the model, or any friendly model
within 5U, reroll one die of any test; each FORTUNA point lets the model reroll one die. Spent
points come back after the game.

A reroll replays a finished procedure on the same dice, except the chosen one, which is rolled
again. Dice before it are kept. Dice after it are kept while the procedure asks for the same
thing as before (the other die of a 2D6 test, the remaining saving rolls); as soon as the new
die changes what comes next (a "dead" recovery becomes "invalid" and now needs the invalid
table), the rest are rolled fresh, and dice the new course no longer needs are dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Generic, Protocol, TypeVar

from skirmish.engine.dice import (
    DiceSource,
    Die,
    ScriptedDice,
    Verdict,
    _PaddedDice,
    judging,
    throw_size,
    thrown_with,
)
from skirmish.errors import RulesError
from skirmish.rules.model import Point
from skirmish.translation import Message


class HasDice(Protocol):
    """A result that records every die it used, in order."""

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die the procedure used, in order."""
        ...


R = TypeVar("R", bound=HasDice)


class FailedLike(Protocol):
    """A failed die of a result: where it is among the result's dice."""

    @property
    def index(self) -> int:
        """The die's position in the result's dice."""
        ...


F = TypeVar("F", bound=FailedLike)
P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class RerollResult(Generic[R]):
    """A reroll: the point spent, the die replaced, the dice rolled anew and the new result."""

    point: Point
    points_left: int
    index: int  # position of the rerolled die in ``before.dice``
    old: Die
    new: Die
    before: R
    result: R
    dice: tuple[Die, ...]  # the dice rolled for this reroll: the new die and any fresh ones
    rulings: tuple[str, ...]


class _Replay:
    """Hands out the recorded dice, a new one at ``index``, fresh ones once the course changes."""

    def __init__(self, recorded: Sequence[Die], index: int, source: DiceSource) -> None:
        self._recorded = recorded
        self._index = index
        self._source = source
        self._next = 0
        self._diverged = False
        self.rolled: list[Die] = []

    def roll(self, purpose: str) -> int:
        """The next die: recorded, new at the chosen position, or fresh once the course changed."""
        position = self._next
        self._next += 1
        if position == self._index:
            if self._recorded[position].purpose != purpose:
                raise RulesError(
                    Message(
                        "die {position_1} was rolled for {recorded_position_purpose!r} but the "
                        "procedure now asks for {purpose!r}; it does not match the result.",
                        position_1=position + 1,
                        recorded_position_purpose=self._recorded[position].purpose,
                        purpose=purpose,
                    )
                )
            return self._fresh(purpose)
        if (
            not self._diverged
            and position < len(self._recorded)
            and self._recorded[position].purpose == purpose
        ):
            return self._recorded[position].value
        self._diverged = True
        return self._fresh(purpose)

    def _fresh(self, purpose: str) -> int:
        value = self._source.roll(purpose)
        self.rolled.append(Die(value, purpose))
        return value


def reroll(
    before: R,
    *,
    index: int,
    procedure: Callable[[DiceSource], R],
    point: Point | str,
    points: int,
    dice: DiceSource,
) -> RerollResult[R]:
    """Spend a FAMA or FORTUNA point to reroll die ``index`` of a result (R-15, §1.6).

    ``procedure`` runs the same test on a dice source (e.g. ``lambda d: roll_reflex(rif=4,
    dice=d)``); it must give ``before`` back from ``before``'s own dice. ``points`` is how many
    points of that kind the model (or, for FAMA, a friend within 5U) has left this game.
    """
    kind = Point(point)
    if points < 1:
        raise RulesError(
            Message(
                "no {kind_value_upper} point left to spend (R-15, §1.6); spent points "
                "come back after the game.",
                kind_value_upper=kind.value.upper(),
            )
        )
    if not 0 <= index < len(before.dice):
        raise RulesError(
            Message(
                "die {index_1} does not exist: this result has {before_dice_count} "
                "dice (count from 1 to {before_dice_count}).",
                index_1=index + 1,
                before_dice_count=len(before.dice),
            )
        )
    if procedure(ScriptedDice(d.value for d in before.dice)) != before:
        raise RulesError(
            Message("the procedure given does not reproduce this result from its own dice.")
        )
    replay = _Replay(before.dice, index, dice)
    result = procedure(replay)
    return RerollResult(
        point=kind,
        points_left=points - 1,
        index=index,
        old=before.dice[index],
        new=replay.rolled[0],
        before=before,
        result=result,
        dice=tuple(replay.rolled),
        rulings=("R-15",),
    )


# ------------------------------------------------------------------------ at the table


@dataclass(frozen=True, slots=True)
class Offer(Generic[F]):
    """A failed die that may be rerolled now, and the faces with which it would pass."""

    failed: F
    index: int
    die: Die
    passes: tuple[int, ...]
    #: The passing faces again, as the procedure reads its inputs now: a point spent may
    #: change them (unused FAMA counts in the initiative, R-07).
    recheck: Callable[[], tuple[int, ...]] | None = None


@dataclass(frozen=True, slots=True)
class Rerolled(Generic[F, P]):
    """A die rerolled at the table: the failure offered, who paid, the old and new die."""

    failed: F
    payer: P
    old: Die
    new: Die


@dataclass(frozen=True, slots=True)
class AtTable(Generic[R, F, P]):
    """A procedure rolled at the table: its result and the rerolls taken on the way."""

    result: R
    rerolls: tuple[Rerolled[F, P], ...]


class _Pause(Exception):
    """A throw is complete and one of its dice failed: offer the reroll before going on."""


class _Feed:
    """The dice decided so far, then fresh ones from the table; pauses at the end of a throw
    when ``pending`` says a die already rolled failed and was not offered yet."""

    def __init__(
        self,
        kept: list[Die],
        source: DiceSource,
        pending: Callable[[list[Die]], bool],
        offered: set[int],
    ) -> None:
        self.kept = kept
        self._source = source
        self._pending = pending
        self._offered = offered
        self._next = 0

    def roll(self, purpose: str) -> int:
        position = self._next
        self._next += 1
        if position < len(self.kept):
            if self.kept[position].purpose == purpose:
                return self.kept[position].value
            del self.kept[position:]  # the course changed: what was rolled after is void
            self._offered.difference_update({i for i in self._offered if i >= position})
        if self.kept and _throw_done(self.kept, purpose) and self._pending(self.kept):
            raise _Pause
        value = self._source.roll(purpose)
        self.kept.append(Die(value, purpose))
        return value


def _throw_done(kept: Sequence[Die], purpose: str) -> bool:
    """Whether the dice rolled so far end a throw, a die of ``purpose`` being asked next:
    the other die of a 2D6 test is thrown with the first."""
    last = kept[-1].purpose
    if purpose != last:
        return thrown_with(last) != purpose  # a roll-off's two dice are one throw
    run = 0
    for die in reversed(kept):
        if die.purpose != last:
            break
        run += 1
    return run % throw_size(last) == 0


def roll_at_table(
    procedure: Callable[[DiceSource], R],
    dice: DiceSource,
    *,
    failed: Callable[[R], Sequence[F]],
    choose: Callable[[Offer[F]], P | None] | None,
    judge: Callable[[R], Sequence[Verdict]] | None = None,
) -> AtTable[R, F, P]:
    """Run ``procedure`` on the table's ``dice``, offering each failed die (``failed``: the
    engine's verdict on a result, e.g. ``stages.failed_dice``) to ``choose`` as soon as its
    throw is complete (R-15, §1.6): the nerve dice before the shot, each saving roll before
    the next. ``choose`` names who pays, or ``None`` to keep the die; a die is offered once.

    A reroll keeps the replay semantics of ``reroll``: the dice before it stay, the new die
    is rolled on the same source (``roll_again`` when it has one), and the action goes on
    from there, so the result is the book's. Without ``choose`` the procedure simply runs.

    ``judge`` (``stages.verdicts``) says what each die did; each die asked of the table
    carries its verdicts on the dice so far (``dice.judging``: what a phone says before asking
    for the next die, issue #20).
    """
    if choose is None:
        return AtTable(procedure(dice), ())
    kept: list[Die] = []

    def now() -> list[Verdict]:
        if judge is None or not kept:
            return []
        return [v for v in judge(_provisional(procedure, kept)) if v.index < len(kept)]

    with judging(dice, now):
        return _at_table(procedure, dice, kept, failed, choose)


def _at_table(
    procedure: Callable[[DiceSource], R],
    dice: DiceSource,
    kept: list[Die],
    failed: Callable[[R], Sequence[F]],
    choose: Callable[[Offer[F]], P | None],
) -> AtTable[R, F, P]:
    """``roll_at_table``'s loop: ``kept`` holds the dice decided so far."""
    again: Callable[[str], int] = getattr(dice, "roll_again", dice.roll)
    offered: set[int] = set()
    taken: list[Rerolled[F, P]] = []

    def waiting(so_far: Sequence[Die]) -> list[F]:
        result = _provisional(procedure, so_far)
        return [f for f in failed(result) if f.index < len(so_far) and f.index not in offered]

    while True:
        feed = _Feed(kept, dice, lambda so_far: bool(waiting(so_far)), offered)
        try:
            result = procedure(feed)
        except _Pause:
            pending = waiting(kept)
        else:
            pending = [f for f in failed(result) if f.index not in offered]
            if not pending:
                return AtTable(result, tuple(taken))
        for failure in pending:
            offered.add(failure.index)
            old = kept[failure.index]
            offer = Offer(
                failure,
                failure.index,
                old,
                _passing(procedure, kept, failure, failed),
                partial(_passing, procedure, list(kept), failure, failed),
            )
            payer = choose(offer)
            if payer is not None:
                new = Die(again(old.purpose), old.purpose)
                kept[failure.index] = new
                taken.append(Rerolled(failure, payer, old, new))
                break  # the action goes on from the new die


def _provisional(procedure: Callable[[DiceSource], R], so_far: Sequence[Die]) -> R:
    """The result the dice so far lead to, whatever comes next (the verdicts on dice already
    rolled never depend on the dice after them)."""
    return procedure(_PaddedDice([d.value for d in so_far], 1))


def _passing(
    procedure: Callable[[DiceSource], R],
    kept: Sequence[Die],
    failure: F,
    failed: Callable[[R], Sequence[F]],
) -> tuple[int, ...]:
    """The faces with which the offered die would pass its test."""
    at = failure.index
    passing = []
    for face in range(1, 7):
        trial = [*kept[:at], Die(face, kept[at].purpose), *kept[at + 1 :]]
        if all(f.index != at for f in failed(_provisional(procedure, trial))):
            passing.append(face)
    return tuple(passing)
