"""Who is reading (issue #11; split from ``site``, issue #23): the reader of a request
(``Viewer``), identified from the session cookie in a READ unit of work (``identify_in``) or in a
writing one when the session owes the store its write (``identify_writing``), by ``guard``
beforehand or by the route itself (``Pending``, ``identifies_reader``); and the writer's account
and campaigns as rows (``Viewer.actor`` in ``Site.write``'s unit of work)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import TypeVar, cast

from fastapi import Request
from sqlalchemy.engine import Engine
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign import accounts, readers, store
from skirmish.campaign.account_tables import Membership, User
from skirmish.campaign.models import CampaignLine
from skirmish.campaign.permissions import CLI, Account, Actor, visible_among

F = TypeVar("F")


@dataclass(frozen=True)
class Viewer:
    """Who is reading: a logged-in account (``user_id``, ``name``), or nobody; ``everyone`` in a
    store with no accounts at all (nobody could log in: the single-laptop case sees all)."""

    user_id: int | None = None
    name: str = ""
    accounts: bool = True
    #: The language the account chose (``User.lang``, issue #21); ``None``: not chosen.
    lang: str | None = None

    def actor(self, session: Session) -> Actor:
        """The actor ``permissions.may`` asks about, read in ``session``."""
        if not self.accounts:
            return CLI
        kept: Account | None = session.info.get(_ACCOUNT)
        if kept is not None and kept.id == self.user_id:
            return kept  # read as rows beside the reader's session (``identify_in``)
        if self.user_id is not None and _rows_for(session, self):
            return cast(Account, session.info[_ACCOUNT])  # a game's writer's (``writing_rows``)
        return session.get(User, self.user_id) if self.user_id is not None else None


#: The reader of the request being answered (set by ``guard``, read by the routes' lookups).
VIEWER: ContextVar[Viewer | None] = ContextVar("viewer", default=None)


def reader() -> Viewer:
    """This request's reader; nobody (a logged-out visitor) when ``guard`` has not said. A reader
    the route identifies itself (``Pending``) is identified now, if its route has not yet."""
    pending = PENDING.get()
    if pending is not None:
        return pending.viewer()
    return VIEWER.get() or Viewer()


def identify_in(session: Session, token: str | None, *, rows: bool = False) -> Viewer | None:
    """The reader of a session cookie, read in ``session`` (a READ unit of work: one statement
    for a live session, which reads the campaigns they may see beside it, kept for
    ``Site.campaigns``: issue #23); ``None`` when the session owes the store a write (touched
    at most once a minute, an ended one deleted: ``accounts.session_user``), which
    ``identify_writing`` makes. So reading pages takes no write lock (SQLite's ``BEGIN
    IMMEDIATE`` would queue every reader behind every other). ``rows``: the statement's
    rows (``readers.find_reader``), for ``Site.find_campaign_line``."""
    user: User | Account | None = None
    every: Sequence[tuple[CampaignLine, Membership | str | None]] | None = None
    due = False
    read = readers.find_reader(session, token) if rows else None
    if read is not None:
        user, due, every = read.account, read.due, read.campaigns
        session.info[_ACCOUNT] = user  # what ``Viewer.actor`` answers in this unit of work
    else:
        both = accounts.find_session_and_campaigns(session, token)
        found = both[0] if both else accounts.find_session(session, token) if token else None
        if found is not None:
            user, due, every = found.user, found.due, both[1] if both else None
    viewer: Viewer | None = None
    if user is not None and not due:
        viewer = Viewer(user_id=user.id, name=user.name, lang=user.lang)
    elif not due:
        none_yet = not readers.any_account(session)
        viewer = Viewer(accounts=False) if none_yet else Viewer()
    if viewer is not None and every is not None:
        # what this reader may see, from the same statement's rows (``Site.campaigns``)
        actor: Actor = user if viewer.user_id is not None else None
        seen = visible_among(actor if viewer.accounts else CLI, every)
        session.info[_VISIBLE] = (viewer, seen)
    return viewer


#: What ``identify_in`` keeps: (the reader, the campaigns they may see), their account as rows.
_VISIBLE, _ACCOUNT = "visible campaigns", "reader's account"
#: ``session.info``: the reader whose account a writer reads as rows (``writing_rows``).
_WRITER = "writer read as rows"


def writing_rows(session: Session, viewer: Viewer) -> None:
    """In this writing unit of work, ``viewer``'s account and the campaigns they may see are read
    as rows when first asked (``Viewer.actor``, ``kept_visible``), in one statement
    (``readers.find_writer``; issue #23, the action's unit of work's fifth round): for a writer
    that changes neither its reader's account, nor their memberships, nor a campaign's row, and
    only checks them (a game's actions). Read in its transaction, as the objects were: a role
    taken away counts at the next action."""
    session.info[_WRITER] = viewer


def _rows_for(session: Session, viewer: Viewer) -> bool:
    """Whether ``viewer``'s account (if any) and campaigns are now kept as rows in this unit of
    work: read by ``readers.find_writer`` if this is ``writing_rows``' writer and they have not
    been (``False``: not such a writer, an account not there, or a store with no campaign)."""
    if session.info.get(_WRITER) != viewer:
        return False
    kept = session.info.get(_VISIBLE)
    if kept is None or kept[0] != viewer:
        found = readers.find_writer(session, viewer.user_id if viewer.user_id is not None else -1)
        if found is None:
            return False
        account, every = found
        actor: Actor = CLI if not viewer.accounts else account
        session.info[_VISIBLE] = (viewer, visible_among(actor, every))
        if account is not None:
            session.info[_ACCOUNT] = account
    if viewer.user_id is None:
        return True
    kept_account: Account | None = session.info.get(_ACCOUNT)
    return kept_account is not None and kept_account.id == viewer.user_id


def kept_visible(session: Session, viewer: Viewer) -> list[CampaignLine] | None:
    """The campaigns ``viewer`` may see as this unit of work read them as rows (beside the
    reader's session, ``identify_in``; a writer's, ``writing_rows``), else ``None``."""
    _rows_for(session, viewer)
    kept = session.info.get(_VISIBLE)
    if kept is not None and kept[0] == viewer:
        return list(kept[1])
    return None


def identify_writing(engine: Engine, token: str | None) -> Viewer:
    """The reader of a session that owes the store its write, in a unit of work that makes it."""
    with store.transaction(engine, access=store.Access.GANG) as s:
        user = accounts.session_user(s, token) if token else None
        if user is None:
            return Viewer()
        return Viewer(user_id=user.id, name=user.name, lang=user.lang)


def identify(engine: Engine, token: str | None) -> Viewer:
    """The reader of a session cookie, in a unit of work of its own (``identify_in``), read as
    rows (``readers.find_reader``: issue #23, table mode's fifteenth round: ``guard``'s reader
    of every POST, each table-mode change's, was read as the ORM's four objects a campaign,
    about half of that hop's processor time; the same statement, the same reader)."""
    with store.transaction(engine, access=store.Access.READ) as s:
        found = identify_in(s, token, rows=True)
    return found if found is not None else identify_writing(engine, token)


def keep_language(engine: Engine, viewer: Viewer, chosen: str) -> Viewer:
    """The reader's account keeps the language they chose (issue #21), in a unit of work of its
    own (a page's switch is a GET: the page itself only reads)."""
    with store.transaction(engine, access=store.Access.GANG) as s:
        user = s.get(User, viewer.user_id)
        if user is not None:
            accounts.set_language(s, user, chosen)
    return replace(viewer, lang=chosen)


#: The attribute that marks a route which identifies its reader itself (``identifies_reader``).
IDENTIFIES = "identifies_reader"
#: The attribute that marks a POST route whose writing unit of work identifies its reader
#: (``identifies_writer``).
IDENTIFIES_WRITER = "identifies_writer"


def identifies_reader(route: F) -> F:
    """Mark a reading route (GET) that identifies its reader in its own READ unit of work
    (``Site.read``), in the same worker thread and the same transaction as it reads the page
    (issue #23), instead of ``guard`` doing it beforehand in a hop and a transaction of its own.
    Such a route asks for the page's language (``pick_lang``) and the reader (``reader``) only
    inside ``site.read()``, never through ``LangDep`` or ``ReaderDep``: on the event loop an
    unidentified reader is refused (``Pending.viewer``), never guessed."""
    setattr(route, IDENTIFIES, True)
    return route


def identifies_writer(route: F) -> F:
    """Mark a POST route whose writing unit of work (``Site.write``) identifies its reader, in
    the same worker thread and the same transaction as its change (issue #23, the action's unit
    of work's seventh round: a table-mode change identified its reader in a hop and a READ
    transaction of their own beforehand). ``guard`` still checks the CSRF token first, on the
    event loop, and refuses before anything is read or written. Such a route asks for the
    reader's language (``pick_lang``) and the reader (``reader``) only once its unit of work has
    identified them, or after ``settle`` (a refusal before its unit of work): on the event loop
    an unidentified reader is refused (``Pending.viewer``), never guessed. Its reader's choice
    of language is never kept on their account (a POST writes its action and nothing else)."""
    setattr(route, IDENTIFIES_WRITER, True)
    return route


@dataclass
class Pending:
    """The reader of a request whose route identifies them (``identifies_reader``): the
    session's token, found the first time it is asked (``Site.read``, in the route's unit of
    work; else ``viewer``, in a unit of work of its own), and kept for the rest of the request
    (its errors' pages too). ``lang_cookie``: the language a visitor chose before logging in,
    which an account that has none keeps (as ``guard`` does); ``None`` for a POST
    (``identifies_writer``), which keeps nothing but its change."""

    engine: Engine
    token: str | None
    lang_cookie: str | None
    found: Viewer | None = None

    def settle(self, viewer: Viewer) -> Viewer:
        """The reader is ``viewer``, for the rest of the request."""
        self.found = viewer
        VIEWER.set(viewer)
        return viewer

    def keep(self) -> None:
        """An account with no language keeps the one the cookie says (in a unit of work of its
        own, once the route's READ one is over; the page's words are the cookie's either way,
        ``pick_lang``)."""
        viewer, chosen = self.found, self.lang_cookie
        if viewer is None or viewer.user_id is None or viewer.lang is not None:
            return
        if chosen in ("it", "en"):
            assert chosen is not None
            self.settle(keep_language(self.engine, viewer, chosen))

    def viewer(self) -> Viewer:
        """The reader, identified now in a unit of work of its own if nobody has yet; never on
        the event loop (a blocking read there would stall every other request)."""
        if self.found is not None:
            return self.found
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            viewer = self.settle(identify(self.engine, self.token))
            self.keep()
            return self.found or viewer
        raise RuntimeError("a route marked identifies_reader asked for its reader too early")


#: The request's reader when its route identifies them itself (set by ``guard``).
PENDING: ContextVar[Pending | None] = ContextVar("pending", default=None)


def viewer_of(request: Request) -> Viewer | None:
    """The reader ``guard`` found for ``request``, or its route did (``Pending``); ``None``: no
    route answered (``guard`` did not run)."""
    found: Viewer | None = getattr(request.state, "viewer", None)
    if found is None:
        pending: Pending | None = getattr(request.state, "pending", None)
        if pending is not None:
            found = pending.viewer()
    return found


async def settle(request: Request) -> None:
    """Identify the reader of a request whose route has not (it failed before ``Site.read``),
    in a worker thread: what an error's page does before it says who is reading."""
    pending: Pending | None = getattr(request.state, "pending", None)
    if pending is not None and pending.found is None:
        await run_in_threadpool(pending.viewer)
