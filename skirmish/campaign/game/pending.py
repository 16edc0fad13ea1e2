"""What a gang still has to finish before its roster may change (R-23): a game being played,
or an ended game whose post-game sequence it has not run.

Only the tables are read here, so the between-games actions (``campaign.roster``,
``equipment``, ``advancement``), the game tracker (``campaign.game``) and the post-game sequence
(``campaign.postgame``) all ask this module without importing one another; the between-games
actions are refused here (``require_between_games``).
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from skirmish.campaign.game.tables import Game, GameGang
from skirmish.campaign.models import Gang, LogEntry
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError

#: Every action the post-game sequence logs (``campaign.postgame``), in its order.
POSTGAME_STEPS = (
    "wounded-healed",
    "recovery",
    "game-xp",
    "income",
    "bounty",
    "outlaw-mark",
    "gambler",
    "marked-cards",
    "infamy",
)


def standing_steps(session: Session, game: Game, gang_id: int) -> list[LogEntry]:
    """The gang's post-game entries for ``game`` that have not been undone."""
    undone = select(LogEntry.reverts).where(
        LogEntry.gang_id == gang_id, col(LogEntry.reverts).is_not(None)
    )
    rows = session.exec(
        select(LogEntry)
        .where(
            LogEntry.gang_id == gang_id,
            col(LogEntry.action).in_(POSTGAME_STEPS),
            col(LogEntry.id).not_in(undone),
        )
        .order_by(col(LogEntry.id))
    ).all()
    # Imported history (no undo state) names games of the database it came from: not this one.
    return [
        row for row in rows if row.details.get("game") == game.id and row.state_before is not None
    ]


def postgame_done(session: Session, game: Game, gg: GameGang) -> bool:
    """Whether the gang's post-game sequence for ``game`` stands (any step not undone)."""
    return bool(standing_steps(session, game, gg.gang_id))


def game_in_progress(session: Session, gang: Gang) -> Game | None:
    """The game ``gang`` is playing now, if any."""
    rows = session.exec(
        select(Game)
        .join(GameGang, col(GameGang.game_id) == col(Game.id))
        .where(GameGang.gang_id == gang.id, Game.status == GameStatus.IN_PROGRESS)
    ).all()
    return rows[0] if rows else None


def postgame_waiting(session: Session, gang: Gang) -> Game | None:
    """An ended game of ``gang`` whose post-game sequence it has not run (or has undone)."""
    assert gang.id is not None
    rows = session.exec(
        select(Game)
        .join(GameGang, col(GameGang.game_id) == col(Game.id))
        .where(GameGang.gang_id == gang.id, Game.status == GameStatus.ENDED)
        .order_by(col(Game.id))
    ).all()
    for game in rows:
        if not standing_steps(session, game, gang.id):
            return game
    return None


#: The Italian of what ``require_between_games`` refuses.
_WHAT_IT = {
    "an advance": "un avanzamento",
    "hiring": "ingaggiare",
    "firing": "licenziare",
    "buying": "comprare",
    "selling": "vendere",
    "equipping": "equipaggiare",
    "unequipping": "togliere l'equipaggiamento",
}


def require_between_games(session: Session, gang: Gang, what: str) -> None:
    """R-23: hiring, firing, buying, selling, equipping and advances happen between games: not
    while ``gang`` plays a game, nor before it has run the post-game sequence of its last one.
    (XP and injuries are not refused: they come from the game and its post-game.)"""
    what_it = _WHAT_IT.get(what, what)
    playing = game_in_progress(session, gang)
    if playing is not None:
        raise CampaignError(
            f"R-23: {gang.name!r} is playing game {playing.id} ({playing.scenario}); {what} "
            f"happens between games: finish game {playing.id} with 'skirmish game end' "
            "(or 'skirmish game abandon').",
            it=f"R-23: {gang.name!r} sta giocando la partita {playing.id} ({playing.scenario}); "
            f"{what_it} si fa tra una partita e l'altra: chiudi la partita {playing.id} con "
            "'skirmish game end' (o 'skirmish game abandon').",
        )
    waiting = postgame_waiting(session, gang)
    if waiting is not None:
        raise CampaignError(
            f"R-23: {gang.name!r} has not run the post-game sequence of game {waiting.id} "
            f"({waiting.scenario}); {what} happens between games: run "
            f"'skirmish game postgame --game {waiting.id}' first.",
            it=f"R-23: {gang.name!r} non ha fatto il dopo-partita della partita {waiting.id} "
            f"({waiting.scenario}); {what_it} si fa tra una partita e l'altra: esegui prima "
            f"'skirmish game postgame --game {waiting.id}'.",
        )
