"""The inputs of a game's own steps (issue #20): start, initiative, undo, end and the post-game,
each a typed ``Field`` of ``campaign/fields.py`` as the catalogue (``campaign/game/commands.py``)
declares them; ``turn`` and ``abandon`` take none of their own (the dice and the rerolls every
rolling command takes are not fields).

Kept apart from ``campaign/game/fields.py``: its ``FIELDS`` are the model actions' inputs the
front ends name in a refusal (``cli/input_names``, ``web/input_names``), and a step's ``good``
(a gang at the start, a model at the initiative) must not rename theirs.
"""

from __future__ import annotations

from skirmish.campaign.fields import Field, Kind, Words
from skirmish.limits import COUNT, ENTRY

W = Words

# ----------------------------------------------------------------------------- start
SCENARIO = Field(
    "scenario",
    Kind.WORD,
    W("Scenario"),
    W("Scenario id or name (Italian or English)."),
    required=True,
    argument=True,
)  # fmt: skip
GANGS = Field(
    "gangs",
    Kind.GANGS,
    W("Gangs"),
    W("Gangs on their default sides (lawmen, military, rangers, cowboys good)."),
    argument=True,
)  # fmt: skip
GOOD_GANG = Field(
    "good",
    Kind.GANG,
    W("Good side"),
    W("The gang of the good side."),
)
BAD_GANG = Field(
    "bad",
    Kind.GANG,
    W("Bad side"),
    W("The gang of the bad side."),
)
LEAVE = Field(
    "leave",
    Kind.MODELS,
    W("Stays home"),
    W("A model that stays home (repeatable; GANG:NAME)."),
)  # fmt: skip
LEADER = Field(
    "leader",
    Kind.MODELS,
    W("Leader for this game"),
    W("Duel: the model that leads a gang without a leader in this game (rangers, mountain "
      "men; repeatable, one per gang; R-21)."),
    it_flag="--capo",
)  # fmt: skip

# ----------------------------------------------------------------------------- initiative
GOOD_MODEL = Field(
    "good",
    Kind.MODEL,
    W("One player's model"),
    W("The model one player reveals (its card), of either side."),
    argument=True,
)  # fmt: skip
BAD_MODEL = Field(
    "bad",
    Kind.MODEL,
    W("The other player's model"),
    W("The model the other player reveals."),
    argument=True,
)
GOOD_FAMA_FROM = Field(
    "good-fama-from",
    Kind.MODEL,
    W("FAMA lent to the first"),
    W("A friend within 5U lending unused FAMA."),
)  # fmt: skip
BAD_FAMA_FROM = Field(
    "bad-fama-from",
    Kind.MODEL,
    W("FAMA lent to the other"),
    W("A friend within 5U lending unused FAMA."),
)  # fmt: skip
ACTIVATE = Field(
    "activate",
    Kind.WORD,
    W("Activates"),
    W("Whom the winner activates: good, bad or one of the two models (default: asked on a "
      "terminal, else the winner's own)."),
    it_flag="--attiva",
)  # fmt: skip

# ----------------------------------------------------------------------------- undo
TIMES = Field(
    "times",
    Kind.COUNT,
    W("How many"),
    W("How many actions to take back, the latest first (all of them, or none; default: 1)."),
    low=COUNT.low,
    high=COUNT.high,
    it_flag="--volte",
)  # fmt: skip
ENTRY_SHOWN = Field(
    "entry",
    Kind.COUNT,
    W("Entry shown"),
    W("Undo only if the last action is still the one whose first event has this id (the "
      "game's log shows the ids); otherwise refused, saying what changed since."),
    low=ENTRY.low,
    high=ENTRY.high,
    it_flag="--voce",
)  # fmt: skip

# ----------------------------------------------------------------------------- end
WINNER = Field(
    "winner",
    Kind.GANG,
    W("Winner"),
    W("The winning gang, when the recorded state does not say."),
)  # fmt: skip
DRAW = Field(
    "draw",
    Kind.FLAG,
    W("Draw"),
    W("End without a winner."),
)

# ----------------------------------------------------------------------------- post-game
POSTGAME_GANG = Field(
    "gang",
    Kind.GANG,
    W("Gang"),
    W("Only this gang (default: every gang not done yet)."),
    argument=True,
)  # fmt: skip
DOCTOR = Field(
    "doctor",
    Kind.ASSIGNMENTS,
    W("Doctor"),
    W("Doctor for a model's recovery roll, MODEL=KIND: bone-setter (5$), graduate (20$) or "
      "none; the gang's own DOTTORE is used for free otherwise."),
)  # fmt: skip
INFAMY_MODEL = Field(
    "infamy-model",
    Kind.MODEL,
    W("Loses the infamy point"),
    W("Who loses the point on an infamy 1 (R-09)."),
)  # fmt: skip
