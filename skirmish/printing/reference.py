"""The quick reference: the book's "TABELLE RIASSUNTIVE" rebuilt from the rules registry, and
completed with what a player looks up during a game and between games.

The numbers (modifiers, tables 1 and 2, the reflex test, recovery and invalid tables, doctors,
weapons, protection, advance costs, the 2D6 skills table, prices and availability) come from
``skirmish.rules`` (the reflex test's modifiers from ``engine.reflex``, their one declaration);
the procedures are written as RULINGS.md fixes them, not as the summary table misprints them
(R-02 1–7 misses, R-03 saving, R-08 cohesion, R-10 doctors +1/+2 for 5$/20$, R-24 the lasso
among the special items).

The tables are packed into pages of two columns (docs/printing.md, "The quick reference"):
``estimate_height`` sizes each table from its text with the shipped font's glyph widths and
the sizes of ``templates/reference.css``; ``pack`` cuts the tables, in reading order, into the
fewest columns that fit a page, as evenly as they can be (least sum of squared heights), so
every page is as full as the others and its two columns differ by less than the table at
their boundary. No table is ever split.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from skirmish.engine import fight, shooting
from skirmish.engine.reflex import reflex_modifiers
from skirmish.engine.saving import wounds_for
from skirmish.engine.setup import HIGHEST
from skirmish.i18n import Catalogue, Lang, name, tr
from skirmish.printing.build import weapon_line
from skirmish.printing.views import ReferencePage, ReferenceView, Table
from skirmish.resources import templates_dir
from skirmish.rules import (
    actions,
    advances,
    cohesion_modifiers,
    doctors,
    factions,
    fight_modifiers,
    find_faction,
    find_skill,
    find_weapon,
    invalid_table,
    items,
    movements,
    nerve_modifiers,
    profiles,
    protections,
    recovery_table,
    saving_modifiers,
    shooting_modifiers,
    skills,
    weapons,
)
from skirmish.rules.entries import TableModifier
from skirmish.rules.model import Item, Weapon

TEXT: Catalogue = {
    "it": {
        "title": "Tabelle riassuntive",
        "group_turn": "Turno e azioni",
        "group_combat": "Combattimento",
        "group_end": "Fine della partita",
        "group_campaign": "Campagna",
        "group_equipment": "Armi ed equipaggiamento",
        "initiative": "Iniziativa",
        "initiative_1": (
            "1D6 + RIF + i punti FAMA non spesi del personaggio o di un amico entro 5U."
        ),
        "initiative_2": (
            "Vince il più alto e sceglie chi attiva una miniatura; parità: si ritira (R-07)."
        ),
        "heroes": "FAMA e FORTUNA (§1.6)",
        "heroes_1": "FAMA: per ogni punto il personaggio, o un amico entro 5U, ritira un dado "
        "di qualsiasi prova.",
        "heroes_2": "FORTUNA: per ogni punto il personaggio ritira un suo dado. I punti spesi "
        "tornano dopo la partita (R-15).",
        "fire": "Fuoco amico e tiro di opportunità",
        "fire_1": "Fuoco amico (§4.2.2): tiro MANCATO con miniature amiche o neutrali sulla "
        "traiettoria o entro 2U dal bersaglio: 1D6, con {face} si fa il TIRO PER SPARARE "
        "contro una di loro.",
        "fire_2": "Tiro di opportunità (§4.2.3): chi non ha ancora fatto il turno spara a un "
        "avversario che ha appena mosso nella sua visuale; prima un test riflessi con le "
        "penalità raddoppiate (R-06).",
        "fire_3": "Solo sparare, senza alcun bonus (né dell'arma né modificatori positivi); il "
        "bersaglio conta in movimento (−1) (R-16). Vale il turno intero del personaggio.",
        "explosives": "Esplosivi (§5.5)",
        "explosive": "Esplosivo",
        "damage": "Danni",
        "radius": "Raggio",
        "reflex": "Test riflessi",
        "reflex_1": "2D6, modificatori su ogni dado: un dado riesce se è minore dei RIF "
        "(uguale fallisce) (R-06).",
        "reflex_2": "Basta 1 successo; le azioni «2 dadi su 2» ne vogliono 2 (tabella 1). "
        "Fallito: niente di fatto, i punti azione sono spesi.",
        "reflex_n1": "Un modificatore positivo rende il test più difficile. Tiro di "
        "opportunità: ogni penalità raddoppia (§4.2.3).",
        "mod_side-step": "Cavallo laterale normale (tabella 2)",
        "mod_side-step-fast": "Cavallo laterale veloce (tabella 2)",
        "mod_backing": "Indietreggiare a cavallo (tabella 2)",
        "mod_disengage-enemies": "Sganciarsi: ogni nemico oltre il primo (§4.3.1)",
        "mod_buon-cavaliere": "BUON CAVALIERE, test col cavallo (§7.2)",
        "mod_cowboy-lasso": "Cowboys, lasso (§9.5)",
        "mod_imbranato": "Invalido «Imbranato» (§6.5)",
        "mod_whisky": "Ha bevuto whisky (§8.3)",
        "nerve": "1 · Test di freddezza",
        "nerve_1": "Prima di ogni tiro o corpo a corpo: 2D6, modificatori su ogni dado; "
        "un dado maggiore della FRED fallisce (R-01).",
        "nerve_2": (
            "FRED +1: DURO per sparare, PUGILE per lottare, whisky. Fare il test toglie lo "
            "stato SCOSSO."
        ),
        "failed": "Dadi falliti",
        "effect": "Effetto",
        "nerve_0": "nessun malus",
        "nerve_1f": "teso: −1 al tiro di questa azione",
        "nerve_2f": "nervoso: −2 al tiro di questa azione",
        "modifier": "Modificatore",
        "value": "Mod.",
        "per_die": "{v} su ogni dado",
        "shooting": "2 · Tiro per sparare",
        "shooting_1": (
            "Per ogni colpo: 1D6 + TIRO + bonus arma + modificatori + malus di freddezza."
        ),
        "shooting_2": "1–{miss} mancato · {hit}–{one} colpito, 1 danno · {double} o più colpito, "
        "2 danni (R-02).",
        "shooting_n1": "Coperture: vale solo la peggiore; copertura completa: non si può sparare. "
        "Mira solo al primo colpo e senza aver mosso (CECCHINO +2).",
        "shooting_n2": "Totale {total} contro un bersaglio a cavallo: 1D6, con {face} il cavallo è "
        "colpito e "
        "cade; se era in corsa il cavaliere fa un test riflessi, se fallisce 1 ferita e TEST DI "
        "PANICO (R-02c).",
        "fight": "3 · Tiro per lottare",
        "fight_1": "Entro 1U, nemico visto nel turno, non scosso: 1D6 + COS + bonus arma + "
        "modificatori + malus di freddezza.",
        "fight_2": "1–{miss} mancato · {hit}–{one} colpito, 1 danno · {double} o più colpito, "
        "2 danni (R-05).",
        "fight_n1": (
            "Bonus arma: 1 con arma bianca o impropria (pistola pesante, fucili), 0 a mani nude."
        ),
        "saving": "4 · Tiro salvezza",
        "saving_1": "Per ogni danno: 1D6 + modificatori − RIF.",
        "saving_2": "{none} o meno nessuna ferita · {low}–{high} una ferita · {two} o più due "
        "ferite (R-03). "
        "COS a 0: eliminato.",
        "saving_n1": "Piccola pistola: la prima volta che colpisce entro il raggio corto +1.",
        "panic": "5 · Test di panico",
        "panic_1": "Ogni bersaglio di un tiro o di un corpo a corpo non eliminato: 2D6, ogni dado "
        "maggiore della FRED fallisce (R-04).",
        "panic_0": "niente",
        "panic_1f": "SCOSSO (uno scosso diventa IMPAURITO)",
        "panic_2f": "IMPAURITO: salta il prossimo turno (un impaurito si stende)",
        "panic_n1": (
            "Chi fallisce fugge gratis nella copertura più vicina entro 5U, altrimenti si stende."
        ),
        "cohesion": "Test di coesione",
        "cohesion_1": "All'inizio di ogni turno, se la banda ha perso più della metà dei modelli: "
        "1D6 + modificatori contro la FRED più alta in gioco.",
        "cohesion_2": (
            "Uguale o inferiore: si continua; superiore: la banda si ritira e perde (R-08)."
        ),
        "cohesion_n1": "La tabella del libro scrive «FREDDEZZA + 1D6»: è un refuso, vale §6.2. "
        "Bande senza leader (montanari, ranger): nessun modificatore.",
        "infamy": "Test di infamia",
        "infamy_1": "Solo dopo una ritirata volontaria: 1D6; con 1 un personaggio a scelta perde "
        "per sempre 1 FA, se nessuno ha FA 1 FO (R-09).",
        "recovery": "Recupero personaggio",
        "recovery_1": "Dopo la partita, per ogni eliminato: 1D6 + bonus del dottore (R-10).",
        "roll": "1D6",
        "result": "Risultato",
        "doctor": "{name}: +{bonus} per {cost}$",
        "doctor_n1": "Un DOTTORE della banda non ucciso nella partita cura gratis.",
        "invalid": "Invalidità (1D6)",
        "invalid_n1": "Un'invalidità già subita si ritira (H-07).",
        "actions": "Azioni accessorie (tabella 1)",
        "actions_1": "{most} punti azione a turno ({fewest} per i personaggi non giocanti); "
        "una sola azione di tiro e una di movimento per turno (§2.1).",
        "action": "Azione",
        "ca": "CA",
        "note": "Note",
        "movement": "Movimento (tabella 2)",
        "movement_1": "Un solo tipo di movimento per turno. All'inizio del movimento una "
        "rotazione gratuita fino a 90°: conta come movimento, quindi niente mira (§3.1).",
        "movement_mounts": "Cavalcature, trotto/corsa: {mounts}.",
        "mode": "Tipo",
        "move": "Movimento",
        "dp": "DP",
        "foot": "A piedi",
        "horse": "A cavallo",
        "wagon": "Veicolo",
        "reflex_mod": "test riflessi +{v}",
        "weapons": "Armi (tabelle 5–7)",
        "weapon": "Arma",
        "short": "Corta",
        "long": "Max",
        "shots": "Colpi",
        "rounds": "Tot.",
        "bonus": "Bonus",
        "weapons_n1": "Colpi 1/2: uno o due colpi a turno; 1/6: svuotare il tamburo (R-14). "
        "{hunting}: {ca} azioni per sparare.",
        "protection": "Protezione dalle esplosioni (tabella 8)",
        "cover": "Riparo",
        "partial": "Parziale",
        "total": "Totale",
        "protection_n1": "Si sottrae la protezione dai danni dell'esplosivo; "
        "ogni danno restante è un tiro salvezza; "
        "i sopravvissuti volano 1D6 + danni U e sono "
        "IMPAURITI (R-14).",
        "advances": "Avanzamenti (§7.2)",
        "advances_1": "+1 punto esperienza (PE) per ogni nemico eliminato; si spendono tra "
        "una partita e l'altra (R-11, R-23).",
        "xp": "PE",
        "advance": "Avanzamento",
        "advances_n1": "Nessuna caratteristica oltre {max}, FAMA e FORTUNA comprese. "
        "Un comune che ottiene FAMA o FORTUNA diventa EROE (§1.6).",
        "skills": "Nuove abilità (2D6)",
        "dice_2d6": "2D6",
        "skill": "Abilità",
        "skills_n1": "Un'abilità già posseduta si ritira; {doctor} due volte: dottore laureato "
        "(R-11). {mountain}: possono scegliere {hunter} invece di tirare (§9.6).",
        "prices": "Armi: prezzi e disponibilità (§8.2)",
        "prices_1": "Prima di comprare: 1D6 uguale o superiore alla DISP, altrimenti non "
        "questa volta (R-12, H-03). R: rara, solo per chi è indicato.",
        "prices_n1": "{free} comprano armi senza tiro di disponibilità (R-12); la rarità "
        "vale lo stesso.",
        "disp": "DISP",
        "cost": "$",
        "rare": "Rara (R)",
        "rare_for": "R: {who}",
        "explosive_zones": "zone minatori, ferrovia",
        "special": "Oggetti speciali (§8.3)",
        "item": "Oggetto",
        "special_n1": "Il lasso è un oggetto speciale: anche chi compra armi senza tiro deve "
        "tirare la disponibilità (R-24).",
        "disp_for": "{disp} ({who} {value})",
        "lasso_effect": "Lancio COS×2 U, nessun danno: 1D6 contro la COS del catturato "
        "(+ quella della cavalcatura) (R-14).",
        "mounts": "Cavalcature (§8.2)",
        "mount": "Cavalcatura",
        "tiro": "TIRO",
        "fred": "FRED",
        "rif": "RIF",
        "cos": "COS",
        "speed": "Trotto / corsa",
        "mounts_n1": "{appaloosa}: +{bonus}U di movimento, solo {who} (R). {mule}: non salta.",
        "mounts_n2": "{faction}: {rule}",
    },
    "en": {
        "title": "Quick reference",
        "group_turn": "Turn and actions",
        "group_combat": "Combat",
        "group_end": "End of the game",
        "group_campaign": "Campaign",
        "group_equipment": "Weapons and equipment",
        "initiative": "Initiative",
        "initiative_1": "1D6 + RIF + the unspent FAMA of the model or of a friend within 5U.",
        "initiative_2": "Highest wins and chooses who activates a model; ties roll again (R-07).",
        "heroes": "FAMA and FORTUNA (§1.6)",
        "heroes_1": "FAMA: for each point the model, or a friend within 5U, rerolls one die of "
        "any test.",
        "heroes_2": "FORTUNA: for each point the model rerolls one of its own dice. Spent points "
        "come back after the game (R-15).",
        "fire": "Friendly fire and opportunity fire",
        "fire_1": "Friendly fire (§4.2.2): a MISS with friendly or neutral models in the line of "
        "fire or within 2U of the target: 1D6, on a {face} take the SHOOTING ROLL against one "
        "of them.",
        "fire_2": "Opportunity fire (§4.2.3): a model that has not taken its turn shoots an "
        "enemy that has just moved across its view; first a reflex test with its penalties "
        "doubled (R-06).",
        "fire_3": "It may only shoot, with no bonus at all (neither the weapon's nor any positive "
        "modifier); the target counts as moving (−1) (R-16). It uses the model's whole turn.",
        "explosives": "Explosives (§5.5)",
        "explosive": "Explosive",
        "damage": "Damage",
        "radius": "Radius",
        "reflex": "Reflex test",
        "reflex_1": "2D6, modifiers on each die: a die succeeds when it is less than RIF "
        "(equal fails) (R-06).",
        "reflex_2": "1 success is enough; actions marked \u201c2 of 2 dice\u201d need 2 "
        "(table 1). Failed: nothing happens, the actions are spent.",
        "reflex_n1": "A positive modifier makes the test harder. Opportunity fire doubles "
        "every penalty (§4.2.3).",
        "mod_side-step": "Horse side-step (table 2)",
        "mod_side-step-fast": "Fast horse side-step (table 2)",
        "mod_backing": "Backing a horse (table 2)",
        "mod_disengage-enemies": "Disengaging: each enemy beyond the first (§4.3.1)",
        "mod_buon-cavaliere": "BUON CAVALIERE, tests with the horse (§7.2)",
        "mod_cowboy-lasso": "Cowboys, lasso (§9.5)",
        "mod_imbranato": "Invalid \u201cImbranato\u201d (§6.5)",
        "mod_whisky": "Drank whisky (§8.3)",
        "nerve": "1 · Nerve test",
        "nerve_1": "Before each shooting or fight action: 2D6, modifiers on each die; "
        "a die greater than FRED fails (R-01).",
        "nerve_2": "FRED +1: DURO when shooting, PUGILE when fighting, whisky. "
        "Taking the test ends the shaken state.",
        "failed": "Failed dice",
        "effect": "Effect",
        "nerve_0": "no penalty",
        "nerve_1f": "tense: −1 on this action's rolls",
        "nerve_2f": "nervous: −2 on this action's rolls",
        "modifier": "Modifier",
        "value": "Mod.",
        "per_die": "{v} on each die",
        "shooting": "2 · Shooting roll",
        "shooting_1": "For each shot: 1D6 + TIRO + weapon bonus + modifiers + nerve penalty.",
        "shooting_2": "1–{miss} miss · {hit}–{one} hit, 1 damage · {double} or more hit, "
        "2 damages (R-02).",
        "shooting_n1": "Cover: only the worst applies; full cover cannot be shot at. "
        "Aim only for the first shot and without moving (CECCHINO +2).",
        "shooting_n2": "A total of {total} against a mounted target: 1D6, on a {face} the mount "
        "is hit and "
        "falls; a galloping rider takes a reflex test, on failure 1 wound and a panic "
        "test (R-02c).",
        "fight": "3 · Fight roll",
        "fight_1": "Within 1U, enemy seen this turn, not shaken: 1D6 + COS + weapon bonus + "
        "modifiers + nerve penalty.",
        "fight_2": "1–{miss} miss · {hit}–{one} hit, 1 damage · {double} or more hit, "
        "2 damages (R-05).",
        "fight_n1": "Weapon bonus: 1 with a blade or an improvised weapon (heavy pistol, rifles), "
        "0 bare-handed.",
        "saving": "4 · Saving roll",
        "saving_1": "For each damage: 1D6 + modifiers − RIF.",
        "saving_2": "{none} or less no wound · {low}–{high} one wound · {two} or more two "
        "wounds (R-03). "
        "COS 0: eliminated.",
        "saving_n1": "Small pistol: the first time it hits within short range +1.",
        "panic": "5 · Panic test",
        "panic_1": "Every model shot at or fought and not eliminated: 2D6, each die greater than "
        "FRED fails (R-04).",
        "panic_0": "nothing",
        "panic_1f": "SHAKEN (a shaken model becomes TERRIFIED)",
        "panic_2f": "TERRIFIED: skips its next turn (a terrified model drops prone)",
        "panic_n1": "Any failure: a free move to the nearest cover within 5U, else drop prone.",
        "cohesion": "Cohesion test",
        "cohesion_1": "At the start of each turn, once the gang has lost more than half of its "
        "models: 1D6 + modifiers against the highest FRED in play.",
        "cohesion_2": "Equal or lower: fight on; higher: the gang retreats and loses (R-08).",
        "cohesion_n1": "The book's summary table says \u201cFRED + 1D6\u201d: a misprint of §6.2. "
        "Gangs with no leader (mountain men, rangers): no modifier.",
        "infamy": "Infamy test",
        "infamy_1": "Only after a voluntary retreat: 1D6; on a 1 a model of the player's choice "
        "loses 1 FAMA for good, or 1 FORTUNA if none has FAMA (R-09).",
        "recovery": "Recovery",
        "recovery_1": "After the game, for each eliminated model: 1D6 + doctor's bonus (R-10).",
        "roll": "1D6",
        "result": "Result",
        "doctor": "{name}: +{bonus} for {cost}$",
        "doctor_n1": "A gang member with DOTTORE who was not killed in the game heals for free.",
        "invalid": "Invalidity (1D6)",
        "invalid_n1": "A duplicate invalidity is rolled again (H-07).",
        "actions": "Accessory actions (table 1)",
        "actions_1": "{most} actions a turn ({fewest} for non-player characters); one shooting "
        "and one "
        "movement action at most a turn (§2.1).",
        "action": "Action",
        "ca": "CA",
        "note": "Note",
        "movement": "Movement (table 2)",
        "movement_1": "One kind of movement a turn. A free turn of up to 90° at its start counts "
        "as movement, so no aiming (§3.1).",
        "movement_mounts": "Mounts, trot/gallop: {mounts}.",
        "mode": "Mode",
        "move": "Move",
        "dp": "DP",
        "foot": "On foot",
        "horse": "Mounted",
        "wagon": "Wagon",
        "reflex_mod": "reflex test +{v}",
        "weapons": "Weapons (tables 5–7)",
        "weapon": "Weapon",
        "short": "Short",
        "long": "Long",
        "shots": "Shots",
        "rounds": "Rounds",
        "bonus": "Bonus",
        "weapons_n1": "Shots 1/2: one or two shots a turn; 1/6: fanning (R-14). "
        "{hunting}: {ca} actions to fire.",
        "protection": "Protection from explosions (table 8)",
        "cover": "Shelter",
        "partial": "Partial",
        "total": "Total",
        "protection_n1": "Subtract the protection from the explosive's damage; "
        "each damage left is a saving roll; survivors are thrown 1D6 + damage U and are "
        "TERRIFIED (R-14).",
        "advances": "Advances (§7.2)",
        "advances_1": "+1 experience point (XP) for each enemy eliminated; spent between "
        "games (R-11, R-23).",
        "xp": "XP",
        "advance": "Advance",
        "advances_n1": "No characteristic above {max}, FAMA and FORTUNA included. A common "
        "model that gains FAMA or FORTUNA becomes a HERO (§1.6).",
        "skills": "New skills (2D6)",
        "dice_2d6": "2D6",
        "skill": "Skill",
        "skills_n1": "A skill already owned is rolled again; {doctor} twice: graduate doctor "
        "(R-11). {mountain}: may choose {hunter} instead of rolling (§9.6).",
        "prices": "Weapons: prices and availability (§8.2)",
        "prices_1": "Before buying: 1D6 equal to or above DISP, else not this time "
        "(R-12, H-03). R: rare, only for those named.",
        "prices_n1": "{free} buy weapons without the availability roll (R-12); rarity "
        "still applies.",
        "disp": "DISP",
        "cost": "$",
        "rare": "Rare (R)",
        "rare_for": "R: {who}",
        "explosive_zones": "mining or railroad zones",
        "special": "Special items (§8.3)",
        "item": "Item",
        "special_n1": "The lasso is a special item: those who buy weapons without the roll "
        "roll for it all the same (R-24).",
        "disp_for": "{disp} ({who} {value})",
        "lasso_effect": "Thrown COS×2 U, no damage: 1D6 against the COS of the model caught "
        "(plus its mount's) (R-14).",
        "mounts": "Mounts (§8.2)",
        "mount": "Mount",
        "tiro": "TIRO",
        "fred": "FRED",
        "rif": "RIF",
        "cos": "COS",
        "speed": "Trot / gallop",
        "mounts_n1": "{appaloosa}: +{bonus}U of movement, {who} only (R). {mule}: cannot jump.",
        "mounts_n2": "{faction}: {rule}",
    },
}

#: The groups of tables, in reading order; a page is headed by the groups it holds.
GROUPS = ("turn", "combat", "end", "campaign", "equipment")


def _t(key: str, lang: Lang | str, **values: object) -> str:
    return tr(TEXT, key, lang, **values)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _it(lang: Lang | str) -> bool:
    return str(lang) == Lang.IT


def _modifier_rows(
    mods: tuple[TableModifier, ...], lang: Lang | str
) -> tuple[tuple[str, ...], ...]:
    return tuple((name(m, lang), _signed(m.value)) for m in mods)


# --------------------------------------------------------------------------- turn and actions


def _initiative(lang: Lang | str) -> Table:
    return Table(
        key="initiative",
        title=_t("initiative", lang),
        columns=(),
        rows=(),
        lines=(_t("initiative_1", lang), _t("initiative_2", lang)),
    )


def _heroes(lang: Lang | str) -> Table:
    return Table(
        key="heroes",
        title=_t("heroes", lang),
        columns=(),
        rows=(),
        lines=(_t("heroes_1", lang), _t("heroes_2", lang)),
    )


def _actions(lang: Lang | str) -> Table:
    it = _it(lang)
    actions_a_turn = {p.actions for p in profiles()}  # 3, 2 for non-player characters (§9.12)
    return Table(
        key="actions",
        title=_t("actions", lang),
        columns=(_t("action", lang), _t("ca", lang), _t("note", lang)),
        rows=tuple((name(a, lang), str(a.ca), a.note_it if it else a.note_en) for a in actions()),
        lines=(_t("actions_1", lang, most=max(actions_a_turn), fewest=min(actions_a_turn)),),
    )


#: The reflex test's modifiers, each asked of its one declaration (``engine.reflex``) with the
#: flags that bring it in: the value printed is the value the engine adds (R-06).
_REFLEX_CASES: tuple[dict[str, object], ...] = (
    {"side_step": 1},
    {"side_step": 2},
    {"backing": True},
    {"enemies": 2},
    {"buon_cavaliere": True, "horse": True},
    {"cowboy": True, "lasso": True},
    {"imbranato": True},
    {"whisky": True},
)


def _reflex(lang: Lang | str) -> Table:
    rows: list[tuple[str, str]] = []
    for flags in _REFLEX_CASES:
        for modifier in reflex_modifiers(**flags):  # type: ignore[arg-type]
            rows.append((_t(f"mod_{modifier.key}", lang), _signed(modifier.value)))
    return Table(
        key="reflex",
        title=_t("reflex", lang),
        columns=(_t("modifier", lang), _t("value", lang)),
        rows=tuple(rows),
        lines=(_t("reflex_1", lang), _t("reflex_2", lang)),
        notes=(_t("reflex_n1", lang),),
    )


def _movement(lang: Lang | str) -> Table:
    it = _it(lang)
    rows: list[tuple[str, ...]] = []
    notes: list[str] = []
    previous = ""
    for m in movements():
        note = m.note_it if it else m.note_en
        if note:
            notes.append(f"{name(m, lang)}: {note}")
        rows.append(
            (
                _t(m.mode, lang) if m.mode != previous else "",
                name(m, lang),
                f"{m.distance}U",
                str(m.ca),
                _t("reflex_mod", lang, v=m.reflex) if m.reflex else "",
            )
        )
        previous = m.mode
    mounts = ", ".join(
        f"{name(i, lang)} {i.trot}/{i.gallop}U" for i in items() if i.kind == "mount"
    )
    return Table(
        key="movement",
        title=_t("movement", lang),
        columns=(
            _t("mode", lang),
            _t("move", lang),
            _t("dp", lang),
            _t("ca", lang),
            _t("note", lang),
        ),
        rows=tuple(rows),
        lines=(_t("movement_1", lang),),
        notes=(*notes, _t("movement_mounts", lang, mounts=mounts)),
    )


# --------------------------------------------------------------------------- combat


def _nerve(lang: Lang | str) -> Table:
    rows = (
        ("0", _t("nerve_0", lang)),
        ("1", _t("nerve_1f", lang)),
        ("2", _t("nerve_2f", lang)),
    ) + tuple((name(m, lang), _t("per_die", lang, v=_signed(m.value))) for m in nerve_modifiers())
    return Table(
        key="nerve",
        title=_t("nerve", lang),
        columns=(_t("failed", lang), _t("effect", lang)),
        rows=rows,
        lines=(_t("nerve_1", lang),),
        notes=(_t("nerve_2", lang),),
    )


def _saving_bands() -> dict[str, int]:
    """The saving roll's bands, asked of the engine's ``wounds_for`` (R-03)."""
    scores = range(-6, 13)
    none = max(s for s in scores if wounds_for(s) == 0)
    one = [s for s in scores if wounds_for(s) == 1]
    two = min(s for s in scores if wounds_for(s) == 2)
    return {"none": none, "low": min(one), "high": max(one), "two": two}


def _combat_rolls(lang: Lang | str) -> tuple[Table, ...]:
    mod_cols = (_t("modifier", lang), _t("value", lang))
    shooting_bands = {
        "miss": shooting.MISS,
        "hit": shooting.HIT,
        "one": shooting.DOUBLE - 1,
        "double": shooting.DOUBLE,
    }
    fight_bands = {
        "miss": fight.MISS,
        "hit": fight.HIT,
        "one": fight.DOUBLE - 1,
        "double": fight.DOUBLE,
    }
    mount = {"total": shooting.MOUNT_TOTAL, "face": shooting.MOUNT_FALLS_ON}
    return (
        Table(
            key="shooting",
            title=_t("shooting", lang),
            columns=mod_cols,
            rows=_modifier_rows(shooting_modifiers(), lang),
            lines=(_t("shooting_1", lang), _t("shooting_2", lang, **shooting_bands)),
            notes=(_t("shooting_n1", lang), _t("shooting_n2", lang, **mount)),
        ),
        Table(
            key="fight",
            title=_t("fight", lang),
            columns=mod_cols,
            rows=_modifier_rows(fight_modifiers(), lang),
            lines=(_t("fight_1", lang), _t("fight_2", lang, **fight_bands)),
            notes=(_t("fight_n1", lang),),
        ),
        Table(
            key="saving",
            title=_t("saving", lang),
            columns=mod_cols,
            rows=_modifier_rows(saving_modifiers(), lang),
            lines=(_t("saving_1", lang), _t("saving_2", lang, **_saving_bands())),
            notes=(_t("saving_n1", lang),),
        ),
        Table(
            key="panic",
            title=_t("panic", lang),
            columns=(_t("failed", lang), _t("effect", lang)),
            rows=(
                ("0", _t("panic_0", lang)),
                ("1", _t("panic_1f", lang)),
                ("2", _t("panic_2f", lang)),
            ),
            lines=(_t("panic_1", lang),),
            notes=(_t("panic_n1", lang),),
        ),
    )


def _fire(lang: Lang | str) -> Table:
    return Table(
        key="fire",
        title=_t("fire", lang),
        columns=(),
        rows=(),
        lines=(
            _t("fire_1", lang, face=shooting.MOUNT_FALLS_ON),
            _t("fire_2", lang),
            _t("fire_3", lang),
        ),
    )


def _weapons(lang: Lang | str) -> Table:
    hunting = find_weapon("hunting-rifle")
    rows = []
    for weapon in weapons():
        line = weapon_line(weapon, lang)
        rows.append(
            (
                line.name,
                line.short,
                line.long,
                line.shots,
                line.rounds,
                str(line.ca),
                str(line.bonus),
                line.note,
            )
        )
    return Table(
        key="weapons",
        title=_t("weapons", lang),
        columns=(
            _t("weapon", lang),
            _t("short", lang),
            _t("long", lang),
            _t("shots", lang),
            _t("rounds", lang),
            _t("ca", lang),
            _t("bonus", lang),
            _t("note", lang),
        ),
        rows=tuple(rows),
        notes=(_t("weapons_n1", lang, hunting=name(hunting, lang), ca=hunting.ca),),
    )


def _explosives(lang: Lang | str) -> Table:
    it = _it(lang)
    found = [w for w in weapons() if w.explosive_damage is not None]
    return Table(
        key="explosives",
        title=_t("explosives", lang),
        columns=(_t("explosive", lang), _t("damage", lang), _t("radius", lang)),
        rows=tuple((name(w, lang), str(w.explosive_damage), f"{w.blast_radius}U") for w in found),
        notes=tuple(f"{name(w, lang)}: {w.special_it if it else w.special_en}" for w in found),
    )


def _protection(lang: Lang | str) -> Table:
    return Table(
        key="protection",
        title=_t("protection", lang),
        columns=(_t("cover", lang), _t("partial", lang), _t("total", lang)),
        rows=tuple((name(p, lang), str(p.partial), str(p.total)) for p in protections()),
        notes=(_t("protection_n1", lang),),
    )


# --------------------------------------------------------------------------- end of the game


def _end(lang: Lang | str) -> tuple[Table, ...]:
    return (
        Table(
            key="cohesion",
            title=_t("cohesion", lang),
            columns=(_t("modifier", lang), _t("value", lang)),
            rows=_modifier_rows(cohesion_modifiers(), lang),
            lines=(_t("cohesion_1", lang), _t("cohesion_2", lang)),
            notes=(_t("cohesion_n1", lang),),
        ),
        Table(
            key="infamy",
            title=_t("infamy", lang),
            columns=(),
            rows=(),
            lines=(_t("infamy_1", lang),),
        ),
    )


# --------------------------------------------------------------------------- campaign


def _recovery(lang: Lang | str) -> tuple[Table, ...]:
    it = _it(lang)
    recovery_rows = tuple(
        (
            str(r.low) if r.high == r.low else f"{r.low}–{r.high}" if r.high else f"{r.low}+",
            r.text_it if it else r.text_en,
        )
        for r in recovery_table()
    )
    doctor_lines = tuple(
        _t("doctor", lang, name=name(d, lang), bonus=d.bonus, cost=d.cost) for d in doctors()
    )
    return (
        Table(
            key="recovery",
            title=_t("recovery", lang),
            columns=(_t("roll", lang), _t("result", lang)),
            rows=recovery_rows,
            lines=(_t("recovery_1", lang), *doctor_lines),
            notes=(_t("doctor_n1", lang),),
        ),
        Table(
            key="invalid",
            title=_t("invalid", lang),
            columns=(_t("roll", lang), _t("result", lang)),
            rows=tuple(
                (str(i.roll), f"{name(i, lang)}: {i.text_it if it else i.text_en}")
                for i in invalid_table()
            ),
            notes=(_t("invalid_n1", lang),),
        ),
    )


def _advances(lang: Lang | str) -> Table:
    return Table(
        key="advances",
        title=_t("advances", lang),
        columns=(_t("xp", lang), _t("advance", lang)),
        rows=tuple((str(a.xp), name(a, lang)) for a in advances()),
        lines=(_t("advances_1", lang),),
        notes=(_t("advances_n1", lang, max=HIGHEST),),
    )


def _skills(lang: Lang | str) -> Table:
    it = _it(lang)
    hunter = find_skill("fuciliere")
    return Table(
        key="skills",
        title=_t("skills", lang),
        columns=(_t("dice_2d6", lang), _t("skill", lang), _t("effect", lang)),
        rows=tuple((str(s.roll), name(s, lang), s.text_it if it else s.text_en) for s in skills()),
        notes=(
            _t(
                "skills_n1",
                lang,
                doctor=name(find_skill("dottore"), lang).upper(),
                mountain=name(find_faction("mountain-men"), lang),
                hunter=name(hunter, lang).upper(),
            ),
        ),
    )


# --------------------------------------------------------------------------- equipment (§8)


def _rare(rare: Sequence[str], lang: Lang | str) -> str:
    """Who may buy a rare item (R-12): faction names, or the explosives' zones."""
    if not rare:
        return ""
    who = ", ".join(
        _t("explosive_zones", lang) if r == "explosives" else name(find_faction(r), lang)
        for r in rare
    )
    return _t("rare_for", lang, who=who)


