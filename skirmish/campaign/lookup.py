"""Finding campaigns, gangs, models and owned items by the names users type.

Names are matched as players say them (``campaign.naming``: a unique prefix or whole words,
case, accents and apostrophes ignored; a model also answers to its handle). An ambiguous name
lists the candidates; an unknown one the nearest names that exist.

Every gang a command locks is noted in ``session.info`` (``touched_gangs``), so the CLI can remind
the player of a post-game sequence the gang still owes (``game.pending.reminders``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from sqlalchemy import Integer, String, bindparam, case
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select as sa_select
from sqlalchemy.orm import Mapper, selectinload
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from skirmish.campaign import naming
from skirmish.campaign.models import (
    Campaign,
    CampaignLine,
    Gang,
    GangLine,
    Member,
    MemberStatus,
    Meta,
    OwnedItem,
)
from skirmish.campaign.naming import nearest as nearest
from skirmish.campaign.store import Access, locking_rows
from skirmish.errors import CampaignError, RulesError, UnknownNameError, shown
from skirmish.translation import Message

IN_USE = "campaign_in_use"
APPLICATION_KEY = "application"


def lock_row(session: Session, row: Any, *, shared: bool = False) -> None:
    """Lock ``row`` until the unit of work ends, then read it afresh (issue #8).

    On PostgreSQL a writer locks each campaign, gang or game it changes with ``SELECT … FOR
    UPDATE`` (``FOR SHARE`` for the campaign of a one-gang action) before it checks any rule,
    so a concurrent writer waits and then sees this one's result. Locks are taken in one order
    (campaign, game, gangs), once per row. On SQLite, and for readers, nothing is needed: a
    writer holds the database's write lock from its first statement (``store``)."""
    if isinstance(row, Gang):
        touched(session, row)
    if not locking_rows(session):
        return
    model = type(row)
    key = (model.__name__, row.id, shared)
    locked: set[tuple[str, Any, bool]] = session.info.setdefault("locked", set())
    if key in locked or (model.__name__, row.id, False) in locked:
        return
    # Locked and its columns read afresh (what another writer committed before the lock) in one
    # statement (issue #23: it was a SELECT … FOR UPDATE, then the row again); its collections
    # are left as loaded (a selectinload of the roster stays).
    session.refresh(
        row,
        attribute_names=[column.key for column in sa_inspect(model).column_attrs],
        with_for_update={"read": True} if shared else True,
    )
    locked.add(key)


def lock_rows(session: Session, rows: Sequence[Any]) -> None:
    """``lock_row`` of each of ``rows`` (of one table) in turn, in one statement for those not
    locked yet (issue #23: a statement each): ``SELECT … FOR UPDATE`` of their ids, in the
    order given (PostgreSQL locks a sorted query's rows as it returns them), read afresh."""
    for row in rows:
        if isinstance(row, Gang):
            touched(session, row)
    if not locking_rows(session):
        return
    locked: set[tuple[str, Any, bool]] = session.info.setdefault("locked", set())
    wanted = [r for r in rows if (type(r).__name__, r.id, False) not in locked]
    if len(wanted) < 2:
        for row in wanted:
            lock_row(session, row)
        return
    model = type(wanted[0])
    ids = list(dict.fromkeys(r.id for r in wanted))
    identity = sa_inspect(model).primary_key[0]
    query = (
        sa_select(model)
        .where(identity.in_(ids))
        .order_by(case({key: place for place, key in enumerate(ids)}, value=identity))
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    session.execute(query).scalars().all()
    locked.update((model.__name__, key, False) for key in ids)


def is_locked(session: Session, model: type[Any], key: Any) -> bool:
    """Whether the unit of work has locked row ``key`` of ``model`` for update."""
    return (model.__name__, key, False) in session.info.get("locked", ())


def lock_found(session: Session, query: Any) -> Any:
    """The one row ``query`` (a select of one table's rows) finds, or ``None``, locked as
    ``lock_row`` locks it and read afresh, in one statement (issue #23: the row was read,
    then locked and read again); for a writer that locks rows (``locking_rows``)."""
    query = query.with_for_update().execution_options(populate_existing=True)
    row = session.execute(query).scalars().first()
    if row is not None:
        session.info.setdefault("locked", set()).add((type(row).__name__, row.id, False))
    return row


#: ``session.info`` key: the ids of the gangs the unit of work has looked up, in order.
TOUCHED = "touched_gangs"


def touched(session: Session, gang: GangLine) -> None:
    """Note that the command works on ``gang`` (every gang it looks up or locks), so the CLI
    can remind the player of what the gang still owes (issue #10)."""
    if gang.id is not None:
        session.info.setdefault(TOUCHED, {})[gang.id] = None


def touched_gangs(session: Session) -> list[int]:
    """The ids of the gangs the unit of work has touched (``touched``), in order."""
    return list(session.info.get(TOUCHED, {}))


def lock_store(session: Session) -> None:
    """Lock the store as a whole (creating a campaign): its ``application`` row of
    ``skirmish_meta`` (see ``lock_row``)."""
    if locking_rows(session):
        query = sa_select(Meta).where(col(Meta.key) == APPLICATION_KEY).with_for_update()
        session.execute(query.execution_options(populate_existing=True)).scalars().all()


def _lock_campaign(session: Session, campaign: Campaign) -> Campaign:
    lock_row(session, campaign, shared=session.info.get("access") is not Access.CAMPAIGN)
    return campaign


def row_id(row: Any) -> int:
    """The id of a row that has been flushed (campaign, gang, model, game…)."""
    assert row.id is not None
    return int(row.id)


def campaign_of(session: Session, gang: Gang) -> Campaign:
    """The campaign ``gang`` belongs to."""
    campaign = session.get(Campaign, gang.campaign_id)
    assert campaign is not None  # a foreign key guarantees it
    return campaign


def rules_error(exc: RulesError, ruling: str) -> CampaignError:
    """A refusal of the rules (an unknown name, a rule broken) as the campaign's, citing
    ``ruling`` unless the message already does."""
    if isinstance(exc, UnknownNameError):
        return CampaignError(exc.message)
    if ruling in str(exc):
        return CampaignError(exc.message)
    return CampaignError(Message("{ruling}: {refusal}", ruling=ruling, refusal=exc.message))


def _none_yet(kind: naming.Kind, name: str, how: Message) -> CampaignError:
    return CampaignError(Message(kind.none_yet, name=shown(name), how=how))


def campaign_by_name(session: Session, name: str) -> Campaign:
    """The campaign ``name`` names (``naming``: a unique prefix or whole words will do)."""
    campaigns = session.exec(select(Campaign).order_by(col(Campaign.id))).all()
    if not campaigns:
        raise _none_yet(
            naming.CAMPAIGN,
            name,
            Message("create one⟪ with 'skirmish campaign new NAME'¦⟫"),
        )
    found = naming.choose(
        name, [(c, (c.name,)) for c in campaigns], kind=naming.CAMPAIGN, label=lambda c: c.name
    )
    return _lock_campaign(session, found)


def current_campaign(session: Session, name: str | None = None) -> Campaign:
    """The campaign ``--campaign`` names, else the one most recently created or selected."""
    if name is not None:
        return campaign_by_name(session, name)
    row = session.get(Meta, IN_USE)
    campaign = session.get(Campaign, int(row.value)) if row is not None else None
    if campaign is None:
        raise CampaignError(
            Message(
                "no campaign in use: create one{on_command_line_with_skirmish} or "
                "choose one{on_command_line_with_skirmish2}.",
                on_command_line_with_skirmish=Message("⟪ with 'skirmish campaign new NAME'¦⟫"),
                on_command_line_with_skirmish2=Message("⟪ with 'skirmish campaign use NAME'¦⟫"),
            )
        )
    return _lock_campaign(session, campaign)


def has_current(session: Session) -> bool:
    """Whether the store has a campaign in use (``campaign use``, or the first one made)."""
    row = session.get(Meta, IN_USE)
    return row is not None and session.get(Campaign, int(row.value)) is not None


def set_current(session: Session, campaign: Campaign) -> None:
    """Make ``campaign`` the one in use."""
    row = session.get(Meta, IN_USE)
    if row is None:
        session.add(Meta(key=IN_USE, value=str(campaign.id)))
    else:
        row.value = str(campaign.id)
        session.add(row)


def gang_by_name(
    session: Session, campaign: CampaignLine, name: str, *, full: bool = False
) -> Gang:
    """The gang called ``name`` in ``campaign``; ``full`` loads its models, skills, injuries
    and items in a few ``selectinload`` queries (for showing it)."""
    exact: Gang | None
    if full:
        named: SelectOfScalar[Gang] = _full(_gangs_of(campaign)).where(Gang.name == name)
        exact = session.exec(named).first()
    else:  # built once (issue #23: every gang page and gang JSON asks it)
        found = {"campaign": campaign.id, "name": name}
        exact = session.exec(_gang_named(), params=found).first()
    if exact is not None:
        lock_row(session, exact)
        return exact
    # no gang has that very name: the campaign's gangs, for the nearest (built only now, issue
    # #23: a statement built for nothing cost the gang pages 0.07 ms each)
    query: SelectOfScalar[Gang] = _gangs_of(campaign)
    if full:
        query = _full(query)
    gangs = session.exec(query).all()
    if not gangs:
        raise _none_yet(
            naming.GANG,
            name,
            Message(
                "create one in {campaign_name!r}"
                "⟪ with 'skirmish gang new NAME --faction FACTION'¦⟫",
                campaign_name=campaign.name,
            ),
        )
    gang = naming.choose(name, [(g, (g.name,)) for g in gangs], kind=naming.GANG, label=_name)
    lock_row(session, gang)
    return gang


def _gangs_of(campaign: CampaignLine) -> SelectOfScalar[Gang]:
    """The campaign's gangs, in their order (``gang_by_name``'s statements start from it)."""
    return select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id))


