"""``campaign.books`` (issue #22, item 5): the database's integrity and every campaign's audit,
on SQLite and PostgreSQL; clean books say nothing, each kind of damage is one line."""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import select

from skirmish.campaign import store
from skirmish.campaign.books import check_books, check_database
from skirmish.campaign.models import Gang, Member
from tests.campaign.test_audit import _build


def _problems(engine: Engine) -> list[str]:
    with store.transaction(engine, access=store.Access.READ) as session:
        return [str(p) for p in check_books(session)]


def _earps(engine: Engine) -> tuple[int, int]:
    """The id of the gang 'Earps' and of its first model."""
    with store.transaction(engine, access=store.Access.READ) as session:
        gang = session.exec(select(Gang).where(Gang.name == "Earps")).one()
        member = session.exec(select(Member).where(Member.gang_id == gang.id)).first()
        assert gang.id is not None and member is not None and member.id is not None
        return gang.id, member.id


def _unchecked(engine: Engine, statement: str, **values: Any) -> None:
    """Run ``statement`` with the foreign keys not enforced, as damage done by hand would."""
    if engine.dialect.name == "sqlite":
        with contextlib.closing(sqlite3.connect(str(engine.url.database))) as connection:
            connection.execute(statement, values)  # foreign keys are off unless asked for
            connection.commit()
        return
    with engine.connect() as connection:
        connection.exec_driver_sql("SET session_replication_role = replica")
        connection.execute(text(statement), values)
        connection.exec_driver_sql("SET session_replication_role = DEFAULT")
        connection.commit()


def test_clean_books_have_no_problem(engine: Engine) -> None:
    _build(engine)
    assert _problems(engine) == []


def test_money_taken_by_hand_is_one_line(engine: Engine) -> None:
    _build(engine)
    gang, _ = _earps(engine)
    with engine.begin() as connection:
        connection.execute(
            text("UPDATE gang SET treasury = treasury - 5 WHERE id = :id"), {"id": gang}
        )
    [problem] = _problems(engine)
    assert problem.startswith("gang 'Earps': the treasury is ")


def test_a_model_whose_gang_is_gone_is_found(engine: Engine) -> None:
    _build(engine)
    _, member = _earps(engine)
    _unchecked(engine, "UPDATE member SET gang_id = 999 WHERE id = :id", id=member)
    with store.transaction(engine, access=store.Access.READ) as session:
        problems = [str(p) for p in check_database(session)]
    assert "member: gang_id 999 names no row of gang" in problems
    if engine.dialect.name == "sqlite":
        assert f"foreign key check: member row {member} names a missing gang" in problems


def test_a_constraint_never_validated_is_found_on_postgresql(engine: Engine) -> None:
    if engine.dialect.name != "postgresql":
        return  # SQLite has no such state: its foreign key check covers it
    _build(engine)
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "ALTER TABLE member ADD CONSTRAINT member_xp_check CHECK (xp >= 0) NOT VALID"
        )
    assert _problems(engine) == ["constraint member_xp_check of member was never validated"]
