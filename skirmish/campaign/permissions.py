"""Who may do what in a campaign (issue #11), declared once in ``TABLE``.

An actor is an account (``User``), nobody logged in (``None``), or the local command line
(``CLI``), which administers the store and may do everything. An account's relation to a
campaign is its role there (``Role``: owner, arbitrator, player) or ``VISITOR`` when it has
none. Each action grants each relation ``YES``, ``NO``, ``IF_PUBLIC`` (only when the campaign
is public) or ``OWN_GANG`` (only on a gang the account owns). The web app asks ``may`` before it
shows a form and ``require`` inside the service's unit of work.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final, TypeVar

from sqlalchemy import Integer, and_, bindparam
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import Select

from skirmish.campaign.account_tables import Membership, User
from skirmish.campaign.grants import Action as Action  # declared apart: store-free
from skirmish.campaign.models import Campaign, CampaignLine, GangLine
from skirmish.errors import CampaignError
from skirmish.i18n import Catalogue, Lang, messages
from skirmish.translation import N_, Message


class Role(StrEnum):
    """An account's role in one campaign."""

    OWNER = "owner"
    ARBITRATOR = "arbitrator"
    PLAYER = "player"


#: The roles' words (those of every language are accepted as input, ``parse_role``).
ROLE_WORDS: Final[Catalogue] = messages(
    {Role.OWNER: N_("owner"), Role.ARBITRATOR: N_("arbitrator"), Role.PLAYER: N_("player")}
)
#: Higher ranks include what lower ones may do; joining never lowers a role.
RANK: Final[dict[Role, int]] = {Role.PLAYER: 1, Role.ARBITRATOR: 2, Role.OWNER: 3}


def role_word(role: Role | str, lang: str) -> str:
    """A role as the user reads it."""
    return ROLE_WORDS[str(lang)][Role(role)]


def parse_role(word: str) -> Role:
    """A role typed in English or Italian (``arbitro``, ``Player``); else a bilingual error."""
    folded = word.strip().casefold()
    for role in Role:
        if folded in {ROLE_WORDS[lang.value][role] for lang in Lang}:
            return role
    raise CampaignError(
        Message("unknown role {word!r}: choose owner, arbitrator or player.", word=word)
    )


class NotAllowed(CampaignError):
    """A refusal because the actor may not do the action (``require``): the web answers 403."""


class Relation(StrEnum):
    """How an actor stands to a campaign: a role, or none (a visitor, logged in or not)."""

    OWNER = "owner"
    ARBITRATOR = "arbitrator"
    PLAYER = "player"
    VISITOR = "visitor"


class Grant(StrEnum):
    """When a relation may do an action."""

    YES = "yes"
    NO = "no"
    IF_PUBLIC = "if-public"
    OWN_GANG = "own-gang"


_Y, _N = Grant.YES, Grant.NO
_O, _A, _P, _V = Relation.OWNER, Relation.ARBITRATOR, Relation.PLAYER, Relation.VISITOR

#: The whole policy: every action, every relation.
TABLE: Final[dict[Action, dict[Relation, Grant]]] = {
    Action.VIEW: {_O: _Y, _A: _Y, _P: _Y, _V: Grant.IF_PUBLIC},
    Action.CREATE_GANG: {_O: _Y, _A: _Y, _P: _Y, _V: _N},
    Action.CHANGE_GANG: {_O: _Y, _A: _Y, _P: Grant.OWN_GANG, _V: _N},
    Action.FIX_RESULTS: {_O: _Y, _A: _Y, _P: _N, _V: _N},
    Action.HOUSE_RULES: {_O: _Y, _A: _N, _P: _N, _V: _N},
    Action.INVITE: {_O: _Y, _A: _N, _P: _N, _V: _N},
    Action.MEMBERS: {_O: _Y, _A: _N, _P: _N, _V: _N},
    Action.PUBLISH: {_O: _Y, _A: _N, _P: _N, _V: _N},
}


class _Cli:
    """The local command line: the store's administrator."""

    def __repr__(self) -> str:
        return "CLI"


CLI: Final = _Cli()


@dataclass(frozen=True, eq=False)
class Account:
    """A logged-in reader as the rules read them, from rows (issue #23: not the account and its
    memberships loaded as objects): the account's id, name and language, and its role in each
    campaign by the campaign's id (none: a visitor there). Read beside the reader's session in
    one READ unit of work (``accounts.find_reader``) and good for that unit of work alone: a
    role given or taken away is what the next one reads."""

    id: int
    name: str
    lang: str | None
    roles: Mapping[int, str]


Actor = User | Account | _Cli | None
_C = TypeVar("_C", bound=CampaignLine)


def granted(grant: Grant, *, public: bool, owns_gang: bool) -> bool:
    """Whether ``grant`` allows the action, given the campaign's flag and the gang's owner."""
    if grant is Grant.IF_PUBLIC:
        return public
    if grant is Grant.OWN_GANG:
        return owns_gang
    return grant is Grant.YES


