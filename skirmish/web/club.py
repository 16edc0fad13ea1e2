"""The club on the web (issue #11): a new campaign, its members and roles, invitations by link,
code and QR code, joining (with a new account when one has none), founding a gang, the house
rules, and one's own account. Each page has its twin under ``/api/v1`` with the same fields.

Every POST is one unit of work (``Site.write``): the campaign is found among those the reader may
see, locked, the permission asked there (``permissions``, one place), then the service changes
the store. A refusal is the service's own words on the form, in the reader's language, with the
typed values kept and nothing changed (400, or 403 when the reader may not); a success redirects
(POST, redirect, GET). Decisions where the rulings are silent: docs/web.md, "The club".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish import rules
from skirmish.campaign import accounts, gangs, lookup
from skirmish.campaign.models import Campaign, Gang, User
from skirmish.campaign.permissions import (
    Action,
    Actor,
    Role,
    allowed,
    may_found_campaign,
    parse_role,
    require,
    require_found_campaign,
    role_word,
)
from skirmish.campaign.settings import HOUSE_RULES, VALUE_WORDS_IT, HouseRule, find_setting
from skirmish.campaign.web_address import set_web_address
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Lang, name
from skirmish.limits import INVITE_DAYS
from skirmish.web import reads, text
from skirmish.web.site import (
    CSRF_FIELD,
    Site,
    campaign_url,
    form_fields,
    gang_url,
    pick_lang,
    reader,
    safe_next,
    segment,
    start_session,
)

_VALUES_EN = {
    "on": "yes", "off": "no", "next-game": "from the next game", "any-time": "at any time",
    "stash": "to the stash", "lost": "lost", "reroll": "roll again",
    "higher-rif": "the higher RIF wins", "nothing": "no effect", "hiring": "at hiring only",
    "always": "always", "per-kill": "per model eliminated", "flat": "flat",
}  # fmt: skip

_RULES_EN = {
    "explosives": "Dynamite and nitroglycerin on sale",
    "win-money": "Dollars for a win",
    "loss-money": "Dollars for a loss",
    "win-xp": "XP for a win",
    "failed-item": "An unavailable item may be tried again",
    "dead-equipment": "A dead model's equipment goes",
    "sell-percent": "Items sell for, % of the price paid",
    "initiative-ties": "Initiative ties",
    "duplicate-invalidity": "A duplicate invalidity",
    "hero-limits": "Hero limits apply",
    "bounty-percent": "Bounty, % of the model's cost",
    "marked-cards-dice": "Marked cards, D6 rolled",
    "gambler": "Gambler's winnings",
}
_RULES_IT = {
    "explosives": "Dinamite e nitroglicerina in vendita",
    "win-money": "Dollari per la vittoria",
    "loss-money": "Dollari per la sconfitta",
    "win-xp": "PE per la vittoria",
    "failed-item": "Un oggetto non disponibile si ritenta",
    "dead-equipment": "L'equipaggiamento di un morto va",
    "sell-percent": "Gli oggetti si vendono al, % del prezzo pagato",
    "initiative-ties": "Parità di iniziativa",
    "duplicate-invalidity": "Invalidità già subita",
    "hero-limits": "Limiti degli eroi",
    "bounty-percent": "Taglia, % del costo del personaggio",
    "marked-cards-dice": "Carte truccate, D6 tirati",
    "gambler": "Vincite del giocatore d'azzardo",
}

WORDS = text.part(
    {
        "en": {
            "new_campaign": "New campaign",
            "all_campaigns": "Every campaign you may read",
            "campaign_menu": "The campaign's club pages",
            "new_campaign_name": "Name of the campaign",
            "new_campaign_hint": "You become its owner: you invite the players and set the "
            "house rules.",
            "create": "Create",
            "your_campaigns": "Your campaigns",
            "your_gangs": "Your gangs",
            "no_gangs_yet": "You look after no gang yet.",
            "members": "Members",
            "member_role": "Role",
            "member_gangs": "Gangs",
            "no_members": "Nobody has a role here yet.",
            "role_of": "Role of {user}",
            "no_role": "no role (remove)",
            "change": "Change",
            "gang_owners": "Who looks after each gang",
            "owner_gang": "Gang",
            "owner_user": "Looked after by",
            "nobody": "nobody",
            "give": "Give",
            "visibility": "Who may read it",
            "is_public": "Public: everyone may read this campaign, nobody but its members may "
            "change it.",
            "is_private": "Private: only its members may read this campaign.",
            "make_public": "Make it public",
            "make_private": "Make it private",
            "web_address": "Web address",
            "web_address_is": "The club reaches this campaign at {address}: printed rosters and "
            "cards carry a QR code to each gang's page there.",
            "web_address_none": "No web address: printed rosters and cards carry no QR code.",
            "web_address_field": "Address of this web app (https://…/)",
            "web_address_hint": "As the club's phones open it, e.g. https://saloon.example.org/; "
            "leave it empty to remove it.",
            "invite": "Invite",
            "invite_role": "Role offered",
            "invite_days": "Good for (days, 1–90)",
            "invitation_made": "Invitation to {campaign} as {role}, good until {until}",
            "invitation_code": "Code to type",
            "invitation_link": "Link",
            "invitation_qr": "QR code of the link: scan it with a phone's camera",
            "invitation_once": "Each invitation is used once. The link is shown only now; the "
            "code stays in the list below until it is used.",
            "open_invitations": "Open invitations",
            "no_invitations": "No open invitations.",
            "invitation_line": "{code}: {role}, until {until}",
            "withdraw": "Withdraw",
            "withdraw_code": "Withdraw the invitation {code}",
            "join": "Join a campaign",
            "join_code": "Invitation code",
            "join_code_hint": "Eight letters and digits, like ABCD-EFGH; any case, with or "
            "without the dash.",
            "join_look": "Continue",
            "join_offer": "Join {campaign} as {role}",
            "join_until": "This invitation is good until {until}.",
            "join_button": "Join {campaign}",
            "join_have_account": "Already have an account?",
            "join_login": "Log in, then come back here",
            "join_new_account": "New here? Make your account and join",
            "join_new_hint": "An invitation is the only way to make an account on this site.",
            "account_name": "Your name",
            "account_password": "Password (at least 8 characters)",
            "account_repeat": "The password again",
            "join_create": "Make my account and join",
            "join_have_invitation": "Have an invitation? Join",
            "new_gang": "Found a gang",
            "gang_name": "Name of the gang",
            "gang_faction": "Faction",
            "gang_hint": "A new gang starts with 400$ (R-13); you look after it.",
            "found": "Found the gang",
            "settings": "House rules",
            "settings_hint": "Every player reads these on the campaign page.",
            "save": "Save",
            "account": "Your account",
            "account_of": "Account of {name}",
            "change_password": "Change your password",
            "current_password": "Current password",
            "new_password": "New password (at least 8 characters)",
            "repeat_password": "New password again",
            "password_changed": "Password changed. Every other device you were logged in on "
            "is logged out; this one stays logged in.",
            "since": "Member since {date}",
            "login_needed": "Log in first.",
            **{f"hr_{key}": label for key, label in _RULES_EN.items()},
            **{f"hv_{key}": word for key, word in _VALUES_EN.items()},
        },
        "it": {
            "new_campaign": "Nuova campagna",
            "all_campaigns": "Tutte le campagne che puoi leggere",
            "campaign_menu": "Le pagine del club della campagna",
            "new_campaign_name": "Nome della campagna",
            "new_campaign_hint": "Ne diventi il proprietario: inviti i giocatori e stabilisci "
            "le regole della casa.",
            "create": "Crea",
            "your_campaigns": "Le tue campagne",
            "your_gangs": "Le tue bande",
            "no_gangs_yet": "Non segui ancora nessuna banda.",
            "members": "Membri",
            "member_role": "Ruolo",
            "member_gangs": "Bande",
            "no_members": "Qui nessuno ha ancora un ruolo.",
            "role_of": "Ruolo di {user}",
            "no_role": "nessun ruolo (togli)",
            "change": "Cambia",
            "gang_owners": "Chi segue ogni banda",
            "owner_gang": "Banda",
            "owner_user": "Seguita da",
            "nobody": "nessuno",
            "give": "Assegna",
            "visibility": "Chi può leggerla",
            "is_public": "Pubblica: chiunque può leggere questa campagna, solo i suoi membri "
            "possono cambiarla.",
            "is_private": "Privata: solo i suoi membri possono leggere questa campagna.",
            "make_public": "Rendila pubblica",
            "make_private": "Rendila privata",
            "web_address": "Indirizzo web",
            "web_address_is": "Il club raggiunge questa campagna a {address}: le schede e le "
            "carte stampate portano un codice QR alla pagina di ogni banda.",
            "web_address_none": "Nessun indirizzo web: le schede e le carte stampate non hanno "
            "codice QR.",
            "web_address_field": "Indirizzo di questa app web (https://…/)",
            "web_address_hint": "Come lo aprono i telefoni del club, per esempio "
            "https://saloon.example.org/; lascialo vuoto per toglierlo.",
            "invite": "Invita",
            "invite_role": "Ruolo offerto",
            "invite_days": "Valido per (giorni, 1–90)",
            "invitation_made": "Invito a {campaign} come {role}, valido fino al {until}",
            "invitation_code": "Codice da digitare",
            "invitation_link": "Link",
            "invitation_qr": "Codice QR del link: inquadralo con la fotocamera di un telefono",
            "invitation_once": "Ogni invito si usa una volta sola. Il link si vede solo ora; il "
            "codice resta nell'elenco qui sotto finché non viene usato.",
            "open_invitations": "Inviti aperti",
            "no_invitations": "Nessun invito aperto.",
            "invitation_line": "{code}: {role}, fino al {until}",
            "withdraw": "Ritira",
            "withdraw_code": "Ritira l'invito {code}",
            "join": "Entra in una campagna",
            "join_code": "Codice dell'invito",
            "join_code_hint": "Otto lettere e cifre, come ABCD-EFGH; maiuscole o minuscole, con "
            "o senza trattino.",
            "join_look": "Continua",
            "join_offer": "Entra in {campaign} come {role}",
            "join_until": "Questo invito vale fino al {until}.",
            "join_button": "Entra in {campaign}",
            "join_have_account": "Hai già un account?",
            "join_login": "Accedi, poi torna qui",
            "join_new_account": "Sei nuovo? Crea il tuo account ed entra",
            "join_new_hint": "Un invito è l'unico modo di creare un account su questo sito.",
            "account_name": "Il tuo nome",
            "account_password": "Password (almeno 8 caratteri)",
            "account_repeat": "Ripeti la password",
            "join_create": "Crea il mio account ed entra",
            "join_have_invitation": "Hai un invito? Entra",
            "new_gang": "Fonda una banda",
            "gang_name": "Nome della banda",
            "gang_faction": "Fazione",
            "gang_hint": "Una nuova banda parte con 400$ (R-13); la segui tu.",
            "found": "Fonda la banda",
            "settings": "Regole della casa",
            "settings_hint": "Ogni giocatore le legge nella pagina della campagna.",
            "save": "Salva",
            "account": "Il tuo account",
            "account_of": "Account di {name}",
            "change_password": "Cambia la password",
            "current_password": "Password attuale",
            "new_password": "Nuova password (almeno 8 caratteri)",
            "repeat_password": "Ripeti la nuova password",
            "password_changed": "Password cambiata. Ogni altro dispositivo su cui eri entrato "
            "è uscito; questo resta collegato.",
            "since": "Iscritto dal {date}",
            "login_needed": "Prima accedi.",
            **{f"hr_{key}": label for key, label in _RULES_IT.items()},
            **{f"hv_{key}": word for key, word in VALUE_WORDS_IT.items()},
        },
    }
)

T = TypeVar("T")
#: The roles an invitation may offer, and those the members' form may give.
INVITED_ROLES = (Role.PLAYER, Role.ARBITRATOR)
#: A numeric house rule with at most this many values is a select; a wider one a number field.
SELECT_LIMIT = 101


class Failed(Exception):
    """A refusal to show on the form: the status (400 refused, 403 not allowed, 429 throttled)
    and the service's own words."""

    def __init__(self, code: int, error: SkirmishError) -> None:
        super().__init__(str(error))
        self.code = code
        self.error = error


