"""Measuring and fitting the activation cards' text: every line is measured with the shipped
fonts' own advance widths (fontTools reads ``templates/fonts/*.ttf``) at the size it prints at,
names and one-line lists are shrunk to fit their box (``fit_line``), and a profile's rule is
broken into lines (``wrap``) and shortened at a word boundary (``shorten``: an ellipsis, never
half a word).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from skirmish.printing.pdf import MISSING_GLYPH
from skirmish.resources import templates_dir

#: What the measured width of a line may use of its box: kerning and rounding in the layout
#: engine may differ a little from the sum of the advance widths.
SAFETY = 0.96

MM_PER_PT = 25.4 / 72
ELLIPSIS = "\u2026"
#: Punctuation dropped before an ellipsis ("panico,…" reads badly).
_TRAILING = ",;:.–—-"

_FONTS = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}


# --- measuring and fitting text ----------------------------------------------------------------


@cache
def _metrics(bold: bool) -> tuple[Mapping[int, int], int, int]:
    """The advance width of every code point of a shipped face (font units), the face's units
    per em, and the width of what a character the faces lack prints as (``pdf.MISSING_GLYPH``,
    a white square)."""
    font = TTFont(templates_dir() / "fonts" / _FONTS[bold], lazy=True)
    hmtx = font["hmtx"]
    widths = {point: hmtx[glyph][0] for point, glyph in font.getBestCmap().items()}
    return widths, int(font["head"].unitsPerEm), widths[ord(MISSING_GLYPH)]


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` in millimetres at ``size`` points in the shipped face."""
    widths, per_em, missing = _metrics(bold)
    units = sum(widths.get(ord(c), missing) for c in text)
    return units / per_em * size * MM_PER_PT


def fits(text: str, width: float, size: float, *, bold: bool = False) -> bool:
    """Whether ``text`` fits on one line ``width`` mm wide (with the ``SAFETY`` margin)."""
    return text_width(text, size, bold=bold) <= width * SAFETY


def wrap(words: Sequence[str], width: float, size: float, *, bold: bool = False) -> list[str]:
    """``words`` broken into lines at most ``width`` mm wide, greedily, as a browser would; a
    word wider than a line by itself is broken between its characters."""
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if fits(candidate, width, size, bold=bold):
            current = candidate
            continue
        if current:
            lines.append(current)
        current = ""
        while not fits(word, width, size, bold=bold) and len(word) > 1:
            cut = _longest_prefix(word, width, size, bold=bold)
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines


def _longest_prefix(text: str, width: float, size: float, *, bold: bool) -> int:
    """How many leading characters of ``text`` fit in ``width`` (at least one)."""
    count = 1
    while count < len(text) and fits(text[: count + 1], width, size, bold=bold):
        count += 1
    return count


def _with_ellipsis(words: Sequence[str]) -> list[str]:
    if not words:
        return [ELLIPSIS]
    last = words[-1].rstrip(_TRAILING) or words[-1]
    return [*words[:-1], last + ELLIPSIS]


def shorten(
    text: str, width: float, size: float, *, lines: int = 1, bold: bool = False
) -> tuple[str, ...]:
    """``text`` as at most ``lines`` lines, each at most ``width`` mm wide at ``size`` points.
    When it does not fit, the longest run of its first whole words that fits with an ellipsis
    after the last one: never a word cut in half (a word that does not fit a line even alone
    gives just the ellipsis)."""
    words = text.split()
    if lines < 1:
        return ()
    whole = wrap(words, width, size, bold=bold)
    if len(whole) <= lines:
        return tuple(whole)
    for kept in range(len(words) - 1, -1, -1):
        shortened = _with_ellipsis(words[:kept])
        if any(not fits(w, width, size, bold=bold) for w in shortened):
            continue  # a word alone wider than a line would be broken: not a clean cut
        attempt = wrap(shortened, width, size, bold=bold)
        if len(attempt) <= lines:
            return tuple(attempt)
    return (ELLIPSIS,)


@dataclass(frozen=True)
class Fitted:
    """A line of text and the size (points) it fits its box at."""

    text: str
    size: float


def fit_line(
    text: str, width: float, sizes: Sequence[float], *, bold: bool = False, clip: bool = False
) -> Fitted:
    """``text`` on one line ``width`` mm wide: at the first of ``sizes`` (largest first) at
    which it fits whole, else at the smallest, shortened at a word boundary with an ellipsis.
    ``clip``: a name that has no word boundary to shorten at (one very long word) is cut
    between two characters instead, with the ellipsis."""
    for size in sizes:
        if fits(text, width, size, bold=bold):
            return Fitted(text, size)
    size = sizes[-1]
    (line,) = shorten(text, width, size, bold=bold)
    if clip and line == ELLIPSIS and text.strip():
        cut = _longest_prefix(text.strip() + ELLIPSIS, width, size, bold=bold)
        while cut > 0 and not fits(text.strip()[:cut] + ELLIPSIS, width, size, bold=bold):
            cut -= 1
        line = text.strip()[:cut] + ELLIPSIS
    return Fitted(line, size)
