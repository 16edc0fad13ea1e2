"""Start-up side by side across revisions (issue #9): the working tree against each REV given.

Each REV is checked out with ``git worktree add`` into a temporary folder; every tree (the REVs
and the working tree itself) runs as ``python -m skirmish`` with ``PYTHONPATH`` pointing at it,
its byte-code and its message catalogue compiled first (``python -m compileall -q``,
``python hatch_build.py``: what ``make demo`` leaves), with the same interpreter, from a
temporary folder (``python -m`` puts the current folder first on ``sys.path``: run from a
checkout, every tree would import that checkout's code). Each
command is timed against its floor, every command of every tree alternated in each round so
that machine noise hits them alike, and reported as a ratio of medians:

- ``roll shoot --tiro 4 --cover light --seed 1`` against ``python -c pass``;
- ``gang show "Earp brothers"`` against ``python -c "import sqlmodel"``;
- ``print roster "Earp brothers" -o x.pdf`` against ``python -c "import weasyprint"``.

``gang show`` and ``print roster`` read a copy of the tree's own ``campaigns.db.example`` (an
older revision's example has that revision's schema: the current code would upgrade it first).
The worktrees are removed at the end, whatever happens.

A REV that is a folder is taken as a tree already unpacked there (``git archive REV | tar -x``),
run as it is: a library put in that folder comes first on its ``PYTHONPATH`` (issue #23: the
revision before fontTools' ceiling, with the fontTools it had).

Run: .venv/bin/python benchmarks/startup_compare.py REV [REV…] [--runs N] [--only roll,gang]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from common import check_imports_from, compile_tree, ms

REPO = Path(__file__).resolve().parent.parent
GANG = "Earp brothers"


class Measure(NamedTuple):
    """One command of every tree, timed against ``floor`` (``{db}``, ``{out}``: the tree's
    database copy and output file)."""

    floor: tuple[str, ...]
    args: tuple[str, ...]
    runs: int


MEASURES = {
    "roll": Measure(
        ("-c", "pass"),
        ("roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"),
        31,
    ),
    "gang": Measure(("-c", "import sqlmodel"), ("gang", "show", GANG, "--db", "{db}"), 21),
    "print": Measure(
        ("-c", "import weasyprint"),
        ("print", "roster", GANG, "-o", "{out}", "--db", "{db}"),
        11,
    ),
}


class Tree(NamedTuple):
    label: str
    path: Path
    db: Path
    out: Path


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True, text=True)
    return done.stdout.strip()


def _prepare(label: str, path: Path, tmp: Path) -> Tree:
    """A tree ready to time: its byte-code compiled, its message catalogue compiled to ``.mo``
    (as ``make`` does: a checkout without it compiles the ``.po`` in memory on every start,
    which made a revision's ``roll`` about 1.5× slower, issue #23), a copy of its own example
    database, and checked to import its own package from ``tmp`` (not the checkout the venv
    installs)."""
    compile_tree(path / "skirmish")
    if (path / "hatch_build.py").exists():  # revisions before issue #21 have no catalogue
        subprocess.run(
            [sys.executable, "hatch_build.py"], cwd=path, check=True, stdout=subprocess.DEVNULL
        )
    check_imports_from(path, tmp, label)
    key = path.name if path != REPO else "tree"
    db = tmp / f"{key}.db"
    shutil.copyfile(path / "campaigns.db.example", db)
    return Tree(label, path, db, tmp / f"{key}.pdf")


def _run(argv: Sequence[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU time (user + system of the child) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compare(
    measure: Measure, trees: Sequence[Tree], runs: int, warmup: int, cwd: Path
) -> list[str]:
    """Medians of the floor and of the command in every tree, alternated, each run from
    ``cwd``; one line each."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKIRMISH_")}
    commands: dict[str, tuple[list[str], dict[str, str]]] = {
        "floor": ([sys.executable, *measure.floor], env)
    }
    for tree in trees:
        args = [a.format(db=tree.db, out=tree.out) for a in measure.args]
        commands[tree.label] = (
            [sys.executable, "-m", "skirmish", *args],
            {**env, "PYTHONPATH": str(tree.path)},
        )
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for i in range(warmup + runs):
        for name, (argv, command_env) in commands.items():
            took = _run(argv, command_env, cwd)
            if i >= warmup:
                samples[name].append(took)
    wall = {name: statistics.median(w for w, _ in got) for name, got in samples.items()}
    cpu = {name: statistics.median(c for _, c in got) for name, got in samples.items()}
    floor = " ".join(["python", *measure.floor])
    lines = [f"  {floor:42} {ms(wall['floor']):>9} wall {ms(cpu['floor']):>9} CPU"]
    for tree in trees:
        name = tree.label
        lines.append(
            f"  {name:42} {ms(wall[name]):>9} wall = {wall[name] / wall['floor']:5.2f}×"
            f"   {ms(cpu[name]):>9} CPU = {cpu[name] / cpu['floor']:5.2f}×"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "revs", nargs="+", metavar="REV", help="revisions (or unpacked trees) to compare to"
    )
    parser.add_argument("--runs", type=int, help="timed rounds of each measure (default: its own)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed rounds first")
    parser.add_argument("--only", default=",".join(MEASURES), help="measures: roll,gang,print")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(chosen) - set(MEASURES))
    if unknown:
        parser.error(f"unknown measure(s) {unknown}; choose among {', '.join(MEASURES)}")
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(__file__).parent)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    with tempfile.TemporaryDirectory(prefix="startup-compare-") as folder:
        tmp = Path(folder)
        added: list[Path] = []
        try:
            trees = []
            for rev in args.revs:
                if Path(rev).is_dir():  # a tree already unpacked (with its own libraries)
                    trees.append(_prepare(rev, Path(rev).resolve(), tmp))
                    continue
                commit = _git("rev-parse", "--short", f"{rev}^{{commit}}")
                path = tmp / f"rev-{commit}"
                _git("worktree", "add", "--detach", "--quiet", str(path), commit)
                added.append(path)
                label = commit if commit == rev else f"{rev} ({commit})"
                trees.append(_prepare(label, path, tmp))
            head = _git("rev-parse", "--short", "HEAD")
            dirty = " + changes" if _git("status", "--porcelain", "--", "skirmish") else ""
            trees.append(_prepare(f"working tree ({head}{dirty})", REPO, tmp))
            print(
                f"# {time.strftime('%Y-%m-%d %H:%M')} · Python {platform.python_version()} · "
                f"{len(os.sched_getaffinity(0))} cores · medians, commands alternated",
                flush=True,
            )
            for name in chosen:
                measure = MEASURES[name]
                runs = args.runs or measure.runs
                shown = shlex.join(a.format(db="COPY.db", out="x.pdf") for a in measure.args)
                print(f"skirmish {shown} ({runs} runs)", flush=True)
                for line in compare(measure, trees, runs, args.warmup, cwd=tmp):
                    print(line, flush=True)
        finally:
            for path in added:
                _git("worktree", "remove", "--force", str(path))
            _git("worktree", "prune")
    return 0


if __name__ == "__main__":
    sys.exit(main())
