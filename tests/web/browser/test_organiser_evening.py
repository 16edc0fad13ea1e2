"""The organiser's first evening in taps (issue #22, "Measure and report";
``benchmarks/organiser_taps.md``): on phones at 390 px through the real server, on a fresh
store whose only account is the organiser's (``skirmish user add``, at the terminal: the one
step the web cannot do, since an account is made on the web only with an invitation), the
organiser logs in, creates the campaign and makes two invitations on the members page; each
player opens their link on their own phone, makes their account and joins, founds a gang and
hires its leader and two more; the organiser starts a game between the two gangs from the
campaign page.

Every touch is counted by the phone itself: ``COUNT_TAPS`` (``benchmarks/taps.md``'s listener,
one ``pointerdown`` per tap, kept in the tab's ``sessionStorage``). A field is typed after a tap
on it (the tap is counted; the field typed is counted apart); a drop-down is a tap on it (counted)
and a choice in the phone's own list, which the page never sees (counted apart, by the test).
Opening the server's address and the invitation's link (from a message) happen outside the
page and are not taps of the app. The figures are asserted exactly, so a change shows."""

from __future__ import annotations

import json
import re
from collections import ChainMap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import Phones, Server, expect, skirmish
from .phone import assert_fits, assert_labelled, shot
from .test_full_games_phone import COUNT_TAPS
from .test_journey import form_words

ORGANISER, ORGANISER_PASSWORD = "Vittorio", "sella-e-speroni-1878"
CAMPAIGN = "Frontiera del Nord 1878"


@dataclass(frozen=True)
class Newcomer:
    """A player of the evening: the phone's language, account, gang, faction and the models
    hired, (profile as the form words it in that language, the model's name), leader first."""

    lang: str
    name: str
    password: str
    gang: str
    faction: str
    hires: tuple[tuple[str, str], ...]


DOC = Newcomer(
    "en", "Doc", "holliday-lunger-81", "Hole-in-the-Wall", "Outlaws",
    (("Boss", "Butch Cassidy"), ("Bandit", "Harvey Logan"), ("Thug", "Elzy Lay")),
)  # fmt: skip
ROSA = Newcomer(
    "it", "Rosa", "mandria-al-tramonto", "Rancho Bravo", "Cowboys",
    (("Ranchero", "Rosa Vásquez"), ("Cowboy", "Tex O'Hara"), ("Wrangler", "Slim")),
)  # fmt: skip


@dataclass
class Person:
    """One person's phone, whose taps the page counts; what the test counts apart (the fields
    typed, the choices in a drop-down's list) and the figures of each step."""

    who: str
    lang: str
    page: Any
    folder: Path
    touched: int = 0
    typed: int = 0
    chosen: int = 0
    steps: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    _mark: tuple[int, int, int] = (0, 0, 0)
    _shots: int = 0

    @property
    def t(self) -> Mapping[str, str]:
        return ChainMap(form_words(self.lang), dict(words(self.lang)))

    def taps(self) -> int:
        return int(self.page.evaluate("Number(sessionStorage.getItem('taps') || 0)"))

    def tap(self, control: Any) -> None:
        control.tap()
        self.touched += 1

    def type_into(self, control: Any, text: str) -> None:
        """Tap the field (a tap) and type in it (a field typed)."""
        self.tap(control)
        self.page.keyboard.type(text)
        self.typed += 1

    def choose(self, select: Any, wanted: str) -> None:
        """Tap the drop-down (a tap) and choose in the phone's list (a choice)."""
        self.tap(select)
        for option in select.locator("option:not([disabled])").all():
            label = option.inner_text().strip()
            if label.startswith(wanted):
                select.select_option(label=label)
                self.chosen += 1
                return
        offered = select.locator("option").all_inner_texts()
        raise AssertionError(f"{wanted!r} is not offered: {offered}")

    def check(self, name: str) -> None:
        self._shots += 1
        shot(self.page, f"evening-{self.who}-{self._shots:02d}-{name}", self.folder)
        assert_fits(self.page)
        assert_labelled(self.page)

    def step(self, name: str) -> None:
        """Close a step: its taps (measured by the page), fields typed and choices."""
        now = (self.taps(), self.typed, self.chosen)
        # the page saw each tap the test made, once (none lost across a page, none doubled)
        assert now[0] == self.touched, (self.who, name, now[0], self.touched)
        self.steps[name] = (now[0] - self._mark[0], now[1] - self._mark[1], now[2] - self._mark[2])
        self._mark = now


