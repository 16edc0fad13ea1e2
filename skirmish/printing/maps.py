"""A scenario's table map as an inline SVG (issue #13): ``scenario_map(scenario, lang)``.

The map is drawn from the scenario's ``[map]`` data (docs/scenarios.md, "The table map") and
nothing else: the table to scale with a grid every 10U, the buildings, streets and places the
scenario names, each side's deployment zones, the objectives where they start, the models the
text places, and the book's distances as dimension lines labelled in U; a legend and a scale bar
beside or under it. It prints legibly in grey: each side has its own hatching, outline and
marker shape (good: ``/`` hatching, solid outline, circles; bad: ``\\`` hatching, dashed
outline, squares; others: dots, dotted outline, triangles), and every zone carries its words.

It is a pure function of the scenario and the language. Every text is escaped here; the result
is ``Markup``, which the templates' autoescape leaves alone. Text uses the sheets' one family,
"Skirmish Sans", so the PDF embeds the shipped faces and nothing else (docs/printing.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from skirmish.i18n import Catalogue, Lang, messages, name, tr
from skirmish.rules.scenario_model import (
    Box,
    Edge,
    Feature,
    FeatureKind,
    MapSide,
    Scenario,
    Zone,
    ZoneKind,
)
from skirmish.translation import N_

WORDS: Catalogue = messages(
    {
        "title": N_("Table map: {name}, {size} U"),
        "good": N_("good side"),
        "bad": N_("bad side"),
        "other": N_("others"),
        "first": N_("{side} (deploys first)"),
        "enter": N_("{side}: enters"),
        "objective": N_("objective"),
        "building": N_("building"),
        "street": N_("street"),
        "place": N_("open place"),
        "distance": N_("distance in U"),
        "grid": N_("grid every 10U"),
    }
)

#: The widest and tallest the table may be drawn, in mm (an A4 card's width inside its frame).
MAX_WIDTH_MM = 176.0
MAX_HEIGHT_MM = 100.0
#: A legend column needs this much room beside the table; else the legend goes under it.
LEGEND_COLUMN_MM = 40.0
#: Text sizes in points, whatever the scale.
FONT_PT = 7.0
SMALL_PT = 6.0
MM_PER_PT = 25.4 / 72
#: Average advance of a character of DejaVu Sans Condensed, in ems (for placing labels).
CHAR_EM = 0.52
BOLD_CHAR_EM = 0.58

#: Each side's colour, hatching angle, outline dashes and marker shape.
INK = {MapSide.GOOD: "#1f4e9c", MapSide.BAD: "#b3261e", MapSide.OTHER: "#6b5d00"}
DASHES = {MapSide.GOOD: "", MapSide.BAD: "1.2 0.6", MapSide.OTHER: "0.25 0.45"}
BUILDING_FILL = "#cfcfcf"
STREET_FILL = "#efe6d2"
STREET_INK = "#6b5a3a"
GRID_INK = "#c4c4c4"
#: An entry band along an edge, in U.
ENTRY_BAND = 1.5


def _n(value: float) -> str:
    """A coordinate as SVG wants it: short, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _w(key: str, lang: Lang | str, **values: object) -> str:
    return tr(WORDS, key, lang, **values)


@dataclass(frozen=True)
class _Scale:
    """Sizes in U for a map drawn ``mm_per_u`` mm to the U."""

    mm_per_u: float

    @property
    def em(self) -> float:
        return FONT_PT * MM_PER_PT / self.mm_per_u

    @property
    def small(self) -> float:
        return SMALL_PT * MM_PER_PT / self.mm_per_u

    def width(self, text: str, size: float, *, bold: bool = False) -> float:
        """The estimated width of ``text`` at ``size`` U."""
        return len(text) * size * (BOLD_CHAR_EM if bold else CHAR_EM)


