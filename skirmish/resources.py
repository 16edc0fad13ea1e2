"""Locate the data shipped with the package: rules tables, templates and scenarios.

In a wheel, ``templates/`` and ``scenarios/`` are installed inside the package (see
pyproject.toml ``force-include``); in a source checkout they sit at the repository root.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def rules_data_dir() -> Path:
    """The folder of the rulebook's tables (JSON files)."""
    return _PACKAGE / "rules" / "data"


@cache
def _shipped(name: str) -> Path:
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def templates_dir() -> Path:
    """The Jinja2 templates and CSS of the printed sheets."""
    return _shipped("templates")


def scenarios_dir() -> Path:
    """One data file per scenario of §10."""
    return _shipped("scenarios")
