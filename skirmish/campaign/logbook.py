"""The campaign's log: one append-only ``LogEntry`` per action (what, to whom, the dice, money
and XP before and after, the gang's state before it), ``undo``, which reverts a gang's last
action exactly from that state, and the log read back (``history``).

Every between-games action (``gangs``, ``roster``, ``equipment``, ``advancement``) and every
post-game step writes its entry here (STYLE.md habit 6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from functools import cache
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Integer, Select, Text, bindparam
from sqlalchemy import cast as sql_cast
from sqlalchemy import select as select_columns
from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.models import Campaign, CampaignLine, Gang, GangLine, LogEntry, Member
from skirmish.campaign.snapshot import State, capture, restore
from skirmish.campaign.store import column_rows
from skirmish.engine.dice import Die
from skirmish.errors import CampaignError
from skirmish.rules.names import normalize
from skirmish.translation import NP_, Both, Message

_Q = TypeVar("_Q", bound=Select[Any])


def _utc_now() -> datetime:
    return datetime.now(UTC)


#: Where timestamps come from; ``scripts/make_demo_db.py`` sets a fixed clock.
clock: Callable[[], datetime] = _utc_now


def now_text() -> str:
    """The log's timestamp: ISO 8601 in UTC, to the second."""
    return clock().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def author(session: Session) -> int | None:
    """Who is making this unit of work's entries: an account's id, or ``None`` for the local
    command line (issue #11; ``store.transaction(author=…)`` sets it)."""
    found = session.info.get("author")
    return found if isinstance(found, int) else None


def dice_data(dice: Iterable[Die]) -> list[dict[str, Any]]:
    """Dice as the log keeps them: each die's value and purpose."""
    return [{"value": die.value, "purpose": die.purpose} for die in dice]


def log_entry(
    session: Session,
    *,
    campaign_id: int,
    action: str,
    gang: Gang | None = None,
    member: Member | None = None,
    details: Mapping[str, Any] | None = None,
    dice: Iterable[Die] = (),
    ruling: str | None = None,
    state_before: State | None = None,
    money_before: int | None = None,
    xp_before: int | None = None,
) -> LogEntry:
    """Append one campaign log entry; the money and XP after are the gang's and the model's
    now."""
    entry = LogEntry(
        campaign_id=campaign_id,
        gang_id=gang.id if gang is not None else None,
        member_id=member.id if member is not None else None,
        member_name=member.name if member is not None else None,
        action=action,
        at=now_text(),
        details=dict(details or {}),
        dice=dice_data(dice),
        ruling=ruling,
        money_before=money_before,
        money_after=gang.treasury if gang is not None else None,
        xp_before=xp_before,
        xp_after=member.xp if member is not None else None,
        state_before=state_before,
        author=author(session),
    )
    session.add(entry)
    session.flush()
    return entry


class Before(NamedTuple):
    """What an action's log entry keeps of the time before it: the gang's state (for
    ``undo``), its money and the model's XP."""

    state: State
    money: int
    xp: int | None


def snapshot_before(session: Session, gang: Gang, model: Member | None = None) -> Before:
    """Take the ``Before`` of an action on ``gang`` (and ``model``), before it changes them."""
    xp = model.xp if model is not None else None
    return Before(capture(session, lookup.row_id(gang)), gang.treasury, xp)


def gang_log(
    session: Session,
    gang: Gang,
    before: Before,
    *,
    action: str,
    details: Mapping[str, Any],
    member: Member | None = None,
    dice: Iterable[Die] = (),
    ruling: str | None = None,
) -> LogEntry:
    """The log entry of an action on ``gang`` (and ``member``) that ``undo`` can revert."""
    return log_entry(
        session,
        campaign_id=gang.campaign_id,
        gang=gang,
        member=member,
        action=action,
        details=details,
        dice=dice,
        ruling=ruling,
        state_before=before.state,
        money_before=before.money,
        xp_before=before.xp,
    )


def standing_actions(
    session: Session, *, gang: Gang, after: int = 0, newest_first: bool = False
) -> list[LogEntry]:
    """The gang's actions logged after entry ``after`` that have not been undone (undo entries
    themselves excluded), oldest first (or newest first)."""
    undone = select(LogEntry.reverts).where(
        LogEntry.gang_id == gang.id, col(LogEntry.reverts).is_not(None)
    )
    order = col(LogEntry.id).desc() if newest_first else col(LogEntry.id)
    query = (
        select(LogEntry)
        .where(
            LogEntry.gang_id == gang.id,
            col(LogEntry.id) > after,
            LogEntry.action != "undo",
            col(LogEntry.id).not_in(undone),
        )
        .order_by(order)
    )
    return list(session.exec(query.limit(1) if newest_first else query).all())


def last_action(session: Session, *, gang: Gang) -> LogEntry | None:
    """The gang's last action that has not been undone (undo entries themselves excluded)."""
    found = standing_actions(session, gang=gang, newest_first=True)
    return found[0] if found else None


