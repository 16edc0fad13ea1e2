"""What a gang or campaign looks like to a reader: plain data for JSON and for the tables.

**Gang rating** (shown by ``gang show``, ``gang list`` and ``campaign show``): what the gang is
worth in dollars: the profile cost of every model on the roster, plus what was paid for every
item it owns (carried or in the stash), plus 5$ per XP point its models have earned: the XP they
hold and the XP they spent on the advances they keep (the log's standing ``advance`` entries), so
an advance never lowers the rating (issue #10). The treasury is not part of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple, cast

from sqlalchemy import JSON, Integer, bindparam, exists, func, inspect, literal, null, union_all
from sqlalchemy import cast as sql_cast
from sqlalchemy import select as select_columns
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import aliased, object_session
from sqlmodel import Session, col

from skirmish.campaign.equipment import waiting_among
from skirmish.campaign.lookup import active_members, carried
from skirmish.campaign.models import (
    FailedPurchase,
    Gang,
    GangLine,
    Injury,
    LogEntry,
    Member,
    MemberSkill,
    MemberStatus,
    OwnedItem,
)
from skirmish.campaign.owed import GameRow, games_of_gang, owed_by
from skirmish.campaign.store import Access, column_rows
from skirmish.engine.advances import DOTTORE_LAUREATO
from skirmish.engine.glossary import GameStatus
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
    roster = active_members(gang)
    paid = [item.paid for item in gang.items]
    return _rating(gang.faction, roster, paid, advances.get(gang.id, []))


def ratings(session: OrmSession, gangs: Sequence[GangLine]) -> dict[int | None, int]:
    """``rating`` of each of ``gangs`` (by id), in one query of columns whatever their number
    (a campaign's list and standings; issue #23: rows, not objects, and one statement, not
    three): their models on the roster, what they paid for their items (hundreds), and their
    advances."""
    return _rated(session, gangs)[0]


#: The kinds of row ``_rated``'s one statement returns (its ``kind`` column).
_ON_ROSTER, _OWNED, _ADVANCE, _FAILED = 0, 1, 2, 3
#: ``session.info`` of a READ unit of work: gang id → its failed purchases, as ``_rated`` read
#: them beside the ratings (``failed_purchases_read``).
_FAILED_KEPT = "gangs_failed_purchases"


class FailedRow(NamedTuple):
    """A failed purchase (H-03) as a row: its gang, its item, the gang's game count then."""

    gang_id: int | None
    item: str
    game: int


def failed_purchases_read(
    session: OrmSession, gang_ids: Iterable[int | None]
) -> dict[int | None, list[FailedRow]] | None:
    """The failed purchases of each of ``gang_ids``, oldest first, if this READ unit of work
    read them already beside the gangs' ratings (``gang_summaries``; issue #23: the campaign
    page's desk asks no statement of its own); ``None`` if it did not read them all."""
    kept = session.info.get(_FAILED_KEPT, {})
    wanted = list(gang_ids)
    if not all(g in kept for g in wanted):
        return None
    return {g: list(kept[g]) for g in wanted}


def _rated(
    session: OrmSession, gangs: Sequence[GangLine], *, campaign: int | None = None
) -> tuple[dict[int | None, int], dict[int | None, int]]:
    """``ratings`` and each gang's models on the roster (by id), from the same rows.
    ``campaign``: ``gangs`` are every gang of that campaign, whose rows the statement reads by
    the campaign's id (issue #23: no list of ids expanded into its five sets on every call)."""
    ids = [g.id for g in gangs if g.id is not None]
    roster: dict[int | None, list[Any]] = {}
    paid: dict[int | None, list[int]] = {}
    advances: dict[int | None, list[tuple[int | None, int]]] = {}
    failed: dict[int | None, list[FailedRow]] = {}
    if ids:
        query, params = (
            (_rating_query(by_campaign=False), {"ids": ids})
            if campaign is None
            else (_rating_query(by_campaign=True), {"campaign": campaign})
        )
        for kind, gang_id, member, profile, number in column_rows(session, query, params):
            if kind == _ON_ROSTER:
                roster.setdefault(gang_id, []).append(_Model(member, profile, number))
            elif kind == _OWNED:
                paid.setdefault(gang_id, []).append(number)
            elif kind == _ADVANCE:
                advances.setdefault(gang_id, []).append((member, number))
            else:
                failed.setdefault(gang_id, []).append(FailedRow(gang_id, profile, number))
        if session.info.get("access") == Access.READ:  # nothing changes them until it ends
            kept = session.info.setdefault(_FAILED_KEPT, {})
            kept.update({g: failed.get(g, []) for g in ids})
    rated = {
        g.id: _rating(g.faction, roster.get(g.id, []), paid.get(g.id, []), advances.get(g.id, []))
        for g in gangs
    }
    return rated, {g.id: len(roster.get(g.id, [])) for g in gangs}


