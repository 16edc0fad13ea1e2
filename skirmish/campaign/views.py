"""What a gang or campaign looks like to a reader: plain data for JSON and for the tables.

**Gang rating** (shown by ``gang show``, ``gang list`` and ``campaign show``): what the gang is
worth in dollars: the profile cost of every model on the roster, plus what was paid for every
item it owns (carried or in the stash), plus 5$ per XP point its models have earned: the XP they
hold and the XP they spent on the advances they keep (the log's standing ``advance`` entries), so
an advance never lowers the rating (issue #10). The treasury is not part of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, cast

from sqlalchemy import inspect
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import object_session, selectinload
from sqlmodel import Session, col, select

from skirmish.campaign.equipment import waiting_purchases
from skirmish.campaign.lookup import active_members, carried, stash
from skirmish.campaign.models import Gang, LogEntry, Member, OwnedItem
from skirmish.campaign.owed import owed_by
from skirmish.engine.advances import DOTTORE_LAUREATO
from skirmish.i18n import Lang, name
from skirmish.rules import find_equipment, find_faction, find_profile, find_skill, invalid_table
from skirmish.rules.model import Weapon
from skirmish.translation import gettext

#: Dollars of rating per XP point.
XP_VALUE = 5


def rating(gang: Gang) -> int:
    """The gang's rating: model costs + equipment paid + 5$ per XP earned (see module docs)."""
    session = object_session(gang)
    advances = _advances(session, [gang.id]) if session is not None else {}
    return _rating(gang, [item.paid for item in gang.items], advances.get(gang.id, []))


def ratings(session: OrmSession, gangs: Sequence[Gang]) -> dict[int | None, int]:
    """``rating`` of each of ``gangs`` (by id), in three queries whatever their number (a
    campaign's list and standings): the models of those not loaded yet, what each gang paid
    for its items (plain numbers: a long campaign's gangs own hundreds), and their advances."""
    ids = [g.id for g in gangs if g.id is not None]
    unloaded = [g.id for g in gangs if g.id is not None and "members" in inspect(g).unloaded]
    if unloaded:
        session.execute(
            select(Gang).where(col(Gang.id).in_(unloaded)).options(selectinload(Gang.members))  # type: ignore[arg-type]
        ).all()
    paid: dict[int | None, list[int]] = {}
    if ids:
        rows = session.execute(
            select(OwnedItem.gang_id, OwnedItem.paid).where(col(OwnedItem.gang_id).in_(ids))
        ).all()
        for gang_id, price in rows:
            paid.setdefault(gang_id, []).append(price)
    advances = _advances(session, ids)
    return {g.id: _rating(g, paid.get(g.id, []), advances.get(g.id, [])) for g in gangs}


def _rating(gang: Gang, paid: Sequence[int], advances: Sequence[tuple[int | None, int]]) -> int:
    """The sum itself: ``paid``, what the gang paid for each item it owns; ``advances``, the
    XP cost of each of its standing advances and the model that took it."""
    roster = active_members(gang)
    models = sum(_profile_cost(m.profile, gang.faction) for m in roster)
    kit = sum(paid)
    on_roster = {m.id for m in roster}
    # XP the models on the roster spent on the advances they keep
    spent = sum(cost for member, cost in advances if member in on_roster)
    earned = sum(m.xp for m in roster) + spent
    return models + kit + XP_VALUE * earned


@cache
def _profile_cost(profile: str, faction: str) -> int:
    """A profile's cost (the book's tables never change while skirmish runs; a campaign's
    standings ask it for every model of every gang)."""
    return find_profile(profile, faction=faction).cost


def _advances(
    session: OrmSession, gang_ids: Sequence[int | None]
) -> dict[int | None, list[tuple[int | None, int]]]:
    """Each gang's standing ``advance`` entries (not undone): (the model, the XP it cost)."""
    ids = [i for i in gang_ids if i is not None]
    if not ids:
        return {}
    undone = select(LogEntry.reverts).where(
        col(LogEntry.gang_id).in_(ids), col(LogEntry.reverts).is_not(None)
    )
    rows = session.execute(
        select(LogEntry.gang_id, LogEntry.member_id, LogEntry.details).where(
            col(LogEntry.gang_id).in_(ids),
            LogEntry.action == "advance",
            col(LogEntry.id).not_in(undone),
        )
    ).all()
    out: dict[int | None, list[tuple[int | None, int]]] = {}
    for gang_id, member, details in rows:
        out.setdefault(gang_id, []).append((member, int(details.get("cost", 0))))
    return out


def skill_name(skill: str, lang: Lang | str) -> str:
    """A skill's name; the graduate DOTTORE has no row of its own on the table."""
    if skill == DOTTORE_LAUREATO:
        return gettext(str(lang), "Graduate doctor")
    return name(find_skill(skill), lang)