def undo(session: Session, *, gang: Gang) -> LogEntry:
    """Revert the gang's last action exactly: money, XP, models and items (its state before)."""
    last = last_action(session, gang=gang)
    if last is None or last.state_before is None:
        what = (
            Message("its {action}", action=last.action.replace("-", " "))
            if last is not None
            else Message(NP_("no action to undo", "nothing"))
        )
        raise CampaignError(
            Message(
                "nothing to undo for {gang_name!r}: its last action is {what}, which "
                "cannot be undone.",
                gang_name=gang.name,
                what=what,
            )
        )
    _check_name_free(session, gang, last)
    money = gang.treasury
    member = session.get(Member, last.member_id) if last.member_id is not None else None
    xp = member.xp if member is not None else None
    restore(session, lookup.row_id(gang), last.state_before)
    session.refresh(gang)
    member = session.get(Member, last.member_id) if last.member_id is not None else None
    entry = LogEntry(
        campaign_id=gang.campaign_id,
        gang_id=gang.id,
        member_id=last.member_id,
        member_name=last.member_name,
        action="undo",
        at=now_text(),
        details={"reverts": last.id, "action": last.action, "details": last.details},
        dice=[],
        ruling=last.ruling,
        money_before=money,
        money_after=gang.treasury,
        xp_before=xp,
        xp_after=member.xp if member is not None else None,
        reverts=last.id,
        author=author(session),
    )
    session.add(entry)
    session.flush()
    return entry


def _check_name_free(session: Session, gang: Gang, last: LogEntry) -> None:
    """The name the undo gives the gang back must still be free in its campaign (a gang
    imported or created since may have taken it)."""
    assert last.state_before is not None
    name = str(last.state_before["gang"]["name"])
    if normalize(name) == normalize(gang.name):
        return
    for other in session.exec(
        select(Gang).where(Gang.campaign_id == gang.campaign_id, Gang.id != gang.id)
    ).all():
        if normalize(other.name) == normalize(name):
            raise CampaignError(
                Message(
                    "cannot undo the {last_action_replace} of {gang_name!r}: it would be "
                    "called {name!r} again, and another gang of the campaign is called "
                    "{other_name!r} now; rename that gang first. Nothing was changed.",
                    gang_name=gang.name,
                    name=name,
                    other_name=other.name,
                    last_action_replace=Both(last.action.replace("-", " "), last.action),
                )
            )


def history(
    session: Session, *, campaign: Campaign, gang: Gang | None = None, limit: int | None = None
) -> list[LogEntry]:
    """The campaign's log (or one gang's), oldest first; ``limit`` keeps the latest entries.
    The gang's state before each entry (``state_before``, a whole roster each) is read only if
    asked for: the log's pages never show it (issue #23)."""
    query = select(LogEntry).options(defer(LogEntry.state_before))  # type: ignore[arg-type]
    return list(reversed(session.exec(_latest(query, campaign, gang, limit)).all()))


#: Every column of the log but ``state_before`` (a whole roster each): what a reader is shown.
SHOWN = tuple(c for c in LogEntry.__table__.columns if c.key != "state_before")  # type: ignore[attr-defined]


#: What a page's log shows of each entry (``feed=True``): when, whose and what, the text's
#: parts; not its dice, money, XP, ruling or author (issue #23: 30 to 200 entries a page). Its
#: details as their JSON text, not decoded: ``text.described_text`` decodes them only for a
#: line it has not said yet.
FEED = (
    *(
        c
        for c in LogEntry.__table__.columns  # type: ignore[attr-defined]
        if c.key in ("id", "at", "gang_id", "member_name", "action")
    ),
    sql_cast(col(LogEntry.details), Text).label("details"),
)


def history_rows(
    session: Session,
    *,
    campaign: CampaignLine,
    gang: GangLine | None = None,
    limit: int | None = None,
    feed: bool = False,
) -> list[Any]:
    """``history`` as rows of the ``SHOWN`` columns (the same attributes as the entries, read
    without building an object each: ``log``, issue #23), or of the ``FEED`` columns only
    (``feed``: what the log's pages show)."""
    params: dict[str, Any] = {"campaign": campaign.id}
    if gang is not None:
        params["gang"] = gang.id
    if limit is not None:
        params["limit"] = limit
    query = _history_query(gang is not None, limit is not None, feed)
    return list(reversed(column_rows(session, query, params)))


@cache
def _history_query(by_gang: bool, limited: bool, feed: bool = False) -> Select[Any]:
    """``history_rows``'s statement (``_latest`` with parameters: ``campaign``, ``gang``,
    ``limit``), built once for each shape (issue #23: a page's log asks it on every request)."""
    query = select_columns(*(FEED if feed else SHOWN)).where(
        col(LogEntry.campaign_id) == bindparam("campaign", type_=Integer)
    )
    if by_gang:
        query = query.where(col(LogEntry.gang_id) == bindparam("gang", type_=Integer))
    query = query.order_by(col(LogEntry.id).desc())
    return query.limit(bindparam("limit", type_=Integer)) if limited else query


def _latest(query: _Q, campaign: Campaign, gang: Gang | None, limit: int | None) -> _Q:
    """``query`` of the campaign's log (or one gang's), the latest first, ``limit`` of them."""
    query = query.where(col(LogEntry.campaign_id) == campaign.id)
    if gang is not None:
        query = query.where(col(LogEntry.gang_id) == gang.id)
    query = query.order_by(col(LogEntry.id).desc())
    return query if limit is None else query.limit(limit)
