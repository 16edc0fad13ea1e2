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

from skirmish.errors import SkirmishError


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


#: The environment variable that chooses the output language when ``--lang`` is not given.
LANG_VARIABLE = "SKIRMISH_LANG"


class LanguageError(SkirmishError):
    """``SKIRMISH_LANG`` names a language skirmish does not speak."""

    exit_code = 2  # a usage error, like an unknown --lang


def default_lang() -> Lang:
    """``SKIRMISH_LANG`` (``it`` or ``en``, any case), English when it is unset or empty; any
    other value raises ``LanguageError`` naming the valid ones (issue #10: a typo such as
    ``italian`` must not silently give English)."""
    raw = os.environ.get(LANG_VARIABLE, "")
    value = raw.strip().lower()
    if not value:
        return Lang.EN
    try:
        return Lang(value)
    except ValueError:
        shown = raw if len(raw) <= 40 else raw[:40] + "…"
        valid = ", ".join(repr(lang.value) for lang in Lang)
        raise LanguageError(
            f"{LANG_VARIABLE}={shown!r} is not a language of skirmish: set it to one of "
            f"{valid}, or leave it empty for English.",
            it=f"{LANG_VARIABLE}={shown!r} non è una lingua di skirmish: impostala a una tra "
            f"{valid}, o lasciala vuota per l'inglese.",
        ) from None


def tr(catalogue: Catalogue, key: str, lang: Lang | str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English), formatted with ``values``."""
    table = catalogue.get(str(lang)) or catalogue["en"]
    template = table.get(key) or catalogue["en"][key]
    return template.format(**values) if values else template


def name(entry: _Bilingual, lang: Lang | str) -> str:
    """An entry's name in the output language."""
    return entry.name_it if str(lang) == Lang.IT else entry.name_en
