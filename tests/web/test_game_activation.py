"""The book's secret activation on two phones (issue #12, §1.8, R-07, H-06): two players'
TestClients pick, roll and choose on a bank robbery of the demo campaign; a spectator and an
arbitrator watch. Wyatt plays the Earps (good), Ike the Clantons (bad); Doc is a player of the
campaign with no gang in the game; Arbo arbitrates."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

CAMPAIGN, EARPS, CLANTONS = "Tombstone 1881", "Earp brothers", "Clanton gang"
PASSWORD = "polvere e piombo"
GAME = f"/c/{quote(CAMPAIGN, safe='')}/games/1"
PANEL = f"{GAME}/activation"
API = f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games/1"


def cli(db: Path | str, *args: str, stdin: str | None = None) -> str:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


def make_table(db: Path | str) -> None:
    """Accounts, roles and owners, then a bank robbery at turn 1 (no picks yet)."""
    for user in ("Wyatt", "Ike", "Doc", "Arbo"):
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    cli(db, "gang", "owner", EARPS, "Wyatt", "--campaign", CAMPAIGN)
    cli(db, "gang", "owner", CLANTONS, "Ike", "--campaign", CAMPAIGN)
    cli(db, "campaign", "role", "Doc", "player", "--campaign", CAMPAIGN)
    cli(db, "campaign", "role", "Arbo", "arbitrator", "--campaign", CAMPAIGN)
    cli(db, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS,
        "--campaign", CAMPAIGN)  # fmt: skip
    cli(db, "game", "turn", "--campaign", CAMPAIGN)


class Phone:
    """One logged-in client: its CSRF token, and a key per tap (a new one unless given)."""

    def __init__(self, client: Any, user: str) -> None:
        self.client = client
        self.user = user
        assert client.get("/login").status_code == 200
        form = {"user": user, "password": PASSWORD, "csrf": client.cookies.get("csrf")}
        assert client.post("/login", data=form).status_code == 303
        self.csrf: str = client.cookies.get("csrf")
        self.taps = 0

    def key(self) -> str:
        self.taps += 1
        return f"{self.user}-tap-{self.taps}"

    def post(self, action: str, fields: dict[str, str], *, key: str | None = None) -> Any:
        data = {"csrf": self.csrf, "key": key or self.key(), "back": PANEL, **fields}
        return self.client.post(f"{PANEL}/{action}", data=data, headers={"HX-Request": "true"})

    def panel(self) -> str:
        answer = self.client.get(PANEL)
        assert answer.status_code == 200, answer.text
        return str(answer.text)

    def state(self) -> dict[str, Any]:
        answer = self.client.get(f"{API}/picks")
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def api(self, path: str, body: dict[str, Any], *, key: str | None = None) -> Any:
        headers = {"X-CSRF-Token": self.csrf, "Idempotency-Key": key or self.key()}
        return self.client.post(f"{API}/{path}", json=body, headers=headers)


def open_client(db: Path | str) -> Any:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    return TestClient(create_app(str(db)), follow_redirects=False)


@pytest.fixture
def phones(table: Path) -> Iterator[dict[str, Phone]]:
    clients = [open_client(table) for _ in range(4)]
    for c in clients:
        c.__enter__()
    try:
        names = ("Wyatt", "Ike", "Doc", "Arbo")
        yield {name: Phone(c, name) for name, c in zip(names, clients, strict=True)}
    finally:
        for c in clients:
            c.__exit__(None, None, None)


def lines(html: str) -> str:
    """The panel's words, without its markup (entities decoded)."""
    import html as html_lib

    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def rows(db: Path, query: str) -> list[tuple[Any, ...]]:
    import sqlite3

    with sqlite3.connect(db) as con:
        return list(con.execute(query))


