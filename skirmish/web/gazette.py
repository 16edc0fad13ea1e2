"""The Frontier Gazette on the web (issue #14): the campaign's paper inside the site, as a PDF,
and as news feeds.

- ``/c/{campaign}/gazette``: the paper to date in the reader's language; ``?game=N``: that
  game's issue;
- ``/c/{campaign}/gazette.pdf`` (and ``.html``): the printed broadsheet (``skirmish
  gazette``), ``?game=N`` and ``?lang=`` too;
- ``/c/{campaign}/gazette.atom``: Atom 1.0, an entry per finished game's issue (the latest
  ``FEED_ISSUES``) and one for the paper to date; ``/c/{campaign}/gazette.rss``: the same as
  RSS 2.0.

Every sentence comes from ``campaign.gazette`` (each one carries the ids of the log entries and
game events it states); this module lays them out and writes no sentence of its own. The page
and each feed entry's content are one template (``gazette/_issue.html``), so the feed says
exactly what the page says. The PDF is ``printing.gazette``'s, laid out by a warm ``Press`` of its
own stylesheet (the period faces are not parsed for the other sheets). A campaign is found among
those the reader may see (``site.find_campaign``): a hidden campaign's paper and feeds are a 404,
as its pages are. Feeds are in ``?lang=`` (else the reader's language); their ids are
``urn:uuid`` made from the campaign's creation time and row id and the game's number, so a
renamed campaign or a server moved to another address keeps them; their links are absolute,
under the campaign's web address when it has one, else under the address the request came to.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from email.utils import parsedate_to_datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from sqlmodel import Session
from starlette.exceptions import HTTPException

from skirmish.campaign.game.listed import games_of
from skirmish.campaign.gazette import gazette
from skirmish.campaign.gazette_issue import Gazette
from skirmish.campaign.models import Campaign
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError
from skirmish.i18n import Lang, messages, tr
from skirmish.printing.gazette import LABELS, STYLESHEETS, gazette_view, render_gazette
from skirmish.printing.pdf import Press
from skirmish.translation import N_, template_callables
from skirmish.web import feeds, text
from skirmish.web.prints import HTML_POLICY, Format, disposition
from skirmish.web.site import LangDep, NotFound, Site, SiteDep, campaign_url, scenario_name

WORDS = text.part(
    messages(
        {
            "gz_nav": N_("Gazette"),
            "gz_issue_game": N_("No. {number}: game {game}, {scenario}"),
            "gz_to_date": N_("The paper to date"),
            "gz_issues": N_("Every issue"),
            "gz_pdf": N_("Gazette PDF (A4)"),
            "gz_feed": N_("News feed (Atom)"),
            "gz_feed_rss": N_("RSS"),
            "gz_print": N_("The Frontier Gazette"),
            "gz_feed_title": N_("{paper}: {campaign}"),
            "gz_entry_game": N_("No. {number}, game {game}: {headline}"),
            "gz_entry_to_date": N_("{campaign} to date: {headline}"),
            "gz_no_issue": N_("game {game} has no issue yet: the Gazette reports finished games."),
        }
    )
)

#: The games' issues a feed carries, the latest first (with the paper to date besides).
FEED_ISSUES = 20


def gazette_url(campaign: str, *, game: int | None = None, suffix: str = "") -> str:
    """The paper's address (``suffix``: ``.pdf``, ``.atom``…), ``game``'s issue if given."""
    path = f"{campaign_url(campaign)}/gazette{suffix}"
    return f"{path}?game={game}" if game is not None else path


def issues(session: Session, campaign: Campaign, lang: Lang) -> list[dict[str, Any]]:
    """The finished games, each an issue, the latest first: its game, scenario and number. The
    games are those the paper reads (``games_of``, kept by the unit of work: issue #23, one
    statement for both)."""
    ended = [g for g in games_of(session, campaign) if g.status == GameStatus.ENDED]
    return [
        {
            "game": g.id,
            "number": number,
            "scenario": scenario_name(g.scenario, lang),
            "url": gazette_url(campaign.name, game=g.id),
        }
        for number, g in reversed(list(enumerate(ended, start=1)))
    ]


def paper(session: Session, campaign: Campaign, lang: Lang, game: str | None) -> Gazette:
    """The paper to date, or ``game``'s issue; a game with no issue is a 404 that lists the
    issues there are."""
    if game is None or game == "":
        return gazette(session, campaign=campaign, lang=lang)
    number = int(game) if game.isascii() and game.isdigit() and len(game) <= 9 else None
    if number is not None:
        try:
            return gazette(session, campaign=campaign, lang=lang, game=number)
        except CampaignError as error:
            raise NotFound(error, _listed(session, campaign, lang)) from None
    refusal = CampaignError(text.Worded("gz_no_issue", game=repr(game)))
    raise NotFound(refusal, _listed(session, campaign, lang))


def _listed(session: Session, campaign: Campaign, lang: Lang) -> list[tuple[str, str]]:
    """Every issue there is, as a 404 page links them: "No. 1: game 1, Bank robbery"."""
    words = text.words(lang)["gz_issue_game"]
    return [
        (words.format(number=i["number"], game=i["game"], scenario=i["scenario"]), i["url"])
        for i in issues(session, campaign, lang)
    ]


def _base(request: Request, campaign: Campaign) -> str:
    """Where the feeds' absolute links start: the campaign's web address, else this server."""
    if campaign.web_address:
        return campaign.web_address.rstrip("/")
    return str(request.base_url).rstrip("/")


#: The Gazette's page, its downloads and its feeds (``create_app`` includes them).
router = APIRouter(include_in_schema=False)


def issue_html(site: Site, issue: Gazette) -> Markup:
    """The paper's body (``gazette/_issue.html``) from ``printing.gazette``'s view of
    ``issue``, with the printed paper's own words: the page's and each feed entry's."""
    lang = issue.lang
    words = {k: tr(LABELS, k, lang) for k, v in LABELS["en"].items() if "{" not in v}
    return Markup(
        site.env.get_template("gazette/_issue.html").render(
            paper=gazette_view(issue), g=words, lang=lang, **template_callables(lang)
        )
    )


