"""``game objective``: what happened to a scenario's objective, as the scenario allows
(docs/scenarios.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt, bounded
from skirmish.cli.game_record import GameOpt, act
from skirmish.cli.store_options import CampaignOpt
from skirmish.limits import COUNT

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.tables import Game


def objective(
    objective: Annotated[
        str,
        typer.Argument(
            help="The objective: loot-sack, prisoner, hostage, "
            "mayor, witness, politician (Italian too)."
        ),
    ],
    event: Annotated[
        str,
        typer.Argument(
            help="pick-up, drop, recover, carry-off, free, recapture, escape, deliver, rescue, "
            "wound, kill, shelter, or carry (who carries or holds it now)."
        ),
    ],
    lang: LangOpt,
    by: Annotated[str | None, typer.Option("--by", help="The model doing it.")] = None,
    copy_no: Annotated[
        int | None,
        typer.Option(
            "--copy", min=1, callback=bounded(COUNT), help="Which one (loot sack 1 or 2)."
        ),
    ] = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``objective`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.objectives import objective as record

    def action(s: Session, g: Game) -> list[str]:
        record(s, game=g, name=objective, event=event, by=by, copy_no=copy_no)
        return []  # its events, as the log says them: game_record.consequences

    act(db, campaign, game, json_, action)