def _disp(item: Weapon | Item, lang: Lang | str) -> str:
    """DISP, with the factions that roll against another (the rifle scope: military 3)."""
    if item.disp is None:
        return "–"
    by_faction = item.disp_by_faction if isinstance(item, Item) else {}
    text = str(item.disp)
    for faction, value in by_faction.items():
        text = _t("disp_for", lang, disp=text, who=name(find_faction(faction), lang), value=value)
    return text


def _prices(lang: Lang | str) -> Table:
    free = ", ".join(name(f, lang) for f in factions() if f.skips_weapon_availability)
    return Table(
        key="prices",
        title=_t("prices", lang),
        columns=(_t("weapon", lang), _t("disp", lang), _t("cost", lang), _t("rare", lang)),
        rows=tuple(
            (name(w, lang), _disp(w, lang), str(w.cost), _rare(w.rare, lang))
            for w in weapons()
            if w.cost is not None and not w.special_item
        ),
        lines=(_t("prices_1", lang),),
        notes=(_t("prices_n1", lang, free=free),),
    )


def _special_items(lang: Lang | str) -> Table:
    it = _it(lang)
    rows = [
        (name(i, lang), _disp(i, lang), str(i.cost), i.text_it if it else i.text_en)
        for i in items()
        if i.kind == "special"
    ]
    rows += [
        (name(w, lang), _disp(w, lang), str(w.cost), _t("lasso_effect", lang))
        for w in weapons()
        if w.special_item  # the lasso
    ]
    return Table(
        key="special",
        title=_t("special", lang),
        columns=(_t("item", lang), _t("disp", lang), _t("cost", lang), _t("effect", lang)),
        rows=tuple(rows),
        notes=(_t("special_n1", lang),),
    )


