"""How every ``skirmish game`` command records its action: the game it works on (``--game``,
else the campaign's game in progress or its latest), the models it names, one transaction for
the action and its events, and the lines it prints or its events as JSON (``--json``).

Every command is one transaction on the campaign database: the game's rows and its event (with
every die) are written together, so the laptop can be closed between any two commands. Nothing
here imports the database stack at module level (STYLE.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.cli.common_flags import bounded
from skirmish.cli.game_text import on_command_line, reason_text, say
from skirmish.cli.safe import echo
from skirmish.cli.store_options import Dice, emit, session
from skirmish.engine.glossary import GameStatus
from skirmish.i18n import Lang
from skirmish.limits import GAME
from skirmish.translation import N_

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.tables import Game


GameOpt = Annotated[
    int | None,
    typer.Option(
        "--game",
        callback=bounded(GAME),
        help=N_("Game number (default: the game in progress, else the latest)."),
    ),
]


def game_of(s: Session, campaign: str | None, game: int | None) -> Game:
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.board import current_game  # lazy: command

    return current_game(s, lookup.current_campaign(s, campaign), game)


def board_of(db: str | None, campaign: str | None, game: int | None) -> dict[str, Any]:
    """The game's board, read in a transaction of its own."""
    from skirmish.campaign.game.status import board  # lazy: command

    with session(db, access="read") as s:
        return board(s, game=game_of(s, campaign, game))


def _last_event_id(s: Session, game: Game) -> int:
    from skirmish.campaign.game.board import events_of  # lazy: command

    events = events_of(s, game)
    return events[-1].id or 0 if events else 0


def events_after(s: Session, game: Game, after: int) -> list[dict[str, Any]]:
    from skirmish.campaign.game.board import events_of  # lazy: command

    return [
        {
            "id": e.id,
            "turn": e.turn,
            "action": e.action,
            "details": e.details,
            "dice": e.dice,
        }
        for e in events_of(s, game)
        if (e.id or 0) > after
    ]


def act(
    db: str | None,
    campaign: str | None,
    game_no: int | None,
    json_: bool,
    action: Callable[[Session, Game], list[str]],
    dice: Dice | None = None,
    *,
    told: bool = False,
) -> None:
    """Run one action on the game in one transaction; print its lines or its events as JSON,
    then what the action brought about by itself (``consequences``) unless its own lines have
    ``told`` it already."""
    with session(db) as s:
        game = game_of(s, campaign, game_no)
        mark = _last_event_id(s, game)
        playing = game.status == GameStatus.IN_PROGRESS
        lines = action(s, game)
        if dice is not None:
            dice.check_all_used()
        if json_:
            emit({"game": game.id, "turn": game.turn, "events": events_after(s, game, mark)})
            return
        lines = lines if told else lines + consequences(s, game, mark)
        if playing and game.status == GameStatus.ENDED and not _says_ended(s, game, lines):
            from skirmish.cli.dice_prompt import current_lang  # lazy: command

            lines += ended_lines(s, game, Lang(current_lang()))  # the action ended the game
    for line in lines:
        echo(line)


#: What an action brings about by itself (a dropped sack, a captive kept, a friend's fall, a
#: civilian fleeing): said after the action's own lines, one sentence per event, as the game's
#: log says it (``game_log``), so no command words them twice or shows an id.
CONSEQUENCES = frozenset({"objective", "friend-death", "flee"})


def consequences(s: Session, game: Game, after: int) -> list[str]:
    """The sentences of the consequences the action recorded (events after id ``after``)."""
    from skirmish.campaign.game.board import scenario_of  # lazy: command
    from skirmish.cli.dice_prompt import current_lang  # lazy: command
    from skirmish.cli.game_log import told  # lazy: command

    follow = [e for e in events_after(s, game, after) if e["action"] in CONSEQUENCES]
    return told(follow, scenario_of(game), Lang(current_lang())) if follow else []


def _says_ended(s: Session, game: Game, lines: list[str]) -> bool:
    """Whether the action's own lines already say the game ended (``game end``, ``retreat``)."""
    return any(line in lines for lang in Lang for line in ended_lines(s, game, lang))


def ended_lines(s: Session, game: Game, lang: Lang) -> list[str]:
    from skirmish.campaign.game.board import scenario_of  # lazy: command
    from skirmish.campaign.game.status import board  # lazy: command

    data = board(s, game=game)
    winner = say("wins", lang, gang=data["winner"]) if data["winner"] else say("draw", lang)
    reason = reason_text(data["reason"], scenario_of(game), lang)
    return [say(on_command_line("ended"), lang, winner=winner, reason=reason)]


def entry_name(entry: Any, lang: Lang) -> str:
    return str(entry.name_it if lang == Lang.IT else entry.name_en)
