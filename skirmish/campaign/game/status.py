"""What ``game status`` shows: the whole board of a game, as JSON-friendly data."""

from __future__ import annotations

import copy
import threading
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, TypeVar

from sqlalchemy import Integer, bindparam
from sqlalchemy.engine import Engine
from sqlmodel import Session

from skirmish.campaign.game import capture, kit
from skirmish.campaign.game.activations import acted, current
from skirmish.campaign.game.board import (
    carried_items,
    gang_row,
    gangs_of,
    is_leader,
    member_of,
    models_of,
    objectives_of,
    scenario_of,
)
from skirmish.campaign.game.capture import log_mark_of as log_mark_of
from skirmish.campaign.game.capture import log_mark_select
from skirmish.campaign.game.end import result_for, side_gang, verdict
from skirmish.campaign.game.pending import owing
from skirmish.campaign.game.tables import Game
from skirmish.campaign.game.turns import cohesion_due
from skirmish.campaign.lookup import row_id
from skirmish.campaign.store import Access
from skirmish.engine.glossary import GameStatus
from skirmish.rules.model import Side


def board(session: Session, *, game: Game) -> dict[str, Any]:
    """Everything ``game status`` shows, as JSON-friendly data. In a READ unit of work, where
    nothing changes, it is built once per game and each caller gets a copy of it (issue #23:
    the live page reads it for its view and again for its panel's situations); and it is built
    once per (store, game, revision, rosters) for every READ unit of work of this process
    (issue #23, table mode's third round: the two phones' boards, the game's JSON and the
    round's situations after each change share one), ``SHARED``."""
    if session.info.get("access") != Access.READ:
        return _board(session, game=game)
    kept: dict[int | None, dict[str, Any]] = session.info.setdefault(_BOARDS, {})
    if game.id not in kept:
        key = shared_board_key(session, game)
        kept[game.id] = SHARED.built(key, lambda: _board(session, game=game))
    return copy.deepcopy(kept[game.id])


def shared_board_key(session: Session, game: Game) -> Hashable:
    """The key of ``game``'s board in ``SHARED`` at its revision in ``session`` now."""
    return (engine_mark(session), game.id, game.revision, rosters_mark(session, game))


def keep_board(key: Hashable, made: dict[str, Any]) -> None:
    """Keep ``made`` (``board`` of a writer's unit of work once it has sealed its change, never
    changed after) for READ units of work under ``key`` (``shared_board_key``), once that unit
    of work has committed (issue #23, table mode's ninth round; as ``keep_reading``)."""
    SHARED.put(key, made)
    SHARED.release(key)


T = TypeVar("T")

#: ``session.info``'s key for the boards a READ unit of work has built (``board``).
_BOARDS = "skirmish.boards"
#: ``session.info``'s key for the campaigns' newest log entries a READ unit of work read.
_ROSTERS = "skirmish.rosters"
#: ``session.info``'s key: a writer's unit of work whose change is sealed (``sealed``).
_SEALED = "skirmish.sealed"