def _mounts(lang: Lang | str) -> Table:
    mounts = [i for i in items() if i.kind == "mount"]
    notes: list[str] = []
    fast = next((m for m in mounts if m.move_bonus and m.rare), None)
    stubborn = next((m for m in mounts if not m.jumps), None)
    if fast is not None and stubborn is not None:
        notes.append(
            _t(
                "mounts_n1",
                lang,
                appaloosa=name(fast, lang),
                bonus=fast.move_bonus,
                who=", ".join(name(find_faction(f), lang) for f in fast.rare),
                mule=name(stubborn, lang),
            )
        )
    it = _it(lang)
    for faction in factions():
        for rule in faction.rules:
            if rule.code == "heroes-half-price-horse":  # cowboy heroes
                notes.append(
                    _t(
                        "mounts_n2",
                        lang,
                        faction=name(faction, lang),
                        rule=rule.text_it if it else rule.text_en,
                    )
                )
    return Table(
        key="mounts",
        title=_t("mounts", lang),
        columns=(
            _t("mount", lang),
            _t("disp", lang),
            _t("cost", lang),
            _t("tiro", lang),
            _t("fred", lang),
            _t("rif", lang),
            _t("cos", lang),
            _t("speed", lang),
        ),
        rows=tuple(
            (
                name(m, lang),
                _disp(m, lang),
                str(m.cost),
                str(m.tiro),
                str(m.fred),
                str(m.rif),
                str(m.cos),
                f"{m.trot}/{m.gallop}U",
            )
            for m in mounts
        ),
        notes=tuple(notes),
    )


