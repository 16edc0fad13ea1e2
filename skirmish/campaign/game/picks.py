"""The book's secret activation on the players' phones (§1.8, issue #12): "each player lays the
card of the model they want to activate face down on the table, and both are revealed at
once"; then the initiative is rolled (R-07, ``initiative``) and the winner chooses which side
activates.

A *round* is one activation of the turn: round = the number of models that have begun their
turn this turn + 1 (``activations``: an initiative's winner, a model that acts, opportunity
fire, a turn the players said was taken). So the round moves on as soon as an activation
begins, and starts again at 1 with every new turn; an undo that takes an activation of the turn
back takes the round back with it, and the cards laid for it are on the table again (the cards
of earlier turns are cleared when a card of a later turn is laid).

Each side lays one card a round (``pick``): a model of its own that may still take its turn
this turn (``activations.to_activate``). Until the other side has laid its card, a side may lay
another, which replaces the first; once both are down they are revealed and stay as they are.
A card whose model can no longer take its turn (it was activated some other way, eliminated,
terrified since; an undo changed the turn) no longer counts. When only one side has models left
to take their turn, nobody lays a card: that side activates them one after the other
(``initiative`` rolls nothing then).

The secret: ``round_state`` tells each side whether the other has laid its card, but *which*
model only to that card's own side, or to everyone once both are down. Referees and spectators
see what the opponent sees. A card is not a game event (the log shows the initiative roll that
reveals them) and ``game undo`` does not take one back; laying one moves the game's revision on
(``capture.touch``), so the other phone learns that a card is down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, event
from sqlalchemy.orm import ORMExecuteState
from sqlalchemy.orm import Session as SaSession
from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.game import capture
from skirmish.campaign.game.activations import acted, require_waiting, to_activate
from skirmish.campaign.game.board import (
    find_model,
    game_gang_of,
    gang_row,
    may_write,
    models_of,
    require_alive,
    require_can_act,
    require_in_progress,
    require_started,
    side_of,
)
from skirmish.campaign.game.tables import Game, GameModel, GamePick
from skirmish.campaign.logbook import author, now_text
from skirmish.campaign.lookup import row_id
from skirmish.campaign.models import Gang
from skirmish.engine.glossary import GameStatus, label, parse
from skirmish.errors import CampaignError
from skirmish.rules.model import Side
from skirmish.translation import Both, Message

SIDES = (Side.GOOD, Side.BAD)


@dataclass(frozen=True)
class Card:
    """One side's card in the round, as a viewer may see it: whether it is down, and the model
    (its name, and ``ref``, ``GANG:NAME`` as ``initiative`` takes it) only when the viewer may
    know it; ``left``, that side's models still to take their turn this turn."""

    side: Side
    to_pick: bool  # this side lays a card this round
    picked: bool
    model: str | None = None
    model_id: int | None = None
    ref: str | None = None
    left: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundState:
    """The round of a turn: its number, both sides' cards as the viewer may see them,
    ``revealed`` once both are down (``ready`` for ``initiative.initiative(good=…, bad=…)``),
    ``only``: the side that activates its models one after the other (the other has none
    left), ``over``: no model is left to take its turn this turn."""

    game: int
    turn: int
    round: int
    good: Card
    bad: Card
    revealed: bool
    only: Side | None
    over: bool

    def card(self, side: Side) -> Card:
        return self.good if side is Side.GOOD else self.bad

    def ready(self) -> dict[str, str]:
        """The two revealed models as ``initiative.initiative`` takes them (``good``, ``bad``);
        empty until both cards are down."""
        if not self.revealed or self.good.ref is None or self.bad.ref is None:
            return {}
        return {"good": self.good.ref, "bad": self.bad.ref}


def round_number(session: Session, game: Game) -> int:
    """The round of the game's turn: the models that have begun their turn this turn, + 1."""
    return 1 + sum(1 for m in models_of(session, game) if acted(game, m))


def _side(side: Side | str) -> Side:
    return side if isinstance(side, Side) else parse(Side, side)


def _viewers(viewer: Side | Iterable[Side] | None) -> frozenset[Side]:
    if viewer is None:
        return frozenset()
    if isinstance(viewer, Side):
        return frozenset({viewer})
    return frozenset(viewer)


