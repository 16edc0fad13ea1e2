"""Where the campaigns live: one engine factory, the database location, and the schema check.

The default database is an SQLite file in the per-user data folder (``platformdirs``):
``~/.local/share/skirmish/campaigns.db`` on Linux. ``--db PATH|URL`` or ``SKIRMISH_DB``
choose another file or any SQLAlchemy URL (``postgresql+psycopg://user@host/db``).

Opening a database checks it before anything is written: an empty one gets the schema, an older
skirmish schema is upgraded by the Alembic migrations shipped in the package (an SQLite file is
copied aside first), and a newer schema or a database that is not skirmish's is refused with a
``StoreError`` and left untouched. Alembic is imported only when a migration has to run.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from skirmish.environment import busy_seconds
from skirmish.errors import SkirmishError, StoreError
from skirmish.translation import N_, Message, Said

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection
    from sqlalchemy.orm import Session as OrmSession
    from sqlalchemy.sql import Executable

APPLICATION = "skirmish"
DB_FILENAME = "campaigns.db"
#: The PostgreSQL advisory lock held while the schema is upgraded ("skir" in ASCII).
_UPGRADE_LOCK = 0x736B6972
_MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def default_path() -> Path:
    """The default database file, in the per-user data folder."""
    return Path(platformdirs.user_data_dir("skirmish", appauthor=False)) / DB_FILENAME


class Access(StrEnum):
    """What one unit of work may change, and so what it locks (docs/campaign.md, "Concurrent
    writers"). On SQLite every writer takes the database's write lock when it begins
    (``BEGIN IMMEDIATE``); on PostgreSQL the lookups lock the rows they hand out
    (``SELECT … FOR UPDATE``, ``lookup``)."""

    READ = "read"  # reads only: a read-only transaction; never creates a database
    GANG = "gang"  # changes one gang or one game: its row FOR UPDATE, the campaign's FOR SHARE
    CAMPAIGN = "campaign"  # changes the campaign as a whole: the campaign row FOR UPDATE


#: The execution option that carries a unit of work's ``Access`` to the ``begin`` hooks.
ACCESS_OPTION = "skirmish_access"
BUSY_MESSAGE = N_(
    "the database is busy (another skirmish is writing); try again. Nothing was changed."
)


def resolve_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given, a path as an SQLite file URL."""
    if db is None or not db.strip():
        return f"sqlite:///{default_path()}"
    if "://" in db:
        return db
    try:
        path = Path(db).expanduser().resolve()
    except RuntimeError:  # Python 3.11 raises it for a loop of symbolic links
        raise StoreError(
            Message(
                "{db!r} is a loop of symbolic links, not a database file; give another --db.", db=db
            )
        ) from None
    except OSError as exc:
        raise StoreError(
            Message(
                "cannot use {db!r} as a database file: {exc_strerror}.",
                db=db,
                exc_strerror=exc.strerror,
            )
        ) from None
    return f"sqlite:///{path}"


def make_engine(url: str, *, connections: int | None = None) -> Engine:
    """The one engine factory: SQLite with foreign keys enforced, transactions begun by skirmish
    itself (so DDL is transactional and writers begin ``IMMEDIATE``; in-memory on a single shared
    connection), or any other SQLAlchemy URL. ``connections``: how many the engine keeps open
    for threads that use it at once (the web server's), and as many more opened and closed
    again if they are ever needed (a unit of work inside another); ``None``: SQLAlchemy's 5
    kept, 10 more."""
    pool: dict[str, Any] = {}
    if connections is not None:
        pool = {"pool_size": connections, "max_overflow": connections}
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(
            Message(
                "{url!r} is not a database URL; give a file path or e.g. "
                "postgresql+psycopg://user@host/dbname.",
                url=url,
            )
        ) from None
    if parsed.get_backend_name() != "sqlite":
        try:
            engine = create_engine(parsed, **pool)
        except (ArgumentError, ImportError) as exc:
            raise StoreError(
                Message("cannot use database {url!r}: {exc}", url=url, exc=exc)
            ) from None
        if engine.dialect.name == "postgresql":
            event.listen(engine, "connect", _postgresql_connect)
            event.listen(engine, "begin", _postgresql_begin)
        return engine
    database = parsed.database or ""
    kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 5.0}}
    if _in_memory(database):
        kwargs["poolclass"] = StaticPool
    else:
        kwargs.update(pool)
        folder = Path(database).parent
        if not folder.is_dir():
            raise StoreError(
                Message(
                    "cannot create database {database!r}: folder {folder!r} does not exist.",
                    database=database,
                    folder=str(folder),
                )
            )
    engine = create_engine(parsed, **kwargs)
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _in_memory(database: str) -> bool:
    return database in ("", ":memory:") or database.startswith("file::memory:")


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # SQLAlchemy's recipe for pysqlite: the driver emits no BEGIN of its own (it would not put
    # DDL inside a transaction); ``_sqlite_begin`` emits it.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _access(connection: Connection) -> Access:
    return Access(connection.get_execution_options().get(ACCESS_OPTION, Access.CAMPAIGN))


