"""The club's evening on phones (issue #11), in a real browser at 390×844 through the real
server on a fresh store: the owner (an account the command line made) logs in, creates a
campaign and invites; one player joins by the link, the other by the short code, each making
their account there; each founds a gang of another faction, hires a legal gang (a leader and
three more, R-13), buys an item with an availability roll typing the dice (R-12) and opens the
roster PDF; the owner reads the standings. Every page on the way fits the phone, every control
is labelled and thumb-sized, and each is photographed (``phone-gang`` and ``phone-standings``
are the README's, written to ``$SKIRMISH_SCREENSHOTS`` by ``make screenshots``)."""

from __future__ import annotations

import io
import re
from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import Phones, Serve, Server, expect, skirmish
from .phone import assert_fits, assert_labelled, shot

OWNER, OWNER_PASSWORD = "Vittorio", "sella-e-speroni-1878"
CAMPAIGN = "Frontiera del Nord 1878"
#: Every gang starts with 400$ (R-13).
START = 400


@dataclass(frozen=True)
class Player:
    """A player of the evening: their phone's language, account, gang and what they build.
    ``hires`` are (profile as the book names it in the phone's language, model's name)."""

    lang: str
    name: str
    password: str
    gang: str
    faction: str
    hires: tuple[tuple[str, str], ...]
    buy: str
    dice: str


DOC = Player(
    lang="en",
    name="Doc",
    password="holliday-lunger-81",
    gang="Hole-in-the-Wall",
    faction="Outlaws",
    hires=(("Boss", "Butch Cassidy"), ("Bandit", "Harvey Logan"), ("Thug", "Elzy Lay"),
           ("Thug", "Ben Kilpatrick")),
    buy="Knife",
    dice="6",
)  # fmt: skip
ROSA = Player(
    lang="it",
    name="Rosa",
    password="mandria-al-tramonto",
    gang="Rancho Bravo",
    faction="Cowboys",
    hires=(("Ranchero", "Rosa Vásquez"), ("Cowboy", "Tex O'Hara"), ("Wrangler", "Slim"),
           ("Pivello", "Billy Kid")),
    buy="Coltello",
    dice="5",
)  # fmt: skip


class Journey:
    """The checks and photographs of every page reached; ``publish`` names the README's."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0

    def check(self, page: Any, name: str) -> None:
        self.count += 1
        shot(page, f"{self.count:02d}-{name}", self.folder)
        assert_fits(page)
        assert_labelled(page)

    def publish(self, page: Any, name: str) -> None:
        """A README picture: what the phone's screen shows, top of the page."""
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, name, self.folder, full_page=False)


def log_in(page: Any, server: Server, t: Mapping[str, str], name: str, password: str) -> None:
    page.goto(server.url + "/")
    page.locator("header.top").get_by_role("link", name=t["login"]).tap()
    page.get_by_label(t["login_user"]).fill(name)
    page.get_by_label(t["login_password"]).fill(password)
    page.get_by_role("button", name=t["login"]).tap()
    expect(page.locator("header.top .who")).to_contain_text(name)


def form_words(lang: str) -> dict[str, str]:
    """The between-games forms' words, which the catalogue declares (issue #20): each action's
    button (``act_hire``) and title (``act_hire_title``), each field's label (``act_f_item``)."""
    from skirmish.campaign.commands import CATALOGUE
    from skirmish.web.actions import ACTIONS

    found: dict[str, str] = {}
    for command in CATALOGUE:
        found[f"act_{command.name}"] = command.label(lang)
        found[f"act_{command.name}_title"] = command.title(lang)
    for spec in ACTIONS:
        for f in spec.fields:  # the form's own names: "for" where the field is the member
            found.setdefault(f"act_f_{f.name}", f.label(lang))
    buy = next(spec for spec in ACTIONS if spec.name == "buy")
    found["act_f_for"] = next(f for f in buy.fields if f.name == "member").label(lang)
    found["act_f_new_model"] = found["act_f_name"]  # the hired model's name
    return found


