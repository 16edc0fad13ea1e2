"""Back online with the other actions that roll dice (issue #24): mounting, an explosive, the
lasso, a hit, an elimination with a friend's panic test (R-19) and a retreat (R-09), each worked
out on the phone by the engine from the offline page's kit (``engine.offline.resolve``), queued,
then synced: on the unchanged game each is confirmed with the outcome the phone showed; when the
other phone changed the game so that the same dice give another outcome, nothing is written and
it is a conflict; a change that leaves the outcome alone is confirmed."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skirmish.campaign.game.commands import model_action
from skirmish.engine.offline import resolve
from tests.web.test_actions import log_in, open_client
from tests.web.test_game_sync import conflict_rows, sync
from tests.web.test_offline_kit_page import kit_of
from tests.web.test_web_game_actions import API, EARPS, PAGE, cli, events, revision, table_store

#: What Wyatt's phone records offline, in order, each on models no earlier one touches: the
#: form's values as the offline page sends them.
QUEUE: list[tuple[str, dict[str, Any]]] = [
    ("mount", {"member": "Wyatt Earp", "pace": "trot"}),
    ("explosive", {"thrower": "Morgan Earp", "item": "dynamite",
                   "caught": ["Billy Clanton=2,moved"]}),
    ("lasso", {"thrower": "Tom McLaury", "target": "Frank McLaury"}),
    ("hit", {"by": "Wyatt Earp", "member": "Ike Clanton", "wounds": "1"}),
    ("eliminate", {"by": "Ike Clanton", "member": "Virgil Earp", "near": ["Doc Holliday"]}),
    ("retreat", {"gang": "Clanton gang"}),  # the offline page's form: no model field
]  # fmt: skip


def horse_store(path: Path) -> Path:
    """``table_store`` with a horse for Wyatt Earp."""
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE gang SET treasury = 400 WHERE name = ?", (EARPS,))
    connection.close()
    cli(path, "gang", "buy", EARPS, "horse", "--for", "Wyatt Earp", "--dice", "6")
    return table_store(path)


@pytest.fixture
def synced(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    return prepared(horse_store)


def worked_out(phone: Any, action: str, values: dict[str, Any]) -> dict[str, Any]:
    """The queued entry of ``action`` as the phone makes it: the offline page's kit, the
    engine's resolve with the dice rolled on the phone, its outcome and lines kept."""
    kit = kit_of(phone.get(f"{PAGE}/offline").text)
    command = model_action(action)
    actor = command.actor or "gang"  # as the offline page's retreat form says
    request = {"action": action, "model": values[actor], "target": values.get(command.target or ""),
               "fields": {k: v for k, v in values.items() if k not in (actor, command.target)},
               "dice": None, "rest": "random", "lang": "en"}  # fmt: skip
    said = resolve(kit, request)
    return {"key": f"{action}-{len(said['dice'])}", "action": action, "fields": values,
            "dice": said["dice"], "rest": "none", "revision": kit["revision"],
            "made_at": "2026-11-29T20:15:00Z", "lang": "en",
            "preview": {"outcome": said["outcome"], "lines": said["lines"]}}  # fmt: skip


def test_each_action_worked_out_on_the_phone_is_confirmed_as_it_showed(synced: Path) -> None:
    with open_client(synced) as phone:
        token = log_in(phone, "Wyatt")
        queued = [worked_out(phone, action, values) for action, values in QUEUE]
        answer = sync(phone, token, queued)
    assert answer.status_code == 200, answer.text
    results = answer.json()["results"]
    assert [r["status"] for r in results] == ["confirmed"] * len(QUEUE), results[-1]["conflict"][
        "found"
    ]
    for entry, result in zip(queued, results, strict=True):
        assert result["outcome"] == entry["preview"]["outcome"], entry["action"]
    kinds = [r["outcome"]["kind"] for r in results]
    assert kinds == ["mount", "explosive", "lasso", "fallen", "fallen", "retreat"]
    assert results[4]["outcome"]["friends"][0]["model"] == "Doc Holliday"
    assert conflict_rows(synced) == []


def test_a_hit_on_a_model_wounded_meanwhile_is_a_conflict(synced: Path) -> None:
    """Wyatt's phone records a wound on Ike Clanton; meanwhile Ike's phone recorded one: the
    same entry now leaves another COS, so nothing is written. A lasso on models the other
    phone did not touch is confirmed."""
    with open_client(synced) as wyatt, open_client(synced) as ike:
        token, ike_token = log_in(wyatt, "Wyatt"), log_in(ike, "Ike")
        hit = worked_out(wyatt, *QUEUE[3])
        lasso = worked_out(wyatt, *QUEUE[2])
        wounded = ike.post(f"{API}/actions/hit", json={"member": "Ike Clanton", "wounds": 1},
                           headers={"X-CSRF-Token": ike_token})  # fmt: skip
        assert wounded.status_code == 200, wounded.text
        calm = sync(wyatt, token, [lasso])
        (confirmed,) = calm.json()["results"]
        assert confirmed["status"] == "confirmed", confirmed
        assert confirmed["outcome"] == lasso["preview"]["outcome"]
        count, before = events(synced), revision(synced)
        clash = sync(wyatt, token, [hit])
    (result,) = clash.json()["results"]
    assert result["status"] == "conflict", result
    found, seen = result["conflict"]["found_outcome"], hit["preview"]["outcome"]
    assert (seen["cos_before"], found["cos_before"]) == (seen["cos_before"], seen["cos_before"] - 1)
    said = result["conflict"]["found"]
    assert "the game changed since this action was made" in said
    assert f"gives COS {found['cos_after']} left, where" in said  # a wound rolls no die
    assert f"the phone showed COS {seen['cos_after']} left." in said
    assert events(synced) == count and revision(synced) == before + 1  # the conflict's row only