def test_a_full_round_by_two_players(phones: dict[str, Phone], table: Path) -> None:
    """§1.8: both pick, both picks revealed, typed dice rolled (R-07), the winner chooses to let
    the opponent activate; Ike Clanton's turn begins, and the next round begins."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    shown = lines(wyatt.panel())
    assert "Wyatt Earp" in shown and "Ike Clanton" not in shown
    assert wyatt.post("pick", {"model": "Wyatt Earp"}).status_code == 200
    assert "Picked: Wyatt Earp" in lines(wyatt.panel())
    assert "has picked" in lines(ike.panel())
    assert ike.post("pick", {"model": "Ike Clanton"}).status_code == 200
    for phone in (wyatt, ike):
        shown = lines(phone.panel())
        assert "Wyatt Earp" in shown and "Ike Clanton" in shown and "Roll for me" in shown
    # Wyatt 5 + RIF 4 + FAMA 1 = 10 against Ike 2 + RIF 3 + FAMA 1 = 6.
    rolled = ike.post("roll", {"good_die": "5", "bad_die": "2"})
    assert rolled.status_code == 200, rolled.text
    said = lines(rolled.text)
    assert "Initiative (R-07): Wyatt Earp 10 against Ike Clanton 6: Wyatt Earp wins." in said
    assert "Wyatt Earp: 1D6 5 + RIF 4 + FAMA 1 = 10" in said
    assert "waiting for its player" in lines(ike.panel())
    assert "Let my opponent activate: Ike Clanton" in lines(wyatt.panel())
    # The loser may not choose for the winner.
    refused = ike.post("choose", {"activate": "bad"})
    assert refused.status_code == 403 and "won the initiative" in lines(refused.text)
    chosen = wyatt.post("choose", {"activate": "bad"})
    assert chosen.status_code == 200, chosen.text
    assert "Ike Clanton takes its turn 1: the winner lets the opponent's model act (§1.8)." in (
        lines(chosen.text)
    )
    events = rows(table, "select action, details from game_event where action = 'initiative'")
    assert len(events) == 1 and '"activates": "Ike Clanton"' in events[0][1]
    state = wyatt.state()
    assert state["acting"] == "Ike Clanton" and state["phase"] == "pick" and state["round"] == 2
    assert state["sides"]["good"] == {"picked": False, "mine": True, "model": None}


def test_a_pick_may_change_until_both_are_made(phones: dict[str, Phone]) -> None:
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    assert wyatt.post("pick", {"model": "Wyatt Earp"}).status_code == 200
    assert wyatt.post("pick", {"model": "Doc Holliday"}).status_code == 200
    assert "Picked: Doc Holliday" in lines(wyatt.panel())
    assert ike.post("pick", {"model": "Billy Clanton"}).status_code == 200
    state = ike.state()
    assert state["revealed"] == {"good": "Doc Holliday", "bad": "Billy Clanton"}


def refused_with_nothing_changed(phone: Phone, fields: dict[str, str], code: int, words: str,
                                 db: Path) -> None:  # fmt: skip
    before = rows(db, "select * from game_pick"), rows(db, "select revision from game")
    answer = phone.post("pick", fields)
    assert answer.status_code == code, answer.text
    assert words in lines(answer.text)
    assert (rows(db, "select * from game_pick"), rows(db, "select revision from game")) == before


def test_refused_picks_say_why_and_change_nothing(phones: dict[str, Phone], table: Path) -> None:
    wyatt, ike, doc = phones["Wyatt"], phones["Ike"], phones["Doc"]
    # Round 1: Wyatt Earp takes its turn.
    wyatt.post("pick", {"model": "Wyatt Earp"})
    ike.post("pick", {"model": "Ike Clanton"})
    ike.post("roll", {"good_die": "6", "bad_die": "1"})
    assert wyatt.post("choose", {"activate": "good"}).status_code == 200
    # A model that has taken its turn, the opponent's model, a spectator, a side one does not
    # play, nothing tapped.
    refused_with_nothing_changed(wyatt, {"model": "Wyatt Earp"}, 400, "Wyatt Earp", table)
    refused_with_nothing_changed(wyatt, {"model": "Ike Clanton"}, 403, "", table)
    refused_with_nothing_changed(doc, {"model": "Ike Clanton"}, 403, "watching", table)
    refused_with_nothing_changed(ike, {"model": "Billy Clanton", "side": "good"}, 403,
                                 "Nothing was changed", table)  # fmt: skip
    refused_with_nothing_changed(wyatt, {"model": ""}, 400, "tap one of the models", table)
    refused_with_nothing_changed(wyatt, {"model": "Nobody at all"}, 400, "Nobody at all", table)


def test_a_double_tap_picks_once(phones: dict[str, Phone], table: Path) -> None:
    wyatt = phones["Wyatt"]
    revision = rows(table, "select revision from game")
    first = wyatt.post("pick", {"model": "Virgil Earp"}, key="same-tap")
    second = wyatt.post("pick", {"model": "Virgil Earp"}, key="same-tap")
    assert first.status_code == second.status_code == 200
    assert len(rows(table, "select * from game_pick")) == 1
    assert rows(table, "select revision from game") == [(revision[0][0] + 1,)]
    # The same key cannot change a pick either: the tap was answered already.
    wyatt.post("pick", {"model": "Morgan Earp"}, key="same-tap")
    assert "Picked: Virgil Earp" in lines(wyatt.panel())


def test_a_double_tap_on_the_choice_activates_once(phones: dict[str, Phone], table: Path) -> None:
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.post("pick", {"model": "Wyatt Earp"})
    ike.post("pick", {"model": "Ike Clanton"})
    wyatt.post("roll", {"random": "on"})
    winner = wyatt.state()["roll"]["winner_side"]
    phone = wyatt if winner == "good" else ike
    assert phone.post("choose", {"activate": winner}, key="tap").status_code == 200
    assert phone.post("choose", {"activate": winner}, key="tap").status_code == 200
    assert len(rows(table, "select id from game_event where action = 'initiative'")) == 1


def test_a_roll_is_kept_a_second_roll_is_answered_with_it(phones: dict[str, Phone]) -> None:
    """Nobody rolls again for a better die: the second phone's roll is the first one's."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.post("pick", {"model": "Wyatt Earp"})
    ike.post("pick", {"model": "Ike Clanton"})
    wyatt.post("roll", {"good_die": "1", "bad_die": "6"})
    ike.post("roll", {"good_die": "6", "bad_die": "1"})
    assert ike.state()["roll"]["dice"] == [1, 6]
    assert ike.state()["roll"]["winner"] == "Ike Clanton"


