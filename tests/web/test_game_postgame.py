"""The post-game as a wizard on each player's phone (issue #12): the choices, the dice typed one
at a time with what each is for, one unit of work, the report, advances and purchases, and both
sides seeing when the other has finished; its API twin.

The game is played and ended through the CLI on the demo store with accounts (``make_club``:
Wyatt looks after the Earps, Ike after the Clantons, Doc has no role): a Duel in which Wyatt
eliminates Frank McLaury and Virgil eliminates Tom McLaury, the Earps named the winners. The
Clantons' post-game then rolls Frank's recovery (2: invalid, then the invalid table) and Tom's
(R-10); the Earps' needs no die."""

from __future__ import annotations

import html
import json
import re
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.test_actions import CAMPAIGN, CLANTONS, EARPS, cli, log_in, make_club, open_client

GAME = f"/c/{quote(CAMPAIGN, safe='')}/games/1"
API = f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games/1/postgame"


def wizard(gang: str = CLANTONS) -> str:
    return f"{GAME}/postgame/{quote(gang, safe='')}"


def play_a_duel(db: Path | str) -> None:
    """Start, play and end a Duel with the CLI: Frank and Tom eliminated, the Earps win."""
    for args in (
        ("game", "start", "duel", "--good", EARPS, "--bad", CLANTONS),
        ("game", "turn"),
        ("game", "eliminate", "Frank", "--by", "Wyatt"),
        ("game", "eliminate", "Tom", "--by", "Virgil"),
        ("game", "end", "--winner", EARPS),
    ):
        cli(db, *args, "--campaign", CAMPAIGN)


def club_after_a_duel(db: Path) -> None:
    make_club(db)
    play_a_duel(db)


