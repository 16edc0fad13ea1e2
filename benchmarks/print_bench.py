"""Issues #5, #11 and #23: `skirmish print` timings.

- `skirmish print roster GANG` whole-process median, side by side with
  `python -c "import weasyprint"` (budget: 2×);
- issue #23: `skirmish print campaign` of 50 gangs (52 pages), whole process, four ways in one
  loop: in one process with no sheet kept (`SKIRMISH_PRINT_WORKERS=1`, the cache emptied before
  each run), in one process per core with no sheet kept (cold; budget 8 s), reprinted after one
  gang changed (a dollar more in a different gang's treasury before each run; budget 2 s) and
  reprinted unchanged. `--before REV` adds the roster and the book of that revision (its source
  from `git archive`, run on this virtual environment) to the same loops. CPU is the child's and
  its children's (the layout workers). The package is byte-compiled first, as issue #23's
  start-up figures are taken, and the cache is a temporary folder (`SKIRMISH_CACHE_DIR`);
- issue #11: a roster PDF from the warm web server (FastAPI's TestClient in this process, after
  a first request), gang after gang, side by side: the route as it was (the HTML with its
  stylesheet inline, a fresh font configuration and a temporary file for each PDF), the first
  download of a gang (``printing.pdf.Press``: stylesheet and fonts loaded once) and the same
  download repeated (from the press's cache). Goal: under 300 ms. The three PDFs are checked
  byte for byte equal. Figures of 2026-11-26, 2 shared cores at a load average of 8 (median of
  30 gangs; wall, then CPU): before 434 ms, 159 ms; first download 299 ms (0.69×), 122 ms
  (0.77×); repeated 20 ms (0.05×), 9 ms (0.06×). At a load of 10: 526/163, 379/130, 20/9 ms.

Issue #23, 2026-11-29 13:22–13:31, 2 cores shared with three other sessions' benchmarks (load
average 8–10, so wall times are inflated several times and CPU is the comparable figure),
`print_bench.py --runs 5 --campaign-runs 2 --web-runs 10 --before a158369` (medians):

    python -c "import weasyprint"        0.75 s wall, 0.50 s CPU
    print roster                         1.80 s wall (2.40×), 1.51 s CPU (2.99×)
    print roster, before (a158369)       1.94 s wall (2.59×), 1.77 s CPU (3.51×)
    book, 1 process, cold                44.1 s wall, 14.7 s CPU
    book, 2 processes, cold              56.6 s wall, 16.7 s CPU
    book reprinted, one gang changed     10.7 s wall, 3.48 s CPU
    book reprinted, nothing changed      3.82 s wall, 1.43 s CPU
    book, before (a158369)               60.9 s wall, 19.6 s CPU
    web roster, warm: before #11 / first / repeated   262 / 201 / 18 ms wall

At that load two processes cannot run side by side, so the parallel book's wall time says
nothing; its CPU is 14% more than one process's (each worker warms its own fonts and lays out
the footers). On a quiet machine the cold book's wall time is about its CPU ÷ 2 plus the serial
part (start-up, reading the store, rendering the HTML: ~1.5 s): about 10 s, over the 8 s
budget; the reprint after one change about 3 s, over its 2 s. The lead's quiet run decides.

The campaign database is built once in a temporary folder through the store's services (fifty
gangs cycling through the nine playable factions, each with up to six models carrying weapons),
then both commands read it like a player's would.

Run: .venv/bin/python benchmarks/print_bench.py [--runs N] [--campaign-runs N] [--web-runs N]
[--web-only] [--before REV]; `--reprint [--campaign-runs N] [--before REV]` times only the book
reprinted after one gang changed, side by side with REV's (each tree with its own copy of the
store and its own cache); `--book [--campaign-runs N] --before REV` times the book cold and
reprinted, each run printed beside `python -c pass`'s CPU, the trees alternated (issue #23,
ninth round).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from common import ms

BIN = Path(sys.executable).parent
GANGS = 50
WEAPONS = ("six-shooter", "rifle", "knife", "repeater", "double-barrel", "heavy-pistol")


def build_store(db: str) -> str:
    """Fifty gangs in one campaign; returns the name of the first gang."""
    from skirmish.campaign import equipment, gangs, roster, store
    from skirmish.engine.dice import RandomDice
    from skirmish.errors import SkirmishError
    from skirmish.rules import factions, profiles
    from skirmish.rules.model import Role

    engine = store.open_store(db)
    playable = [f for f in factions() if f.playable]
    dice = RandomDice(5)
    first = ""
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="Bench")
        for number in range(GANGS):
            faction = playable[number % len(playable)]
            gang = gangs.new_gang(
                session, campaign=campaign, name=f"Gang {number:02d}", faction=faction.id
            )
            first = first or gang.name
            own = [p for p in profiles() if p.faction == faction.id]
            order = [p for p in own if p.role is Role.LEADER]
            order += [p for p in own if p.role is Role.HERO]
            order += [p for p in own if p.role is Role.COMMON] * 3
            hired: list[str] = []
            for index, profile in enumerate(order):
                if len(hired) == 6:
                    break
                model = f"{profile.name_en} {index}"
                try:
                    roster.hire(session, gang=gang, profile=profile.id, name=model)
                except SkirmishError:
                    continue
                hired.append(model)
            for index, model in enumerate(hired):
                try:
                    equipment.buy(
                        session,
                        gang=gang,
                        item=WEAPONS[(number + index) % len(WEAPONS)],
                        dice=dice,
                        member=model,
                    )
                except SkirmishError:
                    pass  # not available or too dear this time: the model stays as it is
    engine.dispose()
    return first


def time_commands(
    commands: dict[str, Sequence[str]],
    *,
    runs: int,
    warmup: int,
    env: dict[str, str],
    envs: dict[str, dict[str, str]] | None = None,
    prepare: dict[str, Callable[[], object]] | None = None,
    cwd: Path | None = None,
) -> dict[str, tuple[float, float]]:
    """Median wall time and median CPU time (user + system of the child and of its own
    children: the book's layout workers) of each command, run interleaved. CPU time is the
    steadier figure on a shared machine: other work slows the wall clock, not the CPU a command
    needs. ``envs``: a command's own variables; ``prepare``: what runs, untimed, before each
    run of a command (emptying the cache, changing a gang); ``cwd``: where they run (``python
    -m skirmish`` imports the package of the folder it runs in first)."""
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for i in range(warmup + runs):
        for name, argv in commands.items():
            if prepare and name in prepare:
                prepare[name]()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            own = {**env, **(envs or {}).get(name, {})}
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=own, cwd=cwd)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            if i >= warmup:
                samples[name].append((wall, cpu))
    return {
        name: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got))
        for name, got in samples.items()
    }


def change_a_gang(db: str) -> Callable[[], object]:
    """What changes one gang's printed sheet between runs: a dollar more in its treasury (a
    different gang each time; the standings show it too)."""
    from sqlmodel import select

    from skirmish.campaign import store
    from skirmish.campaign.models import Gang

    turn = iter(range(10**6))

    def change() -> None:
        engine = store.open_store(db)
        with store.transaction(engine) as session:
            gangs = session.exec(select(Gang).order_by(Gang.id)).all()
            gangs[next(turn) % len(gangs)].treasury += 1
        engine.dispose()

    return change


def time_web_rosters(db: str, gangs: Sequence[str], *, runs: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU time (of this process: the server runs in it) of a roster PDF from
    the warm web app, three ways interleaved gang by gang (see the module's docstring)."""
    import tempfile as temporary
    from urllib.parse import quote

    from fastapi import Response
    from fastapi.testclient import TestClient

    from skirmish.campaign import lookup, store
    from skirmish.i18n import Lang
    from skirmish.printing.pdf import write_pdf_sheets
    from skirmish.printing.render import render_roster
    from skirmish.printing.sheets import roster_sheet
    from skirmish.web.app import create_app

    app = create_app(db)
    engine = store.open_store(db, access=store.Access.READ)

    def before(gang: str) -> Response:
        """The roster route before issue #11's press: the same sheet, laid out cold into a
        file as the CLI does (stylesheet parsed and fonts loaded each time)."""
        lang = Lang.EN
        with store.transaction(engine, access=store.Access.READ) as s:
            found = lookup.campaign_by_name(s, "Bench")
            view = roster_sheet(found, lookup.gang_by_name(s, found, gang, full=True), lang)
            html = render_roster(view, lang, inline_css=False)
        with temporary.TemporaryDirectory(prefix="skirmish-web-") as folder:
            target = Path(folder) / "roster.pdf"
            write_pdf_sheets([html], target)
            content = target.read_bytes()
        return Response(content, media_type="application/pdf")

    app.add_api_route("/before/{gang}", before, methods=["GET"])
    kinds = ("before", "first download", "repeated download")
    samples: dict[str, list[tuple[float, float]]] = {kind: [] for kind in kinds}
    with TestClient(app) as client:
        for index, gang in enumerate(gangs[: runs + 1]):
            new = f"/c/Bench/g/{quote(gang)}/roster.pdf?lang=en"
            got: list[bytes] = []
            for kind, url in zip(kinds, (f"/before/{quote(gang)}", new, new), strict=True):
                cpu, start = time.process_time(), time.perf_counter()
                response = client.get(url)
                wall, cpu = time.perf_counter() - start, time.process_time() - cpu
                assert response.status_code == 200, response.text
                got.append(response.content)
                if index > 0:  # the first gang warms the server up
                    samples[kind].append((wall, cpu))
            assert got[0] == got[1] == got[2], f"the PDFs of {gang} differ"
    engine.dispose()
    return {
        kind: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got))
        for kind, got in samples.items()
    }


