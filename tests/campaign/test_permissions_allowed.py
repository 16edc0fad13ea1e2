"""``permissions.allowed`` (what a page offers its reader) agrees with ``may`` for every action,
role, gang and campaign, and reads the reader's role once (issue #11, the web benchmark: the
campaign page had asked for it eight times)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from skirmish.campaign import accounts, gangs, lookup, store
from skirmish.campaign.permissions import CLI, Action, Role, allowed, may

PASSWORD = "polvere e piombo"


@pytest.mark.parametrize("public", [False, True])
def test_allowed_is_may_for_every_action(engine: Engine, public: bool) -> None:
    with store.transaction(engine) as s:
        campaign = gangs.new_campaign(s, name="West")
        accounts.set_public(s, campaign, public)
        users = {name: accounts.add_user(s, name, PASSWORD) for name in ("Wyatt", "Doc", "Ike")}
        accounts.set_role(s, campaign, users["Wyatt"], Role.OWNER)
        accounts.set_role(s, campaign, users["Ike"], Role.ARBITRATOR)
        mine = gangs.new_gang(s, campaign=campaign, name="Earps", faction="lawmen")
        theirs = gangs.new_gang(s, campaign=campaign, name="Clantons", faction="outlaws")
        accounts.set_gang_owner(s, mine, users["Doc"])  # Doc becomes a player
        stranger = accounts.add_user(s, "Johnny", PASSWORD)  # no role: a visitor
        actors: list[Any] = [CLI, None, stranger, *users.values()]
        for actor in actors:
            for gang in (None, mine, theirs):
                expected = {a: may(s, actor, a, campaign, gang) for a in Action}
                assert allowed(s, actor, campaign, gang) == expected, (actor, gang)


def test_allowed_reads_the_role_once(engine: Engine) -> None:
    with store.transaction(engine) as s:
        campaign = gangs.new_campaign(s, name="West")
        accounts.add_user(s, "Doc", PASSWORD)
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    with store.transaction(engine, access=store.Access.READ) as s:
        doc = accounts.find_user(s, "Doc")  # a visitor: no membership row for the map to keep
        campaign = lookup.campaign_by_name(s, "West")
        event.listen(engine, "before_cursor_execute", count)
        try:
            offered = allowed(s, doc, campaign)
        finally:
            event.remove(engine, "before_cursor_execute", count)
    assert offered[Action.CREATE_GANG] is False
    assert len(statements) == 1
