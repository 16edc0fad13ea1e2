"""Issue #23, the campaign page's shared parts kept per revision: each campaign's revision, moved
once by every unit of work that changes what every reader of its page sees alike
(``campaign.models.CampaignRevision``), in a table of its own (a gang's writer holds the
campaign's row ``FOR SHARE`` on PostgreSQL: two of them moving a column there would deadlock).
Every campaign already in the store starts at revision 0 with a random stamp.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-30 18:30:00
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
_CAMPAIGN = sa.table("campaign", sa.column("id", sa.Integer))


def upgrade() -> None:
    table = op.create_table(
        "campaign_revision",
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("stamp", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("campaign_id"),
    )
    campaigns = op.get_bind().execute(sa.select(_CAMPAIGN.c.id)).scalars().all()
    if campaigns:
        op.bulk_insert(
            table,
            [{"campaign_id": c, "revision": 0, "stamp": secrets.randbits(62)} for c in campaigns],
        )
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0014"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0013"))
    op.drop_table("campaign_revision")
