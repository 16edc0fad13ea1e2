"""The post-game as a wizard on each player's phone (issue #12), and its JSON twin.

``/c/{campaign}/games/{game}/postgame/{gang}`` walks one gang's player through its post-game
sequence (``campaign.postgame.run_postgame``, R-09–R-11, H-01–H-11), step by step:

1. the choices: a doctor for each model eliminated in the game (R-10) and, after a voluntary
   retreat, who loses the point on an infamy 1 (R-09); then the dice, either "roll for me" or
   typed as rolled with big 1–6 buttons, one die at a time, each labelled with what it is for
   and for whom (the service says which die it needs next: the inputs so far are tried in a
   unit of work that is always rolled back, so nothing is half-applied; the inputs travel in
   the form);
2. "record": the service runs once, in one unit of work, exactly as ``skirmish game postgame
   GANG --doctor … --dice …`` runs it; the page then reports recovery and injuries, deaths, XP
   from the eliminations recorded, income and money;
3. the advances now possible (``campaign.choices.advance_options``) and 4. the purchases
   (``buy_options``), each through the between-games forms of issue #11 (``web.actions``);
then "done": the page says whether the other side has finished too, and keeps saying it live
(a poll every few seconds, 204 while nothing changed).

``GET /api/v1/campaigns/{c}/games/{g}/postgame`` is both gangs' post-game status;
``POST …/postgame/{gang}`` takes the CLI's inputs (``doctor``, ``infamy_model``, ``dice``,
``seed``) and answers ``game postgame --json``'s shape.

This module holds the routes and the wizard's page; beside it: the inputs and addresses
(``game_postgame_inputs``), finding the post-game and its status (``game_postgame_status``),
trying and recording it (``game_postgame_record``), what the pages show (``game_postgame_pages``).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from functools import partial

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from skirmish.campaign.game import commands
from skirmish.campaign.game.pending import postgame_done, standing_steps
from skirmish.engine.dice import (
    parse_dice,
)
from skirmish.engine.glossary import GameStatus
from skirmish.errors import SkirmishError, StoreError
from skirmish.i18n import messages
from skirmish.translation import N_
from skirmish.web import text
from skirmish.web.action_schema import refuse_unknown, step_fields, step_openapi_extra
from skirmish.web.game_postgame_inputs import (
    KEY_FIELD,
    KEY_HEADER,
    Inputs,
    api_inputs,
    form_key,
    read_inputs,
    wizard_url,
)
from skirmish.web.game_postgame_pages import (
    advances_context,
    choice_fields,
    done_context,
    page_head,
    purchases_context,
    report_sections,
)
from skirmish.web.game_postgame_record import record, try_inputs
from skirmish.web.game_postgame_status import (
    campaign_game,
    find_place,
    game_number,
    may_run,
    require_run,
    status_box,
    status_of,
)
from skirmish.web.site import (
    Forbidden,
    Site,
    SiteDep,
    form_fields,
    pick_lang,
    scenario_name,
    segment,
)

WORDS = text.part(
    messages(
        {
            "pg_title": N_("Post-game"),
            "pg_of": N_("Post-game of {gang}"),
            "pg_game": N_("Game {game}: {scenario}"),
            "pg_result": N_("Result: {result}"),
            "pg_step": N_("Step {n} of 4"),
            "pg_choices": N_("Doctors and choices"),
            "pg_doctor_for": N_("Doctor for {model}'s recovery (R-10)"),
            "pg_doctor_default": N_("the gang's own DOTTORE if it has one, else none"),
            "pg_doctor_hired": N_("{doctor}, {fee}$"),
            "pg_doctor_none": N_("none"),
            "pg_no_doctor_needed": N_("Nobody of the gang was eliminated: no recovery roll."),
            "pg_infamy_model": N_("Who loses the point on an infamy 1 (R-09)"),
            "pg_infamy_default": N_("the one with the most points"),
            "pg_dice": N_("The dice"),
            "pg_dice_how": N_(
                "Roll the dice at the table and type each one, or let the server roll them."
            ),
            "pg_type_dice": N_("Type the dice I roll"),
            "pg_roll_all": N_("Roll for me and record"),
            "pg_next_die": N_("Next die: {what}"),
            "pg_die_n": N_("Die {n} of {of}"),
            "pg_face": N_("{face}"),
            "pg_face_label": N_("rolled {face}"),
            "pg_typed": N_("Dice typed so far"),
            "pg_none_typed": N_("None yet."),
            "pg_back_die": N_("Take back the last die"),
            "pg_roll_rest": N_("Roll the rest for me and record"),
            "pg_ready": N_("Every die is in. This is what will be recorded:"),
            "pg_record": N_("Record the post-game"),
            "pg_change": N_("Change the choices"),
            "pg_report": N_("What happened"),
            "pg_recovery": N_("Recovery and injuries"),
            "pg_xp": N_("Experience (from the eliminations recorded)"),
            "pg_money": N_("Money"),
            "pg_other": N_("Other"),
            "pg_nothing": N_("Nothing."),
            "pg_treasury": N_("Treasury now: {money}$"),
            "pg_dead": N_("dead"),
            "pg_advances": N_("Advances now possible"),
            "pg_advance": N_("Advance {model}"),
            "pg_no_advances": N_("No model has the XP for an advance now."),
            "pg_purchases": N_("Purchases"),
            "pg_can_buy": N_("{count} weapons and items the gang may buy now, with {money}$."),
            "pg_buy": N_("Buy"),
            "pg_hire": N_("Hire"),
            "pg_blocked": N_("Not now: {why}"),
            "pg_finish": N_("Done"),
            "pg_status": N_("Post-games of game {game}"),
            "pg_owed": N_("still to do"),
            "pg_done": N_("finished"),
            "pg_waiting_for": N_("Waiting for {gang} to finish their post-game."),
            "pg_other_done": N_("{gang} has finished their post-game."),
            "pg_all_done": N_("Both post-games are done."),
            "pg_open": N_("Open the post-game"),
            "pg_not_ended": N_(
                "Game {game} is still being played: its post-game opens when it ends."
            ),
            "pg_abandoned": N_("Game {game} was abandoned: no post-game."),
            "pg_finished_title": N_("Your post-game is done"),
            "pg_see_gang": N_("See the gang"),
            "pg_see_game": N_("See the game"),
        }
    )
)


#: The wizard's pages once the post-game is recorded: the report, advances, purchases, done.
AFTER = ("2", "3", "4", "done")


def render(
    site: Site,
    request: Request,
    campaign: str,
    game_id: str,
    gang: str,
    inputs: Inputs,
    step: str,
    message: str = "",
    code: int = 200,
) -> Response:
    """The wizard's page for ``step``: the choices (1), the dice, or once the post-game is
    recorded the report (2), the advances (3), the purchases (4) and "done"."""
    lang = pick_lang(request)
    with site.read() as s:
        place = find_place(site, s, campaign, game_id, gang)
        if not may_run(site, s, place):
            try:
                require_run(site, s, place)
            except Forbidden as refusal:
                return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        context = page_head(s, place, lang)
        me = place.gang.name
        context["box"] = status_box(site, s, place.campaign, place.game, me, lang)
        if place.game.status != GameStatus.ENDED:
            stage = "closed"
        elif postgame_done(s, place.game, place.gg):
            stage = step if step in AFTER else "2"
            entries = standing_steps(s, place.game, place.gang.id or 0)
            context["sections"] = report_sections(entries, me, lang)
            context["treasury"] = place.gang.treasury
            context["advances"] = advances_context(s, place, lang)
            context["purchases"] = purchases_context(s, place, lang)
            context["done"] = done_context(s, place, request.query_params.get("done"), lang)
        else:
            stage = "dice" if step == "dice" else "choices"
            context.update(choice_fields(s, place, inputs, lang))
    trial = None
    if stage == "dice":
        try:
            trial = try_inputs(site, campaign, game_id, gang, inputs, lang)
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        except StoreError:
            raise
        except SkirmishError as error:
            # The choices refused (a doctor the gang cannot pay, dice left over): say so on
            # the first step, the choices kept.
            message, code = message or error.text(lang), 400
            stage = "choices"
    return site.page(
        request,
        "game/postgame.html",
        code,
        stage=stage,
        message=message,
        hidden=inputs.fields(),
        key=secrets.token_urlsafe(18),  # one per page: a double tap on its button is one
        hidden_choices=[(k, v) for k, v in inputs.fields() if k != "dice"],
        back_url=f"{context['wizard']}?{inputs.query(step='dice')}",
        trial=trial,
        faces=range(1, 7),
        **context,
    )


#: The post-game wizard, its live status, and their API (issue #20: module-level routes, the
#: site by ``Depends``).
router = APIRouter()
PAGE = "/c/{campaign}/games/{game}/postgame/{gang}"
API_BASE = "/api/v1/campaigns/{campaign}/games/{game}/postgame"


def wizard(request: Request, campaign: str, game: str, gang: str, site: SiteDep) -> Response:
    """The wizard's step; a die tapped (``die``) or taken back (``back``) goes to the
    dice page with the new list (the address then holds every input)."""
    query = dict(request.query_params)
    lang = pick_lang(request)
    step = query.get("step", "")
    try:
        inputs = read_inputs(query)
    except SkirmishError as error:
        return render(site, request, campaign, game, gang, Inputs(), "", error.text(lang), 400)
    if "die" in query or "back" in query:
        dice = list(inputs.dice)
        if "back" in query:
            dice = dice[:-1]
        else:
            try:
                dice.extend(parse_dice(query["die"]))
            except SkirmishError as error:
                return render(
                    site, request, campaign, game, gang, inputs, "dice", error.text(lang), 400
                )
        inputs.dice = tuple(dice)
        target = wizard_url(segment_name(campaign), int_or(game), segment_name(gang))
        return RedirectResponse(f"{target}?{inputs.query(step='dice')}", status_code=303)
    return render(site, request, campaign, game, gang, inputs, step)


async def submit(request: Request, campaign: str, game: str, gang: str, site: SiteDep) -> Response:
    """ "Record": the post-game in one unit of work, then its report (POST, redirect,
    GET); refused, the wizard again with the service's words and the inputs kept."""
    fields = await form_fields(request)
    lang = pick_lang(request)
    rest_random = fields.get("mode") == "random"
    try:
        inputs = read_inputs(fields)
        await run_in_threadpool(
            partial(record, rest_random=rest_random, key=form_key(fields.get(KEY_FIELD))),
            site, campaign, game, gang, inputs, lang,
        )  # fmt: skip
    except Forbidden as refusal:
        return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
    except StoreError:
        raise
    except SkirmishError as error:
        kept = read_inputs_safe(fields)
        step = "dice" if kept.dice else ""
        return await run_in_threadpool(
            render, site, request, campaign, game, gang, kept, step, error.text(lang), 400
        )
    target = wizard_url(segment_name(campaign), int_or(game), segment_name(gang))
    return RedirectResponse(f"{target}?step=2", status_code=303)


