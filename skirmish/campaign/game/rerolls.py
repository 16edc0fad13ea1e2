"""FAMA and FORTUNA at the moment of the roll (R-15, §1.6; issue #10, item 2).

When a die of a shot or a fight fails its test (``engine.stages.failed_dice``), the model that
rolled it may reroll it with one of its own FORTUNA or FAMA points, or with the FAMA of a
friendly model within 5U. The choices come from the front end: typed beforehand
(``⟨reroll⟩ shot:fortuna``, ``RerollChoice``) or asked at the table (``Asker``). The point is
spent on the ``GameModel`` that pays (points come back after the game, being per game), each
reroll is its own ``reroll`` event with the old and the new die, and the action goes on from
the new die with ``engine.rerolls``' replay semantics (``roll_at_table``).

A choice typed beforehand that finds no failed die of its stage, or no point to pay with, is
refused: the transaction rolls back and nothing changes.

Every other test the tracker rolls goes through ``roll_with_rerolls`` too, with its own rule of
which dice failed (``engine.stages``): R-19's panic tests, the reflex tests of table 1 and of
opportunity fire, the saves of an explosion, the initiative and the cohesion test (a die of the
gang's, ``GangDie``: only the FAMA of its models in play pays). An action of several tests
shares one ``Rerolls``: each test takes the choices of its stage, and the action checks at its
end that every choice found its die (``Rerolls.require_all_taken``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from sqlmodel import Session

from skirmish.campaign.game.board import (
    find_model,
    member_of,
    models_of,
    record_event,
    side_of,
)
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.engine.dice import DiceSource, note_end, purpose_words, rolling_for
from skirmish.engine.fight import MeleeResult
from skirmish.engine.glossary import EventKind, parse
from skirmish.engine.rerolls import AtTable, HasDice, Offer, roll_at_table
from skirmish.engine.shooting import ShootResult
from skirmish.engine.stages import FailedDie, Side, ending, failed_dice, verdicts
from skirmish.errors import CampaignError
from skirmish.rules.model import Point
from skirmish.rules.names import normalize
from skirmish.translation import Both, Message

#: An action whose failed dice may be rerolled at the roll.
Result = ShootResult | MeleeResult
#: Any test rolled at the table (``Result``, a reflex or panic test, an initiative round…).
T = TypeVar("T", bound=HasDice)

#: The words a player types for each stage a die may be rerolled at, Italian and English.
STAGE_WORDS: dict[str, tuple[str, ...]] = {
    "nerve": ("nerve", "freddezza", "nervi"),
    "shot": ("shot", "shooting", "tiro", "colpo", "sparo"),
    "fight": ("fight", "melee", "corpo-a-corpo", "lotta", "mischia"),
    "save": ("save", "saving", "salvezza", "tiro-salvezza"),
    "panic": ("panic", "panico"),
    "reflex": ("reflex", "riflessi"),
    "initiative": ("initiative", "iniziativa"),
    "cohesion": ("cohesion", "coesione"),
}


@dataclass(frozen=True, slots=True)
class RerollChoice:
    """A reroll said beforehand: at which stage, with which point, and (FAMA only) the
    friendly model within 5U that pays, else the model that rolled."""

    stage: str
    point: Point
    payer: str | None = None

    @property
    def text(self) -> str:
        """The choice as typed back (``shot:fama:Wyatt Earp``)."""
        return ":".join([self.stage, self.point.value, *([self.payer] if self.payer else [])])


def parse_reroll(text: str) -> RerollChoice:
    """``STAGE:POINT[:FRIEND]``: ``shot:fortuna``, ``salvezza:fama``, ``panic:fama:Wyatt
    Earp`` (Italian or English words)."""
    parts = [p.strip() for p in text.split(":", 2)]
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise CampaignError(
            Message(
                "⟨reroll⟩ {text!r}: say the stage and the point, e.g. shot:fortuna, "
                'save:fama or panic:fama:"Wyatt Earp" (a friend within 5U pays with '
                "FAMA).",
                text=text,
            )
        )
    word = normalize(parts[0])
    stage = next((key for key, words in STAGE_WORDS.items() if word in words), None)
    if stage is None:
        known = ", ".join(words[0] + "/" + words[-1] for words in STAGE_WORDS.values())
        raise CampaignError(
            Message(
                "⟨reroll⟩ {text!r}: {parts_0!r} is not a stage a die is rerolled at; "
                "one of {known}.",
                text=text,
                parts_0=parts[0],
                known=known,
            )
        )
    point = parse(Point, parts[1])
    payer = parts[2] if len(parts) == 3 and parts[2] else None
    if payer is not None and point is Point.FORTUNA:
        raise CampaignError(
            Message(
                "⟨reroll⟩ {text!r}: FORTUNA rerolls only the model's own die (R-15); a "
                "friend within 5U pays with FAMA.",
                text=text,
            )
        )
    return RerollChoice(stage, point, payer)


@dataclass(frozen=True, slots=True)
class Payment:
    """One way to pay for a reroll: a point of a model, and how many it has left."""

    model: GameModel
    point: Point
    left: int
    friend: bool  # a friendly model within 5U (FAMA only)
    roller: str  # the model whose die is rerolled


@dataclass(frozen=True, slots=True)
class GangDie:
    """A die that is no model's own but its gang's (the cohesion test, R-08): only the FAMA of
    the gang's models in play may reroll it, no FORTUNA (docs/games.md)."""

    gang_id: int
    name: str  # the gang's name, said as the die's roller


