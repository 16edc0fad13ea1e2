"""Turn the results of the procedures that are not a shot or a fight (``engine.rolls``) into
what a player says at the table, or into JSON.

Pure functions of the engine's result objects: ``*_lines`` return the lines (terminal and
web) in the chosen language, ``*_json`` plain dicts for ``--json`` (the same shape as the combat
commands: ``dice`` the faces in order, ``rolls`` each die with what it was for, named
``modifiers``, ``rulings``). The words are in ``engine.explain_procedure_words``; the
procedures between games (recovery, a new skill, availability) are explained in
``engine.explain_campaign`` and named here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.engine.explain import (
    dice_json,
    faces_text,
    number,
    signed,
    sum_text,
)
from skirmish.engine.explain_campaign import (
    availability_json,
    availability_lines,
    rare_text,
    recovery_json,
    recovery_lines,
    skill_json,
    skill_lines,
)
from skirmish.engine.explain_procedure_words import (
    MESSAGES,
    WORDS,
    entry_name,
    label,
    modifiers_json,
    save_line,
    wounds_text,
)
from skirmish.errors import said
from skirmish.i18n import Lang, tr
from skirmish.rules import find_weapon
from skirmish.translation import ngettext

if TYPE_CHECKING:
    # Types only: each command has already imported the one engine module it runs, so the
    # functions below import their enums locally and ``roll reflex`` never loads the others.
    from skirmish.engine.cohesion import CohesionResult
    from skirmish.engine.explosion import ExplosionResult
    from skirmish.engine.infamy import InfamyResult
    from skirmish.engine.initiative import InitiativeResult, InitiativeRoll, RollOffResult
    from skirmish.engine.lasso import LassoResult
    from skirmish.engine.reflex import ReflexResult


# ---------------------------------------------------------------------------- JSON helpers


# ---------------------------------------------------------------------------- reflex


def _reflex_text(result: ReflexResult, lang: Lang | str) -> str:
    faces = [d.value for d in result.dice]
    text = faces_text(faces)
    if result.modifiers:
        each = tr(MESSAGES, "each", lang)
        text += f" {signed(result.modifier)} {each} ({WORDS.named(result.modifiers, lang)})"
        text += f" = {','.join(number(s) for s in result.scores)}"
    verdict = tr(MESSAGES, "passed" if result.success else "failed", lang)
    count = ngettext(str(lang), "{n} success", "{n} successes", result.successes)
    count += ", " + tr(MESSAGES, "needed", lang, need=result.need)
    return f"{text} {tr(MESSAGES, 'vs', lang)} RIF {result.rif}: {count}, {verdict}"


def reflex_lines(result: ReflexResult, lang: Lang | str) -> list[str]:
    """``reflex 3,5 vs RIF 4: 1 success(es), 2 needed, failed``."""
    return [f"{tr(MESSAGES, 'reflex', lang)} {_reflex_text(result, lang)}"]


def _reflex_body(result: ReflexResult, lang: Lang | str) -> dict[str, Any]:
    return {
        "rif": result.rif,
        "need": result.need,
        "modifiers": modifiers_json(result.modifiers, lang),
        "modifier": result.modifier,
        "scores": list(result.scores),
        "successes": result.successes,
        "success": result.success,
    }


def reflex_json(result: ReflexResult, lang: Lang | str) -> dict[str, Any]:
    """A reflex test as one JSON object; ``success`` is the verdict."""
    return {
        "command": "reflex",
        **dice_json(result.dice),
        **_reflex_body(result, lang),
        "rulings": list(result.rulings),
    }


# ---------------------------------------------------------------------------- initiative


def _initiative_sum(roll: InitiativeRoll) -> str:
    return f"{sum_text(roll.roll, [m.value for m in roll.modifiers])} = {roll.total}"


def _initiative_names(roll: InitiativeRoll, lang: Lang | str) -> str:
    return ", ".join(f"{label(m.key, lang)} {m.value}" for m in roll.modifiers)


def initiative_lines(result: InitiativeResult, lang: Lang | str) -> list[str]:
    """``initiative 4 + 3 + 1 = 8 (RIF 3, FAMA 1)``."""
    roll = result.roll
    line = f"{tr(MESSAGES, 'initiative', lang)} {_initiative_sum(roll)}"
    line += f" ({_initiative_names(roll, lang)})"
    if roll.shaken:
        line += f", {tr(MESSAGES, 'shaken-nerves', lang)}"
    return [line]


def roll_off_lines(result: RollOffResult, lang: Lang | str) -> list[str]:
    """One line a round: ``initiative 3 + 3 = 6 vs 2 + 4 = 6: tie, roll again``."""
    lines = []
    for round_ in result.rounds:
        line = (
            f"{tr(MESSAGES, 'initiative', lang)} {_initiative_sum(round_.first)} "
            f"{tr(MESSAGES, 'vs', lang)} {_initiative_sum(round_.second)}: "
        )
        if round_.winner is None:
            line += tr(MESSAGES, "tie", lang)
        else:
            line += tr(MESSAGES, f"{round_.winner.value}-wins", lang)
        lines.append(line)
    if result.first_shaken:
        lines.append(tr(MESSAGES, "first-shaken", lang))
    if result.second_shaken:
        lines.append(tr(MESSAGES, "second-shaken", lang))
    return lines


def _initiative_roll_json(roll: InitiativeRoll, lang: Lang | str) -> dict[str, Any]:
    return {
        "die": roll.roll,
        "rif": roll.rif,
        "fama": roll.fama,
        "modifiers": modifiers_json(roll.modifiers, lang),
        "total": roll.total,
        "nervi_scossi": roll.nervi_scossi,
        "shaken": roll.shaken,
    }


def initiative_json(result: InitiativeResult, lang: Lang | str) -> dict[str, Any]:
    """One model's initiative roll as JSON."""
    return {
        "command": "initiative",
        **dice_json(result.dice),
        **_initiative_roll_json(result.roll, lang),
        "rulings": list(result.rulings),
    }


