"""The club's writes and reads (issues #11, #20): a new campaign, its members and roles,
invitations, who looks after each gang, public or private, the web address and the house rules,
each asked by an actor (``permissions.Actor``: an account, nobody, or the command line).

Both front ends call these same functions, so a change made on the web and the same change
typed at the command line write the same rows and the same log entries, and are refused with the
same words: the web app (``web/club*.py``) with the reader as the actor, the command line
(``cli/members.py``, ``cli/campaign.py``, ``cli/gang.py``) as ``permissions.CLI``, the store's
administrator, who may do everything. Each is declared, with its inputs, words and permission, in
the club's catalogue (``campaign/club_commands.py``), from which both front ends are built.
Each function is the whole of one unit of work: the caller opens the transaction
(``store.transaction``: ``Site.write`` on the web, ``session(db, …)`` on the command line) and
looks the campaign up as its front end names it; the function locks the campaign, asks the
permission (``permissions.require``, whose refusal is a ``NotAllowed``), checks, writes and
logs. The words typed for a role, an owner, on/off and the days of an invitation are parsed here
too (``parse_*``), once for both front ends, after the permission: who may not do an action
hears so whatever they typed. Decisions: docs/accounts.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import select as select_columns
from sqlmodel import Session, col, select

from skirmish.campaign import accounts, gangs, lookup, store
from skirmish.campaign.account_tables import Invitation, Membership, User
from skirmish.campaign.models import Campaign, CampaignLine, Gang, LogEntry
from skirmish.campaign.permissions import (
    Action,
    Actor,
    Role,
    allowed,
    parse_role,
    require,
    require_found_campaign,
)
from skirmish.campaign.settings import find_setting
from skirmish.campaign.web_address import set_web_address
from skirmish.errors import CampaignError
from skirmish.limits import INVITE_DAYS
from skirmish.translation import Message

#: The words that mean "no role" and "nobody" (``accounts.RESERVED``: no account has them).
NOBODY = tuple(sorted(accounts.RESERVED))
#: The words for public (on) and private (off); an empty value is off (a JSON ``false``).
ON = ("on", "yes", "true", "sì", "si", "1")
OFF = ("off", "no", "false", "0", "")


def user_of(actor: Actor) -> User | None:
    """The account behind ``actor`` (``None``: logged out, or the command line)."""
    return actor if isinstance(actor, User) else None


# --------------------------------------------------------------------------- what is typed


def parse_wanted_role(typed: str) -> Role | None:
    """A role as typed (English or Italian), or ``None`` for one of the words of ``NOBODY``
    (the member's role is taken away)."""
    if typed.strip().casefold() in NOBODY:
        return None
    return parse_role(typed)


def parse_public(typed: str) -> bool:
    """``on`` or ``off`` (and their other words, ``ON``/``OFF``) for public or private."""
    word = typed.strip().casefold()
    if word in ON:
        return True
    if word in OFF:
        return False
    raise CampaignError(Message("set-public takes on or off, not {typed!r}.", typed=typed))


def parse_days(typed: str) -> int:
    """The days an invitation stays good, as typed (1–90, ``limits.INVITE_DAYS``)."""
    value = typed.strip()
    if not (value.isascii() and value.isdigit() and len(value) < 4):
        raise CampaignError(
            Message(
                "the days an invitation stays good are a whole number from "
                "{invite_days_low} to {invite_days_high}, not {typed!r}.",
                invite_days_low=INVITE_DAYS.low,
                invite_days_high=INVITE_DAYS.high,
                typed=typed,
            )
        )
    return int(value)


def _changing(session: Session, actor: Actor, action: Action, campaign: Campaign) -> None:
    """The campaign locked for this unit of work, then the permission asked there."""
    lookup.lock_row(session, campaign)
    require(session, actor, action, campaign)


# --------------------------------------------------------------------------- campaigns


def create_campaign(
    session: Session,
    *,
    actor: Actor,
    name: str,
    explosives: bool = False,
    settings: Mapping[str, str] | None = None,
    use: bool = False,
) -> Campaign:
    """A new campaign (``gangs.new_campaign``, logged there); an account that creates it becomes
    its owner. ``use``: it becomes the command line's campaign in use. Logged out: refused."""
    require_found_campaign(actor)
    found = gangs.new_campaign(
        session, name=name, explosives=explosives, settings=settings or {}, use=use
    )
    user = user_of(actor)
    if user is not None:
        accounts.set_role(session, found, user, Role.OWNER)
    return found


def set_house_rule(
    session: Session, *, actor: Actor, campaign: Campaign, key: str, value: str
) -> LogEntry:
    """Change one house rule (``campaign set``): logged even when its value stays the same."""
    _changing(session, actor, Action.HOUSE_RULES, campaign)
    return gangs.set_setting(session, campaign=campaign, key=key, value=value)


def set_house_rules(
    session: Session, *, actor: Actor, campaign: Campaign, values: Mapping[str, str]
) -> list[LogEntry]:
    """Change house rules (the web's form, which sends every one of them): each key checked
    (``settings.find_setting``), and an entry for each whose value changes, as ``set_house_rule``
    logs it."""
    _changing(session, actor, Action.HOUSE_RULES, campaign)
    current = gangs.settings_of(campaign)
    entries: list[LogEntry] = []
    for key, value in values.items():
        rule = find_setting(key)
        if rule.parse(value) != current[rule.key]:
            entries.append(gangs.set_setting(session, campaign=campaign, key=rule.key, value=value))
    return entries


def set_public(session: Session, *, actor: Actor, campaign: Campaign, public: str) -> Campaign:
    """Make the campaign readable by everyone (``on``), or by its members only (``off``)."""
    _changing(session, actor, Action.PUBLISH, campaign)
    return accounts.set_public(session, campaign, parse_public(public))


def set_address(
    session: Session, *, actor: Actor, campaign: Campaign, address: str | None
) -> LogEntry:
    """Set the campaign's web address (``web_address``, logged there), or clear it (``None``)."""
    _changing(session, actor, Action.PUBLISH, campaign)
    return set_web_address(session, campaign=campaign, address=address)


# --------------------------------------------------------------------------- members


def members(session: Session, *, actor: Actor, campaign: Campaign) -> dict[str, Any]:
    """What ``campaign members --json`` says: the campaign, public or not, its web address, the
    members with their roles and gangs, and (only to who may invite) the open invitations."""
    owners: dict[int | None, list[str]] = {}
    for gang in campaign.gangs:
        owners.setdefault(gang.owner_id, []).append(gang.name)
    data: dict[str, Any] = {
        "campaign": campaign.name,
        "public": campaign.public,
        "web_address": campaign.web_address,  # issue #13: where the printed QR codes point
        "members": [
            {"user": u.name, "role": r.value, "gangs": owners.get(u.id, [])}
            for u, r in accounts.members(session, campaign)
        ],
    }
    if allowed(session, actor, campaign)[Action.INVITE]:
        data["invitations"] = open_invitations(session, campaign)
    return data


def open_invitations(session: Session, campaign: CampaignLine) -> list[dict[str, Any]]:
    """The campaign's open invitations, oldest first: each code, the role it offers, when and
    by whom it was made (``None``: the command line) and until when it is good."""
    rows = open_invitation_rows(session, campaign)
    makers = accounts.user_names(session, {i.created_by for i in rows if i.created_by})
    return [
        {
            "code": accounts.show_code(i.code),
            "role": i.role,
            "created_at": i.created_at,
            "by": makers.get(i.created_by) if i.created_by else None,
            "expires_at": i.expires_at,
        }
        for i in rows
    ]


def open_invitation_rows(session: Session, campaign: CampaignLine) -> list[Any]:
    """``accounts.open_invitations`` (the same rule: ``accounts.still_open``) as rows of the
    ``_SHOWN_INVITATION`` columns (issue #23: the campaign page's desk and the members page
    build no object)."""
    return store.column_rows(session, _open_rows_query(), accounts.open_now(campaign))


#: What the pages show of an open invitation: never its link token's hash.
_SHOWN_INVITATION = ("code", "role", "created_by", "created_at", "expires_at")


@cache
def _open_rows_query() -> Any:
    """``open_invitation_rows``' statement, built once (issue #23)."""
    shown = select_columns(*(getattr(Invitation, name) for name in _SHOWN_INVITATION))
    return accounts.still_open(shown)


def invitations(session: Session, *, actor: Actor, campaign: Campaign) -> list[dict[str, Any]]:
    """``campaign invitations``: the open invitations, to who may invite (their codes would let
    anyone in), so that one made by mistake can be seen and withdrawn."""
    require(session, actor, Action.INVITE, campaign)
    return open_invitations(session, campaign)


@dataclass(frozen=True)
class RoleChange:
    """A member's role before and after (``None``: no role)."""

    user: User
    before: Role | None
    after: Role | None


def set_role(
    session: Session, *, actor: Actor, campaign: Campaign, user: str, role: str
) -> RoleChange:
    """Give the user named ``user`` the role typed (``parse_wanted_role``) in the campaign, or
    take it away (a word of ``NOBODY``); the campaign's last owner stays owner."""
    _changing(session, actor, Action.MEMBERS, campaign)
    wanted = parse_wanted_role(role)
    account = accounts.find_user(session, user)
    before = accounts.set_role(session, campaign, account, wanted)
    return RoleChange(account, before, wanted)


def give_gang(
    session: Session, *, actor: Actor, campaign: Campaign, gang: str, user: str
) -> tuple[Gang, User | None]:
    """Say who looks after the gang named ``gang``: the user named ``user``, who becomes a
    player if they had no role, or nobody (a word of ``NOBODY``)."""
    _changing(session, actor, Action.MEMBERS, campaign)
    found = lookup.gang_by_name(session, campaign, gang)
    owner = None if user.strip().casefold() in NOBODY else accounts.find_user(session, user)
    accounts.set_gang_owner(session, found, owner)
    return found, owner


def found_gang(
    session: Session, *, actor: Actor, campaign: Campaign, name: str, faction: str
) -> Gang:
    """Found a gang (``gangs.new_gang``, R-13, logged there); an account that founds it looks
    after it."""
    _changing(session, actor, Action.CREATE_GANG, campaign)
    gang = gangs.new_gang(session, campaign=campaign, name=name, faction=faction)
    user = user_of(actor)
    if user is not None:
        accounts.set_gang_owner(session, gang, user)
    return gang


# --------------------------------------------------------------------------- invitations


def invite(
    session: Session, *, actor: Actor, campaign: Campaign, role: str, days: int | str
) -> accounts.Invited:
    """A single-use invitation as the role typed (player or arbitrator), good for ``days``
    days (a number, or as typed: ``parse_days``); made by the account that asks (the command
    line's have no author)."""
    _changing(session, actor, Action.INVITE, campaign)
    offered = parse_role(role)
    good_for = parse_days(days) if isinstance(days, str) else days
    return accounts.invite(session, campaign, offered, by=user_of(actor), days=good_for)


def withdraw(session: Session, *, actor: Actor, campaign: Campaign, code: str) -> Invitation:
    """Withdraw an open invitation by its code: neither its code nor its link works any more."""
    _changing(session, actor, Action.INVITE, campaign)
    return accounts.withdraw_invitation(session, campaign, code)


def join(session: Session, *, code: str, user: User) -> tuple[Campaign, Role]:
    """``user`` uses an invitation (its code or link token); nobody's permission is asked:
    holding the invitation is the permission."""
    return accounts.join(session, code, user)


def memberships(session: Session, user: User) -> list[tuple[Campaign, Role]]:
    """The campaigns ``user`` has a role in, with the role, oldest campaign first (the account
    page, ``user list``)."""
    rows = session.exec(
        select(Campaign, Membership.role)
        .join(Membership, col(Membership.campaign_id) == col(Campaign.id))
        .where(Membership.user_id == user.id)
        .order_by(col(Campaign.id))
    ).all()
    return [(campaign, Role(role)) for campaign, role in rows]
