"""The club's web app (issue #11): the campaign's pages, their JSON API, and logging in.

``create_app(db)`` opens one store (``--db``/``SKIRMISH_DB``, resolved as the CLI does) and
serves it; every request is one READ transaction (``store.transaction``), so a page never
changes anything and never sees half of another command's work. Pages follow the browser's
``Accept-Language``, ``?lang=it|en`` switches and is remembered in a cookie. Every name is
escaped by Jinja2's autoescape (a gang called ``<script>`` reads as text).

Who sees what (docs/web.md): a logged-out reader sees the public campaigns, a logged-in user
those and the ones they are a member of (``permissions.may(…, Action.VIEW, …)``); a store with no
accounts at all shows everything, as the CLI on that laptop does. A campaign one may not see is
answered exactly as one that does not exist (404). ``/login`` and ``/logout`` open and end a
server-side session (``accounts``); every POST carries a CSRF token (``guard``).
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, unquote_to_bytes

import jinja2
from fastapi import Depends, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from skirmish import rules
from skirmish.campaign import accounts, naming, store
from skirmish.campaign.models import Campaign, Gang, User
from skirmish.campaign.permissions import CLI, Action, Actor, may
from skirmish.campaign.views import injury_name, skill_name
from skirmish.engine.glossary import GameResult, GameStatus, label_value
from skirmish.errors import (
    CampaignError,
    RulesError,
    SkirmishError,
    StoreError,
    UnknownNameError,
    shown,
)
from skirmish.i18n import Lang, name
from skirmish.printing.build import roster_view, scenario_view, weapon_line
from skirmish.printing.labels import labels
from skirmish.printing.render import MAX_WOUNDS, WOUND_BOX, render_roster
from skirmish.resources import templates_dir
from skirmish.rules.scenarios import (
    Scenario,
    find_scenario,
    scenario_data,
    scenario_summary,
    scenarios,
)
from skirmish.web import reads
from skirmish.web.text import TEXT, status_word, words

HERE = Path(__file__).resolve().parent
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
#: The cookie that carries a logged-in reader's session token (``accounts.open_session``).
SESSION_COOKIE = "session"
#: The cookie and form field of the CSRF token (double submit, see ``guard``).
CSRF_COOKIE = "csrf"
CSRF_FIELD = "csrf"
#: The header that may carry it instead (HTMX's ``hx-headers``, a script's request).
CSRF_HEADER = "x-csrf-token"
#: Methods that change nothing, and so carry no CSRF token.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True)
class Viewer:
    """Who is reading: a logged-in account (``user_id``, ``name``), or nobody; ``everyone`` in a
    store with no accounts at all (nobody could log in: the single-laptop case sees all)."""

    user_id: int | None = None
    name: str = ""
    accounts: bool = True

    def actor(self, session: Session) -> Actor:
        """The actor ``permissions.may`` asks about, read in ``session``."""
        if not self.accounts:
            return CLI
        return session.get(User, self.user_id) if self.user_id is not None else None


#: The reader of the request being answered (set by ``guard``, read by the routes' lookups).
VIEWER: ContextVar[Viewer | None] = ContextVar("viewer", default=None)


def reader() -> Viewer:
    """This request's reader; nobody (a logged-out visitor) when ``guard`` has not said."""
    return VIEWER.get() or Viewer()


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
    these pages sends; the first value of each name); anything else carries no fields. Read
    once and kept on the request, so the CSRF check and the route read the same body."""
    cached: dict[str, str] | None = getattr(request.state, "form", None)
    if cached is not None:
        return cached
    fields: dict[str, str] = {}
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/x-www-form-urlencoded":
        body = await request.body()
        if len(body) <= FORM_BYTES:
            for key, value in parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True):
                fields.setdefault(key, value)
    request.state.form = fields
    return fields


def _safe_next(target: str | None) -> str:
    """Where to go after logging in: a path on this server, never another site."""
    if target and target.startswith("/") and not target.startswith(("//", "/\\")):
        return target
    return "/"


#: Entries of the campaign log the campaign page shows, newest first.
FEED = 30
#: Games the campaign page lists, newest first.
RECENT_GAMES = 10


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
    """``?lang=``, else the cookie, else the first of Italian and English in the browser's
    ``Accept-Language`` (by its q weights), else English."""
    for chosen in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
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


def _remember(request: Request, response: Response) -> Response:
    chosen = request.query_params.get("lang")
    if chosen in ("it", "en") and request.cookies.get(LANG_COOKIE) != chosen:
        response.set_cookie(
            LANG_COOKIE, chosen, max_age=365 * 24 * 3600, httponly=True, samesite="lax"
        )
    return response


def _relative(request: Request, **params: str) -> str:
    """This page's path and query with ``params`` set (a link that stays on this server)."""
    url = request.url.include_query_params(**params)
    return f"{url.path}?{url.query}" if url.query else url.path