class _Model(NamedTuple):
    """A model on the roster as ``_rating`` reads it."""

    id: int | None
    profile: str
    xp: int


def _advance_cost() -> Any:
    """An ``advance`` entry's XP cost (its details' ``cost``, 0 if it has none) as a column, read
    by the database (SQLite ``JSON_EXTRACT``, PostgreSQL ``->>``; issue #23: no entry's JSON
    decoded in Python for one number, and no JSON column in the ratings' rows)."""
    return func.coalesce(col(LogEntry.details)["cost"].as_integer(), 0)


@cache
def _advances_query() -> Any:
    """A gang's standing advances (each ``advance`` entry not undone), built once for any gangs
    (the ``ids`` parameter, expanded)."""
    ids = bindparam("ids", type_=Integer, expanding=True)
    return select_columns(col(LogEntry.gang_id), col(LogEntry.member_id), _advance_cost()).where(
        col(LogEntry.gang_id).in_(ids), col(LogEntry.action) == "advance", _not_undone()
    )


def _not_undone() -> Any:
    """The log's entry is not undone: no entry reverts it (an undo names the entry it reverts,
    ``reverts``, always one of its own gang). Probed on ``ix_log_entry_reverts`` for each entry
    asked about (issue #23: a ``NOT IN`` the gangs' undo entries read every entry of their logs
    a second time; the campaign page's ratings, 86 → 67 µs of SQLite's own time on the demo,
    1.01 → 0.42 ms on a log of 1,700 entries)."""
    undoing = aliased(LogEntry)
    return ~exists().where(col(undoing.reverts) == col(LogEntry.id))


@cache
def _rating_query(*, by_campaign: bool) -> Any:
    """The gangs' ratings' three sets of rows in one statement (``UNION ALL``, issue #23: one
    round trip, not three): their models on the roster, the prices paid for their items, their
    standing advances (as ``_advances_query``); and a fourth the ratings do not use, the gangs'
    failed purchases (H-03), which the campaign page's desk reads from them
    (``failed_purchases_read``: one statement less). Each row says its ``kind``, then the gang,
    the model (a failed purchase's id), its profile (the item) and a number (the model's XP, an
    item's price, an advance's XP cost, the failed purchase's game); the models first, by id.
    The gangs: the ``ids`` parameter, or (``by_campaign``) every gang of the ``campaign``."""
    ids: Any = (
        select_columns(col(Gang.id)).where(
            col(Gang.campaign_id) == bindparam("campaign", type_=Integer)
        )
        if by_campaign
        else bindparam("ids", type_=Integer, expanding=True)
    )
    on_roster: Any = select_columns(  # mypy infers no type for this five-column select
        literal(_ON_ROSTER, Integer).label("kind"),
        col(Member.gang_id).label("gang_id"),
        col(Member.id).label("member_id"),
        col(Member.profile).label("profile"),
        col(Member.xp).label("number"),
    ).where(col(Member.gang_id).in_(ids), col(Member.status) == MemberStatus.ACTIVE)
    owned = select_columns(
        literal(_OWNED, Integer),
        col(OwnedItem.gang_id),
        null(),
        null(),
        col(OwnedItem.paid),
    ).where(col(OwnedItem.gang_id).in_(ids))
    advances = select_columns(
        literal(_ADVANCE, Integer),
        col(LogEntry.gang_id),
        col(LogEntry.member_id),
        null(),
        _advance_cost(),
    ).where(
        col(LogEntry.gang_id).in_(ids),
        col(LogEntry.action) == "advance",
        _not_undone(),
    )
    failed = select_columns(
        literal(_FAILED, Integer),
        col(FailedPurchase.gang_id),
        col(FailedPurchase.id),  # the order they failed in
        col(FailedPurchase.item),
        col(FailedPurchase.game),
    ).where(col(FailedPurchase.gang_id).in_(ids))
    both = union_all(on_roster, owned, advances, failed).subquery()
    return select_columns(*both.c).order_by(both.c.kind, both.c.member_id)


