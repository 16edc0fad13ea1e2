"""The campaign's web address (issue #13), on SQLite and PostgreSQL: set and cleared in one unit
of work, logged as one campaign entry with the address before and after, refused whole."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import select

from skirmish.campaign import gangs, lookup, store
from skirmish.campaign.links import gang_link
from skirmish.campaign.models import LogEntry
from skirmish.campaign.text import describe
from skirmish.campaign.web_address import ACTION, set_web_address
from skirmish.errors import CampaignError


def _set(engine: Engine, address: str | None) -> LogEntry:
    with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
        found = lookup.current_campaign(session)
        return set_web_address(session, campaign=found, address=address)


def _address(engine: Engine) -> str | None:
    with store.transaction(engine, access=store.Access.READ) as session:
        return lookup.current_campaign(session).web_address


def _entries(engine: Engine) -> list[LogEntry]:
    with store.transaction(engine, access=store.Access.READ) as session:
        query = select(LogEntry).where(LogEntry.action == ACTION).order_by(LogEntry.id)  # type: ignore[arg-type]
        return list(session.exec(query).all())


@pytest.fixture
def west(engine: Engine) -> Engine:
    with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
        campaign = gangs.new_campaign(session, name="West")
        gangs.new_gang(session, campaign=campaign, name="Fratelli Però", faction="lawmen")
    return engine


def test_set_change_and_clear_are_each_logged(west: Engine) -> None:
    assert _address(west) is None
    first = _set(west, " HTTPS://Saloon.Example.org ")
    assert first.details == {"before": None, "after": "https://saloon.example.org/"}
    assert first.gang_id is None and first.state_before is None  # the campaign's, not undoable
    assert _address(west) == "https://saloon.example.org/"
    _set(west, "http://192.168.1.20:8000/club")
    _set(west, None)
    assert _address(west) is None
    assert [e.details for e in _entries(west)] == [
        {"before": None, "after": "https://saloon.example.org/"},
        {"before": "https://saloon.example.org/", "after": "http://192.168.1.20:8000/club/"},
        {"before": "http://192.168.1.20:8000/club/", "after": None},
    ]
    said = [describe(e.action, e.details, None, "en") for e in _entries(west)]
    assert said[0] == "web address https://saloon.example.org/ (was none)"
    assert said[2] == "web address cleared (was http://192.168.1.20:8000/club/)"
    assert describe(ACTION, _entries(west)[0].details, None, "it") == (
        "indirizzo web https://saloon.example.org/ (prima: nessuno)"
    )


def test_a_refused_address_changes_nothing(west: Engine) -> None:
    _set(west, "https://saloon.example.org/")
    with pytest.raises(CampaignError) as refusal:
        _set(west, "https://doc:secret@saloon.example.org/")
    assert "user name or password" in str(refusal.value)
    assert "nome utente o una password" in refusal.value.text("it")
    assert _address(west) == "https://saloon.example.org/"
    assert len(_entries(west)) == 1


def test_the_gang_link_follows_the_address(west: Engine) -> None:
    _set(west, "https://saloon.example.org/")
    with store.transaction(west, access=store.Access.READ) as session:
        found = lookup.current_campaign(session)
        assert gang_link(found, "Fratelli Però") == (
            "https://saloon.example.org/c/West/g/Fratelli%20Per%C3%B2"
        )
