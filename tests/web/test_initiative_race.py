"""Two phones rolling the initiative at the same moment (issue #20, §1.8, R-07): each roll is
tried, then kept, in one unit of work that holds the game's lock (issue #23: the trial had a
unit of work of its own); here the second comes in while the first holds its roll between
its trial and its keeping (the race, made certain by holding it there), and everyone is
answered with the one roll kept, never a roll of their own. The API's roll and choice in
one call (``dice`` and ``activate``) are each answered once under one idempotency key. The
PostgreSQL race: test_game_activation_postgres.py."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_game_activation import Phone, open_client, rows


@pytest.fixture
def two(table: Path) -> Iterator[tuple[Phone, Phone]]:
    """Wyatt's phone and Ike's, both cards down and revealed."""
    with open_client(table) as w, open_client(table) as i:
        wyatt, ike = Phone(w, "Wyatt"), Phone(i, "Ike")
        assert wyatt.post("pick", {"model": "Wyatt Earp"}).status_code == 200
        assert ike.post("pick", {"model": "Ike Clanton"}).status_code == 200
        yield wyatt, ike


def both_tried_first(monkeypatch: pytest.MonkeyPatch, racers: int = 2) -> None:
    """Hold the first roll between its trial and its keeping (issue #23: both in one unit of
    work, which holds the game's lock) until every racer's request has come in: the others
    then wait for that lock, and their trials find the roll it keeps."""
    from skirmish.web import game_activation

    tried, worked = game_activation.prepared, game_activation.work
    everyone = threading.Event()
    count = [0]
    lock = threading.Lock()

    def came(*args: Any) -> Any:
        with lock:
            count[0] += 1
            if count[0] >= racers:
                everyone.set()
        return worked(*args)

    def held(*args: Any) -> Any:
        found = tried(*args)
        assert everyone.wait(30), "the other racers never came"
        return found

    monkeypatch.setattr(game_activation, "work", came)
    monkeypatch.setattr(game_activation, "prepared", held)


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    answers: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def kept_rolls(db: Path) -> list[tuple[Any, ...]]:
    return rows(db, "select key from request_key where route = 'game/initiative-roll'")


def test_two_phones_rolling_at_once_both_get_the_roll_kept(
    two: tuple[Phone, Phone], table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wyatt, ike = two
    before = rows(table, "select revision from game")[0][0]
    both_tried_first(monkeypatch)
    answers = at_once(*(lambda p=p: p.api("initiative", {"random": True}) for p in two))
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    first, second = (a.json() for a in answers)
    assert first["roll"] == second["roll"] == wyatt.state()["roll"] == ike.state()["roll"]
    assert first["lines"] == second["lines"]  # each phone says the roll that was kept
    assert len(kept_rolls(table)) == 1
    assert rows(table, "select revision from game")[0][0] == before + 1


def test_two_forms_rolling_typed_dice_at_once_answer_the_first_kept(
    two: tuple[Phone, Phone], table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each player types other dice; whichever is kept first is what both phones say."""
    wyatt, ike = two
    both_tried_first(monkeypatch)
    answers = at_once(
        lambda: wyatt.post("roll", {"good_die": "6", "bad_die": "1"}),
        lambda: ike.post("roll", {"good_die": "1", "bad_die": "6"}),
    )
    assert [a.status_code for a in answers] == [200, 200]
    kept = wyatt.state()["roll"]
    assert kept["dice"] in ([6, 1], [1, 6]) and ike.state()["roll"] == kept
    said = f"{kept['winner']} wins"
    assert all(said in a.text for a in answers), [a.text for a in answers]
    assert len(kept_rolls(table)) == 1


def test_the_api_rolls_and_chooses_in_one_call(two: tuple[Phone, Phone], table: Path) -> None:
    """``dice`` and ``activate`` together: the roll kept, then the winner's choice, each once
    for the request's key; the same call again answers the same and changes nothing."""
    wyatt, ike = two
    # Wyatt 4 + RIF 4 + FAMA 1 = 9 against Ike 4 + 3 + 1 = 8: Wyatt wins, and takes his turn.
    body = {"dice": [4, 4], "activate": "good"}
    answer = wyatt.api("initiative", body, key="roll-and-choose-1")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["acting"] == "Wyatt Earp" and data["round"] == 2
    assert any("Wyatt Earp wins" in line for line in data["lines"]), data["lines"]
    assert any("Wyatt Earp takes its turn 1" in line for line in data["lines"]), data["lines"]
    initiatives = "select id from game_event where action = 'initiative'"
    assert len(rows(table, initiatives)) == 1
    again = wyatt.api("initiative", body, key="roll-and-choose-1")
    assert again.status_code == 200, again.text
    assert again.json()["lines"] == data["lines"]
    assert len(rows(table, initiatives)) == 1
    assert ike.state()["acting"] == "Wyatt Earp"


def test_the_loser_rolling_and_choosing_in_one_call_keeps_the_roll(
    two: tuple[Phone, Phone], table: Path
) -> None:
    """The roll stands once rolled (nobody rolls again for a better die); the choice is the
    winner's (403), and the winner then chooses."""
    wyatt, ike = two
    refused = ike.api("initiative", {"dice": [4, 4], "activate": "bad"})
    assert refused.status_code == 403 and "Wyatt Earp won the initiative" in refused.text
    assert ike.state()["roll"]["winner"] == "Wyatt Earp" and len(kept_rolls(table)) == 1
    chosen = wyatt.api("initiative", {"activate": "bad"})
    assert chosen.status_code == 200 and chosen.json()["acting"] == "Ike Clanton"
