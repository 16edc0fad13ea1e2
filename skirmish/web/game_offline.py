"""Playing on with the network off (issue #24): the game's offline page.

A phone that loses the server keeps recording on ``/c/{campaign}/games/{game}/offline``: the
page the live page keeps in the phone's cache (``static/offline.js`` asks for it while online,
each time the game changes, and the service worker keeps the answer). It holds, as the game
stood at its revision, the forms of the catalogue's actions (``campaign/game/commands.py``)
for every model of the reader's sides, with the same controls as the online flow
(``web/game_flow.py``: ``situation_controls`` for a shot or a fight, the flow's fields for the
others), and, folded away, the other side's models for the phone that carries the whole game
while both phones are offline. A form sent from this page is never posted: ``offline.js``
resolves it on the phone (the engine in Pyodide, for every action that rolls dice), keeps it in
the phone's queue with its idempotency key and this revision, and sends the queue to the sync
route once the server answers again (``campaign/game/offline_sync.py``).

The page reads the game once (``situations.read``) and computes no odds: it is asked again at
every change of a game being played, so it stays cheap. What it cannot know before a target is
chosen (whether the record says the target waits, the target's weapon in a fight, the friends
standing near it) is left to the service, which reads it from the record when the queue is
sent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from sqlmodel import Session

from skirmish.campaign.game import commands, situations
from skirmish.campaign.game.board import scenario_of
from skirmish.campaign.game.offline_kit import offline_kit
from skirmish.campaign.game.situations import Figure, Table
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import Campaign, CampaignLine
from skirmish.engine.glossary import GameStatus
from skirmish.engine.situation import Procedure
from skirmish.i18n import Lang, name
from skirmish.web import game_live_base
from skirmish.web.game_action_words import act_url
from skirmish.web.game_flow import (
    _fields,
    _model_line,
    _offered,
    _targets,
    situation_controls,
)
from skirmish.web.game_perform import Spec, actor_field, find_game, sides_acting
from skirmish.web.site import Site, SiteDep, identifies_reader, pick_lang

router = APIRouter()

#: The actions the phone works out with the engine before sending them (``engine/offline.py``'s
#: ``PREVIEWED``, which a test keeps equal): every action that rolls dice; the others are kept
#: as they were filled in, and the server's replay says what they did.
PREVIEWED = frozenset(
    {"shoot", "fight", "mount", "dismount", "lasso", "explosive", "hit", "eliminate", "retreat",
     "turn"}
)  # fmt: skip


def _first_weapon(figure: Figure, procedure: Procedure) -> str | None:
    carried = (
        situations.fight_weapons(figure)
        if procedure is Procedure.MELEE
        else situations.guns_to_shoot(figure)
    )
    return carried[0].id if carried else None


def _action(
    s: Session, game: Game, table: Table, figure: Figure, spec: Spec, lang: Lang
) -> dict[str, Any]:
    """One action's form of ``figure``: its hidden values, its targets, its controls."""
    actor = actor_field(spec)
    values: dict[str, Any] = {actor: figure.label}
    label = spec.label(lang)
    if spec.actor is None:  # a gang's own step (retreat): the chosen model's gang does it,
        actor = "gang"  # sent as the API takes it (no model field), worked out for the gang
        values = {actor: figure.gang}
        label = f"{label}: {figure.gang}"
    form: dict[str, Any] = {
        "name": spec.name,
        "label": label,
        "rolls": spec.rolls,
        "previewed": spec.name in PREVIEWED,
        "values": values,
        "actor": actor,
        "target": spec.target or "",
        "targets": _targets(table, spec, figure, lang) if spec.target else [],
        "controls": [],
        "more": [],
        "id": f"off-{figure.label}-{spec.name}",
    }
    if spec.procedure is not None:
        form["controls"], form["more"] = situation_controls(
            figure, spec.procedure, {}, lang, weapon=_first_weapon(figure, spec.procedure)
        )
    else:
        form["controls"] = _fields(s, game, table, figure, spec, {}, lang)
    return form


def _turn_form(lang: Lang) -> dict[str, Any]:
    """The catalogue's "Begin the next turn" (``commands``' ``turn``: no field, the cohesion
    dice, R-08), worked out on the phone from the kit's gangs (``engine.offline_table``)."""
    spec = commands.find("turn")
    return {"name": spec.name, "label": spec.label(lang), "help": spec.help(lang),
            "rolls": bool(spec.dice), "id": "off-turn"}  # fmt: skip


def _models(
    s: Session, game: Game, table: Table, lang: Lang
) -> list[tuple[Figure, bool, list[dict[str, Any]]]]:
    """Each model that may act, with its actions: those that may act now, then (``True``) those
    that took their turn this turn, with their actions of the next turn, which the page shows
    once this phone has queued "Begin the next turn" (``offline.js``)."""
    found = []
    now = {f.label for f in situations.actors(table)}
    for figure in table.figures:
        if not figure.can_act:
            continue
        later = figure.label not in now
        if later:  # as it will stand at the next turn: still to take its turn
            figure = replace(figure, acted=False, acting=False)
            specs = commands.offered(table, figure, True)
        else:
            specs = _offered(table, figure)
        actions = [_action(s, game, table, figure, spec, lang) for spec in specs]
        if actions:
            found.append((figure, later, actions))
    return found


def offline_view(
    site: Site, s: Session, campaign: Campaign, game: Game, lang: Lang
) -> dict[str, Any]:
    """Everything the offline page shows for this reader, the game as it stands."""
    table = situations.read(s, game)
    sides = sides_acting(site, s, game)
    playing = game.status == GameStatus.IN_PROGRESS and bool(sides)
    view: dict[str, Any] = {
        "campaign": campaign.name,
        "game_id": game.id,
        "revision": game.revision,
        "turn": game.turn,
        "scenario": name(scenario_of(game), lang),
        "game_url": game_live_base.game_url(campaign.name, game.id),
        "sync_url": sync_url(campaign.name, game.id),
        "act_url": act_url(campaign.name, game.id),
        "playing": playing,
        "mine": [],
        "theirs": [],
        "kit": None,
        "turn_form": None,
    }
    if not playing:
        return view
    view["kit"] = offline_kit(s, game)  # what the phone's engine works actions out from
    view["turn_form"] = _turn_form(lang)
    for figure, later, actions in _models(s, game, table, lang):
        row = {"label": _model_line(figure, lang), "name": figure.label, "side": figure.side.value,
               "actions": actions, "next_turn": later}  # fmt: skip
        view["mine" if figure.side.value in sides else "theirs"].append(row)
    return view


def sync_url(campaign: str, game: int | None) -> str:
    """Where the phone sends its queue (``campaign/game/offline_sync.py``'s route)."""
    return f"{game_live_base.api_game_url(campaign, game)}/sync"


@game_live_base.panel("queue")
def queue_panel(
    session: Session, site: Site, request: Request, campaign: CampaignLine, game: Game
) -> dict[str, str] | None:
    """The live page's part: the phone's queue of actions not yet sent (shown by offline.js
    when it holds any) and where the offline page is, for a player of a game being played."""
    if game.status != GameStatus.IN_PROGRESS or not sides_acting(site, session, game):
        return None
    return {"game": game_live_base.game_url(campaign.name, game.id),
            "sync": sync_url(campaign.name, game.id)}  # fmt: skip


@router.get(
    "/c/{campaign}/games/{game}/offline", response_class=HTMLResponse, include_in_schema=False
)
@identifies_reader
def offline_page(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        view = offline_view(site, s, found, g, lang)
    return site.page(request, "game/offline.html", offline=view)
