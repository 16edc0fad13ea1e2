"""The pieces every part of the web app shares (issue #11): the reader (``Viewer``), the page's
language, form bodies, links, the templates, and ``Site``: the store's units of work, pages and
JSON answers, and the lookups of a campaign, gang and model that every route makes the same way
(only what the reader may see is found or suggested)."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Annotated, Any, TypeVar, cast
from urllib.parse import parse_qsl, quote, unquote, unquote_to_bytes

import jinja2
from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy.engine import Engine
from sqlmodel import Session
from starlette.types import ASGIApp, Receive, Scope, Send

from skirmish import formats, rules
from skirmish.campaign import links, naming, store
from skirmish.campaign.accounts import SESSION_MAX
from skirmish.campaign.game.board import hold_rows
from skirmish.campaign.gangs import gang_rows
from skirmish.campaign.models import Campaign, CampaignLine, Gang, GangLine
from skirmish.campaign.permissions import (
    Action,
    Actor,
    may,
    role_word,
    visible_campaigns,
)
from skirmish.campaign.views import injury_name
from skirmish.errors import CampaignError, SkirmishError, StaleError, shown
from skirmish.i18n import Lang, name
from skirmish.printing.labels import labels
from skirmish.printing.pdf import Press
from skirmish.printing.render import MAX_WOUNDS, STYLESHEETS, WOUND_BOX
from skirmish.resources import templates_dir
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import N_, NP_, Message, template_callables
from skirmish.web import reads
from skirmish.web.identity import IDENTIFIES as IDENTIFIES
from skirmish.web.identity import IDENTIFIES_WRITER as IDENTIFIES_WRITER
from skirmish.web.identity import PENDING as PENDING
from skirmish.web.identity import VIEWER as VIEWER
from skirmish.web.identity import Pending as Pending
from skirmish.web.identity import Viewer as Viewer
from skirmish.web.identity import identifies_reader as identifies_reader
from skirmish.web.identity import identifies_writer as identifies_writer
from skirmish.web.identity import identify as identify
from skirmish.web.identity import identify_in as identify_in
from skirmish.web.identity import identify_writing as identify_writing
from skirmish.web.identity import keep_language as keep_language
from skirmish.web.identity import kept_visible, writing_rows
from skirmish.web.identity import reader as reader
from skirmish.web.identity import settle as settle
from skirmish.web.identity import viewer_of as viewer_of
from skirmish.web.template_words import Folding
from skirmish.web.text import words

HERE = Path(__file__).resolve().parent
_G = TypeVar("_G", bound=GangLine)
_C = TypeVar("_C", bound=CampaignLine)
#: The cookie that remembers the language a reader chose with ``?lang=``.
LANG_COOKIE = "lang"
#: How the standings may be sorted (``?sort=``): the column and its words' key.
SORTS: dict[str, str] = {
    "place": "place",
    "games": "games",
    "wins": "wins",
    "eliminations": "eliminations",
    "points": "points",
    "rating": "rating",
    "treasury": "treasury",
}
#: The words of the standings' sort links, in English (said by ``campaign.html``).
SORT_WORDS: dict[str, str] = {
    "place": N_("place"),
    "games": N_("Games"),
    "wins": N_("Wins"),
    "eliminations": N_("Elim."),
    "points": N_("Points"),
    "rating": N_("Rating"),
    "treasury": NP_("text.TEXT.treasury", "Treasury"),
}
#: The cookie that carries a logged-in reader's session token (``accounts.open_session``).
SESSION_COOKIE = "session"
#: The cookie and form field of the CSRF token (double submit, see ``guard``).
CSRF_COOKIE = "csrf"
CSRF_FIELD = "csrf"
#: The header that may carry it instead (HTMX's ``hx-headers``, a script's request).
CSRF_HEADER = "x-csrf-token"
#: Methods that change nothing, and so carry no CSRF token.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Refused(Exception):
    """A request refused before it is read (a POST without its CSRF token): ``code`` and the
    page's words' key."""

    def __init__(self, code: int, key: str) -> None:
        super().__init__(key)
        self.code = code
        self.key = key


def secure(request: Request) -> bool:
    """Whether the reader came over HTTPS (behind the documented reverse proxy uvicorn reads
    ``X-Forwarded-Proto`` from 127.0.0.1 and sets the scheme: docs/web.md)."""
    return request.url.scheme == "https"


#: The largest form body read (a login or a between-games action is a few hundred bytes).
FORM_BYTES = 64 * 1024


async def form_fields(request: Request) -> dict[str, str]:
    """The fields of a posted form (``application/x-www-form-urlencoded``, what every form of
    these pages sends; the first value of each name), or of a JSON object (what the API's
    clients send: each value as text, a list of numbers as the dice are typed, ``"3 5"``);
    anything else carries no fields. Read once and kept on the request, so the CSRF check and
    the route read the same body. A body over ``FORM_BYTES`` carries no fields."""
    cached: dict[str, str] | None = getattr(request.state, "form", None)
    if cached is not None:
        return cached
    fields: dict[str, str] = {}
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind in ("application/x-www-form-urlencoded", "application/json"):
        body = await request.body()
        if len(body) <= FORM_BYTES and kind == "application/json":
            fields = _json_fields(body)
        elif len(body) <= FORM_BYTES:
            for key, value in parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True):
                fields.setdefault(key, value)
    request.state.form = fields
    return fields


def _json_fields(body: bytes) -> dict[str, str]:
    """A JSON object's members as a form's fields (others, and what is not JSON, carry none)."""
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    fields: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, bool):
            fields[str(key)] = "on" if value else ""
        elif isinstance(value, list):
            fields[str(key)] = " ".join(str(v) for v in value)
        elif value is not None:
            fields[str(key)] = str(value)
    return fields


def safe_next(target: str | None) -> str:
    """Where to go after logging in: a path on this server, never another site."""
    if target and target.startswith("/") and not target.startswith(("//", "/\\")):
        return target
    return "/"


#: Entries of the campaign log the campaign page shows, newest first.
FEED = 30
#: Games the campaign page lists, newest first.
RECENT_GAMES = 10


class Forbidden(Exception):
    """The reader may not do this here (``permissions.require``'s words): 403, with the words;
    every router's refusal of a reader, pages and API alike."""

    def __init__(self, error: CampaignError) -> None:
        super().__init__(str(error))
        self.error = error


class NotFound(Exception):
    """A campaign, gang, model or scenario the URL names does not exist: the lookup's own
    message (with the nearest names, as the CLI says it) and links to those names."""

    def __init__(self, error: SkirmishError, nearest: Sequence[tuple[str, str]]) -> None:
        super().__init__(str(error))
        self.error = error
        self.nearest = list(nearest)


class NamesWithSlashes:
    """ASGI middleware: a name may hold a slash (a gang called ``AC/DC``), which its link
    encodes as ``%2F``; routing reads the decoded path, where that slash would split the name.
    So every segment of the path is decoded here with only ``%`` and ``/`` left encoded, and
    each route decodes its names once more (``segment``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw = scope.get("raw_path") if scope["type"] == "http" else None
        if raw:
            parts = [
                unquote_to_bytes(part)
                .decode("utf-8", "replace")
                .replace("%", "%25")
                .replace("/", "%2F")
                for part in raw.split(b"/")
            ]
            scope = {**scope, "path": "/".join(parts)}
        await self.app(scope, receive, send)


def segment(value: str) -> str:
    """A name as a path segment carried it (see ``NamesWithSlashes``)."""
    return unquote(value)


def pick_lang(request: Request) -> Lang:
    """``?lang=``, else the language the logged-in reader's account keeps (issue #21), else the
    cookie a visitor's choice left, else the first of Italian and English in the browser's
    ``Accept-Language`` (by its q weights), else English."""
    viewer = viewer_of(request) or reader()
    for chosen in (
        request.query_params.get("lang"),
        viewer.lang,
        request.cookies.get(LANG_COOKIE),
    ):
        if chosen in ("it", "en"):
            return Lang(chosen)
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(request.headers.get("accept-language", "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in ("it", "en") and weight > 0:
            weighted.append((-weight, index, primary))
    return Lang(min(weighted)[2]) if weighted else Lang.EN


def remember(request: Request, response: Response) -> Response:
    chosen = request.query_params.get("lang")
    if chosen in ("it", "en") and request.cookies.get(LANG_COOKIE) != chosen:
        response.set_cookie(
            LANG_COOKIE, chosen, max_age=365 * 24 * 3600, httponly=True, samesite="lax"
        )
    return response


def relative(request: Request, **params: str) -> str:
    """This page's path and query with ``params`` set (a link that stays on this server)."""
    url = request.url.include_query_params(**params)
    return f"{url.path}?{url.query}" if url.query else url.path


# The paths of the campaign's, gang's and model's pages are declared once, in campaign.links
# (the printed sheets' QR codes point at them too).
def campaign_url(campaign: str) -> str:
    return links.campaign_path(campaign)


def gang_url(campaign: str, gang: str) -> str:
    return links.gang_path(campaign, gang)


def model_url(campaign: str, gang: str, model: str) -> str:
    return links.model_path(campaign, gang, model)


def members_url(campaign: str) -> str:
    return campaign_url(campaign) + "/members"


def rules_url(query: str) -> str:
    return "/rules?q=" + quote(query, safe="")


class _Templates(jinja2.Environment):
    """Jinja2's environment, loading one template at a time. Each template is compiled once and
    then kept (Jinja2's cache); without the lock, the readers of the first pages after a start
    would each compile the same templates at the same moment (20 readers, 20 compilations of
    each, seconds of processor time before the first answer). A cached template is found in
    microseconds, so holding the lock then costs nothing."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._loading = threading.RLock()

    def get_template(
        self,
        name: str | jinja2.Template,
        parent: str | None = None,
        globals: MutableMapping[str, Any] | None = None,
    ) -> jinja2.Template:
        with self._loading:
            return super().get_template(name, parent, globals)


def _environment(lang: str | None = None) -> jinja2.Environment:
    """The pages' templates, then the printed sheets' (the roster's model card is shared); with
    ``lang``, their constant words said in it when each is compiled (``template_words``)."""
    env = _Templates(
        loader=jinja2.ChoiceLoader(
            [jinja2.FileSystemLoader(HERE / "templates"), jinja2.FileSystemLoader(templates_dir())]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        # the words: `_("…")`, `{% trans %}` (issue #21), as Jinja2's i18n extension says them
        extensions=[Folding],
        # The templates are the installed package's: they do not change while it serves, so a
        # page does not look at each of their files' times again (issue #23).
        auto_reload=False,
    )
    env.globals.update(
        WOUND_BOX=WOUND_BOX,
        MAX_WOUNDS=MAX_WOUNDS,
        campaign_url=campaign_url,
        gang_url=gang_url,
        model_url=model_url,
        members_url=members_url,
        rules_url=rules_url,
        role_word=role_word,
    )
    env.words_lang = lang  # type: ignore[attr-defined]
    return env


@cache
def environment(lang: str | None = None) -> jinja2.Environment:
    """The pages' templates of this process (``_environment``), made once per language
    (issue #23), as the printed sheets' (``printing.render.environment``): each template is
    compiled once per process, not once per app. A server has one app, but the suite makes a
    new app for each web test, and each compiled every template it rendered again: about 80 ms
    of processor time for a test's first few pages out of about 130. What it keeps is what the
    package's files say (the templates, the catalogue's words, constant globals), not anything
    an app or a request sets."""
    return _environment(lang)


def scenario_name(scenario_id: str | None, lang: Lang) -> str:
    if not scenario_id:
        return ""
    try:
        return name(find_scenario(scenario_id), lang)
    except SkirmishError:
        return scenario_id


def profile_name(profile_id: str, lang: Lang) -> str:
    try:
        return name(rules.find_profile(profile_id), lang)
    except SkirmishError:
        return profile_id


def recovery_name(outcome: str | None, lang: Lang) -> str:
    return next((name(r, lang) for r in rules.recovery_table() if r.id == outcome), outcome or "")


def injury_word(injury: str, lang: Lang) -> str:
    """An invalidity (§6.5) by the book's name, or a wound for the next game by its recovery."""
    shown = injury_name(injury, lang)
    return recovery_name(injury, lang) if shown == injury else shown


class Site:
    """The store this app serves and the templates it renders: what every route uses."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.env = environment()
        #: The pages' templates in each language, their constant words said (issue #23).
        self.envs = {lang.value: environment(lang.value) for lang in Lang}
        self._presses: dict[tuple[str, ...], Press] = {}
        self._pressing = threading.Lock()

    def press(self, files: tuple[str, ...] = STYLESHEETS) -> Press:
        """This app's warm PDF press of the stylesheet ``files`` (``printing.pdf.Press``: the
        sheets', or the Gazette's own), made at its first PDF and kept while the app serves."""
        with self._pressing:
            if files not in self._presses:
                self._presses[files] = Press(files=files)
            return self._presses[files]

    @contextmanager
    def read(self, *, rows: bool = False) -> Iterator[Session]:
        """A READ unit of work: a page never changes the store, never sees half a change. A
        route that identifies its reader itself (``identifies_reader``) has them identified
        here, in the same unit of work (issue #23: one worker thread, one transaction); a
        session that owes the store its write (``identify_in``) has it made first, apart;
        ``rows``: as rows (``find_campaign_line``)."""
        pending = PENDING.get()
        if pending is not None and pending.found is None:
            with store.transaction(self.engine, access=store.Access.READ) as session:
                hold_rows(session)
                found = identify_in(session, pending.token, rows=rows)
                if found is not None:
                    pending.settle(found)
                    yield session
            if found is not None:
                pending.keep()
                return
            pending.settle(identify_writing(self.engine, pending.token))
            pending.keep()
        with store.transaction(self.engine, access=store.Access.READ) as session:
            hold_rows(session)  # a row looked up twice is read once (issue #12's speed)
            yield session

    @contextmanager
    def write(self, *, rows: bool = False) -> Iterator[Session]:
        """A writing unit of work for this request's reader: it locks what it changes, commits
        at the end or changes nothing, and its log entries name the reader (``log_entry.author``;
        ``None``, the local command line, in a store with no accounts). ``rows``: for a writer
        that only checks its reader's account and the campaigns they may see (a game's
        actions), read as rows in one statement (``identity.writing_rows``; then
        ``find_campaign_line`` answers a row). A POST route marked ``identifies_writer`` has its
        reader identified here, in this unit of work (issue #23, the action's unit of work's
        seventh round: one worker thread and one transaction, not ``guard``'s READ one before;
        the statement that reads the reader's session reads the account and campaigns that
        ``writing_rows`` would read again); a session that owes the store its write
        (``identify_in``) has it made first, apart, committed whatever the change does."""
        pending = PENDING.get()
        if pending is not None and pending.found is None:
            with store.transaction(self.engine, access=store.Access.GANG) as session:
                hold_rows(session)
                found = identify_in(session, pending.token, rows=rows)
                if found is not None:
                    pending.settle(found)
                    session.info["author"] = found.user_id  # ``store.transaction``'s author
                    if rows:
                        writing_rows(session, found)
                    yield session
            if found is not None:
                return
            pending.settle(identify_writing(self.engine, pending.token))
        viewer = reader()
        with store.transaction(
            self.engine, access=store.Access.GANG, author=viewer.user_id
        ) as session:
            hold_rows(session)
            if rows:
                writing_rows(session, viewer)
            yield session

    def actor(self, session: Session) -> Actor:
        """This request's reader as ``permissions`` knows them, read in ``session``."""
        return reader().actor(session)

    def visible(self, session: Session, campaign: CampaignLine) -> bool:
        """Whether this request's reader may see ``campaign`` (``permissions``, one place)."""
        return may(session, self.actor(session), Action.VIEW, campaign)

    def page(self, request: Request, template: str, code: int = 200, **context: Any) -> Response:
        """``template`` rendered in the reader's language, with the header's reader, the CSRF
        token every form repeats, the language switch and ``when(stamp)``, a log's timestamp in the
        reader's words (``formats.moment``)."""
        # A page no route answered (a 404 such as the browser's own /favicon.ico) ran no
        # ``guard``: it keeps the browser's token, or it would replace the one that the form
        # of a page loaded at the same moment repeats, and that form would be refused.
        cookie = request.cookies.get(CSRF_COOKIE, "")
        kept = cookie if 20 <= len(cookie) <= 100 else ""
        csrf = getattr(request.state, "csrf", "") or kept or secrets.token_urlsafe(32)
        viewer = viewer_of(request) or Viewer(accounts=False)
        html = self.render(request, template, viewer, csrf, **context)
        return self.answer(request, html, csrf, code)

    def render(
        self, request: Request, template: str, viewer: Viewer, csrf: str, **context: Any
    ) -> str:
        """``template``'s text as ``page`` renders it for ``viewer`` with ``csrf`` (a page that
        keeps its text for every reader renders it with marks for both: ``game_state``)."""
        lang = pick_lang(request)
        other = Lang.EN if lang is Lang.IT else Lang.IT
        said = template_callables(lang.value)
        return (
            self.envs[lang.value]
            .get_template(template)
            .render(
                viewer=viewer,
                csrf=csrf,
                lang=lang.value,
                t=words(lang),
                sheet=labels(lang),
                **said,
                # ``_("…")`` is the language's gettext itself, not the i18n extension's alias that
                # looks ``gettext`` up in the context on each call (issue #23: a page says ~30).
                _=said["gettext"],
                when=lambda stamp: formats.moment(stamp, lang.value),
                other_lang=other.value,
                switch_url=relative(request, lang=other.value),
                path=request.url.path,
                **context,
            )
        )

    def answer(self, request: Request, html: str, csrf: str, code: int = 200) -> Response:
        """A page's answer of ``html``, its CSRF cookie set when the browser's is not ``csrf``."""
        response = remember(request, HTMLResponse(html, status_code=code))
        if request.cookies.get(CSRF_COOKIE) != csrf:
            set_csrf(request, response, csrf)
        return response

    def api(self, request: Request, payload: Any, code: int = 200) -> Response:
        """A JSON answer (the CLI's ``--json`` shapes)."""
        return remember(request, JSONResponse(payload, status_code=code))

    def api_refusal(
        self, request: Request, refused: Forbidden | SkirmishError, lang: Lang | str
    ) -> Response:
        """A refused API call's answer, ``{"error", "nearest": []}``: 403 for a reader who may
        not, 409 for a stale revision (``StaleError``), 400 for any other refusal."""
        if isinstance(refused, Forbidden):
            return self.api(request, {"error": refused.error.text(lang), "nearest": []}, 403)
        code = 409 if isinstance(refused, StaleError) else 400
        return self.api(request, {"error": refused.text(lang), "nearest": []}, code)

    def campaign_lines(self, session: Session) -> list[CampaignLine]:
        """Every campaign this reader may see, oldest first (one query, whatever their number):
        objects, or rows where ``identify_in`` read them so."""
        kept = kept_visible(session, reader())
        if kept is not None:
            return kept  # read beside the reader's session (``identify_in``)
        return list(visible_campaigns(session, self.actor(session)))

    def campaigns(self, session: Session) -> list[Campaign]:
        """``campaign_lines`` as objects (read again as such where they were read as rows)."""
        every = self.campaign_lines(session)
        if all(isinstance(c, Campaign) for c in every):
            return cast(list[Campaign], every)
        return visible_campaigns(session, self.actor(session))

    def find_campaign(self, session: Session, typed: str) -> Campaign:
        """The campaign a path names, among those this reader may see; else ``NotFound``."""
        return self._chosen(self.campaigns(session), typed)

    def find_campaign_line(self, session: Session, typed: str) -> CampaignLine:
        """``find_campaign`` for a page that only shows it, or a writer that only checks it: a
        row in a ``read(rows=True)`` or a ``write(rows=True)``."""
        return self._chosen(self.campaign_lines(session), typed)

    @staticmethod
    def _chosen(every: Sequence[_C], typed: str) -> _C:
        """The campaign of ``every`` (those the reader may see) a path names; else ``NotFound``."""
        typed = segment(typed)
        # Only the campaigns this reader may see are matched, named or suggested: one they may
        # not see is answered exactly as one that does not exist (404), so no name leaks.
        try:
            if not every:
                raise CampaignError(
                    Message("there is no campaign called {typed}.", typed=shown(typed))
                )
            return naming.choose(
                typed, [(c, (c.name,)) for c in every], kind=naming.CAMPAIGN, label=lambda c: c.name
            )
        except CampaignError as error:
            near = naming.nearest(typed, [c.name for c in every]) if every else []
            raise NotFound(error, [(n, campaign_url(n)) for n in near]) from None

    def find_gang(
        self,
        session: Session,
        campaign: Campaign,
        typed: str,
        *,
        in_path: bool = True,
        full: bool = True,
    ) -> Gang:
        """A gang of ``campaign`` by name (a path segment, or a query's value); ``full=False``
        leaves its models and items unloaded (a page showing ``reads.gang_show``: issue #23)."""
        typed = segment(typed) if in_path else typed
        return self._found_gang(
            session, campaign, typed, lambda: reads.gang(session, campaign, typed, full=full)
        )

    def find_gang_line(self, session: Session, campaign: CampaignLine, typed: str) -> GangLine:
        """A gang of ``campaign`` by a path segment, as a page shows it (``reads.gang_line``)."""
        typed = segment(typed)
        return self._found_gang(
            session, campaign, typed, lambda: reads.gang_line(session, campaign, typed)
        )

    @staticmethod
    def _found_gang(
        session: Session, campaign: CampaignLine, typed: str, find: Callable[[], _G]
    ) -> _G:
        """``find()``'s gang, or a 404 naming ``campaign``'s gangs nearest ``typed``."""
        try:
            return find()
        except CampaignError as error:
            every = [g.name for g in gang_rows(campaign, session)]
            near = naming.nearest(typed, every) if every else []
            raise NotFound(error, [(n, gang_url(campaign.name, n)) for n in near]) from None

    def find_model(
        self, session: Session, campaign: Campaign, gang: Gang, typed: str
    ) -> dict[str, Any]:
        """A model's history (``member history --json``) by the name a path gives."""
        typed = segment(typed)
        try:
            return reads.member(session, campaign, gang.name, typed)
        except CampaignError as error:
            every = [m.name for m in gang.members]
            near = naming.nearest(typed, every) if every else []
            links = [(n, model_url(campaign.name, gang.name, n)) for n in near]
            raise NotFound(error, links) from None


def start_session(request: Request, response: Response, token: str) -> None:
    """Log the browser in: the session cookie holds ``token`` (``accounts.open_session``;
    HttpOnly, SameSite=Lax, Secure over HTTPS, at most ``SESSION_MAX``), and a new CSRF token
    (one seen before a login is not the one after). Used by ``/login`` and by every page that
    opens a session (joining with a new account, changing one's password)."""
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=int(SESSION_MAX.total_seconds()),
        httponly=True,
        samesite="lax",
        secure=secure(request),
    )
    set_csrf(request, response, secrets.token_urlsafe(32))


def set_csrf(request: Request, response: Response, token: str) -> None:
    """Give the browser a CSRF token (HttpOnly, SameSite=Lax, Secure over HTTPS)."""
    response.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="lax", secure=secure(request))


# The routes' dependencies (FastAPI's ``Depends``): a route module declares its routes at module
# level and asks for what it uses by these types, never by closing over a ``Site``.


async def current_site(request: Request) -> Site:
    """The ``Site`` the app serves (``create_app`` keeps it on ``app.state.site``)."""
    site: Site = request.app.state.site
    return site


async def identified_lang(request: Request) -> Lang:
    """The page's language (``pick_lang``) once the reader is identified: by now, or in a worker
    thread here (a route marked ``identifies_writer`` refusing before its unit of work)."""
    await settle(request)
    return pick_lang(request)


async def current_reader() -> Viewer:
    """This request's reader, as ``guard`` (the app's first dependency) found it."""
    return reader()


async def current_lang(request: Request) -> Lang:
    """The page's language (``pick_lang``)."""
    return pick_lang(request)


SiteDep = Annotated[Site, Depends(current_site)]
ReaderDep = Annotated[Viewer, Depends(current_reader)]
LangDep = Annotated[Lang, Depends(current_lang)]