def demand(
    session: Session, actor: Actor, action: Action, campaign: Campaign, gang: Gang | None = None
) -> None:
    """``permissions.require`` in this unit of work; its refusal is a 403."""
    try:
        require(session, actor, action, campaign, gang)
    except CampaignError as error:
        raise Failed(403, error) from None


async def attempt(work: Callable[[], T]) -> T:
    """Run one unit of work in a worker thread; a refusal becomes ``Failed`` (the store's own
    trouble, ``StoreError``, and a missing campaign, ``NotFound``, go to the app's handlers)."""
    try:
        return await run_in_threadpool(work)
    except Failed:
        raise
    except accounts.LoginThrottled as error:
        raise Failed(429, error) from None
    except StoreError:
        raise
    except SkirmishError as error:
        raise Failed(400, error) from None


def user_of(actor: Actor) -> User | None:
    """The account behind ``actor`` (``None``: logged out, or the store with no accounts)."""
    return actor if isinstance(actor, User) else None


def logged_in(session: Session, site: Site) -> User:
    """The reader's account; else a 403 that says to log in."""
    user = user_of(site.actor(session))
    if user is None:
        raise Failed(
            403,
            CampaignError(
                "log in first (or make your account with an invitation). Nothing was changed.",
                it="prima accedi (o crea il tuo account con un invito). Non è cambiato nulla.",
            ),
        )
    return user


