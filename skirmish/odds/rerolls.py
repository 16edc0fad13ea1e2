"""Rerolls spent wisely (R-15): exact expectimax over the dice of an action.

A procedure is described as a small state machine: each state either throws a group of dice
(the two nerve dice, the 6D6 of fanning, one shooting die, one saving die, the two panic
dice…) and moves on according to the group's outcome, or is finished with a final outcome.
Every group is judged without regard to the order of its dice, as every test of the book is
(each die separately, or a count), so a group is enumerated as multisets of faces, and faces
that a group's judge cannot tell apart are merged into one class.

"Wisely" (docs/odds.md): the side that owns a group (the acting model, or its target) may
reroll any die of that group once, one die at a time, seeing each new face before choosing
again, while it has rerolls left; a die is rerolled only if that strictly improves the
expected objective of the whole rest of the action, computed exactly with the rerolls that
would remain. The acting side maximizes the objective, the target minimizes it. Among
rerolls that improve it equally, the die with the lowest face is rerolled. The objective is
a tuple of numbers compared in order (lexicographic expected utility).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, Generic, TypeVar

from skirmish.odds.dist import ZERO, Dist, mixture, multisets

S = TypeVar("S", bound=Hashable)
R = TypeVar("R", bound=Hashable)
K = TypeVar("K", bound=Hashable)

Value = tuple[Fraction, ...]


class Side(StrEnum):
    """Who may reroll the dice of a group (R-15)."""

    ACTOR = "actor"  # the acting model: nerve, shooting, fight and fanning dice
    TARGET = "target"  # the model attacked: saving and panic dice
    NOBODY = "nobody"


class DiceTable(Generic[K]):
    """The outcome of every roll of ``n`` dice under one order-blind judge, faces in classes.

    Two faces are in the same class when swapping one for the other never changes the
    outcome, whatever the other dice show: for a nerve test against FRED 3 the faces 1, 2, 3
    pass alike and 4, 5, 6 fail alike. Classes keep the reroll search small and exact.
    """

    def __init__(self, n: int, judge: Callable[[tuple[int, ...]], K]) -> None:
        self.n = n
        rolls = multisets(n)
        self.outcomes: dict[tuple[int, ...], K] = {faces: judge(faces) for faces in rolls}
        self.rep: dict[int, int] = self._classes()
        reps = sorted(set(self.rep.values()))
        #: Each class (by its lowest face) and the chance that one die lands in it.
        self.classes: tuple[tuple[int, Fraction], ...] = tuple(
            (r, Fraction(sum(1 for f in range(1, 7) if self.rep[f] == r), 6)) for r in reps
        )
        #: The first throw as sorted class representatives.
        self.start: Dist[tuple[int, ...]] = rolls.map(self.canonical)
        #: The outcome's distribution, without rerolls.
        self.dist: Dist[K] = rolls.map(self.outcomes.__getitem__)

    def canonical(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The faces as sorted class representatives."""
        return tuple(sorted(self.rep[f] for f in faces))

    def outcome(self, faces: Sequence[int]) -> K:
        """The judge's outcome for these faces (any order, any faces of the same classes)."""
        return self.outcomes[tuple(sorted(faces))]

    def _classes(self) -> dict[int, int]:
        rep = {f: f for f in range(1, 7)}
        if self.n == 0:
            return dict.fromkeys(range(1, 7), 1)
        for f in range(1, 7):
            if rep[f] != f:
                continue
            for g in range(f + 1, 7):
                if rep[g] == g and self._interchangeable(f, g):
                    rep[g] = f
        return rep

    def _interchangeable(self, f: int, g: int) -> bool:
        for faces, outcome in self.outcomes.items():
            if f in faces:
                swapped = list(faces)
                swapped[swapped.index(f)] = g
                if self.outcomes[tuple(sorted(swapped))] != outcome:
                    return False
        return True


@dataclass(frozen=True)
class Throw(Generic[S]):
    """A state that rolls a group of dice, then goes to ``then(outcome)``."""

    table: DiceTable[Any]
    then: Callable[[Any], S]
    side: Side = Side.NOBODY


@dataclass(frozen=True)
class Done(Generic[R]):
    """A finished state and its final outcome."""

    outcome: R


@dataclass(frozen=True)
class Budget:
    """Rerolls left to each side."""

    actor: int = 0
    target: int = 0

    def of(self, side: Side) -> int:
        """The rerolls ``side`` has left (none for nobody)."""
        if side is Side.ACTOR:
            return self.actor
        if side is Side.TARGET:
            return self.target
        return 0

    def spend(self, side: Side) -> Budget:
        """One reroll fewer for ``side``."""
        if side is Side.ACTOR:
            return Budget(self.actor - 1, self.target)
        return Budget(self.actor, self.target - 1)


