"""Every sheet ``skirmish print`` makes, as a download (issue #11): ``/print`` lists them, each as
an A4 PDF or the same HTML (what ``--format html`` writes, for a browser's own printing).

| sheet | PDF / HTML | the same as |
|---|---|---|
| the blank gang sheet | ``/print/blank.pdf``, ``.html`` | ``skirmish print blank`` |
| the quick reference | ``/print/reference.pdf``, ``.html`` | ``skirmish print reference`` |
| a scenario card | ``/scenarios/{id}/card.pdf``, ``.html`` | ``skirmish print scenario ID`` |
| a gang's roster | ``/c/{campaign}/g/{gang}/roster.pdf``, ``.html`` | ``skirmish print roster`` |
| a gang's cards | ``/c/{campaign}/g/{gang}/cards.pdf``, ``.html`` | ``skirmish print cards`` |
| a whole campaign | ``/c/{campaign}/campaign.pdf``, ``.html`` | ``skirmish print campaign`` |

``?lang=it|en`` is the language of the sheet (``--lang``), else the reader's; ``?back=1`` adds
the cards' backs (``--back``). A campaign is found
among those the reader may see (``site.find_campaign``), so a hidden one is a 404. The views come
from the same functions as the CLI's (``printing.sheets``, ``printing.build``), the PDFs from one
warm ``printing.pdf.Press`` per app (``Site.press``): the stylesheet and fonts are loaded once
and the finished PDFs are kept by a hash of their HTML, so a repeated download is instant and a
change is never stale. The routes are synchronous: FastAPI runs them in its thread pool, off the
event loop, so the other pages keep answering while a PDF is laid out.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from enum import StrEnum
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from skirmish.campaign.print_options import print_choice
from skirmish.i18n import Lang, messages, name
from skirmish.printing.build import scenario_view
from skirmish.printing.cards import cards_sheet, render_cards
from skirmish.printing.labels import labels
from skirmish.printing.pdf import Press
from skirmish.printing.reference import reference_view
from skirmish.printing.render import (
    render_blank,
    render_campaign,
    render_campaign_sheets,
    render_reference,
    render_roster,
    render_scenario,
)
from skirmish.printing.sheets import campaign_sheet, printed_gangs, roster_sheet
from skirmish.rules.scenarios import scenarios
from skirmish.translation import N_
from skirmish.web import text
from skirmish.web.pages import find_scenario_named
from skirmish.web.site import LangDep, Site, SiteDep

WORDS = text.part(
    messages(
        {
            "print_nav": N_("Print"),
            "print_title": N_("Sheets to print"),
            "print_lead": N_(
                "Every sheet of 'skirmish print', as an A4 PDF or as the same page "
                "in HTML for a browser's own printing."
            ),
            "print_sheets_lang": N_("Language of the sheets"),
            "print_lang_it": N_("Italian (the book's words)"),
            "print_lang_en": N_("English"),
            "print_show": N_("Show"),
            "print_blank": N_("Blank gang sheet"),
            "print_blank_help": N_(
                "The book's 'Scheda Giocatore', six models, to fill in by hand."
            ),
            "print_reference": N_("Quick reference"),
            "print_reference_help": N_(
                "The rulebook's summary tables, completed (reflex test, "
                "skills, advances, prices) and corrected as the rulings say."
            ),
            "print_scenarios": N_("Scenario cards"),
            "print_scenarios_help": N_(
                "Table, deployment, victory conditions and special rules of each scenario of §10."
            ),
            "print_campaigns": N_("Campaigns and rosters"),
            "print_campaigns_help": N_(
                "A gang's roster on A4, or the whole campaign as a book: "
                "the standings, the house rules, the results of every game and the graveyard, then "
                "every active gang's roster."
            ),
            "print_no_campaigns": N_("No campaign to print."),
            "print_whole": N_("Whole campaign"),
            "print_no_gangs": N_("No active gang to print yet."),
            "print_pdf": N_("PDF"),
            "print_html": N_("HTML"),
            "print_as": N_("{sheet}, {format}"),
            "print_campaign_pdf": N_("Campaign PDF (A4)"),
            "print_card_pdf": N_("Scenario card PDF (A4)"),
            "print_all": N_("All the sheets to print"),
            "print_cards": N_("Cards"),
            "cards_pdf": N_("Activation cards PDF (9 to an A4 page)"),
            "cards_back_pdf": N_("with backs, for duplex printing"),
        }
    )
)


class Format(StrEnum):
    """What a sheet's address ends with: the PDF, or the HTML it is laid out from."""

    PDF = "pdf"
    HTML = "html"


def sheet_format(suffix: str) -> Format:
    """The format an address asks for; any other suffix is no page (404)."""
    try:
        return Format(suffix)
    except ValueError:
        raise HTTPException(404) from None


#: Shown by the HTML sheets: their own inline stylesheet and the fonts embedded in it (issue
#: #13), nothing fetched, nothing run.
HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"


def disposition(title: str, fmt: Format) -> str:
    """``Content-Disposition`` naming the file after the sheet (the book's words, a gang's or a
    campaign's own name): UTF-8 for the browsers that read ``filename*``, plain ASCII for the
    others. A slash or a backslash in a name becomes a dash; control characters go."""
    shown = "".join("-" if c in "/\\" else c for c in title if c.isprintable()).strip()
    shown = shown or "sheet"
    plain = unicodedata.normalize("NFKD", shown).encode("ascii", "ignore").decode("ascii")
    plain = plain.replace('"', "'").strip() or "sheet"
    full = quote(f"{shown}.{fmt.value}", safe="")
    return f"inline; filename=\"{plain}.{fmt.value}\"; filename*=UTF-8''{full}"


