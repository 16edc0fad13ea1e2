"""The combat situation, declared once: every input of a shooting action, a fight and the tests
inside them (tables 3 and 4, R-01…R-05, R-14 and the book's other modifiers).

Each ``Input`` says, in the engine's own terms, what a player would tell the table ("light
cover", "the target has not acted yet", "he drank whisky"): its id, its name and help (in
English, their Italian in the catalogue), the rule it comes from, its kind and choices, which
procedures take it, whose it is (the attacker's, the target's or the action's), where a front
end that tracks a game finds it (``Source``: asked at the table, read from the model, set by
the scenario) and the condition that must hold for it (``Requirement``). ``INPUTS`` is the one
list: ``skirmish roll``, ``skirmish odds`` and ``skirmish game`` build their options from it
(``cli.situation_options``), ``engine.combatant`` fills the inputs a campaign model
knows, and a web front end reads the same list.

The builders (``shoot_setup``, ``melee_setup``, ``nerve_model``, ``panic_model``,
``save_modifiers_of``, in ``engine.situation_value``) turn a ``Situation`` (the inputs given, by
``InputId``, each parsed to its kind) into the engine's setup, the one way for every front end
(a weapon and skills typed by name are parsed by ``engine.situation_words``); ``check_inputs``
here refuses an input whose condition does not hold for the models as far as the front end knows
them (``Known``).

To add a modifier of table 3: declare its input here, read it in the engine's rule (a field of
``setup`` and a ``Modifier`` in ``shooting.shot_modifiers``) and give the modifier's key a label
(``engine.explain_combat.LABELS``); every front end then offers it (docs/decisions.md).
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from skirmish.engine.input_ids import InputId
from skirmish.engine.setup import (
    Elevation,
    Immunity,
    Motion,
    MountPace,
)

# What a player types, parsed (``situation_words``); the front ends use those named ``as``
# from here too (``situation.choice_value``, ``parse_weapon``).
from skirmish.engine.situation_words import CHOICE_WORDS as CHOICE_WORDS
from skirmish.engine.situation_words import choice_label as choice_label
from skirmish.engine.situation_words import choice_value as choice_value
from skirmish.engine.situation_words import parse_weapon as parse_weapon
from skirmish.errors import RulesError, named
from skirmish.rules import find_faction, find_profile
from skirmish.rules.ids import FactionId, ProfileId
from skirmish.rules.model import Cover
from skirmish.translation import N_, NP_, Both, Message, NMessage, gettext


class Procedure(StrEnum):
    """The procedures that take situational inputs: ``skirmish roll`` has one command each."""

    NERVE = "nerve"  # R-01, the attacker's test on its own
    SHOOT = "shoot"
    MELEE = "melee"
    SAVE = "save"  # R-03, the target's saving rolls on their own
    PANIC = "panic"  # R-04, the target's panic test on its own


class Whose(StrEnum):
    """Whose fact an input is: the attacker's, the target's, or the action's own."""

    ATTACKER = "attacker"
    TARGET = "target"
    ACTION = "action"


class Source(StrEnum):
    """Where a front end that tracks a game (``skirmish game``, the web) finds an input.

    ``skirmish roll`` and ``skirmish odds`` know no models: they ask for every input but
    ``ROSTER_TABLE`` ones.
    """

    TABLE = "table"  # what the players see on the table: always asked (cover, range, aim…)
    MODEL = "model"  # the model's numbers, skills, injuries, items and state: read from it
    CARRIED = "carried"  # one of the items the model carries: asked, with a default
    SCENARIO = "scenario"  # the scenario sets it (night in Il testimone)
    ROSTER_TABLE = "roster-table"  # asked only where the model is known (its leader is near)


