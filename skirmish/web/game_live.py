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

import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session, select
from starlette.concurrency import run_in_threadpool

from skirmish import rules
from skirmish.campaign import idempotency, lookup
from skirmish.campaign.game import commands
from skirmish.campaign.game import end as ending
from skirmish.campaign.game.activations import to_activate
from skirmish.campaign.game.board import (
    events_of,
    game_by_id,
    gang_row,
    gangs_of,
    models_of,
    scenario_of,
)
from skirmish.campaign.game.permissions import (
    GameAction,
    may_game,
    require_game,
    sides_played,
    watched_revision,
)
from skirmish.campaign.game.rerolls import (
    NO_REROLLS,
    GangDie,
    Payment,
    Question,
    Rerolls,
    payments,
)
from skirmish.campaign.game.start import default_side, leader_to_name, names_leaders, start_game
from skirmish.campaign.game.status import board
from skirmish.campaign.game.tables import Game
from skirmish.campaign.game.telling import carried_name, objective_name, reason_text, sentences
from skirmish.campaign.game.turns import cohesion_due, new_turn
from skirmish.campaign.models import Campaign, Gang, GangStatus
from skirmish.campaign.naming import with_handle
from skirmish.campaign.permissions import Action, may
from skirmish.engine.dice import DiceSource, RandomDice, TableDice, parse_dice
from skirmish.engine.glossary import GameResult, GameStatus, TableState, label, label_value
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Lang, name
from skirmish.rules.model import ModelState, ObjectiveState, Point, Side
from skirmish.rules.scenarios import scenarios
from skirmish.web import text
from skirmish.web.site import NotFound, Site, campaign_url, form_fields, pick_lang, reader, segment

#: The "your move" panels other modules put on the live page (``templates/game/_panels.html``):
#: a panel's name → a function of (session, site, request, campaign, game) whose value the
#: panel's template reads under that name (``None``: nothing to show this reader). Added with
#: ``@game_live.panel("activation")`` by the module that owns the panel (docs/web.md).
PanelFn = Callable[[Session, "Site", Request, Campaign, Game], Any]
PANELS: dict[str, PanelFn] = {}


def panel(name: str) -> Callable[[PanelFn], PanelFn]:
    """Put a "your move" panel on the live page under ``name`` (see ``PANELS``)."""

    def add(fn: PanelFn) -> PanelFn:
        PANELS[name] = fn
        return fn

    return add


#: How many of the game log's newest lines the live page shows.
LOG_LINES = 8
#: How often a phone asks whether the board changed (the issue: within a second).
POLL = "1s"

