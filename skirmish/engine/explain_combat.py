"""Turn combat results into what a player says at the table (one line a step) or into JSON.

Pure functions of the engine's result objects: ``*_lines`` return the lines (the terminal's,
and the web dice roller's) in the chosen language, ``*_json`` return plain dicts for
``--json``. Modifier keys are the engine's stable ids; their short labels live in ``LABELS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skirmish.engine.explain import (
    Words,
    dice_json,
    faces_text,
    number,
    signed,
    sum_text,
)
from skirmish.errors import said
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules.model import ModelState
from skirmish.translation import N_, ngettext

if TYPE_CHECKING:  # the engine's result types, for annotations only: importing stays cheap
    from skirmish.engine.combat import Aftermath, Save
    from skirmish.engine.fight import FightOutcome, MeleeResult
    from skirmish.engine.nerve import NerveOutcome, NerveResult, TwoDiceCheck
    from skirmish.engine.panic import PanicCheck, PanicOutcome, PanicResult
    from skirmish.engine.result import Modifier
    from skirmish.engine.saving import SaveOutcome, SaveResult
    from skirmish.engine.shooting import FanningOutcome, FiredShot, MountFall, ShootResult


#: Short names of every modifier, by the engine's key.
LABELS: Catalogue = messages(
    {
        # shooting (table 3, R-02, R-14)
        "weapon-bonus": N_("weapon bonus"),
        "point-blank": N_("double barrel within 4U"),
        "aim": N_("aim"),
        "aim-cecchino": N_("aim, CECCHINO"),
        "short-range": N_("short range"),
        "target-waiting": N_("target has not acted"),
        "cover-light": N_("light cover"),
        "cover-partial": N_("partial cover"),
        "after-first-shot": N_("after the first shot"),
        "two-pistols": N_("two pistols"),
        "target-trotting": N_("target at a trot"),
        "target-galloping": N_("target at a gallop"),
        "shooter-trotting": N_("firing on the move"),
        "shooter-galloping": N_("firing at speed"),
        "prone-target-short": N_("prone target at short range"),
        "prone-target-beyond": N_("prone target beyond short range"),
        "target-not-seen": N_("target not in view at start of turn"),
        "target-terrified-short": N_("terrified target at short range"),
        "night": N_("night beyond 20U"),
        "indian-hidden": N_("indian partly hidden beyond 20U"),
        "near-two-soldiers": N_("two soldiers within 5U"),
        "fuciliere": N_("FUCILIERE"),
        "pistolero": N_("PISTOLERO"),
        "guerriero": N_("GUERRIERO"),
        "mexican-five": N_("mexican 5"),
        "opportunity-moving": N_("opportunity fire, target moving"),
        "tense": N_("tense"),
        "nervous": N_("nervous"),
        # fight (table 4, R-05)
        "armed-vs-unarmed": N_("armed vs bare hands"),
        "unarmed-vs-armed": N_("bare hands vs armed"),
        "attacker-two-handed": N_("two-handed weapon"),
        "defender-two-handed": N_("defender's two-handed weapon"),
        "attacker-mounted": N_("mounted"),
        "defender-mounted": N_("defender mounted"),
        "defender-down": N_("defender down or attacker higher"),
        "attacker-down": N_("attacker down or defender higher"),
        "defender-shaken": N_("defender shaken"),
        "defender-terrified": N_("defender terrified"),
        "bear-hunter": N_("Cacciatore di orsi"),
        "malattia": N_("Malattia"),
        # saving roll
        "behind": N_("from behind"),
        "blade": N_("blade"),
        "small-pistol-first": N_("small pistol's first hit"),
        "whisky-rif": N_("whisky, −1 RIF"),
        # nerve, panic, reflex
        "duro": N_("DURO"),
        "pugile": N_("PUGILE"),
        "whisky": N_("whisky"),
        "shaken": N_("shaken"),
        "saloon-girl": N_("saloon girl"),
        "leader-fred": N_("leader within 5U"),
        "predicatore": N_("PREDICATORE"),
        "volunteer": N_("Volontario with a friend"),
        "gringo-far": N_("Gringo far from his leader"),
        "mountain-men-charge": N_("charged by mountain men"),
        "buon-cavaliere": N_("BUON CAVALIERE"),
        "imbranato": N_("Imbranato"),
    }
)

#: The words of each step.
MESSAGES: Catalogue = messages(
    {
        "nerve": N_("nerve"),
        "shot": N_("shot"),
        "fight": N_("fight"),
        "save": N_("save"),
        "panic": N_("panic"),
        "reflex": N_("reflex"),
        "vs": N_("vs"),
        "each": N_("each"),
        "calm": N_("calm"),
        "tense": N_("tense −1"),
        "nervous": N_("nervous −2"),
        "no-longer-shaken": N_("no longer shaken"),
        "miss": N_("miss"),
        "hit": N_("hit, {damage} damage"),
        "hit-2": N_("hit, 2 damage"),
        "jammed": N_("jammed: miss, no more shots this turn"),
        "fanning-five": N_("{face} at −1"),
        "mount-falls": N_("mount {face}: the horse is hit and falls"),
        "mount-stands": N_("mount {face}: the horse is unhurt"),
        "reflex-pass": N_("reflex {faces} vs RIF {rif}: the rider lands on his feet"),
        "reflex-fail": N_("reflex {faces} vs RIF {rif}: the rider falls, 1 wound, no save"),
        "reflex-needed": N_("the rider takes a reflex test: give ⟨target_rif⟩"),
        "no-wound": N_("no wound"),
        "wound": N_("1 wound"),
        "wounds": N_("{n} wounds"),
        "eliminated": N_("eliminated: COS {cos} − {wounds} = {left}"),
        "stays-shaken": N_("stays shaken"),
        "stays-terrified": N_("stays terrified"),
        "shaken": N_("shaken, flees to cover within 5U"),
        "terrified": N_("terrified, flees to cover within 5U, skips its next turn"),
        "prone": N_("terrified and prone, flees to cover within 5U, skips its next turn"),
        "immune": N_("panic: no test ({why}), passes"),
        "capitano": N_("Capitano within 5U"),
        "vicesceriffo": N_("his Sceriffo within 5U"),
        "sergente": N_("two soldiers within 5U"),
        "no-shot": N_("no shot fired: no panic test"),
    }
)


WORDS = Words(labels=LABELS, messages=MESSAGES)
label = WORDS.label
modifiers_json = WORDS.modifiers_json
wounds_text = WORDS.wounds_text
save_line = WORDS.save_line


def _check_text(check: TwoDiceCheck, faces: Sequence[int], lang: Lang | str) -> str:
    """``2,4 vs FRED 3`` with the per-die modifiers and FRED's bonuses named."""
    text = faces_text(faces)
    if check.die_modifiers:
        each = tr(MESSAGES, "each", lang)
        text += f" {signed(check.per_die)} {each} ({WORDS.named(check.die_modifiers, lang)})"
    text += f" {tr(MESSAGES, 'vs', lang)} FRED {check.effective_fred}"
    if check.fred_modifiers:
        text += f" ({check.fred} {_sum_tail(check.fred_modifiers, lang)})"
    return text


