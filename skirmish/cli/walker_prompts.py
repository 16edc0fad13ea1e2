"""The walker's questions: every answer is checked as it is typed and asked again, with one
line that says what is wanted, until it is right; never a Python message.

``read_line`` is the one place a line is read (tests replace it): Ctrl-C raises
``KeyboardInterrupt`` and the end of the input (Ctrl-D) ``EOFError``, which the walker's loop
turns into "this action is cancelled" and "the walker is closed". A list to choose from is
numbered; a number, a name, a handle or a unique prefix of one (``rules.names.matching``) picks
an entry.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from skirmish.cli.safe import echo
from skirmish.cli.walker_text import say
from skirmish.engine.dice import parse_dice
from skirmish.errors import DiceError, shown
from skirmish.i18n import Lang
from skirmish.limits import Bound, Measure
from skirmish.rules.names import matching, normalize

T = TypeVar("T")

#: The answers that mean yes and no, in either language (``normalize``d: "sì" is "si").
YES = frozenset({"y", "yes", "s", "si"})
NO = frozenset({"n", "no"})


def read_line(prompt: str) -> str:
    """One line typed after ``prompt``, without its end of line. When the input is not a
    terminal (a script piped in) the answer is echoed, so the transcript reads as a dialogue."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        echo(answer)
    return answer


class Cancelled(Exception):
    """The player cancelled the action being asked (Ctrl-C, or "no" to "sure?")."""


@dataclass(frozen=True)
class Option(Generic[T]):
    """One entry of a numbered list: the value chosen, the line shown, the names a player may
    type for it (a model's name and handle, a word in both languages)."""

    value: T
    label: str
    names: tuple[str, ...]


class Asker:
    """The questions of one walker, in its language."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def say(self, key: str, **values: object) -> str:
        return say(key, self.lang, **values)

    def line(self, question: str) -> str:
        """The answer to ``question``, stripped."""
        return read_line(f"{question}: ").strip()

    def command(self, prompt: str) -> str:
        """What is typed at the menu's ``prompt``, stripped."""
        return read_line(f"{prompt} ").strip()

    def wrong(self, message: str) -> None:
        """Say what is wanted; the question is asked again."""
        echo(f"  {message}")

    # --------------------------------------------------------------------------- values

    def number(self, question: str, bound: Bound, *, low: int = 0) -> int:
        """A whole number from ``low`` to the bound's highest."""
        high = int(bound.high)
        while True:
            answer = self.line(question)
            if answer.isascii() and answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            self.wrong(self.say("number-range", low=low, high=high))

    def distance(self, question: str, bound: Measure) -> float | None:
        """A distance in U, or ``None`` for a blank answer."""
        while True:
            answer = self.line(question).replace(",", ".")
            if not answer:
                return None
            try:
                value = float(answer) if answer.isascii() else math.nan
            except ValueError:
                value = math.nan
            if bound.low <= value <= bound.high:  # NaN and infinities are never in range
                return value
            self.wrong(self.say("distance", high=f"{bound.high:g}"))

    def yes_no(self, question: str, *, default: bool = False) -> bool:
        """Yes or no in either language (y, yes, s, sì, si; n, no); blank: ``default``."""
        suffix = self.say("yes-no-suffix-yes" if default else "yes-no-suffix")
        while True:
            answer = normalize(self.line(f"{question} {suffix}"))
            if not answer:
                return default
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.wrong(self.say("yes-no"))

    def dice(self) -> str | None:
        """Dice as they were rolled at the table (checked: faces 1 to 6), or ``None``: the
        computer rolls them."""
        blank = self.say("blank-default", default=self.say("dice-random"))
        while True:
            answer = self.line(self.say("dice", blank=blank))
            if not answer:
                return None
            try:
                parse_dice(answer)
            except DiceError as exc:
                self.wrong(exc.text(self.lang))
                continue
            return answer

    # --------------------------------------------------------------------------- lists

    def show(self, options: Sequence[Option[T]]) -> None:
        width = len(str(len(options)))
        for number, option in enumerate(options, 1):
            echo(f"  {number:>{width}}  {option.label}")

    def pick(self, answer: str, options: Sequence[Option[T]]) -> Option[T] | None:
        """The option ``answer`` names (its number, a name or a unique prefix of one), or
        ``None`` after saying why not."""
        if not answer:
            self.wrong(self.say("empty-choice"))
            return None
        if answer.isascii() and answer.isdigit():
            if 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            self.wrong(self.say("number-range", low=1, high=len(options)))
            return None
        found = matching(answer, [(option, option.names) for option in options])
        if len(found) == 1:
            return found[0]
        if found:
            candidates = ", ".join(f"{options.index(o) + 1} {o.names[0]}" for o in found)
            self.wrong(self.say("ambiguous", answer=shown(answer), candidates=candidates))
        else:
            self.wrong(self.say("not-listed", answer=shown(answer)))
        return None

    def choose(self, question: str, options: Sequence[Option[T]]) -> T:
        """One of ``options``, shown as a numbered list."""
        self.show(options)
        while True:
            found = self.pick(self.line(question), options)
            if found is not None:
                return found.value

    def choose_or_none(self, question: str, options: Sequence[Option[T]]) -> T | None:
        """One of ``options``, or ``None`` for a blank answer."""
        self.show(options)
        while True:
            answer = self.line(question)
            if not answer:
                return None
            found = self.pick(answer, options)
            if found is not None:
                return found.value

    def choose_many(
        self, question: str, options: Sequence[Option[T]], *, listed: bool = True
    ) -> list[T]:
        """Any of ``options``, separated by commas (blank: none), each named once; the list is
        shown first, or (``listed=False``, a long list of rarely needed entries) when "?" is
        typed."""
        if listed:
            self.show(options)
        while True:
            answer = self.line(question)
            if answer == "?":
                self.show(options)
                continue
            picked: list[T] = []
            for part in (p.strip() for p in answer.split(",")):
                if not part:
                    continue
                found = self.pick(part, options)
                if found is None:
                    break
                if found.value not in picked:
                    picked.append(found.value)
            else:
                return picked
