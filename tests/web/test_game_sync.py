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
