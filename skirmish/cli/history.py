"""``skirmish log [GANG]`` shows the campaign log; ``skirmish undo GANG`` reverts a gang's last
action exactly (money, XP, models, items)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from skirmish.cli.between import command
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt, bounded
from skirmish.cli.help_text import example
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.errors import named
from skirmish.i18n import Catalogue, messages, tr
from skirmish.limits import LAST
from skirmish.translation import N_, NP_, gettext

#: What each kind of campaign log entry is called in the log's "action" column (``--json``
#: keeps the stored action).
ACTIONS: Catalogue = messages({
        "campaign-new": N_("new campaign"),
        "campaign-set": N_("house rule"),
        "gang-new": N_("new gang"),
        "gang-rename": N_("gang renamed"), "gang-retire": N_("gang retired"),
        "member-rename": N_("model renamed"),
        "handle-set": N_("handle"),
        "handle-cleared": N_("handle"),
        "hire": N_("hire"),
        "fire": N_("fire"),
        "injure": N_("injury"),
        "buy": N_("purchase"),
        "sell": N_("sale"),
        "equip": N_("equip"), "unequip": N_("unequip"), "advance": N_("advance"), "xp": N_("XP"),
        "undo": N_("undo"), "import": N_("import"), "game-start": N_("game start"),
        "game-end": N_("game end"), "game-abandon": N_("game abandoned"),
        "wounded-healed": N_("healed"), "used-up": N_("used up"), "recovery": N_("recovery"),
        "game-xp": N_("game XP"), "income": N_("income"), "bounty": N_("bounty"),
        "outlaw-mark": N_("outlaws"), "gambler": N_("gambler"), "marked-cards": N_("marked cards"),
        "infamy": N_("infamy"), "undone": N_("undone"),
        "campaign-address": N_("web address"), "print-choice": N_("print choice"),
    })  # fmt: skip

#: Who made a log entry (issue #11): the column, the command line, an account since removed.
AUTHORS: Catalogue = messages({"column": N_("by"), "cli": N_("CLI")})

#: The log's columns ("#" and "$" are said the same in both languages).
LOG_COLUMNS = (
    "#",
    NP_("log column", "at"),
    NP_("log column", "gang"),
    NP_("log column", "action"),
    NP_("log column", "what"),
    NP_("log column", "dice"),
    "$",
    N_("XP"),
)


def action_word(action: str, lang: str) -> str:
    """A log entry's action in ``lang``: its name, never the stored id (an action this table
    does not know reads as its words)."""
    table = ACTIONS.get(str(lang), ACTIONS["en"])
    return table.get(action) or action.replace("-", " ")


log_app = typer.Typer(name="log", add_completion=False)
undo_app = typer.Typer(name="undo", add_completion=False)


@log_app.command(
    "log",
    help=(
        N_("Show the campaign log: every action, its dice, money and XP before and after.")
        + "\n\n"
        + example(N_("skirmish log Earps --last 10"))
    ),
)
def log(
    lang: LangOpt,
    gang: Annotated[
        str | None, typer.Argument(help=N_("Only this gang's entries."), show_default=False)
    ] = None,
    last: Annotated[
        int | None,
        typer.Option(
            "--last", callback=bounded(LAST), help=N_("Only the latest N entries (1 to 1,000,000).")
        ),
    ] = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``log``: its help is the command's (above)."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.listings import log_rows  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        chosen = lookup.gang_by_name(s, found, gang) if gang is not None else None
        rows = log_rows(s, found, lang, gang=chosen, last=last)
    texts = [row["text"] for row in rows]  # ``describe_entry``'s, read once (issue #23)
    if json_:
        emit(rows)
        return
    if not rows:
        echo(gettext(lang, "The log is empty."))
        return
    table = Table()
    for column in LOG_COLUMNS:
        table.add_column(gettext(lang, column))
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
    gang: Annotated[str, typer.Argument(help=N_("Name of the gang."))],
    lang: LangOpt,
    entry: str | None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Revert the gang's last action exactly (money, XP, models, items); the undo is logged.

    Example: skirmish undo Earps --entry 42
    """
    from skirmish.campaign import lookup, undo_shown  # lazy: command
    from skirmish.cli.gang import _report  # lazy: command

    shown = undo_shown.number(entry, named("entry"))  # the log's column #, as the API's
    with session(db) as s:
        found = lookup.gang_by_name(s, lookup.current_campaign(s, campaign), gang)
        done = undo_shown.undo(s, gang=found, entry=shown)
        _report(done, lang, json_)
