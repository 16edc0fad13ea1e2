"""The suite's engine shelf (tests/conftest.py, ``EngineShelf``, issue #23): the commands a test
runs in its own process reuse one engine per store and thread, disposed after each command as
from the shell; a web app's engine and an in-memory database are never shared."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from skirmish.campaign import store


def _engines_opened(cli: Any, *commands: tuple[str, ...]) -> list[Any]:
    """The engines ``store.open_store`` handed out while ``commands`` ran."""
    opened: list[Any] = []
    real = store.open_store

    def watch(*args: Any, **kwargs: Any) -> Any:
        engine = real(*args, **kwargs)
        opened.append(engine)
        return engine

    store.open_store = watch  # type: ignore[assignment]
    try:
        for command in commands:
            cli.run(*command)
    finally:
        store.open_store = real  # type: ignore[assignment]
    return opened


def test_a_tests_commands_on_one_store_share_one_engine(cli: Any) -> None:
    cli.run("campaign", "new", "West")
    engines = _engines_opened(
        cli, ("gang", "new", "Earps", "--faction", "lawmen"), ("gang", "show", "Earps")
    )
    assert len(engines) == 2 and engines[0] is engines[1]  # its compiled statements with it
    assert engines[0].pool.checkedout() == 0  # disposed after each command, as from the shell


def test_the_shelf_keeps_no_web_app_engine_and_no_in_memory_database(tmp_path: Path) -> None:
    path = tmp_path / "campaigns.db"
    one = store.make_engine(f"sqlite:///{path}")
    assert store.make_engine(f"sqlite:///{path}") is one
    app = store.make_engine(f"sqlite:///{path}", connections=4)  # as create_app asks
    assert app is not one and store.make_engine(f"sqlite:///{path}", connections=4) is not app
    assert store.make_engine("sqlite://") is not store.make_engine("sqlite://")
    elsewhere: list[Any] = []
    thread = threading.Thread(
        target=lambda: elsewhere.append(store.make_engine(f"sqlite:///{path}"))
    )
    thread.start()
    thread.join()
    assert elsewhere[0] is not one  # a thread gets engines of its own
