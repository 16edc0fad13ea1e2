"""Issue #23, fifteenth round: the pages that show their campaign as a row (the campaign page,
the gang page, the gang JSON) read their reader as rows (``readers.find_reader``): the same
reader, the same campaigns seen and the same permissions as the objects give, no object loaded
and no ORM statement run, and a role taken away or a session ended counts at the next page."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import select

from skirmish.campaign import accounts, lookup, store
from skirmish.campaign.game.permissions import allowed_game
from skirmish.campaign.game.tables import Game
from skirmish.campaign.gangs import gang_rows
from skirmish.campaign.permissions import Account, Role, allowed
from skirmish.rules.model import Side

CAMPAIGN = "Tombstone 1881"
OTHER = "Deadwood 1876"
GANG, BAD = "Earp brothers", "Clanton gang"
PASSWORD = "a rows reader's password"
#: Each account and its role in Tombstone (``None``: a visitor there).
ROLES = {"player": Role.PLAYER, "owner": Role.OWNER, "arbiter": Role.ARBITRATOR, "drifter": None}
PAGES = (
    f"/c/{quote(CAMPAIGN)}",
    f"/c/{quote(CAMPAIGN)}/g/{quote(GANG)}",
    f"/api/v1/campaigns/{quote(CAMPAIGN)}/gangs/{quote(GANG)}",
)
LIVE = f"/c/{quote(CAMPAIGN)}/games/1"  # the duel ``build_club`` starts, the store's first game


def build_club(path: Path) -> None:
    from skirmish.campaign import gangs
    from skirmish.campaign.game.start import start_game

    engine = store.open_store(str(path), access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            other = gangs.new_campaign(s, name=OTHER, use=False)
            for name, role in ROLES.items():
                user = accounts.add_user(s, name, PASSWORD)
                if role is not None:
                    accounts.set_role(s, campaign, user, role)
            accounts.set_role(s, other, accounts.find_user(s, "drifter"), Role.OWNER)
            accounts.set_gang_owner(
                s, lookup.gang_by_name(s, campaign, GANG), accounts.find_user(s, "player")
            )
            accounts.set_public(s, campaign, False)
            # an open invitation for the owner's desk (read as rows too: issue #23)
            accounts.invite(s, campaign, Role.PLAYER, by=accounts.find_user(s, "owner"))
            start_game(s, campaign=campaign, scenario="duel", good=GANG, bad=BAD)
    finally:
        engine.dispose()


@pytest.fixture
def club(prepared: Callable[..., Path]) -> Iterator[tuple[Any, Any]]:
    """The app's test client on the private campaign, and its engine."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    app = create_app(str(prepared(build_club)))
    with TestClient(app) as client:
        yield client, app.state.site.engine


def _token(engine: Any, name: str) -> str:
    with store.transaction(engine, access=store.Access.GANG) as s:
        return accounts.open_session(s, accounts.find_user(s, name)).token


def test_the_reader_read_as_rows_is_the_reader_read_as_objects(club: tuple[Any, Any]) -> None:
    """Every account, a signed-out visitor and an unknown token: ``identify_in`` with ``rows``
    finds the same reader, the same campaigns in the same order and, for every campaign and
    every gang, the same permissions as with the objects (the game's, for every side, too); it
    loads no object."""
    from skirmish.web.site import VIEWER, identify_in

    _, engine = club
    tokens: list[str | None] = [_token(engine, name) for name in ROLES]
    tokens += [None, "no such token"]
    for token in tokens:
        answers = []
        for rows in (False, True):
            with store.transaction(engine, access=store.Access.READ) as s:
                viewer = identify_in(s, token, rows=rows)
                assert viewer is not None
                kept = VIEWER.set(viewer)
                try:
                    actor = viewer.actor(s)
                    seen = [c.name for c in s.info["visible campaigns"][1]]
                    every = [lookup.campaign_by_name(s, name) for name in (CAMPAIGN, OTHER)]
                    may: list[object] = [
                        allowed(s, actor, c, g) for c in every for g in [None, *gang_rows(c, s)]
                    ]
                    game = s.exec(select(Game)).one()
                    may += [allowed_game(s, actor, game, side) for side in (None, *Side)]
                finally:
                    VIEWER.reset(kept)
                if rows:
                    assert isinstance(actor, Account) or actor is None
                answers.append((viewer, seen, may))
            if rows:
                with store.transaction(engine, access=store.Access.READ) as s:
                    identify_in(s, token, rows=True)
                    assert list(s.identity_map.values()) == []  # nothing loaded as an object
        assert answers[0] == answers[1], token
    assert answers[0][0].user_id is None  # the last: nobody


