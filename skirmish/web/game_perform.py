"""A game's action from the phone, done (issue #12; split out of ``web/game_actions.py`` for
issue #20): the fields read as the catalogue (``campaign/game/commands.py``) and the combat
situation (``engine/situation.py``) declare them, who may act (``campaign.game.permissions``),
the action run and recorded once for its key, the hand-over of a die to the other phone, and
undo.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from sqlmodel import Session

from skirmish.campaign import idempotency
from skirmish.campaign.game import commands, event_log
from skirmish.campaign.game import handover as handing
from skirmish.campaign.game import undo as undoing
from skirmish.campaign.game.board import (
    events_of,
    find_game_gang,
    game_by_id,
    load_befores,
    models_of,
    resolve_target,
    scenario_of,
    side_gangs,
    side_of,
)
from skirmish.campaign.game.commands import Command
from skirmish.campaign.game.permissions import GameAction, may_game, require_game
from skirmish.campaign.game.status import Kept, engine_mark, rosters_mark
from skirmish.campaign.game.tables import Game
from skirmish.campaign.game.telling import sentence, told
from skirmish.campaign.models import CampaignLine
from skirmish.campaign.store import Access
from skirmish.engine import situation_fields
from skirmish.engine.glossary import EventKind
from skirmish.engine.situation import Procedure
from skirmish.engine.situation_fields import GAME_DEFAULTS as GAME_DEFAULTS
from skirmish.engine.situation_fields import field_name as field_name
from skirmish.engine.situation_fields import situation_inputs as situation_inputs
from skirmish.engine.situation_value import Situation
from skirmish.errors import CampaignError, RulesError, shown
from skirmish.i18n import Lang
from skirmish.translation import Message, Said, gettext
from skirmish.web import game_live_base, text
from skirmish.web.game_action_words import act_url, action_words, refusal
from skirmish.web.game_dice import HandTo, NeedAnswer, NeedDie, Step
from skirmish.web.game_render import SIZE
from skirmish.web.game_state import Answering, streams_of
from skirmish.web.site import Forbidden, NotFound, Site, pick_lang, reader

# ----------------------------------------------------------------------------- the actions

Values = Mapping[str, Any]


Spec = Command


def _text(values: Values, key: str) -> str | None:
    value = values.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str | int | float):
        raise bad_field(key, value, "not a word")
    return str(value).strip()


def bad_field(key: str, value: Any, why: str) -> RulesError:
    """A field's value refused, in the words of the game's actions (``why``: one of
    ``situation_fields.WHY``)."""
    return RulesError(
        text.Worded(
            "gac_bad_field",
            field=key,
            value=shown(value),
            why=Said(lambda lang: gettext(lang, why)),
        )
    )


def required_field(values: Values, key: str) -> str:
    found = _text(values, key)
    if found is None:
        raise refusal("gac_missing", field=key)
    return found


def field_flag(values: Values, key: str) -> bool:
    """Field ``key`` as yes or no (``engine.situation_fields``)."""
    return situation_fields.field_flag(values, key, bad_field)


def read_situation(procedure: Procedure, values: Values) -> Situation:
    """The situation's values from the fields, as ``engine.situation_fields.read_fields``
    reads them (the phone's offline preview too, issue #24)."""
    return situation_fields.read_fields(procedure, values, bad_field)


def find_spec(typed: str) -> Spec:
    """One of a model's actions, by any of its names (the catalogue's)."""
    return commands.model_action(typed)


def actor_field(spec: Spec) -> str:
    """The field naming the model a player picks first (the retreating gang's model)."""
    return spec.actor or "member"


# ----------------------------------------------------------------------------- who may


def find_game(session: Session, campaign: CampaignLine, typed: str | int) -> Game:
    """Game number ``typed`` of ``campaign`` (locked in a writing unit of work); else
    ``NotFound`` naming the campaign's games."""
    text_ = str(typed)
    number = int(text_) if text_.isascii() and text_.isdigit() and len(text_) <= 9 else None
    try:
        if number is None:
            raise CampaignError(Message("{text} is not a game number.", text=shown(text_)))
        return game_by_id(session, campaign, number)
    except CampaignError as error:
        links = [(campaign.name, game_live_base.games_url(campaign.name))]
        raise NotFound(error, links) from None


def _side_of(session: Session, game: Game, model: str | None) -> str | None:
    if model is None:
        return None

    ref = resolve_target(session, game, model)
    return side_of(session, ref.model).value if ref.model is not None else None


def _side_of_gang(session: Session, game: Game, gang: str) -> str | None:
    """The side ``gang`` plays in ``game`` (the service refuses a gang not playing it)."""
    try:
        return find_game_gang(session, game, gang).side
    except CampaignError:
        return None


def permitted(site: Site, session: Session, game: Game, spec: Spec, values: Values) -> None:
    """The reader may act for the acting model's side (``ACT``), or, for an attack, record it
    at a model of their own side (``RECORD_AT``: the target's player records the shot at their
    model); an objective's event with nobody doing it, for either side they play. Refused:
    ``Forbidden`` with ``require_game``'s words, nothing changed."""
    actor = site.actor(session)
    acting = _text(values, spec.actor) if spec.actor else None
    try:
        gang = _text(values, "gang") if spec.actor is None else None
        if gang is not None:  # a gang's own step (retreat): for the side it plays
            require_game(session, actor, game, GameAction.ACT, _side_of_gang(session, game, gang))
            return
        if acting is None:
            if any(may_game(session, actor, game, GameAction.ACT, x) for x in ("good", "bad")):
                return
            require_game(session, actor, game, GameAction.ACT, None)
        mine = _side_of(session, game, acting)
        if may_game(session, actor, game, GameAction.ACT, mine):
            return
        target = _text(values, spec.target) if spec.target else None
        theirs = _side_of(session, game, target) if target is not None else None
        if theirs is not None and may_game(session, actor, game, GameAction.RECORD_AT, theirs):
            return
        require_game(session, actor, game, GameAction.ACT, mine)
    except CampaignError as error:
        raise Forbidden(error) from None


def played_models(site: Site, session: Session, game: Game) -> frozenset[str] | None:
    """The names of the models of the sides this reader acts for (``None``: both sides)."""
    sides = sides_acting(site, session, game)
    if len(sides) == 2:
        return None
    return frozenset(m.name for m in models_of(session, game) if side_of(session, m) in sides)


def sides_acting(site: Site, session: Session, game: Game) -> list[str]:
    """The sides this reader may act for (what the flow offers)."""
    actor = site.actor(session)
    return [s for s in ("good", "bad") if may_game(session, actor, game, GameAction.ACT, s)]


# ----------------------------------------------------------------------------- doing it


def _last_event(session: Session, game: Game) -> int:
    return event_log.last_event_id(session, game)


def events_after(session: Session, game: Game, after: int) -> list[dict[str, Any]]:
    """The events recorded after id ``after``, as ``skirmish game … --json`` prints them (from
    the log's tail the action holds, issue #23)."""
    return [
        {"id": e.id, "turn": e.turn, "action": e.action, "details": e.details, "dice": e.dice}
        for e in event_log.events_after(session, game, after)
    ]


@dataclass
class Done:
    """An action recorded (or its first answer replayed): the CLI's JSON, its explanation."""

    body: dict[str, Any]
    lines: list[str]
    replayed: bool
    campaign: str
    status: int = 200


def _key(key: str | None) -> str:
    """The client's idempotency key (``idempotency.check_key``), a fresh one when it sent none
    (nothing to replay then)."""
    if key is None or not key.strip():
        return secrets.token_urlsafe(24)
    return idempotency.check_key(key.strip())


#: A handed-over action's own check, in the unit of work that carries it on (issue #20): the
#: reader may answer what it waits for, and it is still the one shown; the account whose
#: idempotency key the action's is.
Claim = Callable[[Session, Game], int | None]
#: How an action's dice come, made in the reader's language once the unit of work has
#: identified them (``identifies_writer``): ``functools.partial(Step, faces=…)``.
StepIn = Callable[[Lang], Step]


def perform(
    site: Site, spec: Spec, campaign: str, game_id: str, values: Values, step: Step | StepIn,
    key: str | None, claim: Claim | None = None, request: Request | None = None,
) -> Done:  # fmt: skip
    """One unit of work: the campaign (one the reader may see), the game (locked), the
    permission, then the action once for the key. An action short of a die or of a reroll's
    answer raises ``NeedDie`` or ``NeedAnswer`` out of the unit of work: nothing is written.
    Each says on whose phone it is asked (``side``): the other side's when the die is of a
    model the reader does not play (the hand-over); with ``claim``, the side of the die's
    model, always. With the ``request``, an action done (not replayed) also reads its
    revision's round and board for its streams (``streams_of``), in this unit of work once
    sealed (``game_state.Answering``; issue #23, table mode's tenth round). Its reader is
    identified in this unit of work when its route says so (``identifies_writer``; the
    seventh round of the action's unit of work): the streams' language and the step's (a
    ``StepIn``) are asked once it is."""
    lines: list[str] = []
    with Answering(site, None) as answering, site.write(rows=True) as s:
        if request is not None:  # the reader is identified now
            answering.streams = streams_of(request)
        if isinstance(step, Step):
            stepping = step
        else:
            assert request is not None, "a step made in the reader's language needs the request"
            stepping = step(pick_lang(request))
        found = site.find_campaign_line(s, campaign)
        game = find_game(s, found, game_id)
        if claim is None:
            permitted(site, s, game, spec, values)
            user = reader().user_id
            acting = _text(values, spec.actor) if spec.actor else None
            stepping.hand_to = _hand_to(site, s, game, acting)
        else:
            user = claim(s, game)
            stepping.hand_to = lambda model: _side_of(s, game, model)
        stepping.mine = lambda: played_models(site, s, game)  # asked only when a die fails

        def run() -> tuple[int, dict[str, Any]]:
            body, said = act(s, game, spec, values, stepping)
            lines.extend(said)
            return 200, body

        route = action_route(game, spec)
        status, body, replayed = idempotency.replay_or_run(s, _key(key), user, route, run)
        if not replayed:  # a replay changed nothing: its revision's streams have been told
            answering.after_seal(s, found, game)
        events = body.get("events", []) if isinstance(body, dict) else []
        ids = {e.get("id") for e in events if isinstance(e, dict)}
        said = told(log_rows(s, game, ids), scenario_of(game), stepping.lang, side_gangs(s, game))
        return Done(body, lines + said, replayed, found.name, status)


def action_route(game: Game, spec: Spec) -> str:
    """The route an action's idempotency key is kept for (the API's, the form's, the sync's:
    a key sent online whose answer was lost is answered once more when the phone syncs it)."""
    return f"games/{game.id}/actions/{spec.name}"


def act(
    session: Session, game: Game, spec: Spec, values: Values, step: Step
) -> tuple[dict[str, Any], list[str]]:
    """Run the action (``run_action``): its answer, the events it recorded as the CLI's
    ``--json`` prints them, and the lines that explain its dice."""
    mark = _last_event(session, game)
    lines = run_action(session, game, spec, values, step)
    return {"game": game.id, "turn": game.turn, "events": events_after(session, game, mark)}, lines


def run_action(session: Session, game: Game, spec: Spec, values: Values, step: Step) -> list[str]:
    """The action's service with its values, the dice as ``step`` gives them: what it said."""
    situation = read_situation(spec.procedure, values) if spec.procedure is not None else None
    typed = spec.read(values, situation)
    assert spec.run is not None
    said = spec.run(session, game, typed, step)
    step.table.check_all_used()
    return list(said)


def _hand_to(site: Site, session: Session, game: Game, acting: str | None) -> HandTo:
    """Where a die of a model is asked, for a reader who plays the acting model's side only:
    the other side's phone for a model of the other side (its saves, panic tests, rerolls;
    issue #20), ``None`` (this phone) otherwise: a referee, one player of both sides, or the
    target's player recording the shot at their model type every die themselves."""
    known: dict[str, list[str]] = {}

    def side_for(model: str | None) -> str | None:
        if "mine" not in known:
            sides = sides_acting(site, session, game)
            plays = len(sides) == 1 and _side_of(session, game, acting) in sides
            known["mine"] = sides if plays else []
        if model is None or not known["mine"]:
            return None
        theirs = _side_of(session, game, model)
        return theirs if theirs is not None and theirs not in known["mine"] else None

    return side_for


def hand_over(
    site: Site, spec: Spec, campaign: str, game_id: str, values: Values,
    pending: NeedDie | NeedAnswer, answers: list[Any], random: bool, key: str | None,
) -> str:  # fmt: skip
    """Store the action so far for the other side's phone (``campaign.game.handover``), in one
    small unit of work that moves the game's revision on; the page that waits for it."""
    assert pending.side is not None
    with site.write(rows=True) as s:
        found = site.find_campaign_line(s, campaign)
        game = find_game(s, found, game_id)
        permitted(site, s, game, spec, values)
        acting = _side_of(s, game, _text(values, spec.actor) if spec.actor else None)
        row = handing.hand_over(
            s, game=game, action=spec.name, values=values, dice=[u.face for u in pending.used],
            answers=answers, random=random, key=_key(key), by=reader().user_id,
            acting_side=acting or pending.side, side=pending.side, asks=pending.asks(),
        )  # fmt: skip
        return act_url(found.name, game.id, "handover", key=row.key)


def log_rows(session: Session, game: Game, ids: set[Any] | None = None) -> list[dict[str, Any]]:
    """The game's events (those of ``ids``) as the game log reads them: with the name of the
    model each is about (``telling``)."""
    names = {m.id: m.name for m in models_of(session, game)}
    rows = events_of(session, game) if ids is None else event_log.events_with(session, game, ids)
    return [
        {"id": e.id, "turn": e.turn, "action": e.action, "details": e.details, "dice": e.dice,
         "model": names.get(e.model_id) if e.model_id is not None else None}
        for e in rows
    ]  # fmt: skip


def take_back(
    site: Site, campaign: str, game_id: str, key: str | None, request: Request,
    entry: int | None = None, revision: int | None = None,
) -> Done:  # fmt: skip
    """Undo the game's last action (``undo.undo_last``), once for the key; the same JSON as
    ``skirmish game undo --json``. ``entry`` (the action the page showed) or ``revision``
    (the game's, as the client saw it): refused (``StaleError``) when the game has moved on
    since, so two phones confirming the same undo take back one action (issue #20). Its words
    are in the reader's language (``pick_lang``), asked once this unit of work has identified
    them (``identifies_writer``)."""
    lines: list[str] = []
    with site.write(rows=True) as s:
        lang = pick_lang(request)
        found = site.find_campaign_line(s, campaign)
        game = find_game(s, found, game_id)
        try:
            require_game(s, site.actor(s), game, GameAction.UNDO)
        except CampaignError as error:
            raise Forbidden(error) from None
        said = last_action(s, game, lang)

        def run() -> tuple[int, dict[str, Any]]:
            item = undoing.undo_last(s, game=game, entry=entry, revision=revision)
            lines.append(action_words(lang)["gac_undone"].format(what=" ".join(said)))
            now = {"game": game.id, "turn": game.turn, "status": game.status}
            return 200, {**now, "undone": [item.data()]}

        route = f"games/{game.id}/undo"
        status, body, replayed = idempotency.replay_or_run(
            s, _key(key), reader().user_id, route, run
        )
        return Done(body, lines, replayed, found.name, status)


#: ``last_action``'s words, once per key.
LAST = Kept(SIZE)
#: How many of the game's newest events ``last_action`` looks at first for the last action's
#: beginning (their ``before`` loaded; all of them when none of these begins one).
TAIL = 8


def last_action(session: Session, game: Game, lang: Lang) -> list[str]:
    """What undo would take back, in the game log's words: the events of the last action (the
    last one that keeps the rows as they were before it, and those after it). In a READ unit of
    work, once per (store, game, revision, rosters, language) for every reader (``LAST``: issue
    #23, sixth round; the same for every viewpoint: it is the game's log)."""
    if session.info.get("access") != Access.READ:
        return _last_action(session, game, lang)
    key = (engine_mark(session), game.id, game.revision, rosters_mark(session, game), lang.value)
    said: tuple[str, ...] = LAST.built(key, lambda: tuple(_last_action(session, game, lang)))
    return list(said)


def _last_action(session: Session, game: Game, lang: Lang) -> list[str]:
    events = events_of(session, game)
    load_befores(session, events[-TAIL:])  # an action's first event is seldom further back
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i].before is not None), None)
    if start is None and len(events) > TAIL:
        load_befores(session, events)
        start = next(
            (i for i in range(len(events) - 1, -1, -1) if events[i].before is not None), None
        )
    if start is None or events[start].action == EventKind.START:
        return []
    rows = log_rows(session, game, {e.id for e in events[start:]})
    scenario = scenario_of(game)
    gangs = side_gangs(session, game)
    return [sentence(row, scenario, lang, gangs) for row in rows]