def same_password(password: str, repeat: str) -> None:
    """A new password typed twice the same (what the CLI's prompt asks for)."""
    if password != repeat:
        raise CampaignError(
            "the two new passwords differ; type the same one twice. Nothing was changed.",
            it="le due nuove password sono diverse; scrivi due volte la stessa. Non è cambiato "
            "nulla.",
        )


def days_of(typed: str) -> int:
    """The days an invitation stays good, as typed (1–90, ``limits.INVITE_DAYS``)."""
    value = typed.strip()
    if not (value.isascii() and value.isdigit() and len(value) < 4):
        raise CampaignError(
            f"the days an invitation stays good are a whole number from {INVITE_DAYS.low} to "
            f"{INVITE_DAYS.high}, not {typed!r}.",
            it=f"i giorni di validità di un invito sono un numero intero da {INVITE_DAYS.low} a "
            f"{INVITE_DAYS.high}, non {typed!r}.",
        )
    return int(value)


def public_of(typed: str) -> bool:
    """``on``/``off`` (and the CLI's other words for them) as typed for ``public``."""
    word = typed.strip().casefold()
    if word in ("on", "yes", "true", "sì", "si", "1"):
        return True
    if word in ("off", "no", "false", "0", ""):
        return False
    raise CampaignError(
        f"public takes on or off, not {typed!r}.",
        it=f"public vuole on oppure off, non {typed!r}.",
    )