def gang_names(db: str) -> list[str]:
    from skirmish.campaign import lookup, store

    engine = store.open_store(db, access=store.Access.READ)
    with store.transaction(engine, access=store.Access.READ) as s:
        names = [g.name for g in lookup.campaign_by_name(s, "Bench").gangs]
    engine.dispose()
    return names


def main() -> dict[str, str]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="timed runs of the roster pair")
    parser.add_argument("--campaign-runs", type=int, default=3, help="timed runs of 50 gangs")
    parser.add_argument("--web-runs", type=int, default=20, help="gangs downloaded from the web")
    parser.add_argument("--web-only", action="store_true", help="only the web's roster PDFs")
    parser.add_argument(
        "--reprint",
        action="store_true",
        help="only the book reprinted after one gang changed (with --before: side by side)",
    )
    parser.add_argument(
        "--book",
        action="store_true",
        help="only the book cold and reprinted, each run printed, side by side with --before",
    )
    parser.add_argument(
        "--before",
        metavar="REV",
        help="also time the book and the roster of this revision (git archive), interleaved",
    )
    args = parser.parse_args()
    rows: dict[str, str] = {}
    # As issue #23's start-up figures are taken: the package byte-compiled (these machines set
    # PYTHONDONTWRITEBYTECODE, under which an editable checkout would compile itself each run).
    package = Path(__file__).resolve().parent.parent / "skirmish"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SKIRMISH_CACHE_DIR"] = str(Path(tmp) / "cache")  # never the user's cache
        db = str(Path(tmp) / "bench.db")
        gang = build_store(db)
        if args.book:
            before = checkout(args.before, Path(tmp)) if args.before else None
            time_book_pairs(db, Path(tmp), args.campaign_runs, before)
            return rows
        if args.reprint:
            before = checkout(args.before, Path(tmp)) if args.before else None
            for key, row in time_reprint(db, Path(tmp), args.campaign_runs, before).items():
                print(f"{key:44} {row}")
            return rows
        if not args.web_only:
            before = checkout(args.before, Path(tmp)) if args.before else None
            rows.update(time_cli(db, gang, Path(tmp), args.runs, args.campaign_runs, before))
        web = time_web_rosters(db, gang_names(db), runs=min(args.web_runs, GANGS - 1))
    old_wall, old_cpu = web["before"]
    for kind, (wall, cpu) in web.items():
        ratios = "" if kind == "before" else f" ({wall / old_wall:.2f}×)"
        cpu_ratio = "" if kind == "before" else f" ({cpu / old_cpu:.2f}×)"
        goal = "" if kind == "before" else "; goal 300 ms"
        rows[f"web roster PDF, warm: {kind}"] = (
            f"{ms(wall)} wall{ratios}, {ms(cpu)} CPU{cpu_ratio}{goal}"
        )
    for key, row in rows.items():
        print(f"{key:44} {row}")
    return rows