def _sum_tail(modifiers: Sequence[Modifier], lang: Lang | str) -> str:
    parts = []
    for m in modifiers:
        sign = f"− {-m.value}" if m.value < 0 else f"+ {m.value}"
        parts.append(f"{sign} {label(m.key, lang)}")
    return " ".join(parts)


# ---------------------------------------------------------------------------- lines


def nerve_line(
    check: TwoDiceCheck,
    outcome: NerveOutcome,
    lang: Lang | str,
    *,
    ended_shaken: bool = False,
) -> str:
    """``nerve 2,4 vs FRED 3, tense −1`` (R-01)."""
    verdict = str(outcome.label)  # calm, tense or nervous: the catalogue's keys
    line = f"{tr(MESSAGES, 'nerve', lang)} {_check_text(check, outcome.faces, lang)}, "
    line += tr(MESSAGES, verdict, lang)
    if ended_shaken:
        line += f", {tr(MESSAGES, 'no-longer-shaken', lang)}"
    return line


def _roll_line(
    word: str, face: int, base: int, modifiers: Sequence[Modifier], score: int, verdict: str
) -> str:
    values = [base, *(m.value for m in modifiers)]
    return f"{word} {sum_text(face, values)} = {number(score)}, {verdict}"


def _names(base_name: str, base: int, modifiers: Sequence[Modifier], lang: Lang | str) -> str:
    named = [f"{base_name} {base}"] + [f"{label(m.key, lang)} {signed(m.value)}" for m in modifiers]
    return f" ({', '.join(named)})"


