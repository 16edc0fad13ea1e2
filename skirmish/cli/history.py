"""``skirmish log [GANG]`` shows the campaign log; ``skirmish undo GANG`` reverts a gang's last
action exactly (money, XP, models, items)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from skirmish.cli.between import command
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt, bounded
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.errors import named
from skirmish.i18n import Catalogue, tr
from skirmish.limits import LAST

#: What each kind of campaign log entry is called in the log's "action" column (``--json``
#: keeps the stored action).
ACTIONS: Catalogue = {
    "en": {
        "campaign-new": "new campaign", "campaign-set": "house rule", "gang-new": "new gang",
        "gang-rename": "gang renamed", "gang-retire": "gang retired",
        "member-rename": "model renamed", "handle-set": "handle", "handle-cleared": "handle",
        "hire": "hire", "fire": "fire", "injure": "injury", "buy": "purchase", "sell": "sale",
        "equip": "equip", "unequip": "unequip", "advance": "advance", "xp": "XP",
        "undo": "undo", "import": "import", "game-start": "game start",
        "game-end": "game end", "game-abandon": "game abandoned",
        "wounded-healed": "healed", "used-up": "used up", "recovery": "recovery",
        "game-xp": "game XP", "income": "income", "bounty": "bounty",
        "outlaw-mark": "outlaws", "gambler": "gambler", "marked-cards": "marked cards",
        "infamy": "infamy", "undone": "undone",
        "campaign-address": "web address", "print-choice": "print choice",
    },
    "it": {
        "campaign-new": "nuova campagna", "campaign-set": "regola della casa",
        "gang-new": "nuova banda", "gang-rename": "banda rinominata",
        "gang-retire": "banda ritirata", "member-rename": "personaggio rinominato",
        "handle-set": "soprannome", "handle-cleared": "soprannome", "hire": "assoldato",
        "fire": "congedato", "injure": "ferita", "buy": "acquisto", "sell": "vendita",
        "equip": "equipaggia", "unequip": "toglie", "advance": "avanzamento", "xp": "PE",
        "undo": "annullamento", "import": "importazione", "game-start": "inizio partita",
        "game-end": "fine partita", "game-abandon": "partita abbandonata",
        "wounded-healed": "guarito", "used-up": "consumato", "recovery": "recupero",
        "game-xp": "PE della partita", "income": "guadagno", "bounty": "taglia",
        "outlaw-mark": "fuorilegge", "gambler": "giocatore d'azzardo",
        "marked-cards": "carte truccate", "infamy": "infamia", "undone": "annullata",
        "campaign-address": "indirizzo web", "print-choice": "scelta di stampa",
    },
}  # fmt: skip

#: Who made a log entry (issue #11): the column, the command line, an account since removed.
AUTHORS: Catalogue = {
    "en": {"column": "by", "cli": "CLI"},
    "it": {"column": "chi", "cli": "riga di comando"},
}


def action_word(action: str, lang: str) -> str:
    """A log entry's action in ``lang``: its name, never the stored id (an action this table
    does not know reads as its words)."""
    table = ACTIONS.get(str(lang), ACTIONS["en"])
    return table.get(action) or action.replace("-", " ")


log_app = typer.Typer(name="log", add_completion=False)
undo_app = typer.Typer(name="undo", add_completion=False)


@log_app.command("log")
def log(
    lang: LangOpt,
    gang: Annotated[
        str | None, typer.Argument(help="Only this gang's entries.", show_default=False)
    ] = None,
    last: Annotated[
        int | None,
        typer.Option(
            "--last", callback=bounded(LAST), help="Only the latest N entries (1 to 1,000,000)."
        ),
    ] = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Show the campaign log: every action, its dice, money and XP before and after.

    Example: skirmish log Earps --last 10
    """
    from rich.table import Table

    from skirmish.campaign import logbook, lookup
    from skirmish.campaign.listings import log_rows
    from skirmish.campaign.text import describe_entry

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        chosen = lookup.gang_by_name(s, found, gang) if gang is not None else None
        rows = log_rows(s, found, lang, gang=chosen, last=last)
        entries = logbook.history(s, campaign=found, gang=chosen, limit=last)
        texts = [describe_entry(e, lang) for e in entries]
    if json_:
        emit(rows)
        return
    if not rows:
        echo("The log is empty." if lang == "en" else "Il registro è vuoto.")
        return
    table = Table()
    italian = lang == "it"
    for column in (
        ("#", "quando", "banda", "azione", "cosa", "dadi", "$", "PE")
        if italian
        else ("#", "at", "gang", "action", "what", "dice", "$", "XP")
    ):
        table.add_column(column)
    # Who made each entry (issue #11), only once someone other than the command line has.
    by_whom = any(row["author"] is not None for row in rows)
    if by_whom:
        table.add_column(tr(AUTHORS, "column", lang))
    undone = {row["reverts"] for row in rows if row["reverts"] is not None}
    for row, text in zip(rows, texts, strict=True):
        dice = _dice_text(row["dice"])
        money = _change(row["money_before"], row["money_after"])
        xp = _change(row["xp_before"], row["xp_after"])
        mark = f" ({action_word('undone', lang)})" if row["id"] in undone else ""
        what = (f"{row['ruling']}: " if row["ruling"] else "") + text
        table.add_row(
            str(row["id"]), cell(row["at"].replace("T", " ").rstrip("Z")), cell(row["gang"] or ""),
            cell(action_word(row["action"], lang) + mark), cell(what), cell(dice), money, xp,
            *([cell(row["author"] or tr(AUTHORS, "cli", lang))] if by_whom else []),
        )  # fmt: skip
    console().print(table)


def _dice_text(dice: Any) -> str:
    """``2,4,4``; ``?`` for dice this version cannot read (a damaged import)."""
    try:
        return ",".join(str(d["value"]) for d in dice or [])
    except (LookupError, TypeError):
        return "?"


def _change(before: int | None, after: int | None) -> str:
    if before is None and after is None:
        return ""
    if before == after:
        return str(after)
    return f"{'' if before is None else before}→{'' if after is None else after}"


@command(undo_app, "undo")  # its name and help: the catalogue (campaign/commands.py)
def undo(
    gang: Annotated[str, typer.Argument(help="Name of the gang.")],
    lang: LangOpt,
    entry: str | None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Revert the gang's last action exactly (money, XP, models, items); the undo is logged.

    Example: skirmish undo Earps --entry 42
    """
    from skirmish.campaign import lookup, undo_shown
    from skirmish.cli.gang import _report

    shown = undo_shown.number(entry, named("entry"))  # the log's column #, as the API's
    with session(db) as s:
        found = lookup.gang_by_name(s, lookup.current_campaign(s, campaign), gang)
        done = undo_shown.undo(s, gang=found, entry=shown)
        _report(done, lang, json_)
