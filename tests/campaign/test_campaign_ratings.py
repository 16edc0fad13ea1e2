"""A campaign's ratings read together (issue #11, the web benchmark's fix): ``views.ratings``
gives each gang exactly ``views.rating``, and the standings and ``campaign show`` cost the same
number of queries however many gangs the campaign has (they cost two or three per gang)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlmodel import col, select

from skirmish.campaign import equipment, gangs, listings, lookup, roster, store, views
from skirmish.campaign.game import history
from skirmish.campaign.game.history import standings
from skirmish.campaign.models import FailedPurchase, LogEntry, MemberStatus
from skirmish.engine.dice import ScriptedDice
from skirmish.rules import find_profile

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"


def _demo(tmp_path: Path) -> Engine:
    path = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, path)
    return store.open_store(str(path), create=False)


def _add_gangs(engine: Engine, first: int, count: int) -> None:
    with store.transaction(engine) as s:
        campaign = lookup.current_campaign(s)
        for number in range(first, first + count):
            gang = gangs.new_gang(s, campaign=campaign, name=f"Posse {number}", faction="outlaws")
            roster.hire(s, gang=gang, profile="boss", name="Boss")
            roster.hire(s, gang=gang, profile="thug", name="Thug")
            equipment.buy(s, gang=gang, item="knife", dice=ScriptedDice([6]))


def _queries(engine: Engine) -> tuple[int, list[dict[str, Any]], dict[str, Any]]:
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    with store.transaction(engine, access=store.Access.READ) as s:
        s.exec(text("SELECT 1"))  # SQLite's connection turns query-only after a write: not counted
    event.listen(engine, "before_cursor_execute", count)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s)
            shown = listings.campaign_data(campaign, "en")
            table = standings(s, campaign=campaign)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(statements), table, shown


def test_ratings_together_are_each_gangs_rating(tmp_path: Path) -> None:
    engine = _demo(tmp_path)
    try:
        _add_gangs(engine, 1, 2)
        with store.transaction(engine, access=store.Access.READ) as s:
            every = lookup.current_campaign(s).gangs
            alone = {g.id: views.rating(g) for g in every}
        with store.transaction(engine, access=store.Access.READ) as s:
            together = views.ratings(s, lookup.current_campaign(s).gangs)
        assert together == alone
        assert len(together) == 6 and all(r > 0 for r in together.values())
        # the demo's gangs took advances (one undone): their XP counts in the rating (issue #10)
        _, table, shown = _queries(engine)
        assert {r["gang"]: r["rating"] for r in table} == {
            g["name"]: g["rating"] for g in shown["gangs"]
        }
    finally:
        engine.dispose()


def test_a_campaigns_gangs_rated_by_its_id_are_rated_as_by_their_ids(tmp_path: Path) -> None:
    """Issue #23: every gang of a campaign rated by the campaign's id (``campaign=``) reads the
    rows their ids read: the same lines and failed purchases kept, in either of two campaigns
    (the second's gang has a model and an item of its own)."""
    engine = _demo(tmp_path)
    try:
        _add_gangs(engine, 1, 2)
        with store.transaction(engine) as s:
            other = gangs.new_campaign(s, name="Deadwood", use=False)
            gang = gangs.new_gang(s, campaign=other, name="Seth's posse", faction="lawmen")
            roster.hire(s, gang=gang, profile="sceriffo", name="Seth")
            equipment.buy(s, gang=gang, item="knife", dice=ScriptedDice([6]))
        for name in ("Tombstone 1881", "Deadwood"):
            said = []
            for by_id in (False, True):
                with store.transaction(engine, access=store.Access.READ) as s:
                    campaign = lookup.campaign_by_name(s, name)
                    every = gangs.gang_rows(campaign)
                    lines = views.gang_summaries(
                        s, every, "en", campaign=campaign.id if by_id else None
                    )
                    kept = views.failed_purchases_read(s, [g.id for g in every])
                    said.append((lines, kept))
            assert said[0] == said[1], name
            assert said[1][0] and all(line["rating"] > 0 for line in said[1][0])
    finally:
        engine.dispose()


def test_an_advances_xp_counts_as_its_entrys_details_say(tmp_path: Path) -> None:
    """Issue #23: the ratings read an advance's XP cost as a column (the database's JSON
    extraction); each gang's rating is still the sum said from the log's entries decoded here:
    its models' costs, what it paid, 5$ per XP held and spent on the advances it keeps."""
    engine = _demo(tmp_path)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            every = lookup.current_campaign(s).gangs
            rated = views.ratings(s, every)
            entries = s.exec(select(LogEntry)).all()
            undone = {e.reverts for e in entries if e.reverts is not None}
            spent_by_any = 0
            for gang in every:
                roster = [m for m in gang.members if m.status == MemberStatus.ACTIVE]
                on_roster = {m.id for m in roster}
                spent = sum(
                    e.details["cost"]
                    for e in entries
                    if e.gang_id == gang.id
                    and e.action == "advance"
                    and e.id not in undone
                    and e.member_id in on_roster
                )
                spent_by_any += spent
                costs = sum(find_profile(m.profile, faction=gang.faction).cost for m in roster)
                xp = sum(m.xp for m in roster) + spent
                paid = sum(i.paid for i in gang.items)
                assert rated[gang.id] == costs + paid + views.XP_VALUE * xp
                assert views.rating(gang) == rated[gang.id]
        assert spent_by_any > 0  # the demo's advances are counted, not only its XP
    finally:
        engine.dispose()


def test_standings_queries_do_not_grow_with_the_gangs(tmp_path: Path) -> None:
    engine = _demo(tmp_path)
    try:
        few, table, _ = _queries(engine)
        assert len(table) == 4
        _add_gangs(engine, 1, 10)
        many, table, shown = _queries(engine)
        assert len(table) == len(shown["gangs"]) == 14
        assert many == few
    finally:
        engine.dispose()


def test_the_failed_purchases_read_beside_the_ratings_are_the_campaigns_in_order(
    tmp_path: Path,
) -> None:
    """Issue #23: the campaign page's desk takes the gangs' failed purchases (H-03) from the
    ratings' statement: the same rows, each gang's in the order they failed, as reading them on
    their own; none before the ratings were read, none outside a READ unit of work."""
    engine = _demo(tmp_path)
    with store.transaction(engine) as s:
        campaign = lookup.current_campaign(s)
        ids = [g.id for g in gangs.gang_rows(campaign)]
        for gang_id, item, game in (
            (ids[1], "rifle", 0),
            (ids[0], "knife", 2),
            (ids[1], "mule", 1),
        ):
            s.add(FailedPurchase(gang_id=gang_id, item=item, game=game))
        views.gang_summaries(s, gangs.gang_rows(campaign), "en")
        assert views.failed_purchases_read(s, ids) is None  # a writer keeps nothing
    with store.transaction(engine, access=store.Access.READ) as s:
        campaign = lookup.current_campaign(s)
        found = gangs.gang_rows(campaign)
        assert views.failed_purchases_read(s, ids) is None
        views.gang_summaries(s, found, "en")
        read = views.failed_purchases_read(s, ids)
        alone = s.exec(select(FailedPurchase).order_by(col(FailedPurchase.id))).all()
        expected = {g: [(f.gang_id, f.item, f.game) for f in alone if f.gang_id == g] for g in ids}
        assert read is not None
        assert {g: [tuple(f) for f in rows] for g, rows in read.items()} == expected
        assert [f.item for f in read[ids[1]]][-2:] == ["rifle", "mule"]
        assert views.failed_purchases_read(s, [*ids, -1]) is None  # a gang it did not read


def test_the_ratings_read_each_gangs_log_once(tmp_path: Path) -> None:
    """Issue #23: an advance is undone when an entry reverts it, asked of the ``reverts`` index
    for each advance; the statements that read the gangs' standing advances (the ratings by the
    gangs' ids or by their campaign's, one gang's rating, a gang's rows read for its page)
    search the gangs' log by gang once, not a second time for its undo entries (SQLite's plan
    of each as it ran: ``log_entry`` searched by ``gang_id`` once, by ``reverts`` by index)."""
    engine = _demo(tmp_path)
    ran: list[tuple[str, Any]] = []

    def keep(*args: Any) -> None:
        if "FROM log_entry" in args[2]:
            ran.append((args[2], args[3]))

    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s)
            every = gangs.gang_rows(campaign, s)
            event.listen(engine, "before_cursor_execute", keep)
            views.ratings(s, every)
            views.gang_summaries(s, every, "en", campaign=campaign.id)
            views.gang_data(gangs.gang_line(s, campaign, every[0].name), "en", session=s)
            views.rating(lookup.gang_by_name(s, campaign, every[0].name))
            event.remove(engine, "before_cursor_execute", keep)
            assert len(ran) == 4
            for statement, parameters in ran:
                plan = [
                    row[3]
                    for row in s.connection().exec_driver_sql(
                        f"EXPLAIN QUERY PLAN {statement}", parameters
                    )
                ]
                by_gang = [p for p in plan if p.startswith("SEARCH log_entry USING")]
                assert len(by_gang) == 1 and "(gang_id=?)" in by_gang[0], plan
                assert any("INDEX ix_log_entry_reverts (reverts=?)" in p for p in plan), plan
    finally:
        engine.dispose()


