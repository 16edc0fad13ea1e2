"""The table maps of the scenario files (issue #13): every shipped map is valid and to scale, and
a broken one is refused at load with an error naming its field (docs/scenarios.md)."""

from __future__ import annotations

import json
import math
import shutil
import tomllib
from pathlib import Path

import pytest

from skirmish.resources import scenarios_dir
from skirmish.rules.scenario_fields import ScenarioFileError
from skirmish.rules.scenario_model import Box, FeatureKind, MapSide, Scenario, ZoneKind
from skirmish.rules.scenarios import load_scenarios, map_data, scenarios, validate_scenarios


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the shipped scenarios, free to break."""
    target = tmp_path / "scenarios"
    target.mkdir()
    for path in scenarios_dir().glob("*.toml"):
        shutil.copy(path, target / path.name)
    return target


def problems_after(folder: Path, name: str, old: str, new: str) -> list[str]:
    path = folder / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {name}.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return validate_scenarios(folder)


def _on_table(scenario: Scenario, x: float, y: float) -> bool:
    return 0 <= x <= scenario.table.width and 0 <= y <= scenario.table.depth


@pytest.mark.parametrize("scenario", scenarios(), ids=lambda s: s.id)
def test_every_shipped_map_is_whole_and_on_its_table(scenario: Scenario) -> None:
    plan = scenario.map
    for side in (MapSide.GOOD, MapSide.BAD):
        assert any(zone.side is side for zone in plan.zones), side
    for objective in scenario.objectives:  # every objective where it starts, once per copy
        spots = [p for p in plan.objectives if p.objective == objective.id]
        assert len(spots) == objective.count
    for feature in plan.features:
        assert feature.box.within(scenario.table), feature.id
    for spot in [p.at for p in plan.objectives] + [m.at for m in plan.markers]:
        assert _on_table(scenario, *spot)
    for dimension in plan.dimensions:  # to scale: the ends are as far apart as the label says
        assert _on_table(scenario, *dimension.start) and _on_table(scenario, *dimension.end)
        span = math.dist(dimension.start, dimension.end)
        assert span == pytest.approx(dimension.length, abs=0.01)
    for zone in plan.zones:
        if zone.kind in (ZoneKind.RING, ZoneKind.OUTSIDE, ZoneKind.INSIDE):
            assert plan.anchor(zone.around or "") is not None
    assert any(d.field == "map" for d in scenario.decisions), "where the book gives no position"


def test_the_books_distances_are_on_the_maps() -> None:
    """The distances §10 gives, each drawn as a dimension line (or a zone) of its scenario."""
    lengths = {s.id: sorted(d.length for d in s.map.dimensions) for s in scenarios()}
    assert lengths["bank-robbery"] == [2, 5, 5, 10]  # 2U around the bank, 5U edges, 10U streets
    assert lengths["prisoner"] == [5, 5, 6]  # 6U streets, 5U from the street and the office
    assert lengths["kidnapping"] == [5, 5, 6]  # 6U from the house, 5U from the edges
    assert lengths["duel"] == [10, 10]  # leaders 10U apart, the 10U main street
    assert lengths["assassination"] == [5, 20]  # the escort 5U from the door, 20U from the bank
    assert lengths["the-witness"] == [5, 5]
    assert lengths["the-rally"] == [5, 5, 10, 15, 20]  # 15U, 5-10U, 20U sniper, 5U edge
    rally = {z.side: z for z in scenarios()[-1].map.zones if z.kind is ZoneKind.RING}
    assert (rally[MapSide.OTHER].inner, rally[MapSide.OTHER].distance) == (5, 10)
    assert rally[MapSide.GOOD].distance == 15 and rally[MapSide.GOOD].around == "politician"


def test_the_duel_leaders_stand_ten_u_apart_on_the_main_street() -> None:
    duel = next(s for s in scenarios() if s.id == "duel")
    leaders = {m.side: m.at for m in duel.map.markers}
    assert math.dist(leaders[MapSide.GOOD], leaders[MapSide.BAD]) == 10
    street = duel.map.feature("main-street")
    assert street is not None and street.kind is FeatureKind.STREET and street.box.depth == 10
    for _x, y in leaders.values():
        assert street.box.y <= y <= street.box.bottom


def test_show_json_gives_the_map_as_the_file_writes_it() -> None:
    for scenario in scenarios():
        written = tomllib.loads(Path(scenarios_dir(), f"{scenario.id}.toml").read_text("utf-8"))
        expected = written["map"]
        for zone in expected["zones"]:
            if zone["kind"] == "ring":
                zone.setdefault("inner", 0)
        shown = json.loads(json.dumps(map_data(scenario.map)))
        assert shown == {"objectives": [], "markers": [], "dimensions": [], **expected}, scenario.id


def test_an_unknown_zone_kind_is_named_with_the_kinds(folder: Path) -> None:
    (problem,) = problems_after(folder, "duel", 'kind = "entry"\nedge = "left"', 'kind = "moat"')
    assert problem == (
        "scenarios/duel.toml: field 'map.zones[0].kind' must be one of 'edge', 'entry', 'rect', "
        "'inside', 'ring', 'outside', not 'moat'"
    )


def test_a_zone_off_the_table_names_its_field(folder: Path) -> None:
    found = problems_after(
        folder,
        "duel",
        'kind = "entry"\nedge = "left"',
        'kind = "rect"\nx = 110\ny = 10\nwidth = 20\ndepth = 5',
    )
    assert found == [
        "scenarios/duel.toml: field 'map.zones[0].x' puts the zone off the 120x60 table: "
        "it spans x 110 to 130 and y 10 to 15"
    ]


def test_a_side_without_a_zone_is_named(folder: Path) -> None:
    found = problems_after(
        folder, "duel", 'side = "bad"\nkind = "entry"', 'side = "good"\nkind = "entry"'
    )
    assert found == [
        "scenarios/duel.toml: field 'map.zones' gives the bad side no zone; "
        "add one with side = 'bad'"
    ]


def test_a_missing_map_is_named(folder: Path) -> None:
    path = folder / "duel.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[[map.", "[[plan."), encoding="utf-8")
    found = validate_scenarios(folder)
    assert "scenarios/duel.toml: missing field 'map'" in found


def test_a_dimension_must_be_to_scale(folder: Path) -> None:
    found = problems_after(folder, "duel", "to = [65, 30]", "to = [66, 30]")
    assert found == [
        "scenarios/duel.toml: field 'map.dimensions[0].length' is 10 but 'from' and 'to' are "
        "11U apart; the map is to scale"
    ]


def test_a_ring_around_nothing_is_named(folder: Path) -> None:
    (problem,) = problems_after(folder, "bank-robbery", 'around = "bank"', 'around = "bnak"')
    assert problem.startswith(
        "scenarios/bank-robbery.toml: field 'map.zones[0].around' names 'bnak', which is no "
        "feature, objective or marker of this map (known: 'streets', 'bank', 'loot-sack')"
    )


def test_every_objective_is_placed_once_per_copy(folder: Path) -> None:
    second = '[[map.objectives]]\nobjective = "loot-sack"\nat = [65, 48]\n'
    assert problems_after(folder, "bank-robbery", second, "") == [
        "scenarios/bank-robbery.toml: field 'map.objectives' places 'loot-sack' 1 time; "
        "the scenario has 2"
    ]


def test_a_key_of_another_zone_kind_is_unknown(folder: Path) -> None:
    found = problems_after(folder, "duel", 'edge = "left"\n', 'edge = "left"\ndistance = 5\n')
    assert found == [
        "scenarios/duel.toml: unknown field 'map.zones[0].distance'; "
        "expected 'edge', 'kind', 'label', 'label_at', 'side'"
    ]


def test_an_inner_ring_must_be_inside_the_outer(folder: Path) -> None:
    (problem,) = problems_after(folder, "the-rally", "inner = 5", "inner = 12")
    assert problem == (
        "scenarios/the-rally.toml: field 'map.zones[1].inner' must be less than 'distance' (10), "
        "not 12"
    )


def test_a_broken_map_refuses_the_whole_folder_at_load(folder: Path) -> None:
    problems_after(folder, "duel", "to = [65, 30]", "to = [66, 30]")
    with pytest.raises(ScenarioFileError) as caught:
        load_scenarios(folder)
    assert "map.dimensions[0].length" in str(caught.value)
    assert "map.dimensions[0].length" in caught.value.text("it")


def test_a_box_is_within_a_table_edges_included() -> None:
    table = scenarios()[0].table
    assert Box(0, 0, table.width, table.depth).within(table)
    assert not Box(0.5, 0, table.width, 1).within(table)