def _rating(
    faction: str,
    roster: Sequence[Any],
    paid: Sequence[int],
    advances: Sequence[tuple[int | None, int]],
) -> int:
    """The sum itself: ``roster``, the models on it (objects or rows: ``id``, ``profile``,
    ``xp``); ``paid``, what the gang paid for each item it owns; ``advances``, the XP cost of
    each of its standing advances and the model that took it."""
    models = sum(_profile_cost(m.profile, faction) for m in roster)
    kit = sum(paid)
    on_roster = {m.id for m in roster}
    # XP the models on the roster spent on the advances they keep
    spent = sum(cost for member, cost in advances if member in on_roster)
    earned = sum(m.xp for m in roster) + spent
    return int(models + kit + XP_VALUE * earned)


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
    found = column_rows(session, _advances_query(), {"ids": ids})
    out: dict[int | None, list[tuple[int | None, int]]] = {}
    for gang_id, member, cost in found:
        out.setdefault(gang_id, []).append((member, cost))
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


def item_data(item: Any, lang: Lang | str) -> dict[str, Any]:
    """One owned item as JSON (an object or a row: ``item``, ``paid``)."""
    entry = find_equipment(item.item)
    return {"id": item.item, "name": name(entry, lang), "paid": item.paid}


def member_data(gang: Gang, member: Member, lang: Lang | str) -> dict[str, Any]:
    """One model as JSON: numbers, XP, skills, injuries, items."""
    return _member_data(
        gang.faction, member, member.skills, member.injuries, carried(gang, member), lang
    )


def _member_data(
    faction: str,
    member: Any,
    skills: Sequence[Any],
    injuries: Sequence[Any],
    items: Sequence[Any],
    lang: Lang | str,
) -> dict[str, Any]:
    """``member_data`` of a model, an object or a row (its columns), with its skills, injuries
    and the items it carries (objects or rows alike)."""
    profile = find_profile(member.profile, faction=faction)
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
            for s in skills
        ],
        "injuries": [{"id": i.injury, "name": injury_name(i.injury, lang)} for i in injuries],
        "items": [item_data(item, lang) for item in items],
    }


class _GangRows(NamedTuple):
    """What ``gang_data`` shows of a gang besides its own row: its models, their skills and
    injuries (by model id), its items and its failed purchases, each in id order; rows of
    their columns (issue #23: read as Core rows, not loaded as objects) or the objects
    themselves when the caller has loaded them already."""

    members: Sequence[Any]
    skills: Mapping[int | None, Sequence[Any]]
    injuries: Mapping[int | None, Sequence[Any]]
    items: Sequence[Any]
    failed: Sequence[Any]


def _loaded(gang: Gang) -> bool:
    """Whether the gang's models, items and failed purchases are loaded already (``lookup.
    gang_by_name(full=True)``, a gang just built, a detached gang)."""
    unloaded = inspect(gang).unloaded
    return not {"members", "items", "failed_purchases"} & unloaded and all(
        not {"skills", "injuries"} & inspect(m).unloaded for m in gang.members
    )


def _rows_of(gang: Gang) -> _GangRows:
    """``_GangRows`` of a gang whose relationships are loaded."""
    return _GangRows(
        members=gang.members,
        skills={m.id: m.skills for m in gang.members},
        injuries={m.id: m.injuries for m in gang.members},
        items=gang.items,
        failed=gang.failed_purchases,
    )


@cache
def _members_query() -> Any:
    """A gang's models as rows of their shown columns (the ``gang`` parameter), built once."""
    m, gang = Member, bindparam("gang", type_=Integer)
    shown = (m.id, m.name, m.handle, m.profile, m.role, m.status, m.tiro, m.fred, m.rif, m.cos)
    return (
        select_columns(*(col(c) for c in (*shown, m.fama, m.fortuna, m.xp)))
        .where(col(m.gang_id) == gang)
        .order_by(col(m.id))
    )


#: The kinds of row ``_gang_rows_query`` returns (its ``kind`` column).
_SKILL, _INJURY, _ITEM, _FAILED, _STANDING_ADVANCE, _ENDED = 0, 1, 2, 3, 4, 5


class _Skill(NamedTuple):
    member_id: int | None
    skill: str
    choice: str | None


class _Injury(NamedTuple):
    member_id: int | None
    injury: str


class _Item(NamedTuple):
    member_id: int | None
    item: str
    paid: int


class _Failed(NamedTuple):
    item: str
    game: int


