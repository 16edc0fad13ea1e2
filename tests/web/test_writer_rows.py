"""Issue #23, the action's unit of work's fifth round: a game's writer (``Site.write(rows=True)``)
reads its reader's account and the campaigns they may see as rows, in one statement
(``readers.find_writer``): the same actor's permissions, the same campaigns in the same order as
the objects give, no account, membership or campaign loaded as an object, and a role taken away
between two units of work counts in the second."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlmodel import select

from skirmish.campaign import accounts, lookup, store
from skirmish.campaign.account_tables import Membership, User
from skirmish.campaign.game.permissions import GameAction, allowed_game
from skirmish.campaign.game.tables import Game
from skirmish.campaign.gangs import gang_rows
from skirmish.campaign.models import Campaign
from skirmish.campaign.permissions import Account, Role, allowed
from skirmish.rules.model import Side
from tests.web.test_reader_rows import CAMPAIGN, OTHER, ROLES, build_club


@pytest.fixture
def club(prepared: Callable[..., Path]) -> Iterator[Any]:
    """The app's ``Site`` over the private campaign of ``test_reader_rows``' club."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    app = create_app(str(prepared(build_club)))
    with TestClient(app):
        yield app.state.site


def _viewers(engine: Any) -> list[Any]:
    """Each account's reader, and a signed-out visitor's."""
    from skirmish.web.site import Viewer

    found = []
    with store.transaction(engine, access=store.Access.READ) as s:
        for name in ROLES:
            user = accounts.find_user(s, name)
            found.append(Viewer(user_id=user.id, name=user.name, lang=user.lang))
    return [*found, Viewer()]


def _answers(site: Any, rows: bool) -> tuple[Any, list[str], list[object]]:
    """What a writer's unit of work finds for this request's reader: the actor's kind, the
    campaigns they may see, and every campaign's, gang's and game side's permissions."""
    with site.write(rows=rows) as s:
        actor = site.actor(s)
        seen = [c.name for c in site.campaign_lines(s)]
        every = [lookup.campaign_by_name(s, name) for name in (CAMPAIGN, OTHER)]
        may: list[object] = [
            allowed(s, actor, c, g) for c in every for g in [None, *gang_rows(c, s)]
        ]
        game = s.exec(select(Game)).one()
        may += [allowed_game(s, actor, game, side) for side in (None, *Side)]
        return (actor.id if actor is not None else None), seen, may


def test_a_writer_read_as_rows_is_the_writer_read_as_objects(club: Any) -> None:
    """Every account and a signed-out visitor: the same actor, campaigns and permissions from
    the rows as from the objects (fails if a role, a campaign's visibility or the account were
    read differently)."""
    from skirmish.web.site import VIEWER

    for viewer in _viewers(club.engine):
        kept = VIEWER.set(viewer)
        try:
            assert _answers(club, rows=True) == _answers(club, rows=False), viewer
        finally:
            VIEWER.reset(kept)


def test_a_writer_reads_its_reader_and_campaigns_in_one_statement(club: Any) -> None:
    """A player's writer: the actor (a ``permissions.Account``, asked again and again) and the
    campaign a path names (a row) cost one statement together, and load no account, membership
    or campaign object; without ``rows``, the objects and their two statements, as before."""
    from skirmish.web.site import VIEWER

    player = next(v for v in _viewers(club.engine) if v.name == "player")
    kept = VIEWER.set(player)
    seen: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if statement.startswith("SELECT"):  # not the transaction's BEGIN and PRAGMAs
            seen.append(statement)

    event.listen(club.engine, "before_cursor_execute", count)
    try:
        with club.write(rows=True) as s:
            seen.clear()
            actor = club.actor(s)
            assert club.actor(s) is actor and isinstance(actor, Account)
            assert actor.roles == {1: Role.PLAYER.value}
            found = club.find_campaign_line(s, CAMPAIGN)
            assert not isinstance(found, Campaign) and found.name == CAMPAIGN
            assert len(seen) == 1, seen
            loaded = [type(o) for o in s.identity_map.values()]
            assert not {User, Membership, Campaign} & set(loaded), loaded
        with club.write() as s:
            seen.clear()
            assert isinstance(club.find_campaign(s, CAMPAIGN), Campaign)
            assert isinstance(club.actor(s), User)
            assert len(seen) == 2, seen
    finally:
        event.remove(club.engine, "before_cursor_execute", count)
        VIEWER.reset(kept)


def test_a_role_taken_away_counts_at_the_writer_s_next_unit_of_work(club: Any) -> None:
    """The player's role in Tombstone, taken away between two writers: the first finds the
    private campaign and may act for the good side; the second does not find it (a visitor of
    a private campaign) and may not act."""
    from skirmish.web.site import VIEWER, NotFound

    player = next(v for v in _viewers(club.engine) if v.name == "player")
    kept = VIEWER.set(player)
    try:
        with club.write(rows=True) as s:
            game = s.exec(select(Game)).one()
            assert club.find_campaign_line(s, CAMPAIGN).name == CAMPAIGN
            assert allowed_game(s, club.actor(s), game, Side.GOOD)[GameAction.ACT]
        with store.transaction(club.engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            accounts.set_role(s, campaign, accounts.find_user(s, "player"), None)
        with club.write(rows=True) as s:
            game = s.exec(select(Game)).one()
            with pytest.raises(NotFound):
                club.find_campaign_line(s, CAMPAIGN)
            assert club.actor(s).roles == {}  # type: ignore[union-attr]
            assert not any(allowed_game(s, club.actor(s), game, Side.GOOD).values())
    finally:
        VIEWER.reset(kept)
