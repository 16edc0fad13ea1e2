"""The reader of a page as rows (issue #23): a session cookie's account, its roles and every
campaign of the store, read in one statement by Core (``find_reader``), where
``accounts.find_session_and_campaigns`` loads the same as four objects a campaign. The
permission rules read the account as they read a ``User`` (``permissions.Account``). Several
readers identified in one READ unit of work (a game's streams built together) are read in one
statement (``find_readers``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from sqlalchemy import Integer, String, and_, bindparam
from sqlalchemy import select as select_columns
from sqlalchemy.sql import visitors
from sqlalchemy.sql.elements import BinaryExpression, BindParameter, ClauseElement
from sqlmodel import Session, col

from skirmish.campaign import accounts, store
from skirmish.campaign.account_tables import Membership, User, WebSession
from skirmish.campaign.models import Campaign, CampaignLine
from skirmish.campaign.permissions import Account


@dataclass(frozen=True)
class Reader:
    """What a session cookie's token reads as in a READ unit of work, from rows (issue #23: not
    four objects a campaign): the live session's account as the permission rules read it
    (``permissions.Account``, its roles in it; ``None``: no live session), whether the store
    owes the session a write (``Found.due``), and every campaign of the store (oldest first)
    beside that account's role in it."""

    account: Account | None
    due: bool
    campaigns: list[tuple[CampaignLine, str | None]]


def find_reader(session: Session, token: str | None) -> Reader | None:
    """``find_session_and_campaigns`` as rows of columns (``store.column_rows``): the reader's
    account, roles and session and every campaign in one statement run by Core (issue #23: the
    ORM's four entities a row cost three to four times the same statement's rows). ``None``
    when the store has no campaign (no row to carry the session's): ask ``find_session``."""
    digest = accounts.token_digest(token)
    rows = session.info.get(_TOGETHER, {}).get(digest) if digest else None
    if rows is None:  # not read beforehand with others (``find_readers``)
        rows = store.column_rows(session, _reader_query(), {"digest": digest})
    if not rows:
        return None
    first = rows[0]
    live, due = False, False
    if first.epoch is not None:  # the token's session is there
        live, due = accounts.session_standing(
            first.epoch, first.expires_at, first.last_seen, first.user_epoch
        )
    session.info[_CAMPAIGNS] = {row.id: row for row in rows}
    account = None
    if live:
        roles = {row.id: row.role for row in rows if row.role is not None}
        account = Account(first.user_id, first.user_name, first.user_lang, roles)
    return Reader(account, due, [(row, row.role if live else None) for row in rows])


#: ``session.info``: the campaigns ``find_reader`` read in this unit of work, by id.
_CAMPAIGNS = "reader's campaigns"
#: ``session.info``: the rows ``find_readers`` read for several sessions, by their digest.
_TOGETHER = "readers read together"


def find_readers(session: Session, tokens: Iterable[str | None], *, sealed: bool = False) -> None:
    """Read the readers of several session tokens in ONE statement, kept for ``find_reader``
    in this READ unit of work (issue #23, table mode's fourteenth round: a game's streams built
    together identified each reader with a statement of its own). Each token's rows are those
    ``find_reader``'s own statement reads for it: the same joins, the session's condition
    ``= :digest`` become ``IN (:digest_0, …)``, so that each campaign's row is repeated once per
    session found, beside that session's account and role; a READ unit of work reads one
    snapshot, so a row read now is the row ``find_reader`` would read later in it. A token
    whose session is not there (none, ended and deleted) has no row of its own here: it is read
    by ``find_reader``'s statement, as before. Nothing outside a READ unit of work (a writer's
    rows may change under it), unless ``sealed``: a writer that has done its action and writes
    nothing more (its streams' states, issue #23, table mode's sixteenth round; it changes no
    session, account nor membership, and its own reads of them come from the same transaction);
    nor for fewer than two sessions (one statement either way)."""
    if session.info.get("access") != store.Access.READ and not sealed:
        return
    digests = list(dict.fromkeys(d for d in map(accounts.token_digest, tokens) if d))
    if len(digests) < 2:
        return
    kept: dict[str, list[Any]] = session.info.setdefault(_TOGETHER, {})
    given = {f"digest_{at}": digest for at, digest in enumerate(digests)}
    for row in store.column_rows(session, _readers_query(len(digests)), given):
        if row.digest is not None:  # a campaign's row when no session was found
            kept.setdefault(row.digest, []).append(row)


