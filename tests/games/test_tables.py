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
