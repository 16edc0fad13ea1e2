"""The club's campaigns on the web (issues #11, #20): a new campaign, a new gang, and the house
rules, each a page and its ``/api/v1`` twin; each runs its entry of the club's catalogue
(``campaign/club_commands.py``: the service of ``campaign.club`` the command line's ``campaign
new``, ``gang new`` and ``campaign set`` call), whose words the API routes declare in OpenAPI.
What the club's pages share: ``web.club``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from skirmish import rules
from skirmish.campaign import gangs
from skirmish.campaign.club_commands import BY_NAME, HOUSE_LABELS
from skirmish.campaign.permissions import Action, allowed, require
from skirmish.campaign.settings import HOUSE_RULES, VALUE_WORDS, HouseRule
from skirmish.errors import CampaignError
from skirmish.i18n import Lang, name
from skirmish.web import reads, text
from skirmish.web.action_schema import club_route
from skirmish.web.club import Failed, attempt, must_log_in, refused, to_login
from skirmish.web.site import (
    CSRF_FIELD,
    LangDep,
    ReaderDep,
    Site,
    SiteDep,
    campaign_url,
    form_fields,
    gang_url,
)

WORDS = text.part(
    {
        lang.value: {
            **{f"hr_{key}": label(lang) for key, label in HOUSE_LABELS.items()},
            **{f"hv_{key}": word for key, word in VALUE_WORDS[lang.value].items()},
        }
        for lang in Lang
    }
)

#: The club's actions these pages take (``campaign/club_commands.py``).
NEW_CAMPAIGN, NEW_GANG, HOUSE = BY_NAME["campaign-new"], BY_NAME["gang-new"], BY_NAME["house-rules"]

#: A numeric house rule with at most this many values is a select; a wider one a number field.
SELECT_LIMIT = 101

#: The routes of this module (``create_app`` includes it with the club's others).
router = APIRouter()


def campaign_shown(site: Site, campaign: str, lang: Lang) -> dict[str, Any]:
    """``skirmish campaign show --json`` of ``campaign``."""
    with site.read() as s:
        return reads.campaign_show(site.find_campaign(s, campaign), lang)


# ------------------------------------------------------------ a new campaign


def create_campaign(site: Site, fields: Mapping[str, str]) -> str:
    with site.write() as s:
        made = NEW_CAMPAIGN.run(s, None, site.actor(s), fields)
        return str(made.name)


def campaign_form(
    site: Site, request: Request, code: int = 200, message: str = "", typed: str = ""
) -> Response:
    return site.page(request, "club/campaign_new.html", code, message=message, name=typed)


@router.get("/campaigns/new", response_class=HTMLResponse, include_in_schema=False)
def new_campaign_page(request: Request, site: SiteDep, viewer: ReaderDep) -> Response:
    if must_log_in(viewer):
        return to_login(request)
    return campaign_form(site, request)


@router.post(NEW_CAMPAIGN.form, response_class=HTMLResponse, include_in_schema=False)
async def new_campaign(request: Request, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    try:
        made = await attempt(lambda: create_campaign(site, fields))
    except Failed as failure:
        message = failure.error.text(lang.value)
        return campaign_form(site, request, failure.code, message, fields.get("name", ""))
    return RedirectResponse(campaign_url(made), status_code=303)


@router.post(
    NEW_CAMPAIGN.api,
    tags=["club"],
    **club_route(NEW_CAMPAIGN, "Answers `skirmish campaign show --json` of the new campaign."),
)
async def api_new_campaign(request: Request, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    try:
        made = await attempt(lambda: create_campaign(site, fields))
    except Failed as failure:
        return refused(site, request, failure)
    return site.api(request, campaign_shown(site, made, lang), 201)


# ------------------------------------------------------------ a new gang


def faction_choices(lang: Lang) -> list[str]:
    """The book's playable factions by their names in ``lang`` (R-13; both languages are
    accepted back)."""
    return [name(f, lang) for f in rules.factions() if f.playable]


def faction_descriptions(lang: Lang) -> list[tuple[str, str, list[str]]]:
    """Each playable faction's name, section and rules as the book describes it (§9, issue
    #22: the picker shows them)."""
    it = lang is Lang.IT
    return [
        (name(f, lang), f.section, [r.text_it if it else r.text_en for r in f.rules])
        for f in rules.factions()
        if f.playable
    ]


def found_gang(site: Site, campaign: str, fields: Mapping[str, str]) -> tuple[str, str]:
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        gang = NEW_GANG.run(s, found, site.actor(s), fields)
        return found.name, str(gang.name)


def gang_form(
    site: Site,
    request: Request,
    lang: Lang,
    campaign: str,
    code: int = 200,
    message: str = "",
    typed: Mapping[str, str] | None = None,
) -> Response:
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        may_found = allowed(s, site.actor(s), found)[Action.CREATE_GANG]
        if not may_found and code == 200:
            try:
                require(s, site.actor(s), Action.CREATE_GANG, found)
            except CampaignError as error:
                message, code = error.text(lang.value), 403
        campaign_name = found.name
    return site.page(
        request,
        "club/gang_new.html",
        code,
        campaign_name=campaign_name,
        may_found=may_found,
        factions=faction_choices(lang),
        about=faction_descriptions(lang),
        message=message,
        typed=dict(typed or {}),
    )