def open_phone(phones: Phones, who: str, lang: str, folder: Path) -> Person:
    page = phones.open(lang)
    page.context.add_init_script(COUNT_TAPS)
    return Person(who, lang, page, folder)


def open_new_game(organiser: Person) -> None:
    """From the campaign page to the new game's form (issue #22: the desk's "New game")."""
    page, t = organiser.page, organiser.t
    organiser.tap(page.locator("nav.club-links").get_by_role("link", name=t["gl_new"]))


def build_gang(person: Person, player: Newcomer) -> None:
    """Found the gang from the campaign page and hire its models, as a newcomer would."""
    page, t = person.page, person.t
    person.tap(page.get_by_role("link", name=t["new_gang"]).first)
    expect(page.get_by_role("heading", name=t["new_gang"], level=1)).to_be_visible()
    person.type_into(page.get_by_label(t["gang_name"]), player.gang)
    person.choose(page.get_by_label(t["gang_faction"]), player.faction)
    person.tap(page.get_by_role("button", name=t["found"]))
    expect(page.get_by_role("heading", name=player.gang, level=1)).to_be_visible()
    person.check("founded")
    person.step("found the gang")
    for profile, model in player.hires:
        nav = page.locator("nav.actions")
        person.tap(nav.get_by_role("link", name=t["act_hire"], exact=True))
        expect(page.get_by_role("heading", name=t["act_hire_title"], level=1)).to_be_visible()
        person.choose(page.get_by_label(t["act_f_profile"]), profile)
        person.type_into(page.get_by_label(t["act_f_new_model"]), model)
        person.tap(page.get_by_role("button", name=t["act_hire"], exact=True))
        expect(page.locator("p.done#done")).to_contain_text(model)
    person.check("hired")
    person.step("hire 3 models")


def api(page: Any, server: Server, path: str) -> Any:
    answer = page.request.get(f"{server.url}/api/v1/campaigns/{quote(CAMPAIGN)}{path}")
    assert answer.ok, (path, answer.status, answer.text())
    return json.loads(answer.text())


