"""Issue #24, back online: an action a phone recorded offline that the server could not confirm
on its return (the game changed meanwhile and the same dice give another result, or the action
is refused now), kept with what the phone showed and what the server found until one choice of
a player or the referee settles it (``campaign.game.offline_sync``).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 16:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    op.create_table(
        "game_conflict",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("side", sa.String(length=8), nullable=True),
        sa.Column("action", sa.String(length=24), nullable=False),
        sa.Column("fields", sa.JSON(), nullable=False),
        sa.Column("dice", sa.JSON(), nullable=False),
        sa.Column("rest", sa.String(length=8), nullable=False),
        sa.Column("preview", sa.JSON(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("made_at", sa.String(length=32), nullable=False),
        sa.Column("found", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("settled_by", sa.Integer(), nullable=True),
        sa.Column("choice", sa.String(length=8), nullable=True),
        sa.Column("settled", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.Column("settled_at", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "key", name="uq_game_conflict_key"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_game_conflict_game_id", "game_conflict", ["game_id"], unique=False)
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0013"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0012"))
    op.drop_index("ix_game_conflict_game_id", table_name="game_conflict")
    op.drop_table("game_conflict")
