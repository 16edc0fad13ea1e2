"""A game on both players' phones (issue #12): the campaign's games, starting a game, the live
page, new turns and the end.

- ``/c/{campaign}/games`` lists the campaign's games; ``/c/{campaign}/games/new`` starts one as
  ``skirmish game start`` does (``campaign.game.start.start_game``).
- ``/c/{campaign}/games/{game}`` is the live page: the scenario, the turn, whose activation it
  is, the objectives, every model with its COS boxes, state, kit and whether it has acted, and
  the game's last lines in the game log's own words (``campaign.game.telling``). It is built
  on ``status.board``, the JSON of ``game status --json`` (``/api/v1/.../games/{game}``).
- ``/c/{campaign}/games/{game}/board?rev=N`` is the board alone, which the page polls every
  second: while the game's revision (``game.revision``, moved on by every unit of work that
  changes the game) is still ``N`` the answer is ``204 No Content``, which HTMX does not swap;
  otherwise the new board, with the ``HX-Trigger: game-changed`` header so that the "your move"
  panels (``templates/game/_panels.html``) refresh too. A phone that cannot reach the server
  says so and catches up at the next poll that gets through.
- ``POST …/turn`` (``game turn``: cohesion dice typed or rolled, R-08), ``…/vote`` (each side
  confirms the verdict, ``game_gang.end_vote``) and ``…/abandon`` (owner or arbitrator), each
  one unit of work; a refusal is shown on the page in words, and nothing changes. Each form
  carries the revision it was shown at: a second tap on a button whose action already went
  through (or a button under an older board) is refused, not applied twice.

Every read is one READ unit of work; every change goes through ``Site.write``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session, select
from starlette.concurrency import run_in_threadpool

from skirmish.campaign.game import commands
from skirmish.campaign.game.board import (
    scenario_of,
)
from skirmish.campaign.game.permissions import (
    watched_revision,
)
from skirmish.campaign.game.status import board
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import Campaign
from skirmish.engine.glossary import GameStatus, label_value
from skirmish.errors import SkirmishError, StoreError
from skirmish.i18n import name
from skirmish.web.action_schema import field_schema, step_fields, step_openapi_extra
from skirmish.web.game_live_base import PANELS, POLL, game_url, live_words, may_start
from skirmish.web.game_live_changes import (
    do_abandon,
    do_end,
    do_start,
    do_turn,
    do_vote,
    json_choice,
    start_choice,
    start_context,
)
from skirmish.web.game_live_view import find_live_game, game_view
from skirmish.web.game_render import (
    fill,
)
from skirmish.web.game_state import (
    FORMS,
    board_text,
    board_view,
    page_board,
)
from skirmish.web.game_state import live_page as shared_live_page
from skirmish.web.site import (
    CSRF_COOKIE,
    Forbidden,
    NotFound,
    Site,
    SiteDep,
    form_fields,
    identified_lang,
    identifies_reader,
    identifies_writer,
    pick_lang,
    reader,
    remember,
    segment,
    set_csrf,
)

# ------------------------------------------------------------------ routes


#: The live game's pages, fragments, forms and their API (issue #20: module-level routes, the
#: site by ``Depends``).
router = APIRouter()


def live_context(
    site: Site, request: Request, campaign: str, game: str, message: str
) -> dict[str, Any]:
    """The live page's context with a refusal's ``message`` over its board (``_again``), read
    in one READ unit of work."""
    with site.read(rows=True) as s:
        lang = pick_lang(request)  # in the unit of work that identifies the reader (issue #23)
        found = site.find_campaign_line(s, campaign)
        g = find_live_game(s, found, game)
        view = game_view(s, site, found, g, lang)
        shown = {key: fn(s, site, request, found, g) for key, fn in PANELS.items()}
    return {"game": view, "message": message, "poll": POLL, **shown}


@router.get("/c/{campaign}/games", response_class=HTMLResponse, include_in_schema=False)
def games_page(request: Request, campaign: str, site: SiteDep) -> Response:
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        rows = []
        for g in sorted(found_games(s, found), key=lambda x: -(x.id or 0)):
            data = board(s, game=g)
            rows.append(
                {
                    "url": game_url(found.name, g.id),
                    "title": live_words(
                        "gl_title", lang, game=g.id, scenario=name(scenario_of(g), lang)
                    ),
                    "good": data["gangs"][0]["gang"],
                    "bad": data["gangs"][1]["gang"],
                    "status": label_value(GameStatus, g.status, lang),
                    "playing": g.status == GameStatus.IN_PROGRESS,
                    "turn": g.turn,
                    "winner": data["winner"],
                    "owed": data["postgame_owed"],
                }
            )
        can_start = may_start(s, site, found, [])
    return site.page(
        request,
        "game/list.html",
        campaign=found.name,
        games=rows,
        can_start=can_start,
    )


def start_page(
    site: Site,
    request: Request,
    campaign: str,
    code: int = 200,
    message: str = "",
    fields: Mapping[str, str] | None = None,
    ticked: frozenset[str] = frozenset(),
) -> Response:
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        context = start_context(s, site, found, lang)
    return site.page(
        request,
        "game/start.html",
        code,
        campaign=found.name,
        message=message,
        fields=dict(fields or {}),
        ticked=ticked,
        **context,
    )


@router.get("/c/{campaign}/games/new", response_class=HTMLResponse, include_in_schema=False)
def start_form(request: Request, campaign: str, site: SiteDep) -> Response:
    return start_page(site, request, campaign)


@router.post("/c/{campaign}/games/new", response_class=HTMLResponse, include_in_schema=False)
async def start_submit(request: Request, campaign: str, site: SiteDep) -> Response:
    fields = await form_fields(request)
    body = await request.body()
    lang = pick_lang(request)

    def run() -> tuple[str, int]:
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            choice = start_choice(s, found, fields, body)
        number, _ = do_start(site, campaign, choice)
        return found.name, number

    ticked = frozenset(f"{k}={v}" for k, v in _pairs(body) if k.startswith("leave-"))
    try:
        name_, number = await run_in_threadpool(run)
    except Forbidden as refusal:
        message = refusal.error.text(lang)
        return await run_in_threadpool(
            start_page, site, request, campaign, 403, message, fields, ticked
        )
    except (NotFound, StoreError):
        raise
    except SkirmishError as error:
        return await run_in_threadpool(
            start_page, site, request, campaign, 400, error.text(lang), fields, ticked
        )
    return RedirectResponse(game_url(name_, number), status_code=303)


@router.get("/c/{campaign}/games/{game}", response_class=HTMLResponse, include_in_schema=False)
@identifies_reader
def live_page(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    """The live page: its board and frame once per board key, the reader's own parts read and
    set in at each request (``game_state.live_page``, issue #23)."""
    with site.read(rows=True) as s:
        lang = pick_lang(request)  # in the unit of work that identifies the reader (issue #23)
        found = site.find_campaign_line(s, campaign)
        g = find_live_game(s, found, game)
        paged = page_board(s, site, found, g, lang)
        shown = {key: fn(s, site, request, found, g) for key, fn in PANELS.items()}
    return shared_live_page(site, request, paged, shown)


@router.get(
    "/c/{campaign}/games/{game}/board", response_class=HTMLResponse, include_in_schema=False
)
@identifies_reader
def board_fragment(
    request: Request, site: SiteDep, campaign: str, game: str, rev: str = ""
) -> Response:
    """The board alone: 204 while the game's revision is still ``rev``; otherwise the board
    rendered once per (game, revision, language, viewpoint) (issue #23: ``game_render``)."""
    lang = pick_lang(request)
    with site.read() as s:
        known = None
        if rev and game.isascii() and game.isdigit() and len(game) <= 9:
            # the poll's common answer in one query; a game it does not find (or not for
            # this reader) is looked up the long way, which answers in words
            viewer = reader()
            known = watched_revision(
                s, viewer.user_id, segment(campaign), int(game), everyone=not viewer.accounts
            )
            if known is not None and rev == str(known):
                return Response(status_code=204)
        found = site.find_campaign(s, campaign)
        g = find_live_game(s, found, game)
        if rev and rev == str(g.revision):
            return Response(status_code=204)
        key, shown = board_view(s, site, found, g, lang)
    csrf = request.state.csrf
    cached = board_text(site, request, key, shown)
    response = remember(request, HTMLResponse(fill(cached, csrf, FORMS)))
    if request.cookies.get(CSRF_COOKIE) != csrf:
        set_csrf(request, response, csrf)
    response.headers["HX-Trigger"] = "game-changed"
    response.headers["Cache-Control"] = "no-store"
    return response


def change(action: Any, template_code: int = 400) -> Any:  # the three buttons share their handling
    """A change's form and API routes: each identifies its reader in the change's own unit of
    work (``identifies_writer``; issue #23, the action's unit of work's seventh round), and asks
    the reader's language only after it (``identified_lang``)."""

    @identifies_writer
    async def submit(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
        fields = await form_fields(request)
        try:
            name_, answer = await run_in_threadpool(action, site, campaign, game, fields, request)
        except Forbidden as refusal:
            lang = await identified_lang(request)
            return await _again(site, request, campaign, game, refusal.error.text(lang), 403)
        except (NotFound, StoreError):
            raise
        except SkirmishError as error:
            lang = await identified_lang(request)
            return await _again(site, request, campaign, game, error.text(lang), template_code)
        return RedirectResponse(game_url(name_, answer["game"]), status_code=303)

    @identifies_writer
    async def api_submit(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
        fields = await form_fields(request)
        if request.headers.get("idempotency-key"):
            fields = {**fields, "key": request.headers["idempotency-key"]}
        try:
            _, answer = await run_in_threadpool(action, site, campaign, game, fields, request)
        except (NotFound, StoreError):
            raise
        except (Forbidden, SkirmishError) as refused:
            return site.api_refusal(request, refused, await identified_lang(request))
        return site.api(request, answer)

    return submit, api_submit


async def _again(
    site: Site, request: Request, campaign: str, game: str, message: str, code: int
) -> Response:
    """The live page again with the refusal's words over the board; nothing changed."""
    context = await run_in_threadpool(live_context, site, request, campaign, game, message)
    return site.page(request, "game/live.html", code, **context)


#: A step's inputs the web takes besides the catalogue's fields (``game_live_changes``), and
#: the fields it does without, by step: its request schema in OpenAPI (``step_openapi_extra``).
_VERDICT = "The verdict as the live page's buttons send it: good, bad or draw"
_STEP_INPUTS: dict[str, tuple[dict[str, Any], frozenset[str]]] = {
    "turn": (
        {
            "dice": {
                "type": "string",
                "description": "The cohesion dice rolled at the table, in order (R-08); "
                "absent: the server rolls.",
            },
            **{
                f"reroll-{side}": {
                    "type": "string",
                    "description": f"R-15: the model of the {side} side's gang whose FAMA "
                    "rerolls its cohesion test if it fails.",
                }
                for side in ("good", "bad")
            },
        },
        frozenset(),
    ),
    "vote": (
        {
            "verdict": {
                "type": "string",
                "enum": ["good", "bad", "draw", "none"],
                "description": f"{_VERDICT}; none takes the vote back (as `withdraw`).",
            }
        },
        frozenset({"verdict", "side"}),  # the side: the reader's own when it plays one
    ),
    "end": (
        {
            "verdict": {
                "type": "string",
                "enum": ["good", "bad", "draw"],
                "description": f"{_VERDICT}; instead of `winner` or `draw`.",
            }
        },
        frozenset(),
    ),
    "abandon": ({}, frozenset()),
}

for path, action in (
    ("turn", do_turn),
    ("vote", do_vote),
    ("end", do_end),
    ("abandon", do_abandon),
):
    declared = commands.BY_NAME[path]  # its words, help and fields: the catalogue's
    more, optional = _STEP_INPUTS[path]
    submit, api_submit = change(action)
    router.add_api_route(
        "/c/{campaign}/games/{game}/" + path,
        submit,
        methods=["POST"],
        response_class=HTMLResponse,
        include_in_schema=False,
        name=f"game-{path}",
    )
    router.add_api_route(
        "/api/v1/campaigns/{campaign}/games/{game}/" + path,
        api_submit,
        methods=["POST"],
        name=f"api-game-{path}",
        summary=declared.label.en,
        description=f"{declared.help.en} The same as `skirmish game {declared.cli} "
        f"--json` (`{declared.example}`). Fields: a form or a JSON object; send the "
        "`csrf` cookie's value in `X-CSRF-Token`; `revision` (optional) refuses the change "
        "if the game has moved on since; an `Idempotency-Key` header (or `key` field) makes "
        "a retry answer the first answer again. One unit of work: refused, nothing changes.",
        tags=["games"],
        openapi_extra=step_openapi_extra(declared, more, optional),
    )


@router.get("/api/v1/campaigns/{campaign}/games/{game}", tags=["games"])
def api_game(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    """The board: the same as `skirmish game status --game N --json`. Its `ETag` is the
    game's revision: `If-None-Match` with it is answered 304 while nothing changed."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_live_game(s, found, game)
        tag = f'"rev-{g.revision}"'
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers={"ETag": tag})
        data = board(s, game=g)
    response = site.api(request, data)
    response.headers["ETag"] = tag
    return response


#: The start's fields as the catalogue types them, and ``leaders``: ``leader`` as the API
#: first named it.
_START = commands.BY_NAME["start"]
_START_MORE = {
    "leaders": {
        **field_schema(_START.field("leader")),
        "description": "The same as `leader` (its first name here).",
    }
}
_START_FIELDS = step_fields(_START, _START_MORE, common=())


@router.post(
    "/api/v1/campaigns/{campaign}/games",
    tags=["games"],
    status_code=201,
    openapi_extra=step_openapi_extra(_START, _START_MORE, common=(), forms=False),
)
async def api_start(request: Request, campaign: str, site: SiteDep) -> Response:
    """Start a game: the same as `skirmish game start SCENARIO [GANGS…] --good G --bad B
    --leave M --leader M --json`. Body: `{"scenario", "gangs": [...], "good", "bad", "leave":
    [...], "leader": [...]}` (names as the CLI takes them); the `csrf` cookie's value in
    `X-CSRF-Token`."""
    body = await request.body()
    lang = pick_lang(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    try:
        choice = json_choice(body, _START_FIELDS) if kind == "application/json" else {}
        _, data = await run_in_threadpool(do_start, site, campaign, choice)
    except (NotFound, StoreError):
        raise
    except (Forbidden, SkirmishError) as refused:
        return site.api_refusal(request, refused, lang)
    return site.api(request, data, 201)


def found_games(session: Session, campaign: Campaign) -> list[Game]:
    return list(session.exec(select(Game).where(Game.campaign_id == campaign.id)))


def _pairs(body: bytes) -> list[tuple[str, str]]:
    return parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