#: Who rolled the dice of a side: a model, the gang (``GangDie``), or a scenario's person
#: (``None``: no points).
Roller = GameModel | GangDie | None


@dataclass(frozen=True, slots=True)
class Question:
    """What the table is asked when a die fails: the offer, who rolled it, the ways to pay,
    and for each way the faces with which the rerolled die passes once that point is spent
    (they differ where the point counts in the test: unused FAMA in the initiative, R-07)."""

    offer: Offer[FailedDie]
    roller: str
    payments: tuple[Payment, ...]
    passes: tuple[tuple[int, ...], ...] = ()

    def passes_with(self, way: int) -> tuple[int, ...]:
        """The passing faces if ``payments[way]`` pays."""
        return self.passes[way] if way < len(self.passes) else self.offer.passes

    def stage_words(self, lang: str) -> str:
        """The failed die's test in the book's words."""
        return purpose_words(self.offer.die.purpose, lang)


#: Asks the table whether to reroll: the way chosen, or ``None`` to keep the die.
Asker = Callable[[Question], Payment | None]


def points_left(session: Session, model: GameModel, point: Point) -> int:
    """The FAMA or FORTUNA points ``model`` has left this game (R-15)."""
    owned = int(getattr(member_of(session, model), point.value))
    return owned - int(getattr(model, f"{point.value}_spent"))


@dataclass
class Rerolls:
    """The rerolls of one action: the ``choices`` typed beforehand, else (on a terminal, in
    the web app) ``ask``; neither: no reroll is offered and the action simply runs. The tests
    of one action take the choices of their stages in turn (``take``)."""

    choices: Sequence[RerollChoice] = ()
    ask: Asker | None = None
    unused: list[RerollChoice] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.unused = list(self.choices)

    @property
    def active(self) -> bool:
        """Whether any reroll may be taken in this action."""
        return bool(self.choices) or self.ask is not None

    def take(self, stage: str) -> RerollChoice | None:
        """The first choice typed for ``stage`` not yet taken, now taken."""
        typed = next((c for c in self.unused if c.stage == stage), None)
        if typed is not None:
            self.unused.remove(typed)
        return typed

    def require_all_taken(self) -> None:
        """A choice that found no failed die of its stage is refused (nothing changes)."""
        if self.unused:
            _no_failed_die(self.unused[0])


NO_REROLLS = Rerolls()


