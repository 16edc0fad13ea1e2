"""The members page on a phone (issue #22, item 1): the owner invites, sees the whole link under
the campaign's web address and its QR code on a 390 px screen, makes a second invitation by
mistake, sees both listed and withdraws the second, each in one tap; the taps are counted."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import Phones, Server, expect, skirmish
from .phone import check

OWNER, PASSWORD = "Vittorio", "sella-e-speroni-1878"
CAMPAIGN = "Tombstone 1881"


class Taps:
    """A phone's page whose taps are counted."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.count += 1


def test_the_owner_invites_sees_the_qr_code_and_withdraws_a_mistake(
    tmp_path: Path, serve: Callable[[Path], Server], phones: Phones
) -> None:
    store = tmp_path / "club.db"
    skirmish(store, "user", "add", OWNER, "--password-stdin", stdin=PASSWORD + "\n")
    skirmish(store, "campaign", "new", CAMPAIGN)
    skirmish(store, "campaign", "role", OWNER, "owner")
    server = serve(store)
    address = server.url + "/"
    skirmish(store, "campaign", "address", address)
    t = words("en")
    owner = phones.open("en")
    taps = Taps()

    owner.goto(server.url + "/login")
    owner.get_by_label(t["login_user"]).fill(OWNER)
    owner.get_by_label(t["login_password"]).fill(PASSWORD)
    taps.tap(owner.get_by_role("button", name=t["login"]))
    expect(owner.locator("header.top .who")).to_contain_text(OWNER)
    owner.goto(server.url + f"/c/{CAMPAIGN.replace(' ', '%20')}/members")
    logged_in = taps.count

    taps.tap(owner.locator("#invite").get_by_role("button", name=t["invite"]))
    link = owner.locator("#invitation a.link")
    expect(link).to_have_attribute("href", re.compile("^" + re.escape(address) + "join/"))
    qr = owner.locator("#invitation img")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert owner.evaluate("(img) => img.naturalWidth > 0", qr.element_handle())
    check(owner, "members-invitation-qr", tmp_path)
    invited = taps.count - logged_in

    taps.tap(owner.locator("#invite").get_by_role("button", name=t["invite"]))  # by mistake
    withdraw = owner.locator("#invite li.card").get_by_role("button", name=re.compile("Withdraw"))
    expect(withdraw).to_have_count(2)
    before = taps.count
    taps.tap(withdraw.nth(1))
    expect(withdraw).to_have_count(1)
    withdrawn = taps.count - before
    assert (invited, withdrawn) == (1, 1)  # one tap each, from the members page
