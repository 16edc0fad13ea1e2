"""Issue #20, each decision on the phone of the player it belongs to: an action begun on one
phone that waits for a die or a reroll's answer of the other side's model, asked on that side's
phone (``campaign.game.handover``); at most one per game.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29 05:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    op.create_table(
        "game_handover",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=24), nullable=False),
        sa.Column("values", sa.JSON(), nullable=False),
        sa.Column("dice", sa.JSON(), nullable=False),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("random", sa.Boolean(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("started_by", sa.Integer(), nullable=True),
        sa.Column("acting_side", sa.String(length=8), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("taken_by", sa.Integer(), nullable=True),
        sa.Column("since", sa.Integer(), nullable=False),
        sa.Column("asks", sa.JSON(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0011"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0010"))
    op.drop_table("game_handover")
