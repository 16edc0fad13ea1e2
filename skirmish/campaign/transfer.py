"""Export and import: a gang or a whole campaign as versioned JSON.

The format carries ``format_version`` (now 1); later versions only add fields, so a reader
ignores fields it does not know. A file round-trips exactly: exporting what was imported gives
the same document. Rows keep rule ids. The log travels with its gang (without the undo
snapshots, so imported history cannot be undone); importing is logged in the target campaign.

A bad file is refused as a whole before anything is written, with the JSON path of the
problem (``$.gang.members[2].tiro``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.models import (
    Campaign,
    CampaignSetting,
    FailedPurchase,
    Gang,
    GangStatus,
    Injury,
    LogEntry,
    Member,
    MemberSkill,
    MemberStatus,
    OwnedItem,
)
from skirmish.campaign.services import MAX_MODELS, now_text, settings_of
from skirmish.campaign.settings import HOUSE_RULES, find_setting
from skirmish.errors import CampaignError, SkirmishError
from skirmish.rules import find_equipment, find_faction, find_profile, find_skill, invalid_table
from skirmish.rules.model import Role
from skirmish.rules.names import normalize

FORMAT_VERSION = 1
GRADUATE = "dottore-laureato"


# --------------------------------------------------------------------------- export


def _log_data(entries: list[LogEntry]) -> list[dict[str, Any]]:
    index = {entry.id: number for number, entry in enumerate(entries)}
    return [
        {
            "action": e.action,
            "at": e.at,
            "member": e.member_name,
            "details": e.details,
            "dice": e.dice,
            "ruling": e.ruling,
            "money_before": e.money_before,
            "money_after": e.money_after,
            "xp_before": e.xp_before,
            "xp_after": e.xp_after,
            "reverts": index.get(e.reverts) if e.reverts is not None else None,
        }
        for e in entries
    ]


def _gang_log(session: Session, gang: Gang) -> list[LogEntry]:
    query = select(LogEntry).where(LogEntry.gang_id == gang.id).order_by(col(LogEntry.id))
    return list(session.exec(query).all())


def gang_document(session: Session, gang: Gang) -> dict[str, Any]:
    """A gang with its models, items and log, as the export format's ``gang`` object."""

    def items(member_id: int | None) -> list[dict[str, Any]]:
        return [
            {"item": item.item, "paid": item.paid}
            for item in gang.items
            if item.member_id == member_id
        ]

    return {
        "name": gang.name,
        "faction": gang.faction,
        "treasury": gang.treasury,
        "status": gang.status,
        "games_played": gang.games_played,
        "members": [
            {
                "name": m.name,
                "profile": m.profile,
                "role": m.role,
                "status": m.status,
                "tiro": m.tiro,
                "fred": m.fred,
                "rif": m.rif,
                "cos": m.cos,
                "fama": m.fama,
                "fortuna": m.fortuna,
                "xp": m.xp,
                "skills": [{"skill": s.skill, "choice": s.choice} for s in m.skills],
                "injuries": [i.injury for i in m.injuries],
                "items": items(m.id),
            }
            for m in gang.members
        ],
        "stash": items(None),
        "failed_purchases": [{"item": f.item, "game": f.game} for f in gang.failed_purchases],
        "log": _log_data(_gang_log(session, gang)),
    }


def export_gang(session: Session, *, gang: Gang) -> dict[str, Any]:
    """The export document of one gang."""
    return {"format_version": FORMAT_VERSION, "kind": "gang", "gang": gang_document(session, gang)}


def export_campaign(session: Session, *, campaign: Campaign) -> dict[str, Any]:
    """The export document of a whole campaign: settings, gangs, and the campaign's own log."""
    # Imports describe this database's history, not the campaign's: they stay behind.
    own = select(LogEntry).where(
        LogEntry.campaign_id == campaign.id,
        col(LogEntry.gang_id).is_(None),
        LogEntry.action != "import",
    )
    return {
        "format_version": FORMAT_VERSION,
        "kind": "campaign",
        "campaign": {
            "name": campaign.name,
            "created_at": campaign.created_at,
            "settings": settings_of(campaign),
            "gangs": [gang_document(session, gang) for gang in campaign.gangs],
            "log": _log_data(list(session.exec(own.order_by(col(LogEntry.id))).all())),
        },
    }


def write_document(document: Mapping[str, Any], path: Path) -> None:
    """Write an export document as UTF-8 JSON."""
    try:
        path.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CampaignError(f"cannot write {str(path)!r}: {exc.strerror or exc}.") from None


# --------------------------------------------------------------------------- validation


class _Bad(Exception):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")


