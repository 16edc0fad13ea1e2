"""The games' migration (0003) builds exactly the game tables of the models, and goes down and
up again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import inspect
from sqlmodel import SQLModel

import skirmish.campaign.game.tables  # noqa: F401 - registers the game tables
from skirmish.campaign import store

GAME_TABLES = ("game", "game_gang", "game_model", "game_objective", "game_event")


def _table_of(difference: Any) -> str | None:
    item = difference[0] if isinstance(difference, list) else difference
    for part in item[1:]:
        name = getattr(part, "name", None)
        table = getattr(part, "table", None)
        if table is not None and getattr(table, "name", None) in GAME_TABLES:
            return str(table.name)
        if name in GAME_TABLES:
            return str(name)
        if isinstance(part, str) and part in GAME_TABLES:
            return part
    return None


def test_the_migration_builds_the_game_tables_of_the_models(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = store.open_store(str(tmp_path / "c.db"))
    try:
        with engine.connect() as connection:
            assert set(GAME_TABLES) <= set(inspect(connection).get_table_names())
            differences = compare_metadata(
                MigrationContext.configure(connection), SQLModel.metadata
            )
    finally:
        engine.dispose()
    assert [d for d in differences if _table_of(d) is not None] == []


def test_the_migration_goes_down_and_up(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    engine = store.open_store(str(tmp_path / "c.db"))
    config = Config()
    config.set_main_option(
        "script_location", str(Path(store.__file__).parent.parent / "migrations")
    )
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0002")
            assert not set(GAME_TABLES) & set(inspect(connection).get_table_names())
            command.upgrade(config, "head")
            assert set(GAME_TABLES) <= set(inspect(connection).get_table_names())
    finally:
        engine.dispose()


def test_0006_adds_the_named_leader_and_the_fleeing_civilians_to_an_old_game(
    tmp_path: Path,
) -> None:
    """R-21 and R-20: a game of revision 0005 reads as one where nobody was named leader and
    no civilian flees or left the table; SQLite keeps AUTOINCREMENT (0005)."""
    import sqlite3

    from sqlalchemy import text
    from sqlmodel import Session, select

    from skirmish.campaign.game.tables import GameGang, GameModel

    path = tmp_path / "old.db"
    engine = store.make_engine(f"sqlite:///{path}")
    store.upgrade(engine, "0005")
    with engine.begin() as connection:
        for sql in (
            "INSERT INTO campaign (name, explosives, created_at) VALUES ('Old', 0, 'x')",
            "INSERT INTO gang (campaign_id, name, faction, treasury, status, games_played) "
            "VALUES (1, 'Rangers', 'rangers', 400, 'active', 0)",
            "INSERT INTO member (gang_id, name, profile, role, tiro, fred, rif, cos, fama, "
            "fortuna, xp, status) VALUES (1, 'Hank', 'agent', 'hero', 3, 3, 4, 3, 0, 1, 1, "
            "'active')",
            "INSERT INTO game (campaign_id, scenario, status, turn, leader_fired, started_at) "
            "VALUES (1, 'duel', 'in_progress', 1, 0, 'x')",
            "INSERT INTO game_gang (game_id, gang_id, side, started, infamy_pending) "
            "VALUES (1, 1, 'good', 1, 0)",
            "INSERT INTO game_model (game_id, game_gang_id, member_id, name, cos_start, "
            "wounded_start, cos_left, state, prone, eliminated, fama_spent, fortuna_spent, "
            "small_pistol_used) VALUES (1, 1, 1, 'Hank', 3, 0, 3, 'steady', 0, 0, 0, 0, 0)",
        ):
            connection.execute(text(sql))
    engine.dispose()
    engine = store.open_store(str(path))
    try:
        with Session(engine) as session:
            model = session.exec(select(GameModel)).one()
            assert (model.fleeing, model.left_turn) == (False, None)
            assert session.exec(select(GameGang)).one().leader_id is None
    finally:
        engine.dispose()
    with sqlite3.connect(path) as connection:
        sql = connection.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'game_model'"
        ).fetchone()[0]
    assert "AUTOINCREMENT" in sql


def test_the_owed_questions_name_columns_of_the_game_tables() -> None:
    """``campaign.owed`` reads ``game`` and ``game_gang`` with Core, by the columns it names
    (issue #23: ``gang show`` never loads the game tracker): each is a column of the table."""
    from skirmish.campaign.game.tables import Game, GameGang
    from skirmish.campaign.owed import GAME, GAME_GANG

    for light, table in ((GAME, Game.__table__), (GAME_GANG, GameGang.__table__)):
        assert light.name == table.name  # type: ignore[attr-defined]
        assert set(light.c.keys()) <= set(table.c.keys()), light.name  # type: ignore[attr-defined]


def test_the_standings_name_columns_of_the_game_tables() -> None:
    """``campaign.standings`` counts a campaign's results with Core, by the columns it names
    (issue #23: a roster prints its line of the standings without the game tracker)."""
    from skirmish.campaign import standings
    from skirmish.campaign.game.tables import Game, GameGang, GameModel

    for light, table in (
        (standings.GAME, Game.__table__),
        (standings.GAME_GANG, GameGang.__table__),
        (standings.GAME_MODEL, GameModel.__table__),
    ):
        assert light.name == table.name  # type: ignore[attr-defined]
        assert set(light.c.keys()) <= set(table.c.keys()), light.name  # type: ignore[attr-defined]
