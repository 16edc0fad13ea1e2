"""The web app remembers each account's language, and a visitor reads the browser's
(issue #21, item 5): a logged-in player's choice (the page's switch, ``?lang=``) is kept on their
account and used on every page and API answer, on any browser; a visitor who is not logged in
gets their ``Accept-Language`` (by its q weights) unless they chose with the switch."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_login import CAMPAIGN, log_in, open_client
from test_login import club as club  # the fixture: the demo store with two accounts


@pytest.fixture
def site(club: Path) -> Iterator[Any]:
    with open_client(club) as client:
        yield client


def page_lang(page: Any) -> str:
    assert page.status_code == 200, page.text[:300]
    found = re.search(r'<html lang="(\w+)">', page.text)
    assert found
    return found.group(1)


def kept(db: Path, user: str) -> str | None:
    with sqlite3.connect(db) as con:
        row = con.execute("SELECT lang FROM user_account WHERE name = ?", (user,)).fetchone()
    return row[0]


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("it-IT", "it"),
        ("en-US,en;q=0.9,it;q=0.8", "en"),
        ("de-DE,de;q=0.9,it;q=0.5", "it"),
        ("de-DE,fr;q=0.9", "en"),
        ("en;q=0.3,it;q=0.7", "it"),
        ("it;q=0,en;q=0.1", "en"),
        ("", "en"),
    ],
)
def test_a_visitor_reads_the_browsers_language_by_its_weights(
    site: Any, header: str, lang: str
) -> None:
    assert page_lang(site.get("/", headers={"Accept-Language": header})) == lang


def test_a_visitors_choice_wins_over_the_browser_until_changed(site: Any) -> None:
    italian = {"Accept-Language": "it-IT"}
    assert page_lang(site.get("/?lang=en", headers=italian)) == "en"
    assert page_lang(site.get("/rules", headers=italian)) == "en"  # the cookie remembers
    assert page_lang(site.get("/?lang=it", headers=italian)) == "it"
    assert page_lang(site.get("/rules", headers={"Accept-Language": "en"})) == "it"


def test_an_accounts_choice_is_kept_and_follows_it_to_another_browser(
    club: Path, site: Any
) -> None:
    assert log_in(site, "Wyatt").status_code == 303
    assert kept(club, "Wyatt") is None
    english = {"Accept-Language": "en-US"}
    assert page_lang(site.get("/", headers=english)) == "en"
    assert page_lang(site.get("/?lang=it", headers=english)) == "it"
    assert kept(club, "Wyatt") == "it"
    with open_client(club) as other:  # another phone: no cookie, an English browser
        assert page_lang(other.get("/", headers=english)) == "en"
        assert log_in(other, "Wyatt", **english).status_code == 303
        assert page_lang(other.get("/", headers=english)) == "it"
        other.cookies.set("lang", "en")  # a cookie left by the phone's earlier visitor
        assert page_lang(other.get("/rules", headers=english)) == "it"
        campaign = other.get(f"/api/v1/campaigns/{CAMPAIGN}/gangs/nobody", headers=english)
        assert campaign.status_code == 404
        assert campaign.json()["error"].startswith("banda sconosciuta 'nobody'")
        assert page_lang(other.get("/?lang=en")) == "en"
    assert kept(club, "Wyatt") == "en"
    assert kept(club, "Doc") is None


def test_a_choice_made_before_logging_in_is_kept_on_the_account(club: Path, site: Any) -> None:
    assert page_lang(site.get("/login?lang=it")) == "it"
    assert log_in(site, "Doc").status_code == 303
    assert page_lang(site.get("/", headers={"Accept-Language": "en"})) == "it"
    assert kept(club, "Doc") == "it"
    site.post("/logout", data={"csrf": site.cookies.get("csrf")})
    assert kept(club, "Doc") == "it"  # logging out forgets nothing
