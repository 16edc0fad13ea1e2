"""Issue #8: a concurrent soak. 8 writers × 50 mixed actions on ONE gang, on SQLite (a file)
and on PostgreSQL 15 (a throw-away server on 127.0.0.1), then an audit of the books.

Each writer is a process of its own that runs the real ``skirmish`` command in-process (the
root group's ``main``, exactly what the console script runs, ``Error:`` lines included, without
paying the interpreter's start-up 400 times): hire, fire, buy, sell, equip, unequip, member xp,
member advance, undo and gang rename, with random models, items and seeds, on the gang
``Posse`` (renamed only to case variants of itself, which every command still finds). Before
each command a writer glances at the roster (plain SQL, no lock, so possibly out of date, as at
a club's table) and mostly names models and items that are there; it fires only while the gang
has more than three models. Writers are forked once the set-up is done, start together and stop
at a deadline, so the whole run is bounded (60 s by default; a writer past the deadline tries
fewer than its 50 actions, and ``tried`` says so).

For each database it reports:

- tried: commands run; ok: exit code 0; refused: exit code 1 with one clean ``Error:`` line
  (not enough money, no such model, R-13, "the database is busy … try again"…; ``busy`` counts
  the last kind); crashed: anything else (a traceback, "please report this");
- lost: what the audit (``skirmish.campaign.audit.check_gang``) finds wrong afterwards (money
  chain breaks, R-13, undo problems, items on models off the roster), plus the difference
  between the log entries the run added and the commands that succeeded (one entry each).

lost and crashed must be 0. The table is printed and appended to benchmarks/results.txt (as
``run.py`` writes it; ``--no-append`` when ``run.py --soak`` collects it itself).

Run: .venv/bin/python benchmarks/soak.py [--writers 8] [--actions 50] [--seconds 60]
                                         [--databases sqlite,postgresql] [--seed 8]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import io
import multiprocessing
import os
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import header, postgres, sqlite

HERE = Path(__file__).resolve().parent
CAMPAIGN = "Soak"
GANG = "Posse"
NAMES = ("Joe", "Jim", "Jack", "Bill", "Bob", "Sam", "Tom", "Ned")
#: Mostly the cheap profiles: money only comes back by selling (half) and undoing.
PROFILES = ("sheriff", "deputy", *("guard", "lawmen-volunteer") * 3)
ITEMS = ("knife", "six-shooter", "small-pistol", "rifle", "knife", "six-shooter")
#: (action, weight) of the mix
MIX = (
    ("hire", 2),
    ("fire", 1),
    ("buy", 3),
    ("sell", 2),
    ("equip", 2),
    ("unequip", 2),
    ("xp", 3),
    ("advance", 1),
    ("undo", 3),
    ("rename", 1),
)
#: Weapon types for the skills that need one (R-11), so that most skill rolls can be taken.
CHOICES = ("--choice", "rifle", "--choice", "knife", "--choice", "six-shooter")
SETUP = (
    ("campaign", "new", CAMPAIGN),
    ("gang", "new", GANG, "--faction", "lawmen"),
    ("gang", "hire", GANG, "lawmen-volunteer", "--name", "Joe"),
    ("gang", "hire", GANG, "guard", "--name", "Jim"),
    ("gang", "hire", GANG, "guard", "--name", "Jack"),
    ("gang", "buy", GANG, "knife", "--seed", "1"),
    ("gang", "buy", GANG, "six-shooter", "--for", "Joe", "--seed", "1"),
)


# --------------------------------------------------------------------------- the command


@functools.cache
def _skirmish() -> Any:
    """The root group the ``skirmish`` console script runs."""
    from typer.main import get_command

    from skirmish.cli.main import app

    return get_command(app)


def run_cli(args: list[str]) -> tuple[int, str]:
    """Run ``skirmish ARGS`` in this process: (exit code, what it wrote on stderr)."""
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        code = _skirmish().main(args=args, standalone_mode=False)
    return int(code or 0), errors.getvalue()


@dataclass(frozen=True)
class Roster:
    """What a player would see before acting: the models on the roster, and the items the gang
    owns with who carries them (``None``: the stash). Read without any lock, so it may be out
    of date by the time the command runs, as at a club's table."""

    models: tuple[str, ...] = ()
    items: tuple[tuple[str, str | None], ...] = ()


def peek(engine: Any) -> Roster:
    """The soak's only gang as it stands (plain SQL: there is one gang in the database)."""
    from sqlalchemy import text

    try:
        with engine.connect() as connection:
            models = connection.execute(
                text("SELECT name FROM member WHERE status = 'active'")
            ).all()
            items = connection.execute(
                text(
                    "SELECT o.item, m.name FROM owned_item o "
                    "LEFT JOIN member m ON m.id = o.member_id"
                )
            ).all()
    except Exception:  # a busy database: act on a guess instead
        return Roster()
    return Roster(tuple(row[0] for row in models), tuple((row[0], row[1]) for row in items))


