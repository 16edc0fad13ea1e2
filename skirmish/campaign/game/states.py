"""A model's state in a game and what it uses up: shaken, terrified and prone, and when a state
ends by itself (R-04, R-07); civilians fleeing and leaving the table (R-20); a state rolled at
the table; the FAMA and FORTUNA points spent (R-15) and the whisky drunk (§8.3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from skirmish.campaign.game.board import (
    carried_items,
    flight_of,
    in_play,
    member_of,
    objectives_carried,
    playing_model,
    profile_of,
    record_event,
)
from skirmish.campaign.game.combatant import drank_whisky
from skirmish.campaign.game.end import settle
from skirmish.campaign.game.kit import use
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.engine.glossary import EventKind, TableState, parse
from skirmish.errors import CampaignError
from skirmish.rules.ids import ItemId
from skirmish.rules.model import ModelState, Point
from skirmish.translation import Both, Message


def change_state(
    model: GameModel,
    state: ModelState,
    turn: int,
    *,
    nervi_scossi: bool = False,
    recorded: bool = False,
) -> None:
    """Set a model's state and the turn at whose start it ends by itself (R-04, R-07).

    Terrified: it skips the next turn and is steady again at the start of the turn after
    (``turn + 2``); failing another panic test meanwhile (prone) does not restart the clock.
    Shaken by Nervi scossi on the initiative roll: that turn only (``turn + 1``), unless it was
    already shaken by a panic test. Any other shaken state ends with a nerve test (R-01) or at
    the table, never by itself; a panic test passed (no change) keeps the state and its end."""
    before = model.state
    model.state = state.value
    if state == ModelState.TERRIFIED:
        if before != ModelState.TERRIFIED:
            model.state_clears_turn = turn + 2
    elif state == ModelState.SHAKEN and nervi_scossi:
        if before == ModelState.STEADY:
            model.state_clears_turn = turn + 1
    elif state != before or recorded:
        # Any other change ends the countdown; a passed panic test, or a shooter staying as
        # it was, keeps it.
        model.state_clears_turn = None


@dataclass(frozen=True)
class Recovery:
    """A model whose terrified (R-04) or Nervi-scossi shaken (R-07) state ended with the turn."""

    name: str
    state: str  # the state that ended: terrified / shaken
    ruling: str
    prone: bool  # it stays prone if it was


def states_ending(
    session: Session, game: Game, models: Sequence[GameModel]
) -> tuple[Recovery, ...]:
    """At the start of a turn: a terrified model that has skipped its turn, and a model shaken
    by Nervi scossi for the turn just ended, are steady again; prone stays (R-04, R-07)."""
    recovered: list[Recovery] = []
    for model in models:
        due = model.state_clears_turn
        if not in_play(model) or model.fleeing or due is None or due > game.turn:
            continue
        before = model.state
        if before == ModelState.STEADY:
            model.state_clears_turn = None
            session.add(model)
            continue
        ruling = "R-04" if before == ModelState.TERRIFIED else "R-07"
        change_state(model, ModelState.STEADY, game.turn)
        session.add(model)
        recovery = Recovery(name=model.name, state=before, ruling=ruling, prone=model.prone)
        recovered.append(recovery)
        record_event(
            session,
            game,
            EventKind.STATE_ENDS,
            model=model,
            details={
                "model": model.name,
                "state": ModelState.STEADY.value,
                "before": {"state": before, "prone": model.prone},
                "after": {"state": model.state, "prone": model.prone},
                "ruling": ruling,
            },
        )
    return tuple(recovered)


def set_state(session: Session, *, game: Game, member: str, state: str) -> GameModel:
    """A state rolled at the table: shaken, terrified, steady (neither), prone or standing; or
    a civilian fleeing the table (R-20: shot at with physical dice). Words in either language
    (``engine.glossary.TABLE_STATES``)."""
    word = parse(TableState, state)
    model = playing_model(session, game, member)
    if word is TableState.FLEEING:
        if flight_of(session, model) is None:
            raise CampaignError(
                Message(
                    "R-20: only a civilian flees the table; {model_name!r} is a "
                    "{profile_of_session_model_name}: record 'terrified' instead.",
                    model_name=model.name,
                    profile_of_session_model_name=Both(
                        profile_of(session, model).name_en, profile_of(session, model).name_it
                    ),
                )
            )
        civilians_flee(session, game, [model], "recorded at the table")
        return model
    if model.fleeing and word in (TableState.SHAKEN, TableState.STEADY):
        raise CampaignError(
            Message(
                "R-20: {model_name!r} flees every turn until it leaves the table; "
                "record {on_command_line_f_skirmish_game_leave_model_na} when it does.",
                model_name=model.name,
                on_command_line_f_skirmish_game_leave_model_na=Message(
                    "⟪'skirmish game leave {model_name}'¦that it leaves the table⟫",
                    model_name=model.name,
                ),
            )
        )
    before = {"state": model.state, "prone": model.prone}
    new_state = word.model_state
    if new_state is not None:
        change_state(model, new_state, game.turn, recorded=True)
    else:
        model.prone = word is TableState.PRONE
    session.add(model)
    record_event(
        session,
        game,
        EventKind.STATE,
        model=model,
        details={
            "state": word.value,
            "before": before,
            "after": {"state": model.state, "prone": model.prone},
            "clears_turn": model.state_clears_turn,
        },
    )
    return model


def civilians_flee(
    session: Session, game: Game, civilians: Sequence[GameModel], why: str
) -> list[str]:
    """R-20: civilians terrified for good, fleeing every turn until they leave the table."""
    lines = []
    for model in civilians:
        if model.fleeing or model.eliminated:
            continue
        before = {"state": model.state, "prone": model.prone}
        change_state(model, ModelState.TERRIFIED, game.turn)
        model.fleeing = True
        model.state_clears_turn = None  # it never calms down: it leaves the table
        session.add(model)
        record_event(
            session,
            game,
            EventKind.FLEE,
            model=model,
            details={"model": model.name, "why": why, "before": before, "ruling": "R-20"},
        )
        lines.append(
            f"R-20: {model.name} ({why}) is terrified and flees every turn until it leaves the "
            "table."
        )
    return lines


def leave(session: Session, *, game: Game, member: str) -> GameModel:
    """A civilian leaves the table (R-20): out of the game, neither eliminated nor a casualty
    (no XP for anyone, no recovery roll)."""
    model = playing_model(session, game, member)
    if flight_of(session, model) is None:
        raise CampaignError(
            Message(
                "R-20: only a civilian leaves the table out of the game; "
                "{model_name!r} is a {profile_of_session_model_name}.",
                model_name=model.name,
                profile_of_session_model_name=Both(
                    profile_of(session, model).name_en, profile_of(session, model).name_it
                ),
            )
        )
    held = [f"{row.objective} {row.copy_no}" for row in objectives_carried(session, game, model)]
    if held:
        raise CampaignError(
            Message(
                "{model_name!r} carries {join_held}; record what happens to it first "
                "({on_command_line_skirmish_game}).",
                model_name=model.name,
                join_held=", ".join(held),
                on_command_line_skirmish_game=Message(
                    "⟪'skirmish game objective'¦an objective's event⟫"
                ),
            )
        )
    model.left_turn = game.turn
    session.add(model)
    record_event(
        session,
        game,
        EventKind.LEAVE,
        model=model,
        details={"model": model.name, "fleeing": model.fleeing, "ruling": "R-20"},
    )
    settle(session, game)  # the last of a side gone from the table ends the game now
    return model


def spend(session: Session, *, game: Game, point: str, member: str) -> GameModel:
    """Spend a FAMA or FORTUNA point for this game only (R-15)."""
    kind = parse(Point, point).value
    model = playing_model(session, game, member)
    owned = getattr(member_of(session, model), kind)
    spent = getattr(model, f"{kind}_spent")
    if spent >= owned:
        raise CampaignError(
            Message(
                "R-15: {model_name!r} has no {kind_upper} point left this game "
                "({owned} owned, {spent} spent); spent points come back after the game.",
                model_name=model.name,
                kind_upper=kind.upper(),
                owned=owned,
                spent=spent,
            )
        )
    setattr(model, f"{kind}_spent", spent + 1)
    session.add(model)
    record_event(
        session,
        game,
        EventKind.SPEND,
        model=model,
        details={"point": kind, "left": owned - spent - 1, "ruling": "R-15"},
    )
    return model


def drink(session: Session, *, game: Game, member: str) -> GameModel:
    """A model drinks the bottle of whisky it carries (§8.3): +1 FRED and −1 RIF for the rest
    of the game, which every shot and fight it takes part in then applies (``combatant``)."""
    model = playing_model(session, game, member)
    if ItemId.WHISKY not in carried_items(session, member_of(session, model)):
        raise CampaignError(
            Message(
                "{model_name!r} carries no whisky (§8.3); give it a bottle between "
                "games{on_command_line_with_skirmish}.",
                model_name=model.name,
                on_command_line_with_skirmish=Message(
                    "⟪ with 'skirmish gang buy' or 'skirmish gang equip'¦⟫"
                ),
            )
        )
    if drank_whisky(session, model):
        raise CampaignError(
            Message(
                "{model_name!r} already drank its whisky in this game; +1 FRED and −1 "
                "RIF last the whole game (§8.3).",
                model_name=model.name,
            )
        )
    use(model, ItemId.WHISKY)  # the bottle is empty: off the roster in the post-game
    session.add(model)
    record_event(session, game, EventKind.DRINK, model=model, details={"item": ItemId.WHISKY.value})
    return model