def _sqlite_begin(connection: Connection) -> None:
    """Begin a transaction: deferred and query-only for a reader, ``BEGIN IMMEDIATE`` for a
    writer, which takes the write lock before it reads anything (so what it checks cannot change
    under it). A busy database is tried again with jittered, growing pauses for
    ``busy_seconds()``, then refused with ``BUSY_MESSAGE``."""
    if connection.get_execution_options().get("isolation_level") == "AUTOCOMMIT":
        return  # VACUUM and the like run outside any transaction
    reading = _access(connection) is Access.READ
    state = connection.connection.info
    if state.get("query_only", False) != reading:  # kept per connection: set only on a change
        connection.exec_driver_sql(f"PRAGMA query_only={'ON' if reading else 'OFF'}")
        state["query_only"] = reading
    if reading:
        connection.exec_driver_sql("BEGIN")
        return
    connection.exec_driver_sql("PRAGMA busy_timeout=0")
    deadline = time.monotonic() + busy_seconds()
    pause = 0.005
    try:
        while True:
            try:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
                return
            except OperationalError as exc:
                if not _is_busy(exc) or time.monotonic() >= deadline:
                    raise
            time.sleep(random.uniform(pause / 2, pause))
            pause = min(pause * 2, 0.25)
    finally:
        # Once the write lock is held, committing waits (boundedly) for readers to finish.
        connection.exec_driver_sql(f"PRAGMA busy_timeout={int(busy_seconds() * 1000)}")


#: A connection's info: the ``lock_timeout`` it was opened with (``_postgresql_connect``).
_LOCK_TIMEOUT = "skirmish_lock_timeout"


def _lock_timeout() -> int:
    """A writer's longest wait for a row another writer holds, in milliseconds (at least 1: 0
    would be no limit)."""
    return max(int(busy_seconds() * 1000), 1)


def _postgresql_connect(driver: Any, record: Any) -> None:
    """A new connection waits at most ``busy_seconds()`` for a lock, from its first transaction
    on (issue #23: each writer's transaction set it, one statement more each); a writer's
    transaction sets it again only when the wait has been changed since (``_postgresql_begin``).
    A reader's takes no row lock, so only a table's exclusive lock (a schema upgrade) could hold
    it, and it then waits as long as a writer would."""
    milliseconds = _lock_timeout()
    with driver.cursor() as cursor:
        cursor.execute(f"SET lock_timeout = {milliseconds}")
    driver.commit()
    record.info[_LOCK_TIMEOUT] = milliseconds