def _hit(damage: int, lang: Lang | str) -> str:
    return tr(MESSAGES, "hit-2", lang) if damage == 2 else tr(MESSAGES, "hit", lang, damage=damage)


def shot_line(shot: FiredShot, lang: Lang | str, *, numbered: bool) -> str:
    """``shot 4 + 4 + 1 + 1 − 1 − 1 = 8, hit, 1 damage (TIRO 4, …)`` (R-02)."""
    outcome = shot.outcome
    if outcome.jammed:
        verdict = tr(MESSAGES, "jammed", lang)
    elif outcome.damage:
        verdict = _hit(outcome.damage, lang)
    else:
        verdict = tr(MESSAGES, "miss", lang)
    word = tr(MESSAGES, "shot", lang) + (f" {shot.number}:" if numbered else "")
    line = _roll_line(word, outcome.face, outcome.base, outcome.modifiers, outcome.total, verdict)
    return line + _names("TIRO", outcome.base, outcome.modifiers, lang)


def mount_lines(mount: MountFall, rif: int | None, lang: Lang | str) -> list[str]:
    """The mount's die after a 7, and the thrown rider's reflex test (R-02(c))."""
    key = "mount-falls" if mount.falls else "mount-stands"
    lines = [tr(MESSAGES, key, lang, face=mount.face)]
    if mount.reflex_needed:
        lines.append(said(tr(MESSAGES, "reflex-needed", lang), str(lang)))
    elif mount.reflex_passed is not None:
        key = "reflex-pass" if mount.reflex_passed else "reflex-fail"
        faces = faces_text(mount.reflex_faces)
        if mount.reflex_modifiers:
            total_mod = sum(m.value for m in mount.reflex_modifiers)
            faces += f" {signed(total_mod)} ({WORDS.named(mount.reflex_modifiers, lang)})"
        lines.append(tr(MESSAGES, key, lang, faces=faces, rif=rif if rif is not None else "?"))
    return lines


def fanning_line(fanning: FanningOutcome, lang: Lang | str) -> str:
    """``fanning 1,2,5,6,3,4 vs TIRO 4: 3 shots`` (R-14)."""
    line = ngettext(
        str(lang),
        "fanning {faces} vs TIRO {score}: {n} shot",
        "fanning {faces} vs TIRO {score}: {n} shots",
        fanning.shots,
        faces=faces_text(fanning.faces),
        score=fanning.tiro,
    )
    if any(fanning.fives):
        fives = [
            tr(MESSAGES, "fanning-five", lang, face=face) if five else str(face)
            for face, five in zip(fanning.fired, fanning.fives, strict=True)
        ]
        line += f" ({', '.join(fives)})"
    return line


def panic_line(check: PanicCheck, outcome: PanicOutcome, lang: Lang | str) -> str:
    """``panic 3,5 vs FRED 3, shaken, flees to cover within 5U`` (R-04)."""
    if outcome.immunity is not None:
        why = tr(MESSAGES, str(outcome.immunity), lang)
        return tr(MESSAGES, "immune", lang, why=why)
    if outcome.failures == 0 and outcome.state is ModelState.STEADY:
        from skirmish.engine.glossary import label  # lazy: glossary

        verdict = label(ModelState.STEADY, lang)
    elif outcome.failures == 0:
        verdict = tr(MESSAGES, f"stays-{outcome.state.value}", lang)
    elif outcome.dropped_prone or (outcome.state_before is ModelState.TERRIFIED and outcome.prone):
        verdict = tr(MESSAGES, "prone", lang)
    else:
        verdict = tr(MESSAGES, outcome.state.value, lang)  # shaken or terrified, and fleeing
    text = _check_text(check.check, outcome.faces, lang)
    return f"{tr(MESSAGES, 'panic', lang)} {text}, {verdict}"


def aftermath_lines(aftermath: Aftermath, lang: Lang | str) -> list[str]:
    """The saving rolls, the elimination and the panic test (R-03, R-04)."""
    lines = [save_line(save.outcome, lang) for save in aftermath.saves]
    if aftermath.eliminated and aftermath.cos_before is not None:
        lines.append(
            tr(
                MESSAGES,
                "eliminated",
                lang,
                cos=aftermath.cos_before,
                wounds=aftermath.wounds,
                left=number(aftermath.cos_after or 0),
            )
        )
    if aftermath.panic is not None and aftermath.panic_check is not None:
        lines.append(panic_line(aftermath.panic_check, aftermath.panic, lang))
    return lines


