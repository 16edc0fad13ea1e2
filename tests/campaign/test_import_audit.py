"""Every kind of import leaves books its own audit accepts (issue #22, item 5): the import's log
entry says the money before and after, so the money chain runs through it."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine
from sqlmodel import col, select

from skirmish.campaign import equipment, gangs, lookup, roster, store, transfer
from skirmish.campaign.audit import check_campaign
from skirmish.campaign.models import Campaign, Gang, LogEntry
from skirmish.engine.dice import ScriptedDice
from tests.campaign.test_audit import _build


def _export(engine: Engine, path: Path, *, gang: str | None = None) -> Path:
    with store.transaction(engine, access=store.Access.READ) as session:
        campaign = lookup.current_campaign(session, "West")
        if gang is None:
            document = transfer.export_campaign(session, campaign=campaign)
        else:
            found = lookup.gang_by_name(session, campaign, gang, full=True)
            document = transfer.export_gang(session, gang=found)
    transfer.write_document(document, path)
    return path


def _import(engine: Engine, path: Path, campaign: str) -> None:
    checked = transfer.read_import(path, campaign=campaign)
    with store.transaction(engine) as session:
        transfer.import_checked(session, checked)


def _problems(engine: Engine) -> list[str]:
    with store.transaction(engine, access=store.Access.READ) as session:
        return [p for c in session.exec(select(Campaign)).all() for p in check_campaign(session, c)]


def _import_entries(engine: Engine) -> list[tuple[int | None, int | None, int | None]]:
    with store.transaction(engine, access=store.Access.READ) as session:
        entries = session.exec(
            select(LogEntry).where(LogEntry.action == "import").order_by(col(LogEntry.id))
        ).all()
        return [(e.gang_id, e.money_before, e.money_after) for e in entries]


def test_an_untouched_gang_export_imported_into_another_campaign_adds_up(
    engine: Engine, tmp_path: Path
) -> None:
    _build(engine)
    with store.transaction(engine) as session:
        gangs.new_campaign(session, name="East")
    _import(engine, _export(engine, tmp_path / "earps.json", gang="Earps"), "East")
    assert _problems(engine) == []
    [(gang_id, before, after)] = _import_entries(engine)
    with store.transaction(engine, access=store.Access.READ) as session:
        imported = session.get(Gang, gang_id)
        assert imported is not None
        assert before == after == imported.treasury


def test_a_whole_campaign_imported_adds_up(engine: Engine, tmp_path: Path) -> None:
    _build(engine)
    _import(engine, _export(engine, tmp_path / "west.json"), "West again")
    assert _problems(engine) == []
    assert [gang_id for gang_id, _, _ in _import_entries(engine)] == [None]


def test_an_imported_gang_that_acts_then_travels_again_adds_up(
    engine: Engine, tmp_path: Path
) -> None:
    """An import, an action after it, an export of that and a second import: every step's
    entry joins the chain."""
    _build(engine)
    with store.transaction(engine) as session:
        gangs.new_campaign(session, name="East")
        gangs.new_campaign(session, name="North")
    _import(engine, _export(engine, tmp_path / "earps.json", gang="Earps"), "East")
    with store.transaction(engine) as session:
        earps = lookup.gang_by_name(session, lookup.current_campaign(session, "East"), "Earps")
        roster.hire(session, gang=earps, profile="guard", name="Doc")
        equipment.buy(session, gang=earps, item="knife", dice=ScriptedDice([]))
    with store.transaction(engine, access=store.Access.READ) as session:
        earps = lookup.gang_by_name(session, lookup.current_campaign(session, "East"), "Earps")
        document = transfer.export_gang(session, gang=earps)
    transfer.write_document(document, tmp_path / "again.json")
    _import(engine, tmp_path / "again.json", "North")
    assert _problems(engine) == []
    assert len(_import_entries(engine)) == 2
