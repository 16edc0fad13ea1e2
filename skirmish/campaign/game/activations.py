"""Who has taken its turn (§1.7, §1.8, §2.1, §4.2.3; R-07, R-16, R-18).

Every turn each model takes one turn of its own, its *activation* (§1.7: "the sequence of
actions each model makes on winning the initiative"). The tracker records it in
``GameModel.activated_turn`` and with an ``activate`` event:

- a model's activation begins when it first acts in a turn (a shot, a fight, the actions of
  table 1), when the initiative's winner chooses it (``game initiative``), or explicitly
  (``game activate``) for a model that only moves;
- it is the *current* activation until another model's begins (explicitly, by the initiative,
  or by acting) or the turn ends; within it the model may act again, but not shoot twice nor
  fight twice (§2.1);
- once it has ended, the model acts again only in the next turn: a second activation in the
  same turn is refused;
- opportunity fire (§4.2.3) is the model's whole turn: it interrupts the current activation
  without ending it, and nothing more may be done with that model this turn;
- "the target has not yet taken its turn" (table 3, R-18) is read from the record.

Every action that a model takes at the table calls ``begin`` before it changes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from skirmish.campaign.game import event_log
from skirmish.campaign.game.board import (
    in_play,
    models_of,
    playing_model,
    record_event,
    require_can_act,
    require_in_progress,
    require_started,
    side_of,
)
from skirmish.campaign.game.tables import Game, GameEvent, GameModel
from skirmish.engine.glossary import EventKind, label_value
from skirmish.errors import CampaignError
from skirmish.rules.model import ModelState, Side
from skirmish.translation import N_, Both, Message, gettext

#: The actions of which a model makes at most one in its turn (§2.1), and how the refusal
#: names them (English, Italian).
ONCE_A_TURN: dict[str, tuple[str, str]] = {
    EventKind.SHOOT: ("shot", "sparato"),
    EventKind.MELEE: ("fought", "lottato"),
}


#: The kinds of event that are something a model does in its turn (table 1), as opposed to
#: what happens to it (a hit, a state, a panic test) or what the players do (initiative).
ACTIONS = frozenset(
    {
        EventKind.DRINK, EventKind.OBJECTIVE, EventKind.RELOAD, EventKind.UNJAM,
        EventKind.MOUNT, EventKind.DISMOUNT, EventKind.LASSO, EventKind.EXPLOSION,
    }
)  # fmt: skip


@dataclass(frozen=True)
class Activation:
    """What ``begin`` did: the model's turn began now (``began``) or goes on; ``ended``, the
    model whose activation this one ended."""

    model: str
    turn: int
    began: bool
    opportunity: bool = False
    ended: str | None = None


@dataclass(frozen=True)
class Waiting:
    """Whether the target of a shot or a fight has not yet taken its turn (table 3, R-18):
    ``inferred`` when read from the record, else as the players said."""

    value: bool
    inferred: bool
    target: str | None = None
    acted_turn: int | None = None


def acted(game: Game, model: GameModel) -> bool:
    """Whether ``model`` has taken (or is taking) its turn in the game's current turn."""
    return model.activated_turn is not None and model.activated_turn == game.turn


def _turn_events(session: Session, game: Game, model: GameModel | None = None) -> list[GameEvent]:
    """The events of the game's turn (of ``model``'s, if given), oldest first: from the game's
    log or its tail when the unit of work holds it (an action reads the tail as it locks the
    game, issue #23), else read."""
    known = event_log.turn_events(session, game)
    if known is not None:
        return [e for e in known if model is None or e.model_id == model.id]
    query = select(GameEvent).where(GameEvent.game_id == game.id, GameEvent.turn == game.turn)
    query = query.options(defer(GameEvent.before))  # type: ignore[arg-type]
    if model is not None:
        query = query.where(GameEvent.model_id == model.id)
    return list(session.exec(query.order_by(col(GameEvent.id))).all())


def current(session: Session, game: Game) -> GameModel | None:
    """The model whose activation is current: the last one begun this turn that was not
    opportunity fire nor a turn the players said was taken (``None`` before the first)."""
    for event in reversed(_turn_events(session, game)):
        if event.action != EventKind.ACTIVATE or event.model_id is None:
            continue
        if event.details.get("opportunity") or event.details.get("told"):
            continue
        model = session.get(GameModel, event.model_id)
        return model if model is not None and acted(game, model) else None
    return None


