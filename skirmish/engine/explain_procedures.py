"""Turn the results of the procedures that are not a shot or a fight (``engine.rolls``) into
what a player says at the table, or into JSON.

Pure functions of the engine's result objects: ``*_lines`` return the lines (terminal and
web) in the chosen language, ``*_json`` plain dicts for ``--json`` (the same shape as the combat
commands: ``dice`` the faces in order, ``rolls`` each die with what it was for, named
``modifiers``, ``rulings``).
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
from skirmish.i18n import Catalogue, Lang, tr

if TYPE_CHECKING:
    # Types only: each command has already imported the one engine module it runs, so the
    # functions below import their enums locally and ``roll reflex`` never loads the others.
    from skirmish.engine.advances import NewSkillResult
    from skirmish.engine.availability import AvailabilityResult
    from skirmish.engine.cohesion import CohesionResult
    from skirmish.engine.explosion import ExplosionResult
    from skirmish.engine.infamy import InfamyResult
    from skirmish.engine.initiative import InitiativeResult, InitiativeRoll, RollOffResult
    from skirmish.engine.lasso import LassoResult
    from skirmish.engine.recovery import Doctor, Invalidity, RecoveryResult
    from skirmish.engine.reflex import ReflexResult


#: Short names of the modifiers these tests use, by the engine's key.
LABELS: Catalogue = {
    "en": {
        "side-step": "side-step",
        "side-step-fast": "fast side-step",
        "backing": "backing",
        "disengage-enemies": "enemies beyond the first",
        "buon-cavaliere": "BUON CAVALIERE",
        "cowboy-lasso": "cowboy's lasso",
        "imbranato": "Imbranato",
        "whisky": "whisky",
        "opportunity-fire": "opportunity fire doubles penalties",
        "rif": "RIF",
        "fama": "FAMA",
        "leader-in-play": "leader in play",
        "leader-dead": "leader eliminated",
        "doctor-bone-setter": "bone-setter",
        "doctor-graduate": "graduate doctor",
        "protection": "protection",
        "whisky-rif": "whisky, −1 RIF",
    },
    "it": {
        "side-step": "laterale",
        "side-step-fast": "laterale veloce",
        "backing": "indietreggiare",
        "disengage-enemies": "nemici oltre il primo",
        "buon-cavaliere": "BUON CAVALIERE",
        "cowboy-lasso": "lasso del cowboy",
        "imbranato": "Imbranato",
        "whisky": "whisky",
        "opportunity-fire": "tiro di opportunità raddoppia le penalità",
        "rif": "RIF",
        "fama": "FAMA",
        "leader-in-play": "leader in gioco",
        "leader-dead": "leader eliminato",
        "doctor-bone-setter": "dottore segaossa",
        "doctor-graduate": "dottore laureato",
        "protection": "protezione",
        "whisky-rif": "whisky, −1 RIF",
    },
}

#: The words of each step.
MESSAGES: Catalogue = {
    "en": {
        "reflex": "reflex",
        "vs": "vs",
        "each": "each",
        "success-1": "1 success",
        "success-n": "{n} successes",
        "needed": "{need} needed",
        "passed": "passed",
        "failed": "failed",
        "initiative": "initiative",
        "shaken-nerves": "natural 1 with Nervi scossi: shaken this turn",
        "tie": "tie, roll again",
        "first-wins": "you win and choose which side activates a model",
        "second-wins": "the opponent wins and chooses which side activates a model",
        "first-shaken": "your model is shaken this turn (Nervi scossi)",
        "second-shaken": "the opponent's model is shaken this turn (Nervi scossi)",
        "cohesion": "cohesion",
        "highest-fred": "highest FRED",
        "fights-on": "the gang fights on",
        "retreats": "the gang retreats and loses the game",
        "infamy": "infamy",
        "loss-fama": "one model of your choice loses 1 FAMA for good",
        "loss-fortuna": "no FAMA in the gang: one model of your choice loses 1 FORTUNA for good",
        "loss-none-left": "no FAMA or FORTUNA in the gang: nothing to lose",
        "no-loss": "no loss",
        "recovery": "recovery",
        "dead": "dead",
        "invalid": "invalid",
        "wounded": "wounded: −1 COS in the next game only",
        "recovered": "fully recovered",
        "fee": "hired for {fee}$",
        "free": "the gang's own doctor, free",
        "fortuna-saves": "FORTUNA reroll {face}, below COS {cos}: survives as an invalid",
        "fortuna-fails": "FORTUNA reroll {face}, not below COS {cos}: dies",
        "invalid-table": "invalid table",
        "duplicate": "{name} already, roll again",
        "every-invalidity": "already has every invalidity: nothing more to roll (H-07)",
        "skill": "new skill",
        "owned": "{name} already owned, roll again",
        "graduate": "{name} again: the bone-setter becomes a graduate doctor",
        "graduate-name": "Dottore laureato",
        "choose": "choose the {choice} type it applies to",
        "choice-rifle": "rifle",
        "choice-blade": "blade",
        "choice-pistol": "pistol",
        "cacciatore": "mountain men take CACCIATORE without rolling: {name}",
        "availability": "availability",
        "available": "available, it can be bought",
        "unavailable": "not available this time; try again after the next game (H-03)",
        "no-roll": "{item}: no availability roll for this gang's weapons (R-12)",
        "rare": "rare (R-12): {who}",
        "explosives": "only where explosives are allowed",
        "fuse": "short fuse {face}",
        "fuse-ok": "thrown",
        "fuse-hands": "it explodes in the thrower's hands",
        "in-hands": "resolve the blast around the thrower (⟨thrower⟩)",
        "step": "step away {face}: {step}U, now {at}U from the blast",
        "step-out": "out of the radius, unharmed",
        "step-in": "still within 5U",
        "blast": "{explosive} {damage} damages",
        "blast-protection": "{explosive} {damage} − protection {protection} = {damages} damages",
        "unharmed": "the protection stops every damage: unharmed",
        "save": "save",
        "no-wound": "no wound",
        "wound": "1 wound",
        "wounds": "{n} wounds",
        "eliminated": "eliminated: COS {cos} − {wounds} = {left}",
        "thrown": "thrown {face} + {damages} = {distance}U and terrified (no panic test)",
        "in-all": "{wounds} in all, COS {left} left",
        "in-all-none": "no wounds in all, COS {left} left",
        "lasso": "lasso",
        "mount": "mount",
        "missed": "missed: the target is not caught",
        "caught": "caught (reflex test taken apart)",
        "thrower-pulled": "the thrower is pulled {distance}U",
        "held": "the target is held",
        "target-pulled": "the target is pulled {distance}U",
        "knocked-down": "and knocked down",
    },
    "it": {
        "reflex": "riflessi",
        "vs": "contro",
        "each": "a dado",
        "success-1": "1 dado riuscito",
        "success-n": "{n} dadi riusciti",
        "needed": "richiesti: {need}",
        "passed": "superato",
        "failed": "fallito",
        "initiative": "iniziativa",
        "shaken-nerves": "1 naturale con Nervi scossi: scosso per questo turno",
        "tie": "pareggio, si ritira",
        "first-wins": "vinci e scegli quale parte attiva un personaggio",
        "second-wins": "vince l'avversario e sceglie quale parte attiva un personaggio",
        "first-shaken": "il tuo personaggio è scosso per questo turno (Nervi scossi)",
        "second-shaken": "il personaggio avversario è scosso per questo turno (Nervi scossi)",
        "cohesion": "coesione",
        "highest-fred": "FREDDEZZA più alta",
        "fights-on": "la banda continua a combattere",
        "retreats": "la banda si ritira e perde la partita",
        "infamy": "infamia",
        "loss-fama": "un personaggio a tua scelta perde 1 FAMA per sempre",
        "loss-fortuna": "nessuna FAMA nella banda: un personaggio a tua scelta perde 1 FORTUNA",
        "loss-none-left": "nessuna FAMA né FORTUNA nella banda: niente da perdere",
        "no-loss": "nessuna perdita",
        "recovery": "recupero",
        "dead": "morto",
        "invalid": "invalido",
        "wounded": "ferito: −1 COS solo nella prossima partita",
        "recovered": "recuperato completamente",
        "fee": "pagato {fee}$",
        "free": "il dottore della banda, gratis",
        "fortuna-saves": "ritiro con FORTUNA {face}, inferiore alla COS {cos}: si salva ma "
        "rimane invalido",
        "fortuna-fails": "ritiro con FORTUNA {face}, non inferiore alla COS {cos}: muore",
        "invalid-table": "tabella invalidi",
        "duplicate": "{name} già presente, si ritira",
        "every-invalidity": "ha già ogni invalidità: nient'altro da tirare (H-07)",
        "skill": "nuova abilità",
        "owned": "{name} già posseduta, si ritira",
        "graduate": "di nuovo {name}: il segaossa diventa dottore laureato",
        "graduate-name": "Dottore laureato",
        "choose": "scegli il tipo di {choice} a cui si applica",
        "choice-rifle": "fucile",
        "choice-blade": "arma bianca",
        "choice-pistol": "pistola",
        "cacciatore": "gli uomini delle montagne prendono CACCIATORE senza tirare: {name}",
        "availability": "disponibilità",
        "available": "disponibile, si può comprare",
        "unavailable": "non disponibile questa volta; si riprova dopo la prossima partita (H-03)",
        "no-roll": "{item}: nessun tiro di disponibilità per le armi di questa banda (R-12)",
        "rare": "raro (R-12): {who}",
        "explosives": "solo dove gli esplosivi sono ammessi",
        "fuse": "miccia corta {face}",
        "fuse-ok": "lanciata",
        "fuse-hands": "esplode tra le mani di chi la lancia",
        "in-hands": "risolvi l'esplosione attorno a chi l'ha lanciata (⟨thrower⟩)",
        "step": "si allontana {face}: {step}U, ora a {at}U dall'esplosione",
        "step-out": "fuori dal raggio, illeso",
        "step-in": "ancora entro 5U",
        "blast": "{explosive} {damage} danni",
        "blast-protection": "{explosive} {damage} − protezione {protection} = {damages} danni",
        "unharmed": "la protezione ferma ogni danno: illeso",
        "save": "salvezza",
        "no-wound": "nessuna ferita",
        "wound": "1 ferita",
        "wounds": "{n} ferite",
        "eliminated": "eliminato: COS {cos} − {wounds} = {left}",
        "thrown": "sbalzato {face} + {damages} = {distance}U e in panico (senza test)",
        "in-all": "{wounds} in tutto, restano {left} COS",
        "in-all-none": "nessuna ferita in tutto, restano {left} COS",
        "lasso": "lasso",
        "mount": "cavalcatura",
        "missed": "mancato: l'obiettivo non è preso",
        "caught": "preso (test riflessi fatto a parte)",
        "thrower-pulled": "chi lancia è trascinato di {distance}U",
        "held": "l'obiettivo è bloccato",
        "target-pulled": "l'obiettivo è trascinato di {distance}U",
        "knocked-down": "e cade a terra",
    },
}


WORDS = Words(LABELS, MESSAGES)
label = WORDS.label
modifiers_json = WORDS.modifiers_json
wounds_text = WORDS.wounds_text
save_line = WORDS.save_line


def _entry_name(entry: Any, lang: Lang | str) -> str:
    return str(entry.name_it if str(lang) == Lang.IT else entry.name_en)


def skill_name(skill: str, lang: Lang | str) -> str:
    """A skill's name from the rules tables (the graduate has none there)."""
    from skirmish.engine.advances import DOTTORE_LAUREATO

    if skill == DOTTORE_LAUREATO:
        return tr(MESSAGES, "graduate-name", lang)
    from skirmish.rules import find_skill

    return _entry_name(find_skill(skill), lang).upper()


