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
    W("Scenario", "Scenario"),
    W("Scenario id or name (Italian or English).",
      "Id o nome dello scenario (italiano o inglese)."),
    required=True,
    argument=True,
)  # fmt: skip
GANGS = Field(
    "gangs",
    Kind.GANGS,
    W("Gangs", "Bande"),
    W("Gangs on their default sides (lawmen, military, rangers, cowboys good).",
      "Bande nelle loro parti predefinite (uomini di legge, militari, ranger e cowboy tra i "
      "buoni)."),
    argument=True,
)  # fmt: skip
GOOD_GANG = Field(
    "good",
    Kind.GANG,
    W("Good side", "Parte dei buoni"),
    W("The gang of the good side.", "La banda della parte dei buoni."),
)
BAD_GANG = Field(
    "bad",
    Kind.GANG,
    W("Bad side", "Parte dei cattivi"),
    W("The gang of the bad side.", "La banda della parte dei cattivi."),
)
LEAVE = Field(
    "leave",
    Kind.MODELS,
    W("Stays home", "Resta a casa"),
    W("A model that stays home (repeatable; GANG:NAME).",
      "Un modello che resta a casa (ripetibile; BANDA:NOME)."),
)  # fmt: skip
LEADER = Field(
    "leader",
    Kind.MODELS,
    W("Leader for this game", "Capo per questa partita"),
    W("Duel: the model that leads a gang without a leader in this game (rangers, mountain "
      "men; repeatable, one per gang; R-21).",
      "Duello: il modello che guida in questa partita una banda senza capo (ranger, uomini "
      "delle montagne; ripetibile, uno per banda; R-21)."),
    it_flag="--capo",
)  # fmt: skip

# ----------------------------------------------------------------------------- initiative
GOOD_MODEL = Field(
    "good",
    Kind.MODEL,
    W("One player's model", "Il modello di un giocatore"),
    W("The model one player reveals (its card), of either side.",
      "Il modello che un giocatore rivela (la sua scheda), di una parte o dell'altra."),
    argument=True,
)  # fmt: skip
BAD_MODEL = Field(
    "bad",
    Kind.MODEL,
    W("The other player's model", "Il modello dell'altro giocatore"),
    W("The model the other player reveals.", "Il modello che l'altro giocatore rivela."),
    argument=True,
)
GOOD_FAMA_FROM = Field(
    "good-fama-from",
    Kind.MODEL,
    W("FAMA lent to the first", "FAMA prestata al primo"),
    W("A friend within 5U lending unused FAMA.",
      "Un amico entro 5U che presta la FAMA non spesa."),
)  # fmt: skip
BAD_FAMA_FROM = Field(
    "bad-fama-from",
    Kind.MODEL,
    W("FAMA lent to the other", "FAMA prestata all'altro"),
    W("A friend within 5U lending unused FAMA.",
      "Un amico entro 5U che presta la FAMA non spesa."),
)  # fmt: skip
ACTIVATE = Field(
    "activate",
    Kind.WORD,
    W("Activates", "Attiva"),
    W("Whom the winner activates: good, bad or one of the two models (default: asked on a "
      "terminal, else the winner's own).",
      "Chi attiva il vincitore: buoni, cattivi o uno dei due modelli (predefinito: chiesto al "
      "terminale, altrimenti il proprio del vincitore)."),
    it_flag="--attiva",
)  # fmt: skip

# ----------------------------------------------------------------------------- undo
TIMES = Field(
    "times",
    Kind.COUNT,
    W("How many", "Quante"),
    W("How many actions to take back, the latest first (all of them, or none; default: 1).",
      "Quante azioni annullare, dall'ultima (tutte, o nessuna; predefinito: 1)."),
    low=COUNT.low,
    high=COUNT.high,
    it_flag="--volte",
)  # fmt: skip
ENTRY_SHOWN = Field(
    "entry",
    Kind.COUNT,
    W("Entry shown", "Voce mostrata"),
    W("Undo only if the last action is still the one whose first event has this id (the "
      "game's log shows the ids); otherwise refused, saying what changed since.",
      "Annulla solo se l'ultima azione è ancora quella il cui primo evento ha questo id (il "
      "registro della partita mostra gli id); altrimenti rifiuta, dicendo che cosa è "
      "cambiato."),
    low=ENTRY.low,
    high=ENTRY.high,
    it_flag="--voce",
)  # fmt: skip

# ----------------------------------------------------------------------------- end
WINNER = Field(
    "winner",
    Kind.GANG,
    W("Winner", "Vincitore"),
    W("The winning gang, when the recorded state does not say.",
      "La banda vincitrice, quando lo stato registrato non lo dice."),
)  # fmt: skip
DRAW = Field(
    "draw",
    Kind.FLAG,
    W("Draw", "Pareggio"),
    W("End without a winner.", "Termina senza vincitore."),
)

# ----------------------------------------------------------------------------- post-game
POSTGAME_GANG = Field(
    "gang",
    Kind.GANG,
    W("Gang", "Banda"),
    W("Only this gang (default: every gang not done yet).",
      "Solo questa banda (predefinito: ogni banda non ancora fatta)."),
    argument=True,
)  # fmt: skip
DOCTOR = Field(
    "doctor",
    Kind.ASSIGNMENTS,
    W("Doctor", "Dottore"),
    W("Doctor for a model's recovery roll, MODEL=KIND: bone-setter (5$), graduate (20$) or "
      "none; the gang's own DOTTORE is used for free otherwise.",
      "Il dottore per il tiro di recupero di un modello, MODELLO=TIPO: bone-setter (5$), "
      "graduate (20$) o none; altrimenti si usa gratis il DOTTORE della banda."),
)  # fmt: skip
INFAMY_MODEL = Field(
    "infamy-model",
    Kind.MODEL,
    W("Loses the infamy point", "Perde il punto d'infamia"),
    W("Who loses the point on an infamy 1 (R-09).",
      "Chi perde il punto con un 1 al test d'infamia (R-09)."),
)  # fmt: skip
