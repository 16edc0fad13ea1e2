"""Entries of the rulebook's smaller tables (actions, movement, modifiers, protection, recovery).

Like the types of ``rules.model`` they are immutable NamedTuples (issue #23: a frozen dataclass
costs several times a NamedTuple to create, and ``gang show`` and ``print roster`` load these
eight), with a stable English ``id``, the Italian name as in the book, an English name and
aliases, so ``rules.names`` finds them in either language. ``rules.shapes`` reads their fields
from ``_fields``.
"""

# No ``from __future__ import annotations``: a NamedTuple compiles each annotation written as a
# string into a ``typing.ForwardRef`` when the class is created (issue #23, rules/model.py).

from typing import NamedTuple


class Action(NamedTuple):
    """An accessory action of table 1 (§2.3) and its action cost."""

    id: str
    name_it: str
    name_en: str
    ca: int
    reflex: int  # successes a reflex test needs; 0 when no test is taken
    note_it: str = ""
    note_en: str = ""
    aliases: tuple[str, ...] = ()


class Movement(NamedTuple):
    """A movement action of table 2 (§3.1): how far (DP, in U) and its action cost."""

    id: str
    mode: str  # "foot", "horse" or "wagon"
    name_it: str
    name_en: str
    distance: int  # DP: the most U the move covers
    ca: int
    reflex: int | None  # modifier to the reflex test the move needs; None when no test
    note_it: str = ""
    note_en: str = ""
    aliases: tuple[str, ...] = ()


class TableModifier(NamedTuple):
    """One row of a modifier table (table 3, table 4, saving, nerve or cohesion modifiers)."""

    id: str
    table: str  # "shooting", "fight", "saving", "nerve" or "cohesion"
    name_it: str
    name_en: str
    value: int
    aliases: tuple[str, ...] = ()


class Protection(NamedTuple):
    """A row of table 8 (§5.5): damage an explosion loses against partial or total protection."""

    id: str
    name_it: str
    name_en: str
    partial: int
    total: int
    aliases: tuple[str, ...] = ()


class RecoveryResult(NamedTuple):
    """A row of the recovery table (§6.5, R-10) for the modified 1D6 roll."""

    id: str  # "dead", "invalid", "wounded", "recovered"
    low: int
    high: int | None  # None: "or more"
    name_it: str
    name_en: str
    text_it: str
    text_en: str
    aliases: tuple[str, ...] = ()

    def covers(self, roll: int) -> bool:
        """Whether a modified recovery roll of ``roll`` lands on this row (below 1 counts as 1)."""
        value = max(roll, 1)
        return self.low <= value and (self.high is None or value <= self.high)


class Invalidity(NamedTuple):
    """A row of the invalid sub-table (§6.5), rolled on 1D6."""

    id: str
    roll: int
    name_it: str
    name_en: str
    text_it: str
    text_en: str
    aliases: tuple[str, ...] = ()


class Doctor(NamedTuple):
    """A doctor who can be paid for a recovery roll (§6.5, R-10)."""

    id: str
    name_it: str
    name_en: str
    bonus: int
    cost: int
    text_it: str
    text_en: str
    aliases: tuple[str, ...] = ()


class Advance(NamedTuple):
    """An experience advance of §7.2: its XP cost and the characteristics it raises."""

    id: str
    name_it: str
    name_en: str
    xp: int
    characteristics: tuple[str, ...]  # () for a new skill
    text_it: str
    text_en: str
    aliases: tuple[str, ...] = ()
