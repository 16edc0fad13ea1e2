"""Names that look alike (Unicode TR39, issue #22): the confusable *skeleton* of a text.

``skeleton(s)`` is TR39 §4's: NFD, each character mapped by Unicode's confusables table (the
file vendored in ``skirmish/unicode/``, with its licence), NFD again. Two texts with the same
skeleton look the same to a reader, though their characters differ: ``"Earp"`` with a Cyrillic
``"Е"`` and ``"Earp"`` have one skeleton. ``campaign/naming.py`` compares names by it.

The table (about 6,300 lines) is read once, when a skeleton is first asked for.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "unicode" / "confusables.txt"


@cache
def _table() -> dict[str, str]:
    """Each source character of ``confusables.txt`` and the text it is confusable with."""
    mapping: dict[str, str] = {}
    for line in TABLE.read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, *_ = (field.strip() for field in data.split(";"))
        mapping[chr(int(source, 16))] = "".join(chr(int(cp, 16)) for cp in target.split())
    return mapping


def skeleton(text: str) -> str:
    """TR39 §4: ``NFD(text)``, each character replaced by its prototype, then NFD again."""
    table = _table()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def confusable(one: str, other: str) -> bool:
    """Whether ``one`` and ``other`` look the same (TR39: the same skeleton)."""
    return skeleton(one) == skeleton(other)
