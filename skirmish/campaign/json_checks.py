"""Checking a parsed JSON value against a shape declared as data (``campaign.document_shapes``
declares the export document's).

Each spec checks one JSON value at a JSON path (``$.gang.members[2].tiro``) and returns it as it
will be stored (names cleaned, unknown fields left out), or raises ``ShapeError`` with the path
and what is wrong, quoting values with ``limits.shown``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from skirmish.limits import Bound, LimitError, bad_character, clean_name, shown


class ShapeError(Exception):
    """A problem at one place of the document: its JSON path and what is wrong."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")


Around = Mapping[str, Any]
NOTHING: Around = {}


class Spec(Protocol):
    """A kind of JSON value: ``check`` returns ``value`` as it will be stored, or raises
    ``ShapeError`` at ``path``; ``around`` is the object being filled, with the fields checked
    before this one."""

    def check(self, value: Any, path: str, around: Around = NOTHING) -> Any: ...


def kind_of(value: Any) -> str:
    """A value as an error message shows it: short, never a whole document."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return shown(value)


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")


def key_path(path: str, key: Any) -> str:
    if isinstance(key, str) and _PLAIN_KEY.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{shown(key)}]"


def json_object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise ShapeError(path, f"expected an object, got {kind_of(value)}")
    duplicate = getattr(value, "duplicate", None)
    if duplicate is not None:
        raise ShapeError(path, f"the key {shown(duplicate)} appears twice")
    return value


def json_text(value: Any, path: str, length: int) -> str:
    if not isinstance(value, str):
        raise ShapeError(path, f"expected a text, got {kind_of(value)}")
    problem = bad_character(value)
    if problem is not None:
        raise ShapeError(path, f"the text may not contain {problem}")
    if len(value) > length:
        raise ShapeError(
            path, f"expected a text of at most {length} characters, got {shown(value)}"
        )
    return value


@dataclass(frozen=True)
class Whole:
    """A whole number within a ``Bound`` (never a bool, never a float)."""

    bound: Bound

    def check(self, value: Any, path: str, around: Around = NOTHING) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ShapeError(path, f"expected a whole number, got {kind_of(value)}")
        low, high = self.bound.low, self.bound.high
        if not low <= value <= high:
            raise ShapeError(path, f"expected a whole number {low:,}–{high:,}, got {shown(value)}")
        return value


@dataclass(frozen=True)
class Text:
    """Free text: bounded, no control characters or lone surrogates."""

    length: int
    empty: bool = False

    def check(self, value: Any, path: str, around: Around = NOTHING) -> str:
        text = json_text(value, path, self.length)
        if not self.empty and not text.strip():
            raise ShapeError(path, f"expected a non-empty text, got {kind_of(value)}")
        return text


@dataclass(frozen=True)
class Name:
    """A campaign, gang or model name as the CLI accepts it (``limits.clean_name``)."""

    what: str

    def check(self, value: Any, path: str, around: Around = NOTHING) -> str:
        if not isinstance(value, str):
            raise ShapeError(path, f"expected a {self.what} name, got {kind_of(value)}")
        problem = bad_character(value)
        if problem is not None:
            raise ShapeError(path, f"a {self.what} name may not contain {problem}")
        try:
            return clean_name(value, self.what)
        except LimitError as exc:
            raise ShapeError(path, str(exc).rstrip(".")) from None


@dataclass(frozen=True)
class OneOf:
    """One of a few words."""

    choices: tuple[str, ...]

    def check(self, value: Any, path: str, around: Around = NOTHING) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise ShapeError(
                path, f"expected one of {', '.join(self.choices)}, got {kind_of(value)}"
            )
        return value


@dataclass(frozen=True)
class Flag:
    """true or false."""

    def check(self, value: Any, path: str, around: Around = NOTHING) -> bool:
        if not isinstance(value, bool):
            raise ShapeError(path, f"expected true or false, got {kind_of(value)}")
        return value


@dataclass(frozen=True)
class Maybe:
    """null, or a value of ``spec``."""

    spec: Spec

    def check(self, value: Any, path: str, around: Around = NOTHING) -> Any:
        return None if value is None else self.spec.check(value, path, around)


@dataclass(frozen=True)
class ListOf:
    """A list of at most ``most`` values of ``item``."""

    item: Spec
    most: int

    def check(self, value: Any, path: str, around: Around = NOTHING) -> list[Any]:
        if not isinstance(value, list):
            raise ShapeError(path, f"expected a list, got {kind_of(value)}")
        if len(value) > self.most:
            raise ShapeError(path, f"expected at most {self.most:,} entries, got {len(value):,}")
        return [self.item.check(v, f"{path}[{n}]", NOTHING) for n, v in enumerate(value)]


@dataclass(frozen=True)
class TupleOf:
    """A list of exactly one value of each spec, in order."""

    items: tuple[Spec, ...]

    def check(self, value: Any, path: str, around: Around = NOTHING) -> list[Any]:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise ShapeError(
                path, f"expected a list of {len(self.items)} values, got {kind_of(value)}"
            )
        return [
            s.check(v, f"{path}[{n}]", NOTHING)
            for n, (s, v) in enumerate(zip(self.items, value, strict=True))
        ]


_ABSENT = object()


@dataclass(frozen=True)
class Opt:
    """A field that may be missing: then ``default`` (called if callable), or left out."""

    spec: Spec
    default: Any = _ABSENT


Fields = Mapping[str, "Spec | Opt"]


@dataclass(frozen=True)
class Shape:
    """An object with known fields, checked in order (a field's spec sees those before it);
    ``cases`` adds the fields of one variant chosen by an earlier field's value (``"*"``: any
    other value); ``rules`` then checks what concerns several fields. Unknown fields are left
    out."""

    fields: Fields
    cases: tuple[str, Mapping[str, Fields]] | None = None
    rules: Callable[[dict[str, Any], str], None] | None = None

    def check(self, value: Any, path: str, around: Around = NOTHING) -> dict[str, Any]:
        raw = json_object(value, path)
        out: dict[str, Any] = {}
        _fill(out, raw, self.fields, path)
        if self.cases is not None:
            key, variants = self.cases
            extra = variants.get(out[key], variants.get("*", {}))
            _fill(out, raw, extra, path)
        if self.rules is not None:
            self.rules(out, path)
        return out


def _fill(out: dict[str, Any], raw: Mapping[str, Any], fields: Fields, path: str) -> None:
    for key, spec in fields.items():
        if key not in raw:
            if not isinstance(spec, Opt):
                raise ShapeError(path, f"missing field {key!r}")
            if spec.default is not _ABSENT:
                out[key] = spec.default() if callable(spec.default) else spec.default
            continue
        check = spec.spec if isinstance(spec, Opt) else spec
        out[key] = check.check(raw[key], f"{path}.{key}", out)
