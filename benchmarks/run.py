"""Run every benchmark, one after another, and keep what they print in benchmarks/results.txt.

Each benchmark measures its commands side by side in one run and reports ratios (these
machines are noisy); the README quotes the latest figures. Byte-code is compiled first: some
environments set PYTHONDONTWRITEBYTECODE, and a start-up benchmark would otherwise time the
compiler.

Run: make bench   (or .venv/bin/python benchmarks/run.py [--soak])

``web_bench.py`` (issue #11: 20 clients for 30 s on the real server and a throw-away
PostgreSQL, with its books checked) runs every time, and so does ``table_bench.py`` (issue #12:
10 games of 2 phones each scripted through the API for 60 s, then one game alone, with the
games' events, keys and revisions checked). ``--soak`` adds ``soak.py``, the
concurrent soak of issue #8 (about a minute, on SQLite and a throw-away PostgreSQL server):
opt-in, since it is a check of the store more than a timing.
"""

from __future__ import annotations

import compileall
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = (
    "startup_bench.py",
    "odds_bench.py",
    "store_bench.py",
    "print_bench.py",
    # issue #23: the server's processor time per page against a Core anchor (about a minute)
    "page_bench.py",
    # issue #24: the engine in the phone, Pyodide in chromium (about two minutes)
    "pyodide_bench.py",
    # issue #24: a phone's queue of 20 actions synced, beside the same sent online (a minute)
    "sync_bench.py",
)
#: The web app under a club's load (issue #11, about a minute on a throw-away PostgreSQL): the
#: script and its arguments (its figures are kept here, not appended by it).
WEB = ("web_bench.py", "--no-append")
#: Table mode (issue #12, about 1.5 minutes on a throw-away PostgreSQL): the same.
TABLE = ("table_bench.py", "--no-append")
#: ``--soak``: the script and its arguments (its figures are kept here, not appended by it).
SOAK = ("soak.py", "--no-append")


def main() -> int:
    compileall.compile_dir(str(HERE.parent / "skirmish"), quiet=1)
    lines = [
        f"# {time.strftime('%Y-%m-%d %H:%M')} · {platform.python_version()} · "
        f"{platform.machine()} · {len(__import__('os').sched_getaffinity(0))} cores",
    ]
    failed = 0
    soak = [SOAK] if "--soak" in sys.argv[1:] else []
    runs = [(name,) for name in BENCHMARKS] + [WEB, TABLE] + soak
    for name, *arguments in runs:
        script = HERE / name
        if not script.exists():
            continue
        print(f"== {name}", flush=True)
        done = subprocess.run(
            [sys.executable, str(script), *arguments], cwd=HERE, capture_output=True, text=True
        )
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr if done.returncode else "")
        lines += [f"== {name}", done.stdout.rstrip()]
        failed += done.returncode != 0
    (HERE / "results.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
