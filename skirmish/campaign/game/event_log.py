"""A game's event log as a unit of work holds it (issue #23): the whole log (``events_of``), or
only its tail (``read_tail``), what an action needs of it.

An action's unit of work needed the whole log for three facts: the undo's mark (how many events
the game has, the last one's id), this turn's events (whose turn it is, what a model did) and
the events it recorded itself (its answer). So every action read and decoded every event of
the game, and a game's tenth turn cost more than its first. The tail is the log's count and last
id (one aggregate) beside the events from the locked game's turn on (one statement, the
aggregate left-joined to them), to which the events the unit of work records are added.

Both are kept in ``session.info`` under ``EVENTS`` by game id, and forgotten together
(``campaign.game.board``'s hooks): after a flush that inserts or deletes an event (a recorded
one is added back), a statement that may write the table, a commit or a rollback. A reader that
needs older events than the tail holds reads the whole log (``events_of``), as before.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sqlalchemy import Integer, and_, bindparam, func
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm import defer
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from skirmish.campaign.game.tables import Game, GameEvent

#: session.info: game id → its events, oldest first (a list: ``events_of``), or its tail.
EVENTS = "game_events"


@dataclass
class Tail:
    """The game's log as an action needs it: how many events it has and the last one's id, and
    every event from turn ``turn`` on (oldest first), with those the unit of work recorded."""

    count: int
    last: int
    turn: int
    floor: int  # the last id when read: every event after it is in ``events``
    events: list[GameEvent] = field(default_factory=list)


Held = list[GameEvent] | Tail


def _held(session: Session, game: Game) -> Held | None:
    """The game's log or tail as this unit of work last read it, unless an event was added or
    deleted since."""
    lists: dict[int | None, Held] | None = session.info.get(EVENTS)
    if lists is None:
        return None
    if any(isinstance(row, GameEvent) for row in (*session.new, *session.deleted)):
        lists.clear()
    return lists.get(game.id)


def held(session: Session, game: Game) -> Held | None:
    """What ``record_event`` adds a new event to (read before it is added)."""
    return _held(session, game)


def hold(session: Session, game: Game, found: Held | None, event: GameEvent) -> None:
    """After ``record_event`` flushed ``event``: the log or tail ``found`` (``held``), with it."""
    if isinstance(found, Tail):
        session.info[EVENTS][game.id] = Tail(
            found.count + 1, int(event.id or 0), found.turn, found.floor, [*found.events, event]
        )
    elif found is not None:
        session.info[EVENTS][game.id] = [*found, event]


def known_events(session: Session, game: Game) -> list[GameEvent] | None:
    """The game's whole event log as this unit of work holds it (``events_of``, kept up to date
    as it is), or None when it has not read it (or must read it again)."""
    known = _held(session, game)
    return list(known) if isinstance(known, list) else None


def events_of(session: Session, game: Game) -> list[GameEvent]:
    """The game's event log, oldest first; read once per unit of work (issue #23: the live
    page asked for it three times, an action four times). Read again after an event deleted
    or an INSERT/UPDATE/DELETE statement on the table or raw SQL (``game undo``); an event
    recorded by ``record_event`` is added to the list it read."""
    known = _held(session, game)
    if not isinstance(known, list):
        query = select(GameEvent).where(GameEvent.game_id == game.id).order_by(col(GameEvent.id))
        deferred = defer(GameEvent.before)  # type: ignore[arg-type]
        known = list(session.exec(query.options(deferred)).all())
        session.info.setdefault(EVENTS, {})[game.id] = known
    return list(known)


def read_tail(session: Session, game: Game) -> Tail:
    """The game's tail from its turn now on, read in one statement and held (see above)."""
    rows = session.exec(_tail_query(), params={"game": game.id, "turn": game.turn}).all()
    count, last = (int(rows[0][0] or 0), int(rows[0][1] or 0)) if rows else (0, 0)
    events = [event for _, _, event in rows if event is not None]
    tail = Tail(count, last, game.turn, last, events)
    session.info.setdefault(EVENTS, {})[game.id] = tail
    return tail


@cache
def _tail_query() -> Any:
    """``read_tail``'s statement, built once: the log's count and last id, left-joined to the
    events of the ``turn`` parameter's turn and later (none: one row, its event NULL)."""
    table = GameEvent.__table__  # type: ignore[attr-defined]
    marks = (
        select(func.count(table.c.id).label("count"), func.max(table.c.id).label("last"))
        .where(table.c.game_id == bindparam("game", type_=Integer))
        .subquery("marks")
    )
    joined = and_(
        col(GameEvent.game_id) == bindparam("game", type_=Integer),
        col(GameEvent.turn) >= bindparam("turn", type_=Integer),
    )
    return (
        select(marks.c.count, marks.c.last, GameEvent)
        .select_from(marks)
        .outerjoin(GameEvent, joined)
        .options(defer(GameEvent.before))  # type: ignore[arg-type]
        .order_by(col(GameEvent.id))
    )


def mark(session: Session, game: Game) -> tuple[int, int]:
    """How many events the game has and the last one's id (the undo's mark): from the tail or
    the log the unit of work holds, else from the tail read now."""
    known = _held(session, game)
    if isinstance(known, list):
        return len(known), max((int(e.id or 0) for e in known), default=0)
    tail = known if known is not None else read_tail(session, game)
    return tail.count, tail.last


def turn_events(session: Session, game: Game) -> list[GameEvent] | None:
    """The events of the game's turn as the unit of work holds them (from its log or its tail),
    or None when it holds neither (or a tail from a later turn)."""
    known = _held(session, game)
    if isinstance(known, Tail):
        if game.turn < known.turn:
            return None
        return [e for e in known.events if e.turn == game.turn]
    if known is None:
        return None
    return [e for e in known if e.turn == game.turn]


def last_event_id(session: Session, game: Game) -> int:
    """The id of the game's last event (0 for none)."""
    return mark(session, game)[1]


def events_after(session: Session, game: Game, after: int) -> list[GameEvent]:
    """The game's events after id ``after``, oldest first: from the tail when it holds them all
    (the events an action recorded), else from the whole log."""
    known = _held(session, game)
    if isinstance(known, Tail) and after >= known.floor:
        return [e for e in known.events if int(e.id or 0) > after]
    return [e for e in events_of(session, game) if int(e.id or 0) > after]


def events_with(session: Session, game: Game, ids: Collection[Any]) -> list[GameEvent]:
    """The game's events of ``ids``, oldest first: from the tail when it holds them all (an
    action's own), else from the whole log (a replayed answer's)."""
    known = _held(session, game)
    if isinstance(known, Tail):
        found = [e for e in known.events if e.id in ids]
        if len(found) == len(set(ids)):
            return found
    return [e for e in events_of(session, game) if e.id in ids]


def load_befores(session: Session, events: Sequence[GameEvent]) -> None:
    """Each event's ``before`` (the game's rows before the action it begins: ``game undo``'s
    snapshot, by far the largest column), loaded in one statement for those of ``events``
    that have not loaded it. ``events_of`` leaves it out (issue #23, table mode's sixth round:
    every unit of work that read the events decoded every action's snapshot); what needs it
    (the undo, what it would take back) asks for it here."""
    unloaded = {e.id: e for e in events if "before" in sa_inspect(e).unloaded}
    if not unloaded:
        return
    query = select(GameEvent.id, GameEvent.before).where(col(GameEvent.id).in_(list(unloaded)))
    for event_id, before in session.exec(query).all():
        set_committed_value(unloaded[event_id], "before", before)
