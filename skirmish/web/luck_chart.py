"""The luck ledger's chart (issue #14): each row's mean percentile with its error band, as inline
SVG drawn on the server, for the web's luck pages (``web/luck.py``).

``luck_chart(rows, ident=…, title=…, words=…)`` is a pure function. One row a gang, player or
model: its name and its figure ("53.1 ± 2.4, 40 rolls") on a line, then a track from percentile 0
to 100 under it, where the band covers the mean ± 2 standard errors (the ledger's "within the
noise" is exactly a band that reaches 50) and a dot marks the mean. A dashed line at 50, the
average of fair dice, runs through every row. A row with no rolls has no band nor dot and says
so. The band's fill tells the three verdicts apart (lucky, unlucky, within the noise) and so does
the row's own text, not colour alone.

The SVG scales to its container (``viewBox``, ``width="100%"``): 360 units wide, it reads at about
1:1 on a 390-px phone. It is ``role="img"`` named by its ``<title>`` and described by its
``<desc>`` (every row's figure, in the page's language). Every piece of text is escaped, whoever
wrote it (a gang called ``<script>`` is text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from markupsafe import Markup, escape

from skirmish.i18n import messages
from skirmish.translation import N_, NP_
from skirmish.web import text
from skirmish.web.charts import svg_number, svg_text

WORDS = text.part(
    messages(
        {
            "luck_chart_axis": N_("Mean percentile (50: fair dice)"),
            "luck_chart_unlucky": NP_("luck_chart.WORDS.luck_chart_unlucky", "unlucky"),
            "luck_chart_lucky": NP_("luck_chart.WORDS.luck_chart_lucky", "lucky"),
            "luck_chart_band": N_("band: mean ± 2 standard errors"),
            "luck_chart_row": N_("{label}: {figure}, {verdict}"),
            "luck_chart_no_rolls": N_("no rolls"),
        }
    )
)

#: The chart's width in user units: about one CSS pixel each on a 390-px phone.
WIDTH = 360
#: Room left and right of the track, so that the dot at 0 or 100 and the end ticks' words fit.
PAD = 8
FONT = 13
SMALL = 11
#: A row: its words' line, then the track (the band's height), then the gap to the next.
LINE = 16
BAND = 12
ROW_GAP = 10
DOT = 4.5

#: Colours on the site's paper (#fbf6ec), as web/charts.py: ink, muted ink, the rust of a lucky
#: band, a blue-grey of an unlucky one, a light grey of one within the noise; grid lines faint.
INK = "#2b2118"
MUTED = "#6b5d4d"
GRID = "#d9ccb4"
FILLS = {"lucky": "#e9b48f", "unlucky": "#a9bfd0", "noise": "#e4dccd"}
STROKES = {"lucky": "#8a3b12", "unlucky": "#2f5675", "noise": "#8c7f6c"}


class Verdict(StrEnum):
    """What a row's figure says: its band (mean ± 2 SE) above 50, below it, or across it."""

    LUCKY = "lucky"
    UNLUCKY = "unlucky"
    NOISE = "noise"


def verdict(mean: float, se: float) -> Verdict:
    """Lucky or unlucky when the mean is at least two standard errors from 50, else within the
    noise (the ledger's own rule, docs/luck.md)."""
    if abs(mean - 50) < 2 * se or mean == 50:
        return Verdict.NOISE
    return Verdict.LUCKY if mean > 50 else Verdict.UNLUCKY


@dataclass(frozen=True)
class LuckRow:
    """One row of the chart: whose it is, how many rolls, their mean percentile and its standard
    error (``None`` without rolls), and the words of its figure and verdict as the page shows
    them."""

    label: str
    rolls: int
    mean: float | None
    se: float | None
    figure: str
    verdict: str


def _fit(label: str, room: float, size: int = FONT) -> str:
    """``label`` shortened with "…" to about ``room`` units (0.6 em a character, an estimate
    that errs long); the whole name stays in the row's description."""
    most = max(4, int(room / (size * 0.6)))
    return label if len(label) <= most else label[: most - 1] + "…"


def _x(percentile: float) -> float:
    """Where ``percentile`` (0–100, clamped) lies on the track."""
    return PAD + (WIDTH - 2 * PAD) * min(100.0, max(0.0, percentile)) / 100


