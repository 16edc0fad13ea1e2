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
  (``ACTIONS``), its ``dice`` as ``{"value": 1–6, "purpose": text}``;
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
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Table, bindparam, insert, update
from sqlmodel import Session, col, select

from skirmish import fileio
from skirmish.campaign import lookup
from skirmish.campaign.gangs import settings_of
from skirmish.campaign.logbook import now_text
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
from skirmish.campaign.roster import MAX_MODELS
from skirmish.campaign.settings import HOUSE_RULES, defaults, find_setting
from skirmish.engine.advances import Advance
from skirmish.engine.infamy import InfamyLoss
from skirmish.engine.recovery import Doctor, RecoveryOutcome
from skirmish.engine.setup import HIGHEST, LOWEST
from skirmish.errors import CampaignError, RulesError, SkirmishError
from skirmish.limits import (
    CHARACTERISTIC,
    COUNT,
    MONEY,
    XP,
    XP_CHANGE,
    Bound,
    LimitError,
    bad_character,
    clean_name,
    printable,
    shown,
)
from skirmish.rules import (
    find_equipment,
    find_faction,
    find_profile,
    find_skill,
    find_weapon,
    invalid_table,
)
from skirmish.rules.model import Role
from skirmish.rules.names import normalize
from skirmish.rules.scenarios import Side, find_scenario

FORMAT_VERSION = 1
GRADUATE = "dottore-laureato"
#: The injury a model carries from a recovery roll until its next game (R-10).
WOUNDED = "wounded"

#: A file larger than this is refused before it is read (an export of a long campaign with
#: ten gangs is a few MiB).
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Brackets nested deeper than this are refused before parsing (an export nests about 10 deep).
MAX_DEPTH = 32
#: A number literal with more digits than this is refused while parsing.
MAX_DIGITS = 20
#: How much of the file's path an error repeats.
PATH_SHOWN = 240

#: The longest rule id, setting value, ruling and timestamp (the columns' lengths).
ID_LENGTH = 40
STAMP_LENGTH = 32
#: Free text in a log entry (an XP reason, a die's purpose).
TEXT_LENGTH = 1000

#: Bounds of this format, beside the shared ones of ``skirmish.limits``.
VERSION = Bound("a format version", 1, COUNT.high)
#: A model's numbers in a file: the book's 0–4 (§7.1, R-11), inside the stored range.
RULE_CHARACTERISTIC = Bound(
    CHARACTERISTIC.what, max(LOWEST, CHARACTERISTIC.low), min(HIGHEST, CHARACTERISTIC.high)
)
DIE = Bound("a die", 1, 6)
DIE_TOTAL = Bound("a roll's total", 0, 36)
DISP = Bound("DISP", 1, 6)
PERCENT = Bound("a percentage", 0, 100)
#: A row id of the exporting database (a game, an entry undone): PostgreSQL's ``integer``.
ROW_ID = Bound("an id", 1, 2**31 - 1)
#: How many rows a list in a file may have.
LOG_MOST = COUNT.high
GANGS_MOST = 1000
MEMBERS_MOST = 1000
ITEMS_MOST = 1000
SKILLS_MOST = 50
DICE_MOST = 200


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
    """Write an export document as UTF-8 JSON, atomically: the old file stays whole until the
    new one is complete (``fileio.write_bytes``)."""
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate stored by an older skirmish: keep it escaped
        data = (json.dumps(document, ensure_ascii=True, indent=2) + "\n").encode("ascii")
    fileio.write_bytes(path, data)


# --------------------------------------------------------------------------- reading a file