WORDS = text.part(
    {
        "en": {
            "gl_games": "Games",
            "gl_new": "New game",
            "gl_title": "Game {game}: {scenario}",
            "gl_turn_of": "Turn {turn} of {limit}",
            "gl_turn_only": "Turn {turn}",
            "gl_not_begun": "Not begun: start the first turn.",
            "gl_offline": "Offline — reconnecting…",
            "gl_acting": "Acting now: {name}",
            "gl_to_act": "Still to act",
            "gl_none_left": "everyone has acted",
            "gl_objectives": "Objectives",
            "gl_log": "What happened",
            "gl_log_empty": "Nothing yet.",
            "gl_side_good": "good",
            "gl_side_bad": "bad",
            "gl_casualties": "casualties {lost}/{started}",
            "gl_leader": "leader {name}",
            "gl_cohesion_due": "cohesion test due at the next turn (R-08)",
            "gl_retreated": "retreated",
            "gl_cos": "COS {left} of {cos}",
            "gl_wounded_start": "started wounded (R-10)",
            "gl_acted": "has acted",
            "gl_acting_now": "acting",
            "gl_waiting": "to act",
            "gl_eliminated": "eliminated",
            "gl_eliminated_by": "eliminated by {name}",
            "gl_left_table": "left the table in turn {turn} (R-20)",
            "gl_fleeing": "fleeing (R-20)",
            "gl_clears": "steady again at turn {turn}",
            "gl_carries": "Carries",
            "gl_kit": "Kit",
            "gl_jammed": "jammed",
            "gl_mounted": "mounted",
            "gl_used": "used: {items}",
            "gl_points": "FAMA {fama} · FORTUNA {fortuna}",
            "gl_your_move": "The turn and the end",
            "gl_new_turn": "New turn",
            "gl_begin_first": "Begin the first turn",
            "gl_cohesion_dice": "Cohesion dice, in order: {gangs} (empty: roll for me)",
            "gl_cohesion_reroll": "If the cohesion test of {gang} fails, reroll it with the FAMA "
            "of (R-15; type its die after the others)",
            "gl_no_reroll": "— no reroll —",
            "gl_fama_left": "{name} (FAMA {left})",
            "gl_turn_help": "Begins the next turn: states that last a turn end, cohesion "
            "tests are rolled (R-08); at the scenario's last turn, or when its end holds, "
            "the game ends instead.",
            "gl_end": "The end",
            "gl_vote_help": "When the game is over on the table, each player confirms who "
            "won; the game ends when both sides agree.",
            "gl_vote": "Confirm: {who}",
            "gl_vote_for": "Voting for {gang}",
            "gl_wins": "{gang} wins",
            "gl_draw": "a draw",
            "gl_voted": "{gang} says: {verdict}",
            "gl_not_voted": "{gang} has not said yet",
            "gl_verdict_over": "The recorded state ends the game: {who} ({reason}).",
            "gl_end_now": "End the game now",
            "gl_end_now_help": "The owner or an arbitrator may end the game with a verdict "
            "without the players' votes; a verdict the recorded state contradicts is refused.",
            "gl_end_as": "End: {who}",
            "gl_abandon": "Abandon the game",
            "gl_abandon_help": "Nobody wins and there is no post-game. Only the owner or an "
            "arbitrator may.",
            "gl_abandon_confirm": "Yes, abandon it",
            "gl_over": "Game over: {who} ({reason}).",
            "gl_abandoned": "The game was abandoned: nobody wins.",
            "gl_postgame": "Post-game for {gang}",
            "gl_postgame_done": "{gang}: post-game done",
            "gl_watching": "You are watching: only the players act.",
            "gl_stale": "the game changed since this page was shown (another phone acted); "
            "look at the board again. Nothing was changed.",
            "gl_start_title": "Start a game",
            "gl_scenario": "Scenario",
            "gl_good_gang": "Good side",
            "gl_bad_gang": "Bad side",
            "gl_pick_gang": "— choose a gang —",
            "gl_leave": "Models left at home",
            "gl_leave_help": "Ticked models stay home this game.",
            "gl_leaders": "Leaders (Duel, R-21)",
            "gl_leaders_help": "In a scenario whose rules name the leaders, a gang without "
            "its leader in the game names the model that leads it.",
            "gl_leader_of": "Leader of {gang}",
            "gl_no_leader": "— none —",
            "gl_start": "Start the game",
            "gl_no_gangs": "This campaign needs two active gangs to play a game.",
            "gl_may_not_start": "log in as the owner, an arbitrator or the player of one of "
            "the two gangs to start a game. Nothing was changed.",
            "gl_not_a_game": "{typed} is not a game number; see the campaign's games.",
            "gl_bad_verdict": "say who won: good, bad or draw. Nothing was changed.",
            "gl_which_side": "say which side you vote for: good or bad. Nothing was changed.",
            "gl_withdraw": "Take my vote back",
            "gl_agree_help": "The other side said: {verdict}. Confirm the same to end the game.",
            "gl_result": "result: {result}",
        },
        "it": {
            "gl_games": "Partite",
            "gl_new": "Nuova partita",
            "gl_title": "Partita {game}: {scenario}",
            "gl_turn_of": "Turno {turn} di {limit}",
            "gl_turn_only": "Turno {turn}",
            "gl_not_begun": "Non iniziata: comincia il primo turno.",
            "gl_offline": "Non in linea — mi riconnetto…",
            "gl_acting": "Agisce ora: {name}",
            "gl_to_act": "Devono ancora agire",
            "gl_none_left": "hanno agito tutti",
            "gl_objectives": "Obiettivi",
            "gl_log": "Cos'è successo",
            "gl_log_empty": "Ancora niente.",
            "gl_side_good": "buoni",
            "gl_side_bad": "cattivi",
            "gl_casualties": "perdite {lost}/{started}",
            "gl_leader": "capo {name}",
            "gl_cohesion_due": "test di coesione dovuto al prossimo turno (R-08)",
            "gl_retreated": "ritirata",
            "gl_cos": "COS {left} su {cos}",
            "gl_wounded_start": "partito ferito (R-10)",
            "gl_acted": "ha agito",
            "gl_acting_now": "sta agendo",
            "gl_waiting": "deve agire",
            "gl_eliminated": "eliminato",
            "gl_eliminated_by": "eliminato da {name}",
            "gl_left_table": "uscito dal tavolo al turno {turn} (R-20)",
            "gl_fleeing": "in fuga (R-20)",
            "gl_clears": "di nuovo calmo al turno {turn}",
            "gl_carries": "Trasporta",
            "gl_kit": "Equipaggiamento",
            "gl_jammed": "inceppata",
            "gl_mounted": "a cavallo",
            "gl_used": "usati: {items}",
            "gl_points": "FAMA {fama} · FORTUNA {fortuna}",
            "gl_your_move": "Il turno e la fine",
            "gl_new_turn": "Nuovo turno",
            "gl_begin_first": "Inizia il primo turno",
            "gl_cohesion_dice": "Dadi di coesione, in ordine: {gangs} (vuoto: tira tu)",
            "gl_cohesion_reroll": "Se il test di coesione di {gang} fallisce, ritiralo con la "
            "FAMA di (R-15; scrivi il suo dado dopo gli altri)",
            "gl_no_reroll": "— nessun ritiro —",
            "gl_fama_left": "{name} (FAMA {left})",
            "gl_turn_help": "Inizia il turno successivo: gli stati che durano un turno "
            "finiscono, si tirano i test di coesione (R-08); all'ultimo turno dello scenario, o "
            "quando vale la sua fine, la partita finisce.",
            "gl_end": "La fine",
            "gl_vote_help": "Quando sul tavolo la partita è finita, ogni giocatore conferma "
            "chi ha vinto; la partita finisce quando le due parti sono d'accordo.",
            "gl_vote": "Conferma: {who}",
            "gl_vote_for": "Voto per {gang}",
            "gl_wins": "vince {gang}",
            "gl_draw": "pareggio",
            "gl_voted": "{gang} dice: {verdict}",
            "gl_not_voted": "{gang} non si è ancora espressa",
            "gl_verdict_over": "Lo stato registrato chiude la partita: {who} ({reason}).",
            "gl_end_now": "Chiudi ora la partita",
            "gl_end_now_help": "Il proprietario o un arbitro possono chiudere la partita con "
            "un verdetto senza i voti dei giocatori; un verdetto che contraddice lo stato "
            "registrato è rifiutato.",
            "gl_end_as": "Chiudi: {who}",
            "gl_abandon": "Abbandona la partita",
            "gl_abandon_help": "Nessuno vince e non c'è dopo-partita. Solo il proprietario o "
            "un arbitro possono farlo.",
            "gl_abandon_confirm": "Sì, abbandonala",
            "gl_over": "Partita finita: {who} ({reason}).",
            "gl_abandoned": "La partita è stata abbandonata: nessun vincitore.",
            "gl_postgame": "Dopo-partita di {gang}",
            "gl_postgame_done": "{gang}: dopo-partita fatto",
            "gl_watching": "Stai guardando: agiscono solo i giocatori.",
            "gl_stale": "la partita è cambiata da quando hai aperto la pagina (un altro "
            "telefono ha agito); guarda di nuovo il tavolo. Non è cambiato nulla.",
            "gl_start_title": "Inizia una partita",
            "gl_scenario": "Scenario",
            "gl_good_gang": "Buoni",
            "gl_bad_gang": "Cattivi",
            "gl_pick_gang": "— scegli una banda —",
            "gl_leave": "Personaggi che restano a casa",
            "gl_leave_help": "I personaggi spuntati restano a casa in questa partita.",
            "gl_leaders": "Capi (Duello, R-21)",
            "gl_leaders_help": "In uno scenario le cui regole nominano i capi, una banda "
            "senza il suo capo in partita indica il personaggio che la guida.",
            "gl_leader_of": "Capo di {gang}",
            "gl_no_leader": "— nessuno —",
            "gl_start": "Inizia la partita",
            "gl_no_gangs": "Per giocare servono due bande attive nella campagna.",
            "gl_may_not_start": "accedi come proprietario, arbitro o giocatore di una delle "
            "due bande per iniziare una partita. Non è cambiato nulla.",
            "gl_not_a_game": "{typed} non è il numero di una partita; vedi le partite della "
            "campagna.",
            "gl_bad_verdict": "di' chi ha vinto: buoni, cattivi o pareggio. Non è cambiato nulla.",
            "gl_which_side": "di' per quale parte voti: buoni o cattivi. Non è cambiato nulla.",
            "gl_withdraw": "Ritira il mio voto",
            "gl_agree_help": "L'altra parte ha detto: {verdict}. Conferma lo stesso per chiudere "
            "la partita.",
            "gl_result": "risultato: {result}",
        },
    }
)


