"""The book's secret activation on two phones (issue #12, §1.8, R-07, H-06).

Each player lays the card of the model they want to activate face down: on their own phone they
tap one of their models still to take its turn (``picks.pick``). The opponent's phone and every
spectator's see only that a pick was made, never which, until both are made
(``picks.round_state`` is the one place that decides what a reader may see). Then both picks
are shown; the initiative is rolled (1D6 + RIF + unused FAMA of the model or of a friend within
5U, R-07; ties rolled again, H-06) with dice typed on big 1–6 buttons or "roll for me"; the
roll is kept (``table_roll``) and explained in the CLI's words; the winner's phone offers
"activate mine" or "let my opponent activate", and that model's turn begins
(``initiative.initiative`` with the kept dice).

The panel (``templates/game/_activation.html``) is included by the game's live page with
``activation`` in its context (``panel``), and served alone at
``/c/{campaign}/games/{game}/activation``; it asks for itself again every few seconds (``204``
while nothing changed). Its forms post to ``…/activation/pick``, ``/roll``, ``/choose`` and
``/only`` (one side left: no roll, §1.8); the API twins are
``/api/v1/campaigns/{c}/games/{g}/picks`` (GET the round for the reader, POST a pick) and
``…/initiative`` (POST dice or random, and/or the winner's ``activate``). Every POST is one
unit of work carrying an idempotency key (a double tap acts once) and asks the game
permissions in that unit of work. This module holds those routes and the forms' actions; the
panel itself, what each reader may see of the round and its words, is ``web.activation_panel``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign import idempotency
from skirmish.campaign.game import commands, picks, table_roll
from skirmish.campaign.game.activations import to_activate
from skirmish.campaign.game.board import find_model, gang_rows, side_of
from skirmish.campaign.game.initiative import initiative
from skirmish.campaign.game.permissions import (
    GameAction,
    may_game,
)
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import CampaignLine
from skirmish.engine.dice import TableDice, parse_dice
from skirmish.engine.glossary import parse
from skirmish.errors import CampaignError, SkirmishError, StoreError, shown
from skirmish.i18n import Lang
from skirmish.rules.model import Side
from skirmish.translation import Message, Said, gettext
from skirmish.web.action_schema import refuse_unknown, step_fields, step_openapi_extra
from skirmish.web.activation_panel import (
    Forbidden,
    RoundView,
    acts_for,
    chosen_lines,
    find_game,
    game_path,
    game_title,
    panel,
    require,
    roll_lines,
    round_view,
    say,
    version,
)
from skirmish.web.game_render import (
    ACTIVATIONS,
    CSRF_MARK,
    activation_viewpoint,
    fill,
    key_mark,
    roster_mark,
    store_mark,
)
from skirmish.web.game_state import Answered, Answering, round_text, streams_of
from skirmish.web.site import (
    CSRF_COOKIE,
    LangDep,
    Site,
    SiteDep,
    form_fields,
    identified_lang,
    identifies_writer,
    pick_lang,
    reader,
    remember,
    safe_next,
    segment,
    set_csrf,
)


class _Discard(Exception):
    """Thrown out of a unit of work to roll it back: the initiative tried, not recorded, and
    the roll kept then that it carried on from (its tied rounds), if any."""

    def __init__(self, kept: table_roll.Kept, earlier: table_roll.Kept | None) -> None:
        super().__init__("discarded")
        self.kept = kept
        self.earlier = earlier


def _fragment(request: Request) -> bool:
    return request.headers.get("hx-request") == "true" and (
        request.headers.get("hx-target") == "activation"
        or request.url.path.endswith("/activation/panel")
    )


@dataclass(frozen=True)
class Done:
    """What a form's action is given: its fields, the reader's language, and what its
    ``prepare`` step found (the initiative tried and thrown away)."""

    form: Mapping[str, str]
    lang: Lang
    prepared: table_roll.Kept | None = None
    earlier: table_roll.Kept | None = None  # the kept roll the prepared one carried on from


#: A posted form's action: given the site, the unit of work, the campaign, the game and the
#: form, the lines to say once it is done.
Act = Callable[[Site, Session, CampaignLine, Game, Done], list[str]]
#: A step before it, in a unit of work of its own that ends by throwing ``_Discard``.
Prepare = Callable[[Site, Session, CampaignLine, Game, Mapping[str, str]], None]


def prepared(
    site: Site,
    session: Session,
    found: CampaignLine,
    game: Game,
    form: Mapping[str, str],
    prepare: Prepare,
) -> _Discard | None:
    """``prepare`` inside the action's unit of work, which it ends by throwing what it found
    (``_Discard``). It writes nothing: the initiative's trial reckons the roll-off and records
    nothing (``initiative.reckon``; issue #23, the action's unit of work, sixth round: it ran in
    a savepoint always rolled back, which cost the savepoint, the trial's two events and its
    activation, their rollback and the game's models read again after it); a prepare that
    leaves a row to write is a defect, refused before anything is written. Run once the
    request's key is claimed (a retry replays its answer and runs nothing, ``work``); the game's
    gangs, which the trial locks (the two revealed models'), are locked first, as before."""
    gang_rows(session, game)
    try:
        prepare(site, session, found, game, form)
    except _Discard as thrown:
        _wrote_nothing(session)
        return thrown
    _wrote_nothing(session)
    return None


def _wrote_nothing(session: Session) -> None:
    if session.new or session.dirty or session.deleted:
        raise AssertionError("a trial left rows to write: it must record nothing")


def _dice(form: Mapping[str, str]) -> tuple[int, ...] | None:
    """The two dice typed (the good side's, then the bad side's), or ``None``: roll for me."""
    if form.get("random"):
        return None
    if form.get("dice"):  # the API: "5 2", or [5, 2]
        return parse_dice(form["dice"])
    good, bad = form.get("good_die", ""), form.get("bad_die", "")
    if not good or not bad:
        raise CampaignError(Message("choose a face for each die, or tap “roll for me”."))
    return parse_dice(f"{good} {bad}")


def _blank(value: str | None) -> str | None:
    value = (value or "").strip()
    return value or None


#: The panel's pages, its forms and their API twins (``create_app`` includes them).
router = APIRouter()


def show(
    site: Site,
    request: Request,
    campaign: str,
    game_id: int,
    *,
    code: int = 200,
    error: str = "",
    done: Sequence[str] = (),
    back: str | None = None,
    fragment: bool = False,
) -> Response:
    lang = pick_lang(request)
    with site.read() as s:
        found, game = find_game(s, site, campaign, game_id)
        p = panel(s, site, request, found, game, back=back, error=error, done_lines=done)
        title = game_title(game, lang)
        name = found.name
    if fragment:
        return site.page(request, "game/_activation.html", code, activation=p)
    return site.page(
        request, "game/activation.html", code, activation=p, campaign=name, title=title
    )


@router.get(
    "/c/{campaign}/games/{game_id}/activation",
    response_class=HTMLResponse,
    include_in_schema=False,
)
def activation_page(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """The activation of §1.8 for this reader: their picks, the initiative, the choice."""
    return show(site, request, campaign, game_id)


@router.get(
    "/c/{campaign}/games/{game_id}/activation/panel",
    response_class=HTMLResponse,
    include_in_schema=False,
)
def activation_panel(
    request: Request, campaign: str, game_id: int, site: SiteDep, lang: LangDep
) -> Response:
    """The panel alone (the live page's poll): 204 while it shows what ``?v=`` says. Built
    and rendered once per (game, revision, language, viewpoint, page it is on) (issue #23,
    ``game_render``): the viewpoint holds the sides the reader plays, so a secret pick is
    only ever served to its own side."""
    back = request.query_params.get("back")
    with site.read() as s:
        found, game = find_game(s, site, campaign, game_id)
        where = safe_next(back or quote(request.url.path, safe="/%"))
        view = activation_viewpoint(s, site, game)
        store, rosters = store_mark(site), roster_mark(s, found.id)
        key = (store, game.id, game.revision, lang.value, view, where, rosters)
        cached = ACTIVATIONS.get(key)
        p = panel(s, site, request, found, game, back=back) if cached is None else None
    csrf = request.state.csrf
    if p is not None:
        shown = version(p, lang)
        p.key = key_mark("activation")
        body = bytes(site.page(request, "game/_activation.html", 200, activation=p).body)
        cached = shown + "\n" + body.decode().replace(csrf, CSRF_MARK)
        ACTIVATIONS.put(key, cached)
    assert cached is not None
    shown, _, html = cached.partition("\n")
    if request.query_params.get("v") == shown:
        return Response(status_code=204)
    response = remember(request, HTMLResponse(fill(html, csrf, ("activation",))))
    if request.cookies.get(CSRF_COOKIE) != csrf:
        set_csrf(request, response, csrf)
    return response


async def posted(
    site: Site,
    request: Request,
    campaign: str,
    game_id: int,
    act: Act,
    prepare: Prepare | None = None,
) -> Response:
    """One form's unit of work, then the panel (HTMX) or back to the page (303). The reader is
    identified in that unit of work (``identifies_writer``), so the refusal's words are asked
    after it."""
    form = await form_fields(request)
    standalone = f"{game_path(segment(campaign), game_id)}/activation"
    back = safe_next(form.get("back") or standalone)
    code, error = 200, ""
    done: list[str] = []
    try:
        done, _ = await run_in_threadpool(
            work, site, request, campaign, game_id, form, act, prepare
        )
    except StoreError:
        raise
    except Forbidden as refusal:
        code, error = 403, refusal.text((await identified_lang(request)).value)
    except SkirmishError as refusal:
        code, error = 400, refusal.text((await identified_lang(request)).value)
    if request.headers.get("hx-request") == "true":
        return show(site, request, campaign, game_id, code=code, error=error, done=done,
                    back=back, fragment=True)  # fmt: skip
    if code != 200:
        return show(site, request, campaign, game_id, code=code, error=error, back=back)
    return RedirectResponse(back, status_code=303)


def work(
    site: Site,
    request: Request,
    campaign: str,
    game_id: int,
    form: Mapping[str, str],
    act: Act,
    prepare: Prepare | None,
    step: str = "",
    answer: bool = False,
) -> tuple[list[str], Answered | None]:
    """``prepare`` (in a savepoint of the unit of work that it throws away), then ``act`` in
    the same writing unit of work, at most once per idempotency key; a further ``step`` of the same
    request (the API's roll then choice) is answered once under a key of its own, derived
    from the request's (``idempotency.step_key``). With ``answer``, also the round as its reader
    may now see it (what ``GET …/picks`` answers), read in the same unit of work once the action
    is sealed, just before it commits (``answer_round``: under the action's locks, at the
    revision it commits, where the kept roll of ``table_roll.keep`` is found), and kept for that
    revision's streams once committed (``game_state.Answering``; issue #23, table mode's ninth
    round). The reader's language (the lines', the answer's) is asked once ``site.write`` has
    identified them (``identifies_writer``; issue #23, the action's unit of work's seventh
    round)."""
    route = f"{request.url.path}#{act.__name__}"[: idempotency.ROUTE_LENGTH]
    key = form.get("key") or request.headers.get("idempotency-key") or ""
    if step:
        key = idempotency.step_key(key, step)
    with Answering(site, None) as answering, site.write(rows=True) as s:
        lang = pick_lang(request)  # the reader is identified now
        if answer:
            answering.streams = streams_of(request)
        found, game = find_game(s, site, campaign, game_id)

        def run() -> tuple[int, Any]:
            thrown = prepared(site, s, found, game, form, prepare) if prepare else None
            tried = Done(form, lang, thrown.kept, thrown.earlier) if thrown else Done(form, lang)
            return 200, {"lines": act(site, s, found, game, tried)}

        _, body, _ = idempotency.replay_or_run(s, key, reader().user_id, route, run)
        lines = [str(line) for line in body.get("lines", [])]
        answering.after_seal(s, found, game, answer=True)
    return lines, answering.made


# ------------------------------------------------------------ the actions


def sides_or_refuse(site: Site, session: Session, game: Game) -> frozenset[Side]:
    sides = acts_for(session, site, game)
    if not sides:
        raise Forbidden(
            Message(
                "you are watching this game: only its players and arbitrators pick and "
                "roll. Nothing was changed."
            )
        )
    return sides


def side_asked(form: Mapping[str, str]) -> Side | None:
    """The side a form names (``side``: good or bad, in either language), if any."""
    asked = _blank(form.get("side"))
    if asked is None:
        return None
    try:
        return parse(Side, asked)
    except SkirmishError:
        raise CampaignError(Message("say which side picks: good or bad.")) from None


def do_pick(site: Site, s: Session, found: CampaignLine, game: Game, done: Done) -> list[str]:
    """The side picking is the one named, else the tapped model's: a model of a side the
    reader does not play is a refusal of the game permissions (403)."""
    sides_or_refuse(site, s, game)
    name = _blank(done.form.get("model"))
    if name is None:
        raise CampaignError(Message("tap one of the models."))
    side = side_asked(done.form) or side_of(s, find_model(s, game, name))
    require(s, site, game, GameAction.ACT, side)
    picks.pick(s, game, side, name)
    return [say(done.lang, "ga_picked_done")]


def revealed_or_refuse(site: Site, s: Session, game: Game) -> RoundView:
    view = round_view(s, site, game)
    if view.revealed is None:
        raise CampaignError(Message("both sides must pick before the initiative is rolled (§1.8)."))
    return view


def _revealed_side(s: Session, game: Game, view: RoundView, typed: str) -> Side:
    """The side of the revealed model ``typed`` names (the command line's ``good`` and ``bad``,
    the models each player reveals; on the phones the picks reveal them), else refused."""
    assert view.revealed is not None
    named = find_model(s, game, typed)
    for side, model in view.revealed.items():
        if model.id == named.id:
            return side
    revealed = [m.name for m in view.revealed.values()]
    raise CampaignError(
        Message(
            "{typed} is not revealed this round: {names} are (§1.8).",
            typed=shown(typed),
            names=Said(lambda lang: _joined(revealed, lang)),
        )
    )


def _joined(names: Sequence[str], lang: str) -> str:
    """``names`` joined with "and" in ``lang``."""
    said = names[0] if names else ""
    for name in names[1:]:
        said = gettext(lang, "{left} and {right}", left=said, right=name)
    return said


def _check_named(s: Session, game: Game, view: RoundView, form: Mapping[str, str]) -> None:
    for key in ("good", "bad"):
        typed = _blank(form.get(key))
        if typed is not None:
            _revealed_side(s, game, view, typed)


def try_roll(
    site: Site, s: Session, found: CampaignLine, game: Game, form: Mapping[str, str]
) -> None:
    require(s, site, game, GameAction.INITIATIVE)
    view = revealed_or_refuse(site, s, game)
    assert view.revealed is not None
    _check_named(s, game, view, form)
    earlier = table_roll.kept_roll(
        s, game=game, turn=view.turn, round_no=view.round, revealed=view.revealed
    )
    if earlier is not None and earlier.winner_side is not None:
        raise _Discard(earlier, earlier)  # rolled already: its answer stands
    good_from = earlier.good_fama_from if earlier else _blank(form.get("good_fama_from"))
    bad_from = earlier.bad_fama_from if earlier else _blank(form.get("bad_fama_from"))
    tried = table_roll.trial(
        s, game=game, revealed=view.revealed, good_fama_from=good_from,
        bad_fama_from=bad_from, earlier=earlier.dice if earlier else (),
        typed=_dice(form), user_id=reader().user_id,
    )  # fmt: skip
    raise _Discard(tried, earlier)


def do_roll(site: Site, s: Session, found: CampaignLine, game: Game, done: Done) -> list[str]:
    """Keep the roll tried, unless another phone kept one since its trial: then everyone
    is answered with that one (``table_roll.keep``)."""
    require(s, site, game, GameAction.INITIATIVE)
    view = revealed_or_refuse(site, s, game)
    assert view.revealed is not None and done.prepared is not None
    kept = table_roll.keep(
        s, game=game, turn=view.turn, round_no=view.round, revealed=view.revealed,
        roll=done.prepared, earlier=done.earlier,
    )  # fmt: skip
    return roll_lines(kept, done.lang)


def do_choose(site: Site, s: Session, found: CampaignLine, game: Game, done: Done) -> list[str]:
    sides_or_refuse(site, s, game)
    view = revealed_or_refuse(site, s, game)
    assert view.revealed is not None
    kept = table_roll.kept_roll(
        s, game=game, turn=view.turn, round_no=view.round, revealed=view.revealed
    )
    if kept is None:
        raise CampaignError(Message("roll the initiative first (R-07)."))
    if kept.winner_side is None:
        raise CampaignError(
            Message("the initiative is tied: roll again before choosing (R-07, H-06).")
        )
    if not may_game(s, site.actor(s), game, GameAction.ACT, kept.winner_side):
        raise Forbidden(
            Message(
                "{kept_winner} won the initiative: its player chooses who takes its "
                "turn (§1.8). Nothing was changed.",
                kept_winner=kept.winner,
            )
        )
    _check_named(s, game, view, done.form)
    activate = done.form.get("activate", "")
    try:
        chosen = parse(Side, activate)
    except SkirmishError:
        if not activate.strip():
            raise CampaignError(Message("say whose model takes its turn: good or bad.")) from None
        chosen = _revealed_side(s, game, view, activate.strip())  # one of the two, by name
    report = table_roll.choose(s, game=game, roll=kept, activate=chosen)
    return roll_lines(kept, done.lang) + chosen_lines(report, game.turn, done.lang)


def do_only(site: Site, s: Session, found: CampaignLine, game: Game, done: Done) -> list[str]:
    sides_or_refuse(site, s, game)
    left = to_activate(s, game)
    waiting = [side for side in (Side.GOOD, Side.BAD) if left[side]]
    if len(waiting) != 1:
        raise CampaignError(
            Message("both sides have models left to take their turn: pick one each (§1.8).")
        )
    require(s, site, game, GameAction.ACT, waiting[0])
    model = _blank(done.form.get("model"))
    if model is None:
        raise CampaignError(Message("tap one of the models."))
    named = {waiting[0]: model}
    report = initiative(
        s, game=game, good=named.get(Side.GOOD), bad=named.get(Side.BAD),
        dice=TableDice(()),
    )  # fmt: skip
    started = report.activated
    if started is None:
        return []
    return [say(done.lang, "ga_acting", name=started.model)]


#: Where the panel's forms post.
BASE = "/c/{campaign}/games/{game_id}/activation"


@router.post(f"{BASE}/pick", response_class=HTMLResponse, include_in_schema=False)
@identifies_writer
async def pick_form(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """Lay a model's card face down for this round (§1.8), or change it."""
    return await posted(site, request, campaign, game_id, do_pick)


@router.post(f"{BASE}/roll", response_class=HTMLResponse, include_in_schema=False)
@identifies_writer
async def roll_form(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """Roll the initiative of the two revealed models (R-07, H-06): typed dice or random."""
    return await posted(site, request, campaign, game_id, do_roll, try_roll)


@router.post(f"{BASE}/choose", response_class=HTMLResponse, include_in_schema=False)
@identifies_writer
async def choose_form(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """The winner's choice: its own model or the opponent's takes its turn (§1.8)."""
    return await posted(site, request, campaign, game_id, do_choose)


@router.post(f"{BASE}/only", response_class=HTMLResponse, include_in_schema=False)
@identifies_writer
async def only_form(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """One side alone has models left: its player says which takes its turn (§1.8)."""
    return await posted(site, request, campaign, game_id, do_only)


# ------------------------------------------------------------ the API


#: Where the API twins are.
API_BASE = "/api/v1/campaigns/{campaign}/games/{game_id}"


def state(site: Site, request: Request, campaign: str, game_id: int) -> dict[str, Any]:
    """The round as the reader may see it, built once per revision and viewpoint (issue #23,
    table mode's fourth round: the answer to a change and its phone's stream share it; since
    the ninth round an action's answer reads it in its own unit of work, ``worked``)."""
    with site.read() as s:
        found, game = find_game(s, site, campaign, game_id)
        data: dict[str, Any] = json.loads(
            round_text(s, site, request, found, game, pick_lang(request))
        )
        return data


async def api_posted(
    site: Site,
    request: Request,
    campaign: str,
    game_id: int,
    steps: Sequence[tuple[Act, Prepare | None]],
) -> Response:
    form = await form_fields(request)
    lines: list[str] = []
    answered: Answered | None = None
    try:
        for number, (act, prepare) in enumerate(steps):
            step = act.__name__ if number else ""  # one key per step (issue #20)
            last = number == len(steps) - 1  # the answer's round: the last step's
            more, answered = await run_in_threadpool(
                work, site, request, campaign, game_id, form, act, prepare, step, last
            )
            lines += more
    except StoreError:
        raise
    except Forbidden as refusal:
        lang = await identified_lang(request)
        return site.api(request, {"error": refusal.text(lang.value), "nearest": []}, 403)
    except SkirmishError as refusal:
        lang = await identified_lang(request)
        return site.api(request, {"error": refusal.text(lang.value), "nearest": []}, 400)
    assert answered is not None
    return site.api(request, {**json.loads(answered.text), "lines": lines})


@router.get(f"{API_BASE}/picks")
def api_round(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """This round of §1.8 as the reader may see it: whether each side has picked, the
    reader's own pick, both once both are made, the initiative kept, the phase."""
    return site.api(request, state(site, request, campaign, game_id))


@router.post(f"{API_BASE}/picks")
@identifies_writer
async def api_pick(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """Pick (or change) the model a side activates this round: ``model``, ``side`` (when
    the reader plays both), ``key`` (or the header ``Idempotency-Key``)."""
    return await api_posted(site, request, campaign, game_id, [(do_pick, None)])


#: The initiative's fields as the catalogue types them (``good`` and ``bad``: the models the
#: picks revealed), the two dice or a random roll, and the idempotency key.
_INITIATIVE = commands.BY_NAME["initiative"]
_INITIATIVE_MORE: dict[str, Any] = {
    "dice": {
        "description": "The good side's die and the bad side's, as rolled at the table "
        '("6,1" or [6, 1]; a tie rolled again follows: "4,4,6,2").',
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
        ],
    },
    "random": {"type": "boolean", "description": "The server rolls the dice."},
}
_INITIATIVE_FIELDS = step_fields(_INITIATIVE, _INITIATIVE_MORE, common=("key",))


@router.post(
    f"{API_BASE}/initiative",
    openapi_extra=step_openapi_extra(_INITIATIVE, _INITIATIVE_MORE, common=("key",)),
)
@identifies_writer
async def api_initiative(request: Request, campaign: str, game_id: int, site: SiteDep) -> Response:
    """Roll the initiative of the two revealed models (``dice``: the good side's die and
    the bad side's, or ``random``: true; ``good-fama-from``, ``bad-fama-from``; ``good`` and
    ``bad``, if given, must be the models revealed), and/or the winner's choice
    (``activate``: good, bad or one of the two models)."""
    form = await form_fields(request)
    try:
        refuse_unknown(_INITIATIVE.name, _INITIATIVE_FIELDS, form)
    except SkirmishError as error:
        lang = await identified_lang(request)
        return site.api(request, {"error": error.text(lang.value), "nearest": []}, 400)
    steps: list[tuple[Act, Prepare | None]] = []
    if form.get("dice") or form.get("random"):
        steps.append((do_roll, try_roll))
    if form.get("activate"):
        steps.append((do_choose, None))
    if not steps:
        lang = await identified_lang(request)
        message = CampaignError(
            Message("give the dice (dice, or random: true) or the winner's choice (activate).")
        ).text(lang.value)
        return site.api(request, {"error": message, "nearest": []}, 400)
    return await api_posted(site, request, campaign, game_id, steps)
