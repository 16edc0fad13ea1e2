"""How lucky one result was within its exact distribution (issue #14, the luck ledger).

A result is placed by its **mid-rank percentile**: the chance of a worse result plus half the
chance of an equally good one, ``P(worse) + P(same)/2``. Over fair dice it averages exactly ½
(×100: 50), however lumpy the distribution, and its exact variance is
``Σ p·(u − ½)²`` over the distinct results; the ledger's standard error comes from it.

"Good" is the roller's: ``goodness`` maps each outcome to something ordered, higher better
(the face itself for a shooting roll, minus the face for a nerve die, the attacker's
``(eliminated, wounds)`` for a whole action). Equally good outcomes tie.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from skirmish.odds.dist import Dist

K = TypeVar("K", bound=Hashable)

HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class Placing:
    """Where a result falls in its distribution, for whoever it is good for: its mid-rank
    ``percentile`` (0–1), the exact ``variance`` of that percentile over the distribution,
    the chance of a result as good or better (``as_good``) and as bad or worse (``as_bad``)."""

    percentile: Fraction
    variance: Fraction
    as_good: Fraction
    as_bad: Fraction

    def mirrored(self) -> Placing:
        """The same result for the other side (the target of an attack): what is good for
        one is bad for the other."""
        return Placing(1 - self.percentile, self.variance, self.as_bad, self.as_good)


def place(weights: Mapping[K, Fraction], observed: K, goodness: Callable[[K], Any]) -> Placing:
    """Place ``observed`` in the distribution ``weights`` (normalized here) by ``goodness``."""
    classes: dict[Any, Fraction] = {}
    for outcome, p in weights.items():
        key = goodness(outcome)
        classes[key] = classes.get(key, Fraction(0)) + p
    total = sum(classes.values(), Fraction(0))
    if total <= 0:
        raise ValueError("an empty distribution places nothing")
    ranked = sorted(classes)
    mine = goodness(observed)
    below = Fraction(0)
    variance = Fraction(0)
    found: Placing | None = None
    for key in ranked:
        p = classes[key] / total
        mid = below + p / 2
        variance += p * (mid - HALF) ** 2
        if key == mine:
            found = Placing(mid, Fraction(0), 1 - below, below + p)
        below += p
    if found is None:
        raise ValueError(f"{observed!r} cannot happen in this distribution")
    return Placing(found.percentile, variance, found.as_good, found.as_bad)


@cache
def dice_sum(dice: int) -> Dist[int]:
    """The sum of ``dice`` fair D6."""
    total: Dist[int] = Dist.point(0)
    face = Dist.uniform(range(1, 7))
    for _ in range(dice):
        total = total.convolve(face, lambda a, b: a + b)
    return total


@cache
def place_dice(faces: tuple[int, ...], higher_better: bool) -> Placing:
    """A throw of fair D6 placed by the sum of its faces: higher better, or lower (a nerve
    test's dice, which pass at or under FRED)."""
    sign = 1 if higher_better else -1
    return place(dice_sum(len(faces)), sum(faces), lambda s: sign * s)
