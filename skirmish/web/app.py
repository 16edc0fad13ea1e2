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
import warnings
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from anyio import CapacityLimiter, to_thread
from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic.warnings import UnsupportedFieldAttributeWarning
from sqlalchemy.engine import Engine
from sqlalchemy.orm import configure_mappers
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute

from skirmish.campaign import accounts, store
from skirmish.environment import check_environment
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.web import (
    actions,
    api,
    api_docs,
    club,
    club_campaigns,
    club_join,
    club_members,
    engine_bundle,
    game_actions,
    game_activation,
    game_handover,
    game_live,
    game_offline,
    game_postgame,
    game_stream,
    game_sync,
    gazette,
    installable,
    luck,
    pages,
    prints,
    tools,
)
from skirmish.web.game_news import GameNews
from skirmish.web.headers import SecurityHeaders
from skirmish.web.input_names import InputNaming
from skirmish.web.site import (
    CSRF_COOKIE,
    CSRF_FIELD,
    CSRF_HEADER,
    HERE,
    IDENTIFIES,
    IDENTIFIES_WRITER,
    LANG_COOKIE,
    PENDING,
    SAFE_METHODS,
    SESSION_COOKIE,
    VIEWER,
    NamesWithSlashes,
    NotFound,
    Pending,
    Refused,
    Site,
    form_fields,
    identify,
    keep_language,
    pick_lang,
    safe_next,
    secure,
    set_csrf,
    settle,
    start_session,
    viewer_of,
)
from skirmish.web.static_files import StaticWithGzip
from skirmish.web.text import TEXT

# FastAPI silences pydantic's UnsupportedFieldAttributeWarning while it builds a parameter's
# validator (fastapi/_compat/v2.py, a path parameter's alias such as 'campaign'), inside
# warnings.catch_warnings(), which is not thread-safe before Python 3.14: two requests building
# one at once let it through to the server's log now and then. What FastAPI means, for the
# whole process: only these parameter aliases.
warnings.filterwarnings(
    "ignore",
    message=r"The '(alias|validation_alias|serialization_alias)' attribute with value",
    category=UnsupportedFieldAttributeWarning,
)

#: Requests served at once by one server process (each in a worker thread, with one of as
#: many database connections); more wait their turn. Two cores run a handful at a time at most.
THREADS = 20


async def guard(request: Request) -> None:
    """Every request: who is reading (``VIEWER``), and on every POST the CSRF check. The
    token is a random value in an HttpOnly, SameSite=Lax cookie that every form repeats in
    the hidden field ``csrf`` or the header ``X-CSRF-Token`` (double submit); another site
    can neither read the cookie nor set it, so a form posted from there cannot carry it.
    Refused: 403, nothing read or changed. A new token is set at login and logout. A reading
    route marked ``identifies_reader`` identifies its reader itself, in the same worker
    thread and READ unit of work as its page (``Site.read``, issue #23); here it is only
    told the session's token (``Pending``); so is a POST route marked ``identifies_writer``,
    whose writing unit of work identifies its reader (``Site.write``), once its CSRF token is
    checked here."""
    engine: Engine = request.app.state.site.engine
    token = request.cookies.get(SESSION_COOKIE)
    reading = request.method in ("GET", "HEAD")
    if (
        reading
        and "lang" not in request.query_params
        and getattr(request.scope.get("endpoint"), IDENTIFIES, False)
    ):
        # the route identifies its reader itself, in its own READ unit of work (issue #23)
        pending = Pending(engine, token, request.cookies.get(LANG_COOKIE))
        PENDING.set(pending)
        request.state.pending = pending
        cookie = request.cookies.get(CSRF_COOKIE, "")
        request.state.csrf = cookie if 20 <= len(cookie) <= 100 else secrets.token_urlsafe(32)
        return
    endpoint = request.scope.get("endpoint")
    if request.method == "POST" and getattr(endpoint, IDENTIFIES_WRITER, False):
        # the route's writing unit of work identifies its reader (issue #23, the action's unit
        # of work's seventh round); the CSRF check comes first all the same
        pending = Pending(engine, token, None)
        PENDING.set(pending)
        request.state.pending = pending
        await _check_csrf(request)
        return
    viewer = await run_in_threadpool(identify, engine, token)
    # A logged-in reader's choice (``?lang=``, or the one made before logging in, still in
    # the cookie, while the account has none) is kept on the account, when a page is read:
    # a form's POST writes its action and nothing else, even when it is refused.
    chosen = request.query_params.get("lang") or (
        None if viewer.lang else request.cookies.get(LANG_COOKIE)
    )
    if reading and viewer.user_id is not None and chosen in ("it", "en") and chosen != viewer.lang:
        viewer = await run_in_threadpool(keep_language, engine, viewer, chosen)
    VIEWER.set(viewer)
    request.state.viewer = viewer
    await _check_csrf(request)


