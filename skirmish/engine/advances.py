"""Experience and advances (R-11, §7): what each advance costs, the cap of 4, and the 2D6 roll on
the new-skills table with owned skills rolled again and DOTTORE's upgrade.

The checks are pure so the campaign can refuse an advance before it changes anything; the skill
roll follows the engine's pattern: a stage on die faces and a procedure on a dice source.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum
from typing import NamedTuple

from skirmish.engine.characteristic import HIGHEST, LOWEST, check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.errors import DiceError, RulesError, UnknownNameError
from skirmish.rules import advance_costs, find_faction, find_skill, skill_for_roll, skills
from skirmish.rules.names import NameIndex
from skirmish.translation import Both, Message

__all__ = [
    "HIGHEST",
    "LOWEST",
    "Advance",
    "NewSkillResult",
    "SkillRoll",
    "advance_cost",
    "check_advance",
    "check_characteristic",
    "find_owned_skill",
    "choose_cacciatore",
    "new_skill_for_faces",
    "promotes_to_hero",
    "roll_new_skill",
    "skill_gained",
]

#: Skill ids with a special meaning on the table (§7.2).
DOTTORE = "dottore"
DOTTORE_LAUREATO = "dottore-laureato"  # the graduate: a DOTTORE who rolled DOTTORE again
FUCILIERE = "fuciliere"  # FUCILIERE/CACCIATORE, which mountain men may take instead of rolling
MOUNTAIN_MEN = "mountain-men"

#: Purpose recorded with each die of the new-skill roll.
PURPOSE = "new skill"

#: Rolls of the table allowed before giving up on dice that keep repeating an owned skill.
MAX_ROLLS = 200


class Advance(StrEnum):
    """What experience buys (§7.2)."""

    SKILL = "skill"
    RIF = "rif"
    FRED = "fred"
    COS = "cos"
    TIRO = "tiro"
    FAMA = "fama"
    FORTUNA = "fortuna"

    @property
    def cost(self) -> int:
        """Its price in XP (R-11, §7.2): skill 3, RIF/FRED 5, COS/TIRO 6, FAMA/FORTUNA 7."""
        return advance_costs()[self.value]

    @property
    def label(self) -> str:
        """The characteristic's short name as the book writes it (RIF, FRED…)."""
        return "skill" if self is Advance.SKILL else self.value.upper()


def advance_cost(advance: Advance) -> int:
    """The XP an advance costs (R-11, §7.2)."""
    return advance.cost


def check_advance(*, advance: Advance, xp: int, current: int | None = None) -> int:
    """Refuse an advance the model cannot take; return its XP cost (R-11).

    ``current`` is the characteristic's present value (not needed for a skill): at 4 it can
    grow no more. ``xp`` must cover the cost.
    """
    cost = advance.cost
    if advance is not Advance.SKILL:
        if current is None:
            raise RulesError(
                Message(
                    "give the model's current {advance_label} to raise it (R-11).",
                    advance_label=advance.label,
                )
            )
        check_characteristic(advance.label, current)
        if current >= HIGHEST:
            raise RulesError(
                Message(
                    "{advance_label} is already {current}, the most a model may have "
                    "(R-11, §7.1); choose another advance.",
                    advance_label=advance.label,
                    current=current,
                )
            )
    if xp < cost:
        raise RulesError(
            Message(
                "+1 {label} costs {cost} XP but the model has {xp} (R-11, §7.2)",
                label=advance.label,
                cost=cost,
                xp=xp,
            )
            if advance is not Advance.SKILL
            else Message(
                "a new skill costs {cost} XP but the model has {xp} (R-11, §7.2)", cost=cost, xp=xp
            )
        )
    return cost


def promotes_to_hero(*, role: str, advance: Advance) -> bool:
    """A common model that gains FAMA or FORTUNA becomes a hero (R-11, §1.6)."""
    return role == "common" and advance in (Advance.FAMA, Advance.FORTUNA)


class SkillRoll(NamedTuple):
    """One 2D6 roll on the new-skills table and what it gave (``None``: owned, rolled again)."""

    faces: tuple[int, int]
    total: int
    slot: str  # the skill on the table at that number
    skill: str | None


class NewSkillResult(NamedTuple):
    """A new skill: every roll on the table, the skill gained and what it replaces."""

    dice: tuple[Die, ...]
    rolls: tuple[SkillRoll, ...]
    skill: str  # skill id gained; "dottore-laureato" for the graduate
    replaces: str | None  # "dottore" when the bone-setter becomes a graduate
    choice: str | None  # weapon type to choose for FUCILIERE, GUERRIERO, PISTOLERO
    chosen: bool  # taken without rolling (mountain men's CACCIATORE)
    rulings: tuple[str, ...]


