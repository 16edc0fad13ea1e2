"""Where ``print roster``'s processor time goes (issue #23): its steps replayed in order in fresh
processes, each phase timed with ``time.process_time``, medians of the runs.

The probe does what ``skirmish.cli.print_cmd.roster_cmd`` does, in the same order and with the
collector set as the command sets it (``collector.quiet_start`` first, ``started`` once the
store is open and its mappers configured, ``quiet_until_done`` in the unit of work), with each
library's import timed apart: the command line, SQLAlchemy (Core, then its ORM), pydantic,
SQLModel, the campaign's tables, the rest of the store and the printing modules, the mapper
configuration, the reads and the sheet's view, the HTML, weasyprint's import, the stylesheet
(fonts and CSS), the layout, drawing and writing the PDF, and what the interpreter's exit costs
(the process's CPU, read by the parent once it has exited, less the probe's last reading of
``process_time``, which counts from the interpreter's start). Beside them, ``import
weasyprint`` alone, the command's floor. Each run is a fresh interpreter on a copy of
``campaigns.db.example``, from a temporary folder; each ``--tree`` runs another checkout's code
too (``PYTHONPATH``; compile its catalogue and byte-code first, as ``startup_compare.py``
does), alternated with the working tree's.

Run: .venv/bin/python benchmarks/roster_phases.py [--runs 7] [--tree /tmp/X-before …]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PROBE = r"""
import json, sys, time
T = time.process_time
phases = {}
last = [T()]
def mark(name):
    now = T(); phases[name] = (now - last[0]) * 1000; last[0] = now
from skirmish.collector import quiet_start, started, quiet_until_done, quiet_layout
quiet_start()
import typer
from skirmish.cli import main, print_cmd
mark("command line")
import sqlalchemy
mark("import sqlalchemy")
import sqlalchemy.orm
mark("import sqlalchemy.orm")
import pydantic
mark("import pydantic")
import sqlmodel
mark("import sqlmodel")
import skirmish.campaign.models
mark("the campaign's tables")
from skirmish.campaign import lookup, store
from skirmish.campaign.print_options import print_choice
from skirmish.printing.render import ROSTER_STYLESHEETS, render_roster
from skirmish.printing.sheets import roster_sheet
mark("the store and printing modules")
engine = store.open_store(sys.argv[1], access=store.Access("read"))
sqlalchemy.orm.configure_mappers()
started()
mark("open the store, configure the mappers")
with store.transaction(engine, access=store.Access("read")) as s:
    quiet_until_done()
    found = lookup.current_campaign(s, None)
    chosen = lookup.gang_by_name(s, found, "Earp brothers", full=False)
    saved = print_choice(chosen)
    view = roster_sheet(found, chosen, "it", models=saved.models, with_dead=saved.with_dead,
                        blank=saved.blank)
engine.dispose()
mark("the reads and the sheet's view")
html = render_roster(view, "it", inline_css=False)
print_cmd._warn_uncovered(html)
mark("the HTML")
from pathlib import Path
from skirmish.printing import pdf
from skirmish.printing.libraries import load_weasyprint
load_weasyprint()
mark("import weasyprint")
fonts, css = pdf.warm_stylesheet(ROSTER_STYLESHEETS)
mark("the stylesheet (fonts, CSS)")
with quiet_layout():
    document = pdf._lay_out([html], fonts, css, None)
    mark("the layout")
    pdf._save(document, Path(sys.argv[2]))
    mark("drawing and writing the PDF")
started()
import gc
gc.freeze()
print(json.dumps({"phases": phases, "at_end": T() * 1000}))
sys.stdout.flush()
"""


def _env(tree: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    return env


def _one(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[str, float]:
    """Run ``argv``; its output and its CPU (children's usage, the process having exited)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, cpu * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--tree", type=Path, action="append", help="another checkout (PYTHONPATH); repeatable"
    )
    args = parser.parse_args()
    trees: list[Path | None] = [None, *args.tree] if args.tree else [None]
    labels = ["working tree" if tree is None else str(tree) for tree in trees]
    samples: dict[str, dict[str, list[float]]] = {label: {} for label in labels}
    floor: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for _ in range(args.runs):  # the trees alternated, so that noise hits them alike
            for index, (tree, label) in enumerate(zip(trees, labels, strict=True)):
                db, out = tmp / f"tree{index}.db", tmp / "x.pdf"
                shutil.copyfile((tree or REPO) / "campaigns.db.example", db)
                argv = [sys.executable, "-c", PROBE, str(db), str(out)]
                text, cpu = _one(argv, _env(tree), tmp)
                report = json.loads(text.strip().splitlines()[-1])
                mine = samples[label]
                for name, value in report["phases"].items():
                    mine.setdefault(name, []).append(value)
                mine.setdefault("the interpreter's exit", []).append(cpu - report["at_end"])
                mine.setdefault("the whole process", []).append(cpu)
            floor.append(_one([sys.executable, "-c", "import weasyprint"], _env(None), tmp)[1])
    print(f"# print roster's phases, ms of CPU, medians of {args.runs} fresh processes each")
    names = list(samples[labels[0]])
    print(f"  {'phase':40s}" + "".join(f" {label[-14:]:>14s}" for label in labels))
    for name in names:
        row = "".join(f" {statistics.median(samples[label][name]):14.1f}" for label in labels)
        print(f"  {name:40s}{row}")
    print(f"  {'floor: python -c import weasyprint':40s} {statistics.median(floor):14.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
