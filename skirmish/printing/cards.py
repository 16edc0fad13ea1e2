"""Activation cards (issue #13): one poker-size card per model, nine to an A4 page, for the
book's initiative (§1.8: "ad ogni miniatura viene associata una carta da gioco", each round both
players lay one face down and turn them together).

The card is decided here, before any layout: every line of text is measured with the shipped
fonts' own advance widths (fontTools reads ``templates/fonts/*.ttf``) at the size it prints at,
names and one-line lists are shrunk to fit their box, and the profile's rule is broken into lines
and shortened at a word boundary (an ellipsis, never half a word) to the lines the card has left.
The template then only places what was decided; ``tests/printing/layout_checks.py`` proves that
nothing spills out.

Geometry (millimetres): the cards are 63×88, three by three, edge to edge, the grid centred on
an A4 page (10.5 mm left and right, 16.5 mm top and bottom), with cut marks in the margins along
every cut line. ``--back`` follows each page of fronts with a page of backs mirrored column by
column, so that a sheet flipped on its long edge puts each back behind its front.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from skirmish.errors import CampaignError, SkirmishError
from skirmish.i18n import Catalogue, Lang, name, tr
from skirmish.printing.members import by_rank, member_view
from skirmish.printing.pdf import MISSING_GLYPH
from skirmish.printing.views import MemberView, WeaponLine
from skirmish.resources import templates_dir
from skirmish.rules import find_faction

if TYPE_CHECKING:
    from skirmish.campaign.models import Campaign, Gang

WORDS: Catalogue = {
    "it": {
        "doc_cards": "Carte di attivazione",
        "game": "Per qualche dado in più",
        "actions": "{n} azioni",
        "range": "Gittata",
        "skills": "Abilità",
        "injuries": "Ferite",
        "equipment": "Equip.",
        "mount": "{mount} (TIRO {tiro} FRED {fred} RIF {rif} COS {cos})",
        "notes": "Note",
        "qr": "La banda {gang} sul sito della campagna",
    },
    "en": {
        "doc_cards": "Activation cards",
        "game": "Per qualche dado in più",
        "actions": "{n} actions",
        "range": "Range",
        "skills": "Skills",
        "injuries": "Injuries",
        "equipment": "Equip.",
        "mount": "{mount} (TIRO {tiro} FRED {fred} RIF {rif} COS {cos})",
        "notes": "Notes",
        "qr": "The gang {gang} on the campaign's site",
    },
}


def _w(key: str, lang: Lang | str, **values: Any) -> str:
    return tr(WORDS, key, lang, **values)


# --- the sheet's geometry, in millimetres (the template takes every number from here) ---------

PAGE_WIDTH = 210.0
PAGE_HEIGHT = 297.0
CARD_WIDTH = 63.0  # poker size
CARD_HEIGHT = 88.0
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS
#: The grid's top-left corner: the nine cards centred on the page, edge to edge (one cut
#: between two cards).
LEFT = (PAGE_WIDTH - COLUMNS * CARD_WIDTH) / 2
TOP = (PAGE_HEIGHT - ROWS * CARD_HEIGHT) / 2
#: Cut marks: from this far from the paper's edge (most printers leave 3–5 mm unprinted) to
#: this far short of the cards, so no mark touches a card.
MARK_FROM_EDGE = 3.0
MARK_GAP = 1.5
MARK_WIDTH = 0.2

#: The card's frame: a grey edge (the cut line itself, seen if the cut strays) and the padding.
BORDER = 0.3
PADDING = 2.2
INNER_WIDTH = CARD_WIDTH - 2 * (BORDER + PADDING)
INNER_HEIGHT = CARD_HEIGHT - 2 * (BORDER + PADDING)

#: Heights of the front's parts, each laid out at exactly this height.
HEADER = 12.5
INDEX_WIDTH = 6.5  # the corner index: rank above suit
QR_SIZE = 12.5  # the QR code, its quiet zone included
HEADER_GAP = 1.0  # between the index, the name and the QR code
STATS_HEAD = 3.0
STATS_VALUES = 4.6
ROW = 3.3  # a weapon's row, the weapons' head, a line of skills, injuries or equipment
LINE = 2.9  # a line of the profile's rule
NOTE_LINE = 4.6  # a line to write on
FOOTER = 3.6
GAP = 1.0  # between two parts
RULE = 0.2  # the thin lines of the tables (counted in their rows' heights)

#: The back: a frame this far inside the card's edge, its border, and a panel for the names
#: this far inside the frame, with its own border and padding.
BACK_INSET = 2.2
BACK_FRAME = 0.9
BACK_SIDE = 3.0
BACK_BORDER = 0.4
BACK_PADDING = 2.0
BACK_TEXT_WIDTH = CARD_WIDTH - 2 * (
    BORDER + BACK_INSET + BACK_FRAME + BACK_SIDE + BACK_BORDER + BACK_PADDING
)
#: Left free above the footer.
SLACK = 0.5

#: The weapons' columns: the text's width in each (the name takes the rest), the padding each
#: side of a cell's text; every cell has a rule on its right, the table one on its left.
RANGE_WIDTH = 13.0
SHOTS_WIDTH = 6.0
BONUS_WIDTH = 6.0
CELL_PADDING = 0.9
WEAPON_NAME_WIDTH = (
    INNER_WIDTH
    - RULE
    - sum(w + 2 * CELL_PADDING + RULE for w in (RANGE_WIDTH, SHOTS_WIDTH, BONUS_WIDTH))
    - (2 * CELL_PADDING + RULE)
)

#: The suits' colours: red and black as on playing cards, the back's brown.
SUIT_COLOURS = {"hearts": "#b3121b", "diamonds": "#b3121b", "spades": "#111", "clubs": "#111"}
BACK_COLOUR = "#5b3a1e"

#: Font sizes in points.
NAME_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5)
#: A name smaller than this on one line goes on two lines at ``NAME_TWO_LINES_SIZE`` when the
#: profile takes one line (the header holds two lines of name and one of profile, or one of
#: name and two of profile).
NAME_MIN_ONE_LINE = 8.0
NAME_TWO_LINES_SIZE = 7.5
NAME_LINE = 5.2  # the height of the name's line
NAME_LINE_TWO = 3.5  # the height of each line of a name on two lines
PROFILE_LINE = 3.4
PROFILE_SIZES = (7.0, 6.5, 6.0)
CELL_SIZES = (6.5, 6.0, 5.5, 5.0)
LINE_SIZES = (6.5, 6.0, 5.5)
RULE_SIZE = 6.3
FOOTER_SIZES = (5.5, 5.0)
#: At most this many weapon rows on a card (a model rarely carries more than three); beyond
#: them, the last row names the others.
MAX_WEAPON_ROWS = 7
#: Empty weapon rows on a blank card.
BLANK_WEAPON_ROWS = 3
#: Blank cards ``--blank`` accepts: up to six pages of them.
MAX_BLANK = 6 * PER_PAGE
#: What the measured width of a line may use of its box: kerning and rounding in the layout
#: engine may differ a little from the sum of the advance widths.
SAFETY = 0.96

#: The corner indexes of a gang's cards in order: A♠ for the first model (the leader), then
#: K♠, Q♠… 2♠, then the hearts, diamonds and clubs: 52 distinct cards.
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("spades", "hearts", "diamonds", "clubs")
RED_SUITS = frozenset({"hearts", "diamonds"})

MM_PER_PT = 25.4 / 72
#: A card without a QR code (the campaign has no public web address).
NO_QR = Markup()
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
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

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


# --- the view-models of a sheet of cards -----------------------------------------------------


@dataclass(frozen=True)
class CardWeapon:
    """A weapon's row: name, range (short/long), shots per turn and bonus."""

    name: Fitted
    range: Fitted
    shots: Fitted
    bonus: str


