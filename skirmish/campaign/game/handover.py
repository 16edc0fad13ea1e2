"""An action handed from one player's phone to the other's (issue #20): each decision on the
phone of the player it belongs to.

A shot typed on the shooter's phone comes to the target's saves, its panic dice, the target's
FAMA or FORTUNA to reroll a failed save: those are the target's player's to roll and to decide.
The web's action flow keeps an action in the phone's page until it is whole (nothing is recorded
before); when the next die or reroll question belongs to a model of the side the phone's reader
does not play, the action so far is stored here (``hand_over``): its values, the dice and the
answers given, its idempotency key, whose phone is asked now. The other phone's live page shows
the question and carries the action on from this row; the action is recorded once, with the
stored key, and the row deleted in the same unit of work (``claim``); a die of the first side's
again hands it back the same way. Either player may take it over with one tap (``take_over``:
one phone used for both).

At most one per game. Storing it moves the game's revision on (``capture.touch``), so the other
phone's poll sees it; a row older than the game's revision (another action recorded, an undo, a
new turn) has lapsed: ``current`` does not return it, and the next hand-over replaces it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from sqlalchemy import Integer, bindparam
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import Select

from skirmish.campaign import logbook
from skirmish.campaign.account_tables import RequestKey, User
from skirmish.campaign.game import capture
from skirmish.campaign.game.board import game_by_id, gangs_of
from skirmish.campaign.game.status import log_mark_of, note_log_mark
from skirmish.campaign.game.tables import Game, GameHandover
from skirmish.campaign.models import CampaignLine, Gang
from skirmish.campaign.store import Access
from skirmish.errors import StaleError
from skirmish.translation import Message

#: ``session.info`` of a READ unit of work: game id → its hand-over (or ``None``), read beside
#: the game by ``game_and_handover``.
_BESIDE = "handovers read beside their game"


def game_and_handover(session: Session, campaign: CampaignLine, game_id: int) -> Game:
    """``board.game_by_id``; in a READ unit of work the game's hand-over is read in the same
    statement and kept for ``current`` (issue #23: the live page asks both, a statement each),
    and its campaign's log mark for ``status.campaign_log_mark`` (the boards' keys).
    A game not found, or another campaign's, is refused by ``game_by_id`` in its words."""
    if session.info.get("access") != Access.READ:
        return game_by_id(session, campaign, game_id)
    found = session.exec(_game_and_handover_query(), params={"game": game_id}).first()
    if found is None or found[0].campaign_id != campaign.id:
        return game_by_id(session, campaign, game_id)
    game, waiting, mark = found  # ``waiting`` None when the game has none (the outer join)
    session.info.setdefault(_BESIDE, {})[game.id] = waiting
    note_log_mark(session, game.campaign_id, mark)  # the boards' keys ask it next
    return game


@cache
def _game_and_handover_query() -> Select[Game, GameHandover, int]:
    """``game_and_handover``'s statement (the ``game`` parameter), built once: the game, its
    hand-over and its campaign's log mark (``status.log_mark_of``)."""
    return (
        select(Game, GameHandover, log_mark_of(col(Game.campaign_id)))
        .outerjoin(GameHandover, col(GameHandover.game_id) == col(Game.id))
        .where(col(Game.id) == bindparam("game", type_=Integer))
    )


def current(session: Session, game: Game) -> GameHandover | None:
    """The game's hand-over still waiting: ``None`` when there is none, or when the game has
    moved on since it was stored (it lapsed)."""
    found: GameHandover | None
    beside = session.info.get(_BESIDE)
    if beside is not None and game.id in beside:  # a READ unit of work read it with the game
        found = beside[game.id]
    else:
        found = session.get(GameHandover, game.id)
    if found is None or found.revision != game.revision:
        return None
    return found


def _next_revision(session: Session, game: Game) -> int:
    """The revision the game will have once this unit of work commits: ``capture.seal`` moves
    it one past the one it had when the unit of work locked it (``touch`` declares the change)."""
    capture.touch(session, game)
    return game.revision + 1