def reference_tables(lang: Lang | str = Lang.IT) -> tuple[tuple[str, Table], ...]:
    """Every table of the quick reference with its group, in reading order."""
    rolls = _combat_rolls(lang)
    groups: tuple[tuple[str, tuple[Table, ...]], ...] = (
        (
            "turn",
            (_initiative(lang), _heroes(lang), _actions(lang), _reflex(lang), _movement(lang)),
        ),
        (
            "combat",
            (
                _nerve(lang),
                rolls[0],  # shooting, then what else a shot may bring
                _fire(lang),
                *rolls[1:],
            ),
        ),
        ("end", _end(lang)),
        ("campaign", (*_recovery(lang), _advances(lang), _skills(lang))),
        (
            "equipment",
            (
                _weapons(lang),
                _prices(lang),
                _explosives(lang),
                _protection(lang),
                _special_items(lang),
                _mounts(lang),
            ),
        ),
    )
    return tuple((group, table) for group, tables in groups for table in tables)


# --------------------------------------------------------------------------- measuring


#: Millimetres in a point.
PT = 25.4 / 72
#: The sizes of ``templates/reference.css`` (keep them equal). Font sizes are in em of the
#: page's base size, which ``reference_view`` chooses; spaces are in mm.
LINE_HEIGHT = 1.25  # sheet.css: html { line-height: 1.25 }
TITLE_EM, TITLE_AFTER = 1.3, 0.8  # h2, its margin-bottom (and a 0.4pt rule below it)
LINES_EM, LINES_AFTER = 1.0, 0.6  # p.lines
CELL_EM, CELL_PAD_X, CELL_PAD_Y = 0.95, 0.6, 0.2  # th, td
NOTES_EM, NOTES_AFTER = 0.85, 0.4  # p.notes
TABLE_AFTER = 0.6  # a table's margin-bottom
TABLE_BOTTOM = 2.4  # .ref-table padding-bottom: the space between two tables
RULE = 0.4 * PT  # a 0.4pt border
#: A4's width between the margins, and a column: two columns with 5 mm between them.
PAGE_WIDTH = 190.0
COLUMN_WIDTH = (PAGE_WIDTH - 5.0) / 2
#: The tables printed across both columns, at the top of their page: the weapons' eight
#: columns and notes read better on one line each.
WIDE = frozenset({"weapons"})
#: The page's heading (h1: 13pt, 2 mm below it).
HEADING_PT, HEADING_AFTER = 13.0, 2.0
#: The height a column may fill: A4's 275 mm between the margins less the heading, less a
#: margin for the estimate's error (measured within 2 mm a column: docs/printing.md).
COLUMN_HEIGHT = 275.0 - HEADING_PT * PT * LINE_HEIGHT - HEADING_AFTER - 6.0
#: The base sizes tried, in pt: the largest that needs no more pages than the smallest.
BASE_SIZES = (7.0, 7.25, 7.5, 7.75, 8.0, 8.25, 8.5)


