"""Shared fixtures: a real PostgreSQL 15 server for the store tests.

``postgres_server`` starts a throw-away server on 127.0.0.1 in a temporary folder (``initdb`` +
``pg_ctl``, run as the ``postgres`` user when the tests run as root) and stops it when the
session ends. If the binaries are missing or the server does not start, the postgres tests
fail loudly; set ``SKIRMISH_SKIP_PG=1`` to skip them on a machine without PostgreSQL.
"""

from __future__ import annotations

import atexit
import gc
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

#: No timing is a test's assertion (the guide), hypothesis's 200 ms deadline per example
#: included: a loaded machine made a property test fail on 299 ms. The examples' counts stay
#: each test's own.
settings.register_profile("skirmish", deadline=None)
settings.load_profile("skirmish")

#: Printed sheets and compiled templates are kept in a folder of the session's own (issue #23),
#: never in the user's cache: ``printing.book_cache.CACHE_ENV``; it goes when the session ends.
os.environ["SKIRMISH_CACHE_DIR"] = tempfile.mkdtemp(prefix="skirmish-cache-")
atexit.register(shutil.rmtree, os.environ["SKIRMISH_CACHE_DIR"], ignore_errors=True)
#: PDFs written by two processes are compared byte for byte (the server's warm press against
#: the CLI, tests/web/test_prints.py). When weasyprint subsets fonts with fontTools (a machine
#: without libharfbuzz-subset: this project's CI installs chromium, which brings it; a bare
#: machine has none), fontTools stamps each subset font with the current second unless
#: ``SOURCE_DATE_EPOCH`` says otherwise, so two PDFs written in different seconds differed by
#: that stamp (issue #23, benchmarks/issue23.md "05:00–05:45"). The reproducible-builds
#: convention fixes it for every process the suite starts (elsewhere only build tools read it,
#: for the dates in a package they build, and no test builds one).
os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
#: A campaign book is laid out in this process (issue #23): the suite's own workers already
#: share the cores. The tests of the book's press ask for two layout processes themselves.
os.environ.setdefault("SKIRMISH_PRINT_WORKERS", "1")


@dataclass(frozen=True)
class PostgresServer:
    """A running server: where it listens and how to reach its maintenance database."""

    host: str
    port: int
    user: str

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@{self.host}:{self.port}/{database}"


def _bindir() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    try:
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    folder = Path(out.stdout.strip())
    return folder if (folder / "initdb").exists() else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