def checkout(revision: str, tmp: Path) -> Path:
    """``revision``'s source in ``tmp`` (``git archive``), byte-compiled, with this tree's
    compiled message catalogue (``*.mo`` is not in git): its ``skirmish`` runs with it first on
    ``PYTHONPATH``, on this virtual environment."""
    root = Path(__file__).resolve().parent.parent
    target = tmp / "before"
    target.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", revision], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    for mo in (root / "skirmish" / "locale").rglob("*.mo"):
        shutil.copy(mo, target / mo.relative_to(root))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(target / "skirmish")], check=True)
    return target


def time_cli(
    db: str, gang: str, tmp: Path, runs: int, campaign_runs: int, before: Path | None = None
) -> dict[str, str]:
    """The command line's figures: a roster beside importing weasyprint, and the book of 50
    gangs four ways (issue #23): in one process with nothing kept, in one process per core with
    nothing kept (cold), reprinted after one gang changed, reprinted unchanged; with ``before``
    (``--before REV``), the roster and the book of that revision too, in the same loops."""
    skirmish = str(BIN / "skirmish")
    old = [sys.executable, "-m", "skirmish"]
    old_env = {"PYTHONPATH": str(before)}
    cache = tmp / "cache"
    env = {**os.environ, "SKIRMISH_DB": db, "SKIRMISH_CACHE_DIR": str(cache)}
    roster = ["print", "roster", gang, "-o", str(tmp / "r.pdf")]
    pairs = {
        'python -c "import weasyprint"': [sys.executable, "-c", "import weasyprint"],
        "skirmish print roster": [skirmish, *roster],
    }
    if before is not None:
        pairs["skirmish print roster, before"] = [*old, *roster]
    pair = time_commands(
        pairs,
        runs=runs,
        warmup=2,
        env=env,
        envs={"skirmish print roster, before": old_env},
        cwd=tmp,  # not the checkout: `python -m skirmish` would import its package first
    )
    book = [skirmish, "print", "campaign", "-o", str(tmp / "campaign.pdf")]
    cores = os.cpu_count() or 1

    def forget() -> None:
        shutil.rmtree(cache / "book", ignore_errors=True)

    serial, cold = f"book, 1 process, cold ({GANGS} gangs)", f"book, {cores} processes, cold"
    changed, same = "book reprinted, one gang changed", "book reprinted, nothing changed"
    books = {serial: book, cold: book, changed: book, same: book}
    # The revision's book cold, as this tree's: its sheets have the same keys as this tree's
    # when their HTML is the same, so it would be served from the cache otherwise.
    old_serial, old_book = "book, before, 1 process, cold", f"book, before, {cores} processes, cold"
    if before is not None:
        books[old_serial] = [*old, "print", "campaign", "-o", str(tmp / "before.pdf")]
        books[old_book] = [*old, "print", "campaign", "-o", str(tmp / "before.pdf")]
    campaign = time_commands(
        books,
        runs=campaign_runs,
        warmup=1,
        env=env,
        envs={
            serial: {"SKIRMISH_PRINT_WORKERS": "1"},
            old_serial: {**old_env, "SKIRMISH_PRINT_WORKERS": "1"},
            old_book: old_env,
        },
        prepare={
            serial: forget,
            cold: forget,
            changed: change_a_gang(db),
            old_serial: forget,
            old_book: forget,
        },
        cwd=tmp,
    )
    from pypdf import PdfReader

    pages = len(PdfReader(tmp / "campaign.pdf").pages)
    base_wall, base_cpu = pair['python -c "import weasyprint"']
    rows = {'python -c "import weasyprint"': f"{ms(base_wall)} wall, {ms(base_cpu)} CPU"}
    for name, (roster_wall, roster_cpu) in pair.items():
        if name.startswith("skirmish"):
            rows[name] = (
                f"{ms(roster_wall)} wall ({roster_wall / base_wall:.2f}×), "
                f"{ms(roster_cpu)} CPU ({roster_cpu / base_cpu:.2f}×); budget 2×"
            )
    budgets = {cold: "; budget 8 s", changed: "; budget 2 s"}
    for name, (wall, cpu) in campaign.items():
        rows[name] = f"{wall:.2f} s wall, {cpu:.2f} s CPU, {pages} pages{budgets.get(name, '')}"
    return rows