def relation(session: Session, user: User | Account | None, campaign: CampaignLine) -> Relation:
    """``user``'s role in ``campaign``, or ``VISITOR`` (an ``Account``'s as it was read)."""
    if user is None or user.id is None or campaign.id is None:
        return Relation.VISITOR
    if isinstance(user, Account):
        role = user.roles.get(campaign.id)
        return Relation(role) if role is not None else Relation.VISITOR
    found = session.get(Membership, (campaign.id, user.id))
    return Relation(found.role) if found is not None else Relation.VISITOR


def may(
    session: Session,
    actor: Actor,
    action: Action,
    campaign: CampaignLine,
    gang: GangLine | None = None,
) -> bool:
    """Whether ``actor`` may do ``action`` in ``campaign`` (to ``gang``, for gang actions)."""
    if isinstance(actor, _Cli):
        return True
    return _may(relation(session, actor, campaign), actor, action, campaign, gang)


def _may(
    role: Relation,
    actor: User | Account | None,
    action: Action,
    campaign: CampaignLine,
    gang: GangLine | None,
) -> bool:
    """``may`` once the actor's role in the campaign is known."""
    owns = actor is not None and gang is not None and gang.owner_id == actor.id
    return granted(TABLE[action][role], public=campaign.public, owns_gang=owns)


def visible_campaigns(session: Session, actor: Actor) -> list[Campaign]:
    """Every campaign ``actor`` may see (``may(…, Action.VIEW, …)``), oldest first, in one
    query whatever their number (issue #23: not one query per campaign): each campaign beside
    the actor's membership in it, if any. The memberships are loaded as rows, so a ``may`` or
    ``allowed`` on one of these campaigns afterwards reads its role without a query."""
    if isinstance(actor, _Cli):
        return list(session.exec(select(Campaign).order_by(col(Campaign.id))).all())
    user_id = actor.id if actor is not None and actor.id is not None else -1
    return visible_among(actor, session.exec(_visible_query(), params={"user": user_id}).all())


def visible_among(actor: Actor, rows: Iterable[tuple[_C, Membership | str | None]]) -> list[_C]:
    """The campaigns of ``rows`` (each beside ``actor``'s membership in it or its role, or
    ``None``) that ``actor`` may see, in their order: ``visible_campaigns``' filter, for rows
    read elsewhere (``accounts.find_reader``: the reader's session in the same statement)."""
    if isinstance(actor, _Cli):
        return [campaign for campaign, _ in rows]
    seen = []
    for campaign, held in rows:
        role = held.role if isinstance(held, Membership) else held
        relation = Relation(role) if role is not None else Relation.VISITOR
        if _may(relation, actor, Action.VIEW, campaign, None):
            seen.append(campaign)
    return seen


@cache
def _visible_query() -> Select[Campaign, Membership]:
    """``visible_campaigns``' statement (the reader is the ``user`` parameter), built once:
    every request asks it (issue #23)."""
    return (
        select(Campaign, Membership)
        .outerjoin(
            Membership,
            and_(
                col(Membership.campaign_id) == col(Campaign.id),
                col(Membership.user_id) == bindparam("user", type_=Integer),
            ),
        )
        .order_by(col(Campaign.id))
    )


def allowed(
    session: Session, actor: Actor, campaign: CampaignLine, gang: GangLine | None = None
) -> dict[Action, bool]:
    """``may`` for every action at once: what a page offers its reader (the web's links); the
    reader's role is read once for them all."""
    if isinstance(actor, _Cli):
        return dict.fromkeys(Action, True)
    role = relation(session, actor, campaign)
    return {action: _may(role, actor, action, campaign, gang) for action in Action}


def may_found_campaign(actor: Actor) -> bool:
    """Whether ``actor`` may create a campaign (becoming its owner): any account, and the
    command line; nobody logged out. Not a row of ``TABLE``: there is no campaign yet."""
    return actor is not None


def require_found_campaign(actor: Actor) -> None:
    """``may_found_campaign``, or a bilingual refusal that changes nothing."""
    if not may_found_campaign(actor):
        raise NotAllowed(Message("log in to create a campaign. Nothing was changed."))


_WHAT: Final[dict[Action, str]] = {
    Action.VIEW: N_("see this campaign"),
    Action.CREATE_GANG: N_("found a gang here"),
    Action.CHANGE_GANG: N_("change this gang"),
    Action.FIX_RESULTS: N_("record or fix results"),
    Action.HOUSE_RULES: N_("change the house rules"),
    Action.INVITE: N_("invite to this campaign"),
    Action.MEMBERS: N_("change the members' roles"),
    Action.PUBLISH: N_("make it public or private or set its web address"),
}


def require(
    session: Session,
    actor: Actor,
    action: Action,
    campaign: CampaignLine,
    gang: GangLine | None = None,
) -> None:
    """``may``, or a bilingual refusal that changes nothing."""
    if may(session, actor, action, campaign, gang):
        return
    raise NotAllowed(
        Message(
            "you may not {english} in {campaign_name!r}; ask its owner. Nothing was changed.",
            campaign_name=campaign.name,
            english=Message(_WHAT[action]),
        )
    )