def test_a_tie_is_rolled_again(phones: dict[str, Phone]) -> None:
    """R-07, H-06: Wyatt 1 + 4 + 1 = 6 against Ike 2 + 3 + 1 = 6: roll again, then 4 to 3."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.post("pick", {"model": "Wyatt Earp"})
    ike.post("pick", {"model": "Ike Clanton"})
    tied = wyatt.post("roll", {"good_die": "1", "bad_die": "2"})
    assert "roll again" in lines(tied.text)
    assert ike.state()["roll"]["tied"] is True
    assert "roll again" in lines(ike.panel())
    assert ike.post("choose", {"activate": "bad"}).status_code == 400
    again = ike.post("roll", {"good_die": "4", "bad_die": "3"})
    said = lines(again.text)
    assert "Wyatt Earp 6/9 against Ike Clanton 6/7: Wyatt Earp wins." in said, said


def test_typed_initiative_dice_equal_the_cli(phones: dict[str, Phone], table: Path,
                                             tmp_path: Path) -> None:  # fmt: skip
    """The same picks and dice through the phones and through ``skirmish game initiative
    --dice`` on a copy of the store record the same event and say the same lines."""
    copy = tmp_path / "copy.db"
    shutil.copyfile(table, copy)
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.post("pick", {"model": "Doc Holliday"})
    ike.post("pick", {"model": "Ike Clanton"})
    ike.post("roll", {"good_die": "3", "bad_die": "3", "bad_fama_from": ""})
    said = lines(ike.post("choose", {"activate": "bad"}).text)
    printed = cli(copy, "game", "initiative", "Doc Holliday", "Ike Clanton", "--dice", "3,3",
                  "--activate", "bad", "--campaign", CAMPAIGN)  # fmt: skip
    for line in printed.splitlines():
        assert " ".join(line.split()) in said, (line, said)
    query = "select turn, action, model_id, details, dice from game_event order by id"
    assert [r[:3] + r[3:] for r in rows(table, query)] == rows(copy, query)


def test_friends_fama_is_offered_and_counted(phones: dict[str, Phone]) -> None:
    """R-07: Virgil Earp (FAMA 0) counts Wyatt Earp's unused FAMA, a friend within 5U."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.post("pick", {"model": "Virgil Earp"})
    ike.post("pick", {"model": "Billy Clanton"})
    shown = wyatt.panel()
    assert "Wyatt Earp&#39;s unused FAMA (1)" in shown or "Wyatt Earp's unused FAMA (1)" in shown
    answer = wyatt.post("roll", {"good_die": "2", "bad_die": "2", "good_fama_from": "Wyatt Earp"})
    assert "Virgil Earp: 1D6 2 + RIF 3 + FAMA 1 (Wyatt Earp's) = 6" in lines(answer.text)


