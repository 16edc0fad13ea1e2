"""A game's rows as plain data: taken before every action (``GameEvent.before``) and put back
exactly by ``game undo`` (``campaign.game.undo``).

One place does it for every action, so none can forget it (and the web app gets it for free):
when a writer's unit of work first locks a game (``board.current_game``, ``board.game_by_id``),
``remember`` captures the rows of ``game``, ``game_gang``, ``game_model`` and
``game_objective`` of that game (every column, with ids) into ``session.info``; the first event
the unit of work records for that game carries them (``board.record_event``, ``attach``). When
the unit of work commits, ``seal`` adds to that first event what the action did: the ids of its
events, the campaign log entries it wrote (a game's end writes one per gang) and a digest of the
game's rows after it, so an undo can tell whether anything changed them since.

A game created in the unit of work (``game start``) was never locked before it: its first event
has no ``before``, and the start cannot be undone by ``game undo`` (``game abandon`` drops it).

The same place moves the game's ``revision`` on (issue #12): ``seal`` adds one to the revision
the game had when the unit of work locked it, once, whenever the unit of work changed the game
(its rows, its events, or a change outside them it declared with ``touch``: a secret pick, an
end vote). Undo included: it puts the old revision back with the other rows, and ``seal`` then
moves it past the one it had, so a revision is never seen twice. A refused unit of work rolls
back, ``seal`` with it. When the game's log changed (an action recorded or undone), the end
votes of both sides lapse (``end.vote_end``): they were given on the game as it stood.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sqlalchemy import JSON, String, Table, bindparam, delete, event, func, insert, select, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, col
from sqlmodel import select as select_of

from skirmish.campaign.game import event_log
from skirmish.campaign.game.tables import Game, GameEvent, GameGang, GameModel, GameObjective
from skirmish.campaign.models import LogEntry
from skirmish.campaign.store import Access, head_revision
from skirmish.errors import StoreError
from skirmish.translation import Message

State = dict[str, Any]


def _table(model: type[Any]) -> Table:
    table: Table = model.__table__
    return table


GAME = _table(Game)
#: The game's own row, then the rows that hang from it, in the order they are put back.
_RESTORED: tuple[type[Any], ...] = (Game, GameGang, GameModel, GameObjective)
TABLES: tuple[tuple[str, Table], ...] = tuple((_table(m).name, _table(m)) for m in _RESTORED)
#: Where the action's own facts are kept in ``GameEvent.before`` (``seal``).
ACTION = "action"
#: Columns that are not the game's play (issue #12): the revision moves on at every change,
#: the end votes lapse by themselves; neither makes an undo refuse (``digest``).
UNWATCHED = frozenset({"revision", "end_vote"})
#: Issue #23: the PostgreSQL channel that carries ``'<game id>:<revision>'`` each time a unit
#: of work moves a game's revision on (``NOTIFY`` inside the transaction: sent on commit), and
#: the session's note of those revisions, which the web's news reads after the commit
#: (``web/game_news.py``).
NEWS_CHANNEL = "skirmish_game"
MOVED = "skirmish_moved_revisions"
#: session.info: the cards of the rounds the unit of work read or laid (``picks``).
CARDS = "game_cards"
_PENDING = "game_before"
#: The campaigns' log marks the seal read with its game's new revision (``sealed_log_mark``).
_SEALED_MARKS = "game_sealed_log_marks"
_HOOKED = "game_before_hooked"


def _where(table: Table, game_id: int) -> Any:
    return table.c.id == game_id if table is GAME else table.c.game_id == game_id


def game_rows(session: Session, game_id: int) -> State:
    """The game's rows now: every column of each, with ids, and the schema revision."""
    session.flush()
    state: State = {"revision": head_revision()}
    for name, table in TABLES:
        result = session.execute(select(table).where(_where(table, game_id)).order_by(table.c.id))
        state[name] = [dict(row) for row in result.mappings()]
    return state


#: Each table's columns, in order, and the attribute that holds each (``row_of``).
_COLUMNS: dict[type[Any], list[tuple[str, str]]] = {}