class _Bad(Exception):
    """A problem at one place of the document: its JSON path and what is wrong."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")


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
    too_big = (
        f"{where} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB, more than any export; "
        "nothing was imported."
    )
    try:
        with path.open("rb") as stream:
            if os.fstat(stream.fileno()).st_size > MAX_FILE_BYTES:
                raise CampaignError(too_big)
            data = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise CampaignError(f"no file {where} to import; check the path.") from None
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise CampaignError(f"cannot read {where}: {why}; nothing was imported.") from None
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
            f"{where} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start:,}); "
            "nothing was imported."
        ) from None
    text = text.removeprefix("\ufeff")
    deep = _nesting(text)
    if deep is not None:
        line = text.count("\n", 0, deep) + 1
        raise CampaignError(
            f"{where} nests lists and objects more than {MAX_DEPTH} deep (line {line:,}); "
            "an export never does; nothing was imported."
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
            f"{where} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}; "
            "nothing was imported."
        ) from None
    except _Unreadable as exc:
        raise CampaignError(f"{where} is not an export: {exc}; nothing was imported.") from None
    except (ValueError, RecursionError) as exc:  # the parser's own limits, whatever they are
        raise CampaignError(
            f"{where} cannot be read as JSON ({type(exc).__name__}); nothing was imported."
        ) from None


# --------------------------------------------------------------------------- shapes
#
# A document is checked against shapes declared as data: each spec checks one JSON value at a
# path and returns it as it will be stored (names cleaned, unknown fields left out).

_Around = Mapping[str, Any]
_NOTHING: _Around = {}


def _kind(value: Any) -> str:
    """A value as an error message shows it: short, never a whole document."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return shown(value)


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")


def _key_path(path: str, key: Any) -> str:
    if isinstance(key, str) and _PLAIN_KEY.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{shown(key)}]"


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _Bad(path, f"expected an object, got {_kind(value)}")
    duplicate = getattr(value, "duplicate", None)
    if duplicate is not None:
        raise _Bad(path, f"the key {shown(duplicate)} appears twice")
    return value


def _string(value: Any, path: str, length: int) -> str:
    if not isinstance(value, str):
        raise _Bad(path, f"expected a text, got {_kind(value)}")
    problem = bad_character(value)
    if problem is not None:
        raise _Bad(path, f"the text may not contain {problem}")
    if len(value) > length:
        raise _Bad(path, f"expected a text of at most {length} characters, got {shown(value)}")
    return value


@dataclass(frozen=True)
class _Whole:
    """A whole number within a ``Bound`` (never a bool, never a float)."""

    bound: Bound

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad(path, f"expected a whole number, got {_kind(value)}")
        low, high = self.bound.low, self.bound.high
        if not low <= value <= high:
            raise _Bad(path, f"expected a whole number {low:,}–{high:,}, got {shown(value)}")
        return value


@dataclass(frozen=True)
class _Text:
    """Free text: bounded, no control characters or lone surrogates."""

    length: int
    empty: bool = False

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> str:
        text = _string(value, path, self.length)
        if not self.empty and not text.strip():
            raise _Bad(path, f"expected a non-empty text, got {_kind(value)}")
        return text


@dataclass(frozen=True)
class _Name:
    """A campaign, gang or model name as the CLI accepts it (``limits.clean_name``)."""

    what: str

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> str:
        if not isinstance(value, str):
            raise _Bad(path, f"expected a {self.what} name, got {_kind(value)}")
        problem = bad_character(value)
        if problem is not None:
            raise _Bad(path, f"a {self.what} name may not contain {problem}")
        try:
            return clean_name(value, self.what)
        except LimitError as exc:
            raise _Bad(path, str(exc).rstrip(".")) from None


@dataclass(frozen=True)
class _Stamp:
    """A timestamp as the log writes it (ISO 8601)."""

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> str:
        text = _string(value, path, STAMP_LENGTH)
        try:
            datetime.fromisoformat(text)
        except ValueError:
            raise _Bad(
                path, f"expected a time like 2024-05-01T18:30:00Z, got {_kind(value)}"
            ) from None
        return text


