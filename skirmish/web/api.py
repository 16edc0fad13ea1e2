"""The JSON API under ``/api/v1`` (issue #11): every page's data in the shapes of the CLI's
``--json``, for the club's bots and spreadsheets; FastAPI's OpenAPI document is at
``/api/v1/docs``."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from skirmish import rules
from skirmish.errors import UnknownNameError
from skirmish.rules.scenarios import scenario_data, scenario_summary, scenarios
from skirmish.rules.shapes import kind_of, to_json
from skirmish.web import campaign_shared, reads
from skirmish.web.pages import find_scenario_named
from skirmish.web.site import (
    LangDep,
    NotFound,
    SiteDep,
    identifies_reader,
    pick_lang,
    rules_url,
)

#: The read API's routes (``create_app`` includes them).
router = APIRouter(prefix="/api/v1")


@router.get("/campaigns", tags=["campaigns"])
def api_campaigns(request: Request, site: SiteDep) -> Response:
    """Every campaign this reader may see: `skirmish campaign list --json`."""
    with site.read() as s:
        names = {c.name for c in site.campaigns(s)}
        return site.api(request, [row for row in reads.campaigns(s) if row["name"] in names])


@router.get("/campaigns/{campaign}", tags=["campaigns"])
def api_campaign(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    """A campaign's house rules and gangs: `skirmish campaign show --json`."""
    with site.read() as s:
        return site.api(request, reads.campaign_show(site.find_campaign_line(s, campaign), lang, s))


@router.get("/campaigns/{campaign}/standings", tags=["campaigns"])
def api_standings(request: Request, campaign: str, site: SiteDep) -> Response:
    """`skirmish campaign standings --json`."""
    with site.read() as s:
        return site.api(request, reads.campaign_standings(s, site.find_campaign_line(s, campaign)))


@router.get("/campaigns/{campaign}/graveyard", tags=["campaigns"])
def api_graveyard(request: Request, campaign: str, site: SiteDep) -> Response:
    """`skirmish campaign graveyard --json`."""
    with site.read() as s:
        return site.api(request, reads.campaign_graveyard(s, site.find_campaign_line(s, campaign)))


@router.get("/campaigns/{campaign}/games", tags=["campaigns"])
def api_games(request: Request, campaign: str, site: SiteDep) -> Response:
    """`skirmish game list --json`."""
    with site.read() as s:
        return site.api(request, reads.game_list(s, site.find_campaign_line(s, campaign)))


@router.get("/campaigns/{campaign}/log", tags=["campaigns"])
def api_log(
    request: Request,
    campaign: str,
    site: SiteDep,
    lang: LangDep,
    gang: str | None = None,
    last: int | None = None,
) -> Response:
    """`skirmish log [GANG] [--last N] --json` (at most 200 entries when `last` is not
    given or larger)."""
    limit = reads.LOG_LIMIT if last is None else max(1, min(last, reads.LOG_LIMIT))
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        chosen = site.find_gang(s, found, gang, in_path=False) if gang is not None else None
        return site.api(request, reads.log(s, found, lang, gang=chosen, last=limit))


@router.get("/campaigns/{campaign}/gangs", tags=["gangs"])
def api_gangs(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    """`skirmish gang list --json`."""
    with site.read() as s:
        return site.api(request, reads.gang_list(s, site.find_campaign(s, campaign), lang))


@router.get("/campaigns/{campaign}/gangs/{gang}", tags=["gangs"])
@identifies_reader
def api_gang(request: Request, campaign: str, gang: str, site: SiteDep) -> Response:
    """`skirmish gang show --json`."""
    with site.read(rows=True) as s:
        lang = pick_lang(request)
        found = site.find_campaign_line(s, campaign)
        chosen = site.find_gang_line(s, found, gang)
        # kept per campaign revision, as the gang page's parts (issue #23: ``campaign_shared``)
        return site.api(request, campaign_shared.gang_data(site, s, found, chosen, lang))


@router.get("/campaigns/{campaign}/gangs/{gang}/models/{model}", tags=["gangs"])
def api_model(request: Request, campaign: str, gang: str, model: str, site: SiteDep) -> Response:
    """A model's history: `skirmish member history --json`."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        return site.api(request, site.find_model(s, found, site.find_gang(s, found, gang), model))


@router.get("/scenarios", tags=["scenarios"])
def api_scenarios(request: Request, site: SiteDep) -> Response:
    """`skirmish scenario list --json`."""
    return site.api(request, [scenario_summary(s) for s in scenarios()])


@router.get("/scenarios/{scenario_id}", tags=["scenarios"])
def api_scenario(request: Request, scenario_id: str, site: SiteDep, lang: LangDep) -> Response:
    """`skirmish scenario show --json`."""
    return site.api(request, scenario_data(find_scenario_named(scenario_id, lang)))


@router.get("/rules", tags=["rules"])
def api_rules(request: Request, q: str, site: SiteDep) -> Response:
    """Every rules entry called `q`: `skirmish rules show --json`."""
    try:
        found = rules.find_any(q)
    except UnknownNameError as error:
        raise NotFound(error, [(s, rules_url(s)) for s in error.suggestions]) from None
    return site.api(request, [{"type": kind_of(e), **to_json(e)} for e in found])
