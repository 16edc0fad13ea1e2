"""Finding table entries by name: Italian or English, any case, with or without accents.

A ``NameIndex`` is built once per table from each entry's id, Italian name, English name and
aliases. ``find`` raises ``UnknownNameError`` listing the nearest valid names.

The names players give (campaigns, gangs, models, handles) are matched as they are said at the
table (issue #10): ``matching`` takes a unique prefix or any whole words of a name, ignoring
case, accents and the kind of apostrophe; ``campaign.naming`` turns its answer into the
campaign's refusals.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from functools import lru_cache
from typing import Generic, Protocol, TypeVar

from skirmish.errors import RulesError, UnknownNameError
from skirmish.translation import Message, gettext

_SEPARATORS = re.compile(r"[\s_'’`/.\-]+")
#: A word of a player's name: letters and digits; anything else (spaces, apostrophes of any
#: kind, ``&``, hyphens, dots) only separates words.
_WORD = re.compile(r"[^\W_]+")


class Named(Protocol):
    """An entry that can be looked up by name."""

    @property
    def id(self) -> str: ...
    @property
    def name_it(self) -> str: ...
    @property
    def name_en(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...


N = TypeVar("N", bound=Named)


@lru_cache(maxsize=8192)
def normalize(name: str) -> str:
    """Fold case and accents and unify separators: ``"Sei Colpi"`` → ``"sei-colpi"``. Kept for
    the last 8,192 names: a page looks the same items and profiles up on every row (issue #23)."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub("-", plain.casefold()).strip("-")


class NameIndex(Generic[N]):
    """Every name of every entry of one table, normalized, pointing at its entry."""

    def __init__(self, kind: str, entries: Iterable[N]) -> None:
        self.kind = kind
        self._entries: dict[str, N] = {}
        self._by_name: dict[str, N] = {}
        for entry in entries:
            if entry.id in self._entries:
                raise RulesError(
                    Message(
                        "{kind} id {entry_id!r} appears twice in the tables.",
                        entry_id=entry.id,
                        kind=kind,  # a mistake in the rules data: said as declared
                    )
                )
            self._entries[entry.id] = entry
        for entry in self._entries.values():
            for name in (entry.id, entry.name_it, entry.name_en, *entry.aliases):
                key = normalize(name)
                other = self._by_name.get(key)
                if other is not None and other.id != entry.id:
                    raise RulesError(
                        Message(
                            "{kind} name {name!r} is ambiguous: {other_id!r} and {entry_id!r}.",
                            name=name,
                            other_id=other.id,
                            entry_id=entry.id,
                            kind=kind,  # a mistake in the rules data: said as declared
                        )
                    )
                self._by_name[key] = entry

    def __iter__(self) -> Iterator[N]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str) -> N | None:
        """The entry called ``name`` in either language, or ``None`` (an entry's own id, what
        the store keeps, is found at once: it normalizes to that entry or the index is refused)."""
        found = self._entries.get(name)
        return found if found is not None else self._by_name.get(normalize(name))

    def find(self, name: str) -> N:
        """The entry called ``name``; an unknown name raises with the closest valid names."""
        found = self.get(name)
        if found is None:
            raise UnknownNameError(
                self.kind, name, self.nearest(name), suggestions_it=self.nearest_it(name)
            )
        return found

    def nearest(self, name: str, limit: int = 3) -> list[str]:
        """Display names (Italian / English) of the entries whose names are closest to ``name``."""
        return [entry.id for entry in self._nearest(name, limit)]

    def nearest_it(self, name: str, limit: int = 3) -> list[str]:
        """The Italian names of the entries ``nearest`` gives, for an Italian error."""
        return [entry.name_it for entry in self._nearest(name, limit)]

    def _nearest(self, name: str, limit: int) -> list[N]:
        key = normalize(name)
        close = difflib.get_close_matches(key, list(self._by_name), n=limit * 3, cutoff=0.5)
        if key:
            close += [k for k in self._by_name if key in k or (len(k) > 2 and k in key)]
        seen: list[N] = []
        for match in close:
            entry = self._by_name[match]
            if all(entry.id != other.id for other in seen):
                seen.append(entry)
            if len(seen) == limit:
                break
        return seen


