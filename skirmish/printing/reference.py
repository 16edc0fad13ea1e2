"""The quick reference: the book's "TABELLE RIASSUNTIVE" rebuilt from the rules registry.

The numbers (modifiers, recovery and invalid tables, doctors, actions, movement, weapons,
protection) come from ``skirmish.rules``; the procedures are written as RULINGS.md fixes them,
not as the summary table misprints them (R-02 1–7 misses, R-03 saving, R-08 cohesion,
R-10 doctors +1/+2 for 5$/20$).
"""

from __future__ import annotations

from skirmish.i18n import Catalogue, Lang, name, tr
from skirmish.printing.build import weapon_line
from skirmish.printing.views import ReferenceView, Table
from skirmish.rules import (
    actions,
    cohesion_modifiers,
    doctors,
    fight_modifiers,
    invalid_table,
    movements,
    nerve_modifiers,
    protections,
    recovery_table,
    saving_modifiers,
    shooting_modifiers,
    weapons,
)
from skirmish.rules.entries import TableModifier

TEXT: Catalogue = {
    "it": {
        "title": "Tabelle riassuntive",
        "initiative": "Iniziativa",
        "initiative_1": (
            "1D6 + RIF + i punti FAMA non spesi del personaggio o di un amico entro 5U."
        ),
        "initiative_2": (
            "Vince il più alto e sceglie chi attiva una miniatura; parità: si ritira (R-07)."
        ),
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
        "shooting_2": "1–7 mancato · 8–9 colpito, 1 danno · 10 o più colpito, 2 danni (R-02).",
        "shooting_n1": "Coperture: vale solo la peggiore; copertura completa: non si può sparare. "
        "Mira solo al primo colpo e senza aver mosso (CECCHINO +2).",
        "shooting_n2": "Totale 7 contro un bersaglio a cavallo: 1D6, con 6 il cavallo è colpito e "
        "cade; se era in corsa il cavaliere fa un test riflessi, se fallisce 1 ferita e TEST DI "
        "PANICO (R-02c).",
        "fight": "3 · Tiro per lottare",
        "fight_1": "Entro 1U, nemico visto nel turno, non scosso: 1D6 + COS + bonus arma + "
        "modificatori + malus di freddezza.",
        "fight_2": "1–6 mancato · 7–9 colpito, 1 danno · 10 o più colpito, 2 danni (R-05).",
        "fight_n1": (
            "Bonus arma: 1 con arma bianca o impropria (pistola pesante, fucili), 0 a mani nude."
        ),
        "saving": "4 · Tiro salvezza",
        "saving_1": "Per ogni danno: 1D6 + modificatori − RIF.",
        "saving_2": "0 o meno nessuna ferita · 1–3 una ferita · 4 o più due ferite (R-03). "
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
        "action": "Azione",
        "ca": "CA",
        "note": "Note",
        "movement": "Movimento (tabella 2)",
        "mode": "Tipo",
        "move": "Movimento",
        "dp": "DP",
        "reflex": "Test riflessi",
        "foot": "A piedi",
        "horse": "A cavallo",
        "wagon": "Veicolo",
        "reflex_mod": "+{v} su ogni dado",
        "weapons": "Armi (tabelle 5–7)",
        "weapon": "Arma",
        "short": "Corta",
        "long": "Max",
        "shots": "Colpi",
        "rounds": "Tot.",
        "bonus": "Bonus",
        "weapons_n1": "Colpi 1/2: uno o due colpi a turno; 1/6: svuotare il tamburo (R-14). "
        "Fucile da caccia: 3 azioni per sparare.",
        "protection": "Protezione dalle esplosioni (tabella 8)",
        "cover": "Riparo",
        "partial": "Parziale",
        "total": "Totale",
        "protection_n1": "Dinamite 6 danni, nitroglicerina 10, raggio 5U: "
        "si sottrae la protezione, ogni danno restante è un tiro salvezza; "
        "i sopravvissuti volano 1D6 + danni U e sono "
        "IMPAURITI (R-14).",
    },
    "en": {
        "title": "Quick reference",
        "initiative": "Initiative",
        "initiative_1": "1D6 + RIF + the unspent FAMA of the model or of a friend within 5U.",
        "initiative_2": "Highest wins and chooses who activates a model; ties roll again (R-07).",
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
        "shooting_2": "1–7 miss · 8–9 hit, 1 damage · 10 or more hit, 2 damages (R-02).",
        "shooting_n1": "Cover: only the worst applies; full cover cannot be shot at. "
        "Aim only for the first shot and without moving (CECCHINO +2).",
        "shooting_n2": "A total of 7 against a mounted target: 1D6, on a 6 the mount is hit and "
        "falls; a galloping rider takes a reflex test, on failure 1 wound and a panic "
        "test (R-02c).",
        "fight": "3 · Fight roll",
        "fight_1": "Within 1U, enemy seen this turn, not shaken: 1D6 + COS + weapon bonus + "
        "modifiers + nerve penalty.",
        "fight_2": "1–6 miss · 7–9 hit, 1 damage · 10 or more hit, 2 damages (R-05).",
        "fight_n1": "Weapon bonus: 1 with a blade or an improvised weapon (heavy pistol, rifles), "
        "0 bare-handed.",
        "saving": "4 · Saving roll",
        "saving_1": "For each damage: 1D6 + modifiers − RIF.",
        "saving_2": "0 or less no wound · 1–3 one wound · 4 or more two wounds (R-03). "
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
        "action": "Action",
        "ca": "CA",
        "note": "Note",
        "movement": "Movement (table 2)",
        "mode": "Mode",
        "move": "Move",
        "dp": "DP",
        "reflex": "Reflex test",
        "foot": "On foot",
        "horse": "Mounted",
        "wagon": "Wagon",
        "reflex_mod": "+{v} on each die",
        "weapons": "Weapons (tables 5–7)",
        "weapon": "Weapon",
        "short": "Short",
        "long": "Long",
        "shots": "Shots",
        "rounds": "Rounds",
        "bonus": "Bonus",
        "weapons_n1": "Shots 1/2: one or two shots a turn; 1/6: fanning (R-14). "
        "Hunting rifle: 3 actions to fire.",
        "protection": "Protection from explosions (table 8)",
        "cover": "Shelter",
        "partial": "Partial",
        "total": "Total",
        "protection_n1": "Dynamite 6 damage, nitroglycerin 10, 5U radius: subtract the protection, "
        "each damage left is a saving roll; survivors are thrown 1D6 + damage U and are "
        "TERRIFIED (R-14).",
    },
}


