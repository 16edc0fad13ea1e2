"""Fitting a roster onto its page: the game-day box's turn boxes, and ``page_plan`` and
``fit_page``, which estimate in mm how much each card and the rules take at the sizes of
templates/roster.css and share the room left between the cards' ruled lines and the box below.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from skirmish.printing.views import (
    MemberView,
    RosterView,
)

#: Turn boxes of the game-day box: most scenarios of §10 have no turn limit and a game rarely
#: lasts a dozen turns; every scenario's limit fits (the witness: 8; a test holds it, so that a
#: roster never parses the scenarios' TOML, issue #23).
GAME_TURNS = 12


class _Mm:
    """What the roster's parts measure on paper, in mm (templates/roster.css), as weasyprint
    lays them out; ``page_plan`` errs on the tall side with them."""

    PAGE = 274.0  # A4's 297 less the page margins (275), less 1 mm of slack…
    SLACK = 4.0  # …and this much more left below the box that takes the page's room
    HEAD = 27.5  # name, two rows of fields…
    HEAD_QR = 31.0  # …and the QR code beside them, with its link under it
    CARD = 32.2  # name, profile, numbers, XP boxes, the weapons' head, the notes' label
    EMPTY_WEAPON = 3.9  # an empty weapon row to write in
    BLANK_CARD = 48.0  # the empty card, without its ruled lines
    WEAPON = 1.4  # a weapon's row, plus this per line of its name or note…
    WEAPON_LINE = 2.5
    TEXT = 0.5  # a paragraph (a skill, an injury…), plus this per line
    TEXT_LINE = 3.1
    ROW_GAP = 2.0
    FRAME = 3.0  # a card's border and padding
    RULED = 5.0  # a ruled line under a card
    GAMEDAY = 27.0  # the game-day box's head, fields, turns and table head…
    TRACKER_ROW = 4.7  # …and a row per model, this per line of its name
    FILL = 24.0  # the box under the cards, at least (margin included)
    RULES = 4.0  # the gang's rules box; plus a heading and lines for each part
    HEADING = 4.5
    RULES_LINE = 3.4
    HOUSE_LINE = 2.9


#: Characters of a line, at the sizes of templates/roster.css (fewer than fit: words wrap).
CARD_CHARS, NOTE_CHARS, NAME_CHARS, RULES_CHARS, HOUSE_CHARS = 75, 26, 11, 140, 70
#: Characters of a model's name in the game-day box, beside a card or under the cards.
TRACKER_CHARS, WIDE_TRACKER_CHARS = 24, 50
#: Ruled lines under each card at least, and at most when the page has room to spare.
WRITE_LINES, MAX_WRITE_LINES = 2, 8
#: The share of the room to spare that goes to the cards' ruled lines (the box below takes
#: the rest, and whatever the estimate leaves).
CARDS_SHARE = 0.7


def _lines(text: str, width: int) -> int:
    return max(1, -(-len(text) // width)) if text else 0


def _card_mm(m: MemberView, weapon_lines: int = 2) -> float:
    """How tall ``m``'s card is without its ruled lines, with ``weapon_lines`` empty rows."""
    weapons = sum(
        _Mm.WEAPON
        + _Mm.WEAPON_LINE * max(1, _lines(w.note, NOTE_CHARS), _lines(w.name, NAME_CHARS))
        for w in m.weapons
    )
    texts = [m.special, m.notes, *(f"{s.name}: {s.effect}" for s in (*m.skills, *m.injuries))]
    if m.mount:
        texts.append(f"{m.mount.name} (TIRO 0 FRED 0 RIF 0 COS 0). {m.mount.note}")
    if m.equipment:
        texts.append(", ".join(m.equipment) + " " * 16)
    paragraphs = sum(_Mm.TEXT + _Mm.TEXT_LINE * _lines(text, CARD_CHARS) for text in texts if text)
    return _Mm.CARD + _Mm.EMPTY_WEAPON * weapon_lines + weapons + paragraphs


def _rules_mm(view: RosterView) -> float:
    if not (view.faction_rules or view.leader_aura or view.house_rules):
        return 0.0
    height = _Mm.RULES
    if view.faction_rules:
        height += _Mm.HEADING + sum(
            _Mm.RULES_LINE * _lines(r, RULES_CHARS) for r in view.faction_rules
        )
    if view.leader_aura:
        height += _Mm.HEADING + _Mm.RULES_LINE * _lines(view.leader_aura, RULES_CHARS)
    # two to a line: each pair as tall as its longer rule
    lines = [_lines(f"{r.id} {r.text}", HOUSE_CHARS) for r in view.house_rules]
    rows = [max(lines[i : i + 2]) for i in range(0, len(lines), 2)]
    if view.house_rules:
        height += _Mm.HEADING + _Mm.HOUSE_LINE * sum(rows)
    return height