@dataclass(frozen=True)
class _Rule:
    """The id of an entry of a rules table (not a name: ``find`` must give it back as it is)."""

    find: Callable[[str], str]

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> str:
        text = _string(value, path, ID_LENGTH)
        try:
            found = self.find(text)
        except SkirmishError as exc:
            raise _Bad(path, str(exc).rstrip(".")) from None
        if found != text:
            raise _Bad(path, f"{shown(text)} is not a rule id (use {found!r})")
        return found


@dataclass(frozen=True)
class _OneOf:
    """One of a few words."""

    choices: tuple[str, ...]

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise _Bad(path, f"expected one of {', '.join(self.choices)}, got {_kind(value)}")
        return value


@dataclass(frozen=True)
class _Flag:
    """true or false."""

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> bool:
        if not isinstance(value, bool):
            raise _Bad(path, f"expected true or false, got {_kind(value)}")
        return value


@dataclass(frozen=True)
class _Maybe:
    """null, or a value of ``spec``."""

    spec: _Spec

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> Any:
        return None if value is None else self.spec.check(value, path, around)


@dataclass(frozen=True)
class _List:
    """A list of at most ``most`` values of ``item``."""

    item: _Spec
    most: int

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> list[Any]:
        if not isinstance(value, list):
            raise _Bad(path, f"expected a list, got {_kind(value)}")
        if len(value) > self.most:
            raise _Bad(path, f"expected at most {self.most:,} entries, got {len(value):,}")
        return [self.item.check(v, f"{path}[{n}]", _NOTHING) for n, v in enumerate(value)]


@dataclass(frozen=True)
class _Tuple:
    """A list of exactly one value of each spec, in order."""

    items: tuple[_Spec, ...]

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> list[Any]:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise _Bad(path, f"expected a list of {len(self.items)} values, got {_kind(value)}")
        return [
            s.check(v, f"{path}[{n}]", _NOTHING)
            for n, (s, v) in enumerate(zip(self.items, value, strict=True))
        ]


_ABSENT = object()


@dataclass(frozen=True)
class _Opt:
    """A field that may be missing: then ``default`` (called if callable), or left out."""

    spec: _Spec
    default: Any = _ABSENT


_Fields = Mapping[str, "_Spec | _Opt"]


@dataclass(frozen=True)
class _Shape:
    """An object with known fields, checked in order (a field's spec sees those before it);
    ``cases`` adds the fields of one variant chosen by an earlier field's value (``"*"``: any
    other value); ``rules`` then checks what concerns several fields. Unknown fields are left
    out."""

    fields: _Fields
    cases: tuple[str, Mapping[str, _Fields]] | None = None
    rules: Callable[[dict[str, Any], str], None] | None = None

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> dict[str, Any]:
        raw = _object(value, path)
        out: dict[str, Any] = {}
        _fill(out, raw, self.fields, path)
        if self.cases is not None:
            key, variants = self.cases
            extra = variants.get(out[key], variants.get("*", {}))
            _fill(out, raw, extra, path)
        if self.rules is not None:
            self.rules(out, path)
        return out


def _fill(out: dict[str, Any], raw: Mapping[str, Any], fields: _Fields, path: str) -> None:
    for key, spec in fields.items():
        if key not in raw:
            if not isinstance(spec, _Opt):
                raise _Bad(path, f"missing field {key!r}")
            if spec.default is not _ABSENT:
                out[key] = spec.default() if callable(spec.default) else spec.default
            continue
        check = spec.spec if isinstance(spec, _Opt) else spec
        out[key] = check.check(raw[key], f"{path}.{key}", out)


@dataclass(frozen=True)
class _Settings:
    """A campaign's house rules by key, each value as ``settings`` parses it; ``fill`` gives
    every rule not in the file its default."""

    fill: bool

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> dict[str, str]:
        raw = _object(value, path)
        most = 2 * len(HOUSE_RULES)  # each rule by its key, or also by its id (H-05)
        if len(raw) > most:
            raise _Bad(path, f"expected at most {most} settings, got {len(raw):,}")
        settings = defaults() if self.fill else {}
        for key, text in raw.items():
            where = _key_path(path, key)
            name = _string(key, where, ID_LENGTH)
            typed = _string(text, where, ID_LENGTH)
            try:
                rule = find_setting(name)
                settings[rule.key] = rule.parse(typed)
            except CampaignError as exc:
                raise _Bad(where, str(exc).rstrip(".")) from None
        return settings


