"""Issue #11, the club's accounts: users with argon2 password hashes, their server-side
sessions, their roles in campaigns (owner, arbitrator, player), invitations by code or link,
failed logins for the throttle; a campaign may be public; a gang may have an owner; every log
entry names its author (NULL: the local command line).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-29 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))
#: SQLite tables keep AUTOINCREMENT (0005) when a downgrade rebuilds them.
_KEEP = {"sqlite_autoincrement": True}


def upgrade() -> None:
    op.create_table(
        "user_account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("folded", sa.String(length=80), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("session_epoch", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("folded"),
        **_KEEP,
    )
    op.create_table(
        "web_session",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("epoch", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.Column("last_seen", sa.String(length=32), nullable=False),
        sa.Column("expires_at", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("web_session", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_web_session_user_id"), ["user_id"], unique=False)
    op.create_table(
        "membership",
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"]),
        sa.PrimaryKeyConstraint("campaign_id", "user_id"),
    )
    with op.batch_alter_table("membership", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_membership_user_id"), ["user_id"], unique=False)
    op.create_table(
        "invitation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.Column("expires_at", sa.String(length=32), nullable=False),
        sa.Column("used_by", sa.Integer(), nullable=True),
        sa.Column("used_at", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code"),
        sa.UniqueConstraint("token_hash"),
        **_KEEP,
    )
    with op.batch_alter_table("invitation", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_invitation_campaign_id"), ["campaign_id"], unique=False
        )
    op.create_table(
        "login_failure",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("folded", sa.String(length=80), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("at", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        **_KEEP,
    )
    with op.batch_alter_table("login_failure", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_login_failure_folded"), ["folded"], unique=False)
        batch_op.create_index(batch_op.f("ix_login_failure_address"), ["address"], unique=False)
        batch_op.create_index(batch_op.f("ix_login_failure_at"), ["at"], unique=False)
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        # A plain-string default: SQLite adds the column in place (see 0006).
        batch_op.add_column(sa.Column("public", sa.Boolean(), nullable=False, server_default="0"))
    # The foreign key makes SQLite rebuild the table: keep its AUTOINCREMENT.
    with op.batch_alter_table("gang", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.add_column(sa.Column("owner_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_gang_owner_id"), ["owner_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_gang_owner_id_user_account"), "user_account", ["owner_id"], ["id"]
        )
    with op.batch_alter_table("log_entry", schema=None) as batch_op:
        batch_op.add_column(sa.Column("author", sa.Integer(), nullable=True))
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0008"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0007"))
    with op.batch_alter_table("log_entry", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("author")
    with op.batch_alter_table("gang", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_gang_owner_id_user_account"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_gang_owner_id"))
        batch_op.drop_column("owner_id")
    with op.batch_alter_table("campaign", schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_column("public")
    op.drop_table("login_failure")
    op.drop_table("invitation")
    op.drop_table("membership")
    op.drop_table("web_session")
    op.drop_table("user_account")