class _Svg:
    """The elements of one map, appended in drawing order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: float,
        *,
        anchor: str = "middle",
        bold: bool = False,
        fill: str = "#111",
        rotate: float = 0,
        halo: bool = True,
        css_class: str = "",
    ) -> None:
        """``words`` (escaped) with its baseline at ``y``, under a white halo that keeps it
        legible over hatching and lines."""
        where = (
            f'transform="translate({_n(x)} {_n(y)}) rotate({_n(rotate)})" x="0" y="0"'
            if rotate
            else f'x="{_n(x)}" y="{_n(y)}"'
        )
        style = f'font-size="{_n(size)}" text-anchor="{anchor}"'
        if bold:
            style += ' font-weight="bold"'
        klass = f' class="{css_class}"' if css_class else ""
        shown = escape(words)
        if halo:
            self.add(
                f'<text {where} {style} fill="white" stroke="white" '
                f'stroke-width="{_n(size * 0.28)}" stroke-linejoin="round" '
                f'aria-hidden="true">{shown}</text>'
            )
        self.add(f'<text{klass} {where} {style} fill="{fill}">{shown}</text>')


def _rounded(box: Box, grow: float) -> str:
    """The path of ``box`` grown by ``grow`` U on every side with corners of radius ``grow``:
    every point within ``grow`` of the rectangle (a circle around a point)."""
    x, y = box.x - grow, box.y - grow
    w, h, r = box.width + 2 * grow, box.depth + 2 * grow, grow
    if r <= 0:
        return f"M{_n(x)} {_n(y)}H{_n(x + w)}V{_n(y + h)}H{_n(x)}Z"
    if box.width == 0 and box.depth == 0:
        cx, cy = box.x, box.y
        return (
            f"M{_n(cx - r)} {_n(cy)}A{_n(r)} {_n(r)} 0 1 0 {_n(cx + r)} {_n(cy)}"
            f"A{_n(r)} {_n(r)} 0 1 0 {_n(cx - r)} {_n(cy)}Z"
        )
    return (
        f"M{_n(x + r)} {_n(y)}H{_n(x + w - r)}A{_n(r)} {_n(r)} 0 0 1 {_n(x + w)} {_n(y + r)}"
        f"V{_n(y + h - r)}A{_n(r)} {_n(r)} 0 0 1 {_n(x + w - r)} {_n(y + h)}"
        f"H{_n(x + r)}A{_n(r)} {_n(r)} 0 0 1 {_n(x)} {_n(y + h - r)}"
        f"V{_n(y + r)}A{_n(r)} {_n(r)} 0 0 1 {_n(x + r)} {_n(y)}Z"
    )


def _anchor_box(scenario: Scenario, around: str) -> Box:
    """What a ring is drawn around, as a rectangle (a point is an empty one)."""
    found = scenario.map.anchor(around)
    if isinstance(found, Box):
        return found
    if found is None:  # load_scenario refuses such a file
        raise AssertionError(f"{scenario.id}: nothing called {around!r} on the map")
    return Box(found[0], found[1], 0, 0)


def _edge_box(scenario: Scenario, edge: Edge, depth: float) -> Box:
    width, length = scenario.table.width, scenario.table.depth
    return {
        Edge.LEFT: Box(0, 0, depth, length),
        Edge.RIGHT: Box(width - depth, 0, depth, length),
        Edge.TOP: Box(0, 0, width, depth),
        Edge.BOTTOM: Box(0, length - depth, width, depth),
    }[edge]


def _zone_path(scenario: Scenario, zone: Zone) -> str:
    """The outline of ``zone`` (even-odd: a ring's hole is a second subpath)."""
    if zone.kind in (ZoneKind.EDGE, ZoneKind.ENTRY):
        depth = zone.depth if zone.kind is ZoneKind.EDGE else ENTRY_BAND
        return _rounded(_edge_box(scenario, zone.edge or Edge.LEFT, depth or 0), 0)
    if zone.kind is ZoneKind.RECT and zone.box is not None:
        return _rounded(zone.box, 0)
    anchor = _anchor_box(scenario, zone.around or "")
    if zone.kind is ZoneKind.INSIDE:
        return _rounded(anchor, 0)
    distance = zone.distance or 0
    if zone.kind is ZoneKind.OUTSIDE:
        table = Box(0, 0, scenario.table.width, scenario.table.depth)
        return _rounded(table, 0) + _rounded(anchor, distance)
    hole = _rounded(anchor, zone.inner) if (zone.inner or anchor.width or anchor.depth) else ""
    return _rounded(anchor, distance) + hole


def _zone_words(zone: Zone, lang: Lang | str) -> str:
    if zone.label is not None:
        return zone.label.in_lang(lang)
    side = _w(zone.side.value, lang)
    return _w("enter", lang, side=side) if zone.kind is ZoneKind.ENTRY else side


def _zone_label_place(
    scenario: Scenario, zone: Zone, scale: _Scale, words: str
) -> tuple[float, float, float]:
    """Where a zone's words go: a point (the middle of the text) and a rotation."""
    width, depth = scenario.table.width, scenario.table.depth
    em = scale.em
    edge_turn = {Edge.LEFT: -90.0, Edge.RIGHT: 90.0}.get(zone.edge or Edge.TOP, 0.0)
    if zone.label_at is not None:  # where the data says, turned along a short edge's band
        return (*zone.label_at, edge_turn)
    if zone.kind in (ZoneKind.EDGE, ZoneKind.ENTRY):
        band = zone.depth if zone.kind is ZoneKind.EDGE else ENTRY_BAND + em
        inset = (band or 0) / 2 if zone.kind is ZoneKind.EDGE else ENTRY_BAND + em * 0.9
        return {
            Edge.LEFT: (inset, depth / 2, -90.0),
            Edge.RIGHT: (width - inset, depth / 2, 90.0),
            Edge.TOP: (width / 2, inset, 0.0),
            Edge.BOTTOM: (width / 2, depth - inset, 0.0),
        }[zone.edge or Edge.LEFT]
    if zone.kind is ZoneKind.RECT and zone.box is not None:
        return (*zone.box.centre, 0)
    if zone.kind is ZoneKind.OUTSIDE:
        return (scale.width(words, em, bold=True) / 2 + em, em * 1.2, 0)
    anchor = _anchor_box(scenario, zone.around or "")
    cx, cy = anchor.centre
    if zone.kind is ZoneKind.INSIDE:
        return (cx, cy + em * 0.9, 0)
    distance = zone.distance or 0
    band = distance - zone.inner if (zone.inner or anchor.width or anchor.depth) else distance
    if band >= em * 1.6:  # inside the band, above the anchor
        y = anchor.y - zone.inner - band / 2
    else:  # just outside the ring, above it (below it at the table's far edge)
        y = anchor.y - distance - em * 0.6
        if y < em:
            y = anchor.bottom + distance + em * 0.6
    return (cx, y, 0)


def _patterns(prefix: str, sides: Iterable[MapSide]) -> str:
    """One hatching per side: ``/`` for the good side, ``\\`` for the bad, dots for others."""
    found = []
    for side in sides:
        ident = f"{prefix}-{side.value}"
        ink = INK[side]
        if side is MapSide.OTHER:
            found.append(
                f'<pattern id="{ident}" patternUnits="userSpaceOnUse" width="1.6" height="1.6">'
                f'<circle cx="0.8" cy="0.8" r="0.3" fill="{ink}"/></pattern>'
            )
            continue
        angle = 45 if side is MapSide.GOOD else -45
        found.append(
            f'<pattern id="{ident}" patternUnits="userSpaceOnUse" width="1.8" height="1.8" '
            f'patternTransform="rotate({angle})">'
            f'<line x1="0" y1="0" x2="0" y2="1.8" stroke="{ink}" stroke-width="0.35"/></pattern>'
        )
    return "".join(found)


def _marker_shape(side: MapSide, x: float, y: float, size: float, css_class: str = "") -> str:
    """A model of ``side``: a circle (good), a square (bad) or a triangle (others)."""
    ink = INK[side]
    klass = f'class="{css_class}" ' if css_class else ""
    common = f'{klass}fill="{ink}" stroke="#111" stroke-width="{_n(size * 0.15)}"'
    if side is MapSide.GOOD:
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(size)}" {common}/>'
    if side is MapSide.BAD:
        s = size * 0.9
        return (
            f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" '
            f"{common}/>"
        )
    s = size * 1.15
    points = f"{_n(x)},{_n(y - s)} {_n(x + s)},{_n(y + s * 0.8)} {_n(x - s)},{_n(y + s * 0.8)}"
    return f'<polygon points="{points}" {common}/>'


