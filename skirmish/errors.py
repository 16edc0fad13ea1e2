"""The few named exceptions of skirmish (STYLE.md habit 4).

Every message quotes the user's input with ``{value!r}`` (``shown(value)`` where it may be
long) and says what to do next. The CLI turns any ``SkirmishError`` into one ``Error: …`` line
on stderr and a non-zero exit code.
"""

from __future__ import annotations

from collections.abc import Sequence

#: How much of a user's text an error message repeats (a 10,000-character name is not echoed).
SHOWN_LENGTH = 40


def shown(value: object, length: int = SHOWN_LENGTH) -> str:
    """``repr(value)`` for an error message, cut to about ``length`` characters with the total
    length said, so a huge input is never echoed whole (``skirmish.limits`` re-exports it)."""
    try:
        text = repr(value)
    except ValueError:  # an int with more digits than Python turns into text
        return "a number far too large"
    if len(text) <= length + 2:
        return text
    size = len(value) if isinstance(value, str | bytes) else len(text)
    quote = text[-1] if text[-1] in "'\"" else ""
    return f"{text[: length + 1]}…{quote} ({size:,} characters)"


class SkirmishError(Exception):
    """Base of every error a user can cause; its message is shown as one line."""

    exit_code: int = 1


class RulesError(SkirmishError):
    """The rules forbid what was asked (full cover, out of range, a terrified model acting…)."""


class UnknownNameError(RulesError):
    """A name that matches no entry of a table; the message lists the closest valid names."""

    def __init__(self, kind: str, value: str, suggestions: Sequence[str]) -> None:
        self.kind = kind
        self.value = value
        self.suggestions = tuple(suggestions)
        hint = (
            f"did you mean {', '.join(repr(s) for s in self.suggestions)}?"
            if self.suggestions
            else f"see 'skirmish rules' for the list of {kind} names."
        )
        super().__init__(f"unknown {kind} {shown(value)}: {hint}")


class DiceError(SkirmishError):
    """Dice typed in that cannot be used (not 1–6, or too few for the roll)."""


class NotEnoughDice(DiceError):
    """A scripted dice source ran out; carries how many were given and what the next die was for."""

    def __init__(self, given: int, purpose: str, more_needed: int | None = None) -> None:
        self.given = given
        self.purpose = purpose
        self.more_needed = more_needed
        more = f"at least {more_needed} more" if more_needed else "more"
        super().__init__(
            f"--dice gave {given} dice but this roll needs {more} "
            f"(the next one is for: {purpose}); add them in the order they were rolled."
        )


class CampaignError(SkirmishError):
    """A campaign action that the store or the rules refuse (budget, gang size, unknown gang…)."""


class StoreError(SkirmishError):
    """The database cannot be used (not a skirmish database, newer schema, unreachable)."""
