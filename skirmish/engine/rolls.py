"""Every roll of ``skirmish roll`` and the web's dice roller, declared once: each test's inputs
(names and help in Italian and English, kind, range, default), the typed-in dice, and how the
given values roll.

The combat tests (nerve, shoot, melee, save, panic) take the inputs of the combat situation
(``engine.situation.INPUTS``); the other tests (reflex R-06, initiative R-07, cohesion R-08,
infamy R-09, recovery R-10, skill R-11, availability R-12, explosion and lasso R-14) take the
declared ``OPTIONS`` below. ``skirmish roll`` and ``skirmish odds`` make their typer options of
both (``cli.situation_options``, ``cli.roll_procedures``), the web its forms
(``web.tools``); ``roll`` rolls the values either was given, by the options' parameter names, on
typed-in or seeded random dice, and returns what to show (``Rolled``: the lines of
``explain_combat`` / ``explain_procedures``, the JSON of ``--json``); how each test rolls is
``engine.rollers``.

Importing this module stays cheap (``skirmish roll`` pays for it at every start, issue #2): the
engine's procedures and the explanations are imported by ``engine.rollers`` inside the functions
that run them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from skirmish.engine.rollers import LEADERS, LEVELS, ROLLERS, SIDE_STEPS
from skirmish.engine.rollers import Rolled as Rolled  # what ``roll`` returns
from skirmish.engine.rollers import reflex_check as reflex_check  # used by ``odds.chances``
from skirmish.i18n import Lang


class Kind(StrEnum):
    """The kind of value an ``Option`` takes."""

    FLAG = "flag"  # yes or no, no by default: --whisky
    SWITCH = "switch"  # yes or no, yes by default: --fama/--no-fama
    NUMBER = "number"  # a whole number, from ``low`` to ``high`` where the book bounds it
    NAME = "name"  # a name of the book (doctor, item, explosive…), Italian or English
    NAMES = "names"  # several names, the option repeated
    WORD = "word"  # one of ``words``' keys, by any of its names (Italian or English)


class Option(NamedTuple):
    """One input of a test that is not a shot or a fight, declared once for every front end
    (a named tuple, like ``situation.Input``, to keep ``skirmish roll``'s start cheap)."""

    id: str  # the command's parameter name, the key of a value, the name front ends derive
    # theirs from (the CLI's ``--rif``, the web's field ``rif``), the name a refusal gives
    name_en: str
    name_it: str
    help_en: str
    help_it: str
    kind: Kind
    default: Any = None
    required: bool = False
    low: int | None = None  # the range a front end offers (the engine checks its own)
    high: int | None = None
    words: Mapping[str, tuple[str, ...]] | None = None  # WORD: each key's names, English first
    book: str | None = None  # NAME(S): the list of the book it names (``BOOKS``), for hints

    def name(self, lang: Lang | str) -> str:
        """The input's name in ``lang``."""
        return self.name_it if str(lang) == "it" else self.name_en

    def help(self, lang: Lang | str) -> str:
        """The input's help in ``lang``."""
        return self.help_it if str(lang) == "it" else self.help_en


#: The lists of the book a NAME option names from, for a front end's suggestions.
BOOKS = (
    "actions",
    "doctors",
    "invalidities",
    "skills",
    "factions",
    "equipment",
    "explosives",
    "shelters",
    "mounts",
)


def _o(
    id: str,
    names: tuple[str, str],
    helps: tuple[str, str],
    kind: Kind,
    **more: Any,
) -> Option:
    """An ``Option``, one line of the tables below: names and helps as (English, Italian)."""
    if kind is Kind.FLAG:
        more.setdefault("default", False)
    return Option(id, names[0], names[1], helps[0], helps[1], kind, **more)


#: The tests ``skirmish roll`` and the web's roller roll, in the order they list them.
TESTS: tuple[str, ...] = (
    "shoot",
    "melee",
    "save",
    "panic",
    "nerve",
    "reflex",
    "initiative",
    "cohesion",
    "infamy",
    "recovery",
    "skill",
    "availability",
    "explosion",
    "lasso",
)
#: The combat tests: their inputs are the combat situation's (``engine.situation``).
COMBAT: tuple[str, ...] = ("nerve", "shoot", "melee", "save", "panic")

#: Each test in one line, English and Italian (``skirmish roll --help``, the web's lists).
TITLES: dict[str, tuple[str, str]] = {
    "nerve": (
        "Nerve test (R-01): 2D6 against FRED before shooting or fighting.",
        "Test di freddezza (R-01): 2D6 contro FRED prima di sparare o lottare.",
    ),
    "shoot": (
        "Shoot (R-01–R-04, R-14): nerve, shots, saves and panic.",
        "Sparare (R-01–R-04, R-14): freddezza, colpi, tiri salvezza e panico.",
    ),
    "melee": (
        "Fight (R-05): nerve, fight roll, saves and panic.",
        "Lotta (R-05): freddezza, tiro per lottare, tiri salvezza e panico.",
    ),
    "save": (
        "Saving rolls (R-03): 1D6 + modifiers − RIF per damage.",
        "Tiri salvezza (R-03): 1D6 + modificatori − RIF per ogni danno.",
    ),
    "panic": (
        "Panic test (R-04): 2D6 against FRED; shaken, terrified, prone.",
        "Test di panico (R-04): 2D6 contro FRED; scosso, impaurito, a terra.",
    ),
    "reflex": (
        "Reflex test (R-06): 2D6 against RIF, 1 or 2 successes.",
        "Test di riflessi (R-06): 2D6 contro RIF, 1 o 2 successi.",
    ),
    "initiative": (
        "Initiative (R-07): 1D6 + RIF + unused FAMA, or a roll-off.",
        "Iniziativa (R-07): 1D6 + RIF + FAMA non usata, o uno spareggio.",
    ),
    "cohesion": (
        "Cohesion test (R-08): 1D6 ± leader against the highest FRED.",
        "Test di coesione (R-08): 1D6 ± capo contro la FRED più alta.",
    ),
    "infamy": (
        "Infamy test (R-09): 1D6 after a retreat; a 1 costs FAMA.",
        "Test di infamia (R-09): 1D6 dopo una ritirata; un 1 costa FAMA.",
    ),
    "recovery": (
        "Recovery (R-10): 1D6 + doctor after the game.",
        "Recupero (R-10): 1D6 + dottore dopo la partita.",
    ),
    "skill": (
        "New skill (R-11): 2D6 on the new-skills table.",
        "Nuova abilità (R-11): 2D6 sulla tabella delle nuove abilità.",
    ),
    "availability": (
        "Availability (R-12): 1D6 equal to or above DISP before buying.",
        "Reperibilità (R-12): 1D6 pari o superiore a DISP prima di comprare.",
    ),
    "explosion": (
        "Explosion (R-14): dynamite or nitroglycerin on one model.",
        "Esplosione (R-14): dinamite o nitroglicerina su un personaggio.",
    ),
    "lasso": (
        "Lasso (R-14): reflex test, then 1D6 against COS.",
        "Lazo (R-14): test di riflessi, poi 1D6 contro COS.",
    ),
}


def title(test: str, lang: Lang | str) -> str:
    """The one line of ``test`` in ``lang``."""
    english, italian = TITLES[test]
    return italian if str(lang) == "it" else english


# ---------------------------------------------------------------------------- the declaration

_RIF = ("RIF", "RIF")
_IMBRANATO = _o(
    "imbranato", ("Imbranato", "Imbranato"),
    ("Invalid 'Imbranato' (clumsy): +1 on each die (§6.5).",
     "Invalido 'Imbranato': +1 a ogni dado (§6.5)."),
    Kind.FLAG,
)  # fmt: skip
_WHISKY = _o(
    "whisky", ("whisky", "whisky"),
    ("Drank whisky: −1 RIF, +1 on each reflex die (§8.3).",
     "Ha bevuto whisky: −1 RIF, +1 a ogni dado dei riflessi (§8.3)."),
    Kind.FLAG,
)  # fmt: skip

#: The inputs of each test that is not a shot or a fight, in the order the commands list them.
OPTIONS: dict[str, tuple[Option, ...]] = {
    "reflex": (
        _o("rif", _RIF, ("The model's RIF (0–4).", "I RIFLESSI del personaggio (0–4)."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("need", ("successes needed", "successi richiesti"),
           ("Successes needed: 1 (default), or 2 for actions marked '2 dadi su 2' (table 1).",
            "Successi richiesti: 1 (di norma), o 2 per le azioni segnate '2 dadi su 2' "
            "(tabella 1)."),
           Kind.NUMBER, low=1, high=2),
        # the actions of table 1 that need a reflex test, written out rather than read
        # from the rules data so that loading 'roll' parses no table (issue #2); a test checks
        # this list against the data
        _o("action", ("action", "azione"),
           ("The action of table 1 that needs a reflex test: climb, mount-trotting, "
            "mount-galloping, jump-6 or lasso-catch (or their names in the book); sets ⟨need⟩, "
            "and ⟨horse⟩ or ⟨lasso⟩.",
            "L'azione della tabella 1 che richiede un test di riflessi, col suo nome del "
            "libro: arrampicarsi, salire o scendere da cavallo al trotto o in corsa, saltare, "
            "acchiappare con il lasso; fissa ⟨need⟩, e ⟨horse⟩ o ⟨lasso⟩."),
           Kind.NAME, book="actions"),
        _o("side_step", ("sideways move", "spostamento laterale"),
           ("Mounted sideways move: normal (+1) or fast (+2) (table 2).",
            "Spostamento laterale a cavallo: normale (+1) o veloce (+2) (tabella 2)."),
           Kind.WORD, words=SIDE_STEPS),
        _o("backing", ("backing a horse", "cavallo in retromarcia"),
           ("Backing a horse up: +2 (table 2).", "Far indietreggiare un cavallo: +2 (tabella 2)."),
           Kind.FLAG),
        _o("horse", ("on horseback", "a cavallo"),
           ("A test on horseback (mount, dismount…): BUON CAVALIERE −1.",
            "Un test a cavallo (montare, smontare…): BUON CAVALIERE −1."),
           Kind.FLAG),
        _o("enemies", ("enemies engaged", "nemici ingaggiati"),
           ("Disengaging from N enemies: +1 per enemy beyond the first (§4.3.1).",
            "Sganciarsi da N nemici: +1 per ogni nemico oltre il primo (§4.3.1)."),
           Kind.NUMBER, default=0, low=0),
        _o("buon_cavaliere", ("BUON CAVALIERE", "BUON CAVALIERE"),
           ("Skill BUON CAVALIERE: −1 on horse tests (§7.2).",
            "Abilità BUON CAVALIERE: −1 ai test a cavallo (§7.2)."),
           Kind.FLAG),
        _o("lasso", ("lasso throw", "lancio del lazo"),
           ("Throwing a lasso (table 1).", "Lanciare il lazo (tabella 1)."), Kind.FLAG),
        _o("cowboy", ("cowboy", "cowboy"),
           ("A cowboy: −1 on lasso tests (§9.5).", "Un cowboy: −1 ai test del lazo (§9.5)."),
           Kind.FLAG),
        _IMBRANATO,
        _WHISKY,
        _o("opportunity", ("opportunity fire", "tiro di opportunità"),
           ("Opportunity fire: every penalty doubled (§4.2.3).",
            "Tiro di opportunità: ogni penalità raddoppia (§4.2.3)."),
           Kind.FLAG),
    ),
    "initiative": (
        _o("rif", _RIF, ("The model's RIF (0–4).", "I RIFLESSI del personaggio (0–4)."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("fama", ("unused FAMA", "FAMA non usata"),
           ("Unused FAMA of the model or a friend within 5U (§1.8).",
            "FAMA non usata del personaggio o di un amico entro 5U (§1.8)."),
           Kind.NUMBER, default=0, low=0, high=4),
        _o("nervi_scossi", ("Nervi scossi", "Nervi scossi"),
           ("Invalid 'Nervi scossi': a natural 1 shakes it.",
            "Invalido 'Nervi scossi': un 1 naturale lo rende SCOSSO."),
           Kind.FLAG),
        _o("against_rif", ("opponent's RIF", "RIF dell'avversario"),
           ("The opponent model's RIF: roll off against it.",
            "I RIFLESSI del personaggio avversario: spareggio contro di lui."),
           Kind.NUMBER, low=0, high=4),
        _o("against_fama", ("opponent's unused FAMA", "FAMA dell'avversario"),
           ("The opponent's unused FAMA within 5U.", "La FAMA non usata dell'avversario entro 5U."),
           Kind.NUMBER, default=0, low=0, high=4),
        _o("against_nervi_scossi",
           ("opponent has Nervi scossi", "avversario con Nervi scossi"),
           ("The opponent model has 'Nervi scossi'.",
            "Il personaggio avversario ha 'Nervi scossi'."),
           Kind.FLAG),
    ),
    "cohesion": (
        _o("highest_fred", ("highest FRED", "FRED più alta"),
           ("The highest FRED among the gang's models in play.",
            "La FREDDEZZA più alta tra i personaggi della banda in gioco."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("leader", ("leader", "capo"),
           ("alive (−1), dead (+1) or none for gangs with no leader (mountain men, rangers).",
            "vivo (−1), morto (+1) o nessuno per le bande senza capo (uomini delle montagne, "
            "ranger)."),
           Kind.WORD, default="alive", words=LEADERS),
    ),
    "infamy": (
        _o("fama", ("FAMA in the gang", "FAMA nella banda"),
           ("Whether any model of the gang has FAMA.",
            "Se qualche personaggio della banda ha FAMA."),
           Kind.SWITCH, default=True),
        _o("fortuna", ("FORTUNA in the gang", "FORTUNA nella banda"),
           ("Whether any model of the gang has FORTUNA.",
            "Se qualche personaggio della banda ha FORTUNA."),
           Kind.SWITCH, default=True),
    ),
    "recovery": (
        _o("cos", ("COS", "COS"),
           ("The eliminated model's COS (0–4).",
            "La COSTITUZIONE del personaggio eliminato (0–4)."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("fortuna", ("FORTUNA", "FORTUNA"),
           ("Its FORTUNA: with 1 or more it rerolls a 'dead'.",
            "La sua FORTUNA: con 1 o più ritira un 'morto'."),
           Kind.NUMBER, default=0, low=0, high=4),
        _o("doctor", ("doctor", "dottore"),
           ("bone-setter (+1, 5$) or graduate (+2, 20$) (§6.5).",
            "segaossa (+1, 5$) o laureato (+2, 20$) (§6.5)."),
           Kind.NAME, book="doctors"),
        _o("own_doctor", ("the gang's own doctor", "dottore della banda"),
           ("The doctor is a gang member with DOTTORE: no fee.",
            "Il dottore è un membro della banda con DOTTORE: niente parcella."),
           Kind.FLAG),
        _o("has_invalid", ("invalidities it has", "invalidità che ha"),
           ("An invalidity the model already has (rolled again, H-07), repeatable.",
            "Un'invalidità che il personaggio ha già (si ritira, H-07), ripetibile."),
           Kind.NAMES, book="invalidities"),
    ),
    "skill": (
        _o("owned", ("skills it has", "abilità che ha"),
           ("A skill the model has (rolled again if it comes up), repeatable.",
            "Un'abilità che il personaggio ha (si ritira se esce), ripetibile."),
           Kind.NAMES, book="skills"),
        _o("cacciatore", ("take CACCIATORE", "prendere CACCIATORE"),
           ("Mountain men: take CACCIATORE instead of rolling (§9.6); needs ⟨faction⟩.",
            "Uomini delle montagne: prendere CACCIATORE invece di tirare (§9.6); richiede "
            "⟨faction⟩."),
           Kind.FLAG),
        _o("faction", ("faction", "fazione"),
           ("The model's faction (for ⟨cacciatore⟩).",
            "La fazione del personaggio (per ⟨cacciatore⟩)."),
           Kind.NAME, book="factions"),
    ),
    "availability": (
        _o("disp", ("DISP", "DISP"),
           ("The item's DISP (§8.2): roll it or more.",
            "La DISP dell'oggetto (§8.2): tirala o di più."),
           Kind.NUMBER, low=1, high=6),
        _o("item", ("item", "oggetto"),
           ("An item or weapon by name: its DISP comes from §8.2.",
            "Un oggetto o un'arma per nome: la sua DISP viene dal §8.2."),
           Kind.NAME, book="equipment"),
        _o("faction", ("faction", "fazione"),
           ("The buying gang's faction (rifle scope, lawmen, rangers).",
            "La fazione della banda che compra (mirino telescopico, uomini della legge, "
            "ranger)."),
           Kind.NAME, book="factions"),
    ),
    "explosion": (
        _o("explosive", ("explosive", "esplosivo"),
           ("dynamite (6) or nitroglycerin (10).",
            "dinamite (6) o nitroglicerina (10)."),
           Kind.NAME, required=True, book="explosives"),
        _o("rif", _RIF,
           ("RIF of the model in the blast.", "I RIFLESSI del personaggio nell'esplosione."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("cos", ("COS", "COS"),
           ("Its COS: wounds come off it.", "La sua COSTITUZIONE: le ferite si tolgono da lì."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("protection", ("protection", "protezione"),
           ("none, partial or total protection (table 8); needs ⟨cover_type⟩.",
            "protezione nessuna, parziale o totale (tabella 8); richiede ⟨cover_type⟩."),
           Kind.WORD, default="none", words=LEVELS),
        _o("cover_type", ("shelter", "riparo"),
           ("What shelters it (table 8): brick-wall, wooden-building, palisade, "
            "tree-hedge, big-rock, Italian names too.",
            "Che cosa lo ripara (tabella 8): muro di mattoni, costruzione in legno, palizzata, "
            "albero, siepe, grossa roccia, anche i nomi inglesi."),
           Kind.NAME, book="shelters"),
        _o("distance", ("distance (U)", "distanza (U)"),
           ("U from the blast's centre (0–5).", "U dal centro dell'esplosione (0–5)."),
           Kind.NUMBER, default=0, low=0, high=5),
        _o("unmoved", ("has not moved", "non si è mosso"),
           ("Has not moved this turn: may step away from dynamite.",
            "Non si è mosso in questo turno: può allontanarsi dalla dinamite."),
           Kind.FLAG),
        _o("short_fuse", ("short fuse", "miccia corta"),
           ("Dynamite with a short fuse: no step away; 1 in hand.",
            "Dinamite a miccia corta: nessuno si allontana; con 1 esplode in mano."),
           Kind.FLAG),
        _o("thrower", ("the thrower", "chi l'ha lanciata"),
           ("This model threw it: a short fuse on 1 blasts it.",
            "Questo personaggio l'ha lanciata: una miccia corta con 1 lo fa saltare."),
           Kind.FLAG),
        _o("whisky", ("whisky", "whisky"),
           ("The model drank whisky: −1 RIF on its saves (§8.3).",
            "Il personaggio ha bevuto whisky: −1 RIF nei tiri salvezza (§8.3)."),
           Kind.FLAG),
    ),
    "lasso": (
        _o("target_cos", ("target's COS", "COS del bersaglio"),
           ("The target's COS.", "La COSTITUZIONE del bersaglio."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("mount_cos", ("mount's COS", "COS della cavalcatura"),
           ("Its mount's COS, added to its own.",
            "La COSTITUZIONE della sua cavalcatura, sommata alla sua."),
           Kind.NUMBER, low=0, high=10),
        _o("mount", ("mount", "cavalcatura"),
           ("Its mount by name (horse, mule…): its COS is added.",
            "La sua cavalcatura per nome (cavallo, mulo…): si somma la sua COS."),
           Kind.NAME, book="mounts"),
        _o("rif", ("thrower's RIF", "RIF di chi lancia"),
           ("The thrower's RIF: roll the reflex test first (1 success, table 1).",
            "I RIFLESSI di chi lancia: prima il test di riflessi (1 successo, tabella 1)."),
           Kind.NUMBER, low=0, high=4),
        _o("cowboy", ("a cowboy throws", "lancia un cowboy"),
           ("A cowboy throws: −1 on each reflex die (§9.5).",
            "Lancia un cowboy: −1 a ogni dado dei riflessi (§9.5)."),
           Kind.FLAG),
        _IMBRANATO,
        _WHISKY,
    ),
}  # fmt: skip

#: The dice rolled at the table, typed in order; none: random dice.
DICE = _o(
    "dice", ("dice", "dadi"),
    ("Dice rolled at the table, in order (e.g. 2,4,4,4,3,5), instead of random ones.",
     "I dadi tirati al tavolo, in ordine (es. 2,4,4,4,3,5), invece di dadi casuali."),
    Kind.NAME,
)  # fmt: skip
#: The seed of the random dice: the same seed rolls the same dice.
SEED = _o(
    "seed", ("seed", "seme"),
    ("Seed for the random dice: same seed, same roll (0 to 2**63−1).",
     "Seme dei dadi casuali: stesso seme, stesso tiro (da 0 a 2**63−1)."),
    Kind.NUMBER, low=0, high=2**63 - 1,
)  # fmt: skip

#: The rerolls ``skirmish odds`` spends wisely (R-15): the model's, then the target's.
REROLLS: tuple[Option, ...] = (
    _o("fortuna", ("FORTUNA spent", "FORTUNA spesa"),
       ("FORTUNA points the model spends: each rerolls one of its own dice, wisely (R-15).",
        "Punti FORTUNA che il personaggio spende: ognuno ritira uno dei suoi dadi, con "
        "giudizio (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
    _o("fama", ("FAMA spent", "FAMA spesa"),
       ("FAMA points spent on the model's dice (its own, or a friend's within 5U) (R-15).",
        "Punti FAMA spesi sui dadi del personaggio (la sua, o di un amico entro 5U) (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
)  # fmt: skip
TARGET_REROLLS: tuple[Option, ...] = (
    _o("target_fortuna", ("target's FORTUNA spent", "FORTUNA del bersaglio"),
       ("FORTUNA points the target spends on its saving and panic dice (R-15).",
        "Punti FORTUNA che il bersaglio spende sui suoi dadi di salvezza e di panico (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
    _o("target_fama", ("target's FAMA spent", "FAMA del bersaglio"),
       ("FAMA points spent on the target's saving and panic dice (R-15).",
        "Punti FAMA spesi sui dadi di salvezza e di panico del bersaglio (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
)  # fmt: skip


# ---------------------------------------------------------------------------- rolling


def roll(test: str, options: Mapping[str, Any], *, seed: int | None, dice: str | None) -> Rolled:
    """Roll ``test`` with ``options`` (by parameter name; every declared input of the test, as
    the command passes them) on typed-in ``dice`` or random ones from ``seed``."""
    return ROLLERS[test](dict(options), seed, dice)
