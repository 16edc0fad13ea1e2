"""Exact discrete distributions: a mapping from outcome to ``fractions.Fraction``.

Everything in ``skirmish.odds`` is built from these: the faces of a group of dice, the result of
one stage of a procedure, and the compositions of stages (a mixture over the nerve test's
outcome, a convolution over shots, one saving roll per damage). No sampling, no floats.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)

ZERO = Fraction(0)
ONE = Fraction(1)


class Dist(Mapping[T, Fraction], Generic[T]):
    """An immutable probability distribution over hashable outcomes.

    Outcomes of probability zero are dropped. The probabilities are not forced to sum to 1, so
    a ``Dist`` can also hold the part of a distribution that satisfies a condition; ``total()``
    tells.
    """

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[T, Fraction | int] | Iterable[tuple[T, Fraction | int]]):
        items = weights.items() if isinstance(weights, Mapping) else weights
        table: dict[T, Fraction] = {}
        for outcome, weight in items:
            p = weight if type(weight) is Fraction else Fraction(weight)
            if p < 0:
                raise ValueError(f"negative probability {p} for {outcome!r}")
            if p:
                table[outcome] = table.get(outcome, ZERO) + p
        self._p = table

    # -- construction --------------------------------------------------------------------
    @classmethod
    def point(cls, outcome: T) -> Dist[T]:
        """The outcome for certain."""
        return cls({outcome: ONE})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each of ``outcomes`` equally likely (repeats count twice)."""
        listed = list(outcomes)
        if not listed:
            raise ValueError("a uniform distribution needs at least one outcome")
        share = Fraction(1, len(listed))
        return cls((o, share) for o in listed)

    # -- the Mapping protocol -------------------------------------------------------------
    def __getitem__(self, outcome: T) -> Fraction:
        return self._p.get(outcome, ZERO)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dist):
            return self._p == other._p
        if isinstance(other, Mapping):
            return self._p == {k: Fraction(v) for k, v in other.items() if v}
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}" for k, v in self.sorted_items())
        return f"Dist({{{body}}})"

    # -- queries ---------------------------------------------------------------------------
    def total(self) -> Fraction:
        """The sum of the probabilities (1 for a complete distribution)."""
        return sum(self._p.values(), ZERO)

    def prob(self, predicate: Callable[[T], bool]) -> Fraction:
        """The probability of the outcomes for which ``predicate`` holds."""
        return sum((p for o, p in self._p.items() if predicate(o)), ZERO)

    def expectation(self, value: Callable[[T], Fraction | int] | None = None) -> Fraction:
        """The expected ``value(outcome)``; without ``value`` the outcomes must be numbers."""
        if value is None:
            return sum((p * Fraction(o) for o, p in self._p.items()), ZERO)  # type: ignore[call-overload]
        return sum((p * Fraction(value(o)) for o, p in self._p.items()), ZERO)

    def sorted_items(self) -> list[tuple[T, Fraction]]:
        """The outcomes in their natural order when they have one, else in insertion order."""
        try:
            return sorted(self._p.items())
        except TypeError:
            return list(self._p.items())

    # -- composition -----------------------------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``f(outcome)`` (outcomes that map together add up)."""
        return Dist((f(o), p) for o, p in self._p.items())

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """The mixture: first draw an outcome from this, then draw from ``f(outcome)``."""
        return mixture((p, f(o)) for o, p in self._p.items())

    def convolve(self, other: Dist[U], op: Callable[[T, U], V]) -> Dist[V]:
        """The distribution of ``op(a, b)`` for independent ``a`` from this, ``b`` from other."""
        out: dict[V, Fraction] = {}
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                key = op(a, b)
                out[key] = out.get(key, ZERO) + pa * pb
        return Dist(out)

    def scale(self, factor: Fraction | int) -> Dist[T]:
        """Every probability multiplied by ``factor``."""
        return Dist((o, p * factor) for o, p in self._p.items())

    def normalized(self) -> Dist[T]:
        """The distribution conditioned on its own outcomes (probabilities summing to 1)."""
        mass = self.total()
        if not mass:
            raise ValueError("cannot normalize an empty distribution")
        return self.scale(1 / mass)


def mixture(parts: Iterable[tuple[Fraction | int, Dist[T]]]) -> Dist[T]:
    """Σ weightᵢ · distᵢ: the distribution of drawing part i with probability weightᵢ."""
    out: dict[T, Fraction] = {}
    for weight, dist in parts:
        if not weight:
            continue
        w = Fraction(weight)
        for o, p in dist.items():
            out[o] = out.get(o, ZERO) + w * p
    return Dist(out)


def add(a: int, b: int) -> int:
    """The sum of two outcomes: the operator of the usual convolution."""
    return a + b


def convolve_all(dists: Iterable[Dist[int]], start: int = 0) -> Dist[int]:
    """The distribution of the sum of independent integer outcomes."""
    result: Dist[int] = Dist.point(start)
    for dist in dists:
        result = result.convolve(dist, add)
    return result


def power(dist: Dist[int], n: int) -> Dist[int]:
    """The sum of ``n`` independent draws from ``dist`` (``n`` ≥ 0)."""
    if n < 0:
        raise ValueError(f"cannot add up {n} draws")
    return convolve_all(itertools.repeat(dist, n))


@cache
def multisets(n: int) -> Dist[tuple[int, ...]]:
    """``n`` D6 rolled together, as sorted faces: 462 outcomes for 6D6 instead of 46,656.

    Each sorted tuple has the multinomial probability n! / (c₁!·…·c₆!) / 6ⁿ. Tests that judge a
    group of dice regardless of their order (each die separately, or a count) only need these.
    """
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    denominator = 6**n
    weights: dict[tuple[int, ...], Fraction] = {}
    for faces in itertools.combinations_with_replacement(range(1, 7), n):
        ways = math.factorial(n)
        for face in set(faces):
            ways //= math.factorial(faces.count(face))
        weights[faces] = Fraction(ways, denominator)
    return Dist(weights)


def d6() -> Dist[int]:
    """One D6."""
    return Dist.uniform(range(1, 7))


def judged(n: int, judge: Callable[[tuple[int, ...]], T]) -> Dist[T]:
    """The distribution of ``judge(faces)`` over ``n`` D6, for a judge blind to dice order."""
    return multisets(n).map(judge)