@dataclass(frozen=True)
class _Details:
    """A log entry's ``details``: the schema of the action named just before it (``ACTIONS``)."""

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> dict[str, Any]:
        return ACTIONS[around["action"]].details.check(value, path)


@dataclass(frozen=True)
class _Action:
    """An action an export can hold, in a gang's log or in the campaign's own."""

    scope: str  # "gang" | "campaign"
    undone: bool = False  # what an undo entry may name

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> str:
        kinds = [k for k, v in ACTIONS.items() if not self.undone or v.undoable]
        if not isinstance(value, str) or value not in kinds:
            what = "an action an undo can revert" if self.undone else "an action of the log"
            raise _Bad(path, f"{_kind(value)} is not {what}")
        if ACTIONS[value].scope != self.scope:
            raise _Bad(path, f"a {value!r} entry belongs in the {ACTIONS[value].scope}'s log")
        return value


# --------------------------------------------------------------------------- rule ids


def _skill_id(name: str) -> str:
    return GRADUATE if name == GRADUATE else find_skill(name).id


def _injury_id(name: str) -> str:
    if name == WOUNDED:
        return name
    return _invalidity_id(name)


def _invalidity_id(name: str) -> str:
    for row in invalid_table():
        if row.id == name:
            return row.id
    ids = ", ".join(r.id for r in invalid_table())
    raise CampaignError(f"unknown invalidity {shown(name)}: the ids are {ids}")


_FACTION = _Rule(lambda s: find_faction(s).id)
_PROFILE = _Rule(lambda s: find_profile(s).id)
_ITEM = _Rule(lambda s: find_equipment(s).id)
_WEAPON = _Rule(lambda s: find_weapon(s).id)
_SKILL = _Rule(_skill_id)
_SCENARIO = _Rule(lambda s: find_scenario(s).id)
_SETTING = _Rule(lambda s: find_setting(s).key)

_MODEL = _Name("model")
_GANG_NAME = _Name("gang")
_CAMPAIGN_NAME = _Name("campaign")
_MONEY = _Whole(MONEY)
_ROLL = _Whole(DIE)
_COUNT = _Whole(COUNT)
_SIDE = _OneOf(tuple(Side))
_FLAG = _Flag()
_STASHED = _Opt(_List(_ITEM, ITEMS_MOST))


# --------------------------------------------------------------------------- log entries


@dataclass(frozen=True)
class ActionKind:
    """What an action's log entry holds: where it is logged, whether ``undo`` can revert it,
    and the fields of its ``details`` that commands read (``campaign.text``, ``postgame``,
    ``game.history``)."""

    scope: str  # "gang" | "campaign"
    details: _Shape
    undoable: bool = True


def _gang(fields: _Fields, cases: tuple[str, Mapping[str, _Fields]] | None = None) -> ActionKind:
    return ActionKind("gang", _Shape(fields, cases))


def _barrier(fields: _Fields) -> ActionKind:
    return ActionKind("gang", _Shape(fields), undoable=False)


#: Every game entry names its game (an id of the exporting database) and scenario.
_GAME: _Fields = {"game": _Whole(ROW_ID), "scenario": _SCENARIO}

