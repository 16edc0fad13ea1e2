"""The game's own words in Italian and English, each closed set with its parse and its label
(STYLE.md habit 10, RULINGS §1): a model's state, what ``game state`` records at the table, the
FAMA and FORTUNA points, the two sides, a game's status and a gang's result, the kinds of event
a game's log records, and where a scenario's objective stands and what can happen to it.

``parse(ModelState, "Calmo")`` accepts the Italian or English word or an alias, in any case,
with or without accents (``rules.names.normalize``), and an unknown word raises
``UnknownNameError`` listing the nearest valid words; ``label(ModelState.STEADY, Lang.IT)``
is the word the output uses. Each word is declared once here, and every renderer takes it from
here; ``parse(kind, label(x, lang)) == x`` for every member in both languages (a test checks).

The book has no word for a model that is neither shaken nor terrified: it is "calmo" in
Italian, and "saldo" (what the dice commands once said) stays an alias.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import StrEnum
from functools import cached_property
from typing import Any, Generic, NamedTuple, TypeVar

from skirmish.errors import RulesError, UnknownNameError
from skirmish.i18n import Lang
from skirmish.rules.model import ModelState, ObjectiveEvent, ObjectiveState, Point, Side
from skirmish.rules.names import NameIndex
from skirmish.translation import NP_, Message, gettext

E = TypeVar("E", bound=StrEnum)


# --- the closed sets that have no other home ------------------------------------------------


class TableState(StrEnum):
    """What ``game state`` records from the table: one of a model's three states (§4.3.2),
    prone or standing again, or a civilian fleeing the table (R-20)."""

    STEADY = "steady"
    SHAKEN = "shaken"
    TERRIFIED = "terrified"
    PRONE = "prone"
    STANDING = "standing"
    FLEEING = "fleeing"

    @property
    def model_state(self) -> ModelState | None:
        """The model's state this word sets, or ``None`` for prone, standing and fleeing."""
        return next((state for state in ModelState if state.value == self.value), None)


class Pace(StrEnum):
    """A horse's pace when its rider mounts or dismounts (table 1) and when it moves (table 2):
    standing still, at a trot, at a gallop."""

    STILL = "still"
    TROT = "trot"
    GALLOP = "gallop"


class GameStatus(StrEnum):
    """A game is played, then ended (with a winner or a draw) or abandoned."""

    IN_PROGRESS = "in_progress"
    ENDED = "ended"
    ABANDONED = "abandoned"


class GameResult(StrEnum):
    """A gang's result in a game: win, loss, draw or retreat (a loss too, H-01) once it has
    ended; abandoned, or still being played."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    RETREAT = "retreat"
    ABANDONED = "abandoned"
    PLAYING = "playing"


class EventKind(StrEnum):
    """What one entry of a game's log records (``GameEvent.action``): a ``skirmish game``
    command, or what follows from one by itself (a state ending, a civilian fleeing, a friend
    reacting to a death)."""

    START = "start"
    TURN = "turn"
    COHESION = "cohesion"  # R-08, at the start of a turn
    STATE_ENDS = "state-ends"  # at the start of a turn
    INITIATIVE = "initiative"
    SHOOT = "shoot"
    MELEE = "melee"
    HIT = "hit"  # wounds rolled with physical dice
    ELIMINATE = "eliminate"
    STATE = "state"  # a state recorded from the table
    FLEE = "flee"  # a civilian flees the table
    LEAVE = "leave"  # a civilian leaves the table
    SPEND = "spend"
    DRINK = "drink"  # §8.3
    OBJECTIVE = "objective"
    FRIEND_DEATH = "friend-death"
    RETREAT = "retreat"
    END = "end"
    ABANDON = "abandon"
    # issue #10: the rest of table 1, rerolls at the roll, activations
    REROLL = "reroll"  # R-15, a FAMA or FORTUNA point spent on a die as it is rolled
    ACTIVATE = "activate"  # §1.8, a model takes its turn
    RELOAD = "reload"
    UNJAM = "unjam"
    MOUNT = "mount"
    DISMOUNT = "dismount"
    LASSO = "lasso"
    EXPLOSION = "explosion"


# --- words and vocabularies -----------------------------------------------------------------


class Word(NamedTuple, Generic[E]):
    """One game word: the member it names, its English label (its msgid in the catalogue, with
    its vocabulary for context: ``NP_("side", "good")``) and the other names a player may type
    for it. Its Italian label is the catalogue's, and a player may type it too."""

    member: E
    en: str
    aliases: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return self.member.value

    @property
    def it(self) -> str:
        """The Italian label (the catalogue's)."""
        return gettext(Lang.IT, self.en)

    def label(self, lang: Lang | str) -> str:
        """The label in ``lang``."""
        return gettext(lang, self.en)

    @property
    def name_it(self) -> str:
        return self.it

    @property
    def name_en(self) -> str:
        return str(self.en)


