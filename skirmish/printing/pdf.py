"""Write rendered sheets as a PDF: the only code of skirmish that touches weasyprint.

weasyprint is imported inside the functions so that no other command pays for it (about 0.5 s).
The fonts are the DejaVu faces shipped in ``templates/fonts`` and declared with ``@font-face``;
relative URLs resolve against ``templates_dir()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from skirmish.errors import SkirmishError
from skirmish.printing.render import STYLESHEET
from skirmish.resources import templates_dir


def _base_url() -> str:
    return templates_dir().as_uri() + "/"


def _save(document: Any, target: Path) -> None:
    try:
        document.write_pdf(target)
    except OSError as exc:
        raise SkirmishError(
            f"cannot write {str(target)!r}: {exc.strerror or exc}; choose another -o path."
        ) from exc


def write_pdf(html: str, path: Path | str) -> int:
    """Lay ``html`` out on A4 pages and write it to ``path``; return the number of pages."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    document = HTML(string=html, base_url=_base_url()).render(font_config=FontConfiguration())
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
        raise SkirmishError("nothing to print: no sheet was rendered.")
    fonts = FontConfiguration()
    css = CSS(filename=str(templates_dir() / STYLESHEET), base_url=_base_url(), font_config=fonts)
    documents = []
    for index, html in enumerate(sheets):
        documents.append(
            HTML(string=html, base_url=_base_url()).render(font_config=fonts, stylesheets=[css])
        )
        if progress is not None:
            progress(index)
    pages = [page for document in documents for page in document.pages]
    _save(documents[0].copy(pages), Path(path))
    return len(pages)
