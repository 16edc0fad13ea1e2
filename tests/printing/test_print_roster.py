"""The roster sheet (issue #13): order, header, XP boxes, weapon lines, dead models, blank
cards, how the page is filled, singular profile names. The PDFs are in test_print_roster_pdf.py,
the command's options in tests/cli/test_print_roster_cli.py."""

from __future__ import annotations

import dataclasses
import re
from datetime import date
from typing import Any, ForwardRef

import pytest
from print_fixtures import check_golden, faction_gangs, lawmen_gang, member

from skirmish.i18n import Lang
from skirmish.printing import views
from skirmish.printing.build import printed_date, roster_view
from skirmish.printing.members import XP_ROW, advance_marks, by_rank, xp_track
from skirmish.printing.qr import qr_svg
from skirmish.printing.render import render_roster, stylesheet
from skirmish.printing.roster_page import GAME_TURNS, MAX_WRITE_LINES, page_plan
from skirmish.rules import advance_costs, advances, find_profile, profiles
from skirmish.rules.scenarios import scenarios


def _by_id() -> dict[str, Any]:
    return {p.id: p for p in profiles()}


def test_by_rank_puts_the_leader_first_then_heroes_then_commons() -> None:
    p = _by_id()
    members = [
        member(p["guard"], "Morgan"),
        member(p["deputy"], "Virgil"),
        member(p["saloon-girl"], "Kate"),
        member(p["guard"], "Promoted", role="hero"),  # a common promoted by FAMA
        member(p["sheriff"], "Wyatt"),
        member(p["deputy"], "Doc"),
        member(p["lawmen-volunteer"], "Behan"),
    ]
    ranked = [m["name"] for m in by_rank(members, "lawmen")]
    # heroes and commons keep the store's (hiring) order within their group
    assert ranked == ["Wyatt", "Virgil", "Promoted", "Doc", "Morgan", "Kate", "Behan"]
    assert [m["name"] for m in members][0] == "Morgan"  # the input is not reordered in place


def test_by_rank_of_no_models_is_empty() -> None:
    assert by_rank([]) == []


#: The book's profile headings that are plurals (§9.5, §9.7), and the singular a card prints.
BOOK_PLURALS = {
    "Cowboys": ("cowboy", "Cowboy"),
    "Pivelli": ("greenhorn", "Pivello"),
    "Gringos": ("gringo", "Gringo"),
    "Peones": ("peon", "Peón"),
}


def test_profile_names_are_singular_and_the_plurals_still_find_them() -> None:
    for plural, (profile_id, singular) in BOOK_PLURALS.items():
        found = find_profile(plural)
        assert (found.id, found.name_it) == (profile_id, singular)
        assert find_profile(singular).id == profile_id
    # every other Italian and English name is the book's singular heading already
    names = {n for p in profiles() for n in (p.name_it, p.name_en)}
    assert not names & set(BOOK_PLURALS)
    assert not {"Greenhorns", "Gringos", "Peons", "Cowboys"} & names


def test_the_roster_prints_the_leader_first() -> None:
    gang = lawmen_gang()
    gang["members"] = gang["members"][::-1]  # hired last
    view = roster_view(gang, Lang.EN)
    assert [m.name for m in view.members][:3] == ["Wyatt Earp", "Doc Holliday", "Virgil Earp"]
    assert view.members[-1].name == "Morgan Earp"  # commons keep their (reversed) hiring order


