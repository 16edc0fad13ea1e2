"""``skirmish print``: paper for the table, as PDF (or the same HTML for a browser).

Every command renders a template to HTML (``skirmish.printing``, pure) and writes it. jinja2,
weasyprint and the campaign store are imported inside the commands, so loading this module
(for ``skirmish --help``) stays cheap.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from skirmish.errors import SkirmishError
from skirmish.i18n import Lang


class Format(StrEnum):
    """What ``-o`` receives: a PDF, or the HTML it is laid out from."""

    PDF = "pdf"
    HTML = "html"


app = typer.Typer(
    name="print",
    help="Print gang rosters, a blank sheet, the quick reference and scenario cards (A4 PDF).\n\n"
    "Example: skirmish print reference -o tabelle.pdf",
    no_args_is_help=True,
    add_completion=False,
)

OutputOpt = Annotated[
    Path,
    typer.Option(
        "--output", "-o", help="File to write (.pdf, or .html with --format html).", dir_okay=False
    ),
]
FormatOpt = Annotated[
    Format | None,
    typer.Option(
        "--format",
        help="pdf or html (the same template, for a browser); default: from the -o suffix, "
        "else pdf.",
        show_default=False,
    ),
]
PrintLangOpt = Annotated[
    Lang,
    typer.Option("--lang", help="Language of the sheet: it (the book's words) or en."),
]


def _format(output: Path, chosen: Format | None) -> Format:
    if chosen is not None:
        return chosen
    return Format.HTML if output.suffix.lower() in (".html", ".htm") else Format.PDF


def _write(html: str, output: Path, chosen: Format | None) -> None:
    """Write ``html`` as PDF or HTML to ``output`` and say what was written."""
    fmt = _format(output, chosen)
    if fmt is Format.HTML:
        try:
            output.write_text(html, encoding="utf-8")
        except OSError as exc:
            raise SkirmishError(
                f"cannot write {str(output)!r}: {exc.strerror or exc}; choose another -o path."
            ) from exc
        typer.echo(f"Wrote {output} (HTML).")
        return
    from skirmish.printing.pdf import write_pdf

    pages = write_pdf(html, output)
    typer.echo(f"Wrote {output} ({pages} page{'s' if pages != 1 else ''}).")


@app.command("blank")
def blank_cmd(
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
) -> None:
    """An empty gang sheet (the book's "Scheda Giocatore") to fill in by hand.

    Example: skirmish print blank -o scheda.pdf
    """
    from skirmish.printing.render import render_blank

    _write(render_blank(lang), output, fmt)


@app.command("reference")
def reference_cmd(
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
) -> None:
    """The rulebook's summary tables on two pages, corrected as RULINGS.md says.

    Example: skirmish print reference --lang en -o reference.pdf
    """
    from skirmish.printing.reference import reference_view
    from skirmish.printing.render import render_reference

    _write(render_reference(reference_view(lang), lang), output, fmt)


@app.command("scenario")
def scenario_cmd(
    scenario: Annotated[
        str, typer.Argument(help="A scenario of §10 by id or name (duello, bank-robbery…).")
    ],
    output: OutputOpt,
    fmt: FormatOpt = None,
    lang: PrintLangOpt = Lang.IT,
) -> None:
    """A scenario card: table, deployment, victory conditions and special rules.

    Example: skirmish print scenario duello -o duello.pdf
    """
    from skirmish.printing.build import scenario_view
    from skirmish.printing.render import render_scenario
    from skirmish.rules.scenarios import find_scenario

    found = find_scenario(scenario)
    _write(render_scenario(scenario_view(found, lang), lang), output, fmt)
