"""Registry of the rulebook's tables (STYLE.md habit 3): list them, find entries by name.

Each table lives in one JSON file under ``skirmish/rules/data/`` and is parsed the first time
it is asked for (``functools.cache``), so ``find_weapon`` reads only ``weapons.json`` and
importing ``skirmish.rules`` parses nothing. Names are found in Italian or English, any case,
with or without accents; an unknown name raises ``UnknownNameError`` with the nearest names.
"""

from __future__ import annotations

import difflib
import json  # only the first lookup pays for the parser
from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from skirmish.errors import RulesError, UnknownNameError
from skirmish.resources import rules_data_dir
from skirmish.rules.model import (
    Faction,
    FactionRule,
    Flight,
    FriendDeath,
    Item,
    Profile,
    Reaction,
    Role,
    Skill,
    Weapon,
    WeaponCategory,
)
from skirmish.rules.names import NameIndex, normalize
from skirmish.translation import Both, Message

if TYPE_CHECKING:
    # The smaller tables' types are imported where those tables are loaded: a dice command
    # that only needs weapons does not pay for building them (issue #2 start-up budget).
    from skirmish.rules.entries import (
        Action,
        Advance,
        Doctor,
        Invalidity,
        Movement,
        Protection,
        RecoveryResult,
        TableModifier,
    )

#: Anything ``find_any`` can return.
Entry: TypeAlias = (
    "Faction | Profile | Weapon | Item | Skill | Advance | Action | Movement | TableModifier"
    " | Protection | RecoveryResult | Invalidity | Doctor"
)

#: The modifier tables, in the book's order (table 3, table 4, then the small ones).
MODIFIER_TABLES: tuple[str, ...] = ("shooting", "fight", "saving", "nerve", "cohesion")

#: Every JSON file of ``rules/data`` (without ``.json``).
DATA_FILES: tuple[str, ...] = (
    "actions",
    "movement",
    "modifiers",
    "weapons",
    "protection",
    "items",
    "skills",
    "recovery",
    "factions",
)


# --------------------------------------------------------------------------- loading


@cache
def load(name: str) -> Mapping[str, Any]:
    """The parsed JSON file ``rules/data/<name>.json`` (parsed once)."""
    if name not in DATA_FILES:
        raise RulesError(
            Message(
                "no rules table file {name!r}; the files are: {join_data_files}.",
                name=name,
                join_data_files=", ".join(DATA_FILES),
            )
        )
    path = rules_data_dir() / f"{name}.json"
    with path.open(encoding="utf-8") as handle:
        data: Mapping[str, Any] = json.load(handle)
    return data


