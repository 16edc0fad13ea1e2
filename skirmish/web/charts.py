"""Bar charts of exact chances as inline SVG, drawn on the server (issue #13): the odds
calculator's tables (``odds.chances``) as a reader sees them on a phone, with no script.

``bar_chart(rows, ident=…, title=…, words=…, lang=…)`` is a pure function: one horizontal bar
per row (the chance of exactly that row), its percentage written beside it, and where a row has one
the chance of "at least" it as a second, thinner and lighter bar under it, with its own
percentage marked "≥". The two are told apart by their height, their outline and that mark,
not by colour alone. The value axis runs from 0 to 100% with its ticks and its name; the
category axis is named by the table's title. A bar is exactly as long as its chance: the
bar track is ``track`` user units wide and a bar ``track × chance`` of them (three decimals).

The SVG scales to its container (``viewBox``, ``width="100%"``): 360 units wide, it reads at
about 1:1 on a 390-px phone. It is ``role="img"`` named by its ``<title>`` and described by its
``<desc>`` (``aria-describedby``: every row's percentage, in the page's language); each bar
has its own ``<title>`` (a tooltip with the exact fraction). Every piece of text is escaped,
whoever wrote it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from markupsafe import Markup, escape

from skirmish.formats import percent
from skirmish.i18n import messages
from skirmish.translation import N_
from skirmish.web import text

WORDS = text.part(
    messages(
        {
            "chart_value_axis": N_("Chance"),
            "chart_exactly": N_("exactly"),
            "chart_at_least": N_("at least"),
            "chart_desc_row": N_("{label}: {percent}"),
            "chart_desc_at_least": N_("at least {label}: {percent}"),
            "chart_bar": N_("{label}: {percent} ({exact})"),
            "chart_bar_at_least": N_("at least {label}: {percent} ({exact})"),
            "chart_bar_choice": N_("{label}, {choice}: {percent} ({exact})"),
            "chart_desc_choice": N_("{choice} {percent}"),
        }
    )
)

#: The chart's width in user units: about one CSS pixel each on a 390-px phone.
WIDTH = 360
#: The type sizes: labels and percentages, then ticks, legend and "at least".
FONT = 13
SMALL = 11
#: The room right of the bar track for a whole bar's percentage ("100.00%"), written just
#: after the end of each bar.
PERCENT_COLUMN = 62
#: Labels up to this wide (estimated) sit left of their bar; longer ones above it.
SIDE_LABEL = 84
#: A bar's height, the "at least" bar's, the gap between them and between rows.
BAR = 16
AT_LEAST_BAR = 8
GAP = 2
ROW_GAP = 9
#: Where the value axis is ticked (percent) and where it is labelled.
TICKS = (0, 25, 50, 75, 100)
LABELLED = (0, 50, 100)

#: Colours on the site's paper (#fbf6ec): ink 14:1, the bars' rust 8:1, the "at least" bars'
#: outline the same rust (their light fill is not what tells them apart), grid lines faint.
INK = "#2b2118"
MUTED = "#6b5d4d"
BAR_FILL = "#8a3b12"
AT_LEAST_FILL = "#f0d9c0"
SECOND_FILL = "#fbe9d7"
GRID = "#d9ccb4"


@dataclass(frozen=True)
class Row:
    """One bar: its label, the chance of exactly it, and the chance of at least it (or
    ``None`` where "at least" means nothing, as for a target's state)."""

    label: str
    chance: Fraction
    at_least: Fraction | None = None


def _width(label: str, size: float) -> float:
    """An estimate of ``label``'s width at ``size``: 0.62 em a character (a serif's capitals
    and digits are about 0.6 em; an overestimate moves a label above its bar, never over it)."""
    return len(label) * size * 0.62


def svg_number(value: float) -> str:
    """A coordinate with at most three decimals, no trailing zeros (every chart of the site)."""
    shown = f"{value:.3f}".rstrip("0").rstrip(".")
    return shown if shown != "-0" else "0"


def svg_text(x: float, y: float, content: str, *, size: int = FONT, anchor: str = "start",
          fill: str = INK, weight: str = "normal", cls: str = "") -> str:  # fmt: skip
    bold = ' font-weight="bold"' if weight == "bold" else ""
    named = f' class="{cls}"' if cls else ""
    return (
        f'<text{named} x="{svg_number(x)}" y="{svg_number(y)}" font-size="{size}" '
        f'text-anchor="{anchor}" fill="{fill}"{bold}>{escape(content)}</text>'
    )


@dataclass(frozen=True)
class Pair:
    """One row of a comparison chart: its label and each choice's chance (``None`` where a
    choice has no such chance, e.g. a target state without the target's FRED)."""

    label: str
    chances: tuple[Fraction | None, Fraction | None]


@dataclass(frozen=True)
class _Style:
    """How one kind of bar is drawn: its height, fill and outline, the size and colour of
    the percentage written after it."""

    height: float
    fill: str
    stroke: str
    size: int
    ink: str


#: The kinds of bar: a chance ("bar"), the chance of at least it ("at-least": thin, light,
#: outlined), the second choice of a comparison ("second": full height, light, outlined).
STYLES = {
    "bar": _Style(BAR, BAR_FILL, "", FONT, INK),
    "at-least": _Style(AT_LEAST_BAR, AT_LEAST_FILL, BAR_FILL, SMALL, MUTED),
    "second": _Style(BAR, SECOND_FILL, BAR_FILL, FONT, INK),
}


@dataclass(frozen=True)
class _Bar:
    kind: str  # a key of STYLES
    chance: Fraction
    shown: str  # the text after the bar: "41.67%", "≥ 75.00%"
    tip: str  # its <title>: a tooltip with the exact fraction


def _rect(kind: str, x: float, y: float, width: float, tip: str = "") -> str:
    style = STYLES[kind]
    stroke = f' stroke="{style.stroke}" stroke-width="1"' if style.stroke else ""
    named = f'class="{kind}" ' if tip else ""
    inner = f"<title>{escape(tip)}</title></rect>" if tip else "</rect>"
    return (
        f'<rect {named}x="{svg_number(x)}" y="{svg_number(y)}" width="{svg_number(width)}" '
        f'height="{svg_number(style.height)}" fill="{style.fill}"{stroke}>{inner}'
    )


def _chart(
    rows: Sequence[tuple[str, Sequence[_Bar]]],
    *,
    ident: str,
    title: str,
    legend: Sequence[tuple[str, str]],
    desc: Sequence[str],
    words: Mapping[str, str],
) -> Markup:
    """The SVG of ``rows`` (a label and its bars each), with ``legend`` (a kind of bar and
    what it means, each) under the title, described by ``desc``."""
    ident = str(escape(ident))
    widest = max((_width(label, FONT) for label, _ in rows), default=0.0)
    side = widest <= SIDE_LABEL
    bar_x = (widest + 8) if side else 0.0
    track = WIDTH - PERCENT_COLUMN - bar_x
    parts: list[str] = []

    # the heading: the category axis's name, then the legend, wrapped to the width
    y = float(FONT + 2)
    parts.append(svg_text(0, y, title, weight="bold", cls="category-axis"))
    x = float(WIDTH)  # the first entry of a legend starts a line
    for kind, meaning in legend:
        needed = 18 + _width(meaning, SMALL)
        if x + needed > WIDTH:
            x, y = 0.0, y + 16
        height = STYLES[kind].height
        parts.append(_rect(kind, x, y - 5 - height / 2, 14))
        parts.append(svg_text(x + 18, y, meaning, size=SMALL, cls="legend"))
        x += needed + 14
    y += 14
    top = y

    # the rows: a label (left of the bars, or above them), then each bar and its percentage
    bars: list[str] = []
    for label, shown in rows:
        if not side:
            parts.append(svg_text(0, y + FONT - 2, label, cls="label"))
            y += FONT + 3
        for place, bar in enumerate(shown):
            style = STYLES[bar.kind]
            if place:
                y += GAP
            elif side:
                middle = y + style.height / 2 + 4.5
                parts.append(svg_text(bar_x - 8, middle, label, anchor="end", cls="label"))
            length = track * float(bar.chance)
            bars.append(_rect(bar.kind, bar_x, y, length, bar.tip))
            baseline = y + style.height / 2 + style.size * 0.36
            cls = "percent" if bar.kind == "bar" else f"percent {bar.kind}"
            parts.append(svg_text(bar_x + length + 4, baseline, bar.shown, size=style.size,
                               fill=style.ink, cls=cls))  # fmt: skip
            y += style.height
        y += ROW_GAP
    bottom = y - ROW_GAP + 4

    # the value axis: grid lines under the bars, ticks, their percentages and its name
    grid: list[str] = []
    for tick in TICKS:
        x = bar_x + track * tick / 100
        dash = "" if tick == 0 else ' stroke-dasharray="2 3"'
        grid.append(
            f'<line x1="{svg_number(x)}" y1="{svg_number(top - 4)}" x2="{svg_number(x)}" '
            f'y2="{svg_number(bottom + 4)}" stroke="{INK if tick == 0 else GRID}" '
            f'stroke-width="1"{dash}/>'
        )
        if tick in LABELLED:
            anchor = "start" if tick == 0 else "end" if tick == 100 else "middle"
            grid.append(svg_text(x, bottom + 4 + SMALL + 2, f"{tick}%", size=SMALL, anchor=anchor,
                              fill=MUTED))  # fmt: skip
    grid.append(
        f'<line class="axis" x1="{svg_number(bar_x)}" y1="{svg_number(bottom + 4)}" '
        f'x2="{svg_number(bar_x + track)}" y2="{svg_number(bottom + 4)}" stroke="{INK}" '
        'stroke-width="1"/>'
    )
    axis_y = bottom + 4 + 2 * (SMALL + 3)
    grid.append(svg_text(bar_x + track / 2, axis_y, words["chart_value_axis"], size=SMALL,
                      anchor="middle", cls="value-axis"))  # fmt: skip
    height = axis_y + 5

    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="{ident}" role="img" '
        f'width="100%" viewBox="0 0 {WIDTH} {svg_number(height)}" '
        f'preserveAspectRatio="xMinYMin meet" aria-labelledby="{ident}-title" '
        f'aria-describedby="{ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape("; ".join(desc))}</desc>'
        + "".join(grid)
        + "".join(bars)
        + "".join(parts)
        + "</svg>"
    )


