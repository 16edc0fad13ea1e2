"""Campaign views built from the games, registered on the ``campaign`` and ``member`` nouns:
``campaign standings``, ``campaign graveyard`` and ``member history GANG MEMBER``.

``register_campaign(app)`` and ``register_member(app)`` add them to those Typer apps.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.help_text import example
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, Lang, messages, name, tr
from skirmish.rules import find_profile, recovery_table
from skirmish.translation import N_, NP_, gettext, ngettext

#: The standings' columns (``HEADERS[lang].values()``), their Italian in the catalogue.
HEADERS: Catalogue = messages(
    {
        "place": "#",
        "gang": NP_("standings column", "gang"),
        "games": NP_("standings column", "games"),
        "wins": NP_("standings column", "wins"),
        "losses": NP_("standings column", "losses"),
        "draws": NP_("standings column", "draws"),
        "retreats": NP_("standings column", "retreats"),
        "eliminations": NP_("standings column", "eliminations"),
        "points": NP_("standings column", "points"),
        "rating": NP_("standings column", "rating"),
    }
)


def standings(
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``standings``: its help is ``HELPS``'."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.history import standings as rows_of  # lazy: command

    with session(db, access="read") as s:
        rows = rows_of(s, campaign=lookup.current_campaign(s, campaign))
    if json_:
        emit(rows)
        return
    table = Table()
    for header in HEADERS[str(lang)].values():
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
    """``graveyard``: its help is ``HELPS``'."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.history import graveyard as rows_of  # lazy: command

    with session(db, access="read") as s:
        rows = rows_of(s, campaign=lookup.current_campaign(s, campaign))
    if json_:
        emit(rows)
        return
    if not rows:
        echo(gettext(lang, "Nobody has died yet."))
    for r in rows:
        where = (
            _say("dead-game", lang, game=r["game"], scenario=_scenario(r["scenario"], lang))
            if r["game"]
            else ""
        )
        by = _say("dead-by", lang, name=r["eliminated_by"]) if r["eliminated_by"] else ""
        profile = _profile(r["profile"], lang)
        echo(_say("dead", lang, name=r["name"], gang=r["gang"], profile=profile, xp=r["xp"],
                  where=where, by=by))  # fmt: skip


def history(
    gang: Annotated[str, typer.Argument(help=N_("Name of the gang."))],
    member: Annotated[str, typer.Argument(help=N_("Name of the model (the dead too)."))],
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``history``: its help is ``HELPS``'."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.history import member_history  # lazy: command

    with session(db, access="read") as s:
        data = member_history(
            s, campaign=lookup.current_campaign(s, campaign), gang=gang, member=member
        )
    if json_:
        emit(data)
        return
    from skirmish.campaign.text import result_word  # lazy: command
    from skirmish.campaign.views import injury_name, skill_name  # lazy: command
    from skirmish.cli.gang import status_word  # lazy: command

    profile, status = _profile(data["profile"], lang), status_word(data["status"], lang)
    echo(_say("member", lang, name=data["name"], gang=data["gang"], profile=profile,
              status=status, xp=data["xp"],
              games=ngettext(lang, "{n} game", "{n} games", len(data["games"])),
              eliminations=ngettext(lang, "{n} elimination", "{n} eliminations",
                                    data["eliminations"])))  # fmt: skip
    for g in data["games"]:
        kills = ""
        if g["eliminations"]:
            kills = _say("kills", lang, names=", ".join(g["eliminations"]))
        fell = ""
        if g["eliminated"]:
            by = _say("fell-to", lang, name=g["eliminated_by"]) if g["eliminated_by"] else ""
            fell = _say("fell", lang, by=by)
        echo(_say("game", lang, game=g["game"], scenario=_scenario(g["scenario"], lang),
                  result=result_word(g["result"], lang), kills=kills, fell=fell))  # fmt: skip
    for r in data["recoveries"]:
        extra = f" ({injury_name(r['invalidity'], lang)})" if r["invalidity"] else ""
        echo(_say("recovery", lang, game=r["game"], outcome=_recovery(r["outcome"], lang),
                  extra=extra))  # fmt: skip
    if data["injuries"]:
        # an invalidity (§6.5), or "wounded" for the next game, by the book's words
        injuries = ", ".join(
            _recovery(i, lang) if injury_name(i, lang) == i else injury_name(i, lang)
            for i in data["injuries"]
        )
        echo(_say("injuries", lang, injuries=injuries))
    for a in data["advances"]:
        what = skill_name(a["skill"], lang) if a["skill"] else str(a["advance"]).upper()
        echo(_say("advance", lang, what=what, cost=a["cost"]))


#: What ``member history`` and ``campaign graveyard`` say, in both languages.
MESSAGES: Catalogue = messages(
    {
        "member": N_("{name} ({gang}, {profile}): {status}, {xp} XP, {games}, {eliminations}"),
        "game": N_("  game {game} {scenario}: {result}{kills}{fell}"),
        "kills": N_(", eliminated {names}"),
        "fell": N_(", fell{by}"),
        "fell-to": N_(" to {name}"),
        "recovery": N_("  recovery after game {game}: {outcome}{extra}"),
        "injuries": N_("  injuries: {injuries}"),
        "advance": N_("  advance: {what} for {cost} XP"),
        "dead": N_("{name} ({gang}, {profile}, {xp} XP){where}{by}"),
        "dead-game": N_(", game {game} ({scenario})"),
        "dead-by": N_(", eliminated by {name}"),
    }
)


def _say(key: str, lang: Lang, **values: Any) -> str:
    return tr(MESSAGES, key, lang, **values)


def _profile(profile: str, lang: Lang) -> str:
    """A profile by the book's name (its id if this version does not know it)."""
    try:
        return name(find_profile(profile), lang)
    except SkirmishError:
        return profile


def _scenario(scenario: str, lang: Lang) -> str:
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    try:
        return name(find_scenario(scenario), lang)
    except SkirmishError:
        return scenario


def _recovery(outcome: str, lang: Lang) -> str:
    return next((name(r, lang) for r in recovery_table() if r.id == outcome), outcome)


#: The help screens of the commands above.
HELPS = {
    "standings": N_(
        "Standings: each gang's games, wins, losses, draws, retreats, eliminations, points (3 a "
        "win, 1 a draw) and rating (what the gang is worth)."
    )
    + "\n\n"
    + example(N_("skirmish campaign standings --json")),
    "graveyard": N_(
        "The graveyard: models dead after a game (R-10), with the game and who eliminated them."
    )
    + "\n\n"
    + example(N_("skirmish campaign graveyard")),
    "history": N_("A model's history: its games, eliminations, injuries and advances.")
    + "\n\n"
    + example(N_('skirmish member history Earps "Wyatt Earp"')),
}


def register_campaign(app: typer.Typer) -> None:
    """Add ``standings`` and ``graveyard`` to the ``campaign`` app."""
    app.command("standings", help=HELPS["standings"])(standings)
    app.command("graveyard", help=HELPS["graveyard"])(graveyard)


def register_member(app: typer.Typer) -> None:
    """Add ``history`` to the ``member`` app."""
    app.command("history", help=HELPS["history"])(history)