@pytest.fixture
def ended(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    return prepared(club_after_a_duel)


@pytest.fixture
def web(ended: Path) -> Iterator[Any]:
    with open_client(ended) as client:
        yield client


def words(response: Any) -> str:
    """The page's main text, tags dropped, spaces folded."""
    main = response.text.split("<main>", 1)[-1]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", main)).split())


def roster(db: Path | str, gang: str) -> Any:
    return json.loads(cli(db, "gang", "show", gang, "--json", "--campaign", CAMPAIGN))


def rows(db: Path) -> tuple[int, int]:
    """How many log entries and injuries the store holds."""
    with sqlite3.connect(db) as connection:
        entries = connection.execute("SELECT count(*) FROM log_entry").fetchone()[0]
        injuries = connection.execute("SELECT count(*) FROM injury").fetchone()[0]
    return entries, injuries


def tap(client: Any, url: str, die: int) -> str:
    """Tap a die's button on the dice page (its form's GET), and follow to the new page."""
    answer = client.get(url + ("&" if "?" in url else "?") + f"die={die}")
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"])


# --------------------------------------------------------------------------- the wizard


def test_typed_dice_give_the_rosters_the_cli_gives(ended: Path, tmp_path: Path) -> None:
    """R-10, R-11, H-01: the wizard with the dice typed one by one records exactly what
    ``skirmish game postgame GANG --dice ...`` records on a copy of the same store."""
    copy = tmp_path / "cli.db"
    shutil.copyfile(ended, copy)
    cli(copy, "game", "postgame", CLANTONS, "--dice", "2,3,4", "--campaign", CAMPAIGN)
    cli(copy, "game", "postgame", EARPS, "--campaign", CAMPAIGN)

    with open_client(ended) as web:
        token = log_in(web, "Ike")
        first = web.get(wizard())
        assert first.status_code == 200
        shown = words(first)
        assert "Doctor for Frank McLaury's recovery (R-10)" in shown
        assert "Doctor for Tom McLaury's recovery (R-10)" in shown
        dice = web.get(wizard() + "?step=dice")
        assert "Next die: recovery roll for Frank McLaury" in words(dice)
        assert 'name="die" value="6"' in dice.text
        url = tap(web, wizard() + "?step=dice", 2)
        assert "Next die: invalid table for Frank McLaury" in words(web.get(url))
        url = tap(web, url, 3)
        assert "Next die: recovery roll for Tom McLaury" in words(web.get(url))
        url = tap(web, url, 4)
        ready = words(web.get(url))
        assert "Every die is in" in ready
        assert "R-10: Frank McLaury: recovery 2 → 2: invalid (Lame)" in ready
        assert "2 · recovery roll for Frank McLaury" in ready
        # Nothing is recorded until "record": the trials were rolled back.
        assert roster(ended, CLANTONS)["postgame_owed"] is not None
        done = web.post(wizard(), data={"csrf": token, "dice": "2 3 4", "mode": "typed"})
        assert done.status_code == 303
        assert done.headers["location"].endswith("?step=2")
        report = words(web.get(done.headers["location"]))
        assert "R-10: Tom McLaury: recovery 4 → 4: wounded" in report
        assert "H-01: game 1: loss, +20$ [21$ → 41$]" in report
        assert "Treasury now: 41$" in report

        token = log_in(web, "Wyatt")
        earps = web.get(wizard(EARPS) + "?step=dice")
        assert "Every die is in" in words(earps)
        assert web.post(wizard(EARPS), data={"csrf": token, "mode": "typed"}).status_code == 303

    for gang in (EARPS, CLANTONS):
        assert roster(ended, gang) == roster(copy, gang)


def test_the_report_gives_xp_from_the_eliminations_then_advances_and_purchases(web: Any) -> None:
    """R-11: one XP per enemy eliminated, the winner's bonus (H-02); then the advances now
    possible and the purchases, through the between-games forms of issue #11."""
    token = log_in(web, "Wyatt")
    assert web.post(wizard(EARPS), data={"csrf": token, "mode": "typed"}).status_code == 303
    report = words(web.get(wizard(EARPS) + "?step=2"))
    assert "Wyatt Earp: +2 XP (1 eliminated, bonus 1)" in report
    assert "Virgil Earp: +2 XP (1 eliminated, bonus 1)" in report
    assert "Step 2 of 4" in report
    advances = web.get(wizard(EARPS) + "?step=3")
    assert "Step 3 of 4" in words(advances)
    base = f"/c/{quote(CAMPAIGN, safe='')}/g/{quote(EARPS, safe='')}"
    assert f'href="{base}/advance?next=' in advances.text
    assert "Wyatt Earp · 5 XP" in words(advances)
    purchases = web.get(wizard(EARPS) + "?step=4")
    assert "may buy now" in words(purchases)
    link = re.search(r'href="(/c/[^"]+/buy\?next=[^"]+)"', purchases.text)
    assert link, purchases.text
    # The issue-11 buy form, open to the gang now that its post-game is done, brings
    # the player back to the wizard with its "done" line.
    form = web.get(html.unescape(link.group(1)))
    assert form.status_code == 200
    back = re.search(r'name="next" value="([^"]+)"', form.text)
    assert back and html.unescape(back.group(1)) == wizard(EARPS) + "?step=4"
    bought = web.post(
        f"/c/{quote(CAMPAIGN, safe='')}/g/{quote(EARPS, safe='')}/buy",
        data={"item": "lasso", "dice": "4", "csrf": token, "next": html.unescape(back.group(1))},
    )
    assert bought.status_code == 303
    assert re.search(r"/postgame/Earp%20brothers\?step=4&done=\d+$", bought.headers["location"])
    shown = words(web.get(bought.headers["location"]))
    assert "bought Lasso for 10$ (availability: rolled 4, DISP 2)" in shown.split("Done: ")[1]
    # Elsewhere the form still goes back to the gang, and never to another site.
    plain = web.post(
        f"/c/{quote(CAMPAIGN, safe='')}/g/{quote(EARPS, safe='')}/buy",
        data={"item": "lasso", "dice": "4", "csrf": token, "next": "//evil.example/x"},
    )
    assert plain.status_code == 303
    assert plain.headers["location"].startswith(f"/c/{quote(CAMPAIGN, safe='')}/g/")


def test_roll_for_me_records_with_random_dice(web: Any, ended: Path) -> None:
    token = log_in(web, "Ike")
    before = roster(ended, CLANTONS)["treasury"]
    answer = web.post(wizard(), data={"csrf": token, "mode": "random"})
    assert answer.status_code == 303
    after = roster(ended, CLANTONS)
    assert after["postgame_owed"] is None
    assert after["treasury"] >= before + 20  # H-01: a loss pays 20$, a doctor may cost
    report = words(web.get(answer.headers["location"]))
    assert "R-10: Frank McLaury: recovery" in report and "R-10: Tom McLaury: recovery" in report


def test_roll_the_rest_for_me_keeps_the_dice_typed(web: Any, ended: Path) -> None:
    token = log_in(web, "Ike")
    answer = web.post(wizard(), data={"csrf": token, "dice": "6", "mode": "random"})
    assert answer.status_code == 303
    report = words(web.get(answer.headers["location"]))
    assert "R-10: Frank McLaury: recovery 6 → 6" in report


def test_a_die_can_be_taken_back(web: Any) -> None:
    log_in(web, "Ike")
    url = tap(web, wizard() + "?step=dice", 2)
    answer = web.get(url + "&back=1")
    assert answer.status_code == 303
    again = words(web.get(answer.headers["location"]))
    assert "Next die: recovery roll for Frank McLaury" in again and "None yet." in again


def test_a_doctor_chosen_is_used_and_refused_in_words_when_too_dear(web: Any, ended: Path) -> None:
    """R-10: a graduate costs 20$; the Clantons have 21$, so Frank's graduate is affordable but
    Tom's too then is not: the service's words, on the form, nothing changed."""
    token = log_in(web, "Ike")
    before = rows(ended)
    dear = {
        "csrf": token,
        "doctor:Frank McLaury": "graduate",
        "doctor:Tom McLaury": "graduate",
        "dice": "5 5",
        "mode": "typed",
    }
    refused = web.post(wizard(), data=dear)
    assert refused.status_code == 400
    assert "R-10: a graduate costs 20$ but 'Clanton gang' has 1$" in words(refused)
    assert rows(ended) == before
    chosen = {"csrf": token, "doctor:Frank McLaury": "graduate", "dice": "5 4", "mode": "typed"}
    assert web.post(wizard(), data=chosen).status_code == 303
    report = words(web.get(wizard() + "?step=2"))
    assert "Frank McLaury: recovery 5 → 7, graduate doctor 20$" in report


def test_too_few_and_too_many_dice_are_refused_in_words(web: Any, ended: Path) -> None:
    token = log_in(web, "Ike")
    before = rows(ended)
    few = web.post(wizard(), data={"csrf": token, "dice": "2", "mode": "typed"})
    assert few.status_code == 400
    assert "the next one is for: invalid table for Frank McLaury" in words(few)
    many = web.post(wizard(), data={"csrf": token, "dice": "2 3 4 5", "mode": "typed"})
    assert many.status_code == 400 and "left over" in words(many)
    bad = web.get(wizard() + "?step=dice&dice=2+9")
    assert bad.status_code == 400 and "a D6 shows 1 to 6, not 9" in words(bad)
    assert rows(ended) == before


def test_a_player_cannot_run_the_other_gangs_postgame(web: Any, ended: Path) -> None:
    token = log_in(web, "Wyatt")
    before = rows(ended)
    assert web.get(wizard(CLANTONS)).status_code == 403
    assert web.get(wizard(CLANTONS) + "?step=dice").status_code == 403
    form = web.post(wizard(CLANTONS), data={"csrf": token, "mode": "random"})
    assert form.status_code == 403
    assert "you may not run the post-game of the bad side's gang in game 1" in words(form)
    headers = {"X-CSRF-Token": token}
    api = web.post(f"{API}/{quote(CLANTONS, safe='')}", json={"dice": "2 3 4"}, headers=headers)
    assert api.status_code == 403 and api.json()["error"].startswith("you may not")
    assert rows(ended) == before
    assert roster(ended, CLANTONS)["postgame_owed"] is not None


def test_a_visitor_and_a_forged_post_change_nothing(web: Any, ended: Path) -> None:
    before = rows(ended)
    log_in(web, "Doc")
    assert web.get(wizard()).status_code in (403, 404)
    no_token = web.post(wizard(), data={"mode": "random"})
    assert no_token.status_code == 403
    assert rows(ended) == before


def test_the_arbitrator_may_run_any_gangs_postgame(ended: Path) -> None:
    cli(ended, "campaign", "role", "Doc", "arbitrator", "--campaign", CAMPAIGN)
    with open_client(ended) as web:
        token = log_in(web, "Doc")
        answer = web.post(wizard(), data={"csrf": token, "dice": "2 3 4", "mode": "typed"})
        assert answer.status_code == 303


def test_an_unfinished_game_and_unknown_names_are_words_not_errors(demo: Path) -> None:
    make_club(demo)
    cli(demo, "game", "start", "duel", "--good", EARPS, "--bad", CLANTONS, "--campaign", CAMPAIGN)
    with open_client(demo) as web:
        token = log_in(web, "Ike")
        playing = web.get(wizard())
        assert playing.status_code == 200
        assert "Game 1 is still being played" in words(playing)
        refused = web.post(wizard(), data={"csrf": token, "mode": "random"})
        assert refused.status_code == 400
        assert "game 1 is still being played" in words(refused)
        assert web.get(f"/c/{quote(CAMPAIGN, safe='')}/games/9/postgame/x").status_code == 404
        assert web.get(f"/c/{quote(CAMPAIGN, safe='')}/games/abc/postgame").status_code == 404
        assert web.get(wizard("Nobody at all")).status_code == 404
        assert web.get(f"{API}x").status_code == 404


@pytest.mark.parametrize("typed", ["<script>alert(1)</script>", "{{ 7*7 }}"])
def test_names_with_markup_read_as_typed(demo: Path, typed: str) -> None:
    make_club(demo)
    frank = f"Frank {typed}"
    cli(demo, "member", "rename", CLANTONS, "Frank McLaury", frank, "--campaign", CAMPAIGN)
    play_a_duel(demo)
    with open_client(demo) as web:
        token = log_in(web, "Ike")
        page = web.get(wizard() + "?step=dice")
        assert page.status_code == 200
        assert "<script>alert" not in page.text and "49" not in words(page)
        assert f"recovery roll for {html.escape(frank, quote=False)}" in page.text
        choices = web.get(wizard())
        assert html.escape(frank, quote=True) in choices.text
        field = {"csrf": token, f"doctor:{frank}": "bone-setter", "dice": "1 3 4", "mode": "typed"}
        assert web.post(wizard(), data=field).status_code == 303
        report = web.get(wizard() + "?step=2")
        assert "<script>alert" not in report.text
        assert f"{frank}: recovery 1 → 2, bone-setter 5$" in words(report)


# --------------------------------------------------------------------------- both sides


def test_both_sides_see_when_the_other_has_finished(web: Any) -> None:
    token = log_in(web, "Ike")
    status = web.get(API).json()
    assert [(g["gang"], g["side"], g["result"], g["postgame"]) for g in status["gangs"]] == [
        (EARPS, "good", "win", "owed"),
        (CLANTONS, "bad", "loss", "owed"),
    ]
    assert web.post(wizard(), data={"csrf": token, "dice": "2 3 4", "mode": "typed"})
    done = web.get(wizard() + "?step=done")
    assert f"Waiting for {EARPS} to finish their post-game." in words(done)
    live = re.search(r'hx-get="([^"]+)" hx-trigger="every 3s"', done.text)
    assert live, done.text
    poll = html.unescape(live.group(1))
    assert web.get(poll).status_code == 204  # nothing changed since the page

    token = log_in(web, "Wyatt")
    answer = web.post(f"{API}/{quote(EARPS, safe='')}", json={}, headers={"X-CSRF-Token": token})
    assert answer.status_code == 200

    log_in(web, "Ike")
    changed = web.get(poll)
    assert changed.status_code == 200
    assert f"{EARPS} has finished their post-game." in words(changed)
    assert "hx-trigger" not in changed.text  # both done: the box stops asking
    assert [g["postgame"] for g in web.get(API).json()["gangs"]] == ["done", "done"]
    page = words(web.get(f"{GAME}/postgame"))
    assert f"{EARPS} · win · finished" in page and f"{CLANTONS} · loss · finished" in page


def test_the_status_page_links_the_wizard_of_ones_own_gang(web: Any) -> None:
    log_in(web, "Ike")
    page = web.get(f"{GAME}/postgame")
    assert page.status_code == 200
    assert f'href="{wizard(CLANTONS)}"' in page.text
    assert f'href="{wizard(EARPS)}"' not in page.text


# --------------------------------------------------------------------------- the API


def test_the_api_answers_the_clis_json(ended: Path, tmp_path: Path) -> None:
    copy = tmp_path / "cli.db"
    shutil.copyfile(ended, copy)
    expected, _ = json.JSONDecoder().raw_decode(  # the CLI's note on stderr follows
        cli(copy, "game", "postgame", CLANTONS, "--doctor", "Frank=bone-setter", "--dice",
            "1,3,4", "--json", "--campaign", CAMPAIGN)
    )  # fmt: skip
    with open_client(ended) as web:
        token = log_in(web, "Ike")
        body = {"doctor": ["Frank=bone-setter"], "dice": [1, 3, 4]}
        answer = web.post(f"{API}/{quote(CLANTONS, safe='')}", json=body,
                          headers={"X-CSRF-Token": token})  # fmt: skip
        assert answer.status_code == 200, answer.text
        got = answer.json()
        again = web.post(f"{API}/{quote(CLANTONS, safe='')}", json=body,
                         headers={"X-CSRF-Token": token})  # fmt: skip
        assert again.status_code == 400
        assert again.json()["error"].startswith("the post-game sequence of game 1 was already")

    def plain(data: Any) -> Any:
        for gang in data["gangs"]:
            for step in gang["steps"]:
                step.pop("id"), step.pop("at")
        return data

    assert plain(got) == plain(expected)
    assert roster(ended, CLANTONS) == roster(copy, CLANTONS)


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        [1, 2],
        {"doctor": "Frank"},
        {"doctor": ["Frank"]},
        {"dice": "2 x"},
        {"dice": [0]},
        {"seed": "abc"},
        {"infamy_model": "Nobody"},
        {"doctor": {"Nobody": "graduate"}, "dice": "1 1 1"},
        {"doctor": {"Frank": "witch doctor"}, "dice": "1 1 1"},
    ],
)
def test_hostile_api_bodies_are_refused_in_words(web: Any, ended: Path, body: Any) -> None:
    token = log_in(web, "Ike")
    before = rows(ended)
    headers = {"X-CSRF-Token": token, "Content-Type": "application/json"}
    raw = body if isinstance(body, str) else json.dumps(body)
    answer = web.post(f"{API}/{quote(CLANTONS, safe='')}", content=raw, headers=headers)
    if isinstance(body, dict) and set(body) == {"infamy_model"}:
        assert answer.status_code == 200  # no retreat: the infamy model is not asked for
        return
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] and answer.json()["nearest"] == []
    assert rows(ended) == before


