"""The export document's shapes, declared as data (``campaign.json_checks``): every field that a
command reads later, checked before an import opens the database (``campaign.transfer``).

Names as the CLI accepts them (``limits.clean_name``), every number within a ``limits.Bound``,
every rule id against the rules tables, every text bounded and free of control characters and
lone surrogates, and each log entry's ``details`` against the schema of its action
(``ACTIONS``), its ``dice`` as ``{"value": 1–6, "purpose": text}``; then the rules that concern
several fields: R-13 on the roster, roles that fit the profiles, a log whose money adds up to
the treasury, undo entries that revert one earlier action each, unique gang names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from skirmish.campaign.json_checks import (
    NOTHING,
    Around,
    Fields,
    Flag,
    ListOf,
    Maybe,
    Name,
    OneOf,
    Opt,
    Shape,
    ShapeError,
    Text,
    TupleOf,
    Whole,
    json_object,
    json_text,
    key_path,
    kind_of,
)
from skirmish.campaign.logbook import now_text
from skirmish.campaign.models import WOUNDED, GangStatus, MemberStatus
from skirmish.campaign.roster import MAX_MODELS
from skirmish.campaign.settings import HOUSE_RULES, defaults, find_setting
from skirmish.engine.advances import DOTTORE_LAUREATO, Advance
from skirmish.engine.characteristic import HIGHEST, LOWEST
from skirmish.engine.dice import FROM_BOTH, FROM_RANDOM, FROM_TABLE
from skirmish.engine.infamy import InfamyLoss
from skirmish.engine.recovery import Doctor, RecoveryOutcome
from skirmish.errors import CampaignError, RulesError, SkirmishError
from skirmish.limits import (
    BLANK,
    CHARACTERISTIC,
    COUNT,
    MONEY,
    WEB_ADDRESS_LENGTH,
    XP,
    XP_CHANGE,
    Bound,
    LimitError,
    clean_handle,
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
from skirmish.rules.model import Role, Side
from skirmish.rules.names import name_key, normalize
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import Message

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


@dataclass(frozen=True)
class _Stamp:
    """A timestamp as the log writes it (ISO 8601)."""

    def check(self, value: Any, path: str, around: Around = NOTHING) -> str:
        text = json_text(value, path, STAMP_LENGTH)
        try:
            datetime.fromisoformat(text)
        except ValueError:
            raise ShapeError(
                path, f"expected a time like 2024-05-01T18:30:00Z, got {kind_of(value)}"
            ) from None
        return text


@dataclass(frozen=True)
class _Rule:
    """The id of an entry of a rules table (not a name: ``find`` must give it back as it is)."""

    find: Callable[[str], str]

    def check(self, value: Any, path: str, around: Around = NOTHING) -> str:
        text = json_text(value, path, ID_LENGTH)
        try:
            found = self.find(text)
        except SkirmishError as exc:
            raise ShapeError(path, str(exc).rstrip(".")) from None
        if found != text:
            raise ShapeError(path, f"{shown(text)} is not a rule id (use {found!r})")
        return found


@dataclass(frozen=True)
class _Settings:
    """A campaign's house rules by key, each value as ``settings`` parses it; ``fill`` gives
    every rule not in the file its default."""

    fill: bool

    def check(self, value: Any, path: str, around: Around = NOTHING) -> dict[str, str]:
        raw = json_object(value, path)
        most = 2 * len(HOUSE_RULES)  # each rule by its key, or also by its id (H-05)
        if len(raw) > most:
            raise ShapeError(path, f"expected at most {most} settings, got {len(raw):,}")
        settings = defaults() if self.fill else {}
        for key, text in raw.items():
            where = key_path(path, key)
            name = json_text(key, where, ID_LENGTH)
            typed = json_text(text, where, ID_LENGTH)
            try:
                rule = find_setting(name)
                settings[rule.key] = rule.parse(typed)
            except CampaignError as exc:
                raise ShapeError(where, str(exc).rstrip(".")) from None
        return settings


@dataclass(frozen=True)
class _Details:
    """A log entry's ``details``: the schema of the action named just before it (``ACTIONS``)."""

    def check(self, value: Any, path: str, around: Around = NOTHING) -> dict[str, Any]:
        return ACTIONS[around["action"]].details.check(value, path)


