"""What each light or everyday command loads (issue #20, imports at the top of modules): the
``sys.modules`` of each entry point at its end, written as JSON, and two such files compared.

An import moves to the top of its module only when everything it loads is already loaded by every
entry point here that loads its module; comparing the files before and after a change shows any
entry point whose ``sys.modules`` grew. Each command runs in a fresh interpreter from a temporary
folder, on a copy of ``campaigns.db.example``.

Run: .venv/bin/python benchmarks/startup_modules.py OUT.json
     .venv/bin/python benchmarks/startup_modules.py --compare BEFORE.json AFTER.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GANG = "Earp brothers"

PROBE = """
import json, sys
sys.argv = ["skirmish", *{args!r}]
from skirmish.cli.main import main
code = None
try:
    main()
except SystemExit as exit:
    code = exit.code
sys.stdout.flush()
print("\\n" + json.dumps({{"code": code, "modules": sorted(sys.modules)}}))
"""

#: Each entry point's arguments after ``skirmish`` (``{db}`` the database copy, ``{tmp}`` the
#: temporary folder).
ENTRY_POINTS: tuple[tuple[str, ...], ...] = (
    ("--help",),
    ("roll", "--help"),
    ("roll", "shoot", "--tiro", "4", "--seed", "1"),
    ("roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"),
    ("roll", "reflex", "--rif", "4", "--seed", "1"),
    ("roll", "nerve", "--seed", "1"),
    ("roll", "melee", "--seed", "1"),
    ("roll", "skill", "--seed", "1"),
    ("roll", "recovery", "--cos", "1", "--seed", "1"),
    ("odds", "--help"),
    ("odds", "shoot", "--tiro", "4"),
    ("odds", "shoot", "--tiro", "4", "--cover", "light", "--json"),
    ("odds", "melee"),
    ("rules", "--help"),
    ("rules", "weapons"),
    ("rules", "weapons", "--json"),
    ("rules", "table", "shooting"),
    ("rules", "show", "Colt"),
    ("gang", "--help"),
    ("gang", "show", GANG, "--db", "{db}"),
    ("gang", "list", "--db", "{db}"),
    ("print", "--help"),
    ("print", "roster", GANG, "--db", "{db}", "--format", "html", "--output", "{tmp}/r.html"),
    ("print", "blank", "--output", "{tmp}/b.pdf"),
    ("game", "--help"),
    ("campaign", "--help"),
    ("member", "--help"),
    ("log", "--help"),
    ("undo", "--help"),
    ("luck", "--help"),
    ("scenario", "list"),
)


def record(out: Path) -> int:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKIRMISH_")}
    env["PYTHONPATH"] = str(REPO)
    found: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="startup-modules-") as folder:
        db = Path(folder) / "campaigns.db"
        shutil.copyfile(REPO / "campaigns.db.example", db)
        for entry in ENTRY_POINTS:
            args = [a.format(db=db, tmp=folder) for a in entry]
            run = subprocess.run(
                [sys.executable, "-c", PROBE.format(args=args)],
                capture_output=True,
                text=True,
                cwd=folder,
                env=env,
                check=False,
            )
            report = json.loads(run.stdout.strip().splitlines()[-1])
            if report["code"] not in (0, None):
                raise SystemExit(f"skirmish {' '.join(entry)} failed:\n{run.stderr}")
            found[" ".join(entry)] = report
            print(f"{' '.join(entry)}: {len(report['modules'])} modules", file=sys.stderr)
    out.write_text(json.dumps(found, indent=0), encoding="utf-8")
    return 0


def compare(before: Path, after: Path) -> int:
    old = json.loads(before.read_text(encoding="utf-8"))
    new = json.loads(after.read_text(encoding="utf-8"))
    changed = 0
    for entry in old.keys() | new.keys():
        was = set(old.get(entry, {}).get("modules", []))
        now = set(new.get(entry, {}).get("modules", []))
        if was != now:
            changed += 1
            grew, shrank = sorted(now - was), sorted(was - now)
            print(f"{entry}: grew {len(grew)} {grew[:20]}, shrank {len(shrank)} {shrank[:20]}")
    print(f"{len(old.keys() | new.keys())} entry points, {changed} changed")
    return 1 if changed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, help="where to write the JSON")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give OUT.json or --compare BEFORE AFTER")
    return record(args.out)


if __name__ == "__main__":
    sys.exit(main())
