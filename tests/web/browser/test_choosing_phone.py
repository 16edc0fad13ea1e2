"""Choosing with the numbers in view (issue #22, item 3) on a phone, 390×844 through the real
server: the hire form with each profile's numbers, the faction picker with each faction's rules
and the advance form with what may be taken first: each fits the phone, is labelled, and its
controls take a thumb."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .conftest import DEMO, Phones, Server, expect, skirmish
from .phone import check

CAMPAIGN = "Tombstone 1881"


def test_the_choosing_forms_fit_a_phone(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path, lang: str
) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    skirmish(db, "gang", "new", "Dodge posse", "--faction", "lawmen")
    server = serve(db)
    phone: Any = phones.open(lang)
    base = f"{server.url}/c/{quote(CAMPAIGN)}"
    phone.goto(f"{base}/g/{quote('Dodge posse')}/hire")
    expect(phone.locator("#profile-sheriff dl.numbers")).to_contain_text("TIRO")
    check(phone, f"hire-{lang}", tmp_path)
    phone.goto(f"{base}/gangs/new")
    expect(phone.locator("dl.factions")).to_contain_text("§9.3")
    check(phone, f"gang-new-{lang}", tmp_path)
    phone.goto(f"{base}/g/{quote('Earp brothers')}/advance")
    expect(phone.locator("details.refused")).to_have_count(1)
    check(phone, f"advance-{lang}", tmp_path)