def roll_off_json(result: RollOffResult, lang: Lang | str) -> dict[str, Any]:
    """A two-sided roll-off as JSON: every round, the winner (``first`` or ``second``)."""
    return {
        "command": "initiative",
        **dice_json(result.dice),
        "rounds": [
            {
                "first": _initiative_roll_json(r.first, lang),
                "second": _initiative_roll_json(r.second, lang),
                "winner": None if r.winner is None else str(r.winner),
            }
            for r in result.rounds
        ],
        "winner": str(result.winner),
        "first_shaken": result.first_shaken,
        "second_shaken": result.second_shaken,
        "rulings": list(result.rulings),
    }


# ---------------------------------------------------------------------------- cohesion


def cohesion_lines(result: CohesionResult, lang: Lang | str) -> list[str]:
    """``cohesion 4 − 1 = 3 vs highest FRED 3 (leader in play −1): the gang fights on``."""
    from skirmish.engine.cohesion import CohesionOutcome  # lazy: procedure

    line = f"{tr(MESSAGES, 'cohesion', lang)} "
    line += f"{sum_text(result.roll, [m.value for m in result.modifiers])}"
    if result.modifiers:
        line += f" = {number(result.total)}"
    line += f" {tr(MESSAGES, 'vs', lang)} {tr(MESSAGES, 'highest-fred', lang)} "
    line += str(result.highest_fred)
    if result.modifiers:
        line += f" ({WORDS.named(result.modifiers, lang)})"
    verdict = "fights-on" if result.outcome is CohesionOutcome.FIGHTS_ON else "retreats"
    return [f"{line}: {tr(MESSAGES, verdict, lang)}"]


def cohesion_json(result: CohesionResult, lang: Lang | str) -> dict[str, Any]:
    """A cohesion test as JSON; ``outcome`` is ``fights-on`` or ``retreats``."""
    return {
        "command": "cohesion",
        **dice_json(result.dice),
        "highest_fred": result.highest_fred,
        "leader": str(result.leader),
        "modifiers": modifiers_json(result.modifiers, lang),
        "total": result.total,
        "holds": result.holds,
        "outcome": str(result.outcome),
        "rulings": list(result.rulings),
    }