@dataclass(frozen=True)
class CardLine:
    """A labelled line: "Abilità: …", "Ferite: …", "Equip.: …" (empty text: to write in)."""

    label: str
    text: str
    size: float


@dataclass(frozen=True)
class CardFront:
    """The face of a card: a model's (``member`` set) or a blank one to fill in by hand."""

    member: MemberView | None
    rank: str  # the corner index: "A", "10"…; "" on a blank card
    suit: str  # "spades", "hearts", "diamonds", "clubs"; "" on a blank card
    name: tuple[str, ...]  # one line, or two at NAME_TWO_LINES_SIZE
    name_size: float
    profile: tuple[str, ...]  # profile · role · actions when not 3: one line, or two
    profile_size: float
    weapons: tuple[CardWeapon, ...]
    blank_weapons: int  # empty weapon rows to write in
    lines: tuple[CardLine, ...]
    rule: tuple[str, ...]  # the profile's own rule, broken into lines, shortened to fit
    note_lines: int  # lines to write on, filling the rest of the card
    footer: Fitted  # the gang's name
    qr: Markup  # an inline SVG (``printing.qr``, its text escaped there), empty without a link

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def wound_boxes(self) -> int:
        """The boxes to tick: one per point of COS; four on a blank card (§7.1)."""
        return self.member.cos if self.member is not None else 4


