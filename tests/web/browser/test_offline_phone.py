"""The game goes on when the club's wifi drops (issue #24), in Chromium through the real
server, with Playwright's ``context.set_offline``.

A Bank robbery (§10.1) between Wyatt's Earps (good, his phone in English) and Ike's Clantons
(bad, his phone in Italian), begun on the command line. Each phone opens the game's live page
while online: the service worker takes the page over and the phone keeps the game's offline
page. Then the network goes:

- **one phone offline for five actions:** Wyatt records five actions on the offline page (two
  shots worked out on the phone by the engine in Pyodide, one with the dice typed, one rolled on
  the phone), reloads the page with the network still off (the queue is still there, "not yet
  sent"), then the network comes back and the queue is sent and confirmed;
- **both phones offline, the game carried on one phone:** Wyatt's phone records an action of
  Ike's model too;
- **a conflict made on purpose:** while Wyatt's phone is offline with a shot at Ike queued, the
  command line eliminates Ike; back online, nothing is written, both phones are shown the
  conflict, and Ike settles it with one tap.

Each time the same actions, with the same dice, are played on a copy of the starting store
through the command line, and both stores' rosters, game log and campaign log must be equal."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)

from .conftest import DEMO, Phones, Server, expect
from .phone import assert_fits, assert_labelled, shot
from .test_table_mode import CAMPAIGN, CLANTONS, EARPS, PASSWORD, skirmish, stores_agree

pytestmark = pytest.mark.usefixtures("needs_pyodide")

#: How long the phone's engine may take to start (Pyodide's 13 MB on a busy machine).
ENGINE_MS = 90_000


def _store(tmp_path: Path) -> tuple[Path, Path]:
    """The demo with Wyatt and Ike's accounts and a Bank robbery begun (turn 1), and a copy of
    it for the command line."""
    db, start = tmp_path / "campaigns.db", tmp_path / "start.db"
    shutil.copyfile(DEMO, db)
    for user, gang in (("Wyatt", EARPS), ("Ike", CLANTONS)):
        skirmish(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
        skirmish(db, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    skirmish(db, "game", "start", "bank-robbery", "--good", EARPS, "--bad", CLANTONS)
    skirmish(db, "game", "turn")
    shutil.copyfile(db, start)
    return db, start


def _game(server: Server) -> str:
    return f"{server.url}/c/{quote(CAMPAIGN)}/games/1"


def _log_in(page: Any, server: Server, user: str) -> None:
    page.goto(f"{server.url}/login")
    page.locator("input[name=user]").fill(user)
    page.locator("input[name=password]").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("form.login button[type=submit], main form button[type=submit]").first.tap()
    expect(page.locator("header.top .who")).to_contain_text(user)


def _until(page: Any, script: str, arg: Any = None, seconds: float = 90) -> None:
    """Until ``script`` (a promise, awaited) is true in the page; a failure says which."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"never true: {script}"
        page.wait_for_timeout(250)


#: Whether the page at ``url`` is kept on the phone (the cache the service worker reads).
KEPT = "url => caches.open('skirmish-pages').then(c => c.match(url)).then(r => !!r)"
#: Whether every file of the phone's engine is kept (the manifest lists them).
ENGINE_KEPT = """() => caches.match('/engine/manifest.json')
    .then(r => r ? r.json() : null)
    .then(m => !!m && Promise.all(m.files.map(u => caches.match(u)))
                          .then(found => found.every(Boolean)))"""


