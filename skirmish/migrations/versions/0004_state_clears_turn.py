"""R-04 and R-07: the turn at whose start a model's terrified or Nervi-scossi shaken state ends.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25 23:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    with op.batch_alter_table("game_model", schema=None) as batch_op:
        batch_op.add_column(sa.Column("state_clears_turn", sa.Integer(), nullable=True))
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0004"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0003"))
    with op.batch_alter_table("game_model", schema=None) as batch_op:
        batch_op.drop_column("state_clears_turn")
