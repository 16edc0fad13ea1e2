"""Activation cards decided before layout (issue #13): the grid and its mirror for the backs,
text measured with the fonts' metrics and shortened at word boundaries, the order and the
corner indexes of a gang's cards, blank cards, and the HTML (escaped, no internal ids).
The laid-out and printed cards are checked in test_cards_pdf.py."""

from __future__ import annotations

import string
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from print_fixtures import lawmen_gang, member

from skirmish.errors import SkirmishError
from skirmish.printing import card_front, card_layout, card_text
from skirmish.printing.card_front import card_index, check_blank
from skirmish.printing.card_layout import (
    CARD_HEIGHT,
    CARD_WIDTH,
    INNER_WIDTH,
    LINE_SIZES,
    MAX_BLANK,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    back_slot,
    cut_marks,
    slot,
)
from skirmish.printing.card_text import ELLIPSIS, fit_line, fits, shorten, text_width, wrap
from skirmish.printing.cards import cards_view, render_cards
from skirmish.rules import find_profile, items, profiles, weapons


def test_nine_poker_cards_centred_on_a4() -> None:
    corners = [slot(i) for i in range(9)]
    assert corners[0].x == pytest.approx(10.5) and corners[0].y == pytest.approx(16.5)
    assert (CARD_WIDTH, CARD_HEIGHT) == (63.0, 88.0)
    right = corners[8].x + CARD_WIDTH
    bottom = corners[8].y + CARD_HEIGHT
    assert right == pytest.approx(PAGE_WIDTH - corners[0].x)  # as much margin each side
    assert bottom == pytest.approx(PAGE_HEIGHT - corners[0].y)
    assert slot(9) == slot(0)  # the tenth card starts the next page


def test_the_back_of_a_card_is_its_front_mirrored_across_the_long_edge() -> None:
    for index in range(9):
        front = slot(index)
        back = back_slot(front)
        assert back.row == front.row and back.column == 2 - front.column
        # flipped on the long (vertical) edge, x becomes PAGE_WIDTH - x: the back's right edge
        assert PAGE_WIDTH - (back.x + CARD_WIDTH) == pytest.approx(front.x)
        assert back_slot(back) == front


def test_cut_marks_stay_in_the_margins_and_mark_every_cut_line() -> None:
    grid = (slot(0).x, slot(0).y, slot(8).x + CARD_WIDTH, slot(8).y + CARD_HEIGHT)
    marks = cut_marks()
    for m in marks:
        outside = m.x + m.width < grid[0] or m.x > grid[2] or m.y + m.height < grid[1]
        assert outside or m.y > grid[3]
        assert m.x >= 3 and m.y >= 3 and m.x + m.width <= PAGE_WIDTH - 3  # printable area
    xs = {round(m.x + m.width / 2, 3) for m in marks if m.height > m.width}
    ys = {round(m.y + m.height / 2, 3) for m in marks if m.width > m.height}
    assert xs == {round(grid[0] + c * CARD_WIDTH, 3) for c in range(4)}
    assert ys == {round(grid[1] + r * CARD_HEIGHT, 3) for r in range(4)}
    assert len(marks) == 16  # each line, at both ends


def test_text_is_measured_with_the_shipped_faces() -> None:
    assert text_width("MM", 10) == pytest.approx(2 * text_width("M", 10))
    assert text_width("M", 20) == pytest.approx(2 * text_width("M", 10))
    assert text_width("Wyatt", 10, bold=True) > text_width("Wyatt", 10)
    assert 1.5 < text_width("M", 10) < 3.5  # DejaVu Sans Condensed: an M is ~0.7 em


def test_wrap_breaks_at_spaces_and_splits_only_a_word_too_long_for_a_line() -> None:
    lines = wrap("uno due tre quattro cinque sei sette otto".split(), 20, 8)
    assert (
        len(lines) > 1
        and " ".join(lines).split() == "uno due tre quattro cinque sei sette otto".split()
    )
    assert all(fits(line, 20, 8) for line in lines)
    long_word = "x" * 80
    parts = wrap([long_word], 20, 8)
    assert "".join(parts) == long_word and all(fits(p, 20, 8) for p in parts)


WORD = st.text(alphabet=string.ascii_letters + "àèéìòù'", min_size=1, max_size=12)
PUNCTUATED = st.tuples(WORD, st.sampled_from(["", ",", ".", ";", ":"])).map("".join)


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(PUNCTUATED, min_size=1, max_size=60),
    width=st.floats(min_value=15, max_value=60),
    size=st.sampled_from([5.0, 6.3, 7.0, 9.0]),
    lines=st.integers(min_value=1, max_value=5),
)
def test_shortening_never_cuts_a_word(
    words: list[str], width: float, size: float, lines: int
) -> None:
    assume(all(fits(w + ELLIPSIS, width, size) for w in words))
    out = shorten(" ".join(words), width, size, lines=lines)
    assert 1 <= len(out) <= lines
    assert all(fits(line, width, size) for line in out)
    kept = " ".join(out).split()
    if not kept[-1].endswith(ELLIPSIS):
        assert kept == words  # everything fitted
        return
    *whole, last = kept
    last = last.removesuffix(ELLIPSIS)
    assert whole == words[: len(whole)]  # whole words, in order, from the first
    if last:  # the last word kept is whole too, only its trailing punctuation dropped
        word = words[len(whole)]
        assert last == (word.rstrip(card_text._TRAILING) or word)
    assert len(whole) + bool(last) < len(words)  # something was left out


