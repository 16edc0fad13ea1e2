"""The table-mode benchmark (issue #12) runs end to end: a real ``skirmish serve`` on an SQLite
file, one game's two phones starting it and playing it through the API for three seconds (cards,
the initiative with typed dice, shots, retries with the same idempotency key), the other phone
told by its game's stream (issue #23), then the books. No timing is asserted (timings never go
in tests): only that it exits 0, which it does only with no error answer and balanced books
(every event a phone's answer named in its game once, one initiative and one activation per
choice seen, each key kept, each game's revision moved on once per change seen,
``audit.check_campaign`` clean)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "table_bench.py"


def test_table_bench_runs_with_balanced_books() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--db", "sqlite", "--seconds", "3", "--games", "1",
         "--no-append"],
        capture_output=True, text=True, timeout=300, cwd=BENCH.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "errors 0" in done.stdout and "books balance" in done.stdout, done.stdout
    played = re.search(r"changes: 1 game (\d+) changes", done.stdout)
    assert played is not None and int(played.group(1)) > 0, done.stdout  # the phones did play
    assert "\npick " in done.stdout, done.stdout  # the first change of every round
    assert "update on the other phone, 1 game: from the answer p50" in done.stdout, done.stdout
