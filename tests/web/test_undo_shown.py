"""Undo takes back what it showed (issue #20), on two phones: each undo confirmation (a game's
and a gang's, page and API) names the action it showed, and a stale one is refused with 409
and what changed since; nothing changes. Two phones confirming one undo at the same moment
take back one action. The PostgreSQL twins: test_undo_shown_postgres.py."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import CAMPAIGN, EARPS, api, cli, log_in, make_club, open_client, page
from tests.web.test_web_game_actions import API, PAGE, events, hidden, table_store, text_of

#: Wyatt shoots Ike (the demo's dice of test_web_game_actions.py).
SHOT = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 5, "dice": "2,3,6,2,1,1,3"}


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Each call in a thread of its own, all let go at once; their answers in order."""
    start = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        start.wait(30)
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert all(a is not None for a in answers), answers
    return answers


# ------------------------------------------------------------------------ a game's undo


@pytest.fixture
def game(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    return prepared(table_store)


@pytest.fixture
def two(game: Path) -> Iterator[tuple[Any, Any]]:
    """Wyatt's phone and Ike's, logged in; Wyatt has shot at Ike (the action to undo)."""
    with open_client(game) as wyatt, open_client(game) as ike:
        token = log_in(wyatt, "Wyatt")
        log_in(ike, "Ike")
        shot = wyatt.post(f"{API}/actions/shoot", json=SHOT, headers={"X-CSRF-Token": token})
        assert shot.status_code == 200, shot.text
        yield wyatt, ike


def game_rows(db: Path) -> list[Any]:
    with sqlite3.connect(db) as connection:
        found = [connection.execute(f"SELECT * FROM {t} ORDER BY id").fetchall()
                 for t in ("game_event", "game_model", "log_entry")]  # fmt: skip
    connection.close()
    return found


def test_two_phones_confirming_one_game_undo_take_back_one_action(
    two: tuple[Any, Any], game: Path
) -> None:
    wyatt, ike = two
    ike_token = ike.cookies.get("csrf")
    drink = ike.post(f"{API}/actions/whisky", json={"member": "Billy Clanton"},
                     headers={"X-CSRF-Token": ike_token})  # fmt: skip
    assert drink.status_code == 200, drink.text
    pages = [phone.get(f"{PAGE}/undo") for phone in (wyatt, ike)]
    forms = [hidden(p) for p in pages]
    assert forms[0]["entry"] == forms[1]["entry"] != ""
    assert "Billy Clanton" in text_of(pages[0])
    before = events(game)
    answers = race(*(lambda p=p, f=f: p.post(f"{PAGE}/undo", data=f)
                     for p, f in zip((wyatt, ike), forms, strict=True)))  # fmt: skip
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409], [text_of(a) for a in answers]
    refused = next(a for a in answers if a.status_code == 409)
    said = text_of(refused)
    assert "is no longer the one shown" in said and "it was taken back meanwhile" in said
    assert "the last action now is: " in said and "Wyatt Earp" in said, said
    assert events(game) < before
    # The page refused shows what undo takes back now, and a confirmation naming it.
    assert hidden(refused)["entry"] not in ("", forms[0]["entry"])
    assert "Wyatt Earp shoots Ike Clanton" in said


def test_a_game_undo_page_refuses_when_another_action_came_since(
    two: tuple[Any, Any], game: Path
) -> None:
    wyatt, ike = two
    confirm = wyatt.get(f"{PAGE}/undo")
    assert "Wyatt Earp shoots Ike Clanton" in text_of(confirm)
    drink = ike.post(f"{API}/actions/whisky", json={"member": "Billy Clanton"},
                     headers={"X-CSRF-Token": ike.cookies.get("csrf")})  # fmt: skip
    assert drink.status_code == 200
    before = game_rows(game)
    refused = wyatt.post(f"{PAGE}/undo", data=hidden(confirm))
    assert refused.status_code == 409
    said = text_of(refused)
    assert "it was followed by: " in said and "Billy Clanton" in said, said
    assert "Nothing was changed." in said
    assert game_rows(game) == before
    italian = wyatt.post(f"{PAGE}/undo", data=hidden(confirm), headers={"Accept-Language": "it"})
    assert italian.status_code == 409
    assert "non è più quella mostrata" in text_of(italian)
    # Confirmed again from the page as it is now: the drink is what it takes back.
    again = wyatt.post(f"{PAGE}/undo", data=hidden(refused))
    assert again.status_code == 200 and "Taken back" in text_of(again)
    assert events(game) == len(before[0]) - 1