class Vocabulary(Generic[E]):
    """Every word of one closed set, found by any of its names; one word per member."""

    def __init__(self, kind: str, enum: type[E], words: Iterable[Word[E]]) -> None:
        self.kind = kind
        self.enum = enum
        self._words: dict[E, Word[E]] = {}
        for word in words:
            if word.member in self._words:
                raise RulesError(
                    Message(
                        "{kind} {word_member_value!r} has two words in the glossary.",
                        word_member_value=word.member.value,
                        kind=kind,  # a developer's mistake in the tables: said as declared
                    )
                )
            self._words[word.member] = word
        missing = [repr(m.value) for m in enum if m not in self._words]
        if missing:
            raise RulesError(
                Message(
                    "{kind} {join_missing} has no word in the glossary.",
                    join_missing=", ".join(missing),
                    kind=kind,  # a developer's mistake in the tables: said as declared
                )
            )

    @cached_property
    def _index(self) -> NameIndex[Word[E]]:
        # Built on the first parse: a command that only labels (roll, odds) never pays for it.
        return NameIndex(self.kind, self._words.values())

    def __iter__(self) -> Iterator[Word[E]]:
        return iter(self._words.values())

    def parse(self, text: str) -> E:
        """The member called ``text`` in either language; an unknown word raises
        ``UnknownNameError`` with the nearest words (every word if none is near)."""
        found = self._index.get(text)
        if found is None:
            near = self._index.nearest(text) or [m.value for m in self.enum]
            near_it = self._index.nearest_it(text) or [w.it for w in self._words.values()]
            raise UnknownNameError(self.kind, text, near, suggestions_it=near_it)
        return found.member

    def label(self, member: E, lang: Lang | str) -> str:
        """The word for ``member`` in ``lang``."""
        word = self._words[self.enum(member)]
        return word.label(lang)


# --- the glossary ---------------------------------------------------------------------------

_STATE_WORDS = (
    Word(ModelState.STEADY, NP_("state", "steady"), ("saldo", "calm", "calma", "salda")),
    Word(ModelState.SHAKEN, NP_("state", "shaken"), ("scossa",)),
    Word(ModelState.TERRIFIED, NP_("state", "terrified"), ("in panico", "panic", "impaurita")),
)

#: A model's state after panic tests (§4.3.2, R-04).
STATES = Vocabulary("state", ModelState, _STATE_WORDS)

#: The words ``game state`` takes: the three states (the same words), prone, standing, fleeing.
TABLE_STATES = Vocabulary(
    "state",
    TableState,
    [
        *(Word(TableState(w.member.value), w.en, w.aliases) for w in _STATE_WORDS),
        # Italian players say a model lies "sdraiato" or "disteso" as often as the book's "steso".
        Word(
            TableState.PRONE,
            NP_("state", "prone"),
            ("a terra", "sdraiato", "disteso", "stesa", "sdraiata"),
        ),
        Word(TableState.STANDING, NP_("state", "standing"), ("up", "alzato", "rialzato")),
        Word(TableState.FLEEING, NP_("state", "fleeing"), ("flees", "fugge")),
    ],
)

#: The hero's points (§1.6, R-15): the book's capitals in both languages, as on every sheet.
POINTS = Vocabulary(
    "point",
    Point,
    [
        Word(Point.FAMA, NP_("point", "FAMA"), ("fame",)),
        Word(Point.FORTUNA, NP_("point", "FORTUNA"), ("fortune",)),
    ],
)