def _path(*parts: str) -> str:
    return "/" + "/".join(quote(p, safe="") for p in parts)


def campaign_url(campaign: str) -> str:
    return _path("c", campaign)


def gang_url(campaign: str, gang: str) -> str:
    return _path("c", campaign, "g", gang)


def model_url(campaign: str, gang: str, model: str) -> str:
    return _path("c", campaign, "g", gang, "m", model)


def rules_url(query: str) -> str:
    return "/rules?q=" + quote(query, safe="")


def _environment() -> jinja2.Environment:
    """The pages' templates, then the printed sheets' (the roster's model card is shared)."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [jinja2.FileSystemLoader(HERE / "templates"), jinja2.FileSystemLoader(templates_dir())]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        WOUND_BOX=WOUND_BOX,
        MAX_WOUNDS=MAX_WOUNDS,
        campaign_url=campaign_url,
        gang_url=gang_url,
        model_url=model_url,
        rules_url=rules_url,
    )
    return env


def _scenario_name(scenario_id: str | None, lang: Lang) -> str:
    if not scenario_id:
        return ""
    try:
        return name(find_scenario(scenario_id), lang)
    except SkirmishError:
        return scenario_id


def _profile_name(profile_id: str, lang: Lang) -> str:
    try:
        return name(rules.find_profile(profile_id), lang)
    except SkirmishError:
        return profile_id


def _recovery_name(outcome: str | None, lang: Lang) -> str:
    return next((name(r, lang) for r in rules.recovery_table() if r.id == outcome), outcome or "")


def _injury_word(injury: str, lang: Lang) -> str:
    """An invalidity (§6.5) by the book's name, or a wound for the next game by its recovery."""
    shown = injury_name(injury, lang)
    return _recovery_name(injury, lang) if shown == injury else shown


