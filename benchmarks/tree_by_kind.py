"""Issue #23, the suite's fifth round: a command's processor time split by the kind of process
that spent it (chromium's renderers, its browser process, its zygotes, Playwright's node
driver, python, PostgreSQL…).

``python3 benchmarks/tree_by_kind.py COMMAND …`` runs the command and reads ``/proc`` every
0.1 s: each descendant's user+system time as last seen, summed by kind (chromium rewrites its
command line into one string; its ``--type=`` names the kind). A process's last 0.1 s may be
missed, so the total is a little under ``benchmarks/reap.py``'s; wrap ``reap.py`` in it to see
both. Linux only.
"""

from __future__ import annotations

import collections
import os
import subprocess
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")


def kind(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as source:
            raw = source.read().split(b"\0")
    except OSError:
        return None
    words = [w for part in raw if part for w in part.decode(errors="replace").split(" ") if w]
    if not words:
        return None
    program = os.path.basename(words[0])
    if "chrom" in program or "headless" in program:
        role = next((w[7:] for w in words if w.startswith("--type=")), "browser")
        sub = next((w.split(".")[-1] for w in words if w.startswith("--utility-sub-type=")), "")
        return f"chromium {role} {sub}".rstrip()
    if program == "node":
        return "node (playwright driver)"
    if program.startswith("postgres"):
        return "postgres"
    if "python" in program:
        return "python"
    return program


def used(pid: int) -> tuple[float, int] | None:
    try:
        with open(f"/proc/{pid}/stat") as source:
            fields = source.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS, int(fields[1])  # utime+stime, ppid


def main(command: list[str]) -> int:
    process = subprocess.Popen(command)
    family = {process.pid}
    seen: dict[int, tuple[str | None, float]] = {}
    start = time.monotonic()
    while process.poll() is None:
        now = {
            pid: u for pid in map(int, filter(str.isdigit, os.listdir("/proc"))) if (u := used(pid))
        }
        grown = True
        while grown:
            grown = False
            for pid, (_, parent) in now.items():
                if pid not in family and parent in family:
                    family.add(pid)
                    grown = True
        for pid in family & now.keys():
            seen[pid] = (seen[pid][0] if pid in seen else kind(pid), now[pid][0])
        time.sleep(0.1)
    totals: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    for name, seconds in seen.values():
        totals[name or "?"] += seconds
        counts[name or "?"] += 1
    print(f"wall {time.monotonic() - start:.1f} s", file=sys.stderr)
    for name, seconds in totals.most_common():
        print(f"{seconds:8.1f} s {counts[name]:4d} procs  {name}", file=sys.stderr)
    print(f"{sum(totals.values()):8.1f} s total sampled", file=sys.stderr)
    return process.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
