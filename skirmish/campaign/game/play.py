"""A game tracked turn by turn: every action at the table as a service (STYLE.md habit 6).

Each function is keyword-only, takes the ``session`` of the caller's one transaction, checks the
rules before it changes anything, changes the game's rows and appends one ``GameEvent`` with the
dice. A refusal raises ``CampaignError`` (or the engine's ``RulesError``): the caller's
transaction is rolled back and the database is unchanged.

The roster itself (money, XP, injuries, deaths) changes only in the post-game sequence
(``campaign.postgame``); starting and ending a game write a campaign ``LogEntry`` per gang that
``undo`` cannot cross, so nothing played in a game is undone from under it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.game.combatant import (
    DRINK,
    Combatant,
    combatant,
    drank_whisky,
    person,
    pick_weapon,
    setup_of,
)
from skirmish.campaign.game.pending import game_in_progress, postgame_waiting
from skirmish.campaign.game.tables import (
    Game,
    GameEvent,
    GameGang,
    GameModel,
    GameObjective,
    GameStatus,
    Retreat,
)
from skirmish.campaign.models import Campaign, Gang, GangStatus, LogEntry, Member
from skirmish.campaign.services import dice_data, log_entry, now_text
from skirmish.engine.cohesion import Leader, must_test, roll_cohesion
from skirmish.engine.dice import DiceSource, Die
from skirmish.engine.infamy import roll_infamy
from skirmish.engine.initiative import RollOffResult, roll_initiative, roll_off
from skirmish.engine.recovery import Invalidity
from skirmish.engine.setup import MeleeSetup, ShootSetup, Target
from skirmish.engine.situation import Procedure
from skirmish.errors import CampaignError
from skirmish.rules import find_faction, find_profile
from skirmish.rules.ids import ItemId, ProfileId
from skirmish.rules.model import Flight, ModelState, Profile, Reaction, Role, Weapon
from skirmish.rules.names import normalize
from skirmish.rules.scenarios import (
    CarrierShooting,
    FirstTurnStep,
    GameFacts,
    Objective,
    ObjectiveEvent,
    ObjectiveKind,
    ObjectiveState,
    RestrictionKind,
    Scenario,
    Side,
    Verdict,
    decide,
    find_scenario,
)

#: The injury row that marks a model "wounded" in its last game (R-10: −1 COS next game).
WOUNDED = "wounded"
#: Factions that sit on the good side by default (RULINGS §3); the rest are bad.
BOUNTY_KILLERS = "bounty-killers"
#: The profile the scenarios' people use (§9.12).
CIVILIAN_PROFILE = "Civile disarmato"
#: Skills that make a model a doctor (R-10).
DOCTOR_SKILLS = ("dottore-laureato", "dottore")


# --------------------------------------------------------------------------- lookups


def _id(row: Any) -> int:
    assert row.id is not None
    return int(row.id)


def scenario_of(game: Game) -> Scenario:
    """The game's scenario."""
    return find_scenario(game.scenario)


def gangs_of(session: Session, game: Game) -> list[GameGang]:
    """The two gangs of a game, good side first."""
    rows = session.exec(
        select(GameGang).where(GameGang.game_id == game.id).order_by(col(GameGang.id))
    ).all()
    return sorted(rows, key=lambda g: (g.side != Side.GOOD, g.id))


def models_of(session: Session, game: Game) -> list[GameModel]:
    """Every model of a game, in the order they joined it."""
    return list(
        session.exec(
            select(GameModel).where(GameModel.game_id == game.id).order_by(col(GameModel.id))
        ).all()
    )


def objectives_of(session: Session, game: Game) -> list[GameObjective]:
    """Every objective copy of a game."""
    return list(
        session.exec(
            select(GameObjective)
            .where(GameObjective.game_id == game.id)
            .order_by(col(GameObjective.id))
        ).all()
    )


def events_of(session: Session, game: Game) -> list[GameEvent]:
    """The game's event log, oldest first."""
    return list(
        session.exec(
            select(GameEvent).where(GameEvent.game_id == game.id).order_by(col(GameEvent.id))
        ).all()
    )


def gang_row(session: Session, game_gang: GameGang) -> Gang:
    """The campaign gang behind a game gang."""
    gang = session.get(Gang, game_gang.gang_id)
    assert gang is not None
    lookup.lock_row(session, gang)
    return gang


def member_of(session: Session, model: GameModel) -> Member:
    """The roster model behind a game model."""
    member = session.get(Member, model.member_id)
    assert member is not None
    return member


def game_by_id(session: Session, campaign: Campaign, game_id: int) -> Game:
    """Game number ``game_id`` of ``campaign``."""
    game = session.get(Game, game_id)
    if game is None or game.campaign_id != campaign.id:
        raise CampaignError(
            f"campaign {campaign.name!r} has no game {game_id}; see 'skirmish game list'."
        )
    lookup.lock_row(session, game)
    return game


def current_game(session: Session, campaign: Campaign, game_id: int | None = None) -> Game:
    """Game ``game_id``, else the campaign's game in progress, else its latest game."""
    if game_id is not None:
        return game_by_id(session, campaign, game_id)
    games = session.exec(
        select(Game).where(Game.campaign_id == campaign.id).order_by(col(Game.id).desc())
    ).all()
    if not games:
        raise CampaignError(
            f"campaign {campaign.name!r} has no game yet; start one with "
            "'skirmish game start SCENARIO --good GANG --bad GANG'."
        )
    playing = [g for g in games if g.status == GameStatus.IN_PROGRESS]
    if len(playing) > 1:
        numbers = ", ".join(str(g.id) for g in playing)
        raise CampaignError(f"games {numbers} are in progress; choose one with --game N.")
    game = playing[0] if playing else games[0]
    lookup.lock_row(session, game)
    return game


def _in_progress(game: Game) -> None:
    if game.status != GameStatus.IN_PROGRESS:
        raise CampaignError(
            f"game {game.id} ({game.scenario}) has {game.status.replace('_', ' ')}"
            "; start a new one with 'skirmish game start'."
            if game.status == GameStatus.ABANDONED
            else f"game {game.id} ({game.scenario}) has ended; no more actions can be recorded "
            "in it (run 'skirmish game postgame' if not done yet)."
        )


def _started(game: Game) -> None:
    if game.turn < 1:
        raise CampaignError(
            f"game {game.id} has not begun its first turn; run 'skirmish game turn' first."
        )


@dataclass(frozen=True)
class ModelRef:
    """A model a command names: a gang's model, or a scenario objective that is a person."""

    model: GameModel | None
    objective: GameObjective | None = None


def _label(session: Session, model: GameModel) -> str:
    gg = session.get(GameGang, model.game_gang_id)
    assert gg is not None
    return f"{gang_row(session, gg).name}:{model.name}"


def find_model(session: Session, game: Game, name: str) -> GameModel:
    """The game's model called ``name`` (``GANG:NAME`` when two gangs use one name)."""
    models = models_of(session, game)
    gang_part, sep, model_part = name.rpartition(":")
    key = normalize(model_part if sep else name)
    found = [m for m in models if normalize(m.name) == key]
    if sep and found:
        wanted = normalize(gang_part)
        found = [m for m in found if normalize(_label(session, m).rpartition(":")[0]) == wanted]
    if len(found) == 1:
        return found[0]
    labels = [_label(session, m) for m in models]
    if len(found) > 1:
        which = ", ".join(repr(_label(session, m)) for m in found)
        raise CampaignError(f"{name!r} names more than one model of game {game.id}: say {which}.")
    near = lookup.nearest(name, [m.name for m in models] + labels)
    raise CampaignError(
        f"model {name!r} is not in game {game.id}; did you mean {', '.join(map(repr, near))}?"
    )


def _find_objective(
    session: Session, game: Game, name: str, copy_no: int | None = None
) -> tuple[Objective, list[GameObjective]]:
    scenario = scenario_of(game)
    key = normalize(name)
    for objective in scenario.objectives:
        if _names_objective(objective, key):
            copies = [o for o in objectives_of(session, game) if o.objective == objective.id]
            if copy_no is not None:
                copies = [o for o in copies if o.copy_no == copy_no]
                if not copies:
                    raise CampaignError(
                        f"{objective.name_en} {copy_no} does not exist: there are "
                        f"{objective.count} (count from 1)."
                    )
            return objective, copies
    known = ", ".join(o.id for o in scenario.objectives) or "none"
    raise CampaignError(
        f"scenario {scenario.id!r} has no objective {name!r}; its objectives: {known}."
    )


def _names_objective(objective: Objective, key: str) -> bool:
    """``loot``, ``sacco``, ``bottino``, ``testimone``… name an objective, as its id and names
    or any word of them do."""
    names = [normalize(n) for n in (objective.id, objective.name_it, objective.name_en)]
    return key in names or any(key in name.split("-") for name in names if len(key) > 2)


def _resolve_target(session: Session, game: Game, name: str) -> ModelRef:
    try:
        return ModelRef(find_model(session, game, name))
    except CampaignError:
        scenario = scenario_of(game)
        key = normalize(name)
        for objective in scenario.objectives:
            if objective.targetable and _names_objective(objective, key):
                _, copies = _find_objective(session, game, objective.id)
                return ModelRef(None, copies[0])
        raise