def _say(key: str, lang: Lang, **values: Any) -> str:
    return text.words(lang)[key].format(**values)


def _refusal(key: str) -> CampaignError:
    """One of this module's refusals, in both languages (the same words as the page's)."""
    return CampaignError(WORDS["en"][key], it=WORDS["it"][key])


class Forbidden(Exception):
    """The reader may not do this here: 403, with the words."""

    def __init__(self, error: CampaignError) -> None:
        super().__init__(str(error))
        self.error = error


def games_url(campaign: str) -> str:
    return campaign_url(campaign) + "/games"


def game_url(campaign: str, game: int | None) -> str:
    return f"{games_url(campaign)}/{game}"


def api_game_url(campaign: str, game: int | None) -> str:
    return f"/api/v1/campaigns/{quote(campaign, safe='')}/games/{game}"


# ------------------------------------------------------------------ who may do what


def _forbid(
    session: Session, site: Site, game: Game, action: GameAction, side: Side | None = None
) -> None:
    """``require_game`` (the game permissions, one place) as a 403 with its words."""
    try:
        require_game(session, site.actor(session), game, action, side)
    except CampaignError as error:
        raise Forbidden(error) from None


def may_start(session: Session, site: Site, campaign: Campaign, gangs: list[Gang]) -> bool:
    """The owner or an arbitrator, or the player of one of ``gangs`` (any gang he may change,
    when none is chosen yet: what the list of games offers)."""
    actor = site.actor(session)
    if may(session, actor, Action.FIX_RESULTS, campaign):
        return True
    pool = gangs or list(campaign.gangs)
    return any(may(session, actor, Action.CHANGE_GANG, campaign, g) for g in pool)


# ------------------------------------------------------------------ reading


def _game(session: Session, campaign: Campaign, typed: str) -> Game:
    """Game number ``typed`` of ``campaign``; else ``NotFound`` with the campaign's games."""
    number = int(typed) if typed.isascii() and typed.isdigit() and len(typed) <= 9 else None
    try:
        if number is None:
            raise CampaignError(
                WORDS["en"]["gl_not_a_game"].format(typed=repr(typed)),
                it=WORDS["it"]["gl_not_a_game"].format(typed=repr(typed)),
            )
        return game_by_id(session, campaign, number)
    except CampaignError as error:
        links = [(campaign.name, games_url(campaign.name))]
        raise NotFound(error, links) from None


def _equipment_name(item: str, lang: Lang) -> str:
    try:
        return name(rules.find_equipment(item), lang)
    except SkirmishError:
        return item.replace("-", " ")


