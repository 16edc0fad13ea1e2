"""Reading a scenario file's ``[map]`` table (docs/scenarios.md, "The table map"): features,
deployment zones, objectives' placements, markers and dimension lines, each checked against
the table's size.
"""

from __future__ import annotations

from collections.abc import Sequence

from skirmish.rules.scenario_fields import Fields, built, got
from skirmish.rules.scenario_model import (
    Box,
    Dimension,
    Edge,
    Feature,
    FeatureKind,
    MapSide,
    Marker,
    Objective,
    Placement,
    Table,
    TableMap,
    Zone,
    ZoneKind,
)


def _box(f: Fields) -> Box | None:
    """The rectangle ``x``, ``y``, ``width``, ``depth`` of a map table."""
    x, y = f.number("x"), f.number("y")
    width, depth = f.number("width", minimum=1), f.number("depth", minimum=1)
    if x is None or y is None or width is None or depth is None:
        return None
    return Box(x, y, width, depth)


def _off_table(
    f: Fields,
    what: str,
    table: Table,
    box: Box | None = None,
    **points: tuple[float, float] | None,
) -> None:
    """Record a problem for a rectangle or a point that does not lie on the table."""
    if box is not None and not box.within(table):
        key = "x" if box.x < 0 or box.right > table.width else "y"
        f.problem(
            key,
            f"puts the {what} off the {table.size} table: it spans x {box.x:g} to "
            f"{box.right:g} and y {box.y:g} to {box.bottom:g}",
        )
    for key, point in points.items():
        if point is not None and (point[0] > table.width or point[1] > table.depth):
            f.problem(
                key,
                f"puts the {what} off the {table.size} table: [{point[0]:g}, {point[1]:g}] "
                f"is beyond [{table.width}, {table.depth}]",
            )


def _feature(f: Fields, table: Table | None) -> Feature | None:
    before = len(f.problems)
    ident, kind, name = f.string("id"), f.choice("kind", FeatureKind), f.text("name")
    box = _box(f)
    door = f.choice("door", Edge, required=False)
    f.finish()
    if door is not None and kind is not None and kind is not FeatureKind.BUILDING:
        f.problem("door", f"is for a building, and this is a {kind.value}")
    if table is not None and box is not None:
        _off_table(f, "feature", table, box)
    return built(
        f.problems, before, lambda: Feature(got(ident), got(kind), got(name), got(box), door)
    )


def _zone(f: Fields, table: Table | None) -> Zone | None:
    before = len(f.problems)
    side, kind = f.choice("side", MapSide), f.choice("kind", ZoneKind)
    label = f.text("label", required=False)
    label_at = f.point("label_at", required=False)
    edge = depth = box = around = distance = None
    inner: float | None = 0
    if kind in (ZoneKind.EDGE, ZoneKind.ENTRY):
        edge = f.choice("edge", Edge)
    if kind is ZoneKind.EDGE:
        depth = f.number("depth", minimum=1)
    elif kind is ZoneKind.RECT:
        box = _box(f)
    elif kind is ZoneKind.INSIDE:
        around = f.string("feature")
    elif kind in (ZoneKind.RING, ZoneKind.OUTSIDE):
        around = f.string("around")
        distance = f.number("distance", minimum=1)
        if kind is ZoneKind.RING:
            inner = f.number("inner", required=False)
            if inner is not None and distance is not None and inner >= distance:
                f.problem("inner", f"must be less than 'distance' ({distance:g}), not {inner:g}")
    f.finish()
    if table is not None:
        _off_table(f, "zone", table, box, label_at=label_at)
        if edge is not None and depth is not None:
            across = table.width if edge in (Edge.LEFT, Edge.RIGHT) else table.depth
            if depth * 2 > across:
                f.problem("depth", f"is {depth:g}U, more than half the table ({across}U across)")
    return built(
        f.problems,
        before,
        lambda: Zone(
            side=got(side),
            kind=got(kind),
            label=label,
            edge=edge,
            depth=depth,
            box=box,
            around=around,
            distance=distance,
            inner=inner or 0,
            label_at=label_at,
        ),
    )