def test_the_pages_read_as_rows_run_no_orm_statement(club: tuple[Any, Any]) -> None:
    """A player's campaign page, gang page and gang JSON run every statement through Core (the
    reader's, since the fifteenth round, too): SQLAlchemy's ORM executes none of them; nor an
    owner's, whose campaign page's desk shows the open invitations (read as rows since the
    seventeenth). The live page reads its reader, and its campaign for the game's permissions,
    without the ORM too."""
    client, engine = club
    executed: list[str] = []

    def orm(state: ORMExecuteState) -> None:
        executed.append(str(state.statement))

    for name in ("player", "owner"):
        client.cookies.set("session", _token(engine, name))
        for page in PAGES:
            assert client.get(page).status_code == 200  # the session touched, then read
        event.listen(OrmSession, "do_orm_execute", orm)
        try:
            for page in PAGES:
                assert client.get(page).status_code == 200, page
            pages = len(executed)
            assert client.get(LIVE).status_code == 200
        finally:
            event.remove(OrmSession, "do_orm_execute", orm)
        # the live page reads its game through the ORM, its reader and campaign not
        assert not [q for q in executed[pages:] if "web_session" in q or "FROM campaign" in q]
        assert executed[:pages] == [], name
        desk = client.get(PAGES[0]).text
        assert desk.count("<li><code>") == (1 if name == "owner" else 0), name  # the invitation
        executed.clear()


def test_a_signed_out_reader_runs_no_orm_statement(club: tuple[Any, Any]) -> None:
    """Signed out, the public campaign's pages ask whether the store has any account (which
    says whether to offer to log in) through Core too (issue #23, seventeenth round): no ORM
    statement, and the same page as before (its link to log in)."""
    client, engine = club
    with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
        accounts.set_public(s, lookup.campaign_by_name(s, CAMPAIGN), True)
    client.cookies.clear()
    executed: list[str] = []

    def orm(state: ORMExecuteState) -> None:
        executed.append(str(state.statement))

    event.listen(OrmSession, "do_orm_execute", orm)
    try:
        answers = [client.get(page) for page in PAGES]
    finally:
        event.remove(OrmSession, "do_orm_execute", orm)
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert '<a href="/login?next=' in answers[0].text
    assert executed == []


def test_a_role_taken_away_or_a_session_ended_counts_at_the_next_page(
    club: tuple[Any, Any],
) -> None:
    """The roles are read with the reader in each page's own unit of work: the player's role
    taken away, the private campaign's pages are a 404 at once (its gang too), and again once
    given back and the player's sessions ended."""
    client, engine = club
    client.cookies.set("session", _token(engine, "player"))
    assert [client.get(p).status_code for p in PAGES] == [200, 200, 200]
    assert 'href="/c/Tombstone%201881/g/Earp%20brothers/hire"' in client.get(PAGES[1]).text
    with store.transaction(engine, access=store.Access.GANG) as s:
        player = accounts.find_user(s, "player")
        gang = lookup.gang_by_name(s, lookup.campaign_by_name(s, CAMPAIGN), GANG)
        accounts.set_gang_owner(s, gang, None)
        accounts.set_role(s, lookup.campaign_by_name(s, CAMPAIGN), player, None)
    assert [client.get(p).status_code for p in PAGES] == [404, 404, 404]
    with store.transaction(engine, access=store.Access.GANG) as s:
        player = accounts.find_user(s, "player")
        accounts.set_role(s, lookup.campaign_by_name(s, CAMPAIGN), player, Role.PLAYER)
    assert [client.get(p).status_code for p in PAGES] == [200, 200, 200]
    # a player who no longer owns the gang is offered none of its actions
    assert 'href="/c/Tombstone%201881/g/Earp%20brothers/hire"' not in client.get(PAGES[1]).text
    with store.transaction(engine, access=store.Access.GANG) as s:
        accounts.end_all_sessions(s, accounts.find_user(s, "player"))
    assert [client.get(p).status_code for p in PAGES] == [404, 404, 404]


def test_a_posts_reader_is_read_as_rows_and_counts_at_the_next_post(
    club: tuple[Any, Any],
) -> None:
    """Issue #23, table mode's fifteenth round: ``guard`` identifies the reader of a POST (every
    table-mode change) as rows too, in its own READ unit of work: no ORM statement reads a web
    session, the player is known (a card for a model that is not there: refused in words, 400,
    not the private campaign's 404), and once their sessions are ended, the same POST is the
    private campaign's 404: read at each POST."""
    client, engine = club
    client.cookies.set("session", _token(engine, "player"))
    assert client.get(PAGES[0]).status_code == 200  # the session touched; the CSRF cookie set
    csrf = client.cookies.get("csrf")
    picks = f"/api/v1/campaigns/{quote(CAMPAIGN)}/games/1/picks"

    def post() -> tuple[int, list[str]]:
        executed: list[str] = []

        def orm(state: ORMExecuteState) -> None:
            executed.append(str(state.statement))

        event.listen(OrmSession, "do_orm_execute", orm)
        try:
            answer = client.post(
                picks,
                json={"model": "Nobody Earp", "key": str(uuid.uuid4())},
                headers={"X-CSRF-Token": csrf},
            )
        finally:
            event.remove(OrmSession, "do_orm_execute", orm)
        return answer.status_code, executed

    code, executed = post()
    assert code == 400, code
    assert [q for q in executed if "web_session" in q] == []
    with store.transaction(engine, access=store.Access.GANG) as s:
        accounts.end_all_sessions(s, accounts.find_user(s, "player"))
    assert post()[0] == 404
