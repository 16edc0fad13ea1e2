"""Output language: the book's Italian or English (``--lang it|en``).

Each renderer keeps its own small catalogue ``{"it": {...}, "en": {...}}`` next to the code that
uses it and looks messages up with ``tr``; names of table entries come from the entries
themselves (``name_it`` / ``name_en``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Protocol


class Lang(StrEnum):
    """Languages of the output."""

    IT = "it"
    EN = "en"


Catalogue = Mapping[str, Mapping[str, str]]


class _Bilingual(Protocol):
    @property
    def name_it(self) -> str: ...
    @property
    def name_en(self) -> str: ...


def default_lang() -> Lang:
    """``SKIRMISH_LANG`` if set to it/en, else English."""
    value = os.environ.get("SKIRMISH_LANG", "").strip().lower()
    return Lang.IT if value == "it" else Lang.EN


def tr(catalogue: Catalogue, key: str, lang: Lang | str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English), formatted with ``values``."""
    table = catalogue.get(str(lang)) or catalogue["en"]
    template = table.get(key) or catalogue["en"][key]
    return template.format(**values) if values else template


def name(entry: _Bilingual, lang: Lang | str) -> str:
    """An entry's name in the output language."""
    return entry.name_it if str(lang) == Lang.IT else entry.name_en
