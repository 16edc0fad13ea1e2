"""The rulebook's words as types (STYLE.md habit 1): closed sets are StrEnums, entries are
``NamedTuple``s (immutable; ``roll`` builds these classes on every start, and a NamedTuple costs
a small part of a frozen dataclass to create, issue #23). Every entry has a stable English
``id``, its Italian name as in the book, an English name and aliases, so it can be found in
either language (``rules.names``).
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from enum import StrEnum
from typing import NamedTuple


class Role(StrEnum):
    """A profile's standing in its gang (§1.6, §9)."""

    LEADER = "leader"
    HERO = "hero"
    COMMON = "common"


class WeaponCategory(StrEnum):
    """The four families of §5.1 (bow and lasso are listed with the blades in table 7)."""

    PISTOL = "pistol"
    RIFLE = "rifle"
    BLADE = "blade"
    EXPLOSIVE = "explosive"


class Cover(StrEnum):
    """Cover of a target (§4.2.1); ``full`` means it cannot be attacked."""

    NONE = "none"
    LIGHT = "light"
    PARTIAL = "partial"
    FULL = "full"


class ModelState(StrEnum):
    """A model's state after panic tests (§4.3.2); prone is tracked separately."""

    STEADY = "steady"
    SHAKEN = "shaken"
    TERRIFIED = "terrified"


class Point(StrEnum):
    """The hero's point spent on a reroll (§1.6, R-15): FAMA and FORTUNA."""

    FAMA = "fama"  # the model or a friendly model within 5U
    FORTUNA = "fortuna"  # the model itself


class Side(StrEnum):
    """The two sides of a scenario: "buoni" and "cattivi" (RULINGS §3)."""

    GOOD = "good"
    BAD = "bad"

    @property
    def other(self) -> "Side":
        """The opposing side."""
        return Side.BAD if self is Side.GOOD else Side.GOOD


class ObjectiveState(StrEnum):
    """Where an objective stands during a game."""

    CARRIED = "carried"  # loot in the hands of the side that took it (the bandits)
    DROPPED = "dropped"  # loot on the ground after its carrier was eliminated
    RECOVERED = "recovered"  # loot picked up by the other side (the lawmen)
    HELD = "held"  # a captive in the hands of its custodian or kidnapper
    FREED = "freed"  # a captive whose custodian or kidnapper was removed
    DELIVERED = "delivered"  # the prisoner brought to the jail
    RESCUED = "rescued"  # the freed hostage brought off the table by its rescuers
    OFF_TABLE = "off_table"  # taken off the table by the side that wants it gone
    ALIVE = "alive"
    WOUNDED = "wounded"  # alive, but may only walk
    DEAD = "dead"
    SAFE = "safe"  # brought to shelter (the politician inside the sheriff's office)


class ObjectiveEvent(StrEnum):
    """What a player can record for an objective; ``rules.scenarios.TRANSITIONS`` gives its
    effect."""

    PICK_UP = "pick_up"
    RECOVER = "recover"
    DROP = "drop"
    CARRY_OFF = "carry_off"
    FREE = "free"
    RECAPTURE = "recapture"
    ESCAPE = "escape"
    DELIVER = "deliver"
    RESCUE = "rescue"
    WOUND = "wound"
    KILL = "kill"
    SHELTER = "shelter"


class Weapon(NamedTuple):
    """A weapon of tables 5, 6 and 7 and §5.5, with its price from §8.2."""

    id: str
    name_it: str
    name_en: str
    category: WeaponCategory
    short: int | None  # short range in U; None when thrown (COS×2), template or melee only
    long: int | None  # long (maximum) range in U
    shots_per_turn: int  # the most shots of a turn's action (the six-shooter's "1/6" is 1)
    rounds: tuple[int, ...]  # total rounds; repeaters load (7, 17)
    ca: int  # action cost to fire or strike
    bonus: int  # weapon bonus ("bonus arma")
    disp: int | None  # availability (§8.2); None when not for sale
    cost: int | None  # price in $
    rare: tuple[str, ...] = ()  # faction ids (or "explosives") allowed to buy it; () = not rare
    aliases: tuple[str, ...] = ()
    thrown: bool = False  # thrown at COS×2 U
    template: bool = False  # sawn-off shotgun template
    fanning: bool = False  # six-shooter: may empty the cylinder (6 shots, §5.2.2)
    fanning_ca: int | None = None  # the actions fanning costs (§5.2.2: 2)
    can_aim: bool = True  # small pistol and six-shooter cannot aim
    two_handed: bool = False
    improvised: bool = False  # "arma impropria": heavy pistol, every rifle
    blade: bool = False  # "arma bianca"
    jams_on_17: bool = False  # repeater, musket, carbine loaded with 17
    deals_damage: bool = True  # the lasso deals none
    explosive_damage: int | None = None  # dynamite 6, nitroglycerin 10
    blast_radius: int | None = None  # 5U
    special_it: str = ""
    special_en: str = ""
    section: str = ""  # where the book defines it, e.g. "§5.2.2, tabella 5"
    point_blank: int | None = None  # double barrel: within this many U ...
    point_blank_bonus: int = 0  # ... the weapon bonus grows by this much (+1 within 4U)
    ignores_light_cover: bool = False  # sawn-off shotgun (§5.3.5)
    takes_bayonet: bool = False  # musket (§5.3.6)
    mounted_penalty_reduction: int = 0  # carbine: shooting-from-a-horse penalties 1 smaller
    rulings: tuple[str, ...] = ()  # rulings (R-xx) that fix or explain this entry
    # the book's TURNO column where it is not just ``shots_per_turn``: the small pistol's
    # "1/2" (one or two shots), the six-shooter's "1/6" (one, or six when fanning)
    shots_printed: str | None = None
    # priced among §8.3's special items (the lasso): bought with an availability roll even by
    # the factions that skip it for weapons
    special_item: bool = False

    @property
    def shots_label(self) -> str | None:
        """Shots per turn as the book prints them ("1/2", "1/6", "2"); ``None`` for a blade
        that is not thrown (tables 5–7)."""
        if self.shots_printed is not None:
            return self.shots_printed
        return str(self.shots_per_turn) if self.shots_per_turn else None