def create_app(db: str | None = None) -> FastAPI:
    """The web app on the store ``db`` names (``None``: ``SKIRMISH_DB`` or the default file,
    as ``--db`` resolves; so ``uvicorn skirmish.web.app:create_app --factory`` works too)."""
    if db is None:
        db = os.environ.get("SKIRMISH_DB") or None
    engine: Engine = store.open_store(db, access=store.Access.GANG, create=False)
    from sqlalchemy.orm import configure_mappers

    configure_mappers()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        engine.dispose()

    def identify(token: str | None) -> Viewer:
        """The reader of a session cookie (a unit of work of its own: a live session is
        touched, an ended one deleted)."""
        # Without a cookie nothing is written: a read-only unit of work, as every page's.
        access = store.Access.GANG if token else store.Access.READ
        with store.transaction(engine, access=access) as s:
            if s.exec(select(User.id).limit(1)).first() is None:
                return Viewer(accounts=False)
            user = accounts.session_user(s, token) if token else None
            if user is None:
                return Viewer()
            return Viewer(user_id=user.id, name=user.name)

    async def guard(request: Request) -> None:
        """Every request: who is reading (``VIEWER``), and on every POST the CSRF check. The
        token is a random value in an HttpOnly, SameSite=Lax cookie that every form repeats in
        the hidden field ``csrf`` or the header ``X-CSRF-Token`` (double submit); another site
        can neither read the cookie nor set it, so a form posted from there cannot carry it.
        Refused: 403, nothing read or changed. A new token is set at login and logout."""
        viewer = await run_in_threadpool(identify, request.cookies.get(SESSION_COOKIE))
        VIEWER.set(viewer)
        request.state.viewer = viewer
        cookie = request.cookies.get(CSRF_COOKIE, "")
        request.state.csrf = cookie if 20 <= len(cookie) <= 100 else secrets.token_urlsafe(32)
        if request.method in SAFE_METHODS:
            return
        sent = request.headers.get(CSRF_HEADER, "")
        if not sent:
            sent = (await form_fields(request)).get(CSRF_FIELD, "")
        if not cookie or not sent or not secrets.compare_digest(sent, cookie):
            raise Refused(403, "csrf_refused")

    app = FastAPI(
        dependencies=[Depends(guard)],
        title="skirmish",
        summary="Per qualche dado in più: the club's campaigns, read-only (issue #11).",
        version="1",
        docs_url="/api/v1/docs",
        openapi_url="/api/v1/openapi.json",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_middleware(NamesWithSlashes)
    env = _environment()

    @contextmanager
    def read() -> Iterator[Session]:
        with store.transaction(engine, access=store.Access.READ) as session:
            yield session

    def page(request: Request, template: str, code: int = 200, **context: Any) -> Response:
        lang = pick_lang(request)
        other = Lang.EN if lang is Lang.IT else Lang.IT
        viewer = getattr(request.state, "viewer", Viewer(accounts=False))
        csrf = getattr(request.state, "csrf", "") or secrets.token_urlsafe(32)
        html = env.get_template(template).render(
            viewer=viewer,
            csrf=csrf,
            lang=lang.value,
            t=words(lang),
            sheet=labels(lang),
            other_lang=other.value,
            switch_url=_relative(request, lang=other.value),
            path=request.url.path,
            **context,
        )
        response = _remember(request, HTMLResponse(html, status_code=code))
        if request.cookies.get(CSRF_COOKIE) != csrf:
            _set_csrf(request, response, csrf)
        return response

    def _set_csrf(request: Request, response: Response, token: str) -> None:
        response.set_cookie(
            CSRF_COOKIE, token, httponly=True, samesite="lax", secure=secure(request)
        )

    def visible(session: Session, campaign: Campaign) -> bool:
        """Whether this request's reader may see ``campaign`` (``permissions``, one place)."""
        return may(session, reader().actor(session), Action.VIEW, campaign)

    def api(request: Request, payload: Any) -> Response:
        return _remember(request, JSONResponse(payload))

    def find_campaign(session: Session, typed: str) -> Campaign:
        typed = segment(typed)
        # Only the campaigns this reader may see are matched, named or suggested: one they may
        # not see is answered exactly as one that does not exist (404), so no name leaks.
        every = [
            c
            for c in session.exec(select(Campaign).order_by(col(Campaign.id)))
            if visible(session, c)
        ]
        try:
            if not every:
                raise CampaignError(
                    f"there is no campaign called {shown(typed)}.",
                    it=f"non c'è nessuna campagna chiamata {shown(typed)}.",
                )
            return naming.choose(
                typed, [(c, (c.name,)) for c in every], kind=naming.CAMPAIGN, label=lambda c: c.name
            )
        except CampaignError as error:
            names = [c.name for c in every]
            near = naming.nearest(typed, names) if names else []
            raise NotFound(error, [(n, campaign_url(n)) for n in near]) from None

    def find_gang(
        session: Session, campaign: Campaign, typed: str, *, in_path: bool = True
    ) -> Gang:
        typed = segment(typed) if in_path else typed
        try:
            return reads.gang(session, campaign, typed)
        except CampaignError as error:
            every = [g.name for g in campaign.gangs]
            near = naming.nearest(typed, every) if every else []
            raise NotFound(error, [(n, gang_url(campaign.name, n)) for n in near]) from None

    def find_model(session: Session, campaign: Campaign, gang: Gang, typed: str) -> dict[str, Any]:
        typed = segment(typed)
        try:
            return reads.member(session, campaign, gang.name, typed)
        except CampaignError as error:
            every = [m.name for m in gang.members]
            near = naming.nearest(typed, every) if every else []
            links = [(n, model_url(campaign.name, gang.name, n)) for n in near]
            raise NotFound(error, links) from None

    @app.exception_handler(NotFound)
    async def not_found(request: Request, exc: NotFound) -> Response:
        lang = pick_lang(request)
        message = exc.error.text(lang.value)
        if request.url.path.startswith("/api/"):
            nearest = [n for n, _ in exc.nearest]
            return JSONResponse({"error": message, "nearest": nearest}, status_code=404)
        return page(request, "not_found.html", 404, message=message, nearest=exc.nearest)

    @app.exception_handler(HTTPException)
    async def no_such_page(request: Request, exc: HTTPException) -> Response:
        """An address no route answers (or a method no page takes): said in the page's words."""
        if request.url.path.startswith("/api/") or exc.status_code != 404:
            return JSONResponse({"error": str(exc.detail), "nearest": []}, exc.status_code)
        lang = pick_lang(request)
        message = TEXT[lang.value]["no_page"]
        return page(request, "not_found.html", 404, message=message, nearest=[])

    @app.exception_handler(SkirmishError)
    async def refused(request: Request, exc: SkirmishError) -> Response:
        """Anything else the store or the rules refuse: one line, as the CLI says it; a store
        that cannot be read (down, busy, damaged) is the server's trouble, 503."""
        lang = pick_lang(request)
        message = exc.text(lang.value)
        code = 503 if isinstance(exc, StoreError) else 400
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message, "nearest": []}, status_code=code)
        return page(request, "not_found.html", code, message=message, nearest=[])

    @app.exception_handler(Refused)
    async def forbidden(request: Request, exc: Refused) -> Response:
        """A POST without its CSRF token: refused before anything is read or changed."""
        message = TEXT[pick_lang(request).value][exc.key]
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message, "nearest": []}, status_code=exc.code)
        return page(request, "refused.html", exc.code, message=message)

    # ------------------------------------------------------------------ login

    def login_form(
        request: Request, code: int = 200, message: str = "", user: str = "", target: str = ""
    ) -> Response:
        """The form; after a refusal it keeps the name typed and where to go next."""
        target = _safe_next(target or request.query_params.get("next"))
        return page(request, "login.html", code, message=message, user=user, next=target)

    @app.get("/login", response_class=HTMLResponse, include_in_schema=False)
    def login_page(request: Request) -> Response:
        return login_form(request)

    @app.post("/login", response_class=HTMLResponse, include_in_schema=False)
    async def login(request: Request) -> Response:
        """Check the password (its failures are committed by ``check_password``), open a
        session and set its cookie: HttpOnly, SameSite=Lax, Secure over HTTPS."""
        form = await form_fields(request)
        user = form.get("user", "")
        password = form.get("password", "")
        address = request.client.host if request.client else ""

        def enter() -> str:
            with store.transaction(engine, access=store.Access.GANG) as s:
                found = accounts.check_password(s, user, password, address)
                return accounts.open_session(s, found).token

        target = _safe_next(form.get("next"))
        try:
            token = await run_in_threadpool(enter)
        except accounts.LoginThrottled as error:
            message = error.text(pick_lang(request).value)
            return login_form(request, 429, message, user, target)
        except CampaignError as error:  # the same words whether the name exists or not
            message = error.text(pick_lang(request).value)
            return login_form(request, 401, message, user, target)
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=int(accounts.SESSION_MAX.total_seconds()),
            httponly=True,
            samesite="lax",
            secure=secure(request),
        )
        _set_csrf(request, response, secrets.token_urlsafe(32))
        return response

    @app.post("/logout", include_in_schema=False)
    def logout(request: Request) -> Response:
        """The session ends in the store, its cookie is dropped."""
        token = request.cookies.get(SESSION_COOKIE)
        if token:
            with store.transaction(engine, access=store.Access.GANG) as s:
                accounts.end_session(s, token)
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(
            SESSION_COOKIE, httponly=True, samesite="lax", secure=secure(request)
        )
        _set_csrf(request, response, secrets.token_urlsafe(32))
        return response

    # ------------------------------------------------------------------ pages

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> Response:
        with read() as s:
            seen = [c for c in s.exec(select(Campaign).order_by(col(Campaign.id))) if visible(s, c)]
            names = {c.name for c in seen}
            rows = [row for row in reads.campaigns(s) if row["name"] in names]
            gangs = {c.name: [g.name for g in c.gangs] for c in seen}
        return page(request, "index.html", campaigns=rows, gangs=gangs)

    @app.get("/c/{campaign}", response_class=HTMLResponse, include_in_schema=False)
    def campaign_page(request: Request, campaign: str, sort: str = "place") -> Response:
        lang = pick_lang(request)
        with read() as s:
            found = find_campaign(s, campaign)
            shown = reads.campaign_show(found, lang)
            table = reads.campaign_standings(s, found)
            games = reads.game_list(s, found)
            entries = reads.log(s, found, lang, last=FEED)
            dead = reads.campaign_graveyard(s, found)
        treasury = {g["name"]: g["treasury"] for g in shown["gangs"]}
        for row in table:
            row["treasury"] = treasury.get(row["gang"], 0)
        key = SORTS.get(sort, "place")
        if key == "place":
            table.sort(key=lambda r: r["place"])
        else:
            table.sort(key=lambda r: (-r[key], r["place"]))
        for g in games:
            g["scenario_name"] = _scenario_name(g["scenario"], lang)
            g["status_word"] = label_value(GameStatus, g["status"], lang)
        for d in dead:
            d["profile_name"] = _profile_name(d["profile"], lang)
            d["scenario_name"] = _scenario_name(d["scenario"], lang)
        return page(
            request,
            "campaign.html",
            campaign=shown,
            standings=table,
            sort=key,
            sorts=list(SORTS),
            games=list(reversed(games))[:RECENT_GAMES],
            feed=list(reversed(entries)),
            graveyard=dead,
            faction_names={g["name"]: g["faction_name"] for g in shown["gangs"]},
        )

    @app.get("/c/{campaign}/g/{gang}", response_class=HTMLResponse, include_in_schema=False)
    def gang_page(request: Request, campaign: str, gang: str) -> Response:
        lang = pick_lang(request)
        with read() as s:
            found = find_campaign(s, campaign)
            chosen = find_gang(s, found, gang)
            data = reads.gang_show(chosen, lang)
            sheet = roster_view(data, lang, house_rules=reads.house_rules(found, lang))
            entries = reads.log(s, found, lang, gang=chosen, last=reads.LOG_LIMIT)
            campaign_name = found.name
        owed = data["postgame_owed"]
        if owed is not None:
            owed = {**owed, "scenario_name": _scenario_name(owed["scenario"], lang)}
        former = [
            {**m, "profile_name": _profile_name(m["profile"], lang)} for m in data["former_members"]
        ]
        return page(
            request,
            "gang.html",
            campaign_name=campaign_name,
            gang=data,
            roster=sheet,
            cards=list(zip(data["members"], sheet.members, strict=True)),
            owed=owed,
            former=former,
            feed=list(reversed(entries)),
            status_word=status_word,
        )

    @app.get(
        "/c/{campaign}/g/{gang}/m/{model}", response_class=HTMLResponse, include_in_schema=False
    )
    def model_page(request: Request, campaign: str, gang: str, model: str) -> Response:
        lang = pick_lang(request)
        with read() as s:
            found = find_campaign(s, campaign)
            chosen = find_gang(s, found, gang)
            data = find_model(s, found, chosen, model)
            member = next(
                (
                    m
                    for m in chosen.members
                    if m.name == data["name"] and m.status == data["status"]
                ),
                None,
            )
            card = None
            if member is not None and member.status == "active":
                shown = reads.gang_show(chosen, lang)
                sheet = roster_view(shown, lang)
                card = next(
                    (v for d, v in zip(shown["members"], sheet.members, strict=True)
                     if d["name"] == member.name),
                    None,
                )  # fmt: skip
            campaign_name = found.name
        return page(
            request,
            "model.html",
            campaign_name=campaign_name,
            model=data,
            card=card,
            profile_name=_profile_name(data["profile"], lang),
            status=status_word(data["status"], lang),
            games=[
                {
                    **g,
                    "scenario_name": _scenario_name(g["scenario"], lang),
                    "result_word": label_value(GameResult, g["result"], lang),
                }
                for g in data["games"]
            ],
            injuries=[_injury_word(i, lang) for i in data["injuries"]],
            recoveries=[
                {
                    **r,
                    "outcome_name": _recovery_name(r["outcome"], lang),
                    "invalidity_name": injury_name(r["invalidity"], lang)
                    if r["invalidity"]
                    else "",
                }
                for r in data["recoveries"]
            ],
            advances=[
                {
                    **a,
                    "what": skill_name(a["skill"], lang)
                    if a["skill"]
                    else str(a["advance"]).upper(),
                }
                for a in data["advances"]
            ],
        )

    @app.get("/c/{campaign}/g/{gang}/roster.pdf", include_in_schema=False)
    def roster_pdf(request: Request, campaign: str, gang: str) -> Response:
        from skirmish.printing.pdf import write_pdf

        lang = pick_lang(request)
        with read() as s:
            found = find_campaign(s, campaign)
            chosen = find_gang(s, found, gang)
            data = reads.gang_show(chosen, lang)
            html = render_roster(
                roster_view(data, lang, house_rules=reads.house_rules(found, lang)), lang
            )
        with tempfile.TemporaryDirectory(prefix="skirmish-web-") as folder:
            target = Path(folder) / "roster.pdf"
            write_pdf(html, target)
            content = target.read_bytes()
        filename = quote(f"{data['name']}.pdf", safe="")
        return Response(
            content,
            media_type="application/pdf",
            headers={"Content-Disposition": f"inline; filename*=UTF-8''{filename}"},
        )

    @app.get("/scenarios", response_class=HTMLResponse, include_in_schema=False)
    def scenarios_page(request: Request) -> Response:
        return page(request, "scenarios.html", scenarios=scenarios())

    @app.get("/scenarios/{scenario_id}", response_class=HTMLResponse, include_in_schema=False)
    def scenario_page(request: Request, scenario_id: str) -> Response:
        lang = pick_lang(request)
        found = _find_scenario(scenario_id, lang)
        return page(request, "scenario.html", scenario=found, card=scenario_view(found, lang))

    @app.get("/rules", response_class=HTMLResponse, include_in_schema=False)
    def rules_page(request: Request, q: str = "") -> Response:
        lang = pick_lang(request)
        query = q.strip()
        found: list[dict[str, Any]] = []
        message = ""
        nearest: list[tuple[str, str]] = []
        if query:
            try:
                found = [_entry(e, lang) for e in rules.find_any(query)]
            except UnknownNameError as error:
                message = TEXT[lang.value]["no_entry"].format(query=shown(query))
                names = [_any_name(s, lang) for s in error.suggestions]
                nearest = [(n, rules_url(n)) for n in names]
            except RulesError as error:
                message = error.text(lang.value)
        return page(
            request,
            "rules.html",
            query=query,
            found=found,
            message=message,
            nearest=nearest,
            browse=_browse(lang) if not query else {},
        )

    # ------------------------------------------------------------------ JSON API

    @app.get("/api/v1/campaigns", tags=["campaigns"])
    def api_campaigns(request: Request) -> Response:
        """Every campaign this reader may see: `skirmish campaign list --json`."""
        with read() as s:
            names = {
                c.name for c in s.exec(select(Campaign).order_by(col(Campaign.id))) if visible(s, c)
            }
            return api(request, [row for row in reads.campaigns(s) if row["name"] in names])

    @app.get("/api/v1/campaigns/{campaign}", tags=["campaigns"])
    def api_campaign(request: Request, campaign: str) -> Response:
        """A campaign's house rules and gangs: `skirmish campaign show --json`."""
        with read() as s:
            return api(request, reads.campaign_show(find_campaign(s, campaign), pick_lang(request)))

    @app.get("/api/v1/campaigns/{campaign}/standings", tags=["campaigns"])
    def api_standings(request: Request, campaign: str) -> Response:
        """`skirmish campaign standings --json`."""
        with read() as s:
            return api(request, reads.campaign_standings(s, find_campaign(s, campaign)))

    @app.get("/api/v1/campaigns/{campaign}/graveyard", tags=["campaigns"])
    def api_graveyard(request: Request, campaign: str) -> Response:
        """`skirmish campaign graveyard --json`."""
        with read() as s:
            return api(request, reads.campaign_graveyard(s, find_campaign(s, campaign)))

    @app.get("/api/v1/campaigns/{campaign}/games", tags=["campaigns"])
    def api_games(request: Request, campaign: str) -> Response:
        """`skirmish game list --json`."""
        with read() as s:
            return api(request, reads.game_list(s, find_campaign(s, campaign)))

    @app.get("/api/v1/campaigns/{campaign}/log", tags=["campaigns"])
    def api_log(
        request: Request, campaign: str, gang: str | None = None, last: int | None = None
    ) -> Response:
        """`skirmish log [GANG] [--last N] --json` (at most 200 entries when `last` is not
        given or larger)."""
        limit = reads.LOG_LIMIT if last is None else max(1, min(last, reads.LOG_LIMIT))
        with read() as s:
            found = find_campaign(s, campaign)
            chosen = find_gang(s, found, gang, in_path=False) if gang is not None else None
            return api(request, reads.log(s, found, pick_lang(request), gang=chosen, last=limit))

    @app.get("/api/v1/campaigns/{campaign}/gangs", tags=["gangs"])
    def api_gangs(request: Request, campaign: str) -> Response:
        """`skirmish gang list --json`."""
        with read() as s:
            return api(request, reads.gang_list(s, find_campaign(s, campaign), pick_lang(request)))

    @app.get("/api/v1/campaigns/{campaign}/gangs/{gang}", tags=["gangs"])
    def api_gang(request: Request, campaign: str, gang: str) -> Response:
        """`skirmish gang show --json`."""
        with read() as s:
            chosen = find_gang(s, find_campaign(s, campaign), gang)
            return api(request, reads.gang_show(chosen, pick_lang(request)))

    @app.get("/api/v1/campaigns/{campaign}/gangs/{gang}/models/{model}", tags=["gangs"])
    def api_model(request: Request, campaign: str, gang: str, model: str) -> Response:
        """A model's history: `skirmish member history --json`."""
        with read() as s:
            found = find_campaign(s, campaign)
            return api(request, find_model(s, found, find_gang(s, found, gang), model))

    @app.get("/api/v1/scenarios", tags=["scenarios"])
    def api_scenarios(request: Request) -> Response:
        """`skirmish scenario list --json`."""
        return api(request, [scenario_summary(s) for s in scenarios()])

    @app.get("/api/v1/scenarios/{scenario_id}", tags=["scenarios"])
    def api_scenario(request: Request, scenario_id: str) -> Response:
        """`skirmish scenario show --json`."""
        return api(request, scenario_data(_find_scenario(scenario_id, pick_lang(request))))

    @app.get("/api/v1/rules", tags=["rules"])
    def api_rules(request: Request, q: str) -> Response:
        """Every rules entry called `q`: `skirmish rules show --json`."""
        try:
            found = rules.find_any(q)
        except UnknownNameError as error:
            raise NotFound(error, [(s, rules_url(s)) for s in error.suggestions]) from None
        return api(request, [{"type": _kind(e), **_plain(e)} for e in found])

    return app


