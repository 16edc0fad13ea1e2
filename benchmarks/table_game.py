"""What a game at the table costs a player, before and after issue #10.

The game is ``tests/games/table_game.GAME``: Rapina in banca on the demo campaign, four models a
side, five turns, every die typed as rolled. Each moment of it is played three ways:

* **before**: the tracker as it was before issue #10 (revision ``9cf31a4``, checked out with
  ``git worktree add`` and run as ``python -m skirmish`` on its own ``campaigns.db.example``):
  the commands that moment needed then (``Step.old()``: full names, English values, every flag,
  a reroll as ``game spend`` plus the shot with the die that stood, an explosion as one
  ``roll explosion`` per model and ``game state``). Before each, what a player says today
  (``Step.said``) is tried on a copy of the old database: each refusal is one more command the
  player typed then (the trial's "a third of the attempts were refused");
* **after, scripted**: today's tracker, every ``said`` command with ``--dice``;
* **after, at a terminal**: today's tracker, the commands without ``--dice``, each throw answered
  at its prompt, each failed die's reroll offer answered (Enter keeps it), the initiative's
  winner answering whom it activates.

It prints the counts and writes them to ``benchmarks/table_game.txt``. Counts, not timings: the
same on every machine.

Run: .venv/bin/python benchmarks/table_game.py [--before REV]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.games.table_game import GAME, fresh_demo, replay, replay_at_table  # noqa: E402

BEFORE = "9cf31a4"


def _old_tool(rev: str, folder: Path) -> tuple[Path, Path]:
    """Revision ``rev`` checked out under ``folder`` and its demo database."""
    tree = folder / "before"
    subprocess.run(
        ["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(tree), rev], check=True
    )
    db = folder / "before.db"
    shutil.copyfile(tree / "campaigns.db.example", db)
    return tree, db


def _run_old(tree: Path, db: Path, args: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(tree), SKIRMISH_DB=str(db), SKIRMISH_LANG="en")
    return subprocess.run(
        [sys.executable, "-m", "skirmish", *args],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        cwd=str(tree.parent),
    )


def before(rev: str, folder: Path) -> tuple[int, int, list[str]]:
    """Commands the old tracker needed, and how many of today's ``said`` it refused."""
    tree, db = _old_tool(rev, folder)
    try:
        commands, refused, notes = 0, 0, []
        trial = folder / "trial.db"
        for step in GAME:
            shutil.copyfile(db, trial)
            if _run_old(tree, trial, step.said).returncode != 0:
                refused += 1
            for args in step.old():
                if not args:
                    continue
                result = _run_old(tree, db, args)
                if result.returncode != 0:
                    raise SystemExit(f"the old tracker refused {args}: {result.stderr.strip()}")
                commands += 1
            if step.note:
                notes.append(step.note)
        return commands, refused, notes
    finally:
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)], check=False
        )


class _Patch:
    """The little of pytest's ``monkeypatch`` that ``replay_at_table`` uses."""

    def __init__(self) -> None:
        self._undo: list[tuple[object, str, object]] = []

    def setattr(self, target: object, name: str, value: object) -> None:
        self._undo.append((target, name, getattr(target, name)))
        setattr(target, name, value)

    def undo(self) -> None:
        for target, name, value in reversed(self._undo):
            setattr(target, name, value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="the revision before issue #10")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        old_commands, old_refused, _ = before(options.before, folder)
        scripted = replay(fresh_demo(folder, "scripted.db"))
        patch = _Patch()
        try:
            table = replay_at_table(fresh_demo(folder, "table.db"), patch)
        finally:
            patch.undo()
    if scripted.refused or table.refused:
        raise SystemExit(f"today's tracker refused: {scripted.refused or table.refused}")
    old_total = old_commands + old_refused
    lines = [
        f"Table game (tests/games/table_game.py): {len(GAME)} moments, Rapina in banca, "
        "4 models a side, 5 turns",
        f"before ({options.before}): {old_commands} commands + {old_refused} refused attempts "
        f"= {old_total}",
        f"after, scripted (--dice): {scripted.commands} commands, 0 refused "
        f"= {scripted.commands / old_total:.2f} of before",
        f"after, at a terminal: {table.commands} commands + {table.answers} answers "
        f"= {table.commands + table.answers} ({(table.commands + table.answers) / old_total:.2f}"
        " of before)",
    ]
    text = "\n".join(lines)
    print(text)
    (REPO / "benchmarks" / "table_game.txt").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