@cache
def _gang_named() -> Any:
    """``gang_by_name``'s exact lookup of a gang not ``full`` (parameters: ``campaign``,
    ``name``), built once."""
    return (
        select(Gang)
        .where(
            col(Gang.campaign_id) == bindparam("campaign", type_=Integer),
            col(Gang.name) == bindparam("name", type_=String),
        )
        .order_by(col(Gang.id))
    )


def _full(query: Any) -> Any:
    """``query`` of gangs with their models, skills, injuries, items and failed purchases
    loaded in a few ``selectinload`` queries, whatever the number of gangs."""
    return query.options(
        selectinload(Gang.members).selectinload(Member.skills),  # type: ignore[arg-type]
        selectinload(Gang.members).selectinload(Member.injuries),  # type: ignore[arg-type]
        selectinload(Gang.items),  # type: ignore[arg-type]
        selectinload(Gang.failed_purchases),  # type: ignore[arg-type]
    )


def full_gangs(session: Session, campaign: Campaign) -> list[Gang]:
    """Every gang of ``campaign``, oldest first, loaded as ``gang_by_name(full=True)`` loads
    one, all of them in the same few queries (the campaign book: 6 statements for 50 gangs
    where one lookup per gang made 530, issue #23)."""
    query = _full(select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id)))
    gangs = list(session.exec(query).all())
    for gang in gangs:
        lock_row(session, gang)
    return gangs