class Kind(StrEnum):
    """The kind of value an input takes."""

    FLAG = "flag"  # yes or no
    CHARACTERISTIC = "characteristic"  # 0–4 (§7.1), checked by the engine
    COUNT = "count"  # a whole number, 0 or more
    DISTANCE = "distance"  # U, 0 or more
    CHOICE = "choice"  # one of ``choices`` (a StrEnum)
    WEAPON = "weapon"  # a weapon's name (or bare hands in a fight)
    FACTION = "faction"  # a faction's name
    SKILLS = "skills"  # skills, NAME[:WEAPON] for those chosen for a weapon type


class Requirement(StrEnum):
    """A condition on who the models are that must hold for an input to be given."""

    MOUNTAIN_MEN_ATTACKER = "mountain-men-attacker"  # §9.6, R-04
    TWO_PISTOLS = "two-pistols"  # table 3: two pistols carried
    SOLDIER = "soldier"  # §9.10, R-02: a Soldato with two other soldiers in play
    GRINGO_TARGET = "gringo-target"  # §9.7, R-04
    INDIAN_TARGET = "indian-target"  # §9.11, R-02
    IMMUNITY = "immunity"  # the Capitano, Vicesceriffo or Sergente condition


#: The single-model procedures and whose inputs they take without the ``--target-`` prefix.
SUBJECT: dict[Procedure, Whose] = {
    Procedure.NERVE: Whose.ATTACKER,
    Procedure.SAVE: Whose.TARGET,
    Procedure.PANIC: Whose.TARGET,
}

#: Ids that would shadow a Python builtin as a parameter name.
_SHADOWING = frozenset({"range"})

#: Other soldiers a Soldato needs within 5U for his +1 (§9.10, R-02).
SOLDIERS_NEEDED = 2


class Input(NamedTuple):
    """One input of the combat situation, declared once for every front end.

    A named tuple rather than a frozen dataclass: it is as immutable and typed, and its class
    is made in a fifth of the time, which ``skirmish roll`` pays at every start (issue #2).
    """

    id: InputId  # the engine's word, snake_case: the key of a value, the name front ends derive
    # theirs from (the CLI's ``--cover``, the web's field ``cover``), the name a refusal gives
    name_en: str  # its name and help in English, the msgids of their Italian (the catalogue)
    help_en: str
    rule: str  # where it comes from: table 3, §, R-xx
    kind: Kind
    whose: Whose
    source: Source
    procedures: frozenset[Procedure]
    default: Any = None
    field: str | None = None  # the field it fills in the engine's setup; None: built by hand
    choices: type[StrEnum] | None = None
    aliases: tuple[str, ...] = ()  # other names accepted for it (``elevated``), same form
    requires: Requirement | None = None
    defaults: tuple[tuple[Procedure, Any], ...] = ()  # a procedure's own default

    def default_for(self, procedure: Procedure) -> Any:
        """The value when the input is not given to ``procedure``."""
        return dict(self.defaults).get(procedure, self.default)

    def alone(self, procedure: Procedure) -> bool:
        """Whether ``procedure`` tests this input's model on its own (no ``target_`` prefix)."""
        return SUBJECT.get(procedure) is self.whose and self.id.startswith("target_")

    def name_for(self, procedure: Procedure) -> str:
        """The input's name in ``procedure``: ``target_rif`` is ``rif`` in a saving roll on its
        own (the CLI's ``--rif``, the web's field ``rif``)."""
        return self.id.removeprefix("target_") if self.alone(procedure) else self.id

    def param_for(self, procedure: Procedure) -> str:
        """The command's parameter name for this input."""
        name = self.name_for(procedure)
        return name + "_" if name in _SHADOWING else name

    def name(self, lang: str) -> str:
        """The input's name in ``lang`` (``it`` or ``en``)."""
        return gettext(lang, self.name_en)

    def help(self, lang: str) -> str:
        """The input's help in ``lang`` (``it`` or ``en``), with its rule."""
        return gettext(lang, self.help_en)

    @property
    def name_it(self) -> str:
        """The input's Italian name (the catalogue's)."""
        return self.name("it")

    @property
    def help_it(self) -> str:
        """The input's Italian help (the catalogue's)."""
        return self.help("it")


