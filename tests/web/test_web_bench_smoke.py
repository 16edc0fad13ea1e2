"""The web benchmark (issue #11) runs end to end: a real ``skirmish serve`` on an SQLite file,
three logged-in clients reading and buying for two seconds, then the books. No timing is
asserted (timings never go in tests): only that it exits 0, which it does only with no error
answer and balanced books (each purchase a client saw in the log once, each treasury its start
less its logged purchases, ``audit.check_campaign`` clean)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "web_bench.py"


def test_web_bench_runs_with_balanced_books() -> None:
    """Two server processes (``--workers 2``: the harder case; tests/web/test_serve.py starts
    the one-process server)."""
    done = subprocess.run(
        [sys.executable, str(BENCH), "--db", "sqlite", "--seconds", "2", "--clients", "3",
         "--workers", "2", "--no-append"],
        capture_output=True, text=True, timeout=300, cwd=BENCH.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "errors 0" in done.stdout and "books balance" in done.stdout, done.stdout
    assert "purchases 0" not in done.stdout, done.stdout  # the clients did buy
    for kind in ("gang page", "standings", "gang JSON", "buy"):
        assert f"\n{kind} " in done.stdout, (kind, done.stdout)
    assert "2 worker processes" in done.stdout
