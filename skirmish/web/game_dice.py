"""The dice of a game's action as a phone asks them (issue #12, moved out of
``web/game_actions.py`` for issue #20's hand-over): one run of the action with the faces typed so
far (``Step``), stopped the moment the service wants a die nobody typed (``NeedDie``) or a reroll
nobody answered (``NeedAnswer``), each saying what it is for, for whom, and on whose phone it is
asked (``side``: the other side's, when the die is of a model the phone's reader does not play).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from skirmish import formats
from skirmish.campaign.game.rerolls import Payment, Question, Rerolls, parse_reroll
from skirmish.engine.dice import DieRequest, RandomDice, TableDice, Verdict, described
from skirmish.engine.glossary import label
from skirmish.i18n import Lang
from skirmish.odds.at_roll import advise
from skirmish.web import text

#: The side on whose phone a die of a model is asked (``None``: the phone running the action).
HandTo = Callable[[str | None], str | None]


def _t(lang: Lang) -> Mapping[str, str]:
    return text.words(lang)


def percent(p: Fraction | None, lang: Lang) -> str:
    """A chance as the phone says it: "50%", "0,5%" in Italian (a tenth below 10%), "<0,1%"
    for a chance that rounds to none, "—" for none."""
    if p is None:
        return _t(lang)["gac_odds_na"]
    if p == 0:
        return formats.percent(0, lang, 0)
    if p * 1000 < Fraction(1, 2):
        return "<" + formats.percent(Fraction(1, 1000), lang, 1)
    return formats.percent(p, lang, 0 if p >= Fraction(1, 10) else 1)


@dataclass(frozen=True)
class Typed:
    """A die used so far: its face, what it was for (in the reader's words), rerolled or not,
    and what it did as the engine judged it (``verdict``, "" for a die of no test)."""

    face: int
    what: str
    reroll: bool
    purpose: str = ""
    verdict: str = ""
    failed: bool = False


def judged(used: list[Typed], verdicts: Sequence[Verdict], lang: Lang) -> list[Typed]:
    """Each die typed with the engine's verdict on it (``stages.verdicts``), matched from the
    last die back: a die rerolled away, and a die of no test, has none (issue #20)."""
    found = list(used)
    left = list(verdicts)
    for at in range(len(found) - 1, -1, -1):
        die = found[at]
        if left and (left[-1].die.value, left[-1].die.purpose) == (die.face, die.purpose):
            verdict = left.pop()
            found[at] = replace(die, verdict=verdict.word(lang.value), failed=verdict.failed)
    return found


@dataclass(frozen=True)
class Way:
    """One way to pay for a reroll, as the page offers it: its token, words and advice."""

    token: str
    words: str
    passes: tuple[int, ...]
    chance: Fraction


class NeedDie(Exception):
    """The service wants a die nobody typed yet (nothing is recorded: the unit of work is
    thrown away)."""

    def __init__(
        self, request: DieRequest, used: list[Typed], lang: Lang, side: str | None = None
    ) -> None:
        super().__init__(request.purpose)
        self.what = described(request.purpose, request.subject, lang.value)
        self.purpose = request.purpose
        self.subject = request.subject
        self.number = request.number
        self.of = request.of
        self.reroll = request.reroll
        self.used = judged(used, request.verdicts, lang)
        self.side = side  # the other side, whose phone is asked for it (the hand-over)

    def asks(self) -> dict[str, Any]:
        """What is asked, as a hand-over keeps it."""
        return {"kind": "die", "purpose": self.purpose, "subject": self.subject}


class NeedAnswer(Exception):
    """A die failed and may be rerolled: the question, in plain words (the unit of work is
    thrown away, so nothing of the store's rows is kept)."""

    def __init__(
        self, die: str, face: int, ways: list[Way], used: list[Typed], other: str = "",
        purpose: str = "", roller: str = "", side: str | None = None,
    ) -> None:  # fmt: skip
        super().__init__(die)
        self.other = other  # the model whose die it is, when the reader does not play it
        self.die = die
        self.face = face
        self.ways = ways
        self.used = used
        self.purpose = purpose
        self.roller = roller
        self.side = side  # the other side, whose phone is asked for it (the hand-over)

    def asks(self) -> dict[str, Any]:
        """What is asked, as a hand-over keeps it."""
        return {"kind": "answer", "purpose": self.purpose, "subject": self.roller,
                "face": self.face}  # fmt: skip


def asked_words(asks: Mapping[str, Any], lang: Lang) -> str:
    """What a hand-over waits for, in the reader's words: "saving roll for Ike Clanton"."""
    subject = asks.get("subject")
    return described(str(asks.get("purpose", "")), subject if subject else None, lang.value)


def ways_view(question: NeedAnswer, lang: Lang) -> list[dict[str, str]]:
    """Each way to pay for the reroll with its advice, as the page offers them."""
    t = _t(lang)
    ways = []
    for way in question.ways:
        faces = ", ".join(str(f) for f in way.passes)
        chance = percent(way.chance, lang)
        advice = t["gac_reroll_advice"].format(faces=faces, chance=chance)
        if not way.passes:
            advice = t["gac_reroll_useless"]
        ways.append({"token": way.token, "words": way.words, "advice": advice})
    return ways


def _token(way: Payment) -> str:
    """How a way to pay is posted back: ``fortuna``, ``fama`` or ``fama:FRIEND``."""
    return f"{way.point.value}:{way.model.name}" if way.friend else way.point.value


@dataclass
class Step:
    """How the dice of one run of an action come: the faces typed so far, then (``random``)
    the server's, else ``NeedDie``; the reroll answers given so far, then ``NeedAnswer``.
    The API gives its dice and ``--reroll`` choices in one go (``whole``)."""

    lang: Lang
    faces: list[int] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    random: bool = False
    whole: bool = False
    choices: tuple[str, ...] = ()
    #: The models the reader plays (``None``: every model), asked when a die fails: a die of
    #: another model's is offered for a reroll saying whose decision it is.
    mine: Callable[[], frozenset[str] | None] | None = None
    #: The side on whose phone a die of a model is asked, when not this one's (issue #20).
    hand_to: HandTo | None = None
    #: The engine's result of each shot or fight the run rolled (``runs.noted``, issue #24).
    results: list[Any] = field(default_factory=list)
    table: TableDice = field(init=False)
    rerolls: Rerolls = field(init=False)

    def __post_init__(self) -> None:
        if self.whole:
            if self.faces:
                self.table = TableDice(self.faces)
            else:
                self.table = TableDice(random_dice=RandomDice())
            self.rerolls = Rerolls(choices=tuple(parse_reroll(c) for c in self.choices))
            return
        self.table = TableDice(self.faces, ask=self._die)
        self._left = list(self.answers)
        self.rerolls = Rerolls(ask=self._answer)

    def used(self) -> list[Typed]:
        return [
            Typed(die.value, described(die.purpose, who, self.lang.value), again, die.purpose)
            for die, who, again in self.table.dice
        ]

    def _die(self, request: DieRequest) -> Sequence[int] | None:
        if self.random:
            return None  # TableDice rolls this one and the rest at random
        side = self.hand_to(request.subject) if self.hand_to is not None else None
        raise NeedDie(request, self.used(), self.lang, side)

    def _answer(self, question: Question) -> Payment | None:
        if self._left:
            answer = self._left.pop(0)
            return next((w for w in question.payments if _token(w) == answer), None)
        t = _t(self.lang)
        ways = []
        for index, way in enumerate(question.payments):
            passes = question.passes_with(index)
            point = label(way.point, self.lang).upper()
            words = (
                t["gac_pay_friend"].format(name=way.model.name, left=way.left)
                if way.friend
                else t["gac_pay_own"].format(point=point, name=way.model.name, left=way.left)
            )
            ways.append(Way(_token(way), words, tuple(passes), advise(passes).after))
        die = question.offer.die
        what = described(die.purpose, question.roller, self.lang.value)
        mine = self.mine() if self.mine is not None else None
        other = question.roller if mine is not None and question.roller not in mine else ""
        used = judged(self.used(), self.table.verdicts(), self.lang)
        side = self.hand_to(question.roller) if self.hand_to is not None else None
        raise NeedAnswer(what, die.value, ways, used, other, die.purpose, question.roller, side)

    @property
    def dice_used(self) -> list[int]:
        return [die.value for die, _, _ in self.table.dice]