def _name(row: Gang | Campaign) -> str:
    return row.name


def active_members(gang: Gang) -> list[Member]:
    """The models on the gang's roster (not dead, not fired)."""
    return [m for m in gang.members if m.status == MemberStatus.ACTIVE]


def member_by_name(gang: Gang, name: str) -> Member:
    """The active model of ``gang`` that ``name`` names: its name or handle, or a unique prefix
    or whole words of either (``naming``)."""
    roster = active_members(gang)
    if not roster:
        raise _none_yet(
            naming.MODEL,
            name,
            Message(
                "hire one⟪ with 'skirmish gang hire {gang_name!r} PROFILE --name NAME'¦⟫",
                gang_name=gang.name,
            ),
        )
    return naming.choose(name, names_of(roster), kind=naming.MODEL, label=member_label)


def names_of(members: Iterable[Member]) -> list[tuple[Member, tuple[str, ...]]]:
    """Each model with the names it answers to: its name, and its handle if it has one."""
    return [(m, (m.name, m.handle) if m.handle else (m.name,)) for m in members]


def member_label(member: Member) -> str:
    """A model as a list of candidates names it: ``Niccolò Bàrtoli “Nico”``."""
    return naming.with_handle(member.name, member.handle)


def name_taken(gang: Gang, name: str, *, besides: Member | None = None) -> Member | None:
    """The active model of ``gang`` (other than ``besides``) already called ``name`` or
    answering to it as a handle (R-13: two models of a gang never share a name)."""
    for member in active_members(gang):
        if member is besides:
            continue
        if any(naming.same_name(name, n) for n in (member.name, member.handle) if n):
            return member
    return None