def clear_cache() -> None:
    """Forget every parsed table, so the next lookup reads the JSON files again (tests)."""
    for value in list(globals().values()):
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def _tuples(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a JSON object, with lists turned into tuples (immutable entries)."""
    return {key: tuple(value) if isinstance(value, list) else value for key, value in raw.items()}


def _build(kind: str, cls: type[Any], raw: Mapping[str, Any], **extra: Any) -> Any:
    try:
        return cls(**{**_tuples(raw), **extra})
    except (TypeError, ValueError) as exc:
        raise RulesError(
            Message(
                "bad {kind} entry {raw_get_id!r} in the rules data: {exc}",
                raw_get_id=raw.get("id"),
                exc=exc,
                kind=kind,  # a mistake in the rules data: said as declared
            )
        ) from exc


# --------------------------------------------------------------------------- weapons & items


@cache
def _weapon_index() -> NameIndex[Weapon]:
    rows = load("weapons")["weapons"]
    return NameIndex(
        "weapon",
        (_build("weapon", Weapon, raw, category=WeaponCategory(raw["category"])) for raw in rows),
    )


def weapons() -> tuple[Weapon, ...]:
    """Every weapon of tables 5, 6 and 7 and the explosives of §5.5, with §8.2 prices."""
    return tuple(_weapon_index())


def find_weapon(name: str) -> Weapon:
    """The weapon called ``name`` (``"sei colpi"``, ``"six-shooter"``, ``"Remington"``…)."""
    return _weapon_index().find(name)


@cache
def _item_index() -> NameIndex[Item]:
    rows = load("items")["items"]
    return NameIndex(
        "item",
        (
            _build("item", Item, raw, disp_by_faction=dict(raw.get("disp_by_faction", {})))
            for raw in rows
        ),
    )


def items() -> tuple[Item, ...]:
    """Mounts (§8.2) and special items (§8.3) that are not weapons."""
    return tuple(_item_index())


def find_item(name: str) -> Item:
    """The mount or special item called ``name`` (``"mulo"``, ``"rifle scope"``…)."""
    return _item_index().find(name)


def find_equipment(name: str) -> Weapon | Item:
    """A weapon or an item by name: anything that can be bought (§8)."""
    weapon = _weapon_index().get(name)
    if weapon is not None:
        return weapon
    item = _item_index().get(name)
    if item is not None:
        return item
    every = [*_weapon_index(), *_item_index()]
    near = _nearest(name, every)
    raise UnknownNameError("equipment", name, near, suggestions_it=_italian(near, every))


# --------------------------------------------------------------------------- skills & XP


@cache
def _skill_index() -> NameIndex[Skill]:
    return NameIndex("skill", (_build("skill", Skill, raw) for raw in load("skills")["skills"]))


def skills() -> tuple[Skill, ...]:
    """The new-skills table (§7.2), in roll order 2–12."""
    return tuple(sorted(_skill_index(), key=lambda s: s.roll))


def find_skill(name: str) -> Skill:
    """The skill called ``name`` (``"pugile"``, ``"lottatore"``, ``"sniper"``…)."""
    return _skill_index().find(name)


def skill_for_roll(roll: int) -> Skill:
    """The skill the new-skills table gives for a 2D6 total of ``roll`` (2–12, R-11)."""
    for skill in _skill_index():
        if skill.roll == roll:
            return skill
    raise RulesError(
        Message("no skill for a 2D6 roll of {roll!r}: the table covers 2 to 12.", roll=roll)
    )


@cache
def _advance_index() -> NameIndex[Advance]:
    from skirmish.rules.entries import Advance  # lazy: table

    rows = load("skills")["advances"]
    return NameIndex("advance", (_build("advance", Advance, raw) for raw in rows))


def advances() -> tuple[Advance, ...]:
    """The experience advances of §7.2 (3, 5, 6, 7 XP)."""
    return tuple(_advance_index())


def advance_costs() -> dict[str, int]:
    """XP cost of each advance: ``"skill"`` and each characteristic (``"rif"``, ``"tiro"``…)."""
    costs: dict[str, int] = {}
    for advance in _advance_index():
        if not advance.characteristics:
            costs["skill"] = advance.xp
        for characteristic in advance.characteristics:
            costs[characteristic] = advance.xp
    return costs


# --------------------------------------------------------------------------- recovery (§6.5)


@cache
def _recovery_index() -> NameIndex[RecoveryResult]:
    from skirmish.rules.entries import RecoveryResult  # lazy: table

    rows = load("recovery")["recovery"]
    return NameIndex("recovery result", (_build("recovery", RecoveryResult, r) for r in rows))


def recovery_table() -> tuple[RecoveryResult, ...]:
    """The recovery table (§6.5, R-10): dead, invalid, wounded, full recovery."""
    return tuple(_recovery_index())


def recovery_for_roll(roll: int) -> RecoveryResult:
    """The recovery row for a modified 1D6 roll (below 1 counts as dead, 5 or more recovers)."""
    for row in _recovery_index():
        if row.covers(roll):
            return row
    raise RulesError(Message("no recovery result for a roll of {roll!r}.", roll=roll))


@cache
def _invalid_index() -> NameIndex[Invalidity]:
    from skirmish.rules.entries import Invalidity  # lazy: table

    rows = load("recovery")["invalid"]
    return NameIndex("invalidity", (_build("invalidity", Invalidity, r) for r in rows))


def invalid_table() -> tuple[Invalidity, ...]:
    """The invalid sub-table (§6.5), rolled on 1D6."""
    return tuple(sorted(_invalid_index(), key=lambda row: row.roll))


def invalidity_for_roll(roll: int) -> Invalidity:
    """The invalidity for a 1D6 roll of 1–6."""
    for row in _invalid_index():
        if row.roll == roll:
            return row
    raise RulesError(
        Message("no invalidity for a roll of {roll!r}: the table covers 1 to 6.", roll=roll)
    )


@cache
def _doctor_index() -> NameIndex[Doctor]:
    from skirmish.rules.entries import Doctor  # lazy: table

    rows = load("recovery")["doctors"]
    return NameIndex("doctor", (_build("doctor", Doctor, r) for r in rows))


def doctors() -> tuple[Doctor, ...]:
    """The doctors one may pay for a recovery roll (R-10: +1 for 5$, +2 for 20$)."""
    return tuple(_doctor_index())


def find_doctor(name: str) -> Doctor:
    """The doctor called ``name`` (``"segaossa"``, ``"graduate"``…)."""
    return _doctor_index().find(name)


# --------------------------------------------------------------------------- modifiers


@cache
def _modifier_index(table: str) -> NameIndex[TableModifier]:
    from skirmish.rules.entries import TableModifier  # lazy: table

    if table not in MODIFIER_TABLES:
        raise UnknownNameError("modifier table", table, list(MODIFIER_TABLES))
    rows = load("modifiers")[table]
    return NameIndex(
        f"{table} modifier", (_build("modifier", TableModifier, r, table=table) for r in rows)
    )


def shooting_modifiers() -> tuple[TableModifier, ...]:
    """Table 3: modifiers to the shooting roll."""
    return tuple(_modifier_index("shooting"))


def fight_modifiers() -> tuple[TableModifier, ...]:
    """Table 4: modifiers to the fight roll."""
    return tuple(_modifier_index("fight"))


def saving_modifiers() -> tuple[TableModifier, ...]:
    """Modifiers to the saving roll (§4.2, §4.3)."""
    return tuple(_modifier_index("saving"))


def nerve_modifiers() -> tuple[TableModifier, ...]:
    """Modifiers to the nerve test (§4.2)."""
    return tuple(_modifier_index("nerve"))


def cohesion_modifiers() -> tuple[TableModifier, ...]:
    """Modifiers to the cohesion test (§6.2)."""
    return tuple(_modifier_index("cohesion"))


def find_modifier(table: str, name: str) -> TableModifier:
    """The modifier called ``name`` in ``table`` (``"shooting"``, ``"fight"``, ``"saving"``…)."""
    return _modifier_index(table).find(name)


# --------------------------------------------------------------------------- actions, movement


@cache
def _action_index() -> NameIndex[Action]:
    from skirmish.rules.entries import Action  # lazy: table

    return NameIndex("action", (_build("action", Action, r) for r in load("actions")["actions"]))


def actions() -> tuple[Action, ...]:
    """Table 1: accessory actions and their action costs."""
    return tuple(_action_index())


def find_action(name: str) -> Action:
    """The action called ``name`` (``"caricare arma"``, ``"reload"``…)."""
    return _action_index().find(name)


@cache
def _movement_index() -> NameIndex[Movement]:
    from skirmish.rules.entries import Movement  # lazy: table

    rows = load("movement")["movements"]
    return NameIndex("movement", (_build("movement", Movement, r) for r in rows))


def movements() -> tuple[Movement, ...]:
    """Table 2: movement on foot, on horseback and driving a wagon."""
    return tuple(_movement_index())


def find_movement(name: str) -> Movement:
    """The movement called ``name`` (``"correre"``, ``"gallop"``…)."""
    return _movement_index().find(name)


@cache
def _protection_index() -> NameIndex[Protection]:
    from skirmish.rules.entries import Protection  # lazy: table

    rows = load("protection")["protections"]
    return NameIndex("protection", (_build("protection", Protection, r) for r in rows))


def protections() -> tuple[Protection, ...]:
    """Table 8: protection against explosions, partial and total."""
    return tuple(_protection_index())


def find_protection(name: str) -> Protection:
    """The protection called ``name`` (``"palizzata"``, ``"big rock"``…)."""
    return _protection_index().find(name)


# --------------------------------------------------------------------------- factions, profiles


@cache
def _faction_index() -> NameIndex[Faction]:
    built: list[Faction] = []
    for raw in load("factions")["factions"]:
        fields = {key: value for key, value in raw.items() if key != "profiles"}
        rules = tuple(_build("faction rule", FactionRule, r) for r in raw["rules"])
        built.append(_build("faction", Faction, fields, rules=rules))
    return NameIndex("faction", built)


def factions() -> tuple[Faction, ...]:
    """Every gang type of §9.3–§9.11 and the non-player characters of §9.12."""
    return tuple(_faction_index())


def find_faction(name: str) -> Faction:
    """The faction called ``name`` (``"uomini della legge"``, ``"lawmen"``…)."""
    return _faction_index().find(name)


class _Profiles(NamedTuple):
    """Profiles by faction (names unique inside a faction) and by name across factions."""

    by_faction: dict[str, NameIndex[Profile]]
    by_name: dict[str, tuple[Profile, ...]]
    all: tuple[Profile, ...]


@cache
def _profile_tables() -> _Profiles:
    every: list[Profile] = []
    by_faction: dict[str, NameIndex[Profile]] = {}
    for raw in load("factions")["factions"]:
        own = [
            _build("profile", Profile, p, faction=raw["id"], role=Role(p["role"]), **_traits(p))
            for p in raw["profiles"]
        ]
        by_faction[raw["id"]] = NameIndex(f"{raw['id']} profile", own)
        every.extend(own)
    by_name: dict[str, list[Profile]] = {}
    for profile in every:
        for label in _names(profile):
            found = by_name.setdefault(normalize(label), [])
            if profile not in found:
                found.append(profile)
    return _Profiles(by_faction, {k: tuple(v) for k, v in by_name.items()}, tuple(every))


def _traits(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A profile's reactions declared as data: a friend's death (R-19), a civilian's flight
    (R-20)."""
    traits: dict[str, Any] = {}
    try:
        if raw.get("friend_death") is not None:
            death = dict(raw["friend_death"])
            traits["friend_death"] = FriendDeath(
                hero=Reaction(death.pop("hero")), leader=Reaction(death.pop("leader"))
            )
            if death:
                raise ValueError(f"unknown keys {sorted(death)}")
        if raw.get("flees") is not None:
            traits["flees"] = Flight(raw["flees"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesError(
            Message(
                "bad profile entry {raw_get_id!r} in the rules data: friend_death must "
                'be {{"hero": "panic"|"terrified", "leader": "panic"|"terrified"}} and '
                "flees one of {join_f_value_for_f_in_flight} ({exc})",
                raw_get_id=raw.get("id"),
                join_f_value_for_f_in_flight=", ".join(f.value for f in Flight),
                exc=exc,
            )
        ) from exc
    return traits


def profiles(faction: str | None = None) -> tuple[Profile, ...]:
    """Every profile, or those of one faction (by any of its names), in the book's order."""
    tables = _profile_tables()
    if faction is None:
        return tables.all
    return tuple(tables.by_faction[find_faction(faction).id])


def fred_lenders() -> tuple[Profile, ...]:
    """The profiles whose FRED friends within 5U may use in a panic test, as the data declares
    them: Sceriffo, Boss, Ranchero, Killer and Capo tribù (R-04, R-17)."""
    return tuple(p for p in profiles() if p.lends_fred)


def hireable_factions(faction: str) -> tuple[str, ...]:
    """The factions whose profiles a gang of ``faction`` may hire (R-13): its own, then the
    non-player characters of §9.12 unless it is barred from them (military, indians)."""
    gang = find_faction(faction)
    return (gang.id, "npc") if gang.npc_allowed and gang.playable else (gang.id,)


def hireable_profiles(faction: str) -> tuple[Profile, ...]:
    """Every profile a gang of ``faction`` could ever hire (R-13), in the book's order: its
    own, then the non-player characters it may take (``hireable_factions``)."""
    tables = _profile_tables()
    return tuple(p for f in hireable_factions(faction) for p in tables.by_faction[f])


def find_profile(name: str, faction: str | None = None) -> Profile:
    """The profile called ``name``; ``faction`` tells apart names that repeat (VOLONTARIO).

    With a faction that may hire non-player characters (R-13), those are found too.
    """
    tables = _profile_tables()
    key = normalize(name)
    if faction is not None:
        gang = find_faction(faction)
        for source in hireable_factions(gang.id):
            found = tables.by_faction[source].get(name)
            if found is not None:
                return found
        elsewhere = tables.by_name.get(key, ())
        if elsewhere:
            where = ", ".join(f"{p.name_en} ({find_faction(p.faction).name_en})" for p in elsewhere)
            where_it = ", ".join(
                f"{p.name_it} ({find_faction(p.faction).name_it})" for p in elsewhere
            )
            raise RulesError(
                Message(
                    "profile {name!r} is not one the {gang_name} may hire: it is {where}; "
                    "see the profiles of the {gang_name} in the rules.",
                    name=name,
                    gang_name=Both(gang.name_en, gang.name_it),
                    where=Both(where, where_it),
                )
            )
        raise UnknownNameError(
            "profile",
            name,
            tables.by_faction[gang.id].nearest(name),
            suggestions_it=tables.by_faction[gang.id].nearest_it(name),
        )
    matches = tables.by_name.get(key, ())
    if len(matches) == 1:
        return matches[0]
    if matches:
        where = ", ".join(f"{p.id} ({p.faction})" for p in matches)
        raise RulesError(
            Message(
                "profile name {name!r} is ambiguous: {where}; give the faction or use the id.",
                name=name,
                where=where,
            )
        )
    near = _nearest(name, tables.all)
    raise UnknownNameError("profile", name, near, suggestions_it=_italian(near, tables.all))


# --------------------------------------------------------------------------- anything by name


def _names(entry: Any) -> tuple[str, ...]:
    return (entry.id, entry.name_it, entry.name_en, *entry.aliases)


def _indexes() -> Iterable[NameIndex[Any]]:
    yield _faction_index()
    yield _weapon_index()
    yield _item_index()
    yield _skill_index()
    yield _advance_index()
    yield _action_index()
    yield _movement_index()
    for table in MODIFIER_TABLES:
        yield _modifier_index(table)
    yield _protection_index()
    yield _recovery_index()
    yield _invalid_index()
    yield _doctor_index()


def find_any(name: str) -> list[Entry]:
    """Every entry of every table called ``name`` (a profile, a skill, a faction…).

    ``"guerriero"`` is both the indian warrior and a skill, ``"volontario"`` three profiles;
    all are returned. No match raises ``UnknownNameError`` with the nearest names of any table.
    """
    key = normalize(name)
    found: list[Entry] = [entry for index in _indexes() if (entry := index.get(name)) is not None]
    # factions first, then every profile of that name, then the other tables
    result: list[Entry] = [e for e in found if isinstance(e, Faction)]
    result.extend(_profile_tables().by_name.get(key, ()))
    result.extend(e for e in found if not isinstance(e, Faction))
    if result:
        return result
    everything: list[Any] = [*_profile_tables().all]
    for index in _indexes():
        everything.extend(index)
    near = _nearest(name, everything)
    raise UnknownNameError("rules entry", name, near, suggestions_it=_italian(near, everything))


def _italian(ids: Iterable[str], entries: Iterable[Any]) -> list[str]:
    """The Italian names of the entries ``ids`` name (the id of one without an Italian name),
    for an Italian error's suggestions."""
    names = {entry.id: getattr(entry, "name_it", entry.id) for entry in entries}
    return [names.get(i, i) for i in ids]


def _nearest(name: str, entries: Iterable[Any], limit: int = 3) -> list[str]:
    """Ids of the entries with a name closest to ``name`` (spelling, then containment)."""
    key = normalize(name)
    owners: dict[str, list[str]] = {}
    for entry in entries:
        for label in _names(entry):
            ids = owners.setdefault(normalize(label), [])
            if entry.id not in ids:
                ids.append(entry.id)
    close = difflib.get_close_matches(key, list(owners), n=limit * 3, cutoff=0.5)
    if key:
        close += [k for k in owners if key in k or (len(k) > 2 and k in key)]
    seen: list[str] = []
    for match in close:
        seen.extend(i for i in owners[match] if i not in seen)
    return seen[:limit]
