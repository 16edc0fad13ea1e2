"""No module of the package over 800 lines (issue #20, item 7: rooms a newcomer can find).

A module that grows past the limit is split by noun, as ``rules/scenarios.py`` was into
``scenario_model``, ``scenario_fields``, ``scenario_file`` and ``scenario_map_file``. The lines
are counted from the source: nothing is imported to check it.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"

#: The most lines a module may have.
LIMIT = 800


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _too_long(limit: int = LIMIT) -> list[str]:
    return sorted(
        f"{path.relative_to(PACKAGE).as_posix()}: {count} lines"
        for path in PACKAGE.rglob("*.py")
        if (count := _lines(path)) > limit
    )


def test_no_module_is_over_the_limit() -> None:
    assert _too_long() == []


def test_the_check_can_fail() -> None:
    # At a limit of 100 lines some modules of the package are over it.
    assert _too_long(100) != []