@dataclass(frozen=True)
class _Action:
    """An action an export can hold, in a gang's log or in the campaign's own."""

    scope: str  # "gang" | "campaign"
    undone: bool = False  # what an undo entry may name

    def check(self, value: Any, path: str, around: Around = NOTHING) -> str:
        kinds = [k for k, v in ACTIONS.items() if not self.undone or v.undoable]
        if not isinstance(value, str) or value not in kinds:
            what = "an action an undo can revert" if self.undone else "an action of the log"
            raise ShapeError(path, f"{kind_of(value)} is not {what}")
        if ACTIONS[value].scope != self.scope:
            raise ShapeError(path, f"a {value!r} entry belongs in the {ACTIONS[value].scope}'s log")
        return value


def _skill_id(name: str) -> str:
    return DOTTORE_LAUREATO if name == DOTTORE_LAUREATO else find_skill(name).id


def _injury_id(name: str) -> str:
    if name == WOUNDED:
        return name
    return _invalidity_id(name)


def _invalidity_id(name: str) -> str:
    for row in invalid_table():
        if row.id == name:
            return row.id
    ids = ", ".join(r.id for r in invalid_table())
    raise CampaignError(
        Message("unknown invalidity {name}: the ids are {ids}", name=shown(name), ids=ids)
    )


_FACTION = _Rule(lambda s: find_faction(s).id)
_PROFILE = _Rule(lambda s: find_profile(s).id)
_ITEM = _Rule(lambda s: find_equipment(s).id)
_WEAPON = _Rule(lambda s: find_weapon(s).id)
_SKILL = _Rule(_skill_id)
_SCENARIO = _Rule(lambda s: find_scenario(s).id)
_SETTING = _Rule(lambda s: find_setting(s).key)


@dataclass(frozen=True)
class _Handle:
    """A model's handle as ``member rename --handle`` accepts it (``limits.clean_handle``);
    empty is none."""

    def check(self, value: Any, path: str, around: Around = NOTHING) -> str | None:
        if not isinstance(value, str):
            raise ShapeError(path, f"expected a handle, got {kind_of(value)}")
        try:
            return clean_handle(value)
        except LimitError as exc:
            raise ShapeError(path, str(exc).rstrip(".")) from None


_MODEL = Name("model")
_HANDLE = Maybe(_Handle())
_GANG_NAME = Name("gang")
_CAMPAIGN_NAME = Name("campaign")
_MONEY = Whole(MONEY)
_ROLL = Whole(DIE)
_COUNT = Whole(COUNT)
_SIDE = OneOf(tuple(Side))
_FLAG = Flag()
_STASHED = Opt(ListOf(_ITEM, ITEMS_MOST))


@dataclass(frozen=True)
class ActionKind:
    """What an action's log entry holds: where it is logged, whether ``undo`` can revert it,
    and the fields of its ``details`` that commands read (``campaign.text``, ``postgame``,
    ``game.history``)."""

    scope: str  # "gang" | "campaign"
    details: Shape
    undoable: bool = True


def _gang(fields: Fields, cases: tuple[str, Mapping[str, Fields]] | None = None) -> ActionKind:
    return ActionKind("gang", Shape(fields, cases))


def _barrier(fields: Fields) -> ActionKind:
    return ActionKind("gang", Shape(fields), undoable=False)


#: Every game entry names its game (an id of the exporting database) and scenario.
_GAME: Fields = {"game": Whole(ROW_ID), "scenario": _SCENARIO}

