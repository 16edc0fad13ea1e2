"""Reading a scenario file's TOML tables strictly: ``Fields`` records every fault as a problem
(a missing or unknown field, a wrong type, a value out of range) instead of raising, so one
load reports them all in a ``ScenarioFileError``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from skirmish.errors import RulesError
from skirmish.rules.scenario_model import Text
from skirmish.translation import NP_, Message, NMessage

E = TypeVar("E", bound=StrEnum)


# --- reading the files ----------------------------------------------------------------------


class ScenarioFileError(RulesError):
    """A scenario file that cannot be used; ``problems`` lists every fault found in it."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        # The fault itself names the file's fields (TOML keys), which stay as written.
        super().__init__(
            NMessage(
                "{problem} (and {n} more)",
                "{problem} (and {n} more)",
                len(problems) - 1,
                problem=problems[0],
            )
            if len(problems) > 1
            else Message(NP_("a scenario file's fault", "{problem}"), problem=problems[0])
        )


MISSING = object()


class Fields:
    """One TOML table being read: each getter records a problem instead of raising."""

    def __init__(self, data: Mapping[str, Any], path: str, file: str, problems: list[str]) -> None:
        self.data = data
        self.path = path
        self.file = file
        self.problems = problems
        self.seen: set[str] = set()

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def problem(self, key: str, message: str) -> None:
        self.problems.append(f"{self.file}: field {self.name(key)!r} {message}")

    def raw(self, key: str, required: bool) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if required:
                self.problems.append(f"{self.file}: missing field {self.name(key)!r}")
            return MISSING
        return self.data[key]

    def string(self, key: str, *, required: bool = True) -> str | None:
        value = self.raw(key, required)
        if value is MISSING:
            return None
        if not isinstance(value, str):
            self.problem(key, f"must be a string, not {value!r}")
            return None
        if not value.strip():
            self.problem(key, "must not be empty")
            return None
        return value

    def integer(self, key: str, *, required: bool = True, minimum: int = 0) -> int | None:
        value = self.raw(key, required)
        if value is MISSING:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(key, f"must be an integer, not {value!r}")
            return None
        if value < minimum:
            self.problem(key, f"must be at least {minimum}, not {value!r}")
            return None
        return value

    def number(self, key: str, *, required: bool = True, minimum: float = 0) -> float | None:
        """An integer or a decimal number (U on the map), at least ``minimum``."""
        value = self.raw(key, required)
        if value is MISSING:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.problem(key, f"must be a number, not {value!r}")
            return None
        if value < minimum:
            self.problem(key, f"must be at least {minimum:g}, not {value!r}")
            return None
        return value

    def point(self, key: str, *, required: bool = True) -> tuple[float, float] | None:
        """A point of the map: ``[x, y]`` in U, both at least 0."""
        value = self.raw(key, required)
        if value is MISSING:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            self.problem(key, f"must be a point [x, y] of two numbers, not {value!r}")
            return None
        x, y = value
        if x < 0 or y < 0:
            self.problem(key, f"must not be negative, not {value!r}")
            return None
        return (x, y)

    def boolean(self, key: str, default: bool) -> bool:
        value = self.raw(key, False)
        if value is MISSING:
            return default
        if not isinstance(value, bool):
            self.problem(key, f"must be true or false, not {value!r}")
            return default
        return value

    def choice(self, key: str, enum: type[E], *, required: bool = True) -> E | None:
        value = self.raw(key, required)
        if value is MISSING:
            return None
        return self._member(key, value, enum)

    def _member(self, key: str, value: object, enum: type[E]) -> E | None:
        if isinstance(value, str) and value in {m.value for m in enum}:
            return enum(value)
        allowed = ", ".join(repr(m.value) for m in enum)
        self.problem(key, f"must be one of {allowed}, not {value!r}")
        return None

    def strings(self, key: str, *, required: bool = True) -> tuple[str, ...]:
        value = self.raw(key, required)
        if value is MISSING:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(key, f"must be a list of strings, not {value!r}")
            return ()
        return tuple(value)

    def choices(self, key: str, enum: type[E], *, required: bool = True) -> tuple[E, ...]:
        value = self.raw(key, required)
        if value is MISSING:
            return ()
        if not isinstance(value, list):
            self.problem(key, f"must be a list, not {value!r}")
            return ()
        found = [self._member(f"{key}[{i}]", v, enum) for i, v in enumerate(value)]
        members = [m for m in found if m is not None]
        if len(set(members)) != len(members):
            self.problem(key, f"lists a value twice: {value!r}")
        return tuple(members)

    def table(self, key: str, *, required: bool = True) -> Fields | None:
        value = self.raw(key, required)
        if value is MISSING:
            return None
        if not isinstance(value, dict):
            self.problem(key, f"must be a table, not {value!r}")
            return None
        return Fields(value, self.name(key), self.file, self.problems)

    def tables(self, key: str, *, required: bool = False) -> list[Fields]:
        value = self.raw(key, required)
        if value is MISSING:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(key, f"must be a list of tables, not {value!r}")
            return []
        return [
            Fields(v, f"{self.name(key)}[{i}]", self.file, self.problems)
            for i, v in enumerate(value)
        ]

    def text(self, key: str, *, required: bool = True) -> Text | None:
        fields = self.table(key, required=required)
        if fields is None:
            return None
        return fields.own_text()

    def own_text(self) -> Text | None:
        """This table read as a ``Text`` (keys ``it`` and ``en`` only)."""
        it, en = self.string("it"), self.string("en")
        self.finish()
        return Text(it, en) if it is not None and en is not None else None

    def finish(self) -> None:
        """Record every key that no getter asked for."""
        for key in self.data:
            if key in self.seen:
                continue
            close = difflib.get_close_matches(key, sorted(self.seen), n=1)
            hint = (
                f"did you mean {close[0]!r}?"
                if close
                else f"expected {', '.join(repr(k) for k in sorted(self.seen))}"
            )
            self.problems.append(f"{self.file}: unknown field {self.name(key)!r}; {hint}")


T = TypeVar("T")


def built(problems: list[str], before: int, build: Callable[[], T]) -> T | None:
    """Build a value only when reading its fields added no problem."""
    return build() if len(problems) == before else None


def got(value: T | None) -> T:
    """A required value read without a problem: by then it cannot be missing."""
    if value is None:
        raise AssertionError("a required scenario field was read as missing without a problem")
    return value
