"""Render the printed sheets as HTML strings: pure functions of a view-model and a language.

One Jinja2 environment with ``autoescape=True`` and ``StrictUndefined`` loads the templates from
``templates_dir()``, so a gang called ``<b>Tom & Jerry</b>`` prints literally and a misspelt
field fails loudly instead of printing nothing. ``write_pdf`` (``skirmish.printing.pdf``) is the
only code that touches weasyprint.
"""

from __future__ import annotations

import base64
import re
from functools import cache
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from skirmish.i18n import Lang
from skirmish.printing.book_cache import cache_dir
from skirmish.printing.labels import labels
from skirmish.printing.members import XP_ROW, advance_marks
from skirmish.printing.roster_page import GAME_TURNS
from skirmish.printing.views import (
    CampaignView,
    ReferenceView,
    RosterView,
    ScenarioView,
)
from skirmish.resources import templates_dir
from skirmish.translation import template_callables

if TYPE_CHECKING:
    import jinja2
    from markupsafe import Markup

#: Rows of an empty sheet: the book's "Scheda Giocatore" has six models (a gang's maximum, §9.1).
BLANK_ROWS = 6
#: The sheets' one stylesheet, in this order: the page, fonts and tables every sheet shares,
#: then each kind of document's own part. ``base.html`` inlines it (fonts embedded, so one HTML
#: file opens anywhere); ``pdf`` gives it to weasyprint once.
STYLESHEETS = ("sheet.css", "roster.css", "book.css", "reference.css", "scenario.css", "cards.css")
#: The part of it a gang's roster uses, which ``skirmish print roster`` has weasyprint parse and
#: match alone (issue #23: 13 ms less parsing and 7 ms less layout on a roster, the pages the
#: same; ``tests/printing/test_roster_stylesheet.py`` holds the roster off the other files'
#: classes). The book, whose rosters sit among its other sheets, keeps the whole stylesheet.
ROSTER_STYLESHEETS = ("sheet.css", "roster.css")
#: ``url("fonts/NAME.ttf")`` in the stylesheet (or ``fonts/FOLDER/NAME.ttf``): the shipped
#: faces, embedded by ``stylesheet``.
_FONT_URL = re.compile(r'url\("(fonts/(?:[A-Za-z0-9_-]+/)?[A-Za-z0-9_.-]+\.ttf)"\)')
#: A wound box, one per point of COS (a glyph the shipped fonts have).
WOUND_BOX = "\u25a1"
#: A FAMA or FORTUNA point in the game-day box, crossed out when spent (a glyph of the fonts).
SPEND_MARK = "\u25cb"
#: Boxes of an empty card: no characteristic may exceed 4 (§7.1).
MAX_WOUNDS = 4


@cache
def stylesheet(*, embed_fonts: bool = False, files: tuple[str, ...] = STYLESHEETS) -> str:
    """The sheets' stylesheet: every file of ``files`` (``STYLESHEETS``) in order.
    ``embed_fonts`` puts the shipped faces in it as ``data:`` URLs, for an HTML file that must
    open anywhere (issue #13); weasyprint reads them from ``templates/fonts`` instead. The
    Gazette (issue #14) has a stylesheet of its own (``printing.gazette.STYLESHEETS``), so its
    period faces are never parsed for the other sheets."""
    folder = templates_dir()
    css = "".join((folder / name).read_text(encoding="utf-8") for name in files)
    if not embed_fonts:
        return css

    def embedded(match: re.Match[str]) -> str:
        data = base64.b64encode((folder / match[1]).read_bytes()).decode("ascii")
        return f'url("data:font/ttf;base64,{data}")'

    return _FONT_URL.sub(embedded, css)


def _inline_stylesheet() -> Markup:
    return Markup(stylesheet(embed_fonts=True))  # our own file, not user text: not escaped


@cache
def environment() -> jinja2.Environment:
    """The one Jinja2 environment of the printed sheets (escaping on, undefined is an error).
    Its compiled templates are kept on disk in the cache folder (``book_cache.cache_dir``,
    issue #23): Jinja2 checks each against its source, so an edited template is compiled
    again; the ~44 ms of compiling them is paid once, not by every print."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir()),
        bytecode_cache=_bytecode_cache(),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],  # the words: `_("…")`, `{% trans %}` (issue #21)
    )
    env.globals["WOUND_BOX"] = WOUND_BOX
    env.globals["MAX_WOUNDS"] = MAX_WOUNDS
    env.globals["XP_ROW"] = XP_ROW
    env.globals["SPEND_MARK"] = SPEND_MARK
    env.globals["GAME_TURNS"] = GAME_TURNS
    env.globals["inline_stylesheet"] = _inline_stylesheet
    return env


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    folder = cache_dir() / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None  # no cache folder: compiled in memory, as before
    return jinja2.FileSystemBytecodeCache(str(folder))


def _render(template: str, lang: Lang | str, *, inline_css: bool = True, **context: Any) -> str:
    return (
        environment()
        .get_template(template)
        .render(
            lang=str(lang),
            t=labels(lang),
            inline_css=inline_css,
            **template_callables(str(lang)),
            **context,
        )
    )


def render_roster(gang: RosterView, lang: Lang | str = Lang.IT, *, inline_css: bool = True) -> str:
    """One gang's sheet (one A4 page, two when it must) as HTML (``inline_css=False``: without
    the stylesheet, for ``pdf.Press`` or ``write_pdf_sheets``, which bring it parsed)."""
    return _render("roster.html", lang, inline_css=inline_css, gang=gang)


def render_blank(lang: Lang | str = Lang.IT, *, inline_css: bool = True) -> str:
    """An empty sheet to fill in by hand, as HTML."""
    return _render(
        "blank.html", lang, inline_css=inline_css, rows=BLANK_ROWS, advances=advance_marks(lang)
    )


def render_campaign(
    campaign: CampaignView, lang: Lang | str = Lang.IT, *, inline_css: bool = True
) -> str:
    """The standings, then every gang of a campaign one after the other, as one HTML file."""
    return _render("campaign.html", lang, inline_css=inline_css, campaign=campaign)


def render_campaign_sheets(campaign: CampaignView, lang: Lang | str = Lang.IT) -> list[str]:
    """The same campaign as one HTML document per sheet (the standings, then each gang),
    without the inline stylesheet, for ``write_pdf_sheets``: laying gangs out one by one
    costs time linear in their number, lets a progress bar follow them, and numbers each
    gang's pages on its own."""
    sheets = [_render("standings.html", lang, inline_css=False, campaign=campaign)]
    sheets += [_render("roster.html", lang, inline_css=False, gang=g) for g in campaign.gangs]
    return sheets


def render_reference(
    reference: ReferenceView, lang: Lang | str = Lang.IT, *, inline_css: bool = True
) -> str:
    """The two-page quick reference of the rulebook's summary tables, as HTML."""
    return _render("reference.html", lang, inline_css=inline_css, ref=reference)


def render_scenario(
    scenario: ScenarioView, lang: Lang | str = Lang.IT, *, inline_css: bool = True
) -> str:
    """A scenario card as HTML."""
    return _render("scenario.html", lang, inline_css=inline_css, scenario=scenario)
