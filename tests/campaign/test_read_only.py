"""A READ unit of work changes nothing, on SQLite and PostgreSQL, and the connection it used
writes again in the next writing unit of work (issue #11: PostgreSQL's readers begin with
``BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY``, one round trip, and the pooled connection
remembers it until a writer); on PostgreSQL a reader reads one snapshot throughout."""

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


@pytest.mark.postgres
def test_a_reader_sees_one_committed_state_on_postgresql(postgres_database: str) -> None:
    """Every query of a READ unit of work reads the same snapshot (REPEATABLE READ): a change
    committed while a page is being read shows on the next page, never half in this one."""
    engine = store.open_store(postgres_database)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            gangs.new_campaign(s, name="West")
        with store.transaction(engine, access=store.Access.READ) as s:
            before = [c.name for c in s.exec(select(Campaign)).all()]
            with store.transaction(engine, access=store.Access.CAMPAIGN) as other:
                gangs.new_campaign(other, name="East")  # committed meanwhile
            assert [c.name for c in s.exec(select(Campaign)).all()] == before == ["West"]
        assert _names(engine) == ["East", "West"]
    finally:
        engine.dispose()
