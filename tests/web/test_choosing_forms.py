"""Choosing with the numbers in view (issue #22, item 3), in both languages: the hire form
shows each profile's characteristics, cost, skills and the room the gang has left for it (R-13,
from ``choices.hire_options``), with the faction's rules; the faction picker describes every
faction; the advance form offers only what each model may take, by model and kind, the rest
folded with the service's reasons."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import CAMPAIGN, EARPS, POSSE, cli, log_in, open_client, page

C = "/c/Tombstone%201881"


@pytest.fixture
def web(club: Path) -> Iterator[Any]:
    with open_client(club) as client:
        yield client


@pytest.fixture
def club(prepared: Any) -> Path:
    from tests.web.test_actions import make_club

    path: Path = prepared(make_club)
    return path


def card(form: str, profile: str) -> str:
    """The text of one profile's card on the hire form, tags dropped."""
    found = re.search(rf'<li class="profile[^"]*" id="profile-{profile}">(.*?)</li>', form, re.S)
    assert found is not None, profile
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def form_of(web: Any, gang: str, action: str, lang: str = "en") -> str:
    response = web.get(f"{page(gang=gang, action=action)}?lang={lang}")
    assert response.status_code == 200
    return response.text


def test_the_hire_form_shows_each_profiles_numbers_skills_and_room(web: Any) -> None:
    log_in(web)
    form = form_of(web, POSSE, "hire")
    assert card(form, "sheriff") == (
        "Sheriff · LEADER · 180$ · room for 1 more TIRO 3 FRED 3 RIF 4 COS 3 FAMA 1 FORTUNA 2 XP 2"
    )
    assert card(form, "deputy").startswith("Deputy · HERO, max 2 · 100$ · room for 2 more ")
    volunteer = card(form, "lawmen-volunteer")
    assert volunteer.endswith("room for 6 more TIRO 2 FRED 3 RIF 3 COS 2 FAMA 0 FORTUNA 0 XP 0")
    # the book's description of the faction (§9.3), from the rules data
    assert "The faction&#39;s rules" in form
    assert "May buy any weapon without the availability roll" in form


def test_the_room_left_follows_the_roster_and_a_refusal_says_why(web: Any) -> None:
    token = log_in(web)
    for name, profile in (("Bat", "sheriff"), ("Ed", "deputy")):
        data = {"profile": profile, "name": name, "csrf": token}
        assert web.post(page(gang=POSSE, action="hire"), data=data).status_code == 303
    form = form_of(web, POSSE, "hire")
    sheriff = card(form, "sheriff")
    assert "no room for another" in sheriff and "already has a leader ('Bat')" in sheriff
    assert card(form, "deputy").startswith("Deputy · HERO, max 2 · 100$ · room for 1 more ")
    assert "room for 4 more" in card(form, "lawmen-volunteer")  # 6 models, 2 hired


def test_the_hire_form_in_italian(web: Any) -> None:
    log_in(web)
    form = form_of(web, POSSE, "hire", "it")
    assert card(form, "sheriff") == (
        "Sceriffo · LEADER · 180$ · posto per 1 altro "
        "TIRO 3 FRED 3 RIF 4 COS 3 FAMA 1 FORTUNA 2 PE 2"
    )
    assert "posto per altri 2" in card(form, "deputy")
    assert "Le regole della fazione" in form and "I profili" in form
    assert "Possono acquistare qualsiasi arma" in form


def test_indian_heroes_show_the_skills_of_their_profile(web: Any, club: Path) -> None:
    cli(club, "gang", "new", "Apache", "--faction", "indians", "--campaign", CAMPAIGN)
    cli(club, "gang", "owner", "Apache", "Wyatt", "--campaign", CAMPAIGN)
    log_in(web)
    form = form_of(web, "Apache", "hire")
    skilled = [p for p in re.findall(r'id="profile-([^"]+)"', form) if "Skills:" in card(form, p)]
    assert skilled, "an indian profile has skills of its own (§9.11)"


def test_the_faction_picker_describes_every_faction_in_both_languages(web: Any) -> None:
    log_in(web)
    english = web.get(f"{C}/gangs/new").text
    assert "The factions" in english and "§9.3" in english
    assert "May buy any weapon without the availability roll" in english  # lawmen
    italian = web.get(f"{C}/gangs/new?lang=it").text
    assert "Le fazioni" in italian
    assert "Possono acquistare qualsiasi arma senza effettuare" in italian
    assert 'aria-describedby="gang-factions-hint"' in italian


def test_the_advance_form_offers_only_what_may_be_taken_and_folds_the_rest(web: Any) -> None:
    log_in(web)
    form = form_of(web, EARPS, "advance")
    select = form.split('<select id="act-what"')[1].split("</select>")[0]
    assert " disabled" not in select  # no refused option in the list
    assert re.search(r'<optgroup label="Wyatt Earp, \d+ XP · a new skill">', select)
    refused = form.split('<details class="refused">')[1].split("</details>")[0]
    assert "+1 FAMA" in refused and "R-11" in html.unescape(refused)
    italian = form_of(web, EARPS, "advance", "it")
    assert re.search(r'<optgroup label="Wyatt Earp, \d+ PE · una nuova abilità">', italian)
    assert "Non possibile ora" in italian