#: Every action kind an export can hold, and its details (services, postgame, game.play).
#: An ``import`` entry is this database's own history: an export never holds one.
ACTIONS: dict[str, ActionKind] = {
    "campaign-new": ActionKind(
        "campaign",
        _Shape({"campaign": _Opt(_CAMPAIGN_NAME), "settings": _Opt(_Settings(fill=False))}),
        undoable=False,
    ),
    "campaign-set": ActionKind(
        "campaign",
        _Shape({"key": _SETTING, "before": _Text(ID_LENGTH), "after": _Text(ID_LENGTH)}),
        undoable=False,
    ),
    "gang-new": _barrier({"gang": _GANG_NAME, "faction": _FACTION}),
    "gang-rename": _gang({"before": _GANG_NAME, "after": _GANG_NAME}),
    "gang-retire": _gang({"gang": _Opt(_GANG_NAME)}),
    "hire": _gang({"profile": _PROFILE, "name": _MODEL, "cost": _Opt(_MONEY)}),
    "fire": _gang({"name": _MODEL, "profile": _PROFILE, "to_stash": _STASHED}),
    "injure": _gang({"injury": _Rule(_invalidity_id), "to_stash": _STASHED}),
    "buy": _gang(
        {
            "item": _ITEM,
            "price": _MONEY,
            "list_price": _Opt(_MONEY),
            "half_price": _Opt(_FLAG),
            "for": _Opt(_Maybe(_MODEL)),
            "disp": _Maybe(_Whole(DISP)),
            "skipped": _Opt(_FLAG),
            "faction": _Opt(_Maybe(_FACTION)),
            "roll": _Maybe(_ROLL),
            "available": _Opt(_FLAG),
        }
    ),
    "sell": _gang({"item": _ITEM, "paid": _MONEY, "price": _MONEY, "percent": _Whole(PERCENT)}),
    "equip": _gang({"item": _ITEM}),
    "unequip": _gang({"item": _ITEM}),
    "advance": _gang(
        {"advance": _OneOf(tuple(Advance)), "cost": _Whole(XP), "promoted": _Opt(_FLAG)},
        (
            "advance",
            {
                "skill": {
                    "skill": _SKILL,
                    "choice": _Opt(_Maybe(_WEAPON)),
                    "replaces": _Opt(_Maybe(_SKILL)),
                    "chosen": _Opt(_FLAG),
                    "rolls": _Opt(_List(_Tuple((_ROLL, _ROLL, _SKILL, _Maybe(_SKILL))), DICE_MOST)),
                },
                "*": {"before": _Whole(RULE_CHARACTERISTIC), "after": _Whole(RULE_CHARACTERISTIC)},
            },
        ),
    ),
    "xp": _gang({"xp": _Whole(XP_CHANGE), "reason": _Opt(_Text(TEXT_LENGTH, empty=True))}),
    "undo": ActionKind(
        "gang",
        _Shape(
            {
                "reverts": _Opt(_Maybe(_Whole(ROW_ID))),
                "action": _Action("gang", undone=True),
                "details": _Details(),
            }
        ),
        undoable=False,
    ),
    "game-start": _barrier({**_GAME, "side": _SIDE}),
    "game-end": _barrier(
        {
            **_GAME,
            "side": _SIDE,
            "winner": _Opt(_Maybe(_SIDE)),
            "result": _Opt(_OneOf(("win", "loss", "draw", "retreat"))),
        }
    ),
    "game-abandon": _barrier({**_GAME, "side": _SIDE}),
    "wounded-healed": _gang(_GAME),
    "recovery": _gang(
        {
            **_GAME,
            "outcome": _OneOf(tuple(RecoveryOutcome)),
            "table": _Opt(_OneOf(tuple(RecoveryOutcome))),
            "roll": _Opt(_ROLL),
            "total": _Opt(_Whole(DIE_TOTAL)),
            "doctor": _Opt(_Maybe(_OneOf(tuple(Doctor)))),
            "doctor_model": _Opt(_Maybe(_MODEL)),
            "fee": _Opt(_MONEY),
            "fortuna_roll": _Opt(_Maybe(_ROLL)),
            "invalidity": _Opt(_Maybe(_Rule(_invalidity_id))),
            "to_stash": _STASHED,
            "eliminated_by": _Opt(_Maybe(_MODEL)),
        }
    ),
    "game-xp": _gang({**_GAME, "eliminations": _Opt(_COUNT), "bonus": _Opt(_Whole(XP))}),
    "income": _gang(
        {
            **_GAME,
            "result": _Opt(_OneOf(("win", "loss", "draw", "retreat"))),
            "amount": _Opt(_MONEY),
        }
    ),
    "bounty": _gang(
        {
            **_GAME,
            "victims": _Opt(
                _List(
                    _Shape(
                        {
                            "name": _MODEL,
                            "profile": _Opt(_PROFILE),
                            "cost": _Opt(_MONEY),
                            "bounty": _MONEY,
                        }
                    ),
                    MEMBERS_MOST,
                )
            ),
            "percent": _Opt(_Whole(PERCENT)),
        }
    ),
    "outlaw-mark": _gang({**_GAME, "civilians": _Opt(_List(_MODEL, MEMBERS_MOST))}),
    "gambler": _gang(
        {
            **_GAME,
            "faces": _Opt(_List(_ROLL, DICE_MOST)),
            "eliminations": _Opt(_COUNT),
            "amount": _Opt(_MONEY),
        }
    ),
    "marked-cards": _gang(
        {**_GAME, "faces": _Opt(_List(_ROLL, DICE_MOST)), "amount": _Opt(_MONEY)}
    ),
    "infamy": _gang(
        {
            **_GAME,
            "roll": _Opt(_ROLL),
            "loss": _Opt(_OneOf(tuple(InfamyLoss))),
            "rolled_at_retreat": _Opt(_FLAG),
        }
    ),
}

