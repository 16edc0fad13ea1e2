"""The game tracker's questions about what a gang still owes (R-23): the ``Game`` it is
playing or whose post-game sequence it has not run (``game start``), the gangs of an ended game
that still owe it (``game list``, ``game status``), and whether a side's post-game sequence
stands (``campaign.postgame``, the web's post-game pages).

The between-games refusal (``require_between_games``), ``gang show``'s ``owed_by`` and the
reminders every command prints are ``campaign.owed``: they read the game's tables with Core and
load neither this package nor the scenarios (issue #23).
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from skirmish.campaign.game.tables import Game, GameGang, GameLine
from skirmish.campaign.models import Gang, LogEntry
from skirmish.campaign.owed import playing, standing_entries, waiting
from skirmish.engine.glossary import GameStatus
from skirmish.rules.model import Side


def standing_steps(session: Session, game: Game, gang_id: int) -> list[LogEntry]:
    """The gang's post-game entries for ``game`` that have not been undone."""
    return standing_entries(session, game.id, gang_id)


def postgame_done(session: Session, game: Game, gg: GameGang) -> bool:
    """Whether the gang's post-game sequence for ``game`` stands (any step not undone)."""
    return bool(standing_entries(session, game.id, gg.gang_id))


def game_in_progress(session: Session, gang: Gang) -> Game | None:
    """The game ``gang`` is playing now, if any."""
    found = playing(session, gang)
    return None if found is None else session.get(Game, found.id)


def postgame_waiting(session: Session, gang: Gang) -> Game | None:
    """An ended game of ``gang`` whose post-game sequence it has not run (or has undone)."""
    found = waiting(session, gang)
    return None if found is None else session.get(Game, found.id)


def owing(session: Session, game: GameLine) -> list[str]:
    """The gangs of ``game`` that still owe its post-game sequence (none unless it has ended),
    good side first (what ``game list`` and ``game status`` say). Its sides are read with
    their gangs' names (issue #23: no gang looked up apart, which a page that read its gangs
    as rows would ask the store for)."""
    if game.status != GameStatus.ENDED:
        return []
    rows = session.exec(
        select(GameGang, Gang.name)
        .join(Gang, col(Gang.id) == col(GameGang.gang_id))
        .where(GameGang.game_id == game.id)
        .order_by(col(GameGang.id))
    ).all()
    names = []
    for gg, gang_name in sorted(rows, key=lambda row: (row[0].side != Side.GOOD, row[0].id)):
        if not standing_entries(session, game.id, gg.gang_id):
            names.append(gang_name)
    return names
