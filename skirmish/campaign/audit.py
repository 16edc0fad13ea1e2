"""Checking that a campaign's books add up (issue #8): what must hold after any sequence of
actions, concurrent ones included. Nothing here changes the database.

For each gang:

- **the money chain**: its log entries, oldest first, start from 0$ (founding counts 0 → 400),
  each entry's money before is the money after of the entry before it, and the last money
  after is the gang's treasury, which is never below 0;
- **undo**: every ``undo`` entry reverts an entry of the same gang, never one that was already
  undone, and always the last action not yet undone at that point of the log (as ``undo``
  chooses it); only ``undo`` entries revert anything;
- **R-13**: at most six active models, at most one leader, no two active models whose names
  fold alike (case, accents, separators: ``rules.names.normalize``);
- items are carried only by active models of the gang (a fired or dead model's go to the stash).

For the campaign: no two gangs whose names fold alike, and no log entry of the campaign naming a
gang of another one.

Each problem is a ``Message`` (one line, said in the run's language; ids, actions and names
stay as they are inside it). ``benchmarks/soak.py`` runs it after concurrent writers; the race
tests can too.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from skirmish.campaign.models import Campaign, Gang, LogEntry, Member, MemberStatus, OwnedItem
from skirmish.campaign.roster import MAX_MODELS
from skirmish.rules.model import Role
from skirmish.rules.names import normalize
from skirmish.translation import N_, NP_, Message


def check_campaign(session: Session, campaign: Campaign) -> list[Message]:
    """Every problem in ``campaign``'s books, one line each; an empty list when they add up."""
    problems: list[Message] = []
    gangs = session.exec(
        select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id))
    ).all()
    problems += [
        Message("campaign {name!r}: {problem}", name=campaign.name, problem=problem)
        for problem in _same_names(NAMESAKES["gangs"], [g.name for g in gangs])
    ]
    ours = {gang.id for gang in gangs}
    strays = session.exec(
        select(LogEntry)
        .where(LogEntry.campaign_id == campaign.id, col(LogEntry.gang_id).is_not(None))
        .order_by(col(LogEntry.id))
    ).all()
    problems += [
        Message(
            "campaign {name!r}: log entry #{entry_id} ({action}) names gang #{gang_id}, "
            "which is not one of this campaign's gangs",
            name=campaign.name,
            entry_id=e.id,
            action=e.action,
            gang_id=e.gang_id,
        )
        for e in strays
        if e.gang_id not in ours
    ]
    for gang in gangs:
        problems += check_gang(session, gang)
    return problems


def check_gang(session: Session, gang: Gang) -> list[Message]:
    """Every problem in ``gang``'s books (money chain, undo, R-13, items), one line each,
    each starting with the gang's name; an empty list when they add up."""
    entries = session.exec(
        select(LogEntry).where(LogEntry.gang_id == gang.id).order_by(col(LogEntry.id))
    ).all()
    members = session.exec(
        select(Member).where(Member.gang_id == gang.id).order_by(col(Member.id))
    ).all()
    items = session.exec(
        select(OwnedItem).where(OwnedItem.gang_id == gang.id).order_by(col(OwnedItem.id))
    ).all()
    problems = [
        *_money_chain(gang, entries),
        *_undos(entries),
        *_roster(members),
        *_items(items, members),
    ]
    return [Message("gang {name!r}: {problem}", name=gang.name, problem=p) for p in problems]


def _label(entry: LogEntry) -> str:
    return f"#{entry.id} ({entry.action})"


