"""A shot from a phone (issue #12, web/game_actions.py), in a real browser at 390×844 through
the real server: the model, the action, the target, range and cover with the odds, the dice
tapped one by one on the big buttons, the result, and undo; every page fits the phone, is
labelled and takes a thumb. The events recorded equal the command line's with the same dice."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import DEMO, Phones, Server, expect, skirmish
from .phone import check

CAMPAIGN = "Tombstone 1881"
DICE = (2, 3, 6, 2, 1, 1, 3)


def test_a_shot_with_typed_dice_from_a_phone(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path, lang: str
) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    skirmish(db, "game", "start", "duello", "--good", "Earp brothers", "--bad", "Clanton gang")
    skirmish(db, "game", "turn")
    other = tmp_path / "cli.db"
    shutil.copyfile(db, other)
    server = serve(db)
    t = words(lang)
    phone: Any = phones.open(lang)
    phone.goto(f"{server.url}/c/{quote(CAMPAIGN)}/games/1/act")
    check(phone, f"act-{lang}-model", tmp_path)
    phone.get_by_role("link", name="Wyatt Earp", exact=False).first.click()
    expect(phone.locator("h2")).to_contain_text("Wyatt Earp")
    check(phone, f"act-{lang}-action", tmp_path)
    phone.get_by_role("link", name=t["gac_shoot"], exact=True).click()
    phone.get_by_role("link", name="Ike Clanton", exact=False).first.click()
    expect(phone.locator("#gac-odds")).to_be_visible()
    within_20 = phone.locator("#gac-odds").inner_text()  # no range said: taken within 20U
    phone.fill("#gac-range", "5")
    phone.get_by_role("button", name=t["gac_update"]).click()
    expect(phone.locator("#gac-odds")).not_to_have_text(within_20)  # short range: +1
    check(phone, f"act-{lang}-situation", tmp_path)
    phone.get_by_role("button", name=t["gac_type_dice"]).click()
    for number, face in enumerate(DICE):
        expect(phone.locator(".gac-progress .gac-face")).to_have_count(number)
        if number == 0:
            expect(phone.locator("#gac-next")).to_be_visible()
            check(phone, f"act-{lang}-dice", tmp_path)
        phone.get_by_role("button", name=t["gac_face"].format(face=face), exact=True).click()
    expect(phone.locator("h1")).to_have_text(t["gac_done"])
    expect(phone.locator(".gac-result")).to_contain_text("Wyatt Earp")
    check(phone, f"act-{lang}-done", tmp_path)

    recorded = json.loads(skirmish(db, "game", "log", "--json"))
    skirmish(other, "game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
             ",".join(map(str, DICE)))  # fmt: skip
    assert recorded == json.loads(skirmish(other, "game", "log", "--json"))

    phone.get_by_role("link", name=t["gac_undo"]).click()
    expect(phone.locator(".gac-result")).to_contain_text("Wyatt Earp")
    check(phone, f"act-{lang}-undo", tmp_path)
    phone.get_by_role("button", name=t["gac_undo_confirm"]).click()
    expect(phone.locator("h1")).to_have_text(t["gac_done"])
    undone = json.loads(skirmish(db, "game", "log", "--json"))
    assert [e["action"] for e in undone] == ["start", "turn"]
