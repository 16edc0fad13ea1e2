"""Issue #10, the tracker as a companion at the table: a model's short handle; which turn a game
model last activated (§1.8), whether it is mounted, what it used of its kit (rounds, jams,
whisky, dynamite); the game's state before each action, for ``game undo``.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
#: SQLite tables keep AUTOINCREMENT (0005) when a downgrade rebuilds them.
_KEEP = {"sqlite_autoincrement": True}


def upgrade() -> None:
    with op.batch_alter_table("member", schema=None) as batch_op:
        batch_op.add_column(sa.Column("handle", sa.String(length=24), nullable=True))
    with op.batch_alter_table("game_model", schema=None) as batch_op:
        # Plain-string defaults: SQLite then adds the columns in place (see 0006).
        batch_op.add_column(sa.Column("activated_turn", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("mounted", sa.Boolean(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("kit", sa.JSON(), nullable=False, server_default="{}"))
    with op.batch_alter_table("game_event", schema=None) as batch_op:
        batch_op.add_column(sa.Column("before", sa.JSON(), nullable=True))
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0007"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0006"))
    with op.batch_alter_table("game_event", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("before")
    with op.batch_alter_table("game_model", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("kit")
        batch_op.drop_column("mounted")
        batch_op.drop_column("activated_turn")
    with op.batch_alter_table("member", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("handle")