def status_page(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    """Both gangs' post-game, with a link to the wizard of each the reader may run."""
    lang = pick_lang(request)
    with site.read() as s:
        found, row = campaign_game(site, s, campaign, game)
        box = status_box(site, s, found, row, None, lang)
        assert row.id is not None
        title = text.words(lang)["pg_game"].format(
            game=row.id, scenario=scenario_name(row.scenario, lang)
        )
        name_ = found.name
    return site.page(request, "game/postgame_games.html", box=box, campaign_name=name_, title=title)


def live(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    """The live box: 204 while what it shows is unchanged, else the box anew."""
    lang = pick_lang(request)
    me = request.query_params.get("me") or None
    with site.read() as s:
        found, row = campaign_game(site, s, campaign, game)
        box = status_box(site, s, found, row, me, lang)
    if box["key"] == request.query_params.get("seen"):
        return Response(status_code=204)
    return site.page(request, "game/postgame_status.html", box=box)


def api_status(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    lang = pick_lang(request)
    with site.read() as s:
        _, row = campaign_game(site, s, campaign, game)
        status = [
            {k: v for k, v in g.items() if k != "result_word"} for g in status_of(s, row, lang)
        ]
        payload = {
            "game": row.id,
            "scenario": row.scenario,
            "status": str(row.status),
            "gangs": status,
        }
    return site.api(request, payload)


#: The post-game's fields as the catalogue types them (its gang in the address), and ``seed``.
_POSTGAME = commands.BY_NAME["postgame"]
_POSTGAME_MORE = {
    "doctor": {
        "description": _POSTGAME.field("doctor").help.en,
        "oneOf": [
            {"type": "object", "additionalProperties": {"type": "string"}},
            {"type": "array", "items": {"type": "string"}, "examples": [["Ike Clanton=graduate"]]},
        ],
    },
    "seed": {"type": "integer", "description": "Repeats the random dice (without `dice`)."},
}
_IN_PATH = frozenset({"gang"})
_POSTGAME_FIELDS = step_fields(_POSTGAME, _POSTGAME_MORE, path=_IN_PATH, common=())


async def api_submit(
    request: Request, campaign: str, game: str, gang: str, site: SiteDep
) -> Response:
    lang = pick_lang(request)
    try:
        try:
            body = json.loads(await request.body() or b"{}")
        except ValueError:
            body = None
        if isinstance(body, dict):
            refuse_unknown(_POSTGAME.name, _POSTGAME_FIELDS, body)
        inputs, seed, given = api_inputs(body)
        key = form_key(request.headers.get(KEY_HEADER))
        payload = await run_in_threadpool(
            partial(record, rest_random=not given, seed=seed, key=key),
            site, campaign, game, gang, inputs, lang,
        )  # fmt: skip
    except StoreError:
        raise
    except (Forbidden, SkirmishError) as refused:
        return site.api_refusal(request, refused, lang)
    return site.api(request, payload)


router.add_api_route(PAGE, wizard, methods=["GET"], response_class=HTMLResponse,
                     include_in_schema=False, name="postgame-wizard")  # fmt: skip
router.add_api_route(PAGE, submit, methods=["POST"], response_class=HTMLResponse,
                     include_in_schema=False, name="postgame-record")  # fmt: skip
router.add_api_route("/c/{campaign}/games/{game}/postgame", status_page, methods=["GET"],
                     response_class=HTMLResponse, include_in_schema=False,
                     name="postgame-status")  # fmt: skip
router.add_api_route("/c/{campaign}/games/{game}/postgame-live", live, methods=["GET"],
                     response_class=HTMLResponse, include_in_schema=False,
                     name="postgame-live")  # fmt: skip
router.add_api_route(
    API_BASE,
    api_status,
    methods=["GET"],
    name="api-postgame-status",
    summary="Both gangs' post-game: owed or done",
    description="Each gang of the game, good side first, with its result and its "
    "post-game sequence `owed` or `done` (`null` while the game is played or abandoned).",
    tags=["games"],
)
router.add_api_route(
    API_BASE + "/{gang}",
    api_submit,
    methods=["POST"],
    name="api-postgame",
    summary="Run a gang's post-game sequence",
    description="The same as `skirmish game postgame GANG --doctor MODEL=KIND "
    "--infamy-model M --dice D --json`, for the reader's own gang (or any, for the "
    "campaign's owner and arbitrators). Without `dice` the dice are random (`seed` "
    "repeats them). One unit of work: refused, nothing changes.",
    tags=["games"],
    openapi_extra=step_openapi_extra(_POSTGAME, _POSTGAME_MORE, path=_IN_PATH, common=(),
                                     forms=False),
)  # fmt: skip


def segment_name(typed: str) -> str:
    """A name from the path as the links carry it."""
    return segment(typed)


def int_or(typed: str) -> int:
    return game_number(typed)


def read_inputs_safe(fields: Mapping[str, str]) -> Inputs:
    """The inputs to keep on a refused form: those that read, the dice left out if not."""
    try:
        return read_inputs(fields)
    except SkirmishError:
        return read_inputs({k: v for k, v in fields.items() if k != "dice"})
