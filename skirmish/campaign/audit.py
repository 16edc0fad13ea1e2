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

``benchmarks/soak.py`` runs it after concurrent writers; the race tests can too.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from skirmish.campaign.models import Campaign, Gang, LogEntry, Member, MemberStatus, OwnedItem
from skirmish.campaign.roster import MAX_MODELS
from skirmish.rules.model import Role
from skirmish.rules.names import normalize


def check_campaign(session: Session, campaign: Campaign) -> list[str]:
    """Every problem in ``campaign``'s books, one line each; an empty list when they add up."""
    problems: list[str] = []
    gangs = session.exec(
        select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id))
    ).all()
    problems += [
        f"campaign {campaign.name!r}: {problem}"
        for problem in _same_names("gangs", [g.name for g in gangs])
    ]
    ours = {gang.id for gang in gangs}
    strays = session.exec(
        select(LogEntry)
        .where(LogEntry.campaign_id == campaign.id, col(LogEntry.gang_id).is_not(None))
        .order_by(col(LogEntry.id))
    ).all()
    problems += [
        f"campaign {campaign.name!r}: log entry #{e.id} ({e.action}) names gang #{e.gang_id}, "
        "which is not one of this campaign's gangs"
        for e in strays
        if e.gang_id not in ours
    ]
    for gang in gangs:
        problems += check_gang(session, gang)
    return problems


def check_gang(session: Session, gang: Gang) -> list[str]:
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
    return [f"gang {gang.name!r}: {problem}" for problem in problems]


def _label(entry: LogEntry) -> str:
    return f"#{entry.id} ({entry.action})"


def _money_chain(gang: Gang, entries: Sequence[LogEntry]) -> list[str]:
    problems: list[str] = []
    if gang.treasury < 0:
        problems.append(f"the treasury is {gang.treasury}$, below 0 (R-12, R-13)")
    if not entries:
        return [*problems, "no log entry at all (founding a gang is one)"]
    previous: LogEntry | None = None
    for entry in entries:
        if entry.money_before is None or entry.money_after is None:
            problems.append(f"log entry {_label(entry)} does not say the money before and after")
            continue
        if previous is None:
            if entry.money_before != 0:
                problems.append(
                    f"the log starts at {entry.money_before}$ with {_label(entry)}, not at 0$"
                )
        elif entry.money_before != previous.money_after:
            problems.append(
                f"money chain broken at {_label(entry)}: {entry.money_before}$ before it, "
                f"but {_label(previous)} left {previous.money_after}$"
            )
        previous = entry
    if previous is not None and previous.money_after != gang.treasury:
        problems.append(
            f"the treasury is {gang.treasury}$ but the last log entry {_label(previous)} "
            f"left {previous.money_after}$"
        )
    return problems


def _undos(entries: Sequence[LogEntry]) -> list[str]:
    """Replay the log as ``undo`` reads it: a stack of the actions not yet undone."""
    problems: list[str] = []
    by_id = {entry.id: entry for entry in entries}
    standing: list[LogEntry] = []  # actions not undone, oldest first
    undone_by: dict[int, int | None] = {}
    for entry in entries:
        if entry.action != "undo":
            if entry.reverts is not None:
                problems.append(f"{_label(entry)} reverts #{entry.reverts} but is not an undo")
            standing.append(entry)
            continue
        target = entry.reverts
        if target is None:
            problems.append(f"undo #{entry.id} does not say which entry it reverts")
        elif target in undone_by:
            problems.append(
                f"undo #{entry.id} reverts #{target} again (undone already by #{undone_by[target]})"
            )
        elif target not in by_id or target > (entry.id or 0):
            problems.append(
                f"undo #{entry.id} reverts #{target}, which is not an earlier entry of this gang"
            )
        else:
            undone_by[target] = entry.id
            last = standing[-1] if standing else None
            if last is None or last.id != target:
                then = _label(last) if last is not None else "none"
                problems.append(
                    f"undo #{entry.id} reverts {_label(by_id[target])}, but the last action not "
                    f"undone then was {then}"
                )
            standing = [e for e in standing if e.id != target]
    return problems


def _roster(members: Sequence[Member]) -> list[str]:
    problems: list[str] = []
    active = [m for m in members if m.status == MemberStatus.ACTIVE]
    if len(active) > MAX_MODELS:
        problems.append(f"R-13: {len(active)} active models, at most {MAX_MODELS}")
    leaders = [m.name for m in active if m.role == Role.LEADER]
    if len(leaders) > 1:
        problems.append(
            f"R-13: {len(leaders)} leaders ({', '.join(map(repr, leaders))}), at most one"
        )
    problems += [f"R-13: {p}" for p in _same_names("active models", [m.name for m in active])]
    return problems


def _items(items: Sequence[OwnedItem], members: Sequence[Member]) -> list[str]:
    active = {m.id for m in members if m.status == MemberStatus.ACTIVE}
    return [
        f"item #{item.id} ({item.item}) is carried by model #{item.member_id}, "
        "which is not on the roster"
        for item in items
        if item.member_id is not None and item.member_id not in active
    ]


def _same_names(what: str, names: Sequence[str]) -> list[str]:
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(normalize(name), []).append(name)
    return [
        f"{what} share a name: {', '.join(map(repr, names))}"
        for names in groups.values()
        if len(names) > 1
    ]
