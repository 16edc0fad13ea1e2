"""The live game on a phone (issue #12), in a real browser at 390×844 through the real server:
the board fits and is labelled, it follows what the command line records within the poll, and
a phone that loses the server says so ("offline — reconnecting") and catches up when the server
answers again (its requests aborted with ``page.route``, then let through)."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.translation import gettext
from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import DEMO, Phones, Server, expect
from .phone import check
from .test_hidden_polls import SHOWN

CAMPAIGN = "Tombstone 1881"


def _game(server: Server) -> str:
    server.cli(
        "game", "start", "Rapina in banca", "--good", "Earp brothers", "--bad", "Clanton gang"
    )
    return f"{server.url}/c/{quote(CAMPAIGN)}/games/1"


def test_the_board_follows_the_table_and_says_when_it_is_offline(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path, lang: str
) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = serve(db)
    url = _game(server)
    t = words(lang)
    phone: Any = phones.open(lang)
    phone.goto(url)
    expect(phone.locator("h1.game-title")).to_contain_text(
        "Rapina in banca" if lang == "it" else "Bank robbery"
    )
    expect(phone.locator("#board")).to_contain_text("Wyatt Earp")
    check(phone, f"live-{lang}-start", tmp_path)
    offline = phone.locator("#offline")
    expect(offline).to_be_hidden()

    # A command at the table reaches the phone by the next poll.
    server.cli("game", "turn")
    expect(phone.locator("#board .game-head .meta")).to_contain_text(
        t["gl_turn_only"].format(turn=1)
    )
    expect(phone.locator("#board")).to_contain_text(t["gl_to_act"])

    # The server goes away: the stream breaks (here: the tab hidden, which closes it, and
    # shown again, which opens it again, refused) and the fallback poll's board requests fail;
    # the banner says so (issue #23: the stream carries the board, so a broken stream is what
    # a phone notices), while the table plays on.
    phone.route("**/board?**", lambda route: route.abort())
    phone.route("**/events?**", lambda route: route.abort())
    phone.evaluate(SHOWN, "hidden")
    phone.evaluate(SHOWN, "visible")
    server.cli("game", "activate", "Wyatt Earp")  # the table plays on meanwhile
    expect(offline).to_be_visible()
    expect(offline).to_contain_text(t["gl_offline"])
    # and offers to play on without the server (issue #24), on the game's offline page
    expect(offline.get_by_role("link")).to_have_attribute("href", re.compile(r"/games/1/offline$"))
    check(phone, f"live-{lang}-offline", tmp_path)

    # It comes back: the banner goes and the board catches up with what happened meanwhile.
    phone.unroute("**/board?**")
    phone.unroute("**/events?**")
    expect(offline).to_be_hidden()
    expect(phone.locator("#board .acting-now")).to_contain_text("Wyatt Earp")
    check(phone, f"live-{lang}-back", tmp_path)


def test_a_game_started_from_the_phone(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path, lang: str
) -> None:
    """From the campaign page to its games (the desk's button, issue #22), the start form (the
    scenario by its name, the two gangs, a model left home), the live page; the first turn
    begun with a tap."""
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = serve(db)
    t = words(lang)
    phone: Any = phones.open(lang)
    phone.goto(f"{server.url}/c/{quote(CAMPAIGN)}")
    phone.get_by_role("link", name=gettext(lang, "All games"), exact=True).click()
    expect(phone.locator("h1")).to_have_text(t["gl_games"])
    check(phone, f"games-{lang}", tmp_path)
    phone.get_by_role("link", name=t["gl_new"]).click()
    expect(phone.locator("h1")).to_have_text(t["gl_start_title"])
    phone.get_by_label(t["gl_scenario"]).select_option(
        label="Rapina in banca" if lang == "it" else "Bank robbery"
    )
    phone.get_by_label(t["gl_good_gang"]).select_option(value="Earp brothers")
    phone.get_by_label(t["gl_bad_gang"]).select_option(value="Clanton gang")
    phone.get_by_text(t["gl_leave"]).click()
    phone.get_by_label("Tom McLaury").check()
    check(phone, f"start-{lang}", tmp_path)
    phone.get_by_role("button", name=t["gl_start"]).click()
    expect(phone.locator("h1.game-title")).to_contain_text(
        "Rapina in banca" if lang == "it" else "Bank robbery"
    )
    expect(phone.locator("#board")).not_to_contain_text("Tom McLaury")
    phone.get_by_role("button", name=t["gl_begin_first"]).click()
    expect(phone.locator("#board .game-head .meta")).to_contain_text(
        t["gl_turn_only"].format(turn=1)
    )
    check(phone, f"turn-{lang}", tmp_path)
    assert '"turn": 1' in server.cli("game", "status", "--json")
    # the laptop's reader is the referee too: the game ended with a draw, without the votes
    phone.get_by_text(t["gl_end_now"]).click()
    phone.get_by_role("button", name=t["gl_end_as"].format(who=t["gl_draw"])).click()
    expect(phone.locator("#board .ended")).to_contain_text(
        t["gl_over"].format(who=t["gl_draw"], reason="").split("(")[0].strip()
    )
    expect(
        phone.get_by_role("link", name=t["gl_postgame"].format(gang="Earp brothers"))
    ).to_be_visible()
    check(phone, f"ended-{lang}", tmp_path)


def test_the_board_waits_on_its_stream_not_on_the_poll(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path
) -> None:
    """Issue #23: while its stream is open the phone asks nothing; the table's change comes
    down the stream with its board (``?carry=board``), so no board is fetched for it."""
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = serve(db)
    url = _game(server)
    phone: Any = phones.open("en")
    asked = open_watched(phone, url)
    expect(phone.locator("#board")).to_contain_text("Wyatt Earp")
    opened_at = len(asked)  # from here the stream is open (a busy machine may poll before)
    phone.wait_for_timeout(3000)  # three polls' time: none is sent while the stream is up
    assert not [a for a in asked[opened_at:] if "/board?" in a]
    server.cli("game", "turn")
    expect(phone.locator("#board .game-head .meta")).to_contain_text("Turn 1")
    boards = [a for a in asked[opened_at:] if "/board?" in a]
    streams = [a for a in asked if "/events" in a]
    assert boards == [] and streams == [url + "/events?carry=board,panels"]


def open_watched(phone: Any, url: str) -> list[str]:
    """Open the live page ``url`` on ``phone``, its stream answered: every request the phone
    sends, in order, from the page's own on (the list grows as the phone asks)."""
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    with phone.expect_response(lambda answer: "/events" in answer.url) as opened:
        phone.goto(url)
    assert opened.value.status == 200
    return asked


