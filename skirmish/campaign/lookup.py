"""Finding campaigns, gangs, models and owned items by the names users type.

Names are compared folded (case, accents, separators: ``rules.names.normalize``). An unknown
name raises ``UnknownNameError`` listing the nearest names that exist.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select as sa_select
from sqlalchemy.orm import selectinload
from sqlmodel import Session, col, select

from skirmish.campaign.models import Campaign, Gang, Member, MemberStatus, Meta, OwnedItem
from skirmish.errors import CampaignError, RulesError, UnknownNameError
from skirmish.rules.names import normalize

IN_USE = "campaign_in_use"
APPLICATION_KEY = "application"


def lock_row(session: Session, row: Any, *, shared: bool = False) -> None:
    """Lock ``row`` until the unit of work ends, then read it afresh (issue #8).

    On PostgreSQL a writer locks each campaign, gang or game it changes with ``SELECT … FOR
    UPDATE`` (``FOR SHARE`` for the campaign of a one-gang action) before it checks any rule,
    so a concurrent writer waits and then sees this one's result. Locks are taken in one order
    (campaign, game, gangs), once per row. On SQLite, and for readers, nothing is needed: a
    writer holds the database's write lock from its first statement (``store``)."""
    from skirmish.campaign.store import locking_rows

    if not locking_rows(session):
        return
    model = type(row)
    key = (model.__name__, row.id, shared)
    locked: set[tuple[str, Any, bool]] = session.info.setdefault("locked", set())
    if key in locked or (model.__name__, row.id, False) in locked:
        return
    table = model.__table__
    query = sa_select(table.c.id).where(table.c.id == row.id).with_for_update(read=shared)
    session.execute(query).all()
    # Then its columns afresh (what another writer committed before the lock); its collections
    # are left as loaded (a selectinload of the roster stays).
    session.refresh(row, attribute_names=[column.key for column in sa_inspect(model).column_attrs])
    locked.add(key)


def lock_store(session: Session) -> None:
    """Lock the store as a whole (creating a campaign): its ``application`` row of
    ``skirmish_meta`` (see ``lock_row``)."""
    from skirmish.campaign.store import locking_rows

    if locking_rows(session):
        query = sa_select(Meta).where(col(Meta.key) == APPLICATION_KEY).with_for_update()
        session.execute(query.execution_options(populate_existing=True)).scalars().all()


def _lock_campaign(session: Session, campaign: Campaign) -> Campaign:
    from skirmish.campaign.store import Access

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
        return CampaignError(str(exc))
    text = str(exc)
    return CampaignError(text if ruling in text else f"{ruling}: {text}")


def nearest(name: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """The candidates closest to ``name`` (or the first few when none is close)."""
    names = list(dict.fromkeys(candidates))
    by_key = {normalize(n): n for n in names}
    key = normalize(name)
    close = difflib.get_close_matches(key, list(by_key), n=limit, cutoff=0.5)
    close += [k for k in by_key if k not in close and key and (key in k or k in key)]
    found = [by_key[k] for k in close][:limit]
    return found or names[:limit]


def _unknown(kind: str, name: str, candidates: Sequence[str], how: str) -> CampaignError:
    if not candidates:
        return CampaignError(f"unknown {kind} {name!r}: there is none yet; {how}.")
    return CampaignError(str(UnknownNameError(kind, name, nearest(name, candidates))))


def campaign_by_name(session: Session, name: str) -> Campaign:
    """The campaign called ``name``."""
    campaigns = session.exec(select(Campaign).order_by(col(Campaign.id))).all()
    for campaign in campaigns:
        if normalize(campaign.name) == normalize(name):
            return _lock_campaign(session, campaign)
    raise _unknown(
        "campaign",
        name,
        [c.name for c in campaigns],
        "create one with 'skirmish campaign new NAME'",
    )


def current_campaign(session: Session, name: str | None = None) -> Campaign:
    """The campaign ``--campaign`` names, else the one most recently created or selected."""
    if name is not None:
        return campaign_by_name(session, name)
    row = session.get(Meta, IN_USE)
    campaign = session.get(Campaign, int(row.value)) if row is not None else None
    if campaign is None:
        raise CampaignError(
            "no campaign in use: create one with 'skirmish campaign new NAME' "
            "or choose one with 'skirmish campaign use NAME'.",
            it="nessuna campagna in uso: creane una con 'skirmish campaign new NOME' o sceglila "
            "con 'skirmish campaign use NOME'.",
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


def gang_by_name(session: Session, campaign: Campaign, name: str, *, full: bool = False) -> Gang:
    """The gang called ``name`` in ``campaign``; ``full`` loads its models, skills, injuries
    and items in a few ``selectinload`` queries (for showing it)."""
    query = select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id))
    if full:
        query = query.options(
            selectinload(Gang.members).selectinload(Member.skills),  # type: ignore[arg-type]
            selectinload(Gang.members).selectinload(Member.injuries),  # type: ignore[arg-type]
            selectinload(Gang.items),  # type: ignore[arg-type]
            selectinload(Gang.failed_purchases),  # type: ignore[arg-type]
        )
    key = normalize(name)
    exact = session.exec(query.where(Gang.name == name)).first()
    if exact is not None:
        lock_row(session, exact)
        return exact
    gangs = session.exec(query).all()
    for gang in gangs:
        if normalize(gang.name) == key:
            lock_row(session, gang)
            return gang
    raise _unknown(
        "gang",
        name,
        [g.name for g in gangs],
        f"create one in {campaign.name!r} with 'skirmish gang new NAME --faction FACTION'",
    )


def active_members(gang: Gang) -> list[Member]:
    """The models on the gang's roster (not dead, not fired)."""
    return [m for m in gang.members if m.status == MemberStatus.ACTIVE]


def member_by_name(gang: Gang, name: str) -> Member:
    """The active model called ``name`` in ``gang``."""
    roster = active_members(gang)
    for member in roster:
        if normalize(member.name) == normalize(name):
            return member
    raise _unknown(
        "model",
        name,
        [m.name for m in roster],
        f"hire one with 'skirmish gang hire {gang.name!r} PROFILE --name NAME'",
    )


def name_taken(gang: Gang, name: str) -> bool:
    """Whether an active model of ``gang`` is already called ``name`` (R-13)."""
    return any(normalize(m.name) == normalize(name) for m in active_members(gang))


def stash(gang: Gang) -> list[OwnedItem]:
    """Items the gang owns that no model carries."""
    return [item for item in gang.items if item.member_id is None]


def carried(gang: Gang, member: Member) -> list[OwnedItem]:
    """Items ``member`` carries."""
    return [item for item in gang.items if item.member_id == member.id]