def _line(x1: float, y1: float, x2: float, y2: float, width: float = 0.18) -> str:
    """A black line from (x1, y1) to (x2, y2)."""
    return (
        f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
        f'stroke="#111" stroke-width="{_n(width)}"/>'
    )


def _objective_shape(x: float, y: float, size: float, css_class: str = "") -> str:
    """An objective: a black diamond."""
    points = (
        f"{_n(x)},{_n(y - size)} {_n(x + size)},{_n(y)} "
        f"{_n(x)},{_n(y + size)} {_n(x - size)},{_n(y)}"
    )
    klass = f' class="{css_class}"' if css_class else ""
    return (
        f'<polygon{klass} points="{points}" fill="#111" stroke="white" '
        f'stroke-width="{_n(size * 0.18)}"/>'
    )


def _wrapped(words: str, width: float, size: float, scale: _Scale) -> list[str]:
    """``words`` in lines no wider than ``width`` (a word longer than that gets its own line)."""
    lines: list[str] = []
    for word in words.split():
        if lines and scale.width(f"{lines[-1]} {word}", size, bold=True) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _feature(svg: _Svg, feature: Feature, lang: Lang | str, scale: _Scale) -> None:
    """A building, street or place, with its name."""
    box, words = feature.box, feature.name.in_lang(lang)
    rect = f'x="{_n(box.x)}" y="{_n(box.y)}" width="{_n(box.width)}" height="{_n(box.depth)}"'
    if feature.kind is FeatureKind.STREET:
        svg.add(f'<rect class="street" {rect} fill="{STREET_FILL}"/>')
        kerb = f'stroke="{STREET_INK}" stroke-width="0.15" stroke-dasharray="1 0.7" fill="none"'
        svg.add(f"<rect {rect} {kerb}/>")
        size = scale.small
        if box.width >= 2 * box.depth:  # along the table
            x = box.x + min(box.width * 0.2, box.width / 2)
            svg.text(x, box.y + box.depth / 2 + size * 0.35, words, size, fill=STREET_INK)
        elif box.depth >= 2 * box.width:
            y = box.y + box.depth * 0.6
            x = box.x + box.width / 2 + size * 0.35
            svg.text(x, y, words, size, fill=STREET_INK, rotate=-90)
        else:
            svg.text(box.centre[0], box.y + size * 1.3, words, size, fill=STREET_INK)
        return
    if feature.kind is FeatureKind.PLACE:
        svg.add(f'<rect class="place" {rect} fill="white" stroke="#111" stroke-width="0.5"/>')
        svg.text(box.centre[0], box.y - scale.small * 0.5, words, scale.small, bold=True)
        return
    svg.add(
        f'<rect class="building" {rect} fill="{BUILDING_FILL}" stroke="#111" stroke-width="0.3"/>'
    )
    if feature.door is not None:
        svg.add(_door(box, feature.door))
    size = scale.small
    lines = _wrapped(words, box.width - 1, size, scale)
    widest = max(scale.width(line, size, bold=True) for line in lines)
    if widest > box.width - 0.6:
        size *= max(0.75, (box.width - 0.6) / widest)
    top = box.centre[1] - (len(lines) - 1) * size * 0.55 - size * 0.6
    for index, line in enumerate(lines):
        svg.text(box.centre[0], top + index * size * 1.1, line, size, bold=True, halo=False)


