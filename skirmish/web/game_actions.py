"""A game's actions from a phone (issue #12, issue #20): the routes of the flow. Every action
of the catalogue (``campaign/game/commands.py``) that applies now is offered, with the exact
odds before a shot, the dice typed stage by stage (or rolled by the server), a verdict after
every die, the FAMA and FORTUNA rerolls offered as a die fails, the result explained in the
words of ``roll`` and of the game's log, and undo.

The flow a thumb follows (``/c/{campaign}/games/{game}/act``): the model (the one taking its
turn first), the action (``commands.offered``: the services' own checks, read ahead), the target
(an enemy in play, or a scenario's person), the situation pre-filled from the game
(``situations.prefill``) with range and cover to confirm and one line of exact odds, or the
catalogue's fields of the other actions (``web/game_flow.py``), then the dice.

The dice are asked as the service asks them (``web/game_dice.py``): every tap posts the whole
action again with the dice typed so far, and the service runs it in a unit of work that is
thrown away as soon as it wants a die nobody typed yet or a reroll nobody answered yet. A die
of the other side's model is handed to that side's phone (``web/game_handover.py``). Nothing is
written until the action is whole; then it is recorded in one unit of work with the permission
asked inside it and the request's idempotency key (``web/game_perform.py``), so a double tap or
a retried request records it once.

The API twins (``POST /api/v1/campaigns/{campaign}/games/{game}/actions/{action}``, one route
per action with its own request schema, ``…/undo``) take the catalogue's fields as JSON and
answer what ``skirmish game … --json`` prints.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from skirmish.campaign import undo_shown
from skirmish.campaign.game import commands, situations
from skirmish.campaign.game import undo as undoing
from skirmish.campaign.game.permissions import GameAction, require_game
from skirmish.engine.dice import parse_dice
from skirmish.errors import CampaignError, RulesError, SkirmishError, StaleError, StoreError, shown
from skirmish.i18n import Lang
from skirmish.limits import REVISION
from skirmish.translation import Message
from skirmish.web import action_schema, game_live_base
from skirmish.web.game_action_words import KEY_FIELD, KEY_HEADER, act_url, refusal
from skirmish.web.game_dice import NeedAnswer, NeedDie, Step, ways_view
from skirmish.web.game_flow import flat_values, flow, live_panel
from skirmish.web.game_perform import (
    Done,
    Spec,
    actor_field,
    bad_field,
    find_game,
    find_spec,
    hand_over,
    last_action,
    perform,
    read_situation,
    required_field,
    take_back,
)
from skirmish.web.site import (
    FORM_BYTES,
    IDENTIFIES_WRITER,
    Forbidden,
    NotFound,
    Site,
    SiteDep,
    form_fields,
    identified_lang,
    identifies_writer,
    pick_lang,
)

# ----------------------------------------------------------------------------- the routes


async def all_fields(request: Request) -> dict[str, list[str]]:
    """Every value of every field of a posted form (a repeatable field keeps them all)."""
    await form_fields(request)  # the CSRF check read it; the body is kept
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    body = await request.body()
    found: dict[str, list[str]] = {}
    if kind == "application/x-www-form-urlencoded" and len(body) <= FORM_BYTES:
        for key, value in parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True):
            found.setdefault(key, []).append(value)
    return found


def _json_list(raw: str | None) -> list[Any]:
    if not raw:
        return []
    try:
        found = json.loads(raw)
    except ValueError:
        return []
    return found if isinstance(found, list) else []


def _state(raw: str) -> dict[str, Any]:
    """The action's values carried from one die to the next (strings, lists of strings)."""
    try:
        found = json.loads(raw)
    except ValueError:
        found = None
    if not isinstance(found, dict) or not all(
        isinstance(k, str) and (isinstance(v, str) or (isinstance(v, list)
                                and all(isinstance(x, str) for x in v)))
        for k, v in found.items()
    ):  # fmt: skip
        raise CampaignError(
            Message("this form is out of date; start the action again. Nothing was changed.")
        )
    return found


