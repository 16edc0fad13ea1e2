"""Issue #11: the club's web app under a club's load, and its books afterwards.

A throw-away PostgreSQL 15 server on loopback (``--db sqlite``: an SQLite file instead) gets the
demo campaign (exported from ``campaigns.db.example`` and imported, so the standings have games
behind them), and in it one gang per client, each owned by an account of its own with a leader
and a hand in it. The real server then runs as the club runs it, ``skirmish serve --db URL
--port FREE`` on 127.0.0.1 in a process of its own, and the clients are threads of this process,
one ``httpx`` client per player, each logged in through ``POST /login`` with its CSRF cookie.

Each client loops: its gang's page, the campaign's page (the standings), its gang as JSON, and
in one iteration of five a purchase for its own gang through the API (``POST
/api/v1/campaigns/{campaign}/gangs/{gang}/buy``, ``{"item": …, "dice": "6"}`` and the header
``X-CSRF-Token``: a knife, a tomahawk or a small pistol, named in English or in Italian, while
the client's own count of its money says it can pay). Three phases on the same server, side by
side: every client **flat out** (the next request the moment the last is answered: what
issue #11's goal is judged on), every client **paced** like a player at the table (``--think``:
a look of 0.5–1.5 s at each page before the next tap; each player's first tap somewhere within
the first look, not all at the same instant: what issue #23's goal is judged on), and **one
client alone** (the latency without contention); the ratio of the first to the last is what
the load costs. Beside the latencies: requests per second, the server's and the clients'
processor time per request, and the machine's load average (other work on the same cores shows
in every figure).

Any answer that is not 2xx or 3xx is an error (the first few are printed). Afterwards the books
must balance: each purchase a client saw succeed is in the log exactly once, by its account; no
purchase is logged that no client saw; each gang's treasury is its start less its logged
purchases; and ``audit.check_campaign`` finds nothing. Errors or books that do not balance:
exit 1. Timings are reported, never asserted (the goal, p95 under 50 ms, is stated as met or
not).

``--profile FILE`` runs the server under cProfile in processor time (the event loop and every
request's worker thread) and writes the merged statistics there (and ``FILE.pstats``), to find
what dominates. The figures are printed and appended to benchmarks/results.txt (as ``run.py``
writes it; ``--no-append`` when ``run.py`` collects them itself).

Run: .venv/bin/python benchmarks/web_bench.py [--seconds 30] [--clients 20] [--think 1]
        [--db postgresql|sqlite] [--workers 1] [--profile FILE] [--no-append]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from common import free_port, header, postgres, sqlite

HERE = Path(__file__).resolve().parent
DEMO = HERE.parent / "campaigns.db.example"
CAMPAIGN = "Tombstone 1881"
PASSWORD = "a club's benchmark"
#: The clients' gangs: (faction, leader, a common model), cycled; factions that roll for the
#: weapons they buy (lawmen and rangers do not, R-12, and a die typed for no roll is refused).
GANGS = (
    ("outlaws", "boss", "thug"),
    ("cowboys", "ranchero", "greenhorn"),
    ("bounty-killers", "killer", "bounty-volunteer"),
    ("mexicans", "bandido", "peon"),
)
#: What the clients buy: cheap weapons any faction may buy, available on a 6 (R-12).
ITEMS = ("knife", "tomahawk", "small-pistol")
BUY_EVERY = 5
KINDS = ("gang page", "standings", "gang JSON", "buy")
GOAL_P95 = 0.050
#: How many errors are shown in full.
SHOWN_ERRORS = 5


# --------------------------------------------------------------------------- the store


@dataclass(frozen=True)
class Player:
    user: str
    user_id: int
    gang: str
    gang_id: int
    treasury: int


def _cli(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skirmish", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "SKIRMISH_LANG": "en"},
    )
    if done.returncode != 0:
        raise SystemExit(f"set-up 'skirmish {' '.join(args)}' failed: {done.stderr.strip()}")


def set_up(url: str, clients: int) -> tuple[list[Player], int]:
    """The demo campaign, then a user and a gang of their own for each client; the players and
    the last log entry's id before the run."""
    from sqlmodel import func, select

    from skirmish.campaign import accounts, gangs, lookup, roster, store
    from skirmish.campaign.models import LogEntry

    with tempfile.TemporaryDirectory(prefix="skirmish-web-bench-") as folder:
        exported = str(Path(folder) / "demo.json")
        _cli("export", "--campaign", CAMPAIGN, "-o", exported, "--db", str(DEMO))
        _cli("import", exported, "--db", url)
    engine = store.open_store(url, access=store.Access.CAMPAIGN, create=False)
    players = []
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            for number in range(1, clients + 1):
                user = accounts.add_user(s, f"player{number:02}", PASSWORD)
                faction, leader, common = GANGS[number % len(GANGS)]
                gang = gangs.new_gang(
                    s, campaign=campaign, name=f"Posse {number:02}", faction=faction
                )
                accounts.set_gang_owner(s, gang, user)
                roster.hire(s, gang=gang, profile=leader, name=f"Boss {number:02}")
                roster.hire(s, gang=gang, profile=common, name=f"Hand {number:02}")
                assert user.id is not None and gang.id is not None
                players.append(Player(user.name, user.id, gang.name, gang.id, gang.treasury))
            last = s.exec(select(func.max(LogEntry.id))).one()
    finally:
        engine.dispose()
    return players, int(last or 0)