# ---------------------------------------------------------------------------- infamy


def infamy_lines(result: InfamyResult, lang: Lang | str) -> list[str]:
    """``infamy 1: one model of your choice loses 1 FAMA for good``."""
    from skirmish.engine.infamy import InfamyLoss  # lazy: procedure

    if result.loss is InfamyLoss.FAMA:
        verdict = "loss-fama"
    elif result.loss is InfamyLoss.FORTUNA:
        verdict = "loss-fortuna"
    elif result.infamous:
        verdict = "loss-none-left"
    else:
        verdict = "no-loss"
    return [f"{tr(MESSAGES, 'infamy', lang)} {result.roll}: {tr(MESSAGES, verdict, lang)}"]


def infamy_json(result: InfamyResult, lang: Lang | str) -> dict[str, Any]:
    """An infamy test as JSON; ``loss`` is ``none``, ``fama`` or ``fortuna``."""
    del lang
    return {
        "command": "infamy",
        **dice_json(result.dice),
        "has_fama": result.has_fama,
        "has_fortuna": result.has_fortuna,
        "infamous": result.infamous,
        "loss": str(result.loss),
        "rulings": list(result.rulings),
    }


# ---------------------------------------------------------------------------- explosion


def explosion_lines(result: ExplosionResult, lang: Lang | str) -> list[str]:
    """The fuse, the step away, the damages, each save and the throw."""
    from skirmish.engine.explosion import BlastOutcome  # lazy: procedure

    explosive = entry_name(find_weapon(result.explosive.value), lang)
    lines = []
    if result.fuse is not None:
        verdict = "fuse-hands" if result.fuse.in_hands else "fuse-ok"
        lines.append(
            f"{tr(MESSAGES, 'fuse', lang, face=result.fuse.roll)}: {tr(MESSAGES, verdict, lang)}"
        )
    if result.outcome is BlastOutcome.IN_HANDS:
        lines.append(said(tr(MESSAGES, "in-hands", lang), str(lang)))
    step = result.step_away
    if step is not None:
        at = result.distance + step.distance
        line = tr(MESSAGES, "step", lang, face=step.roll, step=step.distance, at=at)
        lines.append(f"{line}: {tr(MESSAGES, 'step-out' if step.escaped else 'step-in', lang)}")
    blast = result.blast
    if blast is None:
        return lines
    if blast.protection:
        lines.append(
            tr(
                MESSAGES,
                "blast-protection",
                lang,
                explosive=explosive,
                damage=blast.damage,
                protection=blast.protection,
                damages=blast.damages,
            )
        )
    else:
        lines.append(tr(MESSAGES, "blast", lang, explosive=explosive, damage=blast.damage))
    if blast.saves is None:
        lines.append(tr(MESSAGES, "unharmed", lang))
        return lines
    lines += [save_line(s, lang) for s in blast.saves.saves]
    if blast.outcome is BlastOutcome.ELIMINATED:
        left = number(blast.cos_after)
        lines.append(
            tr(MESSAGES, "eliminated", lang, cos=result.cos, wounds=blast.wounds, left=left)
        )
    elif blast.thrown_roll is not None and blast.thrown is not None:
        wounds = wounds_text(blast.wounds, lang)
        key = "in-all" if blast.wounds else "in-all-none"
        lines.append(tr(MESSAGES, key, lang, wounds=wounds, left=blast.cos_after))
        lines.append(
            tr(
                MESSAGES,
                "thrown",
                lang,
                face=blast.thrown_roll,
                damages=blast.damages,
                distance=blast.thrown,
            )
        )
    return lines


