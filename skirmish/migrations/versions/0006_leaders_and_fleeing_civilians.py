"""R-21 and R-20: the leader a gang without one names for a Duello; civilians fleeing until
they leave the table, and the turn they left it.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
#: SQLite tables keep AUTOINCREMENT (0005) when a downgrade rebuilds them.
_KEEP = {"sqlite_autoincrement": True}


def upgrade() -> None:
    with op.batch_alter_table("game_gang", schema=None) as batch_op:
        batch_op.add_column(sa.Column("leader_id", sa.Integer(), nullable=True))
    with op.batch_alter_table("game_model", schema=None) as batch_op:
        # A plain-string default: SQLite then adds the column in place (an expression would
        # make Alembic rebuild the table and lose its AUTOINCREMENT); PostgreSQL reads '0' as
        # false.
        batch_op.add_column(sa.Column("fleeing", sa.Boolean(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("left_turn", sa.Integer(), nullable=True))
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0006"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0005"))
    with op.batch_alter_table("game_model", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("left_turn")
        batch_op.drop_column("fleeing")
    with op.batch_alter_table("game_gang", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("leader_id")
