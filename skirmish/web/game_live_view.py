"""What the live page shows (issue #12; split out of ``web/game_live.py`` for issue #20): the
game as each reader may see it, read in one unit of work."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from sqlmodel import Session

from skirmish import rules
from skirmish.campaign.game.activations import to_activate
from skirmish.campaign.game.board import (
    events_of,
    gang_row,
    gangs_of,
    models_of,
    scenario_of,
    side_gangs,
)
from skirmish.campaign.game.handover import game_and_handover
from skirmish.campaign.game.permissions import (
    GameAction,
    may_game,
    sides_played,
)
from skirmish.campaign.game.rerolls import (
    GangDie,
    payments,
)
from skirmish.campaign.game.status import Kept, board, engine_mark, rosters_mark
from skirmish.campaign.game.tables import Game
from skirmish.campaign.game.telling import carried_name, objective_name, reason_text, sentences
from skirmish.campaign.game.turns import cohesion_due
from skirmish.campaign.models import CampaignLine
from skirmish.campaign.naming import with_handle
from skirmish.campaign.store import Access
from skirmish.engine.glossary import GameResult, GameStatus, TableState, label, label_value
from skirmish.errors import CampaignError, SkirmishError
from skirmish.i18n import Lang, name
from skirmish.rules.model import ModelState, ObjectiveState, Point, Side
from skirmish.web import text
from skirmish.web.game_live_base import (
    LOG_LINES,
    api_game_url,
    game_url,
    games_url,
    live_words,
)
from skirmish.web.site import NotFound, Site

# ------------------------------------------------------------------ reading


def find_live_game(session: Session, campaign: CampaignLine, typed: str) -> Game:
    """Game number ``typed`` of ``campaign``; else ``NotFound`` with the campaign's games."""
    number = int(typed) if typed.isascii() and typed.isdigit() and len(typed) <= 9 else None
    try:
        if number is None:
            raise CampaignError(text.Worded("gl_not_a_game", typed=repr(typed)))
        return game_and_handover(session, campaign, number)
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
        notes.append(live_words("gl_fleeing", lang))
    if m["state_clears_turn"] is not None and not m["eliminated"]:
        notes.append(live_words("gl_clears", lang, turn=m["state_clears_turn"]))
    out = ""
    if m["eliminated"]:
        by = m["eliminated_by"]
        out = (
            live_words("gl_eliminated_by", lang, name=by)
            if by
            else live_words("gl_eliminated", lang)
        )
    elif m["left_turn"] is not None:
        out = live_words("gl_left_table", lang, turn=m["left_turn"])
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


#: What every reader of a game sees on its board, by (store, game, revision, language,
#: rosters, campaign): ``game_view`` adds what this reader may do (issue #23, table mode's
#: third round: the two phones of a game share it, each with its own viewpoint).
SHARED_VIEWS = Kept(256)


def game_view(
    session: Session, site: Site, campaign: CampaignLine, game: Game, lang: Lang
) -> dict[str, Any]:
    """Everything the live page shows of ``game`` for this reader, in ``lang``: the board of
    ``game status --json`` in words, whose turn it is, the newest log lines (``shared_view``,
    the same for every reader), and what the reader may do."""
    view = shared_view(session, campaign, game, lang)
    playing = view["playing"]
    actor = site.actor(session)
    plays = sides_played(session, actor, game)
    voters = [s for s in Side if may_game(session, actor, game, GameAction.VOTE_END, s)]
    for g in view["gangs"]:
        g["mine"] = Side(g["side"]) in plays
        g["votes_here"] = Side(g["side"]) in voters
    ended = view["status"] == GameStatus.ENDED
    view.update(
        {
            "mine": [s.value for s in plays],
            "voters": [s.value for s in voters],
            # each form's idempotency key: a second tap on the same button acts once
            "form_keys": {
                route: secrets.token_urlsafe(12) for route in ("turn", "end", "abandon", "vote")
            },
            "may_turn": playing and may_game(session, actor, game, GameAction.NEW_TURN),
            "may_end": playing and may_game(session, actor, game, GameAction.END),
            "cohesion_rerolls": _reroll_choices(session, game, actor) if playing else [],
            "postgame": [
                {
                    "gang": g["gang"],
                    "url": f"{view['url']}/postgame/{quote(g['gang'], safe='')}",
                    "owed": g["owes_postgame"],
                    "mine": may_game(session, actor, game, GameAction.POSTGAME, g["side"]),
                }
                for g in view["gangs"]
            ]
            if ended
            else [],
        }
    )
    return view


