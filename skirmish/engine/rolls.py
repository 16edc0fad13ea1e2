"""Every roll of ``skirmish roll`` and the web's dice roller, declared once: each test's inputs
(name and help in English, their Italian in the catalogue; kind, range, default), the typed-in
dice, and how the given values roll.

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

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from skirmish.engine.rollers import LEADERS, LEVELS, ROLLERS, SIDE_STEPS
from skirmish.engine.rollers import Rolled as Rolled  # what ``roll`` returns
from skirmish.engine.rollers import reflex_check as reflex_check  # used by ``odds.chances``
from skirmish.i18n import Lang
from skirmish.translation import N_, gettext


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
    name_en: str  # its name and help in English, the msgids of their Italian (the catalogue)
    help_en: str
    kind: Kind
    default: Any = None
    required: bool = False
    low: int | None = None  # the range a front end offers (the engine checks its own)
    high: int | None = None
    words: Mapping[str, tuple[str, ...]] | None = None  # WORD: each key's names, English first
    book: str | None = None  # NAME(S): the list of the book it names (``BOOKS``), for hints

    def name(self, lang: Lang | str) -> str:
        """The input's name in ``lang``."""
        return gettext(str(lang), self.name_en)

    def help(self, lang: Lang | str) -> str:
        """The input's help in ``lang``."""
        return gettext(str(lang), self.help_en)

    @property
    def name_it(self) -> str:
        """The input's Italian name (the catalogue's)."""
        return self.name("it")

    @property
    def help_it(self) -> str:
        """The input's Italian help (the catalogue's)."""
        return self.help("it")


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


def _o(id: str, name: str, help: str, kind: Kind, **more: Any) -> Option:
    """An ``Option``, one line of the tables below: its name and help in English, marked for the
    catalogue (``N_``) that holds their Italian."""
    if kind is Kind.FLAG:
        more.setdefault("default", False)
    return Option(id, name, help, kind, **more)


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

#: Each test in one line (``skirmish roll --help``, the web's lists), its Italian in the
#: catalogue.
TITLES: dict[str, str] = {
    "nerve": N_("Nerve test (R-01): 2D6 against FRED before shooting or fighting."),
    "shoot": N_("Shoot (R-01–R-04, R-14): nerve, shots, saves and panic."),
    "melee": N_("Fight (R-05): nerve, fight roll, saves and panic."),
    "save": N_("Saving rolls (R-03): 1D6 + modifiers − RIF per damage."),
    "panic": N_("Panic test (R-04): 2D6 against FRED; shaken, terrified, prone."),
    "reflex": N_("Reflex test (R-06): 2D6 against RIF, 1 or 2 successes."),
    "initiative": N_("Initiative (R-07): 1D6 + RIF + unused FAMA, or a roll-off."),
    "cohesion": N_("Cohesion test (R-08): 1D6 ± leader against the highest FRED."),
    "infamy": N_("Infamy test (R-09): 1D6 after a retreat; a 1 costs FAMA."),
    "recovery": N_("Recovery (R-10): 1D6 + doctor after the game."),
    "skill": N_("New skill (R-11): 2D6 on the new-skills table."),
    "availability": N_("Availability (R-12): 1D6 equal to or above DISP before buying."),
    "explosion": N_("Explosion (R-14): dynamite or nitroglycerin on one model."),
    "lasso": N_("Lasso (R-14): reflex test, then 1D6 against COS."),
}


def title(test: str, lang: Lang | str) -> str:
    """The one line of ``test`` in ``lang``."""
    return gettext(str(lang), TITLES[test])


# ---------------------------------------------------------------------------- the declaration

_RIF = N_("RIF")
_IMBRANATO = _o(
    "imbranato", N_("Imbranato"),
    N_("Invalid 'Imbranato' (clumsy): +1 on each die (§6.5)."),
    Kind.FLAG,
)  # fmt: skip
_WHISKY = _o(
    "whisky", N_("whisky"),
    N_("Drank whisky: −1 RIF, +1 on each reflex die (§8.3)."),
    Kind.FLAG,
)  # fmt: skip

