"""The catalogue of a game's actions (issue #20): each declared once, below the front ends.

An entry (``Command``) says what a player may do in a game: its name in both languages (the
word typed at the command line and in the walker, the label of the phone's button), its help
and example, its inputs as typed ``Field``s (for a shot or a fight, with the combat situation
of ``engine.situation``'s declaration), which field names the model acting and which the model
it is done to, who may do it (``grants.GameAction``), when it is offered to a model
(``situations``: the services' own checks, read ahead), the dice it asks for in their order (the
engine's purposes), and what it calls (``run``: one service of ``campaign.game``, in
``runs.py``, whose lines explain the dice in the engine's words).

The front ends are built from it:

- ``skirmish game``: each command's name, its Italian names and its help (``cli/game.py``);
- the walker (``game play``): its menu, in the order and the words declared here;
- the phone (``web/game_flow.py``, ``web/game_perform.py``): the actions offered to a model,
  their fields, the call;
- ``/api/v1``: one route per action with its own request schema (``web/action_schema.py``).

``tests/campaign/test_commands.py`` walks the catalogue and checks every front end has every
action with the same inputs; the differential tests run the same dice through the command line
and the web and compare the rows.

The catalogue decides no rule: an offer is a convenience, and the service the action calls
checks everything again inside its unit of work; its refusal is what the player reads.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.campaign.game import situations
from skirmish.campaign.game import step_fields as steps
from skirmish.campaign.game.fields import (
    ATTACKER,
    BY,
    CAUGHT,
    CIVILIANS,
    COPY,
    EVENT,
    GANG,
    GUARD,
    INFAMY_LATER,
    ITEM,
    LASSO_TARGET,
    MEMBER,
    NEAR,
    NEAR_THROWER,
    OBJECTIVE,
    PACE,
    POINT,
    ROUNDS,
    SHORT_FUSE,
    SIDE,
    STATE,
    TARGET,
    THROWER,
    VERDICT,
    WEAPON,
    WITHDRAW,
    WOUNDS,
    Field,
    Kind,
    Values,
    Words,
)  # fmt: skip
from skirmish.campaign.game.grants import GameAction
from skirmish.campaign.game.runs import (
    Inputs,
    Run,
    drink,
    eliminate,
    explosion,
    fight,
    fighter,
    has_enemy,
    hit,
    horse,
    lasso,
    leave,
    move,
    objective,
    reload,
    retreat,
    shoot,
    shooter,
    spend,
    spends,
    state,
    unjam,
)  # fmt: skip
from skirmish.campaign.game.situations import Figure, Table
from skirmish.engine.glossary import label
from skirmish.engine.situation import Procedure
from skirmish.engine.situation_value import Situation
from skirmish.errors import RulesError, shown
from skirmish.i18n import Lang
from skirmish.translation import Message

W = Words


class Place(StrEnum):
    """Where a front end offers an action."""

    MODEL = "model"  # one of a model's actions (the phone's "What does … do?")
    GAME = "game"  # a step of the game itself (start, turn, initiative, end, undo, post-game)


@dataclass(frozen=True)
class Command:
    """One action of a game, declared once (see the module's docstring)."""

    name: str  # the phone's and the API's: /actions/{name}
    cli: str  # ``skirmish game CLI``
    italian: tuple[str, ...]  # the command line's Italian names (the first is the walker's)
    label: Words  # the phone's button
    help: Words  # one sentence or two, with the rulings
    example: str  # a command line
    permission: GameAction
    place: Place = Place.MODEL
    fields: tuple[Field, ...] = ()
    actor: str | None = None  # the field naming the model that acts
    target: str | None = None  # the field naming the model it is done to
    target_kind: Kind | None = None  # MODEL (an enemy in play) or TARGET (or a person)
    procedure: Procedure | None = None  # a shot's or a fight's situation (engine.situation)
    #: The dice it may ask for, in the order it asks them (``engine.dice.PURPOSES``' keys);
    #: each only when the table calls for it (a reflex test before a shot only for opportunity
    #: fire, FANNING or a single shot, a panic test only when it is due).
    dice: tuple[str, ...] = ()
    anytime: bool = False  # offered whether or not the model is taking its turn
    offered: Callable[[Table, Figure], bool] | None = None
    run: Run | None = None
    walker: str | None = None  # the walker's entry, when the walker has one
    aliases: tuple[str, ...] = ()  # other English words for it (the walker's "wounds")

    @property
    def rolls(self) -> bool:
        """Whether it asks for dice."""
        return bool(self.dice)

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def read(self, values: Values, situation: Situation | None = None) -> Inputs:
        """The typed values of ``values``, each field checked (``FieldError`` names the first
        faulty one), with a shot's or a fight's ``situation`` (read by the front end from its
        own words, ``Situation``); the actor and the target are required."""
        found: dict[str, Any] = {}
        for item in self.fields:
            raw = values.get(item.name, values.get(item.name.replace("-", "_")))
            found[item.name] = item.parse(raw)
        if (situation is None) is not (self.procedure is None):
            raise TypeError(f"{self.name} takes a situation of {self.procedure}, not {situation}")
        return Inputs(found, situation)

    def words(self, lang: Lang) -> tuple[str, ...]:
        """Every word that names this action (the first: its word in ``lang``)."""
        english = (self.cli, self.name, *self.aliases)
        own = self.italian if lang is Lang.IT else english
        return tuple(dict.fromkeys((*own, *english, *self.italian)))


# ----------------------------------------------------------------------------- the catalogue

A = GameAction
CATALOGUE: tuple[Command, ...] = (
    # -------------------------------------------------------------- the game's own steps
    Command(
        "start",
        "start",
        ("inizia",),
        W("Start a game"),
        W("Start a game: the scenario, the gangs and their sides, the models taking part."),
        'skirmish game start "Rapina in banca" --good Earps --bad Clantons --leave Ike',
        A.ACT,
        Place.GAME,
        fields=(
            steps.SCENARIO,
            steps.GANGS,
            steps.GOOD_GANG,
            steps.BAD_GANG,
            steps.LEAVE,
            steps.LEADER,
        ),
    ),
    Command(
        "turn",
        "turn",
        ("turno",),
        W("Begin the next turn"),
        W(
            "End the turn being played and begin the next: due cohesion tests (R-08) are "
            "rolled (a failed one rerolled with the FAMA of one of the gang's models, R-15), "
            "the scenario's rules recalled; the game ends at its turn limit or when its end "
            "conditions hold."
        ),
        "skirmish game turn --dice 4",
        A.NEW_TURN,
        Place.GAME,
        dice=("cohesion",),
        walker="turn",
    ),
    Command(
        "initiative",
        "initiative",
        ("iniziativa",),
        W("Initiative"),
        W(
            "Initiative for the next activation (§1.8): each player reveals a model still to "
            "take its turn; 1D6 + RIF + unused FAMA, ties rolled again (R-07, H-06); the "
            "winner chooses which of the two takes its turn now. With only one side's models "
            "left, no roll is needed. The losing die may be rerolled with FAMA or FORTUNA "
            "(R-15): FAMA spent no longer counts."
        ),
        'skirmish game initiative "Wyatt Earp" "Ike Clanton" --dice 5,2 --activate bad',
        A.INITIATIVE,
        Place.GAME,
        fields=(
            steps.GOOD_MODEL,
            steps.BAD_MODEL,
            steps.GOOD_FAMA_FROM,
            steps.BAD_FAMA_FROM,
            steps.ACTIVATE,
        ),
        dice=("initiative: first", "initiative: opponent", "initiative"),
        walker="initiative",
    ),
    # -------------------------------------------------------------- a model's actions
    Command(
        "move",
        "activate",
        ("attiva",),
        W("Move (take its turn)"),
        W(
            "Record that a model takes its turn now (one that only moves, or before its "
            "actions); the current model's turn is over. A model takes one turn a turn "
            "(§1.8, §2.1)."
        ),
        'skirmish game activate "Morgan Earp"',
        A.ACT,
        fields=(MEMBER,),
        actor="member",
        offered=lambda t, f: not f.acted,
        run=move,
        walker="activate",
    ),
    Command(
        "shoot",
        "shoot",
        ("spara",),
        W("Shoot"),
        W(
            "Shoot: nerve test, shooting rolls, the target's saves and panic, with both "
            "models' numbers, weapons, skills, injuries, whisky and state from the game and "
            "the scenario's modifiers (R-01–R-04, R-14); a failed die may be rerolled with "
            "FAMA or FORTUNA (R-15)."
        ),
        'skirmish game shoot "Wyatt Earp" "Ike Clanton" --range 5 --dice 2,3,6,2,1,1',
        A.ACT,
        fields=(ATTACKER, TARGET, NEAR, GUARD, CIVILIANS),
        actor="attacker",
        target="target",
        target_kind=Kind.TARGET,
        procedure=Procedure.SHOOT,
        dice=("reflex", "nerve", "fanning", "shot", "mount", "save", "panic"),
        offered=shooter,
        run=shoot,
        walker="shoot",
    ),
    Command(
        "fight",
        "melee",
        ("lotta",),
        W("Fight"),
        W(
            "Fight: nerve test, fight roll, the defender's saves and panic, with both "
            "models' numbers, weapons, skills, injuries (Malattia, Mano mozzata), whisky and "
            "state from the game (R-01, R-03–R-05); a failed die may be rerolled with FAMA "
            "or FORTUNA (R-15)."
        ),
        'skirmish game melee "Doc Holliday" "Billy Clanton" --behind --dice 3,3,5,4,2,2',
        A.ACT,
        fields=(ATTACKER, TARGET, NEAR, GUARD),
        actor="attacker",
        target="target",
        target_kind=Kind.TARGET,
        procedure=Procedure.MELEE,
        dice=("nerve", "fight", "mount", "reflex", "save", "panic"),
        offered=fighter,
        run=fight,
        walker="melee",
    ),
    Command(
        "reload",
        "reload",
        ("ricarica",),
        W("Reload"),
        W(
            "Reload a gun (table 1, 2 actions): full again; a repeater takes 7 or 17 rounds "
            "(R-14). Before the first turn it sets how the gun starts the game, with no "
            "action."
        ),
        'skirmish game reload "Ike Clanton" --weapon repeater --rounds 17',
        A.ACT,
        fields=(MEMBER, WEAPON, ROUNDS),
        actor="member",
        offered=lambda t, f: bool(situations.reloadable(f, t.turn)),
        run=reload,
        walker="reload",
    ),
    Command(
        "unjam",
        "unjam",
        ("disinceppa",),
        W("Unjam"),
        W("Unjam a gun (table 1: 2 actions, R-14), from the turn after it jammed (§5.3.2)."),
        'skirmish game unjam "Ike Clanton"',
        A.ACT,
        fields=(MEMBER, WEAPON),
        actor="member",
        offered=lambda t, f: bool(situations.jammed(f, t.turn)),
        run=unjam,
        walker="unjam",
    ),
    Command(
        "mount",
        "mount",
        ("sali",),
        W("Mount"),
        W(
            "Mount a horse (table 1, 1 action): standing still, or with a reflex test at a "
            "trot (1 success of 2) or a gallop (2 of 2) (R-06); a failed die may be rerolled "
            "with FAMA or FORTUNA (R-15). Not with nitroglycerin (§5.5.1)."
        ),
        'skirmish game mount "Wyatt Earp" --pace trot --dice 2,5',
        A.ACT,
        fields=(MEMBER, PACE),
        actor="member",
        dice=("reflex",),
        offered=lambda t, f: situations.may_mount(f),
        run=horse(True),
        walker="mount",
    ),
    Command(
        "dismount",
        "dismount",
        ("scendi",),
        W("Dismount"),
        W(
            "Dismount (table 1, 1 action), with the same reflex test as mounting at a trot "
            "or a gallop (R-06) and its rerolls (R-15)."
        ),
        'skirmish game dismount "Wyatt Earp" --pace gallop --dice 3,5,2',
        A.ACT,
        fields=(MEMBER, PACE),
        actor="member",
        dice=("reflex",),
        offered=lambda t, f: situations.may_dismount(f),
        run=horse(False),
        walker="dismount",
    ),
    Command(
        "lasso",
        "lasso",
        ("lasso", "lazzo", "acchiappa"),
        W("Lasso"),
        W(
            "Throw the lasso (table 1, 1 action; R-14): a reflex test (1 success of 2, "
            "cowboys −1), then 1D6 against the target's COS plus its mount's; over 2 knocks "
            "the pulled model down. A failed reflex die may be rerolled (R-15)."
        ),
        'skirmish game lasso "Curly Bill" "Wyatt Earp" --dice 2,5,6',
        A.ACT,
        fields=(THROWER, LASSO_TARGET),
        actor="thrower",
        target="target",
        target_kind=Kind.MODEL,
        dice=("reflex", "lasso"),
        offered=lambda t, f: situations.throws_lasso(f) and has_enemy(t, f),
        run=lasso,
        walker="lasso",
    ),
    Command(
        "explosive",
        "explosion",
        ("esplosione",),
        W("Explosive"),
        W(
            "Throw dynamite or nitroglycerin (§5.5, R-14): 6 or 10 damages to every model "
            "named within 5U, less its shelter (table 8), a saving roll each (R-03); "
            "survivors are thrown and terrified (R-04)."
        ),
        'skirmish game explosion "Ike Clanton" --item dynamite --caught "Wyatt=4"',
        A.ACT,
        fields=(THROWER, ITEM, CAUGHT, SHORT_FUSE, NEAR_THROWER),
        actor="thrower",
        dice=("short fuse", "thrown", "step away", "save"),
        offered=lambda t, f: bool(situations.explosives(f)),
        run=explosion,
        walker="explosion",
    ),
    Command(
        "whisky",
        "drink",
        ("bevi",),
        W("Whisky"),
        W(
            "A model drinks the bottle of whisky it carries: +1 FRED and −1 RIF for the rest "
            "of the game (§8.3)."
        ),
        'skirmish game drink "Doc Holliday"',
        A.ACT,
        fields=(MEMBER,),
        actor="member",
        anytime=True,
        offered=lambda t, f: situations.thirsty(f),
        run=drink,
        walker="drink",
    ),
    Command(
        "hit",
        "hit",
        ("colpito", "ferite"),
        W("Wounds rolled at the table"),
        W(
            "Record wounds rolled with physical dice; COS 0 eliminates (§6.1), with the "
            "friends that react (R-19) and a captive kept (R-22)."
        ),
        'skirmish game hit "Billy Clanton" --wounds 3 --by "Wyatt Earp" --near Frank',
        A.ACT,
        fields=(MEMBER, WOUNDS, BY, NEAR, GUARD),
        actor="by",
        target="member",
        target_kind=Kind.MODEL,
        dice=("panic",),
        anytime=True,
        offered=has_enemy,
        run=hit,
        walker="hit",
        aliases=("wounds",),
    ),
    Command(
        "state",
        "state",
        ("stato",),
        W("Lies down, stands up, state"),
        W(
            "Record a state from the table: shaken, terrified, steady, prone or standing "
            "(R-04); a civilian shot at flees (R-20)."
        ),
        'skirmish game state "Ike Clanton" shaken',
        A.ACT,
        fields=(MEMBER, STATE),
        actor="member",
        anytime=True,
        offered=lambda t, f: True,
        run=state,
        walker="state",
    ),
    Command(
        "eliminate",
        "eliminate",
        ("elimina",),
        W("Eliminated at the table"),
        W(
            "Record a model eliminated at the table, and by whom; the friends within 5U that "
            "react (R-19) and a captive kept by its side (R-22)."
        ),
        'skirmish game eliminate "Billy Clanton" --by "Doc Holliday" --near Frank',
        A.ACT,
        fields=(MEMBER, BY, NEAR, GUARD),
        actor="by",
        target="member",
        target_kind=Kind.MODEL,
        dice=("panic",),
        anytime=True,
        offered=has_enemy,
        run=eliminate,
        walker="eliminate",
    ),
    Command(
        "leave",
        "leave",
        ("esci",),
        W("Leaves the table"),
        W(
            "A civilian leaves the table (R-20): out of the game, neither eliminated nor a "
            "casualty (no XP for anyone, no recovery roll)."
        ),
        'skirmish game leave "Mary"',
        A.ACT,
        fields=(MEMBER,),
        actor="member",
        anytime=True,
        offered=lambda t, f: f.civilian,
        run=leave,
        walker="leave",
    ),
    Command(
        "spend",
        "spend",
        ("spendi",),
        W("Spend FAMA or FORTUNA"),
        W(
            "Spend a FAMA or FORTUNA point on a reroll made at the table, for this game only "
            "(R-15)."
        ),
        'skirmish game spend fortuna "Wyatt Earp"',
        A.ACT,
        fields=(POINT, MEMBER),
        actor="member",
        anytime=True,
        offered=spends,
        run=spend,
        walker="spend",
    ),
    Command(
        "objective",
        "objective",
        ("obiettivo",),
        W("Objective"),
        W("Record what happened to a scenario objective, as the scenario allows."),
        'skirmish game objective loot-sack carry-off --by "Ike Clanton"',
        A.ACT,
        fields=(OBJECTIVE, EVENT, BY, COPY),
        actor="by",
        anytime=True,
        offered=lambda t, f: bool(t.board["objectives"]),
        run=objective,
        walker="objective",
    ),
    Command(
        "retreat",
        "retreat",
        ("ritirata",),
        W("The gang retreats"),
        W("A gang retreats by choice: it loses, the game ends, the infamy test is rolled (R-09)."),
        "skirmish game retreat Clantons --dice 4",
        A.ACT,
        fields=(GANG, INFAMY_LATER),
        actor=None,
        dice=("infamy",),
        anytime=True,
        offered=lambda t, f: True,
        run=retreat,
        walker="retreat",
    ),
    # -------------------------------------------------------------- the game's end and undo
    Command(
        "undo",
        "undo",
        ("annulla",),
        W("Undo the last action"),
        W(
            "Take back the game's last action exactly (every row as it was; its events leave "
            "the game's log), back to the game's start."
        ),
        "skirmish game undo --times 2",
        A.UNDO,
        Place.GAME,
        fields=(steps.TIMES, steps.ENTRY_SHOWN),
        walker="undo",
    ),
    Command(
        "end",
        "end",
        ("fine",),
        W("End the game"),
        W(
            "End the game; the winner comes from the scenario's victory conditions when the "
            "recorded state shows it."
        ),
        "skirmish game end --winner Earps",
        A.END,
        Place.GAME,
        fields=(steps.WINNER, steps.DRAW),
        walker="end",
    ),
    Command(
        "vote",
        "vote",
        ("vota",),
        W("Confirm the result"),
        W(
            "A side's player confirms the game's result (the winner or a draw); when both "
            "sides agree, the game ends with it."
        ),
        "skirmish game vote Earps --side good",
        A.VOTE_END,
        Place.GAME,
        fields=(VERDICT, SIDE, WITHDRAW),
    ),
    Command(
        "abandon",
        "abandon",
        ("abbandona",),
        W("Abandon the game"),
        W("Abandon the game: nobody wins, nothing changes on the rosters."),
        "skirmish game abandon",
        A.END,
        Place.GAME,
        walker="abandon",
    ),
    Command(
        "postgame",
        "postgame",
        ("dopo-partita",),
        W("The post-game"),
        W(
            "The post-game sequence, gang by gang, each step logged and undoable: recovery "
            "(R-10), XP (R-11, H-02), income (H-01), bounty (H-09), gambler (H-11), marked "
            "cards (H-10), infamy (R-09)."
        ),
        'skirmish game postgame --doctor "Ike Clanton=graduate" --dice 3,5,2,4',
        A.POSTGAME,
        Place.GAME,
        fields=(steps.POSTGAME_GANG, steps.DOCTOR, steps.INFAMY_MODEL),
        dice=(
            "recovery",
            "recovery: FORTUNA reroll",
            "invalid table",
            "gambler",
            "marked cards",
            "infamy",
        ),  # fmt: skip
    ),
)

BY_NAME: dict[str, Command] = {c.name: c for c in CATALOGUE}
#: A model's actions, in the order the phone offers them.
MODEL_ACTIONS: tuple[Command, ...] = tuple(c for c in CATALOGUE if c.place is Place.MODEL)


def find(typed: str) -> Command:
    """The action ``typed`` names: its name, its command line's name or an Italian one."""
    wanted = typed.strip().lower()
    for command in CATALOGUE:
        if wanted in (command.name, command.cli, *command.aliases, *command.italian):
            return command
    every = [w for c in CATALOGUE for w in dict.fromkeys((c.name, c.cli, *c.italian))]
    close = difflib.get_close_matches(wanted, every, n=3, cutoff=0.5) or [c.name for c in CATALOGUE]
    raise RulesError(
        Message(
            "{typed} is not an action of a game; did you mean {join_close}?",
            typed=shown(typed),
            join_close=", ".join(close),
        )
    )


def model_action(typed: str) -> Command:
    """One of a model's actions (what the phone's flow and ``/actions/{action}`` take)."""
    found = find(typed)
    if found.place is not Place.MODEL:
        known = ", ".join(c.name for c in MODEL_ACTIONS)
        raise RulesError(
            Message(
                "{typed} is not a model's action; one of {known}.", typed=shown(typed), known=known
            )
        )
    return found


def offered(table: Table, figure: Figure, acting: bool) -> list[Command]:
    """The actions offered to ``figure`` now: those of a model taking its turn while it is,
    the others (``anytime``) whenever they apply."""
    return [
        c
        for c in MODEL_ACTIONS
        if (acting or c.anytime) and c.offered is not None and c.offered(table, figure)
    ]


def choice_words(field: Field, lang: Lang) -> list[tuple[str, str]]:
    """A choice field's values with their words in ``lang``."""
    assert field.choices is not None
    return [(member.value, label(member, lang)) for member in field.choices]


def example_values(command: Command) -> Sequence[str]:
    """The example's words after ``skirmish game CLI`` (for the help screens)."""
    return command.example.split()[3:]
