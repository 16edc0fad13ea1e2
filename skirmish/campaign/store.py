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

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from skirmish.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

APPLICATION = "skirmish"
DB_FILENAME = "campaigns.db"
_MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def default_path() -> Path:
    """The default database file, in the per-user data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("skirmish", appauthor=False)) / DB_FILENAME


def resolve_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given, a path as an SQLite file URL."""
    if db is None or not db.strip():
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


def make_engine(url: str) -> Engine:
    """The one engine factory: SQLite with foreign keys enforced (in-memory on a single shared
    connection), or any other SQLAlchemy URL."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(
            f"{url!r} is not a database URL; give a file path or e.g. "
            "postgresql+psycopg://user@host/dbname."
        ) from None
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(parsed)
        except (ArgumentError, ImportError) as exc:
            raise StoreError(f"cannot use database {url!r}: {exc}") from None
    database = parsed.database or ""
    kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
    if database in ("", ":memory:") or database.startswith("file::memory:"):
        kwargs["poolclass"] = StaticPool
    else:
        folder = Path(database).parent
        if not folder.is_dir():
            raise StoreError(
                f"cannot create database {database!r}: folder {str(folder)!r} does not exist."
            )
    engine = create_engine(parsed, **kwargs)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def open_store(db: str | None) -> Engine:
    """An engine on the database ``--db`` names, checked and upgraded (see module docs)."""
    engine = make_engine(resolve_url(db))
    try:
        prepare(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


def known_revisions() -> list[str]:
    """Revisions shipped in the package, oldest first (files are named ``NNNN_slug.py``, each
    revising the one before: a test checks the chain against Alembic's own view)."""
    names = sorted(p.name.split("_", 1)[0] for p in (_MIGRATIONS / "versions").glob("[0-9]*_*.py"))
    return names


def head_revision() -> str:
    """The Alembic revision this version of skirmish writes: the newest shipped migration."""
    return known_revisions()[-1]


def prepare(engine: Engine) -> None:
    """Check the database and bring its schema to ``head_revision()`` (see module docs)."""
    where = _describe(engine)
    head = head_revision()
    try:
        with engine.connect() as connection:
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
                f"{where} is not a skirmish database ({reason}); choose another file with --db. "
                "Nothing was changed."
            ) from None
        raise StoreError(f"{where} cannot be opened as a database: {reason}.") from None
    if revision == head:
        return
    if revision is None:
        upgrade(engine, "head")
        return
    if revision not in known_revisions():
        raise StoreError(
            f"{where} has schema version {revision!r}, newer than this skirmish knows "
            f"({head!r}); upgrade skirmish to use it. Nothing was changed."
        )
    backup_sqlite(engine, revision)
    upgrade(engine, "head")


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
            f"{where} is not a skirmish database (it holds tables {shown}); "
            "choose another file with --db. Nothing was changed."
        )
    app = connection.execute(
        text("SELECT value FROM skirmish_meta WHERE key = 'application'")
    ).scalar()
    versions = [
        row[0] for row in connection.execute(text("SELECT version_num FROM alembic_version"))
    ]
    if app != APPLICATION or len(versions) != 1:
        raise StoreError(
            f"{where} is not a skirmish database (no skirmish schema version); "
            "choose another file with --db. Nothing was changed."
        )
    return str(versions[0])


def upgrade(engine: Engine, revision: str) -> None:
    """Run the shipped Alembic migrations up to ``revision`` in one transaction."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    except SQLAlchemyError as exc:
        raise StoreError(f"upgrading {_describe(engine)} failed: {_reason(exc)}.") from None


def backup_sqlite(engine: Engine, revision: str) -> Path | None:
    """Copy an SQLite file aside before upgrading it: ``campaigns.db.0001.bak``."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    source = Path(url.database)
    target = source.with_name(f"{source.name}.{revision}.bak")
    number = 1
    while target.exists():
        number += 1
        target = source.with_name(f"{source.name}.{revision}.{number}.bak")
    engine.dispose()
    import shutil  # only an upgrade pays for it

    shutil.copy2(source, target)
    return target


@contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """One session and one transaction: committed at the end, rolled back on any error."""
    with Session(engine, expire_on_commit=False) as session:
        with session.begin():
            yield session


def _describe(engine: Engine) -> str:
    url = engine.url
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
