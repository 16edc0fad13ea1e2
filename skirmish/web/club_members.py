"""The campaign's members on the web (issues #11, #13, #20): the members page with its forms
(roles, who looks after each gang, public or private, the web address, invitations and their
withdrawal) and their ``/api/v1`` twins. Each form runs its entry of the club's catalogue
(``campaign/club_commands.py``: the service of ``campaign.club`` the command line's ``campaign
role``, ``gang owner``, ``campaign set-public``, ``campaign address``, ``campaign invite`` and
``campaign withdraw`` call), whose words the API routes declare in OpenAPI. What the club's
pages share: ``web.club``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote

import segno
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session

from skirmish.campaign import accounts, club, links
from skirmish.campaign.club_commands import BY_NAME
from skirmish.campaign.models import Campaign
from skirmish.campaign.permissions import Action, Actor, NotAllowed, Role, allowed, role_word
from skirmish.errors import CampaignError
from skirmish.i18n import Lang
from skirmish.web.action_schema import club_route
from skirmish.web.club import Failed, attempt, moment, refused
from skirmish.web.site import LangDep, Site, SiteDep, form_fields, members_url

#: The roles an invitation may offer, and those the members' form may give.
INVITED_ROLES = (Role.PLAYER, Role.ARBITRATOR)

#: The club's actions these forms take (``campaign/club_commands.py``).
ROLE, OWNER, PUBLIC = BY_NAME["role"], BY_NAME["gang-owner"], BY_NAME["set-public"]
ADDRESS, INVITE, WITHDRAW = BY_NAME["address"], BY_NAME["invite"], BY_NAME["withdraw"]
#: What each API route answers, after its catalogue's help.
MEMBERS = "Answers the members, as `skirmish campaign members --json`."
INVITED = "Answers `skirmish campaign invite --json`, with `url`, the link's absolute address."

#: The routes of this module (``create_app`` includes it with the club's others).
router = APIRouter()


def join_url(request: Request, found: Campaign, token: str) -> str:
    """The absolute address of an invitation's link: under the campaign's web address once it
    is set (``links.join_link``, as ``campaign invite`` prints it), else as this request
    reached the server (the reverse proxy's scheme and host included)."""
    if found.web_address:
        return links.join_link(found, token)
    return str(request.base_url).rstrip("/") + links.join_path(token)


def qr_data_uri(url: str) -> str:
    """A QR code of ``url`` as a PNG data URI (an ``<img>``: no markup of ours in the page)."""
    return str(segno.make(url, error="m").png_data_uri(scale=5, border=2))


def members_data(site: Site, session: Session, found: Campaign) -> dict[str, Any]:
    """What ``campaign members --json`` says, the open invitations only to who may invite."""
    return club.members(session, actor=site.actor(session), campaign=found)


def members_page(
    site: Site,
    request: Request,
    lang: Lang,
    campaign: str,
    code: int = 200,
    message: str = "",
    failed: str = "",
    typed: Mapping[str, str] | None = None,
) -> Response:
    token = request.query_params.get("invitation", "")
    if code == 403:  # the form's section is not shown to who may not use it: say it on top
        failed = ""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        data = members_data(site, s, found)
        can = allowed(s, site.actor(s), found)
        fresh = None
        if token and can[Action.INVITE]:
            try:
                row, invited_to = accounts.usable_invitation(s, token)
            except CampaignError:
                row = None
            if row is not None and invited_to.id == found.id:
                link = join_url(request, found, token)
                fresh = {
                    "code": accounts.show_code(row.code),
                    "role": role_word(row.role, lang.value),
                    "until": moment(row.expires_at, lang),
                    "link": link,
                    "qr": qr_data_uri(link),
                }
        people = {u.id: u.name for u, _ in accounts.members(s, found)}
        gang_rows = [{"name": g.name, "owner": people.get(g.owner_id, "")} for g in found.gangs]
    return site.page(
        request,
        "club/members.html",
        code,
        campaign=data,
        can=can,
        fresh=fresh,
        gangs=gang_rows,
        roles=[(role.value, role_word(role, lang.value)) for role in Role],
        invited_roles=[(role.value, role_word(role, lang.value)) for role in INVITED_ROLES],
        moment=moment,
        message=message,
        failed=failed,
        typed=dict(typed or {}),
    )


@router.get("/c/{campaign}/members", response_class=HTMLResponse, include_in_schema=False)
def members(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    return members_page(site, request, lang, campaign)


@router.get("/api/v1/campaigns/{campaign}/members", tags=["club"])
def api_members(request: Request, campaign: str, site: SiteDep) -> Response:
    """`skirmish campaign members --json`; `invitations` only for who may invite."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        return site.api(request, members_data(site, s, found))


@router.get("/api/v1/campaigns/{campaign}/invitations", tags=["club"])
def api_invitations(request: Request, campaign: str, site: SiteDep) -> Response:
    """`skirmish campaign invitations --json`: the open invitations, to who may invite (403
    to the others)."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        try:
            listed = club.invitations(s, actor=site.actor(s), campaign=found)
        except NotAllowed as error:
            return refused(site, request, Failed(403, error))
        return site.api(request, {"campaign": found.name, "invitations": listed})


# ------------------------------------------------------------ the forms

#: A form's change: the unit of work's session, the campaign, the reader, the typed fields;
#: it answers the campaign's name, or a new invitation's fields.
Change = Callable[[Session, Campaign, Actor, Mapping[str, str]], Any]


def set_role(s: Session, found: Campaign, actor: Actor, fields: Mapping[str, str]) -> str:
    ROLE.run(s, found, actor, fields)
    return found.name


def set_owner(s: Session, found: Campaign, actor: Actor, fields: Mapping[str, str]) -> str:
    OWNER.run(s, found, actor, fields)
    return found.name


def set_public(s: Session, found: Campaign, actor: Actor, fields: Mapping[str, str]) -> str:
    PUBLIC.run(s, found, actor, fields)
    return found.name


def set_address(s: Session, found: Campaign, actor: Actor, fields: Mapping[str, str]) -> str:
    ADDRESS.run(s, found, actor, fields)
    return found.name


def make_invitation(
    s: Session, found: Campaign, actor: Actor, fields: Mapping[str, str]
) -> dict[str, str]:
    made = INVITE.run(s, found, actor, fields)
    return {
        "campaign": found.name,
        "role": Role(made.row.role).value,
        "code": accounts.show_code(made.code),
        "link": made.link,
        "token": made.token,
        "expires_at": made.row.expires_at,
        "url": links.join_link(found, made.token) if found.web_address else "",
    }


def withdraw(s: Session, found: Campaign, actor: Actor, fields: Mapping[str, str]) -> str:
    WITHDRAW.run(s, found, actor, fields)
    return found.name


def member_action(
    site: Site, campaign: str, change: Change, fields: Mapping[str, str]
) -> Callable[[], Any]:
    """One unit of work on ``campaign``, found among what the reader sees; the service locks
    it and asks the permission."""

    def work() -> Any:
        with site.write() as s:
            found = site.find_campaign(s, campaign)
            return change(s, found, site.actor(s), fields)

    return work


async def member_form(
    form: Change, request: Request, campaign: str, site: Site, lang: Lang
) -> Response:
    """A members page's form: the change, then the page (POST, redirect, GET); refused, the
    page again with the refusal above the form that was sent and what was typed in it."""
    fields = await form_fields(request)
    try:
        done = await attempt(member_action(site, campaign, form, fields))
    except Failed as failure:
        message = failure.error.text(lang.value)
        failed = FAILED[form]
        return members_page(site, request, lang, campaign, failure.code, message, failed, fields)
    if isinstance(done, dict):  # a new invitation: its link is shown once, on the GET
        target = members_url(done["campaign"]) + "?invitation=" + quote(done["token"])
        return RedirectResponse(target + "#invitation", status_code=303)
    return RedirectResponse(members_url(str(done)), status_code=303)


async def member_api(form: Change, request: Request, campaign: str, site: Site) -> Response:
    """A members page's form as JSON: the members after it, or the new invitation."""
    fields = await form_fields(request)
    try:
        done = await attempt(member_action(site, campaign, form, fields))
    except Failed as failure:
        return refused(site, request, failure)
    if isinstance(done, dict):
        token, url = done.pop("token"), done.pop("url")
        if not url:  # no web address: the link as this request reached the server
            url = str(request.base_url).rstrip("/") + links.join_path(token)
        return site.api(request, {**done, "url": url}, 201)
    with site.read() as s:
        found = site.find_campaign(s, str(done))
        return site.api(request, members_data(site, s, found))


#: Which section of the members page shows a form's refusal (``failed`` in the template).
FAILED: dict[Change, str] = {
    set_role: "role",
    set_owner: "gang",
    set_public: "public",
    set_address: "address",
    make_invitation: "invite",
    withdraw: "withdraw",
}


@router.post(ROLE.form, response_class=HTMLResponse, include_in_schema=False)
async def role_form(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    return await member_form(set_role, request, campaign, site, lang)


@router.post(ROLE.api, tags=["club"], **club_route(ROLE, MEMBERS))
async def api_role(request: Request, campaign: str, site: SiteDep) -> Response:
    return await member_api(set_role, request, campaign, site)


@router.post(OWNER.form, response_class=HTMLResponse, include_in_schema=False)
async def gang_form(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    return await member_form(set_owner, request, campaign, site, lang)


@router.post(OWNER.api, tags=["club"], **club_route(OWNER, MEMBERS))
async def api_gang(request: Request, campaign: str, site: SiteDep) -> Response:
    return await member_api(set_owner, request, campaign, site)


@router.post(PUBLIC.form, response_class=HTMLResponse, include_in_schema=False)
async def public_form(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    return await member_form(set_public, request, campaign, site, lang)


@router.post(PUBLIC.api, tags=["club"], **club_route(PUBLIC, MEMBERS))
async def api_public(request: Request, campaign: str, site: SiteDep) -> Response:
    return await member_api(set_public, request, campaign, site)


@router.post(ADDRESS.form, response_class=HTMLResponse, include_in_schema=False)
async def address_form(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    return await member_form(set_address, request, campaign, site, lang)


@router.post(ADDRESS.api, tags=["club"], **club_route(ADDRESS, MEMBERS))
async def api_address(request: Request, campaign: str, site: SiteDep) -> Response:
    return await member_api(set_address, request, campaign, site)


@router.post(INVITE.form, response_class=HTMLResponse, include_in_schema=False)
async def invite_form(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    return await member_form(make_invitation, request, campaign, site, lang)


@router.post(INVITE.api, tags=["club"], **club_route(INVITE, INVITED))
async def api_invite(request: Request, campaign: str, site: SiteDep) -> Response:
    return await member_api(make_invitation, request, campaign, site)


@router.post(WITHDRAW.form, response_class=HTMLResponse, include_in_schema=False)
async def withdraw_form(request: Request, campaign: str, site: SiteDep, lang: LangDep) -> Response:
    return await member_form(withdraw, request, campaign, site, lang)


@router.post(WITHDRAW.api, tags=["club"], **club_route(WITHDRAW, MEMBERS))
async def api_withdraw(request: Request, campaign: str, site: SiteDep) -> Response:
    return await member_api(withdraw, request, campaign, site)