def _model_view(m: Mapping[str, Any], scenario: Any, lang: Lang) -> dict[str, Any]:
    """One model of the board in words: COS boxes, state, kit, what it carries, its turn."""
    cos = int(m["cos"])
    left = max(0, int(m["cos_left"]))
    state = label_value(ModelState, m["state"], lang)
    notes = []
    if m["prone"]:
        notes.append(label(TableState.PRONE, lang))
    if m["fleeing"]:
        notes.append(_say("gl_fleeing", lang))
    if m["state_clears_turn"] is not None and not m["eliminated"]:
        notes.append(_say("gl_clears", lang, turn=m["state_clears_turn"]))
    out = ""
    if m["eliminated"]:
        by = m["eliminated_by"]
        out = _say("gl_eliminated_by", lang, name=by) if by else _say("gl_eliminated", lang)
    elif m["left_turn"] is not None:
        out = _say("gl_left_table", lang, turn=m["left_turn"])
    guns = []
    for gun in m["kit"].get("guns", []):
        guns.append(
            {
                "name": _equipment_name(gun["weapon"], lang),
                "left": gun["left"],
                "load": gun["load"],
                "jammed": gun.get("jammed") is not None,
            }
        )
    shown_guns = {g["weapon"] for g in m["kit"].get("guns", [])}
    others = [_equipment_name(i, lang) for i in m["equipment"] if i not in shown_guns]
    used = m["kit"].get("used") or {}
    used_text = ", ".join(
        _equipment_name(item, lang) + (f" ×{n}" if n > 1 else "") for item, n in used.items()
    )
    if m["acting"]:
        turn = "acting"
    elif m["acted"]:
        turn = "acted"
    elif out:
        turn = "out"
    else:
        turn = "waiting"
    try:
        profile = name(rules.find_profile(m["profile"]), lang)
    except SkirmishError:
        profile = ""
    return {
        "name": with_handle(m["name"], m["handle"]),
        "profile": profile,
        "cos": cos,
        "left": left,
        "boxes": [i < cos - left for i in range(cos)],  # True: a wound taken, crossed first
        "wounded_start": m["wounded_start"],
        "state": state,
        "state_key": m["state"],
        "notes": notes,
        "out": out,
        "fama": m["fama_left"],
        "fortuna": m["fortuna_left"],
        "guns": guns,
        "carried": others,
        "mounted": bool(m["kit"].get("mounted")),
        "used": used_text,
        "carries": [carried_name(scenario, c, lang) for c in m["carries"]],
        "turn": turn,
    }


def game_view(
    session: Session, site: Site, campaign: Campaign, game: Game, lang: Lang
) -> dict[str, Any]:
    """Everything the live page shows of ``game`` for this reader, in ``lang``: the board of
    ``game status --json`` in words, whose turn it is, the newest log lines, what the reader
    may do."""
    data = board(session, game=game)
    scenario = scenario_of(game)
    playing = data["status"] == GameStatus.IN_PROGRESS
    actor = site.actor(session)
    plays = sides_played(session, actor, game)
    voters = [s for s in Side if may_game(session, actor, game, GameAction.VOTE_END, s)]
    votes = {gg.side: gg.end_vote for gg in gangs_of(session, game)}
    gang_names = {g["side"]: g["gang"] for g in data["gangs"]}
    gangs = []
    for g in data["gangs"]:
        gangs.append(
            {
                "gang": g["gang"],
                "side": g["side"],
                "side_word": _say(f"gl_side_{g['side']}", lang),
                "faction": _faction_name(g["faction"], lang),
                "casualties": _say(
                    "gl_casualties", lang, lost=g["casualties"], started=g["started"]
                ),
                "leader": g["leader"],
                "leader_named": g["leader_named"],
                "cohesion_due": g["cohesion_due"],
                "retreated": bool(g["retreated"]),
                "result": label_value(GameResult, g["result"], lang)
                if data["status"] == GameStatus.ENDED
                else "",
                "mine": Side(g["side"]) in plays,
                "votes_here": Side(g["side"]) in voters,
                "vote": _verdict_words(votes.get(g["side"]), gang_names, lang),
                "vote_value": votes.get(g["side"]),
                "owes_postgame": g["gang"] in data["postgame_owed"],
                "models": [_model_view(m, scenario, lang) for m in g["models"]],
            }
        )
    waiting: dict[str, list[str]] = {}
    if playing and game.turn >= 1:
        for side, models in to_activate(session, game).items():
            waiting[gang_names.get(side.value, side.value)] = [m.name for m in models]
    objectives = [
        {
            "name": objective_name(scenario, o["objective"], o["copy"], lang),
            "state": label_value(ObjectiveState, o["state"], lang),
            "carrier": o["carrier"],
        }
        for o in data["objectives"]
    ]
    names = {m.id: m.name for m in models_of(session, game)}
    events = [
        {
            "id": e.id,
            "turn": e.turn,
            "action": e.action,
            "details": e.details,
            "dice": e.dice,
            "model": names.get(e.model_id),
        }
        for e in events_of(session, game)
    ]  # as ``game log`` hands them to the sentences
    lines = list(reversed(sentences(events[-LOG_LINES:], scenario, lang)))
    over = ""
    if playing and data["verdict"] is not None and data["verdict"]["over"]:
        who = data["verdict"]["winner"]
        over = _say(
            "gl_verdict_over",
            lang,
            who=_say("gl_wins", lang, gang=who) if who else _say("gl_draw", lang),
            reason=reason_text(data["verdict"]["reason"], scenario, lang),
        )
    ended = ""
    if data["status"] == GameStatus.ENDED:
        who = data["winner"]
        ended = _say(
            "gl_over",
            lang,
            who=_say("gl_wins", lang, gang=who) if who else _say("gl_draw", lang),
            reason=reason_text(data["reason"], scenario, lang),
        )
    elif data["status"] == GameStatus.ABANDONED:
        ended = _say("gl_abandoned", lang)
    limit = data["turn_limit"]
    return {
        "id": game.id,
        "revision": game.revision,
        "campaign": campaign.name,
        "url": game_url(campaign.name, game.id),
        "api_url": api_game_url(campaign.name, game.id),
        "title": _say("gl_title", lang, game=game.id, scenario=name(scenario, lang)),
        "scenario": name(scenario, lang),
        "scenario_id": scenario.id,
        "status": data["status"],
        "status_word": label_value(GameStatus, data["status"], lang),
        "playing": playing,
        "turn": data["turn"],
        "turn_text": _say("gl_turn_of", lang, turn=data["turn"], limit=limit)
        if limit
        else _say("gl_turn_only", lang, turn=data["turn"]),
        "acting": data["activation"],
        "waiting": waiting,
        "gangs": gangs,
        "objectives": objectives,
        "log": lines,
        "verdict_over": over,
        "ended": ended,
        "mine": [s.value for s in plays],
        "voters": [s.value for s in voters],
        # each form's idempotency key: a second tap on the same button acts once
        "form_keys": {
            route: secrets.token_urlsafe(12) for route in ("turn", "end", "abandon", "vote")
        },
        "may_turn": playing and may_game(session, actor, game, GameAction.NEW_TURN),
        "may_end": playing and may_game(session, actor, game, GameAction.END),
        "cohesion_gangs": [g["gang"] for g in data["gangs"] if g["cohesion_due"]],
        "cohesion_rerolls": _reroll_choices(session, game, actor) if playing else [],
        "vote_choices": _vote_choices(gang_names, lang),
        "postgame": [
            {
                "gang": g["gang"],
                "url": f"{game_url(campaign.name, game.id)}/postgame/{quote(g['gang'], safe='')}",
                "owed": g["gang"] in data["postgame_owed"],
                "mine": may_game(session, actor, game, GameAction.POSTGAME, g["side"]),
            }
            for g in data["gangs"]
        ]
        if data["status"] == GameStatus.ENDED
        else [],
    }