class Plan(NamedTuple):
    """How a roster fills its page (``page_plan``)."""

    write_lines: int  # ruled lines under each card
    weapon_lines: int  # empty weapon rows under each model's weapons
    one_page: bool  # the sheet fits one page, which it fills
    fill: bool  # the box under the cards prints
    fill_mm: float = 0.0  # how tall the box under the cards is, at least


def _pages(blocks: Sequence[float]) -> int:
    """How many pages ``blocks`` (heights in mm, each kept whole, the gap after each
    included) fill when laid one under the other."""
    pages, used = 1, 0.0
    for height in blocks:
        if used and used + height > _Mm.PAGE:
            pages, used = pages + 1, 0.0
        used += height
    return pages


def page_plan(view: RosterView) -> Plan:
    """How the roster fills its page.

    The sheet is laid out before weasyprint sees it, from the heights its parts take
    (``_Mm``, erring tall): when the cards, the game-day box and the gang's rules fit one page
    with room to spare, each card gets more ruled lines (the same number for every card, up to
    ``MAX_WRITE_LINES``, ``CARDS_SHARE`` of the room) and the box under the cards takes the rest
    of the page. A gang that fits only with less gets fewer ruled lines, then none, then loses
    the box under the cards, then the empty weapon rows. A crowded one flows onto more pages,
    its rows of cards whole, with the most it can keep in as few pages as its cards allow."""
    playing = [m.name for m in view.members if not m.dead] + [""] * view.blank
    count = len(view.members) + view.blank
    half = count % 2 == 1  # the game-day box sits beside the last card
    width = TRACKER_CHARS if half else WIDE_TRACKER_CHARS
    gameday = _Mm.GAMEDAY + sum(_Mm.TRACKER_ROW * _lines(n or " ", width) for n in playing)

    def blocks(weapon_lines: int, fill: bool, lines: int = 0) -> list[float]:
        """The sheet's parts one under the other: the header, each row of cards, the box
        under them, the gang's rules (each with the gap after it)."""
        cards = [_card_mm(m, weapon_lines) for m in view.members]
        cards += [_Mm.BLANK_CARD - _Mm.EMPTY_WEAPON * (view.weapon_lines - weapon_lines)] * (
            view.blank
        )
        rows = [
            max(cards[i : i + 2]) + _Mm.FRAME + _Mm.RULED * lines for i in range(0, len(cards), 2)
        ]
        below = _Mm.FILL if fill else 0.0
        if half:
            rows[-1] = max(rows[-1], gameday)
        elif fill:
            below = max(below, gameday + _Mm.ROW_GAP)
        head = _Mm.HEAD_QR if view.qr else _Mm.HEAD
        return [head, *(row + _Mm.ROW_GAP for row in rows), below, _rules_mm(view)]

    def room(weapon_lines: int, fill: bool) -> tuple[float, int]:
        """The page's height left over, and the rows of cards."""
        parts = blocks(weapon_lines, fill)
        return _Mm.PAGE - sum(parts), max(len(parts) - 3, 1)

    free, rows = room(view.weapon_lines, True)
    below = _Mm.FILL if half else max(_Mm.FILL, gameday + _Mm.ROW_GAP)
    ruled = _Mm.RULED * rows
    if free >= WRITE_LINES * ruled:  # room to spare: the cards take most of it
        lines = min(MAX_WRITE_LINES, max(WRITE_LINES, int(free * CARDS_SHARE // ruled)))
    elif free >= 0:
        lines = int(free // ruled)
    else:
        lines = -1
    if lines >= 0:  # the box under the cards takes what the lines leave (less the slack)
        left = max(0.0, free - lines * ruled - _Mm.SLACK)
        return Plan(lines, view.weapon_lines, True, True, below - _Mm.ROW_GAP + left)
    if room(view.weapon_lines, False)[0] >= 0:
        return Plan(0, view.weapon_lines, True, False)
    for weapon_lines in range(view.weapon_lines - 1, -1, -1):
        if room(weapon_lines, False)[0] >= 0:
            return Plan(0, weapon_lines, True, False)
    # more than a page: the fewest pages the cards allow, then the most kept in them
    choices = [
        (weapon_lines, fill, lines)
        for weapon_lines in range(view.weapon_lines, -1, -1)
        for fill in (True, False)
        for lines in (WRITE_LINES, 0)
    ]
    fewest = min(_pages(blocks(*choice)) for choice in choices)
    weapon_lines, fill, lines = next(c for c in choices if _pages(blocks(*c)) == fewest)
    return Plan(lines, weapon_lines, False, fill)


def fit_page(view: RosterView) -> RosterView:
    """``view`` laid out for its page (``page_plan``)."""
    plan = page_plan(view)
    return view._replace(
        write_lines=plan.write_lines,
        weapon_lines=plan.weapon_lines,
        one_page=plan.one_page,
        fill=plan.fill,
        fill_mm=round(plan.fill_mm, 1),
    )
