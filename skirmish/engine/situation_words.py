"""What a player types for the combat situation, in either language, parsed (issue #10): each
choice's words besides its English value (``CHOICE_WORDS``: ``--cover leggera``), its value
from any of them and its label in a language (``choice_value``, ``choice_label``), and a weapon,
skills with their chosen weapon (§7.2), a faction and a state by their names. ``engine.situation``
declares the inputs and builds the engine's setups from these values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from skirmish.engine.setup import CHOSEN_WEAPON_SKILLS, SkillTaken
from skirmish.errors import RulesError
from skirmish.rules import find_faction, find_skill, find_weapon
from skirmish.rules.model import ModelState, Weapon, WeaponCategory
from skirmish.rules.names import normalize
from skirmish.translation import N_, NP_, Both, Message, gettext

#: Names that mean "no weapon" in a fight.
BARE_HANDS = frozenset({"bare-hands", "bare-handed", "mani-nude", "none", "unarmed", "disarmato"})


#: The Italian words (and other names players use) each choice of the declaration takes
#: besides its English value: ``--cover leggera``, ``--target-mount galoppo`` (issue #10).
CHOICE_WORDS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "Cover": {
        "none": ("nessuna", "scoperto", "allo scoperto"),
        "light": ("leggera", "copertura leggera"),
        "partial": ("parziale", "copertura parziale"),
        "full": ("completa", "totale", "copertura completa", "copertura totale"),
    },
    "Motion": {
        "none": ("fermo", "a piedi", "nessuno"),
        "normal": ("normale", "trotto", "al trotto"),
        "fast": ("veloce", "corsa", "galoppo", "in corsa"),
    },
    "MountPace": {
        "none": ("a piedi", "nessuna", "nessuno"),
        "still": ("fermo", "cavallo fermo"),
        "trot": ("trotto", "al trotto"),
        "gallop": ("corsa", "galoppo", "in corsa"),
    },
    "Elevation": {
        "none": ("nessuna", "pari", "stesso livello"),
        "attacker": ("aggressore", "attaccante"),
        "defender": ("difensore",),
    },
}


#: Each choice's label, its English value with its declaration for context; its Italian (the
#: catalogue's) is the first of its Italian words (``CHOICE_WORDS``), so a player may type it.
CHOICE_LABELS: Mapping[str, Mapping[str, str]] = {
    "Cover": {
        "none": NP_("cover", "none"),
        "light": NP_("cover", "light"),
        "partial": NP_("cover", "partial"),
        "full": NP_("cover", "full"),
    },
    "Motion": {
        "none": NP_("motion", "none"),
        "normal": NP_("motion", "normal"),
        "fast": NP_("motion", "fast"),
    },
    "MountPace": {
        "none": NP_("mount pace", "none"),
        "still": NP_("mount pace", "still"),
        "trot": NP_("mount pace", "trot"),
        "gallop": NP_("mount pace", "gallop"),
    },
    "Elevation": {
        "none": NP_("elevation", "none"),
        "attacker": NP_("elevation", "attacker"),
        "defender": NP_("elevation", "defender"),
    },
}


def choice_label(choices: type[StrEnum], value: str, lang: str) -> str:
    """A choice as a player names it in ``lang`` (``CHOICE_LABELS``); a choice without a label
    is its value."""
    label = CHOICE_LABELS.get(choices.__name__, {}).get(value)
    return gettext(lang, label) if label is not None else value


def choice_value(choices: type[StrEnum], value: str) -> str:
    """The English value of the choice ``value`` names: its value or one of its Italian words
    (``CHOICE_WORDS``), in any case, with or without accents; anything else is refused naming
    every word the choice takes."""
    words = CHOICE_WORDS.get(choices.__name__, {})
    for choice in choices:
        names = (choice.value, *words.get(choice.value, ()))
        if normalize(str(value)) in {normalize(n) for n in names}:
            return choice.value
    english = ", ".join(repr(c.value) for c in choices)
    italian = ", ".join(repr(w[0]) for w in words.values())
    also = Message(" (or in Italian {italian})", italian=italian) if italian else ""
    raise RulesError(
        Message("{value!r} is not one of {english}{also}.", value=value, english=english, also=also)
    )


#: The ``who`` an error of the builders names (the context tells it from "the attacker" of a
#: sentence).
WHO = {
    "the shooter": NP_("who", "the shooter"),
    "the attacker": NP_("who", "the attacker"),
    "the defender": NP_("who", "the defender"),
    "the target": NP_("who", "the target"),
    "the model": NP_("who", "the model"),
}
#: A weapon's family (§5.1), for a chosen-weapon skill's refusal (§7.2).
CATEGORY_WORDS = {
    WeaponCategory.PISTOL: N_("pistol"),
    WeaponCategory.RIFLE: N_("rifle"),
    WeaponCategory.BLADE: N_("blade"),
    WeaponCategory.EXPLOSIVE: N_("explosive"),
}


def who_said(who: str) -> Message | str:
    """The ``who`` of an error, said in the error's language (``WHO``)."""
    return Message(WHO[who]) if who in WHO else who


def model_state(shaken: bool, terrified: bool, who: str) -> ModelState:
    """The state ``shaken`` / ``terrified`` name; both at once is an error about ``who``."""
    if shaken and terrified:
        raise RulesError(
            Message(
                "{who} is either shaken or terrified, not both; drop one of the two.",
                who=who_said(who),
            )
        )
    if terrified:
        return ModelState.TERRIFIED
    return ModelState.SHAKEN if shaken else ModelState.STEADY


def parse_weapon(value: str | Weapon | None) -> Weapon | None:
    """A weapon by Italian or English name (or the weapon itself); ``None`` for bare hands."""
    if value is None or isinstance(value, Weapon):
        return value
    if normalize(value) in BARE_HANDS:
        return None
    return find_weapon(value)


def parse_skills(
    values: Sequence[str | SkillTaken] | None, weapon: Weapon | None
) -> tuple[SkillTaken, ...]:
    """``NAME[:WEAPON]`` in either language (or skills already taken) into skills with their
    chosen weapon (§7.2); a chosen-weapon skill without a choice takes ``weapon`` if it is of
    that type."""
    taken: list[SkillTaken] = []
    for value in values or ():
        if isinstance(value, SkillTaken):
            taken.append(value)
            continue
        name, _, choice_text = value.partition(":")
        skill = find_skill(name)
        category = CHOSEN_WEAPON_SKILLS.get(skill.id)
        choice: str | None = None
        if category is not None and choice_text:
            chosen = find_weapon(choice_text)
            if chosen.category is not category:
                raise RulesError(
                    Message(
                        "{skill_name} is chosen for a {category} weapon, and {choice_text!r} "
                        "is a {chosen_category} (§7.2).",
                        choice_text=choice_text,
                        skill_name=Both(skill.name_en, skill.name_it),
                        category=Message(CATEGORY_WORDS[category]),
                        chosen_category=Message(CATEGORY_WORDS[chosen.category]),
                    )
                )
            choice = chosen.id
        elif category is not None and weapon is not None and weapon.category is category:
            choice = weapon.id
        elif choice_text:
            raise RulesError(
                Message(
                    "{skill_name} has no chosen weapon; write ⟨skill⟩ {name}.",
                    name=name,
                    skill_name=Both(skill.name_en, skill.name_it),
                )
            )
        taken.append(SkillTaken(skill.id, choice))
    return tuple(taken)


def parse_faction(text: str | None) -> str | None:
    """A faction id from its id or name in either language."""
    if text is None:
        return None
    return find_faction(text).id