def test_taps_for_the_organisers_first_evening(
    tmp_path: Path, serve: Callable[[Path], Server], phones: Phones
) -> None:
    store = tmp_path / "club.db"
    # At the terminal: the first account (docs/accounts.md: the web makes one only by invitation).
    skirmish(store, "user", "add", ORGANISER, "--password-stdin", stdin=ORGANISER_PASSWORD + "\n")
    server = serve(store)

    # The organiser opens the server's address, logs in, creates the campaign.
    vittorio = open_phone(phones, "organiser", "it", tmp_path)
    page, t = vittorio.page, vittorio.t
    page.goto(server.url + "/")
    vittorio.tap(page.locator("header.top").get_by_role("link", name=t["login"]))
    vittorio.type_into(page.get_by_label(t["login_user"]), ORGANISER)
    vittorio.type_into(page.get_by_label(t["login_password"]), ORGANISER_PASSWORD)
    vittorio.tap(page.get_by_role("button", name=t["login"]))
    expect(page.locator("header.top .who")).to_contain_text(ORGANISER)
    vittorio.step("log in")
    vittorio.tap(page.get_by_role("link", name=t["new_campaign"]).first)
    expect(page.get_by_role("heading", name=t["new_campaign"], level=1)).to_be_visible()
    vittorio.type_into(page.get_by_label(t["new_campaign_name"]), CAMPAIGN)
    vittorio.tap(page.get_by_role("button", name=t["create"]))
    expect(page.get_by_role("heading", name=CAMPAIGN, level=1)).to_be_visible()
    vittorio.check("campaign")
    vittorio.step("create the campaign")

    # Two invitations from the members page (the role offered is a player's, the first).
    vittorio.tap(page.get_by_role("link", name=t["members"], exact=True))
    expect(page.get_by_role("heading", name=t["members"], level=1)).to_be_visible()
    links: list[str] = []
    for _ in range(2):
        vittorio.tap(page.locator("#invite").get_by_role("button", name=t["invite"]))
        link = page.locator("#invitation a.link")
        for made in links:  # the page of the new invitation
            expect(link).not_to_have_attribute("href", made)
        expect(link).to_have_attribute("href", re.compile(re.escape(server.url) + "/join/"))
        links.append(link.get_attribute("href") or "")
    vittorio.check("invited")
    vittorio.step("two invitations")

    # Each player opens their link on their own phone, makes their account and joins.
    players: list[Person] = []
    for player, link in zip((DOC, ROSA), links, strict=True):
        person = open_phone(phones, player.name, player.lang, tmp_path)
        players.append(person)
        page, t = person.page, person.t
        page.goto(link)
        person.type_into(page.get_by_label(t["account_name"]), player.name)
        person.type_into(page.get_by_label(t["account_password"]), player.password)
        person.type_into(page.get_by_label(t["account_repeat"]), player.password)
        person.tap(page.get_by_role("button", name=t["join_create"]))
        expect(page.locator("header.top .who")).to_contain_text(player.name)
        expect(page.get_by_role("heading", name=CAMPAIGN, level=1)).to_be_visible()
        person.check("joined")
        person.step("account and join")
        build_gang(person, player)

    # The organiser, still on the members page, goes to the campaign and starts a game.
    page, t = vittorio.page, vittorio.t
    vittorio.tap(page.locator("p.crumbs").get_by_role("link", name=CAMPAIGN))
    expect(page.get_by_role("heading", name=CAMPAIGN, level=1)).to_be_visible()
    open_new_game(vittorio)
    expect(page.get_by_role("heading", name=t["gl_start_title"], level=1)).to_be_visible()
    vittorio.choose(page.get_by_label(t["gl_good_gang"]), DOC.gang)
    vittorio.choose(page.get_by_label(t["gl_bad_gang"]), ROSA.gang)
    vittorio.check("new-game")
    vittorio.tap(page.get_by_role("button", name=t["gl_start"]))
    refused = page.locator("#start-error")
    expect(page).to_have_url(re.compile(r"/games/1$"))
    assert not refused.count()
    vittorio.check("game")
    vittorio.step("start a game")

    # Each step was done: the two gangs with their models, each player's; the game between them.
    for player in (DOC, ROSA):
        gang = api(vittorio.page, server, f"/gangs/{quote(player.gang)}")
        names = [m["name"] for m in gang["members"] if m["status"] == "active"]
        assert sorted(names) == sorted(model for _, model in player.hires), gang
        leaders = [m["name"] for m in gang["members"] if m["role"] == "leader"]
        assert leaders == [player.hires[0][1]], gang
    games = api(vittorio.page, server, "/games")
    assert len(games) == 1, games
    assert DOC.gang in json.dumps(games) and ROSA.gang in json.dumps(games), games

    counted = {p.who: p.steps for p in (vittorio, *players)}
    # benchmarks/organiser_taps.md: (taps the phone counted, fields typed, choices in a list).
    # The organiser: "Log in", two fields, the button; "New campaign", its name, "Create";
    # "Members" and "Invite" twice; the campaign from the breadcrumb, "New game" on the campaign
    # page (issue #22), the two gangs' drop-downs, "Start the game". A player: three fields and
    # the button; "New gang", its name, the faction, the button; each hire four (the form, the
    # profile, the name, the button).
    newcomer = {"account and join": (4, 3, 0), "found the gang": (4, 1, 1),
              "hire 3 models": (12, 3, 3)}  # fmt: skip
    assert counted == {
        "organiser": {
            "log in": (4, 2, 0),
            "create the campaign": (3, 1, 0),
            "two invitations": (3, 0, 0),
            "start a game": (5, 0, 2),
        },
        "Doc": newcomer,
        "Rosa": newcomer,
    }, counted
