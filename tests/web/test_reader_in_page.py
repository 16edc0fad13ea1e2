"""Issue #23: the pages that identify their reader themselves (``identifies_reader``) keep every
rule of the guard's: a private campaign is not found without a live session of one of its
members, an ended or expired session is nobody (and is deleted), a session due its touch is
touched, and an account with no language keeps the one its browser chose."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from sqlmodel import select

from skirmish.campaign import accounts, lookup, store
from skirmish.campaign.account_tables import User, WebSession
from skirmish.campaign.permissions import Role

CAMPAIGN = "Tombstone 1881"
GANG = "Earp brothers"
PAGES = (
    f"/c/{quote(CAMPAIGN)}",
    f"/c/{quote(CAMPAIGN)}/g/{quote(GANG)}",
    f"/api/v1/campaigns/{quote(CAMPAIGN)}/gangs/{quote(GANG)}",
)


def build_private(path: Path) -> None:
    engine = store.open_store(str(path), access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            player = accounts.add_user(s, "player", "a player's password")
            accounts.add_user(s, "stranger", "a stranger's password")
            accounts.set_role(s, campaign, player, Role.OWNER)
            accounts.set_public(s, campaign, False)
    finally:
        engine.dispose()


@pytest.fixture
def site(prepared: Callable[..., Path]) -> Iterator[tuple[Any, Any]]:
    """The app's test client on the private campaign, and its engine."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    app = create_app(str(prepared(build_private)))
    with TestClient(app) as client:
        yield client, app.state.site.engine


def _session(engine: Any, name: str) -> str:
    with store.transaction(engine, access=store.Access.GANG) as s:
        return accounts.open_session(s, accounts.find_user(s, name)).token


def _row(engine: Any) -> WebSession | None:
    with store.transaction(engine, access=store.Access.READ) as s:
        return s.exec(select(WebSession)).first()


def _stamp(moment: datetime) -> str:
    """A moment as the sessions' rows keep it."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_a_private_campaign_only_for_its_members(site: tuple[Any, Any]) -> None:
    client, engine = site
    for page in PAGES:
        assert client.get(page).status_code == 404, page
    client.cookies.set("session", _session(engine, "stranger"))
    for page in PAGES:
        assert client.get(page).status_code == 404, page
    client.cookies.set("session", _session(engine, "player"))
    for page in PAGES:
        assert client.get(page).status_code == 200, page
    answer = client.get(PAGES[0])
    assert "player" in answer.text  # the header names the reader


def test_an_ended_session_is_nobody(site: tuple[Any, Any]) -> None:
    client, engine = site
    token = _session(engine, "player")
    client.cookies.set("session", token)
    assert client.get(PAGES[0]).status_code == 200
    with store.transaction(engine, access=store.Access.GANG) as s:
        accounts.end_session(s, token)
    for page in PAGES:
        assert client.get(page).status_code == 404, page


def test_an_expired_session_is_nobody_and_deleted(site: tuple[Any, Any]) -> None:
    client, engine = site
    client.cookies.set("session", _session(engine, "player"))
    past = datetime.now(UTC) - timedelta(days=1)
    with store.transaction(engine, access=store.Access.GANG) as s:
        row = s.exec(select(WebSession)).one()
        row.expires_at = _stamp(past)
        s.add(row)
    assert client.get(PAGES[1]).status_code == 404
    assert _row(engine) is None


def test_a_session_due_its_touch_is_touched(site: tuple[Any, Any]) -> None:
    client, engine = site
    client.cookies.set("session", _session(engine, "player"))
    long_ago = _stamp(datetime.now(UTC) - timedelta(minutes=5))
    with store.transaction(engine, access=store.Access.GANG) as s:
        row = s.exec(select(WebSession)).one()
        row.last_seen = long_ago
        s.add(row)
    assert client.get(PAGES[2]).status_code == 200
    touched = _row(engine)
    assert touched is not None and touched.last_seen > long_ago


def test_the_browsers_language_is_kept_by_an_account_without_one(site: tuple[Any, Any]) -> None:
    client, engine = site
    client.cookies.set("session", _session(engine, "player"))
    client.cookies.set("lang", "it")
    answer = client.get(PAGES[0])
    assert answer.status_code == 200
    assert '<html lang="it"' in answer.text
    with store.transaction(engine, access=store.Access.READ) as s:
        user = s.exec(select(User).where(User.name == "player")).one()
        assert user.lang == "it"
