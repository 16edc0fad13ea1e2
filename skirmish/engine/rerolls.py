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
from typing import Generic, Protocol, TypeVar

from skirmish.engine.dice import DiceSource, Die, ScriptedDice
from skirmish.errors import RulesError
from skirmish.rules.model import Point


class HasDice(Protocol):
    """A result that records every die it used, in order."""

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die the procedure used, in order."""
        ...


R = TypeVar("R", bound=HasDice)


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
                    f"die {position + 1} was rolled for {self._recorded[position].purpose!r} "
                    f"but the procedure now asks for {purpose!r}; it does not match the result.",
                    it=f"il dado {position + 1} è stato tirato per "
                    f"{self._recorded[position].purpose!r} ma la procedura ora lo chiede per "
                    f"{purpose!r}; non corrisponde al risultato.",
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
            f"no {kind.value.upper()} point left to spend (R-15, §1.6); spent points come back "
            "after the game.",
            it=f"nessun punto {kind.value.upper()} rimasto da spendere (R-15, §1.6); i punti "
            "spesi tornano dopo la partita.",
        )
    if not 0 <= index < len(before.dice):
        raise RulesError(
            f"die {index + 1} does not exist: this result has {len(before.dice)} dice "
            f"(count from 1 to {len(before.dice)}).",
            it=f"il dado {index + 1} non esiste: questo risultato ha {len(before.dice)} dadi "
            f"(conta da 1 a {len(before.dice)}).",
        )
    if procedure(ScriptedDice(d.value for d in before.dice)) != before:
        raise RulesError(
            "the procedure given does not reproduce this result from its own dice.",
            it="la procedura indicata non riproduce questo risultato dai suoi dadi.",
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
