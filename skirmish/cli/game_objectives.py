"""``game objective``: what happened to a scenario's objective, as the scenario allows
(docs/scenarios.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.campaign.game.commands import find
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.from_fields import inputs
from skirmish.cli.game_record import GameOpt, act
from skirmish.cli.store_options import CampaignOpt

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.tables import Game


@inputs(find("objective"))
def objective(
    objective: str,
    event: str,
    by: str | None,
    copy: int | None,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``objective`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.objectives import objective as record  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        record(s, game=g, name=objective, event=event, by=by, copy_no=copy)
        return []  # its events, as the log says them: game_record.consequences

    act(db, campaign, game, json_, action)
