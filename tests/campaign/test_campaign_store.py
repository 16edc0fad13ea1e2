"""The store: engine factory, database location, schema check and migrations."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Table, text
from sqlalchemy.engine import Connection, Engine
from sqlmodel import SQLModel

import skirmish.campaign.account_tables  # noqa: F401 - the accounts' tables are compared too
from skirmish.campaign import gangs, lookup, store
from skirmish.errors import StoreError


def _version(connection: Connection) -> object:
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def _table_of(difference: Any) -> str | None:
    first = difference[0] if isinstance(difference, list) else difference
    kind = first[0]
    if kind.startswith("modify_") or kind in ("add_column", "remove_column"):
        return str(first[2])
    target = first[1]
    if isinstance(target, Table):
        return target.name
    table = getattr(target, "table", None)
    return getattr(table, "name", None)


def test_head_revision_is_the_newest_shipped_migration() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    folder = Path(store.__file__).parent.parent / "migrations"
    config.set_main_option("script_location", str(folder))
    assert ScriptDirectory.from_config(config).get_current_head() == store.head_revision()
    assert store.known_revisions()[-1] == store.head_revision()


def test_migrations_build_exactly_the_tables_of_the_models(engine: Engine) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    # Tables of other modules (games…) are migrated here too but may not be imported: compare
    # the tables this test knows, and check that none of them is missing or different.
    mine = [d for d in differences if _table_of(d) in SQLModel.metadata.tables]
    assert mine == []


def test_a_new_database_is_marked_as_skirmish(engine: Engine) -> None:
    with engine.connect() as connection:
        meta = dict(connection.execute(text("SELECT key, value FROM skirmish_meta")).all())
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert meta == {"application": "skirmish", "schema_version": store.head_revision()}
    assert version == store.head_revision()


def test_opening_twice_keeps_the_data(db_url: str) -> None:
    first = store.open_store(db_url)
    with store.transaction(first) as session:
        gangs.new_campaign(session, name="West")
    first.dispose()
    again = store.open_store(db_url)
    with store.transaction(again) as session:
        assert lookup.current_campaign(session).name == "West"
    again.dispose()


def test_a_database_of_a_newer_version_is_refused_and_left_alone(db_url: str) -> None:
    engine = store.open_store(db_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    where = repr(db_url.removeprefix("sqlite:///")) if db_url.startswith("sqlite") else None
    with pytest.raises(StoreError) as refused:
        store.open_store(db_url)
    message = str(refused.value)
    head = store.head_revision()
    assert f"has schema version '0099', newer than this skirmish knows ({head!r})" in message
    assert message.endswith("upgrade skirmish to use it. Nothing was changed.")
    if where is not None:
        assert message.startswith(where)
    check = store.make_engine(db_url)
    with check.connect() as connection:
        assert _version(connection) == "0099"
    check.dispose()


def test_a_database_with_other_tables_is_refused_and_left_alone(db_url: str) -> None:
    foreign = store.make_engine(db_url)
    with foreign.begin() as connection:
        connection.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER)"))
    foreign.dispose()
    refused = r"is not a skirmish database \(it holds tables invoices\)"
    with pytest.raises(StoreError, match=refused):
        store.open_store(db_url)
    check = store.make_engine(db_url)
    with check.connect() as connection:
        from sqlalchemy import inspect

        assert inspect(connection).get_table_names() == ["invoices"]
    check.dispose()


def test_a_random_binary_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "noise.db"
    noise = os.urandom(8192)
    path.write_bytes(noise)
    with pytest.raises(StoreError) as refused:
        store.open_store(str(path))
    assert str(refused.value) == (
        f"{str(path)!r} is not a skirmish database (file is not a database); "
        "choose another file with --db. Nothing was changed."
    )
    assert path.read_bytes() == noise
    assert sorted(p.name for p in tmp_path.iterdir()) == ["noise.db"]


def test_an_sqlite_file_of_another_program_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
        connection.execute("INSERT INTO notes VALUES ('hello')")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="is not a skirmish database"):
        store.open_store(str(path))
    assert path.read_bytes() == before


def test_an_older_sqlite_database_is_backed_up_then_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = store.make_engine(f"sqlite:///{path}")
    store.upgrade(old, "0001")
    with old.begin() as connection:
        connection.execute(
            text("INSERT INTO campaign (name, explosives, created_at) VALUES ('Old', 0, 'x')")
        )
    old.dispose()
    before = path.read_bytes()
    engine = store.open_store(str(path))
    backup = tmp_path / "old.db.0001.bak"
    assert backup.read_bytes() == before
    with engine.connect() as connection:
        assert connection.execute(text("SELECT name FROM campaign")).scalar() == "Old"
        assert _version(connection) == store.head_revision()
        assert connection.execute(text("SELECT count(*) FROM failed_purchase")).scalar() == 0
    engine.dispose()


@pytest.mark.postgres
def test_an_older_postgresql_database_is_upgraded(postgres_database: str) -> None:
    old = store.make_engine(postgres_database)
    store.upgrade(old, "0001")
    old.dispose()
    engine = store.open_store(postgres_database)
    with engine.connect() as connection:
        assert _version(connection) == store.head_revision()
        value = connection.execute(
            text("SELECT value FROM skirmish_meta WHERE key = 'schema_version'")
        ).scalar()
        assert value == store.head_revision()
    engine.dispose()


def test_paths_and_urls() -> None:
    assert store.resolve_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert store.resolve_url("rel.db") == f"sqlite:///{Path('rel.db').resolve()}"
    assert store.default_path().name == "campaigns.db"
    assert "skirmish" in str(store.default_path().parent)


def test_default_location_is_the_per_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert store.resolve_url(None) == f"sqlite:///{tmp_path / 'data' / 'skirmish' / 'campaigns.db'}"
    with pytest.raises(StoreError, match="there is no database at"):
        store.open_store(None, access=store.Access.READ, create=False)
    assert not (tmp_path / "data").exists()  # a reader creates nothing (issue #8)
    store.open_store(None).dispose()  # creating one makes the per-user folder
    assert (tmp_path / "data" / "skirmish" / "campaigns.db").is_file()


def test_a_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "c.db"
    with pytest.raises(StoreError) as refused:
        store.open_store(str(missing))
    assert str(refused.value) == (
        f"cannot create database {str(missing)!r}: folder {str(missing.parent)!r} does not exist."
    )


def test_an_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(StoreError, match="cannot reach .*connection"):
        store.open_store("postgresql+psycopg://nobody@127.0.0.1:1/none")


def test_in_memory_sqlite_keeps_one_database_across_sessions() -> None:
    engine = store.open_store("sqlite://")
    with store.transaction(engine) as session:
        gangs.new_campaign(session, name="Memory")
    with store.transaction(engine) as session:
        assert lookup.current_campaign(session).name == "Memory"
    engine.dispose()


def test_column_rows_see_what_the_unit_of_work_has_not_written_yet(engine: Engine) -> None:
    """``store.column_rows`` runs a select of columns as Core does (issue #23), yet reads what
    the unit of work holds unflushed, as the ORM's own execution would (autoflush)."""
    from sqlmodel import col, select

    from skirmish.campaign.models import Campaign

    names = select(col(Campaign.name)).order_by(col(Campaign.name))
    with store.transaction(engine) as session:
        assert store.column_rows(session, names) == []
        session.add(Campaign(name="Deadwood", created_at="2026-11-29T18:00:00Z"))
        assert [row.name for row in store.column_rows(session, names)] == ["Deadwood"]
    with store.transaction(engine, access=store.Access.READ) as session:
        assert [tuple(row) for row in store.column_rows(session, names)] == [("Deadwood",)]
