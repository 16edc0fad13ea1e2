"""A READ unit of work changes nothing, on SQLite and PostgreSQL, and the connection it used
writes again in the next writing unit of work (issue #11: PostgreSQL's readers begin with
``BEGIN READ ONLY``, one round trip, and the pooled connection remembers it until a writer)."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import select

from skirmish.campaign import gangs, store
from skirmish.campaign.models import Campaign
from skirmish.errors import StoreError


def _names(engine: Engine) -> list[str]:
    with store.transaction(engine, access=store.Access.READ) as s:
        return [c.name for c in s.exec(select(Campaign).order_by(Campaign.name)).all()]


def test_readers_and_writers_take_turns_on_one_connection(db_url: str) -> None:
    engine = store.open_store(db_url, connections=1)  # every unit of work on one connection
    try:
        for turn in range(3):
            with pytest.raises(StoreError):
                with store.transaction(engine, access=store.Access.READ) as s:
                    gangs.new_campaign(s, name=f"Refused {turn}")
            with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
                gangs.new_campaign(s, name=f"West {turn}")
            assert _names(engine) == [f"West {n}" for n in range(turn + 1)]
    finally:
        engine.dispose()
