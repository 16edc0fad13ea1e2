"""An action's unit of work reads its game's log's tail, not the whole log (issue #23, table
mode's unit of work): as it locks the game it reads the log's count and last id (the undo's
mark) beside the events of the game's turn, and the events it records are added to them; a
reader that needs older events reads the whole log. Counted, never timed: a game's tenth turn
reads no more events than its first."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlmodel import Session

from skirmish.campaign import lookup, store
from skirmish.campaign.game import event_log
from skirmish.campaign.game.activations import activate, current
from skirmish.campaign.game.board import game_by_id
from skirmish.campaign.game.tables import GameEvent

from .harness import Cli
from .test_undo import started


def _log(db: Path | str) -> tuple[int, int, int, int]:
    """The game's events: how many, the last id, the turn now and how many of that turn."""
    with sqlite3.connect(db) as connection:
        count, last = connection.execute("SELECT count(*), max(id) FROM game_event").fetchone()
        (turn,) = connection.execute("SELECT turn FROM game WHERE id = 1").fetchone()
        (of_turn,) = connection.execute(
            "SELECT count(*) FROM game_event WHERE turn = ?", (turn,)
        ).fetchone()
    connection.close()
    return int(count), int(last), int(turn), int(of_turn)


@pytest.fixture
def writer(cli: Cli) -> Iterator[Any]:
    """A writer's unit of work on the game's database, with the events it loads counted."""
    engine = store.open_store(str(cli.db), access=store.Access.GANG, create=False)

    def unit() -> Any:
        return store.transaction(engine, access=store.Access.GANG)

    try:
        yield unit
    finally:
        engine.dispose()


def _loading_events(session: Session) -> list[GameEvent]:
    loaded: list[GameEvent] = []

    def seen(_session: Any, row: Any) -> None:
        if isinstance(row, GameEvent):
            loaded.append(row)

    event.listen(session, "loaded_as_persistent", seen)
    return loaded


def test_the_lock_reads_the_turn_s_events_and_the_log_s_mark(cli: Cli, writer: Any) -> None:
    game = started(cli)
    for _ in range(3):  # three turns, each with a model activated
        game.run("game", "turn")
        game.run("game", "activate", "Wyatt")
    count, last, turn, of_turn = _log(game.db)
    assert turn == 3 and count > of_turn > 0
    with writer() as s:
        loaded = _loading_events(s)
        found = game_by_id(s, lookup.campaign_by_name(s, "Test"), 1)
        assert len(loaded) == of_turn  # not the whole log
        assert event_log.mark(s, found) == (count, last)
        assert current(s, found) is not None  # Wyatt, from the tail: nothing read again
        assert len(loaded) == of_turn
        assert [e.turn for e in event_log.turn_events(s, found) or []] == [turn] * of_turn
        assert len(event_log.events_of(s, found)) == count  # the whole log: read when asked
        assert len(loaded) == count  # the older ones (the turn's were held already)


def test_an_event_recorded_joins_the_tail_and_moves_its_mark(cli: Cli, writer: Any) -> None:
    game = started(cli)
    game.run("game", "turn")
    count, last, _, of_turn = _log(game.db)
    with writer() as s:
        found = game_by_id(s, lookup.campaign_by_name(s, "Test"), 1)
        activate(s, game=found, member="Wyatt")
        now = event_log.mark(s, found)
        assert now[0] > count and now[1] > last
        recorded = event_log.events_after(s, found, last)
        assert recorded and all(int(e.id or 0) > last for e in recorded)
        assert len(event_log.turn_events(s, found) or []) == of_turn + len(recorded)
    assert _log(game.db)[:2] == now


def test_a_new_turn_s_events_come_from_the_tail_too(cli: Cli, writer: Any) -> None:
    game = started(cli)
    game.run("game", "turn")
    game.run("game", "activate", "Wyatt")
    with writer() as s:
        loaded = _loading_events(s)
        found = game_by_id(s, lookup.campaign_by_name(s, "Test"), 1)
        read = len(loaded)
        found.turn += 1  # as the turn's action moves it on: the tail holds that turn's none
        assert event_log.turn_events(s, found) == []
        assert len(loaded) == read
        found.turn -= 2  # an earlier turn than the tail's: not held, read from the table
        assert event_log.turn_events(s, found) is None
        s.rollback()