def test_the_api_rolls_random_dice_and_the_seed_repeats_them(ended: Path, tmp_path: Path) -> None:
    copy = tmp_path / "again.db"
    shutil.copyfile(ended, copy)
    answers = []
    for db in (ended, copy):
        with open_client(db) as web:
            token = log_in(web, "Ike")
            answer = web.post(f"{API}/{quote(CLANTONS, safe='')}", json={"seed": 7},
                              headers={"X-CSRF-Token": token})  # fmt: skip
            assert answer.status_code == 200
            answers.append([s["text"] for s in answer.json()["gangs"][0]["steps"]])
    assert answers[0] == answers[1]
    assert roster(ended, CLANTONS) == roster(copy, CLANTONS)


def test_the_wizard_in_italian(web: Any) -> None:
    log_in(web, "Ike")
    page = web.get(wizard() + "?step=dice&lang=it")
    assert "Prossimo dado: recupero personaggio per Frank McLaury" in words(page)


def test_a_double_tap_on_record_records_once(web: Any, ended: Path) -> None:
    """The page's idempotency key (issue #12): the second tap gets the first answer."""
    token = log_in(web, "Ike")
    page = web.get(wizard() + "?step=dice&dice=2+3+4")
    key = re.search(r'name="key" value="([^"]+)"', page.text)
    assert key, page.text
    form = {"csrf": token, "key": key.group(1), "dice": "2 3 4", "mode": "typed"}
    first = web.post(wizard(), data=form)
    entries = rows(ended)
    second = web.post(wizard(), data=form)
    assert first.status_code == second.status_code == 303
    assert rows(ended) == entries
    headers = {"X-CSRF-Token": token, "Idempotency-Key": "pg-1"}
    earps = f"{API}/{quote(EARPS, safe='')}"
    log_in(web, "Wyatt")
    headers["X-CSRF-Token"] = web.cookies.get("csrf")
    once = web.post(earps, json={}, headers=headers)
    again = web.post(earps, json={}, headers=headers)
    assert once.status_code == again.status_code == 200
    assert once.json() == again.json()


