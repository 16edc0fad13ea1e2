"""Back online with a turn begun offline (issue #24): Ike took his turn online; the phone then
queues Wyatt's move, "Begin the next turn" with its cohesion die (R-08: the Clantons lost three
of four) and Wyatt's shot at Ike in the new turn, each worked out by the engine from the offline
page's kit (the shot on the next turn, where Ike is still to act: R-18's +1); synced, all three
are confirmed with the outcome the phone showed, and the game's log and board equal the same
three played at the command line.
When the game changed meanwhile so that the cohesion tests differ (a second gang due), the same
turn is a conflict and nothing is written."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skirmish.engine.offline import resolve
from tests.web.test_actions import log_in, open_client
from tests.web.test_game_sync import conflict_rows, sync
from tests.web.test_offline_kit_page import kit_of
from tests.web.test_web_game_actions import (
    PAGE,
    board,
    cli,
    events,
    revision,
    shown_events,
    table_store,
)

#: The shot's dice: nerve 2, 3; shot 6; Ike's saves and panic test.
SHOT = [2, 3, 6, 2, 1, 1, 3]


def fallen_store(path: Path) -> Path:
    """``table_store`` with Billy Clanton, Frank and Tom McLaury eliminated: the Clantons lost
    three of their four, a cohesion test is due at the next turn (R-08)."""
    table_store(path)
    for name in ("Billy Clanton", "Frank McLaury", "Tom McLaury"):
        cli(path, "game", "eliminate", name, "--by", "Wyatt Earp")
    return path


@pytest.fixture
def twins(
    prepared: Callable[[Callable[[Path], object]], Path], tmp_path: Path
) -> tuple[Path, Path]:
    synced = prepared(fallen_store)
    online = tmp_path / "cli.db"
    shutil.copyfile(synced, online)
    return synced, online


def queued(kit: dict[str, Any], key: str, action: str, values: dict[str, Any],
           model: str, target: str, dice: list[int], turns: int = 0) -> dict[str, Any]:  # fmt: skip
    """The entry the phone keeps for ``action`` worked out on ``kit`` with typed ``dice``,
    after ``turns`` turns it queued before (as ``offline.js`` asks)."""
    fields = {k: v for k, v in values.items() if v not in (model, target)}
    request = {"action": action, "model": model, "target": target, "fields": fields,
               "dice": dice, "rest": "none", "lang": "en", "turns": turns}  # fmt: skip
    said = resolve(kit, request) if action != "move" else None  # a move rolls nothing
    return {"key": key, "action": action, "fields": values, "dice": dice, "rest": "none",
            "revision": kit["revision"], "made_at": "2026-11-29T20:15:00Z", "lang": "en",
            "preview": {"outcome": said["outcome"] if said else None,
                        "lines": said["lines"] if said else []}}  # fmt: skip


def test_a_turn_begun_offline_and_a_model_acting_again_are_confirmed_as_at_the_cli(
    twins: tuple[Path, Path],
) -> None:
    synced, online = twins
    for db in twins:  # Ike's turn, recorded online before the wifi drops
        cli(db, "game", "activate", "Ike Clanton")
    mark = events(synced)
    with open_client(synced) as phone:
        token = log_in(phone, "Wyatt")
        kit = kit_of(phone.get(f"{PAGE}/offline").text)
        clantons = next(g for g in kit["gangs"] if g["side"] == "bad")
        assert (clantons["started"], clantons["lost"], clantons["leader"]) == (4, 3, "alive")
        shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 5}
        queue = [
            queued(kit, "q-move", "move", {"member": "Wyatt Earp"}, "Wyatt Earp", "", []),
            queued(kit, "q-turn", "turn", {}, "", "", [1]),
            queued(kit, "q-shoot", "shoot", shot, "Wyatt Earp", "Ike Clanton", SHOT, turns=1),
        ]
        test = queue[1]["preview"]["outcome"]["tests"]
        # on the kit's own turn Ike has acted: no +1, another shot than the next turn's
        this_turn = queued(kit, "q-now", "shoot", shot, "Wyatt Earp", "Ike Clanton", SHOT)
        assert this_turn["preview"]["outcome"] != queue[2]["preview"]["outcome"]
        assert [(t["gang"], t["roll"], t["holds"]) for t in test] == [("Clanton gang", 1, True)]
        answer = sync(phone, token, queue)
    assert answer.status_code == 200, answer.text
    results = answer.json()["results"]
    assert [r["status"] for r in results] == ["confirmed"] * 3, results
    for entry, result in zip(queue, results, strict=True):
        assert result["outcome"] == entry["preview"]["outcome"], entry["action"]
    assert results[1]["answer"]["turn"] == 2
    cli(online, "game", "activate", "Wyatt Earp")
    cli(online, "game", "turn", "--dice", "1")
    cli(online, "game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5",
        "--dice", ",".join(map(str, SHOT)))  # fmt: skip
    assert shown_events(synced, mark) == shown_events(online, mark)
    assert board(synced) == board(online)
    assert conflict_rows(synced) == []


def test_a_turn_whose_cohesion_tests_changed_meanwhile_is_a_conflict(
    twins: tuple[Path, Path],
) -> None:
    """Wyatt's phone begins the next turn, the die rolled on the phone, with the Clantons'
    test due; meanwhile three Earps fell at the command line, so the Earps test too (R-08):
    with the same die the server's turn is another, nothing is written."""
    synced, _ = twins
    with open_client(synced) as wyatt:
        token = log_in(wyatt, "Wyatt")
        kit = kit_of(wyatt.get(f"{PAGE}/offline").text)
        turn = {**queued(kit, "q-turn", "turn", {}, "", "", [1]), "rest": "random"}
        for name in ("Virgil Earp", "Morgan Earp", "Doc Holliday"):
            cli(synced, "game", "eliminate", name, "--by", "Ike Clanton")
        count, before = events(synced), revision(synced)
        clash = sync(wyatt, token, [turn])
    (result,) = clash.json()["results"]
    assert result["status"] == "conflict", result
    found, seen = result["conflict"]["found_outcome"], turn["preview"]["outcome"]
    assert [t["gang"] for t in seen["tests"]] == ["Clanton gang"]
    assert [t["gang"] for t in found["tests"]] == ["Earp brothers", "Clanton gang"]
    said = result["conflict"]["found"]
    assert "the game changed since this action was made" in said
    assert "where the phone showed turn 2; Clanton gang: fights on; dice 1." in said
    assert result["conflict"]["title"] == "Begin the next turn"
    assert events(synced) == count and revision(synced) == before + 1  # the conflict's row only


def test_the_page_and_the_sync_begin_a_turn_through_one_declaration() -> None:
    """Issue #23: the live page's button and the phone's queued turn both run
    ``game_live_changes.next_turn``; neither wraps ``new_turn`` on its own."""
    import inspect

    from skirmish.web import game_live_changes, game_sync

    assert "new_turn(" not in inspect.getsource(game_sync)
    assert "next_turn(" in inspect.getsource(game_sync.SyncTable._turn)
    assert "next_turn(" in inspect.getsource(game_live_changes.do_turn)
    assert inspect.getsource(game_live_changes).count("new_turn(") == 1