def _alive(session: Session, model: GameModel) -> None:
    if model.eliminated:
        raise CampaignError(
            f"{model.name!r} was eliminated in turn {model.eliminated_turn}; it takes no part "
            "in the game any more."
        )
    if model.left_turn is not None:
        raise CampaignError(
            f"{model.name!r} left the table in turn {model.left_turn} (R-20); it takes no part "
            "in the game any more."
        )


def _can_act(model: GameModel) -> None:
    if model.fleeing:
        raise CampaignError(
            f"{model.name!r} flees every turn until it leaves the table and takes no other "
            f"action (R-20); record 'skirmish game leave {model.name}' when it does."
        )
    if model.state == ModelState.TERRIFIED:
        when = (
            f"at the start of turn {model.state_clears_turn} ('skirmish game turn')"
            if model.state_clears_turn is not None
            else "afterwards: record 'skirmish game state NAME steady'"
        )
        raise CampaignError(
            f"{model.name!r} is terrified and cannot act (§4.3.2, R-04): it skips its next "
            f"turn and becomes steady {when}."
        )


def _change_state(
    model: GameModel,
    state: str,
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
    model.state = state
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


# --------------------------------------------------------------------------- events


def _event(
    session: Session,
    game: Game,
    action: str,
    *,
    model: GameModel | None = None,
    details: dict[str, Any] | None = None,
    dice: Sequence[Die] = (),
) -> GameEvent:
    event = GameEvent(
        game_id=_id(game),
        turn=game.turn,
        action=action,
        model_id=model.id if model is not None else None,
        at=now_text(),
        details=details or {},
        dice=dice_data(dice),
    )
    session.add(event)
    session.flush()
    return event


# --------------------------------------------------------------------------- sides


def outlaw_marked(session: Session, gang: Gang) -> bool:
    """H-09: a bounty-killers gang that eliminated a civilian is marked as outlaws for good
    (a standing ``outlaw-mark`` entry of the campaign log; ``undo`` can take it back)."""
    undone = select(LogEntry.reverts).where(
        LogEntry.gang_id == gang.id, col(LogEntry.reverts).is_not(None)
    )
    entry = session.exec(
        select(LogEntry).where(
            LogEntry.gang_id == gang.id,
            LogEntry.action == "outlaw-mark",
            col(LogEntry.id).not_in(undone),
        )
    ).first()
    return entry is not None


def default_side(session: Session, gang: Gang) -> Side:
    """The side a gang plays by default: lawmen, military, rangers, cowboys good; the rest bad,
    and bounty killers marked as outlaws bad (RULINGS §3, H-09)."""
    faction = find_faction(gang.faction)
    if gang.faction == BOUNTY_KILLERS and outlaw_marked(session, gang):
        return Side.BAD
    return Side.GOOD if faction.default_side == "good" else Side.BAD


# --------------------------------------------------------------------------- start


def start_game(
    session: Session,
    *,
    campaign: Campaign,
    scenario: str,
    gangs: Sequence[str] = (),
    good: str | None = None,
    bad: str | None = None,
    leave: Sequence[str] = (),
    leaders: Sequence[str] = (),
) -> Game:
    """Start a game of ``scenario``: the two gangs and their sides (a default side per faction),
    the models taking part (all on the roster but ``leave``; a model "wounded" in its last game
    starts with −1 COS, R-10), the leader each gang without one names (``leaders``, R-21) and
    the scenario's objectives."""
    found = find_scenario(scenario)
    named: dict[Side, Gang] = {}
    if good is not None:
        named[Side.GOOD] = lookup.gang_by_name(session, campaign, good)
    if bad is not None:
        named[Side.BAD] = lookup.gang_by_name(session, campaign, bad)
    for name in gangs:
        gang = lookup.gang_by_name(session, campaign, name)
        if gang in named.values():
            continue
        side = default_side(session, gang)
        if side in named:
            side = side.other
            if side in named:
                raise CampaignError("a game has two gangs; name at most two.")
        named[side] = gang
    if len(named) != 2:
        raise CampaignError(
            "a game needs two gangs: give --good GANG and --bad GANG (or two gang names)."
        )
    if named[Side.GOOD].id == named[Side.BAD].id:
        raise CampaignError(f"gang {named[Side.GOOD].name!r} cannot play against itself.")
    for gang in named.values():
        if gang.status != GangStatus.ACTIVE:
            raise CampaignError(f"gang {gang.name!r} is retired and plays no more games.")
        other = game_in_progress(session, gang)
        if other is not None:
            raise CampaignError(
                f"gang {gang.name!r} is already playing game {other.id} ({other.scenario}); "
                "end or abandon it first."
            )
        waiting = postgame_waiting(session, gang)
        if waiting is not None:
            raise CampaignError(
                f"gang {gang.name!r} has not run the post-game sequence of game {waiting.id} "
                f"({waiting.scenario}); run 'skirmish game postgame --game {waiting.id}' first."
            )
    left = _left_models(named, leave)
    game = Game(campaign_id=_id(campaign), scenario=found.id, started_at=now_text())
    session.add(game)
    session.flush()
    sides: dict[str, Any] = {}
    for side in (Side.GOOD, Side.BAD):
        gang = named[side]
        roster = [m for m in lookup.active_members(gang) if m.id not in left]
        if not roster:
            raise CampaignError(f"gang {gang.name!r} has no model left to play with.")
        gg = GameGang(game_id=_id(game), gang_id=_id(gang), side=side.value, started=len(roster))
        session.add(gg)
        session.flush()
        for member in roster:
            wounded = any(i.injury == WOUNDED for i in member.injuries)
            cos = max(1, member.cos - 1) if wounded else member.cos
            session.add(
                GameModel(
                    game_id=_id(game),
                    game_gang_id=_id(gg),
                    member_id=_id(member),
                    name=member.name,
                    cos_start=cos,
                    wounded_start=wounded,
                    cos_left=cos,
                )
            )
        sides[side.value] = {"gang": gang.name, "models": [m.name for m in roster]}
    for objective in found.objectives:
        for number in range(1, objective.count + 1):
            session.add(
                GameObjective(
                    game_id=_id(game),
                    objective=objective.id,
                    copy_no=number,
                    state=objective.initial.value,
                )
            )
    session.flush()
    for side, leader in _name_leaders(session, game, found, leaders).items():
        sides[side.value]["leader"] = leader
    _event(session, game, "start", details={"scenario": found.id, "sides": sides})
    for side in (Side.GOOD, Side.BAD):
        gang = named[side]
        _barrier(session, game, gang, "game-start", {"side": side.value})
    return game


def names_leaders(scenario: Scenario) -> bool:
    """Whether the scenario's rules name the leaders (Duello: nobody shoots until a leader has
    fired, the leaders' 10U activation), so a gang without one names one (R-21)."""
    return any(
        scenario.restriction(kind) is not None
        for kind in (
            RestrictionKind.NO_SHOOTING_UNTIL_LEADER_FIRES,
            RestrictionKind.LEADER_ACTIVATION,
        )
    )


def _name_leaders(
    session: Session, game: Game, scenario: Scenario, leaders: Sequence[str]
) -> dict[Side, str]:
    """R-21: each gang without a leader in the game (no leader profile, or its leader stays
    home) names one of its models its leader, in a scenario whose rules name the leaders."""
    if leaders and not names_leaders(scenario):
        raise CampaignError(
            "R-21: only a scenario whose rules name the leaders (Duel) needs one named for a "
            "gang without a leader; leave out --leader."
        )
    chosen: dict[int, GameModel] = {}
    for name in leaders:
        model = find_model(session, game, name)
        earlier = chosen.get(model.game_gang_id)
        if earlier is not None and earlier.id != model.id:
            label = gang_row(session, _game_gang_of(session, model)).name
            raise CampaignError(
                f"R-21: {label!r} is led by one model in a game, not {earlier.name!r} and "
                f"{model.name!r}."
            )
        chosen[model.game_gang_id] = model
    named: dict[Side, str] = {}
    if not names_leaders(scenario):
        return named
    models = models_of(session, game)
    for gg in gangs_of(session, game):
        gang = gang_row(session, gg)
        mine = [m for m in models if m.game_gang_id == gg.id]
        own = next((m for m in mine if member_of(session, m).role == Role.LEADER), None)
        pick = chosen.get(_id(gg))
        if own is not None and pick is not None:
            raise CampaignError(
                f"R-21: {gang.name!r} plays with its leader {own.name!r}; --leader names one "
                "only for a gang without a leader in the game."
            )
        if own is None and pick is None:
            names = ", ".join(repr(m.name) for m in mine)
            raise CampaignError(
                f"R-21: {scenario.name_en}: {gang.name!r} has no leader in this game; name the "
                f"model that leads it with --leader NAME (one of {names})."
            )
        if pick is not None:
            gg.leader_id = _id(pick)
            session.add(gg)
            named[Side(gg.side)] = pick.name
    session.flush()
    return named


def _game_gang_of(session: Session, model: GameModel) -> GameGang:
    gg = session.get(GameGang, model.game_gang_id)
    assert gg is not None
    return gg


def is_leader(session: Session, game: Game, model: GameModel) -> bool:
    """Whether ``model`` leads its gang in ``game``: the model its gang named for the game
    (R-21), else a model of a leader profile."""
    gg = _game_gang_of(session, model)
    if gg.leader_id is not None:
        return gg.leader_id == model.id
    return member_of(session, model).role == Role.LEADER


def leader_to_name(
    session: Session, *, campaign: Campaign, scenario: str, gang: str
) -> list[str] | None:
    """The models ``gang`` chooses its leader from when starting ``scenario`` with its whole
    roster (R-21: it has no leader, and the scenario names the leaders); ``None`` when it
    names none."""
    if not names_leaders(find_scenario(scenario)):
        return None
    roster = lookup.active_members(lookup.gang_by_name(session, campaign, gang))
    if any(m.role == Role.LEADER for m in roster):
        return None
    return [m.name for m in roster]


def _left_models(named: dict[Side, Gang], leave: Sequence[str]) -> set[int]:
    left: set[int] = set()
    for name in leave:
        gang_part, sep, model_part = name.rpartition(":")
        matches = [
            m
            for gang in named.values()
            if not sep or normalize(gang.name) == normalize(gang_part)
            for m in lookup.active_members(gang)
            if normalize(m.name) == normalize(model_part if sep else name)
        ]
        if len(matches) != 1:
            roster = [m.name for g in named.values() for m in lookup.active_members(g)]
            what = "names more than one model (say GANG:NAME)" if matches else "is not on a roster"
            near = ", ".join(repr(n) for n in lookup.nearest(name, roster))
            raise CampaignError(f"--leave {name!r} {what}; the models: {near}.")
        left.add(_id(matches[0]))
    return left


def _barrier(session: Session, game: Game, gang: Gang, action: str, extra: dict[str, Any]) -> None:
    """A campaign log entry for the game that ``undo`` cannot cross (no state before it)."""
    log_entry(
        session,
        campaign_id=game.campaign_id,
        gang=gang,
        action=action,
        details={"game": game.id, "scenario": game.scenario, **extra},
        money_before=gang.treasury,
    )


# --------------------------------------------------------------------------- facts


def side_of(session: Session, model: GameModel) -> Side:
    """The side a game model plays on."""
    gg = session.get(GameGang, model.game_gang_id)
    assert gg is not None
    return Side(gg.side)


def facts(session: Session, game: Game, turns_ended: int | None = None) -> GameFacts:
    """What ``decide`` needs, from the recorded state."""
    models = models_of(session, game)
    gangs = gangs_of(session, game)
    # A side is out when none of its models is left in play: eliminated, or a civilian that
    # left the table.
    eliminated = frozenset(
        Side(gg.side)
        for gg in gangs
        if all(not in_play(m) for m in models if m.game_gang_id == gg.id)
    )
    retreated = frozenset(Side(gg.side) for gg in gangs if gg.retreated is not None)
    states: dict[str, list[ObjectiveState]] = {}
    for row in objectives_of(session, game):
        states.setdefault(row.objective, []).append(ObjectiveState(row.state))
    return GameFacts(
        turns_ended=game.turn if turns_ended is None else turns_ended,
        objectives=states,
        eliminated=eliminated,
        retreated=retreated,
    )


def verdict(session: Session, game: Game, turns_ended: int | None = None) -> Verdict:
    """The scenario's verdict on the recorded state (``rules.scenarios.decide``)."""
    return decide(scenario_of(game), facts(session, game, turns_ended))


def _finish(session: Session, game: Game, result: Verdict, how: str) -> None:
    game.status = GameStatus.ENDED
    game.winner = result.winner.value if result.winner is not None else None
    game.reason = result.reason[:120]
    game.ended_at = now_text()
    session.add(game)
    _event(
        session,
        game,
        "end",
        details={"winner": game.winner, "reason": result.reason, "how": how},
    )
    for gg in gangs_of(session, game):
        _barrier(
            session,
            game,
            gang_row(session, gg),
            "game-end",
            {"side": gg.side, "winner": game.winner, "result": result_for(game, gg)},
        )


def result_for(game: Game, gg: GameGang) -> str:
    """``win``, ``loss``, ``draw`` or ``retreat`` (a loss too, H-01) for a gang of an ended
    game; ``abandoned`` or ``playing`` otherwise."""
    if game.status == GameStatus.ABANDONED:
        return "abandoned"
    if game.status != GameStatus.ENDED:
        return "playing"
    if gg.retreated is not None:
        return "retreat"
    if game.winner is None:
        return "draw"
    return "win" if game.winner == gg.side else "loss"


# --------------------------------------------------------------------------- turns


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
class Recovery:
    """A model whose terrified (R-04) or Nervi-scossi shaken (R-07) state ended with the turn."""

    name: str
    state: str  # the state that ended: terrified / shaken
    ruling: str
    prone: bool  # it stays prone if it was


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


def in_play(model: GameModel) -> bool:
    """Whether a model is still in the game: not eliminated, not off the table (R-20)."""
    return not model.eliminated and model.left_turn is None


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
        due[_id(gg)] = gg.retreated is None and must_test(started=started, lost=lost)
    return due


def _leader_state(session: Session, gg: GameGang, models: Sequence[GameModel]) -> Leader:
    gang = gang_row(session, gg)
    if not any(p.role is Role.LEADER for p in _faction_profiles(gang.faction)):
        return Leader.NONE
    for model in models:
        if model.game_gang_id == gg.id and member_of(session, model).role == Role.LEADER:
            return Leader.DEAD if model.eliminated else Leader.ALIVE
    return Leader.NONE  # the leader did not take part: neither modifier (decision)


def _faction_profiles(faction: str) -> Sequence[Any]:
    from skirmish.rules import profiles

    return profiles(faction)


def new_turn(session: Session, *, game: Game, dice: DiceSource) -> TurnReport:
    """End the turn being played and begin the next: the game ends at the scenario's turn
    limit or when its end conditions hold; cohesion tests that are due are rolled (R-08); Il
    comizio's scripted first turn is applied."""
    _in_progress(game)
    scenario = scenario_of(game)
    if game.turn >= 1:
        shown = verdict(session, game)
        if shown.over:
            _finish(session, game, shown, "turn")
            return TurnReport(turn=game.turn, ended=shown)
    game.turn += 1
    session.add(game)
    rolled: list[Die] = []
    checks: list[CohesionCheck] = []
    models = models_of(session, game)
    recovered = _states_ending(session, game, models)
    due = cohesion_due(session, game)
    for gg in gangs_of(session, game):
        if not due[_id(gg)]:
            continue
        playing = [m for m in models if m.game_gang_id == gg.id and in_play(m)]
        if not playing:
            continue
        highest = max(member_of(session, m).fred for m in playing)
        leader = _leader_state(session, gg, models)
        result = roll_cohesion(highest_fred=highest, leader=leader, dice=dice)
        rolled.extend(result.dice)
        started, lost = counted(gg, models)
        gang = gang_row(session, gg)
        check = CohesionCheck(
            gang=gang.name,
            started=started,
            lost=lost,
            highest_fred=highest,
            leader=leader.value,
            roll=result.roll,
            total=result.total,
            holds=result.holds,
        )
        checks.append(check)
        _event(
            session,
            game,
            "cohesion",
            details={**check.__dict__, "ruling": "R-08"},
            dice=result.dice,
        )
        if not result.holds:
            gg.retreated = Retreat.COHESION
            gg.retreat_turn = game.turn
            session.add(gg)
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
    _event(
        session,
        game,
        "turn",
        details={"turn": game.turn, "scripted": scripted},
    )
    session.flush()
    ended: Verdict | None = None
    if any(not c.holds for c in checks):
        ended = verdict(session, game, game.turn - 1)
        _finish(session, game, ended, "cohesion")
    return TurnReport(
        turn=game.turn,
        recovered=recovered,
        cohesion=tuple(checks),
        scripted=tuple(scripted),
        ended=ended,
        dice=tuple(rolled),
    )


def _states_ending(
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
        _change_state(model, ModelState.STEADY, game.turn)
        session.add(model)
        recovery = Recovery(name=model.name, state=before, ruling=ruling, prone=model.prone)
        recovered.append(recovery)
        _event(
            session,
            game,
            "state-ends",
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


# --------------------------------------------------------------------------- initiative


@dataclass(frozen=True)
class InitiativeReport:
    """An initiative roll-off between one model of each side (R-07, H-06)."""

    good: str
    bad: str
    good_totals: tuple[int, ...]
    bad_totals: tuple[int, ...]
    winner: str  # the winning model's name
    winner_side: Side
    shaken: tuple[str, ...]
    dice: tuple[Die, ...]
    rulings: tuple[str, ...]


def _unused_fama(session: Session, model: GameModel) -> int:
    return max(0, member_of(session, model).fama - model.fama_spent)


def _injuries(session: Session, model: GameModel) -> set[str]:
    return {i.injury for i in member_of(session, model).injuries}


def initiative(
    session: Session,
    *,
    game: Game,
    good: str,
    bad: str,
    good_fama_from: str | None = None,
    bad_fama_from: str | None = None,
    dice: DiceSource,
) -> InitiativeReport:
    """Each player rolls 1D6 + RIF + the unused FAMA of the model or a friend within 5U; the
    higher wins, ties are rolled again (R-07, H-06); "Nervi scossi" on a natural 1: shaken."""
    _in_progress(game)
    _started(game)
    picked: dict[Side, GameModel] = {}
    fama: dict[Side, int] = {}
    for side, name, helper in (
        (Side.GOOD, good, good_fama_from),
        (Side.BAD, bad, bad_fama_from),
    ):
        model = find_model(session, game, name)
        _alive(session, model)
        if side_of(session, model) is not side:
            raise CampaignError(f"{model.name!r} plays on the {side.other.value} side, not {side}.")
        _can_act(model)
        picked[side] = model
        fama[side] = _unused_fama(session, model)
        if helper is not None:
            friend = find_model(session, game, helper)
            _alive(session, friend)
            if side_of(session, friend) is not side:
                raise CampaignError(f"{friend.name!r} is not a friend of {model.name!r}.")
            fama[side] = _unused_fama(session, friend)
    nerves = {s: Invalidity.NERVI_SCOSSI in _injuries(session, m) for s, m in picked.items()}
    rifs = {s: member_of(session, m).rif for s, m in picked.items()}
    result = _roll_off(session, game, rifs, fama, nerves, dice)
    winner_side = Side.GOOD if result.winner.value == "first" else Side.BAD
    shaken: list[str] = []
    for side, flag in ((Side.GOOD, result.first_shaken), (Side.BAD, result.second_shaken)):
        if flag:
            _change_state(picked[side], ModelState.SHAKEN, game.turn, nervi_scossi=True)
            session.add(picked[side])
            shaken.append(picked[side].name)
    report = InitiativeReport(
        good=picked[Side.GOOD].name,
        bad=picked[Side.BAD].name,
        good_totals=tuple(r.first.total for r in result.rounds),
        bad_totals=tuple(r.second.total for r in result.rounds),
        winner=picked[winner_side].name,
        winner_side=winner_side,
        shaken=tuple(shaken),
        dice=result.dice,
        rulings=result.rulings,
    )
    _event(
        session,
        game,
        "initiative",
        model=picked[winner_side],
        details={
            "good": report.good,
            "bad": report.bad,
            "good_totals": list(report.good_totals),
            "bad_totals": list(report.bad_totals),
            "winner": report.winner,
            "side": winner_side.value,
            "shaken": shaken,
            "fama": {s.value: v for s, v in fama.items()},
        },
        dice=result.dice,
    )
    return report


def _roll_off(
    session: Session,
    game: Game,
    rifs: dict[Side, int],
    fama: dict[Side, int],
    nerves: dict[Side, bool],
    dice: DiceSource,
) -> RollOffResult:
    """R-07 with the campaign's H-06: ties rolled again, or won by the higher RIF."""
    from skirmish.campaign.models import CampaignSetting
    from skirmish.engine.initiative import RollOffRound
    from skirmish.engine.initiative import Side as Player

    def again(source: DiceSource) -> RollOffResult:
        return roll_off(
            rif=rifs[Side.GOOD], fama=fama[Side.GOOD], nervi_scossi=nerves[Side.GOOD],
            against_rif=rifs[Side.BAD], against_fama=fama[Side.BAD],
            against_nervi_scossi=nerves[Side.BAD], dice=source,
        )  # fmt: skip

    row = session.get(CampaignSetting, (game.campaign_id, "initiative-ties"))
    if row is None or row.value != "higher-rif" or rifs[Side.GOOD] == rifs[Side.BAD]:
        return again(dice)
    first = roll_initiative(
        rif=rifs[Side.GOOD], fama=fama[Side.GOOD], nervi_scossi=nerves[Side.GOOD], dice=dice
    )
    second = roll_initiative(
        rif=rifs[Side.BAD], fama=fama[Side.BAD], nervi_scossi=nerves[Side.BAD], dice=dice
    )
    if first.total != second.total:
        winner = Player.FIRST if first.total > second.total else Player.SECOND
        rulings: tuple[str, ...] = ("R-07",)
    else:
        winner = Player.FIRST if rifs[Side.GOOD] > rifs[Side.BAD] else Player.SECOND
        rulings = ("R-07", "H-06")
    dice_used = (
        Die(first.dice[0].value, "initiative: first"),
        Die(second.dice[0].value, "initiative: opponent"),
    )
    return RollOffResult(
        dice=dice_used,
        rounds=(RollOffRound(first.roll, second.roll, winner),),
        winner=winner,
        first_shaken=first.shaken,
        second_shaken=second.shaken,
        rulings=rulings,
    )


# --------------------------------------------------------------------------- combat


@dataclass
class CombatReport:
    """A shooting action or a fight rolled in a game, and what it changed."""

    result: Any  # ShootResult or MeleeResult
    attacker: str
    target: str
    weapon: str | None
    cos_before: int | None
    cos_after: int | None
    eliminated: bool
    state_after: str | None
    prone_after: bool | None
    changes: list[str] = field(default_factory=list)


def _carried(session: Session, member: Member) -> list[str]:
    gang = session.get(Gang, member.gang_id)
    assert gang is not None
    return [i.item for i in lookup.carried(gang, member)]


def _carrying(session: Session, game: Game, model: GameModel) -> list[GameObjective]:
    return [o for o in objectives_of(session, game) if o.carrier == model.id]


def _check_attack(
    session: Session, game: Game, attacker: GameModel, ref: ModelRef, *, shooting: bool
) -> None:
    _in_progress(game)
    _started(game)
    _alive(session, attacker)
    _can_act(attacker)
    scenario = scenario_of(game)
    if ref.model is not None:
        _alive(session, ref.model)
        if side_of(session, ref.model) is side_of(session, attacker):
            raise CampaignError(
                f"{ref.model.name!r} is on {attacker.name!r}'s own side; attack an enemy."
            )
    elif ref.objective is not None and ref.objective.state == ObjectiveState.DEAD:
        raise CampaignError(f"the {ref.objective.objective} is already dead.")
    scripted = scenario.restriction(RestrictionKind.SCRIPTED_FIRST_TURN)
    if scripted is not None and game.turn == 1:
        raise CampaignError(
            f"{scenario.name_en}: turn 1 is scripted (bad models enter and only move, good "
            "models take no actions); shoot and fight from turn 2 with 'skirmish game turn'."
        )
    if shooting:
        for row in _carrying(session, game, attacker):
            objective = scenario.objective(row.objective)
            if objective.carrier_shooting is CarrierShooting.NONE:
                raise CampaignError(
                    f"{attacker.name!r} carries the {objective.name_en} and may not shoot "
                    f"({scenario.name_en})."
                )
        restriction = scenario.restriction(RestrictionKind.NO_SHOOTING_UNTIL_LEADER_FIRES)
        if restriction is not None and not game.leader_fired:
            if not is_leader(session, game, attacker):  # or the one a gang named
                raise CampaignError(
                    f"{scenario.name_en}: nobody shoots until a leader has fired; "
                    f"{attacker.name!r} is not a leader."
                )


def _one_handed_check(session: Session, game: Game, attacker: GameModel, weapon: Weapon) -> None:
    scenario = scenario_of(game)
    for row in _carrying(session, game, attacker):
        objective = scenario.objective(row.objective)
        if objective.carrier_shooting is CarrierShooting.ONE_HANDED and weapon.two_handed:
            raise CampaignError(
                f"{attacker.name!r} carries a {objective.name_en} and may shoot only one-handed "
                f"weapons, not the {weapon.name_en.lower()}."
            )


def _combatants(
    session: Session, game: Game, attacker: GameModel, ref: ModelRef
) -> tuple[Combatant, Combatant]:
    """Both models as the engine sees them (``combatant``); a scenario's person is a civilian."""
    if ref.model is not None:
        return combatant(session, attacker), combatant(session, ref.model)
    assert ref.objective is not None
    return combatant(session, attacker), person(ProfileId.UNARMED_CIVILIAN, ref.objective.objective)


def shoot(
    session: Session,
    *,
    game: Game,
    attacker: str,
    target: str,
    situation: Mapping[str, Any],
    dice: DiceSource,
) -> CombatReport:
    """A shooting action: the models' numbers, weapons, skills, injuries, drink and state from
    the game (``combatant``), ``situation`` the table's inputs by the declaration's ids
    (``engine.situation``; ``weapon`` one the shooter carries), the scenario's night and
    Duello's leaders firing first (R-01…R-04, R-14, R-21)."""
    from skirmish.engine.shooting import RangeBand, range_band
    from skirmish.engine.shooting import shoot as roll_shoot

    shooter = find_model(session, game, attacker)
    ref = _resolve_target(session, game, target)
    _check_attack(session, game, shooter, ref, shooting=True)
    table = dict(situation)
    mine, theirs = _combatants(session, game, shooter, ref)
    weapon = pick_weapon(mine, table.pop("weapon", None), fight=False)
    assert weapon is not None
    _one_handed_check(session, game, shooter, weapon)
    scenario = scenario_of(game)
    night = any(m.key == "night" and m.roll.value == "shoot" for m in scenario.modifiers)
    setup = setup_of(Procedure.SHOOT, mine, theirs, table, weapon=weapon, night=night)
    assert isinstance(setup, ShootSetup)
    result = roll_shoot(setup, dice)
    _change_state(shooter, result.attacker_state_after.value, game.turn)
    if weapon.id == ItemId.SMALL_PISTOL and result.damage and range_band(setup) is RangeBand.SHORT:
        shooter.small_pistol_used = True
    session.add(shooter)
    if is_leader(session, game, shooter) and not game.leader_fired:
        if scenario.restriction(RestrictionKind.NO_SHOOTING_UNTIL_LEADER_FIRES) is not None:
            game.leader_fired = True
            session.add(game)
    report = _apply(session, game, shooter, ref, result, weapon)
    _event(
        session,
        game,
        "shoot",
        model=shooter,
        details=_combat_details(report, situation, result.rulings),
        dice=result.dice,
    )
    return report


def melee(
    session: Session,
    *,
    game: Game,
    attacker: str,
    target: str,
    situation: Mapping[str, Any],
    dice: DiceSource,
) -> CombatReport:
    """A fight: both models' numbers, weapons, skills, injuries (Malattia, Mano mozzata), drink
    and state from the game (``combatant``), ``situation`` the table's inputs by the
    declaration's ids (``weapon``, ``target_weapon``: ones they carry) (R-01, R-03–R-05)."""
    from skirmish.engine.fight import melee as roll_melee

    fighter = find_model(session, game, attacker)
    ref = _resolve_target(session, game, target)
    _check_attack(session, game, fighter, ref, shooting=False)
    table = dict(situation)
    mine, theirs = _combatants(session, game, fighter, ref)
    weapon = pick_weapon(mine, table.pop("weapon", None), fight=True)
    defender_weapon = pick_weapon(theirs, table.pop("target_weapon", None), fight=True)
    setup = setup_of(
        Procedure.MELEE, mine, theirs, table, weapon=weapon, target_weapon=defender_weapon
    )
    assert isinstance(setup, MeleeSetup)
    result = roll_melee(setup, dice)
    report = _apply(session, game, fighter, ref, result, weapon)
    _event(
        session,
        game,
        "melee",
        model=fighter,
        details=_combat_details(report, situation, result.rulings),
        dice=result.dice,
    )
    return report


def _combat_details(
    report: CombatReport, options: Mapping[str, Any], rulings: Sequence[str]
) -> dict[str, Any]:
    plain = {k: (v.value if hasattr(v, "value") else v) for k, v in options.items()}
    return {
        "attacker": report.attacker,
        "target": report.target,
        "weapon": report.weapon,
        "options": plain,
        "cos_before": report.cos_before,
        "cos_after": report.cos_after,
        "eliminated": report.eliminated,
        "state": report.state_after,
        "prone": report.prone_after,
        "changes": report.changes,
        "rulings": list(rulings),
    }


def _apply(
    session: Session,
    game: Game,
    attacker: GameModel,
    ref: ModelRef,
    result: Any,
    weapon: Weapon | None,
    bystanders: Bystanders | None = None,
    dice: DiceSource | None = None,
) -> CombatReport:
    """Record what a shot or a fight did to its target, and to the models around it that the
    players named (``bystanders``: R-19, R-20, R-22; ``dice`` for their panic tests)."""
    from skirmish.engine.shooting import ShootResult

    if bystanders is None:
        bystanders, given = session.info.pop(_AROUND, (NOBODY, None))
        dice = dice if dice is not None else given
    aftermath = result.aftermath
    shot = isinstance(result, ShootResult)
    near = _witnesses(session, game, ref.model, bystanders or NOBODY, shot=shot)
    changes: list[str] = []
    changes += _civilians_flee(session, game, near.civilians, "within 10U of a shot")
    if ref.model is None:
        assert ref.objective is not None
        row = ref.objective
        name = row.objective
        if aftermath.eliminated:
            changes += _objective_event(
                session, game, [row], ObjectiveEvent.KILL, by=attacker, automatic=True
            )
        return CombatReport(
            result, attacker.name, name, weapon.id if weapon else None,
            aftermath.cos_before, aftermath.cos_after, aftermath.eliminated, None, None, changes,
        )  # fmt: skip
    target = ref.model
    before = target.cos_left
    if aftermath.cos_after is not None:
        target.cos_left = aftermath.cos_after
    if aftermath.eliminated:
        changes += _eliminate(session, game, target, attacker, guard=near.guard)
        changes += _friends_react(session, game, target, near.friends, dice)
    else:
        if aftermath.panic is not None:
            _change_state(target, aftermath.panic.state.value, game.turn)
            target.prone = aftermath.panic.prone
        flight = _flight(session, target)
        if shot and flight is Flight.SHOT_NEARBY:
            changes += _civilians_flee(session, game, [target], "shot at")
        elif shot and flight is Flight.SHOT_AT_UNHURT and target.cos_left >= before:
            changes += _civilians_flee(session, game, [target], "shot at and not wounded")
    session.add(target)
    session.flush()
    return CombatReport(
        result, attacker.name, target.name, weapon.id if weapon else None, before,
        target.cos_left, target.eliminated, target.state, target.prone, changes,
    )  # fmt: skip


def _eliminate(
    session: Session,
    game: Game,
    model: GameModel,
    by: GameModel | None,
    *,
    guard: GameModel | None = None,
) -> list[str]:
    """Mark ``model`` eliminated; what it carried drops; a captive it held is freed, unless
    ``guard``, a model of its side within 5U of the captive, keeps it (R-22)."""
    model.eliminated = True
    model.eliminated_by = by.id if by is not None else None
    model.eliminated_turn = game.turn
    model.cos_left = min(model.cos_left, 0)
    session.add(model)
    changes: list[str] = []
    scenario = scenario_of(game)
    for row in _carrying(session, game, model):
        objective = scenario.objective(row.objective)
        if guard is not None and _captive_held(objective, row):
            changes.append(_keep_captive(session, game, row, guard))
            continue
        event = ObjectiveEvent.DROP if objective.kind is ObjectiveKind.LOOT else ObjectiveEvent.FREE
        state = ObjectiveState(row.state)
        allowed = _transitions(event)
        if state in allowed:
            changes += _objective_event(session, game, [row], event, by=None, automatic=True)
        else:
            row.carrier = None
            session.add(row)
    session.flush()
    return changes


def _transitions(event: ObjectiveEvent) -> frozenset[ObjectiveState]:
    from skirmish.rules.scenarios import TRANSITIONS

    return TRANSITIONS[event][0]


# --------------------------------------------------------------------------- bystanders


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
#: Where ``around`` leaves the bystanders of a shot or a fight for ``_apply``.
_AROUND = "skirmish.bystanders"


@contextmanager
def around(session: Session, named: Bystanders, dice: DiceSource) -> Iterator[None]:
    """The bystanders the players name for the shot or fight recorded inside this block, and
    the dice for their panic tests (R-19, R-20, R-22): ``_apply`` takes them from the
    transaction's session (``shoot`` and ``melee`` carry the situation of the action itself).
    A block that records no shot or fight, yet names bystanders, is a mistake and raises."""
    session.info[_AROUND] = (named, dice)
    try:
        yield
    except BaseException:
        session.info.pop(_AROUND, None)
        raise
    left = session.info.pop(_AROUND, None)
    if left is not None and left[0] != NOBODY:
        raise CampaignError("the bystanders named were not recorded: no shot or fight ran.")


@dataclass(frozen=True)
class _Near:
    """The bystanders found in the game, checked."""

    friends: tuple[GameModel, ...] = ()
    guard: GameModel | None = None
    civilians: tuple[GameModel, ...] = ()


def _profile_of(session: Session, model: GameModel) -> Profile:
    return find_profile(member_of(session, model).profile)


def _flight(session: Session, model: GameModel) -> Flight | None:
    return _profile_of(session, model).flees


def _unique(models: Sequence[GameModel]) -> tuple[GameModel, ...]:
    return tuple({_id(m): m for m in models}.values())


def _witnesses(
    session: Session, game: Game, target: GameModel | None, named: Bystanders, *, shot: bool
) -> _Near:
    """The named bystanders as game models, each checked before anything changes."""
    friends = _unique([_friend_near(session, game, target, name) for name in named.near])
    guard = _guard(session, game, target, named.guard) if named.guard is not None else None
    if named.civilians and not shot:
        raise CampaignError(
            "R-20: civilians flee from shots; name the unarmed civilians near one on "
            "'skirmish game shoot'."
        )
    civilians = _unique([_unarmed_civilian(session, game, name) for name in named.civilians])
    return _Near(friends, guard, civilians)


def _friend_near(session: Session, game: Game, target: GameModel | None, name: str) -> GameModel:
    model = find_model(session, game, name)
    if target is None:
        raise CampaignError(
            f"R-19: --near {name!r}: a friend's death is a gang's hero or leader falling, not a "
            "scenario's person."
        )
    _alive(session, model)
    if model.game_gang_id != target.game_gang_id or model.id == target.id:
        raise CampaignError(
            f"R-19: {model.name!r} is not a friend of {target.name!r}; --near names models of "
            "its gang within 5U that react to its death."
        )
    profile = _profile_of(session, model)
    if profile.friend_death is None:
        raise CampaignError(
            f"R-19: {model.name!r} ({profile.name_en}) has no rule for a friend's death; --near "
            "names the Volontari and Delinquenti within 5U."
        )
    if member_of(session, target).role not in (Role.LEADER, Role.HERO):
        raise CampaignError(
            f"R-19: {target.name!r} is a common model; only a hero's or the leader's death "
            f"makes {model.name!r} react."
        )
    return model


def _captive_held(objective: Objective, row: GameObjective) -> bool:
    return objective.kind is ObjectiveKind.CAPTIVE and row.state == ObjectiveState.HELD


def _guard(session: Session, game: Game, target: GameModel | None, name: str) -> GameModel:
    scenario = scenario_of(game)
    held = target is not None and any(
        _captive_held(scenario.objective(row.objective), row)
        for row in _carrying(session, game, target)
    )
    if target is None or not held:
        who = repr(target.name) if target is not None else "the target"
        raise CampaignError(
            f"R-22: {who} holds no captive; --guard names a model of the custodian's side "
            "within 5U of the captive it held."
        )
    guard = find_model(session, game, name)
    _alive(session, guard)
    if guard.id == target.id or side_of(session, guard) is not side_of(session, target):
        raise CampaignError(
            f"R-22: {guard.name!r} is not on {target.name!r}'s side; --guard names a model of "
            "the custodian's side within 5U of the captive."
        )
    return guard


def _keep_captive(session: Session, game: Game, row: GameObjective, guard: GameModel) -> str:
    """R-22: the custodian fell with a friend within 5U of the captive: not freed; the friend
    holds it now."""
    row.carrier = _id(guard)
    session.add(row)
    _event(
        session,
        game,
        "objective",
        model=guard,
        details={"objective": row.objective, "copy": row.copy_no, "event": "carry",
                 "by": guard.name, "automatic": True, "ruling": "R-22"},
    )  # fmt: skip
    return (
        f"R-22: {row.objective} {row.copy_no} is not freed: {guard.name}, within 5U, holds it now."
    )


def _unarmed_civilian(session: Session, game: Game, name: str) -> GameModel:
    model = find_model(session, game, name)
    _alive(session, model)
    profile = _profile_of(session, model)
    if profile.flees is not Flight.SHOT_NEARBY:
        raise CampaignError(
            f"R-20: {model.name!r} ({profile.name_en}) is no unarmed civilian; --civilian-near "
            "names the unarmed civilians within 10U of the shot."
        )
    return model


def _civilians_flee(
    session: Session, game: Game, civilians: Sequence[GameModel], why: str
) -> list[str]:
    """R-20: civilians terrified for good, fleeing every turn until they leave the table."""
    lines = []
    for model in civilians:
        if model.fleeing or model.eliminated:
            continue
        before = {"state": model.state, "prone": model.prone}
        _change_state(model, ModelState.TERRIFIED, game.turn)
        model.fleeing = True
        model.state_clears_turn = None  # it never calms down: it leaves the table
        session.add(model)
        _event(
            session,
            game,
            "flee",
            model=model,
            details={"model": model.name, "why": why, "before": before, "ruling": "R-20"},
        )
        lines.append(
            f"R-20: {model.name} ({why}) is terrified and flees every turn until it leaves the "
            "table."
        )
    return lines


def _friends_react(
    session: Session,
    game: Game,
    fallen: GameModel,
    friends: Sequence[GameModel],
    dice: DiceSource | None,
) -> list[str]:
    """R-19: a friendly hero eliminated within 5U: a panic test at once (the model's own FRED,
    the dice of the action's source after its own); the gang's leader: terrified, no test."""
    from skirmish.engine.panic import panic_test

    leader = member_of(session, fallen).role == Role.LEADER
    lines = []
    for model in friends:
        trait = _profile_of(session, model).friend_death
        assert trait is not None  # checked by _friend_near
        reaction = trait.leader if leader else trait.hero
        before = {"state": model.state, "prone": model.prone}
        rolled: tuple[Die, ...] = ()
        who = f"its leader {fallen.name}" if leader else fallen.name
        if reaction is Reaction.TERRIFIED:
            _change_state(model, ModelState.TERRIFIED, game.turn)
            verdict = "terrified without a test"
        else:
            if dice is None:
                raise CampaignError("R-19: a friend's death needs dice for the panic test.")
            fred = member_of(session, model).fred
            test = panic_test(
                Target(fred=fred, state=ModelState(model.state), prone=model.prone), dice
            )
            rolled = test.dice
            _change_state(model, test.outcome.state.value, game.turn)
            model.prone = test.outcome.prone
            faces = " and ".join(str(face) for face in test.outcome.faces)
            state = test.outcome.state.value + (", prone" if model.prone else "")
            verdict = f"panic test {faces} against FRED {test.outcome.effective_fred}: {state}"
        session.add(model)
        _event(
            session,
            game,
            "friend-death",
            model=model,
            details={
                "model": model.name,
                "fallen": fallen.name,
                "leader": leader,
                "reaction": reaction.value,
                "before": before,
                "after": {"state": model.state, "prone": model.prone},
                "ruling": "R-19",
            },
            dice=rolled,
        )
        lines.append(f"R-19: {model.name} sees {who} fall within 5U: {verdict}.")
    return lines


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
            and _profile_of(session, m).friend_death is not None
        ]
    if model is not None:
        scenario = scenario_of(game)
        captives = [
            f"{row.objective} {row.copy_no}"
            for row in _carrying(session, game, model)
            if _captive_held(scenario.objective(row.objective), row)
        ]
    civilians = [
        m.name for m in models if not m.fleeing and _flight(session, m) is Flight.SHOT_NEARBY
    ]
    return Questions(tuple(friends), tuple(captives), tuple(civilians))


# --------------------------------------------------------------------------- table results


def _playing_model(session: Session, game: Game, name: str) -> GameModel:
    _in_progress(game)
    _started(game)
    model = find_model(session, game, name)
    _alive(session, model)
    return model


@dataclass(frozen=True)
class TableReport:
    """A result from the table recorded on a model, and what it changed around it."""

    model: GameModel
    changes: tuple[str, ...] = ()


def hit(
    session: Session,
    *,
    game: Game,
    member: str,
    wounds: int,
    by: str | None = None,
    bystanders: Bystanders = NOBODY,
    dice: DiceSource | None = None,
) -> TableReport:
    """Wounds rolled at the table with physical dice: off COS; COS ≤ 0 eliminates (§6.1), with
    the ``bystanders`` the players name (R-19, R-22; ``dice`` for R-19's panic tests)."""
    if wounds < 1:
        raise CampaignError(f"--wounds {wounds}: give 1 or more wounds.")
    model = _playing_model(session, game, member)
    attacker = find_model(session, game, by) if by is not None else None
    near = _witnesses(session, game, model, bystanders, shot=False)
    before = model.cos_left
    model.cos_left -= wounds
    changes: list[str] = []
    if model.cos_left <= 0:
        changes = _eliminate(session, game, model, attacker, guard=near.guard)
        changes += _friends_react(session, game, model, near.friends, dice)
    session.add(model)
    _event(
        session,
        game,
        "hit",
        model=model,
        details={
            "wounds": wounds,
            "by": attacker.name if attacker else None,
            "cos_before": before,
            "cos_after": model.cos_left,
            "eliminated": model.eliminated,
            "changes": changes,
        },
    )
    return TableReport(model, tuple(changes))


#: ``game state`` words in either language.
STATE_WORDS: dict[str, str] = {
    "shaken": "shaken", "scosso": "shaken",
    "terrified": "terrified", "impaurito": "terrified", "in-panico": "terrified",
    "panic": "terrified",
    "prone": "prone", "steso": "prone", "a-terra": "prone",
    "steady": "steady", "calmo": "steady", "saldo": "steady",
    "standing": "standing", "in-piedi": "standing", "up": "standing",
    "fleeing": "fleeing", "flees": "fleeing", "in-fuga": "fleeing", "fugge": "fleeing",
}  # fmt: skip


def set_state(session: Session, *, game: Game, member: str, state: str) -> GameModel:
    """A state rolled at the table: shaken, terrified, steady (neither), prone or standing; or
    a civilian fleeing the table (R-20: shot at with physical dice)."""
    word = STATE_WORDS.get(normalize(state))
    if word is None:
        raise CampaignError(
            f"unknown state {state!r}: give shaken, terrified, prone, steady, standing or "
            "fleeing (scosso, impaurito, steso, calmo, in piedi, in fuga)."
        )
    model = _playing_model(session, game, member)
    if word == "fleeing":
        if _flight(session, model) is None:
            raise CampaignError(
                f"R-20: only a civilian flees the table; {model.name!r} is a "
                f"{_profile_of(session, model).name_en}: record 'terrified' instead."
            )
        _civilians_flee(session, game, [model], "recorded at the table")
        return model
    if model.fleeing and word in ("shaken", "steady"):
        raise CampaignError(
            f"R-20: {model.name!r} flees every turn until it leaves the table; record "
            f"'skirmish game leave {model.name}' when it does."
        )
    before = {"state": model.state, "prone": model.prone}
    if word == "prone":
        model.prone = True
    elif word == "standing":
        model.prone = False
    else:
        _change_state(model, word, game.turn, recorded=True)
    session.add(model)
    _event(
        session,
        game,
        "state",
        model=model,
        details={
            "state": word,
            "before": before,
            "after": {"state": model.state, "prone": model.prone},
            "clears_turn": model.state_clears_turn,
        },
    )
    return model


def eliminate(
    session: Session,
    *,
    game: Game,
    member: str,
    by: str | None = None,
    bystanders: Bystanders = NOBODY,
    dice: DiceSource | None = None,
) -> TableReport:
    """A model eliminated at the table, and by whom (for XP, R-11), with the ``bystanders``
    the players name (R-19, R-22; ``dice`` for R-19's panic tests)."""
    model = _playing_model(session, game, member)
    attacker = find_model(session, game, by) if by is not None else None
    if attacker is not None and attacker.id == model.id:
        attacker = None
    near = _witnesses(session, game, model, bystanders, shot=False)
    changes = _eliminate(session, game, model, attacker, guard=near.guard)
    changes += _friends_react(session, game, model, near.friends, dice)
    _event(
        session,
        game,
        "eliminate",
        model=model,
        details={"by": attacker.name if attacker else None, "changes": changes},
    )
    return TableReport(model, tuple(changes))


def leave(session: Session, *, game: Game, member: str) -> GameModel:
    """A civilian leaves the table (R-20): out of the game, neither eliminated nor a casualty
    (no XP for anyone, no recovery roll)."""
    model = _playing_model(session, game, member)
    if _flight(session, model) is None:
        raise CampaignError(
            f"R-20: only a civilian leaves the table out of the game; {model.name!r} is a "
            f"{_profile_of(session, model).name_en}."
        )
    held = [f"{row.objective} {row.copy_no}" for row in _carrying(session, game, model)]
    if held:
        raise CampaignError(
            f"{model.name!r} carries {', '.join(held)}; record what happens to it first "
            "('skirmish game objective')."
        )
    model.left_turn = game.turn
    session.add(model)
    _event(
        session,
        game,
        "leave",
        model=model,
        details={"model": model.name, "fleeing": model.fleeing, "ruling": "R-20"},
    )
    return model


def spend(session: Session, *, game: Game, point: str, member: str) -> GameModel:
    """Spend a FAMA or FORTUNA point for this game only (R-15)."""
    kind = {"fama": "fama", "fame": "fama", "fortuna": "fortuna", "fortune": "fortuna"}.get(
        normalize(point)
    )
    if kind is None:
        raise CampaignError(f"spend fama or fortuna, not {point!r}.")
    model = _playing_model(session, game, member)
    owned = getattr(member_of(session, model), kind)
    spent = getattr(model, f"{kind}_spent")
    if spent >= owned:
        raise CampaignError(
            f"R-15: {model.name!r} has no {kind.upper()} point left this game "
            f"({owned} owned, {spent} spent); spent points come back after the game."
        )
    setattr(model, f"{kind}_spent", spent + 1)
    session.add(model)
    _event(
        session,
        game,
        "spend",
        model=model,
        details={"point": kind, "left": owned - spent - 1, "ruling": "R-15"},
    )
    return model


def drink(session: Session, *, game: Game, member: str) -> GameModel:
    """A model drinks the bottle of whisky it carries (§8.3): +1 FRED and −1 RIF for the rest
    of the game, which every shot and fight it takes part in then applies (``combatant``)."""
    model = _playing_model(session, game, member)
    if ItemId.WHISKY not in _carried(session, member_of(session, model)):
        raise CampaignError(
            f"{model.name!r} carries no whisky (§8.3); give it a bottle between games with "
            "'skirmish gang buy' or 'skirmish gang equip'."
        )
    if drank_whisky(session, model):
        raise CampaignError(
            f"{model.name!r} already drank its whisky in this game; +1 FRED and −1 RIF last the "
            "whole game (§8.3)."
        )
    _event(session, game, DRINK, model=model, details={"item": ItemId.WHISKY.value})
    return model


# --------------------------------------------------------------------------- objectives

#: Event words in either language; ``carry`` only names who carries or holds it now.
EVENT_WORDS: dict[str, str] = {
    "pick-up": "pick_up", "pickup": "pick_up", "raccogli": "pick_up", "prendi": "pick_up",
    "recover": "recover", "recupera": "recover",
    "drop": "drop", "lascia": "drop", "posa": "drop",
    "carry-off": "carry_off", "porta-via": "carry_off", "fuori": "carry_off",
    "free": "free", "libera": "free", "liberate": "free",
    "recapture": "recapture", "riprendi": "recapture", "ricattura": "recapture",
    "escape": "escape", "fuga": "escape", "scappa": "escape",
    "deliver": "deliver", "consegna": "deliver",
    "rescue": "rescue", "salva": "rescue", "porta-in-salvo": "rescue",
    "wound": "wound", "ferisci": "wound", "ferito": "wound",
    "kill": "kill", "uccidi": "kill", "dead": "kill", "morto": "kill",
    "shelter": "shelter", "al-sicuro": "shelter", "ripara": "shelter", "safe": "shelter",
    "carry": "carry", "porta": "carry", "custodian": "carry", "custode": "carry",
}  # fmt: skip

#: Events after which somebody carries or holds the objective.
_TAKES = (ObjectiveEvent.PICK_UP, ObjectiveEvent.RECOVER, ObjectiveEvent.RECAPTURE)
#: Events after which nobody does.
_RELEASES = (
    ObjectiveEvent.DROP, ObjectiveEvent.CARRY_OFF, ObjectiveEvent.FREE, ObjectiveEvent.ESCAPE,
    ObjectiveEvent.DELIVER, ObjectiveEvent.RESCUE, ObjectiveEvent.KILL, ObjectiveEvent.SHELTER,
)  # fmt: skip


def _objective_event(
    session: Session,
    game: Game,
    rows: Sequence[GameObjective],
    event: ObjectiveEvent,
    *,
    by: GameModel | None,
    automatic: bool = False,
) -> list[str]:
    scenario = scenario_of(game)
    changes: list[str] = []
    for row in rows:
        objective = scenario.objective(row.objective)
        before = ObjectiveState(row.state)
        after = objective.after(before, event)
        row.state = after.value
        if event in _TAKES:
            row.carrier = by.id if by is not None else None
        elif event in _RELEASES:
            row.carrier = None
        row.by = by.id if by is not None else row.by
        session.add(row)
        changes.append(f"{objective.id} {row.copy_no}: {before.value} → {after.value}")
        if automatic:
            _event(
                session,
                game,
                "objective",
                model=by,
                details={
                    "objective": objective.id,
                    "copy": row.copy_no,
                    "event": event.value,
                    "before": before.value,
                    "after": after.value,
                    "by": by.name if by is not None else None,
                    "automatic": True,
                },
            )
    session.flush()
    return changes


def objective(
    session: Session,
    *,
    game: Game,
    name: str,
    event: str,
    by: str | None = None,
    copy_no: int | None = None,
) -> list[str]:
    """Record what happened to an objective: pick up, drop, carry off, recover the loot; free,
    recapture, deliver, rescue a captive; wound, kill, shelter a person; or ``carry``: who
    carries or holds it now. Each scenario allows its own events (``docs/scenarios.md``)."""
    _in_progress(game)
    found, copies = _find_objective(session, game, name, copy_no)
    word = EVENT_WORDS.get(normalize(event), normalize(event).replace("-", "_"))
    actor = find_model(session, game, by) if by is not None else None
    if actor is not None:
        _alive(session, actor)
    if word == "carry":
        if actor is None:
            raise CampaignError("'carry' needs --by MODEL: the model that carries or holds it.")
        target = _choose_copy(copies, lambda r: r.carrier is None, found, "carry")
        target.carrier = actor.id
        session.add(target)
        session.flush()
        change = f"{found.id} {target.copy_no}: carried by {actor.name}"
        _event(
            session,
            game,
            "objective",
            model=actor,
            details={"objective": found.id, "copy": target.copy_no, "event": "carry",
                     "by": actor.name},
        )  # fmt: skip
        return [change]
    try:
        kind = ObjectiveEvent(word)
    except ValueError:
        events = ", ".join(e.value.replace("_", "-") for e in found.events)
        raise CampaignError(
            f"unknown event {event!r} for the {found.name_en}: give one of {events} or carry."
        ) from None
    if kind not in found.events:
        events = ", ".join(e.value.replace("_", "-") for e in found.events)
        raise CampaignError(
            f"{scenario_of(game).name_en}: the {found.name_en} takes {events} or carry, "
            f"not {event!r}."
        )
    if kind in _TAKES and actor is None:
        raise CampaignError(f"{kind.value.replace('_', '-')} needs --by MODEL: who takes it.")
    allowed = _transitions(kind)
    target = _choose_copy(
        copies,
        lambda r: (
            ObjectiveState(r.state) in allowed
            and (actor is None or kind in _TAKES or r.carrier in (None, actor.id))
        ),
        found,
        kind.value,
    )
    before = ObjectiveState(target.state)
    changes = _objective_event(session, game, [target], kind, by=actor)
    _event(
        session,
        game,
        "objective",
        model=actor,
        details={
            "objective": found.id,
            "copy": target.copy_no,
            "event": kind.value,
            "before": before.value,
            "after": target.state,
            "by": actor.name if actor is not None else None,
        },
    )
    return changes


def _choose_copy(
    copies: Sequence[GameObjective], fits: Any, objective: Objective, what: str
) -> GameObjective:
    for row in copies:
        if fits(row):
            return row
    states = ", ".join(f"{r.copy_no}: {r.state}" for r in copies)
    raise CampaignError(
        f"no {objective.name_en} can {what.replace('_', ' ')} now (states: {states}); "
        "check --copy and the events recorded."
    )


# --------------------------------------------------------------------------- the end


@dataclass(frozen=True)
class RetreatReport:
    """A voluntary retreat (R-09): the infamy die if rolled now."""

    gang: str
    infamy_roll: int | None
    dice: tuple[Die, ...]
    ended: Verdict


def _game_gang(session: Session, game: Game, name: str) -> GameGang:
    gangs = gangs_of(session, game)
    for gg in gangs:
        if normalize(gang_row(session, gg).name) == normalize(name):
            return gg
    names = ", ".join(repr(gang_row(session, gg).name) for gg in gangs)
    raise CampaignError(f"gang {name!r} is not playing game {game.id}; its gangs: {names}.")


def retreat(
    session: Session, *, game: Game, gang: str, dice: DiceSource, infamy_now: bool = True
) -> RetreatReport:
    """A gang retreats by choice: it loses and the game ends (R-09); the infamy test is rolled
    now, or by the post-game sequence with ``infamy_now=False``."""
    _in_progress(game)
    gg = _game_gang(session, game, gang)
    gg.retreated = Retreat.VOLUNTARY
    gg.retreat_turn = game.turn
    rolled: tuple[Die, ...] = ()
    if infamy_now:
        result = roll_infamy(dice=dice)
        gg.infamy_roll = result.roll
        rolled = result.dice
    else:
        gg.infamy_pending = True
    session.add(gg)
    session.flush()
    name = gang_row(session, gg).name
    _event(
        session,
        game,
        "retreat",
        details={"gang": name, "infamy_roll": gg.infamy_roll, "ruling": "R-09"},
        dice=rolled,
    )
    ended = verdict(session, game)
    _finish(session, game, ended, "retreat")
    return RetreatReport(name, gg.infamy_roll, rolled, ended)


def end_game(
    session: Session, *, game: Game, winner: str | None = None, draw: bool = False
) -> Verdict:
    """End the game: the winner from the scenario's victory conditions when the recorded state
    shows it (``decide``), else the one the players name, or a draw."""
    _in_progress(game)
    result = verdict(session, game)
    if winner is not None and draw:
        raise CampaignError("give --winner GANG or --draw, not both.")
    if winner is not None:
        side = Side(_game_gang(session, game, winner).side)
        if result.over and result.winner is not None and result.winner is not side:
            shown = _side_gang(session, game, result.winner)
            raise CampaignError(
                f"the recorded state shows {shown!r} winning ({result.reason}); "
                f"correct the game first if {winner!r} won."
            )
        result = Verdict(True, side, "named by the players" if not result.over else result.reason)
    elif draw:
        if result.over and result.winner is not None:
            shown = _side_gang(session, game, result.winner)
            raise CampaignError(
                f"the recorded state shows {shown!r} winning ({result.reason}), not a draw."
            )
        result = Verdict(True, None, "a draw, as the players agreed")
    elif not result.over:
        raise CampaignError(
            f"the recorded state does not end {scenario_of(game).name_en} yet "
            f"({result.reason}); play on, or give --winner GANG or --draw."
        )
    _finish(session, game, result, "end")
    return result


def _side_gang(session: Session, game: Game, side: Side) -> str:
    for gg in gangs_of(session, game):
        if gg.side == side.value:
            return gang_row(session, gg).name
    return side.value


def abandon(session: Session, *, game: Game) -> Game:
    """Abandon the game: nobody wins and there is no post-game sequence."""
    _in_progress(game)
    game.status = GameStatus.ABANDONED
    game.ended_at = now_text()
    session.add(game)
    _event(session, game, "abandon")
    for gg in gangs_of(session, game):
        _barrier(session, game, gang_row(session, gg), "game-abandon", {"side": gg.side})
    return game


# --------------------------------------------------------------------------- the board


def board(session: Session, *, game: Game) -> dict[str, Any]:
    """Everything ``game status`` shows, as JSON-friendly data."""
    scenario = scenario_of(game)
    models = models_of(session, game)
    due = cohesion_due(session, game)
    names = {m.id: m.name for m in models}
    carrying: dict[int, list[str]] = {}
    objectives = []
    for row in objectives_of(session, game):
        objectives.append(
            {
                "objective": row.objective,
                "copy": row.copy_no,
                "state": row.state,
                "carrier": names.get(row.carrier) if row.carrier is not None else None,
            }
        )
        if row.carrier is not None:
            carrying.setdefault(row.carrier, []).append(f"{row.objective} {row.copy_no}")
    gangs = []
    for gg in gangs_of(session, game):
        gang = gang_row(session, gg)
        rows = []
        for model in (m for m in models if m.game_gang_id == gg.id):
            member = member_of(session, model)
            rows.append(
                {
                    "name": model.name,
                    "profile": member.profile,
                    "cos": model.cos_start,
                    "cos_left": model.cos_left,
                    "wounded_start": model.wounded_start,
                    "state": model.state,
                    "prone": model.prone,
                    "state_clears_turn": model.state_clears_turn,
                    "eliminated": model.eliminated,
                    "eliminated_by": names.get(model.eliminated_by)
                    if model.eliminated_by is not None
                    else None,
                    "fama_left": member.fama - model.fama_spent,
                    "fortuna_left": member.fortuna - model.fortuna_spent,
                    "equipment": _carried(session, member),
                    "carries": carrying.get(_id(model), []),
                    "fleeing": model.fleeing,
                    "left_turn": model.left_turn,  # off the table, out of the game
                }
            )
        leader = next(
            (m for m in models if m.game_gang_id == gg.id and is_leader(session, game, m)), None
        )
        gangs.append(
            {
                "gang": gang.name,
                "faction": gang.faction,
                "side": gg.side,
                "leader": leader.name if leader is not None else None,
                "leader_named": gg.leader_id is not None,
                "started": gg.started,
                "casualties": sum(1 for r in rows if r["eliminated"]),
                "left_table": sum(1 for r in rows if r["left_turn"] is not None),
                "cohesion_due": due[_id(gg)] if game.status == GameStatus.IN_PROGRESS else False,
                "retreated": gg.retreated,
                "result": result_for(game, gg),
                "models": rows,
            }
        )
    shown = verdict(session, game) if game.status == GameStatus.IN_PROGRESS else None
    return {
        "game": game.id,
        "scenario": scenario.id,
        "name_it": scenario.name_it,
        "name_en": scenario.name_en,
        "status": game.status,
        "turn": game.turn,
        "turn_limit": scenario.turn_limit,
        "winner": _side_gang(session, game, Side(game.winner)) if game.winner else None,
        "winner_side": game.winner,
        "reason": game.reason,
        "leader_fired": game.leader_fired,
        "verdict": None
        if shown is None
        else {
            "over": shown.over,
            "winner": _side_gang(session, game, shown.winner) if shown.winner else None,
            "reason": shown.reason,
        },
        "gangs": gangs,
        "objectives": objectives,
    }


def games_of(session: Session, campaign: Campaign) -> list[Game]:
    """Every game of a campaign, oldest first."""
    return list(
        session.exec(
            select(Game).where(Game.campaign_id == campaign.id).order_by(col(Game.id))
        ).all()
    )


__all__ = [
    "Bystanders",
    "CohesionCheck",
    "CombatReport",
    "InitiativeReport",
    "RetreatReport",
    "TurnReport",
    "abandon",
    "around",
    "board",
    "current_game",
    "drink",
    "eliminate",
    "end_game",
    "game_in_progress",
    "hit",
    "initiative",
    "leave",
    "melee",
    "new_turn",
    "objective",
    "questions",
    "retreat",
    "set_state",
    "shoot",
    "spend",
    "start_game",
]
