"""The live game on phones (issue #12, web/game_live.py): the campaign's games, starting a game,
the live page and its polled board, new turns and the end, through TestClient on a copy of
the demo store, against the CLI on the same file.

The demo store has no accounts (the single laptop: its reader may do everything); the tests of
who may do what add Wyatt (the Earps' player), Ike (the Clantons'), Doc (no role) and an
arbitrator, as the club's administrator would with the CLI."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

CAMPAIGN, EARPS, CLANTONS = "Tombstone 1881", "Earp brothers", "Clanton gang"
RANCH, APACHES = "Lazy K Ranch", "Apache scouts"
PASSWORD = "polvere e piombo"
C = quote(CAMPAIGN)
GAMES = f"/c/{C}/games"


def cli(db: Path | str, *args: str, stdin: str | None = None) -> str:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


def cli_json(db: Path | str, *args: str) -> Any:
    return json.loads(cli(db, *args, "--json"))


def open_client(db: Path | str) -> Any:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    return TestClient(create_app(str(db)), follow_redirects=False)


@pytest.fixture
def web(demo: Path) -> Iterator[Any]:
    with open_client(demo) as client:
        yield client


def token(client: Any) -> str:
    """The CSRF token a form repeats (a page read first sets it)."""
    if not client.cookies.get("csrf"):
        assert client.get("/").status_code == 200
    value: str = client.cookies.get("csrf")
    return value


def start_bank(db: Path) -> str:
    """A bank robbery between the Earps (good) and the Clantons (bad), started by the CLI: the
    live page's address."""
    cli(db, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS)
    return f"{GAMES}/1"


def revision(page: str) -> int:
    found = re.search(r'data-revision="(\d+)"', page)
    assert found is not None
    return int(found.group(1))


def form_key(page: str, route: str) -> str:
    found = re.search(rf'action="[^"]*/{route}">\s*<input[^>]*>\s*<input type="hidden" '
                      r'name="key" value="([^"]+)"', page)  # fmt: skip
    assert found is not None, route
    return found.group(1)


def error_on(page: str) -> str:
    found = re.search(r'<p class="error" role="alert" id="(?:game|start)-error">(.*?)</p>', page)
    return html.unescape(found.group(1)) if found else ""


def game_rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT id, status, turn, revision FROM game ORDER BY id").fetchall()


# ------------------------------------------------------------------ reading


def test_the_api_is_game_status_json(web: Any, demo: Path) -> None:
    start_bank(demo)
    answer = web.get(f"/api/v1/campaigns/{C}/games/1")
    assert answer.status_code == 200
    assert answer.json() == cli_json(demo, "game", "status", "--game", "1")
    cli(demo, "game", "turn")
    cli(demo, "game", "activate", "Wyatt Earp")
    again = web.get(
        f"/api/v1/campaigns/{C}/games/1", headers={"If-None-Match": answer.headers["etag"]}
    )
    assert again.status_code == 200  # the game moved on: the new board
    assert again.json() == cli_json(demo, "game", "status", "--game", "1")
    same = web.get(
        f"/api/v1/campaigns/{C}/games/1", headers={"If-None-Match": again.headers["etag"]}
    )
    assert same.status_code == 304 and same.content == b""


