"""Who may do what in a game played on the players' phones (issue #12), declared once in
``TABLE``, beside the campaign's own table (``campaign.permissions``).

An actor stands to a game in one or more ``GameRelation``: the player of the good side (the
account that owns the good side's gang, ``gang.owner_id``, and has a role in the campaign), the
player of the bad side, a referee (the campaign's owner or an arbitrator), or a spectator
(anyone else: a player of the campaign whose gang is not in this game, a visitor of a public
campaign, nobody logged in). One account may hold several relations (it owns both gangs, or is
the owner and a player): it may do what any of them may.

Each ``GameAction`` grants each relation ``YES``, ``NO``, ``OWN_SIDE`` (only for the side the
player plays: the side of the model that acts, of the model shot at, of the model that saves,
of the gang whose post-game it is) or ``IF_VISIBLE`` (a spectator watches a game of a campaign
they may see). The local command line (``permissions.CLI``), and every reader of a store with
no accounts at all (the web's ``Viewer.actor`` is then ``CLI``), may do everything.

The web asks ``may_game`` before it offers a button and ``require_game`` inside the unit of work
that makes the change; a refusal changes nothing.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final

from sqlalchemy import and_, event
from sqlalchemy.orm import ORMExecuteState
from sqlalchemy.orm import Session as SaSession
from sqlmodel import Session, col, select

from skirmish.campaign.account_tables import Membership, User
from skirmish.campaign.game.board import gangs_of, may_write

# the actions are declared apart, light enough for the catalogue to load without the store
from skirmish.campaign.game.grants import GameAction as GameAction
from skirmish.campaign.game.tables import Game, GameGang
from skirmish.campaign.models import Campaign, Gang
from skirmish.campaign.permissions import (
    CLI,
    Account,
    Action,
    Actor,
    Relation,
    granted,
    may,
    relation,
)
from skirmish.campaign.permissions import TABLE as CAMPAIGN_TABLE
from skirmish.campaign.readers import campaign_of
from skirmish.engine.glossary import label
from skirmish.errors import CampaignError
from skirmish.rules.model import Side
from skirmish.translation import N_, Message, Said


class GameRelation(StrEnum):
    """How an actor stands to one game."""

    GOOD = "good-player"  # plays the good side: owns its gang
    BAD = "bad-player"  # plays the bad side
    REFEREE = "referee"  # the campaign's owner or an arbitrator
    SPECTATOR = "spectator"  # anyone else


class GameGrant(StrEnum):
    """When a relation may do a game action."""

    YES = "yes"
    NO = "no"
    OWN_SIDE = "own-side"
    IF_VISIBLE = "if-visible"


_Y, _N, _S = GameGrant.YES, GameGrant.NO, GameGrant.OWN_SIDE
_G, _B, _R, _W = GameRelation.GOOD, GameRelation.BAD, GameRelation.REFEREE, GameRelation.SPECTATOR

#: The whole policy: every game action, every relation. Both players share what the table
#: shares: the new turn, the initiative roll, undoing the last action (a mistake is put right
#: by either; the live page shows what was undone). Ending a game without the scenario's word
#: or both votes is the referee's.
TABLE: Final[dict[GameAction, dict[GameRelation, GameGrant]]] = {
    GameAction.WATCH: {_G: _Y, _B: _Y, _R: _Y, _W: GameGrant.IF_VISIBLE},
    GameAction.ACT: {_G: _S, _B: _S, _R: _Y, _W: _N},
    GameAction.RECORD_AT: {_G: _S, _B: _S, _R: _Y, _W: _N},
    GameAction.OWN_DICE: {_G: _S, _B: _S, _R: _Y, _W: _N},
    GameAction.NEW_TURN: {_G: _Y, _B: _Y, _R: _Y, _W: _N},
    GameAction.INITIATIVE: {_G: _Y, _B: _Y, _R: _Y, _W: _N},
    GameAction.VOTE_END: {_G: _S, _B: _S, _R: _Y, _W: _N},
    GameAction.END: {_G: _N, _B: _N, _R: _Y, _W: _N},
    GameAction.UNDO: {_G: _Y, _B: _Y, _R: _Y, _W: _N},
    GameAction.POSTGAME: {_G: _S, _B: _S, _R: _Y, _W: _N},
    GameAction.OFFLINE: {_G: _Y, _B: _Y, _R: _Y, _W: _N},
}
#: The side each player relation plays.
PLAYS: Final[dict[GameRelation, Side]] = {_G: Side.GOOD, _B: Side.BAD}


def game_granted(grant: GameGrant, *, plays: Side | None, side: Side | None, visible: bool) -> bool:
    """Whether ``grant`` allows the action for a relation playing ``plays`` (``None``: no side)
    on ``side`` (``None``: no side named), in a campaign the actor may see or not."""
    if grant is GameGrant.OWN_SIDE:
        return plays is not None and side is not None and plays is side
    if grant is GameGrant.IF_VISIBLE:
        return visible
    return grant is GameGrant.YES


#: ``session.info``: (user id, game id) → (relations, may see the campaign), once per unit of
#: work (issue #12: a page asks ``may_game`` for many buttons). Read again after a flush or a
#: statement that may change them: a membership, a campaign or a gang (its owner) written.
_KNOWN = "game_relations"


_STANDING_TABLES = frozenset({"membership", "campaign", "gang", "game_gang"})


@event.listens_for(SaSession, "after_flush")
def _after_flush(session: SaSession, _context: Any) -> None:
    known = session.info.get(_KNOWN)
    if known and any(
        isinstance(row, (Membership, Campaign, Gang, GameGang))
        for row in (*session.new, *session.dirty, *session.deleted)
    ):
        known.clear()


@event.listens_for(SaSession, "do_orm_execute")
def _on_execute(state: ORMExecuteState) -> None:
    known = state.session.info.get(_KNOWN)
    if known and may_write(state, _STANDING_TABLES):
        known.clear()


def _standing(
    session: Session, actor: User | Account, game: Game
) -> tuple[frozenset[GameRelation], bool]:
    """``actor``'s relations to ``game`` and whether they may see its campaign, read once per
    unit of work."""
    known: dict[tuple[int | None, int | None], tuple[frozenset[GameRelation], bool]]
    known = session.info.setdefault(_KNOWN, {})
    key = (actor.id, game.id)
    if key not in known:
        campaign = campaign_of(session, game.campaign_id)
        visible = campaign is not None and may(session, actor, Action.VIEW, campaign)
        known[key] = (_relations(session, actor, game), visible)
    return known[key]


def relations(session: Session, actor: Actor, game: Game) -> frozenset[GameRelation]:
    """Every relation ``actor`` holds to ``game`` (``SPECTATOR`` when none other)."""
    if isinstance(actor, (User, Account)) and actor.id is not None:
        return _standing(session, actor, game)[0]
    return frozenset({GameRelation.SPECTATOR})


def _relations(session: Session, actor: Actor, game: Game) -> frozenset[GameRelation]:
    found: set[GameRelation] = set()
    campaign = campaign_of(session, game.campaign_id)
    if isinstance(actor, (User, Account)) and actor.id is not None and campaign is not None:
        role = relation(session, actor, campaign)
        if role in (Relation.OWNER, Relation.ARBITRATOR):
            found.add(GameRelation.REFEREE)
        if role is not Relation.VISITOR:  # a gang's owner who left the campaign only watches
            for gg in gangs_of(session, game):
                gang = session.get(Gang, gg.gang_id)  # read, not locked: nothing changes it
                if gang is not None and gang.owner_id == actor.id:
                    found.add(GameRelation.GOOD if gg.side == Side.GOOD else GameRelation.BAD)
    return frozenset(found or {GameRelation.SPECTATOR})


def watched_revision(
    session: Session, user_id: int | None, campaign_name: str, game_id: int, *, everyone: bool
) -> int | None:
    """The revision of game ``game_id`` of the campaign called exactly ``campaign_name``, if
    account ``user_id`` (``None``: nobody logged in; ``everyone``: a store with no accounts, the
    command line's reader) may watch it, in one query: what the board's poll compares first
    (issue #12). ``None`` when it may not, or there is no such game: the caller then looks the
    game up the long way, which answers in words.

    ``WATCH`` is the campaign's ``VIEW``: every relation but the spectator's has a role in the
    campaign, and each role may see it; a spectator watches what they may see."""
    query = (
        select(Game.revision, Campaign.public, Membership.role)
        .join(Campaign, col(Campaign.id) == col(Game.campaign_id))
        .outerjoin(
            Membership,
            and_(
                col(Membership.campaign_id) == col(Campaign.id),
                col(Membership.user_id) == (user_id if user_id is not None else -1),
            ),
        )
        .where(col(Game.id) == game_id, col(Campaign.name) == campaign_name)
    )
    found = session.exec(query).first()
    if found is None:
        return None
    revision, public, role = found
    role = Relation(role) if role is not None and user_id is not None else Relation.VISITOR
    if everyone or granted(CAMPAIGN_TABLE[Action.VIEW][role], public=public, owns_gang=False):
        return int(revision)
    return None


def sides_played(session: Session, actor: Actor, game: Game) -> frozenset[Side]:
    """The sides ``actor`` plays in ``game`` (both for the command line and a referee who owns
    both gangs; none for a referee or a spectator who owns neither)."""
    if actor is CLI:
        return frozenset(Side)
    return frozenset(PLAYS[r] for r in relations(session, actor, game) if r in PLAYS)


def _side(side: Side | str | None) -> Side | None:
    return None if side is None else Side(side)


def may_game(
    session: Session,
    actor: Actor,
    game: Game,
    action: GameAction,
    side: Side | str | None = None,
) -> bool:
    """Whether ``actor`` may do ``action`` in ``game`` for ``side`` (the side of the model that
    acts, is shot at or saves, of the voter, of the gang whose post-game it is)."""
    if actor is CLI:
        return True
    wanted = _side(side)
    if isinstance(actor, (User, Account)) and actor.id is not None:
        found, visible = _standing(session, actor, game)
    else:  # nobody logged in: a spectator, who watches a campaign they may see
        campaign = campaign_of(session, game.campaign_id)
        visible = campaign is not None and may(session, actor, Action.VIEW, campaign)
        found = relations(session, actor, game)
    return any(
        game_granted(TABLE[action][r], plays=PLAYS.get(r), side=wanted, visible=visible)
        for r in found
    )


def allowed_game(
    session: Session, actor: Actor, game: Game, side: Side | str | None = None
) -> dict[GameAction, bool]:
    """``may_game`` for every action at once, for ``side``: what a page offers its reader."""
    return {action: may_game(session, actor, game, action, side) for action in GameAction}


_WHAT: Final[dict[GameAction, str]] = {
    GameAction.WATCH: N_("watch this game"),
    GameAction.ACT: N_("act for the {side} side"),
    GameAction.RECORD_AT: N_("record an attack on the {side} side's models"),
    GameAction.OWN_DICE: N_("enter the dice of the {side} side's saves and tests"),
    GameAction.NEW_TURN: N_("begin a new turn"),
    GameAction.INITIATIVE: N_("roll the initiative"),
    GameAction.VOTE_END: N_("confirm the result for the {side} side"),
    GameAction.END: N_("end or abandon the game"),
    GameAction.UNDO: N_("undo the game's last action"),
    GameAction.POSTGAME: N_("run the post-game of the {side} side's gang"),
    GameAction.OFFLINE: N_("send actions recorded offline or settle their conflicts"),
}


def require_game(
    session: Session,
    actor: Actor,
    game: Game,
    action: GameAction,
    side: Side | str | None = None,
) -> None:
    """``may_game``, or a bilingual refusal that changes nothing (it says who may)."""
    if may_game(session, actor, game, action, side):
        return
    wanted = _side(side)
    side_said = Said(lambda lang: label(wanted, lang)) if wanted else ""
    if TABLE[action][GameRelation.GOOD] is GameGrant.OWN_SIDE:
        who = N_("that side's player or the campaign's owner or an arbitrator")
    elif TABLE[action][GameRelation.GOOD] is GameGrant.YES:
        who = N_("the game's players or the campaign's owner or an arbitrator")
    else:
        who = N_("the campaign's owner or an arbitrator")
    raise CampaignError(
        Message(
            "you may not {english} in game {game_id}: only {who} may. Nothing was changed.",
            game_id=game.id,
            who=Message(who),
            english=Message(_WHAT[action], side=side_said),
        )
    )
