"""Back online (issue #24, web/game_sync.py, campaign/game/offline_sync.py): the actions a
phone queued offline sent in order and confirmed, a retried sync acting once, a conflict made
on purpose and shown on both players' live pages, settled both ways and refused twice, and who
may.

The store is the one of ``test_web_game_actions`` (a Duello, Wyatt's Earps against Ike's
Clantons, Curly a player of the campaign who does not play this game), copied: the sync acts on
one copy, the same actions played online through the API on the other, and both must record
the same events and leave the same board.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import log_in, open_client
from tests.web.test_web_game_actions import (
    API,
    PAGE,
    board,
    events,
    revision,
    shown_events,
    table_store,
    text_of,
)

#: Five actions Wyatt's phone records offline: his shot at Ike, his reload, Billy Clanton's
#: fight at Virgil (recorded by the Earps' player, whose model is attacked), Morgan's move and
#: Virgil's.
FIVE: list[tuple[str, dict[str, Any], list[int]]] = [
    ("shoot", {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 5},
     [2, 3, 6, 2, 1, 1, 3]),
    ("reload", {"member": "Wyatt Earp"}, []),
    ("fight", {"attacker": "Billy Clanton", "target": "Virgil Earp"}, [3, 3, 5, 4, 2, 2]),
    ("move", {"member": "Morgan Earp"}, []),
    ("move", {"member": "Virgil Earp"}, []),
]  # fmt: skip
SHOT = FIVE[0]


def entry(
    key: str, action: str, fields: dict[str, Any], dice: list[int], rev: int,
    outcome: Any = None, rest: str = "none",
) -> dict[str, Any]:  # fmt: skip
    """One queued action as the phone keeps it (docs/web.md, "Back online")."""
    return {"key": key, "action": action, "fields": fields, "dice": dice, "rest": rest,
            "revision": rev, "made_at": "2026-11-29T20:15:00Z", "lang": "en",
            "preview": {"outcome": outcome, "lines": [f"{action} recorded offline"]}}  # fmt: skip


@pytest.fixture
def twins(
    prepared: Callable[[Callable[[Path], object]], Path], tmp_path: Path
) -> tuple[Path, Path]:
    """The store the phones sync to, and a copy on which the same actions are played online."""
    synced = prepared(table_store)
    online = tmp_path / "online.db"
    shutil.copyfile(synced, online)
    return synced, online


def sync(client: Any, token: str, actions: list[dict[str, Any]]) -> Any:
    return client.post(f"{API}/sync", json={"actions": actions}, headers={"X-CSRF-Token": token})


def conflict_rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as connection:
        found = connection.execute("SELECT id, key, status, choice FROM game_conflict").fetchall()
    connection.close()
    return found


def preview_of(db: Path, action: str, fields: dict[str, Any], dice: list[int]) -> Any:
    """The outcome the phone computed for an action on the game as it is in ``db`` (what the
    kit's ``resolve`` gives): the same action synced on a throw-away copy."""
    copy = db.with_name("preview.db")
    shutil.copyfile(db, copy)
    with open_client(copy) as phone:
        token = log_in(phone, "Wyatt")
        found = sync(phone, token, [entry("preview-1", action, fields, dice, revision(copy))])
    copy.unlink()
    (result,) = found.json()["results"]
    assert result["status"] == "confirmed", result
    return result["outcome"]


def test_five_queued_actions_are_confirmed_in_order_as_played_online(
    twins: tuple[Path, Path],
) -> None:
    synced, online = twins
    rev = revision(synced)
    queued = [entry(f"queued-{n}", action, fields, dice, rev)
              for n, (action, fields, dice) in enumerate(FIVE)]  # fmt: skip
    with open_client(synced) as phone:
        token = log_in(phone, "Wyatt")
        answer = sync(phone, token, queued)
    assert answer.status_code == 200, answer.text
    results = answer.json()["results"]
    assert [r["status"] for r in results] == ["confirmed"] * 5, results
    assert results[0]["outcome"]["kind"] == "shoot"
    assert results[2]["outcome"]["kind"] == "fight"
    assert answer.json()["revision"] == revision(synced) == rev + 5
    with open_client(online) as phone:
        token = log_in(phone, "Wyatt")
        for (action, fields, dice), result in zip(FIVE, results, strict=True):
            body = {**fields, **({"dice": dice} if dice else {})}
            played = phone.post(f"{API}/actions/{action}", json=body,
                                headers={"X-CSRF-Token": token})  # fmt: skip
            assert played.status_code == 200, played.text
            assert played.json() == result["answer"]
    assert shown_events(synced, 0) == shown_events(online, 0)
    assert board(synced) == board(online)


def test_a_retried_sync_acts_once(twins: tuple[Path, Path]) -> None:
    synced, _ = twins
    rev = revision(synced)
    queued = [entry(f"again-{n}", a, f, d, rev) for n, (a, f, d) in enumerate(FIVE[:2])]
    with open_client(synced) as phone:
        token = log_in(phone, "Wyatt")
        first = sync(phone, token, queued)
        count = events(synced)
        again = sync(phone, token, queued)
    assert [r["status"] for r in again.json()["results"]] == ["confirmed", "confirmed"]
    assert [r["answer"] for r in again.json()["results"]] == [
        r["answer"] for r in first.json()["results"]
    ]
    assert events(synced) == count
    assert revision(synced) == rev + 2


def test_the_server_rolls_the_rest_only_when_the_phone_says_so(twins: tuple[Path, Path]) -> None:
    synced, _ = twins
    action, fields, dice = FIVE[0]
    short = dice[:3]
    with open_client(synced) as phone:
        token = log_in(phone, "Wyatt")
        count = events(synced)
        refused = sync(phone, token, [entry("short-1", action, fields, short, revision(synced)),
                                      entry("short-2", *FIVE[1], revision(synced))])  # fmt: skip
        assert [r["status"] for r in refused.json()["results"]] == ["conflict", "held"]
        assert events(synced) == count
        said = refused.json()["results"][0]["conflict"]["found"]
        assert "refused on the game as it is now" in said, said
        rolled = sync(phone, token, [entry("short-3", action, fields, short, revision(synced),
                                           rest="random")])  # fmt: skip
    (result,) = rolled.json()["results"]
    assert result["status"] == "confirmed", result
    assert [d["face"] for d in result["outcome"]["dice"]][:3] == short


# ----------------------------------------------------------------------------- conflicts


def test_a_change_that_leaves_the_result_alone_is_confirmed(twins: tuple[Path, Path]) -> None:
    """Billy's whisky, drunk on Ike's phone meanwhile, moves the game on but changes nothing
    of Wyatt's shot at Ike: the same dice give the same outcome, confirmed."""
    synced, _ = twins
    rev = revision(synced)
    action, fields, dice = SHOT
    seen = preview_of(synced, action, fields, dice)
    with open_client(synced) as wyatt, open_client(synced) as ike:
        token, ike_token = log_in(wyatt, "Wyatt"), log_in(ike, "Ike")
        drink = ike.post(f"{API}/actions/whisky", json={"member": "Billy Clanton"},
                         headers={"X-CSRF-Token": ike_token})  # fmt: skip
        assert drink.status_code == 200, drink.text
        answer = sync(wyatt, token, [entry("calm-1", action, fields, dice, rev, seen)])
    (result,) = answer.json()["results"]
    assert result["status"] == "confirmed", result
    assert result["outcome"] == seen


def make_conflict(db: Path, key: str = "clash-1") -> tuple[dict[str, Any], Any]:
    """Wyatt's phone, offline, shot Ike standing; meanwhile Ike's phone laid Ike Clanton
    prone (a shot within short range at a prone target gets +1): the same dice give another
    total. The sync's answer, with the queued shot and Wyatt's reload held after it."""
    rev = revision(db)
    action, fields, dice = SHOT
    seen = preview_of(db, action, fields, dice)
    with open_client(db) as wyatt, open_client(db) as ike:
        token, ike_token = log_in(wyatt, "Wyatt"), log_in(ike, "Ike")
        lying = ike.post(f"{API}/actions/stato", json={"member": "Ike Clanton",
                         "new-state": "a terra"}, headers={"X-CSRF-Token": ike_token})  # fmt: skip
        assert lying.status_code == 200, lying.text
        count = events(db)
        answer = sync(wyatt, token, [entry(key, action, fields, dice, rev, seen),
                                     entry(f"{key}-next", *FIVE[1], rev)])  # fmt: skip
        assert events(db) == count  # nothing written
    return seen, answer


def test_a_conflict_made_on_purpose_writes_nothing_and_shows_on_both_phones(
    twins: tuple[Path, Path],
) -> None:
    synced, _ = twins
    seen, answer = make_conflict(synced)
    assert answer.status_code == 200, answer.text
    first, held = answer.json()["results"]
    assert (first["status"], held["status"]) == ("conflict", "held")
    conflict = first["conflict"]
    assert conflict["status"] == "open" and conflict["by"] == "Wyatt"
    assert conflict["side"] == "good" and conflict["preview"] == seen
    assert conflict["found_outcome"] != seen
    assert "the game changed since this action was made" in conflict["found"]
    assert set(conflict["choices"]) == {"mine", "discard"}
    before = revision(synced)
    again = None
    with open_client(synced) as wyatt, open_client(synced) as ike, open_client(synced) as curly:
        token = log_in(wyatt, "Wyatt")
        log_in(ike, "Ike")
        log_in(curly, "Curly")
        # a retried sync answers the same conflict, and writes no second one
        again = sync(wyatt, token, [entry("clash-1", *SHOT, 0)])
        for phone in (wyatt, ike):
            page = text_of(phone.get(PAGE))
            assert "Recorded offline, not confirmed" in page
            assert f"{conflict['title']} sent by Wyatt" in page
            assert conflict["title"].startswith("Shoot: Wyatt Earp → Ike Clanton")
            assert "Record mine on the game as it is now" in page
            listed = phone.get(f"{API}/conflicts").json()["conflicts"]
            assert [c["id"] for c in listed] == [conflict["id"]]
        assert "Recorded offline, not confirmed" not in text_of(curly.get(PAGE))
        assert curly.get(f"{API}/conflicts").status_code == 403
        italian = ike.get(f"{API}/conflicts", headers={"Accept-Language": "it"}).json()
        assert "la partita è cambiata" in italian["conflicts"][0]["found"]
    assert again.json()["results"][0]["conflict"]["id"] == conflict["id"]
    assert len(conflict_rows(synced)) == 1
    assert revision(synced) == before


def test_a_conflict_settled_mine_records_the_action_on_the_game_as_it_is_now(
    twins: tuple[Path, Path],
) -> None:
    synced, _ = twins
    _, answer = make_conflict(synced)
    number = answer.json()["results"][0]["conflict"]["id"]
    count = events(synced)
    with open_client(synced) as ike, open_client(synced) as wyatt:
        token = log_in(ike, "Ike")
        log_in(wyatt, "Wyatt")
        settled = ike.post(f"{API}/conflicts/{number}", json={"choice": "mine"},
                           headers={"X-CSRF-Token": token})  # fmt: skip
        assert settled.status_code == 200, settled.text
        found = settled.json()
        assert found["conflict"]["status"] == "settled" and found["conflict"]["choice"] == "mine"
        assert found["conflict"]["settled"] == (
            "recorded on the game as it is now, with its dice, by Ike"
        )
        assert [e["action"] for e in found["answer"]["events"]][-1] == "shoot"
        assert events(synced) > count
        twice = ike.post(f"{API}/conflicts/{number}", json={"choice": "discard"},
                         headers={"X-CSRF-Token": token})  # fmt: skip
        assert twice.status_code == 400
        assert twice.json()["error"] == (
            f"conflict {number} was already settled: recorded on the game as it is now, with "
            "its dice, by Ike. Nothing was changed."
        )
        assert "Recorded offline, not confirmed" not in text_of(wyatt.get(PAGE))
    assert conflict_rows(synced) == [(number, "clash-1", "settled", "mine")]


def test_a_conflict_discarded_by_the_form_changes_nothing_of_the_game(
    twins: tuple[Path, Path],
) -> None:
    synced, _ = twins
    _, answer = make_conflict(synced)
    number = answer.json()["results"][0]["conflict"]["id"]
    count, rows = events(synced), board(synced)
    with open_client(synced) as wyatt, open_client(synced) as curly:
        token = log_in(wyatt, "Wyatt")
        curly_token = log_in(curly, "Curly")
        refused = curly.post(f"{API}/conflicts/{number}", json={"choice": "discard"},
                             headers={"X-CSRF-Token": curly_token})  # fmt: skip
        assert refused.status_code == 403
        assert "only the game's players or the campaign's owner" in refused.json()["error"]
        panel = wyatt.get(f"{PAGE}/conflicts/panel")
        assert f"/conflicts/{number}" in panel.text
        assert 'name="choice" value="discard"' in panel.text
        done = wyatt.post(f"{PAGE}/conflicts/{number}", data={"csrf": token, "choice": "discard"})
        assert done.status_code == 303, done.text
        again = wyatt.post(f"{PAGE}/conflicts/{number}", data={"csrf": token, "choice": "mine"})
        assert again.status_code == 400
        assert "was already settled: discarded by Wyatt" in text_of(again)
    assert conflict_rows(synced) == [(number, "clash-1", "settled", "discard")]
    assert events(synced) == count and board(synced) == rows


def test_a_sync_is_only_for_the_games_players_and_checks_its_body(
    twins: tuple[Path, Path],
) -> None:
    synced, _ = twins
    with open_client(synced) as curly, open_client(synced) as wyatt:
        token = log_in(curly, "Curly")
        refused = sync(curly, token, [entry("curly-1", *FIVE[3], revision(synced))])
        assert refused.status_code == 403
        wyatt_token = log_in(wyatt, "Wyatt")
        bad = sync(wyatt, wyatt_token, [{**entry("bad-1", *FIVE[3], 0), "dice": [7]}])
        assert bad.status_code == 400
        assert bad.json()["error"] == (
            "queued action 1: its dice must be a list of faces from 1 to 6. Nothing was changed."
        )
        same = sync(wyatt, wyatt_token, [entry("twice", *FIVE[3], 0)] * 2)
        assert same.status_code == 400
    assert conflict_rows(synced) == []