#: The order files start in (``make test`` runs ``pytest -n 3 --dist loadfile
#: --no-loadscope-reorder``): a worker takes the next file when it is done, so the longest files
#: go first and the many short ones fill the end. pytest-xdist's own reordering (most tests
#: first) put the browser's files, one long test each, last: the suite's last minutes ran them
#: on one or two workers while the others had nothing left. A file named here starts in this
#: order, before the rest: the longest measured (issue #23, benchmarks/issue23.md "the suite,
#: second round": the test times summed per file at ``-n 2``, load 8–12, from 226.9 s down to
#: 83.4 s; the third round added the campaign's state machine, one test of 66 s at load 10
#: that had started among the short files); then the files of a test marked ``browser``, then
#: ``slow``, then the others, each group in the collection's order.
LONGEST_FIRST = (
    "tests/printing/test_cards_pdf.py",
    "tests/web/test_prints.py",
    "tests/printing/test_print_pdf.py",
    "tests/campaign/test_campaign_machine.py",
    "tests/web/browser/test_offline_phone.py",
    "tests/campaign/test_choices.py",
    "tests/games/test_table_game.py",
    "tests/web/browser/test_full_games_phone.py",
    "tests/games/test_differential.py",
    "tests/campaign/test_races.py",
    "tests/web/browser/test_table_mode.py",
    "tests/printing/test_print_book.py",
    "tests/games/test_properties.py",
    "tests/printing/test_gazette_print.py",
    "tests/printing/test_print_roster_pdf.py",
    "tests/campaign/test_audit.py",
    "browser",
    "slow",
)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Files in the order of ``LONGEST_FIRST`` (a file goes where its name, else its heaviest
    test, puts it), each file's tests kept together and in their own order."""
    root = config.rootpath

    def weight(item: pytest.Item) -> int:
        where = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
        if where in LONGEST_FIRST:
            return LONGEST_FIRST.index(where)
        marked = [i for i, name in enumerate(LONGEST_FIRST) if item.get_closest_marker(name)]
        return min(marked, default=len(LONGEST_FIRST))

    files: dict[str, int] = {}
    for item in items:
        path = str(item.path)
        files[path] = min(files.get(path, len(LONGEST_FIRST)), weight(item))
    rank = {path: n for n, path in enumerate(files)}  # the collection's own order, per class
    items.sort(key=lambda item: (files[str(item.path)], rank[str(item.path)]))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """The session's last garbage collected while its worker is still at work, then the
    survivors frozen (``gc.freeze``: left out of every later collection) (issue #23).

    A pytest-xdist worker reports that it has finished when this hook returns, and then
    unconfigures pytest, whose unraisable-exception plugin collects the garbage once more to
    report what a finalizer raised. The controller stops the workers when the last has
    reported, and execnet gives each 5 s to end before it sends it SIGINT: at a busy hour that
    full collection of a worker's heap took longer, and the KeyboardInterrupt landed in
    whichever Python code ran then, hypothesis's gc callback (a
    ``PytestUnraisableExceptionWarning`` at the end of the run). Collected here, after the
    session's fixtures are torn down, what any finalizer raises still goes to pytest's hook and
    is reported as before; the later collection only walks what unconfiguring made."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _no_inherited_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest-xdist's workers (``make test`` runs ``pytest -n 2``) export ``COLUMNS=80``, and the
    CLI reads it as a user's shell would: each test starts without it, and sets it when it
    means to (tests/cli/test_rules_cli.py does)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


#: The argon2id cost the tests hash passwords with: argon2's smallest sensible parameters, a
#: millisecond a hash instead of the production hasher's quarter of a second (argon2's defaults,
#: RFC 9106's second recommendation; tests/campaign/test_accounts.py holds the production
#: hasher to them). The hashes are argon2id all the same.
TEST_HASH_COST = {"time_cost": 1, "memory_cost": 1024, "parallelism": 1}


@pytest.fixture(autouse=True, scope="session")
def _cheap_password_hashes() -> Iterator[None]:
    """Every in-process password hash of the suite at ``TEST_HASH_COST`` (the web app's and the
    CLI's; a server started in another process keeps the real cost)."""
    from argon2 import PasswordHasher

    from skirmish.campaign import accounts

    kept = accounts._hasher
    accounts._hasher = PasswordHasher(**TEST_HASH_COST)
    yield
    accounts._hasher = kept


class EngineShelf:
    """The engines ``store.make_engine`` made for this test, one per database and thread,
    handed out again when the same store is opened again (issue #23).

    A command run in the test's process (typer's ``CliRunner``: ``cli``, ``skirmish(db, …)``,
    the games' harness) opens the store, does its one unit of work and disposes of the engine,
    as from the shell. A new engine has a new dialect, and SQLAlchemy keys its compiled
    statements by the dialect: each command compiled every statement it ran again, about 40%
    of a command's processor time in the suite (tests/campaign/test_gang_commands.py with
    tests/cli/test_game_cli.py: 31.5 s of CPU, 19.3 s with the engines kept). A disposed
    engine is still an engine (SQLAlchemy's ``Engine.dispose``: its connections are closed,
    the next one is opened afresh), so the next command on the same store reuses it and its
    compiled statements, and still opens the file anew, checks it and upgrades it
    (``store.open_store``). Only the engines of SQLAlchemy's default pool are kept, the
    command line's (``connections=None``): a web app's (``create_app``, a pool of its own
    size) is its own, as two servers on one store are two processes (a test's two apps on one
    file sharing an engine counted each other's statements). In-memory SQLite is never kept
    (each engine is its own database); a thread gets engines of its own; the shelf is emptied,
    without disposing of anything (an engine's owner does), when each test ends."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.engines: dict[tuple[str, int], Any] = {}

    def __call__(self, url: str, *, connections: int | None = None) -> Any:
        from sqlalchemy.engine import make_url

        parsed = make_url(url)
        database = parsed.database or ""
        if connections is not None or (
            parsed.get_backend_name() == "sqlite"
            and (database in ("", ":memory:") or database.startswith("file::memory:"))
        ):
            return self.make(url, connections=connections)
        key = (url, threading.get_ident())
        engine = self.engines.get(key)
        if engine is None:
            engine = self.engines[key] = self.make(url, connections=connections)
        return engine


@pytest.fixture(autouse=True, scope="session")
def _engine_shelf() -> Iterator[EngineShelf]:
    """``store.make_engine`` through the session's ``EngineShelf`` (``store.open_store`` calls
    it by the module's name, the CLI's and the web app's only way to an engine)."""
    from skirmish.campaign import store

    made = store.make_engine
    shelf = EngineShelf(made)
    store.make_engine = shelf  # type: ignore[assignment]
    yield shelf
    store.make_engine = made  # type: ignore[assignment]


@pytest.fixture(autouse=True)
def _empty_engine_shelf(_engine_shelf: EngineShelf) -> Iterator[None]:
    yield
    _engine_shelf.engines.clear()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server on loopback for this test session."""
    if os.environ.get("SKIRMISH_SKIP_PG") == "1":
        pytest.skip("SKIRMISH_SKIP_PG=1: PostgreSQL tests skipped")
    bindir = _bindir()
    if bindir is None:
        pytest.fail(
            "PostgreSQL binaries (initdb, pg_ctl) not found on PATH or in $(pg_config --bindir); "
            "install PostgreSQL 15 or set SKIRMISH_SKIP_PG=1 to skip these tests locally."
        )
    as_root = os.geteuid() == 0
    prefix: list[str] = ["runuser", "-u", "postgres", "--"] if as_root else []
    base = Path(tempfile.mkdtemp(prefix="skirmish-pg-"))
    data, sockets, log = base / "data", base / "sock", base / "server.log"
    sockets.mkdir()
    if as_root:
        account = pwd.getpwnam("postgres")
        for path in (base, sockets):
            os.chown(path, account.pw_uid, account.pw_gid)
    port = _free_port()
    user = "postgres" if as_root else pwd.getpwuid(os.geteuid()).pw_name
    options = f"-k {sockets} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off"
    try:
        subprocess.run(
            [*prefix, str(bindir / "initdb"), "-D", str(data), "-U", user, "--auth=trust",
             "-E", "UTF8", "--no-locale"],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log),
             "-w", "-t", "60", "start"],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
    except subprocess.CalledProcessError as exc:
        detail = (exc.stderr or exc.stdout or "").strip().splitlines()[-3:]
        server_log = log.read_text(errors="replace")[-800:] if log.exists() else ""
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {' | '.join(detail)} {server_log}")
    try:
        yield PostgresServer("127.0.0.1", port, user)
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True, check=False,
        )  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


_NUMBERS = itertools.count(1)


def _admin(server: PostgresServer, sql: str) -> None:
    import psycopg

    dsn = f"host={server.host} port={server.port} user={server.user} dbname=postgres"
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(sql)  # type: ignore[arg-type]


@contextmanager
def _database(server: PostgresServer, template: str | None = None) -> Iterator[str]:
    name = f"skirmish_test_{os.getpid()}_{next(_NUMBERS)}"
    copy = f' TEMPLATE "{template}"' if template else ""
    _admin(server, f'CREATE DATABASE "{name}"{copy}')
    try:
        yield server.url(name)
    finally:
        _admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def postgres_database(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a new, empty database on the session's server, dropped afterwards."""
    with _database(postgres_server) as url:
        yield url


@pytest.fixture(scope="session")
def postgres_template(postgres_server: PostgresServer) -> Iterator[str]:
    """The name of a database migrated once per session, to copy fresh ones from."""
    from skirmish.campaign import store

    with _database(postgres_server) as url:
        store.open_store(url).dispose()
        yield url.rsplit("/", 1)[1]


@pytest.fixture
def postgres_migrated_database(
    postgres_server: PostgresServer, postgres_template: str
) -> Iterator[str]:
    """The URL of a new database with the current schema and no campaign (a template copy)."""
    with _database(postgres_server, postgres_template) as url:
        yield url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file with the current schema and no campaign, to copy fresh ones from."""
    from skirmish.campaign import store

    path = tmp_path_factory.mktemp("template") / "campaigns.db"
    store.open_store(str(path)).dispose()
    return path


class CampaignCli:
    """The ``skirmish`` command on a fresh SQLite database file of its own (``--db``)."""

    def __init__(self, path: Path) -> None:
        from typer.testing import CliRunner

        self.path = path
        self.runner = CliRunner()

    def run(self, *args: str, ok: bool = True) -> Any:
        """Run a command; by default it must succeed."""
        from skirmish.cli.main import app

        result = self.runner.invoke(app, [*args, "--db", str(self.path)], env={"SKIRMISH_LANG": ""})
        if ok:
            assert result.exit_code == 0, (args, result.output)
        return result

    def json(self, *args: str) -> Any:
        import json

        return json.loads(self.run(*args, "--json").stdout)

    def dump(self) -> list[str]:
        """Every row of the database, to check that a refusal changed nothing."""
        import sqlite3

        if not self.path.exists():
            return []
        with sqlite3.connect(self.path) as connection:
            return list(connection.iterdump())

    def refused(self, *args: str, error: str, code: int = 1) -> Any:
        """Run a command that must fail with exactly one ``Error: …`` line (``Errore: …`` when
        the command says ``--lang it``) and change nothing."""
        before = self.dump()
        result = self.run(*args, ok=False)
        assert result.exit_code == code, (args, result.output)
        italian = any(a == "--lang" and b == "it" for a, b in zip(args, args[1:], strict=False))
        prefix = "Errore: " if italian else "Error: "
        assert result.stderr == f"{prefix}{error}\n", result.stderr
        assert result.stdout == ""
        assert self.dump() == before
        return result


@pytest.fixture
def cli(tmp_path: Path, sqlite_template: Path) -> CampaignCli:
    """``skirmish`` on a fresh database file (a copy of an empty, migrated one)."""
    path = tmp_path / "campaigns.db"
    shutil.copyfile(sqlite_template, path)
    return CampaignCli(path)


@pytest.fixture(scope="session")
def cli_at() -> type[CampaignCli]:
    """Build ``CampaignCli`` on a path of one's own (for module-scoped templates)."""
    return CampaignCli
