"""The SQL statements run while a block runs, counted by the games' tests (never timed)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from skirmish.campaign import store


@contextmanager
def recorded(naming: str | None = None) -> Iterator[list[str]]:
    """Every statement any engine runs inside the block, its whitespace folded; with
    ``naming``, only those whose text contains it (e.g. ``"FROM owned_item"``)."""
    seen: list[str] = []

    def note(_c: Any, _cursor: Any, statement: str, *_: Any) -> None:
        folded = " ".join(statement.split())
        if naming is None or naming in folded:
            seen.append(folded)

    event.listen(Engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", note)


def units_opened(monkeypatch: pytest.MonkeyPatch) -> list[store.Access]:
    """Every unit of work opened from now on (``store.transaction``), by its access."""
    opened: list[store.Access] = []
    transaction = store.transaction

    def counting(
        engine: Any, *, access: store.Access = store.Access.GANG, author: Any = None
    ) -> Any:
        opened.append(access)
        return transaction(engine, access=access, author=author)

    monkeypatch.setattr(store, "transaction", counting)
    return opened
