"""Games tracked turn by turn: game, game_gang, game_model, game_objective, game_event.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25 22:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_META = sa.table("skirmish_meta", sa.column("key", sa.String), sa.column("value", sa.String))


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("scenario", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("winner", sa.String(length=8), nullable=True),
        sa.Column("reason", sa.String(length=120), nullable=True),
        sa.Column("leader_fired", sa.Boolean(), nullable=False),
        sa.Column("started_at", sa.String(length=32), nullable=False),
        sa.Column("ended_at", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_campaign_id"), ["campaign_id"], unique=False)
    op.create_table(
        "game_gang",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("started", sa.Integer(), nullable=False),
        sa.Column("retreated", sa.String(length=16), nullable=True),
        sa.Column("retreat_turn", sa.Integer(), nullable=True),
        sa.Column("infamy_roll", sa.Integer(), nullable=True),
        sa.Column("infamy_pending", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.ForeignKeyConstraint(["gang_id"], ["gang.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "gang_id", name="uq_game_gang"),
    )
    with op.batch_alter_table("game_gang", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_gang_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_gang_gang_id"), ["gang_id"], unique=False)
    op.create_table(
        "game_model",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("game_gang_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("cos_start", sa.Integer(), nullable=False),
        sa.Column("wounded_start", sa.Boolean(), nullable=False),
        sa.Column("cos_left", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("prone", sa.Boolean(), nullable=False),
        sa.Column("eliminated", sa.Boolean(), nullable=False),
        sa.Column("eliminated_by", sa.Integer(), nullable=True),
        sa.Column("eliminated_turn", sa.Integer(), nullable=True),
        sa.Column("fama_spent", sa.Integer(), nullable=False),
        sa.Column("fortuna_spent", sa.Integer(), nullable=False),
        sa.Column("small_pistol_used", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.ForeignKeyConstraint(["game_gang_id"], ["game_gang.id"]),
        sa.ForeignKeyConstraint(["member_id"], ["member.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("game_model", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_model_game_id"), ["game_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_game_model_game_gang_id"), ["game_gang_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_game_model_member_id"), ["member_id"], unique=False)
    op.create_table(
        "game_objective",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("objective", sa.String(length=40), nullable=False),
        sa.Column("copy_no", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("carrier", sa.Integer(), nullable=True),
        sa.Column("by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("game_objective", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_objective_game_id"), ["game_id"], unique=False)
    op.create_table(
        "game_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=24), nullable=False),
        sa.Column("model_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.String(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("dice", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("game_event", schema=None) as batch_op:
        batch_op.create_index("ix_game_event_game_id_id", ["game_id", "id"], unique=False)
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0003"))


def downgrade() -> None:
    op.execute(_META.update().where(_META.c.key == "schema_version").values(value="0002"))
    with op.batch_alter_table("game_event", schema=None) as batch_op:
        batch_op.drop_index("ix_game_event_game_id_id")
    op.drop_table("game_event")
    with op.batch_alter_table("game_objective", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_objective_game_id"))
    op.drop_table("game_objective")
    with op.batch_alter_table("game_model", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_model_member_id"))
        batch_op.drop_index(batch_op.f("ix_game_model_game_gang_id"))
        batch_op.drop_index(batch_op.f("ix_game_model_game_id"))
    op.drop_table("game_model")
    with op.batch_alter_table("game_gang", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_gang_gang_id"))
        batch_op.drop_index(batch_op.f("ix_game_gang_game_id"))
    op.drop_table("game_gang")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_campaign_id"))
    op.drop_table("game")