def _door(box: Box, edge: Edge) -> str:
    """A door: a gap in the wall, 3U wide, in the middle of ``edge``."""
    half = 1.5
    cx, cy = box.centre
    x1, y1, x2, y2 = {
        Edge.TOP: (cx - half, box.y, cx + half, box.y),
        Edge.BOTTOM: (cx - half, box.bottom, cx + half, box.bottom),
        Edge.LEFT: (box.x, cy - half, box.x, cy + half),
        Edge.RIGHT: (box.right, cy - half, box.right, cy + half),
    }[edge]
    return (
        f'<line class="door" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
        f'stroke="white" stroke-width="0.7"/>'
    )


def _dimension(
    svg: _Svg, start: tuple[float, float], end: tuple[float, float], length: int, scale: _Scale
) -> None:
    """A dimension line with ticks and arrowheads at its ends and its length in U beside it."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    span = math.hypot(dx, dy)
    ux, uy = dx / span, dy / span
    nx, ny = uy, -ux  # to the left of the direction of travel (above a line drawn rightwards)
    tick = 0.9
    parts = [
        f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
        'stroke="#111" stroke-width="0.18"/>'
    ]
    for px, py in (start, end):
        parts.append(_line(px - nx * tick, py - ny * tick, px + nx * tick, py + ny * tick))
    head, wide = min(1.0, span / 4), 0.45
    for (px, py), (sx, sy) in (((x1, y1), (ux, uy)), ((x2, y2), (-ux, -uy))):
        bx, by = px + sx * head, py + sy * head
        parts.append(
            f'<polygon points="{_n(px)},{_n(py)} {_n(bx + nx * wide)},{_n(by + ny * wide)} '
            f'{_n(bx - nx * wide)},{_n(by - ny * wide)}" fill="#111"/>'
        )
    svg.add(f'<g class="dimension">{"".join(parts)}</g>')
    words = f"{length}U"
    size = scale.small
    half_width = scale.width(words, size, bold=True) / 2
    gap = abs(nx) * (half_width + 0.5) + abs(ny) * (size * 0.5 + 0.5)
    mx, my = (x1 + x2) / 2 + nx * gap, (y1 + y2) / 2 + ny * gap
    svg.text(mx, my + size * 0.35, words, size, bold=True, css_class="distance")


def _legend_items(scenario: Scenario, lang: Lang | str) -> list[tuple[str, str]]:
    """(kind of swatch, words) in the order the legend shows them."""
    sides = {z.side for z in scenario.map.zones} | {m.side for m in scenario.map.markers}
    first = scenario.deployment.first
    items = []
    for side in MapSide:
        if side not in sides:
            continue
        words = _w(side.value, lang)
        if first is not None and side.value == first.value:
            words = _w("first", lang, side=words)
        items.append((f"side-{side.value}", words))
    if scenario.map.objectives:
        items.append(("objective", _w("objective", lang)))
    for kind in FeatureKind:
        if any(f.kind is kind for f in scenario.map.features):
            items.append((f"feature-{kind.value}", _w(kind.value, lang)))
    if scenario.map.dimensions:
        items.append(("dimension", _w("distance", lang)))
    items.append(("scale", _w("grid", lang)))
    return items


def _swatch(kind: str, x: float, y: float, size: float, prefix: str) -> str:
    """The legend's picture of ``kind``, ``size`` U high, its top-left corner at (x, y)."""
    w = size * 1.8
    box = f'x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(size)}"'
    if kind.startswith("side-"):
        side = MapSide(kind.removeprefix("side-"))
        dash = f' stroke-dasharray="{DASHES[side]}"' if DASHES[side] else ""
        return (
            f'<rect {box} fill="url(#{prefix}-{side.value})" stroke="{INK[side]}" '
            f'stroke-width="0.3"{dash}/>'
            + _marker_shape(side, x + w + size * 0.7, y + size / 2, size * 0.4)
        )
    if kind == "objective":
        return _objective_shape(x + w / 2, y + size / 2, size * 0.5)
    if kind == "feature-building":
        return f'<rect {box} fill="{BUILDING_FILL}" stroke="#111" stroke-width="0.3"/>'
    if kind == "feature-street":
        return (
            f'<rect {box} fill="{STREET_FILL}" stroke="{STREET_INK}" stroke-width="0.15" '
            'stroke-dasharray="1 0.7"/>'
        )
    if kind == "feature-place":
        return f'<rect {box} fill="white" stroke="#111" stroke-width="0.5"/>'
    if kind == "dimension":
        mid = y + size / 2
        return (
            _line(x, mid, x + w, mid) + _line(x, y, x, y + size) + _line(x + w, y, x + w, y + size)
        )
    return ""  # the scale bar is drawn by _scale_bar


