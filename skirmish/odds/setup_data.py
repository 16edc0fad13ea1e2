"""A combat setup as plain JSON and back (issue #14): a game's shot or fight keeps the very
``ShootSetup`` or ``MeleeSetup`` it rolled in its event, so that the luck ledger can take the
exact odds of that action later (``odds.combat.shoot_odds``/``melee_odds``, the same as
``skirmish odds``), whatever has happened to the models since.

Only the fields that differ from the dataclass's default are written; weapons by their id,
skills as ``[id, choice]`` pairs, choices (``StrEnum``) by their value. ``setup_from`` reads it
back through the same constructors, so the engine's own checks run again and a setup that the
rules no longer accept is refused with a ``RulesError``.
"""

from __future__ import annotations

import types
import typing
from enum import StrEnum
from typing import Any, Union

from skirmish.engine.setup import MeleeSetup, ShootSetup, SkillTaken
from skirmish.errors import RulesError
from skirmish.rules import find_weapon
from skirmish.rules.model import Weapon
from skirmish.translation import Message

#: The kind written for each setup, and the class read back.
KINDS: dict[str, type[ShootSetup] | type[MeleeSetup]] = {"shoot": ShootSetup, "melee": MeleeSetup}


def setup_data(setup: ShootSetup | MeleeSetup) -> dict[str, Any]:
    """The setup as JSON: ``{"kind": "shoot", "attacker": {...}, "target": {...},
    "situation": {...}}``, each part with its fields that differ from the default."""
    kind = "shoot" if isinstance(setup, ShootSetup) else "melee"
    return {
        "kind": kind,
        "attacker": _part(setup.attacker),
        "target": _part(setup.target),
        "situation": _part(setup.situation),
    }


def _part(value: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    defaults = type(value)._field_defaults
    for name in value._fields:
        here = getattr(value, name)
        if name in defaults and here == defaults[name]:
            continue
        found[name] = _plain(here)
    return found


def _plain(value: Any) -> Any:
    if isinstance(value, Weapon):
        return value.id
    if isinstance(value, SkillTaken):
        return [value.id, value.choice]
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def setup_from(data: dict[str, Any]) -> ShootSetup | MeleeSetup:
    """The setup ``setup_data`` wrote, rebuilt through the engine's constructors."""
    cls = KINDS.get(str(data.get("kind")))
    if cls is None:
        raise RulesError(
            Message(
                "a recorded setup of kind {data_get_kind!r}: expected shoot or melee.",
                data_get_kind=data.get("kind"),
            )
        )
    hints = _hints(cls)
    parts = {name: _read(hints[name], data.get(name) or {}) for name in ("attacker", "target")}
    parts["situation"] = _read(hints["situation"], data.get("situation") or {})
    return cls(**parts)


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _read(cls: type, values: dict[str, Any]) -> Any:
    hints = _hints(cls)
    names = set(cls._fields)  # type: ignore[attr-defined]
    unknown = sorted(set(values) - names)
    if unknown:
        raise RulesError(
            Message(
                "a recorded {cls_name} has unknown fields {unknown}.",
                cls_name=cls.__name__,
                unknown=unknown,
            )
        )
    return cls(**{name: _typed(hints[name], value) for name, value in values.items()})


def _typed(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        choices = [a for a in typing.get_args(hint) if a is not type(None)]
        return _typed(choices[0], value) if len(choices) == 1 else value
    if origin is tuple:
        (inner, *_rest) = typing.get_args(hint)
        return tuple(_typed(inner, v) for v in value)
    if hint is Weapon:
        return find_weapon(str(value))
    if hint is SkillTaken:
        skill, choice = value
        return SkillTaken(str(skill), None if choice is None else str(choice))
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return hint(value)
    if hint is float:
        return float(value)
    return value