_DIE_ROLLED = _Shape({"value": _ROLL, "purpose": _Text(TEXT_LENGTH)})


def _entry(scope: str) -> _Shape:
    return _Shape(
        {
            "action": _Action(scope),
            "at": _Stamp(),
            "member": _Opt(_Maybe(_MODEL), None),
            "details": _Details(),
            "dice": _List(_DIE_ROLLED, DICE_MOST),
            "ruling": _Opt(_Maybe(_Text(ID_LENGTH)), None),
            "money_before": _Opt(_Maybe(_MONEY), None),
            "money_after": _Opt(_Maybe(_MONEY), None),
            "xp_before": _Opt(_Maybe(_Whole(XP)), None),
            "xp_after": _Opt(_Maybe(_Whole(XP)), None),
            "reverts": _Opt(_Maybe(_Whole(Bound("an entry number", 0, LOG_MOST))), None),
        }
    )


@dataclass(frozen=True)
class _Log:
    """A log: its entries, and undo entries that each revert one earlier action."""

    entry: _Shape

    def check(self, value: Any, path: str, around: _Around = _NOTHING) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = _List(self.entry, LOG_MOST).check(value, path)
        undone: set[int] = set()
        for n, entry in enumerate(entries):
            where = f"{path}[{n}]"
            target = entry["reverts"]
            if (entry["action"] == "undo") != (target is not None):
                raise _Bad(
                    f"{where}.reverts",
                    "an undo entry names the entry it reverts, and no other entry does",
                )
            if target is None:
                continue
            if target >= n:
                raise _Bad(f"{where}.reverts", f"expected an earlier entry, got {target}")
            if target in undone:
                raise _Bad(f"{where}.reverts", f"entry {target} is undone twice")
            if entries[target]["action"] != entry["details"]["action"]:
                raise _Bad(
                    f"{where}.details.action",
                    f"entry {target} is {entries[target]['action']!r}, not "
                    f"{entry['details']['action']!r}",
                )
            undone.add(target)
        return entries


#: Every kind of spec above.
_Spec = (
    _Whole
    | _Text
    | _Name
    | _Stamp
    | _Rule
    | _OneOf
    | _Flag
    | _Maybe
    | _List
    | _Tuple
    | _Shape
    | _Settings
    | _Details
    | _Action
    | _Log
)