def _case(dice: random.Random, name: str) -> str:
    """``name`` as a player might type it: names are found whatever their case."""
    return dice.choice((name, name.lower(), name.upper()))


def _command(dice: random.Random, roster: Roster) -> tuple[str, list[str]]:
    """One random action of the mix, as ``skirmish`` arguments (without ``--db``): mostly on
    the models and items ``roster`` shows, sometimes on a name from ``NAMES`` or any item."""
    kinds, weights = zip(*MIX, strict=True)
    kind = dice.choices(kinds, weights)[0]
    if kind == "fire" and len(roster.models) <= 3:
        kind = "xp"  # a player keeps a few models: fired ones cost money to replace
    gang = _case(dice, GANG)
    seed = str(dice.randrange(1_000_000))
    known = roster.models and dice.random() < 0.85
    model = _case(dice, dice.choice(roster.models) if known else dice.choice(NAMES))
    item, holder = dice.choice(roster.items) if roster.items else (dice.choice(ITEMS), None)
    stashed = [i for i, h in roster.items if h is None] or list(ITEMS)
    carried = [(i, h) for i, h in roster.items if h is not None] or [(item, model)]
    given, carrier = dice.choice(carried)
    for_model = [] if dice.random() < 0.5 else ["--for", model]  # or for the stash
    new_item, hired = dice.choice(ITEMS), dice.choice(NAMES)
    args: dict[str, list[str]] = {
        "hire": ["gang", "hire", gang, dice.choice(PROFILES), "--name", _case(dice, hired)],
        "fire": ["gang", "fire", gang, model],
        "buy": ["gang", "buy", gang, new_item, "--seed", seed, *for_model],
        "sell": ["gang", "sell", gang, item, *([] if holder is None else ["--from", holder])],
        "equip": ["gang", "equip", gang, dice.choice(stashed), model],
        "unequip": ["gang", "unequip", gang, given, carrier],
        "xp": ["member", "xp", gang, model, str(dice.randint(1, 3)), "--reason", "soak"],
        "advance": ["member", "advance", gang, model, dice.choice(("skill", "skill", "rif")),
                    "--seed", seed, *CHOICES],
        "undo": ["undo", gang],
        "rename": ["gang", "rename", gang, _case(dice, GANG)],
    }  # fmt: skip
    return kind, args[kind]


# --------------------------------------------------------------------------- a writer


