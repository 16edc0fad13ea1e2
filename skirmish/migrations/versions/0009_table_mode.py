"""Issue #12, table mode: a game's revision (moved on by every change, so phones know when to
reload); each side's secret pick of the model it wants to activate in a round (§1.8); the
answers kept per idempotency key, so a double tap records an action once; the verdict each
side's player confirmed to end a game.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-30 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
#: SQLite tables keep AUTOINCREMENT (0005) when a downgrade rebuilds them.
_KEEP = {"sqlite_autoincrement": True}


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        # A plain-string default: SQLite adds the column in place (see 0006).
        batch_op.add_column(sa.Column("revision", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("game_gang", schema=None) as batch_op:
        batch_op.add_column(sa.Column("end_vote", sa.String(length=8), nullable=True))
    op.create_table(
        "game_pick",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("game_model_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("made_at", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.ForeignKeyConstraint(["game_model_id"], ["game_model.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "turn", "round", "side", name="uq_game_pick"),
        **_KEEP,
    )
    op.create_table(
        "request_key",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("route", sa.String(length=200), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    with op.batch_alter_table("request_key", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_request_key_created_at"), ["created_at"], unique=False)
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0009"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0008"))
    op.drop_table("request_key")
    op.drop_table("game_pick")
    with op.batch_alter_table("game_gang", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("end_vote")
    with op.batch_alter_table("game", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("revision")