async def _check_csrf(request: Request) -> None:
    """The request's CSRF token kept for its answer; on every POST, the double submit checked
    (``guard``): refused, 403, before anything is read or changed."""
    cookie = request.cookies.get(CSRF_COOKIE, "")
    request.state.csrf = cookie if 20 <= len(cookie) <= 100 else secrets.token_urlsafe(32)
    if request.method in SAFE_METHODS:
        return
    sent = request.headers.get(CSRF_HEADER, "")
    if not sent:
        sent = (await form_fields(request)).get(CSRF_FIELD, "")
    if not cookie or not sent or not secrets.compare_digest(sent, cookie):
        raise Refused(403, "csrf_refused")


def create_app(db: str | None = None) -> FastAPI:
    """The web app on the store ``db`` names (``None``: ``SKIRMISH_DB`` or the default file,
    as ``--db`` resolves; so ``uvicorn skirmish.web.app:create_app --factory`` works too)."""
    check_environment()  # a value it cannot use is refused before the store opens (issue #22)
    if db is None:
        db = os.environ.get("SKIRMISH_DB") or None
    engine: Engine = store.open_store(
        db, access=store.Access.GANG, create=False, connections=THREADS
    )

    configure_mappers()
    # the games' news for this process's streams (issue #23, web/game_news.py)
    news = GameNews(engine)

    @asynccontextmanager
    async def lifespan(served: FastAPI) -> AsyncIterator[None]:
        # Every route and ``guard``'s lookup runs in a worker thread and holds at most one
        # connection at a time: as many threads as connections kept open, so that no request
        # waits for a connection nor opens and closes one (docs/web.md, "Speed").
        to_thread.current_default_thread_limiter().total_tokens = THREADS
        # the carrying streams' states, a few at once (issue #23, seventh round)
        served.state.state_builds = CapacityLimiter(game_stream.STATE_BUILDS)
        await news.start()
        try:
            yield
        finally:
            await news.stop()
            engine.dispose()

    app = FastAPI(
        dependencies=[Depends(guard)],
        title="skirmish",
        summary="Per qualche dado in più: the club's campaigns, their gangs and the table's tools.",
        version="1",
        docs_url=None,  # served by ``api_docs`` from the app's own files
        openapi_url="/api/v1/openapi.json",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.mount("/static", StaticWithGzip(directory=HERE / "static"), name="static")
    app.add_middleware(NamesWithSlashes)
    app.add_middleware(InputNaming)  # a refusal names a field, not a flag (issue #20)
    app.add_middleware(SecurityHeaders)  # outermost: every answer, errors included (issue #22)
    site = Site(engine)
    app.state.site = site  # what the routes' ``Depends(current_site)`` hands them
    app.state.news = news  # what the games' streams wait on (``web/game_stream.py``)

    @app.exception_handler(NotFound)
    async def not_found(request: Request, exc: NotFound) -> Response:
        await settle(request)
        lang = pick_lang(request)
        message = exc.error.text(lang.value)
        if request.url.path.startswith("/api/"):
            nearest = [n for n, _ in exc.nearest]
            return JSONResponse({"error": message, "nearest": nearest}, status_code=404)
        return site.page(request, "not_found.html", 404, message=message, nearest=exc.nearest)

    @app.exception_handler(HTTPException)
    async def no_such_page(request: Request, exc: HTTPException) -> Response:
        """An address no route answers (or a method no page takes): said in the page's words."""
        if request.url.path.startswith("/api/") or exc.status_code != 404:
            return JSONResponse({"error": str(exc.detail), "nearest": []}, exc.status_code)
        await settle(request)
        if viewer_of(request) is None:  # no route ran ``guard``: who reads?
            viewer = await run_in_threadpool(identify, engine, request.cookies.get(SESSION_COOKIE))
            request.state.viewer = viewer
        lang = pick_lang(request)
        message = TEXT[lang.value]["no_page"]
        return site.page(request, "not_found.html", 404, message=message, nearest=[])

    @app.exception_handler(SkirmishError)
    async def refused(request: Request, exc: SkirmishError) -> Response:
        """Anything else the store or the rules refuse: one line, as the CLI says it; a store
        that cannot be read (down, busy, damaged) is the server's trouble, 503."""
        await settle(request)
        lang = pick_lang(request)
        message = exc.text(lang.value)
        code = 503 if isinstance(exc, StoreError) else 400
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message, "nearest": []}, status_code=code)
        return site.page(request, "not_found.html", code, message=message, nearest=[])

    @app.exception_handler(Refused)
    async def forbidden(request: Request, exc: Refused) -> Response:
        """A POST without its CSRF token: refused before anything is read or changed."""
        await settle(request)
        message = TEXT[pick_lang(request).value][exc.key]
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message, "nearest": []}, status_code=exc.code)
        return site.page(request, "refused.html", exc.code, message=message)

    # ------------------------------------------------------------------ login

    def login_form(
        request: Request, code: int = 200, message: str = "", user: str = "", target: str = ""
    ) -> Response:
        """The form; after a refusal it keeps the name typed and where to go next."""
        target = safe_next(target or request.query_params.get("next"))
        return site.page(request, "login.html", code, message=message, user=user, next=target)

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

        target = safe_next(form.get("next"))
        try:
            token = await run_in_threadpool(enter)
        except accounts.LoginThrottled as error:
            message = error.text(pick_lang(request).value)
            return login_form(request, 429, message, user, target)
        except CampaignError as error:  # the same words whether the name exists or not
            message = error.text(pick_lang(request).value)
            return login_form(request, 401, message, user, target)
        response = RedirectResponse(target, status_code=303)
        start_session(request, response, token)
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
        set_csrf(request, response, secrets.token_urlsafe(32))
        return response

    # The routes are module-level functions (issue #20), one module per noun, tried in
    # ``MATCHED``'s order (the first route whose address matches answers) and documented in
    # ``DOCUMENTED``'s: the process's one table of them, ``ROUTES``, after the app's own.
    app.router.routes.extend(ROUTES.routes)
    # the app's own routes (the document, /static, logging in and out) first, as they were
    listed = sorted(app.routes, key=lambda route: RANK.get(id(route), -1))
    app.openapi = lambda: documented(app, listed)  # type: ignore[method-assign]
    return app