@dataclass
class _Reader:
    """Checks one JSON value at a time, knowing where it is."""

    def obj(self, value: Any, path: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise _Bad(path, f"expected an object, got {_kind(value)}")
        return value

    def field(self, value: Mapping[str, Any], key: str, path: str) -> Any:
        if key not in value:
            raise _Bad(path, f"missing field {key!r}")
        return value[key]

    def array(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise _Bad(path, f"expected a list, got {_kind(value)}")
        return value

    def text(self, value: Any, path: str, *, optional: bool = False) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            raise _Bad(path, f"expected a non-empty text, got {_kind(value)}")
        return value

    def number(self, value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad(path, f"expected a whole number, got {_kind(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low}–{high}" if high is not None else f"at least {low}"
            raise _Bad(path, f"expected a whole number {span}, got {value}")
        return value

    def optional_number(self, value: Any, path: str) -> int | None:
        return None if value is None else self.number(value, path)

    def one_of(self, value: Any, path: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            raise _Bad(path, f"expected one of {', '.join(choices)}, got {_kind(value)}")
        return str(value)

    def rule(self, value: Any, path: str, find: Callable[[str], Any]) -> str:
        text = self.text(value, path)
        try:
            found = find(text)
        except SkirmishError as exc:
            raise _Bad(path, str(exc).rstrip(".")) from None
        if found != text:
            raise _Bad(path, f"{text!r} is not a rule id (use {found!r})")
        return str(found)


def _kind(value: Any) -> str:
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 40 else shown[:37] + "..."


_R = _Reader()


def _skill_id(name: str) -> str:
    return GRADUATE if name == GRADUATE else find_skill(name).id


def _injury_id(name: str) -> str:
    for row in invalid_table():
        if row.id == name:
            return row.id
    raise CampaignError(
        f"unknown invalidity {name!r}: the ids are {', '.join(r.id for r in invalid_table())}"
    )


def _check_items(value: Any, path: str, number: str = "paid") -> list[dict[str, Any]]:
    """Rows of an item id and one whole ``number`` (what was paid; a failed purchase's game)."""
    items = []
    for n, raw in enumerate(_R.array(value, path)):
        where = f"{path}[{n}]"
        item = _R.obj(raw, where)
        items.append(
            {
                "item": _R.rule(
                    _R.field(item, "item", where), f"{where}.item", lambda s: find_equipment(s).id
                ),
                number: _R.number(_R.field(item, number, where), f"{where}.{number}", 0),
            }
        )
    return items


def _check_log(value: Any, path: str) -> list[dict[str, Any]]:
    entries = []
    raw_entries = _R.array(value, path)
    for n, raw in enumerate(raw_entries):
        where = f"{path}[{n}]"
        entry = _R.obj(raw, where)
        reverts = entry.get("reverts")
        if reverts is not None:
            _R.number(reverts, f"{where}.reverts", 0, n - 1 if n else 0)
            if n == 0:
                raise _Bad(f"{where}.reverts", "the first entry cannot revert another")
        details = _R.obj(_R.field(entry, "details", where), f"{where}.details")
        dice = _R.array(_R.field(entry, "dice", where), f"{where}.dice")
        for d, die in enumerate(dice):
            face = _R.obj(die, f"{where}.dice[{d}]")
            _R.number(
                _R.field(face, "value", f"{where}.dice[{d}]"), f"{where}.dice[{d}].value", 1, 6
            )
        entries.append(
            {
                "action": _R.text(_R.field(entry, "action", where), f"{where}.action"),
                "at": _R.text(_R.field(entry, "at", where), f"{where}.at"),
                "member": _R.text(entry.get("member"), f"{where}.member", optional=True),
                "details": dict(details),
                "dice": list(dice),
                "ruling": _R.text(entry.get("ruling"), f"{where}.ruling", optional=True),
                "money_before": _R.optional_number(
                    entry.get("money_before"), f"{where}.money_before"
                ),
                "money_after": _R.optional_number(entry.get("money_after"), f"{where}.money_after"),
                "xp_before": _R.optional_number(entry.get("xp_before"), f"{where}.xp_before"),
                "xp_after": _R.optional_number(entry.get("xp_after"), f"{where}.xp_after"),
                "reverts": reverts,
            }
        )
    return entries


def _check_gang(value: Any, path: str) -> dict[str, Any]:
    gang = _R.obj(value, path)
    faction = _R.rule(
        _R.field(gang, "faction", path), f"{path}.faction", lambda s: find_faction(s).id
    )
    if not find_faction(faction).playable:
        raise _Bad(f"{path}.faction", f"{faction!r} is not a gang (R-13)")
    members = []
    names: set[str] = set()
    for n, raw in enumerate(_R.array(_R.field(gang, "members", path), f"{path}.members")):
        where = f"{path}.members[{n}]"
        member = _R.obj(raw, where)
        name = _R.text(_R.field(member, "name", where), f"{where}.name")
        status = _R.one_of(
            _R.field(member, "status", where), f"{where}.status", tuple(MemberStatus)
        )
        if status == MemberStatus.ACTIVE:
            if normalize(name) in names:
                raise _Bad(f"{where}.name", f"two models are called {name!r} (R-13)")
            names.add(normalize(name))
        skills = []
        for s, skill_raw in enumerate(
            _R.array(_R.field(member, "skills", where), f"{where}.skills")
        ):
            at = f"{where}.skills[{s}]"
            skill = _R.obj(skill_raw, at)
            choice = skill.get("choice")
            if choice is not None:
                _R.rule(choice, f"{at}.choice", lambda c: find_equipment(c).id)
            skills.append(
                {
                    "skill": _R.rule(_R.field(skill, "skill", at), f"{at}.skill", _skill_id),
                    "choice": choice,
                }
            )
        injuries = [
            _R.rule(v, f"{where}.injuries[{i}]", _injury_id)
            for i, v in enumerate(
                _R.array(_R.field(member, "injuries", where), f"{where}.injuries")
            )
        ]
        numbers = {
            key: _R.number(_R.field(member, key, where), f"{where}.{key}", 0, 4)
            for key in ("tiro", "fred", "rif", "cos", "fama", "fortuna")
        }
        members.append(
            {
                "name": name,
                "profile": _R.rule(
                    _R.field(member, "profile", where),
                    f"{where}.profile",
                    lambda p: find_profile(p, faction=faction).id,
                ),
                "role": _R.one_of(_R.field(member, "role", where), f"{where}.role", tuple(Role)),
                "status": status,
                **numbers,
                "xp": _R.number(_R.field(member, "xp", where), f"{where}.xp", 0),
                "skills": skills,
                "injuries": injuries,
                "items": _check_items(_R.field(member, "items", where), f"{where}.items"),
            }
        )
    if len(names) > MAX_MODELS:
        raise _Bad(f"{path}.members", f"{len(names)} active models, more than {MAX_MODELS} (R-13)")
    failed = _check_items(gang.get("failed_purchases", []), f"{path}.failed_purchases", "game")
    return {
        "name": _R.text(_R.field(gang, "name", path), f"{path}.name"),
        "faction": faction,
        "treasury": _R.number(_R.field(gang, "treasury", path), f"{path}.treasury", 0),
        "status": _R.one_of(gang.get("status", "active"), f"{path}.status", tuple(GangStatus)),
        "games_played": _R.number(gang.get("games_played", 0), f"{path}.games_played", 0),
        "members": members,
        "stash": _check_items(_R.field(gang, "stash", path), f"{path}.stash"),
        "failed_purchases": failed,
        "log": _check_log(gang.get("log", []), f"{path}.log"),
    }


def _check_settings(value: Any, path: str) -> dict[str, str]:
    raw = _R.obj(value, path)
    settings = {rule.key: rule.default for rule in HOUSE_RULES}
    for key, text in raw.items():
        where = f"{path}.{key}"
        try:
            rule = find_setting(key)
            settings[rule.key] = rule.parse(_R.text(text, where))
        except CampaignError as exc:
            raise _Bad(where, str(exc).rstrip(".")) from None
    return settings


def check_document(document: Any) -> dict[str, Any]:
    """The checked content of an export document; a problem raises with its JSON path."""
    top = _R.obj(document, "$")
    _R.number(_R.field(top, "format_version", "$"), "$.format_version", 1)
    kind = _R.one_of(_R.field(top, "kind", "$"), "$.kind", ("gang", "campaign"))
    if kind == "gang":
        return {"kind": kind, "gang": _check_gang(_R.field(top, "gang", "$"), "$.gang")}
    campaign = _R.obj(_R.field(top, "campaign", "$"), "$.campaign")
    gangs = [
        _check_gang(raw, f"$.campaign.gangs[{n}]")
        for n, raw in enumerate(
            _R.array(_R.field(campaign, "gangs", "$.campaign"), "$.campaign.gangs")
        )
    ]
    seen: set[str] = set()
    for n, gang in enumerate(gangs):
        if normalize(gang["name"]) in seen:
            raise _Bad(f"$.campaign.gangs[{n}].name", f"two gangs are called {gang['name']!r}")
        seen.add(normalize(gang["name"]))
    return {
        "kind": kind,
        "campaign": {
            "name": _R.text(_R.field(campaign, "name", "$.campaign"), "$.campaign.name"),
            "created_at": _R.text(campaign.get("created_at", now_text()), "$.campaign.created_at"),
            "settings": _check_settings(campaign.get("settings", {}), "$.campaign.settings"),
            "gangs": gangs,
            "log": _check_log(campaign.get("log", []), "$.campaign.log"),
        },
    }


def read_document(path: Path) -> dict[str, Any]:
    """Read and check an export file; every problem names the file and where in it."""
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CampaignError(f"no file {where!r} to import; check the path.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CampaignError(f"cannot read {where!r}: {exc}; nothing was imported.") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CampaignError(
            f"{where!r} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}; "
            "nothing was imported."
        ) from None
    try:
        return check_document(document)
    except _Bad as exc:
        raise CampaignError(f"{where!r} at {exc}; nothing was imported.") from None


# --------------------------------------------------------------------------- import


def _insert_log(
    session: Session, campaign_id: int, gang_id: int | None, entries: list[dict[str, Any]]
) -> None:
    ids: list[int] = []
    for data in entries:
        reverts = data["reverts"]
        entry = LogEntry(
            campaign_id=campaign_id,
            gang_id=gang_id,
            member_name=data["member"],
            action=data["action"],
            at=data["at"],
            details=data["details"],
            dice=data["dice"],
            ruling=data["ruling"],
            money_before=data["money_before"],
            money_after=data["money_after"],
            xp_before=data["xp_before"],
            xp_after=data["xp_after"],
            reverts=ids[reverts] if reverts is not None else None,
        )
        session.add(entry)
        session.flush()
        assert entry.id is not None
        ids.append(entry.id)


def _insert_gang(session: Session, campaign: Campaign, data: dict[str, Any]) -> Gang:
    for other in campaign.gangs:
        if normalize(other.name) == normalize(data["name"]):
            raise CampaignError(
                f"campaign {campaign.name!r} already has a gang called {other.name!r}; rename it "
                "first or import into another campaign with --campaign; nothing was imported."
            )
    assert campaign.id is not None
    gang = Gang(
        campaign_id=campaign.id,
        name=data["name"],
        faction=data["faction"],
        treasury=data["treasury"],
        status=data["status"],
        games_played=data["games_played"],
    )
    session.add(gang)
    session.flush()
    assert gang.id is not None
    for m in data["members"]:
        member = Member(
            gang_id=gang.id,
            **{k: m[k] for k in ("name", "profile", "role", "status", "tiro", "fred", "rif")},
            **{k: m[k] for k in ("cos", "fama", "fortuna", "xp")},
        )
        session.add(member)
        session.flush()
        assert member.id is not None
        for skill in m["skills"]:
            session.add(
                MemberSkill(member_id=member.id, skill=skill["skill"], choice=skill["choice"])
            )
        for injury in m["injuries"]:
            session.add(Injury(member_id=member.id, injury=injury))
        for item in m["items"]:
            session.add(
                OwnedItem(
                    gang_id=gang.id, member_id=member.id, item=item["item"], paid=item["paid"]
                )
            )
        session.flush()
    for item in data["stash"]:
        session.add(OwnedItem(gang_id=gang.id, item=item["item"], paid=item["paid"]))
    for failed in data["failed_purchases"]:
        session.add(FailedPurchase(gang_id=gang.id, item=failed["item"], game=failed["game"]))
    session.flush()
    _insert_log(session, campaign.id, gang.id, data["log"])
    session.refresh(campaign)
    return gang


def import_document(
    session: Session, *, document: dict[str, Any], campaign: str | None, source: str
) -> Campaign:
    """Import a checked document (``read_document``): a gang into ``campaign`` (default: the one
    in use), or a whole campaign (renamed to ``campaign`` if given). Returns the campaign."""
    if document["kind"] == "gang":
        target = lookup.current_campaign(session, campaign)
        gang = _insert_gang(session, target, document["gang"])
        assert target.id is not None
        _log_import(session, target, {"gang": gang.name, "file": source})
        return target
    data = document["campaign"]
    name = campaign if campaign is not None else data["name"]
    for other in session.exec(select(Campaign)).all():
        if normalize(other.name) == normalize(name):
            raise CampaignError(
                f"a campaign called {other.name!r} already exists; import under another name with "
                "--campaign NAME; nothing was imported."
            )
    settings = data["settings"]
    created = Campaign(
        name=" ".join(name.split()),
        explosives=settings["explosives"] == "on",
        created_at=data["created_at"],
    )
    session.add(created)
    session.flush()
    assert created.id is not None
    for key, value in settings.items():
        if key != "explosives":
            session.add(CampaignSetting(campaign_id=created.id, key=key, value=value))
    session.flush()
    _insert_log(session, created.id, None, data["log"])
    for gang in data["gangs"]:
        session.refresh(created)
        _insert_gang(session, created, gang)
    session.refresh(created)
    lookup.set_current(session, created)
    _log_import(session, created, {"campaign": created.name, "file": source})
    return created


def _log_import(session: Session, campaign: Campaign, details: dict[str, Any]) -> None:
    assert campaign.id is not None
    session.add(LogEntry(campaign_id=campaign.id, action="import", at=now_text(), details=details))
    session.flush()