class Reaction(StrEnum):
    """What a model does when a friend falls within 5U of it (R-19)."""

    PANIC = "panic"  # takes a panic test at once
    TERRIFIED = "terrified"  # becomes terrified without a test


class FriendDeath(NamedTuple):
    """R-19 (§9.3 Volontario, §9.4 Delinquente, §9.9 Volontario): the reaction to a friendly
    hero, and to the gang's leader, eliminated within 5U."""

    hero: Reaction
    leader: Reaction


class Flight(StrEnum):
    """R-20 (§9.12): what makes a civilian terrified for good, fleeing every turn until it
    leaves the table."""

    SHOT_NEARBY = "shot-nearby"  # unarmed: a shot within 10U
    SHOT_AT_UNHURT = "shot-at-unhurt"  # armed: shot at and not wounded


class Profile(NamedTuple):
    """A model profile of §9.3–§9.12 with the book's numbers."""

    id: str
    faction: str  # faction id
    name_it: str
    name_en: str
    tiro: int
    fred: int
    rif: int
    cos: int
    fama: int
    fortuna: int
    xp: int
    cost: int
    role: Role
    max: int | None  # "max N" of a hero profile; None when unlimited
    actions: int = 3  # non-player characters have 2 (§9.12)
    skills: tuple[str, ...] = ()  # skills every model of the profile has (indian heroes)
    lends_fred: bool = False  # friends within 5U may use its FRED in panic tests
    aliases: tuple[str, ...] = ()
    special_it: str = ""
    special_en: str = ""
    section: str = ""
    friend_death: FriendDeath | None = None  # a friend's death within 5U
    flees: Flight | None = None  # a civilian that flees the table


class FactionRule(NamedTuple):
    """One special rule of a faction, in both languages, with a machine-readable code."""

    code: str
    text_it: str
    text_en: str


class Faction(NamedTuple):
    """A gang type of §9, its special rules and its profiles."""

    id: str
    name_it: str
    name_en: str
    section: str
    rules: tuple[FactionRule, ...]
    default_side: str  # "good" or "bad" (RULINGS §3)
    aliases: tuple[str, ...] = ()
    playable: bool = True  # False for the non-player characters
    npc_allowed: bool = True  # may hire non-player characters (R-13: not military, indians)
    skips_weapon_availability: bool = False  # lawmen, rangers


class Skill(NamedTuple):
    """A skill of the new-skills table (§7.2), rolled on 2D6."""

    id: str
    roll: int  # 2–12 on the table
    name_it: str
    name_en: str
    text_it: str
    text_en: str
    choice: str | None = None  # weapon category chosen when gained: "rifle", "blade", "pistol"
    aliases: tuple[str, ...] = ()


class Item(NamedTuple):
    """Equipment that is not a weapon: mounts and the special items of §8.2–§8.3."""

    id: str
    name_it: str
    name_en: str
    kind: str  # "mount" or "special"
    disp: int
    cost: int
    aliases: tuple[str, ...] = ()
    disp_by_faction: dict[str, int] = {}  # rifle scope: military 3 (never changed)
    rare: tuple[str, ...] = ()
    text_it: str = ""
    text_en: str = ""
    section: str = ""
    # mounts only: their numbers (COS adds to the rider's for the lasso)
    tiro: int | None = None
    fred: int | None = None
    rif: int | None = None
    cos: int | None = None
    trot: int | None = None  # mounts: U at a trot (table 2; mule 6U, Appaloosa +2U)
    gallop: int | None = None  # mounts: U at a gallop
    move_bonus: int = 0  # Appaloosa: +2U of movement
    jumps: bool = True  # the mule cannot jump
    fits: tuple[str, ...] = ()  # rifle scope: ids of the weapons it can be mounted on
    range_bonus: int = 0  # rifle scope: +4U to long range