@cache
def _advances_em(bold: bool) -> dict[int, float]:
    """Each character's advance in em, read from the shipped face (fontTools comes with
    weasyprint)."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    face = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    font = TTFont(templates_dir() / "fonts" / face, lazy=True)
    units = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    return {code: metrics[glyph][0] / units for code, glyph in font.getBestCmap().items()}


def text_width(text: str, size_pt: float, *, bold: bool = False) -> float:
    """The width of ``text`` on one line, in mm (glyph advances, no kerning)."""
    widths = _advances_em(bold)
    return sum(widths.get(ord(c), 0.6) for c in text) * size_pt * PT


def _pieces(text: str) -> list[str]:
    """The pieces a line may break between: after a space, a slash or a hyphen."""
    pieces: list[str] = []
    current = ""
    for char in text:
        current += char
        if char in " /-":
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    return pieces


def line_count(text: str, width_mm: float, size_pt: float, *, bold: bool = False) -> int:
    """How many lines ``text`` takes in a box ``width_mm`` wide (greedy breaking, as the
    browser does; a piece longer than the line is broken anywhere)."""
    lines, used = 1, 0.0
    for piece in _pieces(text):
        width = text_width(piece, size_pt, bold=bold)
        bare = text_width(piece.rstrip(" "), size_pt, bold=bold)  # a space may hang at the end
        if used and used + bare > width_mm:
            lines += 1
            used = 0.0
        if bare > width_mm:  # a word wider than the box: broken anywhere (overflow-wrap)
            extra = math.ceil(bare / width_mm) - 1
            lines += extra
            used = bare - extra * width_mm
            continue
        used += width
    return lines


def _text_height(text: str, size_pt: float, width: float, *, bold: bool = False) -> float:
    return line_count(text, width, size_pt, bold=bold) * size_pt * PT * LINE_HEIGHT


def column_widths(table: Table, base_pt: float, width: float = COLUMN_WIDTH) -> tuple[float, ...]:
    """Each column's share of ``table`` in percent: at least its longest word, the rest of the
    width shared as the columns' whole texts need it (a fixed layout the estimate can follow)."""
    if not table.rows:
        return ()
    size = base_pt * CELL_EM
    frame = 2 * CELL_PAD_X + RULE
    rows = [(row, False) for row in table.rows]
    if table.columns:
        rows.insert(0, (table.columns, True))
    least = [0.0] * len(rows[0][0])
    most = [0.0] * len(rows[0][0])
    for row, bold in rows:
        for index, cell in enumerate(row):
            words = [text_width(p.rstrip(" "), size, bold=bold) for p in _pieces(cell)]
            least[index] = max(least[index], max(words, default=0.0) + frame + 0.3)
            most[index] = max(most[index], text_width(cell, size, bold=bold) + frame + 0.3)
    spare = width - sum(least)
    if sum(most) <= width:
        shares = [m * width / sum(most) for m in most]
    elif spare > 0:
        want = sum(m - le for m, le in zip(most, least, strict=True))
        shares = [le + spare * (m - le) / want for m, le in zip(most, least, strict=True)]
    else:
        shares = [le * width / sum(least) for le in least]
    return tuple(round(share * 100 / width, 2) for share in shares)


