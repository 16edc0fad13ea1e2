"""Showing a gang costs a fixed, small number of queries, however long its history."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import col, select

from skirmish.campaign import (
    accounts,
    equipment,
    gangs,
    listings,
    logbook,
    lookup,
    roster,
    store,
    views,
)
from skirmish.campaign.models import LogEntry
from skirmish.campaign.text import described, described_text, entry_data
from skirmish.engine.dice import ScriptedDice


def _show(engine: Engine) -> tuple[int, dict[str, Any]]:
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    event.listen(engine, "before_cursor_execute", count)
    try:
        with store.transaction(engine, access=store.Access.READ) as session:
            campaign = lookup.current_campaign(session)
            gang = lookup.gang_by_name(session, campaign, "Earps", full=True)
            data = views.gang_data(gang, "en")
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(statements), data


def test_gang_show_queries_do_not_grow_with_the_log(engine: Engine) -> None:
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="West")
        gang = gangs.new_gang(session, campaign=campaign, name="Earps", faction="lawmen")
        roster.hire(session, gang=gang, profile="sheriff", name="Wyatt")
        roster.hire(session, gang=gang, profile="deputy", name="Virgil")
        equipment.buy(session, gang=gang, item="six-shooter", member="Wyatt", dice=ScriptedDice([]))
        roster.injure(session, gang=gang, member="Virgil", injury="orbo")
    short, before = _show(engine)
    with store.transaction(engine) as session:
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        for _ in range(60):
            equipment.buy(session, gang=gang, item="knife", dice=ScriptedDice([]))
            equipment.sell(session, gang=gang, item="knife")
    long, after = _show(engine)
    # 10 queries (the games, for the post-game still owed; the XP spent on advances, for the
    # rating), and PRAGMA query_only + BEGIN of a read
    assert short == long <= 12
    assert after["members"] == before["members"]


def test_a_log_entry_reads_the_same_as_a_row_and_as_an_entry(engine: Engine) -> None:
    """``entry_data`` reads a row of the entry's columns (``history_rows``, the log's pages)
    through its mapping, an entry through its attributes: the same answer, an unreadable
    entry's fallback text included."""
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="West")
        gang = gangs.new_gang(session, campaign=campaign, name="Earps", faction="lawmen")
        roster.hire(session, gang=gang, profile="sheriff", name="Wyatt")
        equipment.buy(session, gang=gang, item="six-shooter", member="Wyatt", dice=ScriptedDice([]))
        assert campaign.id is not None
        odd = logbook.log_entry(
            session, campaign_id=campaign.id, gang=gang, action="hire", details={}
        )
        session.flush()
    with store.transaction(engine, access=store.Access.READ) as session:
        campaign = lookup.current_campaign(session)
        rows = logbook.history_rows(session, campaign=campaign)
        entries = session.exec(select(LogEntry).order_by(col(LogEntry.id))).all()
        as_rows = [entry_data(r, "Earps", "it", "someone") for r in rows]
        as_entries = [entry_data(e, "Earps", "it", "someone") for e in entries]
    assert as_rows == as_entries
    assert [r["action"] for r in as_rows] == ["campaign-new", "gang-new", "hire", "buy", "hire"]
    assert as_rows[-1]["id"] == odd.id
    assert as_rows[-1]["text"] == "hire: {}"  # the fallback: details it cannot read
    assert "Wyatt" in as_rows[2]["text"] and "Wyatt" in as_rows[3]["text"]


def test_a_pages_log_says_what_the_log_says(engine: Engine) -> None:
    """``listings.feed_rows`` (the log's pages) gives each entry's moment, gang and text as
    ``log_rows`` (``log --json``) does, for the campaign and for one gang, the last few too and
    an unreadable entry's fallback text included, from a statement that reads neither the dice
    nor the authors' names (issue #23)."""
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="West")
        gang = gangs.new_gang(session, campaign=campaign, name="Earps", faction="lawmen")
        other = gangs.new_gang(session, campaign=campaign, name="Clantons", faction="outlaws")
        roster.hire(session, gang=gang, profile="sheriff", name="Wyatt")
        author = accounts.add_user(session, "doc", "a password long enough")
    with store.transaction(engine, author=author.id) as session:  # entries an account made
        campaign = lookup.current_campaign(session)
        gang = lookup.gang_by_name(session, campaign, "Earps")
        other = lookup.gang_by_name(session, campaign, "Clantons")
        roster.hire(session, gang=other, profile="boss", name="Ike")
        equipment.buy(session, gang=gang, item="six-shooter", member="Wyatt", dice=ScriptedDice([]))
        assert campaign.id is not None
        logbook.log_entry(session, campaign_id=campaign.id, gang=gang, action="hire", details={})
        session.flush()
    statements: list[str] = []

    def note(*args: Any) -> None:
        statements.append(str(args[2]))

    with store.transaction(engine, access=store.Access.READ) as session:
        campaign = lookup.current_campaign(session)
        earps = lookup.gang_by_name(session, campaign, "Earps", full=False)
        for lang in ("en", "it"):
            for chosen, last in ((None, None), (None, 3), (earps, None), (earps, 2)):
                logged = listings.log_rows(session, campaign, lang, gang=chosen, last=last)
                event.listen(engine, "before_cursor_execute", note)
                try:
                    fed = listings.feed_rows(session, campaign, lang, gang=chosen, last=last)
                finally:
                    event.remove(engine, "before_cursor_execute", note)
                said = [{"at": e["at"], "gang": e["gang"], "text": e["text"]} for e in logged]
                assert fed == said, (lang, chosen, last)
                assert any(e["author"] == "doc" for e in logged)  # log_rows names them
        every = listings.feed_rows(session, campaign, "en")
    assert len(fed) == 2 and fed[-1]["text"] == "hire: {}"
    assert {e["gang"] for e in every} == {None, "Earps", "Clantons"}
    assert statements and all("dice" not in s and "user_account" not in s for s in statements)


def test_a_line_kept_by_its_inputs_is_the_line_said_anew(engine: Engine) -> None:
    """``text.described_text`` keeps each line by every input it is said from (issue #23): the
    first and the kept answer are ``described``'s for the decoded details, in both languages;
    other details, another model or language give their own line, never a kept one."""
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="West")
        gang = gangs.new_gang(session, campaign=campaign, name="Earps", faction="lawmen")
        roster.hire(session, gang=gang, profile="sheriff", name="Wyatt")
        roster.hire(session, gang=gang, profile="deputy", name="Morgan")
        equipment.buy(session, gang=gang, item="six-shooter", member="Wyatt", dice=ScriptedDice([]))
        session.flush()
        entries = session.exec(select(LogEntry).order_by(col(LogEntry.id))).all()
        said = {
            (e.id, lang): described(e.action, e.details, e.member_name, lang)
            for e in entries
            for lang in ("en", "it")
        }
    for _ in range(2):  # said, then kept
        for e in entries:
            for lang in ("en", "it"):
                raw = json.dumps(e.details)
                assert described_text(e.action, raw, e.member_name, lang) == said[e.id, lang]
    hired = [e for e in entries if e.action == "hire"]
    assert len({said[e.id, "en"] for e in hired}) == 2  # two details, two lines
    assert said[hired[0].id, "en"] != said[hired[0].id, "it"]
    assert described_text("hire", "{}", None, "en") == "hire: {}"  # unreadable: its fallback
