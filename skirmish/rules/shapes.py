"""The rules' entries as data (issue #11: the CLI's ``rules … --json`` and the web's rules browser
and ``/api/v1/rules`` show the same): which table an entry comes from, its fields as JSON-ready
values, and its rules text in one language."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from skirmish.i18n import Lang
from skirmish.rules.entries import (
    Action,
    Advance,
    Doctor,
    Invalidity,
    Movement,
    Protection,
    RecoveryResult,
    TableModifier,
)
from skirmish.rules.model import Faction, Item, Profile, Skill, Weapon

#: Each kind of entry and the word ``rules show --json`` gives it (``type``).
KINDS: tuple[tuple[type[Any], str], ...] = (
    (Faction, "faction"),
    (Profile, "profile"),
    (Weapon, "weapon"),
    (Item, "item"),
    (Skill, "skill"),
    (Advance, "advance"),
    (Action, "action"),
    (Movement, "movement"),
    (TableModifier, "modifier"),
    (Protection, "protection"),
    (RecoveryResult, "recovery"),
    (Invalidity, "invalidity"),
    (Doctor, "doctor"),
)


def kind_of(entry: Any) -> str:
    """The table an entry comes from: ``"weapon"``, ``"profile"``…"""
    for cls, kind in KINDS:
        if isinstance(entry, cls):
            return kind
    raise TypeError(f"not a rules entry: {entry!r}")


def to_json(entry: Any) -> dict[str, Any]:
    """An entry's fields as JSON-ready values (enums as strings, tuples as lists)."""
    names = entry._fields if _record(entry) else [f.name for f in dataclasses.fields(entry)]
    return {name: _plain(getattr(entry, name)) for name in names}


def _record(value: Any) -> bool:
    """Whether ``value`` is an entry that is a ``NamedTuple`` (``rules.model``'s), not a tuple
    of values."""
    return isinstance(value, tuple) and hasattr(value, "_fields")


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if _record(value):
        return to_json(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_json(value)
    return value


def rules_text(entry: Any, lang: Lang | str) -> str:
    """An entry's own rules text in ``lang``: its special rule, text or note, the first given."""
    for stem in ("special", "text", "note"):
        value = getattr(entry, f"{stem}_{lang}", None)  # the data's field in that language
        if isinstance(value, str) and value:
            return value
    return ""