def moment(stamp: str) -> str:
    """A stored UTC timestamp as people read it (the CLI's ``members`` does the same)."""
    return f"{stamp[:10]} {stamp[11:16]} UTC"


def members_url(campaign: str) -> str:
    return campaign_url(campaign) + "/members"


def join_url(request: Request, token: str) -> str:
    """The absolute address of an invitation's link, as this request reached the server (the
    reverse proxy's scheme and host included)."""
    return str(request.base_url).rstrip("/") + "/join/" + quote(token, safe="")


def qr_data_uri(url: str) -> str:
    """A QR code of ``url`` as a PNG data URI (an ``<img>``: no markup of ours in the page)."""
    import segno

    return str(segno.make(url, error="m").png_data_uri(scale=5, border=2))


def setting_label(rule: HouseRule, lang: Lang) -> str:
    return str(text.words(lang)[f"hr_{rule.key}"])


def setting_text(rule: HouseRule, value: str, lang: Lang) -> str:
    """The house rule's text with its value in words (``describe`` gives English values as
    typed, ``next-game``; a form reads better with the words of its own select)."""
    if lang is Lang.EN and rule.choices:
        return rule.text_en.format(value=_VALUES_EN.get(value, value))
    return rule.describe(value, lang.value)


def setting_options(rule: HouseRule, lang: Lang) -> list[tuple[str, str]]:
    """The values a house rule accepts, each with its words in ``lang``."""
    if rule.choices:
        shown = text.words(lang)
        return [(value, str(shown[f"hv_{value}"])) for value in rule.choices]
    return [(str(n), str(n)) for n in range(rule.low, rule.high + 1)]


def faction_choices(lang: Lang) -> list[str]:
    """The book's playable factions by their names in ``lang`` (R-13; both languages are
    accepted back)."""
    return [name(f, lang) for f in rules.factions() if f.playable]


def yours(site: Site, session: Session, lang: Lang) -> dict[str, Any]:
    """The index page's "your campaigns" and "your gangs" for a logged-in reader (only the
    campaigns they may still see), and whether a campaign may be created here."""
    actor = site.actor(session)
    user = user_of(actor)
    mine: list[tuple[str, str]] = []
    owned: list[tuple[str, str]] = []
    if user is not None:
        for campaign, role in accounts.memberships(session, user):
            mine.append((campaign.name, role_word(role, lang.value)))
        for gang in accounts.owned_gangs(session, user):
            home = session.get(Campaign, gang.campaign_id)
            if home is not None and site.visible(session, home):
                owned.append((home.name, gang.name))
    return {"my_campaigns": mine, "my_gangs": owned, "may_create": may_found_campaign(actor)}


