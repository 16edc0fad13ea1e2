"""Issue #13, paper for the table: the base address at which the club reaches the campaign's
web app (printed sheets carry a QR code to a gang's page under it), and a gang's saved choices
for its printed roster and activation cards (which models, the dead too, blank cards).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-07 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
#: SQLite tables keep AUTOINCREMENT (0005) when a downgrade rebuilds them.
_KEEP = {"sqlite_autoincrement": True}


def upgrade() -> None:
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.add_column(sa.Column("web_address", sa.String(length=200), nullable=True))
    with op.batch_alter_table("gang", schema=None) as batch_op:
        batch_op.add_column(sa.Column("print_options", sa.JSON(), nullable=True))
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0010"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0009"))
    with op.batch_alter_table("gang", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("print_options")
    with op.batch_alter_table("campaign", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("web_address")