# --------------------------------------------------------------------------- gangs and campaigns


def _gang_rules(gang: dict[str, Any], path: str) -> None:
    """R-13 on the roster, roles that fit the profiles, and a log that adds up."""
    faction = find_faction(gang["faction"])
    if not faction.playable:
        raise _Bad(f"{path}.faction", f"{faction.id!r} is not a gang (R-13)")
    names: dict[str, str] = {}
    leader: str | None = None
    per_profile: Counter[str] = Counter()
    active = 0
    for n, member in enumerate(gang["members"]):
        where = f"{path}.members[{n}]"
        try:
            profile = find_profile(member["profile"], faction=faction.id)
        except RulesError as exc:
            raise _Bad(f"{where}.profile", str(exc).rstrip(".")) from None
        role = member["role"]
        if role != profile.role and not (role == Role.HERO and profile.role == Role.COMMON):
            raise _Bad(f"{where}.role", f"a {profile.name_en} is a {profile.role}, not a {role}")
        _no_twice([s["skill"] for s in member["skills"]], f"{where}.skills", "the skill")
        _no_twice(member["injuries"], f"{where}.injuries", "the invalidity", allowed=WOUNDED)
        if member["status"] != MemberStatus.ACTIVE:
            if member["items"]:
                raise _Bad(
                    f"{where}.items",
                    "a model no longer on the roster carries nothing (its "
                    "equipment went to the stash)",
                )
            continue
        active += 1
        if active > MAX_MODELS:
            raise _Bad(where, f"more than {MAX_MODELS} models on the roster (R-13)")
        key = normalize(member["name"])
        if key in names:
            raise _Bad(f"{where}.name", f"two models are called {shown(member['name'])} (R-13)")
        names[key] = member["name"]
        if role == Role.LEADER:
            if leader is not None:
                raise _Bad(
                    f"{where}.role",
                    f"a second leader after {shown(leader)}; a gang has at most one (R-13)",
                )
            leader = member["name"]
        if profile.max is not None:
            per_profile[profile.id] += 1
            if per_profile[profile.id] > profile.max:
                raise _Bad(
                    f"{where}.profile",
                    f"more than {profile.max} {profile.name_en} (max {profile.max}, R-13)",
                )
    ledger = sum((e["money_after"] or 0) - (e["money_before"] or 0) for e in gang["log"])
    if ledger != gang["treasury"]:
        raise _Bad(
            f"{path}.treasury",
            f"{gang['treasury']:,}$ but the gang's log adds up to {ledger:,}$ (each entry's "
            "money after minus money before)",
        )


def _no_twice(values: Iterable[str], path: str, what: str, allowed: str | None = None) -> None:
    seen: set[str] = set()
    for n, value in enumerate(values):
        if value in seen and value != allowed:
            raise _Bad(f"{path}[{n}]", f"{what} {value!r} twice")
        seen.add(value)


_OWNED = _Shape({"item": _ITEM, "paid": _MONEY})
_CHARACTERISTICS = ("tiro", "fred", "rif", "cos", "fama", "fortuna")

_MEMBER = _Shape(
    {
        "name": _MODEL,
        "profile": _PROFILE,
        "role": _OneOf(tuple(Role)),
        "status": _OneOf(tuple(MemberStatus)),
        **{key: _Whole(RULE_CHARACTERISTIC) for key in _CHARACTERISTICS},
        "xp": _Whole(XP),
        "skills": _List(
            _Shape({"skill": _SKILL, "choice": _Opt(_Maybe(_WEAPON), None)}), SKILLS_MOST
        ),
        "injuries": _List(_Rule(_injury_id), SKILLS_MOST),
        "items": _List(_OWNED, ITEMS_MOST),
    }
)