def test_the_api_undo_honours_entry_and_revision(two: tuple[Any, Any], game: Path) -> None:
    wyatt, _ = two
    headers = {"X-CSRF-Token": wyatt.cookies.get("csrf")}
    revision = int(wyatt.get(API).headers["ETag"].strip('"').removeprefix("rev-"))
    entry = int(hidden(wyatt.get(f"{PAGE}/undo"))["entry"])
    before = game_rows(game)
    for body, code, words in (
        ({"revision": revision - 1}, 409, "has changed since it was shown"),
        ({"entry": entry - 1}, 409, "(Turn 1 · The turn begins): it was followed by: Turn 1"),
        ({"entry": entry + 1}, 400, "does not begin an action of game 1"),  # the shot itself
        ({"entry": entry + 100}, 409, "it was taken back meanwhile"),
        ({"entry": "two"}, 400, "entry must be a whole number"),
        ({"revision": -1}, 400, "revision must be between 0"),
        ({"times": 2}, 400, "times: the API takes back one action a request"),
        ({"entri": entry}, 400, "'entri' is no field of undo; did you mean entry"),
    ):
        answer = wyatt.post(f"{API}/undo", json=body, headers=headers)
        assert answer.status_code == code, (body, answer.text)
        assert words in answer.json()["error"], (body, answer.text)
    assert game_rows(game) == before
    done = wyatt.post(f"{API}/undo", json={"entry": entry, "revision": revision},
                      headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    assert done.json()["undone"][0]["events"][0]["id"] == entry


def test_two_api_clients_undoing_one_entry_at_once(two: tuple[Any, Any], game: Path) -> None:
    wyatt, ike = two
    entry = int(hidden(wyatt.get(f"{PAGE}/undo"))["entry"])
    before = events(game)
    answers = race(*(lambda p=p: p.post(f"{API}/undo", json={"entry": entry},
                                         headers={"X-CSRF-Token": p.cookies.get("csrf")})
                     for p in (wyatt, ike)))  # fmt: skip
    assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
    assert events(game) < before
    refused = next(a for a in answers if a.status_code == 409).json()["error"]
    assert f"no longer the one shown (event {entry}): it was taken back meanwhile; the last " \
           "action now is: Turn 1 · The turn begins. Undo" in refused  # fmt: skip


# ------------------------------------------------------------------------ a gang's undo


@pytest.fixture
def club(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    def with_arbitrator(db: Path) -> None:
        make_club(db)
        cli(db, "campaign", "role", "Doc", "arbitrator", "--campaign", CAMPAIGN)

    return prepared(with_arbitrator)


@pytest.fixture
def jim_and_pat(club: Path) -> Iterator[tuple[Any, Any]]:
    """Wyatt's phone (he looks after the Earps) and Doc's (the campaign's arbitrator)."""
    with open_client(club) as jim, open_client(club) as pat:
        log_in(jim, "Wyatt")
        log_in(pat, "Doc")
        yield jim, pat


def rename(phone: Any, member: str, new: str) -> None:
    form = {"member": member, "name": new, "csrf": phone.cookies.get("csrf")}
    assert phone.post(page(action="rename-model"), data=form).status_code == 303


def log(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as connection:
        found = connection.execute("SELECT id, action, reverts FROM log_entry ORDER BY id")
        return list(found)


def test_a_gang_undo_page_never_takes_back_a_rename_made_since(
    jim_and_pat: tuple[Any, Any], club: Path
) -> None:
    jim, pat = jim_and_pat
    rename(jim, "Morgan Earp", "Morg")
    confirm = jim.get(page(action="undo"))
    assert "model renamed 'Morgan Earp' → 'Morg' by Wyatt" in text_of(confirm)
    shown = hidden(confirm)["entry"]
    rename(pat, "Virgil Earp", "Virg")
    before = log(club)
    refused = jim.post(page(action="undo"), data=hidden(confirm))
    assert refused.status_code == 409
    said = text_of(refused)
    assert "'Earp brothers''s last action is no longer the one shown (model renamed 'Morgan " \
           "Earp' → 'Morg'): it was followed by: model renamed 'Virgil Earp' → 'Virg' (by " \
           "Doc). Undo takes back" in said, said  # fmt: skip
    assert log(club) == before  # nothing changed: Pat's rename stands
    assert hidden(refused)["entry"] == str(before[-1][0]) != shown
    done = jim.post(page(action="undo"), data=hidden(refused))  # what the page shows now
    assert done.status_code == 303
    assert log(club)[-1][1:] == ("undo", before[-1][0])


def test_two_phones_confirming_one_gang_undo_undo_once(
    jim_and_pat: tuple[Any, Any], club: Path
) -> None:
    jim, pat = jim_and_pat
    rename(jim, "Morgan Earp", "Morg")
    rename(jim, "Virgil Earp", "Virg")
    forms = [hidden(phone.get(page(action="undo"))) for phone in (jim, pat)]
    assert forms[0]["entry"] == forms[1]["entry"]
    start = log(club)[-1][0]
    answers = race(*(lambda p=p, f=f: p.post(page(action="undo"), data=f)
                     for p, f in zip((jim, pat), forms, strict=True)))  # fmt: skip
    assert sorted(a.status_code for a in answers) == [303, 409]
    said = text_of(next(a for a in answers if a.status_code == 409))
    assert "it was undone (by " in said, said
    assert "the last action now is: model renamed 'Morgan Earp' → 'Morg'" in said, said
    undos = [row for row in log(club) if row[1] == "undo" and row[0] > start]
    assert [row[2] for row in undos] == [int(forms[0]["entry"])]


def test_the_gang_api_undo_takes_the_entry_it_showed(
    jim_and_pat: tuple[Any, Any], club: Path
) -> None:
    jim, pat = jim_and_pat
    rename(jim, "Morgan Earp", "Morg")
    shown = jim.get(api(action="undo")).json()["last"]["id"]
    rename(pat, "Virgil Earp", "Virg")
    headers = {"X-CSRF-Token": jim.cookies.get("csrf")}
    before = log(club)
    stale = jim.post(api(action="undo"), json={"entry": shown}, headers=headers)
    assert stale.status_code == 409
    assert "followed by: model renamed 'Virgil Earp' → 'Virg' (by Doc)" in stale.json()["error"]
    bad = jim.post(api(action="undo"), json={"entry": "last"}, headers=headers)
    assert bad.status_code == 400 and "entry must be a whole number" in bad.json()["error"]
    other = jim.post(api(action="undo"), json={"entry": 1}, headers=headers)
    assert other.status_code == 400 and "is not an action of 'Earp brothers'" in other.text
    assert log(club) == before
    now = jim.get(api(action="undo")).json()["last"]["id"]
    start = log(club)[-1][0]
    answers = race(*(lambda p=p: p.post(api(action="undo"), json={"entry": now},
                                         headers={"X-CSRF-Token": p.cookies.get("csrf")})
                     for p in (jim, pat)))  # fmt: skip
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert [row[2] for row in log(club) if row[1] == "undo" and row[0] > start] == [now]
    assert EARPS in answers[0].text + answers[1].text