def test_the_most_fama_in_reach_is_chosen_first_on_its_players_phone(
    phones: dict[str, Phone],
) -> None:
    """Issue #20: Virgil Earp (FAMA 0) rolls with Wyatt's FAMA 1 selected first; Wyatt's
    phone asks, Ike's only says which FAMA counts for the Earps (and posts it as chosen)."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.post("pick", {"model": "Virgil Earp"})
    ike.post("pick", {"model": "Billy Clanton"})
    theirs = "FAMA counted for Virgil Earp (R-07): Wyatt Earp's unused FAMA (1), a friend within 5U"
    mine = re.search(r'<fieldset id="ga-good_fama_from".*?</fieldset>', wyatt.panel(), re.S)
    assert mine is not None
    assert 'name="good_fama_from" value="Wyatt Earp" checked>' in mine.group(0)
    assert 'value="" checked' not in mine.group(0)
    assert theirs not in lines(wyatt.panel())
    shown = ike.panel()
    assert 'id="ga-good_fama_from"' not in shown
    assert theirs in lines(shown)
    assert '<input type="hidden" name="good_fama_from" value="Wyatt Earp">' in shown
    assert 'name="bad_fama_from" value="Ike Clanton" checked>' in shown  # Billy (0) counts Ike's 1
    answer = ike.post("roll", {"good_die": "2", "bad_die": "2", "good_fama_from": "Wyatt Earp"})
    assert "Virgil Earp: 1D6 2 + RIF 3 + FAMA 1 (Wyatt Earp's) = 6" in lines(answer.text)


def test_only_one_side_left_needs_no_roll(phones: dict[str, Phone], table: Path) -> None:
    """§1.8: when one side alone has models left, its player says who acts; no initiative."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    pairs = (("Wyatt Earp", "Ike Clanton"), ("Virgil Earp", "Billy Clanton"),
             ("Morgan Earp", "Frank McLaury"), ("Doc Holliday", "Tom McLaury"))  # fmt: skip
    for good, bad in pairs:
        wyatt.post("pick", {"model": good})
        ike.post("pick", {"model": bad})
        wyatt.post("roll", {"good_die": "6", "bad_die": "1"})
        assert wyatt.post("choose", {"activate": "good"}).status_code == 200
    assert "Only the bad side" in lines(ike.client.get(f"{PANEL}?lang=en").text)
    assert ike.post("only", {"model": "Tom McLaury"}).status_code == 200
    assert wyatt.state()["acting"] == "Tom McLaury"


def test_a_turn_with_no_round_begun_is_titled_by_its_turn_alone(
    phones: dict[str, Phone], table: Path
) -> None:
    """The good side's models each took their turn at the command line (``game activate``),
    with no pick nor initiative: the panel says "turn 1", not "round 0" (commit 8311b63)."""
    for model in ("Wyatt Earp", "Virgil Earp", "Morgan Earp", "Doc Holliday"):
        cli(table, "game", "activate", model, "--campaign", CAMPAIGN)
    ike = phones["Ike"]
    for lang, title in (("en", "Activation · turn 1"), ("it", "Attivazione · turno 1")):
        panel = ike.client.get(f"{PANEL}?lang={lang}").text
        shown = re.search(r'<h2 id="activation-title">(.*?)</h2>', panel, re.S)
        assert shown is not None and html.unescape(shown.group(1)) == title, panel
    assert "Only the bad side" in lines(ike.client.get(f"{PANEL}?lang=en").text)


