"""The campaign store's tables (SQLModel, STYLE.md habit 6).

Rows keep rule ids (``"sceriffo"``, ``"six-shooter"``, ``"pistolero"``), never copies of the
rulebook's tables: a model's *current* numbers are stored because advances and injuries change
them, but its profile, weapons and skills are looked up in ``skirmish.rules`` when shown.

Every schema change is an Alembic migration under ``skirmish/migrations/versions``.
"""

# No ``from __future__ import annotations``: SQLModel resolves relationship annotations at
# class creation and needs them as real objects or plain strings.

import secrets
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Protocol

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Index,
    UniqueConstraint,
    bindparam,
    event,
    inspect,
    text,
)
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import SessionTransaction
from sqlalchemy.orm.util import identity_key
from sqlmodel import Field, Relationship, SQLModel

from skirmish.engine.recovery import RecoveryOutcome

#: Ids are never reused (migration 0005): SQLite tables count with AUTOINCREMENT, so an undo
#: that puts a deleted row back never meets its id taken by another row.
AUTOINCREMENT: dict[str, Any] = {"sqlite_autoincrement": True}


class Table(SQLModel):
    """The base of every table of the store (the game tracker's too): a row is never
    validated by pydantic (SQLModel sets a table row's fields as given, and nothing calls
    ``model_validate`` or ``model_dump`` on one), so the validator and serializer pydantic builds
    for each model class when it is created would never be used; with ``defer_build`` pydantic
    builds them on first use instead (issue #23: SQLModel building the campaign's sixteen tables
    is most of ``campaign/models.py``'s import, on every command that opens the store;
    benchmarks/imports.md)."""

    model_config = {"defer_build": True}


class MemberStatus(StrEnum):
    """Where a model stands: on the roster, dead (R-10), or gone (fired)."""

    ACTIVE = "active"
    DEAD = "dead"
    RETIRED = "retired"


class GangStatus(StrEnum):
    """A gang plays on until its player retires it."""

    ACTIVE = "active"
    RETIRED = "retired"


