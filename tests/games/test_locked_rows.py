"""What a writer reads when it locks a game (``board.lock_game``, issue #23): the game's gangs
beside their campaign gangs and its objective copies in one statement, listed as ``gangs_of``
and ``objectives_of`` read alone list them, and the undo's snapshot equal to the tables'."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from skirmish.campaign.game import board, capture

from .statements import recorded
from .table_mode import Table


def _ids(rows: list[Any]) -> list[int]:
    return [row.id for row in rows]


def test_a_writer_reads_the_gangs_and_objectives_of_a_game_it_locks_in_one_statement(
    table: Table,
) -> None:
    table.cli.run("game", "objective", "sacco", "porta", "--by", "Billy", "--copy", "1")

    def locked(s: Session) -> tuple[list[str], Any, Any]:
        with recorded() as seen:
            game = table.game(s)
        listed = (_ids(board.gangs_of(s, game)), _ids(board.objectives_of(s, game)))
        snapshot = capture.attach(s, int(game.id or 0))
        assert snapshot == capture.game_rows(s, int(game.id or 0))
        return seen, listed, [o["carrier"] for o in snapshot["game_objective"]]

    def alone(s: Session) -> tuple[list[int], list[int]]:
        game = table.game(s)
        return _ids(board.gangs_of(s, game)), _ids(board.objectives_of(s, game))

    seen, listed, carriers = table.run(locked)
    assert listed == table.read(alone)
    assert len(listed[1]) >= 2 and carriers.count(None) == len(carriers) - 1
    objectives = [s for s in seen if "FROM game_objective" in s or "JOIN game_objective" in s]
    assert len(objectives) == 1 and "FROM game_gang JOIN gang" in objectives[0], objectives
    assert not any(s.startswith("SELECT game_gang.") and s not in objectives for s in seen), seen
