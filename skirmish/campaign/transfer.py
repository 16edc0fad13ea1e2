"""Export and import: a gang or a whole campaign as versioned JSON.

The format carries ``format_version`` (now 1); later versions only add fields, so a reader
ignores fields it does not know (and does not store them). A file round-trips exactly:
exporting what was imported gives the same document. Rows keep rule ids. The log travels with
its gang (without the undo snapshots, so imported history cannot be undone); importing is
logged in the target campaign. Export files are written atomically (``skirmish.fileio``).

Importing checks the whole file before the database is opened, so a bad file is refused as a
whole before anything is written, in one line with the JSON path of the problem
(``$.gang.members[2].tiro``), quoting values with ``limits.shown``:

* **before parsing**: a file of more than ``MAX_FILE_BYTES`` (32 MiB) is refused without being
  read whole; the text must be UTF-8; brackets nested more than ``MAX_DEPTH`` (32) deep are
  refused by a scan that skips strings (an export nests about 10 deep);
* **while parsing**: ``NaN``/``Infinity``, numbers of more than ``MAX_DIGITS`` digits and a key
  repeated in one object are refused;
* **every field that a command reads later** is checked against a declared shape: names by
  ``limits.clean_name`` (what the CLI accepts), every number within a ``limits.Bound``, every
  rule id against the rules tables, every text bounded and free of control characters and lone
  surrogates, and each log entry's ``details`` against the schema of its action
  (``document_shapes.ACTIONS``), its ``dice`` as ``{"value": 1–6, "purpose": text}``;
* **the rules**: R-13 on the roster (at most 6 active models, one leader, hero profiles within
  their "max N", the faction's own profiles or the non-player characters it may hire, no two
  active models of one name, case-folded), roles that fit the profiles, a log whose money adds
  up to the treasury, undo entries that revert one earlier action each, unique gang names and a
  campaign name the CLI would accept.

The database sees only what passed; the write transaction then only inserts (a handful of
batched statements), so a large import holds the write lock briefly.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Table, bindparam, insert, update
from sqlmodel import Session, col, select

from skirmish import fileio
from skirmish.campaign import lookup, naming
from skirmish.campaign.accounts import fold, user_ids, user_names
from skirmish.campaign.document_shapes import CHARACTERISTICS, ID_LENGTH, check_document
from skirmish.campaign.gangs import settings_of
from skirmish.campaign.json_checks import ShapeError
from skirmish.campaign.logbook import author, now_text
from skirmish.campaign.models import (
    Campaign,
    CampaignSetting,
    FailedPurchase,
    Gang,
    Injury,
    LogEntry,
    Member,
    MemberSkill,
    MemberStatus,
    OwnedItem,
)
from skirmish.errors import CampaignError
from skirmish.limits import clean_name, printable, shown
from skirmish.rules.names import normalize
from skirmish.translation import Message

FORMAT_VERSION = 1

#: A file larger than this is refused before it is read (an export of a long campaign with
#: ten gangs is a few MiB).
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Brackets nested deeper than this are refused before parsing (an export nests about 10 deep).
MAX_DEPTH = 32
#: A number literal with more digits than this is refused while parsing.
MAX_DIGITS = 20
#: How much of the file's path an error repeats.
PATH_SHOWN = 240


# --------------------------------------------------------------------------- export


def _log_data(session: Session, entries: list[LogEntry]) -> list[dict[str, Any]]:
    index = {entry.id: number for number, entry in enumerate(entries)}
    # Who made each entry, by name (issue #11); the command line's entries carry no author, so
    # a store without accounts exports exactly what it did before.
    authors = user_names(session, {e.author for e in entries if e.author is not None})
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
            **({"author": authors[e.author]} if e.author in authors else {}),
        }
        for e in entries
    ]


def _gang_log(session: Session, gang: Gang) -> list[LogEntry]:
    query = (
        select(LogEntry)
        .where(LogEntry.gang_id == gang.id, LogEntry.action != "import")  # this store's own
        .order_by(col(LogEntry.id))
    )
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
                **({"handle": m.handle} if m.handle else {}),
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
        "log": _log_data(session, _gang_log(session, gang)),
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
            "log": _log_data(session, list(session.exec(own.order_by(col(LogEntry.id))).all())),
        },
    }


def write_document(document: Mapping[str, Any], path: Path) -> None:
    """Write an export document as UTF-8 JSON, atomically: the old file stays whole until the
    new one is complete (``fileio.write_bytes``)."""
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate stored by an older skirmish: keep it escaped
        data = (json.dumps(document, ensure_ascii=True, indent=2) + "\n").encode("ascii")
    fileio.write_bytes(path, data)


# --------------------------------------------------------------------------- reading a file


class _Unreadable(Exception):
    """The file is not JSON skirmish can read (said while parsing, before any path is known)."""


class _Object(dict[str, Any]):
    """A JSON object as parsed; remembers a key it saw twice, to be refused with its path."""

    duplicate: str | None = None


def _object_pairs(pairs: list[tuple[str, Any]]) -> _Object:
    found = _Object(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                found.duplicate = key
                break
            seen.add(key)
    return found


def _no_constant(name: str) -> Any:
    raise _Unreadable(f"{name} is not a number skirmish accepts")


def _whole_literal(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Unreadable(f"a number has {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


#: A JSON string (skipped whole, escapes included) or one bracket.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def _nesting(text: str) -> int | None:
    """Where (a character offset) brackets outside strings first nest deeper than
    ``MAX_DEPTH``; ``None`` when they never do. Cheap: no value is built."""
    depth = 0
    for match in _TOKENS.finditer(text):
        char = match.group()[0]
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif char in "]}":
            depth -= 1
    return None


def _read_bytes(path: Path, where: str) -> bytes:
    """The file's bytes; one larger than ``MAX_FILE_BYTES`` is refused without reading it."""
    too_big = Message(
        "{where} is larger than {mib} MiB, more than any export; nothing was imported.",
        where=where,
        mib=MAX_FILE_BYTES // (1024 * 1024),
    )
    try:
        with path.open("rb") as stream:
            if os.fstat(stream.fileno()).st_size > MAX_FILE_BYTES:
                raise CampaignError(too_big)
            data = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise CampaignError(
            Message("no file {where} to import; check the path.", where=where)
        ) from None
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise CampaignError(
            Message("cannot read {where}: {why}; nothing was imported.", where=where, why=why)
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise CampaignError(too_big)
    return data


def parse_document(data: bytes, where: str) -> Any:
    """The JSON value of a file's bytes, refused (``CampaignError``) when it is not UTF-8, is
    nested too deep, holds NaN/Infinity or an endless number, or is not JSON."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CampaignError(
            Message(
                "{where} is not UTF-8 text (byte 0x{data_exc_start:02x} at offset "
                "{exc_start:,}); nothing was imported.",
                where=where,
                data_exc_start=data[exc.start],
                exc_start=exc.start,
            )
        ) from None
    text = text.removeprefix("\ufeff")
    deep = _nesting(text)
    if deep is not None:
        line = text.count("\n", 0, deep) + 1
        raise CampaignError(
            Message(
                "{where} nests lists and objects more than {max_depth} deep (line "
                "{line:,}); an export never does; nothing was imported.",
                where=where,
                max_depth=MAX_DEPTH,
                line=line,
            )
        )
    try:
        return json.loads(
            text,
            parse_constant=_no_constant,
            parse_int=_whole_literal,
            object_pairs_hook=_object_pairs,
        )
    except json.JSONDecodeError as exc:
        raise CampaignError(
            Message(
                "{where} is not JSON: {exc_msg} at line {exc_lineno} column "
                "{exc_colno}; nothing was imported.",
                where=where,
                exc_msg=exc.msg,
                exc_lineno=exc.lineno,
                exc_colno=exc.colno,
            )
        ) from None
    except _Unreadable as exc:
        raise CampaignError(
            Message("{where} is not an export: {exc}; nothing was imported.", where=where, exc=exc)
        ) from None
    except (ValueError, RecursionError) as exc:  # the parser's own limits, whatever they are
        raise CampaignError(
            Message(
                "{where} cannot be read as JSON ({type_exc_name}); nothing was imported.",
                where=where,
                type_exc_name=type(exc).__name__,
            )
        ) from None


# --------------------------------------------------------------------------- import


@dataclass(frozen=True)
class Checked:
    """A file checked whole, before any database is opened: what ``import_checked`` writes."""

    kind: str  # "gang" | "campaign"
    data: dict[str, Any]  # the gang, or the campaign, as it will be stored
    source: str  # the file's name, for the import's log entry
    name: str  # the gang's name, or the name the imported campaign will have
    gangs: int  # how many gangs it brings
    into: str | None = None  # a gang: the campaign named with --campaign (None: the one in use)


def read_document(path: Path) -> dict[str, Any]:
    """Read, parse and check an export file; every problem names the file and where in it."""
    where = shown(str(path), PATH_SHOWN)
    document = parse_document(_read_bytes(path, where), where)
    try:
        return check_document(document)
    except ShapeError as exc:
        raise CampaignError(
            Message("{where} at {exc}; nothing was imported.", where=where, exc=exc)
        ) from None


def read_import(path: Path, *, campaign: str | None = None) -> Checked:
    """Everything ``import`` checks without the database: the file (``read_document``) and the
    ``--campaign`` name (a gang's target campaign, or the new name of an imported campaign)."""
    document = read_document(path)
    source = printable(path.name)[: 4 * ID_LENGTH]
    named = clean_name(campaign, "campaign") if campaign is not None else None
    if document["kind"] == "gang":
        gang = document["gang"]
        return Checked("gang", gang, source, gang["name"], into=named, gangs=1)
    data = document["campaign"]
    return Checked(
        "campaign",
        data,
        source,
        named if named is not None else data["name"],
        gangs=len(data["gangs"]),
    )


_LOG: Table = LogEntry.__table__  # type: ignore[attr-defined]


def _insert_log(
    session: Session,
    campaign_id: int,
    gang_id: int | None,
    entries: list[dict[str, Any]],
    members: dict[str, int] | None = None,
) -> None:
    """Insert a checked log in one batched statement (the write lock is held while it runs),
    then point each undo entry at the id its reverted entry got. Each entry naming a model
    points at the imported model of that name (``members``: folded name → id), so a model's
    history (its advances, recoveries) and the rating's XP spent follow it into the new
    store."""
    members = members or {}
    if not entries:
        return
    # An author is kept when this store has an account of that name; else the entry has none.
    named = {data["author"] for data in entries if data.get("author") is not None}
    accounts = user_ids(session, named)
    rows = [
        {
            "campaign_id": campaign_id,
            "gang_id": gang_id,
            "author": accounts.get(fold(data["author"])) if data.get("author") else None,
            "member_name": data["member"],
            "member_id": members.get(normalize(data["member"])) if data["member"] else None,
            **{key: data[key] for key in ("action", "at", "details", "dice", "ruling")},
            **{key: data[key] for key in ("money_before", "money_after", "xp_before", "xp_after")},
        }
        for data in entries
    ]
    inserted = insert(_LOG).returning(_LOG.c.id, sort_by_parameter_order=True)
    ids = list(session.execute(inserted, rows).scalars())
    undone = [
        {"entry": ids[n], "target": ids[data["reverts"]]}
        for n, data in enumerate(entries)
        if data["reverts"] is not None
    ]
    if undone:
        point = update(_LOG).where(_LOG.c.id == bindparam("entry"))
        session.execute(point.values(reverts=bindparam("target")), undone)


def _refuse_look_alike_models(
    session: Session, campaign: Campaign, members: list[dict[str, Any]]
) -> None:
    """An imported gang's active models are named as hired ones are (issue #22): a name or
    handle that looks like (TR39) one of an active model of the campaign's other gangs is
    refused, and nothing is imported."""
    gangs = session.exec(select(Gang).where(Gang.campaign_id == campaign.id)).all()
    others = [n for g in gangs for m in lookup.active_members(g) for n in (m.name, m.handle) if n]
    for m in members:
        if m["status"] == MemberStatus.ACTIVE:
            for name in (m["name"], m["handle"]):
                if name:
                    naming.refuse_look_alike(naming.MODEL, name, others)


def _insert_gang(session: Session, campaign: Campaign, data: dict[str, Any]) -> Gang:
    taken = session.exec(select(Gang.name).where(Gang.campaign_id == campaign.id)).all()
    for other in taken:
        if normalize(other) == normalize(data["name"]):
            raise CampaignError(
                Message(
                    "campaign {campaign_name!r} already has a gang called {other!r}; "
                    "rename it first or import into another campaign with ⟨campaign⟩; "
                    "nothing was imported.",
                    campaign_name=campaign.name,
                    other=other,
                )
            )
    naming.refuse_look_alike(naming.GANG, data["name"], taken)
    _refuse_look_alike_models(session, campaign, data["members"])
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
    members = [
        Member(
            gang_id=gang.id,
            **{
                k: m[k]
                for k in ("name", "handle", "profile", "role", "status", "xp", *CHARACTERISTICS)
            },
        )
        for m in data["members"]
    ]
    session.add_all(members)
    session.flush()  # one batched INSERT for the models, whose ids the rows below need
    for member, m in zip(members, data["members"], strict=True):
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
    for item in data["stash"]:
        session.add(OwnedItem(gang_id=gang.id, item=item["item"], paid=item["paid"]))
    for failed in data["failed_purchases"]:
        session.add(FailedPurchase(gang_id=gang.id, item=failed["item"], game=failed["game"]))
    session.flush()
    # A name two models had (one fired, one hired since) points at the one still active.
    named = sorted(members, key=lambda m: (m.status == MemberStatus.ACTIVE, m.id or 0))
    by_name = {normalize(m.name): m.id for m in named if m.id is not None}
    _insert_log(session, campaign.id, gang.id, data["log"], by_name)
    return gang


def import_checked(session: Session, checked: Checked) -> Campaign:
    """Write a checked file (``read_import``) in the caller's transaction: a gang into its
    campaign (default: the one in use), or a whole new campaign. Only the name clashes are
    checked here, inside the lock. Returns the campaign."""
    if checked.kind == "gang":
        target = lookup.current_campaign(session, checked.into)
        gang = _insert_gang(session, target, checked.data)
        # The import is the gang's last action: 'undo' names it, not the imported history.
        _log_import(session, target, {"gang": gang.name, "file": checked.source}, gang)
        return target
    data = checked.data
    for other in session.exec(select(Campaign.name)).all():
        if normalize(other) == normalize(checked.name):
            raise CampaignError(
                Message(
                    "a campaign called {other!r} already exists; import under another name "
                    "with {on_command_line_campaign_name}; nothing was imported.",
                    other=other,
                    on_command_line_campaign_name=Message("⟪--campaign NAME¦⟨campaign⟩⟫"),
                )
            )
    settings = data["settings"]
    created = Campaign(
        name=checked.name, explosives=settings["explosives"] == "on", created_at=data["created_at"]
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
        _insert_gang(session, created, gang)
    session.refresh(created)
    if not lookup.has_current(session):  # the store's first campaign; else keep the one in use
        lookup.set_current(session, created)
    _log_import(session, created, {"campaign": created.name, "file": checked.source})
    return created


def _log_import(
    session: Session, campaign: Campaign, details: dict[str, Any], gang: Gang | None = None
) -> None:
    assert campaign.id is not None
    session.add(
        LogEntry(
            campaign_id=campaign.id,
            gang_id=gang.id if gang is not None else None,
            # An import moves no money: the gang's treasury before and after, so the money
            # chain the audit follows (``audit.check_gang``) runs through it (issue #22).
            money_before=gang.treasury if gang is not None else None,
            money_after=gang.treasury if gang is not None else None,
            action="import",
            at=now_text(),
            details=details,
            author=author(session),
        )
    )
    session.flush()