def to_activate(session: Session, game: Game) -> dict[Side, list[GameModel]]:
    """The models of each side that may still take their turn this turn: in play, not yet
    activated, neither terrified (they skip it, R-04) nor fleeing (R-20)."""
    left: dict[Side, list[GameModel]] = {Side.GOOD: [], Side.BAD: []}
    for model in models_of(session, game):
        if not in_play(model) or model.fleeing or acted(game, model):
            continue
        if model.state == ModelState.TERRIFIED:
            continue
        left[side_of(session, model)].append(model)
    return left


def done(session: Session, game: Game, model: GameModel) -> tuple[str, str]:
    """What ``model`` did in its turn this turn, as the refusals say it (English, Italian)."""
    said_en: list[str] = []
    said_it: list[str] = []
    for event in _turn_events(session, game, model):
        details = event.details
        target = details.get("target")
        if event.action == EventKind.SHOOT:
            opportunity = bool((details.get("options") or {}).get("opportunity"))
            said_en.append(f"{'opportunity fire at' if opportunity else 'it shot'} {target}")
            said_it.append(f"{'fuoco di opportunità su' if opportunity else 'ha sparato a'} "
                           f"{target}")  # fmt: skip
        elif event.action == EventKind.MELEE:
            said_en.append(f"it fought {target}")
            said_it.append(f"ha lottato con {target}")
        elif event.action not in ACTIONS:
            continue  # what happened to it (a hit, a state), not what it did
        else:
            said_en.append(label_value(EventKind, event.action, "en"))
            said_it.append(label_value(EventKind, event.action, "it"))
    if not said_en:
        told = any(e.details.get("told") for e in _turn_events(session, game, model))
        if told:
            return _in_both(N_("it acted, as the players said"))
        return _in_both(N_("it was activated"))
    return "; ".join(dict.fromkeys(said_en)), "; ".join(dict.fromkeys(said_it))


def _in_both(msgid: str) -> tuple[str, str]:
    """A phrase of the catalogue in English and Italian (``done``'s pair)."""
    return gettext("en", msgid), gettext("it", msgid)


def _already(
    session: Session, game: Game, model: GameModel, why: Message | str = ""
) -> CampaignError:
    what_en, what_it = done(session, game, model)
    return CampaignError(
        Message(
            "{model_name} has already taken its turn {game_turn} ({what}); it acts "
            "again in turn {game_turn_1}{why}.",
            model_name=model.name,
            game_turn=game.turn,
            game_turn_1=game.turn + 1,
            what=Both(what_en, what_it),
            why=why,
        )
    )


def _once(session: Session, game: Game, model: GameModel, action: EventKind) -> None:
    """§2.1: not two shooting actions, nor two fights, in one turn."""
    if action not in ONCE_A_TURN:
        return
    for event in _turn_events(session, game, model):
        if event.action == action:
            en, it = ONCE_A_TURN[action]
            target = event.details.get("target")
            raise CampaignError(
                Message(
                    "{model_name} has already {en} in its turn {game_turn} ({target}): a "
                    "model makes one shooting action and one fight at most in its turn "
                    "(§2.1).",
                    model_name=model.name,
                    game_turn=game.turn,
                    target=target,
                    en=Both(en, it),
                )
            )


def begin(
    session: Session,
    game: Game,
    model: GameModel,
    *,
    action: EventKind | None = None,
    opportunity: bool = False,
) -> Activation:
    """Begin ``model``'s turn, or go on with it when its activation is the current one, before
    it does ``action`` (``None``: ``game activate``, the model only moves).

    Refused: a model whose turn this turn is over (§1.8), a second shooting action or fight in
    one turn (§2.1), opportunity fire by a model that has taken its turn or with anything but a
    shot (§4.2.3, R-16). Every action of table 1 calls it with its ``EventKind``."""
    require_in_progress(game)
    require_started(game)
    require_can_act(model)
    now = current(session, game)
    if acted(game, model):
        if opportunity:
            raise _already(
                session, game, model,
                Message(
                    "; opportunity fire needs a model that has not taken its turn yet (§4.2.3)"
                ),
            )  # fmt: skip
        if now is None or now.id != model.id:
            raise _already(session, game, model)
        if action is None:
            raise CampaignError(
                Message(
                    "{model_name} is already taking its turn {game_turn}; activate another "
                    "model, or record its actions.",
                    model_name=model.name,
                    game_turn=game.turn,
                )
            )
        _once(session, game, model, action)
        return Activation(model.name, game.turn, began=False)
    if opportunity and action not in (EventKind.SHOOT, None):
        raise CampaignError(
            Message(
                "opportunity fire is a shot and nothing else (§4.2.3, R-16): "
                "{model_name} can only shoot.",
                model_name=model.name,
            )
        )
    model.activated_turn = game.turn
    session.add(model)
    ended = now.name if now is not None and not opportunity else None
    record_event(
        session,
        game,
        EventKind.ACTIVATE,
        model=model,
        details={
            "model": model.name,
            "opportunity": opportunity,
            "explicit": action is None,
            "ended": ended,
            "rulings": ["§4.2.3", "R-16"] if opportunity else ["§1.8"],
        },
    )
    return Activation(model.name, game.turn, began=True, opportunity=opportunity, ended=ended)


