"""The Frontier Gazette on paper (issue #14): the view-model of one issue and its rendering.

``campaign.gazette`` tells the story: every sentence with the log entries and game events it
states. This module only lays those sentences out, with the paper's own words (the masthead,
the sections' headings, the standings' columns: ``LABELS``), the date in words and the issue's
number. It writes no sentence of its own. The paper has its own stylesheet
(``templates/gazette.css``: the period faces of ``templates/fonts/gazette``), passed to
``render.stylesheet`` and ``pdf.write_pdf_sheets`` as ``STYLESHEETS``, so the other sheets
never parse those faces and the Gazette never parses theirs.

Each printed sentence carries its sources in the HTML (``data-log``, ``data-event``: the ids
``skirmish log`` and ``skirmish game log`` show), so a reader, or a test, can check that every
sentence states recorded facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from skirmish import formats
from skirmish.campaign.gazette import gazette
from skirmish.campaign.gazette_issue import Gazette, Sentence, StandingRow
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.printing.render import environment, stylesheet
from skirmish.translation import N_, template_callables

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.models import Campaign

#: The Gazette's stylesheet: its own file only (``render.stylesheet(files=…)``).
STYLESHEETS = ("gazette.css",)

LABELS: Catalogue = messages(
    {
        "title": N_("The Frontier Gazette"),
        "motto": N_("All the news from the territory, and some to spare"),
        "number": N_("No. {number}"),
        "campaign": N_("{campaign} campaign"),
        "special": N_("Special edition: game {game}"),
        "field": N_("From the field"),
        "game": N_("Game {game} · {scenario} · {day}"),
        "obituaries": N_("Obituaries"),
        "town": N_("Around town"),
        "standings": N_("Standings"),
        "place": N_("Pos."),
        "gang": N_("Gang"),
        "played": N_("P"),
        "won": N_("W"),
        "drawn": N_("D"),
        "lost": N_("L"),
        "eliminations": N_("Elim."),
        "points": N_("Pts"),
        "legend": N_(
            "P played, W won, D drawn, L lost (a retreat is a loss); Elim. enemies "
            "eliminated; 3 points a win, 1 a draw."
        ),
        "wanted": N_("Wanted"),
        "dead-or-alive": N_("Dead or alive"),
        "reward": N_("Reward"),
        "infamy": N_("For infamy"),
        "nothing": N_(
            "No news from {campaign}: nothing has happened yet. The next issue goes to "
            "press after the first game."
        ),
        "quiet": N_("No other news from town."),
    }
)


@dataclass(frozen=True)
class Line:
    """A printed sentence: its words and its sources (ids separated by spaces)."""

    text: str
    kind: str
    logs: str
    events: str


@dataclass(frozen=True)
class ReportLine:
    """A game's report: its title (``None`` when it is the page's banner), its dateline
    (game, scenario, day) and its sentences."""

    title: Line | None
    dateline: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class ObituaryLine:
    name: str
    line: Line


@dataclass(frozen=True)
class WantedLine:
    name: str
    reward: str  # "95$", or "" when wanted for infamy
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class GazetteView:
    """One issue as the template prints it."""

    lang: str
    campaign: str
    day: str
    number: str
    special: str
    banner: Line | None
    reports: tuple[ReportLine, ...]
    obituaries: tuple[ObituaryLine, ...]
    standings: tuple[StandingRow, ...]  # the paper's own rows, as they are
    leader: Line | None
    news: tuple[Line, ...]
    wanted: WantedLine | None
    nothing: str  # the one line of a paper with nothing to tell, else ""


def _t(key: str, lang: str, **values: Any) -> str:
    return tr(LABELS, key, lang, **values)


def line(sentence: Sentence) -> Line:
    """A sentence as the template prints it."""
    return Line(
        text=sentence.text,
        kind=sentence.kind,
        logs=" ".join(map(str, sentence.log_ids)),
        events=" ".join(map(str, sentence.event_ids)),
    )


def day_words(stamp: str, lang: Lang | str) -> str:
    """A log's timestamp (``1881-10-20T09:54:00Z``) as a newspaper dates itself: ``giovedì 20
    ottobre 1881``, ``Thursday, 20 October 1881`` (``formats.day``, in full); ``""`` when it
    cannot be read."""
    return formats.day(stamp[:10], str(lang), "full")


def gazette_view(paper: Gazette) -> GazetteView:
    """The view-model of ``paper`` (``campaign.gazette.gazette``), in the paper's language."""
    lang = paper.lang
    banner = paper.headlines[0] if paper.headlines else None
    reports = []
    for index, report in enumerate(paper.reports):
        leads = banner is None and index == 0  # the latest game's headline leads the page
        reports.append(
            ReportLine(
                title=None if leads else line(report.headline),
                dateline=_t("game", lang, game=report.game, scenario=report.scenario,
                            day=day_words(report.ended_at, lang)),
                lines=tuple(line(s) for s in report.sentences),
            )
        )  # fmt: skip
    if banner is None and paper.reports:
        banner = paper.reports[0].headline
    wanted = None
    if paper.wanted is not None:
        bounty = paper.wanted.bounty
        wanted = WantedLine(
            name=paper.wanted.name,
            reward=f"{bounty}$" if bounty is not None else "",
            lines=tuple(line(s) for s in paper.wanted.sentences),
        )
    return GazetteView(
        lang=lang,
        campaign=paper.campaign,
        day=day_words(paper.date, lang),
        number=_t("number", lang, number=paper.number),
        special=_t("special", lang, game=paper.game) if paper.game is not None else "",
        banner=line(banner) if banner is not None else None,
        reports=tuple(reports),
        obituaries=tuple(ObituaryLine(o.name, line(o.sentence)) for o in paper.obituaries),
        standings=paper.standings,
        leader=line(paper.leader) if paper.leader is not None else None,
        news=tuple(line(s) for s in paper.news),
        wanted=wanted,
        nothing=_t("nothing", lang, campaign=paper.campaign) if paper.empty else "",
    )


def gazette_sheet(
    session: Session, campaign: Campaign, lang: Lang | str, *, game: int | None = None
) -> GazetteView:
    """The issue of ``campaign`` (or about game ``game``) read from the store, for the CLI and
    the web app alike."""
    return gazette_view(gazette(session, campaign=campaign, lang=lang, game=game))


def render_gazette(view: GazetteView, lang: Lang | str, *, inline_css: bool = True) -> str:
    """The issue as one HTML document; ``inline_css`` puts the Gazette's stylesheet in it with
    its fonts embedded (one file that opens anywhere), else ``pdf.write_pdf_sheets(…,
    files=STYLESHEETS)`` brings it."""
    css = Markup(stylesheet(embed_fonts=True, files=STYLESHEETS)) if inline_css else None
    labels = {key: _t(key, str(lang)) for key in LABELS["en"] if "{" not in LABELS["en"][key]}
    return (
        environment()
        .get_template("gazette.html")
        .render(lang=str(lang), t=labels, css=css, paper=view,
                campaign_line=_t("campaign", str(lang), campaign=view.campaign),
                **template_callables(str(lang)))
    )  # fmt: skip
