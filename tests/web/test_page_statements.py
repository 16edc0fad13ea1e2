"""Issue #23: the pages read the store in a few set-based queries. Each of the five pages of the
issue issues at most a fixed number of SQL statements (what they issue now, with a little
margin), and the pages that list campaigns issue as many with four campaigns visible as with one:
a query per campaign, row or model (an N+1) cannot come back unseen. Counted, never timed
(``benchmarks/page_bench.py`` measures the time)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from sqlalchemy import event, inspect
from sqlalchemy.engine import Engine
from sqlmodel import select

from skirmish.campaign import accounts, gangs, lookup, store
from skirmish.campaign.game.listed import games_and_sides, games_of
from skirmish.campaign.game.start import start_game
from skirmish.campaign.game.tables import Game
from skirmish.campaign.permissions import Role

CAMPAIGN = "Tombstone 1881"
GOOD, BAD = "Earp brothers", "Clanton gang"
#: The most statements each page may issue (its one BEGIN and its reader's session included).
MOST = {
    "campaign page": 4,  # 8 before its shared parts were kept per revision (issue #23)
    "gang page": 4,  # 7 before its shared parts were kept per revision (issue #23)
    "gang JSON": 4,  # 6 before it was kept per revision, as the gang page's parts (issue #23)
    "live game page": 6,
    "board poll": 4,
}


def _build(campaigns: int) -> Callable[[Path], object]:
    def build(path: Path) -> None:
        engine = store.open_store(str(path), access=store.Access.CAMPAIGN, create=False)
        try:
            with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
                campaign = lookup.campaign_by_name(s, CAMPAIGN)
                user = accounts.add_user(s, "reader", "a reader's password")
                owner = accounts.add_user(s, "organiser", "an organiser's password")
                accounts.set_role(s, campaign, owner, Role.OWNER)
                accounts.set_role(s, campaign, user, Role.PLAYER)
                accounts.set_gang_owner(s, lookup.gang_by_name(s, campaign, GOOD), user)
                start_game(s, campaign=campaign, scenario="duel", good=GOOD, bad=BAD)
                for number in range(2, campaigns + 1):
                    other = gangs.new_campaign(s, name=f"Deadwood {number:02}", use=False)
                    accounts.set_role(s, other, owner, Role.OWNER)
                    accounts.set_role(s, other, user, Role.PLAYER)
        finally:
            engine.dispose()

    build.__qualname__ = f"build_{campaigns}"
    return build


build_one, build_four = _build(1), _build(4)


def build_ended(path: Path) -> None:
    """``build_one``'s store with its duel ended (the Earps won), each gang owing its post-game
    (the campaign page's standings, list of games and desk read the ended game's sides)."""
    from tests.web.test_actions import cli

    build_one(path)
    cli(path, "game", "turn", "--campaign", CAMPAIGN)
    cli(path, "game", "end", "--winner", GOOD, "--campaign", CAMPAIGN)


#: The most statements of pages on ``build_ended``'s store (issue #23, eleventh round: who
#: owes a post-game is read with the gangs' names, the Gazette's issues from its own games;
#: nineteenth round: the campaign page 13 → 4, its shared parts kept per revision).
MOST_ENDED = {"campaign page": 4, "gazette": 45, "gazette issue": 29}


@pytest.fixture
def counter(prepared: Callable[..., Path]) -> Iterator[Callable[[Callable[..., object]], Any]]:
    """``counter(build)``: a function counting the statements of one GET on that store, as its
    reader (after a first GET of the same address, which fills the caches; ``statements(path,
    warm=False)``: the first GET of the app, nothing kept yet)."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    clients: list[Any] = []

    def make(build: Callable[..., object]) -> Callable[[str], tuple[int, int]]:
        path = prepared(build)
        app = create_app(str(path))
        client = TestClient(app).__enter__()
        clients.append(client)
        engine = app.state.site.engine
        with store.transaction(engine, access=store.Access.GANG) as s:
            token = accounts.open_session(s, accounts.find_user(s, "reader")).token
        client.cookies.set("session", token)

        def count(path: str) -> tuple[int, int]:
            code, seen = statements(path)
            return code, len(seen)

        def statements(path: str, *, warm: bool = True) -> tuple[int, list[str]]:
            if warm:
                client.get(path)
            seen: list[str] = []

            def note(*args: object) -> None:
                seen.append(str(args[2]))

            event.listen(engine, "before_cursor_execute", note)
            try:
                answer = client.get(path)
            finally:
                event.remove(engine, "before_cursor_execute", note)
            return answer.status_code, seen

        count.statements = statements  # type: ignore[attr-defined]
        count.engine = engine  # type: ignore[attr-defined]
        return count

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def create_engine_of(count: Callable[[str], tuple[int, int]]) -> Engine:
    engine: Engine = count.engine  # type: ignore[attr-defined]
    return engine


def _paths() -> dict[str, str]:
    c, g = quote(CAMPAIGN, safe=""), quote(GOOD, safe="")
    return {
        "campaign page": f"/c/{c}",
        "gang page": f"/c/{c}/g/{g}",
        "gang JSON": f"/api/v1/campaigns/{c}/gangs/{g}",
        "live game page": f"/c/{c}/games/1",
    }


def test_each_page_issues_a_few_statements(counter: Callable[..., Any]) -> None:
    count = counter(build_one)
    for page, path in _paths().items():
        code, statements = count(path)
        assert code == 200, page
        assert statements <= MOST[page], f"{page}: {statements} statements"
    with store.transaction(create_engine_of(count), access=store.Access.READ) as s:
        revision = s.exec(select(Game.revision).where(Game.id == 1)).one()
    # the board's poll at the game's revision: nothing changed, 204
    code, statements = count(f"{_paths()['live game page']}/board?rev={revision}")
    assert code == 204
    assert statements <= MOST["board poll"], f"board poll: {statements} statements"