#: Every action kind an export can hold, and its details (``gangs``, ``roster``, ``equipment``,
#: ``advancement``, ``postgame``, ``campaign.game``).
#: An ``import`` entry is this database's own history: an export never holds one.
ACTIONS: dict[str, ActionKind] = {
    "campaign-new": ActionKind(
        "campaign",
        Shape({"campaign": Opt(_CAMPAIGN_NAME), "settings": Opt(_Settings(fill=False))}),
        undoable=False,
    ),
    "campaign-set": ActionKind(
        "campaign",
        Shape({"key": _SETTING, "before": Text(ID_LENGTH), "after": Text(ID_LENGTH)}),
        undoable=False,
    ),
    # Issue #13: the campaign's web address set or cleared (``campaign.web_address``).
    "campaign-address": ActionKind(
        "campaign",
        Shape(
            {
                "before": Maybe(Text(WEB_ADDRESS_LENGTH)),
                "after": Maybe(Text(WEB_ADDRESS_LENGTH)),
            }
        ),
        undoable=False,
    ),
    "gang-new": _barrier({"gang": _GANG_NAME, "faction": _FACTION}),
    # Issue #13: the gang's saved print choice (``campaign.print_options``).
    "print-choice": _gang(
        {"models": ListOf(_MODEL, MEMBERS_MOST), "with_dead": _FLAG, "blank": Whole(BLANK)}
    ),
    "gang-rename": _gang({"before": _GANG_NAME, "after": _GANG_NAME}),
    "gang-retire": _gang({"gang": Opt(_GANG_NAME)}),
    "member-rename": _gang(
        {
            "before": _MODEL,
            "after": _MODEL,
            "handle_before": Opt(_HANDLE, None),
            "handle_after": Opt(_HANDLE, None),
        }
    ),
    "hire": _gang({"profile": _PROFILE, "name": _MODEL, "cost": Opt(_MONEY)}),
    "fire": _gang({"name": _MODEL, "profile": _PROFILE, "to_stash": _STASHED}),
    "injure": _gang({"injury": _Rule(_invalidity_id), "to_stash": _STASHED}),
    "buy": _gang(
        {
            "item": _ITEM,
            "price": _MONEY,
            "list_price": Opt(_MONEY),
            "half_price": Opt(_FLAG),
            "for": Opt(Maybe(_MODEL)),
            "disp": Maybe(Whole(DISP)),
            "skipped": Opt(_FLAG),
            "faction": Opt(Maybe(_FACTION)),
            "roll": Maybe(_ROLL),
            "available": Opt(_FLAG),
            # issue #14: how the availability die came (engine.dice.dice_from)
            "dice_from": Opt(OneOf((FROM_TABLE, FROM_RANDOM, FROM_BOTH))),
        }
    ),
    "sell": _gang({"item": _ITEM, "paid": _MONEY, "price": _MONEY, "percent": Whole(PERCENT)}),
    "equip": _gang({"item": _ITEM}),
    "unequip": _gang({"item": _ITEM}),
    "advance": _gang(
        {"advance": OneOf(tuple(Advance)), "cost": Whole(XP), "promoted": Opt(_FLAG)},
        (
            "advance",
            {
                "skill": {
                    "skill": _SKILL,
                    "choice": Opt(Maybe(_WEAPON)),
                    "replaces": Opt(Maybe(_SKILL)),
                    "chosen": Opt(_FLAG),
                    "rolls": Opt(ListOf(TupleOf((_ROLL, _ROLL, _SKILL, Maybe(_SKILL))), DICE_MOST)),
                },
                "*": {"before": Whole(RULE_CHARACTERISTIC), "after": Whole(RULE_CHARACTERISTIC)},
            },
        ),
    ),
    "xp": _gang({"xp": Whole(XP_CHANGE), "reason": Opt(Text(TEXT_LENGTH, empty=True))}),
    "undo": ActionKind(
        "gang",
        Shape(
            {
                "reverts": Opt(Maybe(Whole(ROW_ID))),
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
            "winner": Opt(Maybe(_SIDE)),
            "result": Opt(OneOf(("win", "loss", "draw", "retreat"))),
        }
    ),
    "game-abandon": _barrier({**_GAME, "side": _SIDE}),
    "wounded-healed": _gang(_GAME),
    "recovery": _gang(
        {
            **_GAME,
            "outcome": OneOf(tuple(RecoveryOutcome)),
            "table": Opt(OneOf(tuple(RecoveryOutcome))),
            "roll": Opt(_ROLL),
            "total": Opt(Whole(DIE_TOTAL)),
            "doctor": Opt(Maybe(OneOf(tuple(Doctor)))),
            "doctor_model": Opt(Maybe(_MODEL)),
            "fee": Opt(_MONEY),
            "fortuna_roll": Opt(Maybe(_ROLL)),
            "invalidity": Opt(Maybe(_Rule(_invalidity_id))),
            "to_stash": _STASHED,
            "eliminated_by": Opt(Maybe(_MODEL)),
        }
    ),
    "game-xp": _gang({**_GAME, "eliminations": Opt(_COUNT), "bonus": Opt(Whole(XP))}),
    "income": _gang(
        {
            **_GAME,
            "result": Opt(OneOf(("win", "loss", "draw", "retreat"))),
            "amount": Opt(_MONEY),
        }
    ),
    "bounty": _gang(
        {
            **_GAME,
            "victims": Opt(
                ListOf(
                    Shape(
                        {
                            "name": _MODEL,
                            "profile": Opt(_PROFILE),
                            "cost": Opt(_MONEY),
                            "bounty": _MONEY,
                        }
                    ),
                    MEMBERS_MOST,
                )
            ),
            "percent": Opt(Whole(PERCENT)),
        }
    ),
    "outlaw-mark": _gang({**_GAME, "civilians": Opt(ListOf(_MODEL, MEMBERS_MOST))}),
    "gambler": _gang(
        {
            **_GAME,
            "faces": Opt(ListOf(_ROLL, DICE_MOST)),
            "eliminations": Opt(_COUNT),
            "amount": Opt(_MONEY),
        }
    ),
    "marked-cards": _gang({**_GAME, "faces": Opt(ListOf(_ROLL, DICE_MOST)), "amount": Opt(_MONEY)}),
    "infamy": _gang(
        {
            **_GAME,
            "roll": Opt(_ROLL),
            "loss": Opt(OneOf(tuple(InfamyLoss))),
            "rolled_at_retreat": Opt(_FLAG),
        }
    ),
}

_DIE_ROLLED = Shape({"value": _ROLL, "purpose": Text(TEXT_LENGTH)})


def _entry(scope: str) -> Shape:
    return Shape(
        {
            "action": _Action(scope),
            "at": _Stamp(),
            "member": Opt(Maybe(_MODEL), None),
            "details": _Details(),
            "dice": ListOf(_DIE_ROLLED, DICE_MOST),
            "ruling": Opt(Maybe(Text(ID_LENGTH)), None),
            "money_before": Opt(Maybe(_MONEY), None),
            "money_after": Opt(Maybe(_MONEY), None),
            "xp_before": Opt(Maybe(Whole(XP)), None),
            "xp_after": Opt(Maybe(Whole(XP)), None),
            "reverts": Opt(Maybe(Whole(Bound("an entry number", 0, LOG_MOST))), None),
            "author": Opt(Maybe(Name("user")), None),  # issue #11: absent is the CLI
        }
    )


@dataclass(frozen=True)
class _Log:
    """A log: its entries, and undo entries that each revert one earlier action."""

    entry: Shape

    def check(self, value: Any, path: str, around: Around = NOTHING) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = ListOf(self.entry, LOG_MOST).check(value, path)
        undone: set[int] = set()
        for n, entry in enumerate(entries):
            where = f"{path}[{n}]"
            target = entry["reverts"]
            if (entry["action"] == "undo") != (target is not None):
                raise ShapeError(
                    f"{where}.reverts",
                    "an undo entry names the entry it reverts, and no other entry does",
                )
            if target is None:
                continue
            if target >= n:
                raise ShapeError(f"{where}.reverts", f"expected an earlier entry, got {target}")
            if target in undone:
                raise ShapeError(f"{where}.reverts", f"entry {target} is undone twice")
            if entries[target]["action"] != entry["details"]["action"]:
                raise ShapeError(
                    f"{where}.details.action",
                    f"entry {target} is {entries[target]['action']!r}, not "
                    f"{entry['details']['action']!r}",
                )
            undone.add(target)
        return entries


def _gang_rules(gang: dict[str, Any], path: str) -> None:
    """R-13 on the roster, roles that fit the profiles, and a log that adds up."""
    faction = find_faction(gang["faction"])
    if not faction.playable:
        raise ShapeError(f"{path}.faction", f"{faction.id!r} is not a gang (R-13)")
    names: dict[str, str] = {}
    handles: dict[str, str] = {}
    leader: str | None = None
    per_profile: Counter[str] = Counter()
    active = 0
    for n, member in enumerate(gang["members"]):
        where = f"{path}.members[{n}]"
        try:
            profile = find_profile(member["profile"], faction=faction.id)
        except RulesError as exc:
            raise ShapeError(f"{where}.profile", str(exc).rstrip(".")) from None
        role = member["role"]
        if role != profile.role and not (role == Role.HERO and profile.role == Role.COMMON):
            raise ShapeError(
                f"{where}.role", f"a {profile.name_en} is a {profile.role}, not a {role}"
            )
        _no_twice([s["skill"] for s in member["skills"]], f"{where}.skills", "the skill")
        _no_twice(member["injuries"], f"{where}.injuries", "the invalidity", allowed=WOUNDED)
        if member["status"] != MemberStatus.ACTIVE:
            if member["items"]:
                raise ShapeError(
                    f"{where}.items",
                    "a model no longer on the roster carries nothing (its "
                    "equipment went to the stash)",
                )
            continue
        active += 1
        if active > MAX_MODELS:
            raise ShapeError(where, f"more than {MAX_MODELS} models on the roster (R-13)")
        key = normalize(member["name"])
        if key in names:
            raise ShapeError(
                f"{where}.name", f"two models are called {shown(member['name'])} (R-13)"
            )
        names[key] = member["name"]
        handle = member["handle"]
        if handle is not None:
            if name_key(handle) in handles or name_key(handle) == name_key(member["name"]):
                raise ShapeError(
                    f"{where}.handle", f"the handle {shown(handle)} is taken in the gang"
                )
            handles[name_key(handle)] = f"{where}.handle"
        if role == Role.LEADER:
            if leader is not None:
                raise ShapeError(
                    f"{where}.role",
                    f"a second leader after {shown(leader)}; a gang has at most one (R-13)",
                )
            leader = member["name"]
        if profile.max is not None:
            per_profile[profile.id] += 1
            if per_profile[profile.id] > profile.max:
                raise ShapeError(
                    f"{where}.profile",
                    f"more than {profile.max} {profile.name_en} (max {profile.max}, R-13)",
                )
    for name in names.values():  # a handle is no other model's name either (R-13, issue #10)
        if name_key(name) in handles:
            raise ShapeError(handles[name_key(name)], f"{shown(name)} is another model's name")
    ledger = sum((e["money_after"] or 0) - (e["money_before"] or 0) for e in gang["log"])
    if ledger != gang["treasury"]:
        raise ShapeError(
            f"{path}.treasury",
            f"{gang['treasury']:,}$ but the gang's log adds up to {ledger:,}$ (each entry's "
            "money after minus money before)",
        )


def _no_twice(values: Iterable[str], path: str, what: str, allowed: str | None = None) -> None:
    seen: set[str] = set()
    for n, value in enumerate(values):
        if value in seen and value != allowed:
            raise ShapeError(f"{path}[{n}]", f"{what} {value!r} twice")
        seen.add(value)


_OWNED = Shape({"item": _ITEM, "paid": _MONEY})
CHARACTERISTICS = ("tiro", "fred", "rif", "cos", "fama", "fortuna")

_MEMBER = Shape(
    {
        "name": _MODEL,
        "handle": Opt(_HANDLE, None),
        "profile": _PROFILE,
        "role": OneOf(tuple(Role)),
        "status": OneOf(tuple(MemberStatus)),
        **{key: Whole(RULE_CHARACTERISTIC) for key in CHARACTERISTICS},
        "xp": Whole(XP),
        "skills": ListOf(
            Shape({"skill": _SKILL, "choice": Opt(Maybe(_WEAPON), None)}), SKILLS_MOST
        ),
        "injuries": ListOf(_Rule(_injury_id), SKILLS_MOST),
        "items": ListOf(_OWNED, ITEMS_MOST),
    }
)

_GANG = Shape(
    {
        "name": _GANG_NAME,
        "faction": _FACTION,
        "treasury": _MONEY,
        "status": Opt(OneOf(tuple(GangStatus)), GangStatus.ACTIVE.value),
        "games_played": Opt(_COUNT, 0),
        "members": ListOf(_MEMBER, MEMBERS_MOST),
        "stash": ListOf(_OWNED, ITEMS_MOST),
        "failed_purchases": Opt(ListOf(Shape({"item": _ITEM, "game": _COUNT}), ITEMS_MOST), list),
        "log": Opt(_Log(_entry("gang")), list),
    },
    rules=_gang_rules,
)


def _campaign_rules(campaign: dict[str, Any], path: str) -> None:
    seen: set[str] = set()
    for n, gang in enumerate(campaign["gangs"]):
        key = normalize(gang["name"])
        if key in seen:
            raise ShapeError(
                f"{path}.gangs[{n}].name", f"two gangs are called {shown(gang['name'])}"
            )
        seen.add(key)


_CAMPAIGN = Shape(
    {
        "name": _CAMPAIGN_NAME,
        "created_at": Opt(_Stamp(), now_text),
        "settings": Opt(_Settings(fill=True), defaults),
        "gangs": ListOf(_GANG, GANGS_MOST),
        "log": Opt(_Log(_entry("campaign")), list),
    },
    rules=_campaign_rules,
)

_DOCUMENT = Shape(
    {"format_version": Whole(VERSION), "kind": OneOf(("gang", "campaign"))},
    ("kind", {"gang": {"gang": _GANG}, "campaign": {"campaign": _CAMPAIGN}}),
)


def check_document(document: Any) -> dict[str, Any]:
    """The checked content of a parsed export document, as it will be stored; a problem raises
    with its JSON path."""
    return _DOCUMENT.check(document, "$")