def _scale_bar(svg: _Svg, x: float, y: float, size: float, scale: _Scale) -> float:
    """A bar of two 10U segments, black and white, labelled 0, 10 and 20U; returns its width."""
    for index in range(2):
        fill = "#111" if index == 0 else "white"
        svg.add(
            f'<rect x="{_n(x + index * 10)}" y="{_n(y + size * 0.55)}" width="10" '
            f'height="{_n(size * 0.45)}" fill="{fill}" stroke="#111" stroke-width="0.2"/>'
        )
    for index, words in enumerate(("0", "10", "20U")):
        svg.text(x + index * 10, y + size * 0.4, words, scale.small, halo=False)
    return 20.0


def _legend(
    svg: _Svg,
    items: Sequence[tuple[str, str]],
    x: float,
    y: float,
    width: float,
    scale: _Scale,
    prefix: str,
    *,
    column: bool,
) -> float:
    """The legend from (x, y): one item a line in a column, or rows as wide as ``width``;
    returns the height it took."""
    size = scale.em
    line = size * 1.9
    cx, cy = x, y
    for kind, words in items:
        swatch_w = size * 1.8 + (size * 1.2 if kind.startswith("side-") else 0)
        if kind == "scale":
            swatch_w = 20.0 + scale.width("20U", scale.small) / 2 + size * 0.4
        item_w = swatch_w + size * 0.6 + scale.width(words, size) + size * 1.6
        if not column and cx > x and cx + item_w > x + width:
            cx, cy = x, cy + line
        if kind == "scale":
            _scale_bar(svg, cx, cy, size, scale)
            if column:  # its words under the bar: a column is too narrow for both
                cy += line
                swatch_w = 0
        else:
            svg.add(_swatch(kind, cx, cy, size, prefix))
        svg.text(
            cx + swatch_w + size * 0.6, cy + size * 0.8, words, size, anchor="start", halo=False
        )
        if column:
            cy += line
        else:
            cx += item_w
    return (cy - y) + (0 if column else line)