def router(site: Site) -> APIRouter:
    """The club's routes on ``site``: the pages, and their twins under ``/api/v1``."""
    r = APIRouter()
    site.env.globals.update(members_url=members_url, role_word=role_word)

    def refused(request: Request, failure: Failed) -> Response:
        """An API refusal: ``{"error", "nearest"}`` with the failure's status."""
        message = failure.error.text(pick_lang(request).value)
        return site.api(request, {"error": message, "nearest": []}, failure.code)

    def to_login(request: Request) -> Response:
        target = safe_next(
            request.url.path + (f"?{request.url.query}" if request.url.query else "")
        )
        return RedirectResponse("/login?next=" + quote(target, safe=""), status_code=303)

    def must_log_in() -> bool:
        """A page that needs an account, read by somebody logged out (of a store that has
        accounts): they are sent to log in and brought back."""
        viewer = reader()
        return viewer.accounts and viewer.user_id is None

    # ------------------------------------------------------------ a new campaign

    def create_campaign(fields: Mapping[str, str]) -> str:
        with site.write() as s:
            actor = site.actor(s)
            try:
                require_found_campaign(actor)
            except CampaignError as error:
                raise Failed(403, error) from None
            found = gangs.new_campaign(s, name=fields.get("name", ""), use=False)
            user = user_of(actor)
            if user is not None:
                accounts.set_role(s, found, user, Role.OWNER)
            return found.name

    def campaign_form(
        request: Request, code: int = 200, message: str = "", typed: str = ""
    ) -> Response:
        return site.page(request, "club/campaign_new.html", code, message=message, name=typed)

    @r.get("/campaigns/new", response_class=HTMLResponse, include_in_schema=False)
    def new_campaign_page(request: Request) -> Response:
        if must_log_in():
            return to_login(request)
        return campaign_form(request)

    @r.post("/campaigns/new", response_class=HTMLResponse, include_in_schema=False)
    async def new_campaign(request: Request) -> Response:
        fields = await form_fields(request)
        try:
            made = await attempt(lambda: create_campaign(fields))
        except Failed as failure:
            message = failure.error.text(pick_lang(request).value)
            return campaign_form(request, failure.code, message, fields.get("name", ""))
        return RedirectResponse(campaign_url(made), status_code=303)

    @r.post("/api/v1/campaigns", tags=["club"], status_code=201)
    async def api_new_campaign(request: Request) -> Response:
        """Create a campaign (field `name`); the reader becomes its owner. Answers
        `skirmish campaign show --json` of the new campaign."""
        fields = await form_fields(request)
        try:
            made = await attempt(lambda: create_campaign(fields))
        except Failed as failure:
            return refused(request, failure)
        return site.api(request, campaign_shown(made, pick_lang(request)), 201)

    def campaign_shown(campaign: str, lang: Lang) -> dict[str, Any]:
        with site.read() as s:
            return reads.campaign_show(site.find_campaign(s, campaign), lang)

    # ------------------------------------------------------------ members

    def members_data(session: Session, found: Campaign, lang: Lang) -> dict[str, Any]:
        """What ``campaign members --json`` says, the open invitations only to who may invite."""
        actor = site.actor(session)
        owners: dict[int | None, list[str]] = {}
        for gang in found.gangs:
            owners.setdefault(gang.owner_id, []).append(gang.name)
        people = [
            {"user": u.name, "role": r.value, "gangs": owners.get(u.id, [])}
            for u, r in accounts.members(session, found)
        ]
        data: dict[str, Any] = {
            "campaign": found.name,
            "public": found.public,
            "web_address": found.web_address,  # issue #13: where the printed QR codes point
            "members": people,
        }
        can = allowed(session, actor, found)
        if can[Action.INVITE]:
            data["invitations"] = [
                {"code": accounts.show_code(i.code), "role": i.role, "expires_at": i.expires_at}
                for i in accounts.open_invitations(session, found)
            ]
        return data

    def members_page(
        request: Request,
        campaign: str,
        code: int = 200,
        message: str = "",
        failed: str = "",
        typed: Mapping[str, str] | None = None,
    ) -> Response:
        lang = pick_lang(request)
        token = request.query_params.get("invitation", "")
        if code == 403:  # the form's section is not shown to who may not use it: say it on top
            failed = ""
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            data = members_data(s, found, lang)
            can = allowed(s, site.actor(s), found)
            fresh = None
            if token and can[Action.INVITE]:
                try:
                    row, invited_to = accounts.usable_invitation(s, token)
                except CampaignError:
                    row = None
                if row is not None and invited_to.id == found.id:
                    link = join_url(request, token)
                    fresh = {
                        "code": accounts.show_code(row.code),
                        "role": role_word(row.role, lang.value),
                        "until": moment(row.expires_at),
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

    @r.get("/c/{campaign}/members", response_class=HTMLResponse, include_in_schema=False)
    def members(request: Request, campaign: str) -> Response:
        return members_page(request, campaign)

    @r.get("/api/v1/campaigns/{campaign}/members", tags=["club"])
    def api_members(request: Request, campaign: str) -> Response:
        """`skirmish campaign members --json`; `invitations` only for who may invite."""
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            return site.api(request, members_data(s, found, pick_lang(request)))

    def member_action(
        campaign: str, action: Action, change: Callable[[Session, Campaign, User | None], T]
    ) -> Callable[[], T]:
        """One unit of work on ``campaign``: found among what the reader sees, locked, the
        permission asked, then ``change``."""

        def work() -> T:
            with site.write() as s:
                found = site.find_campaign(s, campaign)
                lookup.lock_row(s, found)
                actor = site.actor(s)
                demand(s, actor, action, found)
                return change(s, found, user_of(actor))

        return work

    def set_role(fields: Mapping[str, str]) -> Callable[[Session, Campaign, User | None], str]:
        def change(s: Session, found: Campaign, _: User | None) -> str:
            typed = fields.get("role", "")
            wanted = (
                None if typed.strip().casefold() in ("", "none", "nessuno") else parse_role(typed)
            )
            accounts.set_role(s, found, accounts.find_user(s, fields.get("user", "")), wanted)
            return found.name

        return change

    def set_owner(fields: Mapping[str, str]) -> Callable[[Session, Campaign, User | None], str]:
        def change(s: Session, found: Campaign, _: User | None) -> str:
            gang = site.find_gang(s, found, fields.get("gang", ""), in_path=False)
            typed = fields.get("user", "")
            none = typed.strip().casefold() in ("", "none", "nessuno", "nobody")
            accounts.set_gang_owner(s, gang, None if none else accounts.find_user(s, typed))
            return found.name

        return change

    def set_public(fields: Mapping[str, str]) -> Callable[[Session, Campaign, User | None], str]:
        def change(s: Session, found: Campaign, _: User | None) -> str:
            accounts.set_public(s, found, public_of(fields.get("public", "")))
            return found.name

        return change

    def set_address(fields: Mapping[str, str]) -> Callable[[Session, Campaign, User | None], str]:
        def change(s: Session, found: Campaign, _: User | None) -> str:
            typed = fields.get("address", "")
            set_web_address(s, campaign=found, address=typed if typed.strip() else None)
            return found.name

        return change

    def make_invitation(
        fields: Mapping[str, str],
    ) -> Callable[[Session, Campaign, User | None], dict[str, str]]:
        def change(s: Session, found: Campaign, by: User | None) -> dict[str, str]:
            role = parse_role(fields.get("role", "player") or "player")
            days = days_of(fields.get("days", str(accounts.INVITE_DEFAULT_DAYS)) or "7")
            made = accounts.invite(s, found, role, by=by, days=days)
            return {
                "campaign": found.name,
                "role": role.value,
                "code": accounts.show_code(made.code),
                "link": made.link,
                "token": made.token,
                "expires_at": made.row.expires_at,
            }

        return change

    def withdraw(fields: Mapping[str, str]) -> Callable[[Session, Campaign, User | None], str]:
        def change(s: Session, found: Campaign, _: User | None) -> str:
            accounts.withdraw_invitation(s, found, fields.get("code", ""))
            return found.name

        return change

    #: The members page's forms: (path under the campaign, its action, the change).
    forms: dict[str, tuple[Action, Callable[[Mapping[str, str]], Callable[..., Any]]]] = {
        "role": (Action.MEMBERS, set_role),
        "gang": (Action.MEMBERS, set_owner),
        "public": (Action.PUBLISH, set_public),
        "address": (Action.PUBLISH, set_address),
        "invite": (Action.INVITE, make_invitation),
        "withdraw": (Action.INVITE, withdraw),
    }
    paths = {
        "role": "members/role",
        "gang": "members/gang",
        "public": "members/public",
        "address": "members/address",
        "invite": "invitations",
        "withdraw": "invitations/withdraw",
    }

    def add_member_routes(form: str) -> None:
        action, make = forms[form]

        async def page(request: Request, campaign: str) -> Response:
            fields = await form_fields(request)
            try:
                done = await attempt(member_action(campaign, action, make(fields)))
            except Failed as failure:
                message = failure.error.text(pick_lang(request).value)
                return members_page(request, campaign, failure.code, message, form, fields)
            if isinstance(done, dict):  # a new invitation: its link is shown once, on the GET
                target = members_url(done["campaign"]) + "?invitation=" + quote(done["token"])
                return RedirectResponse(target + "#invitation", status_code=303)
            return RedirectResponse(members_url(str(done)), status_code=303)

        async def api(request: Request, campaign: str) -> Response:
            fields = await form_fields(request)
            try:
                done = await attempt(member_action(campaign, action, make(fields)))
            except Failed as failure:
                return refused(request, failure)
            if isinstance(done, dict):
                token = done.pop("token")
                return site.api(request, {**done, "url": join_url(request, token)}, 201)
            with site.read() as s:
                found = site.find_campaign(s, str(done))
                return site.api(request, members_data(s, found, pick_lang(request)))

        api.__doc__ = {
            "role": "Give a member a role (`user`, `role`: owner, arbitrator, player or none): "
            "`skirmish campaign role`. Answers the members.",
            "gang": "Say who looks after a gang (`gang`, `user` or none): `skirmish gang owner`. "
            "Answers the members.",
            "public": "Make the campaign public or private (`public`: on or off): `skirmish "
            "campaign set-public`. Answers the members.",
            "address": "Set the campaign's web address, where printed QR codes point (`address`: "
            "https://…/; empty removes it): `skirmish campaign address`. Answers the members.",
            "invite": "Invite (`role`: player or arbitrator, `days`: 1–90): `skirmish campaign "
            "invite --json`, with `url`, the link's absolute address.",
            "withdraw": "Withdraw an open invitation (`code`). Answers the members.",
        }[form]
        path = paths[form]
        r.add_api_route(
            f"/c/{{campaign}}/{path}",
            page,
            methods=["POST"],
            response_class=HTMLResponse,
            include_in_schema=False,
        )
        r.add_api_route(
            f"/api/v1/campaigns/{{campaign}}/{path}",
            api,
            methods=["POST"],
            tags=["club"],
            status_code=201 if form == "invite" else 200,
        )

    for form in forms:
        add_member_routes(form)

    # ------------------------------------------------------------ joining

    def preview(code: str, lang: Lang) -> dict[str, str]:
        """What an invitation offers, if it can still be used (else the service's refusal)."""
        with site.read() as s:
            row, campaign = accounts.usable_invitation(s, code)
            return {
                "campaign": campaign.name,
                "role": row.role,
                "role_word": role_word(row.role, lang.value),
                "expires_at": row.expires_at,
                "until": moment(row.expires_at),
            }

    def join_page(
        request: Request, code: str, status: int = 200, message: str = "", user: str = ""
    ) -> Response:
        lang = pick_lang(request)
        offer = None
        if code.strip():
            try:
                offer = preview(code, lang)
            except (StoreError, Failed):
                raise
            except SkirmishError as error:
                message = message or error.text(lang.value)
                status = status if status != 200 else 400
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

    @r.get("/join", response_class=HTMLResponse, include_in_schema=False)
    def join_form(request: Request, code: str = "") -> Response:
        return join_page(request, code)

    @r.get("/join/{token}", response_class=HTMLResponse, include_in_schema=False)
    def join_link(request: Request, token: str) -> Response:
        return join_page(request, segment(token))

    def join_existing(fields: Mapping[str, str]) -> dict[str, str]:
        with site.write() as s:
            user = logged_in(s, site)
            campaign, role = accounts.join(s, fields.get("code", ""), user)
            return {"user": user.name, "campaign": campaign.name, "role": role.value}

    def join_signing_up(fields: Mapping[str, str]) -> tuple[dict[str, str], str]:
        with site.write() as s:
            if user_of(site.actor(s)) is not None:
                raise CampaignError(
                    "you are logged in already: join with the button above, or log out to make "
                    "another account. Nothing was changed.",
                    it="hai già fatto l'accesso: entra con il pulsante qui sopra, oppure esci per "
                    "creare un altro account. Non è cambiato nulla.",
                )
            password = fields.get("password", "")
            accounts.usable_invitation(s, fields.get("code", ""))
            same_password(password, fields.get("password2", ""))
            user, campaign, role = accounts.join_new(
                s, fields.get("code", ""), fields.get("user", ""), password
            )
            token = accounts.open_session(s, user).token
            return {"user": user.name, "campaign": campaign.name, "role": role.value}, token

    @r.post("/join", response_class=HTMLResponse, include_in_schema=False)
    async def join(request: Request) -> Response:
        fields = await form_fields(request)
        code = fields.get("code", "")
        try:
            done = await attempt(lambda: join_existing(fields))
        except Failed as failure:
            message = failure.error.text(pick_lang(request).value)
            return join_page(request, code, failure.code, message)
        return RedirectResponse(campaign_url(done["campaign"]), status_code=303)

    @r.post("/join/new", response_class=HTMLResponse, include_in_schema=False)
    async def join_new(request: Request) -> Response:
        fields = await form_fields(request)
        code = fields.get("code", "")
        try:
            done, token = await attempt(lambda: join_signing_up(fields))
        except Failed as failure:
            message = failure.error.text(pick_lang(request).value)
            return join_page(request, code, failure.code, message, fields.get("user", ""))
        response = RedirectResponse(campaign_url(done["campaign"]), status_code=303)
        start_session(request, response, token)
        return response

    @r.get("/api/v1/join/{code}", tags=["club"])
    def api_invitation(request: Request, code: str) -> Response:
        """What an invitation (its code or link token) offers: `campaign`, `role`,
        `expires_at`; a used, expired or unknown one is refused (400)."""
        try:
            offer = preview(segment(code), pick_lang(request))
        except SkirmishError as error:
            if isinstance(error, StoreError):
                raise
            return refused(request, Failed(400, error))
        return site.api(request, {k: offer[k] for k in ("campaign", "role", "expires_at")})

    @r.post("/api/v1/join", tags=["club"])
    async def api_join(request: Request) -> Response:
        """The logged-in reader uses an invitation (`code`: its code or link token):
        `skirmish campaign join`. Answers `user`, `campaign`, `role`."""
        fields = await form_fields(request)
        try:
            done = await attempt(lambda: join_existing(fields))
        except Failed as failure:
            return refused(request, failure)
        return site.api(request, done)

    @r.post("/api/v1/join/new", tags=["club"], status_code=201)
    async def api_join_new(request: Request) -> Response:
        """Make an account with an invitation and join (`code`, `user`, `password`,
        `password2`); the answer logs the client in (the session cookie, as `/login`)."""
        fields = await form_fields(request)
        try:
            done, token = await attempt(lambda: join_signing_up(fields))
        except Failed as failure:
            return refused(request, failure)
        response = site.api(request, done, 201)
        start_session(request, response, token)
        return response

    # ------------------------------------------------------------ a new gang

    def found_gang(campaign: str, fields: Mapping[str, str]) -> tuple[str, str]:
        with site.write() as s:
            found = site.find_campaign(s, campaign)
            lookup.lock_row(s, found)
            actor = site.actor(s)
            demand(s, actor, Action.CREATE_GANG, found)
            gang = gangs.new_gang(
                s, campaign=found, name=fields.get("name", ""), faction=fields.get("faction", "")
            )
            user = user_of(actor)
            if user is not None:
                accounts.set_gang_owner(s, gang, user)
            return found.name, gang.name

    def gang_form(
        request: Request,
        campaign: str,
        code: int = 200,
        message: str = "",
        typed: Mapping[str, str] | None = None,
    ) -> Response:
        lang = pick_lang(request)
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
            message=message,
            typed=dict(typed or {}),
        )

    @r.get("/c/{campaign}/gangs/new", response_class=HTMLResponse, include_in_schema=False)
    def new_gang_page(request: Request, campaign: str) -> Response:
        if must_log_in():
            return to_login(request)
        return gang_form(request, campaign)

    @r.post("/c/{campaign}/gangs/new", response_class=HTMLResponse, include_in_schema=False)
    async def new_gang(request: Request, campaign: str) -> Response:
        fields = await form_fields(request)
        try:
            made, gang = await attempt(lambda: found_gang(campaign, fields))
        except Failed as failure:
            message = failure.error.text(pick_lang(request).value)
            return gang_form(request, campaign, failure.code, message, fields)
        return RedirectResponse(gang_url(made, gang), status_code=303)

    @r.post("/api/v1/campaigns/{campaign}/gangs", tags=["club"], status_code=201)
    async def api_new_gang(request: Request, campaign: str) -> Response:
        """Found a gang (`name`, `faction` in Italian or English) that the reader looks after:
        answers `skirmish gang show --json` of it."""
        fields = await form_fields(request)
        try:
            made, gang = await attempt(lambda: found_gang(campaign, fields))
        except Failed as failure:
            return refused(request, failure)
        with site.read() as s:
            found = site.find_campaign(s, made)
            shown = reads.gang_show(
                site.find_gang(s, found, gang, in_path=False), pick_lang(request)
            )
        return site.api(request, shown, 201)

    # ------------------------------------------------------------ house rules

    def change_settings(campaign: str, fields: Mapping[str, str]) -> str:
        with site.write() as s:
            found = site.find_campaign(s, campaign)
            lookup.lock_row(s, found)
            demand(s, site.actor(s), Action.HOUSE_RULES, found)
            current = gangs.settings_of(found)
            for key, value in fields.items():
                if key == CSRF_FIELD:
                    continue
                rule = find_setting(key)
                if rule.parse(value) != current[rule.key]:
                    gangs.set_setting(s, campaign=found, key=rule.key, value=value)
            return found.name

    def settings_page(
        request: Request,
        campaign: str,
        code: int = 200,
        message: str = "",
        typed: Mapping[str, str] | None = None,
    ) -> Response:
        lang = pick_lang(request)
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

    @r.get("/c/{campaign}/settings", response_class=HTMLResponse, include_in_schema=False)
    def settings(request: Request, campaign: str) -> Response:
        if must_log_in():
            return to_login(request)
        return settings_page(request, campaign)

    @r.post("/c/{campaign}/settings", response_class=HTMLResponse, include_in_schema=False)
    async def save_settings(request: Request, campaign: str) -> Response:
        fields = await form_fields(request)
        try:
            made = await attempt(lambda: change_settings(campaign, fields))
        except Failed as failure:
            message = failure.error.text(pick_lang(request).value)
            return settings_page(request, campaign, failure.code, message, fields)
        return RedirectResponse(campaign_url(made) + "#house-rules", status_code=303)

    @r.post("/api/v1/campaigns/{campaign}/settings", tags=["club"])
    async def api_settings(request: Request, campaign: str) -> Response:
        """Change house rules: each field a setting's key (`sell-percent`, `H-05`…) and its
        value, as `skirmish campaign set`. Answers `skirmish campaign show --json`."""
        fields = await form_fields(request)
        try:
            made = await attempt(lambda: change_settings(campaign, fields))
        except Failed as failure:
            return refused(request, failure)
        return site.api(request, campaign_shown(made, pick_lang(request)))

    # ------------------------------------------------------------ one's own account

    def new_password(request: Request, fields: Mapping[str, str]) -> tuple[str, int]:
        address = request.client.host if request.client else ""
        with site.write() as s:
            user = logged_in(s, site)
            password = fields.get("password", "")
            same_password(password, fields.get("password2", ""))
            changed, ended = accounts.change_password(
                s, user, fields.get("current", ""), password, address
            )
            return accounts.open_session(s, changed).token, ended

    def account_page(request: Request, code: int = 200, message: str = "") -> Response:
        lang = pick_lang(request)
        with site.read() as s:
            user = user_of(site.actor(s))
            since = user.created_at[:10] if user is not None else ""
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

    @r.get("/account", response_class=HTMLResponse, include_in_schema=False)
    def account(request: Request) -> Response:
        if must_log_in() or not reader().accounts:
            return to_login(request)
        return account_page(request)

    @r.post("/account", response_class=HTMLResponse, include_in_schema=False)
    async def change_password(request: Request) -> Response:
        fields = await form_fields(request)
        try:
            token, _ = await attempt(lambda: new_password(request, fields))
        except Failed as failure:
            return account_page(request, failure.code, failure.error.text(pick_lang(request).value))
        response = RedirectResponse("/account?changed=1", status_code=303)
        start_session(request, response, token)
        return response

    @r.post("/api/v1/account/password", tags=["club"])
    async def api_password(request: Request) -> Response:
        """Change one's own password (`current`, `password`, `password2`): every other session
        ends; the answer carries this client's new session cookie. Answers `sessions_ended`."""
        fields = await form_fields(request)
        try:
            token, ended = await attempt(lambda: new_password(request, fields))
        except Failed as failure:
            return refused(request, failure)
        response = site.api(request, {"sessions_ended": ended})
        start_session(request, response, token)
        return response

    return r
