"""The rulebook's ids that code names, as enums (STYLE.md habit 10): a typo is an
``AttributeError`` at import, not a rule silently never applied, and a test checks every member
against the rules data (``tests/rules/test_ids.py``). Values are the data's own ids.

Invalidities have theirs in ``engine.recovery.Invalidity``.
"""

from __future__ import annotations

from enum import StrEnum


class FactionId(StrEnum):
    """The factions of §9 and the non-player characters of §9.12."""

    LAWMEN = "lawmen"
    OUTLAWS = "outlaws"
    COWBOYS = "cowboys"
    MOUNTAIN_MEN = "mountain-men"
    MEXICANS = "mexicans"
    RANGERS = "rangers"
    BOUNTY_KILLERS = "bounty-killers"
    MILITARY = "military"
    INDIANS = "indians"
    NPC = "npc"


class ProfileId(StrEnum):
    """The profiles whose special rule the code applies (§9)."""

    SHERIFF = "sheriff"  # lends his FRED
    DEPUTY = "deputy"  # Vicesceriffo: immune with his Sceriffo near
    LAWMEN_VOLUNTEER = "lawmen-volunteer"  # +1 FRED with a friend near
    BEAR_HUNTER = "bear-hunter"  # +1 in a fight
    GRINGO = "gringo"  # +1 on each panic die far from his leader
    CAPTAIN = "captain"  # he and his friends near never test panic
    SERGEANT = "sergeant"  # immune within 5U of two soldiers
    SOLDIER = "soldier"  # +1 to shoot within 5U of two other soldiers
    SALOON_GIRL = "saloon-girl"  # +1 on each nerve die of who shoots or fights her
    UNARMED_CIVILIAN = "unarmed-civilian"  # the scenarios' people (§9.12)


class SkillId(StrEnum):
    """The skills of §7.2."""

    FUCILIERE = "fuciliere"
    GUERRIERO = "guerriero"
    PUGILE = "pugile"
    DOTTORE = "dottore"
    PREDICATORE = "predicatore"
    BUON_CAVALIERE = "buon-cavaliere"
    GIOCATORE = "giocatore"
    BOUNTY_KILLER = "bounty-killer"
    DURO = "duro"
    CECCHINO = "cecchino"
    PISTOLERO = "pistolero"


class ItemId(StrEnum):
    """The weapons and items whose use the code tracks (§5, §8.3)."""

    SMALL_PISTOL = "small-pistol"  # its first hit in a game: save +1
    RIFLE_SCOPE = "rifle-scope"  # +4U long range
    WHISKY = "whisky"  # drunk: +1 FRED, −1 RIF for the game (§8.3)
    HORSE = "horse"  # half price for cowboy heroes
    MARKED_CARDS = "marked-cards"  # money after a game (H-10)
