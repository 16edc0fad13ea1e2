"""The campaign's standings: each gang's games, results, eliminations, points and rating.

Read with SQLAlchemy Core from the game's three tables, named here by the columns the count
needs (``GAME``, ``GAME_GANG``, ``GAME_MODEL``; a test holds them to the tables'), in three
set-based queries for the whole campaign: a roster prints its gang's line of the standings
without loading the game tracker (``campaign/game/*``, its SQLModel tables), which cost
``print roster`` about a twentieth of its start-up (issue #23, benchmarks/imports.md).
``campaign.game.history`` re-exports ``standings`` for the game's other views.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import column, table
from sqlalchemy import select as select_columns
from sqlmodel import Session, col, select

from skirmish.campaign.gangs import gang_rows
from skirmish.campaign.models import CampaignLine, Gang, GangLine
from skirmish.campaign.store import Access
from skirmish.campaign.views import ratings
from skirmish.engine.glossary import GameResult, GameStatus
from skirmish.rules.names import normalize

#: The columns of ``campaign.game.tables``' ``Game``, ``GameGang`` and ``GameModel`` read here.
GAME = table("game", column("id"), column("campaign_id"), column("status"), column("winner"))
GAME_GANG = table(
    "game_gang",
    column("id"),
    column("game_id"),
    column("gang_id"),
    column("side"),
    column("retreated"),
)
GAME_MODEL = table(
    "game_model",
    column("id"),
    column("game_id"),
    column("game_gang_id"),
    column("eliminated"),
    column("eliminated_by"),
)

#: Standings points: a win 3, a draw 1, a loss or a retreat 0 (decision: the book has none).
WIN_POINTS = 3
DRAW_POINTS = 1


def result_of(status: str, winner: str | None, side: str, retreated: str | None) -> GameResult:
    """A side's result in a game of ``status`` won by ``winner``: ``win``, ``loss``, ``draw``
    or ``retreat`` (a loss too, H-01) when it ended; ``abandoned`` or ``playing`` otherwise."""
    if status == GameStatus.ABANDONED:
        return GameResult.ABANDONED
    if status != GameStatus.ENDED:
        return GameResult.PLAYING
    if retreated is not None:
        return GameResult.RETREAT
    if winner is None:
        return GameResult.DRAW
    return GameResult.WIN if winner == side else GameResult.LOSS


def standings(
    session: Session,
    *,
    campaign: CampaignLine,
    rated: Mapping[str, int] | None = None,
    winners: Mapping[int, str | None] | None = None,
    gangs: Sequence[GangLine] | None = None,
) -> list[dict[str, Any]]:
    """Each gang's games, wins, losses, draws, retreats, eliminations, points (3 a win, 1 a
    draw) and rating (``campaign.views.ratings``, or ``rated`` by the gang's name when the
    caller has them already: the campaign page, issue #23), best first: points, then
    eliminations. ``winners``: the campaign's ended games' winning sides by game id, when the
    caller has read its games already (the campaign page, issue #23). ``gangs``: the lines of
    these gangs of the campaign alone, placed among themselves (a roster prints its own gang's
    games and wins: issue #23, it reads no other gang)."""
    rows: dict[int, dict[str, Any]] = {}
    if gangs is not None:
        pass
    elif session.info.get("access") == Access.READ:
        gangs = gang_rows(campaign, session)  # read by the page already, kept (issue #23)
    else:
        gangs = session.exec(
            select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id))
        ).all()
    if rated is None or any(g.name not in rated for g in gangs):
        by_id = ratings(session, gangs)
    else:
        by_id = {g.id: rated[g.name] for g in gangs}
    for gang in gangs:
        rows[int(gang.id or 0)] = {
            "gang": gang.name, "faction": gang.faction, "status": gang.status, "games": 0,
            "wins": 0, "losses": 0, "draws": 0, "retreats": 0, "eliminations": 0,
            "casualties": 0, "points": 0, "rating": by_id[gang.id],
        }  # fmt: skip
    if winners is None:
        ended = select_columns(GAME.c.id, GAME.c.winner).where(
            GAME.c.campaign_id == campaign.id, GAME.c.status == GameStatus.ENDED
        )
        winners = {game.id: game.winner for game in session.execute(ended)}
    sides: dict[int, list[Any]] = defaultdict(list)
    models: dict[int, list[Any]] = defaultdict(list)
    if winners:
        in_games = list(winners)
        side_rows = select_columns(GAME_GANG).where(GAME_GANG.c.game_id.in_(in_games))
        for gang_side in session.execute(side_rows):
            sides[gang_side.game_id].append(gang_side)
        model_rows = select_columns(GAME_MODEL).where(GAME_MODEL.c.game_id.in_(in_games))
        for model in session.execute(model_rows):
            models[model.game_id].append(model)
    for game_id, winner in winners.items():
        in_game = models[game_id]
        for side in sides[game_id]:
            row = rows.get(side.gang_id)
            if row is None:  # a gang the caller did not ask for
                continue
            result = result_of(GameStatus.ENDED, winner, side.side, side.retreated)
            row["games"] += 1
            row["wins"] += result is GameResult.WIN
            row["draws"] += result is GameResult.DRAW
            row["losses"] += result in (GameResult.LOSS, GameResult.RETREAT)
            row["retreats"] += result is GameResult.RETREAT
            mine = {m.id for m in in_game if m.game_gang_id == side.id}
            row["eliminations"] += sum(
                1 for m in in_game if m.eliminated and m.eliminated_by in mine and m.id not in mine
            )
            row["casualties"] += sum(1 for m in in_game if m.id in mine and m.eliminated)
    for row in rows.values():
        row["points"] = WIN_POINTS * row["wins"] + DRAW_POINTS * row["draws"]
    ranked = sorted(
        rows.values(),
        key=lambda r: (-r["points"], -r["eliminations"], -r["rating"], normalize(r["gang"])),
    )
    for place, row in enumerate(ranked, start=1):
        row["place"] = place
    return ranked