def scenario_map(scenario: Scenario, lang: Lang | str = Lang.IT) -> Markup:
    """The table map of ``scenario`` as an inline ``<svg>`` (no XML declaration), to scale,
    with a legend; every word in ``lang`` and escaped."""
    table, plan = scenario.table, scenario.map
    width, depth = table.width, table.depth
    scale = _Scale(min(MAX_WIDTH_MM / width, MAX_HEIGHT_MM / depth))
    em = scale.em
    prefix = f"map-{scenario.id}"
    margin = 0.6
    items = _legend_items(scenario, lang)
    column = MAX_WIDTH_MM - width * scale.mm_per_u >= LEGEND_COLUMN_MM
    svg = _Svg()

    # The table, its grid, and what stands on it.
    svg.add(f'<rect class="table" x="0" y="0" width="{width}" height="{depth}" fill="white"/>')
    grid = [f'<line x1="{x}" y1="0" x2="{x}" y2="{depth}"/>' for x in range(10, width, 10)]
    grid += [f'<line x1="0" y1="{y}" x2="{width}" y2="{y}"/>' for y in range(10, depth, 10)]
    svg.add(f'<g class="grid" stroke="{GRID_INK}" stroke-width="0.12">{"".join(grid)}</g>')
    for kind in (FeatureKind.STREET, FeatureKind.PLACE, FeatureKind.BUILDING):
        for feature in plan.features:
            if feature.kind is kind:
                _feature(svg, feature, lang, scale)

    # The zones, cut at the table's edges, then their words.
    zones = []
    for zone in plan.zones:
        dash = f' stroke-dasharray="{DASHES[zone.side]}"' if DASHES[zone.side] else ""
        zones.append(
            f'<path class="zone zone-{zone.side.value}" fill-rule="evenodd" '
            f'd="{_zone_path(scenario, zone)}" fill="url(#{prefix}-{zone.side.value})" '
            f'stroke="{INK[zone.side]}" stroke-width="0.3"{dash}/>'
        )
        if zone.kind is ZoneKind.ENTRY:
            zones.append(_entry_arrows(scenario, zone))
    svg.add(f'<g class="zones" clip-path="url(#{prefix}-clip)">{"".join(zones)}</g>')
    svg.add(
        f'<rect class="table-edge" x="0" y="0" width="{width}" height="{depth}" fill="none" '
        'stroke="#111" stroke-width="0.45"/>'
    )
    for dimension in plan.dimensions:
        _dimension(svg, dimension.start, dimension.end, dimension.length, scale)
    for zone in plan.zones:
        words = _zone_words(zone, lang)
        x, y, rotate = _zone_label_place(scenario, zone, scale, words)
        svg.text(
            x,
            y + em * 0.35,
            words,
            em,
            bold=True,
            fill=INK[zone.side],
            rotate=rotate,
            css_class="zone-label",
        )

    # Objectives and models, with their names.
    shown: set[str] = set()
    for placement in plan.objectives:
        svg.add(_objective_shape(*placement.at, size=1.1, css_class="objective-mark"))
    for placement in plan.objectives:
        if placement.objective in shown:
            continue
        shown.add(placement.objective)
        objective = scenario.objective(placement.objective)
        spots = [p.at for p in plan.objectives if p.objective == placement.objective]
        words = name(objective, lang)
        if objective.count > 1:
            words = f"{objective.count} × {words}"
        half = scale.width(words, scale.small, bold=True) / 2 + 0.5
        x = min(max(sum(p[0] for p in spots) / len(spots), half), width - half)
        y = max(p[1] for p in spots) + 1.1 + scale.small * 0.95
        svg.text(x, y, words, scale.small, bold=True, css_class="objective")
    for marker in plan.markers:
        svg.add(_marker_shape(marker.side, *marker.at, size=1.1, css_class="marker-mark"))
        words = marker.name.in_lang(lang)
        text_w = scale.width(words, scale.small, bold=True)
        mx, my = marker.at
        left = (
            mx > width / 2
            and mx + 1.6 + text_w > width
            or (mx <= width / 2 and mx - 1.6 - text_w >= 0)
        )
        svg.text(
            mx - 1.6 if left else mx + 1.6,
            my + scale.small * 0.35,
            words,
            scale.small,
            anchor="end" if left else "start",
            bold=True,
            css_class="marker",
        )

    # The legend, beside the table or under it.
    if column:
        legend_x, legend_y = width + em * 1.5, 0.0
        legend_h = _legend(svg, items, legend_x, legend_y, 0, scale, prefix, column=True)
        total_w = MAX_WIDTH_MM / scale.mm_per_u
        total_h = max(depth, legend_h)
    else:
        legend_x, legend_y = 0.0, depth + em * 1.2
        legend_h = _legend(svg, items, legend_x, legend_y, width, scale, prefix, column=False)
        total_w = width
        total_h = legend_y + legend_h
    sides = {z.side for z in plan.zones} | {m.side for m in plan.markers}
    defs = (
        f"<defs>{_patterns(prefix, [s for s in MapSide if s in sides])}"
        f'<clipPath id="{prefix}-clip"><rect x="0" y="0" width="{width}" height="{depth}"/>'
        "</clipPath></defs>"
    )
    title = _w("title", lang, name=name(scenario, lang), size=table.size)
    view = f"{_n(-margin)} {_n(-margin)} {_n(total_w + 2 * margin)} {_n(total_h + 2 * margin)}"
    size_mm = (
        f'width="{_n((total_w + 2 * margin) * scale.mm_per_u)}mm" '
        f'height="{_n((total_h + 2 * margin) * scale.mm_per_u)}mm"'
    )
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="scenario-map" viewBox="{view}" '
        f'{size_mm} font-family="Skirmish Sans" role="img" '
        f'data-table="{width}x{depth}"><title>{escape(title)}</title>{defs}'
        f"{''.join(svg.parts)}</svg>"
    )


