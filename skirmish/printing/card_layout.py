"""The activation cards' measures and the sheet's layout (issue #13), in millimetres: the template
takes every number from here.

The cards are 63×88, three by three, edge to edge, the grid centred on an A4 page (10.5 mm left
and right, 16.5 mm top and bottom), with cut marks in the margins along every cut line.
``--back`` follows each page of fronts with a page of backs mirrored column by column, so that
a sheet flipped on its long edge puts each back behind its front. The view-models of a sheet of
cards (``CardFront``, ``CardPage``, ``CardsView``…) are here too.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from skirmish.printing.card_text import Fitted
from skirmish.printing.views import MemberView

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

#: The corner indexes of a gang's cards in order: A♠ for the first model (the leader), then
#: K♠, Q♠… 2♠, then the hearts, diamonds and clubs: 52 distinct cards.
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("spades", "hearts", "diamonds", "clubs")
RED_SUITS = frozenset({"hearts", "diamonds"})
#: A card without a QR code (the campaign has no public web address).
NO_QR = Markup()


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
