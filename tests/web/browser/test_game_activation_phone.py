"""The secret activation of §1.8 on two phones (issue #12), in a real browser at 390×844
through the real server: each player taps a model on their own phone, the other phone says only
that a card is down, both are revealed, the dice are tapped on the big faces, the winner's phone
offers the choice, and the chosen model's turn begins on both. Every step fits the phone and is
labelled (``phone.check``)."""

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
from .test_journey import log_in

CAMPAIGN = "Tombstone 1881"
PASSWORD = "polvere e piombo"


def _table(server: Server) -> str:
    for user in ("Wyatt", "Ike"):
        server.cli("user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    server.cli("gang", "owner", "Earp brothers", "Wyatt")
    server.cli("gang", "owner", "Clanton gang", "Ike")
    server.cli(
        "game", "start", "Rapina in banca", "--good", "Earp brothers", "--bad", "Clanton gang"
    )
    server.cli("game", "turn")
    return f"{server.url}/c/{quote(CAMPAIGN)}/games/1"


def test_two_phones_pick_roll_and_choose(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path, lang: str
) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = serve(db)
    url = _table(server)
    t = words(lang)
    wyatt: Any = phones.open(lang)
    ike: Any = phones.open(lang)
    for page, name in ((wyatt, "Wyatt"), (ike, "Ike")):
        log_in(page, server, t, name, PASSWORD)
        page.goto(url)
        expect(page.locator("#activation")).to_contain_text(t["ga_pick_hint"])
    check(wyatt, f"activation-{lang}-1-pick", tmp_path)

    wyatt.locator("#activation").get_by_role("button", name="Morgan Earp").tap()
    expect(wyatt.locator("#activation .ga-picked")).to_contain_text("Morgan Earp")
    expect(ike.locator("#activation")).to_contain_text(t["ga_they_picked"])
    expect(ike.locator("#activation")).not_to_contain_text("Morgan Earp")
    check(wyatt, f"activation-{lang}-2-picked", tmp_path)
    check(ike, f"activation-{lang}-2-opponent", tmp_path)

    ike.locator("#activation").get_by_role("button", name="Ike Clanton").tap()
    for page in (wyatt, ike):
        expect(page.locator("#activation .ga-pair")).to_contain_text("Morgan Earp")
        expect(page.locator("#activation .ga-pair")).to_contain_text("Ike Clanton")
    # Whose FAMA counts for Morgan (FAMA 0) is asked on Wyatt's phone only, the most in
    # reach chosen first: Wyatt's own 1, a friend's (R-07, issue #20). Ike's phone says what
    # counts and asks nothing of the other side; Ike's own FAMA has no friend to rival it.
    fama = wyatt.locator("#activation .ga-fama")
    expect(fama).to_have_count(1)
    expect(fama.get_by_role("radio", name="Wyatt Earp")).to_be_checked()
    expect(fama.get_by_role("radio", checked=True)).to_have_count(1)
    expect(ike.locator("#activation .ga-fama")).to_have_count(0)
    theirs = ike.locator("#activation .ga-fama-theirs")
    expect(theirs).to_contain_text("Morgan Earp")
    expect(theirs).to_contain_text("Wyatt Earp")
    check(wyatt, f"activation-{lang}-3-fama", tmp_path)
    check(ike, f"activation-{lang}-3-fama-theirs", tmp_path)
    ike.locator("#activation .ga-typed summary").tap()
    dice = ike.locator("#activation .ga-die")
    dice.nth(0).locator(".ga-face", has_text="2").tap()
    dice.nth(1).locator(".ga-face", has_text="5").tap()
    check(ike, f"activation-{lang}-4-dice", tmp_path)
    ike.get_by_role("button", name=t["ga_roll_typed"]).tap()
    # Morgan 2 + RIF 3 + Wyatt's FAMA 1 = 6 against Ike 5 + RIF 3 + FAMA 1 = 9: Ike chooses.
    expect(ike.locator("#activation")).to_contain_text(t["ga_you_won"])
    expect(wyatt.locator("#activation")).to_contain_text(
        t["ga_choice_wait"].format(name="Ike Clanton")
    )
    check(ike, f"activation-{lang}-5-choose", tmp_path)
    ike.get_by_role("button", name=t["ga_let_opponent"].format(name="Morgan Earp")).tap()
    for page in (wyatt, ike):
        expect(page.locator("#activation .ga-acting")).to_contain_text("Morgan Earp")
    check(wyatt, f"activation-{lang}-6-acting", tmp_path)
