"""Every page of the app on a phone (390×844, touch), in Italian and in English, reached as a
player reaches it (tapping links, typing a search): each fits the screen with no sideways
scrolling and every control is labelled and a thumb's target, 44×44 CSS px (issues #11 and #22,
docs/web.md "Phones")."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.translation import gettext
from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import TEXT
from skirmish.web.text import words as site_words

from .conftest import Server, expect
from .phone import assert_fits, assert_labelled

CAMPAIGN = "Tombstone 1881"
GANG = "Earp brothers"
#: The standings' column of wins (place, gang, games, wins…), shown on a phone too.
WINS_COLUMN = 4


def _numbers(page: Any, column: int) -> list[int]:
    cells = page.locator(f"table.standings tbody tr td:nth-child({column})").all_inner_texts()
    return [int(re.sub(r"\D", "", cell)) for cell in cells]


def test_every_page_fits_a_phone(
    demo_server: Server, phone: Any, lang: str, snap: Callable[[Any, str], Path | None]
) -> None:
    words = site_words(lang)

    def check(name: str) -> None:
        snap(phone, f"{lang}-{name}")
        assert_fits(phone)
        assert_labelled(phone)

    phone.goto(demo_server.url + "/")
    expect(phone.locator("html")).to_have_attribute("lang", lang)  # from the phone's locale
    check("index")

    # The campaign, from its card; then the standings sorted by wins, from the link above them.
    phone.get_by_role("link", name=CAMPAIGN).tap()
    expect(phone.get_by_role("heading", name=words["standings"])).to_be_visible()
    check("campaign")
    label, column = words["wins"], WINS_COLUMN
    phone.locator("nav.sort").get_by_role("link", name=label, exact=True).tap()
    expect(phone).to_have_url(re.compile(r"\?sort=wins$"))
    expect(phone.locator("nav.sort a[aria-current]")).to_have_text(label)
    wins = _numbers(phone, column)
    assert len(wins) == 4 and wins == sorted(wins, reverse=True), wins
    check("campaign-by-wins")

    # The organiser's desk (issue #22): a new game's form from its button, every game from theirs.
    phone.locator("nav.club-links").get_by_role("link", name=words["gl_new"], exact=True).tap()
    expect(phone).to_have_url(re.compile(r"/games/new$"))
    check("game-new")
    phone.go_back()
    phone.get_by_role("link", name=gettext(lang, "All games"), exact=True).tap()
    expect(phone).to_have_url(re.compile(r"/games$"))
    check("games")
    phone.go_back()

    # A gang from the standings, then one of its models from the roster.
    phone.locator("table.standings").get_by_role("link", name=GANG).tap()
    expect(phone.get_by_role("heading", name=GANG, level=1)).to_be_visible()
    check("gang")
    phone.locator(".roster p.more a").first.tap()
    expect(phone).to_have_url(re.compile(r"/m/"))
    check("model")

    # The scenarios from the top bar, and one of them.
    phone.locator("header.top").get_by_role("link", name=words["scenarios"]).tap()
    expect(phone.get_by_role("heading", name=words["scenarios"], level=1)).to_be_visible()
    check("scenarios")
    phone.locator("ul.cards h2 a").first.tap()
    expect(phone).to_have_url(re.compile(r"/scenarios/[^/]+$"))
    check("scenario")

    # The rules browser: every entry as links, then a search typed as on a phone.
    phone.locator("header.top").get_by_role("link", name=words["rules"]).tap()
    check("rules")
    phone.get_by_role("searchbox").fill("winchester")
    phone.get_by_role("searchbox").press("Enter")
    expect(phone.locator("article.entry h3").first).to_be_visible()
    check("rules-search")
    phone.get_by_role("searchbox").fill("nessuna-arma-così")
    phone.get_by_role("searchbox").press("Enter")
    expect(phone.locator("p.error")).to_be_visible()
    check("rules-not-found")

    # The dice roller and the odds calculator: a test from each list, rolled and computed with
    # the form as it comes, then the print page.
    for nav, mode, button in (("tools_roll_nav", "roll", "tools_roll"),
                              ("tools_odds_nav", "odds", "tools_compute")):  # fmt: skip
        phone.locator("header.top").get_by_role("link", name=words[nav]).tap()
        expect(phone).to_have_url(re.compile(f"/{mode}$"))
        check(mode)
        phone.locator("ul.cards h2 a").first.tap()
        expect(phone).to_have_url(re.compile(f"/{mode}/[^/]+$"))
        check(f"{mode}-form")
        phone.get_by_role("button", name=words[button], exact=True).tap()
        expect(phone.locator("#result")).to_be_visible()
        check(f"{mode}-result")
    phone.locator("header.top").get_by_role("link", name=words["print_nav"]).tap()
    expect(phone).to_have_url(re.compile(r"/print$"))
    check("print")

    # The campaign's members and house rules (a store with no accounts: the terminal's own).
    phone.goto(demo_server.url + "/c/" + quote(CAMPAIGN))
    phone.get_by_role("link", name=words["members"], exact=True).tap()
    expect(phone.get_by_role("heading", name=words["members"], level=1)).to_be_visible()
    check("members")
    phone.locator("p.crumbs a").first.tap()
    phone.get_by_role("link", name=words["settings"], exact=True).tap()
    expect(phone.get_by_role("heading", name=words["settings"], level=1)).to_be_visible()
    check("house-rules")

    # The login form (a store with no accounts still answers it) and a missing campaign.
    phone.goto(demo_server.url + "/login")
    expect(phone.get_by_label(words["login_user"])).to_be_visible()
    check("login")
    response = phone.goto(demo_server.url + "/c/" + quote("Tombstone 1882 Nowhere"))
    assert response is not None and response.status == 404
    expect(phone.locator("p.error")).to_be_visible()
    check("not-found")


def test_the_language_switch_stays(demo_server: Server, phone: Any, lang: str) -> None:
    """The switch in the top bar changes the language and the next page keeps it (cookie)."""
    other = {"it": "en", "en": "it"}[lang]
    phone.goto(demo_server.url + "/scenarios")
    phone.locator("header.top a.lang").tap()
    expect(phone.locator("html")).to_have_attribute("lang", other)
    phone.locator("header.top a.brand").tap()
    expect(phone.get_by_role("link", name=CAMPAIGN)).to_be_visible()
    expect(phone.locator("html")).to_have_attribute("lang", other)
    assert_fits(phone)
    assert_labelled(phone)


def test_a_missing_page_keeps_the_forms_token(demo_server: Server, phone: Any, lang: str) -> None:
    """The browser asks for /favicon.ico by itself while a page is open; that 404 must not
    replace the CSRF token the open page's form repeats, or the form is refused as "out of
    date" (the journey met it: log in right after the first page loaded)."""
    words = TEXT[lang]
    phone.goto(demo_server.url + "/login")
    status = phone.evaluate("fetch('/favicon.ico').then((answer) => answer.status)")
    assert status == 404
    phone.get_by_label(words["login_user"]).fill("Nobody")
    phone.get_by_label(words["login_password"]).fill("not-a-password")
    phone.get_by_role("button", name=words["login"]).tap()
    expect(phone.locator("p.error")).to_be_visible()
    assert words["csrf_refused"] not in phone.locator("main").inner_text()
    expect(phone.get_by_label(words["login_user"])).to_have_value("Nobody")
