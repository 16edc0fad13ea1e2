"""Dice sources: a seeded random generator, or the dice a player typed in from the table.

Every procedure asks its source for one D6 at a time, naming what the die is for, so a result
can record every die in order and a script that runs short can say what the next die was for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from skirmish.errors import DiceError, NotEnoughDice, shown

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Die:
    """One D6 as rolled: its face and what it was rolled for (``nerve``, ``shot``, ``save``…)."""

    value: int
    purpose: str


class DiceSource(Protocol):
    """Anything that hands out D6 results one at a time."""

    def roll(self, purpose: str) -> int:
        """Return the next D6 (1–6), rolled for ``purpose``."""
        ...


class RandomDice:
    """Random dice from a private ``random.Random``; the same seed gives the same dice."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, purpose: str) -> int:
        return self._rng.randint(1, 6)


class ScriptedDice:
    """Dice typed in from the table, used in order; running out raises ``NotEnoughDice``."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = tuple(check_face(v) for v in values)
        self._next = 0

    @property
    def used(self) -> int:
        """How many dice have been handed out so far."""
        return self._next

    @property
    def remaining(self) -> int:
        """How many typed-in dice are still unused."""
        return len(self._values) - self._next

    def roll(self, purpose: str) -> int:
        if self._next >= len(self._values):
            raise NotEnoughDice(len(self._values), purpose)
        value = self._values[self._next]
        self._next += 1
        return value


class RecordingDice:
    """Wraps a source and records every die handed out, in order, with its purpose."""

    def __init__(self, source: DiceSource) -> None:
        self._source = source
        self.dice: list[Die] = []

    def roll(self, purpose: str) -> int:
        value = self._source.roll(purpose)
        self.dice.append(Die(value, purpose))
        return value


class _PaddedDice(ScriptedDice):
    """Scripted dice followed by an endless run of one face; counts the padding used."""

    def __init__(self, values: Sequence[int], pad: int) -> None:
        super().__init__(values)
        self._pad = pad
        self.padding_used = 0

    def roll(self, purpose: str) -> int:
        if self.remaining > 0:
            return super().roll(purpose)
        self.padding_used += 1
        return self._pad


def check_face(value: int) -> int:
    """A die typed in must show 1 to 6."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise DiceError(
            f"a D6 shows 1 to 6, not {shown(value)}; check the --dice list.",
            it=f"un D6 mostra da 1 a 6, non {shown(value)}; controlla l'elenco di --dice.",
        )
    return value


def parse_dice(text: str) -> tuple[int, ...]:
    """Parse dice typed as ``2,4,4`` (commas or spaces) into faces, checking each is 1–6.

    Only the ASCII digits count: ``int`` would read a fullwidth ``６`` or an Arabic-Indic digit
    as 6, a die nobody typed on purpose."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise DiceError(
            f"no dice in {shown(text)}; type them in order, e.g. --dice 2,4,4,4,3,5.",
            it=f"nessun dado in {shown(text)}; scrivili in ordine, es. --dice 2,4,4,4,3,5.",
        )
    faces: list[int] = []
    for part in parts:
        if not part.isascii():
            raise DiceError(
                f"{shown(part)} in --dice {shown(text)} is not a face; type faces with the ASCII "
                "digits 1 to 6, e.g. 2,4,4.",
                it=f"{shown(part)} in --dice {shown(text)} non è una faccia; scrivi le facce con "
                "le cifre ASCII da 1 a 6, es. 2,4,4.",
            )
        try:
            faces.append(int(part))
        except ValueError:
            raise DiceError(
                f"{shown(part)} in --dice {shown(text)} is not a number; type faces 1 to 6, "
                "e.g. 2,4,4.",
                it=f"{shown(part)} in --dice {shown(text)} non è un numero; scrivi facce da 1 a "
                "6, es. 2,4,4.",
            ) from None
    return tuple(check_face(f) for f in faces)


def run_scripted(procedure: Callable[[DiceSource], T], values: Sequence[int]) -> T:
    """Run ``procedure`` on typed-in dice; if they run short, say how many more are needed.

    The shortfall depends on the missing dice themselves (a miss needs no saving roll), so the
    count is the least over every face the missing dice could show: "at least N more".
    """
    try:
        return procedure(ScriptedDice(values))
    except NotEnoughDice as short:
        needed: list[int] = []
        for pad in range(1, 7):
            padded = _PaddedDice(values, pad)
            try:
                procedure(padded)
            except NotEnoughDice:  # pragma: no cover - padding never runs out
                continue
            except DiceError:
                continue
            needed.append(padded.padding_used)
        more = min((n for n in needed if n > 0), default=1)
        raise NotEnoughDice(len(values), short.purpose, more) from None