_P = Procedure
_SHOOT = frozenset({_P.SHOOT})
_MELEE = frozenset({_P.MELEE})
_COMBAT = frozenset({_P.SHOOT, _P.MELEE})
_ACTING = frozenset({_P.NERVE, _P.SHOOT, _P.MELEE})
_PANICKING = frozenset({_P.SHOOT, _P.MELEE, _P.PANIC})
_SAVING = frozenset({_P.SHOOT, _P.MELEE, _P.SAVE})


def _i(
    id: InputId,
    name: str,
    help: str,
    rule: str,
    kind: Kind,
    whose: Whose,
    source: Source,
    procedures: frozenset[Procedure],
    **more: Any,
) -> Input:
    """An ``Input``, one line of the table below: its name and help in English, marked for the
    catalogue (``N_``) that holds their Italian."""
    if kind is Kind.FLAG:
        more.setdefault("default", False)
    return Input(id, name, help, rule, kind, whose, source, procedures, **more)


_A, _T, _X = Whose.ATTACKER, Whose.TARGET, Whose.ACTION
_TABLE, _MODEL, _CARRIED = Source.TABLE, Source.MODEL, Source.CARRIED

#: Every input of the combat situation, in the order the commands list them: the attacker's,
#: the action's, then the target's.
INPUTS: tuple[Input, ...] = (
    # ------------------------------------------------------------------ the attacker
    _i(InputId.TIRO, N_("TIRO"),
       N_("The shooter's TIRO (0–4)."),
       "R-02", Kind.CHARACTERISTIC, _A, _MODEL, _SHOOT, default=3, field="tiro"),
    _i(InputId.FRED, N_("FRED"),
       N_("The attacker's FRED for the nerve test (R-01)."),
       "R-01", Kind.CHARACTERISTIC, _A, _MODEL, _ACTING, default=3, field="fred"),
    _i(InputId.COS, N_("COS"),
       N_("The attacker's COS (fight roll; thrown reach COS×2 U)."),
       "R-05, R-14", Kind.CHARACTERISTIC, _A, _MODEL, _COMBAT, default=3, field="cos"),
    _i(InputId.WEAPON, N_("weapon"),
       N_("The attacker's weapon, Italian or English name: shooting, default six-shooter; a "
          "fight, a blade or improvised weapon, default bare hands."),
       "tables 5–7, R-05", Kind.WEAPON, _A, _CARRIED, _COMBAT,
       defaults=((_P.SHOOT, "six-shooter"),)),
    _i(InputId.SHAKEN, N_("shaken"),
       N_("The attacker is shaken: +1 on each nerve die; it cannot start a fight (R-01, R-05)."),
       "R-01, R-05", Kind.FLAG, _A, _MODEL, _ACTING),
    _i(InputId.TERRIFIED, N_("terrified"),
       N_("The attacker is terrified: it cannot act (§4.3.2)."),
       "§4.3.2, R-04", Kind.FLAG, _A, _MODEL, _ACTING),
    _i(InputId.SKILL, N_("skills"),
       N_("A skill, Italian or English, repeatable; FUCILIERE, GUERRIERO and PISTOLERO take the "
          "chosen weapon as NAME:WEAPON (default: the weapon in hand, if of that type)."),
       "§7.2", Kind.SKILLS, _A, _MODEL, _ACTING),
    _i(InputId.WHISKY, N_("whisky"),
       N_("The attacker drank whisky: +1 FRED for the game (§8.3)."),
       "§8.3, R-01", Kind.FLAG, _A, _MODEL, _ACTING, field="whisky"),
    _i(InputId.FACTION, N_("faction"),
       N_("The attacker's faction (mexicans: fanning also fires on 5; mountain men: their "
          "charge)."),
       "§9.6, §9.7", Kind.FACTION, _A, _MODEL, _COMBAT),
    _i(InputId.MOVING, N_("firing on the move"),
       N_("Firing from a horse/vehicle: normal (trot) −1, fast (gallop) −2."),
       "table 3", Kind.CHOICE, _A, _TABLE, _SHOOT, default=Motion.NONE, choices=Motion,
       field="moving"),
    _i(InputId.TWO_PISTOLS, N_("two pistols"),
       N_("Firing two pistols (two carried): −1 unless BOUNTY KILLER."),
       "table 3, §7.2", Kind.FLAG, _A, _TABLE, _SHOOT, field="two_pistols",
       requires=Requirement.TWO_PISTOLS),
    _i(InputId.NEAR_TWO_SOLDIERS,
       N_("two soldiers within 5U"),
       N_("A Soldato within 5U of two other soldiers: +1."),
       "R-02, §9.10", Kind.FLAG, _A, _TABLE, _SHOOT, field="near_two_soldiers",
       requires=Requirement.SOLDIER),
    _i(InputId.ORBO, N_("Orbo"),
       N_("Invalid 'Orbo': cannot shoot beyond 18U."),
       "R-10, §6.5", Kind.FLAG, _A, _MODEL, _SHOOT, field="orbo"),
    _i(InputId.MANO_MOZZATA, N_("Mano mozzata"),
       N_("Invalid 'Mano mozzata': no two-handed weapons (§6.5)."),
       "R-10, §6.5", Kind.FLAG, _A, _MODEL, _COMBAT, field="mano_mozzata"),
    _i(InputId.MALATTIA, N_("Malattia"),
       N_("Invalid 'Malattia': −1 COS in fight rolls."),
       "R-05, §6.5", Kind.FLAG, _A, _MODEL, _MELEE, field="malattia"),
    _i(InputId.ROUNDS, N_("rounds loaded"),
       N_("Rounds loaded in a repeater, musket or carbine: 7 or 17."),
       "R-14", Kind.COUNT, _A, _TABLE, _SHOOT, field="rounds"),
    _i(InputId.SCOPE, N_("rifle scope"),
       N_("Rifle scope: +4U long range."),
       "§8.3, R-02", Kind.FLAG, _A, _MODEL, _SHOOT, field="scope"),
    _i(InputId.MOUNTED, N_("mounted"),
       N_("The attacker is on a horse: +2."),
       "table 4", Kind.FLAG, _A, _TABLE, _MELEE, field="mounted"),
    _i(InputId.PRONE, N_("on the ground"),
       N_("The attacker is on the ground: −1."),
       "table 4", Kind.FLAG, _A, _MODEL, _MELEE, field="prone"),
    _i(InputId.BEAR_HUNTER, N_("Cacciatore di orsi"),
       N_("Cacciatore di orsi: +1 (§9.6)."),
       "R-05, §9.6", Kind.FLAG, _A, _MODEL, _MELEE, field="bear_hunter"),
    # ------------------------------------------------------------------ the action
    _i(InputId.RANGE, N_("range"),
       N_("Distance to the target in U. Default: within the weapon's long range, beyond short "
          "range (no range modifier); when fanning, within short range."),
       "table 3, R-02", Kind.DISTANCE, _X, _TABLE, _SHOOT),
    _i(InputId.AIM, N_("aim"),
       N_("Aim: +1 on the first shot (not after moving)."),
       "R-02(b), table 3", Kind.FLAG, _X, _TABLE, _SHOOT, field="aim"),
    _i(InputId.MOVED, N_("moved"),
       N_("The shooter took a movement action this turn."),
       "R-02(b)", Kind.FLAG, _X, _TABLE, _SHOOT, field="moved"),
    _i(InputId.SHOTS, N_("shots"),
       N_("Shots declared this action."),
       "R-02(a), tables 5–7", Kind.COUNT, _X, _TABLE, _SHOOT, default=1, field="shots"),
    _i(InputId.FANNING, NP_("input", "fanning"),
       N_("Empty the six-shooter's cylinder (6D6, R-14)."),
       "R-14, §5.2.2", Kind.FLAG, _X, _TABLE, _SHOOT, field="fanning"),
    _i(InputId.FIRST_SMALL_PISTOL,
       N_("small pistol's first use"),
       N_("The small pistol's first use this game: its first hit within short range gives +1 to "
          "the saving roll."),
       "R-03, §5.2.1", Kind.FLAG, _X, _MODEL, _SHOOT, field="first_small_pistol"),
    _i(InputId.COVER, N_("cover"),
       N_("Target's cover: none, light −1, partial −2, full."),
       "table 3, §4.2.1", Kind.CHOICE, _X, _TABLE, _SHOOT, default=Cover.NONE, choices=Cover,
       field="cover"),
    _i(InputId.TARGET_WAITING, N_("target has not acted"),
       N_("The target has not yet taken its turn: +1."),
       "table 3, R-18", Kind.FLAG, _X, _TABLE, _COMBAT, field="target_waiting"),
    _i(InputId.BEHIND, N_("from behind"),
       N_("The attacker is behind the target: save +2 (R-03)."),
       "R-03", Kind.FLAG, _X, _TABLE, _SAVING, field="behind"),
    _i(InputId.TARGET_NOT_IN_VIEW,
       N_("target not in view"),
       N_("Target not in view at the start of the turn: −1."),
       "table 3", Kind.FLAG, _X, _TABLE, _SHOOT, field="target_not_in_view"),
    _i(InputId.OPPORTUNITY, N_("opportunity fire"),
       N_("Opportunity fire: no bonus at all, target moving −1 (R-16)."),
       "§4.2.3, R-16", Kind.FLAG, _X, _TABLE, _SHOOT, field="opportunity"),
    _i(InputId.NIGHT, N_("night"),
       N_("Night (The witness): −1 beyond 20U."),
       "R-02, §10.5", Kind.FLAG, _X, Source.SCENARIO, _SHOOT, field="night"),
    _i(InputId.TEMPLATE_POSITION,
       N_("place under the template"),
       N_("Sawn-off: this model's place under the template (after the first: −1)."),
       "R-14", Kind.COUNT, _X, _TABLE, _SHOOT, default=1, field="template_position"),
    _i(InputId.ELEVATION, N_("higher ground"),
       N_("Who stands higher: attacker +1, defender −1."),
       "table 4", Kind.CHOICE, _X, _TABLE, _MELEE, default=Elevation.NONE, choices=Elevation,
       field="elevation", aliases=("elevated",)),
    _i(InputId.MOUNTAIN_MEN_CHARGE,
       N_("charged by mountain men"),
       N_("Mountain men charged in: +1 on each panic die (§9.6)."),
       "R-04, §9.6", Kind.FLAG, _X, _TABLE, frozenset({_P.MELEE, _P.PANIC}),
       field="mountain_men_charge", aliases=("charge",),
       requires=Requirement.MOUNTAIN_MEN_ATTACKER),
    # ------------------------------------------------------------------ the target
    _i(InputId.TARGET_WEAPON, N_("defender's weapon"),
       N_("The defender's weapon. Default: bare hands."),
       "table 4, R-05", Kind.WEAPON, _T, _CARRIED, _MELEE),
    _i(InputId.TARGET_MOUNT, N_("target's horse"),
       N_("Target's horse: still, trot +2, gallop +1; a 7 hits it."),
       "table 3, R-02(c)", Kind.CHOICE, _T, _TABLE, _SHOOT, default=MountPace.NONE,
       choices=MountPace, field="mount"),
    _i(InputId.TARGET_MOUNTED, N_("defender mounted"),
       N_("The defender is on a horse: −2."),
       "table 4", Kind.FLAG, _T, _TABLE, _MELEE),
    _i(InputId.TARGET_PRONE, N_("target prone"),
       N_("The target lies prone."),
       "table 3, table 4, R-04", Kind.FLAG, _T, _MODEL, _PANICKING, field="prone"),
    _i(InputId.TARGET_IMBRANATO, N_("Imbranato target"),
       N_("Target is an invalid 'Imbranato': +1 on its reflex dice."),
       "R-06, §6.5", Kind.FLAG, _T, _MODEL, _SHOOT, field="imbranato"),
    _i(InputId.INDIAN_HIDDEN,
       N_("indian partly hidden"),
       N_("Target an indian partly hidden, outside town: −1 beyond 20U."),
       "R-02, §9.11", Kind.FLAG, _T, _TABLE, _SHOOT, field="indian_hidden",
       requires=Requirement.INDIAN_TARGET),
    _i(InputId.TARGET_RIF, N_("target's RIF"),
       N_("Target's RIF: roll its saving rolls (R-03)."),
       "R-03", Kind.CHARACTERISTIC, _T, _MODEL, _SAVING, field="rif",
       defaults=((_P.SAVE, 3),)),
    _i(InputId.TARGET_FRED, N_("target's FRED"),
       N_("Target's FRED: roll its panic test (R-04)."),
       "R-04", Kind.CHARACTERISTIC, _T, _MODEL, _PANICKING, field="fred",
       defaults=((_P.PANIC, 3),)),
    _i(InputId.TARGET_COS, N_("target's COS"),
       N_("Target's COS: take the wounds off it (COS ≤ 0: out)."),
       "R-03, §6.1", Kind.CHARACTERISTIC, _T, _MODEL, _SAVING, field="cos"),
    _i(InputId.TARGET_SHAKEN, N_("target shaken"),
       N_("The target is already shaken."),
       "table 4, R-04", Kind.FLAG, _T, _MODEL, _PANICKING),
    _i(InputId.TARGET_TERRIFIED, N_("target terrified"),
       N_("The target is already terrified."),
       "table 3, table 4, R-04", Kind.FLAG, _T, _MODEL, _PANICKING),
    _i(InputId.TARGET_SKILL, N_("target's skills"),
       N_("A skill of the target (PREDICATORE, BUON CAVALIERE), repeatable."),
       "§7.2", Kind.SKILLS, _T, _MODEL, _PANICKING),
    _i(InputId.LEADER_FRED, N_("leader's FRED"),
       N_("FRED of the target's leader within 5U, used if higher (R-04; only the Sheriff, Boss, "
          "Ranchero, Killer and Chief lend it, R-17)."),
       "R-04, R-17", Kind.CHARACTERISTIC, _T, _MODEL, _PANICKING, field="leader_fred"),
    _i(InputId.LEADER_NEAR, N_("leader within 5U"),
       N_("The target's leader is within 5U and lends his FRED (R-04, R-17)."),
       "R-04, R-17", Kind.FLAG, _T, Source.ROSTER_TABLE, _COMBAT),
    _i(InputId.FRIENDS, N_("friends within 5U"),
       N_("Friendly models within 5U of the target (PREDICATORE, Volontario)."),
       "R-04, §7.2, §9.3", Kind.COUNT, _T, _TABLE, _PANICKING, default=0, field="friends"),
    _i(InputId.VOLUNTEER, N_("Volontario"),
       N_("The target is a lawmen's Volontario: +1 FRED with a friend."),
       "R-04, §9.3", Kind.FLAG, _T, _MODEL, _PANICKING, field="volunteer"),
    _i(InputId.GRINGO_FAR, N_("Gringo far from his leader"),
       N_("The target is a Gringo over 15U from his leader: +1 on each panic die."),
       "R-04, §9.7", Kind.FLAG, _T, _TABLE, _PANICKING, field="gringo_far",
       requires=Requirement.GRINGO_TARGET),
    _i(InputId.IMMUNE, N_("never tests panic"),
       N_("The target never tests panic: capitano (he and his friends within 5U), vicesceriffo "
          "(his Sceriffo within 5U, not terrified) or sergente (two soldiers within 5U) (R-04)."),
       "R-04, §9.3, §9.10", Kind.CHOICE, _T, _TABLE, _PANICKING, choices=Immunity,
       field="immunity", requires=Requirement.IMMUNITY),
    _i(InputId.SALOON_GIRL, N_("saloon girl"),
       N_("The target is a saloon girl: +1 on each nerve die."),
       "R-01, §9.12", Kind.FLAG, _T, _MODEL, _ACTING, field="saloon_girl"),
    _i(InputId.TARGET_WHISKY, N_("target drank whisky"),
       N_("The target drank whisky: +1 FRED in its panic test, −1 RIF in its saves (§8.3)."),
       "§8.3, R-03, R-04", Kind.FLAG, _T, _MODEL, _PANICKING | _SAVING, field="whisky"),
    # ------------------------------------------------------------------ a single test's own
    _i(InputId.FIGHT, N_("for a fight"),
       N_("For a fight (PUGILE counts) rather than a shot."),
       "R-01", Kind.FLAG, _X, _TABLE, frozenset({_P.NERVE})),
    _i(InputId.DAMAGE, N_("damage"),
       N_("Damage points taken: one roll each."),
       "R-03", Kind.COUNT, _X, _TABLE, frozenset({_P.SAVE}), default=1),
    _i(InputId.BLADE, N_("blade"),
       N_("Struck with a blade in a fight: +1."),
       "R-03, §4.3", Kind.FLAG, _X, _TABLE, frozenset({_P.SAVE})),
    _i(InputId.SMALL_PISTOL_FIRST,
       N_("small pistol's first hit"),
       N_("The small pistol's first hit this game, short range: +1."),
       "R-03, §5.2.1", Kind.FLAG, _X, _TABLE, frozenset({_P.SAVE})),
)  # fmt: skip

