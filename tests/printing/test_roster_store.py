"""``benchmarks/roster_store.py`` (issue #23, eleventh round) runs end to end, once: the roster's
eight statements read as the command reads them, on the tables' Core columns and on tables
reflected from the database return the same rows (the script exits 1 otherwise), and only the
command's way configures the mappers (a Core ``select`` of mapped attributes configures them all,
docs/printing.md "eleventh round"). No timing is asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "roster_store.py"


def test_the_three_reads_agree_and_only_the_orm_configures_the_mappers(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = {line.split()[0]: line for line in done.stdout.splitlines() if "reads" in line}
    assert lines["orm"].endswith("mappers configured"), done.stdout
    assert lines["core"].endswith("mappers not configured"), done.stdout
    assert lines["reflected"].endswith("mappers not built"), done.stdout
    assert "configure the mappers" in done.stdout  # the split's phases are all there