def _reroll_choices(session: Session, game: Game, actor: Any) -> list[dict[str, Any]]:
    """For each gang whose cohesion test is due and whose dice this reader may enter, the
    models whose FAMA may reroll it (``rerolls.payments``, the service's own list)."""
    due = cohesion_due(session, game)
    rows = []
    for gg in gangs_of(session, game):
        if not due.get(int(gg.id or 0)):
            continue
        if not may_game(session, actor, game, GameAction.OWN_DICE, gg.side):
            continue
        gang = gang_row(session, gg)
        ways = payments(session, game, GangDie(int(gg.id or 0), gang.name))
        if ways:
            rows.append(
                {
                    "side": gg.side,
                    "gang": gang.name,
                    "models": [(w.model.name, w.left) for w in ways if w.point is Point.FAMA],
                }
            )
    return rows


def _faction_name(faction: str, lang: Lang) -> str:
    try:
        return name(rules.find_faction(faction), lang)
    except SkirmishError:
        return ""


def _vote_choices(gang_names: Mapping[str, str], lang: Lang) -> list[tuple[str, str]]:
    """The verdicts a player may confirm: each side's gang wins, or a draw."""
    return [
        (side, _say("gl_wins", lang, gang=gang_names.get(side, side))) for side in ("good", "bad")
    ] + [("draw", _say("gl_draw", lang))]


def _verdict_words(vote: str | None, gang_names: Mapping[str, str], lang: Lang) -> str:
    if vote is None:
        return ""
    if vote == "draw":
        return _say("gl_draw", lang)
    return _say("gl_wins", lang, gang=gang_names.get(vote, vote))


def _revision(session: Session, campaign: Campaign, typed: str) -> int:
    """The game's revision alone: what a poll compares, without building the board."""
    return _game(session, campaign, typed).revision


# ------------------------------------------------------------------ changing


def _check_fresh(game: Game, fields: Mapping[str, str]) -> None:
    """A form carries the revision it was shown at; a game changed since then (the same button
    tapped twice, or another phone's action in between) is refused: nothing changes twice."""
    sent = fields.get("revision", "")
    if sent and sent != str(game.revision):
        raise _refusal("gl_stale")


def _dice(typed: str) -> tuple[DiceSource, TableDice | None]:
    """The dice of an action: the ones typed as rolled at the table, else random ones."""
    if typed.strip():
        table = TableDice(parse_dice(typed))
        return table, table
    return RandomDice(), None


def _events_after(session: Session, game: Game, after: int) -> list[dict[str, Any]]:
    """The events recorded after id ``after``, as ``game … --json`` prints them."""
    return [
        {"id": e.id, "turn": e.turn, "action": e.action, "details": e.details, "dice": e.dice}
        for e in events_of(session, game)
        if (e.id or 0) > after
    ]


def _last_event(session: Session, game: Game) -> int:
    events = events_of(session, game)
    return (events[-1].id or 0) if events else 0


