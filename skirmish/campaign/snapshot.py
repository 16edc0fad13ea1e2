"""A gang's whole state as plain data, and putting it back exactly (``undo``).

Every logged action stores the gang's state from before it (``LogEntry.state_before``): the
gang row, its models, their skills and injuries, its items and failed purchases, with their
ids. Restoring updates the rows that still exist, re-inserts the ones that were removed and
deletes the ones that were added, so money, XP, models and items come back exactly.

A snapshot carries the schema revision it was taken at (``revision``). A database upgraded since
still undoes it exactly: ``upgrade_state`` first brings the snapshot to the current schema, with
one step per migration that changed what a snapshot holds (``STEPS``) and, for a column added to
a table, the column's default. A snapshot written before snapshots carried their revision is
read as revision 0001 if it lacks what 0002 added, else as the last revision without a step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Table, delete, insert, select, update
from sqlmodel import Session

from skirmish.campaign.models import FailedPurchase, Gang, Injury, Member, MemberSkill, OwnedItem
from skirmish.campaign.store import head_revision, known_revisions
from skirmish.errors import StoreError
from skirmish.translation import Message

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
    """The gang's state: every row of it, with ids, as JSON-friendly data, and the schema
    revision it was taken at."""
    session.flush()
    gang = _rows(session, GANG, GANG.c.id == gang_id)
    state: State = {
        "revision": head_revision(),
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


def _failed_purchases_arrive(state: State) -> State:
    """0002 (H-03) added the failed purchases: a gang of 0001 had none."""
    return {**state, "failed_purchase": []}


#: What each migration changed in a snapshot's shape, by the revision that introduced it. A
#: migration that only adds a column to a snapshot table needs no step (``_fit`` fills it in).
STEPS: dict[str, Callable[[State], State]] = {
    "0002": _failed_purchases_arrive,
}


def snapshot_revision(state: State) -> str:
    """The revision a snapshot was taken at (see the module's docs for older snapshots)."""
    revision = state.get("revision")
    if isinstance(revision, str):
        return revision
    return "0001" if "failed_purchase" not in state else max(STEPS)


def upgrade_state(state: State) -> State:
    """``state`` in the shape of the current schema, whatever revision it was taken at."""
    revision = snapshot_revision(state)
    revisions = known_revisions()
    if revision not in revisions:
        raise StoreError(
            Message(
                "this undo needs a newer skirmish (its state is of schema version "
                "{revision!r}); upgrade skirmish to undo it. Nothing was changed.",
                revision=revision,
            )
        )
    for later in revisions[revisions.index(revision) + 1 :]:
        step = STEPS.get(later)
        if step is not None:
            state = step(state)
    fitted: State = {"revision": head_revision(), "gang": _fit(GANG, state["gang"])}
    fitted["member"] = [_fit(MEMBER, row) for row in state["member"]]
    for name, table in CHILDREN:
        fitted[name] = [_fit(table, row) for row in state[name]]
    return fitted


def _fit(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    """``row`` with exactly the table's columns: a column added since gets its default."""
    fitted: dict[str, Any] = {}
    for column in table.c:
        if column.name in row:
            fitted[column.name] = row[column.name]
        elif column.default is not None and getattr(column.default, "is_scalar", False):
            fitted[column.name] = getattr(column.default, "arg", None)
        elif column.nullable:
            fitted[column.name] = None
        else:
            raise StoreError(
                Message(
                    "this undo's saved state has no {table_name}.{column_name}, which has "
                    "no default; it cannot be undone. Nothing was changed.",
                    table_name=table.name,
                    column_name=column.name,
                )
            )
    return fitted


def restore(session: Session, gang_id: int, state: State) -> None:
    """Bring the gang's rows back to ``state`` (from ``capture``, at any revision)."""
    state = upgrade_state(state)
    current = capture(session, gang_id)
    _upsert(session, MEMBER, current["member"], state["member"])
    for name, table in CHILDREN:
        _upsert(session, table, current[name], state[name])
    for name, table in CHILDREN:
        _delete_extra(session, table, current[name], state[name])
    _delete_extra(session, MEMBER, current["member"], state["member"])
    # Who looks after the gang (0008, issue #11) is not part of its roster: undo keeps it.
    values = {k: v for k, v in state["gang"].items() if k not in ("id", "owner_id")}
    session.execute(update(GANG).where(GANG.c.id == gang_id).values(**values))
    session.expire_all()