@dataclass(frozen=True)
class CardBack:
    """The back of every card of a sheet: the same for every model of the gang (§1.8: the card
    lies face down, and its back must not tell which model is coming)."""

    title: str
    gang: Fitted
    faction: Fitted


@dataclass(frozen=True)
class Slot:
    """A card's place on its page: the top-left corner in mm, column and row."""

    x: float
    y: float
    column: int
    row: int


@dataclass(frozen=True)
class CardPage:
    """A page of fronts (``fronts``) or of backs (``back`` set), each card with its slot."""

    fronts: tuple[tuple[Slot, CardFront], ...] = ()
    backs: tuple[Slot, ...] = ()
    back: CardBack | None = None


@dataclass(frozen=True)
class CardsView:
    """A sheet of activation cards: its title, its pages, and the geometry they are laid on."""

    title: str
    pages: tuple[CardPage, ...]
    cards: int  # how many fronts


@dataclass(frozen=True)
class Geometry:
    """Every number of the cards' layout, in mm (the template's CSS is written from it)."""

    page_width: float = PAGE_WIDTH
    page_height: float = PAGE_HEIGHT
    card_width: float = CARD_WIDTH
    card_height: float = CARD_HEIGHT
    border: float = BORDER
    padding: float = PADDING
    inner_width: float = INNER_WIDTH
    header: float = HEADER
    index_width: float = INDEX_WIDTH
    name_line: float = NAME_LINE
    name_line_two: float = NAME_LINE_TWO
    profile_line: float = PROFILE_LINE
    qr_size: float = QR_SIZE
    header_gap: float = HEADER_GAP
    stats_head: float = STATS_HEAD
    stats_values: float = STATS_VALUES
    row: float = ROW
    line: float = LINE
    note_line: float = NOTE_LINE
    footer: float = FOOTER
    gap: float = GAP
    rule: float = RULE
    range_width: float = RANGE_WIDTH
    shots_width: float = SHOTS_WIDTH
    bonus_width: float = BONUS_WIDTH
    cell_padding: float = CELL_PADDING
    rule_size: float = RULE_SIZE
    mark_width: float = MARK_WIDTH
    back_inset: float = BACK_INSET
    back_frame: float = BACK_FRAME
    back_side: float = BACK_SIDE
    back_border: float = BACK_BORDER
    back_padding: float = BACK_PADDING


GEOMETRY = Geometry()


def slot(index: int) -> Slot:
    """Where the ``index``-th card of a page goes (left to right, top to bottom)."""
    row, column = divmod(index % PER_PAGE, COLUMNS)
    return Slot(LEFT + column * CARD_WIDTH, TOP + row * CARD_HEIGHT, column, row)


