"""An activation card's front, decided before any layout: its corner index, the name and profile
shrunk to fit, the weapons' rows, the skills, injuries and equipment, and the profile's rule
broken into the lines the card has left (``front``); a blank card to fill in by hand
(``blank_front``); the cards' words in both languages (``WORDS``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.printing.card_layout import (
    BLANK_WEAPON_ROWS,
    CELL_SIZES,
    FOOTER,
    FOOTER_SIZES,
    GAP,
    HEADER,
    HEADER_GAP,
    INDEX_WIDTH,
    INNER_HEIGHT,
    INNER_WIDTH,
    LINE,
    LINE_SIZES,
    MAX_BLANK,
    MAX_WEAPON_ROWS,
    NAME_MIN_ONE_LINE,
    NAME_SIZES,
    NAME_TWO_LINES_SIZE,
    NO_QR,
    NOTE_LINE,
    PER_PAGE,
    PROFILE_SIZES,
    QR_SIZE,
    RANGE_WIDTH,
    RANKS,
    ROW,
    RULE,
    RULE_SIZE,
    SHOTS_WIDTH,
    SLACK,
    STATS_HEAD,
    STATS_VALUES,
    SUITS,
    WEAPON_NAME_WIDTH,
    CardFront,
    CardLine,
    CardWeapon,
)
from skirmish.printing.card_text import ELLIPSIS, Fitted, fit_line, fits, shorten, text_width
from skirmish.printing.views import MemberView, WeaponLine
from skirmish.translation import N_, Message

WORDS: Catalogue = messages(
    {
        "doc_cards": N_("Activation cards"),
        "game": N_("Per qualche dado in più"),
        "actions": N_("{n} actions"),
        "range": N_("Range"),
        "skills": N_("Skills"),
        "injuries": N_("Injuries"),
        "equipment": N_("Equip."),
        "mount": N_("{mount} (TIRO {tiro} FRED {fred} RIF {rif} COS {cos})"),
        "notes": N_("Notes"),
        "qr": N_("The gang {gang} on the campaign's site"),
    }
)


def card_word(key: str, lang: Lang | str, **values: Any) -> str:
    return tr(WORDS, key, lang, **values)


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
        parts.append(card_word("actions", lang, n=member.actions))
    return [p for p in parts if p]


def _traits(member: MemberView, lang: Lang | str) -> list[CardLine]:
    lines = []
    if member.skills:
        lines.append(_line(card_word("skills", lang), [s.name for s in member.skills]))
    if member.injuries:
        lines.append(_line(card_word("injuries", lang), [i.name for i in member.injuries]))
    kit = list(member.equipment)
    if member.mount is not None:
        mount = member.mount
        kit.insert(
            0,
            card_word(
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
        lines.append(_line(card_word("equipment", lang), kit))
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
        CardLine(card_word("skills", lang), "", LINE_SIZES[0]),
        CardLine(card_word("injuries", lang), "", LINE_SIZES[0]),
        CardLine(card_word("equipment", lang), "", LINE_SIZES[0]),
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
            Message(
                "nothing to print: name a gang, or ask for empty cards with --blank N "
                "(1 to {max_blank}).",
                max_blank=MAX_BLANK,
            )
        )
    raise SkirmishError(
        Message(
            "--blank {blank} is out of range: give {low} to {max_blank} empty "
            "cards ({max_blank_per_page} pages of {per_page}).",
            blank=blank,
            low=low,
            max_blank=MAX_BLANK,
            max_blank_per_page=MAX_BLANK // PER_PAGE,
            per_page=PER_PAGE,
        )
    )
