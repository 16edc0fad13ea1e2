"""A game's units of work run by fresh ``skirmish`` processes (issue #23, the action's unit of
work's second round): each command a process of its own that opens the store, locks the game
and its gangs (PostgreSQL: ``lookup.lock_rows``, the game found and locked in one statement),
reads its models together, records, seals and commits; then ``game undo`` in another process
puts the game's rows back exactly as they were, on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import SETUP, Cli, register_views  # noqa: E402


def skirmish(db: str, *args: str) -> str:
    """``skirmish ARGS --db DB`` in a fresh process: its output; a failure fails the test."""
    env = {**os.environ, "SKIRMISH_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-m", "skirmish", *args, "--db", db],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done.stdout


def play(db: str) -> None:
    register_views()
    cli = Cli(db)
    for command in SETUP:
        cli.run(*command)
    skirmish(db, "game", "start", "duel", "Earps", "Clantons")
    skirmish(db, "game", "turn")
    skirmish(db, "game", "initiative", "Wyatt", "Ike", "--dice", "5,3")
    before: dict[str, Any] = cli.state()
    out = skirmish(db, "game", "shoot", "Wyatt", "Ike", "--range", "8", "--dice", "1,1,1,1,1")
    assert "miss" in out and "Ike: COS 3" in out, out
    log = cli.json("game", "log")
    shots = [e for e in log if e["action"] == "shoot"]
    assert len(shots) == 1 and shots[0]["details"]["target"] == "Ike", shots
    skirmish(db, "game", "undo")
    assert cli.state() == before  # the shot taken back exactly, revision aside
    refused = subprocess.run(
        [sys.executable, "-m", "skirmish", "game", "shoot", "Wyatt", "Nobody", "--db", db],
        capture_output=True, text=True, env={**os.environ, "SKIRMISH_LANG": "en"}, check=False,
    )  # fmt: skip
    assert refused.returncode == 1 and refused.stderr.startswith("Error: "), refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and cli.state() == before


def test_a_game_s_actions_by_fresh_processes_on_sqlite(tmp_path: Path) -> None:
    play(str(tmp_path / "campaign.db"))


@pytest.mark.postgres
def test_a_game_s_actions_by_fresh_processes_on_postgresql(postgres_migrated_database: str) -> None:
    play(postgres_migrated_database)