class Kept:
    """A small bounded map, least recently used first out, shared by the threads of a server
    process (its routes run in worker threads). ``built`` builds what is missing once: a
    second reader asking for it while the first builds it waits for that one (the two phones
    of a game ask for its new revision at the same moment)."""

    #: How long a reader waits for another's build before building its own.
    WAIT_SECONDS = 5.0

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[Hashable, threading.Event] = {}

    def built(self, key: Hashable, build: Callable[[], Any]) -> Any:
        """What is kept under ``key``, else ``build()`` kept there (built once at a time)."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
            flight = self._building.get(key)
            mine = flight is None
            if flight is None:
                flight = self._building[key] = threading.Event()
        if not mine:
            flight.wait(self.WAIT_SECONDS)
            found = self.get(key)
            return found if found is not None else build()  # the other build failed
        try:
            made = build()
            self.put(key, made)
            return made
        finally:
            with self._lock:
                self._building.pop(key, None)
            flight.set()

    def hold(self, key: Hashable) -> None:
        """``key`` is being built elsewhere (issue #23, table mode's ninth round: a writer's
        unit of work about to commit what it read): ``built`` waits for it, as for a build of
        its own, until ``put`` then ``release`` (or ``release`` alone: it was not kept)."""
        with self._lock:
            self._building.setdefault(key, threading.Event())

    def release(self, key: Hashable) -> None:
        """End ``hold``: whoever waits for ``key`` looks again (``built``)."""
        with self._lock:
            flight = self._building.pop(key, None)
        if flight is not None:
            flight.set()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


#: The boards READ units of work built, by (store, game, revision, rosters): a club night's
#: tens of games, each kept until a few hundred newer boards have been built.
SHARED = Kept(256)

#: What else READ units of work read of a game and share, by what it is and (store, game,
#: revision, rosters) (``shared_reading``).
READINGS = Kept(256)


def shared_reading(session: Session, game: Game, kind: str, build: Callable[[], T]) -> T:
    """``build()`` once per (store, game, revision, rosters) and ``kind`` for every READ unit
    of work of this process (issue #23, table mode's third round), as ``board`` is; in any
    other unit of work built each time. What it returns is shared: no caller changes it."""
    if session.info.get("access") != Access.READ:
        return build()
    made: T = READINGS.built(reading_key(session, game, kind), build)
    return made


def reading_key(session: Session, game: Game, kind: str) -> Hashable:
    """The key of ``game``'s ``kind`` in ``READINGS`` at its revision in ``session`` now."""
    return (kind, engine_mark(session), game.id, game.revision, rosters_mark(session, game))


def keep_reading(key: Hashable, made: object) -> None:
    """Keep ``made`` for READ units of work under ``key`` (``reading_key``), as
    ``shared_reading`` would have built it (issue #23, table mode's ninth round: the round's
    facts a writer read under its locks, at the revision it commits, once that unit of work
    has committed, never before: a unit of work rolled back never made its revision; readers
    of that revision wait for it from ``READINGS.hold`` on)."""
    READINGS.put(key, made)
    READINGS.release(key)


#: Each engine's own mark: two stores (or one store created again at the same path, as tests
#: do) never share a board; an engine disposed of takes its mark with it.
_ENGINES: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()


def engine_mark(session: Session) -> str:
    """The mark of the engine ``session`` reads through (``_ENGINES``)."""
    bind = session.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine
    mark = _ENGINES.get(engine)
    if mark is None:
        mark = _ENGINES.setdefault(engine, uuid.uuid4().hex)
    return mark


def rosters_mark(session: Session, game: Game) -> int:
    """The newest log entry of the game's campaign: it moves on with every change of its
    rosters (a gang or a model renamed, an item bought, experience), which the game's revision
    does not cover. One indexed query, once per READ unit of work."""
    return campaign_log_mark(session, game.campaign_id)


def sealed(session: Session) -> None:
    """``session``, a writer's unit of work, has sealed its change and writes nothing more
    before it commits (issue #23, table mode's tenth round: what its answer reads for the
    streams, ``web.game_state.Answering``): its campaign's log mark is read once from now on,
    as in a READ unit of work, not once per key that names it."""
    session.info[_SEALED] = True


def campaign_log_mark(session: Session, campaign_id: int | None) -> int:
    """The campaign's newest log entry's id (0 without any); read once per READ unit of work
    (or once a writer's is ``sealed``)."""
    sealed = bool(session.info.get(_SEALED))
    read = session.info.get("access") == Access.READ or sealed
    marks: dict[int | None, int] = session.info.setdefault(_ROSTERS, {}) if read else {}
    if campaign_id not in marks:
        # a sealed writer's mark was read by its seal, after the action's last log entry
        noted = capture.sealed_log_mark(session, campaign_id) if sealed else None
        if noted is None:
            found = session.exec(_log_mark_query(), params={"campaign": campaign_id}).one()
            noted = int(found or 0)
        marks[campaign_id] = noted
    return marks[campaign_id]


@cache
def _log_mark_query() -> Any:
    """``campaign_log_mark``'s statement, built once (issue #23: every live page asks it)."""
    return log_mark_select(bindparam("campaign", type_=Integer))


def note_log_mark(session: Session, campaign_id: int | None, mark: int | None) -> None:
    """``campaign_log_mark``'s answer for ``campaign_id``, read beside another row in a READ
    unit of work (``log_mark_of``, the same snapshot): not read again in it (issue #23: the live
    page read it in a statement of its own after its game)."""
    if session.info.get("access") == Access.READ:
        session.info.setdefault(_ROSTERS, {}).setdefault(campaign_id, int(mark or 0))


def _board(session: Session, *, game: Game) -> dict[str, Any]:
    """``board`` itself."""
    scenario = scenario_of(game)
    models = models_of(session, game)
    due = cohesion_due(session, game)
    acting = current(session, game) if game.status == GameStatus.IN_PROGRESS else None
    names = {m.id: m.name for m in models}
    carrying: dict[int, list[str]] = {}
    objectives = []
    for row in objectives_of(session, game):
        objectives.append(
            {
                "objective": row.objective,
                "copy": row.copy_no,
                "state": row.state,
                "carrier": names.get(row.carrier) if row.carrier is not None else None,
            }
        )
        if row.carrier is not None:
            carrying.setdefault(row.carrier, []).append(f"{row.objective} {row.copy_no}")
    gangs = []
    for gg in gangs_of(session, game):
        gang = gang_row(session, gg)
        rows = []
        for model in (m for m in models if m.game_gang_id == gg.id):
            member = member_of(session, model)
            rows.append(
                {
                    "name": model.name,
                    "handle": member.handle,  # issue #10
                    "profile": member.profile,
                    "cos": model.cos_start,
                    "cos_left": model.cos_left,
                    "wounded_start": model.wounded_start,
                    "state": model.state,
                    "prone": model.prone,
                    "state_clears_turn": model.state_clears_turn,
                    "eliminated": model.eliminated,
                    "eliminated_by": names.get(model.eliminated_by)
                    if model.eliminated_by is not None
                    else None,
                    "fama_left": member.fama - model.fama_spent,
                    "fortuna_left": member.fortuna - model.fortuna_spent,
                    "equipment": carried_items(session, member),
                    "carries": carrying.get(row_id(model), []),
                    "fleeing": model.fleeing,
                    "left_turn": model.left_turn,  # off the table, out of the game
                    "acted": acted(game, model),  # §1.8: has taken its turn this turn
                    "acting": acting is not None and acting.id == model.id,  # its turn now
                    "activated_turn": model.activated_turn,
                    "kit": kit.view(session, model),  # rounds, jams, horse, used up (issue #10)
                }
            )
        leader = next(
            (m for m in models if m.game_gang_id == gg.id and is_leader(session, game, m)), None
        )
        gangs.append(
            {
                "gang": gang.name,
                "faction": gang.faction,
                "side": gg.side,
                "leader": leader.name if leader is not None else None,
                "leader_named": gg.leader_id is not None,
                "started": gg.started,
                "casualties": sum(1 for r in rows if r["eliminated"]),
                "left_table": sum(1 for r in rows if r["left_turn"] is not None),
                "cohesion_due": due[row_id(gg)] if game.status == GameStatus.IN_PROGRESS else False,
                "retreated": gg.retreated,
                "result": result_for(game, gg).value,
                "models": rows,
            }
        )
    shown = verdict(session, game) if game.status == GameStatus.IN_PROGRESS else None
    return {
        "game": game.id,
        "scenario": scenario.id,
        "name_it": scenario.name_it,
        "name_en": scenario.name_en,
        "status": game.status,
        "turn": game.turn,
        "turn_limit": scenario.turn_limit,
        "winner": side_gang(session, game, Side(game.winner)) if game.winner else None,
        "winner_side": game.winner,
        "reason": game.reason,
        "postgame_owed": owing(session, game),  # issue #10: who still owes the post-game
        "leader_fired": game.leader_fired,
        "verdict": None
        if shown is None
        else {
            "over": shown.over,
            "winner": side_gang(session, game, shown.winner) if shown.winner else None,
            "reason": shown.reason,
        },
        "gangs": gangs,
        "objectives": objectives,
        "activation": acting.name if acting is not None else None,  # whose turn it is (§1.8)
    }