def test_the_board_is_204_until_the_game_changes_then_the_new_board(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    page = web.get(live)
    assert page.status_code == 200
    rev = revision(page.text)
    unchanged = web.get(f"{live}/board?rev={rev}")
    assert unchanged.status_code == 204 and unchanged.content == b""
    for command in (
        ("game", "turn"),
        ("game", "activate", "Ike Clanton"),
        ("game", "state", "Ike Clanton", "prone"),
        ("game", "undo"),
    ):
        cli(demo, *command)
        changed = web.get(f"{live}/board?rev={rev}")
        assert changed.status_code == 200, command
        assert changed.headers["HX-Trigger"] == "game-changed"
        assert revision(changed.text) > rev, command
        rev = revision(changed.text)
        assert web.get(f"{live}/board?rev={rev}").status_code == 204, command
    board = web.get(f"{live}/board").text  # without a revision: always the board
    assert "Ike Clanton" in board and 'hx-trigger="news" data-poll="1s"' in board
    assert 'data-events="' in board  # its stream; a hidden tab asks nothing (static/live.js)
    assert "<html" not in board  # a fragment, not a page


def test_the_live_page_shows_every_model_and_the_turn(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    cli(demo, "game", "turn")
    cli(demo, "game", "activate", "Wyatt Earp")
    cli(demo, "game", "hit", "Ike Clanton", "--wounds", "1")
    page = web.get(live + "?lang=en").text
    status = cli_json(demo, "game", "status")
    for gang in status["gangs"]:
        for model in gang["models"]:
            assert html.escape(model["name"]) in page
    assert "Acting now: Wyatt Earp" in page
    assert "Turn 1" in page
    ike = page[page.index('piece-name">Ike Clanton') :]
    assert "☒☐☐" in ike[:600] and "COS 2/3" in ike[:600]  # one box of three crossed
    assert "Six-shooter 6/6" in page  # a gun with its rounds (issue #10's kit)
    assert "loot sack 1" in page  # the scenario's objectives by name
    assert "Ike Clanton takes 1 wound: COS 3 → 2." in page  # the game log's own words
    shown = re.sub(r"<script[^>]*>.*?</script>", " ", page, flags=re.S)  # data, never shown
    text = re.sub(r"<[^>]+>", " ", shown)  # what the page says, not its links
    assert "bank-robbery" not in text and "loot-sack" not in text  # no internal id
    italian = web.get(live + "?lang=it").text
    assert "Agisce ora: Wyatt Earp" in italian and "Turno 1" in italian
    assert "Ike Clanton subisce 1 ferita: COS 3 → 2." in italian


def test_markup_in_names_reads_as_text(web: Any, demo: Path) -> None:
    evil = "<script>alert(1)</script>{{ 7*7 }}"
    cli(demo, "gang", "rename", EARPS, evil, "--campaign", CAMPAIGN)
    cli(demo, "member", "rename", evil, "Wyatt Earp", "<b>Wyatt</b>", "--campaign", CAMPAIGN)
    cli(demo, "game", "start", "Rapina in banca", "--good", evil, "--bad", CLANTONS)
    for address in (f"{GAMES}/1", f"{GAMES}/1/board", GAMES, f"{GAMES}/new"):
        page = web.get(address).text
        assert "<script>alert" not in page and "<b>Wyatt" not in page, address
        # the name's braces are text, never evaluated: "49" right after its "</script>" (as
        # markup or in a JSON string) would be. Not "49" anywhere: a random CSRF token or form
        # key holds it now and then, and never a ">".
        unescaped = html.unescape(page)
        assert "{{ 7*7 }}" in unescaped and not re.search(r"(>|\\u003e)49", unescaped), address
        assert "&lt;script&gt;" in page, address


def test_the_games_list_links_each_game(web: Any, demo: Path) -> None:
    assert "No games yet." in web.get(GAMES + "?lang=en").text
    start_bank(demo)
    cli(demo, "game", "abandon")
    cli(demo, "game", "start", "Duello", "--good", RANCH, "--bad", APACHES)
    page = web.get(GAMES + "?lang=en").text
    assert f'href="{GAMES}/1"' in page and f'href="{GAMES}/2"' in page
    assert page.index(f"{GAMES}/2") < page.index(f"{GAMES}/1")  # newest first
    assert f'href="{GAMES}/new"' in page
    assert f'href="{GAMES}/1"' in web.get(f"/c/{C}").text  # from the campaign's recent games


def test_an_unknown_game_is_a_404_in_words(web: Any, demo: Path) -> None:
    start_bank(demo)
    for typed in ("2", "x", "99999999999999", "-1"):
        page = web.get(f"{GAMES}/{quote(typed)}?lang=en")
        assert page.status_code == 404, typed
        assert "Traceback" not in page.text
    assert web.get(f"/api/v1/campaigns/{C}/games/7").status_code == 404
    assert web.get(f"{GAMES}/7/board?rev=0").status_code == 404


# ------------------------------------------------------------------ starting


def test_starting_a_game_from_the_form(web: Any, demo: Path) -> None:
    form = web.get(f"{GAMES}/new?lang=it").text
    assert "Rapina in banca" in form and "Duello" in form  # the seven by their Italian names
    assert 'value="bank-robbery"' in form  # ids only as the option's value
    with sqlite3.connect(demo) as con:
        ike = con.execute("SELECT id, gang_id FROM member WHERE name = 'Ike Clanton'").fetchone()
    answer = web.post(
        f"{GAMES}/new",
        data={
            "csrf": token(web),
            "scenario": "bank-robbery",
            "good": EARPS,
            "bad": CLANTONS,
            f"leave-{ike[1]}": str(ike[0]),
        },
    )
    assert answer.status_code == 303 and answer.headers["location"] == f"{GAMES}/1"
    status = cli_json(demo, "game", "status")
    assert status["scenario"] == "bank-robbery"
    assert [g["gang"] for g in status["gangs"]] == [EARPS, CLANTONS]
    assert "Ike Clanton" not in [m["name"] for m in status["gangs"][1]["models"]]


def test_a_refused_start_shows_the_services_words_and_changes_nothing(web: Any, demo: Path) -> None:
    start_bank(demo)
    before = game_rows(demo)
    answer = web.post(
        f"{GAMES}/new?lang=en",
        data={"csrf": token(web), "scenario": "duel", "good": EARPS, "bad": APACHES},
    )
    assert answer.status_code == 400
    assert error_on(answer.text) == (
        f"gang '{EARPS}' is already playing game 1 (Bank robbery); end or abandon it first."
    )  # the scenario by its name, never its id
    assert 'value="duel" selected' in answer.text  # what was chosen is kept
    for fields in (
        {"scenario": "nessuno", "good": RANCH, "bad": APACHES},
        {"scenario": "duel", "good": RANCH, "bad": RANCH},
        {"scenario": "duel", "good": "", "bad": ""},
        {"scenario": "duel", "good": "Nobody", "bad": APACHES},
    ):
        refused = web.post(f"{GAMES}/new?lang=en", data={"csrf": token(web), **fields})
        assert refused.status_code == 400, fields
        assert error_on(refused.text), fields
    assert game_rows(demo) == before


def test_a_duel_names_the_leader_of_a_gang_without_one(web: Any, demo: Path) -> None:
    """R-21: the Apache scouts' leader stays home; the form names who leads them."""
    with sqlite3.connect(demo) as con:
        (gang_id,) = con.execute("SELECT id FROM gang WHERE name = ?", (APACHES,)).fetchone()
        roster = con.execute(
            "SELECT id, name, role FROM member WHERE gang_id = ? AND status = 'active'",
            (gang_id,),
        ).fetchall()
    leader = next(m for m in roster if m[2] == "leader")
    other = next(m for m in roster if m[2] != "leader")
    base = {"csrf": token(web), "scenario": "duel", "good": RANCH, "bad": APACHES,
            f"leave-{gang_id}": str(leader[0])}  # fmt: skip
    refused = web.post(f"{GAMES}/new?lang=en", data=base)
    assert refused.status_code == 400 and "R-21" in error_on(refused.text)
    started = web.post(f"{GAMES}/new", data={**base, f"leader-{gang_id}": str(other[0])})
    assert started.status_code == 303
    status = cli_json(demo, "game", "status")
    assert status["gangs"][1]["leader"] == other[1] and status["gangs"][1]["leader_named"]


def test_the_api_starts_a_game_as_game_start_json(web: Any, demo: Path) -> None:
    answer = web.post(
        f"/api/v1/campaigns/{C}/games",
        json={"scenario": "Bank robbery", "good": EARPS, "bad": CLANTONS, "leave": ["Ike"]},
        headers={"X-CSRF-Token": token(web)},
    )
    assert answer.status_code == 201
    assert answer.json() == cli_json(demo, "game", "status", "--game", "1")
    refused = web.post(
        f"/api/v1/campaigns/{C}/games?lang=it",
        json={"scenario": "Bank robbery", "good": EARPS, "bad": CLANTONS},
        headers={"X-CSRF-Token": token(web)},
    )
    assert refused.status_code == 400 and "sta già giocando" in refused.json()["error"]


def test_the_api_starts_a_game_with_the_gangs_on_their_default_sides(web: Any, demo: Path) -> None:
    """The catalogue's ``gangs`` (``game start SCENARIO GANGS…``): each on its default side."""
    answer = web.post(
        f"/api/v1/campaigns/{C}/games",
        json={"scenario": "Bank robbery", "gangs": [CLANTONS, EARPS]},
        headers={"X-CSRF-Token": token(web)},
    )
    assert answer.status_code == 201, answer.text
    assert [g["gang"] for g in answer.json()["gangs"]] == [EARPS, CLANTONS]


# ------------------------------------------------------------------ turns and the end


def test_a_new_turn_with_typed_cohesion_dice_is_game_turn(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    page = web.get(live).text
    answer = web.post(
        f"{live}/turn",
        data={"csrf": token(web), "revision": str(revision(page)), "key": form_key(page, "turn")},
    )
    assert answer.status_code == 303 and answer.headers["location"] == live
    assert cli_json(demo, "game", "status")["turn"] == 1
    # two of the Clantons fall: a cohesion test is due, its die typed as rolled
    for name in ("Ike Clanton", "Billy Clanton", "Frank McLaury"):
        cli(demo, "game", "eliminate", name)
    page = web.get(live + "?lang=en").text
    assert "Cohesion dice, in order: Clanton gang" in page
    bad = web.post(f"{live}/turn?lang=en", data={"csrf": token(web), "dice": "7",
                                                  "revision": str(revision(page))})  # fmt: skip
    assert bad.status_code == 400 and "7" in error_on(bad.text)
    assert cli_json(demo, "game", "status")["turn"] == 1  # nothing changed
    done = web.post(f"{live}/turn", data={"csrf": token(web), "dice": "1",
                                          "revision": str(revision(page))})  # fmt: skip
    assert done.status_code == 303
    events = cli_json(demo, "game", "log")
    cohesion = [e for e in events if e["action"] == "cohesion"]
    assert cohesion and cohesion[-1]["dice"] == [{"value": 1, "purpose": "cohesion"}]
    shown = web.get(live + "?lang=en").text
    assert "Clanton gang takes a cohesion test (R-08)" in shown


def test_a_double_tap_acts_once(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    page = web.get(live).text
    fields = {"csrf": token(web), "revision": str(revision(page)), "key": form_key(page, "turn")}
    first = web.post(f"{live}/turn", data=fields)
    second = web.post(f"{live}/turn", data=fields)  # the same button, the same key
    assert first.status_code == second.status_code == 303
    assert cli_json(demo, "game", "status")["turn"] == 1
    # a new key under the old board: the game moved on, refused in words
    stale = web.post(f"{live}/turn?lang=en", data={**fields, "key": "another-key"})
    assert stale.status_code == 400 and "the game changed since" in error_on(stale.text)
    assert cli_json(demo, "game", "status")["turn"] == 1
    # the API's retry with its Idempotency-Key answers the first answer again
    headers = {"X-CSRF-Token": token(web), "Idempotency-Key": "phone-1-turn-2"}
    api = f"/api/v1/campaigns/{C}/games/1/turn"
    once = web.post(api, json={}, headers=headers)
    twice = web.post(api, json={}, headers=headers)
    assert once.status_code == twice.status_code == 200 and once.json() == twice.json()
    assert once.json()["turn"] == 2 and cli_json(demo, "game", "status")["turn"] == 2


def test_the_api_turn_answers_as_game_turn_json(web: Any, demo: Path) -> None:
    start_bank(demo)
    answer = web.post(
        f"/api/v1/campaigns/{C}/games/1/turn", json={}, headers={"X-CSRF-Token": token(web)}
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["game"] == 1 and body["turn"] == 1
    assert [e["action"] for e in body["events"]] == ["turn"]


def test_the_referee_ends_or_abandons_the_game(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    cli(demo, "game", "turn")
    page = web.get(live).text
    answer = web.post(f"{live}/end", data={"csrf": token(web), "verdict": "bad",
                                            "revision": str(revision(page))})  # fmt: skip
    assert answer.status_code == 303
    status = cli_json(demo, "game", "status")
    assert status["status"] == "ended" and status["winner"] == CLANTONS
    ended = web.get(live + "?lang=en").text
    assert "Game over: Clanton gang wins" in ended
    assert f'href="{live}/postgame/{quote(EARPS)}"' in ended  # the post-game wizard
    assert "hx-trigger" not in ended.split('id="board"')[1].split(">")[0]  # no more polling
    second = start_bank_again(demo)
    page = web.get(second).text
    gone = web.post(f"{second}/abandon", data={"csrf": token(web), "revision": str(revision(page))})
    assert gone.status_code == 303
    assert "The game was abandoned" in web.get(second + "?lang=en").text


def test_the_api_ends_and_votes_with_the_catalogues_fields(web: Any, demo: Path) -> None:
    """``end`` takes ``winner``/``draw`` as ``game end`` does, a vote ``withdraw`` as ``game
    vote --withdraw`` (issue #20, item 1); the buttons' ``verdict`` still works above."""
    start_bank(demo)
    cli(demo, "game", "turn")
    api, csrf = f"/api/v1/campaigns/{C}/games/1", {"X-CSRF-Token": token(web)}
    voted = web.post(f"{api}/vote", json={"verdict": "draw", "side": "good"}, headers=csrf)
    assert voted.status_code == 200
    assert _good_vote(demo) == "draw"
    back = web.post(f"{api}/vote", json={"withdraw": True, "side": "good"}, headers=csrf)
    assert back.status_code == 200
    assert _good_vote(demo) is None
    both = web.post(f"{api}/end?lang=en", json={"winner": CLANTONS, "draw": True}, headers=csrf)
    assert both.status_code == 400 and "not both" in both.json()["error"]
    ended = web.post(f"{api}/end", json={"winner": CLANTONS}, headers=csrf)
    assert ended.status_code == 200
    status = cli_json(demo, "game", "status")
    assert status["status"] == "ended" and status["winner"] == CLANTONS


def _good_vote(db: Path) -> str | None:
    from skirmish.campaign import store
    from skirmish.campaign.game.end import votes
    from skirmish.campaign.game.tables import Game

    with store.transaction(store.open_store(str(db))) as s:
        game = s.get(Game, 1)
        assert game is not None
        return votes(s, game).good


def start_bank_again(db: Path) -> str:
    """A second game between two other gangs (the first gangs owe their post-game)."""
    cli(db, "game", "start", "Duello", "--good", RANCH, "--bad", APACHES)
    return f"{GAMES}/2"


def test_a_verdict_the_table_contradicts_is_refused(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    cli(demo, "game", "turn")
    for name in ("Wyatt Earp", "Virgil Earp", "Morgan Earp", "Doc Holliday"):
        cli(demo, "game", "eliminate", name)
    status = cli_json(demo, "game", "status")
    if status["status"] == "ended":  # the scenario's own end (end.settle) came first
        page = web.get(live + "?lang=en").text
        assert "Game over: Clanton gang wins" in page
        return
    page = web.get(live).text
    refused = web.post(f"{live}/end?lang=en", data={"csrf": token(web), "verdict": "good",
                                                     "revision": str(revision(page))})  # fmt: skip
    assert refused.status_code == 400 and error_on(refused.text)
    assert cli_json(demo, "game", "status")["status"] == "in_progress"


# ------------------------------------------------------------------ who may do what


def make_club(db: Path) -> None:
    """Wyatt plays the Earps, Ike the Clantons, Doc has no role, Rosa is an arbitrator."""
    for user in ("Wyatt", "Ike", "Doc", "Rosa"):
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    for gang, user in ((EARPS, "Wyatt"), (CLANTONS, "Ike")):
        cli(db, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    cli(db, "campaign", "role", "Rosa", "arbitrator", "--campaign", CAMPAIGN)
    cli(db, "campaign", "set-public", "on", "--campaign", CAMPAIGN)


def log_in(client: Any, user: str) -> str:
    assert client.get("/login").status_code == 200
    form = {"user": user, "password": PASSWORD, "csrf": client.cookies.get("csrf")}
    assert client.post("/login", data=form).status_code == 303
    value: str = client.cookies.get("csrf")
    return value


@pytest.mark.parametrize("who", ["Doc", None])
def test_a_spectator_watches_and_cannot_start_turn_or_end(demo: Path, who: str | None) -> None:
    make_club(demo)
    live = start_bank(demo)
    with open_client(demo) as web:
        csrf = log_in(web, who) if who else token(web)
        page = web.get(live + "?lang=en")
        assert page.status_code == 200 and "Wyatt Earp" in page.text
        assert "You are watching" in page.text
        assert f'action="{live}/turn"' not in page.text and f'action="{live}/end"' not in page.text
        assert f'href="{GAMES}/new"' not in web.get(GAMES).text
        before = game_rows(demo)
        rev = str(revision(page.text))
        for route, fields in (
            ("turn", {}),
            ("vote", {"verdict": "draw"}),
            ("vote", {"verdict": "draw", "side": "bad"}),
            ("end", {"verdict": "good"}),
            ("abandon", {}),
        ):
            form = web.post(
                f"{live}/{route}?lang=en", data={"csrf": csrf, "revision": rev, **fields}
            )
            assert form.status_code == 403, route
            assert "you may not" in error_on(form.text), route
            api = web.post(f"/api/v1/campaigns/{C}/games/1/{route}", json=fields,
                           headers={"X-CSRF-Token": csrf})  # fmt: skip
            assert api.status_code == 403, route
        start = web.post(f"{GAMES}/new?lang=en", data={"csrf": csrf, "scenario": "duel",
                                                        "good": RANCH, "bad": APACHES})  # fmt: skip
        assert start.status_code == 403
        assert game_rows(demo) == before


def test_a_player_turns_but_only_the_referee_ends_or_abandons(demo: Path) -> None:
    make_club(demo)
    live = start_bank(demo)
    with open_client(demo) as web:
        csrf = log_in(web, "Ike")
        page = web.get(live + "?lang=en").text
        assert f'action="{live}/turn"' in page and f'action="{live}/abandon"' not in page
        turned = web.post(f"{live}/turn", data={"csrf": csrf, "revision": str(revision(page))})
        assert turned.status_code == 303
        refused = web.post(f"{live}/abandon?lang=en", data={"csrf": csrf})
        assert refused.status_code == 403
        assert cli_json(demo, "game", "status")["status"] == "in_progress"
        # Ike starts a game for his own gang; not one between two gangs of others
        other = web.post(f"{GAMES}/new", data={"csrf": csrf, "scenario": "duel",
                                               "good": RANCH, "bad": APACHES})  # fmt: skip
        assert other.status_code == 403
    with open_client(demo) as web:
        csrf = log_in(web, "Rosa")
        page = web.get(live).text
        assert f'action="{live}/abandon"' in page
        gone = web.post(f"{live}/abandon", data={"csrf": csrf, "revision": str(revision(page))})
        assert gone.status_code == 303
        assert cli_json(demo, "game", "status")["status"] == "abandoned"
        started = web.post(f"{GAMES}/new", data={"csrf": csrf, "scenario": "duel",
                                                 "good": RANCH, "bad": APACHES})  # fmt: skip
        assert started.status_code == 303


def test_a_hidden_campaign_is_a_404_for_its_games(demo: Path) -> None:
    make_club(demo)
    start_bank(demo)
    cli(demo, "campaign", "set-public", "off", "--campaign", CAMPAIGN)
    with open_client(demo) as web:
        csrf = token(web)
        for address in (GAMES, f"{GAMES}/1", f"{GAMES}/1/board?rev=0", f"{GAMES}/new"):
            assert web.get(address).status_code == 404, address
        assert web.get(f"/api/v1/campaigns/{C}/games/1").status_code == 404
        assert web.post(f"{GAMES}/1/turn", data={"csrf": csrf}).status_code == 404


def test_an_action_with_an_idempotency_key_moves_the_revision_on(web: Any, demo: Path) -> None:
    """The key's claim is a savepoint: the game's revision still moves on once, and the turn
    is still undone exactly (capture.seal waits for the unit of work's own commit)."""
    live = start_bank(demo)
    page = web.get(live).text
    rev = revision(page)
    fields = {"csrf": token(web), "revision": str(rev), "key": form_key(page, "turn")}
    assert web.post(f"{live}/turn", data=fields).status_code == 303
    assert web.get(f"{live}/board?rev={rev}").status_code == 200
    assert game_rows(demo) == [(1, "in_progress", 1, rev + 1)]
    cli(demo, "game", "undo")
    assert cli_json(demo, "game", "status")["turn"] == 0


def test_both_players_confirm_the_verdict_and_the_game_ends(demo: Path) -> None:
    """Victory confirmed by both players (issue #12): Wyatt votes on his phone, Ike sees it on
    his by the next poll, votes otherwise, then the same: the game ends with that verdict."""
    make_club(demo)
    live = start_bank(demo)
    cli(demo, "game", "turn")
    with open_client(demo) as wyatt, open_client(demo) as ike:
        w_csrf, i_csrf = log_in(wyatt, "Wyatt"), log_in(ike, "Ike")
        page = wyatt.get(live + "?lang=en").text
        rev = revision(page)
        assert page.count(f'action="{live}/vote"') == 1  # his own side only
        voted = wyatt.post(f"{live}/vote", data={"csrf": w_csrf, "verdict": "draw",
                                                  "revision": str(rev)})  # fmt: skip
        assert voted.status_code == 303
        seen = ike.get(f"{live}/board?rev={rev}&lang=en")
        assert seen.status_code == 200 and "Earp brothers says: a draw" in seen.text
        assert "The other side said: a draw." in seen.text
        # Ike may not vote for the Earps
        theirs = ike.post(f"{live}/vote", data={"csrf": i_csrf, "verdict": "draw", "side": "good"})
        assert theirs.status_code == 403
        rev = revision(seen.text)
        other = ike.post(f"{live}/vote", data={"csrf": i_csrf, "verdict": "bad",
                                               "revision": str(rev)})  # fmt: skip
        assert other.status_code == 303
        assert cli_json(demo, "game", "status")["status"] == "in_progress"
        page = ike.get(live).text
        agree = ike.post(f"{live}/vote", data={"csrf": i_csrf, "verdict": "draw",
                                               "revision": str(revision(page))})  # fmt: skip
        assert agree.status_code == 303
        status = cli_json(demo, "game", "status")
        assert status["status"] == "ended" and status["winner"] is None
        ended = wyatt.get(live + "?lang=it").text
        assert "Partita finita: pareggio (pareggio, confermato da entrambi i giocatori)" in ended


def test_two_votes_cast_from_the_same_board_both_count(demo: Path) -> None:
    """Both phones show the same board and both players vote before either refreshes: the
    second vote is not refused for the first one (issue #20); the game ends when they agree."""
    make_club(demo)
    live = start_bank(demo)
    cli(demo, "game", "turn")
    with open_client(demo) as wyatt, open_client(demo) as ike:
        w_csrf, i_csrf = log_in(wyatt, "Wyatt"), log_in(ike, "Ike")
        rev = str(revision(wyatt.get(live).text))
        first = wyatt.post(f"{live}/vote", data={"csrf": w_csrf, "verdict": "draw",
                                                  "revision": rev})  # fmt: skip
        second = ike.post(f"{live}/vote", data={"csrf": i_csrf, "verdict": "draw",
                                                "revision": rev})  # fmt: skip
        assert (first.status_code, second.status_code) == (303, 303)
    status = cli_json(demo, "game", "status")
    assert status["status"] == "ended" and status["winner"] is None


HOSTILE = [
    "",
    " ",
    "x" * 5000,
    "<script>",
    "{{ 7*7 }}",
    "６",
    "-1",
    "1e9",
    "%00",
    "\u202e",
    "'; --",
]


def test_hostile_input_is_a_refusal_in_words_never_a_500(web: Any, demo: Path) -> None:
    live = start_bank(demo)
    csrf = token(web)
    turns = 0
    for value in HOSTILE:
        for route, fields in (
            ("turn", {"dice": value}),
            ("turn", {"revision": value}),
            ("turn", {"key": value}),
            ("vote", {"verdict": value}),
            ("vote", {"verdict": "draw", "side": value}),
            ("end", {"verdict": value}),
        ):
            answer = web.post(f"{live}/{route}?lang=en", data={"csrf": csrf, **fields})
            assert answer.status_code < 500, (route, fields)
            turns += int(answer.status_code == 303 and route == "turn")
            if answer.status_code != 303:
                assert error_on(answer.text), (route, fields)
        for field in ("scenario", "good", "bad", "leave-1", "leader-1", "leader-2"):
            form = {"csrf": csrf, "scenario": "duel", "good": RANCH, "bad": APACHES, field: value}
            answer = web.post(f"{GAMES}/new?lang=en", data=form)
            assert answer.status_code < 500, (field, value[:20])
        assert web.get(f"{live}/board", params={"rev": value}).status_code < 500
        for body in ({"scenario": value}, {"leave": [value]}, {"leaders": value}):
            api = web.post(f"/api/v1/campaigns/{C}/games", json=body,
                           headers={"X-CSRF-Token": csrf})  # fmt: skip
            assert api.status_code < 500 and "error" in api.json(), body
    odd: list[Any] = [[1, 2], "text", {"good": {"a": 1}}, {"leave": {"x": 1}}]
    for shape in odd:
        api = web.post(f"/api/v1/campaigns/{C}/games", json=shape, headers={"X-CSRF-Token": csrf})
        assert api.status_code == 400, shape
    # only the turns that were no refusal (empty dice: random; no revision: unchecked) happened
    assert game_rows(demo)[0][1:3] == ("in_progress", turns)


def test_a_failed_cohesion_test_rerolled_with_fama_said_beforehand(web: Any, demo: Path) -> None:
    """R-15, R-08: the Clantons' cohesion test fails on a 6; Ike's FAMA, chosen on the form
    before the tap, rerolls it (the die typed after the test's), and it holds."""
    live = start_bank(demo)
    cli(demo, "game", "turn")
    for name in ("Billy Clanton", "Frank McLaury", "Tom McLaury"):
        cli(demo, "game", "eliminate", name)
    page = web.get(live + "?lang=en").text
    assert "If the cohesion test of Clanton gang fails, reroll it with the FAMA of" in page
    assert '<option value="Ike Clanton">Ike Clanton (FAMA 1)</option>' in page
    answer = web.post(f"{live}/turn", data={"csrf": token(web), "dice": "6 1",
                                             "reroll-bad": "Ike Clanton",
                                             "revision": str(revision(page))})  # fmt: skip
    assert answer.status_code == 303
    status = cli_json(demo, "game", "status")
    assert status["status"] == "in_progress" and status["turn"] == 2
    ike = next(m for m in status["gangs"][1]["models"] if m["name"] == "Ike Clanton")
    assert ike["fama_left"] == 0
    assert "Ike Clanton" in web.get(live + "?lang=en").text.split("What happened")[1]


def test_a_player_may_not_spend_the_other_sides_fama(demo: Path) -> None:
    make_club(demo)
    live = start_bank(demo)
    cli(demo, "game", "turn")
    for name in ("Billy Clanton", "Frank McLaury", "Tom McLaury"):
        cli(demo, "game", "eliminate", name)
    with open_client(demo) as web:
        csrf = log_in(web, "Wyatt")
        page = web.get(live).text
        assert 'name="reroll-bad"' not in page  # not his gang's dice
        refused = web.post(f"{live}/turn?lang=en", data={"csrf": csrf, "dice": "6 1",
                                                          "reroll-bad": "Ike Clanton"})  # fmt: skip
        assert refused.status_code == 403
    assert cli_json(demo, "game", "status")["turn"] == 1


def test_the_log_names_the_winning_gang_when_its_start_has_scrolled_away(
    web: Any, demo: Path
) -> None:
    """The live page's log shows the last events only: the game's end still names the winning
    gang, never its side's id (issue #21: "The game ends: good wins")."""
    live = start_bank(demo)
    for _ in range(8):
        cli(demo, "game", "turn")
    page = web.get(live).text
    answer = web.post(f"{live}/end", data={"csrf": token(web), "verdict": "bad",
                                            "revision": str(revision(page))})  # fmt: skip
    assert answer.status_code == 303
    events = cli_json(demo, "game", "log")
    assert len(events) > 8 and events[0]["action"] == "start"  # the start is off the page
    for lang, said in (("en", "The game ends: Clanton gang wins"),
                       ("it", "La partita finisce: vince Clanton gang")):  # fmt: skip
        log = (
            web.get(f"{live}?lang={lang}").text.split('class="game-log"')[1].split("</section>")[0]
        )
        assert said in html.unescape(log), log
        assert not re.search(r"\b(good|bad|buoni|cattivi) (wins|vince)|vince (bad|good)\b", log)
