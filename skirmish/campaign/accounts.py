"""The club's accounts (issue #11): users and passwords, server-side sessions, roles in
campaigns, invitations, gang owners and the login throttle. The web app and the CLI (the local
administrator) call these same services, each inside one unit of work (``store.transaction``).

- Passwords are hashed with argon2id (argon2-cffi's ``PasswordHasher``, its default costs); a
  hash made with older costs is renewed at the next good login.
- A session is a random token (the cookie); the store keeps only its SHA-256 (``WebSession.id``),
  so a copy of the database opens no session. A session lasts ``SESSION_IDLE`` after it was last
  seen and never more than ``SESSION_MAX`` after it opened. A password change moves the user's
  ``session_epoch`` on and deletes their sessions: every one of them ends.
- An invitation has a short code to type (``CODE_LENGTH`` characters of ``CODE_ALPHABET``, shown
  as ``ABCD-EFGH``) and a link token (``/join/TOKEN``, kept as its hash); either is used once.
- The throttle (``check_password``): after ``NAME_FAILURES`` failed logins for one name, or
  ``ADDRESS_FAILURES`` from one client address, within ``WINDOW``, that name or address is
  refused until the oldest failure leaves the window. docs/accounts.md has the reasons.
- Invitation codes are throttled the same way (``check_invitation``): after
  ``INVITATION_FAILURES`` codes or links that name no invitation, from one client address within
  ``WINDOW``, that address is refused before any code is looked up (issue #22).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING, Any, Final, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Integer, String, and_, bindparam, delete, func
from sqlmodel import Session, col, select

from skirmish.campaign import logbook, naming
from skirmish.campaign.account_tables import Invitation, LoginFailure, Membership, User, WebSession
from skirmish.campaign.links import join_path
from skirmish.campaign.models import Campaign, CampaignLine, Gang
from skirmish.campaign.permissions import RANK, Role, role_word
from skirmish.errors import CampaignError, SkirmishError
from skirmish.limits import INVITE_DAYS, PASSWORD_LENGTH, bad_character, clean_name
from skirmish.translation import Both, Message

if TYPE_CHECKING:
    import sqlalchemy
    from argon2 import PasswordHasher
    from sqlmodel.sql.expression import Select

#: A session ends this long after it was last seen…
SESSION_IDLE: Final = timedelta(days=14)
#: …and this long after it opened, however often it is used.
SESSION_MAX: Final = timedelta(days=90)
#: A session's ``last_seen`` is written at most this often (a page view is not a write).
TOUCH_EVERY: Final = timedelta(minutes=1)
#: Failed logins allowed within ``WINDOW`` for one name, and from one address.
NAME_FAILURES: Final = 5
ADDRESS_FAILURES: Final = 20
WINDOW: Final = timedelta(minutes=15)
#: Invitation codes: no 0/O, 1/I/L, so they read aloud and type on a phone without doubt.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 8
#: How long an invitation stays good by default (``campaign invite --expires-days``).
INVITE_DEFAULT_DAYS: Final = 7
#: Names no account may have: the words that mean nobody on the command line (``cli.members``).
RESERVED: Final = frozenset(("none", "nessuno", "nobody"))
#: A client address as stored (IPv6 with a zone fits).
ADDRESS_LENGTH: Final = 64
#: Unknown invitation codes or links allowed within ``WINDOW`` from one client address.
INVITATION_FAILURES: Final = 10
#: What a failed invitation code is recorded under in ``LoginFailure.folded``: no folded name
#: starts with a space (``limits.clean_name`` strips it), so no account's logins count it.
GUESSED_CODE: Final = " invitation"

_hasher: PasswordHasher | None = None
_Q = TypeVar("_Q", bound="sqlalchemy.Select[Any]")


def hasher() -> PasswordHasher:
    """The argon2id hasher, made on first use (argon2 stays out of the dice commands)."""
    global _hasher
    if _hasher is None:
        _hasher = PasswordHasher()
    return _hasher


def _now() -> datetime:
    return logbook.clock().astimezone(UTC)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _moment(stamp: str) -> datetime:
    if len(stamp) == 20 and stamp[10] == "T" and stamp.endswith("Z"):
        # ``_stamp``'s own form, read without ``strptime`` (a tenth of identifying the reader of
        # every page, issue #23); the same moment, in UTC
        return datetime.fromisoformat(stamp)
    return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def token_digest(token: str | None) -> str:
    """The digest a session is looked up by (none, ``""``, for no token or one too long)."""
    return _digest(token) if token and len(token) <= 200 else ""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- users


def fold(name: str) -> str:
    """A user name as compared: cleaned (``limits.clean_name``) and case-folded."""
    return clean_name(name, "user").casefold()


def _check_password_text(password: str) -> str:
    PASSWORD_LENGTH.check(len(password))
    if bad_character(password) is not None or password.strip() != password:
        raise CampaignError(
            Message(
                "a password may not begin or end with a space nor contain control "
                "characters; choose another."
            )
        )
    return password


def find_user(session: Session, name: str) -> User:
    """The account called ``name`` (any case); else a bilingual error."""
    found = session.exec(select(User).where(User.folded == fold(name))).first()
    if found is None:
        raise CampaignError(
            Message(
                "no user called {name!r}; {on_command_line_skirmish_user} shows them.",
                name=name,
                on_command_line_skirmish_user=Message("⟪'skirmish user list'¦the list of users⟫"),
            )
        )
    return found


def add_user(session: Session, name: str, password: str) -> User:
    """A new account; names are unique whatever their case."""
    cleaned = clean_name(name, "user")
    folded = cleaned.casefold()
    if folded in RESERVED:
        raise CampaignError(
            Message(
                "{cleaned!r} means nobody to 'gang owner' and 'campaign role'; choose "
                "another name.",
                cleaned=cleaned,
            )
        )
    taken = session.exec(select(User).where(User.folded == folded)).first()
    if taken is not None:
        raise CampaignError(
            Message(
                "there is already a user called {taken_name!r}; choose another name.",
                taken_name=taken.name,
            )
        )
    users = session.exec(select(User.name)).all()
    naming.refuse_look_alike(naming.USER, cleaned, users)
    user = User(
        name=cleaned,
        folded=folded,
        password_hash=hasher().hash(_check_password_text(password)),
        created_at=_stamp(_now()),
    )
    session.add(user)
    session.flush()
    return user


def set_password(session: Session, name: str, password: str) -> tuple[User, int]:
    """Change a password: every session of the user ends (``session_epoch`` moves on). The
    user, and how many sessions ended."""
    user = find_user(session, name)
    user.password_hash = hasher().hash(_check_password_text(password))
    user.session_epoch += 1
    session.add(user)
    return user, end_all_sessions(session, user)


def list_users(session: Session) -> list[User]:
    """Every account, by name."""
    return list(session.exec(select(User).order_by(col(User.folded))).all())


def owned_gangs(session: Session, user: User) -> list[Gang]:
    """The gangs ``user`` looks after, in every campaign."""
    return list(session.exec(select(Gang).where(Gang.owner_id == user.id).order_by(col(Gang.id))))


def remove_user(session: Session, name: str, *, force: bool = False) -> User:
    """Remove an account with its sessions and roles. A user who owns gangs is kept unless
    ``force``, which leaves their gangs without an owner; log entries keep naming them
    (``author`` has no foreign key and ids are never reused)."""
    user = find_user(session, name)
    gangs = owned_gangs(session, user)
    if gangs and not force:
        names = ", ".join(repr(g.name) for g in gangs)
        raise CampaignError(
            Message(
                "{user_name!r} owns {names}: give those gangs to someone "
                "else{on_command_line_with_skirmish}, or remove the "
                "user{on_command_line_with_force_any} to leave them without an owner. "
                "Nothing was changed.",
                user_name=user.name,
                names=names,
                on_command_line_with_skirmish=Message("⟪ with 'skirmish gang owner'¦⟫"),
                on_command_line_with_force_any=Message("⟪ with --force¦ anyway⟫"),
            )
        )
    for gang in gangs:
        gang.owner_id = None
        session.add(gang)
    session.flush()
    session.execute(delete(Membership).where(col(Membership.user_id) == user.id))
    end_all_sessions(session, user)
    session.delete(user)
    session.flush()
    return user


def user_names(session: Session, ids: set[int]) -> dict[int, str]:
    """The names of the accounts ``ids`` (a removed account is missing)."""
    if not ids:
        return {}
    rows = session.exec(select(User.id, User.name).where(col(User.id).in_(ids))).all()
    return {row[0]: row[1] for row in rows if row[0] is not None}


def user_ids(session: Session, names: set[str]) -> dict[str, int]:
    """The ids of the accounts called ``names``, by folded name (unknown names are missing)."""
    folded = {fold(name) for name in names}
    if not folded:
        return {}
    rows = session.exec(select(User.folded, User.id).where(col(User.folded).in_(folded))).all()
    return {row[0]: row[1] for row in rows if row[1] is not None}


# --------------------------------------------------------------------------- sessions


@dataclass(frozen=True)
class Opened:
    """A new session: its token (the cookie's value, shown once) and its row."""

    token: str
    row: WebSession


def open_session(session: Session, user: User) -> Opened:
    """A new session for ``user`` (after ``check_password``)."""
    assert user.id is not None
    token = secrets.token_urlsafe(32)
    now = _now()
    row = WebSession(
        id=_digest(token),
        user_id=user.id,
        epoch=user.session_epoch,
        created_at=_stamp(now),
        last_seen=_stamp(now),
        expires_at=_stamp(min(now + SESSION_IDLE, now + SESSION_MAX)),
    )
    session.add(row)
    session.flush()
    return Opened(token, row)


#: The languages an account may keep (``i18n.Lang``'s values; the campaign layer reads no web).
LANGUAGES = ("it", "en")


def set_language(session: Session, user: User, lang: str) -> User:
    """Remember ``lang`` as the language ``user`` reads the web app in (issue #21)."""
    if lang not in LANGUAGES:
        raise CampaignError(Message("unknown language {lang!r}", lang=lang))
    user.lang = lang
    session.add(user)
    session.flush()
    return user


@dataclass(frozen=True)
class Found:
    """What a session cookie's token reads as, without writing: its row and user (``None``:
    no such session, or it has ended) and whether the store owes it a write (an ended row to
    delete, or ``last_seen`` to touch): then ``session_user``, in a writing unit of work."""

    row: WebSession | None
    user: User | None
    due: bool


def find_session(session: Session, token: str) -> Found:
    """The session ``token`` as it stands (one query; nothing written, so a READ unit of work
    may ask): the user of a live one, and whether ``session_user`` has a write to make."""
    if not token or len(token) > 200:
        return Found(None, None, due=False)
    found = session.exec(_session_query(), params={"digest": _digest(token)}).first()
    if found is None:
        return Found(None, None, due=False)
    return _found(*found)


def _found(row: WebSession | None, user: User | None) -> Found:
    """What a session's row and its user's (as the store holds them) read as (``Found``)."""
    if row is None:
        return Found(None, None, due=False)
    epoch = user.session_epoch if user else None
    live, due = session_standing(row.epoch, row.expires_at, row.last_seen, epoch)
    return Found(row, user if live else None, due=due)


def session_standing(
    epoch: int, expires_at: str, last_seen: str, user_epoch: int | None
) -> tuple[bool, bool]:
    """Whether a session of an account at ``user_epoch`` (``None``: none) is live, and whether
    the store owes it a write (an ended one deleted, a live one touched: ``session_user``)."""
    now = _now()
    if user_epoch is None or epoch != user_epoch or _moment(expires_at) <= now:
        return False, True
    return True, now - _moment(last_seen) >= TOUCH_EVERY


def find_session_and_campaigns(
    session: Session, token: str | None
) -> tuple[Found, list[tuple[Campaign, Membership | None]]] | None:
    """``find_session`` and every campaign of the store beside the session's user's membership
    in it (the rows ``permissions.visible_among`` filters), in one statement (issue #23: the
    reader and what they may see in one round trip, not two). ``None`` when the store has no
    campaign (no row to carry the session's): ask ``find_session``. The memberships are those
    of the session's user as the store holds it: of a session that has ended (``Found.user``
    ``None``) they are no one's, and are left out (``None``)."""
    rows = session.exec(session_campaigns_query(), params={"digest": token_digest(token)}).all()
    if not rows:
        return None
    found = _found(rows[0][2], rows[0][3])
    live = found.user is not None
    return found, [(campaign, member if live else None) for campaign, member, _, _ in rows]


@cache
def session_campaigns_query() -> Select[Campaign, Membership, WebSession, User]:
    """``find_session_and_campaigns``' statement, built once: every campaign (oldest first),
    the session ``digest`` and its user beside each, and that user's membership in it."""
    return (
        select(Campaign, Membership, WebSession, User)
        .select_from(Campaign)
        .outerjoin(WebSession, col(WebSession.id) == bindparam("digest", type_=String))
        .outerjoin(User, col(User.id) == col(WebSession.user_id))
        .outerjoin(
            Membership,
            and_(
                col(Membership.campaign_id) == col(Campaign.id),
                col(Membership.user_id) == col(User.id),
            ),
        )
        .order_by(col(Campaign.id))
    )


@cache
def _session_query() -> Select[WebSession, User]:
    """``find_session``'s statement, built once (every page asks it: issue #23)."""
    return (
        select(WebSession, User)
        .join(User, col(User.id) == col(WebSession.user_id), isouter=True)
        .where(col(WebSession.id) == bindparam("digest", type_=String))
    )


def session_user(session: Session, token: str) -> User | None:
    """The user of the session ``token``, or ``None`` when there is none or it has ended
    (expired, logged out, or from before a password change). A live session is touched:
    seen now, and good for ``SESSION_IDLE`` more (never past ``SESSION_MAX``)."""
    found = find_session(session, token)
    row, user = found.row, found.user
    if row is None:
        return None
    if user is None:
        session.delete(row)
        session.flush()
        return None
    if found.due:
        now = _now()
        row.last_seen = _stamp(now)
        row.expires_at = _stamp(min(now + SESSION_IDLE, _moment(row.created_at) + SESSION_MAX))
        session.add(row)
        session.flush()
    return user


def end_session(session: Session, token: str) -> bool:
    """Log out: the session ``token`` ends. Whether there was one."""
    result = session.execute(delete(WebSession).where(col(WebSession.id) == _digest(token)))
    return bool(getattr(result, "rowcount", 0))


def end_all_sessions(session: Session, user: User) -> int:
    """Every session of ``user`` ends; how many there were."""
    result = session.execute(delete(WebSession).where(col(WebSession.user_id) == user.id))
    session.flush()
    return int(getattr(result, "rowcount", 0))


# --------------------------------------------------------------------------- throttle


def _failures(session: Session, column: str, value: str, since: str) -> int:
    field = col(LoginFailure.folded) if column == "folded" else col(LoginFailure.address)
    query = select(func.count()).select_from(LoginFailure)
    query = query.where(field == value, col(LoginFailure.at) > since)
    return int(session.exec(query).one())


class LoginThrottled(CampaignError):
    """A login refused without checking the password: too many failures lately (the web app
    answers it with 429)."""


def check_password(session: Session, name: str, password: str, address: str) -> User:
    """Log in: the user, if ``password`` is theirs and neither the name nor the client
    ``address`` has failed too often lately; else a bilingual refusal that does not say which
    of name and password was wrong.

    A failure is committed before the refusal (the refusal rolls the unit of work back, and
    the throttle must remember it): call this in a unit of work of its own."""
    now = _now()
    since = _stamp(now - WINDOW)
    address = address[:ADDRESS_LENGTH]
    try:
        folded = fold(name)
    except SkirmishError:  # a name no account can have: a wrong name like any other
        folded = ""
    minutes = int(WINDOW.total_seconds() // 60)
    if (folded and _failures(session, "folded", folded, since) >= NAME_FAILURES) or (
        _failures(session, "address", address, since) >= ADDRESS_FAILURES
    ):
        raise LoginThrottled(
            Message(
                "too many failed logins: wait {minutes} minutes and try again.", minutes=minutes
            )
        )
    user = session.exec(select(User).where(User.folded == folded)).first() if folded else None
    if user is not None and _verify(user, password):
        session.execute(delete(LoginFailure).where(col(LoginFailure.folded) == folded))
        if hasher().check_needs_rehash(user.password_hash):
            user.password_hash = hasher().hash(password)
            session.add(user)
        session.flush()
        return user
    if user is None:
        _verify(None, password)  # the same time whether the name exists or not
    session.add(LoginFailure(folded=folded[:80], address=address, at=_stamp(now)))
    session.commit()
    raise CampaignError(Message("wrong name or password."))


_DUMMY: list[str] = []


def _verify(user: User | None, password: str) -> bool:
    if user is None:
        if not _DUMMY:
            _DUMMY.append(hasher().hash("not a password of anyone"))
        target = _DUMMY[0]
    else:
        target = user.password_hash
    try:
        return bool(hasher().verify(target, password)) and user is not None
    except (VerificationError, InvalidHashError):
        return False


def forget_failures(session: Session, *, before: datetime | None = None) -> int:
    """Delete failed logins older than the throttle's window (housekeeping)."""
    limit = _stamp(before or (_now() - WINDOW))
    result = session.execute(delete(LoginFailure).where(col(LoginFailure.at) <= limit))
    return int(getattr(result, "rowcount", 0))


# --------------------------------------------------------------------------- campaigns


def set_public(session: Session, campaign: Campaign, public: bool) -> Campaign:
    """Make a campaign readable by everyone (``True``) or by its members only."""
    campaign.public = public
    session.add(campaign)
    session.flush()
    return campaign


def members(session: Session, campaign: Campaign) -> list[tuple[User, Role]]:
    """The campaign's members with their roles: owners first, then by name."""
    rows = session.exec(
        select(User, Membership.role)
        .join(Membership, col(Membership.user_id) == col(User.id))
        .where(Membership.campaign_id == campaign.id)
    ).all()
    pairs = [(user, Role(role)) for user, role in rows]
    return sorted(pairs, key=lambda pair: (-RANK[pair[1]], pair[0].folded))


def role_of(session: Session, campaign: Campaign, user: User) -> Role | None:
    """``user``'s role in ``campaign``, if any."""
    found = session.get(Membership, (campaign.id, user.id))
    return Role(found.role) if found is not None else None


def set_role(session: Session, campaign: Campaign, user: User, role: Role | None) -> Role | None:
    """Give ``user`` ``role`` in ``campaign`` (``None``: no role). A campaign that has members
    keeps at least one owner. Returns the role before."""
    assert campaign.id is not None and user.id is not None
    found = session.get(Membership, (campaign.id, user.id))
    before = Role(found.role) if found is not None else None
    if before is Role.OWNER and role is not Role.OWNER:
        owners = [u for u, r in members(session, campaign) if r is Role.OWNER]
        if len(owners) == 1:
            raise CampaignError(
                Message(
                    "{user_name!r} is the only owner of {campaign_name!r}: make someone "
                    "else owner first. Nothing was changed.",
                    user_name=user.name,
                    campaign_name=campaign.name,
                )
            )
    if role is None:
        if found is not None:
            session.delete(found)
    elif found is None:
        session.add(Membership(campaign_id=campaign.id, user_id=user.id, role=role))
    else:
        found.role = role
        session.add(found)
    session.flush()
    return before


def set_gang_owner(session: Session, gang: Gang, user: User | None) -> User | None:
    """Give ``gang`` to ``user`` (``None``: nobody), who must be a member of its campaign; a
    visitor becomes a player by it. Returns the previous owner."""
    before = session.get(User, gang.owner_id) if gang.owner_id is not None else None
    if user is not None:
        campaign = session.get(Campaign, gang.campaign_id)
        assert campaign is not None
        if role_of(session, campaign, user) is None:
            set_role(session, campaign, user, Role.PLAYER)
        gang.owner_id = user.id
    else:
        gang.owner_id = None
    session.add(gang)
    session.flush()
    return before


# --------------------------------------------------------------------------- invitations


@dataclass(frozen=True)
class Invited:
    """A new invitation: its code (to type), its link token (shown once) and its row."""

    code: str
    token: str
    row: Invitation

    @property
    def link(self) -> str:
        """The path of the web app's join page (``links.join_link`` makes it absolute)."""
        return join_path(self.token)


def show_code(code: str) -> str:
    """A code as people read it: ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}"


def _typed_code(text: str) -> str:
    return "".join(c for c in text.upper() if c.isalnum())


def invite(
    session: Session,
    campaign: Campaign,
    role: Role,
    *,
    by: User | None = None,
    days: int = INVITE_DEFAULT_DAYS,
) -> Invited:
    """A single-use invitation to ``campaign`` as ``role`` (player or arbitrator), good for
    ``days`` days; ``by`` is who made it (``None``: the CLI)."""
    assert campaign.id is not None
    INVITE_DAYS.check(days)
    if role is Role.OWNER:
        raise CampaignError(
            Message(
                "an invitation offers the role of player or arbitrator; make an owner "
                "{on_command_line_with_skirmish}.",
                on_command_line_with_skirmish=Message(
                    "⟪with 'skirmish campaign role USER owner'¦by giving a member the owner's role⟫"
                ),
            )
        )
    taken = set(session.exec(select(Invitation.code)).all())
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    while code in taken:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    token = secrets.token_urlsafe(24)
    now = _now()
    row = Invitation(
        code=code,
        token_hash=_digest(token),
        campaign_id=campaign.id,
        role=role,
        created_by=by.id if by is not None else None,
        created_at=_stamp(now),
        expires_at=_stamp(now + timedelta(days=days)),
    )
    session.add(row)
    session.flush()
    return Invited(code, token, row)


class UnknownInvitation(CampaignError):
    """A code or link that names no invitation (a guess counts for ``check_invitation``)."""


class InvitationThrottled(LoginThrottled):
    """An invitation code refused without looking it up: too many unknown codes from this
    client lately (answered 429, as a throttled login)."""


def check_invitation(
    session: Session, code_or_token: str, address: str
) -> tuple[Invitation, Campaign]:
    """``usable_invitation`` for a client at ``address`` (the web's join pages): refused
    before the look-up after ``INVITATION_FAILURES`` unknown codes from that address within
    ``WINDOW``; an unknown code is committed as a failure before its refusal (call this in a
    unit of work of its own, or first in one, as ``check_password``)."""
    now = _now()
    address = address[:ADDRESS_LENGTH]
    failures = (
        select(func.count())
        .select_from(LoginFailure)
        .where(
            col(LoginFailure.folded) == GUESSED_CODE,
            col(LoginFailure.address) == address,
            col(LoginFailure.at) > _stamp(now - WINDOW),
        )
    )
    if int(session.exec(failures).one()) >= INVITATION_FAILURES:
        minutes = int(WINDOW.total_seconds() // 60)
        raise InvitationThrottled(
            Message(
                "too many invitation codes that name no invitation: wait {minutes} minutes "
                "and try again.",
                minutes=minutes,
            )
        )
    try:
        return usable_invitation(session, code_or_token)
    except UnknownInvitation:
        session.add(LoginFailure(folded=GUESSED_CODE, address=address, at=_stamp(now)))
        session.commit()
        raise


def _find_invitation(session: Session, code_or_token: str) -> Invitation:
    typed = _typed_code(code_or_token)
    found = None
    if len(typed) == CODE_LENGTH:
        found = session.exec(select(Invitation).where(Invitation.code == typed)).first()
    if found is None and code_or_token.strip():
        digest = _digest(code_or_token.strip().removeprefix("/join/"))
        found = session.exec(select(Invitation).where(Invitation.token_hash == digest)).first()
    if found is None:
        raise UnknownInvitation(
            Message(
                "no invitation has the code {code_or_token!r}; check it with whoever invited you.",
                code_or_token=code_or_token,
            )
        )
    return found


def usable_invitation(session: Session, code_or_token: str) -> tuple[Invitation, Campaign]:
    """The invitation a code or link token names, with its campaign, if it can still be used
    (unused, not expired); else the refusal ``join`` gives. What the join page shows first."""
    found = _find_invitation(session, code_or_token)
    campaign = session.get(Campaign, found.campaign_id)
    assert campaign is not None
    if found.used_at is not None:
        raise CampaignError(Message("this invitation has been used already; ask for a new one."))
    if _moment(found.expires_at) <= _now():
        raise CampaignError(
            Message(
                "this invitation expired on {found_expires_at_10}; ask for a new one.",
                found_expires_at_10=found.expires_at[:10],
            )
        )
    return found, campaign


def join(session: Session, code_or_token: str, user: User) -> tuple[Campaign, Role]:
    """Use an invitation (its code, in any case and with or without the dash, or its link
    token): ``user`` joins its campaign with its role. Each invitation is used once, before it
    expires; it never lowers a role the user already has."""
    found, campaign = usable_invitation(session, code_or_token)
    offered = Role(found.role)
    current = role_of(session, campaign, user)
    if current is not None and RANK[current] >= RANK[offered]:
        raise CampaignError(
            Message(
                "{user_name!r} is already {role_word_current} in {campaign_name!r}; "
                "the invitation is left for someone else.",
                user_name=user.name,
                campaign_name=campaign.name,
                role_word_current=Both(role_word(current, "en"), role_word(current, "it")),
            )
        )
    set_role(session, campaign, user, offered)
    found.used_by = user.id
    found.used_at = _stamp(_now())
    session.add(found)
    session.flush()
    return campaign, offered


def open_invitations(session: Session, campaign: CampaignLine) -> list[Invitation]:
    """The campaign's invitations still good (``still_open``), as objects."""
    return list(session.exec(still_open(select(Invitation)), params=open_now(campaign)).all())


def still_open(query: _Q) -> _Q:
    """``query`` of the invitations narrowed to those of ``campaign`` unused and not expired at
    ``now`` (parameters: ``open_now``), oldest first: one rule for the objects and rows."""
    return query.where(
        col(Invitation.campaign_id) == bindparam("campaign", type_=Integer),
        col(Invitation.used_at).is_(None),
        col(Invitation.expires_at) > bindparam("now", type_=String),
    ).order_by(col(Invitation.id))


def open_now(campaign: CampaignLine) -> dict[str, Any]:
    """``still_open``'s parameters: ``campaign``'s invitations still good now."""
    return {"campaign": campaign.id, "now": _stamp(_now())}


def join_new(
    session: Session, code_or_token: str, name: str, password: str
) -> tuple[User, Campaign, Role]:
    """Sign up with an invitation (the only way to make an account besides the CLI's ``user
    add``): the invitation is checked first, so a used or expired one makes no account; then
    the account, then ``join``. One unit of work: a refusal of either leaves neither."""
    usable_invitation(session, code_or_token)
    user = add_user(session, name, password)
    campaign, role = join(session, code_or_token, user)
    return user, campaign, role


def withdraw_invitation(session: Session, campaign: Campaign, code: str) -> Invitation:
    """Withdraw an open invitation of ``campaign`` by its code (any case, with or without the
    dash): it is deleted, so neither its code nor its link works any more."""
    typed = _typed_code(code)
    for found in open_invitations(session, campaign):
        if found.code == typed:
            session.delete(found)
            session.flush()
            return found
    raise CampaignError(
        Message(
            "{campaign_name!r} has no open invitation with the code {code!r}; it "
            "may have been used, have expired or been withdrawn already.",
            campaign_name=campaign.name,
            code=code,
        )
    )


def change_password(
    session: Session, user: User, current: str, password: str, address: str
) -> tuple[User, int]:
    """A user changes their own password: the current one is checked as a login is (a wrong
    one counts for the throttle, ``check_password``), then ``set_password`` ends every session
    of theirs. The user, and how many sessions ended."""
    try:
        check_password(session, user.name, current, address)
    except LoginThrottled:
        raise
    except CampaignError:
        raise CampaignError(
            Message("the current password is wrong. Nothing was changed.")
        ) from None
    return set_password(session, user.name, password)
