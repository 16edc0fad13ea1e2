"""Start-up of the light and the everyday commands, this tree against another checkout (issue #20,
imports at the top of modules): ``--help``, ``roll shoot``, ``odds shoot``, ``gang show`` on a
copy of the demo database, and ``python -c pass`` as the floor.

Every tree runs as ``python -m skirmish`` with the same interpreter, ``PYTHONPATH`` pointing at
the tree, from a temporary folder (``python -m`` puts the current folder first on ``sys.path``),
its byte-code and the venv's compiled first (this machine sets ``PYTHONDONTWRITEBYTECODE``: an
uncompiled tree would pay for compiling at every run). Each round runs every command of every
tree once, in turn, so that machine noise hits them alike; the medians are reported side by side.

Run: .venv/bin/python benchmarks/startup_imports.py [--before PATH] [--runs N]
(``PATH`` a checkout of the revision to compare, e.g. ``git worktree add /tmp/before REV``.)
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from common import check_imports_from, compile_tree, ms

REPO = Path(__file__).resolve().parent.parent
GANG = "Earp brothers"

#: Each command's arguments after ``python -m skirmish`` (``{db}``: the tree's database copy).
COMMANDS: dict[str, tuple[str, ...]] = {
    "--help": ("--help",),
    "roll shoot --tiro 4 --seed 1": ("roll", "shoot", "--tiro", "4", "--seed", "1"),
    "odds shoot --tiro 4": ("odds", "shoot", "--tiro", "4"),
    f'gang show "{GANG}"': ("gang", "show", GANG, "--db", "{db}"),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout to compare this tree with")
    parser.add_argument("--runs", type=int, default=15, help="timed rounds (default 15)")
    parser.add_argument("--warmup", type=int, default=2, help="untimed rounds first")
    args = parser.parse_args()
    trees = {"this tree": REPO} if args.before is None else {"before": args.before, "after": REPO}
    compile_tree(Path(sysconfig.get_paths()["purelib"]))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKIRMISH_")}
    with tempfile.TemporaryDirectory(prefix="startup-imports-") as folder:
        tmp = Path(folder)
        argv: dict[tuple[str, str], tuple[list[str], dict[str, str]]] = {
            ("python -c pass", ""): ([sys.executable, "-c", "pass"], env)
        }
        for label, tree in trees.items():
            tree = tree.resolve()
            compile_tree(tree / "skirmish")
            check_imports_from(tree, tmp)
            db = tmp / f"{label}.db"
            shutil.copyfile(tree / "campaigns.db.example", db)
            for name, command in COMMANDS.items():
                argv[(name, label)] = (
                    [sys.executable, "-m", "skirmish", *(a.format(db=db) for a in command)],
                    {**env, "PYTHONPATH": str(tree)},
                )
        samples: dict[tuple[str, str], list[float]] = {key: [] for key in argv}
        for i in range(args.warmup + args.runs):
            for key, (command, command_env) in argv.items():
                start = time.perf_counter()
                subprocess.run(
                    command, check=True, stdout=subprocess.DEVNULL, env=command_env, cwd=tmp
                )
                if i >= args.warmup:
                    samples[key].append(time.perf_counter() - start)
    median = {key: statistics.median(values) for key, values in samples.items()}
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M')} · Python {platform.python_version()} · "
        f"{len(os.sched_getaffinity(0))} cores · medians of {args.runs} runs, commands alternated"
    )
    print(f"| command | {' | '.join(trees)} |")
    print(f"|---|{'---:|' * len(trees)}")
    print(f"| `python -c pass` | {' | '.join(ms(median[('python -c pass', '')]) for _ in trees)} |")
    for name in COMMANDS:
        print(f"| `skirmish {name}` | {' | '.join(ms(median[(name, label)]) for label in trees)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