#: The inputs of each test that is not a shot or a fight, in the order the commands list them.
OPTIONS: dict[str, tuple[Option, ...]] = {
    "reflex": (
        _o("rif", _RIF, N_("The model's RIF (0–4)."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("need", N_("successes needed"),
           N_("Successes needed: 1 (default), or 2 for actions marked '2 dadi su 2' (table 1)."),
           Kind.NUMBER, low=1, high=2),
        # the actions of table 1 that need a reflex test, written out rather than read
        # from the rules data so that loading 'roll' parses no table (issue #2); a test checks
        # this list against the data
        _o("action", N_("action"),
           N_("The action of table 1 that needs a reflex test: climb, mount-trotting, "
              "mount-galloping, jump-6 or lasso-catch (or their names in the book); sets ⟨need⟩, "
              "and ⟨horse⟩ or ⟨lasso⟩."),
           Kind.NAME, book="actions"),
        _o("side_step", N_("sideways move"),
           N_("Mounted sideways move: normal (+1) or fast (+2) (table 2)."),
           Kind.WORD, words=SIDE_STEPS),
        _o("backing", N_("backing a horse"),
           N_("Backing a horse up: +2 (table 2)."),
           Kind.FLAG),
        _o("horse", N_("on horseback"),
           N_("A test on horseback (mount, dismount…): BUON CAVALIERE −1."),
           Kind.FLAG),
        _o("enemies", N_("enemies engaged"),
           N_("Disengaging from N enemies: +1 per enemy beyond the first (§4.3.1)."),
           Kind.NUMBER, default=0, low=0),
        _o("buon_cavaliere", N_("BUON CAVALIERE"),
           N_("Skill BUON CAVALIERE: −1 on horse tests (§7.2)."),
           Kind.FLAG),
        _o("lasso", N_("lasso throw"),
           N_("Throwing a lasso (table 1)."), Kind.FLAG),
        _o("cowboy", N_("cowboy"),
           N_("A cowboy: −1 on lasso tests (§9.5)."),
           Kind.FLAG),
        _IMBRANATO,
        _WHISKY,
        _o("opportunity", N_("opportunity fire"),
           N_("Opportunity fire: every penalty doubled (§4.2.3)."),
           Kind.FLAG),
    ),
    "initiative": (
        _o("rif", _RIF, N_("The model's RIF (0–4)."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("fama", N_("unused FAMA"),
           N_("Unused FAMA of the model or a friend within 5U (§1.8)."),
           Kind.NUMBER, default=0, low=0, high=4),
        _o("nervi_scossi", N_("Nervi scossi"),
           N_("Invalid 'Nervi scossi': a natural 1 shakes it."),
           Kind.FLAG),
        _o("against_rif", N_("opponent's RIF"),
           N_("The opponent model's RIF: roll off against it."),
           Kind.NUMBER, low=0, high=4),
        _o("against_fama", N_("opponent's unused FAMA"),
           N_("The opponent's unused FAMA within 5U."),
           Kind.NUMBER, default=0, low=0, high=4),
        _o("against_nervi_scossi",
           N_("opponent has Nervi scossi"),
           N_("The opponent model has 'Nervi scossi'."),
           Kind.FLAG),
    ),
    "cohesion": (
        _o("highest_fred", N_("highest FRED"),
           N_("The highest FRED among the gang's models in play."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("leader", N_("leader"),
           N_("alive (−1), dead (+1) or none for gangs with no leader (mountain men, rangers)."),
           Kind.WORD, default="alive", words=LEADERS),
    ),
    "infamy": (
        _o("fama", N_("FAMA in the gang"),
           N_("Whether any model of the gang has FAMA."),
           Kind.SWITCH, default=True),
        _o("fortuna", N_("FORTUNA in the gang"),
           N_("Whether any model of the gang has FORTUNA."),
           Kind.SWITCH, default=True),
    ),
    "recovery": (
        _o("cos", N_("COS"),
           N_("The eliminated model's COS (0–4)."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("fortuna", N_("FORTUNA"),
           N_("Its FORTUNA: with 1 or more it rerolls a 'dead'."),
           Kind.NUMBER, default=0, low=0, high=4),
        _o("doctor", N_("doctor"),
           N_("bone-setter (+1, 5$) or graduate (+2, 20$) (§6.5)."),
           Kind.NAME, book="doctors"),
        _o("own_doctor", N_("the gang's own doctor"),
           N_("The doctor is a gang member with DOTTORE: no fee."),
           Kind.FLAG),
        _o("has_invalid", N_("invalidities it has"),
           N_("An invalidity the model already has (rolled again, H-07), repeatable."),
           Kind.NAMES, book="invalidities"),
    ),
    "skill": (
        _o("owned", N_("skills it has"),
           N_("A skill the model has (rolled again if it comes up), repeatable."),
           Kind.NAMES, book="skills"),
        _o("cacciatore", N_("take CACCIATORE"),
           N_("Mountain men: take CACCIATORE instead of rolling (§9.6); needs ⟨faction⟩."),
           Kind.FLAG),
        _o("faction", N_("faction"),
           N_("The model's faction (for ⟨cacciatore⟩)."),
           Kind.NAME, book="factions"),
    ),
    "availability": (
        _o("disp", N_("DISP"),
           N_("The item's DISP (§8.2): roll it or more."),
           Kind.NUMBER, low=1, high=6),
        _o("item", N_("item"),
           N_("An item or weapon by name: its DISP comes from §8.2."),
           Kind.NAME, book="equipment"),
        _o("faction", N_("faction"),
           N_("The buying gang's faction (rifle scope, lawmen, rangers)."),
           Kind.NAME, book="factions"),
    ),
    "explosion": (
        _o("explosive", N_("explosive"),
           N_("dynamite (6) or nitroglycerin (10)."),
           Kind.NAME, required=True, book="explosives"),
        _o("rif", _RIF,
           N_("RIF of the model in the blast."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("cos", N_("COS"),
           N_("Its COS: wounds come off it."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("protection", N_("protection"),
           N_("none, partial or total protection (table 8); needs ⟨cover_type⟩."),
           Kind.WORD, default="none", words=LEVELS),
        _o("cover_type", N_("shelter"),
           N_("What shelters it (table 8): brick-wall, wooden-building, palisade, "
              "tree-hedge, big-rock, Italian names too."),
           Kind.NAME, book="shelters"),
        _o("distance", N_("distance (U)"),
           N_("U from the blast's centre (0–5)."),
           Kind.NUMBER, default=0, low=0, high=5),
        _o("unmoved", N_("has not moved"),
           N_("Has not moved this turn: may step away from dynamite."),
           Kind.FLAG),
        _o("short_fuse", N_("short fuse"),
           N_("Dynamite with a short fuse: no step away; 1 in hand."),
           Kind.FLAG),
        _o("thrower", N_("the thrower"),
           N_("This model threw it: a short fuse on 1 blasts it."),
           Kind.FLAG),
        _o("whisky", N_("whisky"),
           N_("The model drank whisky: −1 RIF on its saves (§8.3)."),
           Kind.FLAG),
    ),
    "lasso": (
        _o("target_cos", N_("target's COS"),
           N_("The target's COS."),
           Kind.NUMBER, required=True, low=0, high=4),
        _o("mount_cos", N_("mount's COS"),
           N_("Its mount's COS, added to its own."),
           Kind.NUMBER, low=0, high=10),
        _o("mount", N_("mount"),
           N_("Its mount by name (horse, mule…): its COS is added."),
           Kind.NAME, book="mounts"),
        _o("rif", N_("thrower's RIF"),
           N_("The thrower's RIF: roll the reflex test first (1 success, table 1)."),
           Kind.NUMBER, low=0, high=4),
        _o("cowboy", N_("a cowboy throws"),
           N_("A cowboy throws: −1 on each reflex die (§9.5)."),
           Kind.FLAG),
        _IMBRANATO,
        _WHISKY,
    ),
}  # fmt: skip

#: The dice rolled at the table, typed in order; none: random dice.
DICE = _o(
    "dice", N_("dice"),
    N_("Dice rolled at the table, in order (e.g. 2,4,4,4,3,5), instead of random ones."),
    Kind.NAME,
)  # fmt: skip
#: The seed of the random dice: the same seed rolls the same dice.
SEED = _o(
    "seed", N_("seed"),
    N_("Seed for the random dice: same seed, same roll (0 to 2**63−1)."),
    Kind.NUMBER, low=0, high=2**63 - 1,
)  # fmt: skip

#: The rerolls ``skirmish odds`` spends wisely (R-15): the model's, then the target's.
REROLLS: tuple[Option, ...] = (
    _o("fortuna", N_("FORTUNA spent"),
       N_("FORTUNA points the model spends: each rerolls one of its own dice, wisely (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
    _o("fama", N_("FAMA spent"),
       N_("FAMA points spent on the model's dice (its own, or a friend's within 5U) (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
)  # fmt: skip
TARGET_REROLLS: tuple[Option, ...] = (
    _o("target_fortuna", N_("target's FORTUNA spent"),
       N_("FORTUNA points the target spends on its saving and panic dice (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
    _o("target_fama", N_("target's FAMA spent"),
       N_("FAMA points spent on the target's saving and panic dice (R-15)."),
       Kind.NUMBER, default=0, low=0, high=4),
)  # fmt: skip


# ---------------------------------------------------------------------------- rolling


def roll(test: str, options: Mapping[str, Any], *, seed: int | None, dice: str | None) -> Rolled:
    """Roll ``test`` with ``options`` (by parameter name; every declared input of the test, as
    the command passes them) on typed-in ``dice`` or random ones from ``seed``."""
    return ROLLERS[test](dict(options), seed, dice)
