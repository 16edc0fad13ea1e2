"""``validate()``: walk every table and report every inconsistency, not just the first.

Each problem is one line naming the table, the entry and what is wrong, e.g.
``"profiles: 'deputy' is a hero without 'max N'"``. A test runs it and expects ``[]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from skirmish.errors import RulesError
from skirmish.rules import tables
from skirmish.rules.model import Faction, Item, Profile, Reaction, Role, Weapon, WeaponCategory
from skirmish.rules.names import normalize

#: Characteristics of a profile and the range the book allows (§7.1: never above 4).
CHARACTERISTICS: tuple[str, ...] = ("tiro", "fred", "rif", "cos", "fama", "fortuna")
#: Factions with no LEADER profile (R-13).
LEADERLESS: frozenset[str] = frozenset({"mountain-men", "rangers"})
#: Playable factions that may not hire non-player characters (R-13).
NO_NPCS: frozenset[str] = frozenset({"military", "indians"})
#: Rarity tokens that are not factions: explosives need a mining or railroad zone (R-12).
RARITY_PLACES: frozenset[str] = frozenset({"explosives"})
SIDES: frozenset[str] = frozenset({"good", "bad"})
SKILL_CHOICES: frozenset[str | None] = frozenset({None, "rifle", "blade", "pistol"})


def validate() -> list[str]:
    """Every problem found in the rules tables; ``[]`` when they are consistent."""
    problems: list[str] = []
    checks: tuple[tuple[str, Callable[[list[str]], None]], ...] = (
        ("names", _check_names),
        ("factions", _check_factions),
        ("profiles", _check_profiles),
        ("weapons", _check_weapons),
        ("items", _check_items),
        ("skills", _check_skills),
        ("advances", _check_advances),
        ("recovery", _check_recovery),
        ("modifiers", _check_modifiers),
        ("actions", _check_actions),
        ("movement", _check_movements),
        ("protection", _check_protections),
    )
    for table, check in checks:
        try:
            check(problems)
        except (RulesError, KeyError, TypeError, ValueError) as exc:
            problems.append(f"{table}: cannot be read: {exc}")
    return problems


def _faction_ids() -> set[str]:
    return {faction.id for faction in tables.factions()}


def _duplicates(label: str, values: Iterable[str]) -> list[str]:
    counts = Counter(values)
    return [f"{label} {value!r} appears {n} times" for value, n in counts.items() if n > 1]


# --------------------------------------------------------------------------- names

#: (label, data file, key of its list of rows) for every table found through one NameIndex.
NAMED_TABLES: tuple[tuple[str, str, str], ...] = (
    ("factions", "factions", "factions"),
    ("weapons", "weapons", "weapons"),
    ("items", "items", "items"),
    ("skills", "skills", "skills"),
    ("advances", "skills", "advances"),
    ("actions", "actions", "actions"),
    ("movement", "movement", "movements"),
    ("protection", "protection", "protections"),
    ("recovery", "recovery", "recovery"),
    ("invalid", "recovery", "invalid"),
    ("doctors", "recovery", "doctors"),
    *(("modifiers " + t, "modifiers", t) for t in tables.MODIFIER_TABLES),
)


def _check_names(problems: list[str]) -> None:
    """Every name shared by two entries of one table (profiles: of one faction), all of them."""
    for label, file, key in NAMED_TABLES:
        problems.extend(_name_clashes(label, tables.load(file)[key]))
    for faction in tables.load("factions")["factions"]:
        problems.extend(_name_clashes(f"profiles of {faction['id']}", faction["profiles"]))
    equipment = [*tables.load("weapons")["weapons"], *tables.load("items")["items"]]
    problems.extend(_name_clashes("equipment (weapons and items)", equipment))


def _name_clashes(label: str, rows: Iterable[Any]) -> list[str]:
    owners: dict[str, list[str]] = {}
    for row in rows:
        labels = (row["id"], row["name_it"], row["name_en"], *row.get("aliases", ()))
        for name in labels:
            ids = owners.setdefault(normalize(name), [])
            if row["id"] not in ids:
                ids.append(row["id"])
    return [
        f"{label}: the name {name!r} belongs to {', '.join(repr(i) for i in ids)}"
        for name, ids in owners.items()
        if len(ids) > 1
    ]


# --------------------------------------------------------------------------- factions, profiles


def _check_factions(problems: list[str]) -> None:
    every = tables.factions()
    problems.extend(f"factions: {p}" for p in _duplicates("id", (f.id for f in every)))
    for faction in every:
        where = f"factions: {faction.id!r}"
        _check_side(problems, where, faction)
        codes = [rule.code for rule in faction.rules]
        problems.extend(f"{where}: rule {p}" for p in _duplicates("code", codes))
        for rule in faction.rules:
            if not rule.code or rule.code != normalize(rule.code):
                problems.append(f"{where}: rule code {rule.code!r} is not a lower-case slug")
            if not rule.text_it.strip() or not rule.text_en.strip():
                problems.append(f"{where}: rule {rule.code!r} lacks its Italian or English text")
        skips = "skip-weapon-availability" in codes
        if skips != faction.skips_weapon_availability:
            problems.append(
                f"{where}: skips_weapon_availability={faction.skips_weapon_availability} "
                f"disagrees with its rules (R-12)"
            )
        if faction.playable and faction.npc_allowed == (faction.id in NO_NPCS):
            problems.append(f"{where}: npc_allowed={faction.npc_allowed} contradicts R-13")
        if not tables.profiles(faction.id):
            problems.append(f"{where}: has no profiles")


def _check_side(problems: list[str], where: str, faction: Faction) -> None:
    if faction.playable and faction.default_side not in SIDES:
        problems.append(f"{where}: default side {faction.default_side!r} is not good or bad")
    if not faction.playable and faction.default_side in SIDES:
        problems.append(f"{where}: non-player characters take no side, not {faction.default_side}")


def _check_profiles(problems: list[str]) -> None:
    every = tables.profiles()
    known = _faction_ids()
    skills = {skill.id for skill in tables.skills()}
    problems.extend(f"profiles: {p}" for p in _duplicates("id", (p.id for p in every)))
    for profile in every:
        where = f"profiles: {profile.id!r}"
        if profile.faction not in known:
            problems.append(f"{where}: unknown faction {profile.faction!r}")
        for name in CHARACTERISTICS:
            value = getattr(profile, name)
            if not 0 <= value <= 4:
                problems.append(f"{where}: {name.upper()} {value} is outside 0–4")
        if profile.cost <= 0:
            problems.append(f"{where}: cost {profile.cost} is not positive")
        if profile.xp < 0:
            problems.append(f"{where}: XP {profile.xp} is negative")
        _check_role(problems, where, profile)
        problems.extend(
            f"{where}: unknown skill {skill!r}" for skill in profile.skills if skill not in skills
        )
        expected_actions = 3 if profile.faction != "npc" else 2
        if profile.actions != expected_actions:
            problems.append(f"{where}: {profile.actions} actions, expected {expected_actions}")
        _check_reactions(problems, where, profile)
    for faction in tables.factions():
        own = tables.profiles(faction.id)
        leaders = [p.id for p in own if p.role is Role.LEADER]
        expected = 0 if faction.id in LEADERLESS or not faction.playable else 1
        if len(leaders) != expected:
            problems.append(
                f"profiles: {faction.id} has {len(leaders)} leaders {leaders}, "
                f"expected {expected} (R-13)"
            )
        if faction.id == "indians":
            problems.extend(
                f"profiles: {p.id!r}: an indian hero without BUON CAVALIERE (§9.11)"
                for p in own
                if p.role is not Role.COMMON and "buon-cavaliere" not in p.skills
            )


#: The book's words for a friend's death (R-19) and a civilian's flight (R-20).
FRIEND_DEATH_TEXT = "Se muore un eroe amico"
LEADER_DEATH_TEXT = "se è il capo che muore va in PANICO"
FLIGHT_TEXT = "continuano a scappare"


def _check_reactions(problems: list[str], where: str, profile: Profile) -> None:
    """The reactions declared as data match the book's text: every profile with the text "Se
    muore un eroe amico" has ``friend_death`` (R-19, which also gives §9.3's Volontario the
    leader clause its text omits), every civilian who "continuano a scappare" has ``flees``
    (R-20), and no other profile has either."""
    says = FRIEND_DEATH_TEXT in profile.special_it
    if says and profile.friend_death is None:
        problems.append(f"{where}: its text reacts to a friend's death, no friend_death (R-19)")
    if profile.friend_death is not None:
        if not says:
            problems.append(f"{where}: friend_death without the book's text (R-19)")
        if profile.role is Role.LEADER:
            problems.append(f"{where}: a leader with friend_death (R-19 names commons)")
        if profile.friend_death.hero is not Reaction.PANIC:
            problems.append(f"{where}: a friendly hero's death means a panic test (R-19)")
        if profile.friend_death.leader is not Reaction.TERRIFIED:
            problems.append(f"{where}: the leader's death means terrified, no test (R-19)")
    if LEADER_DEATH_TEXT in profile.special_it and profile.friend_death is None:
        problems.append(f"{where}: its text reacts to the leader's death, no friend_death")
    flees = FLIGHT_TEXT in profile.special_it
    if flees != (profile.flees is not None):
        problems.append(f"{where}: flees must be declared exactly where the book says so (R-20)")
    if profile.flees is not None and profile.faction != "npc":
        problems.append(f"{where}: only a civilian flees the table (R-20, §9.12)")


def _check_role(problems: list[str], where: str, profile: Profile) -> None:
    if not isinstance(profile.lends_fred, bool):
        problems.append(f"{where}: lends_fred {profile.lends_fred!r} is not true or false")
    elif profile.lends_fred and profile.role is not Role.LEADER:
        problems.append(f"{where}: only a leader lends its FRED in panic tests (R-04, R-17)")
    if profile.role is Role.HERO and (profile.max is None or profile.max < 1):
        problems.append(f"{where}: a hero without 'max N'")
    if profile.role is Role.LEADER:
        if profile.max != 1:
            problems.append(f"{where}: a leader with max {profile.max}, expected 1 (R-13)")
        if profile.xp != 2:
            problems.append(f"{where}: a leader starting with {profile.xp} XP, expected 2 (§7.1)")
    if profile.role is Role.COMMON:
        if profile.max is not None:
            problems.append(f"{where}: a common profile with max {profile.max}")
        if profile.xp != 0 or profile.fama or profile.fortuna:
            problems.append(f"{where}: a common profile with XP, FAMA or FORTUNA (§1.6, §7.1)")
    if profile.role is Role.HERO and profile.xp < 1:
        problems.append(f"{where}: a hero starting with {profile.xp} XP (§7.1)")


# --------------------------------------------------------------------------- equipment


def _check_rarity(problems: list[str], where: str, rare: Iterable[str]) -> None:
    known = _faction_ids() | RARITY_PLACES
    problems.extend(f"{where}: rare for unknown faction {r!r}" for r in rare if r not in known)


def _check_weapons(problems: list[str]) -> None:
    every = tables.weapons()
    problems.extend(f"weapons: {p}" for p in _duplicates("id", (w.id for w in every)))
    for weapon in every:
        where = f"weapons: {weapon.id!r}"
        _check_weapon_numbers(problems, where, weapon)
        _check_rarity(problems, where, weapon.rare)
        if weapon.special_item and (weapon.disp is None or "§8.3" not in weapon.section):
            problems.append(f"{where}: a special item (R-24) needs §8.3's DISP and section")
        if weapon.jams_on_17 and 17 not in weapon.rounds:
            problems.append(f"{where}: jams with 17 rounds but cannot load 17")
        if weapon.fanning and weapon.category is not WeaponCategory.PISTOL:
            problems.append(f"{where}: only a pistol can be fanned")
        fanning_ca = weapon.fanning_ca
        if weapon.fanning != (fanning_ca is not None) or not 1 <= (fanning_ca or 1) <= 3:
            problems.append(f"{where}: a weapon that fans needs its action cost, 1–3 (§5.2.2)")
        if weapon.blade and weapon.category is not WeaponCategory.BLADE:
            problems.append(f"{where}: a blade outside the blade category")
        if weapon.category is WeaponCategory.EXPLOSIVE and (
            weapon.explosive_damage is None or weapon.blast_radius is None
        ):
            problems.append(f"{where}: an explosive without damage or radius")
        ranged = weapon.short is not None or weapon.long is not None
        if ranged and (weapon.thrown or weapon.template):
            problems.append(f"{where}: a thrown or template weapon with a fixed range")
        melee_only = not ranged and not weapon.thrown and not weapon.template
        if melee_only and not weapon.blade:
            problems.append(f"{where}: neither ranged, thrown nor a blade")
        if melee_only and (weapon.rounds or weapon.shots_per_turn):
            problems.append(f"{where}: a melee-only weapon with rounds or shots")
        if not melee_only and (not weapon.rounds or weapon.shots_per_turn < 1):
            problems.append(f"{where}: a weapon that shoots or is thrown needs rounds and shots")
        _check_shots_printed(problems, where, weapon)
        if not weapon.special_it.strip() or not weapon.special_en.strip():
            problems.append(f"{where}: lacks its Italian or English text")


def _check_shots_printed(problems: list[str], where: str, weapon: Weapon) -> None:
    """The book's "1/2" and "1/6" (tables 5–7) name the shots a turn can fire, one of which is
    ``shots_per_turn``."""
    if weapon.shots_printed is None:
        return
    low, slash, high = weapon.shots_printed.partition("/")
    numbers = (int(low), int(high)) if slash and low.isdigit() and high.isdigit() else ()
    if weapon.shots_per_turn not in numbers:
        problems.append(
            f"{where}: shots as printed {weapon.shots_printed!r} is not 'N/M' with its "
            f"{weapon.shots_per_turn} shots per turn"
        )


def _check_weapon_numbers(problems: list[str], where: str, weapon: Weapon) -> None:
    numbers: dict[str, int | None] = {
        "short": weapon.short,
        "long": weapon.long,
        "shots_per_turn": weapon.shots_per_turn,
        "ca": weapon.ca,
        "bonus": weapon.bonus,
        "cost": weapon.cost,
        "point_blank": weapon.point_blank,
        "point_blank_bonus": weapon.point_blank_bonus,
        "mounted_penalty_reduction": weapon.mounted_penalty_reduction,
        "explosive_damage": weapon.explosive_damage,
        "blast_radius": weapon.blast_radius,
    }
    problems.extend(
        f"{where}: {key} {value} is negative"
        for key, value in numbers.items()
        if value is not None and value < 0
    )
    problems.extend(f"{where}: rounds {r} is not positive" for r in weapon.rounds if r <= 0)
    if (weapon.short is None) != (weapon.long is None):
        problems.append(f"{where}: gives only one of short and long range")
    if weapon.short is not None and weapon.long is not None and weapon.short > weapon.long:
        problems.append(f"{where}: short range {weapon.short} beyond long range {weapon.long}")
    if not 1 <= weapon.ca <= 3:
        problems.append(f"{where}: action cost {weapon.ca} outside 1–3")
    if weapon.disp is not None and not 1 <= weapon.disp <= 6:
        problems.append(f"{where}: availability {weapon.disp} outside 1–6")
    if (weapon.disp is None) != (weapon.cost is None):
        problems.append(f"{where}: gives only one of availability and cost")


def _check_items(problems: list[str]) -> None:
    every = tables.items()
    weapon_ids = {weapon.id for weapon in tables.weapons()}
    known = _faction_ids()
    problems.extend(f"items: {p}" for p in _duplicates("id", (i.id for i in every)))
    for item in every:
        where = f"items: {item.id!r}"
        if not 1 <= item.disp <= 6:
            problems.append(f"{where}: availability {item.disp} outside 1–6")
        if item.cost <= 0:
            problems.append(f"{where}: cost {item.cost} is not positive")
        _check_rarity(problems, where, item.rare)
        for faction, disp in item.disp_by_faction.items():
            if faction not in known:
                problems.append(f"{where}: availability for unknown faction {faction!r}")
            if not 1 <= disp <= 6:
                problems.append(f"{where}: availability {disp} for {faction} outside 1–6")
        problems.extend(
            f"{where}: fits unknown weapon {w!r}" for w in item.fits if w not in weapon_ids
        )
        if item.kind not in ("mount", "special"):
            problems.append(f"{where}: kind {item.kind!r} is neither mount nor special")
        if item.kind == "mount":
            _check_mount(problems, where, item)


def _check_mount(problems: list[str], where: str, item: Item) -> None:
    for name in ("tiro", "fred", "rif", "cos"):
        value = getattr(item, name)
        if value is None or not 0 <= value <= 4:
            problems.append(f"{where}: a mount with {name.upper()} {value}, expected 0–4")
    if item.trot is None or item.gallop is None or item.trot > item.gallop:
        problems.append(f"{where}: a mount needs a trot no faster than its gallop")


# --------------------------------------------------------------------------- skills, XP, injury


def _check_skills(problems: list[str]) -> None:
    every = tables.skills()
    rolls = sorted(skill.roll for skill in every)
    if rolls != list(range(2, 13)):
        problems.append(f"skills: the rolls {rolls} do not cover 2–12 exactly once")
    for skill in every:
        if skill.choice not in SKILL_CHOICES:
            problems.append(f"skills: {skill.id!r}: unknown weapon choice {skill.choice!r}")
        if not skill.text_it.strip() or not skill.text_en.strip():
            problems.append(f"skills: {skill.id!r}: lacks its Italian or English text")


def _check_advances(problems: list[str]) -> None:
    every = tables.advances()
    raised = [c for advance in every for c in advance.characteristics]
    if sorted(raised) != sorted(CHARACTERISTICS):
        problems.append(f"advances: raise {sorted(raised)}, expected each characteristic once")
    if sum(1 for advance in every if not advance.characteristics) != 1:
        problems.append("advances: expected exactly one 'new skill' advance")
    problems.extend(f"advances: {a.id!r}: XP {a.xp} is not positive" for a in every if a.xp <= 0)


def _check_recovery(problems: list[str]) -> None:
    rows = sorted(tables.recovery_table(), key=lambda row: row.low)
    expected_low = 1
    for row in rows:
        if row.low != expected_low:
            problems.append(f"recovery: {row.id!r} starts at {row.low}, expected {expected_low}")
        if row.high is None:
            if row is not rows[-1]:
                problems.append(f"recovery: {row.id!r} is open-ended but not last")
            break
        if row.high < row.low:
            problems.append(f"recovery: {row.id!r} ends before it starts")
        expected_low = row.high + 1
    if not rows or rows[-1].high is not None:
        problems.append("recovery: the last row must cover every higher roll")
    invalid_rolls = sorted(row.roll for row in tables.invalid_table())
    if invalid_rolls != list(range(1, 7)):
        problems.append(f"recovery: invalid rolls {invalid_rolls} do not cover 1–6 exactly once")
    for doctor in tables.doctors():
        if doctor.bonus <= 0 or doctor.cost <= 0:
            problems.append(f"recovery: doctor {doctor.id!r} needs a positive bonus and cost")


# --------------------------------------------------------------------------- small tables


def _check_modifiers(problems: list[str]) -> None:
    for table in tables.MODIFIER_TABLES:
        for modifier in _modifiers(table):
            if modifier.value == 0:
                problems.append(f"modifiers: {table} {modifier.id!r} is worth 0")


def _modifiers(table: str) -> Iterable[Any]:
    getters = {
        "shooting": tables.shooting_modifiers,
        "fight": tables.fight_modifiers,
        "saving": tables.saving_modifiers,
        "nerve": tables.nerve_modifiers,
        "cohesion": tables.cohesion_modifiers,
    }
    return getters[table]()


def _check_actions(problems: list[str]) -> None:
    for action in tables.actions():
        if not 1 <= action.ca <= 3:
            problems.append(f"actions: {action.id!r}: action cost {action.ca} outside 1–3")
        if not 0 <= action.reflex <= 2:
            problems.append(f"actions: {action.id!r}: {action.reflex} reflex successes")


def _check_movements(problems: list[str]) -> None:
    for move in tables.movements():
        where = f"movement: {move.id!r}"
        if move.mode not in ("foot", "horse", "wagon"):
            problems.append(f"{where}: unknown mode {move.mode!r}")
        if move.distance <= 0:
            problems.append(f"{where}: distance {move.distance} is not positive")
        if not 1 <= move.ca <= 3:
            problems.append(f"{where}: action cost {move.ca} outside 1–3")
        if move.reflex is not None and move.reflex < 0:
            problems.append(f"{where}: reflex modifier {move.reflex} is negative")


def _check_protections(problems: list[str]) -> None:
    for row in tables.protections():
        if not 0 <= row.partial <= row.total:
            problems.append(
                f"protection: {row.id!r}: partial {row.partial} and total {row.total} "
                "must satisfy 0 ≤ partial ≤ total"
            )