def _find_scenario(typed: str, lang: Lang) -> Scenario:
    """The scenario ``typed`` names (its id, or its Italian or English name), else ``NotFound``
    listing the nearest by the book's names."""
    typed = segment(typed)
    try:
        return find_scenario(typed)
    except UnknownNameError as error:
        links = []
        for suggestion in error.suggestions:
            try:
                found = find_scenario(suggestion)
            except SkirmishError:
                continue
            links.append((name(found, lang), "/scenarios/" + quote(found.id, safe="")))
        refusal = SkirmishError(
            f"there is no scenario called {shown(typed)}.",
            it=f"non c'è nessuno scenario chiamato {shown(typed)}.",
        )
        raise NotFound(refusal, links) from None


# ---------------------------------------------------------------------- the rules browser


def _kind(entry: Any) -> str:
    """The table an entry comes from, as ``rules show --json`` names it (``type``)."""
    from skirmish.rules.entries import (
        Action,
        Advance,
        Doctor,
        Invalidity,
        Movement,
        Protection,
        RecoveryResult,
        TableModifier,
    )
    from skirmish.rules.model import Faction, Item, Profile, Skill, Weapon

    kinds: Sequence[tuple[type[Any], str]] = (
        (Faction, "faction"), (Profile, "profile"), (Weapon, "weapon"), (Item, "item"),
        (Skill, "skill"), (Advance, "advance"), (Action, "action"), (Movement, "movement"),
        (TableModifier, "modifier"), (Protection, "protection"), (RecoveryResult, "recovery"),
        (Invalidity, "invalidity"), (Doctor, "doctor"),
    )  # fmt: skip
    return next(kind for cls, kind in kinds if isinstance(entry, cls))