def _t(key: str, lang: Lang | str, **values: object) -> str:
    return tr(TEXT, key, lang, **values)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _modifier_rows(
    mods: tuple[TableModifier, ...], lang: Lang | str
) -> tuple[tuple[str, ...], ...]:
    return tuple((name(m, lang), _signed(m.value)) for m in mods)


def _tests(lang: Lang | str) -> tuple[Table, ...]:
    mod_cols = (_t("modifier", lang), _t("value", lang))
    nerve_rows = (
        ("0", _t("nerve_0", lang)),
        ("1", _t("nerve_1f", lang)),
        ("2", _t("nerve_2f", lang)),
    ) + tuple((name(m, lang), _t("per_die", lang, v=_signed(m.value))) for m in nerve_modifiers())
    recovery_rows = tuple(
        (
            str(r.low) if r.high == r.low else f"{r.low}–{r.high}" if r.high else f"{r.low}+",
            r.text_it if str(lang) == Lang.IT else r.text_en,
        )
        for r in recovery_table()
    )
    doctor_lines = tuple(
        _t("doctor", lang, name=name(d, lang), bonus=d.bonus, cost=d.cost) for d in doctors()
    )
    return (
        Table(
            key="initiative",
            title=_t("initiative", lang),
            columns=(),
            rows=(),
            lines=(_t("initiative_1", lang), _t("initiative_2", lang)),
        ),
        Table(
            key="nerve",
            title=_t("nerve", lang),
            columns=(_t("failed", lang), _t("effect", lang)),
            rows=nerve_rows,
            lines=(_t("nerve_1", lang),),
            notes=(_t("nerve_2", lang),),
        ),
        Table(
            key="shooting",
            title=_t("shooting", lang),
            columns=mod_cols,
            rows=_modifier_rows(shooting_modifiers(), lang),
            lines=(_t("shooting_1", lang), _t("shooting_2", lang)),
            notes=(_t("shooting_n1", lang), _t("shooting_n2", lang)),
        ),
        Table(
            key="fight",
            title=_t("fight", lang),
            columns=mod_cols,
            rows=_modifier_rows(fight_modifiers(), lang),
            lines=(_t("fight_1", lang), _t("fight_2", lang)),
            notes=(_t("fight_n1", lang),),
        ),
        Table(
            key="saving",
            title=_t("saving", lang),
            columns=mod_cols,
            rows=_modifier_rows(saving_modifiers(), lang),
            lines=(_t("saving_1", lang), _t("saving_2", lang)),
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
        Table(
            key="cohesion",
            title=_t("cohesion", lang),
            columns=mod_cols,
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
                (
                    str(i.roll),
                    f"{name(i, lang)}: {i.text_it if str(lang) == Lang.IT else i.text_en}",
                )
                for i in invalid_table()
            ),
            notes=(_t("invalid_n1", lang),),
        ),
    )


def _equipment(lang: Lang | str) -> tuple[Table, ...]:
    it = str(lang) == Lang.IT
    action_rows = tuple(
        (name(a, lang), str(a.ca), a.note_it if it else a.note_en) for a in actions()
    )
    movement_rows = tuple(
        (
            _t(m.mode, lang),
            name(m, lang),
            f"{m.distance}U",
            str(m.ca),
            _t("reflex_mod", lang, v=m.reflex) if m.reflex else "",
        )
        for m in movements()
    )
    weapon_rows = []
    for weapon in weapons():
        line = weapon_line(weapon, lang)
        weapon_rows.append(
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
    return (
        Table(
            key="actions",
            title=_t("actions", lang),
            columns=(_t("action", lang), _t("ca", lang), _t("note", lang)),
            rows=action_rows,
        ),
        Table(
            key="movement",
            title=_t("movement", lang),
            columns=(
                _t("mode", lang),
                _t("move", lang),
                _t("dp", lang),
                _t("ca", lang),
                _t("reflex", lang),
            ),
            rows=movement_rows,
        ),
        Table(
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
            rows=tuple(weapon_rows),
            notes=(_t("weapons_n1", lang),),
        ),
        Table(
            key="protection",
            title=_t("protection", lang),
            columns=(_t("cover", lang), _t("partial", lang), _t("total", lang)),
            rows=tuple((name(p, lang), str(p.partial), str(p.total)) for p in protections()),
            notes=(_t("protection_n1", lang),),
        ),
    )


def reference_view(lang: Lang | str = Lang.IT) -> ReferenceView:
    """The quick reference in ``lang``, every number read from the rules registry."""
    return ReferenceView(title=_t("title", lang), tests=_tests(lang), equipment=_equipment(lang))