# The cards of a round are read once per unit of work (issue #23: a roll read them three times,
# a card twice), kept in ``session.info`` (``capture.CARDS``) and forgotten after anything that
# may change one: a flush of a card, a statement that may write the table, a commit, a rollback.


def _held_cards(session: Session) -> dict[tuple[int | None, int, int], dict[Side, GamePick]]:
    held: dict[tuple[int | None, int, int], dict[Side, GamePick]] = session.info.setdefault(
        capture.CARDS, {}
    )
    if held and any(
        isinstance(row, GamePick) for row in (*session.new, *session.dirty, *session.deleted)
    ):
        held.clear()
    return held


def _forget_cards(session: SaSession) -> None:
    held = session.info.get(capture.CARDS)
    if held:
        held.clear()


@event.listens_for(SaSession, "after_flush")
def _after_flush(session: SaSession, _context: Any) -> None:
    if any(isinstance(row, GamePick) for row in (*session.new, *session.dirty, *session.deleted)):
        _forget_cards(session)


@event.listens_for(SaSession, "do_orm_execute")
def _on_execute(state: ORMExecuteState) -> None:
    if may_write(state, _CARD_TABLES):
        _forget_cards(state.session)


@event.listens_for(SaSession, "after_commit")
def _after_commit(session: SaSession) -> None:
    if not session.in_nested_transaction():
        _forget_cards(session)


@event.listens_for(SaSession, "after_rollback")
def _after_rollback(session: SaSession) -> None:
    _forget_cards(session)


_CARD_TABLES = frozenset({"game_pick"})


def _cards(session: Session, game: Game, turn: int, round_no: int) -> dict[Side, GamePick]:
    held = _held_cards(session)
    key = (game.id, turn, round_no)
    if key not in held:
        rows = session.exec(
            select(GamePick).where(
                GamePick.game_id == game.id, GamePick.turn == turn, GamePick.round == round_no
            )
        ).all()
        held[key] = {Side(row.side): row for row in rows}
    return dict(held[key])


def _lock_gangs(session: Session, models: list[GameModel]) -> None:
    """The gangs of ``models`` locked, as ``_ref`` locks each (``gang_row``), in one statement
    (issue #23: a statement each)."""
    gangs = [session.get(Gang, game_gang_of(session, model).gang_id) for model in models]
    lookup.lock_rows(session, [gang for gang in gangs if gang is not None])


def _ref(session: Session, model: GameModel) -> str:
    return f"{gang_row(session, game_gang_of(session, model)).name}:{model.name}"


def _valid(cards: dict[Side, GamePick], left: dict[Side, list[GameModel]]) -> dict[Side, GamePick]:
    """The cards whose model may still take its turn this turn."""
    ids = {side: {m.id for m in left[side]} for side in SIDES}
    return {side: row for side, row in cards.items() if row.game_model_id in ids[side]}


def round_state(
    session: Session, game: Game, viewer: Side | Iterable[Side] | None = None
) -> RoundState:
    """The game's round as ``viewer`` may see it: the sides it plays (none: a referee, a
    spectator). Which model a card shows is told only to that card's side until both are
    down (§1.8)."""
    return _round_state(session, game, viewer)


def _round_state(
    session: Session,
    game: Game,
    viewer: Side | Iterable[Side] | None,
    laid: dict[Side, GamePick] | None = None,
) -> RoundState:
    """``round_state``, from this round's cards when the caller has them (``laid``)."""
    sees = _viewers(viewer)
    left = to_activate(session, game)
    playing = game.turn >= 1 and game.status == GameStatus.IN_PROGRESS
    both = playing and all(left[s] for s in SIDES)
    round_no = round_number(session, game)
    if laid is None and both:
        laid = _cards(session, game, game.turn, round_no)
    cards = _valid(laid or {}, left) if both else {}
    revealed = both and all(s in cards for s in SIDES)
    models = {s: session.get(GameModel, cards[s].game_model_id) for s in SIDES if s in cards}
    seen = [m for s, m in models.items() if m is not None and (revealed or s in sees)]
    _lock_gangs(session, seen)
    shown: dict[Side, Card] = {}
    for side in SIDES:
        row = cards.get(side)
        model = models.get(side)
        visible = model is not None and (revealed or side in sees)
        shown[side] = Card(
            side=side,
            to_pick=both,
            picked=row is not None,
            model=model.name if visible and model is not None else None,
            model_id=model.id if visible and model is not None else None,
            ref=_ref(session, model) if visible and model is not None else None,
            left=tuple(m.name for m in left[side]),
        )
    waiting = [s for s in SIDES if left[s]] if playing else []
    return RoundState(
        game=row_id(game),
        turn=game.turn,
        round=round_no,
        good=shown[Side.GOOD],
        bad=shown[Side.BAD],
        revealed=revealed,
        only=waiting[0] if len(waiting) == 1 else None,
        over=playing and not waiting,
    )