@router.get("/c/{campaign}/gazette", response_class=HTMLResponse)
def gazette_page(
    request: Request, campaign: str, site: SiteDep, lang: LangDep, game: str | None = None
) -> Response:
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        issue = paper(s, found, lang, game)
        every = issues(s, found, lang)
        name = found.name
    return site.page(
        request,
        "gazette/page.html",
        campaign_name=name,
        issue=issue,
        view=gazette_view(issue),
        paper_title=tr(LABELS, "title", lang),
        campaign_line=tr(LABELS, "campaign", lang, campaign=name),
        body=issue_html(site, issue),
        issues=every,
        chosen=issue.game,
        pdf_url=gazette_url(name, game=issue.game, suffix=".pdf"),
        feed_url=gazette_url(name, suffix=".atom") + f"?lang={lang.value}",
        rss_url=gazette_url(name, suffix=".rss") + f"?lang={lang.value}",
    )


def feed(site: Site, request: Request, campaign: str, lang: Lang, suffix: str) -> feeds.Feed:
    t = text.words(lang)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        base = _base(request, found)
        whole = gazette(s, campaign=found, lang=lang)
        games = [
            (i, gazette(s, campaign=found, lang=lang, game=i["game"]))
            for i in issues(s, found, lang)[:FEED_ISSUES]
        ]
        key = (found.created_at, found.id)
        name = found.name
    entries: list[feeds.Entry] = []
    entries.append(
        feeds.Entry(
            ident=feeds.stable_id(*key, "gazette"),
            title=t["gz_entry_to_date"].format(campaign=name, headline=_headline(whole)),
            updated=whole.date,
            link=base + gazette_url(name) + f"?lang={lang.value}",
            html=str(issue_html(site, whole)),
        )
    )
    for listed, issue in games:
        entries.append(
            feeds.Entry(
                ident=feeds.stable_id(*key, "gazette", "game", listed["game"]),
                title=t["gz_entry_game"].format(
                    number=listed["number"], game=listed["game"], headline=_headline(issue)
                ),
                updated=issue.date,
                link=base + gazette_url(name, game=listed["game"]) + f"&lang={lang.value}",
                html=str(issue_html(site, issue)),
            )
        )
    entries.sort(key=lambda e: feeds.when(e.updated), reverse=True)
    return feeds.Feed(
        ident=feeds.stable_id(*key, "gazette", "feed"),
        title=t["gz_feed_title"].format(paper=tr(LABELS, "title", lang), campaign=name),
        subtitle=name,
        lang=lang.value,
        author=tr(LABELS, "title", lang),
        updated=max((e.updated for e in entries), key=feeds.when),
        self_link=base + gazette_url(name, suffix=suffix) + f"?lang={lang.value}",
        link=base + gazette_url(name) + f"?lang={lang.value}",
        entries=entries,
    )