def test_the_api_twins_play_a_round(phones: dict[str, Phone], table: Path) -> None:
    """``POST …/picks`` and ``…/initiative`` with the same rules as the forms; each answers
    the round as ``GET …/picks`` does, with the words said."""
    wyatt, ike, doc = phones["Wyatt"], phones["Ike"], phones["Doc"]
    picked = wyatt.api("picks", {"model": "Wyatt Earp"})
    assert picked.status_code == 200, picked.text
    assert picked.json()["sides"]["good"] == {"picked": True, "mine": True, "model": "Wyatt Earp"}
    assert ike.api("picks", {"model": "Ike Clanton"}).json()["revealed"] == {
        "good": "Wyatt Earp",
        "bad": "Ike Clanton",
    }
    refused = doc.api("initiative", {"dice": [4, 4]})
    assert refused.status_code == 403 and "Nothing was changed" in refused.json()["error"]
    rolled = ike.api("initiative", {"dice": [4, 4]})
    assert rolled.status_code == 200, rolled.text
    roll = rolled.json()["roll"]
    assert roll["winner"] == "Wyatt Earp" and roll["rounds"] == [{"good": [4, 9], "bad": [4, 8]}]
    assert rolled.json()["phase"] == "choose"
    chosen = wyatt.api("initiative", {"activate": "good"})
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["acting"] == "Wyatt Earp" and chosen.json()["round"] == 2
    assert any("Wyatt Earp takes its turn 1" in line for line in chosen.json()["lines"])


def test_the_api_initiative_takes_the_catalogues_fields(
    phones: dict[str, Phone], table: Path
) -> None:
    """The command line's inputs (``campaign/game/commands.py``): ``good`` and ``bad`` name
    the models revealed (another is refused), ``activate`` may name one of them, and an
    unknown field is refused naming the nearest."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.api("picks", {"model": "Wyatt Earp"})
    ike.api("picks", {"model": "Ike Clanton"})
    typo = ike.api("initiative", {"dice": [6, 1], "bad-fama": "Billy Clanton"})
    assert typo.status_code == 400
    assert typo.json()["error"].startswith("'bad-fama' is no field of initiative; did you mean")
    other = ike.api("initiative", {"dice": [6, 1], "good": "Doc Holliday"})
    assert other.status_code == 400
    assert "'Doc Holliday' is not revealed this round" in other.json()["error"]
    named = ike.api("initiative", {"dice": [6, 1], "good": "Ike Clanton", "bad": "Wyatt Earp"})
    assert named.status_code == 200, named.text
    chosen = wyatt.api("initiative", {"activate": "Ike Clanton"})
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["acting"] == "Ike Clanton"


def test_the_api_refuses_bad_input_in_words(phones: dict[str, Phone], table: Path) -> None:
    """Hostile input is a refusal in words, never a 500, and changes nothing."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.api("picks", {"model": "Wyatt Earp"})
    ike.api("picks", {"model": "Ike Clanton"})
    before = rows(table, "select * from request_key"), rows(table, "select revision from game")
    for body in (
        {"dice": [9, 1]},
        {"dice": "a b"},
        {"dice": [1, 2, 3]},
        {"dice": [1]},
        {"dice": [3, 3], "good_fama_from": "Ike Clanton"},
        {"dice": [3, 3], "bad_fama_from": "Nobody"},
        {"activate": "good"},
        {},
    ):
        answer = ike.api("initiative", body)
        assert answer.status_code == 400, (body, answer.text)
        assert answer.json()["error"], body
    for key in ("", "x" * 65, "a key with spaces"):
        answer = ike.client.post(
            f"{API}/picks",
            json={"model": "Billy Clanton"},
            headers={"X-CSRF-Token": ike.csrf, "Idempotency-Key": key},
        )
        assert answer.status_code == 400 and "idempotency key" in answer.json()["error"], key
    after = rows(table, "select * from request_key"), rows(table, "select revision from game")
    assert after == before


def test_the_same_key_twice_on_the_api_picks_once(phones: dict[str, Phone], table: Path) -> None:
    wyatt = phones["Wyatt"]
    first = wyatt.api("picks", {"model": "Doc Holliday"}, key="retry-1")
    again = wyatt.api("picks", {"model": "Doc Holliday"}, key="retry-1")
    assert first.status_code == again.status_code == 200
    assert first.json()["lines"] == again.json()["lines"]
    assert rows(table, "select count(*) from game_pick") == [(1,)]


