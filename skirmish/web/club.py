"""The club on the web (issues #11, #20): the pieces its pages share, and one's own account.
The club's other pages are one module per noun: a new campaign, a new gang and the house rules
(``club_campaigns``), the members, their roles and the invitations (``club_members``), joining
(``club_join``). Each page has its twin under ``/api/v1`` with the same fields.

Every route is a module-level function that asks FastAPI (``Depends``, ``web.site``) for the
``Site``, the reader and the language. Every POST is one unit of work (``Site.write``): the
campaign is found among those the reader may see, then the club's service (``campaign.club``,
which the command line calls too) locks it, asks the permission (``permissions``, one place) and
changes the store. A refusal is the service's own words on the form, in the reader's language,
with the typed values kept and nothing changed (400, or 403 when the reader may not); a success
redirects (POST, redirect, GET). Decisions where the rulings are silent: docs/web.md, "The club".
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish import formats
from skirmish.campaign import accounts
from skirmish.campaign.account_tables import User
from skirmish.campaign.club import memberships, user_of
from skirmish.campaign.club_commands import BY_NAME as C
from skirmish.campaign.fields import Words
from skirmish.campaign.models import Campaign
from skirmish.campaign.permissions import NotAllowed, may_found_campaign, role_word
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Catalogue, Lang, messages
from skirmish.translation import N_, Message
from skirmish.web import text
from skirmish.web.site import (
    LangDep,
    ReaderDep,
    Site,
    SiteDep,
    Viewer,
    form_fields,
    pick_lang,
    safe_next,
    start_session,
)

#: The forms' words declared with the club's actions (``campaign/club_commands.py``), by key.
_DECLARED: dict[str, Words] = {
    "new_campaign": C["campaign-new"].title,
    "new_campaign_name": C["campaign-new"].field("name").label,
    "create": C["campaign-new"].label,
    "change": C["role"].label,
    "gang_owners": C["gang-owner"].title,
    "owner_gang": C["gang-owner"].field("gang").label,
    "owner_user": C["gang-owner"].field("user").label,
    "give": C["gang-owner"].label,
    "make_public": C["set-public"].label,
    "web_address": C["address"].title,
    "web_address_field": C["address"].field("address").label,
    "invite": C["invite"].label,
    "invite_role": C["invite"].field("role").label,
    "invite_days": C["invite"].field("days").label,
    "withdraw": C["withdraw"].label,
    "join_code": C["join"].field("code").label,
    "new_gang": C["gang-new"].title,
    "gang_name": C["gang-new"].field("name").label,
    "gang_faction": C["gang-new"].field("faction").label,
    "found": C["gang-new"].label,
    "settings": C["house-rules"].title,
    "save": C["house-rules"].label,
}


def _with_declared(own: Catalogue) -> Catalogue:
    """The club pages' own words and the forms' words declared with the club's actions."""
    return {
        lang.value: ChainMap(dict(own[lang.value]), {k: w(lang) for k, w in _DECLARED.items()})
        for lang in Lang
    }


