"""Back online (issue #24): the phone's queued actions sent in order, and their conflicts shown
and settled, on the API and on the live page (``campaign.game.offline_sync`` does the work).

``POST /api/v1/campaigns/{campaign}/games/{game}/sync`` takes ``{"actions": [entry, ...]}`` and
answers ``{"revision", "results"}``; ``GET …/conflicts`` lists the open conflicts; ``POST
…/conflicts/{id}`` settles one with ``{"choice": "mine" | "discard"}``. Each queued action is
run exactly as its API route runs it (``game_perform``: the fields read as the catalogue
declares them, who may act, the action with the given dice, ``Step(..., whole=True)``), the
phone's dice first, then the server's only when the entry says ``rest: "random"``.

The live page shows the open conflicts to both players and the referee in a panel
(``@game_live_base.panel("conflicts")``, ``templates/game/_conflicts.html``) fetched again at
every "game-changed" (a conflict written or settled moves the game's revision on), with the
two choices as a form each (CSRF as every form). The choices' words are
``offline_sync.CHOICES``, for the API's schema and the page's buttons alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign.account_tables import User
from skirmish.campaign.game import offline_sync
from skirmish.campaign.game.offline_sync import CHOICES, Entry, Ran
from skirmish.campaign.game.permissions import GameAction, require_game
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import Campaign, CampaignLine
from skirmish.engine.cohesion import TurnBegun
from skirmish.engine.dice import RandomDice, TableDice
from skirmish.engine.glossary import GameStatus
from skirmish.engine.outcome import outcome
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Lang
from skirmish.translation import Message
from skirmish.web import action_schema, game_live_base
from skirmish.web.game_actions import api_body
from skirmish.web.game_dice import Step
from skirmish.web.game_live_changes import next_turn
from skirmish.web.game_perform import (
    _last_event,
    _side_of,
    _text,
    act,
    action_route,
    bad_field,
    events_after,
    find_game,
    find_spec,
    permitted,
    sides_acting,
)
from skirmish.web.game_state import Answering, Streams, streams_of
from skirmish.web.site import Forbidden, NotFound, Site, SiteDep, form_fields, pick_lang, reader

router = APIRouter()
#: The game's own step the phone may queue (the catalogue's ``turn``; issue #24).
TURN = "turn"
API = "/api/v1/campaigns/{campaign}/games/{game}"
PAGE = "/c/{campaign}/games/{game}"


@dataclass
class SyncTable:
    """The web's side of the sync (``offline_sync.Table``): this request's reader, the game
    the path names (locked in each writing unit of work), the catalogue's actions run as the
    API runs them. With ``streams``, each writing unit of work whose entry is run (not replayed)
    also reads its revision's round and board for the streams its commit wakes, as an action
    or a turn sent online does (``game_state.Answering``; issue #23, table mode's twelfth
    round): held from just before the commit, kept once committed, released if not."""

    site: Site
    campaign: str
    game_id: str
    lang: Lang
    streams: Streams | None = None
    #: the unit of work now open (``write``): its reading for the streams, and its campaign
    _answering: Answering | None = field(default=None, init=False, repr=False)
    _found: Campaign | None = field(default=None, init=False, repr=False)

    @contextmanager
    def write(self) -> Iterator[Session]:
        with Answering(self.site, self.streams) as answering, self.site.write() as s:
            self._answering, self._found = answering, None
            try:
                yield s
            finally:
                self._answering = None

    def game(self, session: Session) -> Game:
        found = self._found = self.site.find_campaign(session, self.campaign)
        return find_game(session, found, self.game_id)

    def run(self, session: Session, game: Game, entry: Entry, *, random: bool) -> Ran:
        """The entry's action with its dice, as ``POST …/actions/{action}`` runs it; refused in
        words (a ``SkirmishError``), a reader who may not act for it included. Done, its
        revision is read for the streams before the commit (``Answering.after_seal``)."""
        ran = self._run(session, game, entry, random=random)
        if self._answering is not None and self._found is not None:
            self._answering.after_seal(session, self._found, game)
        return ran

    def _run(self, session: Session, game: Game, entry: Entry, *, random: bool) -> Ran:
        if entry.action == TURN:
            return self._turn(session, game, entry, random=random)
        try:
            spec = find_spec(entry.action)
            values = dict(entry.fields)
            allowed = action_schema.api_fields(spec) - {"dice"}
            unknown = sorted(set(values) - allowed)
            if unknown:
                raise action_schema.unknown_field(spec.name, allowed, unknown[0])
            chosen = values.pop("reroll", None) or []
            chosen = [chosen] if isinstance(chosen, str) else chosen
            if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
                raise bad_field("reroll", chosen, "not a list of names")
            self._permitted(session, game, spec, values)
            step = Step(entry.lang, list(entry.dice), whole=True, choices=tuple(chosen))
            step.table = TableDice(entry.dice, random_dice=RandomDice() if random else None)
            answer, _ = act(session, game, spec, values, step)
        except (Forbidden, NotFound) as refused:
            raise refused.error from None
        return Ran(answer, outcome(step.results[0]) if step.results else None)

    def _turn(self, session: Session, game: Game, entry: Entry, *, random: bool) -> Ran:
        """ "Begin the next turn" queued on the phone: ``game_live_changes.next_turn`` with its
        cohesion dice, the one declaration the live page's button runs too (no reroll: the
        phone offers none); who may begin a turn online may; its outcome is the turn and the
        cohesion tests (``TurnBegun``)."""
        require_game(session, self.site.actor(session), game, GameAction.NEW_TURN)
        if entry.fields:
            raise CampaignError(
                Message("{name} is not a field of the next turn: it takes none.",
                        name=sorted(entry.fields)[0])
            )  # fmt: skip
        mark = _last_event(session, game)
        report = next_turn(session, game, entry.dice, random=random)
        answer = {"game": game.id, "turn": game.turn, "events": events_after(session, game, mark)}
        return Ran(answer, outcome(TurnBegun(report.turn, report.tests)))

    def _permitted(self, session: Session, game: Game, spec: Any, values: dict[str, Any]) -> None:
        """Who may send it: whoever may do the action online (``permitted``), and, for an
        action of the other side's model, a player of this game: with both phones offline one
        phone carries the whole game (issue #24, "one phone for both", as a die handed over
        online is rolled on either phone). It is recorded under the sender's name, in the
        game's log for the other player to read, and undone as any action; a reader who plays
        no side of the game is refused as online."""
        try:
            permitted(self.site, session, game, spec, values)
        except Forbidden:
            if not sides_acting(self.site, session, game):
                raise

    def route(self, game: Game, action: str) -> str:
        if action == TURN:
            return f"games/{game.id}/{TURN}"
        return action_route(game, find_spec(action))

    def side(self, session: Session, game: Game, entry: Entry) -> str | None:
        try:
            spec = find_spec(entry.action)
            acting = _text(entry.fields, spec.actor) if spec.actor else None
            return _side_of(session, game, acting)
        except SkirmishError:
            return None

    def user(self) -> int | None:
        return reader().user_id

    def name(self, session: Session, user: int | None) -> str:
        found = session.get(User, user) if user is not None else None
        return found.name if found is not None else "—"

    def allowed(self, session: Session, game: Game) -> None:
        try:
            require_game(session, self.site.actor(session), game, GameAction.OFFLINE)
        except CampaignError as error:
            raise Forbidden(error) from None


def _sync(
    site: Site, campaign: str, game: str, lang: Lang, body: Any, streams: Streams | None = None
) -> dict[str, Any]:
    table = SyncTable(site, campaign, game, lang, streams)
    entries = offline_sync.read_entries(body)
    with site.read() as s:
        table.allowed(s, table.game(s))
    return offline_sync.sync(table, entries)


def _listed(site: Site, campaign: str, game: str, lang: Lang) -> list[dict[str, Any]]:
    table = SyncTable(site, campaign, game, lang)
    with site.read() as s:
        g = table.game(s)
        table.allowed(s, g)
        return offline_sync.conflicts(s, table, g, lang)


def _settle(
    site: Site, campaign: str, game: str, lang: Lang, number: int, choice: Any,
    streams: Streams | None = None,
) -> Any:  # fmt: skip
    table = SyncTable(site, campaign, game, lang, streams)
    return offline_sync.settle(table, number, str(choice), lang)


# ----------------------------------------------------------------------------- the API

_ENTRY = {
    "type": "object",
    "required": ["key", "action", "revision"],
    "additionalProperties": False,
    "properties": {
        name: {"description": words, **schema}
        for name, (schema, words) in offline_sync.ENTRY_FIELDS.items()
    },
}
_CHOICE = {
    "type": "object",
    "required": ["choice"],
    "additionalProperties": False,
    "properties": {
        "choice": {
            "type": "string",
            "enum": list(CHOICES),
            "description": "; ".join(f"`{c}`: {w}" for c, w in CHOICES.items()),
        }
    },
}


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True,
                            "content": {"application/json": {"schema": schema}}}}  # fmt: skip


_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Refused in words; nothing changed."},
    403: {"description": "Only the game's players and the referee may."},
    404: {"description": "No such campaign or game."},
}


@router.post(
    API + "/sync",
    tags=["games"],
    summary="Send the actions a phone recorded offline, in order (issue #24)",
    description="Each queued action is run on the game with the phone's dice, in its own "
    "unit of work with its idempotency key (a retried sync answers what was confirmed and "
    "never acts twice). Unchanged game since the action's `revision` (or since the phone's "
    "previous action confirmed by this sync): `confirmed`. Changed: `confirmed` when the "
    "engine's outcome equals `preview.outcome`, else nothing is written and it is a "
    "`conflict` (see `…/conflicts`); the actions after a conflict are `held`. Send the "
    "`csrf` cookie's value in `X-CSRF-Token`.",
    openapi_extra=_json_body({"type": "object", "required": ["actions"],
                              "properties": {"actions": {"type": "array", "items": _ENTRY}}}),
    responses={200: {"description": "`{revision, results: [{key, status, answer | conflict}]}`"},
               **_REFUSALS},
)  # fmt: skip
async def api_sync(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    lang = pick_lang(request)
    try:
        body = await api_body(request)
        found = await run_in_threadpool(
            _sync, site, campaign, game, lang, body, streams_of(request)
        )
    except (StoreError, NotFound):
        raise
    except (Forbidden, SkirmishError) as refused:
        return site.api_refusal(request, refused, lang)
    return site.api(request, found)


@router.get(
    API + "/conflicts",
    tags=["games"],
    summary="The open conflicts of actions recorded offline (issue #24)",
    description="What each phone recorded and what the game gives now, in words, for the "
    "game's players and the referee.",
    responses=_REFUSALS,
)
def api_conflicts(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    lang = pick_lang(request)
    try:
        found = _listed(site, campaign, game, lang)
    except (StoreError, NotFound):
        raise
    except (Forbidden, SkirmishError) as refused:
        return site.api_refusal(request, refused, lang)
    return site.api(request, {"conflicts": found})


@router.post(
    API + "/conflicts/{number}",
    tags=["games"],
    summary="Settle a conflict with one choice (issue #24)",
    description="`mine` records the phone's action on the game as it is now with its dice "
    "(any die missing rolled by the server; the server's result stands); `discard` drops it. "
    "Settling twice is refused. Send the `csrf` cookie's value in `X-CSRF-Token`.",
    openapi_extra=_json_body(_CHOICE),
    responses={200: {"description": "`{conflict, answer}`"}, **_REFUSALS},
)
async def api_settle(
    request: Request, campaign: str, game: str, number: int, site: SiteDep
) -> Response:
    lang = pick_lang(request)
    try:
        body = await api_body(request)
        action_schema.refuse_unknown("conflict", frozenset({"choice"}), body)
        found = await run_in_threadpool(
            _settle, site, campaign, game, lang, number, body.get("choice"), streams_of(request)
        )
    except (StoreError, NotFound):
        raise
    except (Forbidden, SkirmishError) as refused:
        return site.api_refusal(request, refused, lang)
    return site.api(request, found)


# ----------------------------------------------------------------------------- the page


def _panel_view(
    session: Session, site: Site, campaign: CampaignLine, game: Game, lang: Lang
) -> dict[str, Any] | None:
    table = SyncTable(site, campaign.name, str(game.id), lang)
    try:
        table.allowed(session, game)
    except Forbidden:
        return None
    base = game_live_base.game_url(campaign.name, game.id)
    return {"panel_url": f"{base}/conflicts/panel", "post_url": f"{base}/conflicts",
            "items": offline_sync.conflicts(session, table, game, lang)}  # fmt: skip


@game_live_base.panel("conflicts")
def live_panel(
    session: Session, site: Site, request: Request, campaign: CampaignLine, game: Game
) -> dict[str, Any] | None:
    """The live page's part: the open conflicts with their two choices, for the game's
    players and the referee; refreshed at every "game-changed"."""
    if game.status != GameStatus.IN_PROGRESS:
        return None
    return _panel_view(session, site, campaign, game, pick_lang(request))


@router.get(PAGE + "/conflicts/panel", response_class=HTMLResponse, include_in_schema=False)
def conflicts_panel(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        view = _panel_view(s, site, found, g, lang)
    return site.page(request, "game/_conflicts.html", conflicts=view)


@router.post(PAGE + "/conflicts/{number}", response_class=HTMLResponse, include_in_schema=False)
async def settle_form(
    request: Request, campaign: str, game: str, number: int, site: SiteDep
) -> Response:
    lang = pick_lang(request)
    fields = await form_fields(request)
    try:
        await run_in_threadpool(
            _settle, site, campaign, game, lang, number, fields.get("choice"), streams_of(request)
        )
    except (StoreError, NotFound):
        raise
    except Forbidden as refused:
        return site.page(request, "refused.html", 403, message=refused.error.text(lang))
    except SkirmishError as error:
        return site.page(request, "refused.html", 400, message=error.text(lang))
    return RedirectResponse(game_live_base.game_url(campaign, int(game)), status_code=303)