class GangLine(Protocol):
    """A gang as a page shows it and the rules read it without changing it: a ``Gang``, or a
    row of the gang table's columns (``gangs.gang_rows``: a READ unit of work's campaign page
    reads its gangs so, issue #23)."""

    @property
    def id(self) -> int | None: ...
    @property
    def campaign_id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def faction(self) -> str: ...
    @property
    def treasury(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def games_played(self) -> int: ...
    @property
    def owner_id(self) -> int | None: ...


class CampaignLine(Protocol):
    """A campaign as a page shows it and the permission rules read it without changing it: a
    ``Campaign``, or a row of the campaign table's columns (``accounts.find_reader``: a READ unit
    of work's reader reads every campaign so, beside its roles, issue #23)."""

    @property
    def id(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def explosives(self) -> bool: ...
    @property
    def created_at(self) -> str: ...
    @property
    def public(self) -> bool: ...
    @property
    def web_address(self) -> str | None: ...


class Meta(Table, table=True):
    """Key/value facts about the database itself: that it is skirmish's, its schema version,
    and the campaign in use."""

    __tablename__ = "skirmish_meta"

    key: str = Field(primary_key=True, max_length=40)
    value: str = Field(max_length=200)


class Campaign(Table, table=True):
    """A campaign: its gangs, its house rules (H-01…H-11) and whether explosives are sold."""

    __tablename__ = "campaign"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=80, unique=True)
    explosives: bool = False  # mining or railroad zone
    created_at: str = Field(max_length=32)
    public: bool = False  # 0008: read-only for everyone, logged in or not (issue #11)
    # 0010: the base address of the club's web app for this campaign (issue #13: the QR codes
    # of the printed sheets point under it; ``campaign.links``); none until the owner sets it.
    web_address: str | None = Field(default=None, max_length=200)

    settings: list["CampaignSetting"] = Relationship(
        back_populates="campaign",
        sa_relationship_kwargs={"order_by": "CampaignSetting.key", "cascade": "all"},
    )
    gangs: list["Gang"] = Relationship(
        back_populates="campaign", sa_relationship_kwargs={"order_by": "Gang.id"}
    )


class CampaignRevision(Table, table=True):
    """0014: what a campaign's shared pages were built from (issue #23): moved once by every unit
    of work that changes what every reader of the campaign page sees alike, at its commit
    (``campaign.revision``). A table of its own, not a column of ``campaign``: a gang's writer
    holds the campaign's row ``FOR SHARE`` on PostgreSQL, so two of them moving a column there
    would wait for each other; nothing else locks this row, and it is locked last."""

    __tablename__ = "campaign_revision"

    campaign_id: int = Field(foreign_key="campaign.id", primary_key=True)
    #: how many units of work moved it (one each)
    revision: int = Field(default=0)
    #: a random number drawn anew at each move: the same ``revision`` in a store file put back
    #: from a backup (and written on since) names other rows, never the same stamp
    stamp: int = Field(default=0, sa_type=BigInteger)


class CampaignSetting(Table, table=True):
    """One house rule's value in one campaign, as text (parsed by ``campaign.settings``)."""

    __tablename__ = "campaign_setting"

    campaign_id: int = Field(foreign_key="campaign.id", primary_key=True)
    key: str = Field(primary_key=True, max_length=40)
    value: str = Field(max_length=40)

    campaign: Campaign | None = Relationship(back_populates="settings")


class Gang(Table, table=True):
    """A player's gang (R-13): faction id, treasury in $, games played (for H-03)."""

    __tablename__ = "gang"
    __table_args__ = (
        UniqueConstraint("campaign_id", "name", name="uq_gang_campaign_name"),
        AUTOINCREMENT,
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    name: str = Field(max_length=80)
    faction: str = Field(max_length=40)
    treasury: int = 0
    status: str = Field(default=GangStatus.ACTIVE, max_length=16)
    games_played: int = 0
    # 0008: the account that looks after the gang (issue #11); none for a gang made by the CLI.
    owner_id: int | None = Field(default=None, foreign_key="user_account.id", index=True)
    # 0010: the saved choices of its printed roster and cards (issue #13), as
    # ``campaign.print_options`` keeps them: the models by id, the dead too, blank cards.
    print_options: dict[str, Any] | None = Field(
        default=None, sa_column=Column(JSON, nullable=True)
    )

    campaign: Campaign | None = Relationship(back_populates="gangs")
    members: list["Member"] = Relationship(
        back_populates="gang", sa_relationship_kwargs={"order_by": "Member.id"}
    )
    items: list["OwnedItem"] = Relationship(
        back_populates="gang", sa_relationship_kwargs={"order_by": "OwnedItem.id"}
    )
    failed_purchases: list["FailedPurchase"] = Relationship(
        back_populates="gang", sa_relationship_kwargs={"order_by": "FailedPurchase.id"}
    )


class Member(Table, table=True):
    """A model of a gang: its profile id, name, current numbers, XP, role and status."""

    __tablename__ = "member"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    gang_id: int = Field(foreign_key="gang.id", index=True)
    name: str = Field(max_length=80)
    handle: str | None = Field(default=None, max_length=24)  # 0007: a short name at the table
    profile: str = Field(max_length=40)
    role: str = Field(max_length=16)  # leader / hero / common; a promoted common is a hero
    tiro: int
    fred: int
    rif: int
    cos: int
    fama: int
    fortuna: int
    xp: int = 0
    status: str = Field(default=MemberStatus.ACTIVE, max_length=16)

    gang: Gang | None = Relationship(back_populates="members")
    skills: list["MemberSkill"] = Relationship(
        back_populates="member", sa_relationship_kwargs={"order_by": "MemberSkill.id"}
    )
    injuries: list["Injury"] = Relationship(
        back_populates="member", sa_relationship_kwargs={"order_by": "Injury.id"}
    )
    items: list["OwnedItem"] = Relationship(
        back_populates="member", sa_relationship_kwargs={"order_by": "OwnedItem.id"}
    )


class MemberSkill(Table, table=True):
    """A skill of the §7.2 table owned by a model, with the weapon type chosen (R-11)."""

    __tablename__ = "member_skill"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    skill: str = Field(max_length=40)
    choice: str | None = Field(default=None, max_length=40)  # weapon id for "a scelta" skills

    member: Member | None = Relationship(back_populates="skills")


#: The injury row of a model "wounded" by its recovery roll, until its next game (R-10: −1 COS).
WOUNDED = RecoveryOutcome.WOUNDED.value


class Injury(Table, table=True):
    """A lasting injury of R-10: an invalidity ("mano-mozzata"…) or "wounded" (next game)."""

    __tablename__ = "injury"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    injury: str = Field(max_length=40)

    member: Member | None = Relationship(back_populates="injuries")


class OwnedItem(Table, table=True):
    """A weapon or item owned by a gang: in its stash (no member) or carried by a model."""

    __tablename__ = "owned_item"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    gang_id: int = Field(foreign_key="gang.id", index=True)
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    item: str = Field(max_length=40)
    paid: int  # $ paid: H-05 sells at half of it, rounded down

    gang: Gang | None = Relationship(back_populates="items")
    member: Member | None = Relationship(back_populates="items")


class FailedPurchase(Table, table=True):
    """H-03: an availability roll that failed; the item waits until after the next game."""

    __tablename__ = "failed_purchase"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    gang_id: int = Field(foreign_key="gang.id", index=True)
    item: str = Field(max_length=40)
    game: int  # the gang's games_played when the roll failed

    gang: Gang | None = Relationship(back_populates="failed_purchases")


class LogEntry(Table, table=True):
    """One user action, append-only: what, to whom, the dice, money and XP before and after,
    and the gang's state before it (``undo`` restores that state exactly).

    An undo is itself an entry whose ``reverts`` names the entry it reverted.
    """

    __tablename__ = "log_entry"
    __table_args__ = (Index("ix_log_entry_gang_id_id", "gang_id", "id"), AUTOINCREMENT)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    gang_id: int | None = Field(default=None, foreign_key="gang.id")
    member_id: int | None = None  # no foreign key: an undone hire deletes the member row
    member_name: str | None = Field(default=None, max_length=80)
    action: str = Field(max_length=24)
    at: str = Field(max_length=32)  # ISO 8601, UTC
    details: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    dice: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    ruling: str | None = Field(default=None, max_length=40)
    money_before: int | None = None
    money_after: int | None = None
    xp_before: int | None = None
    xp_after: int | None = None
    reverts: int | None = Field(default=None, index=True)
    state_before: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    #: 0008: the account that made the entry; ``None`` is the local command line (issue #11).
    #: No foreign key: the entry outlives a removed account (ids are never reused).
    author: int | None = None


# What moves a campaign's revision (``CampaignRevision``, issue #23): every unit of work that
# changes a row the campaign page's shared parts are built from (``web.campaign_shared``). Its
# rows are watched at each flush (``_note``) and each campaign's revision moved once at the
# commit, after everything else the unit of work locked (``_move``): a lock taken last by every
# writer never closes a cycle. Declared here, beside the tables, so that every process that
# writes them moves it. Watched: the campaign, its house rules, its gangs and their models,
# skills, injuries and items, the failed purchases (H-03), the log (every user action appends
# an entry; an undo too) and a game's row when its status, result or scenario changes (its
# start and its end): not its turn, which the page reads at each request, nor any other row of
# a game in play, so the games of a club night never wait for each other here. ``campaign set``,
# renames, a gang's owner move it too (each a row of a watched table).

#: The tables whose rows name their campaign, and by which column.
_OWN = {"campaign": "id", "campaign_setting": "campaign_id", "gang": "campaign_id"}
_OWN |= {"log_entry": "campaign_id", "game": "campaign_id"}
#: The tables whose rows name their gang, and those that name their model.
_BY_GANG = frozenset({"member", "owned_item", "failed_purchase"})
_BY_MEMBER = frozenset({"member_skill", "injury"})
#: A game's columns the shared parts show, but its turn: what its start, end and abandon change.
_GAME_SHOWN = ("status", "winner", "scenario")
#: ``session.info``'s keys: the campaigns to move at the commit, those moved, and that the
#: commit has begun (a flush after it moves what it notes at once).
_TO_MOVE = "skirmish_revision_to_move"
_MOVED = "skirmish_revision_moved"
_COMMITTING = "skirmish_revision_committing"
_BY_GANG_SQL = text("SELECT DISTINCT campaign_id FROM gang WHERE id IN :ids").bindparams(
    bindparam("ids", expanding=True)
)
_BY_MEMBER_SQL = text(
    "SELECT DISTINCT gang.campaign_id FROM member JOIN gang ON gang.id = member.gang_id"
    " WHERE member.id IN :ids"
).bindparams(bindparam("ids", expanding=True))
_UPDATE = text(
    "UPDATE campaign_revision SET revision = revision + 1, stamp = :stamp"
    " WHERE campaign_id = :campaign"
)
_INSERT = text(
    "INSERT INTO campaign_revision (campaign_id, revision, stamp) VALUES (:campaign, 1, :stamp)"
)


def _random_stamp() -> int:
    return secrets.randbits(62)


#: Where a revision's stamps come from; ``scripts/make_demo_db.py`` sets a seeded one (as it
#: sets the log's clock) so that the example store is rebuilt byte for byte.
stamps: Callable[[], int] = _random_stamp


def _shown_change(row: Any) -> bool:
    """Whether ``row`` (new, changed or deleted in this flush) changes what the parts show."""
    state = inspect(row)
    if state.deleted or state.was_deleted or state.key is None or row in state.session.new:
        return True
    if row.__table__.name == "game":
        return any(state.attrs[name].history.has_changes() for name in _GAME_SHOWN)
    return bool(state.session.is_modified(row, include_collections=False))


@event.listens_for(OrmSession, "after_flush")
def _note(session: OrmSession, _context: Any) -> None:
    """Note the campaigns whose shared parts this flush changed (moved at the commit)."""
    campaigns: set[int] = set()
    gangs: set[int] = set()
    members: set[int] = set()
    for row in (*session.new, *session.dirty, *session.deleted):
        name = getattr(getattr(row, "__table__", None), "name", None)
        if name is None or not (name in _OWN or name in _BY_GANG or name in _BY_MEMBER):
            continue
        if not _shown_change(row):
            continue
        if name in _OWN:
            campaigns.add(getattr(row, _OWN[name]))
        elif name in _BY_GANG:
            gangs.add(row.gang_id)
        else:
            members.add(row.member_id)
    # a model's gang, and a gang's campaign, from the unit of work's own rows when it holds
    # them (an action has loaded and locked its gang: no statement), else read
    for member_id in list(members):
        model = session.identity_map.get(identity_key(Member, member_id))
        if model is not None:
            gangs.add(model.gang_id)
            members.discard(member_id)
    for gang_id in list(gangs):
        gang = session.identity_map.get(identity_key(Gang, gang_id))
        if gang is not None:
            campaigns.add(gang.campaign_id)
            gangs.discard(gang_id)
    for sql, ids in ((_BY_GANG_SQL, gangs), (_BY_MEMBER_SQL, members)):
        if ids:
            campaigns.update(session.connection().execute(sql, {"ids": sorted(ids)}).scalars())
    if not campaigns:
        return
    noted: set[int] = session.info.setdefault(_TO_MOVE, set())
    noted.update(c for c in campaigns if c is not None)
    if session.info.get(_COMMITTING):
        _move_noted(session)


@event.listens_for(OrmSession, "before_commit")
def _move(session: OrmSession) -> None:
    """At the commit, after everything else: each noted campaign's revision moved once."""
    if session.in_nested_transaction():
        return  # a savepoint released: the unit of work goes on
    session.flush()
    session.info[_COMMITTING] = True
    _move_noted(session)


def _move_noted(session: OrmSession) -> None:
    noted: set[int] = session.info.get(_TO_MOVE, set())
    moved: set[int] = session.info.setdefault(_MOVED, set())
    if not noted - moved:
        return  # nothing shown changed (a reader, a game's action): no statement
    connection = session.connection()
    for campaign in sorted(noted - moved):  # in one order: two campaigns never cross
        values = {"campaign": campaign, "stamp": stamps()}
        if connection.execute(_UPDATE, values).rowcount == 0:
            connection.execute(_INSERT, values)  # a campaign made in this unit of work
        moved.add(campaign)


@event.listens_for(OrmSession, "after_transaction_end")
def _forget(session: OrmSession, transaction: SessionTransaction) -> None:
    """A unit of work ended (committed or rolled back): nothing noted carries over to the
    session's next. A savepoint's end is not the unit of work's: SQLAlchemy fires its commit
    and rollback events for a savepoint too (the idempotency key's claim)."""
    if transaction.parent is not None:
        return
    for key in (_TO_MOVE, _MOVED, _COMMITTING):
        session.info.pop(key, None)