def roll_with_rerolls(
    session: Session,
    game: Game,
    procedure: Callable[[DiceSource], T],
    dice: DiceSource,
    *,
    rollers: dict[Side, Roller],
    rerolls: Rerolls,
    failed: Callable[[T], Sequence[FailedDie]] | None = None,
    more: bool = False,
) -> AtTable[T, FailedDie, Payment]:
    """Run a test on the table's ``dice`` with the rerolls ``rerolls`` allows, the dice of
    each side rolled by ``rollers`` (``None``: a scenario's person, who has no points; a
    ``GangDie``: the gang's). ``failed`` is the test's rule of which dice failed
    (``engine.stages``; default: a shot's or a fight's). The points are spent as the rerolls
    are taken; ``record_rerolls`` logs them. With ``more`` the action rolls further tests on
    the same ``rerolls``, and checks at its end that every choice was taken."""
    verdict: Callable[[Any], Sequence[FailedDie]] = failed if failed is not None else failed_dice

    def choose(offer: Offer[FailedDie]) -> Payment | None:
        roller = rollers.get(offer.failed.side)
        if roller is None:
            return None
        typed = rerolls.take(offer.failed.stage)
        if typed is not None:
            payment: Payment | None = _typed_payment(session, game, roller, typed)
        elif rerolls.ask is not None:
            ways = payments(session, game, roller)
            name = roller.name
            asked = Question(offer, name, ways, tuple(_passes_if(offer, w) for w in ways))
            payment = rerolls.ask(asked) if ways else None
        else:
            return None
        if payment is not None:
            _spend(session, payment, 1)
        return payment

    table = roll_at_table(
        procedure, dice, failed=verdict, choose=choose if rerolls.active else None,
        judge=partial(verdicts, failed=verdict),
    )  # fmt: skip
    if not more:
        rerolls.require_all_taken()
    return table


def _spend(session: Session | None, payment: Payment, points: int) -> None:
    """``points`` more of the payment's kind spent (``-1`` gives one back)."""
    spent = f"{payment.point.value}_spent"
    setattr(payment.model, spent, int(getattr(payment.model, spent)) + points)
    if session is not None:
        session.add(payment.model)


def _passes_if(offer: Offer[FailedDie], way: Payment) -> tuple[int, ...]:
    """The faces with which the offered die passes once ``way`` is spent: the same as the
    offer's unless the point counts in the test (unused FAMA in the initiative, R-07)."""
    if offer.recheck is None:
        return offer.passes
    _spend(None, way, 1)
    try:
        return offer.recheck()
    finally:
        _spend(None, way, -1)


def _gang_models(session: Session, game: Game, gang_id: int) -> list[GameModel]:
    return [
        m
        for m in models_of(session, game)
        if m.game_gang_id == gang_id and not m.eliminated and m.left_turn is None
    ]


def payments(session: Session, game: Game, roller: GameModel | GangDie) -> tuple[Payment, ...]:
    """Every way to pay for a reroll of ``roller``'s die, FORTUNA first (it helps only the
    model itself, while FAMA may still help a friend): its own points, then the FAMA of each
    friendly model in play (the player says which is within 5U). A gang's die: the FAMA of
    each of its models in play."""
    if isinstance(roller, GangDie):
        gang = [
            Payment(m, Point.FAMA, points_left(session, m, Point.FAMA), False, roller.name)
            for m in _gang_models(session, game, roller.gang_id)
        ]
        return tuple(w for w in gang if w.left > 0)
    ways = [
        Payment(roller, point, points_left(session, roller, point), False, roller.name)
        for point in (Point.FORTUNA, Point.FAMA)
    ]
    side = side_of(session, roller)
    for model in models_of(session, game):
        if (
            model.id != roller.id
            and not model.eliminated
            and model.left_turn is None
            and side_of(session, model) is side
        ):
            left = points_left(session, model, Point.FAMA)
            ways.append(Payment(model, Point.FAMA, left, True, roller.name))
    return tuple(w for w in ways if w.left > 0)


def _typed_payment(
    session: Session, game: Game, roller: GameModel | GangDie, choice: RerollChoice
) -> Payment:
    if isinstance(roller, GangDie):
        return _gang_payment(session, game, roller, choice)
    payer = roller if choice.payer is None else find_model(session, game, choice.payer)
    friend = payer.id != roller.id
    if friend and (
        payer.eliminated
        or payer.left_turn is not None
        or side_of(session, payer) is not side_of(session, roller)
    ):
        raise CampaignError(
            Message(
                "⟨reroll⟩ {choice_text}: {payer_name!r} is not a friendly model in "
                "play, so it cannot pay for {roller_name!r}'s reroll (R-15).",
                choice_text=choice.text,
                payer_name=payer.name,
                roller_name=roller.name,
            )
        )
    left = points_left(session, payer, choice.point)
    if left < 1:
        point = choice.point.value.upper()
        raise CampaignError(
            Message(
                "⟨reroll⟩ {choice_text}: {payer_name!r} has no {point} point left this "
                "game (R-15); spent points come back after the game.",
                choice_text=choice.text,
                payer_name=payer.name,
                point=point,
            )
        )
    return Payment(payer, choice.point, left, friend, roller.name)