def injury_name(injury: str, lang: Lang | str) -> str:
    """An invalidity's name (§6.5)."""
    for row in invalid_table():
        if row.id == injury:
            return name(row, lang)
    return injury


def item_data(item: OwnedItem, lang: Lang | str) -> dict[str, Any]:
    """One owned item as JSON."""
    entry = find_equipment(item.item)
    return {"id": item.item, "name": name(entry, lang), "paid": item.paid}


def member_data(gang: Gang, member: Member, lang: Lang | str) -> dict[str, Any]:
    """One model as JSON: numbers, XP, skills, injuries, items."""
    profile = find_profile(member.profile, faction=gang.faction)
    return {
        "name": member.name,
        "handle": member.handle,  # issue #10: the short name it answers to at the table
        "profile": member.profile,
        "profile_name": name(profile, lang),
        "role": member.role,
        "promoted": member.role != profile.role.value,  # a common who gained FAMA/FORTUNA
        "status": member.status,
        "tiro": member.tiro,
        "fred": member.fred,
        "rif": member.rif,
        "cos": member.cos,
        "fama": member.fama,
        "fortuna": member.fortuna,
        "xp": member.xp,
        "skills": [
            {
                "id": s.skill,
                "name": skill_name(s.skill, lang),
                "choice": s.choice,
                "choice_name": name(find_equipment(s.choice), lang) if s.choice else None,
            }
            for s in member.skills
        ],
        "injuries": [
            {"id": i.injury, "name": injury_name(i.injury, lang)} for i in member.injuries
        ],
        "items": [item_data(item, lang) for item in carried(gang, member)],
    }


def gang_data(gang: Gang, lang: Lang | str) -> dict[str, Any]:
    """The whole gang as JSON (``gang show --json``); a failed purchase is ``waiting`` while its
    item may not be tried again (H-03)."""
    faction = find_faction(gang.faction)
    session = object_session(gang)  # the caller's unit of work: a SQLModel session
    waiting = waiting_purchases(cast(Session, session), gang) if session is not None else []
    owed = owed_by(cast(Session, session), gang) if session is not None else None
    return {
        "name": gang.name,
        "faction": gang.faction,
        "faction_name": name(faction, lang),
        "status": gang.status,
        "treasury": gang.treasury,
        "rating": rating(gang),
        "games_played": gang.games_played,
        "stash": [item_data(item, lang) for item in stash(gang)],
        "members": [member_data(gang, m, lang) for m in active_members(gang)],
        "former_members": [
            {"name": m.name, "profile": m.profile, "status": m.status}
            for m in gang.members
            if m not in active_members(gang)
        ],
        "weapons": [weapon_data(w, lang) for w in weapons_carried(gang)],
        "failed_purchases": [
            {
                "item": f.item,
                "name": name(find_equipment(f.item), lang),
                "game": f.game,
                "waiting": f in waiting,
            }
            for f in gang.failed_purchases
        ],
        # R-23, issue #10: the ended game whose post-game sequence the gang still owes.
        "postgame_owed": {"game": owed.game, "scenario": owed.scenario} if owed else None,
    }


def gang_summary(gang: Gang, lang: Lang | str, *, rated: int | None = None) -> dict[str, Any]:
    """One line of ``gang list`` (``rated``: its rating, when ``ratings`` has it already)."""
    return {
        "name": gang.name,
        "faction": gang.faction,
        "faction_name": name(find_faction(gang.faction), lang),
        "status": gang.status,
        "treasury": gang.treasury,
        "models": len(active_members(gang)),
        "rating": rating(gang) if rated is None else rated,
    }


def gang_summaries(
    session: OrmSession, gangs: Sequence[Gang], lang: Lang | str
) -> list[dict[str, Any]]:
    """``gang_summary`` of each of ``gangs``, their ratings read together (``ratings``)."""
    rated = ratings(session, gangs)
    return [gang_summary(g, lang, rated=rated[g.id]) for g in gangs]


def weapon_data(weapon: Weapon, lang: Lang | str) -> dict[str, Any]:
    """A weapon's profile (tables 5–7) as JSON."""
    return {
        "id": weapon.id,
        "name": name(weapon, lang),
        "category": weapon.category.value,
        "short": weapon.short,
        "long": weapon.long,
        "shots_per_turn": weapon.shots_per_turn,
        "ca": weapon.ca,
        "bonus": weapon.bonus,
        "two_handed": weapon.two_handed,
    }


def weapons_carried(gang: Gang) -> list[Weapon]:
    """Every distinct weapon the gang owns, in the order first owned (for the profile table)."""
    seen: dict[str, Weapon] = {}
    for item in gang.items:
        entry = find_equipment(item.item)
        if isinstance(entry, Weapon) and entry.id not in seen:
            seen[entry.id] = entry
    return list(seen.values())
