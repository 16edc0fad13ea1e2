"""The bystanders of a shot or a fight, as the players name them (the tracker knows no
positions), and how they react: friends of a hero or leader falling within 5U (R-19), unarmed
civilians within 10U of a shot (R-20), a custodian's friend keeping the captive (R-22)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from skirmish.campaign.game.board import (
    find_model,
    flight_of,
    member_of,
    models_of,
    objectives_carried,
    profile_of,
    record_event,
    require_alive,
    scenario_of,
    side_of,
)
from skirmish.campaign.game.rerolls import (
    NO_REROLLS,
    Payment,
    Rerolls,
    record_rerolls,
    roll_with_rerolls,
)
from skirmish.campaign.game.states import change_state
from skirmish.campaign.game.tables import Game, GameModel, GameObjective
from skirmish.campaign.lookup import row_id
from skirmish.engine.dice import DiceSource, Die, dice_from, rolling_for
from skirmish.engine.glossary import EventKind
from skirmish.engine.panic import PanicResult
from skirmish.engine.rerolls import AtTable
from skirmish.engine.stages import FailedDie, Side, panic_failed
from skirmish.engine.table_actions import Friend, check_friend, friend_panic, friend_reaction
from skirmish.errors import CampaignError
from skirmish.rules.model import Flight, ModelState, ObjectiveState, Reaction, Role
from skirmish.rules.scenario_model import Objective, ObjectiveKind
from skirmish.translation import Both, Message


@dataclass(frozen=True)
class Bystanders:
    """Who stood near an action, as the players tell the tracker (it knows no positions).

    ``near``: models with a rule for a friend's death within 5U of the model eliminated
    (R-19); ``guard``: a model of the custodian's side within 5U of the captive it held, which
    keeps it (R-22; without one the captive is freed); ``civilians``: unarmed civilians within
    10U of a shot (R-20)."""

    near: tuple[str, ...] = ()
    guard: str | None = None
    civilians: tuple[str, ...] = ()


#: Nobody named.
NOBODY = Bystanders()


@dataclass(frozen=True)
class Near:
    """The bystanders found in the game, checked."""

    friends: tuple[GameModel, ...] = ()
    guard: GameModel | None = None
    civilians: tuple[GameModel, ...] = ()


def _unique(models: Sequence[GameModel]) -> tuple[GameModel, ...]:
    return tuple({row_id(m): m for m in models}.values())


def witnesses(
    session: Session, game: Game, target: GameModel | None, named: Bystanders, *, shot: bool
) -> Near:
    """The named bystanders as game models, each checked before anything changes."""
    friends = _unique([_friend_near(session, game, target, name) for name in named.near])
    guard = _guard(session, game, target, named.guard) if named.guard is not None else None
    if named.civilians and not shot:
        raise CampaignError(
            Message(
                "R-20: civilians flee from shots; name the unarmed civilians near one "
                "in a shot's ⟨civilian_near⟩."
            )
        )
    civilians = _unique([_unarmed_civilian(session, game, name) for name in named.civilians])
    return Near(friends, guard, civilians)


def _friend_near(session: Session, game: Game, target: GameModel | None, name: str) -> GameModel:
    model = find_model(session, game, name)
    if target is None:
        raise CampaignError(
            Message(
                "R-19: ⟨near⟩ {name!r}: a friend's death is a gang's hero or leader "
                "falling, not a scenario's person.",
                name=name,
            )
        )
    require_alive(session, model)
    if model.game_gang_id != target.game_gang_id or model.id == target.id:
        raise CampaignError(
            Message(
                "R-19: {model_name!r} is not a friend of {target_name!r}; ⟨near⟩ names "
                "models of its gang within 5U that react to its death.",
                model_name=model.name,
                target_name=target.name,
            )
        )
    role = Role(member_of(session, target).role)
    check_friend(model.name, member_of(session, model).profile, target.name, role)  # and phone
    return model


def captive_held(objective: Objective, row: GameObjective) -> bool:
    return objective.kind is ObjectiveKind.CAPTIVE and row.state == ObjectiveState.HELD


def _guard(session: Session, game: Game, target: GameModel | None, name: str) -> GameModel:
    scenario = scenario_of(game)
    held = target is not None and any(
        captive_held(scenario.objective(row.objective), row)
        for row in objectives_carried(session, game, target)
    )
    if target is None or not held:
        who = repr(target.name) if target is not None else Message("the target")
        raise CampaignError(
            Message(
                "R-22: {who} holds no captive; ⟨guard⟩ names a model of the "
                "custodian's side within 5U of the captive it held.",
                who=who,
            )
        )
    guard = find_model(session, game, name)
    require_alive(session, guard)
    if guard.id == target.id or side_of(session, guard) is not side_of(session, target):
        raise CampaignError(
            Message(
                "R-22: {guard_name!r} is not on the side of {target_name!r}; ⟨guard⟩ "
                "names a model of the custodian's side within 5U of the captive.",
                guard_name=guard.name,
                target_name=target.name,
            )
        )
    return guard


def keep_captive(session: Session, game: Game, row: GameObjective, guard: GameModel) -> str:
    """R-22: the custodian fell with a friend within 5U of the captive: not freed; the friend
    holds it now."""
    row.carrier = row_id(guard)
    session.add(row)
    record_event(
        session,
        game,
        EventKind.OBJECTIVE,
        model=guard,
        details={"objective": row.objective, "copy": row.copy_no, "event": "carry",
                 "by": guard.name, "automatic": True, "ruling": "R-22"},
    )  # fmt: skip
    return (
        f"R-22: {row.objective} {row.copy_no} is not freed: {guard.name}, within 5U, holds it now."
    )


def _unarmed_civilian(session: Session, game: Game, name: str) -> GameModel:
    model = find_model(session, game, name)
    require_alive(session, model)
    profile = profile_of(session, model)
    if profile.flees is not Flight.SHOT_NEARBY:
        raise CampaignError(
            Message(
                "R-20: {model_name!r} ({profile_name}) is no unarmed civilian; "
                "⟨civilian_near⟩ names the unarmed civilians within 10U of the shot.",
                model_name=model.name,
                profile_name=Both(profile.name_en, profile.name_it),
            )
        )
    return model


@dataclass
class Reacted:
    """What the friends of a fallen model did (R-19): a line each, and the rerolls of their
    panic tests (R-15) as ``record_rerolls`` logged them."""

    lines: list[str]
    rerolls: list[dict[str, object]]
    friends: tuple[Friend, ...] = ()  # each reaction as the engine rolled it (the sync's)


def friends_react(
    session: Session,
    game: Game,
    fallen: GameModel,
    friends: Sequence[GameModel],
    dice: DiceSource | None,
    rerolls: Rerolls = NO_REROLLS,
) -> Reacted:
    """R-19: a friendly hero eliminated within 5U: a panic test at once (the model's own FRED,
    the dice of the action's source after its own, asked for by the friend's name), a failed
    die rerolled as ``rerolls`` says (R-15: the friend's points, or a friend's FAMA); the
    gang's leader: terrified, no test. The caller checks ``rerolls`` were all taken."""
    leader = member_of(session, fallen).role == Role.LEADER
    lines = []
    taken: list[dict[str, object]] = []
    seen: list[Friend] = []
    for model in friends:
        member = member_of(session, model)
        reaction = friend_reaction(member.profile, fallen_leader=leader)
        assert reaction is not None  # checked by _friend_near
        before = {"state": model.state, "prone": model.prone}
        rolled: tuple[Die, ...] = ()
        table: AtTable[PanicResult, FailedDie, Payment] | None = None
        who = f"its leader {fallen.name}" if leader else fallen.name
        if reaction is Reaction.TERRIFIED:
            change_state(model, ModelState.TERRIFIED, game.turn)
            verdict = "terrified without a test"
        else:
            if dice is None:
                raise CampaignError(
                    Message("R-19: a friend's death needs dice for the panic test.")
                )
            roll = friend_panic(member.fred, ModelState(model.state), model.prone)
            with rolling_for(dice, {"panic": model.name}):
                table = roll_with_rerolls(
                    session, game, roll, dice,
                    rollers={Side.TARGET: model}, rerolls=rerolls, failed=panic_failed,
                    more=True,
                )  # fmt: skip
            test = table.result
            rolled = test.dice
            change_state(model, test.outcome.state, game.turn)
            model.prone = test.outcome.prone
            faces = " and ".join(str(face) for face in test.outcome.faces)
            state = test.outcome.state.value + (", prone" if model.prone else "")
            verdict = f"panic test {faces} against FRED {test.outcome.effective_fred}: {state}"
        session.add(model)
        record_event(
            session,
            game,
            EventKind.FRIEND_DEATH,
            model=model,
            details={
                "model": model.name,
                "fallen": fallen.name,
                "leader": leader,
                "reaction": reaction.value,
                "before": before,
                "after": {"state": model.state, "prone": model.prone},
                "ruling": "R-19",
                "dice_from": dice_from(dice) if rolled else None,  # issue #14
            },
            dice=rolled,
        )
        if table is not None:
            taken += record_rerolls(session, game, table)  # right after the test
        seen.append(Friend(model.name, reaction, table.result if table is not None else None))
        lines.append(f"R-19: {model.name} sees {who} fall within 5U: {verdict}.")
    return Reacted(lines, taken, tuple(seen))