def time_reprint(db: str, tmp: Path, runs: int, before: Path | None) -> dict[str, str]:
    """``--reprint``: the book reprinted after one gang changed, alone, for this tree and
    ``before``, interleaved. Each tree has its own copy of the store, changed the same way
    before each of its runs (a dollar more in the next gang's treasury), and its own cache,
    filled by one untimed print first: each reprint finds exactly one gang changed since its
    tree's last print."""
    skirmish = str(BIN / "skirmish")
    trees = {"book reprinted, one gang changed": ([skirmish], tmp / "tree")}
    if before is not None:
        trees["book reprinted, one gang changed, before"] = (
            [sys.executable, "-m", "skirmish"],
            tmp / "before-tree",
        )
    commands: dict[str, Sequence[str]] = {}
    envs: dict[str, dict[str, str]] = {}
    prepare: dict[str, Callable[[], object]] = {}
    for name, (program, folder) in trees.items():
        folder.mkdir()
        own_db = str(folder / "bench.db")
        shutil.copyfile(db, own_db)
        commands[name] = [*program, "print", "campaign", "-o", str(folder / "campaign.pdf")]
        envs[name] = {"SKIRMISH_DB": own_db, "SKIRMISH_CACHE_DIR": str(folder / "cache")}
        if program[0] != skirmish:
            envs[name]["PYTHONPATH"] = str(before)
        prepare[name] = change_a_gang(own_db)
    times = time_commands(
        commands, runs=runs, warmup=1, env=dict(os.environ), envs=envs, prepare=prepare, cwd=tmp
    )
    return {
        name: f"{wall:.2f} s wall, {cpu:.2f} s CPU; budget 2 s"
        for name, (wall, cpu) in times.items()
    }