def _change(
    site: Site,
    campaign_typed: str,
    game_typed: str,
    fields: Mapping[str, str],
    route: str,
    permission: GameAction,
    action: Callable[[Session, Game], None],
) -> tuple[str, dict[str, Any]]:
    """One change to a game in one unit of work: the game permissions asked there
    (``require_game``), the revision the form was shown at checked, then ``action``; the
    campaign's name and ``game … --json``'s answer (the events it recorded). With an
    idempotency key (``key``: each form carries one; an API client sends its own) a double tap
    or a retry gets the first answer again and nothing happens twice (``idempotency``)."""
    with site.write() as s:
        campaign = site.find_campaign(s, campaign_typed)
        game = _game(s, campaign, game_typed)
        _forbid(s, site, game, permission)

        def run() -> tuple[int, Any]:
            _check_fresh(game, fields)
            mark = _last_event(s, game)
            action(s, game)
            return 200, {"game": game.id, "turn": game.turn, "events": _events_after(s, game, mark)}

        key = fields.get("key", "")
        if key:
            where = f"game/{game.id}/{route}"
            _, body, _ = idempotency.replay_or_run(s, key, reader().user_id, where, run)
        else:
            body = run()[1]
        return campaign.name, dict(body)


def _cohesion_rerolls(
    session: Session, site: Site, game: Game, fields: Mapping[str, str]
) -> Rerolls:
    """R-15 at a new turn: ``reroll-good``/``reroll-bad`` name the model of that side's gang
    whose FAMA rerolls its cohesion test if it fails (R-08; the die is the gang's, so no
    FORTUNA). Said beforehand, as a player says it at the table; taken only if the test
    fails. Spending a side's FAMA is that side's call (``OWN_DICE``)."""
    chosen: dict[int, str] = {}
    for gg in gangs_of(session, game):
        named = fields.get(f"reroll-{gg.side}", "").strip()
        if named:
            _forbid(session, site, game, GameAction.OWN_DICE, Side(gg.side))
            chosen[int(gg.id or 0)] = named
    if not chosen:
        return NO_REROLLS

    def ask(question: Question) -> Payment | None:
        for way in question.payments:
            if way.point is Point.FAMA and chosen.get(way.model.game_gang_id) == way.model.name:
                return way
        return None

    return Rerolls(ask=ask)


def do_turn(
    site: Site, campaign_typed: str, game_typed: str, fields: Mapping[str, str]
) -> tuple[str, dict[str, Any]]:
    """``game turn`` (cohesion dice typed as rolled, else random: R-08)."""

    def turn(s: Session, game: Game) -> None:
        source, table = _dice(fields.get("dice", ""))
        new_turn(s, game=game, dice=source, rerolls=_cohesion_rerolls(s, site, game, fields))
        if table is not None:
            table.check_all_used()

    return _change(site, campaign_typed, game_typed, fields, "turn", GameAction.NEW_TURN, turn)


def do_abandon(
    site: Site, campaign_typed: str, game_typed: str, fields: Mapping[str, str]
) -> tuple[str, dict[str, Any]]:
    """``game abandon`` (the owner or an arbitrator)."""

    def abandon(s: Session, game: Game) -> None:
        ending.abandon(s, game=game)

    return _change(site, campaign_typed, game_typed, fields, "abandon", GameAction.END, abandon)


def _verdict(fields: Mapping[str, str]) -> str:
    verdict = fields.get("verdict", "").strip().lower()
    if verdict not in ("good", "bad", "draw"):
        raise _refusal("gl_bad_verdict")
    return verdict


def do_vote(
    site: Site, campaign_typed: str, game_typed: str, fields: Mapping[str, str]
) -> tuple[str, dict[str, Any]]:
    """A side's player confirms the verdict (``end.vote_end``: ``verdict`` good, bad or draw,
    or ``none`` to take the vote back); the game ends when both sides agree. ``side`` names the
    voter's side (needed only by one who may vote for both: the owner, an arbitrator)."""
    verdict = fields.get("verdict", "").strip().lower()
    if verdict != "none":
        verdict = _verdict(fields)
    wanted = fields.get("side", "").strip().lower()

    def vote(s: Session, game: Game) -> None:
        side = Side(wanted) if wanted in ("good", "bad") else None
        if side is None:
            played = sorted(sides_played(s, site.actor(s), game))
            if not played:
                _forbid(s, site, game, GameAction.VOTE_END)  # a spectator: refused in words
            if len(played) != 1:
                raise _refusal("gl_which_side")
            side = played[0]
        _forbid(s, site, game, GameAction.VOTE_END, side)
        if verdict == "none":
            ending.withdraw_vote(s, game=game, side=side)
        else:
            ending.vote_end(s, game=game, side=side, verdict=verdict)

    # A vote is weighed against the game as it stands (``vote_end`` refuses a verdict the
    # recorded state contradicts), so the revision the form was shown at is not asked: the other
    # side's vote, cast a moment before, must not refuse it (issue #20).
    unchecked = {k: v for k, v in fields.items() if k != "revision"}
    return _change(site, campaign_typed, game_typed, unchecked, "vote", GameAction.WATCH, vote)


def do_end(
    site: Site, campaign_typed: str, game_typed: str, fields: Mapping[str, str]
) -> tuple[str, dict[str, Any]]:
    """The owner or an arbitrator ends the game with a verdict, without the players' votes
    (``game end --winner GANG | --draw``: a verdict the recorded state contradicts is
    refused)."""
    verdict = _verdict(fields)

    def end(s: Session, game: Game) -> None:
        if verdict == "draw":
            ending.end_game(s, game=game, draw=True)
        else:
            ending.end_game(s, game=game, winner=ending.side_gang(s, game, Side(verdict)))

    return _change(site, campaign_typed, game_typed, fields, "end", GameAction.END, end)


def _multi(body: bytes, key: str) -> list[str]:
    """Every value of ``key`` in a posted form (``leave`` is ticked once per model)."""
    from urllib.parse import parse_qsl

    pairs = parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
    return [v for k, v in pairs if k == key and v]


