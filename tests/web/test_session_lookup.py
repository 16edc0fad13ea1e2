"""How a request finds its reader (issue #11, the web benchmark's fix): a READ unit of work for
a live session, a write only when the session owes one (``last_seen`` touched at most once a
minute, an ended session deleted), so reading pages takes no write lock."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_login import CAMPAIGN, PASSWORD, cli, log_in, open_client


@pytest.fixture
def club(demo: Path) -> Path:
    """The demo store with one account, Wyatt, the owner of the (private) Tombstone."""
    cli(demo, "user", "add", "Wyatt", "--password-stdin", stdin=PASSWORD + "\n")
    cli(demo, "campaign", "role", "Wyatt", "owner", "--campaign", CAMPAIGN)
    return demo


def _sessions(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT last_seen, expires_at FROM web_session").fetchall()


def _set(db: Path, **columns: str) -> None:
    assignments = ", ".join(f"{name} = ?" for name in columns)
    with sqlite3.connect(db) as connection:
        connection.execute(f"UPDATE web_session SET {assignments}", tuple(columns.values()))


def _logged_in(client: Any) -> bool:
    page = client.get("/")
    assert page.status_code == 200
    return "Wyatt" in page.text and 'action="/logout"' in page.text


def test_a_fresh_session_is_read_without_a_write(club: Path) -> None:
    with open_client(club) as client:
        assert log_in(client).status_code == 303
        before = _sessions(club)
        assert _logged_in(client) and _logged_in(client)
        assert _sessions(club) == before  # seen within the minute: nothing written


def test_a_session_seen_minutes_ago_is_touched_once(club: Path) -> None:
    with open_client(club) as client:
        assert log_in(client).status_code == 303
        _set(club, last_seen="2020-01-01T00:00:00Z")
        assert _logged_in(client)
        ((seen, expires),) = _sessions(club)
        assert seen > "2020-01-01T00:00:00Z" and expires > seen
        assert _logged_in(client)
        assert _sessions(club) == [(seen, expires)]


def test_an_expired_session_reads_as_logged_out_and_is_deleted(club: Path) -> None:
    with open_client(club) as client:
        assert log_in(client).status_code == 303
        _set(club, expires_at="2020-01-01T00:00:00Z")
        assert not _logged_in(client)
        assert _sessions(club) == []
        # the campaign is private: a reader whose session ended no longer sees it
        assert client.get(f"/c/{CAMPAIGN}").status_code == 404


def test_find_session_writes_nothing(club: Path) -> None:
    """``accounts.find_session`` in a READ unit of work (SQLite's ``query_only``: a write would
    fail) sees an ended session as due, and ``session_user`` then deletes it."""
    from skirmish.campaign import accounts, store

    engine = store.open_store(str(club), access=store.Access.GANG, create=False)
    try:
        with store.transaction(engine) as s:
            token = accounts.open_session(s, accounts.find_user(s, "Wyatt")).token
        with store.transaction(engine, access=store.Access.READ) as s:
            found = accounts.find_session(s, token)
            assert found.user is not None and found.user.name == "Wyatt" and not found.due
            assert accounts.find_session(s, "no such token") == accounts.Found(None, None, False)
        _set(club, expires_at="2020-01-01T00:00:00Z")
        with store.transaction(engine, access=store.Access.READ) as s:
            found = accounts.find_session(s, token)
            assert found.user is None and found.due
        with store.transaction(engine) as s:
            assert accounts.session_user(s, token) is None
        with store.transaction(engine, access=store.Access.READ) as s:
            assert accounts.find_session(s, token).row is None
    finally:
        engine.dispose()


def test_the_session_and_the_campaigns_are_read_in_one_statement(club: Path) -> None:
    """``accounts.find_session_and_campaigns`` (issue #23): the session as ``find_session``
    reads it and every campaign beside its user's membership, in one statement; an ended
    session's memberships are no one's, and an unknown token's user is nobody."""
    from sqlalchemy import event

    from skirmish.campaign import accounts, store
    from skirmish.campaign.permissions import visible_among

    engine = store.open_store(str(club), access=store.Access.GANG, create=False)
    seen: list[str] = []
    try:
        with store.transaction(engine) as s:
            token = accounts.open_session(s, accounts.find_user(s, "Wyatt")).token
        event.listen(engine, "before_cursor_execute", lambda *a: seen.append(str(a[2])))
        with store.transaction(engine, access=store.Access.READ) as s:
            both = accounts.find_session_and_campaigns(s, token)
            assert both is not None
            found, rows = both
            assert found == accounts.find_session(s, token)
            assert [(c.name, m.role if m else None) for c, m in rows] == [(CAMPAIGN, "owner")]
            assert [c.name for c in visible_among(found.user, rows)] == [CAMPAIGN]
            nobody = accounts.find_session_and_campaigns(s, "no such token")
            assert nobody is not None and nobody[0] == accounts.Found(None, None, False)
            assert visible_among(None, nobody[1]) == []  # Tombstone is private
        assert sum("web_session" in q and "membership" in q for q in seen) == 2
        _set(club, expires_at="2020-01-01T00:00:00Z")
        with store.transaction(engine, access=store.Access.READ) as s:
            ended = accounts.find_session_and_campaigns(s, token)
            assert ended is not None and ended[0].user is None and ended[0].due
            assert [m for _, m in ended[1]] == [None]
    finally:
        engine.dispose()
