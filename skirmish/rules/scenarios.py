"""The scenarios of §10 as data: one TOML file each in ``scenarios/``, checked strictly at load.

``scenarios()`` reads them all, ``find_scenario("Il testimone")`` finds one by id, Italian or
English name or alias, and ``validate_scenarios()`` returns every problem of every file; here
too each scenario as JSON (``scenario_summary``, ``scenario_data``). The scenario's words and
values are in ``rules/scenario_model.py``, reading one file in ``rules/scenario_file.py``.
docs/scenarios.md describes the file format.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

from skirmish.errors import RulesError, UnknownNameError
from skirmish.resources import scenarios_dir
from skirmish.rules.names import NameIndex
from skirmish.rules.scenario_fields import ScenarioFileError
from skirmish.rules.scenario_file import read_scenario_file
from skirmish.rules.scenario_model import Scenario, TableMap, ZoneKind
from skirmish.rules.tables import find_profile  # the profiles load only when validating
from skirmish.translation import Message


def load_scenario(path: Path) -> Scenario:
    """One scenario file, checked strictly; any fault raises ``ScenarioFileError``."""
    problems: list[str] = []
    scenario = read_scenario_file(path, problems)
    if problems or scenario is None:
        raise ScenarioFileError(problems)
    return scenario


def _files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        raise RulesError(
            Message(
                "no scenario folder at {directory!r}; reinstall skirmish.", directory=str(directory)
            )
        )
    return sorted(directory.glob("*.toml"))


def _collect(directory: Path) -> tuple[list[Scenario], list[str]]:
    problems: list[str] = []
    found: list[Scenario] = []
    for path in _files(directory):
        scenario = read_scenario_file(path, problems)
        if scenario is not None:
            found.append(scenario)
    orders: dict[int, str] = {}
    for scenario in found:
        if scenario.order in orders:
            problems.append(
                f"{scenario.source}: field 'order' is {scenario.order}, "
                f"like {orders[scenario.order]}"
            )
        orders[scenario.order] = scenario.source
    try:
        NameIndex("scenario", found)
    except RulesError as exc:
        problems.append(f"{directory.name}/: {exc}")
    if not found and not problems:
        problems.append(f"{directory.name}/: holds no scenario file (*.toml)")
    return sorted(found, key=lambda s: s.order), problems


def load_scenarios(directory: Path | None = None) -> tuple[Scenario, ...]:
    """Every scenario of ``directory`` (default: the shipped ones), in the book's order."""
    found, problems = _collect(directory or scenarios_dir())
    if problems:
        raise ScenarioFileError(problems)
    return tuple(found)


def validate_scenarios(directory: Path | None = None) -> list[str]:
    """Every problem of every scenario file of ``directory``; empty when all is well.

    Beyond what loading checks, every ``profile`` must name a profile of the rules tables.
    """
    found, problems = _collect(directory or scenarios_dir())

    for scenario in found:
        named = [(f"objectives[{i}].profile", o.profile) for i, o in enumerate(scenario.objectives)]
        if scenario.civilians is not None:
            named.append(("civilians.profile", scenario.civilians.profile))
        for where, profile in named:
            if profile is None:
                continue
            try:
                find_profile(profile)
            except UnknownNameError as exc:
                problems.append(f"{scenario.source}: field {where!r} names no profile: {exc}")
    return problems


@cache
def _index(directory: Path) -> NameIndex[Scenario]:
    return NameIndex("scenario", load_scenarios(directory))


def scenario_index(directory: Path | None = None) -> NameIndex[Scenario]:
    """The scenarios by every name, read once per folder (the folder resolved once too: a
    live page asks for its scenario a few times, issue #23)."""
    return _index_at(directory or scenarios_dir())


@cache
def _index_at(directory: Path) -> NameIndex[Scenario]:
    return _index(directory.resolve())


def scenarios(directory: Path | None = None) -> tuple[Scenario, ...]:
    """Every scenario of §10, in the book's order."""
    return tuple(scenario_index(directory))


def find_scenario(name: str, directory: Path | None = None) -> Scenario:
    """The scenario called ``name`` (id, Italian or English name, alias; any case or accents).

    An unknown name raises ``UnknownNameError`` with the nearest ids, or with every id when
    none is near: there are only seven.
    """
    index = scenario_index(directory)
    found = index.get(name)
    if found is None:
        raise UnknownNameError(
            "scenario",
            name,
            index.nearest(name) or [s.id for s in index],
            suggestions_it=index.nearest_it(name) or [s.name_it for s in index],
        )
    return found


# --------------------------------------------------------------------------- as JSON


def scenario_summary(scenario: Scenario) -> dict[str, Any]:
    """One row of ``skirmish scenario list --json`` (and the web API's scenario list)."""
    return {
        "id": scenario.id,
        "number": scenario.number,
        "order": scenario.order,
        "name_it": scenario.name_it,
        "name_en": scenario.name_en,
        "aliases": list(scenario.aliases),
        "table": scenario.table.size,
        "turn_limit": scenario.turn_limit,
        "objectives": [{"id": o.id, "count": o.count} for o in scenario.objectives],
        "modifiers": [m.key for m in scenario.modifiers],
        "restrictions": [r.kind.value for r in scenario.restrictions],
        "civilians": scenario.civilians.count if scenario.civilians else 0,
    }


def scenario_data(scenario: Scenario) -> dict[str, Any]:
    """The whole scenario as ``scenario show --json`` prints it (field names as in its file)."""
    data = dataclasses.asdict(scenario)
    data["table"]["size"] = scenario.table.size
    data["map"] = map_data(scenario.map)
    data["victory_text"] = {
        side.value: dataclasses.asdict(text) for side, text in scenario.victory_text.items()
    }
    return data


def map_data(table_map: TableMap) -> dict[str, Any]:
    """The ``[map]`` table as its file writes it: ``x``/``y``/``width``/``depth`` beside the
    other keys, a dimension's ends as ``from`` and ``to``, keys left out where the file may omit
    them."""

    def flat(item: Any) -> dict[str, Any]:
        data = {k: v for k, v in dataclasses.asdict(item).items() if v is not None}
        box = data.pop("box", None)
        return {**data, **box} if box else data

    zones = [flat(z) for z in table_map.zones]
    for zone, entry in zip(table_map.zones, zones, strict=True):
        if zone.kind is not ZoneKind.RING:
            entry.pop("inner")
        if zone.kind is ZoneKind.INSIDE:
            entry["feature"] = entry.pop("around")
    return {
        "features": [flat(f) for f in table_map.features],
        "zones": zones,
        "objectives": [flat(p) for p in table_map.objectives],
        "markers": [flat(m) for m in table_map.markers],
        "dimensions": [
            {"from": d.start, "to": d.end, "length": d.length} for d in table_map.dimensions
        ],
    }
