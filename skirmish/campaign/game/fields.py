"""The inputs of a game's actions (issue #20): the fields the catalogue
(``campaign/game/commands.py``) builds its actions from, each a typed ``Field`` of
``campaign/fields.py`` (shared with the between-games catalogue).
"""

from __future__ import annotations

from typing import Any

from skirmish.campaign.fields import (
    MISSING,
    NO,
    NOT_A_WORD,
    NOT_CAUGHT,
    NOT_NAMES,
    NOT_YES_NO,
    YES,
    Field,
    FieldError,
    Kind,
    Values,
    Words,
)
from skirmish.engine.glossary import Pace, TableState
from skirmish.rules.model import Point, Side

__all__ = [
    "MISSING", "NO", "NOT_A_WORD", "NOT_CAUGHT", "NOT_NAMES", "NOT_YES_NO", "YES", "Field",
    "FieldError", "Kind", "Values", "Words",
]  # fmt: skip

# ----------------------------------------------------------------------------- the fields

W = Words


def _model(name: str, label: Words, help: Words, **more: Any) -> Field:
    return Field(name, Kind.MODEL, label, help, **more)


MEMBER = _model(
    "member",
    W("Model"),
    W("The model, as on its roster (GANG:NAME when two gangs share a name)."),
    required=True,
    argument=True,
)
ATTACKER = _model(
    "attacker", W("Attacker"), W("The model that attacks."), required=True, argument=True
)
THROWER = _model("thrower", W("Thrower"), W("The model that throws."), required=True, argument=True)
TARGET = Field(
    "target",
    Kind.TARGET,
    W("Target"),
    W("The model (or scenario person) attacked."),
    required=True,
    argument=True,
)
LASSO_TARGET = Field(
    "target",
    Kind.MODEL,
    W("Target"),
    W("The model the lasso is thrown at."),
    required=True,
    argument=True,
)
BY = _model("by", W("By"), W("The model that did it (XP, R-11)."))
NEAR = Field(
    "near",
    Kind.MODELS,
    W("Friends within 5U"),
    W(
        "A friend within 5U of the model if it falls, which reacts (R-19): a Volontario or "
        "Delinquente of its gang takes a panic test for a hero, is terrified for the leader."
    ),
    it_flag="--vicino",
)
GUARD = _model(
    "guard",
    W("Guard"),
    W(
        "A model of the custodian's side within 5U of the captive, which keeps it if the "
        "custodian falls (else the captive is freed; R-22)."
    ),
    it_flag="--custode",
)
CIVILIANS = Field(
    "civilian-near",
    Kind.MODELS,
    W("Civilians within 10U"),
    W("An unarmed civilian within 10U of the shot: it flees the table (R-20)."),
    it_flag="--civile-vicino",
)
WOUNDS = Field(
    "wounds",
    Kind.COUNT,
    W("Wounds"),
    W("Wounds taken (after saves)."),
    required=True,
    low=1,
    high=99,
)
STATE = Field(
    "new-state",
    Kind.CHOICE,
    W("State"),
    W(
        "Shaken, terrified, steady (neither), prone or standing; fleeing: a civilian "
        "shot at with physical dice flees the table (R-20). In Italian or English."
    ),
    required=True,
    argument=True,
    choices=TableState,
)
POINT = Field(
    "point",
    Kind.CHOICE,
    W("Point"),
    W("The point spent: FAMA or FORTUNA."),
    required=True,
    argument=True,
    choices=Point,
)
PACE = Field(
    "pace",
    Kind.CHOICE,
    W("Pace"),
    W(
        "The horse's pace: still, trot (a reflex test, 1 success) or gallop (2 successes) "
        "(table 1, R-06; default: still)."
    ),
    choices=Pace,
    it_flag="--andatura",
)
WEAPON = Field(
    "weapon",
    Kind.WORD,
    W("Gun"),
    W("The gun (blank: the only one, or the first that needs it)."),
    it_flag="--arma",
)
ROUNDS = Field(
    "rounds",
    Kind.COUNT,
    W("Rounds"),
    W(
        "A repeater, musket or carbine: 7 or 17 rounds (17 jams on a 1, R-14; blank: as loaded "
        "before)."
    ),
    low=1,
    high=99,
    it_flag="--colpi",
)
ITEM = Field(
    "item",
    Kind.WORD,
    W("Explosive"),
    W("Dynamite or nitroglycerin (blank: the one carried)."),
    it_flag="--esplosivo",
)
CAUGHT = Field(
    "caught",
    Kind.CAUGHT,
    W("Within 5U"),
    W(
        "A model within 5U of the blast: NAME[=DISTANCE,moved|unmoved,partial|total:SHELTER], "
        "e.g. Ike=3,partial:palisade (distance 0–5U from the centre; whether it moved, default "
        "from the record; its shelter, table 8)."
    ),
    it_flag="--coinvolto",
)
NEAR_THROWER = Field(
    "near-thrower",
    Kind.CAUGHT,
    W("Near the thrower"),
    W(
        "With a short fuse: a model within 5U of the thrower, caught instead if the dynamite "
        "explodes in its hands (written as a model within 5U of the blast)."
    ),
    it_flag="--vicino-a-chi-lancia",
)
SHORT_FUSE = Field(
    "short-fuse",
    Kind.FLAG,
    W("Short fuse"),
    W(
        "Dynamite with a short fuse: nobody steps away; on a 1 it explodes in the thrower's "
        "hands (§5.5.2)."
    ),
    it_flag="--miccia-corta",
)
OBJECTIVE = Field(
    "objective",
    Kind.WORD,
    W("Objective"),
    W(
        "The scenario's objective: loot-sack, prisoner, hostage, mayor, witness, politician "
        "(Italian too)."
    ),
    required=True,
    argument=True,
)
EVENT = Field(
    "event",
    Kind.WORD,
    W("What happens"),
    W(
        "What happens to it (the scenario's words: pick-up, drop, recover, carry-off, free, "
        "recapture, escape, deliver, rescue, wound, kill, shelter), or carry (who carries or "
        "holds it now)."
    ),
    required=True,
    argument=True,
)
COPY = Field(
    "copy",
    Kind.COUNT,
    W("Which one"),
    W("Which of the objective's copies (1, 2…: loot sack 1 or 2)."),
    low=1,
    high=99,
)
GANG = Field(
    "gang",
    Kind.GANG,
    W("Gang"),
    W("The gang that retreats by choice."),
    required=True,
    argument=True,
)
INFAMY_LATER = Field(
    "infamy-later",
    Kind.FLAG,
    W("Infamy test later"),
    W("Roll the infamy test in the post-game sequence."),
)
VERDICT = Field(
    "verdict",
    Kind.WORD,
    W("Result"),
    W("The winning gang or side (good, bad), or draw."),
    required=True,
    argument=True,
)  # fmt: skip
SIDE = Field(
    "side",
    Kind.CHOICE,
    W("Side"),
    W("The side whose player confirms it: good or bad."),
    required=True,
    choices=Side,
)  # fmt: skip
WITHDRAW = Field(
    "withdraw",
    Kind.FLAG,
    W("Take back the vote"),
    W("Take back the side's vote instead."),
)


#: Every field an action of a game takes, for the front ends that name them (their labels).
FIELDS: tuple[Field, ...] = tuple(
    {f.name: f for f in globals().values() if isinstance(f, Field)}.values()
)
