"""The club's accounts (issue #11), apart from the campaign's tables (``models``): a club
member's account, its login sessions, its roles in campaigns, the invitations, the failed
logins and the answers kept for idempotency keys (SQLModel, STYLE.md habit 6).

Only the web app, the accounts' commands and what checks or names an account import them: the
command line's reads of a campaign (``gang show``, ``print roster``) never build these six
tables (issue #23: about a third of ``campaign/models.py``'s import, on every command that opens
the store; ``tests/test_cli_structure.py`` keeps them off those paths, benchmarks/imports.md).
Like the game tracker's tables (``campaign/game/tables.py``) they are migrated with the others,
and a check of every table (``campaign/books.py``) imports them.
"""

# No ``from __future__ import annotations``: SQLModel needs real annotations (see models.py).

from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field

import skirmish.campaign.models  # noqa: F401 - the tables these rows point at
from skirmish.campaign.models import AUTOINCREMENT, Table


class User(Table, table=True):
    """A club member's account (issue #11): a unique name (compared case-folded), an argon2
    hash of the password, and the epoch every session was opened at: a password change moves
    it on, and every older session ends."""

    __tablename__ = "user_account"  # "user" is a reserved word of PostgreSQL
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=80)
    folded: str = Field(max_length=80, unique=True)  # the name case-folded: one Wyatt, not two
    password_hash: str = Field(max_length=200)
    session_epoch: int = 0
    created_at: str = Field(max_length=32)
    #: 0012: the language the player chose on the web (``it``/``en``); ``None``: not chosen.
    lang: str | None = Field(default=None, max_length=8)


class WebSession(Table, table=True):
    """A server-side login session: the hash of its random token (the cookie holds the token),
    whose account, the account's epoch when it opened, when it was last seen and expires."""

    __tablename__ = "web_session"

    id: str = Field(primary_key=True, max_length=64)  # sha256 of the token, in hex
    user_id: int = Field(foreign_key="user_account.id", index=True)
    epoch: int
    created_at: str = Field(max_length=32)
    last_seen: str = Field(max_length=32)
    expires_at: str = Field(max_length=32)


class Membership(Table, table=True):
    """An account's role in a campaign: owner, arbitrator or player (``permissions``)."""

    __tablename__ = "membership"

    campaign_id: int = Field(foreign_key="campaign.id", primary_key=True)
    user_id: int = Field(foreign_key="user_account.id", primary_key=True, index=True)
    role: str = Field(max_length=16)


class Invitation(Table, table=True):
    """An invitation to a campaign with a role: a short code to type, a link token (kept as its
    hash), who made it, until when, and who used it (each is used once)."""

    __tablename__ = "invitation"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=16, unique=True)
    token_hash: str = Field(max_length=64, unique=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    role: str = Field(max_length=16)
    created_by: int | None = None  # None: the CLI; no foreign keys, as the log's ``author``
    created_at: str = Field(max_length=32)
    expires_at: str = Field(max_length=32)
    used_by: int | None = None
    used_at: str | None = Field(default=None, max_length=32)


class LoginFailure(Table, table=True):
    """One failed login, by the name tried (case-folded) and the client's address, for the
    throttle's sliding window (``accounts.check_password``)."""

    __tablename__ = "login_failure"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    folded: str = Field(max_length=80, index=True)
    address: str = Field(max_length=64, index=True)
    at: str = Field(max_length=32, index=True)


class RequestKey(Table, table=True):
    """Issue #12 (0009): the answer given to a client's idempotency key (``idempotency``), kept
    so a double tap or a retried request replays it instead of acting twice."""

    __tablename__ = "request_key"

    key: str = Field(primary_key=True, max_length=64)
    user_id: int | None = None  # no foreign key, as the log's ``author``
    route: str = Field(max_length=200)
    status: int
    body: Any = Field(default=None, sa_column=Column(JSON, nullable=False))
    created_at: str = Field(max_length=32, index=True)
