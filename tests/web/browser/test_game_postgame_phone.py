"""The post-game wizard on two phones (issue #12), in a real browser at 390×844 through the real
server: Ike (Italian) types the Clantons' recovery dice on the big buttons, one at a time, each
labelled with what it is for, and records; his last page waits for the Earps; Wyatt (English)
records the Earps' on his phone, and Ike's page says, within its poll, that they have finished.
Every page fits the phone, is labelled and takes a thumb (``phone.check``)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import DEMO, Phones, Server, expect
from .phone import check

CAMPAIGN, EARPS, CLANTONS = "Tombstone 1881", "Earp brothers", "Clanton gang"
PASSWORD = "polvere e piombo"


def _club(server: Server) -> None:
    """Wyatt plays the Earps, Ike the Clantons; a Duel ended: Frank and Tom eliminated."""
    for user, gang in (("Wyatt", EARPS), ("Ike", CLANTONS)):
        server.cli("user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
        server.cli("gang", "owner", gang, user, "--campaign", CAMPAIGN)
    for args in (
        ("game", "start", "duel", "--good", EARPS, "--bad", CLANTONS),
        ("game", "turn"),
        ("game", "eliminate", "Frank", "--by", "Wyatt"),
        ("game", "eliminate", "Tom", "--by", "Virgil"),
        ("game", "end", "--winner", EARPS),
    ):
        server.cli(*args, "--campaign", CAMPAIGN)


def _log_in(page: Any, server: Server, lang: str, user: str) -> None:
    t = words(lang)
    page.goto(f"{server.url}/login")
    page.get_by_label(t["login_user"]).fill(user)
    page.get_by_label(t["login_password"]).fill(PASSWORD)
    page.get_by_role("button", name=t["login"]).tap()
    expect(page.locator("header.top")).to_contain_text(user)


def test_both_postgames_on_two_phones(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path
) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = serve(db)
    _club(server)
    base = f"{server.url}/c/{quote(CAMPAIGN)}/games/1/postgame"
    it, en = words("it"), words("en")

    ike: Any = phones.open("it")
    _log_in(ike, server, "it", "Ike")
    ike.goto(f"{base}/{quote(CLANTONS)}")
    expect(ike.locator("h1")).to_have_text(it["pg_of"].format(gang=CLANTONS))
    expect(ike.get_by_label(it["pg_doctor_for"].format(model="Frank McLaury"))).to_be_visible()
    check(ike, "postgame-it-choices", tmp_path)
    ike.get_by_role("button", name=it["pg_type_dice"]).tap()
    for die, what in (
        (2, "recupero personaggio per Frank McLaury"),
        (3, "tabella invalidi per Frank McLaury"),
        (4, "recupero personaggio per Tom McLaury"),
    ):
        expect(ike.locator("legend")).to_have_text(it["pg_next_die"].format(what=what))
        if die == 2:
            check(ike, "postgame-it-dice", tmp_path)
        ike.get_by_role("button", name=it["pg_face_label"].format(face=die)).tap()
    expect(ike.locator(".pg-preview")).to_contain_text("Frank McLaury: recupero 2 → 2")
    check(ike, "postgame-it-ready", tmp_path)
    ike.get_by_role("button", name=it["pg_record"]).tap()
    expect(ike.locator("main")).to_contain_text("Tom McLaury: recupero 4 → 4")
    check(ike, "postgame-it-report", tmp_path)
    ike.get_by_role("link", name=f"{it['pg_advances']} →").tap()
    check(ike, "postgame-it-advances", tmp_path)
    ike.get_by_role("link", name=f"{it['pg_purchases']} →").tap()
    check(ike, "postgame-it-purchases", tmp_path)
    ike.get_by_role("link", name=it["pg_finish"]).tap()
    status = ike.locator("#pg-status .note")
    expect(status).to_have_text(it["pg_waiting_for"].format(gang=EARPS))
    check(ike, "postgame-it-waiting", tmp_path)

    wyatt: Any = phones.open("en")
    _log_in(wyatt, server, "en", "Wyatt")
    wyatt.goto(f"{base}/{quote(EARPS)}")
    wyatt.get_by_role("button", name=en["pg_type_dice"]).tap()
    expect(wyatt.locator(".pg-preview")).to_contain_text("Wyatt Earp: +2 XP")
    wyatt.get_by_role("button", name=en["pg_record"]).tap()
    expect(wyatt.locator("main")).to_contain_text(en["pg_treasury"].format(money=13 + 60))
    check(wyatt, "postgame-en-report", tmp_path)

    # Ike's phone learns it within its poll, with nothing tapped.
    expect(status).to_have_text(it["pg_other_done"].format(gang=EARPS))
    check(ike, "postgame-it-both-done", tmp_path)