#: The two sides of a scenario (RULINGS §1).
SIDES = Vocabulary(
    "side",
    Side,
    [
        Word(Side.GOOD, NP_("side", "good"), ("i buoni", "good side")),
        Word(Side.BAD, NP_("side", "bad"), ("i cattivi", "bad side")),
    ],
)

#: A horse's pace (tables 1 and 2): the book's "fermo", "trotto", "corsa".
PACES = Vocabulary(
    "pace",
    Pace,
    [
        Word(Pace.STILL, NP_("pace", "still"), ("standing", "stopped")),
        Word(Pace.TROT, NP_("pace", "trot"), ("al trotto", "trotting")),
        Word(Pace.GALLOP, NP_("pace", "gallop"), ("galoppo", "in corsa", "galloping")),
    ],
)

#: A game's status.
STATUSES = Vocabulary(
    "game status",
    GameStatus,
    [
        Word(GameStatus.IN_PROGRESS, NP_("game status", "in progress")),
        Word(GameStatus.ENDED, NP_("game status", "ended")),
        Word(GameStatus.ABANDONED, NP_("game status", "abandoned")),
    ],
)

#: A gang's result in a game.
RESULTS = Vocabulary(
    "result",
    GameResult,
    [
        Word(GameResult.WIN, NP_("result", "win")),
        Word(GameResult.LOSS, NP_("result", "loss")),
        Word(GameResult.DRAW, NP_("result", "draw")),
        Word(GameResult.RETREAT, NP_("result", "retreat")),
        Word(GameResult.ABANDONED, NP_("result", "abandoned")),
        Word(GameResult.PLAYING, NP_("result", "playing")),
    ],
)

#: The kinds of event of a game's log: a command's English name, its Italian noun.
EVENTS = Vocabulary(
    "game event",
    EventKind,
    [
        Word(EventKind.START, NP_("game event", "start")),
        Word(EventKind.TURN, NP_("game event", "turn")),
        Word(EventKind.COHESION, NP_("game event", "cohesion")),
        Word(EventKind.STATE_ENDS, NP_("game event", "state ends")),
        Word(EventKind.INITIATIVE, NP_("game event", "initiative")),
        Word(EventKind.SHOOT, NP_("game event", "shoot")),
        Word(EventKind.MELEE, NP_("game event", "melee"), ("fight",)),
        Word(EventKind.HIT, NP_("game event", "hit")),
        Word(EventKind.ELIMINATE, NP_("game event", "eliminate")),
        Word(EventKind.STATE, NP_("game event", "state")),
        Word(EventKind.FLEE, NP_("game event", "flee")),
        Word(EventKind.LEAVE, NP_("game event", "leave")),
        Word(EventKind.SPEND, NP_("game event", "spend")),
        Word(EventKind.DRINK, NP_("game event", "drink")),
        Word(EventKind.OBJECTIVE, NP_("game event", "objective")),
        Word(EventKind.FRIEND_DEATH, NP_("game event", "friend falls")),
        Word(EventKind.RETREAT, NP_("game event", "retreat")),
        Word(EventKind.END, NP_("game event", "end")),
        Word(EventKind.ABANDON, NP_("game event", "abandon")),
        Word(EventKind.REROLL, NP_("game event", "reroll")),
        Word(EventKind.ACTIVATE, NP_("game event", "activation"), ("activate",)),
        Word(EventKind.RELOAD, NP_("game event", "reload"), ("ricaricare",)),
        Word(EventKind.UNJAM, NP_("game event", "unjam"), ("disinceppare",)),
        Word(EventKind.MOUNT, NP_("game event", "mount"), ("salire",)),
        Word(EventKind.DISMOUNT, NP_("game event", "dismount"), ("scendere",)),
        Word(EventKind.LASSO, NP_("game event", "lasso"), ("lazo",)),
        Word(EventKind.EXPLOSION, NP_("game event", "explosion")),
    ],
)