def row_of(row: Any) -> dict[str, Any]:
    """One row as ``game_rows`` reads it from its table: every column by name (the JSON ones
    copied: the action may change them in place)."""
    kind = type(row)
    columns = _COLUMNS.get(kind)
    if columns is None:
        mapper = sa_inspect(kind)
        columns = _COLUMNS[kind] = [
            (column.name, mapper.get_property_by_column(column).key)
            for column in kind.__table__.columns
        ]
    found: dict[str, Any] = {}
    for name, key in columns:
        value = getattr(row, key)
        found[name] = copy.deepcopy(value) if isinstance(value, dict | list) else value
    return found


def state_of(
    game: Game, gangs: list[GameGang], models: list[GameModel], objectives: list[GameObjective]
) -> State:
    """``game_rows`` from the rows the unit of work holds (``board.lock_game``), in its order."""
    return {
        "revision": head_revision(),
        "game": [row_of(game)],
        "game_gang": [row_of(g) for g in gangs],
        "game_model": [row_of(m) for m in models],
        "game_objective": [row_of(o) for o in objectives],
    }


def columns_of(state: State) -> dict[str, set[str]]:
    """Each table's columns as ``state`` knows them (a snapshot of an older schema has fewer)."""
    columns: dict[str, set[str]] = {}
    for name, _ in TABLES:
        rows = state.get(name) or []
        columns[name] = set(rows[0]) if rows else set()
    return columns