_GANG = _Shape(
    {
        "name": _GANG_NAME,
        "faction": _FACTION,
        "treasury": _MONEY,
        "status": _Opt(_OneOf(tuple(GangStatus)), GangStatus.ACTIVE.value),
        "games_played": _Opt(_COUNT, 0),
        "members": _List(_MEMBER, MEMBERS_MOST),
        "stash": _List(_OWNED, ITEMS_MOST),
        "failed_purchases": _Opt(_List(_Shape({"item": _ITEM, "game": _COUNT}), ITEMS_MOST), list),
        "log": _Opt(_Log(_entry("gang")), list),
    },
    rules=_gang_rules,
)


def _campaign_rules(campaign: dict[str, Any], path: str) -> None:
    seen: set[str] = set()
    for n, gang in enumerate(campaign["gangs"]):
        key = normalize(gang["name"])
        if key in seen:
            raise _Bad(f"{path}.gangs[{n}].name", f"two gangs are called {shown(gang['name'])}")
        seen.add(key)


_CAMPAIGN = _Shape(
    {
        "name": _CAMPAIGN_NAME,
        "created_at": _Opt(_Stamp(), now_text),
        "settings": _Opt(_Settings(fill=True), defaults),
        "gangs": _List(_GANG, GANGS_MOST),
        "log": _Opt(_Log(_entry("campaign")), list),
    },
    rules=_campaign_rules,
)

_DOCUMENT = _Shape(
    {"format_version": _Whole(VERSION), "kind": _OneOf(("gang", "campaign"))},
    ("kind", {"gang": {"gang": _GANG}, "campaign": {"campaign": _CAMPAIGN}}),
)


def check_document(document: Any) -> dict[str, Any]:
    """The checked content of a parsed export document, as it will be stored; a problem raises
    with its JSON path."""
    return _DOCUMENT.check(document, "$")


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
    except _Bad as exc:
        raise CampaignError(f"{where} at {exc}; nothing was imported.") from None


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
    session: Session, campaign_id: int, gang_id: int | None, entries: list[dict[str, Any]]
) -> None:
    """Insert a checked log in one batched statement (the write lock is held while it runs),
    then point each undo entry at the id its reverted entry got."""
    if not entries:
        return
    rows = [
        {
            "campaign_id": campaign_id,
            "gang_id": gang_id,
            "member_name": data["member"],
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


def _insert_gang(session: Session, campaign: Campaign, data: dict[str, Any]) -> Gang:
    taken = session.exec(select(Gang.name).where(Gang.campaign_id == campaign.id)).all()
    for other in taken:
        if normalize(other) == normalize(data["name"]):
            raise CampaignError(
                f"campaign {campaign.name!r} already has a gang called {other!r}; rename it "
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
    members = [
        Member(
            gang_id=gang.id,
            **{k: m[k] for k in ("name", "profile", "role", "status", "xp", *_CHARACTERISTICS)},
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
    _insert_log(session, campaign.id, gang.id, data["log"])
    return gang


def import_checked(session: Session, checked: Checked) -> Campaign:
    """Write a checked file (``read_import``) in the caller's transaction: a gang into its
    campaign (default: the one in use), or a whole new campaign. Only the name clashes are
    checked here, inside the lock. Returns the campaign."""
    if checked.kind == "gang":
        target = lookup.current_campaign(session, checked.into)
        gang = _insert_gang(session, target, checked.data)
        _log_import(session, target, {"gang": gang.name, "file": checked.source})
        return target
    data = checked.data
    for other in session.exec(select(Campaign.name)).all():
        if normalize(other) == normalize(checked.name):
            raise CampaignError(
                f"a campaign called {other!r} already exists; import under another name with "
                "--campaign NAME; nothing was imported."
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
    lookup.set_current(session, created)
    _log_import(session, created, {"campaign": created.name, "file": checked.source})
    return created


def _log_import(session: Session, campaign: Campaign, details: dict[str, Any]) -> None:
    assert campaign.id is not None
    session.add(LogEntry(campaign_id=campaign.id, action="import", at=now_text(), details=details))
    session.flush()