def estimate_height(table: Table, base_pt: float, width: float = COLUMN_WIDTH) -> float:
    """The height ``table`` takes in a column ``width`` mm wide at a base size of ``base_pt``,
    in mm: its title, lines, rows (each as tall as its tallest cell) and notes, with the
    spaces of reference.css. The table's ``widths`` must be ``column_widths``'s."""
    height = _text_height(table.title, base_pt * TITLE_EM, width, bold=True) + TITLE_AFTER + RULE
    for line in table.lines:
        height += _text_height(line, base_pt * LINES_EM, width) + LINES_AFTER
    if table.rows:
        cells = [share / 100 * width - 2 * CELL_PAD_X - RULE for share in table.widths]
        rows = [(row, False) for row in table.rows]
        if table.columns:
            rows.insert(0, (table.columns, True))
        height += RULE + TABLE_AFTER  # the table's top border, the space below it
        for row, bold in rows:
            tallest = max(
                _text_height(cell, base_pt * CELL_EM, w, bold=bold)
                for cell, w in zip(row, cells, strict=True)
            )
            height += tallest + 2 * CELL_PAD_Y + RULE
    for note in table.notes:
        height += _text_height(note, base_pt * NOTES_EM, width) + NOTES_AFTER
    return height + TABLE_BOTTOM