def shoot_lines(result: ShootResult, lang: Lang | str) -> list[str]:
    """Every step of a shooting action, one line each."""
    ended = result.setup.attacker.state is ModelState.SHAKEN
    lines = [nerve_line(result.nerve_check, result.nerve, lang, ended_shaken=ended)]
    if result.fanning is not None:
        lines.append(fanning_line(result.fanning, lang))
    numbered = len(result.shots) > 1 or result.setup.situation.shots > 1
    rif = result.setup.target.rif
    for shot in result.shots:
        lines.append(shot_line(shot, lang, numbered=numbered))
        if shot.mount is not None:
            lines += mount_lines(shot.mount, rif, lang)
    if not result.shots:
        lines.append(tr(MESSAGES, "no-shot", lang))
    lines += aftermath_lines(result.aftermath, lang)
    return lines


def fight_line(outcome: FightOutcome, lang: Lang | str) -> str:
    """``fight 4 + 3 + 1 + 1 = 9, hit, 1 damage (COS 3, …)`` (R-05)."""
    verdict = _hit(outcome.damage, lang) if outcome.damage else tr(MESSAGES, "miss", lang)
    word = tr(MESSAGES, "fight", lang)
    line = _roll_line(word, outcome.face, outcome.base, outcome.modifiers, outcome.total, verdict)
    return line + _names("COS", outcome.base, outcome.modifiers, lang)


def melee_lines(result: MeleeResult, lang: Lang | str) -> list[str]:
    """Every step of a fight, one line each."""
    return [
        nerve_line(result.nerve_check, result.nerve, lang),
        fight_line(result.fight, lang),
        *aftermath_lines(result.aftermath, lang),
    ]


def nerve_lines(result: NerveResult, lang: Lang | str) -> list[str]:
    """A nerve test on its own."""
    ended = result.state_before is ModelState.SHAKEN
    return [nerve_line(result.check, result.outcome, lang, ended_shaken=ended)]


def save_lines(result: SaveResult, lang: Lang | str) -> list[str]:
    """Saving rolls on their own."""
    lines = [save_line(s, lang) for s in result.saves]
    if result.eliminated and result.cos_before is not None:
        lines.append(
            tr(
                MESSAGES,
                "eliminated",
                lang,
                cos=result.cos_before,
                wounds=result.wounds,
                left=number(result.cos_after or 0),
            )
        )
    return lines


def panic_lines(result: PanicResult, lang: Lang | str) -> list[str]:
    """A panic test on its own."""
    return [panic_line(result.check, result.outcome, lang)]


# ---------------------------------------------------------------------------- JSON


def check_json(check: TwoDiceCheck, lang: Lang | str) -> dict[str, Any]:
    """FRED, its bonuses and the per-die modifiers of a 2D6 test."""
    return {
        "fred": check.fred,
        "effective_fred": check.effective_fred,
        "fred_modifiers": modifiers_json(check.fred_modifiers, lang),
        "per_die": check.per_die,
        "die_modifiers": modifiers_json(check.die_modifiers, lang),
    }


def nerve_json(check: TwoDiceCheck, outcome: NerveOutcome, lang: Lang | str) -> dict[str, Any]:
    """The nerve test (R-01)."""
    return {
        "dice": list(outcome.faces),
        **check_json(check, lang),
        "failures": outcome.failures,
        "penalty": outcome.penalty,
        "result": str(outcome.label),
    }


def panic_json(
    check: PanicCheck | None, outcome: PanicOutcome | None, lang: Lang | str
) -> dict[str, Any] | None:
    """The panic test (R-04), or ``None`` when none was taken."""
    if check is None or outcome is None:
        return None
    return {
        "dice": list(outcome.faces),
        **check_json(check.check, lang),
        "immunity": str(outcome.immunity) if outcome.immunity else None,
        "failures": outcome.failures,
        "state_before": str(outcome.state_before),
        "state": str(outcome.state),
        "prone": outcome.prone,
        "flees": outcome.flees,
    }


