"""A game's turns: a new turn ends the one played (the scenario's turn limit and end
conditions), ends the states that end by themselves (R-04, R-07), rolls the cohesion tests that
are due (R-08) and applies a scripted first turn (Il comizio)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from skirmish.campaign.game.activations import idle as not_activated
from skirmish.campaign.game.board import (
    gang_row,
    gang_rows,
    gangs_of,
    in_play,
    member_of,
    models_of,
    objectives_of,
    record_event,
    require_in_progress,
    scenario_of,
)
from skirmish.campaign.game.end import finish, verdict
from skirmish.campaign.game.rerolls import (
    NO_REROLLS,
    GangDie,
    Rerolls,
    record_rerolls,
    roll_with_rerolls,
)
from skirmish.campaign.game.states import Recovery, states_ending
from skirmish.campaign.game.tables import Game, GameGang, GameModel, Retreat
from skirmish.campaign.lookup import row_id
from skirmish.engine.cohesion import CohesionResult, GangCohesion, leader_state
from skirmish.engine.cohesion import cohesion_due as due_now
from skirmish.engine.dice import DiceSource, Die, dice_from, rolling_for
from skirmish.engine.glossary import EventKind
from skirmish.engine.stages import Side, cohesion_failed
from skirmish.rules import profiles
from skirmish.rules.model import ObjectiveEvent, ObjectiveState, Role
from skirmish.rules.scenario_model import FirstTurnStep, RestrictionKind, Verdict


@dataclass(frozen=True)
class CohesionCheck:
    """A cohesion test rolled at the start of a turn (R-08)."""

    gang: str
    started: int
    lost: int
    highest_fred: int
    leader: str
    roll: int
    total: int
    holds: bool


@dataclass(frozen=True)
class TurnReport:
    """What ``game turn`` did: the new turn, the states that ended, the cohesion tests, the
    scripted steps, the end."""

    turn: int
    recovered: tuple[Recovery, ...] = ()
    cohesion: tuple[CohesionCheck, ...] = ()
    scripted: tuple[str, ...] = ()
    ended: Verdict | None = None
    dice: tuple[Die, ...] = ()
    idle: tuple[str, ...] = ()  # the models that could have taken their turn and did not (§1.8)
    rerolls: tuple[dict[str, object], ...] = ()  # of the cohesion dice
    tests: tuple[tuple[GangCohesion, CohesionResult], ...] = ()  # what the sync compares


def counted(gg: GameGang, models: Sequence[GameModel]) -> tuple[int, int]:
    """The models a gang started with and those it lost, for R-08: a civilian that left the
    table (R-20) is neither a casualty nor one of the models counted, like one that stayed
    home."""
    mine = [m for m in models if m.game_gang_id == gg.id]
    left = sum(1 for m in mine if m.left_turn is not None)
    return gg.started - left, sum(1 for m in mine if m.eliminated)


def cohesion_due(session: Session, game: Game) -> dict[int, bool]:
    """For each game gang id: whether it has lost more than half its starting models (R-08)."""
    models = models_of(session, game)
    due: dict[int, bool] = {}
    for gg in gangs_of(session, game):
        started, lost = counted(gg, models)
        due[row_id(gg)] = due_now(started=started, lost=lost, retreated=gg.retreated is not None)
    return due


def gang_cohesion(session: Session, gg: GameGang, models: Sequence[GameModel]) -> GangCohesion:
    """What ``gg``'s cohesion test reads (``engine.cohesion.GangCohesion``), from the game's
    rows: for the server's new turn and the phone's offline kit alike."""
    started, lost = counted(gg, models)
    mine = [m for m in models if m.game_gang_id == gg.id]
    freds = tuple(member_of(session, m).fred for m in mine if in_play(m))
    gang = gang_row(session, gg)
    has_leader = any(p.role is Role.LEADER for p in _faction_profiles(gang.faction))
    chief = [m for m in mine if member_of(session, m).role == Role.LEADER] if has_leader else []
    leader = leader_state(has_leader=has_leader, eliminated=chief[0].eliminated if chief else None)
    return GangCohesion(gang.name, started, lost, gg.retreated is not None, freds, leader)


def _faction_profiles(faction: str) -> Sequence[Any]:
    return profiles(faction)


def new_turn(
    session: Session, *, game: Game, dice: DiceSource, rerolls: Rerolls = NO_REROLLS
) -> TurnReport:
    """End the turn being played and begin the next: the game ends at the scenario's turn
    limit or when its end conditions hold; cohesion tests that are due are rolled (R-08), a
    failed one rerolled with the FAMA of one of the gang's models in play as ``rerolls`` says
    (R-15; the die is the gang's, so no FORTUNA: docs/games.md); Il comizio's scripted first
    turn is applied."""
    require_in_progress(game)
    scenario = scenario_of(game)
    if game.turn >= 1:
        shown = verdict(session, game)
        if shown.over:
            finish(session, game, shown, EventKind.TURN)
            return TurnReport(turn=game.turn, ended=shown)
    idle = tuple(m.name for m in not_activated(session, game)) if game.turn >= 1 else ()
    game.turn += 1
    session.add(game)
    rolled: list[Die] = []
    taken: list[dict[str, object]] = []
    checks: list[CohesionCheck] = []
    models = models_of(session, game)
    recovered = states_ending(session, game, models)
    tests: list[tuple[GangCohesion, CohesionResult]] = []
    # Each gang's test locks its campaign gang (``gang_cohesion``): both are locked here, in the
    # loop's order, in one statement (issue #23, the action's unit of work, sixth round: one
    # statement each), so the loop's locks find them held.
    gang_rows(session, game)
    for gg in gangs_of(session, game):
        state = gang_cohesion(session, gg, models)
        test = state.test()  # the engine's: due, the highest FRED in play, the leader
        if test is None:
            continue
        with rolling_for(dice, {"cohesion": state.gang}):
            table = roll_with_rerolls(
                session, game, test,
                dice, rollers={Side.GANG: GangDie(row_id(gg), state.gang)}, rerolls=rerolls,
                failed=cohesion_failed, more=True,
            )  # fmt: skip
        result = table.result
        rolled.extend(result.dice)
        tests.append((state, result))
        check = CohesionCheck(
            gang=state.gang,
            started=state.started,
            lost=state.lost,
            highest_fred=result.highest_fred,
            leader=state.leader.value,
            roll=result.roll,
            total=result.total,
            holds=result.holds,
        )
        checks.append(check)
        record_event(
            session,
            game,
            EventKind.COHESION,
            details={**check.__dict__, "ruling": "R-08", "dice_from": dice_from(dice)},
            dice=result.dice,
        )
        taken += record_rerolls(session, game, table)  # right after the test
        if not result.holds:
            gg.retreated = Retreat.COHESION
            gg.retreat_turn = game.turn
            session.add(gg)
    rerolls.require_all_taken()
    scripted: list[str] = []
    restriction = scenario.restriction(RestrictionKind.SCRIPTED_FIRST_TURN)
    if game.turn == 1 and restriction is not None:
        for step in restriction.steps:
            scripted.append(step.value)
            if step is FirstTurnStep.SNIPER_WOUNDS_TARGET:
                for objective in scenario.objectives:
                    if ObjectiveEvent.WOUND in objective.events:
                        for row in objectives_of(session, game):
                            if row.objective == objective.id:
                                row.state = objective.after(
                                    ObjectiveState(row.state), ObjectiveEvent.WOUND
                                ).value
                                session.add(row)
    session.flush()
    record_event(
        session,
        game,
        EventKind.TURN,
        details={"turn": game.turn, "scripted": scripted, "idle": list(idle)},
    )
    session.flush()
    ended: Verdict | None = None
    if any(not c.holds for c in checks):
        ended = verdict(session, game, game.turn - 1)
        finish(session, game, ended, EventKind.COHESION)
    return TurnReport(
        turn=game.turn,
        recovered=recovered,
        cohesion=tuple(checks),
        scripted=tuple(scripted),
        ended=ended,
        dice=tuple(rolled),
        idle=idle,
        rerolls=tuple(taken),
        tests=tuple(tests),
    )
