"""Several readers identified in one statement (issue #23, table mode's fourteenth round:
``readers.find_readers``, which the shared build of a game's streams runs before it identifies
each reader): every token's reader, read after it in the same READ unit of work, is the reader
its own statement reads (the same account, standing and campaigns, row for row, in order), on
SQLite and on PostgreSQL; a token whose session is not there is read by its own statement, as
before; nothing is read beforehand outside a READ unit of work."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, update
from sqlalchemy.engine import Engine
from sqlmodel import col

from skirmish.campaign import accounts, gangs, readers, store
from skirmish.campaign.account_tables import WebSession
from skirmish.campaign.permissions import Role

PASSWORD = "two readers, one statement"


def _club(engine: Engine) -> dict[str, str | None]:
    """Two campaigns, three accounts in various roles, and the tokens to read: live ones (two
    of one account, one opened after a password change ended the account's others), one
    expired (still there), one logged out (gone), one owed a write (last seen long ago), an
    unknown token and none."""
    with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
        first = gangs.new_campaign(s, name="Tombstone 1881", use=False)
        other = gangs.new_campaign(s, name="Deadwood 1876", use=False)
        accounts.set_public(s, other, False)
        users = {name: accounts.add_user(s, name, PASSWORD) for name in ("wyatt", "ike", "doc")}
        accounts.set_role(s, first, users["wyatt"], Role.OWNER)
        accounts.set_role(s, first, users["ike"], Role.PLAYER)
        accounts.set_role(s, other, users["ike"], Role.ARBITRATOR)
        opened = {
            name: accounts.open_session(s, users[key]).token
            for name, key in (
                ("wyatt", "wyatt"),
                ("wyatt again", "wyatt"),
                ("ike", "ike"),
                ("doc", "doc"),
                ("doc before", "doc"),
                ("expired", "wyatt"),
                ("logged out", "ike"),
                ("owed", "ike"),
            )
        }
    with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
        accounts.set_password(s, "doc", PASSWORD + " changed")  # "doc before" ends
        doc = accounts.find_user(s, "doc")
        doc_now = accounts.open_session(s, doc).token
        accounts.end_session(s, opened["logged out"])
        for name, column in (("owed", "last_seen"), ("expired", "expires_at")):
            digest = accounts.token_digest(opened[name])
            old = {column: "2020-01-01T00:00:00Z"}
            s.execute(update(WebSession).where(col(WebSession.id) == digest).values(**old))
    tokens: dict[str, str | None] = dict(opened)
    tokens["doc"] = doc_now
    return {**tokens, "unknown": "no such token", "none": None}


def _seen(reader: readers.Reader | None) -> Any:
    """What a reader is: its account, its standing, and each campaign's columns and role."""
    if reader is None:
        return None
    rows = [
        ({k: v for k, v in row._mapping.items() if k != "digest"}, role)
        for row, role in reader.campaigns
    ]
    account = reader.account
    said = (
        None if account is None else (account.id, account.name, account.lang, dict(account.roles))
    )
    return said, reader.due, rows


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(
    request: pytest.FixtureRequest, sqlite_template: Path, tmp_path: Path
) -> Iterator[Engine]:
    if request.param == "sqlite":
        path = tmp_path / "campaigns.db"
        path.write_bytes(sqlite_template.read_bytes())
        url = str(path)
    else:
        request.applymarker(pytest.mark.postgres)
        url = request.getfixturevalue("postgres_migrated_database")
    made = store.open_store(url, access=store.Access.CAMPAIGN, create=False)
    try:
        yield made
    finally:
        made.dispose()


def _counted(engine: Engine) -> tuple[list[str], Callable[[], None]]:
    sent: list[str] = []

    def seen(*args: Any) -> None:
        sent.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", seen)
    return sent, lambda: event.remove(engine, "before_cursor_execute", seen)


def test_several_readers_read_together_are_each_read_alone(engine: Engine) -> None:
    tokens = _club(engine)
    alone = {}
    for name, token in tokens.items():
        with store.transaction(engine, access=store.Access.READ) as s:
            alone[name] = _seen(readers.find_reader(s, token))
    assert alone["wyatt"][0][3] and alone["owed"][1] is True  # the club is as meant
    assert alone["logged out"][0] is None and alone["doc before"][0] is None
    assert alone["doc"][0] is not None and alone["unknown"][0] is None
    assert alone["expired"][0] is None and alone["expired"][2]  # every campaign, beside none
    sent, stop = _counted(engine)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            readers.find_readers(s, [*tokens.values(), tokens["ike"]])  # ike twice
            before = len(sent)
            together = {
                name: _seen(readers.find_reader(s, token)) for name, token in tokens.items()
            }
            after = sent[before:]
    finally:
        stop()
    assert together == alone
    reading = [q for q in sent if "web_session" in q]
    # one statement for every session that is there (wyatt's two, ike's, doc's, the expired
    # one, the one owed a write); those that are not (logged out or ended by the password's
    # change: deleted, unknown, none) each read by their own statement, as before
    assert "IN (" in reading[0] and len(reading) == 5, reading
    assert len([q for q in after if "web_session" in q]) == 4


def test_nothing_is_read_beforehand_outside_a_read_unit_of_work(engine: Engine) -> None:
    tokens = _club(engine)
    sent, stop = _counted(engine)
    try:
        with store.transaction(engine, access=store.Access.GANG) as s:
            readers.find_readers(s, [tokens["wyatt"], tokens["ike"]])
            assert not [q for q in sent if "web_session" in q]
            assert _seen(readers.find_reader(s, tokens["ike"]))[0] is not None
        with store.transaction(engine, access=store.Access.READ) as s:
            readers.find_readers(s, [tokens["wyatt"], tokens["wyatt"]])  # one session: alone
            assert len([q for q in sent if "web_session" in q]) == 1
    finally:
        stop()