def test_the_graveyard_searches_each_dead_models_gangs_log(tmp_path: Path) -> None:
    """Issue #23: the graveyard's one statement finds each dead model's ``recovery`` entries
    among its own gang's entries (``ix_log_entry_gang_id_id``), not by walking the whole
    campaign's log once per dead model (SQLite's plan of the statement as it ran; the
    graveyard's answers themselves: tests/games/test_scenarios.py, the campaign book)."""
    engine = _demo(tmp_path)
    ran: list[tuple[str, Any]] = []

    def keep(*args: Any) -> None:
        if "FROM member" in args[2]:
            ran.append((args[2], args[3]))

    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s)
            event.listen(engine, "before_cursor_execute", keep)
            history.graveyard(s, campaign=campaign)
            event.remove(engine, "before_cursor_execute", keep)
            assert len(ran) == 1
            statement, parameters = ran[0]
            plan = [
                row[3]
                for row in s.connection().exec_driver_sql(
                    f"EXPLAIN QUERY PLAN {statement}", parameters
                )
            ]
            joined = [p for p in plan if p.startswith("SEARCH log_entry") and "LEFT-JOIN" in p]
            assert len(joined) == 1 and "ix_log_entry_gang_id_id (gang_id=?)" in joined[0], plan
    finally:
        engine.dispose()