def _online_first(page: Any, server: Server, *, engine: bool = True) -> None:
    """The live page opened online: the service worker controls it, and the phone keeps the
    offline page and, unless ``engine`` is false (a phone that will work nothing out), every
    file of its engine."""
    live = _game(server)
    page.goto(live)
    _until(page, "() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    _until(page, "() => !!navigator.serviceWorker.controller")
    _until(page, KEPT, live + "/offline")
    if engine:
        _until(page, ENGINE_KEPT, seconds=ENGINE_MS / 1000)


def _engine_ready(page: Any) -> None:
    page.wait_for_function("!!window.skirmishEngine", timeout=ENGINE_MS)
    page.evaluate("window.skirmishEngine.ready().then(() => true)")


def _form(page: Any, model: str, action: str) -> Any:
    """The offline form of ``model``'s ``action``, opened."""
    who = page.locator("details.off-model").filter(
        has=page.locator(":scope > summary", has_text=model)
    )
    if not who.first.is_visible():  # the other side's models, folded under their heading
        page.locator("details.off-theirs > summary").tap()
    if not who.first.evaluate("el => el.open"):
        who.first.locator(":scope > summary").tap()
    holder = who.first.locator("details.off-action").filter(
        has=page.locator(f"form[data-offline-action={action}]")
    )
    if not holder.first.evaluate("el => el.open"):
        holder.first.locator(":scope > summary").tap()
    return holder.first.locator("form")


def _record(page: Any, model: str, action: str, fields: dict[str, str] | None = None,
            dice: str = "", mode: str = "none") -> None:  # fmt: skip
    before = page.locator("#queue-list > li").count()
    form = _form(page, model, action)
    for name, value in (fields or {}).items():
        control = form.locator(f"[name={name}]")
        if control.evaluate("el => el.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    if dice:
        form.locator("input[name=dice]").fill(dice)
    form.locator(f"button[value={mode}]").tap()
    page.wait_for_function(
        "n => document.querySelectorAll('#queue-list > li').length > n"
        " || !!document.querySelector('.off-refused')",
        arg=before,
    )
    refused = form.locator(".off-refused")
    assert refused.count() == 0, refused.inner_text()  # the phone's engine refused it
    expect(page.locator("#queue-list > li")).to_have_count(before + 1)


#: Send the queue now (the phone also sends by itself when it is online again and every 15 s);
#: true once nothing is left on the phone.
SENT = """() => window.skirmishOffline.send()
    .then(() => window.skirmishOffline.entries()).then(left => left.length === 0)"""


def _sent(page: Any) -> None:
    """The queue sent and confirmed: nothing left on the phone, the list hidden."""
    _until(page, SENT, seconds=60)
    expect(page.locator("#queue")).to_be_hidden()


def _queue(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.skirmishOffline.entries()")
    return found


def test_one_phone_offline_for_five_actions_then_back(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path
) -> None:
    db, start = _store(tmp_path)
    server = serve(db)
    wyatt = phones.open("en")
    _log_in(wyatt, server, "Wyatt")
    _online_first(wyatt, server)
    wyatt.context.set_offline(True)
    wyatt.goto(_game(server) + "/offline")
    expect(wyatt.locator("h1")).to_have_text("Playing on without the server")
    _engine_ready(wyatt)
    _record(wyatt, "Wyatt Earp", "move")
    _record(wyatt, "Virgil Earp", "shoot", {"target": "Ike Clanton", "range": "8"},
            dice="4,4,4,4,6", mode="typed")  # fmt: skip
    _record(wyatt, "Morgan Earp", "move")
    _record(wyatt, "Doc Holliday", "shoot", {"target": "Billy Clanton", "range": "6"},
            mode="random")  # fmt: skip
    _record(wyatt, "Wyatt Earp", "state", {"new-state": "prone"})
    entries = _queue(wyatt)
    assert [e["status"] for e in entries] == ["pending"] * 5
    _form(wyatt, "Virgil Earp", "shoot")  # a shot's form open, as the player fills it in
    assert_fits(wyatt)
    assert_labelled(wyatt)
    shot(wyatt, "offline-queue", tmp_path)
    typed = entries[1]
    assert typed["preview"]["outcome"] is not None and typed["preview"]["lines"], typed
    assert typed["dice"] == [4, 4, 4, 4, 6]  # every die typed, the panic test's too
    rolled = entries[3]
    assert rolled["dice"] and rolled["rest"] == "random", {
        k: rolled[k] for k in ("dice", "note", "preview", "fields") if k in rolled
    }
    # the page reloaded with the network still off: the queue is still there
    wyatt.reload()
    expect(wyatt.locator("#queue-list > li")).to_have_count(5)
    expect(wyatt.locator("#queue-list > li").first).to_contain_text("not yet sent")
    # back online: sent in order, confirmed, gone from the phone
    wyatt.context.set_offline(False)
    _sent(wyatt)
    # the same game on the command line
    skirmish(start, "game", "activate", "Wyatt Earp")
    skirmish(start, "game", "shoot", "Virgil Earp", "Ike Clanton", "--range", "8",
             "--dice", "4,4,4,4,6")  # fmt: skip
    skirmish(start, "game", "activate", "Morgan Earp")
    skirmish(start, "game", "shoot", "Doc Holliday", "Billy Clanton", "--range", "6",
             "--dice", ",".join(map(str, rolled["dice"])))  # fmt: skip
    skirmish(start, "game", "state", "Wyatt Earp", "prone")
    # the next turn begun offline too, worked out by the phone's engine: no cohesion test due
    # Wyatt, who took his turn before, offered again on the page kept; then synced
    wyatt.reload()  # the game as it stands now, the page kept by the phone
    wyatt.context.set_offline(True)
    _engine_ready(wyatt)  # the reloaded page's engine started (Pyodide: seconds on a busy machine)
    wyatt.locator("form[data-offline-action=turn] button[value=random]").tap()
    expect(wyatt.locator("#queue-list > li")).to_have_count(1)
    (turn,) = _queue(wyatt)
    assert turn["preview"]["outcome"]["tests"] == [] and turn["title"] == "Begin the next turn"
    expect(wyatt.locator("details.off-model[data-next-turn]").first).to_be_visible()
    wyatt.context.set_offline(False)
    _sent(wyatt)
    skirmish(start, "game", "turn")
    stores_agree(db, start, [1], voted=0)


def _table(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path, *, both: bool
) -> tuple[Path, Path, Server, Any, Any]:
    """The store and its copy, the server, Wyatt's phone (English) and Ike's (Italian) logged
    in; Wyatt's has opened the game online and lost the network, and shows the offline page
    with its engine ready; Ike's, when ``both``, has opened the game online and lost the
    network too (it records nothing offline, so it need not keep the engine), else it stays
    online."""
    db, start = _store(tmp_path)
    server = serve(db)
    wyatt, ike = phones.open("en"), phones.open("it")
    for page, user in ((wyatt, "Wyatt"), (ike, "Ike")):
        _log_in(page, server, user)
        if page is wyatt or both:
            _online_first(page, server, engine=page is wyatt)
            page.context.set_offline(True)
    wyatt.goto(_game(server) + "/offline")
    _engine_ready(wyatt)
    return db, start, server, wyatt, ike


def test_both_phones_offline_and_one_phone_carries_the_game(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path
) -> None:
    db, start, server, wyatt, ike = _table(serve, phones, tmp_path, both=True)
    # a miss that leaves Ike steady (his panic test passed): he may take his turn after it
    _record(wyatt, "Wyatt Earp", "shoot", {"target": "Ike Clanton", "range": "8"},
            dice="1,1,1,1,1", mode="typed")  # fmt: skip
    # a wound rolled at the table, worked out by the engine in Pyodide too (issue #24)
    _record(wyatt, "Wyatt Earp", "hit", {"member": "Billy Clanton", "wounds": "1"},
            mode="random")  # fmt: skip
    _record(wyatt, "Ike Clanton", "move")  # Ike's model, on Wyatt's phone
    _record(wyatt, "Ike Clanton", "state", {"new-state": "prone"})
    queued = _queue(wyatt)
    assert [e["side"] for e in queued] == ["good", "good", "bad", "bad"]
    assert queued[0]["dice"] == [1, 1, 1, 1, 1]
    wounded = queued[1]["preview"]["outcome"]
    assert (wounded["kind"], wounded["model"], wounded["eliminated"]) == (
        "fallen",
        "Billy Clanton",
        False,
    )
    assert wounded["cos_after"] == wounded["cos_before"] - 1 and queued[1]["preview"]["lines"]
    wyatt.context.set_offline(False)
    _sent(wyatt)
    skirmish(start, "game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "8",
             "--dice", "1,1,1,1,1")  # fmt: skip
    skirmish(start, "game", "hit", "Billy Clanton", "--wounds", "1", "--by", "Wyatt Earp")
    skirmish(start, "game", "activate", "Ike Clanton")
    skirmish(start, "game", "state", "Ike Clanton", "prone")
    stores_agree(db, start, [1], voted=0)
    # Ike's phone, back online, reads the game as Wyatt's phone sent it
    ike.context.set_offline(False)
    ike.goto(_game(server))
    expect(ike.locator("#board")).to_contain_text("Ike Clanton")
    assert ike.locator("#queue-list > li").count() == 0


def test_a_conflict_made_on_purpose_is_shown_to_both_and_settled_once(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path
) -> None:
    db, start, server, wyatt, ike = _table(serve, phones, tmp_path, both=False)
    _record(wyatt, "Virgil Earp", "shoot", {"target": "Ike Clanton", "range": "8"},
            dice="4,4,4,4,6", mode="typed")  # fmt: skip
    _record(wyatt, "Morgan Earp", "move")
    # meanwhile, at the command line: Ike is taken off the table
    server.cli("game", "eliminate", "Ike Clanton")
    skirmish(start, "game", "eliminate", "Ike Clanton")
    wyatt.context.set_offline(False)
    _until(
        wyatt,
        """() => window.skirmishOffline.send()
        .then(() => window.skirmishOffline.entries())
        .then(left => left.length > 0 && left[0].status === "conflict")""",
    )
    first = wyatt.locator("#queue-list > li").first
    expect(first).to_contain_text("not recorded")
    expect(wyatt.locator("#queue-list > li").nth(1)).to_contain_text("waiting for the one before")
    stores_agree(db, start, [1], voted=0)  # nothing of the shot was written
    # both phones are shown the conflict on the game's page
    for page in (wyatt, ike):
        page.goto(_game(server))
        expect(page.locator("#conflicts")).to_contain_text("Virgil Earp")
    # what Wyatt's phone worked out, said to Ike in his own language
    assert "terrified" in wyatt.locator("#conflicts").inner_text()
    assert "terrified" not in ike.locator("#conflicts").inner_text()
    assert_fits(ike)
    shot(ike, "offline-conflict", tmp_path)
    ike.locator("#conflicts button[value=discard]").tap()
    expect(ike.locator("#conflicts article")).to_have_count(0)
    # the shot leaves Wyatt's phone; the move held behind it goes, and is recorded
    _sent(wyatt)
    skirmish(start, "game", "activate", "Morgan Earp")
    stores_agree(db, start, [1], voted=0)
