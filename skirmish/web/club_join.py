"""Joining a campaign on the web (issue #11): an invitation's page (by its code or its link),
joining with one's account, or making one with the invitation, and their ``/api/v1`` twins.
Joining is the club's catalogue's ``join`` (``campaign/club_commands.py``: the service
``campaign.club.join``, as ``skirmish campaign join``), whose words the API route declares; making
an account with an invitation is the web's alone (``accounts.join_new``). What the club's pages
share: ``web.club``."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from skirmish.campaign import accounts
from skirmish.campaign.club import user_of
from skirmish.campaign.club_commands import BY_NAME
from skirmish.campaign.permissions import role_word
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Lang
from skirmish.translation import Message
from skirmish.web.action_schema import club_route
from skirmish.web.club import Failed, attempt, logged_in, moment, refused, same_password
from skirmish.web.site import (
    LangDep,
    Site,
    SiteDep,
    campaign_url,
    form_fields,
    safe_next,
    segment,
    start_session,
)

#: Joining, as the club's catalogue declares it.
JOIN = BY_NAME["join"]

#: The routes of this module (``create_app`` includes it with the club's others).
router = APIRouter()


def client(request: Request) -> str:
    """The client's address, as the login throttle counts it."""
    return request.client.host if request.client else ""


def preview(site: Site, code: str, lang: Lang, address: str) -> dict[str, str]:
    """What an invitation offers, if it can still be used (else the service's refusal); a
    code that names no invitation counts against ``address`` (``accounts.check_invitation``),
    so this reading page is a writing unit of work."""
    with site.write() as s:
        row, campaign = accounts.check_invitation(s, code, address)
        return {
            "campaign": campaign.name,
            "role": row.role,
            "role_word": role_word(row.role, lang.value),
            "expires_at": row.expires_at,
            "until": moment(row.expires_at, lang),
        }


def join_page(
    site: Site,
    request: Request,
    lang: Lang,
    code: str,
    status: int = 200,
    message: str = "",
    user: str = "",
) -> Response:
    offer = None
    if code.strip():
        try:
            offer = preview(site, code, lang, client(request))
        except (StoreError, Failed):
            raise
        except SkirmishError as error:
            message = message or error.text(lang.value)
            throttled = isinstance(error, accounts.LoginThrottled)
            status = status if status != 200 else (429 if throttled else 400)
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return site.page(
        request,
        "club/join.html",
        status,
        invitation_code=code,
        offer=offer,
        message=message,
        user=user,
        login_url="/login?next=" + quote(safe_next(here), safe=""),
    )


def join_existing(site: Site, fields: Mapping[str, str], address: str) -> dict[str, str]:
    with site.write() as s:
        user = logged_in(s, site)
        accounts.check_invitation(s, fields.get("code", ""), address)
        campaign, role = JOIN.run(s, None, user, fields)
        return {"user": user.name, "campaign": campaign.name, "role": role.value}


def join_signing_up(
    site: Site, fields: Mapping[str, str], address: str
) -> tuple[dict[str, str], str]:
    with site.write() as s:
        if user_of(site.actor(s)) is not None:
            raise CampaignError(
                Message(
                    "you are logged in already: join with the button above, or log out to "
                    "make another account. Nothing was changed."
                )
            )
        password = fields.get("password", "")
        accounts.check_invitation(s, fields.get("code", ""), address)
        same_password(password, fields.get("password2", ""))
        user, campaign, role = accounts.join_new(
            s, fields.get("code", ""), fields.get("user", ""), password
        )
        token = accounts.open_session(s, user).token
        return {"user": user.name, "campaign": campaign.name, "role": role.value}, token


@router.get("/join", response_class=HTMLResponse, include_in_schema=False)
def join_form(request: Request, site: SiteDep, lang: LangDep, code: str = "") -> Response:
    return join_page(site, request, lang, code)


@router.get("/join/{token}", response_class=HTMLResponse, include_in_schema=False)
def join_link(request: Request, token: str, site: SiteDep, lang: LangDep) -> Response:
    return join_page(site, request, lang, segment(token))


@router.post(JOIN.form, response_class=HTMLResponse, include_in_schema=False)
async def join(request: Request, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    code = fields.get("code", "")
    try:
        done = await attempt(lambda: join_existing(site, fields, client(request)))
    except Failed as failure:
        message = failure.error.text(lang.value)
        return join_page(site, request, lang, code, failure.code, message)
    return RedirectResponse(campaign_url(done["campaign"]), status_code=303)


@router.post("/join/new", response_class=HTMLResponse, include_in_schema=False)
async def join_new(request: Request, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    code = fields.get("code", "")
    try:
        done, token = await attempt(lambda: join_signing_up(site, fields, client(request)))
    except Failed as failure:
        message = failure.error.text(lang.value)
        return join_page(site, request, lang, code, failure.code, message, fields.get("user", ""))
    response = RedirectResponse(campaign_url(done["campaign"]), status_code=303)
    start_session(request, response, token)
    return response


@router.get("/api/v1/join/{code}", tags=["club"])
def api_invitation(request: Request, code: str, site: SiteDep, lang: LangDep) -> Response:
    """What an invitation (its code or link token) offers: `campaign`, `role`,
    `expires_at`; a used, expired or unknown one is refused (400)."""
    try:
        offer = preview(site, segment(code), lang, client(request))
    except SkirmishError as error:
        if isinstance(error, StoreError):
            raise
        status = 429 if isinstance(error, accounts.LoginThrottled) else 400
        return refused(site, request, Failed(status, error))
    return site.api(request, {k: offer[k] for k in ("campaign", "role", "expires_at")})


@router.post(JOIN.api, tags=["club"], **club_route(JOIN, "Answers `user`, `campaign`, `role`."))
async def api_join(request: Request, site: SiteDep) -> Response:
    fields = await form_fields(request)
    try:
        done = await attempt(lambda: join_existing(site, fields, client(request)))
    except Failed as failure:
        return refused(site, request, failure)
    return site.api(request, done)


@router.post("/api/v1/join/new", tags=["club"], status_code=201)
async def api_join_new(request: Request, site: SiteDep) -> Response:
    """Make an account with an invitation and join (`code`, `user`, `password`,
    `password2`); the answer logs the client in (the session cookie, as `/login`)."""
    fields = await form_fields(request)
    try:
        done, token = await attempt(lambda: join_signing_up(site, fields, client(request)))
    except Failed as failure:
        return refused(site, request, failure)
    response = site.api(request, done, 201)
    start_session(request, response, token)
    return response