def test_shortening_leaves_a_short_text_alone_and_drops_trailing_punctuation() -> None:
    assert shorten("Duro e puro", 50, 7) == ("Duro e puro",)
    text = "Supera in automatico tutti i test di panico, se lo sceriffo è vicino, e non solo."
    (line,) = shorten(text, 30, 7)
    assert line.endswith(ELLIPSIS) and ",…" not in line
    assert text.startswith(line.removesuffix(ELLIPSIS).rstrip(",")) and fits(line, 30, 7)


def test_a_name_without_a_word_boundary_is_clipped_between_characters() -> None:
    name = "Supercalifragilistichespiralidosissimamente" * 2
    fitted = fit_line(name, 30, (9.0, 7.0), bold=True, clip=True)
    assert fitted.size == 7.0 and fitted.text.endswith(ELLIPSIS)
    assert name.startswith(fitted.text.removesuffix(ELLIPSIS)) and len(fitted.text) > 10
    assert fits(fitted.text, 30, 7.0, bold=True)
    assert fit_line("Jo", 30, (9.0, 7.0)).size == 9.0  # the largest size that fits


def test_card_indexes_are_distinct_for_a_whole_deck() -> None:
    deck = [card_index(i) for i in range(52)]
    assert len(set(deck)) == 52
    assert deck[:3] == [("A", "spades"), ("K", "spades"), ("Q", "spades")]
    assert deck[13] == ("A", "hearts")


def _gang(**changes: Any) -> dict[str, Any]:
    gang = lawmen_gang()
    gang.update(changes)
    return gang


def test_cards_follow_the_rank_order_leader_first_and_blanks_last() -> None:
    gang = _gang()
    gang["members"] = list(reversed(gang["members"]))  # hired commons first
    view = cards_view(gang, "it", blank=4)
    assert view.cards == 10 and len(view.pages) == 2
    fronts = [card for page in view.pages for _, card in page.fronts]
    names = [c.member.name if c.member else None for c in fronts]
    assert names[0] == "Wyatt Earp"  # the sheriff, the leader
    assert set(names[1:3]) == {"Doc Holliday", "Virgil Earp"}  # the heroes
    assert names[6:] == [None] * 4
    assert [(c.rank, c.suit) for c in fronts[:2]] == [("A", "spades"), ("K", "spades")]
    assert all(c.rank == "" and c.wound_boxes == 4 for c in fronts[6:])  # filled in by hand


def test_backs_follow_each_page_of_fronts_and_tell_nothing_of_the_model() -> None:
    view = cards_view(_gang(), "en", blank=4, back=True)
    kinds = ["back" if page.back else "front" for page in view.pages]
    assert kinds == ["front", "back", "front", "back"]
    for fronts, backs in zip(view.pages[::2], view.pages[1::2], strict=True):
        assert [back_slot(s) for s, _ in fronts.fronts] == list(backs.backs)
    back = view.pages[1].back
    assert back is not None and back == view.pages[3].back
    assert (back.title, back.gang.text, back.faction.text) == (
        "Per qualche dado in più",
        "Tombstone Marshals",
        "Lawmen",
    )


def test_blank_cards_alone() -> None:
    view = cards_view(None, "it", blank=9, back=True)
    assert view.cards == 9 and len(view.pages) == 2
    assert all(card.member is None for _, card in view.pages[0].fronts)
    assert view.pages[1].back is not None and view.pages[1].back.gang.text == ""


@pytest.mark.parametrize(
    ("blank", "with_gang", "english", "italian"),
    [
        (0, False, "nothing to print: name a gang", "niente da stampare: indica una banda"),
        (-1, True, "--blank -1 is out of range: give 0 to 54", "--blank -1 è fuori intervallo"),
        (MAX_BLANK + 1, False, "--blank 55 is out of range: give 1 to 54", "chiedi da 1 a 54"),
    ],
)
def test_blank_out_of_range_is_refused_in_both_languages(
    blank: int, with_gang: bool, english: str, italian: str
) -> None:
    with pytest.raises(SkirmishError) as raised:
        check_blank(blank, with_gang=with_gang)
    assert english in str(raised.value) and italian in raised.value.text("it")
    check_blank(MAX_BLANK, with_gang=with_gang)  # the largest is fine


