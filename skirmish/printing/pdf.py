"""Write rendered sheets as a PDF: the only code of skirmish that touches weasyprint.

weasyprint is imported inside the functions so that no other command pays for it (about 0.5 s).
The fonts are the DejaVu faces shipped in ``templates/fonts`` and declared with ``@font-face``;
relative URLs resolve against ``templates_dir()``. A character they lack would make weasyprint
embed a system face; it prints as a white square instead.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

from skirmish import __version__
from skirmish.collector import quiet_layout
from skirmish.errors import SkirmishError
from skirmish.fileio import write_with
from skirmish.printing.libraries import load_weasyprint
from skirmish.printing.render import STYLESHEETS, stylesheet
from skirmish.resources import templates_dir
from skirmish.translation import Message

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
    return sorted({c for c in set(html) if ord(c) not in covered and c not in _WHITESPACE})


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
    load_weasyprint()  # its libraries found at once (printing.libraries)
    from weasyprint import HTML  # lazy: pdf
    from weasyprint.text.fonts import FontConfiguration  # lazy: pdf

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
    files: tuple[str, ...] = STYLESHEETS,
) -> int:
    """Lay out each HTML document of ``sheets`` (rendered without inline CSS, see
    ``render_campaign_sheets``) with the one stylesheet parsed once, write their pages in order
    as one PDF to ``path`` and return the number of pages, numbered "N / total" across all the
    sheets (``_number_across``). ``progress`` gets the index of each sheet once it is laid out;
    ``files`` are the stylesheet's files (``render.stylesheet``)."""
    if not sheets:
        raise SkirmishError(Message("nothing to print: no sheet was rendered."))
    fonts, css = warm_stylesheet(files)
    with quiet_layout():
        document = _lay_out(sheets, fonts, css, progress)
        _save(document, Path(path))
    return len(document.pages)


def _lay_out(
    sheets: Sequence[str],
    fonts: Any,
    css: Any,
    progress: Callable[[int], None] | None = None,
) -> Any:
    """Lay each sheet out with ``css`` (parsed once, with ``fonts``) and return one weasyprint
    document of all their pages, in order (``lay_out_sheet``)."""
    documents = []
    for index, html in enumerate(sheets):
        documents.append(lay_out_sheet(html, fonts, css))
        if progress is not None:
            progress(index)
    pages = [page for document in documents for page in document.pages]
    book = documents[0].copy(pages)
    if len(documents) > 1:
        _number_across(book, fonts, css)
    return book


def warm_stylesheet(files: tuple[str, ...] = STYLESHEETS) -> tuple[Any, Any]:
    """The fonts' configuration and the stylesheet of ``files`` parsed with it, once: what
    every sheet's layout shares (``lay_out_sheet``)."""
    load_weasyprint()  # its libraries found at once (printing.libraries)
    from weasyprint import CSS  # lazy: pdf
    from weasyprint.text.fonts import FontConfiguration  # lazy: pdf

    fonts = FontConfiguration()
    return fonts, CSS(string=stylesheet(files=files), base_url=_base_url(), font_config=fonts)


def lay_out_sheet(html: str, fonts: Any, css: Any) -> Any:
    """One sheet (HTML without its inline stylesheet) laid out as a weasyprint document
    (callers keep the garbage collector quiet meanwhile: ``collector.quiet_layout``), with
    weasyprint's own user-agent stylesheet: it offers no public way to lay out with another
    (issue #23; the leaner copy this used, without the footnote and note rules, overrode its
    private ``HTML._ua_stylesheets``: docs/printing.md says what it saved)."""
    return _html()(string=_only_covered(html), base_url=_base_url()).render(
        font_config=fonts, stylesheets=[css]
    )


def _html() -> Any:
    """weasyprint's ``HTML``."""
    load_weasyprint()  # its libraries found at once (printing.libraries)
    from weasyprint import HTML  # lazy: pdf

    return HTML


#: The margin box that numbers a sheet's pages (``sheet.css``: "N / total").
FOLIO_BOX = "@bottom-right"