@cache
def _gang_rows_query() -> Any:
    """Everything ``gang_data`` reads of a gang besides its models, in one statement (``UNION
    ALL``; issue #23: one round trip, not five): its models' skills and injuries, its items,
    its failed purchases, its standing advances (as ``_advances_query``) and its ended games
    (as ``owed.waiting`` reads them), the gang being the ``gang`` parameter. Each row says its
    ``kind``, then its own id (each kind in id order), the model, two words (a skill and its
    choice, an injury, an item, a game's scenario), a number (an item's price, a failed
    purchase's game) and an advance's details."""
    gang = bindparam("gang", type_=Integer)
    in_gang = select_columns(col(Member.id)).where(col(Member.gang_id) == gang)
    skills = select_columns(
        literal(_SKILL, Integer).label("kind"),
        col(MemberSkill.id).label("id"),
        col(MemberSkill.member_id).label("member_id"),
        col(MemberSkill.skill).label("word"),
        col(MemberSkill.choice).label("other"),
        # typed: PostgreSQL gives the branches the types of the first
        sql_cast(null(), Integer).label("number"),
        sql_cast(null(), JSON).label("details"),
    ).where(col(MemberSkill.member_id).in_(in_gang))
    injuries = select_columns(
        literal(_INJURY, Integer),
        col(Injury.id),
        col(Injury.member_id),
        col(Injury.injury),
        null(),
        null(),
        null(),
    ).where(col(Injury.member_id).in_(in_gang))
    items = select_columns(
        literal(_ITEM, Integer),
        col(OwnedItem.id),
        col(OwnedItem.member_id),
        col(OwnedItem.item),
        null(),
        col(OwnedItem.paid),
        null(),
    ).where(col(OwnedItem.gang_id) == gang)
    failed = select_columns(
        literal(_FAILED, Integer),
        col(FailedPurchase.id),
        null(),
        col(FailedPurchase.item),
        null(),
        col(FailedPurchase.game),
        null(),
    ).where(col(FailedPurchase.gang_id) == gang)
    advances = select_columns(
        literal(_STANDING_ADVANCE, Integer),
        col(LogEntry.id),
        col(LogEntry.member_id),
        null(),
        null(),
        null(),
        col(LogEntry.details),
    ).where(
        col(LogEntry.gang_id) == gang,
        col(LogEntry.action) == "advance",
        _not_undone(),
    )
    # its ended games (``owed.waiting``: which post-game it owes), id and scenario
    ended = games_of_gang(
        gang,
        GameStatus.ENDED.value,
        lambda game, scenario: (
            literal(_ENDED, Integer),
            game,
            null(),
            scenario,
            null(),
            null(),
            null(),
        ),
    )
    every = union_all(skills, injuries, items, failed, advances, ended).subquery()
    return select_columns(*every.c).order_by(every.c.kind, every.c.id)


def _read_rows(
    session: OrmSession, gang_id: int | None
) -> tuple[_GangRows, list[tuple[int | None, int]], list[GameRow]]:
    """``_GangRows`` read as columns, the gang's standing advances (as ``_advances``) and its
    ended games, oldest first (as ``owed.waiting`` reads them): two set-based statements (issue
    #23)."""
    members = column_rows(session, _members_query(), {"gang": gang_id})
    skills: dict[int | None, list[Any]] = {}
    injuries: dict[int | None, list[Any]] = {}
    items: list[_Item] = []
    failed: list[_Failed] = []
    advances: list[tuple[int | None, int]] = []
    ended: list[GameRow] = []
    for kind, row_id, member, word, other, number, details in column_rows(
        session, _gang_rows_query(), {"gang": gang_id}
    ):
        if kind == _SKILL:
            skills.setdefault(member, []).append(_Skill(member, word, other))
        elif kind == _INJURY:
            injuries.setdefault(member, []).append(_Injury(member, word))
        elif kind == _ITEM:
            items.append(_Item(member, word, number))
        elif kind == _FAILED:
            failed.append(_Failed(word, number))
        elif kind == _ENDED:
            ended.append(GameRow(int(row_id), str(word)))
        else:
            advances.append((member, int(details.get("cost", 0))))
    return _GangRows(members, skills, injuries, items, failed), advances, ended