def bar_chart(
    rows: Sequence[Row], *, ident: str, title: str, words: Mapping[str, str], lang: str
) -> Markup:
    """The SVG bar chart of ``rows`` titled ``title`` (the table's name, which also names the
    category axis), its ids starting with ``ident``, in the words of ``words`` (the page's
    ``t``: ``chart_*``) and the numbers of ``lang``."""
    lines: list[tuple[str, list[_Bar]]] = []
    desc: list[str] = []
    for row in rows:
        shown = percent(row.chance, lang)
        tip = words["chart_bar"].format(label=row.label, percent=shown, exact=row.chance)
        bars = [_Bar("bar", row.chance, shown, tip)]
        desc.append(words["chart_desc_row"].format(label=row.label, percent=shown))
        if row.at_least is not None:
            more = percent(row.at_least, lang)
            tip = words["chart_bar_at_least"].format(
                label=row.label, percent=more, exact=row.at_least
            )
            bars.append(_Bar("at-least", row.at_least, f"≥ {more}", tip))
            desc.append(words["chart_desc_at_least"].format(label=row.label, percent=more))
        lines.append((row.label, bars))
    legend: list[tuple[str, str]] = []
    if any(r.at_least is not None for r in rows):
        legend = [("bar", words["chart_exactly"]), ("at-least", f"≥ {words['chart_at_least']}")]
    return _chart(lines, ident=ident, title=title, legend=legend, desc=desc, words=words)


def compare_chart(
    rows: Sequence[Pair],
    *,
    ident: str,
    title: str,
    names: tuple[str, str],
    words: Mapping[str, str],
    lang: str,
) -> Markup:
    """Two choices' chances side by side, row by row: the first choice's bar solid, the
    second's light and outlined under it, each named in the legend (``names``, the better one
    marked by the caller); a choice without a row's chance has no bar there."""
    lines: list[tuple[str, list[_Bar]]] = []
    desc: list[str] = []
    for row in rows:
        bars: list[_Bar] = []
        said: list[str] = []
        for kind, choice, chance in zip(("bar", "second"), names, row.chances, strict=True):
            if chance is None:
                continue
            shown = percent(chance, lang)
            tip = words["chart_bar_choice"].format(
                label=row.label, choice=choice, percent=shown, exact=chance
            )
            bars.append(_Bar(kind, chance, shown, tip))
            said.append(words["chart_desc_choice"].format(choice=choice, percent=shown))
        lines.append((row.label, bars))
        desc.append(f"{row.label}: {', '.join(said)}")
    legend = [("bar", names[0]), ("second", names[1])]
    return _chart(lines, ident=ident, title=title, legend=legend, desc=desc, words=words)
