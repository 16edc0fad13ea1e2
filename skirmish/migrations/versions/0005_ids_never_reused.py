"""Ids are never reused (issue #8): SQLite tables get AUTOINCREMENT.

Without it SQLite hands a deleted row's id to the next row: sell a knife, buy one for another
gang, then undo the sale, and the undo re-inserts an id that is taken ("UNIQUE constraint failed:
owned_item.id", for ever). With AUTOINCREMENT an id is never given twice. Each table is rebuilt
(SQLite cannot add AUTOINCREMENT in place) inside the upgrade's one transaction, and its counter
starts above every id it ever gave that a log entry's undo snapshot still remembers.

PostgreSQL's sequences never give an id twice already: only the schema version changes there.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26 04:00:00
"""

import json
import re
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))

#: Every table with an integer id, parents first.
TABLES = (
    "campaign",
    "gang",
    "member",
    "member_skill",
    "injury",
    "owned_item",
    "failed_purchase",
    "log_entry",
    "game",
    "game_gang",
    "game_model",
    "game_objective",
    "game_event",
)
#: The tables whose rows an undo snapshot (``log_entry.state_before``) keeps, by snapshot key.
SNAPSHOT_TABLES = ("member", "member_skill", "injury", "owned_item", "failed_purchase")


def _remembered_ids(bind: Any) -> dict[str, int]:
    """The highest id of each table that a log entry's undo snapshot remembers."""
    highest: dict[str, int] = {}
    rows = bind.execute(
        sa.text("SELECT state_before FROM log_entry WHERE state_before IS NOT NULL")
    )
    for (raw,) in rows:
        state = json.loads(raw) if isinstance(raw, str) else raw
        if not isinstance(state, dict):
            continue
        gang = state.get("gang")
        if isinstance(gang, dict) and isinstance(gang.get("id"), int):
            highest["gang"] = max(highest.get("gang", 0), gang["id"])
        for table in SNAPSHOT_TABLES:
            for row in state.get(table) or ():
                if isinstance(row, dict) and isinstance(row.get("id"), int):
                    highest[table] = max(highest.get(table, 0), row["id"])
    return highest


def _rebuild(bind: Any, table: str) -> None:
    """SQLite's documented way to change a table: create the new one, copy, drop, rename, then
    the indexes again. The new table's SQL is the old one's with ``AUTOINCREMENT`` on its id,
    so columns and constraints stay exactly as they were (and the result is the same on every
    run: reflecting the table would list its foreign keys in a random order)."""
    sql = bind.execute(
        sa.text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = :name"),
        {"name": table},
    ).scalar()
    if sql is None:
        raise RuntimeError(f"table {table} is missing")
    if "AUTOINCREMENT" in sql:
        return  # already rebuilt (a downgrade keeps it)
    column = re.compile(r"\n\s*id INTEGER NOT NULL,")
    key = re.compile(r"\n\s*PRIMARY KEY \(id\),?")
    if not column.search(sql) or not key.search(sql):
        raise RuntimeError(f"table {table} has an unexpected definition")
    new = column.sub("\n\tid INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,", sql, count=1)
    new = key.sub("", new, count=1).replace(",\n)", "\n)").replace(", \n)", "\n)")
    head = re.compile(rf"^CREATE TABLE \"?{table}\"? \(")
    new = head.sub(f'CREATE TABLE "_new_{table}" (', new, count=1)
    indexes = bind.execute(
        sa.text(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = :name "
            "AND sql IS NOT NULL ORDER BY name"
        ),
        {"name": table},
    ).all()
    bind.execute(sa.text(new))
    bind.execute(sa.text(f'INSERT INTO "_new_{table}" SELECT * FROM "{table}"'))
    bind.execute(sa.text(f'DROP TABLE "{table}"'))
    bind.execute(sa.text(f'ALTER TABLE "_new_{table}" RENAME TO "{table}"'))
    for (index,) in indexes:
        bind.execute(sa.text(index))


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for table in TABLES:
            _rebuild(bind, table)
        for table, remembered in _remembered_ids(bind).items():
            # After the rebuild sqlite_sequence holds each table's largest id in use.
            bind.execute(
                sa.text("UPDATE sqlite_sequence SET seq = :seq WHERE name = :name AND seq < :seq"),
                {"seq": remembered, "name": table},
            )
            bind.execute(
                sa.text(
                    "INSERT INTO sqlite_sequence (name, seq) SELECT :name, :seq "
                    "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = :name)"
                ),
                {"seq": remembered, "name": table},
            )
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0005"))


def downgrade() -> None:
    # AUTOINCREMENT stays: it changes nothing an older skirmish reads.
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0004"))
