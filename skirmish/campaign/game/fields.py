"""The inputs of a game's actions as typed values (issue #20): ``Field`` says what one holds,
its label and help in both languages, and parses what a front end received (a form's text, a
query, a JSON value, an option) into the value the service takes; a faulty value is a
``FieldError`` naming the field, which each front end says its own way (``--wounds`` at the
command line, "Wounds" on the phone, ``wounds`` in the API). The catalogue
(``campaign/game/commands.py``) builds its actions from these fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.engine.glossary import Pace, TableState
from skirmish.errors import RulesError, named, shown
from skirmish.i18n import Lang
from skirmish.rules.model import Point, Side

#: Raw values as a front end received them (a form, a query, a JSON body), by field name.
Values = Mapping[str, Any]

#: What "yes" and "no" may be typed as, in both languages.
YES = frozenset({"on", "1", "true", "yes", "y", "si", "sì"})
NO = frozenset({"0", "off", "false", "no", "n"})


class Kind(StrEnum):
    """What a field holds, which says how every front end asks it and how it is checked."""

    MODEL = "model"  # a model in play, named as on its roster (GANG:NAME when two share it)
    TARGET = "target"  # an enemy in play, or a scenario's person (its objective's id)
    MODELS = "models"  # several models in play (a repeatable option)
    CHOICE = "choice"  # one word of a closed set (``choices``), in Italian or English
    COUNT = "count"  # a whole number from ``low`` to ``high``
    FLAG = "flag"  # yes or no
    GANG = "gang"  # a gang playing the game
    WORD = "word"  # a free word checked by the service (an objective, an event, an item)
    CAUGHT = "caught"  # models within 5U of a blast: NAME=DISTANCE (0–5U), repeatable


@dataclass(frozen=True)
class Words:
    """A text in both languages."""

    en: str
    it: str

    def __call__(self, lang: Lang | str) -> str:
        return self.it if Lang(lang) is Lang.IT else self.en


@dataclass(frozen=True)
class Field:
    """One input of an action: its neutral name (the API's JSON field and the form's field;
    the command line's argument or ``--option``), what it holds, its label and help in both
    languages, and whether it must be given."""

    name: str
    kind: Kind
    label: Words
    help: Words
    required: bool = False
    argument: bool = False  # a positional argument at the command line
    choices: type[StrEnum] | None = None
    low: int = 0
    high: int = 99

    @property
    def many(self) -> bool:
        return self.kind in (Kind.MODELS, Kind.CAUGHT)

    @property
    def flag(self) -> str:
        """The command line's option for this field."""
        return "--" + self.name

    @property
    def declared(self) -> str:
        """Its name as a refusal names an input (``errors.named``): ``new_state``."""
        return self.name.replace("-", "_")

    def parse(self, raw: Any) -> Any:
        """The typed value of ``raw`` (``None`` or ``()`` when blank), or ``FieldError``."""
        if self.many:
            items = raw if isinstance(raw, list | tuple) else ([] if raw in (None, "") else [raw])
            if self.kind is Kind.CAUGHT:
                return tuple(_caught(self, item) for item in items)
            if not all(isinstance(item, str) for item in items):
                raise FieldError(self, raw, NOT_NAMES)
            return tuple(item.strip() for item in items if item.strip())
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.kind is Kind.FLAG:
                return False
            if self.required:
                raise FieldError(self, raw, MISSING)
            return None
        if self.kind is Kind.FLAG:
            return _yes_no(self, raw)
        if isinstance(raw, bool) or not isinstance(raw, str | int):
            raise FieldError(self, raw, NOT_A_WORD)
        text = str(raw).strip()
        if self.kind is Kind.COUNT:
            if not (text.isascii() and text.isdigit() and len(text) <= 3):
                raise FieldError(
                    self,
                    raw,
                    Words(
                        f"a number from {self.low} to {self.high}",
                        f"un numero da {self.low} a {self.high}",
                    ),
                )
            number = int(text)
            if not self.low <= number <= self.high:
                raise FieldError(
                    self,
                    raw,
                    Words(
                        f"a number from {self.low} to {self.high}",
                        f"un numero da {self.low} a {self.high}",
                    ),
                )
            return number
        if self.kind is Kind.CHOICE and self.choices is not None:
            from skirmish.engine.glossary import parse

            return parse(self.choices, text)
        return text


#: Why a field's value is refused, in both languages.
MISSING = Words("missing", "manca")
NOT_A_WORD = Words("a word", "una parola")
NOT_NAMES = Words("a list of names", "un elenco di nomi")
NOT_YES_NO = Words("yes or no", "sì o no")
NOT_CAUGHT = Words("NAME=DISTANCE (0–5U)", "NOME=DISTANZA (0–5U)")


class FieldError(RulesError):
    """A field's value a player gave is not what the field takes; the message names the field
    by its name, which each front end says its own way (``--wounds``, "Wounds")."""

    def __init__(self, field: Field, value: Any, why: Words) -> None:
        self.field = field.name
        what = named(field.declared)
        if why is MISSING:
            super().__init__(
                f"{what} is missing: give {field.label.en.lower()}.",
                it=f"manca {what}: indica {field.label.it.lower()}.",
            )
            return
        super().__init__(
            f"{what}: {shown(value)} is not {why.en}.",
            it=f"{what}: {shown(value)} non è {why.it}.",
        )


def _yes_no(field: Field, raw: Any) -> bool:
    if raw is True or raw is False:
        return bool(raw)
    if isinstance(raw, str) and raw.strip().lower() in YES:
        return True
    if isinstance(raw, str) and raw.strip().lower() in NO:
        return False
    raise FieldError(field, raw, NOT_YES_NO)


def _caught(field: Field, item: Any) -> Any:
    """A model within 5U of a blast, as ``--caught`` takes it (``NAME=DISTANCE``), or an
    object with ``name``, ``distance``, ``moved``, ``protection`` and ``shelter`` (the API)."""
    from skirmish.campaign.game.actions import Caught
    from skirmish.engine.explosion import Protection

    if isinstance(item, str):
        who, _, rest = item.partition("=")
        distance = rest.strip().removesuffix("U").removesuffix("u")
        if not who.strip() or (distance and not (distance.isdigit() and int(distance) <= 5)):
            raise FieldError(field, item, NOT_CAUGHT)
        return Caught(who.strip(), int(distance) if distance else None)
    if isinstance(item, dict) and isinstance(item.get("name"), str):
        distance_v = item.get("distance")
        if distance_v is not None and not (
            isinstance(distance_v, int)
            and not isinstance(distance_v, bool)
            and 0 <= distance_v <= 5
        ):
            raise FieldError(field, item, NOT_CAUGHT)
        moved = item.get("moved")
        protection = str(item.get("protection") or "none")
        if protection not in {p.value for p in Protection} or not isinstance(moved, bool | None):
            raise FieldError(
                field,
                item,
                Words(
                    "protection none, partial or total, and moved yes or no",
                    "protezione none, partial o total; moved sì o no",
                ),
            )
        shelter = item.get("shelter")
        return Caught(
            item["name"],
            distance_v,
            moved,
            str(shelter) if shelter else None,
            Protection(protection),
        )
    raise FieldError(field, item, NOT_CAUGHT)


# ----------------------------------------------------------------------------- the fields

W = Words


def _model(name: str, en: str, it: str, help_en: str, help_it: str, **more: Any) -> Field:
    return Field(name, Kind.MODEL, W(en, it), W(help_en, help_it), **more)


MEMBER = _model(
    "member",
    "Model",
    "Modello",
    "The model, as on its roster (GANG:NAME when two gangs share a name).",
    "Il modello, come nella sua lista (BANDA:NOME se due bande hanno lo stesso nome).",
    required=True,
    argument=True,
)
ATTACKER = _model(
    "attacker",
    "Attacker",
    "Attaccante",
    "The model that attacks.",
    "Il modello che attacca.",
    required=True,
    argument=True,
)
THROWER = _model(
    "thrower",
    "Thrower",
    "Lanciatore",
    "The model that throws.",
    "Il modello che lancia.",
    required=True,
    argument=True,
)
TARGET = Field(
    "target",
    Kind.TARGET,
    W("Target", "Bersaglio"),
    W(
        "The model (or scenario person) attacked.",
        "Il modello (o la persona dello scenario) attaccato.",
    ),
    required=True,
    argument=True,
)
LASSO_TARGET = Field(
    "target",
    Kind.MODEL,
    W("Target", "Bersaglio"),
    W("The model the lasso is thrown at.", "Il modello a cui si lancia il lazo."),
    required=True,
    argument=True,
)
BY = _model(
    "by", "By", "Da", "The model that did it (XP, R-11).", "Il modello che l'ha fatto (PE, R-11)."
)
NEAR = Field(
    "near",
    Kind.MODELS,
    W("Friends within 5U", "Amici entro 5U"),
    W(
        "Friends within 5U of the model eliminated that react to its death (R-19).",
        "Amici entro 5U dal modello eliminato che reagiscono alla sua morte (R-19).",
    ),
)
GUARD = _model(
    "guard",
    "Guard",
    "Guardia",
    "A model of the custodian's side within 5U that keeps the captive (R-22).",
    "Un modello della parte del custode entro 5U che trattiene il prigioniero (R-22).",
)
CIVILIANS = Field(
    "civilian-near",
    Kind.MODELS,
    W("Civilians within 10U", "Civili entro 10U"),
    W(
        "Unarmed civilians within 10U of the shot (R-20).",
        "Civili disarmati entro 10U dallo sparo (R-20).",
    ),
)
WOUNDS = Field(
    "wounds",
    Kind.COUNT,
    W("Wounds", "Ferite"),
    W("Wounds taken (after saves).", "Ferite subite (dopo i tiri salvezza)."),
    required=True,
    low=1,
    high=99,
)
STATE = Field(
    "new-state",
    Kind.CHOICE,
    W("State", "Stato"),
    W(
        "Shaken, terrified, steady (neither), prone or standing; fleeing: a civilian "
        "flees the table (R-20).",
        "Scosso, terrorizzato, saldo (nessuno dei due), a "
        "terra o in piedi; in fuga: un civile fugge dal tavolo (R-20).",
    ),
    required=True,
    argument=True,
    choices=TableState,
)
POINT = Field(
    "point",
    Kind.CHOICE,
    W("Point", "Punto"),
    W("The point spent: FAMA or FORTUNA.", "Il punto speso: FAMA o FORTUNA."),
    required=True,
    argument=True,
    choices=Point,
)
PACE = Field(
    "pace",
    Kind.CHOICE,
    W("Pace", "Andatura"),
    W(
        "The horse's pace: still, trot or gallop (R-06).",
        "L'andatura del cavallo: fermo, trotto o galoppo (R-06).",
    ),
    choices=Pace,
)
WEAPON = Field(
    "weapon",
    Kind.WORD,
    W("Gun", "Arma"),
    W(
        "The gun (blank: the only one, or the first that needs it).",
        "L'arma (vuoto: l'unica, o la prima che ne ha bisogno).",
    ),
)
ROUNDS = Field(
    "rounds",
    Kind.COUNT,
    W("Rounds", "Colpi"),
    W("A repeater's load: 7 or 17 (R-14).", "Il carico di un'arma a ripetizione: 7 o 17 (R-14)."),
    low=1,
    high=99,
)
ITEM = Field(
    "item",
    Kind.WORD,
    W("Explosive", "Esplosivo"),
    W(
        "Dynamite or nitroglycerin (blank: the one carried).",
        "Dinamite o nitroglicerina (vuoto: quella che porta).",
    ),
)
CAUGHT = Field(
    "caught",
    Kind.CAUGHT,
    W("Within 5U", "Entro 5U"),
    W(
        "A model within 5U of the blast: NAME=DISTANCE (0–5U).",
        "Un modello entro 5U dall'esplosione: NOME=DISTANZA (0–5U).",
    ),
)
NEAR_THROWER = Field(
    "near-thrower",
    Kind.CAUGHT,
    W("Near the thrower", "Vicino al lanciatore"),
    W(
        "With a short fuse: a model within 5U of the thrower, NAME=DISTANCE.",
        "Con la miccia corta: un modello entro 5U dal lanciatore, NOME=DISTANZA.",
    ),
)
SHORT_FUSE = Field(
    "short-fuse",
    Kind.FLAG,
    W("Short fuse", "Miccia corta"),
    W("Dynamite with a short fuse (§5.5).", "Dinamite a miccia corta (§5.5)."),
)
OBJECTIVE = Field(
    "objective",
    Kind.WORD,
    W("Objective", "Obiettivo"),
    W("The scenario's objective.", "L'obiettivo dello scenario."),
    required=True,
    argument=True,
)
EVENT = Field(
    "event",
    Kind.WORD,
    W("What happens", "Che cosa succede"),
    W(
        "What happens to it (the scenario's words), or carry.",
        "Che cosa gli succede (le parole dello scenario), o porta.",
    ),
    required=True,
    argument=True,
)
COPY = Field(
    "copy",
    Kind.COUNT,
    W("Which one", "Quale"),
    W("Which of the objective's copies (1, 2…).", "Quale copia dell'obiettivo (1, 2…)."),
    low=1,
    high=99,
)
GANG = Field(
    "gang",
    Kind.GANG,
    W("Gang", "Banda"),
    W("The gang that retreats by choice.", "La banda che si ritira per scelta."),
    required=True,
    argument=True,
)
INFAMY_LATER = Field(
    "infamy-later",
    Kind.FLAG,
    W("Infamy test later", "Test d'infamia dopo"),
    W(
        "Roll the infamy test in the post-game sequence.",
        "Tira il test d'infamia nella sequenza del dopo partita.",
    ),
)
VERDICT = Field(
    "verdict",
    Kind.WORD,
    W("Result", "Risultato"),
    W("The winning gang or side (good, bad), or draw.",
      "La banda o la parte che vince (buoni, cattivi), o pareggio."),
    required=True,
    argument=True,
)  # fmt: skip
SIDE = Field(
    "side",
    Kind.CHOICE,
    W("Side", "Parte"),
    W("The side whose player confirms it: good or bad.",
      "La parte il cui giocatore lo conferma: buoni o cattivi."),
    required=True,
    choices=Side,
)  # fmt: skip
WITHDRAW = Field(
    "withdraw",
    Kind.FLAG,
    W("Take back the vote", "Ritira il voto"),
    W("Take back the side's vote instead.", "Ritira invece il voto della parte."),
)


#: Every field an action of a game takes, for the front ends that name them (their labels).
FIELDS: tuple[Field, ...] = tuple(
    {f.name: f for f in globals().values() if isinstance(f, Field)}.values()
)