@dataclass(frozen=True)
class Questions:
    """What a tracker asks before an action on ``target`` (the walker's prompts): the friends
    that would react to its death (R-19), the captives it holds (R-22), and the unarmed
    civilians still on the table (R-20)."""

    friends: tuple[str, ...]
    captives: tuple[str, ...]
    civilians: tuple[str, ...]


def questions(session: Session, *, game: Game, target: str) -> Questions:
    """The bystanders worth asking about before ``target`` is attacked or eliminated."""
    try:
        model = find_model(session, game, target)
    except CampaignError:
        model = None
    models = [m for m in models_of(session, game) if not m.eliminated and m.left_turn is None]
    friends: list[str] = []
    captives: list[str] = []
    if model is not None and member_of(session, model).role in (Role.LEADER, Role.HERO):
        friends = [
            m.name
            for m in models
            if m.game_gang_id == model.game_gang_id
            and m.id != model.id
            and profile_of(session, m).friend_death is not None
        ]
    if model is not None:
        scenario = scenario_of(game)
        captives = [
            f"{row.objective} {row.copy_no}"
            for row in objectives_carried(session, game, model)
            if captive_held(scenario.objective(row.objective), row)
        ]
    civilians = [
        m.name for m in models if not m.fleeing and flight_of(session, m) is Flight.SHOT_NEARBY
    ]
    return Questions(tuple(friends), tuple(captives), tuple(civilians))