def time_book_pairs(db: str, tmp: Path, runs: int, before: Path | None) -> None:
    """``--book`` (issue #23, ninth round): the book cold (its cache emptied) and reprinted after
    one gang changed, this tree and ``before`` alternated (which goes first alternates too), each
    tree with its own copy of the store and its own cache, ``python -c pass`` timed before each
    pair as the hour's yardstick. Prints every run (wall, CPU of the command and its workers) and
    the medians; no warm-up is dropped but a first untimed print of each tree."""
    skirmish = str(BIN / "skirmish")
    trees = {"after": ([skirmish], tmp / "book-after")}
    if before is not None:
        trees["before"] = ([sys.executable, "-m", "skirmish"], tmp / "book-before")
    setups = {}
    for name, (program, folder) in trees.items():
        folder.mkdir()
        own_db = str(folder / "bench.db")
        shutil.copyfile(db, own_db)
        env = {**os.environ, "SKIRMISH_DB": own_db, "SKIRMISH_CACHE_DIR": str(folder / "cache")}
        if name == "before":
            env["PYTHONPATH"] = str(before)
        argv = [*program, "print", "campaign", "-o", str(folder / "campaign.pdf")]
        setups[name] = (argv, env, folder / "cache", change_a_gang(own_db))
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env, cwd=tmp)

    def timed(argv: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
        start_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env, cwd=tmp)
        wall = time.perf_counter() - start
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (usage.ru_utime - start_usage.ru_utime) + (usage.ru_stime - start_usage.ru_stime)
        return wall, cpu

    got: dict[str, list[tuple[float, float]]] = {}
    for run in range(runs):
        names = list(trees) if run % 2 == 0 else list(reversed(trees))
        _, floor = timed([sys.executable, "-c", "pass"], dict(os.environ))
        load = os.getloadavg()[0]
        print(f"run {run + 1}: python -c pass {ms(floor)} CPU, load {load:.1f}")
        for name in names:
            argv, env, cache, change = setups[name]
            shutil.rmtree(cache / "book", ignore_errors=True)
            cold = timed(argv, env)
            change()
            reprint = timed(argv, env)
            got.setdefault(f"{name} cold", []).append(cold)
            got.setdefault(f"{name} reprint", []).append(reprint)
            print(
                f"  {name:6} cold {cold[0]:.2f} s wall, {cold[1]:.2f} s CPU; "
                f"reprint {reprint[0]:.2f} s wall, {reprint[1]:.2f} s CPU"
            )
    for key, samples in got.items():
        wall = statistics.median(w for w, _ in samples)
        cpu = statistics.median(c for _, c in samples)
        print(f"median {key:16} {wall:.2f} s wall, {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
