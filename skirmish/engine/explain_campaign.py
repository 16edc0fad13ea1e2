"""Turn the results of the procedures between games (recovery R-10, a new skill R-11,
availability R-12) into what a player says at the table, or into JSON.

Pure functions of the engine's result objects: ``*_lines`` return the lines (terminal and
web) in the chosen language, ``*_json`` plain dicts for ``--json`` (the same shape as the combat
commands: ``dice`` the faces in order, ``rolls`` each die with what it was for, named
``modifiers``, ``rulings``). ``engine.explain_procedures`` names them too, for ``engine.rolls``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skirmish.engine.explain import (
    dice_json,
    faces_text,
    signed,
    sum_text,
)
from skirmish.engine.explain_procedure_words import (
    MESSAGES,
    doctor_name,
    entry_name,
    invalidity_name,
    modifiers_json,
    skill_name,
)
from skirmish.i18n import Lang, tr
from skirmish.rules import find_faction, invalidity_for_roll

if TYPE_CHECKING:
    # Types only: each command has already imported the one engine module it runs, so the
    # functions below import their enums locally and ``roll reflex`` never loads the others.
    from skirmish.engine.advances import NewSkillResult
    from skirmish.engine.availability import AvailabilityResult
    from skirmish.engine.recovery import RecoveryResult


# ---------------------------------------------------------------------------- recovery


def recovery_lines(result: RecoveryResult, lang: Lang | str) -> list[str]:
    """The recovery die, the FORTUNA reroll and the invalid table, one line each."""
    from skirmish.engine.recovery import RecoveryOutcome  # lazy: procedure

    line = f"{tr(MESSAGES, 'recovery', lang)} {result.roll}"
    if result.modifiers:
        line = f"{tr(MESSAGES, 'recovery', lang)} "
        line += f"{sum_text(result.roll, [m.value for m in result.modifiers])} = {result.total}"
    if result.doctor is not None:
        fee = (
            tr(MESSAGES, "fee", lang, fee=result.doctor_fee)
            if result.doctor_fee
            else tr(MESSAGES, "free", lang)
        )
        line += f" ({doctor_name(result.doctor, lang)} {signed(result.doctor.bonus)}, {fee})"
    line += f": {tr(MESSAGES, str(result.table_outcome), lang)}"
    lines = [line]
    if result.fortuna_roll is not None:
        verdict = "fortuna-saves" if result.outcome is not RecoveryOutcome.DEAD else "fortuna-fails"
        lines.append(tr(MESSAGES, verdict, lang, face=result.fortuna_roll, cos=result.cos))

    word = tr(MESSAGES, "invalid-table", lang)
    for face in result.invalidity_rolls[:-1]:
        name = entry_name(invalidity_for_roll(face), lang)
        lines.append(f"{word} {face}: {tr(MESSAGES, 'duplicate', lang, name=name)}")
    if result.invalidity is not None:
        face = result.invalidity_rolls[-1]
        lines.append(f"{word} {face}: {invalidity_name(result.invalidity, lang)}")
    elif result.outcome is RecoveryOutcome.INVALID:
        lines.append(tr(MESSAGES, "every-invalidity", lang))
    return lines


def recovery_json(result: RecoveryResult, lang: Lang | str) -> dict[str, Any]:
    """A recovery roll as JSON; ``outcome`` is ``dead``, ``invalid``, ``wounded`` or
    ``recovered``."""
    return {
        "command": "recovery",
        **dice_json(result.dice),
        "cos": result.cos,
        "fortuna": result.fortuna,
        "doctor": None if result.doctor is None else str(result.doctor),
        "doctor_fee": result.doctor_fee,
        "modifiers": modifiers_json(result.modifiers, lang),
        "roll": result.roll,
        "total": result.total,
        "table_outcome": str(result.table_outcome),
        "fortuna_roll": result.fortuna_roll,
        "outcome": str(result.outcome),
        "invalidity": None if result.invalidity is None else str(result.invalidity),
        "invalidity_rolls": list(result.invalidity_rolls),
        "rulings": list(result.rulings),
    }


# ---------------------------------------------------------------------------- new skill


def skill_lines(result: NewSkillResult, lang: Lang | str) -> list[str]:
    """One line per roll on the table, then the weapon type to choose."""
    from skirmish.engine.advances import DOTTORE, DOTTORE_LAUREATO  # lazy: procedure

    if result.chosen:
        lines = [tr(MESSAGES, "cacciatore", lang, name=skill_name(result.skill, lang))]
    else:
        lines = []
        word = tr(MESSAGES, "skill", lang)
        for roll in result.rolls:
            line = f"{word} {faces_text(roll.faces)} = {roll.total}: "
            if roll.skill is None:
                line += tr(MESSAGES, "owned", lang, name=skill_name(roll.slot, lang))
            elif roll.skill == DOTTORE_LAUREATO:
                line += tr(MESSAGES, "graduate", lang, name=skill_name(DOTTORE, lang))
            else:
                line += skill_name(roll.skill, lang)
            lines.append(line)
    if result.choice is not None:
        choice = tr(MESSAGES, f"choice-{result.choice}", lang)
        lines.append(tr(MESSAGES, "choose", lang, choice=choice))
    return lines


def skill_json(result: NewSkillResult, lang: Lang | str) -> dict[str, Any]:
    """A new skill as JSON; ``skill`` is its id (``dottore-laureato`` for the graduate)."""
    return {
        "command": "skill",
        **dice_json(result.dice),
        "table_rolls": [
            {
                "dice": list(r.faces),
                "total": r.total,
                "slot": r.slot,
                "skill": r.skill,
                "rolled_again": r.skill is None,
            }
            for r in result.rolls
        ],
        "skill": result.skill,
        "name": skill_name(result.skill, lang),
        "replaces": result.replaces,
        "choice": result.choice,
        "chosen": result.chosen,
        "rulings": list(result.rulings),
    }


# ---------------------------------------------------------------------------- availability


def rare_text(rare: Sequence[str], lang: Lang | str) -> str:
    """Who may buy a rare item, by faction name."""
    who = []
    for holder in rare:
        if holder == "explosives":
            who.append(tr(MESSAGES, "explosives", lang))
        else:
            who.append(entry_name(find_faction(holder), lang))
    return tr(MESSAGES, "rare", lang, who=", ".join(who))


def availability_lines(
    result: AvailabilityResult, lang: Lang | str, *, item: str | None = None
) -> list[str]:
    """``availability 3 vs DISP 4: not available this time…``."""
    verdict = "available" if result.available else "unavailable"
    head = f"{item}: " if item else ""
    line = f"{head}{tr(MESSAGES, 'availability', lang)} {result.roll} "
    line += f"{tr(MESSAGES, 'vs', lang)} DISP {result.disp}: "
    return [line + tr(MESSAGES, verdict, lang)]


def availability_json(result: AvailabilityResult, lang: Lang | str) -> dict[str, Any]:
    """An availability roll as JSON; ``available`` is the verdict."""
    del lang
    return {
        "command": "availability",
        **dice_json(result.dice),
        "disp": result.disp,
        "roll": result.roll,
        "available": result.available,
        "rulings": list(result.rulings),
    }