def test_a_referee_picks_for_either_side_but_sees_no_pick(phones: dict[str, Phone]) -> None:
    """The campaign's arbitrator may act for both sides (a player without a phone), and sees
    what the opponent sees: that a card is down, not which (picks.round_state)."""
    arbo, ike = phones["Arbo"], phones["Ike"]
    assert arbo.post("pick", {"model": "Virgil Earp"}).status_code == 200
    state = arbo.state()
    assert state["sides"]["good"] == {"picked": True, "mine": True, "model": None}
    assert "This side has picked" in lines(arbo.panel()) and "Virgil" not in str(arbo.state())
    assert "Virgil Earp" not in str(ike.state())
    assert ike.post("pick", {"model": "Frank McLaury"}).status_code == 200
    assert arbo.state()["revealed"] == {"good": "Virgil Earp", "bad": "Frank McLaury"}


def test_without_javascript_a_form_goes_back_to_its_page(phones: dict[str, Phone]) -> None:
    """A form posted by a browser without HTMX is answered 303 back to the page it came from;
    a refusal is the page with the words, 400."""
    wyatt = phones["Wyatt"]
    data = {"csrf": wyatt.csrf, "key": wyatt.key(), "back": GAME, "model": "Wyatt Earp"}
    answer = wyatt.client.post(f"{PANEL}/pick", data=data)
    assert answer.status_code == 303 and answer.headers["location"] == GAME
    data = {"csrf": wyatt.csrf, "key": wyatt.key(), "back": "//elsewhere.example/", "model": "X"}
    refused = wyatt.client.post(f"{PANEL}/pick", data=data)
    assert refused.status_code == 400 and "<html" in refused.text
    data = {"csrf": wyatt.csrf, "key": wyatt.key(), "back": "//elsewhere.example/"}
    data["model"] = "Morgan Earp"
    moved = wyatt.client.post(f"{PANEL}/pick", data=data)
    assert moved.status_code == 303 and moved.headers["location"] == "/"


def test_the_panel_speaks_italian_and_polls_with_204(phones: dict[str, Phone]) -> None:
    wyatt = phones["Wyatt"]
    shown = lines(wyatt.client.get(f"{PANEL}?lang=it").text)
    assert "Tocca il personaggio che vuoi attivare" in shown and "Attivazione" in shown
    page = wyatt.client.get(PANEL).text
    poll = re.search(r'hx-get="([^"]+)"', page)
    assert poll is not None
    address = poll.group(1).replace("&amp;", "&")
    assert wyatt.client.get(address).status_code == 204
    phones["Ike"].post("pick", {"model": "Ike Clanton"})
    changed = wyatt.client.get(address)
    assert changed.status_code == 200 and "Questa parte ha scelto" in lines(changed.text)


def test_the_live_page_carries_the_panel(phones: dict[str, Phone]) -> None:
    wyatt = phones["Wyatt"]
    live = wyatt.client.get(GAME)
    assert live.status_code == 200
    assert 'id="activation"' in live.text and "Wyatt Earp" in lines(live.text)
    assert f'value="{PANEL}"' not in live.text  # its forms come back to the live page
    assert f'name="back" value="{GAME}"' in live.text


def test_an_undone_initiative_asks_for_a_new_roll(phones: dict[str, Phone], table: Path) -> None:
    """``game undo`` takes the initiative back: the round comes back with both cards down
    (picks), and the roll kept for it has lapsed with the revision, so the dice are rolled
    afresh rather than replayed."""
    wyatt, ike = phones["Wyatt"], phones["Ike"]
    wyatt.post("pick", {"model": "Wyatt Earp"})
    ike.post("pick", {"model": "Ike Clanton"})
    ike.post("roll", {"good_die": "6", "bad_die": "1"})
    assert wyatt.post("choose", {"activate": "good"}).status_code == 200
    cli(table, "game", "undo", "--campaign", CAMPAIGN)
    state = ike.state()
    assert state["round"] == 1 and state["phase"] == "roll" and state["roll"] is None
    assert state["revealed"] == {"good": "Wyatt Earp", "bad": "Ike Clanton"}
    ike.post("roll", {"good_die": "1", "bad_die": "6"})
    assert wyatt.state()["roll"]["winner"] == "Ike Clanton"
