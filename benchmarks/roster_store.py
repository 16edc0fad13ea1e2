"""What the campaign store's stack costs ``print roster``, and what reading it with SQLAlchemy
Core on the declared tables would take off (issue #23, eleventh round): fresh processes, CPU
(``time.process_time``), medians, the variants alternated.

Two probes, each in a fresh interpreter on a copy of ``campaigns.db.example``:

- ``split``: the command line, then SQLAlchemy (Core), its SQLite dialect, its ORM, pydantic,
  SQLModel, the campaign's tables (``campaign/models.py``: SQLModel building the classes, their
  ``Table`` and their mappers), the rest of the store and printing modules the roster imports,
  opening the store, and the mappers' configuration (``configure_mappers``, which the first ORM
  statement triggers), each timed apart;
- ``reads``: the eight statements the roster's read runs (the campaign in use, its campaign,
  the gang, its models as objects for the print choice, its models as rows, the rest of its rows
  in one ``UNION ALL``, the house rules, the ended games), either as the command runs them
  (``orm``: objects and statements of the mapped classes' attributes, so the mappers are
  configured) or the same statements built on the tables' ``Model.__table__`` columns, run on
  the unit of work's connection (``core``: no mapper configured). The probe checks that both
  read the same rows and says whether the mappers were configured.

What a ``core`` read cannot take off is everything the tables' one declaration imports:
``Model.__table__`` is built by SQLModel, so SQLAlchemy's ORM, pydantic and SQLModel are
imported and the classes created either way.

Byte-compile the package first (``python -m compileall -q skirmish``: these machines set
``PYTHONDONTWRITEBYTECODE``), as for ``roster_phases.py``. ``tests/printing/test_roster_store.py``
runs it once: the three reads agree, and only the command's way configures the mappers.

Run: .venv/bin/python benchmarks/roster_store.py [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GANG = "Earp brothers"

SPLIT = r"""
import json, sys, time
T = time.process_time
phases = {}
last = [T()]
def mark(name):
    now = T(); phases[name] = (now - last[0]) * 1000; last[0] = now
from skirmish.collector import quiet_start, started
quiet_start()
import typer
from skirmish.cli import main, print_cmd
mark("the command line")
import sqlalchemy
mark("import sqlalchemy (Core)")
import sqlalchemy.dialects.sqlite
mark("its SQLite dialect")
import sqlalchemy.orm
mark("import sqlalchemy.orm")
import pydantic
mark("import pydantic")
import sqlmodel
mark("import sqlmodel")
import skirmish.campaign.models
mark("the campaign's tables (models.py)")
from skirmish.campaign import lookup, store
from skirmish.campaign.print_options import print_choice
from skirmish.printing.render import ROSTER_STYLESHEETS, render_roster
from skirmish.printing.sheets import roster_sheet
mark("the store and printing modules")
engine = store.open_store(sys.argv[1], access=store.Access("read"))
mark("open the store")
sqlalchemy.orm.configure_mappers()
started()
mark("configure the mappers")
print(json.dumps(phases))
"""

READS = r"""
import json, sys, time
T = time.process_time
from skirmish.collector import quiet_start
quiet_start()
from skirmish.cli import main, print_cmd
from skirmish.printing import render
from sqlalchemy import (JSON, Integer, bindparam, cast, exists, literal, null, select,
                        union_all)
db, mode, gang_name = sys.argv[1:4]
NAMES = ("skirmish_meta", "campaign", "gang", "member", "member_skill", "injury",
         "owned_item", "failed_purchase", "log_entry", "campaign_setting", "game", "game_gang")
if mode == "reflected":
    from sqlalchemy import MetaData, create_engine
    engine = create_engine(f"sqlite:///{db}")
    tables = MetaData()
    tables.reflect(engine, only=NAMES)
    t = tables.tables
    connection = engine.connect()
    transaction = connection.begin()
else:
    from sqlalchemy import inspect
    from skirmish.campaign import gangs, lookup, store, views
    from skirmish.campaign.models import Member, Table
    from skirmish.campaign.standings import GAME as GAMES
    from skirmish.printing.sheets import roster_sheet
    t = {name: Table.metadata.tables[name] for name in NAMES[:-2]}
    engine = store.open_store(db, access=store.Access("read"))
started_reads = T()

def ended(games):
    return select(games.c.id, games.c.winner).where(
        games.c.campaign_id == bindparam("campaign"), games.c.status == "ended")

def orm(s):
    found = lookup.current_campaign(s, None)
    gang = lookup.gang_by_name(s, found, gang_name, full=False)
    objects = [(m.id, m.name, m.handle, m.status) for m in gang.members]
    members = store.column_rows(s, views._members_query(), {"gang": gang.id})
    rest = store.column_rows(s, views._gang_rows_query(), {"gang": gang.id})
    settings = store.column_rows(s, gangs._settings_query(), {"campaign": found.id})
    games = s.execute(ended(GAMES), {"campaign": found.id}).all()
    return [found.name, gang.print_options, objects, members, rest, settings, games]