def test_recording_moves_the_games_revision_on_for_the_live_page(web: Any, ended: Path) -> None:
    """The live game page polls on ``game.revision``: a post-game recorded moves it on, a
    trial of the dice does not."""

    def revision() -> int:
        with sqlite3.connect(ended) as connection:
            return int(connection.execute("SELECT revision FROM game").fetchone()[0])

    token = log_in(web, "Ike")
    before = revision()
    assert web.get(wizard() + "?step=dice&dice=2+3+4").status_code == 200
    assert revision() == before
    assert web.post(wizard(), data={"csrf": token, "dice": "2 3 4"}).status_code == 303
    assert revision() == before + 1


@pytest.mark.parametrize(
    "query",
    [
        "?step=dice&dice=abc",
        "?step=dice&die=9",
        "?step=dice&die=%EF%BC%96",
        "?step=dice&dice=2+3+4+5+6",
        "?step=dice&doctor:Nobody=graduate",
        "?step=dice&doctor:Frank+McLaury=witch",
        "?step=dice&infamy_model=" + "x" * 300,
        "?step=dice&back=1",
        "?step=99",
        "?done=abc&step=3",
    ],
)
def test_hostile_wizard_addresses_are_words_never_errors(web: Any, ended: Path, query: str) -> None:
    log_in(web, "Ike")
    before = rows(ended)
    answer = web.get(wizard() + query)
    assert answer.status_code in (200, 303, 400), answer.text
    if answer.status_code == 400:
        assert 'role="alert"' in answer.text
    assert rows(ended) == before
