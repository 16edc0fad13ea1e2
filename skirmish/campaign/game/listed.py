"""A campaign's games as its lists show them (``game list``, the campaign page, the standings,
the Gazette): every game, oldest first, read once per READ unit of work (issue #23); as rows
with their sides (``games_and_sides``: the lists and the standings), or as objects
(``games_of``: the Gazette and the campaign's history, which go on to their sides' rows)."""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import Integer, bindparam
from sqlalchemy import select as select_columns
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from skirmish.campaign.game.tables import Game, GameGang, GameLine
from skirmish.campaign.models import Campaign, CampaignLine, Gang
from skirmish.campaign.store import Access, column_rows

#: ``session.info`` of a READ unit of work: campaign id → its games as rows and their sides
#: (nothing changes them until it ends).
_GAMES = "campaign_games"
#: ``session.info`` of a READ unit of work: campaign id → its games as objects.
_GAME_OBJECTS = "campaign_game_objects"


def games_of(session: Session, campaign: Campaign) -> list[Game]:
    """Every game of a campaign as objects, oldest first, read once per READ unit of work."""
    kept: dict[int | None, list[Game]] | None = None
    if session.info.get("access") == Access.READ:
        kept = session.info.setdefault(_GAME_OBJECTS, {})
        if campaign.id in kept:
            return list(kept[campaign.id])
    games = list(session.exec(_objects_query(), params={"campaign": campaign.id}).all())
    if kept is not None:
        kept[campaign.id] = games
    return list(games)


@cache
def _objects_query() -> SelectOfScalar[Game]:
    """``games_of``' statement (``campaign``), built once."""
    return (
        select(Game)
        .where(col(Game.campaign_id) == bindparam("campaign", type_=Integer))
        .order_by(col(Game.id))
    )


#: By game id, a game's sides as added: its side, its game gang's id, its campaign gang's name.
Sides = dict[int | None, list[tuple[str, int | None, str]]]


def games_and_sides(session: Session, campaign: CampaignLine) -> tuple[list[GameLine], Sides]:
    """Every game of a campaign, oldest first, as rows of what its lists show (``GameLine``),
    and their ``Sides``, in one statement (issue #23: ``game list`` asked a second, and the
    games as objects cost about twice the processor time of the same rows); read once per READ
    unit of work (the campaign page's standings and its list of games both ask)."""
    kept: dict[int | None, tuple[list[GameLine], Sides]] | None = None
    if session.info.get("access") == Access.READ:
        kept = session.info.setdefault(_GAMES, {})
        if campaign.id in kept:
            return list(kept[campaign.id][0]), kept[campaign.id][1]
    games: list[GameLine] = []
    sides: Sides = {}
    for row in column_rows(session, _games_query(), {"campaign": campaign.id}):
        if not games or games[-1].id != row.id:
            games.append(row)
        if row.game_gang is not None:
            sides.setdefault(row.id, []).append((row.side, row.game_gang, row.gang))
    if kept is not None:
        kept[campaign.id] = (games, sides)
    return list(games), sides


@cache
def _games_query() -> Any:
    """``games_and_sides``' statement (``campaign``), built once (issue #23: built anew it cost
    twice the processor time): each game once per side (once if it has none) with its side."""
    return (
        select_columns(
            col(Game.id),
            col(Game.scenario),
            col(Game.status),
            col(Game.turn),
            col(Game.winner),
            col(GameGang.side).label("side"),
            col(GameGang.id).label("game_gang"),
            col(Gang.name).label("gang"),
        )
        .outerjoin(GameGang, col(GameGang.game_id) == col(Game.id))
        .outerjoin(Gang, col(Gang.id) == col(GameGang.gang_id))
        .where(col(Game.campaign_id) == bindparam("campaign", type_=Integer))
        .order_by(col(Game.id), col(GameGang.id))
    )
