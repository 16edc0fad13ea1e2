"""Packing the quick reference's tables into pages of two columns (docs/printing.md, "The quick
reference"): ``estimate_height`` sizes each table from its text with the shipped font's glyph
widths and the sizes of ``templates/reference.css``; ``pack`` cuts the tables, in reading order,
into the fewest columns that fit a page, as evenly as they can be (least sum of squared
heights), so every page is as full as the others and its two columns differ by less than the
table at their boundary. No table is ever split.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from skirmish.printing.views import Table
from skirmish.resources import templates_dir

# --------------------------------------------------------------------------- measuring


#: Millimetres in a point.
PT = 25.4 / 72
#: The sizes of ``templates/reference.css`` (keep them equal). Font sizes are in em of the
#: page's base size, which ``reference_view`` chooses; spaces are in mm.
LINE_HEIGHT = 1.25  # sheet.css: html { line-height: 1.25 }
TITLE_EM, TITLE_AFTER = 1.3, 0.8  # h2, its margin-bottom (and a 0.4pt rule below it)
LINES_EM, LINES_AFTER = 1.0, 0.6  # p.lines
CELL_EM, CELL_PAD_X, CELL_PAD_Y = 0.95, 0.6, 0.2  # th, td
NOTES_EM, NOTES_AFTER = 0.85, 0.4  # p.notes
TABLE_AFTER = 0.6  # a table's margin-bottom
TABLE_BOTTOM = 2.4  # .ref-table padding-bottom: the space between two tables
RULE = 0.4 * PT  # a 0.4pt border
#: A4's width between the margins, and a column: two columns with 5 mm between them.
PAGE_WIDTH = 190.0
COLUMN_WIDTH = (PAGE_WIDTH - 5.0) / 2
#: The tables printed across both columns, at the top of their page: the weapons' eight
#: columns and notes read better on one line each.
WIDE = frozenset({"weapons"})
#: The page's heading (h1: 13pt, 2 mm below it).
HEADING_PT, HEADING_AFTER = 13.0, 2.0
#: The height a column may fill: A4's 275 mm between the margins less the heading, less a
#: margin for the estimate's error (measured within 2 mm a column: docs/printing.md).
COLUMN_HEIGHT = 275.0 - HEADING_PT * PT * LINE_HEIGHT - HEADING_AFTER - 6.0
#: The base sizes tried, in pt: the largest that needs no more pages than the smallest.
BASE_SIZES = (7.0, 7.25, 7.5, 7.75, 8.0, 8.25, 8.5)


@cache
def _advances_em(bold: bool) -> dict[int, float]:
    """Each character's advance in em, read from the shipped face (fontTools comes with
    weasyprint)."""
    face = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    font = TTFont(templates_dir() / "fonts" / face, lazy=True)
    units = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    return {code: metrics[glyph][0] / units for code, glyph in font.getBestCmap().items()}


def text_width(text: str, size_pt: float, *, bold: bool = False) -> float:
    """The width of ``text`` on one line, in mm (glyph advances, no kerning)."""
    widths = _advances_em(bold)
    return sum(widths.get(ord(c), 0.6) for c in text) * size_pt * PT


def _pieces(text: str) -> list[str]:
    """The pieces a line may break between: after a space, a slash or a hyphen."""
    pieces: list[str] = []
    current = ""
    for char in text:
        current += char
        if char in " /-":
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    return pieces


def line_count(text: str, width_mm: float, size_pt: float, *, bold: bool = False) -> int:
    """How many lines ``text`` takes in a box ``width_mm`` wide (greedy breaking, as the
    browser does; a piece longer than the line is broken anywhere)."""
    lines, used = 1, 0.0
    for piece in _pieces(text):
        width = text_width(piece, size_pt, bold=bold)
        bare = text_width(piece.rstrip(" "), size_pt, bold=bold)  # a space may hang at the end
        if used and used + bare > width_mm:
            lines += 1
            used = 0.0
        if bare > width_mm:  # a word wider than the box: broken anywhere (overflow-wrap)
            extra = math.ceil(bare / width_mm) - 1
            lines += extra
            used = bare - extra * width_mm
            continue
        used += width
    return lines


def _text_height(text: str, size_pt: float, width: float, *, bold: bool = False) -> float:
    return line_count(text, width, size_pt, bold=bold) * size_pt * PT * LINE_HEIGHT


def column_widths(table: Table, base_pt: float, width: float = COLUMN_WIDTH) -> tuple[float, ...]:
    """Each column's share of ``table`` in percent: at least its longest word, the rest of the
    width shared as the columns' whole texts need it (a fixed layout the estimate can follow)."""
    if not table.rows:
        return ()
    size = base_pt * CELL_EM
    frame = 2 * CELL_PAD_X + RULE
    rows = [(row, False) for row in table.rows]
    if table.columns:
        rows.insert(0, (table.columns, True))
    least = [0.0] * len(rows[0][0])
    most = [0.0] * len(rows[0][0])
    for row, bold in rows:
        for index, cell in enumerate(row):
            words = [text_width(p.rstrip(" "), size, bold=bold) for p in _pieces(cell)]
            least[index] = max(least[index], max(words, default=0.0) + frame + 0.3)
            most[index] = max(most[index], text_width(cell, size, bold=bold) + frame + 0.3)
    spare = width - sum(least)
    if sum(most) <= width:
        shares = [m * width / sum(most) for m in most]
    elif spare > 0:
        want = sum(m - le for m, le in zip(most, least, strict=True))
        shares = [le + spare * (m - le) / want for m, le in zip(most, least, strict=True)]
    else:
        shares = [le * width / sum(least) for le in least]
    return tuple(round(share * 100 / width, 2) for share in shares)


