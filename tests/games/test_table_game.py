"""Issue #10's table game (``table_game.GAME``): Rapina in banca, four models a side, five
turns, on the demo campaign, replays as players say it with no refused command, by scripts
(``--dice``) and at a terminal (each throw typed at its prompt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

from .table_game import GAME, Replay, fresh_demo, replay, replay_at_table

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

runner = CliRunner()


def _json(db: Path, *args: str) -> object:
    result = runner.invoke(app, [*args, "--db", str(db), "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def _outcome(db: Path) -> dict[str, object]:
    board = _json(db, "game", "status")
    assert isinstance(board, dict)
    gangs = {}
    for name in ("Earp brothers", "Clanton gang"):
        gang = _json(db, "gang", "show", name)
        assert isinstance(gang, dict)
        gangs[name] = (gang["treasury"], [(m["name"], m["xp"]) for m in gang["members"]])
    return {
        "status": board["status"],
        "turn": board["turn"],
        "winner": board["winner"],
        "objectives": [(o["copy"], o["state"]) for o in board["objectives"]],
        "gangs": gangs,
    }


#: How the game ends: the Clantons carry one sack off in turn 5, the Earps recovered the other.
OUTCOME = {
    "status": "ended",
    "turn": 5,
    "winner": "Clanton gang",
    "objectives": [(1, "off_table"), (2, "recovered")],
    "gangs": {
        "Earp brothers": (
            33,
            [("Wyatt Earp", 4), ("Virgil Earp", 1), ("Morgan Earp", 0), ("Doc Holliday", 1)],
        ),
        "Clanton gang": (
            81,
            [("Ike Clanton", 3), ("Billy Clanton", 0), ("Frank McLaury", 1), ("Tom McLaury", 0)],
        ),
    },
}


def _played(done: Replay, db: Path) -> None:
    assert done.refused == []
    assert done.commands == len(GAME)
    assert _outcome(db) == OUTCOME


def test_the_table_game_replays_with_no_refused_command(tmp_path: Path) -> None:
    db = fresh_demo(tmp_path)
    _played(replay(db), db)


def test_the_table_game_replays_in_italian_too(tmp_path: Path) -> None:
    db = fresh_demo(tmp_path)
    done = replay(db, lang="it")
    _played(done, db)
    assert "Turno 1" in "".join(done.outputs) or "turno 1" in "".join(done.outputs)


def test_the_table_game_replays_at_a_terminal_with_the_dice_typed_as_rolled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = fresh_demo(tmp_path)
    done = replay_at_table(db, monkeypatch)
    _played(done, db)
    assert done.answers > 0


def test_the_game_log_tells_the_game_in_order(tmp_path: Path) -> None:
    db = fresh_demo(tmp_path)
    replay(db)
    log = runner.invoke(app, ["game", "log", "--db", str(db)]).stdout.splitlines()
    assert log[-1].startswith("Turn 5 · The game ends: Clanton gang wins")
    tom = next(i for i, line in enumerate(log) if "shoots Tom McLaury" in line)
    assert "eliminated" in log[tom] and "Loot sack 2" in log[tom + 1]  # the shot, then the drop