def act(page: Any, t: Mapping[str, str], action: str) -> None:
    """Tap one of the gang page's action buttons."""
    page.locator("nav.actions").get_by_role("link", name=t[f"act_{action}"], exact=True).tap()
    expect(page.get_by_role("heading", name=t[f"act_{action}_title"], level=1)).to_be_visible()


def pick(select: Any, wanted: str) -> int:
    """Choose the enabled option whose words begin with ``wanted`` (a profile or an item, as the
    form shows it: "Boss · 190$"); its price."""
    for option in select.locator("option:not([disabled])").all():
        label = option.inner_text().strip()
        if label.startswith(wanted):
            select.select_option(label=label)
            return int(re.findall(r"(\d+)\$", label)[0])
    offered = select.locator("option").all_inner_texts()
    raise AssertionError(f"{wanted!r} is not offered: {offered}")


def done(page: Any, t: Mapping[str, str]) -> str:
    """The gang page after an action: its "Done" line, the words of the log entry."""
    line = page.locator("p.done#done")
    expect(line).to_contain_text(t["act_done"])
    return str(line.inner_text())


def treasury(page: Any, t: Mapping[str, str]) -> int:
    """The treasury the gang page shows."""
    fact = page.locator("dl.facts div").filter(has_text=t["treasury"]).locator("dd")
    return int(fact.inner_text().rstrip("$"))