#: Where a scenario's objective stands (§10: the loot, the captives, the people).
OBJECTIVE_STATES = Vocabulary(
    "objective state",
    ObjectiveState,
    [
        Word(ObjectiveState.CARRIED, NP_("objective state", "carried")),
        Word(ObjectiveState.DROPPED, NP_("objective state", "dropped")),
        Word(ObjectiveState.RECOVERED, NP_("objective state", "recovered")),
        Word(ObjectiveState.HELD, NP_("objective state", "held")),
        Word(ObjectiveState.FREED, NP_("objective state", "freed")),
        Word(ObjectiveState.DELIVERED, NP_("objective state", "delivered")),
        Word(ObjectiveState.RESCUED, NP_("objective state", "rescued")),
        Word(ObjectiveState.OFF_TABLE, NP_("objective state", "off the table")),
        Word(ObjectiveState.ALIVE, NP_("objective state", "alive")),
        Word(ObjectiveState.WOUNDED, NP_("objective state", "wounded")),
        Word(ObjectiveState.DEAD, NP_("objective state", "dead")),
        Word(ObjectiveState.SAFE, NP_("objective state", "safe")),
    ],
)

#: What ``game objective`` records for an objective, as its scenario allows.
OBJECTIVE_EVENTS = Vocabulary(
    "objective event",
    ObjectiveEvent,
    [
        Word(
            ObjectiveEvent.PICK_UP,
            NP_("objective event", "pick up"),
            ("pickup", "raccogli", "prendi"),
        ),
        Word(ObjectiveEvent.RECOVER, NP_("objective event", "recover"), ("recupera",)),
        Word(ObjectiveEvent.DROP, NP_("objective event", "drop"), ("lascia", "posa")),
        Word(ObjectiveEvent.CARRY_OFF, NP_("objective event", "carry off"), ("porta via", "fuori")),
        Word(ObjectiveEvent.FREE, NP_("objective event", "free"), ("libera", "liberate")),
        Word(
            ObjectiveEvent.RECAPTURE, NP_("objective event", "recapture"), ("riprendi", "ricattura")
        ),
        Word(ObjectiveEvent.ESCAPE, NP_("objective event", "escape"), ("fuga", "scappa")),
        Word(ObjectiveEvent.DELIVER, NP_("objective event", "deliver"), ("consegna",)),
        Word(ObjectiveEvent.RESCUE, NP_("objective event", "rescue"), ("salva", "porta in salvo")),
        Word(ObjectiveEvent.WOUND, NP_("objective event", "wound"), ("ferisci", "ferito")),
        Word(ObjectiveEvent.KILL, NP_("objective event", "kill"), ("uccidi", "dead", "morto")),
        Word(
            ObjectiveEvent.SHELTER,
            NP_("objective event", "shelter"),
            ("al sicuro", "ripara", "safe"),
        ),
    ],
)

#: Every vocabulary of the glossary, by the closed set it names.
VOCABULARIES: Mapping[type[StrEnum], Vocabulary[Any]] = {
    v.enum: v
    for v in (
        STATES, TABLE_STATES, POINTS, SIDES, STATUSES, RESULTS, EVENTS, OBJECTIVE_STATES,
        OBJECTIVE_EVENTS, PACES,
    )
}  # fmt: skip


def parse(kind: type[E], text: str) -> E:
    """The member of ``kind`` called ``text`` in Italian or English (any case, accents or not);
    an unknown word raises ``UnknownNameError`` with the nearest words."""
    vocabulary: Vocabulary[E] = VOCABULARIES[kind]
    return vocabulary.parse(text)


def label(member: StrEnum, lang: Lang | str) -> str:
    """The word for ``member`` in ``lang`` (``it`` or ``en``)."""
    return VOCABULARIES[type(member)].label(member, lang)


def label_value(kind: type[StrEnum], value: str | None, lang: Lang | str) -> str:
    """The word for a stored ``value`` of ``kind`` (a row's state, a log's result) in ``lang``;
    a value the glossary does not know is shown as it is, ``None`` as nothing."""
    if value is None:
        return ""
    try:
        member = kind(value)
    except ValueError:
        return str(value)
    return label(member, lang)