def words(name: str) -> tuple[str, ...]:
    """The words of a name, case and accents folded: ``"Ranch Sant’Antonio & Figli"`` →
    ``("ranch", "sant", "antonio", "figli")``."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return tuple(_WORD.findall(plain.casefold()))


def name_key(name: str) -> str:
    """What two names must share to be the same name at the table: their words (a name without
    a letter or digit, say ``"!!"``, is its folded text)."""
    found = words(name)
    return "-".join(found) if found else " ".join(name.split()).casefold()


class Fit(IntEnum):
    """How a typed name fits a name, best last: the precedence of ``matching``."""

    PREFIX = 1  # "Nic" → "Niccolò Bàrtoli", "Don Ett" → "Don Ettore Bàrtoli", "Bart" → "… Bàrtoli"
    WORDS = 2  # "Earp" → "Wyatt Earp", "Sant'Antonio" → "Ranch Sant’Antonio & Figli"
    EXACT = 3  # "niccolo bartoli" → "Niccolò Bàrtoli"


def fit(typed: str, name: str) -> Fit | None:
    """How ``typed`` names ``name``: the whole name (``EXACT``), a run of its whole words
    (``WORDS``), a run of its words of which the last is only begun (``PREFIX``), or not at
    all (``None``)."""
    said, full = words(typed), words(name)
    if not said or not full:
        return Fit.EXACT if name_key(typed) == name_key(name) else None
    if said == full:
        return Fit.EXACT
    size = len(said)
    runs = [full[start : start + size] for start in range(len(full) - size + 1)]
    if said in runs:
        return Fit.WORDS
    if any(run[:-1] == said[:-1] and run[-1].startswith(said[-1]) for run in runs):
        return Fit.PREFIX
    return None


T = TypeVar("T")


def matching(typed: str, candidates: Iterable[tuple[T, Sequence[str]]]) -> list[T]:
    """The candidates ``typed`` names best, each given with its names (a model's name and
    handle, say): every candidate of the best ``Fit`` any of them reaches, in their order.

    An exact name beats whole words, which beat a prefix: with "Billy" and "Billy the Kid",
    "Billy" is Billy; with "Ed Earp" and "Edward", "Ed" is Ed Earp and "Edw" is Edward. Among
    several exact matches (names stored before names were compared by their words alone, like
    "Billy" and "Billy!"), the one typed character for character, then with the same
    separators, wins. An empty list: nothing fits; more than one: ``typed`` is ambiguous."""
    best: Fit | None = None
    found: list[tuple[T, Sequence[str]]] = []
    for candidate, names in candidates:
        fits = [f for f in (fit(typed, name) for name in names if name) if f is not None]
        if not fits:
            continue
        top = max(fits)
        if best is None or top > best:
            best, found = top, []
        if top == best and all(candidate is not other for other, _ in found):
            found.append((candidate, names))
    if best is Fit.EXACT and len(found) > 1:
        for same in (lambda name: name == typed, lambda name: normalize(name) == normalize(typed)):
            closer = [(c, names) for c, names in found if any(same(n) for n in names)]
            if len(closer) == 1:
                return [closer[0][0]]
    return [candidate for candidate, _ in found]


#: A table of the book in a reference ("§5.3, tabella 6").
_TABLE = re.compile(r"\btabella (\d+)")


def section_said(section: str, lang: str) -> str:
    """A reference to the book ("§5.3, tabella 6", as the data cites it) in ``lang``: its tables
    named in that language ("table 6"); the paragraphs and the book's own headings stay."""
    return _TABLE.sub(lambda m: gettext(lang, "table {number}", number=m.group(1)), section)