def test_the_pages_of_an_ended_game_owing_its_post_game_issue_a_few_statements(
    counter: Callable[..., Any],
) -> None:
    count = counter(build_ended)
    c = quote(CAMPAIGN, safe="")
    paths = {
        "campaign page": f"/c/{c}",
        "gazette": f"/c/{c}/gazette",
        "gazette issue": f"/c/{c}/gazette?game=1",
    }
    for page, path in paths.items():
        code, statements = count(path)
        assert code == 200, page
        assert statements <= MOST_ENDED[page], f"{page}: {statements} statements"


def test_the_reader_is_identified_in_the_pages_transaction(counter: Callable[..., Any]) -> None:
    """The five pages find their reader in the unit of work that reads the page: one
    transaction (one BEGIN on SQLite), the session's row read in it, beside the campaigns the
    reader may see (one statement for both: issue #23)."""
    count = counter(build_one)
    for page, path in _paths().items():
        code, seen = count.statements(path)
        assert code == 200, page
        assert sum(s.strip().upper() == "BEGIN" for s in seen) == 1, (page, seen)
        # the session's row, read in the statement that reads the campaigns it may see
        assert any("web_session" in s and "FROM campaign" in s for s in seen), page


def test_the_pages_logs_read_only_what_they_show(counter: Callable[..., Any]) -> None:
    """The campaign page's log and the gang page's read each entry's moment, gang and text's
    parts (``logbook.FEED``): not its dice, money or author, nor the authors' names (issue
    #23); the gang page after an action (``?done=ID``) reads the whole entries for its line.
    The campaign page and the gang page read their logs when nothing is kept for the campaign's
    revision (their first GET), and not again at the same revision (``web.campaign_shared``)."""
    count = counter(build_one)
    paths = _paths()
    for page in ("campaign page", "gang page"):
        code, seen = count.statements(paths[page], warm=False)
        assert code == 200, page
        log = [s for s in seen if "FROM log_entry" in s and "log_entry.action" in s]
        assert log, page
        assert not any("log_entry.dice" in s or "log_entry.author" in s for s in log), page
    code, seen = count.statements(paths["gang page"] + "?done=1")
    assert code == 200
    assert any("log_entry.dice" in s for s in seen)
    for page in ("campaign page", "gang page"):
        code, seen = count.statements(paths[page])
        assert code == 200, page
        assert not any("log_entry.action" in s for s in seen), page


def test_campaigns_cost_no_statement_each(counter: Callable[..., Any]) -> None:
    one, four = counter(build_one), counter(build_four)
    for path in ["/", "/api/v1/campaigns", *_paths().values()]:
        code_one, with_one = one(path)
        code_four, with_four = four(path)
        assert code_one == code_four == 200, path
        assert with_four == with_one, f"{path}: {with_one} statements, {with_four} with four"


#: What a page reads of a gang (``models.GangLine``), said again here.
GANG_LINE = (
    "id",
    "campaign_id",
    "name",
    "faction",
    "treasury",
    "status",
    "games_played",
    "owner_id",
)


def test_a_campaigns_gangs_and_games_are_read_once_per_unit_of_work(
    prepared: Callable[..., Path],
) -> None:
    """In a READ unit of work the campaign's gangs are read by one statement as rows and kept
    (``gangs.gang_rows``: the standings, the desk and the log read them again from there), in
    the relationship's order, each with the columns its object has; its games likewise
    (``listed.games_of`` as objects, ``listed.games_and_sides`` as rows with their sides)."""
    engine = store.open_store(str(prepared(build_one)), access=store.Access.READ, create=False)
    seen: list[str] = []

    def note(*args: object) -> None:
        seen.append(str(args[2]))

    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            objects = lookup.campaign_by_name(s, CAMPAIGN).gangs
            lazily = [g.id for g in objects]
            columns = [tuple(getattr(g, c) for c in GANG_LINE) for g in objects]
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            event.listen(engine, "before_cursor_execute", note)
            rows = gangs.gang_rows(campaign)
            read = [g.id for g in rows]
            again = [g.id for g in gangs.gang_rows(campaign)]
            assert gangs.gang_rows_read(campaign)
            assert len(seen) == 1, seen
            assert "gangs" in inspect(campaign).unloaded  # rows, no object loaded
            assert [tuple(getattr(g, c) for c in GANG_LINE) for g in rows] == columns
            assert [g.id for g in games_of(s, campaign)] == [1]
            assert [g.id for g in games_of(s, campaign)] == [1]
            assert len(seen) == 2, seen
            listed, sides = games_and_sides(s, campaign)
            again_listed, _ = games_and_sides(s, campaign)
            assert len(seen) == 3, seen  # the games as rows, with their sides: once
            objects = games_of(s, campaign)
            shown = ("id", "scenario", "status", "turn", "winner")
            assert [tuple(getattr(g, c) for c in shown) for g in listed] == [
                tuple(getattr(g, c) for c in shown) for g in objects
            ]
            assert [g.id for g in again_listed] == [1]
            assert sorted(side for side, _, _ in sides[1]) == ["bad", "good"]
    finally:
        event.remove(engine, "before_cursor_execute", note)
        engine.dispose()
    assert len(lazily) == 4
    assert read == lazily
    assert again == lazily