def _money_chain(gang: Gang, entries: Sequence[LogEntry]) -> list[Message]:
    problems: list[Message] = []
    if gang.treasury < 0:
        problems.append(
            Message("the treasury is {treasury}$, below 0 (R-12, R-13)", treasury=gang.treasury)
        )
    if not entries:
        return [*problems, Message("no log entry at all (founding a gang is one)")]
    previous: LogEntry | None = None
    for entry in entries:
        if entry.money_before is None or entry.money_after is None:
            problems.append(
                Message(
                    "log entry {entry} does not say the money before and after",
                    entry=_label(entry),
                )
            )
            continue
        if previous is None:
            if entry.money_before != 0:
                problems.append(
                    Message(
                        "the log starts at {money}$ with {entry}, not at 0$",
                        money=entry.money_before,
                        entry=_label(entry),
                    )
                )
        elif entry.money_before != previous.money_after:
            problems.append(
                Message(
                    "money chain broken at {entry}: {before}$ before it, but {previous} left "
                    "{after}$",
                    entry=_label(entry),
                    before=entry.money_before,
                    previous=_label(previous),
                    after=previous.money_after,
                )
            )
        previous = entry
    if previous is not None and previous.money_after != gang.treasury:
        problems.append(
            Message(
                "the treasury is {treasury}$ but the last log entry {entry} left {after}$",
                treasury=gang.treasury,
                entry=_label(previous),
                after=previous.money_after,
            )
        )
    return problems


def _undos(entries: Sequence[LogEntry]) -> list[Message]:
    """Replay the log as ``undo`` reads it: a stack of the actions not yet undone."""
    problems: list[Message] = []
    by_id = {entry.id: entry for entry in entries}
    standing: list[LogEntry] = []  # actions not undone, oldest first
    undone_by: dict[int, int | None] = {}
    for entry in entries:
        if entry.action != "undo":
            if entry.reverts is not None:
                problems.append(
                    Message(
                        "{entry} reverts #{target} but is not an undo",
                        entry=_label(entry),
                        target=entry.reverts,
                    )
                )
            standing.append(entry)
            continue
        target = entry.reverts
        if target is None:
            problems.append(
                Message("undo #{undo_id} does not say which entry it reverts", undo_id=entry.id)
            )
        elif target in undone_by:
            problems.append(
                Message(
                    "undo #{undo_id} reverts #{target} again (undone already by #{by})",
                    undo_id=entry.id,
                    target=target,
                    by=undone_by[target],
                )
            )
        elif target not in by_id or target > (entry.id or 0):
            problems.append(
                Message(
                    "undo #{undo_id} reverts #{target}, which is not an earlier entry of this gang",
                    undo_id=entry.id,
                    target=target,
                )
            )
        else:
            undone_by[target] = entry.id
            last = standing[-1] if standing else None
            if last is None or last.id != target:
                then = _label(last) if last is not None else Message(NP_("no action", "none"))
                problems.append(
                    Message(
                        "undo #{undo_id} reverts {entry}, but the last action not undone then "
                        "was {then}",
                        undo_id=entry.id,
                        entry=_label(by_id[target]),
                        then=then,
                    )
                )
            standing = [e for e in standing if e.id != target]
    return problems


def _roster(members: Sequence[Member]) -> list[Message]:
    problems: list[Message] = []
    active = [m for m in members if m.status == MemberStatus.ACTIVE]
    if len(active) > MAX_MODELS:
        problems.append(
            Message(
                "R-13: {count} active models, at most {most}", count=len(active), most=MAX_MODELS
            )
        )
    leaders = [m.name for m in active if m.role == Role.LEADER]
    if len(leaders) > 1:
        problems.append(
            Message(
                "R-13: {count} leaders ({names}), at most one",
                count=len(leaders),
                names=", ".join(map(repr, leaders)),
            )
        )
    problems += _same_names(NAMESAKES["active models"], [m.name for m in active])
    return problems


def _items(items: Sequence[OwnedItem], members: Sequence[Member]) -> list[Message]:
    active = {m.id for m in members if m.status == MemberStatus.ACTIVE}
    return [
        Message(
            "item #{item_id} ({item}) is carried by model #{member_id}, which is not on the roster",
            item_id=item.id,
            item=item.item,
            member_id=item.member_id,
        )
        for item in items
        if item.member_id is not None and item.member_id not in active
    ]


#: What ``_same_names`` says of the names that fold alike, by what they name.
NAMESAKES = {
    "gangs": N_("gangs share a name: {names}"),
    "active models": N_("R-13: active models share a name: {names}"),
}


def _same_names(said: str, names: Sequence[str]) -> list[Message]:
    """``said`` (a ``NAMESAKES`` msgid) for each group of ``names`` that fold alike."""
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(normalize(name), []).append(name)
    return [
        Message(said, names=", ".join(map(repr, names)))
        for names in groups.values()
        if len(names) > 1
    ]