def pick(session: Session, game: Game, side: Side | str, member_name: str) -> RoundState:
    """``side`` lays the card of ``member_name`` face down for this round (§1.8): a model of
    its own that may still take its turn this turn. It replaces the side's card until the
    other side has laid one; once both are down, refused. The round as that side sees it."""
    require_in_progress(game)
    require_started(game)
    mine = _side(side)
    left = to_activate(session, game)
    _require_cards(game, mine, left)
    model = find_model(session, game, member_name)
    if side_of(session, model) is not mine:
        raise CampaignError(
            Message(
                "{model_name} plays on the {label_mine_other} side: lay the card of "
                "one of your own models ({join_m_name_for_m_in_left_mine}).",
                model_name=model.name,
                join_m_name_for_m_in_left_mine=", ".join(m.name for m in left[mine]),
                label_mine_other=Both(label(mine.other, "en"), label(mine.other, "it")),
            )
        )
    require_alive(session, model)
    require_can_act(model)
    require_waiting(session, game, model)
    round_no = round_number(session, game)
    laid = session.exec(select(GamePick).where(GamePick.game_id == game.id)).all()
    cards = {Side(r.side): r for r in laid if r.turn == game.turn and r.round == round_no}
    valid = _valid(cards, left)
    if mine in valid and mine.other in valid:
        raise CampaignError(
            Message(
                "both cards of round {round_no} of turn {game_turn} are down and "
                "revealed: roll the initiative (R-07); a card cannot be changed once "
                "both are down (§1.8).",
                round_no=round_no,
                game_turn=game.turn,
            )
        )
    # Cards of earlier turns are of no more use: the turn's cards start afresh (deleted when
    # the game's cards, read in one statement with this round's, show some: issue #23).
    if any(r.turn < game.turn for r in laid):
        session.execute(
            delete(GamePick).where(col(GamePick.game_id) == game.id, col(GamePick.turn) < game.turn)
        )
    row = cards.get(mine)
    if row is None:
        row = GamePick(
            game_id=row_id(game),
            turn=game.turn,
            round=round_no,
            side=mine.value,
            game_model_id=row_id(model),
            made_at=now_text(),
        )
    row.game_model_id = row_id(model)
    row.user_id = author(session)
    row.made_at = now_text()
    session.add(row)
    session.flush()
    capture.touch(session, game)
    laid_now = {**cards, mine: row}
    _held_cards(session)[(game.id, game.turn, round_no)] = laid_now  # not read again (issue #23)
    return _round_state(session, game, mine, dict(laid_now))


def _require_cards(game: Game, side: Side, left: dict[Side, list[GameModel]]) -> None:
    """Refuse a card when this round needs none from ``side``."""
    if not left[side]:
        raise CampaignError(
            Message(
                "the {label_side} side has no model left to take its turn {game_turn}: "
                "it lays no card until the next turn.",
                game_turn=game.turn,
                label_side=Both(label(side, "en"), label(side, "it")),
            )
        )
    if not left[side.other]:
        raise CampaignError(
            Message(
                "only the {label_side} side has models left to take their turn "
                "{game_turn}: no cards and no initiative (§1.8); activate them one "
                "after the other.",
                game_turn=game.turn,
                label_side=Both(label(side, "en"), label(side, "it")),
            )
        )