def digest(state: State, columns: dict[str, set[str]] | None = None) -> str:
    """A fingerprint of the game's rows (only ``columns`` of each table, when given)."""
    shown: dict[str, Any] = {}
    for name, _ in TABLES:
        rows = state.get(name) or []
        keep = columns.get(name) if columns is not None else None
        shown[name] = [
            {
                k: v
                for k, v in row.items()
                if k not in UNWATCHED and (keep is None or not keep or k in keep)
            }
            for row in rows
        ]
    text = json.dumps(shown, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _fit(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    """``row`` with exactly the table's columns: a column added since gets its default."""
    fitted: dict[str, Any] = {}
    for column in table.c:
        if column.name in row:
            fitted[column.name] = row[column.name]
        elif column.default is not None and getattr(column.default, "is_scalar", False):
            fitted[column.name] = getattr(column.default, "arg", None)
        elif column.server_default is not None and isinstance(column.type, JSON):
            fitted[column.name] = json.loads(str(getattr(column.server_default, "arg", "null")))
        elif column.nullable:
            fitted[column.name] = None
        else:
            raise StoreError(
                Message(
                    "this game undo's saved state has no {table_name}.{column_name}, which "
                    "has no default; it cannot be undone. Nothing was changed.",
                    table_name=table.name,
                    column_name=column.name,
                )
            )
    return fitted


def restore(session: Session, game_id: int, state: State, *, current: State | None = None) -> None:
    """Bring the game's rows back to ``state`` (from ``game_rows``): rows that still exist are
    updated, rows the action removed come back with their ids, rows it added are deleted.
    ``current``: the game's rows as the caller has just read them (``game_rows``) in this unit
    of work, holding the game, with nothing written to them since (issue #23, the action's unit
    of work, sixth round: the undo read them twice); else they are read here. The rows of the
    game's tables the unit of work holds are expired (read afresh when next used); the others
    (its events, its gangs' campaign rows, the log), which this does not write, are kept (issue
    #23, sixth round: every row was expired, and the undo read its events again one by one)."""
    if current is None:
        current = game_rows(session, game_id)
    else:
        session.flush()
    for name, table in TABLES:
        existing = {row["id"]: row for row in current[name]}
        for row in (_fit(table, r) for r in state[name]):
            now = existing.get(row["id"])
            if now is None:
                session.execute(insert(table).values(**row))
            elif now != row:
                values = {k: v for k, v in row.items() if k != "id"}
                session.execute(update(table).where(table.c.id == row["id"]).values(**values))
    for name, table in reversed(TABLES[1:]):  # the game's own row is never deleted
        keep = {row["id"] for row in state[name]}
        extra = [row["id"] for row in current[name] if row["id"] not in keep]
        if extra:
            session.execute(delete(table).where(table.c.id.in_(extra)))
    session.flush()
    for held in list(session.identity_map.values()):
        if isinstance(held, _RESTORED):
            session.expire(held)


# --- the capture of a unit of work -----------------------------------------------------------


#: The game's rows now as the unit of work holds them (``board.lock_game``: the rows it loaded,
#: in ``game_rows``' form), or ``None`` when only the tables can say (a statement wrote them).
Held = Callable[[], State | None]


@dataclass
class Pending:
    """A game locked by the unit of work: its rows before, and what the action has recorded."""

    state: State
    log_mark: tuple[int, int]  # the game's events when locked: how many, the last id
    held: Held | None = None  # the rows after, from the unit of work's own (``rows_now``)
    first: GameEvent | None = None
    events: list[int] = field(default_factory=list)
    log: list[int] = field(default_factory=list)
    touched: bool = False  # changed outside its rows and events (``touch``)


def _pending(session: Session) -> dict[int, Pending]:
    found: dict[int, Pending] = session.info.setdefault(_PENDING, {})
    return found


def remembering(session: Session, game: Game) -> bool:
    """Whether ``remember`` would capture ``game`` now: a writer's first lock of it."""
    return (
        session.info.get("access") != Access.READ
        and game.id is not None
        and game.id not in _pending(session)
    )


#: What ``board.lock_game`` gives ``remember`` instead of reading the tables again (issue #23):
#: the game's rows as the unit of work just loaded them under the lock, its events' mark, and
#: how to have its rows after the action from the unit of work's own (``Held``).
Loaded = tuple[State, tuple[int, int], Held]


def remember(session: Session, game: Game, loaded: Callable[[], Loaded] | None = None) -> None:
    """Capture ``game``'s rows the first time a writer's unit of work locks it (from the rows
    ``loaded`` gives, else read from the tables)."""
    if not remembering(session, game):
        return
    assert game.id is not None
    if loaded is not None:
        state, mark, held = loaded()
        _pending(session)[game.id] = Pending(state, mark, held)
    else:
        _pending(session)[game.id] = Pending(
            game_rows(session, game.id), _log_mark(session, game.id)
        )
    if not session.info.get(_HOOKED):
        event.listen(session, "before_commit", seal)
        event.listen(session, "after_transaction_end", _forget)
        session.info[_HOOKED] = True


def _log_mark(session: Session, game_id: int) -> tuple[int, int]:
    """How many events the game has and the last one's id: an undo deletes some."""
    events = _table(GameEvent)
    count, last = session.execute(
        select(func.count(), func.max(events.c.id)).where(events.c.game_id == game_id)
    ).one()
    return int(count or 0), int(last or 0)


def touch(session: Session, game: Game) -> None:
    """Declare a change of ``game`` outside its rows and events (a secret pick, an end vote),
    so the unit of work moves its revision on all the same."""
    remember(session, game)
    pending = _pending(session).get(game.id) if game.id is not None else None
    if pending is not None:
        pending.touched = True


def attach(session: Session, game_id: int) -> State | None:
    """The state to store on the event about to be recorded for the game: the rows before the
    action on its first event, ``None`` on the others (and for a game never locked)."""
    pending = _pending(session).get(game_id)
    if pending is None or pending.first is not None:
        return None
    return pending.state


def recorded(session: Session, event_row: GameEvent) -> None:
    """Note an event the action recorded (after ``attach``)."""
    pending = _pending(session).get(event_row.game_id)
    if pending is None:
        return
    if pending.first is None:
        pending.first = event_row
    assert event_row.id is not None
    pending.events.append(event_row.id)


def logged(session: Session, game_id: int, entry_ids: Iterable[int]) -> None:
    """Note campaign log entries the action wrote for the game (its end, per gang)."""
    pending = _pending(session).get(game_id)
    if pending is not None:
        pending.log.extend(entry_ids)


def seal(session: Session) -> None:
    """At commit: each action's first event learns its events, log entries and the digest of
    the game's rows after it."""
    if session.in_nested_transaction():
        # SQLAlchemy fires ``before_commit`` when a savepoint is released too (the idempotency
        # key's claim, ``idempotency.replay_or_run``): the unit of work goes on, so does this.
        return
    pending = session.info.pop(_PENDING, {})
    for game_id, action in pending.items():
        _move_on(session, game_id, action)
        if action.first is None or action.first.before is None:
            continue
        after = digest(rows_now(session, game_id, action))
        action.first.before = {
            **action.first.before,
            ACTION: {"events": action.events, "log": action.log, "after": after},
        }
        session.add(action.first)
    session.flush()


def _move_on(session: Session, game_id: int, action: Pending) -> None:
    """Issue #12: one more revision for a unit of work that changed the game; the end votes
    lapse when its log changed."""
    game = session.get(Game, game_id)
    if game is None:
        return
    # the mark from the log's tail the unit of work holds (issue #23), read only if it does not
    logged_now = bool(action.events) or event_log.mark(session, game) != action.log_mark
    if not (
        logged_now
        or action.touched
        or digest(rows_now(session, game_id, action)) != digest(action.state)
    ):
        return
    was = action.state["game"][0].get("revision", 0) if action.state["game"] else 0
    revision = max(int(was or 0), game.revision) + 1
    # One statement (issue #23: the ORM's UPDATE, then the NOTIFY's query): through the
    # session's connection, so that it is not taken for a write of the game's rows that the
    # unit of work holds (``board``); the row it holds is told the revision it now has.
    announced = session.get_bind().dialect.name == "postgresql"
    moved: dict[str, Any] = {"game": game_id, "to": revision}
    if announced:
        moved["news"] = f"{game_id}:{revision}"
    session.flush()  # the action's log entries written (the models' own commit hook flushed)
    mark = session.connection().execute(_moved_statement(announced), moved).one().mark
    set_committed_value(game, "revision", revision)
    # the campaign's log mark after every write of the action, read by the same statement
    # (issue #23: the answer's boards' keys read it next, ``status.campaign_log_mark``)
    session.info.setdefault(_SEALED_MARKS, {})[game.campaign_id] = int(mark or 0)
    session.info.setdefault(MOVED, {})[game_id] = game.revision
    if logged_now:  # the game's gangs as locked (held: no statement, issue #23)
        for side in _gangs(session, [row["id"] for row in action.state["game_gang"]]):
            if side.end_vote is not None:
                side.end_vote = None
                session.add(side)
    session.flush()


def _gangs(session: Session, ids: list[int]) -> list[GameGang]:
    """The game's gangs ``ids``: as the unit of work holds them, else (an undo's restore expired
    them) read again together, in one statement (issue #23: one each)."""
    held = [session.identity_map.get(identity_key(GameGang, i)) for i in ids]
    if all(g is not None and not sa_inspect(g).expired_attributes for g in held):
        return [g for g in held if g is not None]
    query = select(GameGang).where(GameGang.__table__.c.id.in_(ids))  # type: ignore[attr-defined]
    return list(session.execute(query).scalars())


@cache
def _moved_statement(announced: bool) -> Any:
    """``_move_on``'s UPDATE of the game's revision, returning its campaign's log mark
    (``mark``, ``log_mark_of``), with PostgreSQL's NOTIFY of it when ``announced`` (``news``:
    ``'<game id>:<revision>'``), built once (issue #23: at every change)."""
    moved = (
        update(GAME)
        .where(GAME.c.id == bindparam("game"))
        .values(revision=bindparam("to", type_=GAME.c.revision.type))
    )
    mark = log_mark_of(GAME.c.campaign_id).label("mark")
    if announced:
        notify = func.pg_notify(NEWS_CHANNEL, bindparam("news", type_=String))
        return moved.returning(notify, mark)
    return moved.returning(mark)


def log_mark_select(campaign_id: Any) -> Any:
    """The campaign's log mark: its newest log entry's id (``status.campaign_log_mark``)."""
    return select_of(func.max(LogEntry.id)).where(col(LogEntry.campaign_id) == campaign_id)


def log_mark_of(campaign_id: Any) -> Any:
    """``log_mark_select`` as a column of another statement, for the campaign ``campaign_id``
    names (a column of that statement): read beside a row of the campaign."""
    return log_mark_select(campaign_id).scalar_subquery()


def sealed_log_mark(session: Session, campaign_id: int | None) -> int | None:
    """The campaign's log mark as the seal read it with its game's new revision, once the
    action had written everything but the undo mark (``None``: not read so)."""
    marks: dict[int | None, int] = session.info.get(_SEALED_MARKS, {})
    return marks.get(campaign_id)


def rows_now(session: Session, game_id: int, action: Pending) -> State:
    """The game's rows now: from the unit of work's own when it holds them all as the tables
    have them (``Held``), else read from the tables (``game_rows``)."""
    held = action.held() if action.held is not None else None
    return held if held is not None else game_rows(session, game_id)


def _forget(session: Session, transaction: Any) -> None:
    if transaction.parent is None:
        session.info.pop(_PENDING, None)
        session.info.pop(_SEALED_MARKS, None)