@dataclass
class Solver(Generic[S, R]):
    """Exact outcome distribution of a state machine when rerolls are spent wisely."""

    step: Callable[[S], Throw[S] | Done[R]]
    objective: Callable[[R], Value]
    _steps: dict[S, Throw[S] | Done[R]] = field(default_factory=dict)
    _values: dict[tuple[S, Budget], Value] = field(default_factory=dict)
    _inner: dict[tuple[S, tuple[int, ...], tuple[int, ...], Budget], Value] = field(
        default_factory=dict
    )
    _choice: dict[tuple[S, tuple[int, ...], tuple[int, ...], Budget], int | None] = field(
        default_factory=dict
    )
    _dists: dict[tuple[S, Budget], Dist[R]] = field(default_factory=dict)

    def solve(self, start: S, budget: Budget) -> tuple[Dist[R], Value]:
        """The final outcome's distribution and the expected objective from ``start``."""
        value = self.value(start, budget)
        return self.dist(start, budget), value

    def _step(self, state: S) -> Throw[S] | Done[R]:
        found = self._steps.get(state)
        if found is None:
            found = self._steps[state] = self.step(state)
        return found

    # -- values ----------------------------------------------------------------------------
    def value(self, state: S, budget: Budget) -> Value:
        """The expected objective from ``state`` with ``budget`` rerolls, both sides wise."""
        key = (state, budget)
        known = self._values.get(key)
        if known is not None:
            return known
        step = self._step(state)
        if isinstance(step, Done):
            result = self.objective(step.outcome)
        else:
            result = _expect(
                (p, self._value_in(state, step, faces, (), budget))
                for faces, p in step.table.start.items()
            )
        self._values[key] = result
        return result

    def _value_in(
        self,
        state: S,
        throw: Throw[S],
        free: tuple[int, ...],
        fixed: tuple[int, ...],
        budget: Budget,
    ) -> Value:
        """The value with ``free`` dice still rerollable and ``fixed`` dice already rerolled."""
        key = (state, free, fixed, budget)
        known = self._inner.get(key)
        if known is not None:
            return known
        table = throw.table
        keep = self.value(throw.then(table.outcome(free + fixed)), budget)
        best, choice = keep, None
        if free and budget.of(throw.side) > 0:
            spent = budget.spend(throw.side)
            maximize = throw.side is Side.ACTOR
            for die in sorted(set(free)):
                rest = _remove(free, die)
                value = _expect(
                    (p, self._value_in(state, throw, rest, tuple(sorted((*fixed, c))), spent))
                    for c, p in table.classes
                )
                if (value > best) if maximize else (value < best):
                    best, choice = value, die
        self._inner[key] = best
        self._choice[key] = choice
        return best

    # -- distributions ---------------------------------------------------------------------
    def dist(self, state: S, budget: Budget) -> Dist[R]:
        """The final outcome's distribution from ``state`` under the wise policy."""
        key = (state, budget)
        known = self._dists.get(key)
        if known is not None:
            return known
        step = self._step(state)
        if isinstance(step, Done):
            result: Dist[R] = Dist.point(step.outcome)
        else:
            result = mixture(
                (p, self._dist_in(state, step, faces, (), budget))
                for faces, p in step.table.start.items()
            )
        self._dists[key] = result
        return result

    def _dist_in(
        self,
        state: S,
        throw: Throw[S],
        free: tuple[int, ...],
        fixed: tuple[int, ...],
        budget: Budget,
    ) -> Dist[R]:
        key = (state, free, fixed, budget)
        if key not in self._choice:
            self._value_in(state, throw, free, fixed, budget)
        die = self._choice[key]
        if die is None:
            return self.dist(throw.then(throw.table.outcome(free + fixed)), budget)
        rest = _remove(free, die)
        spent = budget.spend(throw.side)
        return mixture(
            (p, self._dist_in(state, throw, rest, tuple(sorted((*fixed, c))), spent))
            for c, p in throw.table.classes
        )


def _remove(faces: tuple[int, ...], face: int) -> tuple[int, ...]:
    at = faces.index(face)
    return faces[:at] + faces[at + 1 :]


def _expect(parts: Any) -> Value:
    """Σ pᵢ · valueᵢ, component by component."""
    acc: list[Fraction] | None = None
    for p, value in parts:
        if acc is None:
            acc = [ZERO] * len(value)
        for i, v in enumerate(value):
            acc[i] += p * v
    return tuple(acc or ())