def back_slot(front: Slot) -> Slot:
    """Where the back of the card at ``front`` goes on the next page so that flipping the
    sheet on its long edge (the usual duplex) puts it behind its front: the same row, the
    columns mirrored."""
    column = COLUMNS - 1 - front.column
    return Slot(PAGE_WIDTH - front.x - CARD_WIDTH, front.y, column, front.row)


@dataclass(frozen=True)
class CutMark:
    """A cut mark: a thin line in the margin along a cut line (x, y, width, height in mm)."""

    x: float
    y: float
    width: float
    height: float


def cut_marks() -> tuple[CutMark, ...]:
    """Marks in the four margins at every cut line of the grid; none reaches a card."""
    marks: list[CutMark] = []
    half = MARK_WIDTH / 2
    right = LEFT + COLUMNS * CARD_WIDTH
    bottom = TOP + ROWS * CARD_HEIGHT
    for column in range(COLUMNS + 1):
        x = LEFT + column * CARD_WIDTH - half
        length = TOP - MARK_GAP - MARK_FROM_EDGE
        marks.append(CutMark(x, MARK_FROM_EDGE, MARK_WIDTH, length))
        marks.append(CutMark(x, bottom + MARK_GAP, MARK_WIDTH, length))
    for row in range(ROWS + 1):
        y = TOP + row * CARD_HEIGHT - half
        length = LEFT - MARK_GAP - MARK_FROM_EDGE
        marks.append(CutMark(MARK_FROM_EDGE, y, length, MARK_WIDTH))
        marks.append(CutMark(right + MARK_GAP, y, length, MARK_WIDTH))
    return tuple(marks)


# --- building the cards ------------------------------------------------------------------------


