"""Issue #23: the graveyard's statement on a grown log, in process, trees side by side.

The demo store (``campaigns.db.example``) is copied, two of its models are made dead with a
``recovery`` entry each (outcome dead, game 1), and ``--entries`` more entries (copies of one of
its gangs' entries, as ``buy``) are spread over its gangs; then each tree given reads the
graveyard ``--calls`` times in one READ unit of work, in a fresh process of its own, the trees
alternated ``--rounds`` times. Prints each run's dead (they must be the same two for every
tree) and the median ms of a call. Figures are reported, never asserted.

Run: .venv/bin/python benchmarks/graveyard_bench.py TREE [TREE …] [--entries 2000] [--calls 300]
                                                  [--rounds 2]
(a tree is a checkout's root, e.g. one unpacked with ``git archive REV | tar -x -C DIR``.)
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEMO = Path(__file__).resolve().parents[1] / "campaigns.db.example"


def grow(path: Path, entries: int) -> None:
    """The demo store at ``path`` with two models dead and ``entries`` more log entries."""
    shutil.copyfile(DEMO, path)
    db = sqlite3.connect(path)
    in_use = "SELECT value FROM skirmish_meta WHERE key = 'campaign_in_use'"
    campaign = db.execute(in_use).fetchone()
    where = "WHERE campaign_id = ?" if campaign else ""
    gangs = [r[0] for r in db.execute(f"SELECT id FROM gang {where} ORDER BY id", campaign or ())]
    listed = ",".join(map(str, gangs))
    dead = db.execute(
        f"SELECT id, gang_id, name FROM member WHERE gang_id IN ({listed}) ORDER BY id LIMIT 2"
    ).fetchall()
    columns = [r[1] for r in db.execute("PRAGMA table_info(log_entry)")]
    model = db.execute("SELECT * FROM log_entry WHERE gang_id IS NOT NULL LIMIT 1").fetchone()
    template = dict(zip(columns, model, strict=True))
    insert = f"INSERT INTO log_entry ({','.join(columns)}) VALUES ({','.join('?' * len(columns))})"
    for member_id, gang_id, name in dead:
        db.execute("UPDATE member SET status = 'dead' WHERE id = ?", (member_id,))
        details = json.dumps({"outcome": "dead", "game": 1})
        row = dict(template, id=None, gang_id=gang_id, member_id=member_id, member_name=name)
        row.update(action="recovery", details=details)
        db.execute(insert, [row[c] for c in columns])
    for at in range(entries):
        row = dict(template, id=None, gang_id=gangs[at % len(gangs)], action="buy")
        db.execute(insert, [row[c] for c in columns])
    db.commit()
    db.close()


RUN = """
import statistics, sys, time
from skirmish.campaign import lookup, store
from skirmish.campaign.game import history
engine = store.open_store(sys.argv[1], create=False)
with store.transaction(engine, access=store.Access.READ) as s:
    campaign = lookup.current_campaign(s)
    found = history.graveyard(s, campaign=campaign)
    took = []
    for _ in range(int(sys.argv[2])):
        start = time.perf_counter()
        history.graveyard(s, campaign=campaign)
        took.append(time.perf_counter() - start)
print(sorted((d["name"], d["game"]) for d in found), round(statistics.median(took) * 1000, 3))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "graveyard.db"
        grow(path, options.entries)
        print(f"{time.strftime('%H:%M')}: {options.entries} more entries, {options.calls} calls")
        for _ in range(options.rounds):
            for tree in options.trees:
                ran = subprocess.run(
                    [sys.executable, "-c", RUN, str(path), str(options.calls)],
                    capture_output=True,
                    text=True,
                    cwd=tree,
                    env={"PYTHONPATH": str(tree.resolve()), "PATH": "/usr/bin:/bin"},
                    check=False,
                )
                if ran.returncode != 0:
                    print(ran.stderr, file=sys.stderr)
                    return 1
                dead, median = ran.stdout.rsplit(" ", 1)
                print(f"{tree}: the dead {dead}, median {median.strip()} ms a call")
    return 0


if __name__ == "__main__":
    sys.exit(main())
