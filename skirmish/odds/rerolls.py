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

import itertools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, Generic, TypeVar

from skirmish.odds.dist import ZERO, Dist, multisets

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
    """The outcome of every roll of ``n`` dice under one judge, with faces merged in classes.

    Two faces are in the same class when swapping one for the other never changes the
    outcome, whatever the other dice show: for a nerve test against FRED 3 the faces 1, 2, 3
    pass alike and 4, 5, 6 fail alike. Classes keep the reroll search small and exact.

    By default the judge must be blind to the order of the dice (every test of the book is):
    the classes are then found by trying every swap on every multiset of faces. A judge that
    reads the dice in order (fanning, whose shots are fired in the order of the dice) needs
    ``ordered=True`` and ``kind``, the engine's verdict on one die alone: faces of the same
    kind form a class, and the judge is asked about every ordered sequence of classes.
    """

    def __init__(
        self,
        n: int,
        judge: Callable[[tuple[int, ...]], K],
        *,
        ordered: bool = False,
        kind: Callable[[int], Hashable] | None = None,
    ) -> None:
        if ordered and kind is None:
            raise ValueError("an ordered dice table needs the kind of each face")
        self.n = n
        self.ordered = ordered
        self._judge = judge
        self._outcomes: dict[tuple[int, ...], K] = {}
        if kind is not None:
            kinds = {f: kind(f) for f in range(1, 7)}
            self.rep = {f: min(g for g in range(1, 7) if kinds[g] == kinds[f]) for f in kinds}
        else:
            self.rep = self._classes()
        reps = sorted(set(self.rep.values()))
        #: Each class (by its lowest face) and the chance that one die lands in it.
        self.classes: tuple[tuple[int, Fraction], ...] = tuple(
            (r, Fraction(sum(1 for f in range(1, 7) if self.rep[f] == r), 6)) for r in reps
        )
        if ordered:
            odds = dict(self.classes)
            start: dict[tuple[int, ...], Fraction] = {}
            for seq in itertools.product(reps, repeat=n):
                p = Fraction(1)
                for r in seq:
                    p *= odds[r]
                start[seq] = p
            #: The first throw, as class representatives (sorted unless ``ordered``).
            self.start: Dist[tuple[int, ...]] = Dist(start)
        else:
            self.start = multisets(n).map(self.canonical)
        #: The outcome's distribution, without rerolls.
        self.dist: Dist[K] = self.start.map(self.outcome)
        #: 6ⁿ, and each outcome with its number of ways out of 6ⁿ (integers, for speed).
        self.sides = 6**n
        self.ways: tuple[tuple[K, int], ...] = tuple(
            (outcome, _whole(p * self.sides)) for outcome, p in self.dist.items()
        )

    def canonical(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The faces as class representatives, sorted unless the table is ordered."""
        reps = tuple(self.rep[f] for f in faces)
        return reps if self.ordered else tuple(sorted(reps))

    def outcome(self, faces: Sequence[int]) -> K:
        """The judge's outcome for these faces (any faces of the same classes)."""
        key = self.canonical(faces)
        found = self._outcomes.get(key)
        if found is None:
            found = self._outcomes[key] = self._judge(key)
        return found

    def _classes(self) -> dict[int, int]:
        if self.n == 0:
            return dict.fromkeys(range(1, 7), 1)
        outcomes = {faces: self._judge(faces) for faces in multisets(self.n)}
        rep = {f: f for f in range(1, 7)}
        for f in range(1, 7):
            if rep[f] != f:
                continue
            for g in range(f + 1, 7):
                if rep[g] == g and _interchangeable(outcomes, f, g):
                    rep[g] = f
        return rep


def _interchangeable(outcomes: dict[tuple[int, ...], Any], f: int, g: int) -> bool:
    for faces, outcome in outcomes.items():
        if f in faces:
            swapped = list(faces)
            swapped[swapped.index(f)] = g
            if outcomes[tuple(sorted(swapped))] != outcome:
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


Dice = tuple[tuple[int, bool], ...]  # each die's class representative, and whether rerolled


@dataclass
class Solver(Generic[S, R]):
    """Exact outcome distribution of a state machine when rerolls are spent wisely."""

    step: Callable[[S], Throw[S] | Done[R]]
    objective: Callable[[R], Value]
    _steps: dict[S, Throw[S] | Done[R]] = field(default_factory=dict)
    _values: dict[tuple[S, Budget], Value] = field(default_factory=dict)
    _inner: dict[tuple[S, Dice, Budget], Value] = field(default_factory=dict)
    _choice: dict[tuple[S, Dice, Budget], int | None] = field(default_factory=dict)

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
                (p, self._value_in(state, step, _fresh(faces), budget))
                for faces, p in step.table.start.items()
            )
        self._values[key] = result
        return result

    def _value_in(self, state: S, throw: Throw[S], dice: Dice, budget: Budget) -> Value:
        """The value of the thrown ``dice`` (some already rerolled), before deciding."""
        key = (state, dice, budget)
        known = self._inner.get(key)
        if known is not None:
            return known
        table = throw.table
        keep = self.value(throw.then(table.outcome(_faces(dice))), budget)
        best, choice = keep, None
        if budget.of(throw.side) > 0:
            spent = budget.spend(throw.side)
            maximize = throw.side is Side.ACTOR
            for at in _candidates(dice, table.ordered):
                value = _expect(
                    (p, self._value_in(state, throw, _reroll(dice, at, c, table.ordered), spent))
                    for c, p in table.classes
                )
                if (value > best) if maximize else (value < best):
                    best, choice = value, at
        self._inner[key] = best
        self._choice[key] = choice
        return best

    # -- distributions ---------------------------------------------------------------------
    def dist(self, state: S, budget: Budget) -> Dist[R]:
        """The final outcome's distribution from ``state`` under the wise policy.

        The policy is found by ``value``; the probability is then pushed forward through
        it, merging states as ``propagate`` does (integer masses over 6^DEPTH).
        """
        self.value(state, budget)
        outer: dict[tuple[S, Budget], int] = {(state, budget): SCALE}
        inner: dict[tuple[S, Dice, Budget], int] = {}
        done: dict[R, int] = {}
        while outer or inner:
            for (at_state, left), mass in outer.items():
                step = self._step(at_state)
                if isinstance(step, Done):
                    done[step.outcome] = done.get(step.outcome, 0) + mass
                    continue
                for faces, p in step.table.start.items():
                    key = (at_state, _fresh(faces), left)
                    inner[key] = inner.get(key, 0) + _share(mass, p)
            outer = {}
            following: dict[tuple[S, Dice, Budget], int] = {}
            for (at_state, dice, left), mass in inner.items():
                throw = self._step(at_state)
                assert isinstance(throw, Throw)
                if (at_state, dice, left) not in self._choice:
                    self._value_in(at_state, throw, dice, left)
                at = self._choice[(at_state, dice, left)]
                if at is None:
                    nxt = (throw.then(throw.table.outcome(_faces(dice))), left)
                    outer[nxt] = outer.get(nxt, 0) + mass
                    continue
                spent = left.spend(throw.side)
                for c, p in throw.table.classes:
                    key = (at_state, _reroll(dice, at, c, throw.table.ordered), spent)
                    following[key] = following.get(key, 0) + _share(mass, p)
            inner = following
        return Dist((outcome, Fraction(mass, SCALE)) for outcome, mass in done.items())