def luck_chart(
    rows: Sequence[LuckRow], *, ident: str, title: str, words: Mapping[str, str]
) -> Markup:
    """The SVG of ``rows`` titled ``title``, its ids starting with ``ident``, in the words of
    ``words`` (the page's ``t``: ``luck_chart_*``)."""
    ident = str(escape(ident))
    parts: list[str] = []
    tracks: list[str] = []
    marks: list[str] = []
    desc: list[str] = []
    y = 0.0
    # the legend: what the band is, then "unlucky" and "lucky" at the ends of the track
    y += SMALL + 2
    parts.append(svg_text(0, y, words["luck_chart_band"], size=SMALL, fill=MUTED, cls="legend"))
    y += 6
    top = y
    for index, row in enumerate(rows):
        y += LINE
        figure_width = len(row.figure) * SMALL * 0.6 + 8
        parts.append(svg_text(0, y - 4, _fit(row.label, WIDTH - figure_width), cls="label"))
        parts.append(svg_text(WIDTH, y - 4, row.figure, size=SMALL, anchor="end", cls="figure"))
        desc.append(
            words["luck_chart_row"].format(label=row.label, figure=row.figure, verdict=row.verdict)
        )
        middle = y + BAND / 2
        tracks.append(
            f'<line x1="{svg_number(_x(0))}" y1="{svg_number(middle)}" x2="{svg_number(_x(100))}" '
            f'y2="{svg_number(middle)}" stroke="{GRID}" stroke-width="1"/>'
        )
        if row.mean is not None and row.se is not None:
            kind = verdict(row.mean, row.se).value
            low, high = _x(row.mean - 2 * row.se), _x(row.mean + 2 * row.se)
            marks.append(
                f'<rect class="band {kind}" id="{ident}-band-{index}" x="{svg_number(low)}" '
                f'y="{svg_number(y)}" width="{svg_number(max(high - low, 1.0))}" '
                f'height="{BAND}" fill="{FILLS[kind]}" stroke="{STROKES[kind]}" '
                f'stroke-width="1"/>'
            )
            marks.append(
                f'<circle class="mean" cx="{svg_number(_x(row.mean))}" cy="{svg_number(middle)}" '
                f'r="{DOT}" fill="{INK}"/>'
            )
        y += BAND + ROW_GAP
    bottom = y - ROW_GAP + 4
    # the axis: 0, 25, 50, 75, 100; 50 dashed through every row, the fair dice's average
    grid: list[str] = []
    for tick in (0, 25, 50, 75, 100):
        x = _x(tick)
        if tick == 50:
            grid.append(
                f'<line class="fair" x1="{svg_number(x)}" y1="{svg_number(top)}" '
                f'x2="{svg_number(x)}" y2="{svg_number(bottom)}" stroke="{INK}" stroke-width="1" '
                'stroke-dasharray="3 3"/>'
            )
        grid.append(
            f'<line x1="{svg_number(x)}" y1="{svg_number(bottom)}" x2="{svg_number(x)}" '
            f'y2="{svg_number(bottom + 4)}" stroke="{INK}" stroke-width="1"/>'
        )
        anchor = "start" if tick == 0 else "end" if tick == 100 else "middle"
        grid.append(svg_text(x if tick in (25, 50, 75) else (0 if tick == 0 else WIDTH),
                          bottom + 4 + SMALL + 1, str(tick), size=SMALL, anchor=anchor,
                          fill=MUTED))  # fmt: skip
    grid.append(
        f'<line class="axis" x1="{svg_number(_x(0))}" y1="{svg_number(bottom)}" '
        f'x2="{svg_number(_x(100))}" y2="{svg_number(bottom)}" stroke="{INK}" stroke-width="1"/>'
    )
    words_y = bottom + 4 + 2 * (SMALL + 3)
    grid.append(svg_text(0, words_y, "← " + words["luck_chart_unlucky"], size=SMALL, fill=MUTED))
    grid.append(svg_text(WIDTH, words_y, words["luck_chart_lucky"] + " →", size=SMALL,
                      anchor="end", fill=MUTED))  # fmt: skip
    axis_y = words_y + SMALL + 5
    grid.append(svg_text(WIDTH / 2, axis_y, words["luck_chart_axis"], size=SMALL, anchor="middle",
                      cls="value-axis"))  # fmt: skip
    height = axis_y + 5
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart luck" id="{ident}" role="img" '
        f'width="100%" viewBox="0 0 {WIDTH} {svg_number(height)}" '
        f'preserveAspectRatio="xMinYMin meet" aria-labelledby="{ident}-title" '
        f'aria-describedby="{ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape("; ".join(desc))}</desc>'
        + "".join(tracks)
        + "".join(grid)
        + "".join(marks)
        + "".join(parts)
        + "</svg>"
    )
