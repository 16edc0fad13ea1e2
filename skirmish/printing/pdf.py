"""Write rendered sheets as a PDF: the only code of skirmish that touches weasyprint.

weasyprint is imported inside the functions so that no other command pays for it (about 0.5 s).
The fonts are the DejaVu faces shipped in ``templates/fonts`` and declared with ``@font-face``;
relative URLs resolve against ``templates_dir()``. A character they lack would make weasyprint
embed a system face; it prints as a white square instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from skirmish.errors import SkirmishError
from skirmish.fileio import write_with
from skirmish.printing.render import STYLESHEET
from skirmish.resources import templates_dir

#: What a character the fonts lack prints as (WHITE SQUARE, which they have).
MISSING_GLYPH = "\u25a1"
_WHITESPACE = frozenset("\t\n\r\f")


@cache
def covered_code_points() -> frozenset[int]:
    """Every code point both shipped faces draw (``templates/fonts/coverage.txt``)."""
    points: set[int] = set()
    for line in (templates_dir() / "fonts" / "coverage.txt").read_text("utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            first, _, last = line.partition("-")
            points.update(range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(points)


def uncovered_characters(html: str) -> list[str]:
    """The characters of ``html`` that the fonts lack (user text: an emoji, a CJK name…),
    which weasyprint would draw with a fallback face from the system."""
    covered = covered_code_points()
    return sorted({c for c in html if ord(c) not in covered and c not in _WHITESPACE})


def _only_covered(html: str) -> str:
    missing = uncovered_characters(html)
    if not missing:
        return html
    return html.translate({ord(c): MISSING_GLYPH for c in missing})


def _base_url() -> str:
    return templates_dir().as_uri() + "/"


def _save(document: Any, target: Path) -> None:
    """Write the laid-out ``document`` to ``target`` atomically (``skirmish.fileio``): a kill
    or an error leaves the previous file whole, never a truncated PDF."""
    write_with(target, document.write_pdf)


def write_pdf(html: str, path: Path | str) -> int:
    """Lay ``html`` out on A4 pages and write it to ``path`` (atomically: the old file stays
    whole until the new one is complete); return the number of pages.

    Characters the shipped fonts lack print as ``MISSING_GLYPH``, so the PDF embeds no fallback
    face (see ``uncovered_characters`` to warn about them)."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    document = HTML(string=_only_covered(html), base_url=_base_url()).render(
        font_config=FontConfiguration()
    )
    _save(document, Path(path))
    return len(document.pages)


def write_pdf_sheets(
    sheets: Sequence[str],
    path: Path | str,
    *,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Lay out each HTML document of ``sheets`` (rendered without inline CSS, see
    ``render_campaign_sheets``) with the one stylesheet parsed once, write their pages in order
    as one PDF to ``path`` and return the number of pages. ``progress`` gets the index of each
    sheet once it is laid out."""
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    if not sheets:
        raise SkirmishError(
            "nothing to print: no sheet was rendered.",
            it="niente da stampare: nessuna scheda è stata composta.",
        )
    fonts = FontConfiguration()
    css = CSS(filename=str(templates_dir() / STYLESHEET), base_url=_base_url(), font_config=fonts)
    documents = []
    for index, html in enumerate(sheets):
        documents.append(
            HTML(string=_only_covered(html), base_url=_base_url()).render(
                font_config=fonts, stylesheets=[css]
            )
        )
        if progress is not None:
            progress(index)
    pages = [page for document in documents for page in document.pages]
    _save(documents[0].copy(pages), Path(path))
    return len(pages)
