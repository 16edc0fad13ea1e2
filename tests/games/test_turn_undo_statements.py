"""What a new turn and an undo read (issue #23, the action's unit of work, sixth round), counted,
never timed: a turn locks both campaign gangs in one statement on PostgreSQL, in the order its
cohesion tests locked them one by one; the undo reads the game's rows once (it read them again
to restore them) and keeps its events through the restore (they were read again one by one
to be deleted); the rows it puts back are exactly the tables' before the action. Decisions:
docs/web.md, "Table mode, the action's unit of work, sixth round"."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from skirmish.campaign.game import board, capture, undo
from skirmish.campaign.game.turns import new_turn
from skirmish.engine.dice import TableDice

from .harness import SETUP, Cli, register_views
from .statements import recorded
from .table_mode import Table


def test_the_undo_reads_the_game_rows_once_and_not_its_events_again(table: Table) -> None:
    table.cli.run("game", "turn")
    game_id = 1
    before = table.read(lambda s: capture.game_rows(s, game_id))
    table.cli.run("game", "shoot", "Wyatt", "Ike", "--range", "5", "--dice", "1,1,1,1,1")

    def undone(s: Session) -> list[str]:
        game = table.game(s)
        with recorded() as seen:
            undo.undo_last(s, game=game)
        return seen

    seen = table.run(undone)
    after = table.read(lambda s: capture.game_rows(s, game_id))
    assert {k: v for k, v in after.items() if k != "game"} == {
        k: v for k, v in before.items() if k != "game"
    }
    assert [{**r, "revision": 0} for r in after["game"]] == [
        {**r, "revision": 0} for r in before["game"]
    ]
    models_read = [x for x in seen if x.startswith("SELECT") and "FROM game_model" in x]
    assert len(models_read) == 1, models_read  # the snapshot's read; the restore's is gone
    events_read = [x for x in seen if x.startswith("SELECT game_event.id, game_event.game_id")]
    assert all("game_event.game_id =" in x for x in events_read), events_read  # never one by id


@pytest.mark.postgres
def test_a_new_turn_locks_both_gangs_in_one_statement(postgres_migrated_database: str) -> None:
    register_views()
    cli = Cli(postgres_migrated_database)
    for command in SETUP:
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    table = Table(cli)
    try:

        def turned(s: Session) -> list[str]:
            game = table.game(s)
            with recorded() as seen:
                new_turn(s, game=game, dice=TableDice((), random_dice=None))
            return seen

        seen = table.run(turned)
    finally:
        table.engine.dispose()
    locks = [x for x in seen if "FROM gang" in x and "FOR UPDATE" in x]
    assert len(locks) == 1 and " IN (" in locks[0], locks
    assert "ORDER BY CASE" in locks[0]  # in the order given: the good side's first


def test_the_undo_s_seal_reads_the_gangs_it_restored_in_one_statement(table: Table) -> None:
    """The eighth round: the seal reads the game's gangs (the votes lapse when the log changed)
    that the restore expired together, not one ``session.get`` each."""
    table.cli.run("game", "turn")
    table.cli.run("game", "shoot", "Wyatt", "Ike", "--range", "5", "--dice", "1,1,1,1,1")
    with recorded() as seen:  # the whole unit of work, its commit and seal included
        table.run(lambda s: undo.undo_last(s, game=table.game(s)))
    gangs = [x for x in seen if x.startswith("SELECT game_gang.") and "game_gang.id" in x]
    by_id = [x for x in gangs if "WHERE game_gang.id" in x]
    assert len(by_id) == 1 and " IN (" in by_id[0], gangs
    assert table.read(lambda s: [g.end_vote for g in board.gangs_of(s, table.game(s))]) == [
        None,
        None,
    ]