def _postgresql_begin(connection: Connection) -> None:
    """A reader's transaction is read-only and reads one snapshot (REPEATABLE READ: every
    query of a page sees the same committed state, as an SQLite reader does); a writer's reads
    the latest rows it locks (READ COMMITTED, the server's default) and waits at most
    ``busy_seconds()`` for a row another writer holds (``lookup`` locks them), then is refused
    with ``BUSY_MESSAGE``."""
    reading = _access(connection) is Access.READ
    driver: Any = connection.connection.dbapi_connection
    if _psycopg_idle(driver):
        # psycopg then begins with ``BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`` (or a
        # plain ``BEGIN``): one round trip, where a ``SET TRANSACTION`` after it is two, on
        # every page the web app serves.
        from psycopg import IsolationLevel  # lazy: postgresql

        level = IsolationLevel.REPEATABLE_READ if reading else None
        if driver.read_only != reading or driver.isolation_level != level:
            driver.read_only = reading
            driver.isolation_level = level
    elif reading:
        connection.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
    elif getattr(driver, "read_only", False):
        connection.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED READ WRITE")
    milliseconds = _lock_timeout()
    if not reading and connection.connection.info.get(_LOCK_TIMEOUT) != milliseconds:
        connection.exec_driver_sql(f"SET LOCAL lock_timeout = {milliseconds}")


def _psycopg_idle(driver: Any) -> bool:
    """Whether ``driver`` is a psycopg 3 connection between transactions, whose ``read_only``
    may then be set for the next one (``pq.TransactionStatus.IDLE`` is 0)."""
    status = getattr(getattr(driver, "info", None), "transaction_status", None)
    return hasattr(driver, "read_only") and status == 0


def _is_busy(exc: DBAPIError) -> bool:
    reason = _reason(exc).lower()
    code = getattr(exc.orig, "sqlstate", None)
    return (
        "database is locked" in reason
        or "database table is locked" in reason
        or "database is busy" in reason
        or code in ("55P03", "40P01", "40001")  # lock timeout, deadlock, serialization failure
    )


