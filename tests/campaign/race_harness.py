"""A deterministic race harness (issue #8): hold the lock every writer needs, start several
``skirmish`` processes, wait until every one of them is blocked on that lock, release it, and
collect what each one printed.

- **SQLite**: a raw ``sqlite3`` connection holds the write lock with ``BEGIN IMMEDIATE``. A
  writer is blocked once it has the database file open and sleeps between its retries of
  ``BEGIN IMMEDIATE`` (``/proc/PID/wchan``); reads never sleep under a held write lock.
- **PostgreSQL**: a ``psycopg`` connection locks the campaign row ``FOR UPDATE`` (every writer
  locks it ``FOR SHARE`` or ``FOR UPDATE``), or the ``application`` row of ``skirmish_meta``
  for ``campaign new``. A writer is blocked once its backend waits on a lock
  (``pg_stat_activity.wait_event_type = 'Lock'``).

Every wait is bounded; nothing asserts on timings. Setup and checks run the CLI in-process
(``CliRunner``), which is much faster than a process per command.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

SKIRMISH = str(Path(sys.executable).with_name("skirmish"))
START_TREASURY = 400
#: The busy wait the racing commands get: far longer than any race takes.
RACE_BUSY_SECONDS = "30"
#: How long the harness waits for the racers to block, or for them to finish (failure only).
BLOCK_DEADLINE = 30.0
FINISH_DEADLINE = 60.0

LockKind = Literal["campaign", "store"]


@dataclass(frozen=True)
class Outcome:
    """What one racing command did."""

    args: tuple[str, ...]
    code: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        command = " ".join(self.args)
        return f"{command} → exit {self.code}\n  out: {self.stdout!r}\n  err: {self.stderr!r}"


def describe(outcomes: Sequence[Outcome]) -> str:
    return "\n".join(str(o) for o in outcomes)


@dataclass
class RaceDb:
    """One fresh database for one race, and the ways to lock, read and drive it."""

    kind: Literal["sqlite", "postgresql"]
    db: str  # what --db gets: a file path (SQLite) or a SQLAlchemy URL (PostgreSQL)

    @classmethod
    def sqlite(cls, folder: Path, template: Path) -> RaceDb:
        path = (folder / "campaigns.db").resolve()
        shutil.copyfile(template, path)
        return cls("sqlite", str(path))

    @property
    def url(self) -> str:
        return f"sqlite:///{self.db}" if self.kind == "sqlite" else self.db

    def _dsn(self) -> str:
        return self.db.replace("postgresql+psycopg://", "postgresql://", 1)

    # ------------------------------------------------------------------ the CLI in-process

    def cli(self, *args: str, ok: bool = True) -> Any:
        """Run one command in-process; by default it must succeed."""
        from typer.testing import CliRunner

        from skirmish.cli.main import app

        result = CliRunner().invoke(app, [*args, "--db", self.db], env={"SKIRMISH_LANG": ""})
        if ok:
            assert result.exit_code == 0, (args, result.output)
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self.cli(*args, "--json").stdout)

    # ------------------------------------------------------------------ the writer lock

    @contextmanager
    def holding(self, lock: LockKind = "campaign", campaign: str = "R") -> Iterator[None]:
        """Hold the lock every writer (``campaign``) or ``campaign new`` (``store``) needs."""
        if self.kind == "sqlite":
            lite = sqlite3.connect(self.db, isolation_level=None, timeout=10.0)
            try:
                lite.execute("BEGIN IMMEDIATE")
                yield
                lite.execute("ROLLBACK")
            finally:
                lite.close()
            return
        import psycopg

        with psycopg.connect(self._dsn()) as connection:
            if lock == "store":
                rows = connection.execute(
                    "SELECT key FROM skirmish_meta WHERE key = 'application' FOR UPDATE"
                ).fetchall()
            else:
                rows = connection.execute(
                    "SELECT id FROM campaign WHERE name = %s FOR UPDATE", (campaign,)
                ).fetchall()
            assert len(rows) == 1, f"nothing to lock for {lock} {campaign!r}: {rows}"
            yield
            connection.rollback()

    # ------------------------------------------------------------------ checks

    def dump(self) -> list[str]:
        """Every row of every table, to check that a refusal changed nothing."""
        if self.kind == "sqlite":
            with sqlite3.connect(self.db) as connection:
                return list(connection.iterdump())
        import psycopg
        from psycopg import sql

        lines: list[str] = []
        with psycopg.connect(self._dsn(), autocommit=True) as connection:
            tables = [
                row[0]
                for row in connection.execute(
                    "SELECT table_name FROM information_schema.tables "
                    "WHERE table_schema = 'public' ORDER BY table_name"
                )
            ]
            for table in tables:
                query = sql.SQL("SELECT * FROM {}").format(sql.Identifier(table))
                rows = connection.execute(query).fetchall()
                lines += sorted(f"{table}: {row!r}" for row in rows)
        return lines

    def audit(self, campaign: str = "R") -> list[str]:
        """``audit.check_campaign`` on ``campaign``: every problem in its books."""
        from skirmish.campaign import audit, lookup, store

        engine = store.open_store(self.db, access=store.Access.READ, create=False)
        try:
            with store.transaction(engine, access=store.Access.READ) as session:
                found = lookup.campaign_by_name(session, campaign)
                return [str(p) for p in audit.check_campaign(session, found)]
        finally:
            engine.dispose()

    def undo_to_founding(self, gang: str, *, most: int = 40) -> int:
        """Undo ``gang`` until only its founding is left; return how many undos worked."""
        for done in range(most):
            result = self.cli("undo", gang, ok=False)
            if result.exit_code != 0:
                assert result.stderr.startswith(f"Error: nothing to undo for {gang!r}"), (
                    result.output
                )
                assert "gang new" in result.stderr, result.stderr
                return done
        raise AssertionError(f"{gang!r} still had actions to undo after {most} undos")

    def settles(self, gang: str, campaign: str = "R") -> None:
        """After a race: the books add up; every action of ``gang`` undoes back to its
        founding, the treasury is the starting one again, and the books still add up."""
        problems = self.audit(campaign)
        assert problems == [], "after the race:\n" + "\n".join(problems)
        self.undo_to_founding(gang)
        treasury = self.json("gang", "show", gang)["treasury"]
        assert treasury == START_TREASURY, f"{gang!r} has {treasury}$ once every action is undone"
        problems = self.audit(campaign)
        assert problems == [], "after undoing everything:\n" + "\n".join(problems)

    # ------------------------------------------------------------------ the race

    def race(
        self,
        *commands: Sequence[str],
        lock: LockKind = "campaign",
        campaign: str = "R",
        busy: str = RACE_BUSY_SECONDS,
    ) -> list[Outcome]:
        """Hold the lock, start ``commands`` as processes, wait until all are blocked on the
        lock, release it, and return what each one did (in the order given)."""
        env = {k: v for k, v in os.environ.items() if k != "SKIRMISH_DB"}
        env.update(SKIRMISH_BUSY_TIMEOUT=busy, SKIRMISH_LANG="")
        processes: list[subprocess.Popen[str]] = []
        try:
            with self.holding(lock, campaign):
                for command in commands:
                    processes.append(
                        subprocess.Popen(
                            [SKIRMISH, *command, "--db", self.db],
                            env=env,
                            stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            text=True,
                        )
                    )
                self._wait_blocked(processes)
            outcomes: list[Outcome] = []
            for command, process in zip(commands, processes, strict=True):
                out, err = process.communicate(timeout=FINISH_DEADLINE)
                outcomes.append(Outcome(tuple(command), process.returncode, out, err))
            return outcomes
        finally:
            for process in processes:
                if process.poll() is None:
                    process.kill()
                    process.communicate()

    def _wait_blocked(self, processes: Sequence[subprocess.Popen[str]]) -> None:
        observer = _PostgresObserver(self._dsn()) if self.kind == "postgresql" else None
        deadline = time.monotonic() + BLOCK_DEADLINE
        opened: dict[int, float] = {}
        try:
            while True:
                for process in processes:
                    if process.poll() is not None:
                        out, err = process.communicate()
                        raise AssertionError(
                            f"{process.args!r} finished while another "
                            f"connection held the write lock: it did not wait for the lock "
                            f"(exit {process.returncode}; out {out!r}; err {err!r})"
                        )
                if observer is not None:
                    if observer.waiting() >= len(processes):
                        return
                elif all(self._sqlite_blocked(p.pid, opened) for p in processes):
                    return
                if time.monotonic() > deadline:
                    raise AssertionError(
                        f"the racers did not all block on the lock within {BLOCK_DEADLINE} s"
                    )
                time.sleep(0.02)
        finally:
            if observer is not None:
                observer.close()

    def _sqlite_blocked(self, pid: int, opened: dict[int, float]) -> bool:
        """Whether process ``pid`` spins on ``BEGIN IMMEDIATE``: it has the database open and
        sleeps (its jittered pause between tries). Without a readable ``wchan``, half a second
        after it opened the database."""
        proc = Path(f"/proc/{pid}")
        if not proc.is_dir():  # no procfs: a fixed pause
            opened.setdefault(pid, time.monotonic())
            return time.monotonic() - opened[pid] > 1.5
        if pid not in opened:
            try:
                links = [os.readlink(fd) for fd in (proc / "fd").iterdir()]
            except OSError:
                return False
            if self.db not in links:
                return False
            opened[pid] = time.monotonic()
        try:
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
            wchan = (proc / "wchan").read_text().strip()
        except (OSError, IndexError):
            state, wchan = "?", ""
        if state == "R":
            return False  # running: still reading, or trying BEGIN IMMEDIATE right now
        if wchan in ("", "0"):  # a kernel that does not tell
            return time.monotonic() - opened[pid] > 0.5
        return "sleep" in wchan


class _PostgresObserver:
    """Counts the backends of the race's database that wait on a lock."""

    def __init__(self, dsn: str) -> None:
        import psycopg

        self.connection = psycopg.connect(dsn, autocommit=True)

    def waiting(self) -> int:
        row = self.connection.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        ).fetchone()
        return int(row[0]) if row is not None else 0

    def close(self) -> None:
        self.connection.close()


def split(outcomes: Sequence[Outcome], *, winners: int) -> tuple[list[Outcome], list[Outcome]]:
    """The commands that succeeded and those refused: exactly ``winners`` succeeded (nothing on
    stderr), and every refusal is exit 1, nothing on stdout, one ``Error:`` line on stderr."""
    won = [o for o in outcomes if o.code == 0]
    lost = [o for o in outcomes if o.code != 0]
    shown = describe(outcomes)
    assert len(won) == winners, f"expected {winners} to succeed:\n{shown}"
    for outcome in won:
        assert outcome.stderr == "", shown
    for outcome in lost:
        assert "Traceback" not in outcome.stderr, shown
        assert outcome.code == 1, shown
        assert outcome.stdout == "", shown
        lines = outcome.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), shown
        assert outcome.stderr.endswith("\n"), shown
    return won, lost
