"""Building blocks of every result object: named modifiers and the dice they came with.

A procedure returns a NamedTuple that records every die in order, every modifier by name
and value, the totals, the outcome and the rulings it applied; renderers turn it into text or
JSON. Modifier keys are stable ids (``"cover-light"``, ``"short-range"``); their Italian and
English labels live with the renderers.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from collections.abc import Iterable
from typing import NamedTuple


class Modifier(NamedTuple):
    """One named modifier and its value, with where the rule comes from (``R-02``, table 3)."""

    key: str
    value: int
    source: str = ""


def total(modifiers: Iterable[Modifier]) -> int:
    """The sum of the modifiers' values."""
    return sum(m.value for m in modifiers)