def _share(mass: int, p: Fraction) -> int:
    """``mass × p`` for a probability whose denominator divides 6^DEPTH, exactly."""
    share, rest = divmod(mass * p.numerator, p.denominator)
    if rest:
        raise ArithmeticError("an action rolled more dice than the odds can hold")
    return share


def _fresh(faces: tuple[int, ...]) -> Dice:
    return tuple((f, False) for f in faces)


def _faces(dice: Dice) -> tuple[int, ...]:
    return tuple(f for f, _ in dice)


def _candidates(dice: Dice, ordered: bool) -> list[int]:
    """Positions of the dice worth trying a reroll on: each die not yet rerolled (for an
    order-blind group, the first of each face, since the others would give the same)."""
    seen: set[int] = set()
    found: list[int] = []
    for at, (face, rerolled) in enumerate(dice):
        if rerolled or (not ordered and face in seen):
            continue
        seen.add(face)
        found.append(at)
    return found


def _reroll(dice: Dice, at: int, face: int, ordered: bool) -> Dice:
    changed = dice[:at] + ((face, True),) + dice[at + 1 :]
    return changed if ordered else tuple(sorted(changed))


def _expect(parts: Any) -> Value:
    """Σ pᵢ · valueᵢ, component by component."""
    acc: list[Fraction] | None = None
    for p, value in parts:
        if acc is None:
            acc = [ZERO] * len(value)
        for i, v in enumerate(value):
            acc[i] += p * v
    return tuple(acc or ())


def propagate(step: Callable[[S], Throw[S] | Done[R]], start: S) -> Dist[R]:
    """The final outcome's distribution without rerolls, by pushing probability forward.

    States reached by different dice merge, so a long action (six shots, a dozen saving
    rolls) costs the number of distinct states, not the number of dice sequences. Every
    probability here is k/6ⁿ for the n dice of its path, so masses are kept as integer
    numerators over one common 6^DEPTH (``SCALE``), exact and much faster than ``Fraction``.
    """
    return Dist((outcome, Fraction(mass, SCALE)) for outcome, mass in push(step, start).items())


def push(step: Callable[[S], Throw[S] | Done[R]], start: S) -> dict[R, int]:
    """``propagate``'s masses: each final outcome's probability times ``SCALE``."""
    frontier: dict[S, int] = {start: SCALE}
    done: dict[R, int] = {}
    while frontier:
        following: dict[S, int] = {}
        for state, mass in frontier.items():
            found = step(state)
            if isinstance(found, Done):
                done[found.outcome] = done.get(found.outcome, 0) + mass
                continue
            table = found.table
            for outcome, ways in table.ways:
                nxt = found.then(outcome)
                following[nxt] = following.get(nxt, 0) + split(mass * ways, table.sides)
        frontier = following
    return done


def split(mass: int, sides: int) -> int:
    """``mass / sides``, which must be exact: a path of more than DEPTH dice cannot be."""
    share, rest = divmod(mass, sides)
    if rest:
        raise ArithmeticError("an action rolled more dice than the odds can hold")
    return share


#: The most dice one action can roll along a path (nerve, fanning, shots, mounts, saves, panic).
_DEPTH = 96
#: The common denominator of every mass pushed forward.
SCALE = 6**_DEPTH


def _whole(ways: Fraction) -> int:
    if ways.denominator != 1:
        raise ArithmeticError(f"{ways} ways out of 6ⁿ is not a whole number")
    return ways.numerator