def estimate_height(table: Table, base_pt: float, width: float = COLUMN_WIDTH) -> float:
    """The height ``table`` takes in a column ``width`` mm wide at a base size of ``base_pt``,
    in mm: its title, lines, rows (each as tall as its tallest cell) and notes, with the
    spaces of reference.css. The table's ``widths`` must be ``column_widths``'s."""
    height = _text_height(table.title, base_pt * TITLE_EM, width, bold=True) + TITLE_AFTER + RULE
    for line in table.lines:
        height += _text_height(line, base_pt * LINES_EM, width) + LINES_AFTER
    if table.rows:
        cells = [share / 100 * width - 2 * CELL_PAD_X - RULE for share in table.widths]
        rows = [(row, False) for row in table.rows]
        if table.columns:
            rows.insert(0, (table.columns, True))
        height += RULE + TABLE_AFTER  # the table's top border, the space below it
        for row, bold in rows:
            tallest = max(
                _text_height(cell, base_pt * CELL_EM, w, bold=bold)
                for cell, w in zip(row, cells, strict=True)
            )
            height += tallest + 2 * CELL_PAD_Y + RULE
    for note in table.notes:
        height += _text_height(note, base_pt * NOTES_EM, width) + NOTES_AFTER
    return height + TABLE_BOTTOM


# --------------------------------------------------------------------------- packing


def _split(
    heights: Sequence[float], capacity: float, above: float = 0.0
) -> tuple[int, float] | None:
    """Where to cut one page's tables into two columns of at most ``capacity`` (the index of
    the right column's first), below ``above`` mm of a wide table: the cut of least cost, the
    page's fill (``above`` and the taller column) squared plus the columns' difference
    squared. ``None`` when no cut fits."""
    best: tuple[int, float] | None = None
    total = sum(heights)
    left = 0.0
    for cut in range(1, len(heights) + 1):  # the left column is never empty
        left += heights[cut - 1]
        right = total - left
        alone = not above  # a table taller than a page gets a column of its own, not less
        if (left <= capacity or alone and cut == 1) and (
            right <= capacity or alone and cut == len(heights) - 1
        ):
            cost = (above + max(left, right)) ** 2 + (left - right) ** 2
            if best is None or cost < best[1]:
                best = (cut, cost)
    return best


#: One page as ``pack`` cuts it: the indexes of the wide table above its columns (none or one),
#: of its left and right columns, and of the wide table below them (none or one).
Page = tuple[list[int], list[int], list[int], list[int]]


def _page(
    heights: Sequence[float], wide: Sequence[bool], i: int, j: int, capacity: float
) -> tuple[Page, float] | None:
    """The tables ``i`` to ``j - 1`` as one page, and its cost; ``None`` if they do not fit.
    A wide table may only open or close a page, so that the page reads in order: the table
    above, the left column, the right column, the table below."""
    top = [i] if wide[i] else []
    first = i + len(top)
    bottom = [j - 1] if j - 1 >= first and wide[j - 1] else []
    last = j - len(bottom)
    if any(wide[k] for k in range(first, last)):
        return None
    across = sum(heights[k] for k in (*top, *bottom))
    if first == last:
        return (top, [], [], bottom), across**2
    found = _split(heights[first:last], capacity - across, across)
    if found is None:
        return None
    cut, cost = found
    left, right = list(range(first, first + cut)), list(range(first + cut, last))
    return (top, left, right, bottom), cost


def pack(
    heights: Sequence[float], capacity: float, wide: Sequence[bool] | None = None
) -> list[Page]:
    """Cut the tables of ``heights`` (mm), kept in reading order, into pages of two columns
    of at most ``capacity`` mm, a ``wide`` table across both columns above or below them:
    the fewest pages that hold them; among those cuts the one with the least sum, over the
    pages, of each page's fill squared and of its two columns' difference squared. That evens
    the pages out and balances each page's columns: they differ by less than a table at their
    boundary, or moving it would lower the sum. A table taller than ``capacity`` gets a column
    of its own. Returns each page's (above, left, right, below) indexes."""
    count = len(heights)
    flags = list(wide) if wide is not None else [False] * count
    # best[j]: the fewest pages, then the least cost, of the first j tables
    best: list[tuple[float, float]] = [(0.0, 0.0)] + [(math.inf, math.inf)] * count
    back: list[tuple[int, Page]] = [(0, ([], [], [], []))] * (count + 1)
    for j in range(1, count + 1):
        for i in range(j):
            if best[i][0] == math.inf:
                continue
            found = _page(heights, flags, i, j, capacity)
            if found is None:
                continue
            score = (best[i][0] + 1, best[i][1] + found[1])
            if score < best[j]:
                best[j], back[j] = score, (i, found[0])
    pages: list[Page] = []
    end = count
    while end > 0:
        end, page = back[end]
        pages.append(page)
    pages.reverse()
    return pages


def table_width(table: Table) -> float:
    """How wide ``table`` prints, in mm: a column, or the page's width for a wide one."""
    return PAGE_WIDTH if table.key in WIDE else COLUMN_WIDTH
