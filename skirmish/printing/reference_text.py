"""The quick reference's words in both languages (``TEXT``: titles, headers, notes), the groups
its tables are headed by, and the small helpers its tables share.
"""

from __future__ import annotations

from skirmish.i18n import Catalogue, Lang, name, tr
from skirmish.rules.entries import TableModifier

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


def phrase(key: str, lang: Lang | str, **values: object) -> str:
    return tr(TEXT, key, lang, **values)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def is_italian(lang: Lang | str) -> bool:
    return str(lang) == Lang.IT


def modifier_rows(mods: tuple[TableModifier, ...], lang: Lang | str) -> tuple[tuple[str, ...], ...]:
    return tuple((name(m, lang), signed(m.value)) for m in mods)