def require_waiting(session: Session, game: Game, model: GameModel) -> None:
    """Refuse a model that has taken, or is taking, its turn this turn (§1.8: the initiative
    is rolled for the models still to be activated)."""
    if not acted(game, model):
        return
    now = current(session, game)
    if now is not None and now.id == model.id:
        raise CampaignError(
            Message(
                "{model_name} is taking its turn {game_turn} now; reveal a model that "
                "has not taken its turn yet (§1.8).",
                model_name=model.name,
                game_turn=game.turn,
            )
        )
    raise _already(session, game, model)


def activate(session: Session, *, game: Game, member: str) -> Activation:
    """``game activate``: ``member`` takes its turn now (a model that only moves, or one whose
    actions follow), ending the current activation."""
    model = playing_model(session, game, member)
    return begin(session, game, model)


def target_waiting(
    session: Session,
    game: Game,
    target: GameModel | None,
    given: bool | None,
    *,
    opportunity: bool = False,
) -> Waiting:
    """Table 3's "the target has not yet taken its turn: +1" (R-18, shots and fights) from the
    record, when the players do not say it (``given`` ``None``).

    ``True`` for a target the record shows has acted is refused: the record says otherwise.
    ``False`` for one it shows waiting is the players' word that it has acted unrecorded (it
    moved): its turn is recorded as taken, so later shots at it agree. Opportunity fire is at a
    model moving in its own turn (§4.2.3): never waiting, and its activation begins if it was
    not recorded. A scenario's person takes no turns: as given."""
    if target is None:
        return Waiting(bool(given), inferred=False)
    if opportunity:
        if given:
            raise CampaignError(
                Message(
                    "opportunity fire is at a model moving in its own turn (§4.2.3): "
                    "{target_name} has not been waiting (R-18); drop ⟨target_waiting⟩.",
                    target_name=target.name,
                )
            )
        if not acted(game, target):
            if not target.fleeing and target.state != ModelState.TERRIFIED:
                begin(session, game, target)  # a fleeing civilian runs without a turn
        else:
            now = current(session, game)
            if now is None or now.id != target.id:
                raise _already(
                    session, game, target,
                    Message("; opportunity fire is at a model moving in its own turn (§4.2.3)"),
                )  # fmt: skip
        return Waiting(False, inferred=True, target=target.name, acted_turn=game.turn)
    if given is None:
        waiting = not acted(game, target)
        return Waiting(
            waiting, inferred=True, target=target.name, acted_turn=None if waiting else game.turn
        )
    if given and acted(game, target):
        what_en, what_it = done(session, game, target)
        raise CampaignError(
            Message(
                "the record shows {target_name} has taken its turn {game_turn} "
                "({what}): no +1 for a target that has acted (R-18); drop "
                "⟨target_waiting⟩, or correct the record.",
                target_name=target.name,
                game_turn=game.turn,
                what=Both(what_en, what_it),
            )
        )
    if not given and not acted(game, target):
        target.activated_turn = game.turn
        session.add(target)
        record_event(
            session,
            game,
            EventKind.ACTIVATE,
            model=target,
            details={"model": target.name, "opportunity": False, "told": True,
                     "rulings": ["R-18"]},
        )  # fmt: skip
    return Waiting(
        given, inferred=False, target=target.name, acted_turn=None if given else game.turn
    )


def idle(session: Session, game: Game) -> Sequence[GameModel]:
    """The models that could have taken their turn this turn and have not (``game turn``
    names them before the next begins)."""
    left = to_activate(session, game)
    return [*left[Side.GOOD], *left[Side.BAD]]
