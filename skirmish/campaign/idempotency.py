"""One answer per idempotency key (issue #12): a phone at the table sends each action with a
key of its own making; a double tap, or a request retried after the network dropped its
answer, carries the same key, and gets the first answer again instead of acting twice.

``replay_or_run`` works inside the caller's one unit of work: it claims the key (a row of
``request_key``, whose primary key is the key), runs the action, and stores the answer in the
same transaction, so the action and its key are committed together or not at all. Two
identical requests racing: on SQLite writers already take turns (``BEGIN IMMEDIATE``); on
PostgreSQL the second one's claim waits for the first's transaction, then finds the key taken
(``ON CONFLICT DO NOTHING``: no row inserted, no error), and the second re-reads the stored
answer and replays it (READ COMMITTED writers see the committed row). A refused action (a
``SkirmishError``) rolls back with its key: nothing is remembered, and a retry is refused the
same way, changing nothing again.

A key is refused, in words, when it is empty, longer than 64 characters or not printable
ASCII, or when it was used for another route or by another account. Keys older than
``KEEP`` may be forgotten (``forget_keys``): a retry comes within seconds, a day is plenty.
"""

from __future__ import annotations

import hashlib
import string
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, Final

from sqlalchemy import bindparam, delete, select, text, update
from sqlmodel import Session, col

from skirmish.campaign import logbook
from skirmish.campaign.account_tables import RequestKey
from skirmish.errors import CampaignError
from skirmish.translation import Message

#: How long an answer is kept for a retry.
KEEP: Final = timedelta(hours=24)
#: The longest key and route (the columns' sizes).
KEY_LENGTH: Final = 64
ROUTE_LENGTH: Final = 200
_KEY_CHARACTERS: Final = frozenset(string.ascii_letters + string.digits + string.punctuation)
#: The status stored while the action runs (never seen outside its unit of work).
_RUNNING: Final = 0

Answer = tuple[int, Any]


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def check_key(key: str) -> str:
    """``key`` as given, or a bilingual refusal: 1 to 64 printable ASCII characters, no spaces
    (a UUID, a random token)."""
    if not key or len(key) > KEY_LENGTH or any(c not in _KEY_CHARACTERS for c in key):
        raise CampaignError(
            Message(
                "the request's idempotency key must be 1 to {key_length} printable "
                "ASCII characters without spaces (a UUID will do). Nothing was changed.",
                key_length=KEY_LENGTH,
            )
        )
    return key


def step_key(key: str, step: str) -> str:
    """The key of a further ``step`` of the request with ``key`` (one request making two
    changes, each its own unit of work answered once: the initiative rolled, then chosen):
    ``key`` checked, then the step and a digest of both, within ``KEY_LENGTH``."""
    check_key(key)
    digest = hashlib.sha256(f"{step}\n{key}".encode()).hexdigest()[:40]
    return check_key(f"{step[:20]}.{digest}")


def _replay(found: RequestKey, user_id: int | None, route: str) -> tuple[int, Any, bool]:
    if found.route != route or found.user_id != user_id:
        raise CampaignError(
            Message(
                "this idempotency key was already used for another request; send a new "
                "key with each new action. Nothing was changed."
            )
        )
    return found.status, found.body, True


def _stored(session: Session, key: str) -> RequestKey | None:
    query = select(RequestKey).where(col(RequestKey.key) == key)
    return session.execute(query.execution_options(populate_existing=True)).scalar_one_or_none()


def replay_or_run(
    session: Session,
    key: str,
    user_id: int | None,
    route: str,
    run: Callable[[], Answer],
) -> tuple[int, Any, bool]:
    """The answer to the request with idempotency ``key``: the stored one when the key was
    seen (``replayed`` true), else ``run()``'s ``(status, body)``, stored with the key in the
    caller's unit of work (``body`` must be JSON). Refused: a bad key, a key seen for another
    ``route`` or ``user_id``."""
    check_key(key)
    if not route or len(route) > ROUTE_LENGTH:
        raise CampaignError(
            Message(
                "a request's route must be 1 to {route_length} characters. Nothing was changed.",
                route_length=ROUTE_LENGTH,
            )
        )
    claim: dict[str, Any] = {"key": key, "user_id": user_id, "route": route, "status": _RUNNING}
    claim.update(body={}, created_at=_stamp(logbook.clock()))
    if not session.connection().execute(_claim_statement(), claim).rowcount:
        # the key was seen (a retry), or committed by a request that ran at the same moment
        found = _stored(session, key)
        if found is None or found.status == _RUNNING:
            raise CampaignError(
                Message(
                    "the same request is being answered right now; try again in a moment. "
                    "Nothing was changed."
                )
            )
        return _replay(found, user_id, route)
    status, body = run()
    session.connection().execute(_answer_statement(), {"k": key, "s": status, "b": body})
    return status, body, False


_TABLE: Final = RequestKey.__table__  # type: ignore[attr-defined]


@cache
def _claim_statement() -> Any:
    """The claim of a key, built once: its row inserted unless the key is there already
    (``ON CONFLICT DO NOTHING``, in PostgreSQL's and SQLite's words alike), so that a key seen
    or a lost race is told by the count of rows inserted, in one statement, without the
    savepoint a failed INSERT needs to leave the transaction usable (issue #23: the claim was a
    SELECT, a SAVEPOINT, an INSERT and its RELEASE). On PostgreSQL the claim of a key that
    another transaction is claiming waits for it, as the INSERT did."""
    return text(
        'INSERT INTO request_key ("key", user_id, route, status, body, created_at) '
        "VALUES (:key, :user_id, :route, :status, :body, :created_at) "
        'ON CONFLICT ("key") DO NOTHING'
    ).bindparams(bindparam("body", type_=_TABLE.c.body.type))


@cache
def _answer_statement() -> Any:
    """The answer stored with its claimed key (``k``: status ``s``, body ``b``), built once
    (issue #23: it was built again at every action)."""
    return (
        update(_TABLE)
        .where(_TABLE.c.key == bindparam("k"))
        .values(status=bindparam("s"), body=bindparam("b", type_=_TABLE.c.body.type))
    )


def forget_keys(session: Session, *, before: datetime | None = None) -> int:
    """Delete the answers older than ``KEEP`` (housekeeping); how many."""
    limit = _stamp(before or (logbook.clock() - KEEP))
    result = session.execute(delete(RequestKey).where(col(RequestKey.created_at) <= limit))
    return int(getattr(result, "rowcount", 0))