def do_start(
    site: Site, campaign_typed: str, choice: Mapping[str, Any]
) -> tuple[int, dict[str, Any]]:
    """``game start`` for this reader, in one unit of work: the game's number and its board
    (``game start --json``)."""
    with site.write() as s:
        campaign = site.find_campaign(s, campaign_typed)
        good = str(choice.get("good") or "") or None
        bad = str(choice.get("bad") or "") or None
        named = [lookup.gang_by_name(s, campaign, g) for g in (good, bad) if g]
        if not may_start(s, site, campaign, named) or (
            not named and not may(s, site.actor(s), Action.FIX_RESULTS, campaign)
        ):
            raise Forbidden(_refusal("gl_may_not_start"))
        game = start_game(
            s,
            campaign=campaign,
            scenario=str(choice.get("scenario") or ""),
            good=good,
            bad=bad,
            leave=[str(x) for x in choice.get("leave", [])],
            leaders=[str(x) for x in choice.get("leaders", [])],
        )
        return int(game.id or 0), board(s, game=game)


# ------------------------------------------------------------------ the start form


def _start_context(session: Session, site: Site, campaign: Campaign, lang: Lang) -> dict[str, Any]:
    """What the start form offers: the seven scenarios by name, the active gangs with their
    default side (RULINGS §3, H-09), each gang's models to leave home, and the models a gang
    without a leader names from in a Duel (R-21)."""
    gangs = [g for g in campaign.gangs if g.status == GangStatus.ACTIVE]
    duels = [sc for sc in scenarios() if names_leaders(sc)]
    rows = []
    for gang in gangs:
        roster = lookup.active_members(gang)
        names = (
            leader_to_name(session, campaign=campaign, scenario=duels[0].id, gang=gang.name)
            if duels
            else None
        )
        rows.append(
            {
                "id": gang.id,
                "name": gang.name,
                "side": default_side(session, gang).value,
                "faction": _faction_name(gang.faction, lang),
                "models": [{"id": m.id, "name": with_handle(m.name, m.handle)} for m in roster],
                "leaderless": names is not None,  # it names one in a Duel
            }
        )
    return {
        "scenarios": [(sc.id, name(sc, lang)) for sc in scenarios()],
        "gangs": rows,
        "may_start": may_start(session, site, campaign, []),
    }


def _start_choice(
    session: Session, campaign: Campaign, fields: Mapping[str, str], body: bytes
) -> dict[str, Any]:
    """The form's fields as ``start_game`` takes them: ``leave`` ticked by model number
    (``GANG:NAME`` for the service), a leader chosen per gang (only the two playing)."""
    good, bad = fields.get("good", ""), fields.get("bad", "")
    playing = {good, bad}
    leave, leaders = [], []
    for gang in campaign.gangs:
        if gang.name not in playing:
            continue
        for member in lookup.active_members(gang):
            if str(member.id) in _multi(body, f"leave-{gang.id}"):
                leave.append(f"{gang.name}:{member.name}")
            if fields.get(f"leader-{gang.id}") == str(member.id):
                leaders.append(f"{gang.name}:{member.name}")
    return {
        "scenario": fields.get("scenario", ""),
        "good": good,
        "bad": bad,
        "leave": leave,
        "leaders": leaders,
    }


def _json_choice(body: bytes) -> dict[str, Any]:
    """An API client's start: ``{"scenario", "good", "bad", "leave": [...], "leaders": [...]}``
    (names as the CLI takes them); anything else carries no fields."""
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    choice: dict[str, Any] = {}
    for key in ("scenario", "good", "bad"):
        if isinstance(data.get(key), str):
            choice[key] = data[key]
    for key in ("leave", "leaders"):
        value = data.get(key)
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list):
            choice[key] = [str(v) for v in value if isinstance(v, str | int)][:100]
    return choice


# ------------------------------------------------------------------ routes