def hand_over(
    session: Session,
    *,
    game: Game,
    action: str,
    values: Mapping[str, Any],
    dice: Sequence[int],
    answers: Sequence[Mapping[str, Any]],
    random: bool,
    key: str,
    by: int | None,
    acting_side: str,
    side: str,
    asks: Mapping[str, Any],
) -> GameHandover:
    """Store the action begun on ``acting_side``'s phone, now waiting on ``side``'s (``game``
    locked by the caller). A hand-over of the same action (``key``) already stored and further
    on is kept: a retried request does not take it back."""
    assert game.id is not None
    found = session.get(GameHandover, game.id)
    if found is not None and found.revision == game.revision and found.key == key:
        return found
    row = found or GameHandover(game_id=game.id, action=action, key=key, acting_side=acting_side,
                                side=side, revision=0, created_at=logbook.now_text())  # fmt: skip
    row.action, row.key, row.acting_side, row.side = action, key, acting_side, side
    row.values = dict(values)
    row.dice = list(dice)
    row.answers = [dict(a) for a in answers]
    row.random, row.started_by, row.taken_by = random, by, None
    row.since = len(dice)
    row.asks = dict(asks)
    row.created_at = logbook.now_text()
    row.revision = _next_revision(session, game)
    session.add(row)
    session.flush()
    return row


def fresh(session: Session, game: Game, key: str, revision: int | str | None) -> GameHandover:
    """The game's hand-over of the action with ``key`` as a phone showed it at ``revision``;
    else ``StaleError``: the other phone answered it first, or the game moved on."""
    found = current(session, game)
    if found is None or found.key != key or str(found.revision) != str(revision):
        raise StaleError(
            Message(
                "this die was answered on the other phone, or the game moved on since "
                "this page was shown; here is what waits now. Nothing was changed."
            )
        )
    return found


def carry_on(
    session: Session,
    row: GameHandover,
    *,
    game: Game,
    dice: Sequence[int],
    answers: Sequence[Mapping[str, Any]],
    random: bool,
    side: str,
    asks: Mapping[str, Any],
) -> GameHandover:
    """The action went on by a die or an answer and waits again, on ``side``'s phone (unless
    a phone took it over: that one goes on asking)."""
    if row.taken_by is None and side != row.side:
        row.side = side
        row.since = len(dice)
    row.dice = list(dice)
    row.answers = [dict(a) for a in answers]
    row.random = random
    row.asks = dict(asks)
    row.revision = _next_revision(session, game)
    session.add(row)
    session.flush()
    return row


def take_over(
    session: Session, row: GameHandover, *, game: Game, by: int | None, side: str
) -> None:
    """One phone for both: from now on every die and answer of the action is asked on the
    phone of account ``by`` (who plays ``side``)."""
    row.taken_by = by
    row.side = side
    row.since = len(row.dice)
    row.revision = _next_revision(session, game)
    session.add(row)
    session.flush()


def claim(session: Session, row: GameHandover) -> None:
    """The action is being recorded from this row: it goes in the same unit of work (a run
    that stops on a die rolls the unit of work back, the row with it)."""
    session.delete(row)
    session.flush()


def player_of(session: Session, game: Game, side: str) -> tuple[str | None, str | None]:
    """The name of the account playing ``side`` in ``game`` (``None``: no account owns its
    gang) and the gang's name."""
    for gg in gangs_of(session, game):
        if gg.side != side:
            continue
        gang = session.get(Gang, gg.gang_id)
        if gang is None:
            return None, None
        owner = session.get(User, gang.owner_id) if gang.owner_id is not None else None
        return (owner.name if owner is not None else None), gang.name
    return None, None


def recorded_events(session: Session, key: str) -> list[int] | None:
    """The ids of the events the action answered under ``key`` recorded, or ``None`` when the
    key has no answer (the action was never recorded)."""
    if not key:
        return None
    found = session.exec(select(RequestKey).where(col(RequestKey.key) == key)).first()
    if found is None or not isinstance(found.body, dict):
        return None
    events = found.body.get("events", [])
    return [int(e["id"]) for e in events if isinstance(e, dict) and isinstance(e.get("id"), int)]