def _entry_arrows(scenario: Scenario, zone: Zone) -> str:
    """Three arrowheads along an entry edge, pointing into the table."""
    width, depth = scenario.table.width, scenario.table.depth
    ink = INK[zone.side]
    edge = zone.edge or Edge.LEFT
    along = depth if edge in (Edge.LEFT, Edge.RIGHT) else width
    arrows = []
    for fraction in (0.15, 0.3, 0.7, 0.85):
        t = along * fraction
        point, back, side = {
            Edge.LEFT: ((ENTRY_BAND + 1.6, t), (ENTRY_BAND, t), (0.0, 1.0)),
            Edge.RIGHT: ((width - ENTRY_BAND - 1.6, t), (width - ENTRY_BAND, t), (0.0, 1.0)),
            Edge.TOP: ((t, ENTRY_BAND + 1.6), (t, ENTRY_BAND), (1.0, 0.0)),
            Edge.BOTTOM: ((t, depth - ENTRY_BAND - 1.6), (t, depth - ENTRY_BAND), (1.0, 0.0)),
        }[edge]
        (px, py), (bx, by), (sx, sy) = point, back, side
        arrows.append(
            f'<polygon points="{_n(px)},{_n(py)} {_n(bx + sx)},{_n(by + sy)} '
            f'{_n(bx - sx)},{_n(by - sy)}" fill="{ink}"/>'
        )
    return "".join(arrows)
