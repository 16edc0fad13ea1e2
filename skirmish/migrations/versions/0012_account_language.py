"""Issue #21, the web app remembers each account's language: the language (``it``/``en``) a
logged-in player chose with the page's switch, used on every page and API answer of theirs;
``NULL`` until they choose (their browser's ``Accept-Language`` then).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-20 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
#: SQLite tables keep AUTOINCREMENT (0005) when a downgrade rebuilds them.
_KEEP = {"sqlite_autoincrement": True}


def upgrade() -> None:
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lang", sa.String(length=8), nullable=True))
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0012"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0011"))
    with op.batch_alter_table("user_account", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("lang")