def card_index(position: int) -> tuple[str, str]:
    """The rank and suit of a gang's ``position``-th card (A♠ first; 52 distinct, then again)."""
    return RANKS[position % len(RANKS)], SUITS[(position // len(RANKS)) % len(SUITS)]


def _cell(text: str, width: float) -> Fitted:
    return fit_line(text, width, CELL_SIZES)


def _weapon(weapon: WeaponLine) -> CardWeapon:
    reach = f"{weapon.short}/{weapon.long}" if weapon.long else weapon.short
    return CardWeapon(
        name=_cell(weapon.name, WEAPON_NAME_WIDTH),
        range=_cell(reach, RANGE_WIDTH),
        shots=_cell(weapon.shots, SHOTS_WIDTH),
        bonus=f"{weapon.bonus:+d}" if weapon.bonus else "0",
    )


def _weapons(weapons: Sequence[WeaponLine]) -> tuple[CardWeapon, ...]:
    """A row per weapon; more than ``MAX_WEAPON_ROWS``, and the last row names the rest."""
    if len(weapons) <= MAX_WEAPON_ROWS:
        return tuple(_weapon(w) for w in weapons)
    shown, rest = weapons[: MAX_WEAPON_ROWS - 1], weapons[MAX_WEAPON_ROWS - 1 :]
    names = f"+{len(rest)}: " + ", ".join(w.name for w in rest)
    more = CardWeapon(
        _cell(names, WEAPON_NAME_WIDTH), Fitted("", CELL_SIZES[0]), Fitted("", CELL_SIZES[0]), ""
    )
    return (*(_weapon(w) for w in shown), more)


def _line(label: str, items: Sequence[str]) -> CardLine:
    """A labelled list on one line: at the largest of ``LINE_SIZES`` at which it fits whole,
    else at the smallest with as many whole items as fit and how many more there are
    ("Duro, Pugile… +3"; the roster has them all)."""
    head = f"{label}: "
    text = ", ".join(items)
    for size in LINE_SIZES:
        if fits(text, INNER_WIDTH - text_width(head, size, bold=True), size):
            return CardLine(label, text, size)
    size = LINE_SIZES[-1]
    room = INNER_WIDTH - text_width(head, size, bold=True)
    for kept in range(len(items) - 1, 0, -1):
        text = f"{', '.join(items[:kept])}{ELLIPSIS} +{len(items) - kept}"
        if fits(text, room, size):
            return CardLine(label, text, size)
    more = f" +{len(items) - 1}" if len(items) > 1 else ""
    (first,) = shorten(items[0], room - text_width(more, size), size)
    return CardLine(label, first + more, size)


def _header_width(with_qr: bool) -> float:
    width = INNER_WIDTH - INDEX_WIDTH - HEADER_GAP
    return width - (QR_SIZE + HEADER_GAP) if with_qr else width


def _name(name: str, width: float, *, two_lines: bool) -> tuple[tuple[str, ...], float]:
    """The model's name: one line from 10 pt down to ``NAME_MIN_ONE_LINE``; then, when the
    profile leaves room (``two_lines``), two lines at ``NAME_TWO_LINES_SIZE`` broken between
    words; else one line down to 6.5 pt, shortened at a word boundary (or, a single word too
    long for the line, between two characters) with an ellipsis."""
    for size in NAME_SIZES:
        if size < NAME_MIN_ONE_LINE:
            break
        if fits(name, width, size, bold=True):
            return (name,), size
    if two_lines:
        size = NAME_TWO_LINES_SIZE
        words = name.split()
        if all(fits(word, width, size, bold=True) for word in words):
            return shorten(name, width, size, lines=2, bold=True), size
    fitted = fit_line(name, width, NAME_SIZES, bold=True, clip=True)
    return (fitted.text,), fitted.size


def _profile(parts: Sequence[str], width: float) -> tuple[tuple[str, ...], float]:
    """The line under the name (profile · role · actions): one line at the largest of
    ``PROFILE_SIZES`` it fits at, else two lines at ``PROFILE_SIZES[1]`` broken between its
    parts, never inside one ("2 azioni" stays whole); a part too long for a line is shortened
    at a word boundary."""
    text = " · ".join(parts)
    for size in PROFILE_SIZES:
        if fits(text, width, size):
            return (text,), size
    size = PROFILE_SIZES[1]
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and fits(joined, width, size):
            lines[-1] = joined
        else:
            lines.append(part)
    if len(lines) > 2:  # three parts that each need a line: the second line shortened
        lines = [lines[0], " · ".join(lines[1:])]
    return tuple(shorten(line, width, size)[0] for line in lines), size


def _profile_parts(member: MemberView, lang: Lang | str) -> list[str]:
    parts = [member.profile, member.role]
    if member.actions != 3:
        parts.append(_w("actions", lang, n=member.actions))
    return [p for p in parts if p]


def _traits(member: MemberView, lang: Lang | str) -> list[CardLine]:
    lines = []
    if member.skills:
        lines.append(_line(_w("skills", lang), [s.name for s in member.skills]))
    if member.injuries:
        lines.append(_line(_w("injuries", lang), [i.name for i in member.injuries]))
    kit = list(member.equipment)
    if member.mount is not None:
        mount = member.mount
        kit.insert(
            0,
            _w(
                "mount",
                lang,
                mount=mount.name,
                tiro=mount.tiro,
                fred=mount.fred,
                rif=mount.rif,
                cos=mount.cos,
            ),
        )
    if kit:
        lines.append(_line(_w("equipment", lang), kit))
    return lines


def _room(weapon_rows: int, lines: int) -> float:
    """The height left, above the footer, for the profile's rule and the lines to write on:
    the header, the characteristics and the weapons (each after a gap), then the labelled
    lines after one more gap."""
    used = HEADER + GAP + RULE + STATS_HEAD + STATS_VALUES + GAP + RULE + ROW * (1 + weapon_rows)
    if lines:
        used += GAP + ROW * lines
    return INNER_HEIGHT - FOOTER - SLACK - used


def _fill(room: float, special: str) -> tuple[tuple[str, ...], int]:
    """The profile's rule in the lines ``room`` holds (each part after a gap), and how many
    lines to write on fit below it."""
    rule = shorten(special, INNER_WIDTH, RULE_SIZE, lines=max(0, math.floor((room - GAP) / LINE)))
    if rule:
        room -= GAP + LINE * len(rule)
    return rule, max(0, math.floor((room - GAP) / NOTE_LINE))


def front(
    member: MemberView, position: int, gang: str, lang: Lang | str, *, qr: Markup = NO_QR
) -> CardFront:
    """The face of ``member``'s card, the ``position``-th of its gang."""
    rank, suit = card_index(position)
    weapons = _weapons(member.weapons)
    blank_weapons = 0 if weapons else 1
    lines = tuple(_traits(member, lang))
    rule, notes = _fill(_room(len(weapons) + blank_weapons, len(lines)), member.special)
    width = _header_width(bool(qr))
    profile, profile_size = _profile(_profile_parts(member, lang), width)
    name_lines, name_size = _name(member.name, width, two_lines=len(profile) == 1)
    return CardFront(
        member=member,
        rank=rank,
        suit=suit,
        name=name_lines,
        name_size=name_size,
        profile=profile,
        profile_size=profile_size,
        weapons=weapons,
        blank_weapons=blank_weapons,
        lines=lines,
        rule=rule,
        note_lines=notes,
        footer=fit_line(gang, INNER_WIDTH - INDEX_WIDTH, FOOTER_SIZES, clip=True),
        qr=qr,
    )


def blank_front(gang: str, lang: Lang | str) -> CardFront:
    """A card to fill in by hand: the same frame, empty boxes and lines to write on."""
    lines = (
        CardLine(_w("skills", lang), "", LINE_SIZES[0]),
        CardLine(_w("injuries", lang), "", LINE_SIZES[0]),
        CardLine(_w("equipment", lang), "", LINE_SIZES[0]),
    )
    _, notes = _fill(_room(BLANK_WEAPON_ROWS, len(lines)), "")
    return CardFront(
        member=None,
        rank="",
        suit="",
        name=("",),
        name_size=NAME_SIZES[0],
        profile=("",),
        profile_size=PROFILE_SIZES[0],
        weapons=(),
        blank_weapons=BLANK_WEAPON_ROWS,
        lines=lines,
        rule=(),
        note_lines=notes,
        footer=fit_line(gang, INNER_WIDTH - INDEX_WIDTH, FOOTER_SIZES, clip=True),
        qr=NO_QR,
    )


def check_blank(blank: int, *, with_gang: bool) -> None:
    """``--blank``: from 0 (1 without a gang) to ``MAX_BLANK``."""
    low = 0 if with_gang else 1
    if low <= blank <= MAX_BLANK:
        return
    if not with_gang and blank == 0:
        raise SkirmishError(
            "nothing to print: name a gang, or ask for empty cards with --blank N (1 to "
            f"{MAX_BLANK}).",
            it="niente da stampare: indica una banda, o chiedi carte vuote con --blank N "
            f"(da 1 a {MAX_BLANK}).",
        )
    raise SkirmishError(
        f"--blank {blank} is out of range: give {low} to {MAX_BLANK} empty cards "
        f"({MAX_BLANK // PER_PAGE} pages of {PER_PAGE}).",
        it=f"--blank {blank} è fuori intervallo: chiedi da {low} a {MAX_BLANK} carte vuote "
        f"({MAX_BLANK // PER_PAGE} pagine da {PER_PAGE}).",
    )


def _pages(fronts: Sequence[CardFront], back: CardBack | None) -> tuple[CardPage, ...]:
    pages: list[CardPage] = []
    for start in range(0, len(fronts), PER_PAGE):
        placed = tuple((slot(i), card) for i, card in enumerate(fronts[start : start + PER_PAGE]))
        pages.append(CardPage(fronts=placed))
        if back is not None:
            pages.append(CardPage(backs=tuple(back_slot(s) for s, _ in placed), back=back))
    return tuple(pages)


def cards_view(
    gang: Mapping[str, Any] | None,
    lang: Lang | str = Lang.IT,
    *,
    blank: int = 0,
    back: bool = False,
    link: str | None = None,
    only: Collection[str] | None = None,
) -> CardsView:
    """The activation cards of ``gang`` (the store's ``gang show --json`` dict), leader first,
    then heroes, then commons (``build.by_rank``), followed by ``blank`` empty cards; without a
    gang, ``blank`` empty cards alone. ``back``: a page of backs after each page of fronts.
    ``link``: the gang's page on the campaign's public site, as a QR code on every card.
    ``only``: the names of the models to print (a card reprinted after a game), each keeping
    the index it has among the whole gang's cards."""
    check_blank(blank, with_gang=gang is not None)
    fronts: list[CardFront] = []
    gang_name = faction_name = ""
    if gang is not None:
        faction = find_faction(str(gang["faction"]))
        gang_name, faction_name = str(gang["name"]), name(faction, lang)
        qr = _qr(link, gang_name, lang) if link else NO_QR
        members = by_rank(list(gang.get("members", ())), faction.id)
        for position, member in enumerate(members):
            if only is not None and str(member["name"]) not in only:
                continue
            view = member_view(member, lang, faction.id)
            fronts.append(front(view, position, gang_name, lang, qr=qr))
    fronts += [blank_front(gang_name, lang) for _ in range(blank)]
    card_back = CardBack(
        title=_w("game", lang),
        gang=fit_line(gang_name, BACK_TEXT_WIDTH, NAME_SIZES, bold=True, clip=True),
        faction=fit_line(faction_name, BACK_TEXT_WIDTH, PROFILE_SIZES),
    )
    title = _w("doc_cards", lang) + (f": {gang_name}" if gang_name else "")
    return CardsView(title, _pages(fronts, card_back if back else None), len(fronts))


def _qr(link: str, gang: str, lang: Lang | str) -> Markup:
    from skirmish.printing.qr import qr_svg

    return qr_svg(link, size_mm=QR_SIZE, title=_w("qr", lang, gang=gang))


def cards_sheet(
    campaign: Campaign,
    gang: Gang,
    lang: Lang | str,
    *,
    models: Sequence[str] | None = None,
    blank: int = 0,
    back: bool = False,
) -> CardsView:
    """The cards of ``gang`` (of ``campaign``, read in the caller's unit of work), with a QR
    code to its page when the campaign has a web address: what ``skirmish print cards`` and
    the web app's download print, the same cards. ``models``: only these (names as stored,
    case and accents aside; an unknown one is refused with the nearest, a dead one because
    the dead are not activated, R-10)."""
    from skirmish.campaign import views
    from skirmish.campaign.links import gang_link
    from skirmish.printing.sheets import chosen_members

    check_blank(blank, with_gang=True)
    only: set[str] | None = None
    if models is not None:
        living, dead = chosen_members(gang, models)
        if dead:
            names = ", ".join(repr(m.name) for m in dead)
            raise CampaignError(
                f"{names}: the dead (R-10) have no activation card; leave them out of --models.",
                it=f"{names}: i morti (R-10) non hanno una carta di attivazione; togli da "
                "--models i personaggi morti.",
            )
        only = {m.name for m in living}
    link = gang_link(campaign, gang.name)
    data = views.gang_data(gang, lang)
    return cards_view(data, lang, blank=blank, back=back, link=link, only=only)


def render_cards(cards: CardsView, lang: Lang | str = Lang.IT, *, inline_css: bool = True) -> str:
    """The sheet of cards as HTML (``inline_css=False``: without the stylesheet, for
    ``write_pdf_sheets`` or ``pdf.Press``, which bring it parsed)."""
    from skirmish.printing.render import _render

    return _render(
        "cards.html",
        lang,
        inline_css=inline_css,
        cards=cards,
        g=GEOMETRY,
        marks=cut_marks(),
        w=WORDS[str(lang)] if str(lang) in WORDS else WORDS["en"],
        suit_colours=SUIT_COLOURS,
        back_colour=BACK_COLOUR,
    )
