"""The books audit (``campaign.audit``): a campaign built with the services adds up, and every
kind of damage done by hand with SQL is found, on SQLite and PostgreSQL."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from skirmish.campaign import advancement, equipment, gangs, logbook, lookup, roster, store
from skirmish.campaign.audit import check_campaign, check_gang
from skirmish.campaign.models import Campaign, Gang, LogEntry, Member
from skirmish.engine.dice import ScriptedDice

ROOT = Path(__file__).resolve().parents[2]


def _do(engine: Engine, action: Callable[..., Any], gang: str, **kwargs: Any) -> Any:
    with store.transaction(engine) as session:
        found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
        return action(session, gang=found, **kwargs)


def _build(engine: Engine) -> None:
    """Two gangs, with hires, purchases, a sale, equipment moved, XP, a fired model, a rename
    and undos (one of them of a sale, one undoing twice in a row)."""
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="West")
        gangs.new_gang(session, campaign=campaign, name="Earps", faction="lawmen")
        gangs.new_gang(session, campaign=campaign, name="Clantons", faction="lawmen")
    no_dice = ScriptedDice([])  # lawmen buy weapons without the availability roll
    _do(engine, roster.hire, "Earps", profile="sheriff", name="Wyatt")
    _do(engine, roster.hire, "Earps", profile="deputy", name="Virgil")
    _do(engine, roster.hire, "Earps", profile="guard", name="Morgan")
    _do(engine, equipment.buy, "Earps", item="six-shooter", dice=no_dice, member="Wyatt")
    _do(engine, equipment.buy, "Earps", item="knife", dice=no_dice)
    _do(engine, equipment.sell, "Earps", item="knife")
    _do(engine, logbook.undo, "Earps")  # the sale
    _do(engine, equipment.equip, "Earps", item="knife", member="Virgil")
    _do(engine, advancement.award_xp, "Earps", member="Virgil", xp=3, reason="a game")
    _do(engine, roster.fire, "Earps", member="Morgan")
    _do(engine, roster.hire, "Earps", profile="guard", name="morgan")  # the name is free again
    _do(engine, gangs.rename_gang, "Earps", name="Earp brothers")
    _do(engine, logbook.undo, "Earp brothers")  # the rename
    _do(engine, logbook.undo, "Earps")  # the second Morgan
    _do(engine, roster.hire, "Clantons", profile="sheriff", name="Ike")
    _do(engine, equipment.buy, "Clantons", item="knife", dice=no_dice, member="Ike")


@pytest.fixture
def books(engine: Engine) -> Engine:
    _build(engine)
    return engine


def _problems(engine: Engine) -> list[str]:
    with store.transaction(engine, access=store.Access.READ) as session:
        campaign = session.exec(select(Campaign)).one()
        return [str(p) for p in check_campaign(session, campaign)]


def _sql(engine: Engine, statement: str, **values: Any) -> None:
    with engine.begin() as connection:
        connection.execute(text(statement), values)


def _ids(engine: Engine, gang: str) -> dict[str, Any]:
    """Ids to aim the damage at: the gang, its models by name and its log entries."""
    with Session(engine) as session:
        found = session.exec(select(Gang).where(Gang.name == gang)).one()
        members = session.exec(select(Member).where(Member.gang_id == found.id)).all()
        entries = session.exec(
            select(LogEntry).where(LogEntry.gang_id == found.id).order_by(col(LogEntry.id))
        ).all()
        return {
            "gang": found.id,
            "treasury": found.treasury,
            "members": {(m.name, m.status): m.id for m in members},
            "log": [(e.id, e.action, e.reverts, e.money_after) for e in entries],
        }


def test_books_built_by_the_services_add_up(books: Engine) -> None:
    assert _problems(books) == []
    with store.transaction(books, access=store.Access.READ) as session:
        gang = session.exec(select(Gang).where(Gang.name == "Earps")).one()
        assert check_gang(session, gang) == []
    earps = _ids(books, "Earps")
    assert [action for _, action, _, _ in earps["log"]].count("undo") == 3


def test_the_demo_database_adds_up(tmp_path: Path) -> None:
    """The example campaign: games played, post-game steps, every kind of action."""
    path = tmp_path / "campaigns.db"
    shutil.copyfile(ROOT / "campaigns.db.example", path)
    engine = store.open_store(str(path))
    try:
        with store.transaction(engine, access=store.Access.READ) as session:
            campaigns = session.exec(select(Campaign)).all()
            assert campaigns
            assert [p for c in campaigns for p in check_campaign(session, c)] == []
    finally:
        engine.dispose()


def test_money_taken_from_the_treasury_is_found(books: Engine) -> None:
    earps = _ids(books, "Earps")
    _sql(books, "UPDATE gang SET treasury = treasury - 5 WHERE id = :id", id=earps["gang"])
    last_id, last_action, _, left = earps["log"][-1]
    assert _problems(books) == [
        f"gang 'Earps': the treasury is {earps['treasury'] - 5}$ but the last log entry "
        f"#{last_id} ({last_action}) left {left}$"
    ]


def test_a_broken_link_of_the_money_chain_is_found(books: Engine) -> None:
    earps = _ids(books, "Earps")
    (before_id, before_action, _, left), (entry_id, action, _, _) = earps["log"][3:5]
    _sql(books, "UPDATE log_entry SET money_before = money_before + 7 WHERE id = :id", id=entry_id)
    assert _problems(books) == [
        f"gang 'Earps': money chain broken at #{entry_id} ({action}): {left + 7}$ before it, "
        f"but #{before_id} ({before_action}) left {left}$"
    ]


def test_a_log_that_does_not_start_at_zero_is_found(books: Engine) -> None:
    first_id = _ids(books, "Clantons")["log"][0][0]
    _sql(books, "UPDATE log_entry SET money_before = 10 WHERE id = :id", id=first_id)
    assert _problems(books) == [
        f"gang 'Clantons': the log starts at 10$ with #{first_id} (gang-new), not at 0$"
    ]


def test_a_negative_treasury_is_found(books: Engine) -> None:
    clantons = _ids(books, "Clantons")
    _sql(books, "UPDATE gang SET treasury = -3 WHERE id = :id", id=clantons["gang"])
    _sql(books, "UPDATE log_entry SET money_after = -3 WHERE id = :id", id=clantons["log"][-1][0])
    assert _problems(books) == ["gang 'Clantons': the treasury is -3$, below 0 (R-12, R-13)"]


def test_an_entry_undone_twice_is_found(books: Engine) -> None:
    earps = _ids(books, "Earps")
    undo_id, _, reverted, _ = next(e for e in earps["log"] if e[1] == "undo")
    _sql(
        books,
        "INSERT INTO log_entry (campaign_id, gang_id, action, at, details, dice, money_before, "
        "money_after, reverts) SELECT campaign_id, gang_id, 'undo', at, details, dice, "
        "money_after, money_after, :reverts FROM log_entry WHERE id = :last",
        reverts=reverted,
        last=earps["log"][-1][0],
    )
    problems = _problems(books)
    assert len(problems) == 1
    assert problems[0].startswith("gang 'Earps': undo #")
    assert problems[0].endswith(f"reverts #{reverted} again (undone already by #{undo_id})")


def test_an_undo_that_skipped_the_last_action_is_found(books: Engine) -> None:
    earps = _ids(books, "Earps")
    undo_id, _, reverted, _ = next(e for e in earps["log"] if e[1] == "undo")
    earlier_id, earlier_action = next(
        (i, a) for i, a, _, _ in reversed(earps["log"]) if i < reverted and a != "undo"
    )
    _sql(books, "UPDATE log_entry SET reverts = :e WHERE id = :id", e=earlier_id, id=undo_id)
    assert _problems(books) == [
        f"gang 'Earps': undo #{undo_id} reverts #{earlier_id} ({earlier_action}), but the last "
        f"action not undone then was #{reverted} (sell)"
    ]


def test_an_undo_of_another_gangs_entry_is_found(books: Engine) -> None:
    earps = _ids(books, "Earps")
    undo_id = next(e for e in earps["log"] if e[1] == "undo")[0]
    foreign = _ids(books, "Clantons")["log"][0][0]
    _sql(books, "UPDATE log_entry SET reverts = :f WHERE id = :id", f=foreign, id=undo_id)
    assert _problems(books) == [
        f"gang 'Earps': undo #{undo_id} reverts #{foreign}, which is not an earlier entry of "
        "this gang"
    ]


def test_seven_active_models_are_found(books: Engine) -> None:
    earps = _ids(books, "Earps")
    for number in range(5):
        _sql(
            books,
            "INSERT INTO member (gang_id, name, profile, role, tiro, fred, rif, cos, fama, "
            "fortuna, xp, status) VALUES (:gang, :name, 'guard', 'common', 3, 3, 3, 2, 0, 0, 0, "
            "'active')",
            gang=earps["gang"],
            name=f"Extra {number}",
        )
    assert _problems(books) == ["gang 'Earps': R-13: 7 active models, at most 6"]


def test_two_leaders_are_found(books: Engine) -> None:
    virgil = _ids(books, "Earps")["members"][("Virgil", "active")]
    _sql(books, "UPDATE member SET role = 'leader' WHERE id = :id", id=virgil)
    assert _problems(books) == ["gang 'Earps': R-13: 2 leaders ('Wyatt', 'Virgil'), at most one"]


def test_two_models_with_one_name_are_found(books: Engine) -> None:
    earps = _ids(books, "Earps")
    _sql(
        books,
        "UPDATE member SET status = 'active' WHERE id = :id",
        id=earps["members"][("Morgan", "retired")],
    )
    _sql(
        books,
        "UPDATE member SET name = 'MÒRGAN' WHERE id = :id",
        id=earps["members"][("Virgil", "active")],
    )
    assert _problems(books) == [
        "gang 'Earps': R-13: active models share a name: 'MÒRGAN', 'Morgan'"
    ]


def test_an_item_carried_by_a_fired_model_is_found(books: Engine) -> None:
    morgan = _ids(books, "Earps")["members"][("Morgan", "retired")]
    _sql(books, "UPDATE owned_item SET member_id = :m WHERE item = 'knife'", m=morgan)
    problems = _problems(books)
    assert len(problems) == 2  # the Earps' knife and the Clantons' knife
    ending = f"is carried by model #{morgan}, which is not on the roster"
    assert all(p.endswith(ending) for p in problems)


def test_two_gangs_with_one_name_are_found(books: Engine) -> None:
    _sql(books, "UPDATE gang SET name = 'EARPS' WHERE name = 'Clantons'")
    assert _problems(books) == ["campaign 'West': gangs share a name: 'Earps', 'EARPS'"]


def test_a_log_entry_naming_a_gang_of_another_campaign_is_found(books: Engine) -> None:
    with store.transaction(books) as session:
        other = gangs.new_campaign(session, name="East")
        gangs.new_gang(session, campaign=other, name="Daltons", faction="lawmen")
    daltons = _ids(books, "Daltons")["gang"]
    stray = _ids(books, "Earps")["log"][-1][0]
    _sql(books, "UPDATE log_entry SET gang_id = :g WHERE id = :id", g=daltons, id=stray)
    with store.transaction(books, access=store.Access.READ) as session:
        west = session.exec(select(Campaign).where(Campaign.name == "West")).one()
        problems = [str(p) for p in check_campaign(session, west)]
    assert (
        f"campaign 'West': log entry #{stray} (undo) names gang #{daltons}, which is not one of "
        "this campaign's gangs"
    ) in problems