def router(site: Site) -> APIRouter:
    """The live game's pages, fragments, forms and their API."""
    r = APIRouter()

    def live_context(
        request: Request, campaign: str, game: str, message: str = "", panels: bool = True
    ) -> dict[str, Any]:
        """The live page's context, read in one READ unit of work; ``panels``: the "your move"
        panels too (the polled board alone has none)."""
        lang = pick_lang(request)
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = _game(s, found, game)
            view = game_view(s, site, found, g, lang)
            shown = (
                {key: fn(s, site, request, found, g) for key, fn in PANELS.items()}
                if panels
                else {}
            )
        return {"game": view, "message": message, "poll": POLL, **shown}

    @r.get("/c/{campaign}/games", response_class=HTMLResponse, include_in_schema=False)
    def games_page(request: Request, campaign: str) -> Response:
        lang = pick_lang(request)
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            rows = []
            for g in sorted(found_games(s, found), key=lambda x: -(x.id or 0)):
                data = board(s, game=g)
                rows.append(
                    {
                        "url": game_url(found.name, g.id),
                        "title": _say(
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
            context = _start_context(s, site, found, lang)
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

    @r.get("/c/{campaign}/games/new", response_class=HTMLResponse, include_in_schema=False)
    def start_form(request: Request, campaign: str) -> Response:
        return start_page(request, campaign)

    @r.post("/c/{campaign}/games/new", response_class=HTMLResponse, include_in_schema=False)
    async def start_submit(request: Request, campaign: str) -> Response:
        fields = await form_fields(request)
        body = await request.body()
        lang = pick_lang(request)

        def run() -> tuple[str, int]:
            with site.read() as s:
                found = site.find_campaign(s, campaign)
                choice = _start_choice(s, found, fields, body)
            number, _ = do_start(site, campaign, choice)
            return found.name, number

        ticked = frozenset(f"{k}={v}" for k, v in _pairs(body) if k.startswith("leave-"))
        try:
            name_, number = await run_in_threadpool(run)
        except Forbidden as refusal:
            message = refusal.error.text(lang)
            return await run_in_threadpool(
                start_page, request, campaign, 403, message, fields, ticked
            )
        except (NotFound, StoreError):
            raise
        except SkirmishError as error:
            return await run_in_threadpool(
                start_page, request, campaign, 400, error.text(lang), fields, ticked
            )
        return RedirectResponse(game_url(name_, number), status_code=303)

    @r.get("/c/{campaign}/games/{game}", response_class=HTMLResponse, include_in_schema=False)
    def live_page(request: Request, campaign: str, game: str) -> Response:
        return site.page(request, "game/live.html", **live_context(request, campaign, game))

    @r.get("/c/{campaign}/games/{game}/board", response_class=HTMLResponse, include_in_schema=False)
    def board_fragment(request: Request, campaign: str, game: str, rev: str = "") -> Response:
        """The board alone: 204 while the game's revision is still ``rev``."""
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
            if known is None:
                found = site.find_campaign(s, campaign)
                if rev and rev == str(_revision(s, found, game)):
                    return Response(status_code=204)
        context = live_context(request, campaign, game, panels=False)
        response = site.page(request, "game/_board.html", **context)
        response.headers["HX-Trigger"] = "game-changed"
        response.headers["Cache-Control"] = "no-store"
        return response

    def change(
        action: Any, template_code: int = 400
    ) -> Any:  # the three buttons share their handling
        async def submit(request: Request, campaign: str, game: str) -> Response:
            fields = await form_fields(request)
            lang = pick_lang(request)
            try:
                name_, answer = await run_in_threadpool(action, site, campaign, game, fields)
            except Forbidden as refusal:
                return await _again(request, campaign, game, refusal.error.text(lang), 403)
            except (NotFound, StoreError):
                raise
            except SkirmishError as error:
                return await _again(request, campaign, game, error.text(lang), template_code)
            return RedirectResponse(game_url(name_, answer["game"]), status_code=303)

        async def api_submit(request: Request, campaign: str, game: str) -> Response:
            fields = await form_fields(request)
            if request.headers.get("idempotency-key"):
                fields = {**fields, "key": request.headers["idempotency-key"]}
            lang = pick_lang(request)
            try:
                _, answer = await run_in_threadpool(action, site, campaign, game, fields)
            except Forbidden as refusal:
                return site.api(request, {"error": refusal.error.text(lang), "nearest": []}, 403)
            except (NotFound, StoreError):
                raise
            except SkirmishError as error:
                return site.api(request, {"error": error.text(lang), "nearest": []}, 400)
            return site.api(request, answer)

        return submit, api_submit

    async def _again(
        request: Request, campaign: str, game: str, message: str, code: int
    ) -> Response:
        """The live page again with the refusal's words over the board; nothing changed."""
        context = await run_in_threadpool(live_context, request, campaign, game, message)
        return site.page(request, "game/live.html", code, **context)

    for path, action in (
        ("turn", do_turn),
        ("vote", do_vote),
        ("end", do_end),
        ("abandon", do_abandon),
    ):
        declared = commands.BY_NAME[path]  # its words and help: the catalogue's
        submit, api_submit = change(action)
        r.add_api_route(
            "/c/{campaign}/games/{game}/" + path,
            submit,
            methods=["POST"],
            response_class=HTMLResponse,
            include_in_schema=False,
            name=f"game-{path}",
        )
        r.add_api_route(
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
        )

    @r.get("/api/v1/campaigns/{campaign}/games/{game}", tags=["games"])
    def api_game(request: Request, campaign: str, game: str) -> Response:
        """The board: the same as `skirmish game status --game N --json`. Its `ETag` is the
        game's revision: `If-None-Match` with it is answered 304 while nothing changed."""
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = _game(s, found, game)
            tag = f'"rev-{g.revision}"'
            if request.headers.get("if-none-match") == tag:
                return Response(status_code=304, headers={"ETag": tag})
            data = board(s, game=g)
        response = site.api(request, data)
        response.headers["ETag"] = tag
        return response

    @r.post("/api/v1/campaigns/{campaign}/games", tags=["games"], status_code=201)
    async def api_start(request: Request, campaign: str) -> Response:
        """Start a game: the same as `skirmish game start SCENARIO --good G --bad B --leave M
        --leader M --json`. Body: `{"scenario", "good", "bad", "leave": [...], "leaders": [...]}`
        (names as the CLI takes them); the `csrf` cookie's value in `X-CSRF-Token`."""
        body = await request.body()
        lang = pick_lang(request)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        choice = _json_choice(body) if kind == "application/json" else {}
        try:
            _, data = await run_in_threadpool(do_start, site, campaign, choice)
        except Forbidden as refusal:
            return site.api(request, {"error": refusal.error.text(lang), "nearest": []}, 403)
        except (NotFound, StoreError):
            raise
        except SkirmishError as error:
            return site.api(request, {"error": error.text(lang), "nearest": []}, 400)
        return site.api(request, data, 201)

    return r


def found_games(session: Session, campaign: Campaign) -> list[Game]:
    return list(session.exec(select(Game).where(Game.campaign_id == campaign.id)))


def _pairs(body: bytes) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
