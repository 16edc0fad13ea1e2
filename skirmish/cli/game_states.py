"""``game state``, ``leave``, ``spend`` and ``drink``: a state recorded from the table (R-04), a
civilian leaving it (R-20), a FAMA or FORTUNA point spent (R-15) and the whisky drunk (§8.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.campaign.game.commands import find
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.from_fields import inputs
from skirmish.cli.game_record import GameOpt, act
from skirmish.cli.game_text import say, state_word
from skirmish.cli.store_options import CampaignOpt
from skirmish.engine.glossary import label, parse
from skirmish.rules.model import Point

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.tables import Game


@inputs(find("state"))
def state(
    member: str,
    new_state: str,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``state`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.states import set_state  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        model = set_state(s, game=g, member=member, state=new_state)
        prone = say("prone", lang) if model.prone else ""
        flees = say("flees", lang) if model.fleeing else ""
        return [say("state", lang, name=model.name, state=state_word(model.state, lang),
                    prone=prone + flees)]  # fmt: skip

    act(db, campaign, game, json_, action, told=True)  # its line says the civilian flees


@inputs(find("leave"))
def leave(
    member: str,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``leave`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.states import leave as record  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        model = record(s, game=g, member=member)
        return [say("left", lang, name=model.name)]

    act(db, campaign, game, json_, action)


@inputs(find("spend"))
def spend(
    point: str,
    member: str,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``spend`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.board import member_of  # lazy: command
    from skirmish.campaign.game.states import spend as record  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        model = record(s, game=g, point=point, member=member)
        kind = parse(Point, point)
        left = getattr(member_of(s, model), kind) - getattr(model, f"{kind}_spent")
        return [say("spend", lang, name=model.name, point=label(kind, lang), left=left)]

    act(db, campaign, game, json_, action)


@inputs(find("drink"))
def drink(
    member: str,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``whisky`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.states import drink as drink_whisky  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        model = drink_whisky(s, game=g, member=member)
        return [say("drink", lang, name=model.name)]

    act(db, campaign, game, json_, action, None)