def settled(phone: Any, asked: list[str], quiet_ms: int = 1500, seconds: float = 90) -> None:
    """Until ``phone`` has asked for nothing new for ``quiet_ms`` (the files a page fetches by
    itself come later on a busy machine than on a quiet one: a fixed wait failed at load 10)."""
    deadline = time.monotonic() + seconds
    while True:
        seen = len(asked)
        phone.wait_for_timeout(quiet_ms)
        if len(asked) == seen:
            return
        assert time.monotonic() < deadline, f"still asking after {seconds} s: {asked[seen:]}"


def warmed_up(phone: Any, asked: list[str], seconds: float = 90) -> None:
    """Until ``phone`` has asked for the engine's manifest (``warmEngine``'s first request)."""
    deadline = time.monotonic() + seconds
    while not any(url.endswith("/engine/manifest.json") for url in asked):
        assert time.monotonic() < deadline, f"the engine not warmed after {seconds} s: {asked}"
        phone.wait_for_timeout(200)


def test_a_player_asks_nothing_after_the_other_phones_change(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path
) -> None:
    """Issue #23, fifth round: a player's live page takes the board and its "your move"
    panels from its stream (``?carry=board,panels``): after a change it did not make it
    sends no request at all (the panels fetched themselves, 2–3 requests, before), and the
    panels show the change (the other side's card down, face down)."""
    from .test_journey import log_in

    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = serve(db)
    password = "polvere e piombo"
    for user in ("Wyatt", "Ike"):
        server.cli("user", "add", user, "--password-stdin", stdin=password + "\n")
    server.cli("gang", "owner", "Earp brothers", "Wyatt")
    server.cli("gang", "owner", "Clanton gang", "Ike")
    url = _game(server)
    server.cli("game", "turn")
    wyatt: Any = phones.open("en")
    log_in(wyatt, server, words("en"), "Wyatt", password)
    wyatt.goto(url)
    phone: Any = phones.open("en")
    log_in(phone, server, words("en"), "Ike", password)
    asked = open_watched(phone, url)
    expect(phone.locator("#activation")).to_contain_text("Ike Clanton")
    # The page warms the phone's engine by itself, WARM_MS (5 s) after its service worker is
    # ready (static/offline.js, ``warmEngine``: the manifest, then its files): a timer of the
    # page's own, not the change's. Waited for first: left to chance it fell inside the
    # change's window on a loaded machine (load 11) and failed this test.
    warmed_up(phone, asked)
    settled(phone, asked)  # whatever else the page loads by itself, loaded
    before = len(asked)
    wyatt.locator("#activation").get_by_role("button", name="Wyatt Earp").tap()
    expect(phone.locator("#activation")).to_contain_text(words("en")["ga_they_picked"])
    phone.wait_for_timeout(2000)  # a panel that fetched itself would have done so by now
    assert asked[before:] == []
    expect(phone.locator("#activation")).not_to_contain_text("Wyatt Earp")