def shared_view(session: Session, campaign: CampaignLine, game: Game, lang: Lang) -> dict[str, Any]:
    """What every reader sees of ``game`` in ``lang`` (``game_view`` less the reader's own);
    in a READ unit of work built once per (store, game, revision, language, rosters,
    campaign) for the whole server process (``SHARED_VIEWS``), each caller given a copy
    (``_copy``)."""
    if session.info.get("access") != Access.READ:
        return _shared_view(session, campaign, game, lang)
    key = (
        engine_mark(session), game.id, game.revision, lang.value,
        rosters_mark(session, game), campaign.name,
    )  # fmt: skip
    return _copy(SHARED_VIEWS.built(key, lambda: _shared_view(session, campaign, game, lang)))


def _copy(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of a shared view that ``game_view`` may fill in: the view and its gangs (what
    it and its callers change); the rest is only ever read."""
    return {**view, "gangs": [dict(g) for g in view["gangs"]]}


def _shared_view(
    session: Session, campaign: CampaignLine, game: Game, lang: Lang
) -> dict[str, Any]:
    data = board(session, game=game)
    scenario = scenario_of(game)
    playing = data["status"] == GameStatus.IN_PROGRESS
    votes = {gg.side: gg.end_vote for gg in gangs_of(session, game)}
    gang_names = {g["side"]: g["gang"] for g in data["gangs"]}
    gangs = []
    for g in data["gangs"]:
        gangs.append(
            {
                "gang": g["gang"],
                "side": g["side"],
                "side_word": live_words(f"gl_side_{g['side']}", lang),
                "faction": faction_name(g["faction"], lang),
                "casualties": live_words(
                    "gl_casualties", lang, lost=g["casualties"], started=g["started"]
                ),
                "leader": g["leader"],
                "leader_named": g["leader_named"],
                "cohesion_due": g["cohesion_due"],
                "retreated": bool(g["retreated"]),
                "result": label_value(GameResult, g["result"], lang)
                if data["status"] == GameStatus.ENDED
                else "",
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
    shown = sentences(events[-LOG_LINES:], scenario, lang, side_gangs(session, game))
    lines = list(reversed(shown))
    over = ""
    if playing and data["verdict"] is not None and data["verdict"]["over"]:
        who = data["verdict"]["winner"]
        over = live_words(
            "gl_verdict_over",
            lang,
            who=live_words("gl_wins", lang, gang=who) if who else live_words("gl_draw", lang),
            reason=reason_text(data["verdict"]["reason"], scenario, lang),
        )
    ended = ""
    if data["status"] == GameStatus.ENDED:
        who = data["winner"]
        ended = live_words(
            "gl_over",
            lang,
            who=live_words("gl_wins", lang, gang=who) if who else live_words("gl_draw", lang),
            reason=reason_text(data["reason"], scenario, lang),
        )
    elif data["status"] == GameStatus.ABANDONED:
        ended = live_words("gl_abandoned", lang)
    limit = data["turn_limit"]
    return {
        "id": game.id,
        "revision": game.revision,
        "campaign": campaign.name,
        "url": game_url(campaign.name, game.id),
        "api_url": api_game_url(campaign.name, game.id),
        "title": live_words("gl_title", lang, game=game.id, scenario=name(scenario, lang)),
        "scenario": name(scenario, lang),
        "scenario_id": scenario.id,
        "status": data["status"],
        "status_word": label_value(GameStatus, data["status"], lang),
        "playing": playing,
        "turn": data["turn"],
        "turn_text": live_words("gl_turn_of", lang, turn=data["turn"], limit=limit)
        if limit
        else live_words("gl_turn_only", lang, turn=data["turn"]),
        "acting": data["activation"],
        "waiting": waiting,
        "gangs": gangs,
        "objectives": objectives,
        "log": lines,
        "verdict_over": over,
        "ended": ended,
        "cohesion_gangs": [g["gang"] for g in data["gangs"] if g["cohesion_due"]],
        "vote_choices": _vote_choices(gang_names, lang),
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


def faction_name(faction: str, lang: Lang) -> str:
    try:
        return name(rules.find_faction(faction), lang)
    except SkirmishError:
        return ""


def _vote_choices(gang_names: Mapping[str, str], lang: Lang) -> list[tuple[str, str]]:
    """The verdicts a player may confirm: each side's gang wins, or a draw."""
    return [
        (side, live_words("gl_wins", lang, gang=gang_names.get(side, side)))
        for side in ("good", "bad")
    ] + [("draw", live_words("gl_draw", lang))]


def _verdict_words(vote: str | None, gang_names: Mapping[str, str], lang: Lang) -> str:
    if vote is None:
        return ""
    if vote == "draw":
        return live_words("gl_draw", lang)
    return live_words("gl_wins", lang, gang=gang_names.get(vote, vote))
