"""What a gang still has to finish before its roster may change (R-23): a game being played,
or an ended game whose post-game sequence it has not run.

Only the tables are read here, so the between-games actions (``campaign.roster``,
``equipment``, ``advancement``), the game tracker (``campaign.game``) and the post-game sequence
(``campaign.postgame``) all ask this module without importing one another; the between-games
actions are refused here (``require_between_games``).

What is still owed is also said, not only refused (issue #10): ``owing`` (the gangs of an ended
game) for ``game list`` and ``game status``, ``owed_by`` for ``gang show``, and ``reminders``
(the gangs a command touched) for the one-line note every command prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.game.tables import Game, GameGang
from skirmish.campaign.models import Gang, LogEntry
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError
from skirmish.rules.model import Side
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import NP_, Both, Message

#: Every action the post-game sequence logs (``campaign.postgame``), in its order.
POSTGAME_STEPS = (
    "used-up",
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


#: What ``require_between_games`` refuses, by the word its callers pass: the msgid of its words
#: ("{what} happens between games").
_WHAT = {
    "an advance": NP_("between games", "an advance"),
    "hiring": NP_("between games", "hiring"),
    "firing": NP_("between games", "firing"),
    "buying": NP_("between games", "buying"),
    "selling": NP_("between games", "selling"),
    "equipping": NP_("between games", "equipping"),
    "unequipping": NP_("between games", "unequipping"),
}


def require_between_games(session: Session, gang: Gang, what: str) -> None:
    """R-23: hiring, firing, buying, selling, equipping and advances happen between games: not
    while ``gang`` plays a game, nor before it has run the post-game sequence of its last one.
    (XP and injuries are not refused: they come from the game and its post-game.)"""
    said = Message(_WHAT[what]) if what in _WHAT else what
    playing = game_in_progress(session, gang)
    if playing is not None:
        played = find_scenario(playing.scenario)
        raise CampaignError(
            Message(
                "R-23: {gang_name!r} is playing game {playing_id} ({played_name}); "
                "{what} happens between games: finish game "
                "{playing_id}{on_command_line_with_skirmish}.",
                gang_name=gang.name,
                playing_id=playing.id,
                played_name=Both(played.name_en, played.name_it),
                what=said,
                on_command_line_with_skirmish=Message(
                    "⟪ with 'skirmish game end' (or 'skirmish game abandon')¦⟫"
                ),
            )
        )
    waiting = postgame_waiting(session, gang)
    if waiting is not None:
        ended = find_scenario(waiting.scenario)
        raise CampaignError(
            Message(
                "R-23: {gang_name!r} has not run the post-game sequence of game "
                "{waiting_id} ({ended_name}); {what} happens between games: run "
                "{on_command_line_f_skirmish_game_postgame_game} first.",
                gang_name=gang.name,
                waiting_id=waiting.id,
                ended_name=Both(ended.name_en, ended.name_it),
                what=said,
                on_command_line_f_skirmish_game_postgame_game=Message(
                    "⟪'skirmish game postgame --game {waiting_id}'¦it⟫", waiting_id=waiting.id
                ),
            )
        )


@dataclass(frozen=True)
class Owed:
    """A post-game sequence a gang still owes: which gang, which game (issue #10)."""

    gang: str
    game: int
    scenario: str


def owed_by(session: Session, gang: Gang) -> Owed | None:
    """The post-game sequence ``gang`` still owes, if any (``postgame_waiting``)."""
    waiting = postgame_waiting(session, gang)
    if waiting is None:
        return None
    assert waiting.id is not None
    return Owed(gang.name, waiting.id, waiting.scenario)


def owing(session: Session, game: Game) -> list[str]:
    """The gangs of ``game`` that still owe its post-game sequence (none unless it has ended),
    good side first (what ``game list`` and ``game status`` say)."""
    if game.status != GameStatus.ENDED:
        return []
    rows = session.exec(
        select(GameGang).where(GameGang.game_id == game.id).order_by(col(GameGang.id))
    ).all()
    names = []
    for gg in sorted(rows, key=lambda g: (g.side != Side.GOOD, g.id)):
        if not standing_steps(session, game, gg.gang_id):
            gang = session.get(Gang, gg.gang_id)
            assert gang is not None
            names.append(gang.name)
    return names


def reminders(session: Session) -> list[Owed]:
    """The post-game sequences owed by the gangs the unit of work touched (``lookup.touched``),
    after its changes: what the CLI reminds the player of, once per command."""
    found = []
    for gang_id in lookup.touched_gangs(session):
        gang = session.get(Gang, gang_id)
        owed = owed_by(session, gang) if gang is not None else None
        if owed is not None:
            found.append(owed)
    return found