@router.get("/c/{campaign}/gangs/new", response_class=HTMLResponse, include_in_schema=False)
def new_gang_page(
    request: Request, campaign: str, site: SiteDep, viewer: ReaderDep, lang: LangDep
) -> Response:
    if must_log_in(viewer):
        return to_login(request)
    return gang_form(site, request, lang, campaign)


@router.post(NEW_GANG.form, response_class=HTMLResponse, include_in_schema=False)
async def new_gang(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    try:
        made, gang = await attempt(lambda: found_gang(site, campaign, fields))
    except Failed as failure:
        message = failure.error.text(lang.value)
        return gang_form(site, request, lang, campaign, failure.code, message, fields)
    return RedirectResponse(gang_url(made, gang), status_code=303)


@router.post(
    NEW_GANG.api,
    tags=["club"],
    **club_route(NEW_GANG, "Answers `skirmish gang show --json` of the new gang."),
)
async def api_new_gang(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    try:
        made, gang = await attempt(lambda: found_gang(site, campaign, fields))
    except Failed as failure:
        return refused(site, request, failure)
    with site.read() as s:
        found = site.find_campaign(s, made)
        shown = reads.gang_show(site.find_gang(s, found, gang, in_path=False), lang)
    return site.api(request, shown, 201)


# ------------------------------------------------------------ house rules


def setting_label(rule: HouseRule, lang: Lang) -> str:
    return str(text.words(lang)[f"hr_{rule.key}"])


def setting_text(rule: HouseRule, value: str, lang: Lang) -> str:
    """The house rule's text with its value in words (``describe`` gives English values as
    typed, ``next-game``; a form reads better with the words of its own select)."""
    return rule.describe(value, lang.value, in_words=True)


def setting_options(rule: HouseRule, lang: Lang) -> list[tuple[str, str]]:
    """The values a house rule accepts, each with its words in ``lang``."""
    if rule.choices:
        shown = text.words(lang)
        return [(value, str(shown[f"hv_{value}"])) for value in rule.choices]
    return [(str(n), str(n)) for n in range(rule.low, rule.high + 1)]


def change_settings(site: Site, campaign: str, fields: Mapping[str, str]) -> str:
    values = {key: value for key, value in fields.items() if key != CSRF_FIELD}
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        HOUSE.run(s, found, site.actor(s), values)
        return found.name


def settings_page(
    site: Site,
    request: Request,
    lang: Lang,
    campaign: str,
    code: int = 200,
    message: str = "",
    typed: Mapping[str, str] | None = None,
) -> Response:
    typed = typed or {}
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        may_set = allowed(s, site.actor(s), found)[Action.HOUSE_RULES]
        if not may_set and code == 200:
            try:
                require(s, site.actor(s), Action.HOUSE_RULES, found)
            except CampaignError as error:
                message, code = error.text(lang.value), 403
        values = gangs.settings_of(found)
        campaign_name = found.name
    shown = [
        {
            "key": rule.key,
            "rule": rule.rule,
            "label": setting_label(rule, lang),
            "value": typed.get(rule.key, values[rule.key]),
            "text": setting_text(rule, values[rule.key], lang),
            "select": bool(rule.choices) or rule.high - rule.low < SELECT_LIMIT,
            "options": setting_options(rule, lang)
            if rule.choices or rule.high - rule.low < SELECT_LIMIT
            else [],
            "low": rule.low,
            "high": rule.high,
        }
        for rule in HOUSE_RULES
    ]
    return site.page(
        request,
        "club/settings.html",
        code,
        campaign_name=campaign_name,
        may_set=may_set,
        rules=shown,
        message=message,
    )


@router.get("/c/{campaign}/settings", response_class=HTMLResponse, include_in_schema=False)
def settings(
    request: Request, campaign: str, site: SiteDep, viewer: ReaderDep, lang: LangDep
) -> Response:
    if must_log_in(viewer):
        return to_login(request)
    return settings_page(site, request, lang, campaign)


@router.post(HOUSE.form, response_class=HTMLResponse, include_in_schema=False)
async def save_settings(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    try:
        made = await attempt(lambda: change_settings(site, campaign, fields))
    except Failed as failure:
        message = failure.error.text(lang.value)
        return settings_page(site, request, lang, campaign, failure.code, message, fields)
    return RedirectResponse(campaign_url(made) + "#house-rules", status_code=303)


@router.post(
    HOUSE.api,
    tags=["club"],
    **club_route(
        HOUSE,
        "Each field a setting's key (`sell-percent`; its rule's id, `H-05`, too) and its value; "
        "an entry is logged for each that changes. Answers `skirmish campaign show --json`.",
    ),
)
async def api_settings(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    try:
        made = await attempt(lambda: change_settings(site, campaign, fields))
    except Failed as failure:
        return refused(site, request, failure)
    return site.api(request, campaign_shown(site, made, lang))