def test_xp_boxes_tick_the_xp_and_mark_what_it_buys() -> None:
    costs = {a.xp for a in advances()}
    assert costs == {3, 5, 6, 7}  # §7.2, from the registry
    track = xp_track(4)
    assert len(track) == XP_ROW
    assert [b.ticked for b in track] == [True] * 4 + [False] * (XP_ROW - 4)
    assert {b.cost for b in track if b.cost} == costs
    assert all(b.cost == i for i, b in enumerate(track, 1) if b.cost)
    assert len(xp_track(0)) == XP_ROW and len(xp_track(XP_ROW + 1)) == 2 * XP_ROW
    assert sum(b.ticked for b in xp_track(30)) == 30
    assert [(a.cost, a.label) for a in advance_marks(Lang.IT)] == [
        (3, "Abilità"), (5, "RIF/FRED"), (6, "COS/TIRO"), (7, "FA/FO"),
    ]  # fmt: skip
    assert advance_costs()["skill"] == advance_marks(Lang.EN)[0].cost
    html = render_roster(roster_view(lawmen_gang(), Lang.IT), Lang.IT, inline_css=False)
    wyatt = html.split('<section class="model">')[1]  # 6 XP: six ticks, the 7 still to reach
    track = wyatt.split('<div class="xp-track">')[1].split("</div>")[0]
    runs = dict(re.findall(r'<span class="(xp-[a-z]+)[^"]*">([^<]*)</span>', track))
    assert runs["xp-boxes"] == "\u25a1" * XP_ROW  # a box per XP point, as glyphs
    assert runs["xp-ticks"] == "\u00d7" * 6  # the six XP held
    assert runs["xp-costs"] == "7" + "\u2007" * (XP_ROW - 7)  # the 7 still to reach
    blank = render_roster(roster_view(lawmen_gang(), Lang.IT, blank=1), Lang.IT, inline_css=False)
    empty = blank.split('<section class="model blank-card">')[1].split('<table class="weapons">')[0]
    assert "xp-ticks" not in empty
    assert re.findall(r'xp-costs">([^<]*)<', empty) == [
        "".join(str(i) if i in costs else "\u2007" for i in range(1, XP_ROW + 1))
    ]
    rich = roster_view({**lawmen_gang(), "members": [{**lawmen_gang()["members"][0], "xp": 16}]})
    rows = render_roster(rich, Lang.IT, inline_css=False).count('<div class="xp-track">')
    assert rows == 2  # 16 XP: a second row of 14 boxes, two of them ticked
    assert "Con i punti esperienza (§7.2)" in html


def test_every_card_has_empty_weapon_rows_to_write_in() -> None:
    small = lawmen_gang()
    small["members"] = small["members"][:2]
    view = roster_view(small, Lang.EN)
    assert view.weapon_lines == 2
    html = render_roster(view, Lang.EN, inline_css=False)
    # one table row as tall as the two, the line between them its background
    assert html.count('<tr class="write-row weapon-lines rows-2">') == 2
    # each number of rows and of ruled lines a sheet can print has its rule in the stylesheet
    # (classes, not style attributes: weasyprint shares the computed styles of alike elements)
    css = stylesheet()
    for rows in (2, 3):  # a roster's at most (RosterView), the blank sheet's
        height = f"{rows * 4.341 - 0.741:.3f}mm"
        assert f".weapons tr.rows-{rows} td:first-child {{ height: {height}; }}" in css
    for lines in range(1, MAX_WRITE_LINES + 1):
        assert f".card-body.lines-{lines} {{ margin-bottom: {5 * lines}mm; }}" in css
    assert 'style="' not in html.split('<div class="models">')[1].split('<div class="fill')[0]
    assert html.count('<table class="weapons">') == 2


def test_the_header_carries_the_record_the_campaign_and_the_date() -> None:
    gang = {**lawmen_gang(), "rating": 812}
    record = {"gang": gang["name"], "games": 7, "wins": 4}
    view = roster_view(
        gang, Lang.IT, campaign="Tombstone <1881>", printed=date(2026, 3, 1), record=record
    )
    assert (view.rating, view.played, view.won) == (812, 7, 4)
    html = render_roster(view, Lang.IT, inline_css=False)
    assert "812 $" in html and "7 / 4" in html and "1 marzo 2026" in html
    assert "Tombstone &lt;1881&gt;" in html and "Partite / vinte" in html
    english = render_roster(
        roster_view(gang, Lang.EN, printed=date(2026, 11, 26), record=record),
        Lang.EN,
        inline_css=False,
    )
    assert "26 November 2026" in english and "Games / won" in english
    assert "Campaign" not in english.split('<div class="models">')[0]  # no campaign, no field
    hand_made = roster_view({**lawmen_gang(), "games_played": 3}, Lang.EN)
    assert (hand_made.played, hand_made.won, hand_made.rating) == (3, None, None)


