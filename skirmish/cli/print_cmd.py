"""``skirmish print``: paper for the table, as PDF (or the same HTML for a browser).

Every command renders a template to HTML (``skirmish.printing``, pure) and writes it. jinja2,
weasyprint and the campaign store are imported inside the commands, so loading this module
(for ``skirmish --help``) stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from skirmish.cli.common_flags import DbOpt, writable_target
from skirmish.cli.help_text import example
from skirmish.cli.store_options import CampaignOpt, session
from skirmish.collector import quiet_until_done
from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, Lang, default_lang, messages, tr
from skirmish.translation import N_, Both, Message

if TYPE_CHECKING:
    from skirmish.printing.views import CampaignView


class Format(StrEnum):
    """What ``-o`` receives: a PDF, or the HTML it is laid out from."""

    PDF = "pdf"
    HTML = "html"


app = typer.Typer(
    name="print",
    help=N_(
        "Print gang rosters, activation cards, a whole campaign, a blank sheet, the quick "
        "reference and scenario cards (A4 PDF, or the same HTML)."
    )
    + "\n\n"
    + example(N_("skirmish print reference -o tabelle.pdf")),
    no_args_is_help=True,
    add_completion=False,
)

OutputOpt = Annotated[
    Path,
    typer.Option(
        "--output",
        "-o",
        help=N_(
            "File to write: .pdf, or .html/.htm for the same sheet as one HTML file that "
            "opens anywhere (its fonts embedded)."
        ),
        callback=writable_target,
    ),
]
FormatOpt = Annotated[
    Format | None,
    typer.Option(
        "--format",
        help=N_("pdf or html; it must match the -o suffix, which decides by itself."),
        show_default=False,
    ),
]
PrintLangOpt = Annotated[
    Lang,
    typer.Option("--lang", help=N_("Language of the sheet: it (the book's words) or en.")),
]


#: What each ``-o`` suffix writes.
SUFFIXES = {".pdf": Format.PDF, ".html": Format.HTML, ".htm": Format.HTML}


def _format(output: Path, chosen: Format | None) -> Format:
    """The format ``output``'s suffix names; one that names none, or another than ``--format``,
    is refused rather than written under a misleading name (issue #13)."""
    suffix = output.suffix.lower()
    fmt = SUFFIXES.get(suffix)
    if fmt is None:
        shown = suffix or "no suffix"
        raise SkirmishError(
            Message(
                "cannot tell what to write to {output!r} ({shown}): end the file name "
                "in .pdf, .html or .htm.",
                output=str(output),
                shown=Both(shown, suffix or "senza estensione"),
            )
        )
    if chosen is not None and chosen is not fmt:
        raise SkirmishError(
            Message(
                "--format {chosen} does not match {output!r}: name the file *.{chosen} "
                "or drop --format.",
                chosen=chosen,
                output=str(output),
            )
        )
    return fmt


def _warn_uncovered(*documents: str) -> None:
    """Say which characters of the user's text the PDF's fonts cannot draw."""
    from skirmish.printing.pdf import MISSING_GLYPH, uncovered_characters  # lazy: command

    missing = sorted({c for html in documents for c in uncovered_characters(html)})
    if missing:
        shown = " ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
        typer.echo(
            f"Warning: the sheet's font has no glyph for {shown}; printed as {MISSING_GLYPH}.",
            err=True,
        )


#: What ``print`` says it wrote, in the language of the terminal (``SKIRMISH_LANG``; the
#: sheets' own ``--lang`` is the language printed on them).
MESSAGES: Catalogue = messages({"html": N_("Wrote {path} (HTML)."),
"pdf": N_("Wrote {path} ({pages} pages)."),
           "pdf-1": N_("Wrote {path} (1 page).")})  # fmt: skip


def _wrote(output: Path, pages: int | None) -> str:
    key = "html" if pages is None else "pdf-1" if pages == 1 else "pdf"
    return tr(MESSAGES, key, default_lang(), path=output, pages=pages)


def _write(
    render: Callable[..., str],
    output: Path,
    chosen: Format | None,
    *,
    files: tuple[str, ...] | None = None,
) -> None:
    """Write what ``render`` lays out as PDF or HTML to ``output`` and say what was written.
    ``render(inline_css=…)``: HTML keeps the stylesheet inline, fonts embedded, so one file
    opens anywhere; the PDF gets it parsed once by ``write_pdf_sheets`` (``files``: another
    stylesheet than the sheets', as the Gazette's, or the part of it a roster uses)."""
    fmt = _format(output, chosen)
    if fmt is Format.HTML:
        from skirmish.fileio import write_text  # lazy: command

        write_text(output, render(inline_css=True))  # atomically, like the PDF
        typer.echo(_wrote(output, None))
        return
    from skirmish.printing.pdf import write_pdf_sheets  # lazy: command

    html = render(inline_css=False)
    _warn_uncovered(html)
    pages = (
        write_pdf_sheets([html], output)
        if files is None
        else write_pdf_sheets([html], output, files=files)
    )
    typer.echo(_wrote(output, pages))


@app.command(
    "blank",
    help=(
        N_('An empty gang sheet (the book\'s "Scheda Giocatore") to fill in by hand.')
        + "\n\n"
        + example(N_("skirmish print blank -o scheda.pdf"))
    ),
)
def blank_cmd(
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
) -> None:
    """``blank``: its help is the command's (above)."""
    from skirmish.printing.render import render_blank  # lazy: command

    _write(partial(render_blank, lang), output, fmt)


@app.command(
    "reference",
    help=(
        N_("The rulebook's summary tables on two pages, corrected as RULINGS.md says.")
        + "\n\n"
        + example(N_("skirmish print reference --lang en -o reference.pdf"))
    ),
)
def reference_cmd(
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
) -> None:
    """``reference``: its help is the command's (above)."""
    from skirmish.printing.reference import reference_view  # lazy: command
    from skirmish.printing.render import render_reference  # lazy: command

    _write(partial(render_reference, reference_view(lang), lang), output, fmt)


@app.command(
    "scenario",
    help=(
        N_("A scenario card: table, deployment, victory conditions and special rules.")
        + "\n\n"
        + example(N_("skirmish print scenario duello -o duello.pdf"))
    ),
)
def scenario_cmd(
    scenario: Annotated[
        str, typer.Argument(help=N_("A scenario of §10 by id or name (duello, bank-robbery…)."))
    ],
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
) -> None:
    """``scenario``: its help is the command's (above)."""
    from skirmish.printing.build import scenario_view  # lazy: command
    from skirmish.printing.render import render_scenario  # lazy: command
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    found = find_scenario(scenario)
    _write(partial(render_scenario, scenario_view(found, lang), lang), output, fmt)


ModelsOpt = Annotated[
    str | None,
    typer.Option(
        "--models",
        help=N_(
            "Print only these models: names as stored, separated by commas (a dead one named "
            "prints too, marked)."
        ),
        show_default=False,
    ),
]
ModelOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--model", help=N_("Print only this model (repeat it for more)."), show_default=False
    ),
]
WithDeadOpt = Annotated[
    bool | None,
    typer.Option(
        "--with-dead/--without-dead",
        help=N_("Add the dead models (R-10), after the living, crossed and marked DEAD."),
        show_default=False,
    ),
]
BlankOpt = Annotated[
    int | None,
    typer.Option(
        "--blank", help=N_("Add N empty cards to fill in (new hires)."), show_default=False
    ),
]
AllModelsOpt = Annotated[
    bool,
    typer.Option("--all-models", help=N_("Print every model, whatever the saved choice names.")),
]
SaveOpt = Annotated[
    bool,
    typer.Option(
        "--save",
        help=N_(
            "Keep these choices (--models, --with-dead, --blank) as the gang's default for "
            "its later prints."
        ),
    ),
]