def _matches(request: Request, etag: str) -> bool:
    """Whether the browser already holds this very PDF (``If-None-Match``)."""
    sent = request.headers.get("if-none-match", "")
    tags = {tag.strip().removeprefix("W/") for tag in sent.split(",")}
    return etag in tags or "*" in tags


#: The print page and the sheets' downloads (``create_app`` includes them).
router = APIRouter(include_in_schema=False)


def send_pdf(
    site: Site, request: Request, sheets: Sequence[str], title: str, *, book: bool = False
) -> Response:
    """The PDF of ``sheets`` (``ETag``: its key; a browser that holds it gets 304); ``book``:
    laid out and joined as the command line's campaign book is (issue #23), the same bytes."""
    kind = "book" if book else ""
    etag = f'"{Press.key(sheets, kind)}"'
    headers = {
        "ETag": etag,
        "Cache-Control": "private, no-cache",
        "Vary": "Accept-Language, Cookie",
        "Content-Disposition": disposition(title, Format.PDF),
    }
    if _matches(request, etag):
        del headers["Content-Disposition"]
        return Response(status_code=304, headers=headers)
    if book:
        from skirmish.printing.book_press import book_pdf  # lazy: pdf

        pdf = site.press().pdf(sheets, book_pdf, kind)
    else:
        pdf = site.press().pdf(sheets)
    return Response(pdf, media_type="application/pdf", headers=headers)


def send_html(html: str, title: str) -> Response:
    headers = {
        "Content-Disposition": disposition(title, Format.HTML),
        "Content-Security-Policy": HTML_POLICY,
        "Cache-Control": "private, no-cache",
        "Vary": "Accept-Language, Cookie",
    }
    return HTMLResponse(html, headers=headers)


@router.get("/print", response_class=HTMLResponse)
def print_page(request: Request, site: SiteDep, lang: LangDep, sheets: str = "") -> Response:
    chosen = Lang(sheets) if sheets in ("it", "en") else lang
    with site.read() as s:
        campaigns = [(c.name, [g.name for g in printed_gangs(c)]) for c in site.campaigns(s)]
    cards = sorted(scenarios(), key=lambda found: found.number)
    return site.page(
        request,
        "prints/index.html",
        sheet_lang=chosen.value,
        query=f"?lang={chosen.value}",
        scenarios=[(found.id, name(found, chosen)) for found in cards],
        campaigns=campaigns,
    )


@router.get("/print/blank.{suffix}")
def blank(request: Request, suffix: str, site: SiteDep, lang: LangDep) -> Response:
    fmt = sheet_format(suffix)
    title = labels(lang)["doc_blank"]
    if fmt is Format.HTML:
        return send_html(render_blank(lang), title)
    return send_pdf(site, request, [render_blank(lang, inline_css=False)], title)


@router.get("/print/reference.{suffix}")
def reference(request: Request, suffix: str, site: SiteDep, lang: LangDep) -> Response:
    fmt = sheet_format(suffix)
    view = reference_view(lang)
    if fmt is Format.HTML:
        return send_html(render_reference(view, lang), view.title)
    return send_pdf(site, request, [render_reference(view, lang, inline_css=False)], view.title)


@router.get("/scenarios/{scenario_id}/card.{suffix}")
def scenario_card(
    request: Request, scenario_id: str, suffix: str, site: SiteDep, lang: LangDep
) -> Response:
    fmt = sheet_format(suffix)
    view = scenario_view(find_scenario_named(scenario_id, lang), lang)
    if fmt is Format.HTML:
        return send_html(render_scenario(view, lang), view.title)
    return send_pdf(site, request, [render_scenario(view, lang, inline_css=False)], view.title)


@router.get("/c/{campaign}/g/{gang}/roster.{suffix}")
def roster(
    request: Request, campaign: str, gang: str, suffix: str, site: SiteDep, lang: LangDep
) -> Response:
    fmt = sheet_format(suffix)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        chosen = site.find_gang(s, found, gang)
        saved = print_choice(chosen)  # the gang's saved print choice, as the CLI's
        view = roster_sheet(
            found,
            chosen,
            lang,
            models=saved.models,
            with_dead=saved.with_dead,
            blank=saved.blank,
        )
    if fmt is Format.HTML:
        return send_html(render_roster(view, lang), view.name)
    return send_pdf(site, request, [render_roster(view, lang, inline_css=False)], view.name)


@router.get("/c/{campaign}/g/{gang}/cards.{suffix}")
def cards(
    request: Request,
    campaign: str,
    gang: str,
    suffix: str,
    site: SiteDep,
    lang: LangDep,
    back: bool = False,
) -> Response:
    fmt = sheet_format(suffix)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        view = cards_sheet(found, site.find_gang(s, found, gang), lang, back=back)
    if fmt is Format.HTML:
        return send_html(render_cards(view, lang), view.title)
    return send_pdf(site, request, [render_cards(view, lang, inline_css=False)], view.title)


@router.get("/c/{campaign}/campaign.{suffix}")
def whole_campaign(
    request: Request, campaign: str, suffix: str, site: SiteDep, lang: LangDep
) -> Response:
    fmt = sheet_format(suffix)
    with site.read() as s:
        view = campaign_sheet(s, site.find_campaign(s, campaign), lang)
    if fmt is Format.HTML:
        return send_html(render_campaign(view, lang), view.name)
    return send_pdf(site, request, render_campaign_sheets(view, lang), view.name, book=True)
