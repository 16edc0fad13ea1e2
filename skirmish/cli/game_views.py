"""Campaign views built from the games, registered on the ``campaign`` and ``member`` nouns:
``campaign standings``, ``campaign graveyard`` and ``member history GANG MEMBER``.

``register_campaign(app)`` and ``register_member(app)`` add them to those Typer apps.
"""

from __future__ import annotations

from typing import Annotated

import typer

from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.i18n import Lang

HEADERS = {
    "en": (
        "#",
        "gang",
        "games",
        "wins",
        "losses",
        "draws",
        "retreats",
        "eliminations",
        "points",
        "rating",
    ),
    "it": (
        "#",
        "banda",
        "partite",
        "vinte",
        "perse",
        "pari",
        "ritirate",
        "eliminati",
        "punti",
        "valore",
    ),
}


def standings(
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Standings: each gang's games, wins, losses, draws, retreats, eliminations, points (3 a
    win, 1 a draw) and rating (what the gang is worth).

    Example: skirmish campaign standings --json
    """
    from rich.table import Table

    from skirmish.campaign import lookup
    from skirmish.campaign.game.history import standings as rows_of

    with session(db, access="read") as s:
        rows = rows_of(s, campaign=lookup.current_campaign(s, campaign))
    if json_:
        emit(rows)
        return
    table = Table()
    for header in HEADERS[str(lang)]:
        table.add_column(header)
    for r in rows:
        table.add_row(
            str(r["place"]), cell(r["gang"]), str(r["games"]), str(r["wins"]), str(r["losses"]),
            str(r["draws"]), str(r["retreats"]), str(r["eliminations"]), str(r["points"]),
            f"{r['rating']}$",
        )  # fmt: skip
    console().print(table)


def graveyard(
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The graveyard: models dead after a game (R-10), with the game and who eliminated them.

    Example: skirmish campaign graveyard
    """
    from skirmish.campaign import lookup
    from skirmish.campaign.game.history import graveyard as rows_of

    with session(db, access="read") as s:
        rows = rows_of(s, campaign=lookup.current_campaign(s, campaign))
    if json_:
        emit(rows)
        return
    if not rows:
        echo("Nessun morto." if lang == Lang.IT else "Nobody has died yet.")
    for r in rows:
        where = f", game {r['game']} ({r['scenario']})" if r["game"] else ""
        by = f", eliminated by {r['eliminated_by']}" if r["eliminated_by"] else ""
        echo(f"{r['name']} ({r['gang']}, {r['profile']}, {r['xp']} XP){where}{by}")


def history(
    gang: Annotated[str, typer.Argument(help="Name of the gang.")],
    member: Annotated[str, typer.Argument(help="Name of the model (the dead too).")],
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """A model's history: its games, eliminations, injuries and advances.

    Example: skirmish member history Earps "Wyatt Earp"
    """
    from skirmish.campaign import lookup
    from skirmish.campaign.game.history import member_history

    with session(db, access="read") as s:
        data = member_history(
            s, campaign=lookup.current_campaign(s, campaign), gang=gang, member=member
        )
    if json_:
        emit(data)
        return
    echo(
        f"{data['name']} ({data['gang']}, {data['profile']}): {data['status']}, {data['xp']} XP, "
        f"{len(data['games'])} game(s), {data['eliminations']} elimination(s)"
    )
    for g in data["games"]:
        kills = f", eliminated {', '.join(g['eliminations'])}" if g["eliminations"] else ""
        fell = ""
        if g["eliminated"]:
            fell = ", fell" + (f" to {g['eliminated_by']}" if g["eliminated_by"] else "")
        echo(f"  game {g['game']} {g['scenario']}: {g['result']}{kills}{fell}")
    for r in data["recoveries"]:
        extra = f" ({r['invalidity']})" if r["invalidity"] else ""
        echo(f"  recovery after game {r['game']}: {r['outcome']}{extra}")
    if data["injuries"]:
        echo(f"  injuries: {', '.join(data['injuries'])}")
    for a in data["advances"]:
        what = a["skill"] or a["advance"]
        echo(f"  advance: {what} for {a['cost']} XP")


def register_campaign(app: typer.Typer) -> None:
    """Add ``standings`` and ``graveyard`` to the ``campaign`` app."""
    app.command("standings")(standings)
    app.command("graveyard")(graveyard)


def register_member(app: typer.Typer) -> None:
    """Add ``history`` to the ``member`` app."""
    app.command("history")(history)