def _save_json(save: Save, lang: Lang | str) -> dict[str, Any]:
    return _outcome_json(save.outcome, save.source, lang)


def _outcome_json(o: SaveOutcome, shot: int, lang: Lang | str) -> dict[str, Any]:
    return {
        "shot": shot,
        "die": o.face,
        "rif": o.rif,
        "modifiers": modifiers_json(o.modifiers, lang),
        "total": o.total,
        "wounds": o.wounds,
    }


def aftermath_json(aftermath: Aftermath, lang: Lang | str) -> dict[str, Any]:
    """Saving rolls, wounds, COS and the panic test."""
    return {
        "saves": [_save_json(s, lang) for s in aftermath.saves],
        "wounds": aftermath.wounds,
        "cos_before": aftermath.cos_before,
        "cos_after": aftermath.cos_after,
        "eliminated": aftermath.eliminated,
        "panic": panic_json(aftermath.panic_check, aftermath.panic, lang),
        "outcome": str(aftermath.outcome) if aftermath.outcome else None,
    }


def _mount_json(mount: MountFall | None) -> dict[str, Any] | None:
    if mount is None:
        return None
    return {
        "die": mount.face,
        "falls": mount.falls,
        "reflex_dice": list(mount.reflex_faces),
        "reflex_passed": mount.reflex_passed,
        "reflex_needed": mount.reflex_needed,
        "wounds": mount.wounds,
    }


def shoot_json(result: ShootResult, lang: Lang | str) -> dict[str, Any]:
    """A shooting action as one JSON object."""
    fanning = result.fanning
    return {
        "command": "shoot",
        **dice_json(result.dice),
        "nerve": nerve_json(result.nerve_check, result.nerve, lang),
        "fanning": None
        if fanning is None
        else {"dice": list(fanning.faces), "shots": fanning.shots, "fives": list(fanning.fives)},
        "shots": [
            {
                "number": s.number,
                "die": s.outcome.face,
                "tiro": s.outcome.base,
                "modifiers": modifiers_json(s.outcome.modifiers, lang),
                "total": s.outcome.total,
                "damage": s.outcome.damage,
                "jammed": s.outcome.jammed,
                "mount": _mount_json(s.mount),
            }
            for s in result.shots
        ],
        "damage": result.damage,
        "jammed": result.jammed,
        **aftermath_json(result.aftermath, lang),
        "attacker_state_after": str(result.attacker_state_after),
        "rulings": list(result.rulings),
    }


def melee_json(result: MeleeResult, lang: Lang | str) -> dict[str, Any]:
    """A fight as one JSON object."""
    fight = result.fight
    return {
        "command": "melee",
        **dice_json(result.dice),
        "nerve": nerve_json(result.nerve_check, result.nerve, lang),
        "fight": {
            "die": fight.face,
            "cos": fight.base,
            "modifiers": modifiers_json(fight.modifiers, lang),
            "total": fight.total,
            "damage": fight.damage,
        },
        "damage": result.damage,
        **aftermath_json(result.aftermath, lang),
        "rulings": list(result.rulings),
    }


def nerve_result_json(result: NerveResult, lang: Lang | str) -> dict[str, Any]:
    """A nerve test as one JSON object."""
    return {
        "command": "nerve",
        **dice_json(result.dice),
        **nerve_json(result.check, result.outcome, lang),
        "dice": [d.value for d in result.dice],
        "state_after": str(result.state_after),
        "rulings": list(result.rulings),
    }


def save_result_json(result: SaveResult, lang: Lang | str) -> dict[str, Any]:
    """Saving rolls as one JSON object."""
    return {
        "command": "save",
        **dice_json(result.dice),
        "damage": result.damage,
        "saves": [_outcome_json(s, 1, lang) for s in result.saves],
        "wounds": result.wounds,
        "cos_before": result.cos_before,
        "cos_after": result.cos_after,
        "eliminated": result.eliminated,
        "rulings": list(result.rulings),
    }


def panic_result_json(result: PanicResult, lang: Lang | str) -> dict[str, Any]:
    """A panic test as one JSON object."""
    return {
        "command": "panic",
        **dice_json(result.dice),
        "panic": panic_json(result.check, result.outcome, lang),
        "outcome": str(result.outcome.state),
        "prone": result.outcome.prone,
        "flees": result.outcome.flees,
        "rulings": list(result.rulings),
    }