def _plain(value: Any) -> Any:
    """An entry's fields as JSON-ready values, as ``rules show --json`` prints them."""
    import dataclasses
    from enum import Enum

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _text(entry: Any, lang: Lang) -> str:
    suffix = "_it" if lang is Lang.IT else "_en"
    for stem in ("special", "text", "note"):
        value = getattr(entry, stem + suffix, None)
        if isinstance(value, str) and value:
            return value
    return ""


def _entry(entry: Any, lang: Lang) -> dict[str, Any]:
    """One search result: its table, its name in both languages, its numbers, its rules text."""
    other = Lang.EN if lang is Lang.IT else Lang.IT
    kind = _kind(entry)
    numbers = ""
    if kind == "profile":
        numbers = TEXT[lang.value]["profile_numbers"].format(
            **{k: getattr(entry, k) for k in ("tiro", "fred", "rif", "cos", "fama", "fortuna")},
            cost=entry.cost,
        )
    if kind == "weapon":
        line = weapon_line(entry, lang)
        numbers = TEXT[lang.value]["weapon_numbers"].format(
            range=f"{line.short}/{line.long}" if line.long else line.short,
            shots=line.shots or "–",
            rounds=line.rounds or "–",
            ca=line.ca,
            bonus=line.bonus,
            price=_price(entry.disp, entry.cost),
        )
    elif kind == "item":
        numbers = _price(entry.disp, entry.cost)
    lines: list[str] = []
    if kind == "faction":
        lines = [r.text_it if lang is Lang.IT else r.text_en for r in entry.rules]
    return {
        "kind": TEXT[lang.value][f"kind_{kind}"],
        "name": name(entry, lang),
        "other": name(entry, other) if name(entry, other) != name(entry, lang) else "",
        "numbers": numbers,
        "lines": lines,
        "text": _text(entry, lang),
        "section": getattr(entry, "section", ""),
    }


def _price(disp: int | None, cost: int | None) -> str:
    """``DISP 3 · 16$``, or a dash for what is not for sale."""
    if cost is None:
        return "DISP –"
    return f"DISP {disp if disp is not None else '–'} · {cost}$"


def _any_name(entry_id: str, lang: Lang) -> str:
    try:
        return name(rules.find_any(entry_id)[0], lang)
    except SkirmishError:
        return entry_id


def _browse(lang: Lang) -> Mapping[str, list[str]]:
    """What the rules page lists before a search: every faction, weapon, item and skill."""
    by: Callable[[Any], str] = lambda e: name(e, lang)  # noqa: E731
    return {
        "factions": sorted(map(by, rules.factions())),
        "weapons": sorted(map(by, rules.weapons())),
        "equipment": sorted(map(by, rules.items())),
        "skills": sorted(map(by, rules.skills())),
    }
