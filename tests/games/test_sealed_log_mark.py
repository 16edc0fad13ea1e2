"""A sealed writer's campaign log mark (issue #23, the action's unit of work's eighth round): the
seal's UPDATE of the game's revision returns it (``capture._move_on``), after every log entry the
action wrote, so the boards' keys of the answer (``status.campaign_log_mark``) read no statement
of their own, and the mark is the one a reader reads once the change is committed."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event
from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.game import board, capture, status

from .harness import SETUP, Cli, register_views
from .statements import recorded
from .table_mode import Table, seat


def _mark(table: Table) -> int:
    return int(table.read(lambda s: status.campaign_log_mark(s, table.game(s).campaign_id)))


def test_a_sealed_writer_s_log_mark_is_its_seal_s_and_counts_its_own_entries(
    table: Table,
) -> None:
    _sealed_mark(table)


@pytest.mark.postgres
def test_on_postgresql_too(postgres_migrated_database: str) -> None:
    """The same, the mark returned beside the revision's NOTIFY (``RETURNING pg_notify(…)``)."""
    register_views()
    cli = Cli(postgres_migrated_database)
    for command in SETUP:
        cli.run(*command)
    table = seat(cli)
    try:
        _sealed_mark(table)
    finally:
        table.engine.dispose()


def _sealed_mark(table: Table) -> None:
    before = _mark(table)

    def change(s: Session) -> dict[str, Any]:
        game = table.game(s)  # locked: its seal is listening
        gang = lookup.gang_by_name(s, lookup.current_campaign(s), "Earps")
        board.log_barrier(s, game, gang, "game-barrier", {})  # a log entry by the action
        capture.touch(s, game)
        seen: dict[str, Any] = {}

        def answer(_: Session) -> None:  # after the seal, as the answer's readings are
            status.sealed(s)
            with recorded() as statements:
                seen["mark"] = status.campaign_log_mark(s, game.campaign_id)
                seen["again"] = status.campaign_log_mark(s, game.campaign_id)
            seen["statements"] = statements

        event.listen(s, "before_commit", answer)
        return seen

    seen = table.run(change)
    after = _mark(table)
    assert after > before  # the action's own entry moved it
    assert seen["mark"] == seen["again"] == after
    assert seen["statements"] == [], seen["statements"]


def test_a_writer_not_sealed_reads_its_mark_each_time(table: Table) -> None:
    """Before its seal a writer may still write log entries: its mark is read, not kept."""

    def change(s: Session) -> tuple[int, int, list[str]]:
        game = table.game(s)
        first = status.campaign_log_mark(s, game.campaign_id)
        gang = lookup.gang_by_name(s, lookup.current_campaign(s), "Earps")
        board.log_barrier(s, game, gang, "game-barrier", {})
        with recorded("log_entry") as statements:
            second = status.campaign_log_mark(s, game.campaign_id)
        return first, second, statements

    first, second, statements = table.run(change)
    assert second > first and len(statements) >= 1
    assert second == _mark(table)