# --------------------------------------------------------------------------- the server


@contextlib.contextmanager
def server(url: str, *, workers: int, profile: str | None) -> Iterator[tuple[str, int]]:
    """``skirmish serve`` on a free port of 127.0.0.1 (or this script's profiled server);
    yields its base URL and process id once it answers, stops it afterwards."""
    import httpx2 as httpx

    port = free_port()
    if profile:
        argv = [sys.executable, __file__, "--serve-profiled", url, str(port), profile]
    else:
        argv = [sys.executable, "-m", "skirmish", "serve", "--db", url, "--port", str(port)]
        argv += ["--workers", str(workers)] if workers > 1 else []
    log = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=os.environ)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise SystemExit(f"the server did not start:\n{log.read()[-2000:]}")
            try:
                if httpx.get(f"{base}/login", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        yield base, process.pid
    finally:
        process.terminate()  # uvicorn shuts down on SIGTERM (the profile is written then)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


# --------------------------------------------------------------------------- the clients


@dataclass
class Seen:
    """What the clients saw: each request's kind, seconds and status; errors; purchases."""

    samples: list[tuple[str, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    error_count: int = 0
    bought: Counter[int] = field(default_factory=Counter)  # gang id → purchases seen to succeed
    spent: Counter[int] = field(default_factory=Counter)  # gang id → their prices
    entries: list[int] = field(default_factory=list)  # the log entries the answers named
    server_cpu: float = 0.0  # the server's processor seconds over the phase
    client_cpu: float = 0.0  # this process's (the clients')
    load: float = 0.0  # the machine's load average at its end (other work on these cores)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, kind: str, seconds: float, status: int, body: str) -> None:
        with self.lock:
            self.samples.append((kind, seconds))
            if not 200 <= status < 400:
                self.error_count += 1
                if len(self.errors) < SHOWN_ERRORS:
                    self.errors.append(f"{kind} → {status}: {body[:300]}")


def _prices() -> dict[str, tuple[int, str, str]]:
    """Each item's price and its English and Italian names (the clients type either)."""
    from skirmish.rules import find_weapon

    out = {}
    for item in ITEMS:
        weapon = find_weapon(item)
        assert weapon.cost is not None
        out[item] = (weapon.cost, weapon.name_en, weapon.name_it)
    return out


class Client:
    """One player on a phone: logged in, reading their pages, buying for their own gang."""

    def __init__(self, base: str, player: Player, number: int, buying: bool) -> None:
        import httpx2 as httpx

        self.http = httpx.Client(base_url=base, timeout=30, follow_redirects=False)
        self.player = player
        self.number = number
        self.buying = buying
        self.money = player.treasury
        c, g = quote(CAMPAIGN, safe=""), quote(player.gang, safe="")
        self.paths = {
            "gang page": f"/c/{c}/g/{g}",
            "standings": f"/c/{c}",
            "gang JSON": f"/api/v1/campaigns/{c}/gangs/{g}",
            "buy": f"/api/v1/campaigns/{c}/gangs/{g}/buy",
        }
        self.iteration = 0
        self.dice = random.Random(number)

    def _pause(self, think: float) -> None:
        if think > 0:
            time.sleep(self.dice.uniform(think / 2, think * 3 / 2))

    def log_in(self) -> None:
        form = self.http.get("/login")
        answer = self.http.post(
            "/login",
            data={"user": self.player.user, "password": PASSWORD, "csrf": form.cookies["csrf"]},
        )
        if answer.status_code != 303 or "session" not in self.http.cookies:
            raise SystemExit(f"{self.player.user} could not log in: {answer.status_code}")

    def _timed(self, seen: Seen, kind: str, call: Any) -> Any:
        import httpx2 as httpx

        start = time.perf_counter()
        try:
            answer = call()
        except httpx.HTTPError as exc:
            seen.note(kind, time.perf_counter() - start, 0, f"{type(exc).__name__}: {exc}")
            return None
        seen.note(kind, time.perf_counter() - start, answer.status_code, answer.text)
        return answer

    def step(self, seen: Seen, prices: dict[str, tuple[int, str, str]], think: float) -> None:
        """One iteration: three reads, and every ``BUY_EVERY``th a purchase it can pay for;
        ``think``: the seconds a player looks at each answer before the next tap (each pause
        drawn from half to one and a half times it; 0, flat out)."""
        for kind in ("gang page", "standings", "gang JSON"):
            self._timed(seen, kind, lambda kind=kind: self.http.get(self.paths[kind]))
            self._pause(think)
        self.iteration += 1
        if not self.buying or (self.iteration + self.number) % BUY_EVERY:
            return
        affordable = [item for item in ITEMS if prices[item][0] <= self.money]
        if not affordable:
            return
        item = affordable[self.iteration % len(affordable)]
        price, english, italian = prices[item]
        typed = english if self.iteration % 2 else italian
        answer = self._timed(
            seen,
            "buy",
            lambda: self.http.post(
                self.paths["buy"],
                json={"item": typed, "dice": "6"},
                headers={"X-CSRF-Token": self.http.cookies["csrf"]},
            ),
        )
        self._pause(think)
        if answer is not None and 200 <= answer.status_code < 300:
            self.money -= price
            entry = _entry_id(answer)
            with seen.lock:
                seen.bought[self.player.gang_id] += 1
                seen.spent[self.player.gang_id] += price
                if entry is not None:
                    seen.entries.append(entry)


def _entry_id(answer: Any) -> int | None:
    """The log entry a purchase's answer names, if it names one."""
    try:
        data = answer.json()
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    for key in ("entry", "log_entry", "entry_id"):
        value = data.get(key)
        if isinstance(value, dict):
            value = value.get("id")
        if isinstance(value, int):
            return value
    return None


def cpu_seconds(pid: int) -> float:
    """The processor time ``pid`` and its descendants (uvicorn's workers) have used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(cpu_seconds(int(child)) for child in children)


def run_phase(
    clients: list[Client],
    seconds: float,
    prices: dict[str, Any],
    server_pid: int,
    think: float = 0.0,
) -> Seen:
    """Every client loops together for ``seconds`` (``think``: see ``Client.step``)."""
    seen = Seen()
    cpu, mine = cpu_seconds(server_pid), time.process_time()
    deadline: list[float] = []
    start = threading.Barrier(
        len(clients), action=lambda: deadline.append(time.monotonic() + seconds)
    )

    def loop(client: Client) -> None:
        start.wait()  # together, once every thread is running
        if think > 0:
            # Paced players do not all tap at the same instant: each one's first tap comes
            # somewhere within a look (issue #23: started together, the 20 first requests
            # queued behind one another and were 5% of the phase's samples, its whole p95).
            time.sleep(client.dice.uniform(0, think))
        while time.monotonic() < deadline[0]:
            client.step(seen, prices, think)

    threads = [threading.Thread(target=loop, args=(c,), daemon=True) for c in clients]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seen.server_cpu = cpu_seconds(server_pid) - cpu
    seen.client_cpu = time.process_time() - mine
    seen.load = os.getloadavg()[0]
    seen.samples.append(("", time.perf_counter() - began))  # the phase's wall time, last
    return seen


def buy_route(base: str) -> bool:
    """Whether the server has the purchase route (issue #11's actions)."""
    import httpx2 as httpx

    paths = httpx.get(f"{base}/api/v1/openapi.json", timeout=10).json().get("paths", {})
    return any(path.endswith("/gangs/{gang}/buy") for path in paths)


# --------------------------------------------------------------------------- the books


def check_books(url: str, players: list[Player], before: int, seen: list[Seen]) -> list[str]:
    """Every problem with the purchases (see the module's docs); an empty list when the books
    balance."""
    from sqlmodel import col, select

    from skirmish.campaign import lookup, store
    from skirmish.campaign.audit import check_campaign
    from skirmish.campaign.models import Gang, LogEntry

    bought: Counter[int] = Counter()
    spent: Counter[int] = Counter()
    answered: Counter[int] = Counter()
    for phase in seen:
        bought += phase.bought
        spent += phase.spent
        answered.update(phase.entries)
    problems: list[str] = []
    engine = store.open_store(url, access=store.Access.READ, create=False)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            problems += map(str, check_campaign(s, campaign))
            entries = s.exec(
                select(LogEntry).where(col(LogEntry.id) > before).order_by(col(LogEntry.id))
            ).all()
            for entry in entries:
                if entry.action != "buy":
                    problems.append(f"log entry #{entry.id} is a {entry.action!r}, not a purchase")
            for player in players:
                gang = s.get(Gang, player.gang_id)
                assert gang is not None
                logged = [e for e in entries if e.gang_id == player.gang_id]
                paid = sum(int(e.details.get("price", 0)) for e in logged)
                if len(logged) != bought[player.gang_id]:
                    problems.append(
                        f"{player.gang}: {bought[player.gang_id]} purchases succeeded, "
                        f"{len(logged)} are logged"
                    )
                if paid != spent[player.gang_id]:
                    problems.append(
                        f"{player.gang}: the clients paid {spent[player.gang_id]}$, the log {paid}$"
                    )
                if gang.treasury != player.treasury - paid:
                    problems.append(
                        f"{player.gang}: treasury {gang.treasury}$, but {player.treasury}$ "
                        f"less {paid}$ logged is {player.treasury - paid}$"
                    )
                strangers = [e.id for e in logged if e.author != player.user_id]
                if strangers:
                    problems.append(f"{player.gang}: entries {strangers} name another author")
            ids = Counter(e.id for e in entries if e.id is not None)
            for entry_id, times in answered.items():
                if times > 1:
                    problems.append(f"log entry #{entry_id} was answered {times} times")
                if entry_id not in ids:
                    problems.append(f"log entry #{entry_id} was answered but is not in the log")
    finally:
        engine.dispose()
    return problems


# --------------------------------------------------------------------------- the report


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


@dataclass(frozen=True)
class Figures:
    count: int
    p50: float
    p95: float
    most: float


def figures(seen: Seen) -> tuple[dict[str, Figures], float]:
    """Per kind of request, and ``all``: count, p50, p95, max; and the phase's seconds."""
    wall = seen.samples[-1][1]
    samples = seen.samples[:-1]
    out = {}
    for kind in (*KINDS, "all"):
        values = [s for k, s in samples if k == kind or (kind == "all" and k)]
        if values:
            out[kind] = Figures(
                len(values), statistics.median(values), _quantile(values, 0.95), max(values)
            )
    return out, wall


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


@dataclass(frozen=True)
class Phase:
    """One phase of the run, as the report names it."""

    title: str
    seen: Seen


def report(
    database: str, clients: int, workers: int, phases: list[Phase], purchases: bool
) -> tuple[str, float]:
    """The table (ms): each kind of request in each phase, the first (every client flat out)
    against the last (one client alone) as ratios; and the first phase's p95 of every request."""
    cores = len(os.sched_getaffinity(0))
    shown = [(phase, *figures(phase.seen)) for phase in phases]
    process = "1 process" if workers == 1 else f"{workers} worker processes"
    walls = ", ".join(f"{p.title} {wall:.0f} s" for p, _, wall in shown)
    lines = [
        f"web: {clients} clients on {database} (skirmish serve, {process}), {cores} cores shared "
        f"with the clients and the database; {walls}",
        f"{'':<11}"
        + "".join(f"{p.title:>{20 if i == 0 else 14}}" for i, (p, _, _) in enumerate(shown))
        + f"{'ratio':>14}",
        f"{'request':<11}{'n':>6}{'p50':>7}{'p95':>7}"
        + f"{'p50':>7}{'p95':>7}" * (len(shown) - 1)
        + f"{'p50':>7}{'p95':>7}",
    ]
    first, last = shown[0][1], shown[-1][1]
    for kind in (*KINDS, "all"):
        if not any(kind in figs for _, figs, _ in shown):
            continue  # a kind no phase asked for (a loaded machine's short run may miss one)
        m = first.get(kind)
        cells = f"{kind:<11}" + (
            f"{m.count:>6}{_ms(m.p50):>7}{_ms(m.p95):>7}" if m else f"{0:>6}{'-':>7}{'-':>7}"
        )
        for _, figs, _ in shown[1:]:
            o = figs.get(kind)
            cells += f"{_ms(o.p50):>7}{_ms(o.p95):>7}" if o else f"{'-':>7}{'-':>7}"
        o = last.get(kind)
        cells += f"{m.p50 / o.p50:>6.1f}×{m.p95 / o.p95:>6.1f}×" if m and o else f"{'-':>7}{'-':>7}"
        lines.append(cells)
    rates = ", ".join(
        f"{p.title} {figs['all'].count / wall:.0f}" for p, figs, wall in shown if "all" in figs
    )
    seen = [p.seen for p in phases]
    bought = sum(sum(x.bought.values()) for x in seen)
    named = sum(len(x.entries) for x in seen)
    lines.append(
        f"requests/s: {rates}; errors {sum(x.error_count for x in seen)}; purchases {bought} "
        f"({named} named by their log entry)"
        + ("" if purchases else " (the server has no purchase route yet: reads only)")
    )
    per = ", ".join(
        f"{p.title} {p.seen.server_cpu * 1000 / figs['all'].count:.1f}"
        for p, figs, _ in shown
        if "all" in figs
    )
    theirs = ", ".join(
        f"{p.title} {p.seen.client_cpu * 1000 / figs['all'].count:.1f}"
        for p, figs, _ in shown
        if "all" in figs
    )
    loads = ", ".join(f"{p.title} {p.seen.load:.1f}" for p in phases)
    lines.append(f"server processor ms per request: {per}; the clients': {theirs}")
    lines.append(
        f"load average at the end: {loads} (above {cores}, other work was queued on these "
        "cores too)"
    )
    p95 = first["all"].p95 if "all" in first else float("inf")
    return "\n".join(lines), p95


# --------------------------------------------------------------------------- profiling


def serve_profiled(url: str, port: int, out: str) -> None:
    """The web app under cProfile: the event loop's thread, and each sync route and dependency
    in its worker thread (FastAPI's ``run_in_threadpool``), merged into ``out`` at shutdown."""
    import cProfile
    import pstats

    import fastapi.dependencies.utils
    import fastapi.routing
    import starlette.concurrency
    import uvicorn

    from skirmish.web.app import create_app

    profiles: list[cProfile.Profile] = []
    original = starlette.concurrency.run_in_threadpool

    def profiled(func: Any, *args: Any, **kwargs: Any) -> Any:
        def call() -> Any:
            profile = cProfile.Profile(time.thread_time)  # processor time, not waiting
            try:
                return profile.runcall(func, *args, **kwargs)
            finally:
                profiles.append(profile)

        return original(call)

    app = create_app(url)
    # the routes' own hops too (a game's actions run in ``run_in_threadpool`` imported by name)
    webs = [m for n, m in sys.modules.items() if n.startswith("skirmish.web")]
    for module in (fastapi.routing, fastapi.dependencies.utils, *webs):
        if getattr(module, "run_in_threadpool", None) is original:
            module.run_in_threadpool = profiled  # type: ignore[attr-defined]
    # uvicorn stops on SIGTERM and then raises it again under the handler it found: a quiet
    # one, so that the statistics below are still written.
    signal.signal(signal.SIGTERM, lambda *_: None)
    loop = cProfile.Profile(time.thread_time)
    loop.enable()
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
    loop.disable()
    stats = pstats.Stats(loop)
    for profile in profiles:
        stats.add(profile)
    stats.dump_stats(f"{out}.pstats")  # for pstats' callers and callees
    with open(out, "w") as stream:
        stats.stream = stream  # type: ignore[attr-defined]
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(30)


# --------------------------------------------------------------------------- main


def bench(options: argparse.Namespace) -> int:
    stores = {"postgresql": postgres, "sqlite": sqlite}
    with stores[options.db]("webbench") as url:
        players, before = set_up(url, options.clients)
        prices = _prices()
        with server(url, workers=options.workers, profile=options.profile) as (base, pid):
            purchases = buy_route(base)
            clients = [Client(base, p, i, purchases) for i, p in enumerate(players)]
            for client in clients:
                client.log_in()
            short = max(options.seconds / 3, 1.0)
            phases = [
                Phase(f"{len(clients)} flat out", run_phase(clients, options.seconds, prices, pid)),
            ]
            if options.think > 0:
                paced = run_phase(clients, short * 2, prices, pid, options.think)
                phases.append(Phase(f"{len(clients)} paced", paced))
            phases.append(Phase("1 alone", run_phase(clients[:1], short, prices, pid)))
            for client in clients:
                client.http.close()
        problems = check_books(url, players, before, [p.seen for p in phases])
    table, p95 = report(options.db, options.clients, options.workers, phases, purchases)
    errors = sum(p.seen.error_count for p in phases)
    verdict = "met" if p95 < GOAL_P95 else "not met"
    paced_note = ""
    if options.think > 0:
        # issue #23's goal is the paced phase's (issue #11's, every client flat out, stays)
        paced_all = figures(phases[1].seen)[0].get("all")
        paced_p95 = paced_all.p95 if paced_all else float("inf")
        paced_note = (
            f"; paced (a tap every {options.think / 2:g}–{options.think * 3 / 2:g} s per "
            f"client, issue #23): {'met' if paced_p95 < GOAL_P95 else 'not met'} "
            f"({_ms(paced_p95)} ms)"
        )
    table += (
        f"\ngoal p95 < {GOAL_P95 * 1000:.0f} ms with every client flat out (issue #11): "
        f"{verdict} ({_ms(p95)} ms){paced_note}; books "
        + ("balance" if not problems else f"DO NOT balance ({len(problems)} problems)")
    )
    print(table)
    for line in [e for p in phases for e in p.seen.errors]:
        print(f"error: {line}", file=sys.stderr)
    for line in problems[:20]:
        print(f"books: {line}", file=sys.stderr)
    if not options.no_append:
        with open(HERE / "results.txt", "a", encoding="utf-8") as results:
            results.write(f"{header()}\n== web_bench.py\n{table}\n")
    return 1 if errors or problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="the full load's length")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--db", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--workers", type=int, default=1, help="skirmish serve --workers")
    parser.add_argument(
        "--think", type=float, default=1.0, help="paced: seconds on each page (0: no such phase)"
    )
    parser.add_argument("--profile", metavar="FILE", help="profile the server into FILE")
    parser.add_argument("--no-append", action="store_true", help="do not add to results.txt")
    parser.add_argument("--serve-profiled", nargs=3, metavar=("URL", "PORT", "OUT"),
                        help=argparse.SUPPRESS)  # fmt: skip
    options = parser.parse_args()
    if options.serve_profiled:
        url, port, out = options.serve_profiled
        serve_profiled(url, int(port), out)
        return 0
    if options.clients < 1 or options.seconds <= 0:
        parser.error("--clients and --seconds must be positive")
    return bench(options)


if __name__ == "__main__":
    sys.exit(main())