def _values(spec: Spec, every: Mapping[str, list[str]]) -> dict[str, Any]:
    """The action's values from the situation form (the PICK of an objective unfolded)."""
    values = flat_values({k: v for k, v in every.items() if k not in ("action", "model")})
    what = values.pop("what", None)
    if spec.name == "objective" and isinstance(what, str) and what:
        try:
            picked = json.loads(what)
        except ValueError:
            picked = None
        if isinstance(picked, dict):
            values.update({k: str(v) for k, v in picked.items() if k in
                           ("objective", "copy", "event")})  # fmt: skip
    return values


def _faces(raw: str) -> list[int]:
    if not raw.strip():
        return []
    try:
        return list(parse_dice(raw))
    except SkirmishError:
        raise refusal("gac_bad_dice") from None


def _one_action(
    handle: Callable[[Request, str, str, str, Site], Awaitable[Response]], action: str
) -> Callable[[Request, str, str, Site], Awaitable[Response]]:
    """The route of one action: the same handler, with the action's name."""

    async def one(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
        return await handle(request, campaign, game, action, site)

    if getattr(handle, IDENTIFIES_WRITER, False):
        identifies_writer(one)  # as its handler: its unit of work identifies its reader
    return one


#: The flow's pages and forms, undo, and their API twins (issue #20: module-level routes, the
#: site by ``Depends``).
router = APIRouter()
PAGE = "/c/{campaign}/games/{game}"
API = "/api/v1/campaigns/{campaign}/games/{game}"


def flow_page(
    site: Site, request: Request, campaign: str, game: str, query: Mapping[str, Any],
    message: str = "", code: int = 200,
) -> Response:  # fmt: skip
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        view = flow(site, s, found, g, query, lang)
    return site.page(request, "game/action.html", code, flow=view, message=message)


@router.get(PAGE + "/act", response_class=HTMLResponse, include_in_schema=False)
def act_page(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    query = {k: request.query_params.getlist(k) for k in request.query_params}
    return flow_page(site, request, campaign, game, query)


@router.get(PAGE + "/act/panel", response_class=HTMLResponse, include_in_schema=False)
def act_panel(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    """The live page's panel alone, redrawn when the game changes (whose turn it is, what
    undo would take back)."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        shown = live_panel(s, site, request, found, g)
    return site.page(request, "game/_actions.html", 200, actions=shown)


@router.post(PAGE + "/act", response_class=HTMLResponse, include_in_schema=False)
@identifies_writer
async def act_step(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    """A tap of the flow: the action done in one unit of work that identifies its reader
    (``identifies_writer``), or its next die asked; the reader's language is asked once they
    are identified (``identified_lang``)."""
    every = await all_fields(request)
    one = {k: v[0] for k, v in every.items() if v}
    try:
        spec = find_spec(one.get("action", ""))
        values = _state(one["state"]) if one.get("state") else _values(spec, every)
    except SkirmishError as error:
        lang = await identified_lang(request)
        return flow_page(site, request, campaign, game, {}, error.text(lang.value), 400)
    query = {**values, "model": values.get(actor_field(spec), ""), "action": spec.name}
    if spec.target:  # the flow's own name for the model it is done to
        query["target"] = values.get(spec.target, "")
    if one.get("odds"):  # "update the odds": the form again with what it says now
        return await run_in_threadpool(flow_page, site, request, campaign, game, query)
    try:
        faces = _faces(one.get("dice", ""))
        answers = [
            a
            for a in _json_list(one.get("answers"))
            if isinstance(a, dict) and isinstance(a.get("at"), int)
            and isinstance(a.get("pay"), str)
        ]  # fmt: skip
        if one.get("back") and faces:
            faces.pop()
            answers = [a for a in answers if int(a.get("at", 0)) <= len(faces)]
        elif one.get("die"):
            faces.append(_faces(one["die"])[0])
        elif one.get("answer"):
            answers.append({"at": len(faces), "pay": one["answer"]})
    except SkirmishError as error:
        lang = await identified_lang(request)
        return await run_in_threadpool(flow_page, site, request, campaign, game, query,
                                       error.text(lang.value), 400)  # fmt: skip
    random = one.get("mode") == "random"
    step = partial(Step, faces=faces, answers=[str(a.get("pay", "")) for a in answers],
                   random=random)  # fmt: skip
    key = one.get("key")
    try:
        done = await run_in_threadpool(perform, site, spec, campaign, game, values, step, key,
                                       None, request)  # fmt: skip
    except (NeedDie, NeedAnswer) as pending:
        lang = await identified_lang(request)
        if pending.side is not None:  # the other side's die: asked on its player's phone
            there = await run_in_threadpool(hand_over, site, spec, campaign, game, values,
                                            pending, answers, random, key)  # fmt: skip
            return RedirectResponse(there, status_code=303)
        return _dice_page(site, request, campaign, game, spec, values, pending, answers, random,
                          key or "", lang)  # fmt: skip
    except Forbidden as refusal:
        lang = await identified_lang(request)
        return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
    except StoreError:
        raise
    except NotFound:
        raise
    except SkirmishError as error:
        lang = await identified_lang(request)
        return await run_in_threadpool(flow_page, site, request, campaign, game, query,
                                       error.text(lang.value), 400)  # fmt: skip
    return _done_page(site, request, campaign, game, done)


def _dice_page(
    site: Site, request: Request, campaign: str, game: str, spec: Spec, values: Mapping[str, Any],
    pending: NeedDie | NeedAnswer, answers: list[Any], random: bool, key: str, lang: Lang,
) -> Response:  # fmt: skip
    used = pending.used
    need = pending if isinstance(pending, NeedDie) else None
    question = pending if isinstance(pending, NeedAnswer) else None
    ways = ways_view(question, lang) if question is not None else []
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        campaign_name, game_id = found.name, g.id
    return site.page(
        request, "game/action_dice.html", 200,
        campaign_name=campaign_name, game_id=game_id,
        game_url=game_live_base.game_url(campaign_name, game_id),
        act_url=act_url(campaign_name, game_id),
        action_label=spec.label(lang),
        actor=values.get(actor_field(spec) if spec.actor else "gang", ""),
        target=values.get("target", ""),
        used=used, need=need, question=question, ways=ways,
        said=used[-1] if used and used[-1].verdict else None,
        state=json.dumps(values, ensure_ascii=False, sort_keys=True),
        dice=" ".join(str(u.face) for u in used),
        answers=json.dumps(answers), mode="random" if random else "typed",
        key=key, action=spec.name,
    )  # fmt: skip


def _done_page(site: Site, request: Request, campaign: str, game: str, done: Done) -> Response:
    game_id = done.body.get("game") if isinstance(done.body, dict) else None
    number = int(game_id) if isinstance(game_id, int) else int(game)
    return site.page(
        request, "game/action_done.html", 200,
        campaign_name=done.campaign, game_id=number,
        game_url=game_live_base.game_url(done.campaign, number),
        act_url=act_url(done.campaign, number), undo_url=act_url(done.campaign, number, "undo"),
        lines=done.lines, replayed=done.replayed,
    )  # fmt: skip


@router.get(PAGE + "/undo", response_class=HTMLResponse, include_in_schema=False)
def undo_page(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    return undo_view(site, request, campaign, game)


def undo_view(
    site: Site, request: Request, campaign: str, game: str, message: str = "", code: int = 200
) -> Response:
    """What undo would take back, and its confirmation naming it (``entry``: the action's
    first event), so that the action shown is the one taken back, or none (issue #20)."""
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        try:
            require_game(s, site.actor(s), g, GameAction.UNDO)
        except CampaignError as error:
            return site.page(request, "refused.html", 403, message=error.text(lang.value))
        last = last_action(s, g, lang)
        entry = undoing.shown_entry(s, game=g)
        name_, number = found.name, g.id
    return site.page(
        request, "game/action_undo.html", code, campaign_name=name_, game_id=number,
        game_url=game_live_base.game_url(name_, number), undo_url=act_url(name_, number, "undo"),
        last=last, key=secrets.token_urlsafe(24), entry=entry or "", message=message,
    )  # fmt: skip


@router.post(PAGE + "/undo", response_class=HTMLResponse, include_in_schema=False)
@identifies_writer
async def undo_post(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    fields = await form_fields(request)
    try:
        entry = undo_shown.number(fields.get("entry"), "entry")
        done = await run_in_threadpool(take_back, site, campaign, game, fields.get(KEY_FIELD),
                                       request, entry)  # fmt: skip
    except StaleError as stale:  # the page again: what changed, and what undo takes now
        lang = await identified_lang(request)
        return await run_in_threadpool(undo_view, site, request, campaign, game,
                                       stale.text(lang.value), 409)  # fmt: skip
    except Forbidden as refusal:
        lang = await identified_lang(request)
        return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
    except StoreError:
        raise
    except NotFound:
        raise
    except SkirmishError as error:
        lang = await identified_lang(request)
        return site.page(request, "refused.html", 400, message=error.text(lang.value))
    return _done_page(site, request, campaign, game, done)


# ------------------------------------------------------------------------ the API


async def api_body(request: Request) -> dict[str, Any]:
    await form_fields(request)
    raw = await request.body()
    try:
        found = json.loads(raw) if raw else {}
    except ValueError:
        found = None
    if not isinstance(found, dict):
        raise RulesError(Message("send a JSON object."))
    return found


@identifies_writer
async def api_action(
    request: Request, campaign: str, game: str, action: str, site: SiteDep
) -> Response:
    """An action of the catalogue through the API, in one unit of work that identifies its
    reader (``identifies_writer``); a refusal in the reader's language."""
    try:
        spec = find_spec(action)
        body = await api_body(request)
        unknown = sorted(set(body) - action_schema.api_fields(spec))
        if unknown:
            raise action_schema.unknown_field(spec.name, action_schema.api_fields(spec), unknown[0])
        dice = body.pop("dice", None)
        if isinstance(dice, list):
            dice = ",".join(str(d) for d in dice)
        faces = list(parse_dice(str(dice))) if dice not in (None, "") else []
        chosen = body.pop("reroll", None) or []
        chosen = [chosen] if isinstance(chosen, str) else chosen
        if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
            raise bad_field("reroll", chosen, "not a list of names")
        step = partial(Step, faces=faces, whole=True, choices=tuple(chosen))
        key = request.headers.get(KEY_HEADER)
        done = await run_in_threadpool(perform, site, spec, campaign, game, body, step, key,
                                       None, request)  # fmt: skip
    except (StoreError, NotFound):
        raise
    except (Forbidden, SkirmishError) as refused:
        return site.api_refusal(request, refused, await identified_lang(request))
    return site.api(request, done.body, done.status)


for command in commands.MODEL_ACTIONS:  # one route each, with its own request schema
    router.add_api_route(
        API + f"/actions/{command.name}", _one_action(api_action, command.name),
        methods=["POST"], tags=["games"], name=f"api-game-{command.name}",
        summary=f"{command.label.en}: as `skirmish game {command.cli} --json`",
        description=f"{command.help.en} Example: `{command.example}`. The fields are the "
        "command line's arguments and options without their dashes. The `Idempotency-Key` "
        "header makes a retried request answer the first one without acting twice. Send "
        "the `csrf` cookie's value in `X-CSRF-Token`.",
        openapi_extra=action_schema.openapi_extra(command),
        responses={200: {"description": "`{game, turn, events}`, as the CLI's `--json`."},
                   400: {"description": "Refused in words; nothing changed."},
                   403: {"description": "The reader may not act for that side."},
                   404: {"description": "No such campaign or game."}},
    )  # fmt: skip
# the command line's and the Italian names of the same actions
router.add_api_route(API + "/actions/{action}", api_action, methods=["POST"],
                include_in_schema=False)  # fmt: skip


@router.get(
    API + "/actions/{action}/odds",
    tags=["games"],
    summary="The exact odds of a shot or a fight now: to hit, to wound, to eliminate",
    description="The query takes the same fields as the action (`attacker`, `target`, "
    "`range`, `cover`, …); the chances are exact fractions, before any FAMA or FORTUNA, "
    "from the very setup the service would roll (`null`: the target has no such numbers).",
)
def api_odds(request: Request, campaign: str, game: str, action: str, site: SiteDep) -> Response:
    lang = pick_lang(request)
    try:
        spec = find_spec(action)
        if spec.procedure is None:
            raise refusal("gac_unknown_action", action=shown(action), known="shoot, fight")
        query = {k: request.query_params.get(k) for k in request.query_params}
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = find_game(s, found, game)
            situation = read_situation(spec.procedure, query)
            chances = situations.odds(s, g, required_field(query, "attacker"),
                                      required_field(query, "target"), spec.procedure,
                                      situation)  # fmt: skip
    except (StoreError, NotFound):
        raise
    except SkirmishError as error:
        return site.api_refusal(request, error, lang)
    plain = {
        "hit": str(chances.hit),
        "wound": None if chances.wound is None else str(chances.wound),
        "eliminate": None if chances.eliminate is None else str(chances.eliminate),
    }
    return site.api(request, plain)


#: The undo's fields as the catalogue types them, one action a request (the page's undo too).
_UNDO = commands.BY_NAME["undo"]
_UNDO_MORE = {
    "times": {
        **action_schema.field_schema(_UNDO.field("times")),
        "maximum": 1,
        "description": "How many actions to take back: one a request (each answers what it "
        "took back; send the next with that answer's `revision`).",
    }
}
_UNDO_FIELDS = action_schema.step_fields(_UNDO, _UNDO_MORE)


@router.post(
    API + "/undo",
    tags=["games"],
    openapi_extra=action_schema.step_openapi_extra(_UNDO, _UNDO_MORE, forms=False),
    summary="Take back the game's last action, as `skirmish game undo --json`",
    description="With the `Idempotency-Key` header a retried request answers the first "
    "one and takes back nothing more. The JSON body (optional) says what the client "
    "showed: `entry` (the id of the action's first event, as `game log --json` and "
    "`GET …/undo` give it) and/or `revision` (the game's, as its board gave it); the undo "
    "is refused with 409 and what changed since when the game has moved on.",
    responses={409: {"description": "The action shown is no longer the last (or the game "
                     "has moved on): what changed since; nothing changed."}},
)  # fmt: skip
@identifies_writer
async def api_undo(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    try:
        body = await api_body(request)
        action_schema.refuse_unknown(_UNDO.name, _UNDO_FIELDS, body)
        if _UNDO.field("times").parse(body.get("times")) not in (None, 1):
            raise RulesError(
                Message("times: the API takes back one action a request; nothing was changed.")
            )
        entry = undo_shown.number(body.get("entry"), "entry")
        revision = undo_shown.number(body.get("revision"), "revision", REVISION)
        key = request.headers.get(KEY_HEADER) or body.get("key")
        done = await run_in_threadpool(take_back, site, campaign, game, key and str(key),
                                       request, entry, revision)  # fmt: skip
    except (StoreError, NotFound):
        raise
    except (Forbidden, SkirmishError) as refused:  # a stale revision: 409
        return site.api_refusal(request, refused, await identified_lang(request))
    return site.api(request, done.body, done.status)
