"""What a gang still has to finish before its roster may change (R-23): a game being played,
or an ended game whose post-game sequence it has not run.

The between-games actions (``campaign.roster``, ``equipment``, ``advancement``,
``choices``) are refused here (``require_between_games``), and ``gang show`` says what a gang
still owes (``owed_by``, issue #10). Both read the game's two tables with SQLAlchemy Core,
named here by the columns they need: neither loads the game tracker (``campaign/game/*``, its
SQLModel tables) nor parses the scenarios' TOML, which cost ``gang show`` about a sixth of its
start-up (issue #23, benchmarks/imports.md); the scenario is loaded only to name it in a
refusal (``# lazy: game``). ``campaign.game.pending`` keeps the game tracker's own questions
(the ``Game`` rows of ``game start`` and ``game status``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from sqlalchemy import Integer, String, bindparam, column, table
from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.models import Gang, GangLine, LogEntry
from skirmish.campaign.store import column_rows
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError
from skirmish.translation import NP_, Both, Message

#: The columns of ``campaign.game.tables``' ``Game`` and ``GameGang`` read here (a test holds
#: them to the tables').
GAME = table("game", column("id"), column("status"), column("scenario"))
GAME_GANG = table("game_gang", column("game_id"), column("gang_id"))

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


def standing_entries(session: Session, game_id: int | None, gang_id: int) -> list[LogEntry]:
    """The gang's post-game entries for game ``game_id`` that have not been undone."""
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
        row for row in rows if row.details.get("game") == game_id and row.state_before is not None
    ]


class GameRow(NamedTuple):
    """A game of a gang as read here: its id and scenario id."""

    id: int
    scenario: str


def _games(session: Session, gang_id: int | None, status: str) -> list[GameRow]:
    """The games of the gang ``gang_id`` with ``status``, oldest first."""
    found = column_rows(session, _games_query(), {"gang": gang_id, "status": str(status)})
    return [GameRow(int(row[0]), str(row[1])) for row in found]


@cache
def _games_query() -> Any:
    """``_games``'s statement (parameters ``gang`` and ``status``), built once (issue #23)."""
    return games_of_gang(
        bindparam("gang", type_=Integer), bindparam("status", type_=String)
    ).order_by(GAME.c.id)


def games_of_gang(gang: Any, status: Any, shown: Any = None) -> Any:
    """The games of the gang ``gang`` with ``status`` (each a bound parameter or a value), in no
    order (``_games`` orders them by id): their id and scenario, or what ``shown`` makes of
    those two columns (``views`` reads a gang's ended games beside its other rows, issue
    #23)."""
    columns = (GAME.c.id, GAME.c.scenario) if shown is None else shown(GAME.c.id, GAME.c.scenario)
    return (
        select(*columns)
        .select_from(GAME)
        .join(GAME_GANG, GAME_GANG.c.game_id == GAME.c.id)
        .where(GAME_GANG.c.gang_id == gang, GAME.c.status == status)
    )


def playing(session: Session, gang: Gang) -> GameRow | None:
    """The game ``gang`` is playing now, if any."""
    rows = _games(session, gang.id, GameStatus.IN_PROGRESS)
    return rows[0] if rows else None


def waiting(
    session: Session, gang: GangLine, ended: Sequence[GameRow] | None = None
) -> GameRow | None:
    """An ended game of ``gang`` whose post-game sequence it has not run (or has undone).
    ``ended``: the gang's ended games, oldest first, when read already (``views.gang_data``
    reads them beside the gang's other rows: issue #23)."""
    assert gang.id is not None
    games = _games(session, gang.id, GameStatus.ENDED) if ended is None else ended
    for game in games:
        if not standing_entries(session, game.id, gang.id):
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


def _scenario_name(scenario_id: str) -> Both:
    """The scenario's name in both languages, for a refusal."""
    # lazy: game
    from skirmish.rules.scenarios import find_scenario

    found = find_scenario(scenario_id)
    return Both(found.name_en, found.name_it)


def require_between_games(session: Session, gang: Gang, what: str) -> None:
    """R-23: hiring, firing, buying, selling, equipping and advances happen between games: not
    while ``gang`` plays a game, nor before it has run the post-game sequence of its last one.
    (XP and injuries are not refused: they come from the game and its post-game.)"""
    said = Message(_WHAT[what]) if what in _WHAT else what
    game = playing(session, gang)
    if game is not None:
        raise CampaignError(
            Message(
                "R-23: {gang_name!r} is playing game {playing_id} ({played_name}); "
                "{what} happens between games: finish game "
                "{playing_id}{on_command_line_with_skirmish}.",
                gang_name=gang.name,
                playing_id=game.id,
                played_name=_scenario_name(game.scenario),
                what=said,
                on_command_line_with_skirmish=Message(
                    "⟪ with 'skirmish game end' (or 'skirmish game abandon')¦⟫"
                ),
            )
        )
    ended = waiting(session, gang)
    if ended is not None:
        raise CampaignError(
            Message(
                "R-23: {gang_name!r} has not run the post-game sequence of game "
                "{waiting_id} ({ended_name}); {what} happens between games: run "
                "{on_command_line_f_skirmish_game_postgame_game} first.",
                gang_name=gang.name,
                waiting_id=ended.id,
                ended_name=_scenario_name(ended.scenario),
                what=said,
                on_command_line_f_skirmish_game_postgame_game=Message(
                    "⟪'skirmish game postgame --game {waiting_id}'¦it⟫", waiting_id=ended.id
                ),
            )
        )


class Owed(NamedTuple):
    """A post-game sequence a gang still owes: which gang, which game (issue #10)."""

    gang: str
    game: int
    scenario: str


def owed_by(
    session: Session, gang: GangLine, ended: Sequence[GameRow] | None = None
) -> Owed | None:
    """The post-game sequence ``gang`` still owes, if any (``waiting``, ``ended`` as there)."""
    game = waiting(session, gang, ended)
    return None if game is None else Owed(gang.name, game.id, game.scenario)


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