def explosion_json(result: ExplosionResult, lang: Lang | str) -> dict[str, Any]:
    """An explosion on one model as JSON; ``outcome`` is ``unharmed``, ``terrified``,
    ``eliminated`` or ``in-hands``."""
    from skirmish.engine.explosion import BlastOutcome  # lazy: procedure

    blast = result.blast
    step = result.step_away
    return {
        "command": "explosion",
        **dice_json(result.dice),
        "explosive": str(result.explosive),
        "rif": result.rif,
        "cos": result.cos,
        "distance": result.distance,
        "short_fuse": result.short_fuse,
        "modifiers": modifiers_json(result.modifiers, lang),
        "fuse": None
        if result.fuse is None
        else {"die": result.fuse.roll, "in_hands": result.fuse.in_hands},
        "step_away": None
        if step is None
        else {"die": step.roll, "distance": step.distance, "escaped": step.escaped},
        "damage": blast.damage if blast is not None else 0,
        "protection": blast.protection if blast is not None else 0,
        "damages": blast.damages if blast is not None else 0,
        "saves": []
        if blast is None or blast.saves is None
        else [
            {"die": s.face, "rif": s.rif, "total": s.total, "wounds": s.wounds}
            for s in blast.saves.saves
        ],
        "wounds": blast.wounds if blast is not None else 0,
        "cos_after": blast.cos_after if blast is not None else result.cos,
        "eliminated": result.outcome is BlastOutcome.ELIMINATED,
        "thrown": None if blast is None else blast.thrown,
        "outcome": str(result.outcome),
        "rulings": list(result.rulings),
    }


# ---------------------------------------------------------------------------- lasso


def lasso_lines(result: LassoResult, lang: Lang | str) -> list[str]:
    """The reflex test, then ``lasso 5 vs COS 2 + mount 3 = 5: the target is held``."""
    from skirmish.engine.lasso import LassoOutcome  # lazy: procedure

    lines = []
    if result.reflex is not None:
        lines.append(f"{tr(MESSAGES, 'reflex', lang)} {_reflex_text(result.reflex, lang)}")
    if result.outcome is LassoOutcome.MISSED or result.roll is None:
        lines.append(tr(MESSAGES, "missed", lang))
        return lines
    if result.reflex is None:
        lines.append(tr(MESSAGES, "caught", lang))
    strength = f"COS {result.target_cos}"
    if result.mount_cos:
        strength += f" + {tr(MESSAGES, 'mount', lang)} {result.mount_cos} = {result.strength}"
    verdict = tr(MESSAGES, str(result.outcome), lang, distance=result.distance)
    if result.knocked_down:
        verdict += f" {tr(MESSAGES, 'knocked-down', lang)}"
    word = tr(MESSAGES, "lasso", lang)
    lines.append(f"{word} {result.roll} {tr(MESSAGES, 'vs', lang)} {strength}: {verdict}")
    return lines


def lasso_json(result: LassoResult, lang: Lang | str) -> dict[str, Any]:
    """A lasso throw as JSON; ``outcome`` is ``missed``, ``thrower-pulled``, ``held`` or
    ``target-pulled``."""
    from skirmish.engine.lasso import LassoOutcome  # lazy: procedure

    return {
        "command": "lasso",
        **dice_json(result.dice),
        "reflex": None
        if result.reflex is None
        else {"dice": [d.value for d in result.reflex.dice], **_reflex_body(result.reflex, lang)},
        "target_cos": result.target_cos,
        "mount_cos": result.mount_cos,
        "strength": result.strength,
        "roll": result.roll,
        "outcome": str(result.outcome),
        "distance": result.distance,
        "knocked_down": result.knocked_down,
        "success": result.outcome is not LassoOutcome.MISSED,
        "rulings": list(result.rulings),
    }


#: Every explanation of a procedure that is not a shot or a fight, for ``engine.rolls`` and
#: ``cli.render_procedures`` (those between games are written in ``engine.explain_campaign``).
__all__ = [
    "MESSAGES",
    "availability_json",
    "availability_lines",
    "cohesion_json",
    "cohesion_lines",
    "explosion_json",
    "explosion_lines",
    "infamy_json",
    "infamy_lines",
    "initiative_json",
    "initiative_lines",
    "lasso_json",
    "lasso_lines",
    "rare_text",
    "recovery_json",
    "recovery_lines",
    "reflex_json",
    "reflex_lines",
    "roll_off_json",
    "roll_off_lines",
    "skill_json",
    "skill_lines",
]
