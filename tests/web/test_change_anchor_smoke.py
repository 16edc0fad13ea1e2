"""The Core anchor of table mode's change (issue #23, ``benchmarks/change_anchor.py``) runs end
to end on a database of the session's PostgreSQL server: its minimal app served by uvicorn, two
games' phones (``table_bench.py``'s, with their retries and double taps under one idempotency
key) changing their games through it, each change brought to both phones by their streams, then
the books. No timing is asserted: only that it exits 0, which it does only with no error answer,
each phone's own change brought by its own stream, and balanced books (each game's revision =
the changes its phones saw succeed = its events, each named by one answer; each key kept)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from skirmish.web.app import THREADS

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "change_anchor.py"


@pytest.mark.parametrize("workers", [1, 2])
def test_change_anchor_runs_with_balanced_books(postgres_database: str, workers: int) -> None:
    """With two server processes, a phone's stream may be in another process than its game's
    change: the change reaches it by the LISTEN."""
    done = subprocess.run(
        [sys.executable, str(BENCH), "--url", postgres_database, "--seconds", "3", "--games",
         "2", "--workers", str(workers), "--no-append"],
        capture_output=True, text=True, timeout=300, cwd=BENCH.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "errors 0" in done.stdout and "books balance" in done.stdout, done.stdout
    played = re.search(r"changes: 2 games (\d+) changes \(\d+/s\), (\d+) sent twice", done.stdout)
    assert played is not None, done.stdout
    assert int(played.group(1)) > 0 and int(played.group(2)) > 0, done.stdout
    seen = re.search(r"update on the other phone, 2 games: .*\(n (\d+);", done.stdout)
    assert seen is not None and int(seen.group(1)) > 0, done.stdout  # the other phone's stream


def test_change_anchor_serves_with_the_apps_threads() -> None:
    """The anchor's server keeps as many worker threads and connections as the app's (it does
    not import the app, so that it loads none of it)."""
    found = re.search(r"^THREADS = (\d+)$", BENCH.read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None and int(found.group(1)) == THREADS
