"""``skirmish campaign check`` (issue #22, item 5): the organiser checks the books. The
database's own integrity first, then every campaign's audit (``audit.check_campaign``). Nothing
here changes the database; each problem is one line, a ``Message`` said in the run's language
(table, column and constraint names stay as they are inside it).

The database's integrity, by backend:

- SQLite: ``PRAGMA integrity_check`` (the file's pages, indexes and constraints) and
  ``PRAGMA foreign_key_check`` (a row naming a row of another table that is not there);
- PostgreSQL checks its pages and enforces its foreign keys itself, but a constraint may have
  been added ``NOT VALID`` or its triggers switched off (``session_replication_role``,
  ``DISABLE TRIGGER``) by hand: every foreign key constraint must be validated, and every
  foreign key of the schema (``SQLModel.metadata``) is looked up row by row, so a row pointing
  nowhere is found on either backend.
"""

from __future__ import annotations

from sqlalchemy import Table, and_, select, text
from sqlmodel import Session, SQLModel, col
from sqlmodel import select as select_model

import skirmish.campaign.account_tables  # noqa: F401 - the accounts' tables are checked too
import skirmish.campaign.game.tables  # noqa: F401 - the game's tables are checked too
from skirmish.campaign.audit import check_campaign
from skirmish.campaign.models import Campaign
from skirmish.translation import Message

#: At most this many lines for one kind of damage, so a ruined file does not print thousands.
SHOWN = 20


def check_books(session: Session, campaign: Campaign | None = None) -> list[Message]:
    """Every problem in the database's integrity and in the books of ``campaign`` (default: of
    every campaign), one line each; an empty list when all is well."""
    problems = check_database(session)
    if campaign is not None:
        return [*problems, *check_campaign(session, campaign)]
    campaigns = session.exec(select_model(Campaign).order_by(col(Campaign.id))).all()
    return [*problems, *(p for found in campaigns for p in check_campaign(session, found))]


def check_database(session: Session) -> list[Message]:
    """The backend's integrity checks, then every foreign key looked up."""
    if session.get_bind().dialect.name == "sqlite":
        problems = _sqlite(session)
    else:
        problems = _postgresql(session)
    return [*problems, *_dangling(session)]


def _sqlite(session: Session) -> list[Message]:
    rows = [str(row[0]) for row in session.execute(text("PRAGMA integrity_check"))]
    problems = (
        []
        if rows == ["ok"]
        else [Message("integrity check: {row}", row=row) for row in rows[:SHOWN]]
    )
    for table, rowid, parent, _ in list(session.execute(text("PRAGMA foreign_key_check")))[:SHOWN]:
        problems.append(
            Message(
                "foreign key check: {table} row {rowid} names a missing {parent}",
                table=table,
                rowid=rowid,
                parent=parent,
            )
        )
    return problems


def _postgresql(session: Session) -> list[Message]:
    rows = session.execute(
        text(
            "SELECT conrelid::regclass::text, conname FROM pg_constraint "
            "WHERE NOT convalidated AND connamespace = current_schema()::regnamespace "
            "ORDER BY 1, 2"
        )
    )
    return [
        Message("constraint {name} of {table} was never validated", name=name, table=table)
        for table, name in rows
    ]


def _dangling(session: Session) -> list[Message]:
    """Rows whose foreign key names no row of the table it refers to (a NULL names none)."""
    problems: list[Message] = []
    for table in SQLModel.metadata.sorted_tables:
        for key in table.foreign_key_constraints:
            parent: Table = key.referred_table
            other = parent.alias("referred")  # a table may refer to itself (an undo's entry)
            pairs = [(column, other.c[fk.column.name]) for column, fk in zip(
                key.columns, key.elements, strict=True)]  # fmt: skip
            missing = (
                select(*[column for column, _ in pairs])
                .select_from(table.outerjoin(other, and_(*[c == r for c, r in pairs])))
                .where(*[column.is_not(None) for column, _ in pairs])
                .where(*[referred.is_(None) for _, referred in pairs])
                .limit(SHOWN)
            )
            for row in session.execute(missing):
                names = ", ".join(
                    f"{column.name} {value}" for (column, _), value in zip(pairs, row, strict=True)
                )
                problems.append(
                    Message(
                        "{table}: {names} names no row of {parent}",
                        table=table.name,
                        names=names,
                        parent=parent.name,
                    )
                )
    return problems
