"""Finding table entries by name: Italian or English, any case, with or without accents.

A ``NameIndex`` is built once per table from each entry's id, Italian name, English name and
aliases. ``find`` raises ``UnknownNameError`` listing the nearest valid names.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Generic, Protocol, TypeVar

from skirmish.errors import RulesError, UnknownNameError, kind_it

_SEPARATORS = re.compile(r"[\s_'’`/.\-]+")


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


def normalize(name: str) -> str:
    """Fold case and accents and unify separators: ``"Sei Colpi"`` → ``"sei-colpi"``."""
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
                    f"{kind} id {entry.id!r} appears twice in the tables.",
                    it=f"l'id {entry.id!r} ({kind_it(kind)}) compare due volte nelle tabelle.",
                )
            self._entries[entry.id] = entry
        for entry in self._entries.values():
            for name in (entry.id, entry.name_it, entry.name_en, *entry.aliases):
                key = normalize(name)
                other = self._by_name.get(key)
                if other is not None and other.id != entry.id:
                    raise RulesError(
                        f"{kind} name {name!r} is ambiguous: {other.id!r} and {entry.id!r}.",
                        it=f"il nome {name!r} ({kind_it(kind)}) è ambiguo: {other.id!r} e "
                        f"{entry.id!r}.",
                    )
                self._by_name[key] = entry

    def __iter__(self) -> Iterator[N]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str) -> N | None:
        """The entry called ``name`` in either language, or ``None``."""
        return self._by_name.get(normalize(name))

    def find(self, name: str) -> N:
        """The entry called ``name``; an unknown name raises with the closest valid names."""
        found = self.get(name)
        if found is None:
            raise UnknownNameError(self.kind, name, self.nearest(name))
        return found

    def nearest(self, name: str, limit: int = 3) -> list[str]:
        """Display names (Italian / English) of the entries whose names are closest to ``name``."""
        key = normalize(name)
        close = difflib.get_close_matches(key, list(self._by_name), n=limit * 3, cutoff=0.5)
        if key:
            close += [k for k in self._by_name if key in k or (len(k) > 2 and k in key)]
        seen: list[str] = []
        for match in close:
            entry = self._by_name[match]
            label = entry.id
            if label not in seen:
                seen.append(label)
            if len(seen) == limit:
                break
        return seen