@dataclass
class Tally:
    """What the writers saw."""

    tried: int = 0
    ok: int = 0
    refused: int = 0
    busy: int = 0
    crashed: int = 0
    ok_by_kind: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    crashes: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("tried", "ok", "refused", "busy", "crashed"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.ok_by_kind += other.ok_by_kind
        self.reasons += other.reasons
        self.crashes += other.crashes


def _reason(line: str) -> str:
    """A refusal without its names and numbers, to count refusals by kind."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "…", line.removeprefix("Error: "))
    return re.sub(r"\d+", "N", text.split(";")[0])[:70]


def writer(
    index: int, url: str, actions: int, seed: int, deadline: float, ready: Any, out: Any
) -> None:
    """One writer process: ``actions`` random commands, or fewer if the deadline comes."""
    os.environ["SKIRMISH_LANG"] = "en"
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - what the commands print is not needed
    for module in ("skirmish.campaign.store", "skirmish.cli.gang", "skirmish.cli.member"):
        importlib.import_module(module)  # imports paid before the start
    _skirmish()
    from sqlalchemy import create_engine

    from skirmish.campaign.store import resolve_url

    dice = random.Random(seed * 1000 + index)
    looking = create_engine(resolve_url(url))
    tally = Tally()
    ready.wait(timeout=120)
    for _ in range(actions):
        if time.time() > deadline:
            break
        kind, args = _command(dice, peek(looking))
        try:
            code, errors = run_cli([*args, "--db", url])
        except BaseException as exc:  # the CLI's own safety net failed
            code, errors = -1, f"{type(exc).__name__}: {exc}"
        tally.tried += 1
        lines = errors.splitlines()
        if code == 0:
            tally.ok += 1
            tally.ok_by_kind[kind] += 1
        elif (
            code == 1
            and len(lines) == 1
            and lines[0].startswith("Error: ")
            and "please report" not in lines[0]
        ):
            tally.refused += 1
            tally.busy += "busy" in lines[0]
            tally.reasons[_reason(lines[0])] += 1
        else:
            tally.crashed += 1
            tally.crashes.append(f"{' '.join(args)} → {code}: {errors.strip()[-300:]}")
    looking.dispose()
    out.put(tally)


# --------------------------------------------------------------------------- one database


@dataclass
class Outcome:
    database: str
    tally: Tally
    lost: int
    problems: list[str]
    seconds: float


def _books(url: str) -> tuple[int, list[str]]:
    """The gang's log entries, and what the audit finds wrong with its books."""
    from sqlmodel import func, select

    from skirmish.campaign import lookup, store
    from skirmish.campaign.audit import check_gang
    from skirmish.campaign.models import LogEntry

    engine = store.open_store(url, access=store.Access.READ, create=False)
    try:
        with store.transaction(engine, access=store.Access.READ) as session:
            campaign = lookup.campaign_by_name(session, CAMPAIGN)
            gang = lookup.gang_by_name(session, campaign, GANG)
            count = session.exec(
                select(func.count()).select_from(LogEntry).where(LogEntry.gang_id == gang.id)
            ).one()
            return int(count), check_gang(session, gang)
    finally:
        engine.dispose()


def soak(
    database: str, url: str, *, writers: int, actions: int, seed: int, deadline: float
) -> Outcome:
    """Set the gang up, let the writers loose on it, audit the books."""
    for args in SETUP:
        with contextlib.redirect_stdout(io.StringIO()):
            code, errors = run_cli([*args, "--db", url])
        if code != 0:
            raise SystemExit(f"{database}: set-up 'skirmish {' '.join(args)}' failed: {errors}")
    before, problems = _books(url)
    if problems:
        raise SystemExit(f"{database}: the books are wrong before the soak: {problems}")
    # fork: the writers start with skirmish already imported (the set-up ran it; its engines
    # are disposed); spawn where there is no fork.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    ready = context.Barrier(writers + 1)
    out = context.Queue()
    processes = [
        context.Process(target=writer, args=(i, url, actions, seed, deadline, ready, out))
        for i in range(writers)
    ]
    for process in processes:
        process.start()
    ready.wait(timeout=120)  # every writer has imported what it needs
    start = time.perf_counter()
    tally = Tally()
    for _ in processes:
        # a command still running at the deadline finishes first; a writer that died is lost
        tally.add(out.get(timeout=max(deadline - time.time(), 0) + 120))
    seconds = time.perf_counter() - start
    for process in processes:
        process.join()
    after, problems = _books(url)
    lost = len(problems) + abs((after - before) - tally.ok)
    if after - before != tally.ok:
        problems.append(
            f"the log gained {after - before} entries for {tally.ok} successful commands"
        )
    return Outcome(database, tally, lost, problems, seconds)


# --------------------------------------------------------------------------- report


def table(outcomes: list[Outcome], writers: int, actions: int) -> str:
    cores = len(os.sched_getaffinity(0))
    lines = [
        f"soak: {writers} writers × {actions} mixed actions on one gang, {cores} cores",
        f"{'database':<12}{'tried':>7}{'ok':>6}{'refused':>9}{'(busy)':>8}{'crashed':>9}"
        f"{'lost':>6}{'seconds':>9}",
    ]
    for o in outcomes:
        t = o.tally
        lines.append(
            f"{o.database:<12}{t.tried:>7}{t.ok:>6}{t.refused:>9}{t.busy:>8}{t.crashed:>9}"
            f"{o.lost:>6}{o.seconds:>9.1f}"
        )
    for o in outcomes:
        done = ", ".join(f"{k} {n}" for k, n in sorted(o.tally.ok_by_kind.items()))
        lines.append(f"{o.database} ok: {done}")
        common = ", ".join(f"{n}× {r!r}" for r, n in o.tally.reasons.most_common(5))
        lines.append(f"{o.database} refusals, most common: {common}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--actions", type=int, default=50, help="per writer")
    parser.add_argument("--seconds", type=float, default=60.0, help="bound of the whole run")
    parser.add_argument("--databases", default="sqlite,postgresql")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--no-append", action="store_true", help="do not add to results.txt")
    options = parser.parse_args()
    began = time.monotonic()
    end = began + options.seconds - 5  # room for the audits and stopping the server
    wanted = [name.strip() for name in options.databases.split(",") if name.strip()]
    servers = {"sqlite": sqlite, "postgresql": postgres}
    outcomes = []
    for number, database in enumerate(wanted):
        with servers[database]() as url:
            share = (end - time.monotonic()) / (len(wanted) - number)
            deadline = time.time() + max(share - 3, 1)  # set-up and the writers' imports
            outcomes.append(
                soak(
                    database,
                    url,
                    writers=options.writers,
                    actions=options.actions,
                    seed=options.seed,
                    deadline=deadline,
                )
            )
    report = table(outcomes, options.writers, options.actions)
    print(report)
    for o in outcomes:
        for line in o.problems[:10] + o.tally.crashes[:5]:
            print(f"{o.database}: {line}", file=sys.stderr)
    print(f"(whole run {time.monotonic() - began:.0f} s)", file=sys.stderr)
    if not options.no_append:
        with open(HERE / "results.txt", "a", encoding="utf-8") as results:
            results.write(f"{header()}\n== soak.py\n{report}\n")
    failed = any(o.lost or o.tally.crashed for o in outcomes)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