def invalidity_name(invalidity: Invalidity, lang: Lang | str) -> str:
    """An invalidity's name and effect from the invalid table."""
    from skirmish.rules import invalidity_for_roll

    row = invalidity_for_roll(invalidity.face)
    text = row.text_it if str(lang) == Lang.IT else row.text_en
    effect = text.rstrip(".")
    return f"{_entry_name(row, lang)}: {effect[:1].lower()}{effect[1:]}"


def doctor_name(doctor: Doctor, lang: Lang | str) -> str:
    """A doctor's name from the rules tables."""
    from skirmish.rules import find_doctor

    return _entry_name(find_doctor(doctor.value), lang)


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
    count = tr(
        MESSAGES, "success-1" if result.successes == 1 else "success-n", lang, n=result.successes
    )
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
    from skirmish.engine.cohesion import CohesionOutcome

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
    from skirmish.engine.infamy import InfamyLoss

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


# ---------------------------------------------------------------------------- recovery


def recovery_lines(result: RecoveryResult, lang: Lang | str) -> list[str]:
    """The recovery die, the FORTUNA reroll and the invalid table, one line each."""
    from skirmish.engine.recovery import RecoveryOutcome

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
    from skirmish.rules import invalidity_for_roll

    word = tr(MESSAGES, "invalid-table", lang)
    for face in result.invalidity_rolls[:-1]:
        name = _entry_name(invalidity_for_roll(face), lang)
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
    from skirmish.engine.advances import DOTTORE, DOTTORE_LAUREATO

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
    from skirmish.rules import find_faction

    who = []
    for holder in rare:
        if holder == "explosives":
            who.append(tr(MESSAGES, "explosives", lang))
        else:
            who.append(_entry_name(find_faction(holder), lang))
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


# ---------------------------------------------------------------------------- explosion


def explosion_lines(result: ExplosionResult, lang: Lang | str) -> list[str]:
    """The fuse, the step away, the damages, each save and the throw."""
    from skirmish.engine.explosion import BlastOutcome
    from skirmish.rules import find_weapon

    explosive = _entry_name(find_weapon(result.explosive.value), lang)
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
    from skirmish.engine.explosion import BlastOutcome

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
    from skirmish.engine.lasso import LassoOutcome

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
    from skirmish.engine.lasso import LassoOutcome

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


__all__ = [
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