def printed(
    site: Site, request: Request, lang: Lang, campaign: str, game: str | None, fmt: Format
) -> Response:
    """The broadsheet of ``skirmish gazette`` as a PDF (through the app's warm press) or as
    its one HTML file; a repeated PDF is answered from the press's cache (``ETag``)."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        view = gazette_view(paper(s, found, lang, game))
    title = f"{tr(LABELS, 'title', lang)} - {view.campaign} - {view.number}"
    headers = {
        "Cache-Control": "private, no-cache",
        "Vary": "Accept-Language, Cookie",
        "Content-Disposition": disposition(title, fmt),
    }
    if fmt is Format.HTML:
        headers["Content-Security-Policy"] = HTML_POLICY
        return HTMLResponse(render_gazette(view, lang), headers=headers)
    sheets = [render_gazette(view, lang, inline_css=False)]
    etag = f'"{Press.key(sheets)}"'
    headers["ETag"] = etag
    if _unchanged(request, etag):
        del headers["Content-Disposition"]
        return Response(status_code=304, headers=headers)
    return Response(
        site.press(STYLESHEETS).pdf(sheets), media_type="application/pdf", headers=headers
    )


@router.get("/c/{campaign}/gazette.{suffix}")
def gazette_file(
    request: Request,
    campaign: str,
    suffix: str,
    site: SiteDep,
    lang: LangDep,
    game: str | None = None,
) -> Response:
    if suffix in (Format.PDF, Format.HTML):
        return printed(site, request, lang, campaign, game, Format(suffix))
    writers = {"atom": (feeds.atom, feeds.ATOM_TYPE), "rss": (feeds.rss, feeds.RSS_TYPE)}
    if suffix not in writers:
        raise HTTPException(404)
    write, kind = writers[suffix]
    built = feed(site, request, campaign, lang, f".{suffix}")
    body = write(built)
    # a feed reader polls: the same feed is answered 304 (its ETag, or nothing newer
    # than the Last-Modified it was sent), so it is not sent again
    etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    headers = {
        "Cache-Control": "private, no-cache",
        "Vary": "Accept-Language, Cookie",
        "ETag": etag,
        "Last-Modified": feeds.rfc822(built.updated),
    }
    if _unchanged(request, etag, built.updated):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=kind, headers=headers)


def _unchanged(request: Request, etag: str, updated: str | None = None) -> bool:
    """Whether the reader already holds this answer (RFC 9110 §13.1): its ``If-None-Match``
    names ``etag`` (or ``*``); without that header, its ``If-Modified-Since`` is no older than
    ``updated``, the time of the latest fact in it."""
    sent = request.headers.get("if-none-match")
    if sent is not None:
        tags = {tag.strip().removeprefix("W/") for tag in sent.split(",")}
        return etag in tags or "*" in tags
    since = request.headers.get("if-modified-since")
    if since is None or updated is None:
        return False
    try:
        held = parsedate_to_datetime(since)
    except (TypeError, ValueError):
        return False
    if held.tzinfo is None:
        return False
    return feeds.when(updated).replace(microsecond=0) <= held


def _headline(issue: Gazette) -> str:
    """An issue's first headline, for a feed entry's title (the paper's name if it has none)."""
    first: Sequence[Any] = issue.headlines or tuple(r.headline for r in issue.reports)
    return first[0].text if first else tr(LABELS, "title", issue.lang)
