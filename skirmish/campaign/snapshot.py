"""A gang's whole state as plain data, and putting it back exactly (``undo``).

Every logged action stores the gang's state from before it (``LogEntry.state_before``): the
gang row, its models, their skills and injuries, its items and failed purchases, with their
ids. Restoring updates the rows that still exist, re-inserts the ones that were removed and
deletes the ones that were added, so money, XP, models and items come back exactly.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table, delete, insert, select, update
from sqlmodel import Session

from skirmish.campaign.models import FailedPurchase, Gang, Injury, Member, MemberSkill, OwnedItem

State = dict[str, Any]


def _table(model: type[Any]) -> Table:
    table: Table = model.__table__
    return table


GANG = _table(Gang)
MEMBER = _table(Member)
#: Tables that hang from a gang's models or from the gang, in the order they are restored.
CHILDREN: tuple[tuple[str, Table], ...] = (
    ("member_skill", _table(MemberSkill)),
    ("injury", _table(Injury)),
    ("owned_item", _table(OwnedItem)),
    ("failed_purchase", _table(FailedPurchase)),
)


def _rows(session: Session, table: Table, where: Any) -> list[dict[str, Any]]:
    result = session.execute(select(table).where(where).order_by(table.c.id))
    return [dict(row) for row in result.mappings()]


def _child_filter(table: Table, gang_id: int) -> Any:
    if "gang_id" in table.c:
        return table.c.gang_id == gang_id
    members = select(MEMBER.c.id).where(MEMBER.c.gang_id == gang_id).scalar_subquery()
    return table.c.member_id.in_(members)


def capture(session: Session, gang_id: int) -> State:
    """The gang's state: every row of it, with ids, as JSON-friendly data."""
    session.flush()
    gang = _rows(session, GANG, GANG.c.id == gang_id)
    state: State = {
        "gang": gang[0],
        "member": _rows(session, MEMBER, MEMBER.c.gang_id == gang_id),
    }
    for name, table in CHILDREN:
        state[name] = _rows(session, table, _child_filter(table, gang_id))
    return state


def _upsert(
    session: Session, table: Table, current: list[dict[str, Any]], wanted: list[Any]
) -> None:
    existing = {row["id"]: row for row in current}
    for row in wanted:
        before = existing.get(row["id"])
        if before is None:
            session.execute(insert(table).values(**row))
        elif before != row:
            values = {k: v for k, v in row.items() if k != "id"}
            session.execute(update(table).where(table.c.id == row["id"]).values(**values))


def _delete_extra(
    session: Session, table: Table, current: list[dict[str, Any]], wanted: list[Any]
) -> None:
    keep = {row["id"] for row in wanted}
    extra = [row["id"] for row in current if row["id"] not in keep]
    if extra:
        session.execute(delete(table).where(table.c.id.in_(extra)))


def restore(session: Session, gang_id: int, state: State) -> None:
    """Bring the gang's rows back to ``state`` (from ``capture``)."""
    current = capture(session, gang_id)
    _upsert(session, MEMBER, current["member"], state["member"])
    for name, table in CHILDREN:
        _upsert(session, table, current[name], state[name])
    for name, table in CHILDREN:
        _delete_extra(session, table, current[name], state[name])
    _delete_extra(session, MEMBER, current["member"], state["member"])
    values = {k: v for k, v in state["gang"].items() if k != "id"}
    session.execute(update(GANG).where(GANG.c.id == gang_id).values(**values))
    session.expire_all()
