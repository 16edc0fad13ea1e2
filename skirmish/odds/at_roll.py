"""A reroll at the moment of the roll (R-15, §1.6): is it wise, and what does it change?

The die on the table failed its test; rerolled, it passes with the faces the engine's own
verdict accepts (``engine.rerolls.Offer.passes``, found by replaying the action with each
face). Each face is equally likely, so the chance is exact: before, the die fails (0); after,
the passing faces out of six. A reroll is wise when some face passes; otherwise the point is
better kept for a later die. Of the points that can pay, FORTUNA is the wiser to spend: it
helps only the model itself, while FAMA may still help a friend within 5U (docs/odds.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Advice:
    """The chance the failed die passes its test as it lies and once rerolled."""

    before: Fraction
    after: Fraction

    @property
    def wise(self) -> bool:
        """Whether the reroll can change anything."""
        return self.after > self.before


def advise(passes: Sequence[int]) -> Advice:
    """The advice for a failed die that passes, rerolled, with the faces ``passes``."""
    faces = {f for f in passes if 1 <= f <= 6}
    return Advice(before=Fraction(0), after=Fraction(len(faces), 6))
