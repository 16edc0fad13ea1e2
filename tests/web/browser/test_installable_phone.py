"""skirmish installed on a phone (issue #24, part 1), in Chromium through the real server: the
service worker registers and controls a game's live page; with the network off
(``context.set_offline``) that page reloads from the phone with its styles, a page never opened
shows the offline page in the player's language, and logging out drops the pages kept."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.translation import gettext
from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import DEMO, Phones, Server, expect
from .phone import check

CAMPAIGN = "Tombstone 1881"
PASSWORD = "polvere e piombo"
#: The top bar's colour (static/site.css ``--ink``), as the browser computes it.
INK = "rgb(43, 33, 24)"

#: The addresses of the pages the worker keeps (web/sw.js's ``PAGES`` cache).
KEPT = """async () => {
  const cache = await caches.open("skirmish-pages");
  return (await cache.keys()).map((request) => request.url);
}"""


def _kept(page: Any) -> list[str]:
    found: list[str] = page.evaluate(KEPT)
    return found


def _log_in(page: Any, server: Server, lang: str) -> None:
    t = words(lang)
    page.goto(f"{server.url}/login")
    page.get_by_label(t["login_user"]).fill("Wyatt")
    page.get_by_label(t["login_password"]).fill(PASSWORD)
    page.get_by_role("button", name=t["login"]).tap()
    expect(page.locator("header.top")).to_contain_text("Wyatt")


def _styled(page: Any) -> None:
    """The page has its stylesheet: the top bar is the app's ink, not a browser's default."""
    bar = page.locator("header.top")
    assert bar.evaluate("(el) => getComputedStyle(el).backgroundColor") == INK


def test_the_game_page_reloads_offline_and_logging_out_forgets_it(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path, lang: str
) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = serve(db)
    server.cli("user", "add", "Wyatt", "--password-stdin", stdin=PASSWORD + "\n")
    server.cli("campaign", "role", "Wyatt", "owner", "--campaign", CAMPAIGN)
    server.cli(
        "game", "start", "Rapina in banca", "--good", "Earp brothers", "--bad", "Clanton gang"
    )
    server.cli("game", "turn")  # in play: the page holds the game's stream
    game = f"{server.url}/c/{quote(CAMPAIGN)}/games/1"
    title = "Rapina in banca" if lang == "it" else "Bank robbery"
    t = words(lang)
    phone: Any = phones.open(lang)
    _log_in(phone, server, lang)

    # Online: the worker registers on the first page, and controls the game's page once it is
    # reloaded; that page is kept.
    phone.goto(game)
    expect(phone.locator("h1.game-title")).to_contain_text(title)
    assert phone.evaluate("async () => (await navigator.serviceWorker.ready).active.state") in (
        "activating",
        "activated",
    )
    phone.reload()
    expect(phone.locator("h1.game-title")).to_contain_text(title)
    assert phone.evaluate("() => navigator.serviceWorker.controller !== null")
    phone.wait_for_function(f"async () => (await ({KEPT})()).includes({game!r})")
    # Chromium's own verdict (what Lighthouse asks): the manifest parses, the app installs.
    cdp = phone.context.new_cdp_session(phone)
    parsed = cdp.send("Page.getAppManifest")
    assert parsed["url"] == f"{server.url}/manifest.webmanifest" and not parsed["errors"], parsed
    refused = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a Playwright context is an incognito profile, where Chrome installs nothing whatever the
    # app; every other reason (no icon, no worker, not standalone…) would be listed here
    assert [e["errorId"] for e in refused if e["errorId"] != "in-incognito"] == [], refused

    # A link followed inside the app (htmx's boosted request, not a navigation) is kept too.
    phone.locator(".crumbs").get_by_role("link", name=CAMPAIGN).tap()
    expect(phone.locator("h1")).to_have_text(CAMPAIGN)
    campaign = phone.url
    phone.wait_for_function(f"async () => (await ({KEPT})()).includes({campaign!r})")
    phone.go_back()
    expect(phone.locator("h1.game-title")).to_contain_text(title)

    # The network goes: the game's page reloads from the phone, with its styles.
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("h1.game-title")).to_contain_text(title)
    expect(phone.locator("#board")).to_contain_text("Wyatt Earp")
    expect(phone.locator("#offline")).to_be_visible()  # the live page says it is not live
    _styled(phone)
    check(phone, f"installable-{lang}-game-offline", tmp_path)
    phone.goto(campaign)
    expect(phone.locator("h1")).to_have_text(CAMPAIGN)

    # A page never opened: the offline page, in the player's language, styled.
    phone.goto(f"{server.url}/scenarios")
    expect(phone.locator("h1")).to_have_text(gettext(lang, "No connection"))
    expect(phone.locator("html")).to_have_attribute("lang", lang)
    _styled(phone)
    check(phone, f"installable-{lang}-offline-page", tmp_path)

    # Back online, Wyatt logs out: the pages kept are dropped (the page after it, the
    # logged-out campaigns, may be kept: it names nobody).
    phone.context.set_offline(False)
    phone.goto(f"{server.url}/")
    assert game in _kept(phone)
    phone.get_by_role("button", name=t["logout"]).tap()
    expect(phone.locator("header.top")).not_to_contain_text("Wyatt")
    phone.wait_for_function(f"async () => !(await ({KEPT})()).includes({game!r})")
    assert all(url.rstrip("/") == server.url for url in _kept(phone)), _kept(phone)

    # So the game's page is gone from the phone: offline, it is the offline page.
    phone.context.set_offline(True)
    phone.goto(game)
    expect(phone.locator("h1")).to_have_text(gettext(lang, "No connection"))
    phone.context.set_offline(False)
