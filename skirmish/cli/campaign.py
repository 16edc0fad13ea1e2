"""``skirmish campaign``: create, list, select, show and configure campaigns.

The campaign in use is the one most recently created or selected (``campaign use``); every
command that works on a campaign also takes ``--campaign NAME``.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from skirmish.campaign.club_commands import KEYS_TEXT
from skirmish.campaign.settings import HOUSE_RULES, parse_assignment
from skirmish.cli.between import command
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.game_views import register_campaign
from skirmish.cli.help_text import both, example
from skirmish.cli.members import register_members
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.errors import CampaignError
from skirmish.i18n import Catalogue, message, messages, tr
from skirmish.translation import N_, gettext, ngettext

MESSAGES: Catalogue = messages(
    {
        "created": N_("Campaign {name!r} created and in use."),
        "in-use": N_("Campaign {name!r} in use."),
        "none": N_("No campaigns yet: create one with 'skirmish campaign new NAME'."),
        "store": N_("Store: {where}"),
        "house": N_("House rules"),
        "gangs": N_("Gangs"),
        "columns": N_("rule,key,value,meaning"),
        "gang-columns": N_("gang,faction,models,treasury,rating,status"),
        "web-address": N_("Web address: {address}"),
        "address-is": N_(
            "{campaign!r} is at {address}: printed rosters and cards carry a QR code to "
            "each gang's page there."
        ),
        "address-none": N_(
            "{campaign!r} has no web address: printed sheets carry no QR code. Set "
            "it with 'skirmish campaign address https://…/'."
        ),
        "address-unset": N_("none ('skirmish campaign address URL' sets it)"),
        "address-and-clear": N_("give an address or --clear, not both."),
        "books-ok": N_("The books add up and the database's integrity checks pass ({where})."),
    }
)

app = typer.Typer(
    name="campaign",
    help=(
        N_("Campaigns: their gangs and house rules (H-01…H-11).")
        + "\n\n"
        + example(N_("skirmish campaign show"))
    ),
    no_args_is_help=True,
)

#: The numeric house rules and their ranges, for the help of ``campaign set``.
_RANGES = ", ".join(f"{rule.key} {rule.accepts}" for rule in HOUSE_RULES if not rule.choices)
#: ``campaign set``'s arguments: the settings' keys and ranges are the same in both languages.
_KEY_HELP = N_("Setting: {keys}.")
_VALUE_HELP = N_("New value; whole numbers within their range: {ranges}.")


@command(app, "campaign", "new")
def new(
    name: str,
    lang: LangOpt,
    explosives: bool,
    house: tuple[str, ...],
    db: DbOpt = None,
) -> None:
    """The club's catalogue's ``campaign new``; the command line starts using it."""
    from skirmish.campaign import club  # lazy: command
    from skirmish.campaign.permissions import CLI  # lazy: command

    overrides = dict(parse_assignment(text) for text in house)
    with session(db, access="campaign", create=True) as s:
        campaign = club.create_campaign(
            s, actor=CLI, name=name, explosives=explosives, settings=overrides, use=True
        )
        echo(tr(MESSAGES, "created", lang, name=campaign.name))


@app.command(
    "list",
    help=(
        N_("List the campaigns; the one in use is marked with *.")
        + "\n\n"
        + example(N_("skirmish campaign list --json"))
    ),
)
def list_(lang: LangOpt, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """``list``: its help is the command's (above)."""
    from skirmish.campaign.listings import campaign_rows  # lazy: command
    from skirmish.campaign.store import describe  # lazy: command

    with session(db, access="read") as s:
        rows = campaign_rows(s)
        where = describe(s.get_bind())
    if json_:
        emit(rows)
        return
    if not rows:
        echo(tr(MESSAGES, "none", lang))
    for row in rows:
        mark = "*" if row["in_use"] else " "
        echo(ngettext(lang, "{mark} {name} ({n} gang)", "{mark} {name} ({n} gangs)",
                      row["gangs"], mark=mark, name=row["name"]))  # fmt: skip
    echo(tr(MESSAGES, "store", lang, where=where))