_BY_ID: dict[str, Input] = {i.id: i for i in INPUTS}

#: What ``skirmish roll`` and ``skirmish odds`` ask: everything but what only a roster knows.
ROLL_SOURCES = frozenset(Source) - {Source.ROSTER_TABLE}
#: What a tracked game asks: the table's facts and a choice among the items carried; the
#: model's numbers, skills, injuries, items and state come from the roster and the game, the
#: night from the scenario (``engine.combatant``).
GAME_SOURCES = frozenset({Source.TABLE, Source.CARRIED, Source.ROSTER_TABLE})


def find_input(input_id: str) -> Input:
    """The input declared as ``input_id``."""
    return _BY_ID[input_id]


def inputs_for(
    procedure: Procedure, sources: frozenset[Source] = frozenset(Source)
) -> tuple[Input, ...]:
    """The inputs ``procedure`` takes from ``sources``, in the order of ``INPUTS``."""
    return tuple(i for i in INPUTS if procedure in i.procedures and i.source in sources)


# ---------------------------------------------------------------------------- conditions


class Known(NamedTuple):
    """Who the two models are, as far as a front end knows, for the inputs' conditions (a named
    tuple, like ``Input``, to keep ``skirmish roll``'s start cheap).

    ``None`` is "not known": ``skirmish roll`` knows only the faction it was given and takes
    the player's word for the rest; a tracked game knows everything from the roster and the
    board (``engine.combatant.known_of``).
    """

    attacker_faction: str | None = None
    attacker_profile: str | None = None
    attacker_pistols: int | None = None  # pistols the attacker carries
    attacker_soldiers: int | None = None  # other soldiers of its gang still in play
    target_faction: str | None = None
    target_profile: str | None = None
    target_immunities: frozenset[Immunity] | None = None  # those whose condition holds