# --------------------------------------------------------------------------- packing


def _split(
    heights: Sequence[float], capacity: float, above: float = 0.0
) -> tuple[int, float] | None:
    """Where to cut one page's tables into two columns of at most ``capacity`` (the index of
    the right column's first), below ``above`` mm of a wide table: the cut of least cost, the
    page's fill (``above`` and the taller column) squared plus the columns' difference
    squared. ``None`` when no cut fits."""
    best: tuple[int, float] | None = None
    total = sum(heights)
    left = 0.0
    for cut in range(1, len(heights) + 1):  # the left column is never empty
        left += heights[cut - 1]
        right = total - left
        alone = not above  # a table taller than a page gets a column of its own, not less
        if (left <= capacity or alone and cut == 1) and (
            right <= capacity or alone and cut == len(heights) - 1
        ):
            cost = (above + max(left, right)) ** 2 + (left - right) ** 2
            if best is None or cost < best[1]:
                best = (cut, cost)
    return best


#: One page as ``pack`` cuts it: the indexes of the wide table above its columns (none or one),
#: of its left and right columns, and of the wide table below them (none or one).
Page = tuple[list[int], list[int], list[int], list[int]]


def _page(
    heights: Sequence[float], wide: Sequence[bool], i: int, j: int, capacity: float
) -> tuple[Page, float] | None:
    """The tables ``i`` to ``j - 1`` as one page, and its cost; ``None`` if they do not fit.
    A wide table may only open or close a page, so that the page reads in order: the table
    above, the left column, the right column, the table below."""
    top = [i] if wide[i] else []
    first = i + len(top)
    bottom = [j - 1] if j - 1 >= first and wide[j - 1] else []
    last = j - len(bottom)
    if any(wide[k] for k in range(first, last)):
        return None
    across = sum(heights[k] for k in (*top, *bottom))
    if first == last:
        return (top, [], [], bottom), across**2
    found = _split(heights[first:last], capacity - across, across)
    if found is None:
        return None
    cut, cost = found
    left, right = list(range(first, first + cut)), list(range(first + cut, last))
    return (top, left, right, bottom), cost


