"""H-03: remember failed availability rolls, so an item is tried again only after the next game.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25 21:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    op.create_table(
        "failed_purchase",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("item", sa.String(length=40), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gang.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("failed_purchase", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_failed_purchase_gang_id"), ["gang_id"], unique=False)
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0002"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0001"))
    with op.batch_alter_table("failed_purchase", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_failed_purchase_gang_id"))
    op.drop_table("failed_purchase")