WORDS = text.part(
    _with_declared(
        messages(
            {
                "all_campaigns": N_("Every campaign you may read"),
                "campaign_menu": N_("The campaign's club pages"),
                "new_campaign_hint": N_(
                    "You become its owner: you invite the players and set the house rules."
                ),
                "your_campaigns": N_("Your campaigns"),
                "your_gangs": N_("Your gangs"),
                "no_gangs_yet": N_("You look after no gang yet."),
                "members": N_("Members"),
                "member_role": N_("Role"),
                "member_gangs": N_("Gangs"),
                "no_members": N_("Nobody has a role here yet."),
                "role_of": N_("Role of {user}"),
                "no_role": N_("no role (remove)"),
                "nobody": N_("nobody"),
                "visibility": N_("Who may read it"),
                "is_public": N_(
                    "Public: everyone may read this campaign, nobody but its members may change it."
                ),
                "is_private": N_("Private: only its members may read this campaign."),
                "make_private": N_("Make it private"),
                "web_address_is": N_(
                    "The club reaches this campaign at {address}: printed rosters and "
                    "cards carry a QR code to each gang's page there."
                ),
                "web_address_none": N_(
                    "No web address: printed rosters and cards carry no QR code."
                ),
                "web_address_hint": N_(
                    "As the club's phones open it, e.g. https://saloon.example.org/; "
                    "leave it empty to remove it."
                ),
                "invitation_made": N_("Invitation to {campaign} as {role}, good until {until}"),
                "invitation_code": N_("Code to type"),
                "invitation_link": N_("Link"),
                "invitation_qr": N_("QR code of the link: scan it with a phone's camera"),
                "invitation_once": N_(
                    "Each invitation is used once. The link is shown only now; the "
                    "code stays in the list below until it is used."
                ),
                "open_invitations": N_("Open invitations"),
                "no_invitations": N_("No open invitations."),
                "invitation_line": N_("{code}: {role}, until {until}"),
                "withdraw_code": N_("Withdraw the invitation {code}"),
                "join": N_("Join a campaign"),
                "join_code_hint": N_(
                    "Eight letters and digits, like ABCD-EFGH; any case, with or without the dash."
                ),
                "join_look": N_("Continue"),
                "join_offer": N_("Join {campaign} as {role}"),
                "join_until": N_("This invitation is good until {until}."),
                "join_button": N_("Join {campaign}"),
                "join_have_account": N_("Already have an account?"),
                "join_login": N_("Log in, then come back here"),
                "join_new_account": N_("New here? Make your account and join"),
                "join_new_hint": N_(
                    "An invitation is the only way to make an account on this site."
                ),
                "account_name": N_("Your name"),
                "account_password": N_("Password (at least 8 characters)"),
                "account_repeat": N_("The password again"),
                "join_create": N_("Make my account and join"),
                "join_have_invitation": N_("Have an invitation? Join"),
                "gang_hint": N_("A new gang starts with 400$ (R-13); you look after it."),
                "settings_hint": N_("Every player reads these on the campaign page."),
                "account": N_("Your account"),
                "account_of": N_("Account of {name}"),
                "change_password": N_("Change your password"),
                "current_password": N_("Current password"),
                "new_password": N_("New password (at least 8 characters)"),
                "repeat_password": N_("New password again"),
                "password_changed": N_(
                    "Password changed. Every other device you were logged in on "
                    "is logged out; this one stays logged in."
                ),
                "since": N_("Member since {date}"),
                "login_needed": N_("Log in first."),
            }
        )
    )
)

T = TypeVar("T")

#: The routes of this module (``create_app`` includes it with the club's others).
router = APIRouter()


class Failed(Exception):
    """A refusal to show on the form: the status (400 refused, 403 not allowed, 429 throttled)
    and the service's own words."""

    def __init__(self, code: int, error: SkirmishError) -> None:
        super().__init__(str(error))
        self.code = code
        self.error = error


async def attempt(work: Callable[[], T]) -> T:
    """Run one unit of work in a worker thread; a refusal becomes ``Failed`` (the store's own
    trouble, ``StoreError``, and a missing campaign, ``NotFound``, go to the app's handlers)."""
    try:
        return await run_in_threadpool(work)
    except Failed:
        raise
    except NotAllowed as error:
        raise Failed(403, error) from None
    except accounts.LoginThrottled as error:
        raise Failed(429, error) from None
    except StoreError:
        raise
    except SkirmishError as error:
        raise Failed(400, error) from None


def refused(site: Site, request: Request, failure: Failed) -> Response:
    """An API refusal: ``{"error", "nearest"}`` with the failure's status."""
    message = failure.error.text(pick_lang(request).value)
    return site.api(request, {"error": message, "nearest": []}, failure.code)


def to_login(request: Request) -> Response:
    """Send the reader to log in, and back to this page after."""
    target = safe_next(request.url.path + (f"?{request.url.query}" if request.url.query else ""))
    return RedirectResponse("/login?next=" + quote(target, safe=""), status_code=303)


def must_log_in(viewer: Viewer) -> bool:
    """A page that needs an account, read by somebody logged out (of a store that has
    accounts): they are sent to log in and brought back."""
    return viewer.accounts and viewer.user_id is None