def find_writer(
    session: Session, user_id: int
) -> tuple[Account | None, list[tuple[CampaignLine, str | None]]] | None:
    """A writer's account ``user_id`` (identified beforehand: ``guard``), its roles and every
    campaign of the store beside its role, as rows of one statement run by Core (issue #23,
    the action's unit of work's fifth round: a game's writer read the account and the
    campaigns it may see as objects, two statements and their entities, though it changes
    neither; the rules check them). Read in the writer's transaction, so a role taken away
    counts at the next action, as before. Kept for ``campaign_of``, like ``find_reader``'s.
    The account is ``None`` when it is not there (deleted); ``None`` altogether when the
    store has no campaign (no row to carry the account's): ask for the objects."""
    rows = store.column_rows(session, _writer_query(), {"user": user_id})
    if not rows:
        return None
    first = rows[0]
    session.info[_CAMPAIGNS] = {row.id: row for row in rows}
    account = None
    if first.user_id is not None:
        roles = {row.id: row.role for row in rows if row.role is not None}
        account = Account(first.user_id, first.user_name, first.user_lang, roles)
    return account, [(row, row.role if account is not None else None) for row in rows]


@cache
def _writer_query() -> Any:
    """``find_writer``'s statement, built once: every campaign (oldest first), the account
    ``user`` beside each and its membership in it, as the columns ``_reader_query`` reads."""
    user = bindparam("user", type_=Integer)
    return (
        select_columns(
            *_campaign_columns(),
            col(User.id).label("user_id"),
            col(User.name).label("user_name"),
            col(User.lang).label("user_lang"),
        )
        .select_from(Campaign)
        .outerjoin(User, col(User.id) == user)
        .outerjoin(
            Membership,
            and_(
                col(Membership.campaign_id) == col(Campaign.id),
                col(Membership.user_id) == col(User.id),
            ),
        )
        .order_by(col(Campaign.id))
    )


def campaign_of(session: Session, campaign_id: int) -> CampaignLine | None:
    """The campaign ``campaign_id`` as ``find_reader`` read it in this unit of work (a row), else
    the object (``None``: no such campaign): what the game permissions read (issue #23)."""
    kept = session.info.get(_CAMPAIGNS)
    if kept is not None and campaign_id in kept:
        return cast(CampaignLine, kept[campaign_id])
    return session.get(Campaign, campaign_id)


def any_account(session: Session) -> bool:
    """Whether the store has any account (none: a club without accounts, whose pages offer no
    login), asked by a statement built once and run by Core (issue #23: a signed-out reader's
    every page asks it)."""
    return bool(store.column_rows(session, _any_account_query()))


@cache
def _any_account_query() -> Any:
    return select_columns(col(User.id)).limit(1)


def _campaign_columns() -> tuple[Any, ...]:
    """The columns of a campaign's row as the rules and pages read it (``CampaignLine``), and
    the reader's role in it: what ``find_reader``'s and ``find_writer``'s statements share."""
    return (
        col(Campaign.id),
        col(Campaign.name),
        col(Campaign.explosives),
        col(Campaign.created_at),
        col(Campaign.public),
        col(Campaign.web_address),
        col(Membership.role),
    )


@cache
def _reader_query() -> Any:
    """``find_reader``'s statement, built once: ``accounts.session_campaigns_query``'s (its
    joins, its order), as the columns a reader's rules and pages read."""
    return accounts.session_campaigns_query().with_only_columns(
        *_campaign_columns(),
        col(WebSession.epoch),
        col(WebSession.expires_at),
        col(WebSession.last_seen),
        col(User.id).label("user_id"),
        col(User.name).label("user_name"),
        col(User.lang).label("user_lang"),
        col(User.session_epoch).label("user_epoch"),
    )


@cache
def _readers_query(several: int) -> Any:
    """``find_readers``' statement for ``several`` sessions, built once from ``find_reader``'s:
    its session's condition (``web_session.id = :digest``) becomes ``web_session.id IN
    (:digest_0, …)``, and each row says its session's digest. (Parameters of their own, not
    one expanded list: an expanded list's statement is written out again at each run.)"""
    digests = [bindparam(f"digest_{at}", type_=String) for at in range(several)]

    def among(element: Any, **kw: Any) -> ClauseElement | None:
        if (
            isinstance(element, BinaryExpression)
            and isinstance(element.right, BindParameter)
            and element.right.key == "digest"
        ):
            return element.left.in_(digests)
        return None

    opts: dict[str, Any] = {}
    statement: Any = visitors.replacement_traverse(_reader_query(), opts, among)
    return statement.add_columns(col(WebSession.id).label("digest"))
