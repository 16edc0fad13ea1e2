"""HTML rendering: golden structure, escaping, every faction and profile, both languages."""

from __future__ import annotations

import re

import jinja2
import pytest
from markupsafe import escape
from print_fixtures import check_golden, faction_gangs, lawmen_gang

from skirmish.i18n import Lang
from skirmish.printing import (
    render_blank,
    render_campaign,
    render_campaign_sheets,
    render_reference,
    render_roster,
    render_scenario,
)
from skirmish.printing.build import campaign_view, roster_view, scenario_view
from skirmish.printing.reference import reference_view
from skirmish.printing.render import environment
from skirmish.printing.views import MemberView, RosterView
from skirmish.rules import factions, profiles
from skirmish.rules.scenarios import find_scenario, scenarios

HOUSE = [("H-01", "il vincitore guadagna 50$ dopo la partita")]


def test_environment_escapes_and_refuses_undefined() -> None:
    env = environment()
    assert env.autoescape is True
    assert env.undefined is jinja2.StrictUndefined
    with pytest.raises(jinja2.UndefinedError):
        env.get_template("roster.html").render(lang="it", t={})


def test_roster_golden() -> None:
    html = render_roster(roster_view(lawmen_gang(), Lang.IT, house_rules=HOUSE), Lang.IT)
    check_golden("roster.it.html", html)


def test_roster_golden_english() -> None:
    html = render_roster(roster_view(lawmen_gang(), Lang.EN, house_rules=HOUSE), Lang.EN)
    check_golden("roster.en.html", html)


def test_blank_golden() -> None:
    check_golden("blank.it.html", render_blank(Lang.IT))


def test_reference_golden() -> None:
    check_golden("reference.it.html", render_reference(reference_view(Lang.IT), Lang.IT))


def test_scenario_golden() -> None:
    card = scenario_view(find_scenario("duello"), Lang.IT)
    check_golden("scenario-duel.it.html", render_scenario(card, Lang.IT))


def test_user_text_is_escaped() -> None:
    gang = lawmen_gang()
    gang["name"] = "<b>Tom & Jerry</b>"
    gang["members"][0]["name"] = "<script>alert(1)</script>"
    gang["members"][0]["notes"] = 'says "howdy" & <i>leaves</i>'
    html = render_roster(roster_view(gang, Lang.IT), Lang.IT)
    assert "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;" in html
    assert "<b>Tom" not in html and "<script>" not in html and "<i>leaves" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    campaign = render_campaign(campaign_view("<Deadwood>", [gang], Lang.IT), Lang.IT)
    assert "&lt;Deadwood&gt;" in campaign and "<b>Tom" not in campaign


def _cards(html: str) -> int:
    return len(re.findall(r'<section class="model">', html))


@pytest.mark.parametrize("lang", list(Lang))
def test_every_faction_and_profile_renders(lang: Lang) -> None:
    gangs = faction_gangs()
    html = render_campaign(campaign_view("Every faction", gangs, lang), lang)
    assert _cards(html) == sum(len(g["members"]) for g in gangs)
    for faction in factions():
        if faction.playable:
            assert (faction.name_it if lang is Lang.IT else faction.name_en) in html
    for profile in profiles():
        shown = profile.name_it if lang is Lang.IT else profile.name_en
        assert escape(shown) in html, profile.id


def test_campaign_sheets_are_the_same_templates_one_document_each() -> None:
    gangs = faction_gangs()
    view = campaign_view("Deadwood", gangs, Lang.EN, house_rules=[("H-05", "sell at 50%")])
    sheets = render_campaign_sheets(view, Lang.EN)
    assert len(sheets) == 1 + len(gangs)
    assert "Standings" in sheets[0]
    assert "sell at 50%" in sheets[0]  # the campaign's house rules, once
    assert not any("sell at 50%" in sheet for sheet in sheets[1:])
    for sheet, gang in zip(sheets[1:], gangs, strict=True):
        assert "<style>" not in sheet  # write_pdf_sheets gives weasyprint the stylesheet once
        assert f"<h1>{gang['name']}</h1>" in sheet
        assert _cards(sheet) == len(gang["members"])
    whole = render_campaign(view, Lang.EN)
    assert "<style>" in whole and _cards(whole) == sum(_cards(s) for s in sheets)


def test_a_hand_made_view_renders_without_the_registry() -> None:
    view = RosterView(
        name="Hand made",
        faction="Outlaws",
        treasury=5,
        members=(
            MemberView("Jesse", "Boss", "LEADER", 4, 3, 3, 3, 1, 2, 2),
            MemberView("Frank", "Bandit", "", 4, 2, 3, 2, 0, 0, 0),
        ),
    )
    html = render_roster(view, Lang.EN)
    assert _cards(html) == 2 and "Jesse" in html and "Frank" in html
    assert html.count("\u25a1") == 3 + 2  # a wound box per point of COS


@pytest.mark.parametrize("lang", list(Lang))
def test_labels_follow_the_language(lang: Lang) -> None:
    html = render_blank(lang)
    assert f'<html lang="{lang}">' in html
    assert ("Tipo banda" in html) is (lang is Lang.IT)
    assert ("Gang type" in html) is (lang is Lang.EN)


def test_every_scenario_card_renders() -> None:
    for scenario in scenarios():
        html = render_scenario(scenario_view(scenario, Lang.EN), Lang.EN)
        assert escape(scenario.name_en) in html