def logged_in(session: Session, site: Site) -> User:
    """The reader's account; else a 403 that says to log in."""
    user = user_of(site.actor(session))
    if user is None:
        raise Failed(
            403,
            CampaignError(
                Message(
                    "log in first (or make your account with an invitation). Nothing was changed."
                )
            ),
        )
    return user


def same_password(password: str, repeat: str) -> None:
    """A new password typed twice the same (what the CLI's prompt asks for)."""
    if password != repeat:
        raise CampaignError(
            Message("the two new passwords differ; type the same one twice. Nothing was changed.")
        )


def moment(stamp: str, lang: Lang | str) -> str:
    """A stored UTC timestamp as people read it in ``lang`` (``formats.moment``; the CLI's
    ``members`` does the same): ``3 Dec 2026, 07:13 UTC``, ``3 dic 2026, 07:13 UTC``."""
    return f"{formats.moment(stamp, str(lang))} UTC"


def yours(site: Site, session: Session, lang: Lang) -> dict[str, Any]:
    """The index page's "your campaigns" and "your gangs" for a logged-in reader (only the
    campaigns they may still see), and whether a campaign may be created here."""
    actor = site.actor(session)
    user = user_of(actor)
    mine: list[tuple[str, str]] = []
    owned: list[tuple[str, str]] = []
    if user is not None:
        for campaign, role in memberships(session, user):
            mine.append((campaign.name, role_word(role, lang.value)))
        for gang in accounts.owned_gangs(session, user):
            home = session.get(Campaign, gang.campaign_id)
            if home is not None and site.visible(session, home):
                owned.append((home.name, gang.name))
    return {"my_campaigns": mine, "my_gangs": owned, "may_create": may_found_campaign(actor)}


# ------------------------------------------------------------ one's own account


def new_password(site: Site, request: Request, fields: Mapping[str, str]) -> tuple[str, int]:
    address = request.client.host if request.client else ""
    with site.write() as s:
        user = logged_in(s, site)
        password = fields.get("password", "")
        same_password(password, fields.get("password2", ""))
        changed, ended = accounts.change_password(
            s, user, fields.get("current", ""), password, address
        )
        return accounts.open_session(s, changed).token, ended


def account_page(
    site: Site, request: Request, lang: Lang, code: int = 200, message: str = ""
) -> Response:
    with site.read() as s:
        user = user_of(site.actor(s))
        since = formats.day(user.created_at, lang.value) if user is not None else ""
        mine = yours(site, s, lang)
    return site.page(
        request,
        "club/account.html",
        code,
        since=since,
        changed=request.query_params.get("changed") == "1" and not message,
        message=message,
        **mine,
    )


@router.get("/account", response_class=HTMLResponse, include_in_schema=False)
def account(request: Request, site: SiteDep, viewer: ReaderDep, lang: LangDep) -> Response:
    if must_log_in(viewer) or not viewer.accounts:
        return to_login(request)
    return account_page(site, request, lang)


@router.post("/account", response_class=HTMLResponse, include_in_schema=False)
async def change_password(request: Request, site: SiteDep, lang: LangDep) -> Response:
    fields = await form_fields(request)
    try:
        token, _ = await attempt(lambda: new_password(site, request, fields))
    except Failed as failure:
        return account_page(site, request, lang, failure.code, failure.error.text(lang.value))
    response = RedirectResponse("/account?changed=1", status_code=303)
    start_session(request, response, token)
    return response


@router.post("/api/v1/account/password", tags=["club"])
async def api_password(request: Request, site: SiteDep) -> Response:
    """Change one's own password (`current`, `password`, `password2`): every other session
    ends; the answer carries this client's new session cookie. Answers `sessions_ended`."""
    fields = await form_fields(request)
    try:
        token, ended = await attempt(lambda: new_password(site, request, fields))
    except Failed as failure:
        return refused(site, request, failure)
    response = site.api(request, {"sessions_ended": ended})
    start_session(request, response, token)
    return response