@pytest.mark.parametrize(
    ("day", "lang", "shown"),
    [
        (date(2026, 1, 31), Lang.IT, "31 gennaio 2026"),
        (date(2026, 12, 5), Lang.IT, "5 dicembre 2026"),
        (date(2026, 8, 15), Lang.EN, "15 August 2026"),
    ],
)
def test_dates_in_the_sheets_language(day: date, lang: Lang, shown: str) -> None:
    assert printed_date(day, lang) == shown


def test_dead_models_print_after_the_living_marked() -> None:
    gang = lawmen_gang()
    dead = {**gang["members"][1], "name": "Billy Clanton", "status": "dead"}
    view = roster_view(gang, Lang.EN, dead=[dead])
    assert [m.dead for m in view.members] == [False] * 6 + [True]
    html = render_roster(view, Lang.EN, inline_css=False)
    card = html.split('<section class="model dead">')[1].split("</section>")[0]
    assert "Billy Clanton" in card and "&#8224; DEAD" in card
    assert "MORTO" in render_roster(
        roster_view(gang, Lang.IT, dead=[dead]), Lang.IT, inline_css=False
    )
    tracker = html.split('class="tracker"')[1].split("</table>")[0]
    assert "Billy Clanton" not in tracker and "Wyatt Earp" in tracker  # the dead do not play


def test_blank_cards_follow_the_models() -> None:
    small = lawmen_gang()
    small["members"] = small["members"][:3]
    html = render_roster(roster_view(small, Lang.IT, blank=2), Lang.IT, inline_css=False)
    assert html.count('<section class="model blank-card">') == 2
    assert html.index("Doc Holliday") < html.index("blank-card")
    # five cards: the game-day box takes the empty half of the last row, with two empty rows
    assert '<section class="gameday model half">' in html
    tracker = html.split('class="tracker"')[1].split("</table>")[0]
    assert tracker.count('<td class="who">&nbsp;</td>') == 2


def test_an_odd_last_card_keeps_its_width_beside_the_game_day_box() -> None:
    small = lawmen_gang()
    small["members"] = small["members"][:3]
    html = render_roster(roster_view(small, Lang.EN), Lang.EN, inline_css=False)
    last_row = html.split('<div class="model-row">')[-1]
    assert last_row.count('<section class="model">') == 1  # the card, half the row…
    assert last_row.count("<section class=") == 2  # …and the game-day box, the other half
    assert '<section class="gameday model half">' in last_row
    assert "Gang notes" in html  # the box under the cards
    even = lawmen_gang()
    even["members"] = even["members"][:4]
    html = render_roster(roster_view(even, Lang.EN), Lang.EN, inline_css=False)
    assert "gameday model half" not in html and '<div class="fill"' in html


def test_a_small_gang_gets_more_lines_a_crowded_one_fewer() -> None:
    gang = lawmen_gang()
    simple = [m for m in faction_gangs() if m["faction"] == "rangers"][0]  # three plain models
    three = roster_view(simple, Lang.IT)
    six = roster_view(gang, Lang.IT)
    assert three.one_page and three.fill and three.write_lines > 2
    assert six.one_page and six.write_lines < three.write_lines
    crowded = roster_view(
        {**gang, "members": gang["members"] * 2}, Lang.IT, house_rules=[("H-01", "x " * 200)]
    )
    assert not crowded.one_page  # two pages, laid out as they come
    assert page_plan(crowded._replace(members=crowded.members[:1])).one_page


def test_every_faction_is_laid_out_for_one_page() -> None:
    for gang in faction_gangs():
        assert roster_view(gang, Lang.IT).one_page, gang["name"]