def open_store(
    db: str | None,
    *,
    access: Access = Access.CAMPAIGN,
    create: bool = True,
    connections: int | None = None,
) -> Engine:
    """An engine on the database ``--db`` names, checked and upgraded (see module docs);
    ``connections`` as ``make_engine`` takes it.

    Only ``create`` may start a new database (``campaign new``, ``import``): any other command
    at a path where there is none, or at an empty file, is refused and creates nothing. The first
    time a process that will write opens an SQLite file, ``PRAGMA quick_check`` must pass."""
    url = resolve_url(db)
    _check_file(url, db, create=create)
    engine = make_engine(url, connections=connections)
    try:
        prepare(engine, create=create)
        if access is not Access.READ:
            _quick_check(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


def _sqlite_file(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or _in_memory(parsed.database or ""):
        return None
    return Path(parsed.database or "")


def _check_file(url: str, db: str | None, *, create: bool) -> None:
    path = _sqlite_file(url)
    if path is None:
        return
    where = repr(str(path))
    if path.is_dir():
        raise StoreError(
            Message("{where} is a folder, not a database file; give a file with --db.", where=where)
        )
    if not path.exists():
        if not create:
            raise StoreError(
                Message(
                    "there is no database at {where}: check --db (or SKIRMISH_DB), or "
                    "create a campaign there with 'skirmish campaign new NAME'. Nothing "
                    "was created.",
                    where=where,
                )
            )
        if db is None or not db.strip():
            path.parent.mkdir(parents=True, exist_ok=True)  # the per-user data folder
        return
    if path.stat().st_size == 0 and not create:
        raise StoreError(
            Message(
                "{where} is an empty file, not a skirmish database; choose another "
                "file with --db (only 'skirmish campaign new' starts a database in an "
                "empty file). Nothing was changed.",
                where=where,
            )
        )


_CHECKED: set[str] = set()


def _quick_check(engine: Engine) -> None:
    """``PRAGMA quick_check`` once per process and SQLite file, before its first write."""
    path = _sqlite_file(str(engine.url))
    if path is None or str(path) in _CHECKED:
        return
    try:
        with engine.connect() as connection:
            connection = connection.execution_options(**{ACCESS_OPTION: Access.READ})
            rows = [str(row[0]) for row in connection.exec_driver_sql("PRAGMA quick_check")]
    except DBAPIError as exc:
        rows = [_reason(exc)]
    if rows != ["ok"]:
        raise StoreError(
            Message(
                "{path!r} is damaged (integrity check: {join_rows_2}); nothing was "
                "written. Restore a backup (the .bak files beside it) or copy the file "
                "and ask for help.",
                path=str(path),
                join_rows_2="; ".join(rows[:2]),
            )
        )
    _CHECKED.add(str(path))


@cache
def known_revisions() -> tuple[str, ...]:
    """Revisions shipped in the package, oldest first (files are named ``NNNN_slug.py``, each
    revising the one before: a test checks the chain against Alembic's own view)."""
    names = tuple(
        sorted(p.name.split("_", 1)[0] for p in (_MIGRATIONS / "versions").glob("[0-9]*_*.py"))
    )
    return names


def head_revision() -> str:
    """The Alembic revision this version of skirmish writes: the newest shipped migration."""
    return known_revisions()[-1]


def prepare(engine: Engine, *, create: bool = True) -> None:
    """Check the database and bring its schema to ``head_revision()`` (see module docs)."""
    where = describe(engine)
    head = head_revision()
    try:
        with engine.connect() as connection:
            connection = connection.execution_options(**{ACCESS_OPTION: Access.READ})
            revision = _quick_revision(connection)
            if revision != head:
                tables = set(inspect(connection).get_table_names())
                revision = _revision(connection, tables, where)
    except StoreError:
        raise
    except DBAPIError as exc:
        reason = _reason(exc)
        if "not a database" in reason:
            raise StoreError(
                Message(
                    "{where} is not a skirmish database ({reason}); choose another file "
                    "with --db. Nothing was changed.",
                    where=where,
                    reason=reason,
                )
            ) from None
        raise StoreError(database_message(exc, where)) from None
    if revision == head:
        return
    if revision is None:
        if not create:
            raise StoreError(
                Message(
                    "{where} holds no skirmish campaigns yet (an empty database); create "
                    "one with 'skirmish campaign new NAME'. Nothing was changed.",
                    where=where,
                )
            )
        upgrade(engine, "head", expected=None)
        return
    if revision not in known_revisions():
        raise StoreError(
            Message(
                "{where} has schema version {revision!r}, newer than this skirmish "
                "knows ({head!r}); upgrade skirmish to use it. Nothing was changed.",
                where=where,
                revision=revision,
                head=head,
            )
        )
    backup_sqlite(engine, revision)
    upgrade(engine, "head", expected=revision)


#: The usual case in one query: a skirmish database with exactly one Alembic revision.
_QUICK_CHECK = (
    "SELECT v.version_num FROM skirmish_meta m, alembic_version v "
    "WHERE m.key = 'application' AND m.value = :application"
)


def _quick_revision(connection: Connection) -> str | None:
    """The revision of a skirmish database, in one query; ``None`` when that query cannot tell
    (no such tables, not a database, not one revision): ``_revision`` then looks closely."""
    try:
        rows = connection.execute(text(_QUICK_CHECK), {"application": APPLICATION}).all()
    except DBAPIError:
        connection.rollback()  # PostgreSQL refuses anything more in a failed transaction
        return None
    return str(rows[0][0]) if len(rows) == 1 else None


def _revision(connection: Connection, tables: set[str], where: str) -> str | None:
    """The database's revision; ``None`` when it is empty; refuses a foreign database."""
    if not tables:
        return None
    if "skirmish_meta" not in tables or "alembic_version" not in tables:
        shown = ", ".join(sorted(tables)[:5])
        raise StoreError(
            Message(
                "{where} is not a skirmish database (it holds tables {shown}); choose "
                "another file with --db. Nothing was changed.",
                where=where,
                shown=shown,
            )
        )
    app = connection.execute(
        text("SELECT value FROM skirmish_meta WHERE key = 'application'")
    ).scalar()
    versions = [
        row[0] for row in connection.execute(text("SELECT version_num FROM alembic_version"))
    ]
    if app != APPLICATION or len(versions) != 1:
        raise StoreError(
            Message(
                "{where} is not a skirmish database (no skirmish schema version); "
                "choose another file with --db. Nothing was changed.",
                where=where,
            )
        )
    return str(versions[0])


def upgrade(engine: Engine, revision: str, *, expected: str | None | bool = False) -> None:
    """Run the shipped Alembic migrations up to ``revision`` in ONE transaction, DDL included:
    an interrupted or failed upgrade leaves the old revision intact (SQLite: SQLAlchemy's
    recipe for pysqlite, ``_sqlite_begin``; the write lock is taken before anything is read).

    ``expected`` is the revision the caller saw (``None``: an empty database); if another
    process upgraded it meanwhile, nothing is run twice. On SQLite foreign keys are switched off
    for the rebuild of tables (SQLite's documented procedure) and checked before committing."""
    from alembic import command  # lazy: upgrade
    from alembic.config import Config  # lazy: upgrade

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    sqlite = engine.dialect.name == "sqlite"
    try:
        with engine.connect() as connection:
            driver: Any = connection.connection.driver_connection
            if sqlite:
                driver.execute("PRAGMA foreign_keys=OFF")
            try:
                with connection.begin():
                    if engine.dialect.name == "postgresql":  # one upgrader at a time
                        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_UPGRADE_LOCK})")
                    if expected is not False:
                        tables = set(inspect(connection).get_table_names())
                        now = _revision(connection, tables, describe(engine))
                        if now != expected:
                            return  # another skirmish upgraded it in the meantime
                    config.attributes["connection"] = connection
                    command.upgrade(config, revision)
                    if sqlite:
                        broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                        if broken:
                            raise StoreError(
                                Message(
                                    "upgrading {describe_engine} would break "
                                    "{broken_count} references "
                                    "between tables; nothing was changed.",
                                    describe_engine=describe(engine),
                                    broken_count=len(broken),
                                )
                            )
            finally:
                if sqlite:
                    driver.execute("PRAGMA foreign_keys=ON")
    except SQLAlchemyError as exc:
        raise StoreError(
            Message(
                "upgrading {describe_engine} failed: {reason_exc}.",
                describe_engine=describe(engine),
                reason_exc=_reason(exc),
            )
        ) from None