def _number_across(book: Any, fonts: Any, css: Any) -> None:
    """Number the pages of sheets laid out one by one as one book (issue #13): each sheet's
    own footer counts its own pages ("1 / 1" on every gang), so each page's ``FOLIO_BOX`` is
    swapped for the same box of a page laid out in a book of as many empty pages, which counts
    "N / total" across the whole book (``folio_pages``, ``renumber``)."""
    renumber(book.pages, folio_pages(len(book.pages), fonts, css))


def folio_pages(total: int, fonts: Any, css: Any) -> list[Any]:
    """The pages of a book of ``total`` empty pages laid out with ``css``: page N's
    ``FOLIO_BOX`` says "N / total". Only the footers are laid out, not the sheets (a few
    milliseconds a page)."""
    empty = '<div style="break-before: page"></div>' * total  # whatever the stylesheet says
    folios = _html()(
        string=f"<!DOCTYPE html><html><body>{empty}</body></html>", base_url=_base_url()
    ).render(font_config=fonts, stylesheets=[css])
    if len(folios.pages) != total:  # never seen: one empty sheet is one page
        raise SkirmishError(
            Message(
                "could not number the book's {total} pages ({folios_pages_count} "
                "footers laid out).",
                total=total,
                folios_pages_count=len(folios.pages),
            )
        )
    return list(folios.pages)


def folios_of(numbers: Sequence[int], total: int, fonts: Any, css: Any) -> dict[int, Any]:
    """The pages whose ``FOLIO_BOX`` says "N+1 / total" for each page number N of ``numbers``
    (0-based), laid out alone (issue #23): each empty page is a named page whose footer says
    its number as text, where ``folio_pages`` lays out the whole book's empty pages to count
    them (a reprint's worker numbers its one or two sheets with two pages, not 52). The text is
    sheet.css's ``counter(page) " / " counter(pages)`` written out: the same box (the book's
    tests compare it with ``folio_pages``'s)."""
    load_weasyprint()  # its libraries found at once (printing.libraries)
    from weasyprint import CSS  # lazy: pdf

    wanted = sorted(set(numbers))
    rules = "".join(
        f'@page folio-{n} {{ {FOLIO_BOX} {{ content: "{n + 1} / {total}" }} }}' for n in wanted
    )
    pages = "".join(f'<div style="page: folio-{n}"></div>' for n in wanted)
    folios = _html()(
        string=f"<!DOCTYPE html><html><body>{pages}</body></html>", base_url=_base_url()
    ).render(font_config=fonts, stylesheets=[css, CSS(string=rules, font_config=fonts)])
    if len(folios.pages) != len(wanted):  # never seen: each named page is one page
        raise SkirmishError(
            Message(
                "could not number the book's {total} pages ({folios_pages_count} "
                "footers laid out).",
                total=total,
                folios_pages_count=len(folios.pages),
            )
        )
    return dict(zip(wanted, folios.pages, strict=True))


def renumber(pages: Sequence[Any], folios: Sequence[Any]) -> None:
    """Give each of ``pages`` the ``FOLIO_BOX`` of the page of ``folios`` at the same place (a
    page whose own stylesheet prints no folio gets none)."""
    for page, folio in zip(pages, folios, strict=True):
        number = _folio_of(folio)
        if number is None:
            continue
        page._page_box.children = tuple(
            number if _is_folio(box) else box for box in page._page_box.children
        )


def _is_folio(box: Any) -> bool:
    return getattr(box, "at_keyword", None) == FOLIO_BOX


def _folio_of(page: Any) -> Any:
    """The laid-out ``FOLIO_BOX`` of ``page`` (a weasyprint page), if its stylesheet makes one."""
    return next((box for box in page._page_box.children if _is_folio(box)), None)