def gang_data(
    gang: GangLine, lang: Lang | str, *, session: OrmSession | None = None
) -> dict[str, Any]:
    """The whole gang as JSON (``gang show --json``, the gang page, ``/api/v1``'s gang, the
    printed sheets); a failed purchase is ``waiting`` while its item may not be tried again
    (H-03). Its models, items and failed purchases are read as rows of their columns unless
    they are loaded already (issue #23: loading them as objects was a quarter of the gang
    JSON's cost). ``gang``: an object, or a row (``gangs.gang_line``) read in ``session``."""
    faction = find_faction(gang.faction)
    if isinstance(gang, Gang):
        session = object_session(gang)  # the caller's unit of work: a SQLModel session
    ended: list[GameRow] | None = None  # read by ``owed_by`` unless read here
    if isinstance(gang, Gang) and (session is None or _loaded(gang)):
        rows = _rows_of(gang)
        advances = _advances(session, [gang.id]) if session is not None else {}
    else:
        assert session is not None, "a gang's row is read in its unit of work"
        rows, standing, ended = _read_rows(session, gang.id)
        advances = {gang.id: standing}
    on_session = cast(Session, session)
    waiting = waiting_among(on_session, gang, rows.failed) if session is not None else []
    owed = owed_by(on_session, gang, ended) if session is not None else None
    roster = [m for m in rows.members if m.status == MemberStatus.ACTIVE]
    paid = [item.paid for item in rows.items]
    return {
        "name": gang.name,
        "faction": gang.faction,
        "faction_name": name(faction, lang),
        "status": gang.status,
        "treasury": gang.treasury,
        "rating": _rating(gang.faction, roster, paid, advances.get(gang.id, [])),
        "games_played": gang.games_played,
        "stash": [item_data(item, lang) for item in rows.items if item.member_id is None],
        "members": [
            _member_data(
                gang.faction,
                m,
                rows.skills.get(m.id, ()),
                rows.injuries.get(m.id, ()),
                [item for item in rows.items if item.member_id == m.id],
                lang,
            )
            for m in roster
        ],
        "former_members": [
            {"name": m.name, "profile": m.profile, "status": m.status}
            for m in rows.members
            if m.status != MemberStatus.ACTIVE
        ],
        "weapons": [weapon_data(w, lang) for w in _weapons(item.item for item in rows.items)],
        "failed_purchases": [
            {
                "item": f.item,
                "name": name(find_equipment(f.item), lang),
                "game": f.game,
                "waiting": any(f is w for w in waiting),
            }
            for f in rows.failed
        ],
        # R-23, issue #10: the ended game whose post-game sequence the gang still owes.
        "postgame_owed": {"game": owed.game, "scenario": owed.scenario} if owed else None,
    }


def gang_summary(
    gang: Gang, lang: Lang | str, *, rated: int | None = None, models: int | None = None
) -> dict[str, Any]:
    """One line of ``gang list`` (``rated`` and ``models``: its rating and the models on its
    roster, when ``gang_summaries`` has read them already)."""
    return _summary(
        gang,
        lang,
        rated=rating(gang) if rated is None else rated,
        models=len(active_members(gang)) if models is None else models,
    )


def _summary(gang: GangLine, lang: Lang | str, *, rated: int, models: int) -> dict[str, Any]:
    """``gang_summary``'s line of a gang (an object or a row) once its rating and models are
    known."""
    return {
        "name": gang.name,
        "faction": gang.faction,
        "faction_name": name(find_faction(gang.faction), lang),
        "status": gang.status,
        "treasury": gang.treasury,
        "models": models,
        "rating": rated,
    }


def gang_summaries(
    session: OrmSession, gangs: Sequence[GangLine], lang: Lang | str, *, campaign: int | None = None
) -> list[dict[str, Any]]:
    """``gang_summary`` of each of ``gangs`` (objects, or rows: ``gangs.gang_rows``), their
    ratings and models read together as rows (``ratings``; their models are not loaded: issue
    #23). ``campaign``: ``gangs`` are every gang of that campaign (``_rated``)."""
    rated, models = _rated(session, gangs, campaign=campaign)
    return [_summary(g, lang, rated=rated[g.id], models=models[g.id]) for g in gangs]


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
    return _weapons(item.item for item in gang.items)


def weapons_in(data: Mapping[str, Any]) -> list[Weapon]:
    """``weapons_carried`` of the gang ``gang_data`` showed."""
    return _weapons(weapon["id"] for weapon in data["weapons"])


def _weapons(item_ids: Iterable[str]) -> list[Weapon]:
    """The distinct weapons among ``item_ids``, in their order."""
    seen: dict[str, Weapon] = {}
    for item_id in item_ids:
        entry = find_equipment(item_id)
        if isinstance(entry, Weapon) and entry.id not in seen:
            seen[entry.id] = entry
    return list(seen.values())