def pack(
    heights: Sequence[float], capacity: float, wide: Sequence[bool] | None = None
) -> list[Page]:
    """Cut the tables of ``heights`` (mm), kept in reading order, into pages of two columns
    of at most ``capacity`` mm, a ``wide`` table across both columns above or below them:
    the fewest pages that hold them; among those cuts the one with the least sum, over the
    pages, of each page's fill squared and of its two columns' difference squared. That evens
    the pages out and balances each page's columns: they differ by less than a table at their
    boundary, or moving it would lower the sum. A table taller than ``capacity`` gets a column
    of its own. Returns each page's (above, left, right, below) indexes."""
    count = len(heights)
    flags = list(wide) if wide is not None else [False] * count
    # best[j]: the fewest pages, then the least cost, of the first j tables
    best: list[tuple[float, float]] = [(0.0, 0.0)] + [(math.inf, math.inf)] * count
    back: list[tuple[int, Page]] = [(0, ([], [], [], []))] * (count + 1)
    for j in range(1, count + 1):
        for i in range(j):
            if best[i][0] == math.inf:
                continue
            found = _page(heights, flags, i, j, capacity)
            if found is None:
                continue
            score = (best[i][0] + 1, best[i][1] + found[1])
            if score < best[j]:
                best[j], back[j] = score, (i, found[0])
    pages: list[Page] = []
    end = count
    while end > 0:
        end, page = back[end]
        pages.append(page)
    pages.reverse()
    return pages


def table_width(table: Table) -> float:
    """How wide ``table`` prints, in mm: a column, or the page's width for a wide one."""
    return PAGE_WIDTH if table.key in WIDE else COLUMN_WIDTH


def _laid_out(lang: Lang | str, base_pt: float) -> tuple[tuple[str, Table], ...]:
    """The tables at ``base_pt``, each with the widths of its columns."""
    return tuple(
        (group, replace(table, widths=column_widths(table, base_pt, table_width(table))))
        for group, table in reference_tables(lang)
    )


def reference_view(lang: Lang | str = Lang.IT) -> ReferenceView:
    """The quick reference in ``lang``: every number read from the rules registry, the tables
    packed into pages of two balanced columns, at the largest size that needs no extra page."""
    chosen: tuple[float, tuple[tuple[str, Table], ...], list[Page]] = (0.0, (), [])
    for base in BASE_SIZES:
        tables = _laid_out(lang, base)
        pages = pack(
            [estimate_height(t, base, table_width(t)) for _, t in tables],
            COLUMN_HEIGHT,
            [t.key in WIDE for _, t in tables],
        )
        if chosen[2] and len(pages) > len(chosen[2]):
            break
        chosen = (base, tables, pages)
    base, tables, pages = chosen
    views: list[ReferencePage] = []
    for above, left, right, below in pages:
        groups = {tables[i][0] for i in (*above, *left, *right, *below)}
        views.append(
            ReferencePage(
                heading=" · ".join(_t(f"group_{g}", lang) for g in GROUPS if g in groups),
                columns=(
                    tuple(tables[i][1] for i in left),
                    tuple(tables[i][1] for i in right),
                ),
                above=tuple(tables[i][1] for i in above),
                below=tuple(tables[i][1] for i in below),
            )
        )
    return ReferenceView(title=_t("title", lang), pages=tuple(views), base_pt=base)
