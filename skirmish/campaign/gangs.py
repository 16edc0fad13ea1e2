"""A campaign and its gangs: a new campaign and its house rules (``settings``), the campaign in
use, a new gang with its starting money (R-13), a gang renamed or retired.

Each action takes the ``session`` of the caller's one transaction (``store.transaction``) and
everything else by keyword, checks the rules before it changes anything, writes one append-only
``LogEntry`` (``campaign.logbook``) and returns it. A refusal raises ``CampaignError`` naming its
ruling; the caller's transaction is then rolled back, so the database is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, cast

from sqlalchemy import Integer, bindparam, inspect
from sqlalchemy import select as select_columns
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import object_session
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import Select

from skirmish import limits
from skirmish.campaign import lookup, naming, store
from skirmish.campaign.logbook import gang_log, log_entry, now_text, snapshot_before
from skirmish.campaign.models import (
    Campaign,
    CampaignLine,
    CampaignSetting,
    Gang,
    GangLine,
    GangStatus,
    LogEntry,
)
from skirmish.campaign.settings import find_setting, resolve
from skirmish.errors import CampaignError
from skirmish.rules import factions, find_faction
from skirmish.rules.names import normalize
from skirmish.translation import Both, Message

#: R-13: every gang starts with 400$.
START_TREASURY = 400


def require_active(gang: Gang) -> None:
    """A retired gang takes no more actions (only ``undo`` of its retirement)."""
    if gang.status != GangStatus.ACTIVE:
        raise CampaignError(
            Message(
                "gang {gang_name!r} is retired; it takes no more actions "
                "({on_command_line_skirmish_undo} can bring it back if retiring was "
                "its last action).",
                gang_name=gang.name,
                on_command_line_skirmish_undo=Message("⟪'skirmish undo'¦undoing⟫"),
            )
        )


def new_campaign(
    session: Session,
    *,
    name: str,
    explosives: bool = False,
    settings: Mapping[str, str] | None = None,
    use: bool = True,
) -> Campaign:
    """Create a campaign with the house rules' defaults and ``settings``; it becomes the one in
    use at the command line unless ``use`` is false (one made on the web leaves the terminal's
    campaign as it was)."""
    name = limits.clean_name(name, "campaign")
    lookup.lock_store(session)  # names are unique across the store, case-folded
    for other in session.exec(select(Campaign)).all():
        if normalize(other.name) == normalize(name):
            raise CampaignError(
                Message(
                    "a campaign called {other_name!r} already exists; choose another name "
                    "or select it{on_command_line_f_with_skirmish_campaign_use_o}.",
                    other_name=other.name,
                    on_command_line_f_with_skirmish_campaign_use_o=Message(
                        '⟪ with skirmish campaign use "{other_name}"¦⟫', other_name=other.name
                    ),
                )
            )
    campaigns = [other.name for other in session.exec(select(Campaign)).all()]
    naming.refuse_look_alike(naming.CAMPAIGN, name, campaigns)
    values = resolve(settings or {})
    campaign = Campaign(
        name=name, explosives=explosives or values.pop("explosives") == "on", created_at=now_text()
    )
    values.pop("explosives", None)
    session.add(campaign)
    session.flush()
    assert campaign.id is not None
    for key, value in values.items():
        session.add(CampaignSetting(campaign_id=campaign.id, key=key, value=value))
    session.flush()
    session.refresh(campaign)
    if use:
        lookup.set_current(session, campaign)
    log_entry(
        session,
        campaign_id=campaign.id,
        action="campaign-new",
        details={"campaign": name, "settings": settings_of(campaign)},
    )
    return campaign


def use_campaign(session: Session, *, name: str) -> Campaign:
    """Make the campaign called ``name`` the one in use (a preference: not logged)."""
    campaign = lookup.campaign_by_name(session, name)
    lookup.set_current(session, campaign)
    return campaign


def settings_of(campaign: CampaignLine, session: Session | None = None) -> dict[str, str]:
    """The campaign's settings, explosives included, by key. In a READ unit of work where they
    are not loaded yet they are read as rows of two columns (issue #23: not an object each);
    ``session``: the unit of work of a campaign read as a row (``Site.find_campaign_line``)."""
    reading = _reading_rows(campaign, "settings", session)
    if reading is not None:
        values = dict(_read_settings(reading, campaign.id))
    else:
        values = {row.key: row.value for row in _object(campaign).settings}
    values["explosives"] = "on" if campaign.explosives else "off"
    return values


def _reading_rows(
    campaign: CampaignLine, relation: str, session: Session | None
) -> OrmSession | None:
    """The READ unit of work that reads ``campaign``'s ``relation`` (its gangs, its settings)
    as rows: ``session`` for a campaign read as a row, an object's own where that relation is
    not loaded; ``None``: the object's relation (loaded, or a unit of work that may write)."""
    if not isinstance(campaign, Campaign):
        if session is None or session.info.get("access") != store.Access.READ:
            raise TypeError("a campaign read as a row is read in its READ unit of work")
        return session
    own = object_session(campaign)
    if (
        own is None
        or own.info.get("access") != store.Access.READ
        or relation not in inspect(campaign).unloaded
    ):
        return None
    return own


def _object(campaign: CampaignLine) -> Campaign:
    """``campaign``, an object (``_reading_rows`` said ``None``: never a row)."""
    assert isinstance(campaign, Campaign)
    return campaign


@cache
def _settings_query() -> Select[str, str]:
    """A campaign's settings as rows, in the relationship's order (the ``campaign`` parameter),
    built once."""
    return (
        select(CampaignSetting.key, CampaignSetting.value)
        .where(col(CampaignSetting.campaign_id) == bindparam("campaign", type_=Integer))
        .order_by(col(CampaignSetting.key))
    )


def _read_settings(session: OrmSession, campaign_id: int | None) -> dict[str, str]:
    """A campaign's settings set, by key, as a READ unit of work reads them: once (kept in the
    unit of work: a page asks its house rules and a gang's setting in one reading)."""
    kept = session.info.setdefault("settings", {})
    if campaign_id not in kept:
        found = store.column_rows(session, _settings_query(), {"campaign": campaign_id})
        kept[campaign_id] = {row.key: row.value for row in found}
    return cast(dict[str, str], kept[campaign_id])


#: The columns ``gang_rows`` reads: ``GangLine``'s (not the roster's print options).
_GANG_LINE = (
    "id", "campaign_id", "name", "faction", "treasury", "status", "games_played", "owner_id"
)  # fmt: skip
#: ``session.info`` of a READ unit of work: campaign id → its gangs as rows (``gang_rows``).
_GANG_ROWS = "campaign_gang_rows"


def gang_rows(campaign: CampaignLine, session: Session | None = None) -> list[GangLine]:
    """The campaign's gangs as its pages show them, in its order (``campaign.gangs``'): in a
    READ unit of work where they are not loaded as objects, rows of the gang table's columns
    (``GangLine``), read by a statement built once and kept for the rest of the unit of work
    (issue #23: the campaign page, its standings, desk and log ask them; loaded as objects
    they cost about twice the processor time of the same statement's rows); else the objects.
    ``session``: the unit of work of a campaign read as a row (``Site.find_campaign_line``)."""
    reading = _reading_rows(campaign, "gangs", session)
    if reading is None:
        return list(_object(campaign).gangs)
    kept = reading.info.setdefault(_GANG_ROWS, {})
    if campaign.id not in kept:
        kept[campaign.id] = store.column_rows(reading, _gangs_query(), {"campaign": campaign.id})
    return list(kept[campaign.id])


def gang_line(session: Session, campaign: CampaignLine, name: str) -> GangLine:
    """The gang called ``name`` in ``campaign`` as a page shows it: in a READ unit of work, its
    row among the campaign's (``gang_rows``: a statement of columns, where the object's lookup
    paid the ORM's set-up of an execution, issue #23); else, or when no gang has that very name
    (the nearest, or the error), ``lookup.gang_by_name``'s object, its models not loaded."""
    if session.info.get("access") == store.Access.READ:
        exact = next((g for g in gang_rows(campaign, session) if g.name == name), None)
        if exact is not None:
            lookup.touched(session, exact)
            return exact
    return lookup.gang_by_name(session, campaign, name)


def gang_rows_read(campaign: CampaignLine, session: Session | None = None) -> bool:
    """Whether ``gang_rows`` answers ``campaign``'s gangs without a statement (loaded as
    objects, or read as rows in this READ unit of work already)."""
    if isinstance(campaign, Campaign) and "gangs" not in inspect(campaign).unloaded:
        return True
    own = object_session(campaign) if isinstance(campaign, Campaign) else session
    return own is not None and campaign.id in own.info.get(_GANG_ROWS, {})


@cache
def _gangs_query() -> Any:
    """``gang_rows``' statement (the ``campaign`` parameter): ``GangLine``'s columns, in the
    relationship's order, built once."""
    return (
        select_columns(*(getattr(Gang, name) for name in _GANG_LINE))
        .where(col(Gang.campaign_id) == bindparam("campaign", type_=Integer))
        .order_by(col(Gang.id))
    )


def gang_setting(session: Session, gang: GangLine, key: str) -> str:
    """The value of house rule ``key`` in the gang's campaign (its default if never set)."""
    if session.info.get("access") == store.Access.READ:
        value = _read_settings(session, gang.campaign_id).get(key)
        return value if value is not None else find_setting(key).default
    row = session.get(CampaignSetting, (gang.campaign_id, key))
    return row.value if row is not None else find_setting(key).default


def set_setting(session: Session, *, campaign: Campaign, key: str, value: str) -> LogEntry:
    """Change one house rule (or the explosives flag) of ``campaign``."""
    rule = find_setting(key)
    new = rule.parse(value)
    before = settings_of(campaign)[rule.key]
    assert campaign.id is not None
    if rule.key == "explosives":
        campaign.explosives = new == "on"
        session.add(campaign)
    else:
        row = session.get(CampaignSetting, (campaign.id, rule.key))
        if row is None:
            row = CampaignSetting(campaign_id=campaign.id, key=rule.key, value=new)
        row.value = new
        session.add(row)
    session.flush()
    session.refresh(campaign)
    return log_entry(
        session,
        campaign_id=campaign.id,
        action="campaign-set",
        details={"key": rule.key, "before": before, "after": new},
        ruling=rule.rule,
    )


def _check_gang_name(session: Session, campaign: Campaign, name: str, gang: Gang | None) -> None:
    """A gang's name is its own in its campaign: not another's, nor one that looks like
    another's (issue #22, ``naming.refuse_look_alike``)."""
    others = [g for g in session.exec(select(Gang).where(Gang.campaign_id == campaign.id)).all()
              if g is not gang]  # fmt: skip
    for other in others:
        if normalize(other.name) == normalize(name):
            raise CampaignError(
                Message(
                    "campaign {campaign_name!r} already has a gang called {other_name!r}; "
                    "choose another name.",
                    campaign_name=campaign.name,
                    other_name=other.name,
                )
            )
    naming.refuse_look_alike(naming.GANG, name, [g.name for g in others])


def new_gang(session: Session, *, campaign: Campaign, name: str, faction: str) -> Gang:
    """A new gang of ``faction`` with the starting 400$ (R-13)."""
    name = limits.clean_name(name, "gang")
    found = find_faction(faction)
    if not found.playable:
        playable = ", ".join(f.id for f in _factions() if f.playable)
        raise CampaignError(
            Message(
                "R-13: {found_name_lower} join other gangs and are not a gang of their "
                "own; choose one of {playable}.",
                playable=playable,
                found_name_lower=Both(found.name_en.lower(), found.name_it.lower()),
            )
        )
    _check_gang_name(session, campaign, name, None)
    assert campaign.id is not None
    gang = Gang(campaign_id=campaign.id, name=name, faction=found.id, treasury=0)
    session.add(gang)
    session.flush()
    gang.treasury = START_TREASURY
    session.add(gang)
    log_entry(
        session,
        campaign_id=campaign.id,
        gang=gang,
        action="gang-new",
        details={"gang": name, "faction": found.id},
        ruling="R-13",
        money_before=0,
    )
    return gang


def _factions() -> Sequence[Any]:
    return factions()


def rename_gang(session: Session, *, gang: Gang, name: str) -> LogEntry:
    """Give ``gang`` a new name, unique in its campaign."""
    name = limits.clean_name(name, "gang")
    campaign = lookup.campaign_of(session, gang)
    _check_gang_name(session, campaign, name, gang)
    before = snapshot_before(session, gang)
    old = gang.name
    gang.name = name
    session.add(gang)
    return gang_log(
        session, gang, before, action="gang-rename", details={"before": old, "after": name}
    )


def retire_gang(session: Session, *, gang: Gang) -> LogEntry:
    """Retire ``gang``: it stays in the campaign's history and takes no more actions."""
    require_active(gang)
    before = snapshot_before(session, gang)
    gang.status = GangStatus.RETIRED
    session.add(gang)
    return gang_log(session, gang, before, action="gang-retire", details={"gang": gang.name})