def refuse_look_alike_model(
    session: Session, gang: Gang, name: str, *, besides: Member | None = None
) -> None:
    """Refuse a model's new name or handle that looks like (TR39) a name or handle of an active
    model of any gang of ``gang``'s campaign, ``besides`` aside (issue #22)."""
    campaign = campaign_of(session, gang)
    rows = session.exec(select(Gang).where(Gang.campaign_id == campaign.id)).all()
    names = [
        n
        for g in rows
        for m in active_members(g)
        if m is not besides
        for n in (m.name, m.handle)
        if n
    ]
    naming.refuse_look_alike(naming.MODEL, name, names)


def stash(gang: Gang) -> list[OwnedItem]:
    """Items the gang owns that no model carries."""
    return [item for item in gang.items if item.member_id is None]


def carried(gang: Gang, member: Member) -> list[OwnedItem]:
    """Items ``member`` carries."""
    return [item for item in gang.items if item.member_id == member.id]


def load_collections(session: Session, rows: Sequence[Any], name: str) -> None:
    """The collection ``name`` (a one-to-many relationship: ``Member.injuries``, ``Gang.items``)
    of each of ``rows`` (of one table) that has not loaded it, loaded in one statement, in the
    relationship's order, as its own lazy load would have it (issue #23: a statement per row)."""
    waiting = [row for row in rows if name in sa_inspect(row).unloaded]
    if not waiting:
        return
    local, remote, query = _collection_query(sa_inspect(waiting[0]).mapper, name)
    unloaded = {getattr(row, local): row for row in waiting}
    found: dict[Any, list[Any]] = {key: [] for key in unloaded}
    for item in session.exec(query, params={"keys": list(unloaded)}).all():
        found[getattr(item, remote)].append(item)
    for key, row in unloaded.items():
        set_committed_value(row, name, found[key])


@cache
def _collection_query(mapper: Mapper[Any], name: str) -> tuple[str, str, Any]:
    """``load_collections``' statement for the collection ``name`` of ``mapper``'s rows, built
    once (issue #23: at every call), with the attributes that join it: the owner's, the
    item's."""
    relationship = mapper.relationships[name]
    ((local, remote),) = relationship.local_remote_pairs
    assert local.key is not None and remote.key is not None
    query = select(relationship.mapper.class_).where(remote.in_(bindparam("keys", expanding=True)))
    return local.key, remote.key, query.order_by(*(relationship.order_by or ()))
