"""The bounds of everything a user or a file can give, declared once (issue #8).

Every number a command or an imported file can set has a documented range here, checked before
the database sees it; every name goes through ``clean_name``. The same limits serve the CLI, the
import validator and the table columns (``NAME_LENGTH`` is the columns' ``max_length``), so a
name the CLI refuses is never accepted by an import, and a number the database cannot hold never
reaches it. Pure Python: no database, no typer (the dice commands may import it).

The ranges (docs/campaign.md, "Bounds"):

=================  ===========  ================================================================
what               range        why
=================  ===========  ================================================================
a name             1–80 chars   campaign, gang and model names; no control characters, NUL or
                                lone surrogates
money ($)          0–1,000,000  a treasury, a price paid; far beyond any campaign
XP                 0–10,000     a model's experience; a change by ``member xp`` is within ±10,000
a characteristic   0–10         TIRO…FORTUNA after advances and injuries (the book caps at 4)
a count            0–100,000    games played, turns, the gang's game number of a failed purchase
``--last``         1–1,000,000  log entries to show
a seed             0–2**63−1    ``--seed``
a game number      1–2**31−1    ``--game``: a game's id (PostgreSQL's ``integer``)
a distance         0–1,000 U    ``--range`` (a table is a few dozen U across); finite
a password         8–1,024      characters of an account's password (issue #11)
invitation days    1–90         ``campaign invite --expires-days``
blank cards        0–9          ``print roster --blank``, a gang's saved print choice (issue #13)
a web address      1–200 chars  ``campaign address``: http(s), a host, no credentials (issue #13)
free text          0–200 chars  ``member xp --reason``; no control characters, NUL or surrogates
=================  ===========  ================================================================

Output is the other half: ``printable`` shows user text (names from an old database or an
import included) with control characters escaped, so nothing a user typed ever reaches the
terminal as an escape sequence.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

import math
import unicodedata
from typing import NamedTuple

from skirmish.errors import SHOWN_LENGTH as SHOWN_LENGTH
from skirmish.errors import SkirmishError
from skirmish.errors import shown as shown
from skirmish.i18n import Catalogue, messages
from skirmish.translation import N_, NP_, Message, Said, gettext

NAME_LENGTH = 80
#: A model's handle, the short name it answers to at the table (issue #10; the column's length).
HANDLE_LENGTH = 24
#: The longest free text (a reason for the log).
TEXT_LENGTH = 200
#: Unicode categories never accepted in a name, and escaped on output: controls (escape
#: sequences, NUL), format characters (bidi overrides), lone surrogates (invalid UTF-8 on the
#: command line), private-use and unassigned code points, line and paragraph separators.
_BAD_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


class Bound(NamedTuple):
    """A closed range of whole numbers for one kind of value, with the word used in errors."""

    what: str  # its English, the msgid of its word in the catalogue (an option as it is typed)
    low: int
    high: int

    def check(self, value: int, *, label: str | None = None) -> int:
        """``value`` if it lies in the range; otherwise a ``LimitError`` naming the range."""
        what = _said_what(self.what, label)
        if isinstance(value, bool) or not isinstance(value, int):
            raise LimitError(
                Message(
                    "{label_or_self_what} must be a whole number, not {value}.",
                    value=shown(value),
                    label_or_self_what=what,
                )
            )
        if not self.low <= value <= self.high:
            raise LimitError(
                Message(
                    "{label_or_self_what} must be between {low:,} and {high:,}; {value} is "
                    "out of range.",
                    low=self.low,
                    high=self.high,
                    value=shown(value),
                    label_or_self_what=what,
                )
            )
        return value


MONEY = Bound(N_("money ($)"), 0, 1_000_000)
XP = Bound(NP_("limits.XP", "XP"), 0, 10_000)
XP_CHANGE = Bound(N_("an XP change"), -10_000, 10_000)
CHARACTERISTIC = Bound(N_("a characteristic"), 0, 10)
COUNT = Bound(N_("a count"), 0, 100_000)
LAST = Bound("--last", 1, 1_000_000)
SEED = Bound("--seed", 0, 2**63 - 1)
GAME = Bound(N_("a game number"), 1, 2**31 - 1)
#: The log entry (or game event) an undo's confirmation showed (issue #20).
ENTRY = Bound(N_("an entry's number"), 1, 2**31 - 1)
REVISION = Bound(N_("a game's revision"), 0, 2**31 - 1)
#: How many days an invitation to a campaign stays good (issue #11, ``campaign invite``).
INVITE_DAYS = Bound("--expires-days", 1, 90)
#: A password's length in characters (issue #11): long enough to resist guessing, short enough
#: that hashing it costs nothing unusual.
PASSWORD_LENGTH = Bound(N_("a password's length"), 8, 1_024)
#: Blank cards or sheets added to a gang's printed roster or cards (issue #13): a page's worth,
#: for models hired at the table; a saved print choice keeps the same bound.
BLANK = Bound(N_("the number of blank cards"), 0, 9)
#: The longest web address of a campaign's web app (issue #13; the column's length).
WEB_ADDRESS_LENGTH = 200


class Measure(NamedTuple):
    """A closed range of finite decimal numbers (a distance), with the word used in errors."""

    what: str  # its English, the msgid of its word in the catalogue
    low: float
    high: float

    def check(self, value: float, *, label: str | None = None) -> float:
        """``value`` if it is finite and in the range; otherwise a ``LimitError``."""
        what = _said_what(self.what, label)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise LimitError(
                Message(
                    "{label_or_self_what} must be a number, not {value}.",
                    value=shown(value),
                    label_or_self_what=what,
                )
            )
        if not math.isfinite(value) or not self.low <= value <= self.high:
            raise LimitError(
                Message(
                    "{label_or_self_what} must be between {low:g} and {high:,g}; {value} "
                    "is out of range.",
                    low=self.low,
                    high=self.high,
                    value=shown(value),
                    label_or_self_what=what,
                )
            )
        return value


DISTANCE = Measure(N_("a distance (U)"), 0, 1_000)


class LimitError(SkirmishError):
    """A number or a name outside the bounds skirmish accepts (too long, out of range, control
    characters)."""


def _bad_position(text: str) -> tuple[str, int] | None:
    """The code (``U+001B``) and position of the first character that may not be in a name."""
    for position, char in enumerate(text, start=1):
        if unicodedata.category(char) in _BAD_CATEGORIES:
            if char in "\t\n\r":
                continue  # white space: folded to one space by clean_name
            return f"U+{ord(char):04X}", position
    return None


def bad_character(text: str) -> Message | None:
    """The first character that may not be in a name (control, NUL, lone surrogate,
    unassigned or private-use), described; ``None`` when the text is clean."""
    found = _bad_position(text)
    if found is None:
        return None
    code, position = found
    return Message(
        "the control or invalid character {code} at position {position}",
        code=code,
        position=position,
    )


#: The names ``clean_name`` checks, as its messages say them ("a gang name", "il nome di una
#: banda").
_NAME_OF = messages(
    {
        "campaign": NP_("limits.NAME_OF", "campaign"),
        "gang": NP_("limits.NAME_OF", "gang"),
        "model": NP_("limits.NAME_OF", "model"),
        "user": NP_("limits.NAME_OF", "user"),
    }
)
#: The free texts ``clean_text`` checks.
_TEXT_OF = messages({"the reason": NP_("limits.TEXT_OF", "the reason")})


def _said_what(what: str, label: str | None = None) -> str | Said:
    """A bound's word in the message's language (a front end's ``label`` as it is)."""
    if label:
        return label
    return Said(lambda lang: gettext(lang, what))


def _one_of(table: Catalogue, what: str) -> Said:
    """``what`` in the message's language through ``table`` (as it is when not there)."""
    return Said(lambda lang: table[lang].get(what, what))


def clean_name(name: str, what: str) -> str:
    """A campaign, gang or model name as stored: white space folded, at most ``NAME_LENGTH``
    characters, and no control character, NUL or lone surrogate; else a ``LimitError``."""
    of = _one_of(_NAME_OF, what)
    problem = bad_character(name)
    if problem is not None:
        raise LimitError(
            Message(
                "a {what} name may not contain {problem}; type it again.",
                what=of,
                problem=problem,
            )
        )
    cleaned = " ".join(name.split())
    if not cleaned:
        raise LimitError(Message("a {what} needs a name, not {name}.", name=shown(name), what=of))
    if len(cleaned) > NAME_LENGTH:
        raise LimitError(
            Message(
                "a {what} name has at most {name_length} characters; {name} is longer.",
                name_length=NAME_LENGTH,
                name=shown(name),
                what=of,
            )
        )
    return cleaned


def clean_handle(handle: str) -> str | None:
    """A model's handle as stored: like a name (``clean_name``), at most ``HANDLE_LENGTH``
    characters; an empty one is no handle (``None``)."""
    problem = bad_character(handle)
    if problem is not None:
        raise LimitError(
            Message(
                "a handle may not contain {problem}; type it again.",
                problem=problem,
            )
        )
    cleaned = " ".join(handle.split())
    if len(cleaned) > HANDLE_LENGTH:
        raise LimitError(
            Message(
                "a handle has at most {handle_length} characters; {handle} is longer.",
                handle_length=HANDLE_LENGTH,
                handle=shown(handle),
            )
        )
    return cleaned or None


def clean_text(text: str, what: str, length: int = TEXT_LENGTH) -> str:
    """Free text as stored (a reason for the log): white space folded, at most ``length``
    characters, no control character, NUL or lone surrogate; else a ``LimitError``."""
    said = _one_of(_TEXT_OF, what)
    problem = bad_character(text)
    if problem is not None:
        raise LimitError(
            Message(
                "{what} may not contain {problem}; type it again.",
                what=said,
                problem=problem,
            )
        )
    cleaned = " ".join(text.split())
    if len(cleaned) > length:
        raise LimitError(
            Message(
                "{what} has at most {length} characters; {text} is longer.",
                length=length,
                text=shown(text),
                what=said,
            )
        )
    return cleaned


def printable(text: str) -> str:
    """``text`` safe to write to a terminal: control characters (escape sequences, tabs and
    new lines included) and lone surrogates shown as ``\\x1b``-style escapes, everything else
    as it is."""
    if text.isprintable():  # the common case, checked in C
        return text
    out = []
    for char in text:
        if unicodedata.category(char) in _BAD_CATEGORIES:
            out.append(char.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(char)
    return "".join(out)
