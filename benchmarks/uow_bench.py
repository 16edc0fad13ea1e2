"""Issue #23: the processor time of one table-mode action's unit of work, measured in-process.

``table_bench.py``'s game (a Duel between two phones, cards, initiative rolls and choices, shots
that miss, reloads and moves), played by two ``TestClient`` phones against ``create_app`` in
this process, one request at a time, on a throw-away PostgreSQL server (``--db sqlite``: an
SQLite file). Each card's, roll's or choice's unit of work (``game_activation.work``) and each
shot's, reload's or move's (``game_actions.perform``), each new turn's
(``game_live_changes._change``) and each undo's (``game_actions.take_back``: every
``--undo``-th change, a card, roll, choice or action, is taken back and made again) is wrapped:
its thread's processor time (``time.thread_time``) and the SQL statements it ran are noted by
kind. Everything else the
requests do (the answer's round, the reads between the taps) is not counted. The medians per
kind are printed; the game grows as in a club night (one game, ``--changes`` actions after
``--warm`` unmeasured ones).

``--trees A B …`` runs the measure once per tree per round, alternating (``--rounds``), each a
process of its own with ``PYTHONPATH=tree`` and a fresh database, so that the machine's noise
hits both alike; it prints each round's medians and the median of the rounds' medians.

Run: .venv/bin/python benchmarks/uow_bench.py [--db postgresql|sqlite] [--changes 300]
        [--undo 7] [--trees /tmp/before-uow . --rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from common import postgres, sqlite

HERE = Path(__file__).resolve().parent
KINDS = ("pick", "roll", "choose", "shoot", "reload", "move", "turn", "undo")


class Probe:
    """The processor time and statements of each wrapped unit of work, by kind."""

    def __init__(self) -> None:
        self.local = threading.local()
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.statements: dict[str, list[int]] = defaultdict(list)
        self.kind = ""
        self.on = False
        self.profile: Any = None  # a cProfile.Profile of the measured units of work (``--profile``)

    def statement(self, *_: Any) -> None:
        if getattr(self.local, "counting", False):
            self.local.count += 1

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            self.local.counting, self.local.count = True, 0
            profiled = self.profile is not None and self.on
            if profiled:
                self.profile.enable()
            start = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent = time.thread_time() - start
                if profiled:
                    self.profile.disable()
                self.local.counting = False
                if self.on:
                    self.cpu[self.kind].append(spent)
                    self.statements[self.kind].append(self.local.count)

        return timed


def post(phone: Any, path: str, body: dict[str, Any]) -> None:
    headers = {"X-CSRF-Token": phone.http.cookies["csrf"], "Idempotency-Key": uuid.uuid4().hex}
    answer = phone.http.post(path, json=body, headers=headers)
    if answer.status_code not in (200, 201):
        raise SystemExit(f"{path} {body}: {answer.status_code} {answer.text[:300]}")


def measure(url: str, changes: int, warm: int, profile: str = "", undo: int = 0) -> dict[str, Any]:
    """One game played in this process; the medians per kind."""
    from fastapi.testclient import TestClient
    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    from table_bench import Phone, Table, arm
    from web_bench import set_up

    from skirmish.web import game_actions, game_activation, game_live_changes
    from skirmish.web.app import create_app

    players, _ = set_up(url, 2)
    arm(url, players)
    probe = Probe()
    if profile:
        import cProfile

        probe.profile = cProfile.Profile(time.thread_time)
    event.listen(Engine, "before_cursor_execute", probe.statement)
    game_activation.work = probe.wrap(game_activation.work)  # type: ignore[assignment]
    game_actions.perform = probe.wrap(game_actions.perform)  # type: ignore[assignment]
    game_actions.take_back = probe.wrap(game_actions.take_back)  # type: ignore[assignment]
    # the turn's route holds ``do_turn``, which calls the module's ``_change`` by name
    game_live_changes._change = probe.wrap(game_live_changes._change)  # type: ignore[assignment]
    table = Table()
    sides = zip(players, ("good", "bad"), strict=True)
    phones = [Phone("http://testserver", player, side, table) for player, side in sides]
    with contextlib.ExitStack() as stack:
        for phone in phones:
            phone.http = stack.enter_context(TestClient(create_app(url), follow_redirects=False))
            phone.log_in()
        good, bad = phones
        good.start(bad.player)
        bad.game = good.game
        post(good, f"{good.api}/turn", {})
        made = 0
        while made < warm + changes:
            for phone in phones:
                phone.round = phone.http.get(f"{phone.api}/picks").json()
                phone.status = phone.http.get(phone.api).json()
            moves = [(phone, phone.next_move()) for phone in phones]
            moved = [(phone, move) for phone, move in moves if move is not None]
            if not moved:
                raise SystemExit(f"no move at change {made}: {good.status} {good.round}")
            phone, (kind, path, body) = moved[0]
            probe.kind, probe.on = kind, made >= warm
            turn = phone.status["turn"]
            post(phone, path, body)
            probe.on = False
            if kind in ("shoot", "reload", "move"):
                table.say_done(turn, body.get("attacker") or body["member"], 0)
            made += 1
            if undo and kind != "turn" and made % undo == 0:
                probe.kind, probe.on = "undo", made > warm
                post(phone, f"{phone.api}/undo", {})
                probe.on = False
                if kind in ("shoot", "reload", "move"):  # the model acts again
                    table.done.discard((turn, body.get("attacker") or body["member"]))
    if profile:
        probe.profile.dump_stats(profile)
    return {
        kind: {
            "n": len(probe.cpu[kind]),
            "cpu_ms": statistics.median(probe.cpu[kind]) * 1000,
            "statements": statistics.median(probe.statements[kind]),
        }
        for kind in KINDS
        if probe.cpu.get(kind)
    }


@contextlib.contextmanager
def databases(kind: str) -> Iterator[Callable[[], str]]:
    """A maker of fresh, empty stores of ``kind``."""
    if kind == "sqlite":
        with contextlib.ExitStack() as stack:
            yield lambda: stack.enter_context(sqlite("uow"))
        return
    import psycopg

    with postgres("uow0") as first:
        made = [0]

        def fresh() -> str:
            made[0] += 1
            name = f"uow{made[0]}"
            admin = first.rsplit("/", 1)[0].replace("postgresql+psycopg://", "")
            user, host = admin.split("@")
            address, port = host.split(":")
            dsn = f"host={address} port={port} user={user} dbname=postgres"
            with psycopg.connect(dsn, autocommit=True) as connection:
                connection.execute(f"CREATE DATABASE {name}")
            return f"{first.rsplit('/', 1)[0]}/{name}"

        yield fresh


def compare(options: argparse.Namespace) -> None:
    trees = [Path(t).resolve() for t in options.trees]
    rounds: dict[Path, list[dict[str, Any]]] = {tree: [] for tree in trees}
    print(f"uow_bench {options.db}, {options.changes} changes after {options.warm}; "
          f"{os.popen('uptime').read().strip()}")  # fmt: skip
    with databases(options.db) as fresh:
        for number in range(options.rounds):
            for tree in trees:
                argv = [sys.executable, str(HERE / "uow_bench.py"), "--child", fresh(),
                        "--changes", str(options.changes), "--warm", str(options.warm),
                        "--undo", str(options.undo)]  # fmt: skip
                env = {**os.environ, "PYTHONPATH": f"{tree}:{HERE}"}
                done = subprocess.run(argv, env=env, cwd=tree, capture_output=True, text=True)
                if done.returncode != 0:
                    raise SystemExit(f"{tree}: {done.stderr[-3000:]}")
                found = json.loads(done.stdout.strip().splitlines()[-1])
                rounds[tree].append(found)
                shown = ", ".join(
                    f"{k} {v['cpu_ms']:.2f} ms/{v['statements']:g} st (n {v['n']})"
                    for k, v in found.items()
                )
                print(f"round {number + 1} {tree}: {shown}", flush=True)
    print(f"medians of the {options.rounds} rounds' medians (ms of the unit of work's thread "
          f"processor time; statements); {os.popen('uptime').read().strip()}")  # fmt: skip
    for kind in KINDS:
        cells = []
        for tree in trees:
            runs = [r[kind] for r in rounds[tree] if kind in r]
            if runs:
                cpu = statistics.median(r["cpu_ms"] for r in runs)
                st = statistics.median(r["statements"] for r in runs)
                cells.append(f"{tree.name or tree}: {cpu:6.2f} ms {st:4g} st")
        if cells:
            print(f"{kind:8} " + "   ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--warm", type=int, default=30)
    parser.add_argument("--trees", nargs="*", default=[])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--undo", type=int, default=7, help="take back every N-th change (0: none)")
    parser.add_argument("--child", metavar="URL")
    parser.add_argument("--profile", metavar="FILE", help="with --child: cProfile the units")
    options = parser.parse_args()
    if options.child:
        found = measure(options.child, options.changes, options.warm, options.profile, options.undo)
        print(json.dumps(found))
        return
    if not options.trees:
        options.trees = [str(HERE.parent)]
    compare(options)


if __name__ == "__main__":
    main()
