"""``skirmish export`` writes a gang or a campaign as versioned JSON; ``skirmish import`` reads
one back (a bad file changes nothing and says what is wrong and where)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from skirmish.cli.common_flags import DbOpt, LangOpt, writable_target
from skirmish.cli.help_text import example
from skirmish.cli.store_options import CampaignOpt, echo, session
from skirmish.i18n import Catalogue, messages, tr
from skirmish.translation import N_, ngettext

export_app = typer.Typer(name="export", add_completion=False)
import_app = typer.Typer(name="import", add_completion=False)

MESSAGES: Catalogue = messages(
    {
        "gang": N_("gang {name!r}"),
        "campaign": N_("campaign {name!r}"),
        "exported": N_("Exported {what} to {path!r} (format_version {version})."),
        "imported-gang": N_("Imported gang {name!r} into campaign {target!r}."),
        "still": N_(
            "The campaign in use is still {in_use!r}; 'skirmish campaign use \"{target}\"' "
            "switches to it."
        ),
    }
)


@export_app.command(
    "export",
    help=(
        N_("Export a gang (or, without GANG, a whole campaign) as JSON with its log.")
        + "\n\n"
        + N_(
            "The file is written whole or not at all: an existing one is replaced only once "
            "the new one is complete."
        )
        + "\n\n"
        + example(
            N_(
                "skirmish export Earps -o earps.json   |   skirmish export --campaign West -o "
                "west.json"
            )
        )
    ),
)
def export(
    output: Annotated[
        Path,
        typer.Option("--output", "-o", help=N_("JSON file to write."), callback=writable_target),
    ],
    lang: LangOpt,
    gang: Annotated[
        str | None,
        typer.Argument(
            help=N_("Gang to export; without it, the whole campaign."), show_default=False
        ),
    ] = None,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """``export``: its help is the command's (above)."""
    from skirmish.campaign import lookup, transfer  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        if gang is not None:
            chosen = lookup.gang_by_name(s, found, gang, full=True)
            document = transfer.export_gang(s, gang=chosen)
            what = tr(MESSAGES, "gang", lang, name=chosen.name)
        else:
            document = transfer.export_campaign(s, campaign=found)
            what = tr(MESSAGES, "campaign", lang, name=found.name)
    transfer.write_document(document, output)
    echo(tr(MESSAGES, "exported", lang, what=what, path=str(output),
            version=document["format_version"]))  # fmt: skip


@import_app.command(
    "import",
    help=(
        N_("Import a gang or a campaign exported by 'skirmish export'.")
        + "\n\n"
        + N_(
            "The whole file is checked before the database is opened; a bad file changes "
            "nothing and the error says where in it the problem is."
        )
        + "\n\n"
        + example(N_('skirmish import earps.json --campaign "Tombstone 1881"'))
    ),
)
def import_(
    file: Annotated[Path, typer.Argument(help=N_("A JSON file written by 'skirmish export'."))],
    lang: LangOpt,
    campaign: Annotated[
        str | None,
        typer.Option(
            "--campaign",
            help=N_(
                "A gang file: the campaign to add it to (default: the one in use). A "
                "campaign file: the name to give the imported campaign."
            ),
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    """``import``: its help is the command's (above)."""
    from skirmish.campaign import lookup, transfer  # lazy: command

    # Read and check everything first: the write lock is then held only for the inserts.
    checked = transfer.read_import(file, campaign=campaign)
    with session(db, access="campaign", create=True) as s:
        target = transfer.import_checked(s, checked).name
        in_use = lookup.current_campaign(s).name
    if checked.kind == "gang":
        echo(tr(MESSAGES, "imported-gang", lang, name=checked.name, target=target))
    else:
        echo(
            ngettext(
                lang,
                "Imported campaign {target!r} ({n} gang).",
                "Imported campaign {target!r} ({n} gangs).",
                checked.gangs,
                target=target,
            )
        )
        if in_use != target:  # an import never changes the campaign in use (issue #10)
            echo(tr(MESSAGES, "still", lang, in_use=in_use, target=target))
