"""A campaign's games as its lists show them (``game list``, the campaign page, the standings,
the Gazette): every game, oldest first, with its sides, in one statement built once and read
once per READ unit of work (issue #23)."""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import Integer, bindparam
from sqlmodel import Session, col, select

from skirmish.campaign.game.tables import Game, GameGang
from skirmish.campaign.models import Campaign, Gang
from skirmish.campaign.store import Access

#: ``session.info`` of a READ unit of work: campaign id → its games and their sides (nothing
#: changes them until it ends).
_GAMES = "campaign_games"


def games_of(session: Session, campaign: Campaign) -> list[Game]:
    """Every game of a campaign, oldest first (``games_and_sides``)."""
    return games_and_sides(session, campaign)[0]


#: By game id, a game's sides as added: its side, its game gang's id, its campaign gang's name.
Sides = dict[int | None, list[tuple[str, int | None, str]]]


def games_and_sides(session: Session, campaign: Campaign) -> tuple[list[Game], Sides]:
    """Every game of a campaign, oldest first, and their ``Sides``, in one statement (issue
    #23: ``game list`` asked a second); read once per READ unit of work (the campaign page's
    standings and its list of games both ask)."""
    kept: dict[int | None, tuple[list[Game], Sides]] | None = None
    if session.info.get("access") == Access.READ:
        kept = session.info.setdefault(_GAMES, {})
        if campaign.id in kept:
            return list(kept[campaign.id][0]), kept[campaign.id][1]
    games: list[Game] = []
    sides: Sides = {}
    for game, side, game_gang, gang in session.exec(
        _games_query(), params={"campaign": campaign.id}
    ):
        if not games or games[-1] is not game:
            games.append(game)
        if game_gang is not None:
            sides.setdefault(game.id, []).append((side, game_gang, gang))
    if kept is not None:
        kept[campaign.id] = (games, sides)
    return list(games), sides


@cache
def _games_query() -> Any:
    """``games_and_sides``' statement (``campaign``), built once (issue #23: built anew it cost
    twice the processor time): each game once per side (once if it has none) with its side."""
    return (
        select(Game, GameGang.side, GameGang.id, Gang.name)
        .outerjoin(GameGang, col(GameGang.game_id) == col(Game.id))
        .outerjoin(Gang, col(Gang.id) == col(GameGang.gang_id))
        .where(col(Game.campaign_id) == bindparam("campaign", type_=Integer))
        .order_by(col(Game.id), col(GameGang.id))
    )