def core(c, games, game_gang, won):
    me, ca, ga, mm = t["skirmish_meta"], t["campaign"], t["gang"], t["member"]
    key = c.execute(select(me.c.value).where(me.c.key == "campaign_in_use")).scalar_one()
    found = c.execute(select(ca).where(ca.c.id == int(key))).one()
    gang = c.execute(select(ga).where(ga.c.campaign_id == found.id, ga.c.name == gang_name)
                     .order_by(ga.c.id)).one()
    objects = c.execute(select(mm.c.id, mm.c.name, mm.c.handle, mm.c.status)
                        .where(mm.c.gang_id == gang.id).order_by(mm.c.id)).all()
    names = ("id", "name", "handle", "profile", "role", "status", "tiro", "fred", "rif", "cos",
             "fama", "fortuna", "xp")
    members = c.execute(select(*(mm.c[n] for n in names)).where(mm.c.gang_id == gang.id)
                        .order_by(mm.c.id)).all()
    g = bindparam("gang", type_=Integer)
    sk, inj, it = t["member_skill"], t["injury"], t["owned_item"]
    fp, log = t["failed_purchase"], t["log_entry"]
    in_gang = select(mm.c.id).where(mm.c.gang_id == g)
    undoing = log.alias()
    every = union_all(
        select(literal(0, Integer).label("kind"), sk.c.id.label("id"),
               sk.c.member_id.label("member_id"), sk.c.skill.label("word"),
               sk.c.choice.label("other"), cast(null(), Integer).label("number"),
               cast(null(), JSON).label("details")).where(sk.c.member_id.in_(in_gang)),
        select(literal(1, Integer), inj.c.id, inj.c.member_id, inj.c.injury, null(), null(),
               null()).where(inj.c.member_id.in_(in_gang)),
        select(literal(2, Integer), it.c.id, it.c.member_id, it.c.item, null(), it.c.paid,
               null()).where(it.c.gang_id == g),
        select(literal(3, Integer), fp.c.id, null(), fp.c.item, null(), fp.c.game, null())
        .where(fp.c.gang_id == g),
        select(literal(4, Integer), log.c.id, log.c.member_id, null(), null(), null(),
               log.c.details).where(log.c.gang_id == g, log.c.action == "advance",
                                    ~exists().where(undoing.c.reverts == log.c.id)),
        select(literal(5, Integer), games.c.id, null(), games.c.scenario, null(), null(), null())
        .select_from(games).join(game_gang, game_gang.c.game_id == games.c.id)
        .where(game_gang.c.gang_id == g, games.c.status == "ended"),
    ).subquery()
    rest = c.execute(select(*every.c).order_by(every.c.kind, every.c.id), {"gang": gang.id}).all()
    cs = t["campaign_setting"]
    settings = c.execute(select(cs.c.key, cs.c.value).where(cs.c.campaign_id == found.id)
                         .order_by(cs.c.key)).all()
    games_ended = c.execute(ended(won), {"campaign": found.id}).all()
    return [found.name, gang.print_options, objects, members, rest, settings, games_ended]

if mode == "reflected":
    read = core(connection, t["game"], t["game_gang"], t["game"])
    transaction.commit()
    connection.close()
    configured = None
else:
    from skirmish.campaign.owed import GAME, GAME_GANG
    with store.transaction(engine, access=store.Access("read")) as s:
        read = orm(s) if mode == "orm" else core(s.connection(), GAME, GAME_GANG, GAMES)
    configured = inspect(Member).configured
now = T()
shown = json.dumps([[list(r) for r in part] if isinstance(part, list) else part for part in read],
                   default=str)
print(json.dumps({"ms": (now - started_reads) * 1000, "process": now * 1000,
                  "configured": configured, "read": shown}))
"""


def _probe(code: str, args: list[str], cwd: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKIRMISH_")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"a probe failed ({args[1:]}):\n{done.stderr}")
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    split: dict[str, list[float]] = {}
    modes = ("orm", "core", "reflected")
    reads: dict[str, list[float]] = {mode: [] for mode in modes}
    whole: dict[str, list[float]] = {mode: [] for mode in modes}
    configured: dict[str, set[object]] = {mode: set() for mode in modes}
    with tempfile.TemporaryDirectory(prefix="roster-store-") as folder:
        tmp = Path(folder)
        db = tmp / "store.db"
        for _ in range(args.runs):
            shutil.copyfile(REPO / "campaigns.db.example", db)
            for name, value in _probe(SPLIT, [str(db)], tmp).items():
                split.setdefault(name, []).append(float(str(value)))
            seen = {}
            for mode in modes:  # alternated, so that the machine's noise hits them alike
                report = _probe(READS, [str(db), mode, GANG], tmp)
                reads[mode].append(float(str(report["ms"])))
                whole[mode].append(float(str(report["process"])))
                configured[mode].add(report["configured"])
                seen[mode] = report["read"]
            if len(set(seen.values())) != 1:
                print("the reads differ:", seen, file=sys.stderr)
                return 1
    print(f"# the store's stack in print roster, ms of CPU, medians of {args.runs} processes")
    for name, values in split.items():
        print(f"  {name:40s} {statistics.median(values):8.1f}")
    print("# the roster's eight statements, the same rows read each way: the reads alone, and")
    print("# the process until they are done (the command line and render.py imported first)")
    for mode in modes:
        told = {frozenset({True}): "configured", frozenset({False}): "not configured"}.get(
            frozenset(configured[mode]), "not built" if configured[mode] == {None} else "mixed"
        )
        print(
            f"  {mode:10s} reads {statistics.median(reads[mode]):7.1f}"
            f"   process {statistics.median(whole[mode]):7.1f}   mappers {told}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