#: What each immunity needs (R-04), for the refusal.
IMMUNITY_CONDITIONS: dict[Immunity, str] = {
    Immunity.CAPITANO: N_("the Capitano himself or a friend of his in play (§9.10)"),
    Immunity.VICESCERIFFO: N_("a Vicesceriffo whose Sceriffo is in play and not terrified (§9.3)"),
    Immunity.SERGENTE: N_("a Sergente with at least two soldiers of his gang in play (§9.10)"),
}


def _faction_name(faction: str) -> Both:
    found = find_faction(faction)
    return Both(found.name_en.lower(), found.name_it.lower())


def _profile_name(profile: str) -> str:
    return find_profile(profile).name_it


def _unmet(input_: Input, value: Any, known: Known) -> Message | None:
    """Why ``input_`` given as ``value`` does not hold for the models ``known``; None if it
    may."""
    # The ids only here, where a condition is checked: ``skirmish roll`` seldom gets this far.

    said = named(input_.id)
    match input_.requires:
        case Requirement.MOUNTAIN_MEN_ATTACKER:
            faction = known.attacker_faction
            if faction is not None and faction != FactionId.MOUNTAIN_MEN:
                return Message(
                    "{said}: only mountain men's charges add +1 to the panic test (§9.6, R-04), "
                    "and the attacker is one of the {faction}; drop {said}.",
                    said=said,
                    faction=_faction_name(faction),
                )
        case Requirement.TWO_PISTOLS:
            pistols = known.attacker_pistols
            if pistols is not None and pistols < 2:
                return NMessage(
                    "{said}: the shooter carries {n} pistol and firing two pistols needs two "
                    "(table 3); drop {said}.",
                    "{said}: the shooter carries {n} pistols and firing two pistols needs two "
                    "(table 3); drop {said}.",
                    pistols,
                    said=said,
                )
        case Requirement.SOLDIER:
            profile, others = known.attacker_profile, known.attacker_soldiers
            if profile is not None and profile != ProfileId.SOLDIER:
                return Message(
                    "{said}: the +1 within 5U of two other soldiers is the Soldato's (§9.10, "
                    "R-02), and the shooter is a {profile}; drop {said}.",
                    said=said,
                    profile=_profile_name(profile),
                )
            if others is not None and others < SOLDIERS_NEEDED:
                return NMessage(
                    "{said}: the shooter has {n} other soldier in play and needs {needed} "
                    "within 5U (§9.10, R-02); drop {said}.",
                    "{said}: the shooter has {n} other soldiers in play and needs {needed} "
                    "within 5U (§9.10, R-02); drop {said}.",
                    others,
                    said=said,
                    needed=SOLDIERS_NEEDED,
                )
        case Requirement.GRINGO_TARGET:
            profile = known.target_profile
            if profile is not None and profile != ProfileId.GRINGO:
                return Message(
                    "{said}: only a Gringo far from his leader tests panic at +1 (§9.7, R-04), "
                    "and the target is a {profile}; drop {said}.",
                    said=said,
                    profile=_profile_name(profile),
                )
        case Requirement.INDIAN_TARGET:
            faction = known.target_faction
            if faction is not None and faction != FactionId.INDIANS:
                return Message(
                    "{said}: only indians are partly hidden beyond 20U (§9.11, R-02), and the "
                    "target is one of the {faction}; drop {said}.",
                    said=said,
                    faction=_faction_name(faction),
                )
        case Requirement.IMMUNITY:
            holding = known.target_immunities
            if holding is not None and value not in holding:
                immunity = Immunity(value)
                return Message(
                    "{said} {immunity}: the immunity needs {condition}, which the target is not "
                    "(R-04); drop {said}.",
                    said=said,
                    immunity=immunity.value,
                    condition=Message(IMMUNITY_CONDITIONS[immunity]),
                )
    return None


def check_inputs(procedure: Procedure, values: Mapping[InputId, object], known: Known) -> None:
    """Refuse an input given to ``procedure`` whose condition does not hold for the models
    ``known`` (§9, R-04, table 3), with the rule and what to do."""
    for input_ in inputs_for(procedure):
        value = values.get(input_.id)
        if input_.requires is None or value is None or value is False:
            continue
        problem = _unmet(input_, value, known)
        if problem is not None:
            raise RulesError(problem)