def _slot(total: int) -> str:
    return skill_for_roll(total).id


def _choice(skill: str) -> str | None:
    if skill == DOTTORE_LAUREATO:
        return None

    return find_skill(skill).choice


def skill_gained(total: int, owned: Collection[str]) -> str | None:
    """The skill a 2D6 total gives a model owning ``owned``; ``None`` if it must roll again.

    DOTTORE on a model that has it gives the graduate; with the graduate it is rolled again
    (R-11, §7.2).
    """
    slot = _slot(total)
    if slot == DOTTORE:
        if DOTTORE_LAUREATO in owned:
            return None
        return DOTTORE_LAUREATO if DOTTORE in owned else DOTTORE
    return None if slot in owned else slot


def new_skill_for_faces(faces: Sequence[int], owned: Collection[str]) -> str | None:
    """Stage: the skill two dice give, or ``None`` when it is owned and rolled again (R-11)."""
    return skill_gained(sum(faces), owned)


def _with_implied(owned: Collection[str]) -> set[str]:
    """The graduate is a DOTTORE too, whether or not the roster still lists the bone-setter."""
    found = set(owned)
    if DOTTORE_LAUREATO in found:
        found.add(DOTTORE)
    return found


def find_owned_skill(name: str) -> str:
    """A skill id from its name in either language (``"Buon cavaliere"``, ``"sniper"``); the
    graduate DOTTORE is ``"dottore-laureato"`` (``"laureato"``, ``"graduate"``) (R-11)."""
    from skirmish.engine.recovery import Doctor, find_doctor  # lazy: procedure

    try:
        return find_skill(name).id
    except UnknownNameError:
        try:
            doctor = find_doctor(name)
        except UnknownNameError:
            raise UnknownNameError("skill", name, _skill_suggestions(name)) from None
        return DOTTORE_LAUREATO if doctor is Doctor.GRADUATE else DOTTORE


def _skill_suggestions(name: str) -> list[str]:
    """The skill ids closest to ``name``."""
    return NameIndex("skill", skills()).nearest(name)


def _every_skill() -> set[str]:
    return {_slot(n) for n in range(2, 13)} | {DOTTORE_LAUREATO}


def roll_new_skill(*, owned: Collection[str], dice: DiceSource) -> NewSkillResult:
    """Roll 2D6 on the new-skills table; an owned skill is rolled again (R-11, §7.2)."""
    owned = _with_implied(owned)
    if _every_skill() <= owned:
        raise RulesError(
            Message(
                "the model already has every skill of the table, the graduate DOTTORE "
                "included (R-11, §7.2); spend the XP on a characteristic instead."
            )
        )
    recorder = RecordingDice(dice)
    rolls: list[SkillRoll] = []
    for _ in range(MAX_ROLLS):
        faces = (recorder.roll(PURPOSE), recorder.roll(PURPOSE))
        gained = new_skill_for_faces(faces, owned)
        rolls.append(SkillRoll(faces, sum(faces), _slot(sum(faces)), gained))
        if gained is not None:
            return NewSkillResult(
                dice=tuple(recorder.dice),
                rolls=tuple(rolls),
                skill=gained,
                replaces=DOTTORE if gained == DOTTORE_LAUREATO else None,
                choice=_choice(gained),
                chosen=False,
                rulings=("R-11",),
            )
    raise DiceError(
        Message(
            "{max_rolls} rolls on the new-skills table all gave owned skills; the "
            "dice keep repeating, roll them again.",
            max_rolls=MAX_ROLLS,
        )
    )


def choose_cacciatore(*, faction: str, owned: Collection[str]) -> NewSkillResult:
    """Mountain men may take CACCIATORE (FUCILIERE) instead of rolling (R-11, §9.6)."""
    if faction != MOUNTAIN_MEN:
        found = find_faction(faction)
        raise RulesError(
            Message(
                "only mountain men may take CACCIATORE without rolling, not "
                "{found_name} (R-11, §9.6); roll on the table instead.",
                found_name=Both(found.name_en, found.name_it),
            )
        )
    if FUCILIERE in owned:
        raise RulesError(
            Message(
                "the model already has CACCIATORE (FUCILIERE) (R-11, §9.6); roll on "
                "the table instead."
            )
        )
    return NewSkillResult(
        dice=(),
        rolls=(),
        skill=FUCILIERE,
        replaces=None,
        choice=_choice(FUCILIERE),
        chosen=True,
        rulings=("R-11",),
    )