def test_lists_keep_whole_items_and_say_how_many_more() -> None:
    names = ["Fuciliere/Cacciatore (fucile)", "Guerriero (arma bianca)", "Pugile", "Dottore"]
    names += ["Predicatore", "Buon cavaliere", "Giocatore", "Bounty killer"]
    line = card_front._line("Abilità", names)
    assert line.size == LINE_SIZES[-1]
    shown, _, more = line.text.rpartition(f"{ELLIPSIS} +")
    assert shown.split(", ") == names[: len(shown.split(", "))]
    assert int(more) == len(names) - len(shown.split(", "))
    room = INNER_WIDTH - text_width("Abilità: ", line.size, bold=True)
    assert fits(line.text, room, line.size)
    assert card_front._line("Ferite", ["Orbo"]).text == "Orbo"


def test_the_profile_line_breaks_between_its_parts_never_inside_one() -> None:
    parts = ["Donna da saloon, avventuriera", "EROE, max 2", "2 azioni"]
    lines, size = card_front._profile(parts, 37)  # beside a QR code
    assert len(lines) == 2 and size == card_layout.PROFILE_SIZES[1]
    assert all(any(line.startswith(p) or line.endswith(p) for p in parts) for line in lines)
    assert "2 azioni" in " ".join(lines) and not any(line.endswith(" 2") for line in lines)


def test_every_profile_gets_its_rule_whole_on_an_ordinary_card() -> None:
    for profile in profiles():
        faction = profile.faction if profile.faction != "npc" else "lawmen"
        model = member(profile, "Tom", items=["six-shooter", "knife"])
        view = cards_view({"name": "Gang", "faction": faction, "members": [model]}, "en")
        (card,) = [card for _, card in view.pages[0].fronts]
        assert " ".join(card.rule).split() == profile.special_en.split(), profile.id
        assert card.note_lines >= 2


@pytest.fixture(scope="module")
def html() -> str:
    gang = _gang(name="<b>Tom & Jerry</b>")
    gang["members"][1]["name"] = "Virgil <script> Earp"
    view = cards_view(gang, "en", blank=1, back=True, link="https://saloon.example.org/c/x/g/y")
    return render_cards(view, "en")


def test_user_text_is_escaped(html: str) -> None:
    assert "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;" in html and "<b>Tom" not in html
    assert "&lt;script&gt;" in html and "<script>" not in html


def test_no_internal_id_reaches_the_card(html: str) -> None:
    text = html.split("</style>")[-1]  # the cards, after the stylesheets
    ids = [w.id for w in weapons() if "-" in w.id] + [i.id for i in items() if "-" in i.id]
    ids += [p.id for p in profiles() if "-" in p.id]
    assert [found for found in ids if found in text] == []
    assert (
        "Repeating rifle" in text or "Repeater" in text or find_profile("sheriff").name_en in text
    )


def test_the_html_is_one_self_contained_file_with_a_qr_code_on_every_card(html: str) -> None:
    assert 'url("data:font/ttf;base64,' in html and "src=" not in html
    assert html.count('class="qr"') == 6  # the six models; the blank card has none
    assert html.count('class="ac-card ac-back"') == 7


def test_a_dead_model_has_no_card_to_reprint() -> None:
    from skirmish.campaign.models import Campaign, Gang, Member, MemberStatus
    from skirmish.errors import CampaignError
    from skirmish.printing.cards import cards_sheet

    def hired(number: int, name: str, profile_id: str, status: str) -> Member:
        p = find_profile(profile_id)
        numbers = {k: getattr(p, k) for k in ("tiro", "fred", "rif", "cos", "fama", "fortuna")}
        return Member(id=number, name=name, profile=profile_id, status=status, **numbers)

    gang = Gang(
        campaign_id=1,
        name="Earps",
        faction="lawmen",
        members=[
            hired(1, "Wyatt Earp", "sheriff", MemberStatus.ACTIVE),
            hired(2, "Morgan Earp", "guard", MemberStatus.DEAD),
        ],
    )
    campaign = Campaign(id=1, name="Tombstone", created_at="2026-11-26T12:00:00")
    assert cards_sheet(campaign, gang, "en").cards == 1  # the dead are not on the cards
    with pytest.raises(CampaignError) as raised:
        cards_sheet(campaign, gang, "en", models=["Morgan Earp"])
    assert "'Morgan Earp': the dead (R-10) have no activation card" in str(raised.value)
    assert "i morti (R-10) non hanno una carta di attivazione" in raised.value.text("it")


def test_a_long_name_takes_two_lines_when_the_profile_takes_one() -> None:
    name = "Bartholomew 'Black Bart' Roberts de la Vega"
    lines, size = card_front._name(name, 37, two_lines=True)
    assert size == card_layout.NAME_TWO_LINES_SIZE and len(lines) == 2
    assert " ".join(lines) == name and all(fits(li, 37, size, bold=True) for li in lines)
    (line,), smaller = card_front._name(name, 37, two_lines=False)
    assert smaller < card_layout.NAME_MIN_ONE_LINE and line.endswith(ELLIPSIS)
    assert card_front._name("Jo", 37, two_lines=True) == (("Jo",), card_layout.NAME_SIZES[0])