@app.command(
    "check",
    help=(
        N_(
            "Check the books: the database's integrity (SQLite's integrity and foreign key "
            "checks, PostgreSQL's constraints) and every campaign's audit (the money chain, undo, "
            "R-13, items). Each problem is one line; the exit status is 1 when there is one. "
            "Changes nothing."
        )
        + "\n\n"
        + example(N_('skirmish campaign check --campaign "Tombstone 1881"'))
    ),
)
def check(lang: LangOpt, campaign: CampaignOpt = None, db: DbOpt = None) -> None:
    """``campaign check``: the audit and the integrity checks (``campaign.books``)."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.books import check_books  # lazy: command
    from skirmish.campaign.store import describe  # lazy: command

    with session(db, access="read") as s:
        chosen = lookup.current_campaign(s, campaign) if campaign is not None else None
        problems = check_books(s, chosen)
        where = describe(s.get_bind())
    for problem in problems:
        echo(problem(lang))
    if not problems:
        echo(tr(MESSAGES, "books-ok", lang, where=where))
        return
    echo(ngettext(lang, "{n} problem found in {where}.", "{n} problems found in {where}.",
                  len(problems), where=where))  # fmt: skip
    raise typer.Exit(1)


@app.command(
    "use",
    help=(
        N_("Select the campaign the other commands work on.")
        + "\n\n"
        + example(N_('skirmish campaign use "Tombstone 1881"'))
    ),
)
def use(
    name: Annotated[str, typer.Argument(help=N_("Name of the campaign."))],
    lang: LangOpt,
    db: DbOpt = None,
) -> None:
    """``use``: its help is the command's (above)."""
    from skirmish.campaign import gangs  # lazy: command

    with session(db, access="campaign") as s:
        campaign = gangs.use_campaign(s, name=name)
        echo(tr(MESSAGES, "in-use", lang, name=campaign.name))


@app.command(
    "show",
    help=(
        N_("Show a campaign: its house rules in force, its gangs, their treasury and rating.")
        + "\n\n"
        + example(N_("skirmish campaign show"))
    ),
)
def show(
    lang: LangOpt, campaign: CampaignOpt = None, json_: JsonOpt = False, db: DbOpt = None
) -> None:
    """``show``: its help is the command's (above)."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.listings import campaign_data  # lazy: command
    from skirmish.cli.gang import status_word  # lazy: command

    with session(db, access="read") as s:
        data = campaign_data(lookup.current_campaign(s, campaign), lang)
    if json_:
        emit(data)
        return
    name, settings, gangs = data["name"], data["settings"], data["gangs"]
    out = console()
    out.print(cell(name, "bold"))
    address = data["web_address"] or tr(MESSAGES, "address-unset", lang)
    out.print(cell(tr(MESSAGES, "web-address", lang, address=address)))
    rules = Table(title=tr(MESSAGES, "house", lang))
    for column in tr(MESSAGES, "columns", lang).split(","):
        rules.add_column(column)
    for row in settings:
        changed = "" if row["value"] == row["default"] else " *"
        rules.add_row(row["rule"], row["key"], cell(f"{row['value']}{changed}"), cell(row["text"]))
    out.print(rules)
    table = Table(title=tr(MESSAGES, "gangs", lang))
    for column in tr(MESSAGES, "gang-columns", lang).split(","):
        table.add_column(column)
    for g in gangs:
        table.add_row(
            cell(g["name"]), cell(g["faction_name"]), str(g["models"]), f"{g['treasury']}$",
            f"{g['rating']}$", cell(status_word(g["status"], lang)),
        )  # fmt: skip
    out.print(table)


@command(app, "campaign", "set", context_settings={"ignore_unknown_options": True})  # win-money -5
def set_(
    key: Annotated[
        str,
        typer.Argument(
            help=both(
                gettext("en", _KEY_HELP, keys=KEYS_TEXT),
                lambda: gettext("it", _KEY_HELP, keys=KEYS_TEXT),
            )
        ),
    ],
    value: Annotated[
        str,
        typer.Argument(
            help=both(
                gettext("en", _VALUE_HELP, ranges=_RANGES),
                lambda: gettext("it", _VALUE_HELP, ranges=_RANGES),
            )
        ),
    ],
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's ``house-rules``, one rule at a time."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI  # lazy: command

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        entry = club.set_house_rule(s, actor=CLI, campaign=found, key=key, value=value)
        details = entry.details
        echo(f"{entry.ruling} {details['key']}: {details['before']} → {details['after']}")


@command(app, "campaign", "address")
def address(
    lang: LangOpt,
    address: str | None,
    clear: bool,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's ``address``; without URL or --clear, the address shown."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI  # lazy: command

    if address is not None and clear:
        raise CampaignError(message(MESSAGES, "address-and-clear"))
    changing = address is not None or clear
    with session(db, access="campaign" if changing else "read") as s:
        found = lookup.current_campaign(s, campaign)
        if changing:
            club.set_address(s, actor=CLI, campaign=found, address=address)
        name, current = found.name, found.web_address
    if json_:
        emit({"campaign": name, "web_address": current})
    elif current:
        echo(tr(MESSAGES, "address-is", lang, campaign=name, address=current))
    else:
        echo(tr(MESSAGES, "address-none", lang, campaign=name))


register_campaign(app)
register_members(app)