def backup_sqlite(engine: Engine, revision: str) -> Path | None:
    """Copy an SQLite file aside before upgrading it: ``campaigns.db.0001.bak``, one backup per
    revision (an upgrade tried again after a failure finds its backup already there). The copy
    is SQLite's online backup of a consistent snapshot, written atomically."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or _in_memory(url.database or ""):
        return None

    source = Path(url.database or "")
    engine.dispose()
    temporary = source.with_name(f".{source.name}.{revision}.bak.tmp")
    try:
        reader = sqlite3.connect(source, isolation_level=None)
        try:
            # A read transaction holds SQLite's shared lock: no writer can commit while the
            # bytes are copied, so the copy is consistent and identical to the file.
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM sqlite_master").fetchall()
            shutil.copy(source, temporary)  # the bytes and the permissions
            reader.execute("ROLLBACK")
        finally:
            reader.close()
        digest = _digest(temporary)
        number = 1
        target = source.with_name(f"{source.name}.{revision}.bak")
        while target.exists():
            if _digest(target) == digest:
                return target  # this revision of this file is backed up already
            number += 1
            target = source.with_name(f"{source.name}.{revision}.{number}.bak")
        with open(temporary, "rb+") as stream:
            os.fsync(stream.fileno())
        os.replace(temporary, target)
        return target
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(
            Message(
                "cannot back up {source!r} before upgrading it ({exc}); nothing was changed.",
                source=str(source),
                exc=exc,
            )
        ) from None
    finally:
        temporary.unlink(missing_ok=True)


def _digest(path: Path) -> bytes:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        while block := stream.read(1 << 20):
            digest.update(block)
    return digest.digest()


@event.listens_for(Session, "before_flush")
def _accounts_declared(session: Session, _context: Any, _instances: Any) -> None:
    """The account tables (``campaign/account_tables.py``) declared before anything is written:
    a flush orders its rows by the tables' foreign keys, and ``gang.owner_id`` points at
    ``user_account``, so a command that writes needs that table on the metadata. Reading does
    not, and ``gang show`` and ``print roster`` never build them (issue #23); a command that
    writes pays for them at its first flush."""
    import skirmish.campaign.account_tables  # noqa: F401  # lazy: accounts


@contextmanager
def transaction(
    engine: Engine, *, access: Access = Access.GANG, author: int | None = None
) -> Iterator[Session]:
    """One unit of work: one session and one transaction, committed at the end, rolled back on
    any error (nothing changed). A writer's transaction locks what it changes (``Access``);
    every database failure leaves as one ``StoreError`` line. ``author`` is the account whose
    action this is (its log entries name it); ``None`` is the local command line."""
    try:
        with Session(
            engine, expire_on_commit=False, execution_options={ACCESS_OPTION: access}
        ) as session:
            session.info["access"] = access
            session.info["author"] = author
            with session.begin():
                yield session
    except SkirmishError:
        raise
    except SQLAlchemyError as exc:
        raise StoreError(database_message(exc, describe(engine))) from None


def column_rows(
    session: OrmSession, statement: Executable, params: Mapping[str, Any] | None = None
) -> list[Any]:
    """The rows of a select of columns (no entity), run in ``session``'s transaction on its
    connection, as Core runs it: none of the ORM's statement setup nor its result loading
    (issue #23: about a third of a small statement's cost; a read path's views are built from
    such rows). Changes still pending in the unit of work are flushed first, as the ORM's own
    execution would (autoflush)."""
    if session.new or session.dirty or session.deleted:
        session.flush()
    return list(session.connection().execute(statement, params).all())


def locking_rows(session: Session) -> bool:
    """Whether this unit of work must lock the rows it reads to change them: a writer on a
    database with row locks (PostgreSQL). SQLite writers hold the whole database already."""
    access = session.info.get("access", Access.READ)
    bind = session.get_bind()
    return access is not Access.READ and bind.dialect.name != "sqlite"


def database_error(exc: SQLAlchemyError, where: str) -> str:
    """A database failure as one line that says what to do (issue #8: no traceback, ever)."""
    return str(database_message(exc, where))


def database_message(exc: SQLAlchemyError, where: str | Said) -> Message:
    """``database_error`` as a message of the catalogue (``where`` is a path or a URL, as is)."""
    reason = _reason(exc)
    low = reason.lower()
    code = getattr(getattr(exc, "orig", None), "sqlstate", None)
    values = {"where": where, "reason": reason}
    if isinstance(exc, DBAPIError) and _is_busy(exc):
        return Message(BUSY_MESSAGE)
    if code == "23505" or "unique constraint failed" in low:
        return Message(
            "another skirmish changed the same thing at the same moment; try again. "
            "Nothing was changed."
        )
    if code in ("22003", "22001") or "too large" in low or "overflow" in low:
        return Message(
            "a value is too large for the database ({reason}); nothing was changed.", **values
        )
    if "readonly database" in low or "read-only" in low or code == "25006":
        return Message(
            "{where} is read-only: check the permissions of the file and of its folder. "
            "Nothing was changed.",
            **values,
        )
    if "unable to open database file" in low:
        return Message(
            "cannot open {where}: check that the file and its folder exist and are writable.",
            **values,
        )
    if "disk is full" in low or "no space" in low:
        return Message("the disk holding {where} is full; free some space and try again.", **values)
    if "malformed" in low or "disk i/o error" in low or "not a database" in low:
        return Message(
            "{where} is damaged ({reason}); restore a backup (the .bak files beside it). "
            "Nothing was changed.",
            **values,
        )
    if (code or "").startswith("08") or "connection" in low:
        return Message("cannot reach {where}: {reason}.", **values)
    return Message(
        "the database {where} refused the change ({reason}); nothing was changed.", **values
    )


def describe(engine: Engine | Connection) -> str:
    """Where the database is, for messages: an SQLite file's path, or the URL without its
    password."""
    url = engine.engine.url
    if url.get_backend_name() == "sqlite":
        return repr(url.database) if url.database else "the in-memory database"
    return repr(url.render_as_string(hide_password=True))


def _reason(exc: SQLAlchemyError) -> str:
    origin = getattr(exc, "orig", None) or exc
    return (
        str(origin).strip().splitlines()[0].rstrip(".")
        if str(origin).strip()
        else type(origin).__name__
    )