class Press:
    """A warm weasyprint for a process that prints again and again (the web app, issue #11):
    the PDF of ``write_pdf_sheets``, byte for byte, as bytes, without paying each time for
    what does not change.

    - The stylesheet is parsed, its selectors compiled and its ``@font-face`` fonts loaded once,
      into one ``FontConfiguration``, at the first PDF; each later one only lays its sheets out
      (the sheets come without the inline stylesheet: ``render_*(…, inline_css=False)``).
    - The finished PDFs are kept, most recently used first, up to ``entries`` of them and
      ``max_bytes`` in all, keyed by ``key``: a hash of the sheets' HTML itself, which holds
      everything the PDF depends on (the gang, its models, the house rules, the language, the
      rules' numbers and words), and of the versions of weasyprint and of the stylesheet. So a
      download repeated is instant and a change of anything printed is a new key, never a stale
      PDF.
    - One PDF is laid out at a time (one lock): the fonts' configuration is not shared between
      threads, and the layout holds the interpreter anyway. Callers run ``pdf`` off the event
      loop (the web app's routes are synchronous, so they run in its thread pool)."""

    def __init__(
        self,
        *,
        entries: int = 64,
        max_bytes: int = 64 * 1024 * 1024,
        files: tuple[str, ...] = STYLESHEETS,
    ) -> None:
        self.entries = entries
        #: The stylesheet's files (``render.stylesheet``): the Gazette has its own.
        self.files = files
        self.max_bytes = max_bytes
        #: How many PDFs were laid out (the others came from the cache).
        self.renders = 0
        self._done: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._kept = threading.Lock()
        self._laying_out = threading.Lock()
        self._warm: tuple[Any, Any] | None = None

    @staticmethod
    def key(sheets: Sequence[str], kind: str = "") -> str:
        """What identifies the PDF of ``sheets``: the same key, the same bytes (also the
        ``ETag`` of a download); ``kind`` names another way of making it (``pdf``'s
        ``make``)."""
        digest = hashlib.sha256(_salt() + kind.encode("utf-8"))
        for html in sheets:
            encoded = html.encode("utf-8")
            digest.update(len(encoded).to_bytes(8, "big"))
            digest.update(encoded)
        return digest.hexdigest()

    def pdf(
        self,
        sheets: Sequence[str],
        make: Callable[[Sequence[str], Any, Any], bytes] | None = None,
        kind: str = "",
    ) -> bytes:
        """The PDF of ``sheets`` (each an HTML document without the inline stylesheet), from
        the cache when the same sheets were printed before. ``make(sheets, fonts, css)``, named
        ``kind`` in the key: another way of laying them out with the press's warm fonts and
        stylesheet (the campaign book's, ``book_press.book_pdf``: the command line's bytes)."""
        if not sheets:
            raise SkirmishError(Message("nothing to print: no sheet was rendered."))
        key = self.key(sheets, kind)
        kept = self._get(key)
        if kept is not None:
            return kept
        with self._laying_out:
            kept = self._get(key)  # laid out by the request this one waited for
            if kept is None:
                fonts, css = self._warm_up()
                with quiet_layout():
                    if make is None:
                        kept = bytes(_lay_out(sheets, fonts, css).write_pdf())
                    else:
                        kept = make(sheets, fonts, css)
                self.renders += 1
                self._put(key, kept)
        return kept

    def _warm_up(self) -> tuple[Any, Any]:
        if self._warm is None:
            self._warm = warm_stylesheet(self.files)
        return self._warm

    def _get(self, key: str) -> bytes | None:
        with self._kept:
            found = self._done.get(key)
            if found is not None:
                self._done.move_to_end(key)
            return found

    def _put(self, key: str, pdf: bytes) -> None:
        with self._kept:
            if len(pdf) > self.max_bytes or self.entries < 1:
                return
            self._done[key] = pdf
            self._size += len(pdf)
            while len(self._done) > self.entries or self._size > self.max_bytes:
                _, dropped = self._done.popitem(last=False)
                self._size -= len(dropped)


@cache
def _salt(files: tuple[str, ...] = STYLESHEETS) -> bytes:
    """The versions a PDF depends on besides its HTML: weasyprint's, skirmish's (its fonts) and
    the stylesheet's (of ``files``). weasyprint's version is read from its metadata, not by
    importing it: a book whose pages are all kept never loads weasyprint (issue #23)."""
    versions = f"{version('weasyprint')}\0{__version__}\0".encode("ascii")
    return hashlib.sha256(versions + stylesheet(files=files).encode("utf-8")).digest()


def salt(files: tuple[str, ...] = STYLESHEETS) -> bytes:
    """What every cached PDF of sheets laid out with ``files`` depends on besides their HTML
    (``_salt``): a new weasyprint, skirmish or stylesheet is a new key."""
    return _salt(files)
