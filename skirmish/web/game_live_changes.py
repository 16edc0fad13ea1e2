"""Changing a game from the live page (issue #12; split out of ``web/game_live.py`` for issue
#20): a new turn, a vote, the end, abandoning, starting a game, each in one unit of work with its
idempotency key and the revision the form was shown at."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qsl

from fastapi import Request
from sqlmodel import Session

from skirmish.campaign import idempotency, lookup
from skirmish.campaign.fields import YES
from skirmish.campaign.game import end as ending
from skirmish.campaign.game import event_log
from skirmish.campaign.game.board import gangs_of
from skirmish.campaign.game.permissions import (
    GameAction,
    sides_played,
)
from skirmish.campaign.game.rerolls import (
    NO_REROLLS,
    Payment,
    Question,
    Rerolls,
)
from skirmish.campaign.game.start import default_side, leader_to_name, names_leaders, start_game
from skirmish.campaign.game.status import board
from skirmish.campaign.game.tables import Game
from skirmish.campaign.game.turns import TurnReport, new_turn
from skirmish.campaign.models import Campaign, GangStatus
from skirmish.campaign.naming import with_handle
from skirmish.campaign.permissions import Action, may
from skirmish.engine.dice import RandomDice, TableDice, parse_dice
from skirmish.i18n import Lang, name
from skirmish.rules.model import Point, Side
from skirmish.rules.scenarios import scenarios
from skirmish.web.action_schema import refuse_unknown
from skirmish.web.game_live_base import forbid_game, live_refusal, may_start
from skirmish.web.game_live_view import faction_name, find_live_game
from skirmish.web.game_perform import events_after
from skirmish.web.game_state import Answering, streams_of
from skirmish.web.site import Forbidden, Site, reader

# ------------------------------------------------------------------ changing


def _check_fresh(game: Game, fields: Mapping[str, str]) -> None:
    """A form carries the revision it was shown at; a game changed since then (the same button
    tapped twice, or another phone's action in between) is refused: nothing changes twice."""
    sent = fields.get("revision", "")
    if sent and sent != str(game.revision):
        raise live_refusal("gl_stale")


def _change(
    site: Site,
    campaign_typed: str,
    game_typed: str,
    fields: Mapping[str, str],
    route: str,
    permission: GameAction,
    action: Callable[[Session, Game], None],
    request: Request | None = None,
) -> tuple[str, dict[str, Any]]:
    """One change to a game in one unit of work: the game permissions asked there
    (``require_game``), the revision the form was shown at checked, then ``action``; the
    campaign's name and ``game … --json``'s answer (the events it recorded). With an
    idempotency key (``key``: each form carries one; an API client sends its own) a double tap
    or a retry gets the first answer again and nothing happens twice (``idempotency``). With
    the ``request``, a change done (not replayed) also reads its revision's round and board for
    its streams (``streams_of``), in this unit of work once sealed (``game_state.Answering``;
    issue #23, table mode's tenth round), asked once this unit of work has identified its
    reader (``identifies_writer``; the action's unit of work's seventh round). The answer's
    events come from the log's tail the lock read (``event_log``; issue #23, the action's unit
    of work, sixth round: the whole log was read and decoded for them at every turn, vote, end
    and abandon)."""
    with Answering(site, None) as answering, site.write(rows=True) as s:
        if request is not None:  # the reader is identified now: the streams' language is theirs
            answering.streams = streams_of(request)
        campaign = site.find_campaign_line(s, campaign_typed)
        game = find_live_game(s, campaign, game_typed)
        forbid_game(s, site, game, permission)

        def run() -> tuple[int, Any]:
            _check_fresh(game, fields)
            mark = event_log.last_event_id(s, game)
            action(s, game)
            return 200, {"game": game.id, "turn": game.turn, "events": events_after(s, game, mark)}

        key = fields.get("key", "")
        if key:
            where = f"game/{game.id}/{route}"
            _, body, replayed = idempotency.replay_or_run(s, key, reader().user_id, where, run)
        else:
            body, replayed = run()[1], False
        if not replayed:  # a replay changed nothing: its revision's streams have been told
            answering.after_seal(s, campaign, game)
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
            forbid_game(session, site, game, GameAction.OWN_DICE, Side(gg.side))
            chosen[int(gg.id or 0)] = named
    if not chosen:
        return NO_REROLLS

    def ask(question: Question) -> Payment | None:
        for way in question.payments:
            if way.point is Point.FAMA and chosen.get(way.model.game_gang_id) == way.model.name:
                return way
        return None

    return Rerolls(ask=ask)


def next_turn(
    session: Session,
    game: Game,
    typed: Sequence[int],
    *,
    random: bool,
    rerolls: Rerolls = NO_REROLLS,
) -> TurnReport:
    """The next turn as a phone begins it (``game turn``, R-08), one declaration for the live
    page's button (``do_turn``) and the phone's queued turn sent when back online
    (``game_sync``, issue #24): the cohesion dice ``typed`` as rolled at the table, in order,
    then (``random``) dice rolled here for any still needed; every typed die must be used. Who
    may is asked by the caller (``GameAction.NEW_TURN``), as each refuses in its own way."""
    dice = TableDice(typed, random_dice=RandomDice() if random else None)
    report = new_turn(session, game=game, dice=dice, rerolls=rerolls)
    dice.check_all_used()
    return report


def do_turn(
    site: Site,
    campaign_typed: str,
    game_typed: str,
    fields: Mapping[str, str],
    request: Request | None = None,
) -> tuple[str, dict[str, Any]]:
    """``game turn`` (cohesion dice typed as rolled, else random: R-08)."""

    def turn(s: Session, game: Game) -> None:
        typed = fields.get("dice", "")
        dice = parse_dice(typed) if typed.strip() else ()
        rerolls = _cohesion_rerolls(s, site, game, fields)
        next_turn(s, game, dice, random=not typed.strip(), rerolls=rerolls)

    return _change(
        site, campaign_typed, game_typed, fields, "turn", GameAction.NEW_TURN, turn, request
    )


def do_abandon(
    site: Site,
    campaign_typed: str,
    game_typed: str,
    fields: Mapping[str, str],
    request: Request | None = None,
) -> tuple[str, dict[str, Any]]:
    """``game abandon`` (the owner or an arbitrator)."""

    def abandon(s: Session, game: Game) -> None:
        ending.abandon(s, game=game)

    return _change(
        site, campaign_typed, game_typed, fields, "abandon", GameAction.END, abandon, request
    )


def _verdict(fields: Mapping[str, str]) -> str:
    verdict = fields.get("verdict", "").strip().lower()
    if verdict not in ("good", "bad", "draw"):
        raise live_refusal("gl_bad_verdict")
    return verdict


def do_vote(
    site: Site,
    campaign_typed: str,
    game_typed: str,
    fields: Mapping[str, str],
    request: Request | None = None,
) -> tuple[str, dict[str, Any]]:
    """A side's player confirms the verdict (``end.vote_end``: ``verdict`` good, bad or draw,
    or ``none`` to take the vote back, as ``withdraw`` does: the catalogue's field); the game
    ends when both sides agree. ``side`` names the voter's side (needed only by one who may vote
    for both: the owner, an arbitrator)."""
    verdict = fields.get("verdict", "").strip().lower()
    if fields.get("withdraw", "").strip().lower() in YES:
        verdict = "none"
    if verdict != "none":
        verdict = _verdict(fields)
    wanted = fields.get("side", "").strip().lower()

    def vote(s: Session, game: Game) -> None:
        side = Side(wanted) if wanted in ("good", "bad") else None
        if side is None:
            played = sorted(sides_played(s, site.actor(s), game))
            if not played:
                forbid_game(s, site, game, GameAction.VOTE_END)  # a spectator: refused in words
            if len(played) != 1:
                raise live_refusal("gl_which_side")
            side = played[0]
        forbid_game(s, site, game, GameAction.VOTE_END, side)
        if verdict == "none":
            ending.withdraw_vote(s, game=game, side=side)
        else:
            ending.vote_end(s, game=game, side=side, verdict=verdict)

    # A vote is weighed against the game as it stands (``vote_end`` refuses a verdict the
    # recorded state contradicts), so the revision the form was shown at is not asked: the other
    # side's vote, cast a moment before, must not refuse it (issue #20).
    unchecked = {k: v for k, v in fields.items() if k != "revision"}
    return _change(
        site, campaign_typed, game_typed, unchecked, "vote", GameAction.WATCH, vote, request
    )


def do_end(
    site: Site,
    campaign_typed: str,
    game_typed: str,
    fields: Mapping[str, str],
    request: Request | None = None,
) -> tuple[str, dict[str, Any]]:
    """The owner or an arbitrator ends the game with a verdict, without the players' votes
    (``verdict`` good, bad or draw; or the catalogue's fields, as ``game end --winner GANG |
    --draw`` takes them: a verdict the recorded state contradicts is refused)."""
    winner = fields.get("winner", "").strip() or None
    draw = fields.get("draw", "").strip().lower() in YES
    verdict = "" if winner is not None or draw else _verdict(fields)

    def end(s: Session, game: Game) -> None:
        if not verdict:
            ending.end_game(s, game=game, winner=winner, draw=draw)
        elif verdict == "draw":
            ending.end_game(s, game=game, draw=True)
        else:
            ending.end_game(s, game=game, winner=ending.side_gang(s, game, Side(verdict)))

    return _change(site, campaign_typed, game_typed, fields, "end", GameAction.END, end, request)


def _multi(body: bytes, key: str) -> list[str]:
    """Every value of ``key`` in a posted form (``leave`` is ticked once per model)."""
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
        gangs = [str(x) for x in choice.get("gangs", [])]
        named = [lookup.gang_by_name(s, campaign, g) for g in (good, bad, *gangs) if g]
        if not may_start(s, site, campaign, named) or (
            not named and not may(s, site.actor(s), Action.FIX_RESULTS, campaign)
        ):
            raise Forbidden(live_refusal("gl_may_not_start"))
        game = start_game(
            s,
            campaign=campaign,
            scenario=str(choice.get("scenario") or ""),
            gangs=gangs,
            good=good,
            bad=bad,
            leave=[str(x) for x in choice.get("leave", [])],
            leaders=[str(x) for x in choice.get("leaders", [])],
        )
        return int(game.id or 0), board(s, game=game)


# ------------------------------------------------------------------ the start form


def start_context(session: Session, site: Site, campaign: Campaign, lang: Lang) -> dict[str, Any]:
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
                "faction": faction_name(gang.faction, lang),
                "models": [{"id": m.id, "name": with_handle(m.name, m.handle)} for m in roster],
                "leaderless": names is not None,  # it names one in a Duel
            }
        )
    return {
        "scenarios": [(sc.id, name(sc, lang)) for sc in scenarios()],
        "gangs": rows,
        "may_start": may_start(session, site, campaign, []),
    }


def start_choice(
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


def json_choice(body: bytes, known: frozenset[str]) -> dict[str, Any]:
    """An API client's start: ``{"scenario", "gangs": [...], "good", "bad", "leave": [...],
    "leader": [...]}`` (names as the CLI takes them; ``leaders`` for ``leader``); a field not
    in ``known`` is refused naming the nearest; anything else carries no fields."""
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    refuse_unknown("start", known, data)
    choice: dict[str, Any] = {}
    for key in ("scenario", "good", "bad"):
        if isinstance(data.get(key), str):
            choice[key] = data[key]
    for key, into in (("gangs", "gangs"), ("leave", "leave"), ("leader", "leaders"),
                      ("leaders", "leaders")):  # fmt: skip
        value = data.get(key)
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list):
            named = [str(v) for v in value if isinstance(v, str | int)]
            choice[into] = [*choice.get(into, []), *named][:100]
    return choice
