"""The words of the procedures that are not a shot or a fight, in both languages: the modifiers'
short names (``LABELS``), the explanations' sentences (``MESSAGES``), and the names of skills,
invalidities and doctors from the rules tables. ``engine.explain_procedures`` and
``engine.explain_campaign`` explain the rolls with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.engine.explain import (
    Words,
)
from skirmish.i18n import Catalogue, Lang, tr
from skirmish.rules import find_doctor, find_skill, invalidity_for_roll

if TYPE_CHECKING:
    # Types only: each command has already imported the one engine module it runs, so the
    # functions below import their enums locally and ``roll reflex`` never loads the others.
    from skirmish.engine.recovery import Doctor, Invalidity


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


def entry_name(entry: Any, lang: Lang | str) -> str:
    return str(entry.name_it if str(lang) == Lang.IT else entry.name_en)


def skill_name(skill: str, lang: Lang | str) -> str:
    """A skill's name from the rules tables (the graduate has none there)."""
    from skirmish.engine.advances import DOTTORE_LAUREATO  # lazy: procedure

    if skill == DOTTORE_LAUREATO:
        return tr(MESSAGES, "graduate-name", lang)

    return entry_name(find_skill(skill), lang).upper()


def invalidity_name(invalidity: Invalidity, lang: Lang | str) -> str:
    """An invalidity's name and effect from the invalid table."""
    row = invalidity_for_roll(invalidity.face)
    text = row.text_it if str(lang) == Lang.IT else row.text_en
    effect = text.rstrip(".")
    return f"{entry_name(row, lang)}: {effect[:1].lower()}{effect[1:]}"


def doctor_name(doctor: Doctor, lang: Lang | str) -> str:
    """A doctor's name from the rules tables."""
    return entry_name(find_doctor(doctor.value), lang)
