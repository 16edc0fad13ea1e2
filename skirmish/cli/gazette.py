"""``skirmish gazette``: the Frontier Gazette, the campaign's story as a broadsheet (issue #14).

The paper is written from the store's facts by ``campaign.gazette`` and laid out by
``printing.gazette``; the file is written as ``skirmish print`` writes its sheets (the same
``-o`` rules, atomically, PDF or one self-contained HTML file), with the Gazette's own
stylesheet. jinja2, weasyprint and the store are imported inside the command only.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated

import typer

from skirmish.cli.common_flags import DbOpt
from skirmish.cli.help_text import example
from skirmish.cli.print_cmd import FormatOpt, OutputOpt, PrintLangOpt, _format, _write
from skirmish.cli.store_options import CampaignOpt, session
from skirmish.i18n import Lang
from skirmish.translation import N_

app = typer.Typer(name="gazette", add_completion=False)


@app.command(
    "gazette",
    help=N_(
        'The Frontier Gazette ("La Gazzetta della Frontiera"): the campaign told as a newspaper '
        "of the 1880s, in the book's language, from the recorded facts only: each game's report "
        "(winner, the fallen, the turning point), obituaries from the graveyard, the standings, "
        "hires and advances, and a WANTED poster for the leader with the highest bounty (H-09). "
        "Without --game, the whole campaign to date."
    )
    + "\n\n"
    + example(N_("skirmish gazette --lang en -o gazette.pdf")),
)
def gazette_cmd(
    output: OutputOpt,
    game: Annotated[
        int | None,
        typer.Option(
            "--game",
            help=N_(
                "Make the issue about this finished game (its number in 'game list'): its "
                "report, its dead, its post-game and the news until the next game."
            ),
            show_default=False,
            min=1,
        ),
    ] = None,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """``skirmish gazette``: its help is the command's (above)."""
    from skirmish.campaign import lookup  # lazy: command

    # lazy: command
    from skirmish.printing.gazette import STYLESHEETS, gazette_sheet, render_gazette

    _format(output, fmt)  # a wrong -o is refused before the store is opened
    with session(db, access="read") as s:
        view = gazette_sheet(s, lookup.current_campaign(s, campaign), lang, game=game)
    _write(partial(render_gazette, view, lang), output, fmt, files=STYLESHEETS)
