"""Initial schema: campaigns and their house rules, gangs, members, skills, injuries, items,
the campaign log, and the meta table that marks a skirmish database.

Revision ID: 0001
Revises:
Create Date: 2026-11-25 21:47:04
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "campaign",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("explosives", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "skirmish_meta",
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("value", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "campaign_setting",
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("value", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
        ),
        sa.PrimaryKeyConstraint("campaign_id", "key"),
    )
    op.create_table(
        "gang",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("faction", sa.String(length=40), nullable=False),
        sa.Column("treasury", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("games_played", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "name", name="uq_gang_campaign_name"),
    )
    with op.batch_alter_table("gang", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_gang_campaign_id"), ["campaign_id"], unique=False)

    op.create_table(
        "log_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=True),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("member_name", sa.String(length=80), nullable=True),
        sa.Column("action", sa.String(length=24), nullable=False),
        sa.Column("at", sa.String(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("dice", sa.JSON(), nullable=False),
        sa.Column("ruling", sa.String(length=40), nullable=True),
        sa.Column("money_before", sa.Integer(), nullable=True),
        sa.Column("money_after", sa.Integer(), nullable=True),
        sa.Column("xp_before", sa.Integer(), nullable=True),
        sa.Column("xp_after", sa.Integer(), nullable=True),
        sa.Column("reverts", sa.Integer(), nullable=True),
        sa.Column("state_before", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
        ),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gang.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("log_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_log_entry_campaign_id"), ["campaign_id"], unique=False)
        batch_op.create_index("ix_log_entry_gang_id_id", ["gang_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_log_entry_reverts"), ["reverts"], unique=False)

    op.create_table(
        "member",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("profile", sa.String(length=40), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("tiro", sa.Integer(), nullable=False),
        sa.Column("fred", sa.Integer(), nullable=False),
        sa.Column("rif", sa.Integer(), nullable=False),
        sa.Column("cos", sa.Integer(), nullable=False),
        sa.Column("fama", sa.Integer(), nullable=False),
        sa.Column("fortuna", sa.Integer(), nullable=False),
        sa.Column("xp", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gang.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("member", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_member_gang_id"), ["gang_id"], unique=False)

    op.create_table(
        "injury",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("injury", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["member.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("injury", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_injury_member_id"), ["member_id"], unique=False)

    op.create_table(
        "member_skill",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(length=40), nullable=False),
        sa.Column("choice", sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["member.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("member_skill", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_member_skill_member_id"), ["member_id"], unique=False)

    op.create_table(
        "owned_item",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("item", sa.String(length=40), nullable=False),
        sa.Column("paid", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gang.id"],
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["member.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("owned_item", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_owned_item_gang_id"), ["gang_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_owned_item_member_id"), ["member_id"], unique=False)

    meta = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
    op.bulk_insert(
        meta,
        [{"key": "application", "value": "skirmish"}, {"key": "schema_version", "value": "0001"}],
    )


def downgrade() -> None:
    with op.batch_alter_table("owned_item", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_owned_item_member_id"))
        batch_op.drop_index(batch_op.f("ix_owned_item_gang_id"))

    op.drop_table("owned_item")
    with op.batch_alter_table("member_skill", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_member_skill_member_id"))

    op.drop_table("member_skill")
    with op.batch_alter_table("injury", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_injury_member_id"))

    op.drop_table("injury")
    with op.batch_alter_table("member", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_member_gang_id"))

    op.drop_table("member")
    with op.batch_alter_table("log_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_log_entry_reverts"))
        batch_op.drop_index("ix_log_entry_gang_id_id")
        batch_op.drop_index(batch_op.f("ix_log_entry_campaign_id"))

    op.drop_table("log_entry")
    with op.batch_alter_table("gang", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_gang_campaign_id"))

    op.drop_table("gang")
    op.drop_table("campaign_setting")
    op.drop_table("skirmish_meta")
    op.drop_table("campaign")
