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
    """Base of every error a user can cause; its message is shown as one line.

    The message is given in English and, with ``it=``, in Italian: the CLI shows the one of the
    chosen language (``--lang``, ``SKIRMISH_LANG``), ``text(lang)``; ``str()`` is the English.
    Raise sites write both side by side, e.g.
    ``CampaignError(f"no gang {name!r}", it=f"nessuna banda {name!r}")``; a test checks that
    every message in the package has its Italian.
    """

    exit_code: int = 1

    def __init__(self, message: str = "", *, it: str | None = None) -> None:
        super().__init__(message)
        self.it = it

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``"it"`` or ``"en"``); English when it has no Italian."""
        if str(lang) == "it" and self.it:
            return self.it
        return str(self)


class RulesError(SkirmishError):
    """The rules forbid what was asked (full cover, out of range, a terrified model acting…)."""


class UnknownNameError(RulesError):
    """A name that matches no entry of a table; the message lists the closest valid names."""

    def __init__(self, kind: str, value: str, suggestions: Sequence[str]) -> None:
        self.kind = kind
        self.value = value
        self.suggestions = tuple(suggestions)
        names = ", ".join(repr(s) for s in self.suggestions)
        hint = (
            f"did you mean {names}?"
            if self.suggestions
            else f"see 'skirmish rules' for the list of {kind} names."
        )
        hint_it = (
            f"forse intendevi {names}?"
            if self.suggestions
            else f"vedi 'skirmish rules' per l'elenco dei nomi ({kind})."
        )
        super().__init__(
            f"unknown {kind} {shown(value)}: {hint}",
            it=f"{kind} sconosciuto {shown(value)}: {hint_it}",
        )


class DiceError(SkirmishError):
    """Dice typed in that cannot be used (not 1–6, or too few for the roll)."""


class NotEnoughDice(DiceError):
    """A scripted dice source ran out; carries how many were given and what the next die was for."""

    def __init__(self, given: int, purpose: str, more_needed: int | None = None) -> None:
        self.given = given
        self.purpose = purpose
        self.more_needed = more_needed
        more = f"at least {more_needed} more" if more_needed else "more"
        more_it = f"almeno altri {more_needed}" if more_needed else "altri dadi"
        super().__init__(
            f"--dice gave {given} dice but this roll needs {more} "
            f"(the next one is for: {purpose}); add them in the order they were rolled.",
            it=f"--dice ha dato {given} dadi ma questo tiro ne richiede {more_it} "
            f"(il prossimo serve per: {purpose}); aggiungili nell'ordine in cui sono stati tirati.",
        )


class CampaignError(SkirmishError):
    """A campaign action that the store or the rules refuse (budget, gang size, unknown gang…)."""


class StoreError(SkirmishError):
    """The database cannot be used (not a skirmish database, newer schema, unreachable)."""
