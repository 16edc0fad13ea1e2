"""The store a club can trust (issue #8): ids never reused, atomic upgrades with one backup per
revision, databases opened with care, a busy database refused cleanly."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from skirmish.campaign import equipment, gangs, logbook, lookup, store
from skirmish.engine.dice import ScriptedDice
from skirmish.errors import StoreError

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

SKIRMISH = [sys.executable, "-m", "skirmish"]
BUSY = (
    "Error: the database is busy (another skirmish is writing); try again. Nothing was changed.\n"
)


def _revision(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row[0] for row in rows}


def _old_database(path: Path, revision: str = "0001", logs: int = 0) -> None:
    """An SQLite file at an older ``revision`` with a campaign, a gang and ``logs`` entries."""
    engine = store.make_engine(f"sqlite:///{path}")
    store.upgrade(engine, revision)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO campaign (name, explosives, created_at) VALUES ('Old', 0, 'x')")
        )
        connection.execute(
            text(
                "INSERT INTO gang (campaign_id, name, faction, treasury, status, games_played) "
                "VALUES (1, 'Earps', 'lawmen', 400, 'active', 0)"
            )
        )
        if logs:
            connection.execute(
                text(
                    "INSERT INTO log_entry (campaign_id, gang_id, action, at, details, dice) "
                    "VALUES (1, 1, 'xp', 'x', :details, '[]')"
                ),
                [{"details": '{"xp": 1, "reason": "' + "r" * 200 + '"}'} for _ in range(logs)],
            )
    engine.dispose()


# --------------------------------------------------------------------------- ids never reused


def test_undo_of_a_sale_after_another_gang_bought_works_issue_8(cli: Any) -> None:
    """Issue #8 point 2: SQLite used to give the sold knife's id to gang B's knife, and undoing
    the sale failed with 'UNIQUE constraint failed: owned_item.id' for ever."""
    cli.run("campaign", "new", "R")
    cli.run("gang", "new", "A", "--faction", "lawmen")
    cli.run("gang", "new", "B", "--faction", "lawmen")
    cli.run("gang", "buy", "A", "knife")
    cli.run("gang", "sell", "A", "knife")
    cli.run("gang", "buy", "B", "knife")
    cli.run("undo", "A")
    a, b = cli.json("gang", "show", "A"), cli.json("gang", "show", "B")
    assert [i["id"] for i in a["stash"]] == ["knife"]
    assert [i["id"] for i in b["stash"]] == ["knife"]
    cli.run("undo", "A")  # the purchase too: back to the founding treasury
    assert cli.json("gang", "show", "A")["treasury"] == 400


@pytest.mark.postgres
def test_undo_of_a_sale_after_another_gang_bought_works_on_postgresql(
    postgres_migrated_database: str,
) -> None:
    engine = store.open_store(postgres_migrated_database)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
            campaign = gangs.new_campaign(session, name="R")
            a = gangs.new_gang(session, campaign=campaign, name="A", faction="lawmen")
            b = gangs.new_gang(session, campaign=campaign, name="B", faction="lawmen")
            equipment.buy(session, gang=a, item="knife", dice=ScriptedDice([]))
            equipment.sell(session, gang=a, item="knife")
            equipment.buy(session, gang=b, item="knife", dice=ScriptedDice([]))
        with store.transaction(engine) as session:
            gang = lookup.gang_by_name(session, lookup.current_campaign(session), "A")
            logbook.undo(session, gang=gang)
        with store.transaction(engine, access=store.Access.READ) as session:
            campaign = lookup.current_campaign(session)
            for name in ("A", "B"):
                gang = lookup.gang_by_name(session, campaign, name)
                assert [item.item for item in gang.items] == ["knife"]
    finally:
        engine.dispose()


def test_upgrading_keeps_the_ids_an_undo_remembers_out_of_reach(tmp_path: Path) -> None:
    """A database of 0004 (no AUTOINCREMENT) whose log remembers a sold item: migration 0005
    starts the counter above it, so a new item never takes the sold one's id and the undo of
    the sale still works."""
    path = tmp_path / "old.db"
    engine = store.make_engine(f"sqlite:///{path}")
    store.upgrade(engine, "0004")  # 0005 only adds AUTOINCREMENT: the tables are the same
    # ... but for the member's handle of 0007, the accounts' columns of 0008 and the table
    # mode's of 0009 and the web address and print options of 0010, which the models map, and
    # the campaign revision's table of 0014, which a writer moves: add them while the models
    # write, and drop them again so the file is 0004's.
    later = [
        ("member", "handle VARCHAR(24)"),
        ("campaign", "public BOOLEAN NOT NULL DEFAULT 0"),
        ("campaign", "web_address VARCHAR(200)"),
        ("gang", "owner_id INTEGER"),
        ("gang", "print_options JSON"),
        ("log_entry", "author INTEGER"),
        ("game", "revision INTEGER NOT NULL DEFAULT 0"),
        ("game_gang", "end_vote VARCHAR(8)"),
    ]
    revisions = (
        "campaign_revision (campaign_id INTEGER PRIMARY KEY, revision INTEGER, stamp INTEGER)"
    )
    with engine.begin() as connection:
        for table, column in later:
            connection.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column}")
        connection.exec_driver_sql(f"CREATE TABLE {revisions}")
    with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
        campaign = gangs.new_campaign(session, name="R")
        a = gangs.new_gang(session, campaign=campaign, name="A", faction="lawmen")
        gangs.new_gang(session, campaign=campaign, name="B", faction="lawmen")
        equipment.buy(session, gang=a, item="knife", dice=ScriptedDice([]))
        equipment.sell(session, gang=a, item="knife")
    with engine.begin() as connection:
        for table, column in later:
            connection.exec_driver_sql(f"ALTER TABLE {table} DROP COLUMN {column.split()[0]}")
        connection.exec_driver_sql("DROP TABLE campaign_revision")
    engine.dispose()
    assert "sqlite_sequence" not in _tables(path)
    engine = store.open_store(str(path))  # upgrades to the head
    with store.transaction(engine) as session:
        b = lookup.gang_by_name(session, lookup.current_campaign(session), "B")
        equipment.buy(session, gang=b, item="knife", dice=ScriptedDice([]))
        assert [item.id for item in b.items] == [2]  # not 1: the undo of A's sale needs it
    with store.transaction(engine) as session:
        a = lookup.gang_by_name(session, lookup.current_campaign(session), "A")
        logbook.undo(session, gang=a)
        assert [item.id for item in a.items] == [1]
    engine.dispose()


# --------------------------------------------------------------------------- atomic upgrades


def test_a_failed_upgrade_leaves_the_old_revision_whole_and_one_backup(tmp_path: Path) -> None:
    """Issue #8 point 3: 0002 creates a table, 0003 fails; before, 0002's table stayed behind
    at revision 0001 and every later command failed with "table … already exists"."""
    path = tmp_path / "old.db"
    _old_database(path)
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE game (id INTEGER PRIMARY KEY)")  # 0003 will fail
    before = path.read_bytes()
    for _ in range(3):
        with pytest.raises(StoreError, match="failed: .*game"):
            store.open_store(str(path))
        assert _revision(path) == "0001"
        assert "failed_purchase" not in _tables(path)
        assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.db", "old.db.0001.bak"]
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE game")
    store.open_store(str(path)).dispose()
    assert _revision(path) == store.head_revision()
    backups = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".bak"))
    assert backups == ["old.db.0001.2.bak", "old.db.0001.bak"]  # the file had changed


def test_kill_9_during_an_upgrade_leaves_the_old_revision_or_the_new(tmp_path: Path) -> None:
    """kill -9 at random moments of an upgrade, bounded: the file is always at 0001 with
    nothing of 0002 in it, or at the head; it always passes SQLite's integrity check."""
    path = tmp_path / "old.db"
    _old_database(path, logs=20_000)
    pristine = path.read_bytes()
    started = time.monotonic()
    subprocess.run(
        [*SKIRMISH, "campaign", "list", "--db", str(path)], check=True, capture_output=True
    )
    whole = time.monotonic() - started
    rng = random.Random(8)
    seen = set()
    deadline = time.monotonic() + 20
    for attempt in range(6):
        if time.monotonic() > deadline:
            break
        path.write_bytes(pristine)
        for extra in tmp_path.glob("old.db?*"):
            extra.unlink()
        process = subprocess.Popen(
            [*SKIRMISH, "campaign", "list", "--db", str(path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.2, 1.0) * whole)
        process.send_signal(signal.SIGKILL)
        process.wait()
        with sqlite3.connect(path) as connection:  # opening rolls back a hot journal
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        revision = _revision(path)
        seen.add(revision)
        assert revision in ("0001", store.head_revision()), attempt
        if revision == "0001":
            assert "failed_purchase" not in _tables(path)
        done = subprocess.run(
            [*SKIRMISH, "campaign", "list", "--db", str(path)], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        assert _revision(path) == store.head_revision()
        assert len(list(tmp_path.glob("old.db.0001*.bak"))) <= 1
    assert seen  # the loop ran


# --------------------------------------------------------------------------- opening with care


def test_an_empty_file_is_not_a_database_unless_campaign_new_starts_one(
    tmp_path: Path, cli_at: Any
) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    cli = cli_at(path)
    for args in (("gang", "list"), ("campaign", "list"), ("gang", "new", "A", "--faction", "x")):
        result = cli.run(*args, ok=False)
        assert result.exit_code == 1
        assert result.stderr.startswith(f"Error: {str(path)!r} is an empty file, not a skirmish")
        assert path.read_bytes() == b""
    cli.run("campaign", "new", "West")
    assert cli.json("campaign", "list")[0]["name"] == "West"


def test_a_reader_at_a_mistyped_path_creates_nothing(tmp_path: Path, cli_at: Any) -> None:
    path = tmp_path / "typo.db"
    cli = cli_at(path)
    for args in (("gang", "list"), ("log",), ("campaign", "show"), ("gang", "show", "A")):
        result = cli.run(*args, ok=False)
        assert result.exit_code == 1
        assert result.stderr == (
            f"Error: there is no database at {str(path)!r}: check --db (or SKIRMISH_DB), or "
            "create a campaign there with 'skirmish campaign new NAME'. Nothing was created.\n"
        )
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder, not a database file"):
        store.open_store(str(tmp_path))


def test_a_damaged_file_is_refused_before_anything_is_written(tmp_path: Path, cli_at: Any) -> None:
    """Scribbled pages: the first write of a process runs PRAGMA quick_check."""
    path = tmp_path / "c.db"
    cli = cli_at(path)
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for start in range(page, len(data), page):  # every page's header but the first page's
        data[start : start + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    store._CHECKED.clear()
    result = cli.run("gang", "hire", "Earps", "deputy", "--name", "Virgil", ok=False)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {str(path)!r} is damaged")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert path.read_bytes() == bytes(data)


# --------------------------------------------------------------------------- busy


def test_a_busy_database_is_refused_after_a_bounded_wait(
    tmp_path: Path, cli_at: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.db"
    cli = cli_at(path)
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    monkeypatch.setenv("SKIRMISH_BUSY_TIMEOUT", "0.3")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        before = path.read_bytes()
        result = cli.run("gang", "buy", "Earps", "knife", ok=False)
        assert result.exit_code == 1
        assert result.stderr == BUSY
        assert path.read_bytes() == before
        # A reader still reads while another skirmish holds the write lock.
        assert cli.json("gang", "show", "Earps")["treasury"] == 400
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    cli.run("gang", "buy", "Earps", "knife")


@pytest.mark.postgres
def test_a_locked_gang_is_refused_after_a_bounded_wait_on_postgresql(
    postgres_migrated_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    url = postgres_migrated_database
    runner = CliRunner()

    def run(*args: str) -> Any:
        return runner.invoke(app, [*args, "--db", url], env={"SKIRMISH_LANG": ""})

    assert run("campaign", "new", "West").exit_code == 0
    assert run("gang", "new", "Earps", "--faction", "lawmen").exit_code == 0
    monkeypatch.setenv("SKIRMISH_BUSY_TIMEOUT", "0.3")
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn) as holder:
        holder.execute("SELECT id FROM gang WHERE name = 'Earps' FOR UPDATE")
        result = run("gang", "buy", "Earps", "knife")
        assert result.exit_code == 1
        assert result.stderr == BUSY
        holder.rollback()
    result = run("gang", "buy", "Earps", "knife")
    assert result.exit_code == 0


@pytest.mark.postgres
def test_a_locked_row_is_read_afresh_on_postgresql(postgres_migrated_database: str) -> None:
    """What a writer checks is what the row holds once locked, not what it read before: the
    race harness found the treasury stale after the lock (two purchases with money for one)."""
    import psycopg

    engine = store.open_store(postgres_migrated_database)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
            campaign = gangs.new_campaign(session, name="R")
            gangs.new_gang(session, campaign=campaign, name="A", faction="lawmen")
        dsn = postgres_migrated_database.replace("postgresql+psycopg://", "postgresql://")
        with store.transaction(engine) as session:
            gang = session.get(lookup.Gang, 1)
            assert gang is not None and gang.treasury == 400
            with psycopg.connect(dsn, autocommit=True) as other:
                other.execute("UPDATE gang SET treasury = 123 WHERE id = 1")
            lookup.lock_row(session, gang)
            assert gang.treasury == 123
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_rows_locked_together_are_read_afresh_and_held_in_one_statement(
    postgres_migrated_database: str,
) -> None:
    """Issue #23: ``lookup.lock_rows`` locks what ``lock_row`` of each would (FOR UPDATE, the
    rows read afresh), in one statement; a row already locked is not asked for again."""
    import psycopg
    from sqlalchemy import event

    engine = store.open_store(postgres_migrated_database)
    seen: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: seen.append(args[2]))
    dsn = postgres_migrated_database.replace("postgresql+psycopg://", "postgresql://")
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
            campaign = gangs.new_campaign(session, name="R")
            for name in ("A", "B"):
                gangs.new_gang(session, campaign=campaign, name=name, faction="lawmen")
        with store.transaction(engine) as session:
            both = [session.get(lookup.Gang, 2), session.get(lookup.Gang, 1)]
            assert all(g is not None and g.treasury == 400 for g in both)
            with psycopg.connect(dsn, autocommit=True) as other:
                other.execute("UPDATE gang SET treasury = 123")
            seen.clear()
            lookup.lock_rows(session, both)
            assert [g.treasury for g in both if g is not None] == [123, 123]
            assert len(seen) == 1 and "FOR UPDATE" in seen[0], seen
            lookup.lock_rows(session, both)
            assert len(seen) == 1, seen
            with psycopg.connect(dsn, autocommit=True) as other:
                for gang_id in (1, 2):
                    with pytest.raises(psycopg.errors.LockNotAvailable):
                        other.execute(f"SELECT id FROM gang WHERE id = {gang_id} FOR UPDATE NOWAIT")
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_a_writer_s_wait_is_set_once_per_connection_and_follows_a_change(
    postgres_migrated_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #23: a connection waits ``SKIRMISH_BUSY_TIMEOUT`` for a lock from the moment it is
    opened, so a writer's transaction sets nothing more; a wait changed since is set again in
    the writer's transaction, for it alone."""
    from sqlalchemy import event

    monkeypatch.delenv("SKIRMISH_BUSY_TIMEOUT", raising=False)
    engine = store.open_store(postgres_migrated_database)
    seen: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: seen.append(args[2]))

    def waits(access: store.Access) -> str:
        with store.transaction(engine, access=access) as session:
            return str(session.execute(text("SHOW lock_timeout")).scalar())

    try:
        assert waits(store.Access.GANG) == "10s"
        assert waits(store.Access.READ) == "10s"
        assert not [s for s in seen if "lock_timeout =" in s], seen
        monkeypatch.setenv("SKIRMISH_BUSY_TIMEOUT", "0.3")
        assert waits(store.Access.GANG) == "300ms"
        assert [s for s in seen if "lock_timeout =" in s] == ["SET LOCAL lock_timeout = 300"]
    finally:
        engine.dispose()


# --------------------------------------------------------------------------- undo across upgrades


def test_an_action_logged_at_revision_0001_is_undone_exactly_after_the_upgrade(
    tmp_path: Path,
) -> None:
    """Issue #9: undo snapshots carry their schema revision. A hire logged by a skirmish of
    revision 0001 (whose snapshots had no failed purchases and no revision) is undone exactly
    after the database is upgraded to the head."""
    import json

    path = tmp_path / "old.db"
    engine = store.make_engine(f"sqlite:///{path}")
    store.upgrade(engine, "0001")
    gang_row = {
        "id": 1, "campaign_id": 1, "name": "Earps", "faction": "lawmen", "treasury": 400,
        "status": "active", "games_played": 0,
    }  # fmt: skip
    before = {"gang": gang_row, "member": [], "member_skill": [], "injury": [], "owned_item": []}
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO campaign (name, explosives, created_at) VALUES ('West', 0, 'x')")
        )
        connection.execute(
            text(
                "INSERT INTO gang (campaign_id, name, faction, treasury, status, games_played) "
                "VALUES (1, 'Earps', 'lawmen', 300, 'active', 0)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO member (gang_id, name, profile, role, tiro, fred, rif, cos, fama, "
                "fortuna, xp, status) VALUES (1, 'Wyatt', 'sheriff', 'leader', 4, 4, 3, 3, 2, 2, "
                "2, 'active')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO log_entry (campaign_id, gang_id, member_id, member_name, action, at, "
                "details, dice, money_before, money_after, state_before) VALUES (1, 1, 1, "
                "'Wyatt', 'hire', 'x', '{}', '[]', 400, 300, :state)"
            ),
            {"state": json.dumps(before)},
        )
        connection.execute(text("INSERT INTO skirmish_meta VALUES ('campaign_in_use', '1')"))
    engine.dispose()
    engine = store.open_store(str(path))
    try:
        with sqlite3.connect(path) as connection:
            assert _revision(path) == store.head_revision()
        with store.transaction(engine) as session:
            gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
            entry = logbook.undo(session, gang=gang)
            assert entry.money_before == 300 and entry.money_after == 400
        with store.transaction(engine, access=store.Access.READ) as session:
            gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
            assert gang.treasury == 400
            assert gang.members == [] and gang.failed_purchases == []
    finally:
        engine.dispose()


def test_a_snapshot_names_its_revision_and_a_newer_one_is_refused(cli: Any) -> None:
    from skirmish.campaign.snapshot import upgrade_state

    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    cli.run("gang", "buy", "Earps", "knife")
    with sqlite3.connect(cli.path) as connection:
        (raw,) = connection.execute(
            "SELECT state_before FROM log_entry WHERE action = 'buy'"
        ).fetchone()
    import json

    state = json.loads(raw)
    assert state["revision"] == store.head_revision()
    assert upgrade_state(state) == state
    with pytest.raises(StoreError, match="this undo needs a newer skirmish"):
        upgrade_state({**state, "revision": "9999"})