#: The route modules in the order the OpenAPI document lists their routes (the order they were
#: always included in, so the document reads as it did).
DOCUMENTED = (pages, api_docs, api, club_campaigns, club_members, club_join, club, prints,
              actions, tools, game_postgame, game_live, game_stream, game_activation,
              game_actions, game_handover, game_offline, game_sync, gazette, luck,
              installable, engine_bundle)  # fmt: skip

#: The order a request tries the route modules in: the busiest first (issue #23). A request is
#: matched against each route in turn until one answers (twice: Starlette asks each included
#: router whether it matches, then the one that does finds its route again), so the live
#: game's requests, whose modules came 12th and after, tested about 130 routes' patterns
#: before theirs (0.3–0.45 ms a request, measured: docs/web.md, "Seventh round"). Only the
#: order of two routes one address may match decides anything (which answers, or which 405),
#: and no two such routes change places: ``tests/web/test_route_order.py`` holds that.
MATCHED = (pages, api, game_live, game_stream, game_actions, game_sync, game_activation,
           game_handover, actions, game_postgame, game_offline, gazette, luck, club_campaigns,
           club_members, club_join, club, prints, tools, api_docs, installable,
           engine_bundle)  # fmt: skip


def _route_table() -> tuple[APIRouter, dict[int, int]]:
    """Every route module's router included once, in ``MATCHED``'s order, behind ``guard``; and
    each included route's module's place in ``DOCUMENTED``."""
    table = APIRouter(dependencies=[Depends(guard)])
    rank: dict[int, int] = {}
    for module in MATCHED:
        before = len(table.routes)
        table.include_router(module.router)
        rank.update((id(route), DOCUMENTED.index(module)) for route in table.routes[before:])
    return table, rank


#: The routes of every app in this process (issue #23). FastAPI builds what answers a route
#: (its parameters' validators, its dependencies, its handler) for each inclusion of its router,
#: the first time a request is matched against it: included by each ``create_app``, a fresh
#: app's first request built every route of every module tried before its own, about 100 ms of
#: processor time for a page of ``/tools`` (benchmarks/issue23.md, "the suite, fifth round"),
#: paid again by every app (a test's, a restarted server's). Included here once, every app
#: serves the same inclusions, built on the first request of the process; what is per app (the
#: store, the site, the games' news) each route reads from its request (``current_site``,
#: ``guard``), never from these objects.
ROUTES, RANK = _route_table()


def documented(app: FastAPI, routes: list[BaseRoute]) -> dict[str, Any]:
    """The app's OpenAPI document of ``routes`` (the app's, in ``DOCUMENTED``'s order rather
    than the order requests try them), built once as ``FastAPI.openapi`` builds it, through
    FastAPI's public ``get_openapi`` (its documented way to shape the document)."""
    if not app.openapi_schema:
        app.openapi_schema = get_openapi(
            title=app.title,
            version=app.version,
            openapi_version=app.openapi_version,
            summary=app.summary,
            description=app.description,
            terms_of_service=app.terms_of_service,
            contact=app.contact,
            license_info=app.license_info,
            routes=routes,
            webhooks=app.webhooks.routes,
            tags=app.openapi_tags,
            servers=app.servers,
            separate_input_output_schemas=app.separate_input_output_schemas,
            external_docs=app.openapi_external_docs,
        )
    return app.openapi_schema