def _marker(f: Fields, table: Table | None) -> Marker | None:
    before = len(f.problems)
    ident, side, name = f.string("id"), f.choice("side", MapSide), f.text("name")
    at = f.point("at")
    f.finish()
    if table is not None:
        _off_table(f, "marker", table, at=at)
    return built(f.problems, before, lambda: Marker(got(ident), got(side), got(name), got(at)))


def _placement(f: Fields, table: Table | None) -> Placement | None:
    before = len(f.problems)
    objective, at = f.string("objective"), f.point("at")
    f.finish()
    if table is not None:
        _off_table(f, "objective", table, at=at)
    return built(f.problems, before, lambda: Placement(got(objective), got(at)))


def _dimension(f: Fields, table: Table | None) -> Dimension | None:
    before = len(f.problems)
    start, end = f.point("from"), f.point("to")
    length = f.integer("length", minimum=1)
    f.finish()
    if table is not None:
        _off_table(f, "dimension line", table, None, **{"from": start, "to": end})
    if start is not None and end is not None and length is not None:
        apart = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
        if abs(apart - length) > 0.01:
            f.problem(
                "length",
                f"is {length} but 'from' and 'to' are {apart:.4g}U apart; the map is to scale",
            )
    return built(f.problems, before, lambda: Dimension(got(start), got(end), got(length)))


def read_table_map(
    f: Fields, table: Table | None, objectives: Sequence[Objective | None] | None
) -> TableMap | None:
    """The ``[map]`` table: every part read, then checked against the table, each other and
    the ``objectives`` (unless they could not be read: None)."""
    before = len(f.problems)
    features = [_feature(e, table) for e in f.tables("features")]
    zones = [_zone(e, table) for e in f.tables("zones", required=True)]
    placed = [_placement(e, table) for e in f.tables("objectives")]
    markers = [_marker(e, table) for e in f.tables("markers")]
    dimensions = [_dimension(e, table) for e in f.tables("dimensions")]
    f.finish()
    if len(f.problems) != before:
        return None
    table_map = TableMap(
        features=tuple(x for x in features if x),
        zones=tuple(x for x in zones if x),
        objectives=tuple(x for x in placed if x),
        markers=tuple(x for x in markers if x),
        dimensions=tuple(x for x in dimensions if x),
    )
    ids = [x.id for x in table_map.features] + [x.id for x in table_map.markers]
    ids += [o.id for o in objectives or () if o]
    for duplicate in sorted({i for i in ids if ids.count(i) > 1}):
        f.problem("features", f"uses the id {duplicate!r} twice (features, markers, objectives)")
    for index, zone in enumerate(table_map.zones):
        if zone.kind is ZoneKind.INSIDE:
            found = table_map.feature(zone.around or "")
            if found is None or found.kind is not FeatureKind.BUILDING:
                buildings = [x.id for x in table_map.features if x.kind is FeatureKind.BUILDING]
                f.problem(
                    f"zones[{index}].feature",
                    f"names {zone.around!r}, which is not a building of this map "
                    f"(buildings: {', '.join(repr(b) for b in buildings) or 'none'})",
                )
        elif zone.around is not None and table_map.anchor(zone.around) is None:
            f.problem(
                f"zones[{index}].around",
                f"names {zone.around!r}, which is no feature, objective or marker of this map "
                f"(known: {', '.join(repr(i) for i in ids) or 'none'})",
            )
    for side in (MapSide.GOOD, MapSide.BAD):
        if not any(z.side is side for z in table_map.zones):
            f.problem(
                "zones", f"gives the {side.value} side no zone; add one with side = '{side.value}'"
            )
    if objectives is None:
        return table_map if len(f.problems) == before else None
    known = {o.id: o for o in objectives if o}
    for index, placement in enumerate(table_map.objectives):
        if placement.objective not in known:
            f.problem(
                f"objectives[{index}].objective",
                f"names {placement.objective!r}, which is not an objective of this file "
                f"(objectives: {', '.join(repr(i) for i in known) or 'none'})",
            )
    for objective in known.values():
        count = sum(1 for p in table_map.objectives if p.objective == objective.id)
        if count != objective.count:
            f.problem(
                "objectives",
                f"places {objective.id!r} {count} {'time' if count == 1 else 'times'}; "
                f"the scenario has {objective.count}",
            )
    return table_map if len(f.problems) == before else None