def build_gang(page: Any, journey: Journey, player: Player) -> None:
    """Found the gang, hire it, buy with typed dice and open its roster PDF."""
    t = ChainMap(form_words(player.lang), dict(words(player.lang)))
    page.get_by_role("link", name=t["new_gang"]).first.tap()
    expect(page.get_by_role("heading", name=t["new_gang"], level=1)).to_be_visible()
    journey.check(page, f"{player.name}-new-gang")
    page.get_by_label(t["gang_name"]).fill(player.gang)
    page.get_by_label(t["gang_faction"]).select_option(label=player.faction)
    page.get_by_role("button", name=t["found"]).tap()
    expect(page.get_by_role("heading", name=player.gang, level=1)).to_be_visible()
    journey.check(page, f"{player.name}-gang-founded")
    assert treasury(page, t) == START
    spent = 0

    leader = player.hires[0][0]
    for number, (profile, model) in enumerate(player.hires):
        act(page, t, "hire")
        profiles = page.get_by_label(t["act_f_profile"])
        if number:  # one leader only: the form offers no second one
            expect(profiles.locator("option:not([disabled])", has_text=leader)).to_have_count(0)
        spent += pick(profiles, profile)
        page.get_by_label(t["act_f_new_model"]).fill(model)
        journey.check(page, f"{player.name}-hire-{number + 1}")
        page.get_by_role("button", name=t["act_hire"], exact=True).tap()
        assert model in done(page, t)
        expect(page.locator(".roster")).to_contain_text(model)
    assert treasury(page, t) == START - spent

    act(page, t, "buy")
    spent += pick(page.get_by_label(t["act_f_item"]), player.buy)
    buyer = player.hires[1][1]
    page.get_by_label(t["act_f_for"]).select_option(label=buyer)
    page.get_by_label(t["act_f_dice"]).fill(player.dice)
    journey.check(page, f"{player.name}-buy")
    page.get_by_role("button", name=t["act_buy"], exact=True).tap()
    line = done(page, t)
    assert t["act_dice"].format(dice=player.dice) in line, line  # the dice typed
    assert treasury(page, t) == START - spent
    journey.check(page, f"{player.name}-gang")

    with page.expect_download() as download:
        page.get_by_role("link", name=t["pdf"]).tap()
    pdf = Path(download.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF-")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert player.gang in text and buyer in text, text[:400]


def test_a_club_evening_on_phones(tmp_path: Path, serve: Serve, phones: Phones) -> None:
    store = tmp_path / "club.db"
    skirmish(store, "user", "add", OWNER, "--password-stdin", stdin=OWNER_PASSWORD + "\n")
    server = serve(store, process=True)  # the real ``skirmish serve``, as the club starts it
    journey = Journey(tmp_path)

    # The owner logs in, creates the campaign and makes two invitations.
    owner = phones.open("it")
    t = words("it")
    log_in(owner, server, t, OWNER, OWNER_PASSWORD)
    journey.check(owner, "owner-home")
    owner.get_by_role("link", name=t["new_campaign"]).first.tap()
    expect(owner.get_by_role("heading", name=t["new_campaign"], level=1)).to_be_visible()
    journey.check(owner, "owner-new-campaign")
    owner.get_by_label(t["new_campaign_name"]).fill(CAMPAIGN)
    owner.get_by_role("button", name=t["create"]).tap()
    expect(owner.get_by_role("heading", name=CAMPAIGN, level=1)).to_be_visible()
    journey.check(owner, "owner-campaign")
    owner.get_by_role("link", name=t["members"], exact=True).tap()
    expect(owner.get_by_role("heading", name=t["members"], level=1)).to_be_visible()
    journey.check(owner, "owner-members")
    invitations: list[tuple[str, str]] = []
    for _ in range(2):
        owner.get_by_label(t["invite_role"]).select_option("player")
        owner.locator("#invite").get_by_role("button", name=t["invite"]).tap()
        shown = owner.locator("#invitation b.code")
        for code, _ in invitations:  # the page of the new invitation, not of the last one
            expect(shown).not_to_have_text(code)
        expect(shown).to_have_text(re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"))  # docs/accounts.md
        link = owner.locator("#invitation a.link").get_attribute("href") or ""
        assert link.startswith(server.url + "/join/"), link  # a link another phone can open
        invitations.append((shown.inner_text(), link))
    journey.check(owner, "owner-invitation")

    # Doc follows the link on his phone and makes his account there.
    doc = phones.open(DOC.lang)
    t = ChainMap(form_words(DOC.lang), dict(words(DOC.lang)))
    doc.goto(invitations[0][1])
    journey.check(doc, "doc-invited")
    doc.get_by_label(t["account_name"]).fill(DOC.name)
    doc.get_by_label(t["account_password"]).fill(DOC.password)
    doc.get_by_label(t["account_repeat"]).fill(DOC.password)
    doc.get_by_role("button", name=t["join_create"]).tap()
    expect(doc.locator("header.top .who")).to_contain_text(DOC.name)
    expect(doc.get_by_role("heading", name=CAMPAIGN, level=1)).to_be_visible()
    journey.check(doc, "doc-joined")
    build_gang(doc, journey, DOC)
    journey.publish(doc, "phone-gang")

    # Rosa types the code the owner read out.
    rosa = phones.open(ROSA.lang)
    t = ChainMap(form_words(ROSA.lang), dict(words(ROSA.lang)))
    rosa.goto(server.url + "/join")
    journey.check(rosa, "rosa-join")
    rosa.get_by_label(t["join_code"]).fill(invitations[1][0].lower().replace("-", ""))
    rosa.get_by_role("button", name=t["join_look"]).tap()
    rosa.get_by_label(t["account_name"]).fill(ROSA.name)
    rosa.get_by_label(t["account_password"]).fill(ROSA.password)
    rosa.get_by_label(t["account_repeat"]).fill(ROSA.password)
    journey.check(rosa, "rosa-invited")
    rosa.get_by_role("button", name=t["join_create"]).tap()
    expect(rosa.get_by_role("heading", name=CAMPAIGN, level=1)).to_be_visible()
    build_gang(rosa, journey, ROSA)

    # The owner reads the standings: both gangs, each worth what its models and items cost.
    t = words("it")
    owner.goto(server.url + "/")
    owner.get_by_role("link", name=CAMPAIGN).first.tap()
    standings = owner.locator("table.standings tbody")
    expect(standings).to_contain_text(DOC.gang)
    expect(standings).to_contain_text(ROSA.gang)
    journey.check(owner, "owner-standings")
    journey.publish(owner, "phone-standings")