def _model_names(models: str | None, model: list[str] | None) -> list[str] | None:
    """The names ``--models`` (commas) and ``--model`` (repeated) give, or None for none."""
    names = [n.strip() for n in (models or "").split(",") if n.strip()]
    names += [n.strip() for n in model or [] if n.strip()]
    if models is not None or model:
        if not names:
            raise SkirmishError(
                Message(
                    "--models names no model: give names separated by commas, like "
                    "--models 'Wyatt Earp,Doc Holliday'."
                )
            )
        return names
    return None


@app.command(
    "roster",
    help=(
        N_(
            "A gang's roster on A4 (the book's \"Scheda Giocatore\", and more): the leader "
            "first, then the heroes and the commons, each with its numbers, wound and "
            "experience boxes, weapons with their profile and empty lines to write in, "
            "skills and injuries with their effect, equipment and mount; a game-day box; the "
            "gang's rules, its leader's aura and the house rules in force. The header holds "
            "the gang's record, the campaign, the date and, when the campaign has a web "
            "address, a QR code to the gang's page. What prints starts from the gang's saved "
            "choice (--save); the options given win over it."
        )
        + "\n\n"
        + example(N_("skirmish print roster Earps --blank 2 -o earps.pdf"))
    ),
)
def roster_cmd(
    gang: Annotated[str, typer.Argument(help=N_("Name of the gang."))],
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
    models: ModelsOpt = None,
    model: ModelOpt = None,
    with_dead: WithDeadOpt = None,
    blank: BlankOpt = None,
    all_models: AllModelsOpt = False,
    save: SaveOpt = False,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """``roster``: its help is the command's (above)."""
    from skirmish.campaign import lookup  # lazy: command

    # lazy: command
    from skirmish.campaign.print_options import PrintChoice, print_choice, save_print_choice
    from skirmish.printing.render import ROSTER_STYLESHEETS, render_roster  # lazy: command
    from skirmish.printing.sheets import roster_sheet  # lazy: command

    names = _model_names(models, model)
    if names is not None and all_models:
        raise SkirmishError(
            Message("--all-models and --models contradict each other: give one of them.")
        )
    _format(output, fmt)  # a wrong -o is refused before the store is opened
    with session(db, access="gang" if save else "read") as s:
        quiet_until_done()  # its one PDF is the command's last act (skirmish.collector)
        found = lookup.current_campaign(s, campaign)
        chosen = lookup.gang_by_name(s, found, gang, full=False)  # rows, not objects (issue #23)
        saved = print_choice(chosen)
        choice = PrintChoice(
            models=() if all_models else tuple(names) if names is not None else saved.models,
            with_dead=saved.with_dead if with_dead is None else with_dead,
            blank=saved.blank if blank is None else blank,
        )
        if save:
            save_print_choice(s, gang=chosen, choice=choice)
        view = roster_sheet(
            found,
            chosen,
            lang,
            models=choice.models,
            with_dead=choice.with_dead,
            blank=choice.blank,
        )
    _write(partial(render_roster, view, lang), output, fmt, files=ROSTER_STYLESHEETS)


@app.command(
    "cards",
    help=(
        N_(
            "Activation cards (§1.8: one playing card per model): poker size, nine to an A4 "
            "page with cut marks, leader first; each with its numbers, COS boxes, weapons, "
            "skills, injuries and the profile's own rule, and a corner index (A♠, K♠…) to "
            "play it as a card."
        )
        + "\n\n"
        + example(N_("skirmish print cards Earps --back -o earps-cards.pdf"))
    ),
)
def cards_cmd(
    output: OutputOpt,
    gang: Annotated[
        str | None,
        typer.Argument(help=N_("Name of the gang; leave it out with --blank N for empty cards.")),
    ] = None,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
    blank: Annotated[
        int,
        typer.Option(
            "--blank",
            help=N_("Empty cards to fill in by hand, after the gang's (1–54 without a gang)."),
            show_default=False,
        ),
    ] = 0,
    back: Annotated[
        bool,
        typer.Option(
            "--back",
            help=N_(
                "After each page of fronts, a page of backs for duplex printing (flip on the "
                "long edge): the same back for every card, so a card face down tells nothing."
            ),
        ),
    ] = False,
    models: Annotated[
        str | None,
        typer.Option(
            "--models",
            help=N_(
                "Print only these models' cards (names separated by commas), each with the "
                "index it has in the whole gang: a card reprinted after a game."
            ),
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """``cards``: its help is the command's (above)."""
    from skirmish.printing.card_front import check_blank  # lazy: command
    from skirmish.printing.cards import cards_sheet, cards_view, render_cards  # lazy: command

    check_blank(blank, with_gang=gang is not None)
    names = _model_names(models, None)
    if names is not None and gang is None:
        raise SkirmishError(Message("--models chooses among a gang's models: name the gang too."))
    _format(output, fmt)  # a wrong -o is refused before the store is opened
    if gang is None:
        view = cards_view(None, lang, blank=blank, back=back)
    else:
        from skirmish.campaign import lookup  # lazy: command

        with session(db, access="read") as s:
            found = lookup.current_campaign(s, campaign)
            found_gang = lookup.gang_by_name(s, found, gang, full=True)
            view = cards_sheet(found, found_gang, lang, models=names, blank=blank, back=back)
    _write(partial(render_cards, view, lang), output, fmt)


@app.command(
    "campaign",
    help=(
        N_(
            "The campaign book in one file: the standings (games, wins, draws, losses, "
            "retreats, points, models eliminated and lost, rating), the house rules, the "
            "results of every finished game and the graveyard, then every active gang, one "
            "sheet each; pages numbered across it."
        )
        + "\n\n"
        + example(N_("skirmish print campaign --campaign Deadwood -o deadwood.pdf"))
    ),
)
def campaign_cmd(
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """``campaign``: its help is the command's (above)."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.printing.sheets import campaign_sheet  # lazy: command

    with session(db, access="read") as s:
        view = campaign_sheet(s, lookup.current_campaign(s, campaign), lang)
    if _format(output, fmt) is Format.HTML:
        from skirmish.printing.render import render_campaign  # lazy: command

        _write(partial(render_campaign, view, lang), output, fmt)
        return
    _write_campaign_pdf(view, lang, output)


def _write_campaign_pdf(view: CampaignView, lang: Lang, output: Path) -> None:
    """The campaign as PDF, its sheets laid out in parallel and kept between runs
    (``printing.book_press``, issue #23), with a progress bar on stderr."""
    from rich.console import Console  # lazy: command
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn  # lazy: command

    from skirmish.printing.book_cache import BookCache  # lazy: command
    from skirmish.printing.book_press import write_book  # lazy: command
    from skirmish.printing.pdf import salt  # lazy: command
    from skirmish.printing.render import render_campaign_sheets  # lazy: command

    sheets = render_campaign_sheets(view, lang)
    _warn_uncovered(*sheets)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        task = progress.add_task("Laying out the sheets", total=len(sheets))

        def step(ready: int) -> None:
            label = "Laying out the sheets" if ready < len(sheets) else "Writing"
            progress.update(task, completed=ready, description=label)

        printed = write_book(sheets, output, progress=step, cache=BookCache.default(salt()))
    typer.echo(_wrote(output, printed.pages))
