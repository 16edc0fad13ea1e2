"""Output language: the book's Italian or English (``--lang it|en``).

Each renderer keeps its own small table of messages by key next to the code that uses it,
written once in English (``messages({"key": N_("…")})``) and looked up with ``tr``; their
Italian is in the gettext catalogue (``skirmish.translation``, issue #21). Names of table
entries come from the entries themselves (``name_it`` / ``name_en``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Any, Protocol

from skirmish.errors import SkirmishError
from skirmish.translation import Message, gettext


class Lang(StrEnum):
    """Languages of the output."""

    IT = "it"
    EN = "en"


Catalogue = Mapping[str, Mapping[str, str]]


class _Translated(Mapping[str, str]):
    """A table of messages in one language, each translated when first read."""

    def __init__(self, english: Mapping[str, str], lang: str) -> None:
        self._english = english
        self._lang = lang
        self._done: dict[str, str] = {}

    def __getitem__(self, key: str) -> str:
        if key not in self._done:
            self._done[key] = gettext(self._lang, self._english[key])
        return self._done[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._english)

    def __len__(self) -> int:
        return len(self._english)


class Messages(Mapping[str, Mapping[str, str]]):
    """A renderer's messages by key, written in English (each marked ``N_`` for the catalogue),
    read as ``{"en": {...}, "it": {...}}``: ``messages[lang][key]``."""

    def __init__(self, english: Mapping[str, str]) -> None:
        self._by_lang: dict[str, Mapping[str, str]] = {
            lang.value: _Translated(english, lang.value) for lang in Lang if lang is not Lang.EN
        }
        self._by_lang[Lang.EN.value] = english

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        return self._by_lang[str(lang)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_lang)

    def __len__(self) -> int:
        return len(self._by_lang)


def messages(english: Mapping[str, str]) -> Messages:
    """A table of messages by key, from their English (the msgids of the catalogue)."""
    return Messages(dict(english))


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
            Message(
                "{variable}={value!r} is not a language of skirmish: set it to one of {valid}, "
                "or leave it empty for English.",
                variable=LANG_VARIABLE,
                value=shown,
                valid=valid,
            )
        ) from None


def tr(catalogue: Catalogue, key: str, lang: Lang | str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English), formatted with ``values``."""
    table = catalogue.get(str(lang)) or catalogue["en"]
    template = table.get(key) or catalogue["en"][key]
    return template.format(**values) if values else template


def message(catalogue: Catalogue, key: str, **values: Any) -> Message:
    """The message ``key`` of a table (``messages``) to be said later in a language not known
    yet (an error's): its English is the catalogue's msgid."""
    return Message(catalogue["en"][key], **values)


def name(entry: _Bilingual, lang: Lang | str) -> str:
    """An entry's name in the output language."""
    return entry.name_it if str(lang) == Lang.IT else entry.name_en