def test_the_webs_view_is_the_sheets_without_its_page_layout() -> None:
    """The gang page asks ``roster_view(…, laid_out=False)`` (issue #23): the same cards and
    header, only the paper page's plan (ruled lines, weapon rows, fill) left as declared."""
    layout = ("write_lines", "weapon_lines", "one_page", "fill", "fill_mm")
    for gang in [lawmen_gang(), *faction_gangs()]:
        for lang in Lang:
            paper = roster_view(gang, lang, house_rules=[("H-01", "a rule")])
            web = roster_view(gang, lang, house_rules=[("H-01", "a rule")], laid_out=False)
            assert web._replace(**{f: getattr(paper, f) for f in layout}) == paper
            assert web == paper._replace(**{f: views.RosterView._field_defaults[f] for f in layout})


def test_the_qr_code_and_the_link_print_in_the_header() -> None:
    link = "https://saloon.example.org/c/Tombstone/g/Earp%20%3Cbrothers%3E"
    view = roster_view(lawmen_gang(), Lang.EN, link=link, qr=qr_svg(link, title="<Earps>"))
    html = render_roster(view, Lang.EN, inline_css=False)
    head = html.split('<div class="models">')[0]
    assert head.count("<svg") == 1 and "&lt;Earps&gt;" in head and "<Earps>" not in head
    assert f'<div class="qr-link">{link}</div>' in head
    no_link = render_roster(roster_view(lawmen_gang(), Lang.EN), Lang.EN, inline_css=False)
    assert "<svg" not in no_link and "qr-link" not in no_link


def test_a_user_name_cannot_inject_markup_into_the_header() -> None:
    gang = {**lawmen_gang(), "name": "<script>x</script>"}
    html = render_roster(roster_view(gang, Lang.EN, campaign="<i>c</i>"), Lang.EN, inline_css=False)
    assert "<script>x" not in html and "<i>c</i>" not in html


def test_full_roster_golden() -> None:
    """Every part of the sheet at once: header with record, campaign, date and QR code, a dead
    model, blank cards."""
    gang = {**lawmen_gang(), "rating": 640}
    dead = {**gang["members"][3], "name": "Billy Clanton", "status": "dead"}
    gang["members"] = gang["members"][:3]
    link = "https://saloon.example.org/c/Tombstone/g/Tombstone%20Marshals"
    view = roster_view(
        gang,
        Lang.IT,
        house_rules=[("H-01", "il vincitore guadagna 60$ dopo la partita")],
        dead=[dead],
        blank=1,
        campaign="Tombstone 1881",
        printed=date(2026, 11, 26),
        record={"games": 5, "wins": 3},
        link=link,
        qr=qr_svg(link, size_mm=20, title=gang["name"]),
    )
    check_golden("roster-full.it.html", render_roster(view, Lang.IT))


def test_the_game_day_box_has_a_turn_for_every_turn_of_every_scenario() -> None:
    """The roster's game-day box ticks ``GAME_TURNS`` turns without parsing the scenarios'
    TOML (issue #23): every scenario of §10 with a turn limit fits in it (the witness: 8)."""
    limits = [s.turn_limit for s in scenarios() if s.turn_limit is not None]
    assert limits  # the check has a scenario to hold
    assert max(limits) <= GAME_TURNS
    small = lawmen_gang()
    small["members"] = small["members"][:3]
    html = render_roster(roster_view(small, Lang.EN), Lang.EN, inline_css=False)
    turns = html.split('<div class="turns">')[1].split("</div>")[0]
    assert turns.count('<span class="xb">') == GAME_TURNS


def test_the_sheets_views_are_named_tuples() -> None:
    """Every print command creates the views' classes on its start, and a frozen dataclass
    writes and runs the code of six methods when it is created (issue #23): the views are
    NamedTuples, their annotations evaluated (none compiled into a ForwardRef)."""
    declared = [v for v in vars(views).values() if isinstance(v, type)]
    declared = [v for v in declared if v.__module__ == views.__name__]
    assert len(declared) == 19
    assert [v.__name__ for v in declared if dataclasses.is_dataclass(v)] == []
    assert [v.__name__ for v in declared if not issubclass(v, tuple)] == []
    annotations = [t for v in declared for t in v.__annotations__.values()]
    assert not any(isinstance(t, (str, ForwardRef)) for t in annotations)