def _gang_payment(session: Session, game: Game, gang: GangDie, choice: RerollChoice) -> Payment:
    """A gang's die (R-08) paid with the FAMA of one of its models in play: the one named, by
    default the one with the most FAMA left (docs/games.md)."""
    if choice.point is not Point.FAMA:
        raise CampaignError(
            Message(
                "⟨reroll⟩ {choice_text}: the cohesion die is the gang's ({gang_name}), "
                "no model's own, so FORTUNA cannot reroll it; the FAMA of one of its "
                "models in play can (R-15, R-08).",
                choice_text=choice.text,
                gang_name=gang.name,
            )
        )
    mine = _gang_models(session, game, gang.gang_id)
    if choice.payer is not None:
        payer = find_model(session, game, choice.payer)
        if payer.id not in {m.id for m in mine}:
            raise CampaignError(
                Message(
                    "⟨reroll⟩ {choice_text}: {payer_name!r} is not a model of {gang_name} "
                    "in play, so it cannot pay for its cohesion test (R-15, R-08).",
                    choice_text=choice.text,
                    payer_name=payer.name,
                    gang_name=gang.name,
                )
            )
    elif mine:
        payer = max(mine, key=lambda m: points_left(session, m, Point.FAMA))
    else:
        raise CampaignError(
            Message(
                "⟨reroll⟩ {choice_text}: {gang_name} has no model in play to pay (R-15).",
                choice_text=choice.text,
                gang_name=gang.name,
            )
        )
    left = points_left(session, payer, Point.FAMA)
    if left < 1:
        raise CampaignError(
            Message(
                "⟨reroll⟩ {choice_text}: {payer_name!r} has no FAMA point left this "
                "game (R-15); spent points come back after the game.",
                choice_text=choice.text,
                payer_name=payer.name,
            )
        )
    return Payment(payer, Point.FAMA, left, False, gang.name)  # no 5U: the gang's own die


def _no_failed_die(choice: RerollChoice) -> None:
    en, it = purpose_words(choice.stage, "en"), purpose_words(choice.stage, "it")
    raise CampaignError(
        Message(
            "⟨reroll⟩ {choice_text}: no failed {en} of a model with points to "
            "reroll in this action; nothing was changed.",
            choice_text=choice.text,
            en=Both(en, it),
        )
    )


def record_rerolls(
    session: Session, game: Game, table: AtTable[Any, FailedDie, Payment]
) -> list[dict[str, object]]:
    """One ``reroll`` event per die rerolled (R-15), with the old and the new die; returns
    what each says, for the front end."""
    said: list[dict[str, object]] = []
    for taken in table.rerolls:
        roller = taken.payer.roller
        payer = taken.payer.model
        left = taken.payer.left - 1  # as it was when this die was rerolled
        details: dict[str, object] = {
            "model": roller,
            "stage": taken.failed.stage,
            "purpose": taken.old.purpose,
            "die": taken.failed.index + 1,
            "old": taken.old.value,
            "new": taken.new.value,
            "point": taken.payer.point.value,
            "payer": payer.name,
            "left": left,
            "ruling": "R-15",
        }
        record_event(session, game, EventKind.REROLL, model=payer, details=details,
                     dice=(taken.new,))  # fmt: skip
        said.append(details)
    return said


def roll_action(
    session: Session,
    game: Game,
    procedure: Callable[[DiceSource], Result],
    dice: DiceSource,
    *,
    attacker: GameModel,
    target: GameModel | None,
    rerolls: Rerolls,
    more: bool = False,
) -> AtTable[Result, FailedDie, Payment]:
    """A shot or a fight rolled at the table: the attacker's dice (nerve, shots, fight) and
    the target's (saves, panic) named for the prompts, each failed die offered for a reroll
    as its throw ends (R-15), and why the action stopped noted for dice left over. With
    ``more`` the action rolls further tests (R-19's panic tests) on the same ``rerolls``."""
    mine = dict.fromkeys(("nerve", "fanning", "shot", "fight", "mount"), attacker.name)
    theirs = dict.fromkeys(("save", "panic", "reflex"), target.name) if target else {}
    with rolling_for(dice, {**mine, **theirs}):
        table = roll_with_rerolls(
            session, game, procedure, dice,
            rollers={Side.ACTOR: attacker, Side.TARGET: target}, rerolls=rerolls, more=more,
        )  # fmt: skip
    note_end(dice, ending(table.result))
    return table
