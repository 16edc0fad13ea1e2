"""A game's start: the two gangs and their sides (RULINGS §3, H-09), the models taking part
(R-10: a model wounded in its last game starts with −1 COS), the scenario's objectives, and the
leader a gang without one names where the scenario's rules name the leaders (R-21)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from skirmish.campaign import lookup, naming
from skirmish.campaign.game.board import (
    find_model,
    game_gang_of,
    gang_row,
    gangs_of,
    log_barrier,
    member_of,
    models_of,
    record_event,
)
from skirmish.campaign.game.pending import game_in_progress, postgame_waiting
from skirmish.campaign.game.tables import Game, GameGang, GameModel, GameObjective
from skirmish.campaign.logbook import now_text
from skirmish.campaign.lookup import row_id
from skirmish.campaign.models import WOUNDED, Campaign, Gang, GangStatus, LogEntry, Member
from skirmish.engine.glossary import EventKind
from skirmish.errors import CampaignError
from skirmish.rules import find_faction
from skirmish.rules.ids import FactionId
from skirmish.rules.model import Role, Side
from skirmish.rules.names import matching, normalize
from skirmish.rules.scenario_model import RestrictionKind, Scenario
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import Both, Message


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
    if gang.faction == FactionId.BOUNTY_KILLERS and outlaw_marked(session, gang):
        return Side.BAD
    return Side.GOOD if faction.default_side == "good" else Side.BAD


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
                raise CampaignError(Message("a game has two gangs; name at most two."))
        named[side] = gang
    if len(named) != 2:
        raise CampaignError(
            Message(
                "a game needs two gangs: give {on_command_line_good_gang_and}.",
                on_command_line_good_gang_and=Message(
                    "⟪--good GANG and --bad GANG (or two gang names)¦⟨good⟩ and ⟨bad⟩⟫"
                ),
            )
        )
    if named[Side.GOOD].id == named[Side.BAD].id:
        raise CampaignError(
            Message(
                "gang {named_side_good_name!r} cannot play against itself.",
                named_side_good_name=named[Side.GOOD].name,
            )
        )
    for gang in named.values():
        if gang.status != GangStatus.ACTIVE:
            raise CampaignError(
                Message(
                    "gang {gang_name!r} is retired and plays no more games.", gang_name=gang.name
                )
            )
        other = game_in_progress(session, gang)
        if other is not None:
            played = find_scenario(other.scenario)  # its name, never its id (issue #12)
            raise CampaignError(
                Message(
                    "gang {gang_name!r} is already playing game {other_id} "
                    "({played_name}); end or abandon it first.",
                    gang_name=gang.name,
                    other_id=other.id,
                    played_name=Both(played.name_en, played.name_it),
                )
            )
        waiting = postgame_waiting(session, gang)
        if waiting is not None:
            played = find_scenario(waiting.scenario)
            raise CampaignError(
                Message(
                    "gang {gang_name!r} has not run the post-game sequence of game "
                    "{waiting_id} ({played_name}); run "
                    "{on_command_line_f_skirmish_game_postgame_game} first.",
                    gang_name=gang.name,
                    waiting_id=waiting.id,
                    played_name=Both(played.name_en, played.name_it),
                    on_command_line_f_skirmish_game_postgame_game=Message(
                        "⟪'skirmish game postgame --game {waiting_id}'¦it⟫", waiting_id=waiting.id
                    ),
                )
            )
    left = _left_models(named, leave)
    game = Game(campaign_id=row_id(campaign), scenario=found.id, started_at=now_text())
    session.add(game)
    session.flush()
    sides: dict[str, Any] = {}
    for side in (Side.GOOD, Side.BAD):
        gang = named[side]
        roster = [m for m in lookup.active_members(gang) if m.id not in left]
        if not roster:
            raise CampaignError(
                Message("gang {gang_name!r} has no model left to play with.", gang_name=gang.name)
            )
        gg = GameGang(
            game_id=row_id(game), gang_id=row_id(gang), side=side.value, started=len(roster)
        )
        session.add(gg)
        session.flush()
        for member in roster:
            wounded = any(i.injury == WOUNDED for i in member.injuries)
            cos = max(1, member.cos - 1) if wounded else member.cos
            session.add(
                GameModel(
                    game_id=row_id(game),
                    game_gang_id=row_id(gg),
                    member_id=row_id(member),
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
                    game_id=row_id(game),
                    objective=objective.id,
                    copy_no=number,
                    state=objective.initial.value,
                )
            )
    session.flush()
    for side, leader in _name_leaders(session, game, found, leaders).items():
        sides[side.value]["leader"] = leader
    record_event(session, game, EventKind.START, details={"scenario": found.id, "sides": sides})
    for side in (Side.GOOD, Side.BAD):
        gang = named[side]
        log_barrier(session, game, gang, "game-start", {"side": side.value})
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
            Message(
                "R-21: only a scenario whose rules name the leaders (Duel) needs one "
                "named for a gang without a leader; leave out ⟨leader⟩."
            )
        )
    chosen: dict[int, GameModel] = {}
    for name in leaders:
        model = find_model(session, game, name)
        earlier = chosen.get(model.game_gang_id)
        if earlier is not None and earlier.id != model.id:
            label = gang_row(session, game_gang_of(session, model)).name
            raise CampaignError(
                Message(
                    "R-21: {label!r} is led by one model in a game, not {earlier_name!r} "
                    "and {model_name!r}.",
                    label=label,
                    earlier_name=earlier.name,
                    model_name=model.name,
                )
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
        pick = chosen.get(row_id(gg))
        if own is not None and pick is not None:
            raise CampaignError(
                Message(
                    "R-21: {gang_name!r} plays with its leader {own_name!r}; ⟨leader⟩ "
                    "names one only for a gang without a leader in the game.",
                    gang_name=gang.name,
                    own_name=own.name,
                )
            )
        if own is None and pick is None:
            names = ", ".join(repr(m.name) for m in mine)
            raise CampaignError(
                Message(
                    "R-21: {scenario_name}: {gang_name!r} has no leader in this game; name "
                    "the model that leads it with ⟨leader⟩{on_command_line_name} (one of "
                    "{names}).",
                    gang_name=gang.name,
                    names=names,
                    scenario_name=Both(scenario.name_en, scenario.name_it),
                    on_command_line_name=Message("⟪ NAME¦⟫"),
                )
            )
        if pick is not None:
            gg.leader_id = row_id(pick)
            session.add(gg)
            named[Side(gg.side)] = pick.name
    session.flush()
    return named


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
        left.add(row_id(_roster_model(named, name)))
    return left


def _roster_model(named: dict[Side, Gang], name: str) -> Member:
    """The model of the starting gangs ``name`` names, as players say it (``naming``: a prefix,
    whole words, a handle; GANG:NAME)."""
    gangs = [(gang, (gang.name,)) for gang in named.values()]
    gang_part, sep, model_part = name.rpartition(":")
    pool, typed = list(named.values()), name
    if sep and matching(gang_part, gangs):
        pool = [naming.choose(gang_part, gangs, kind=naming.GANG, label=lambda g: g.name)]
        typed = model_part
    owner = {row_id(m): g for g in pool for m in lookup.active_members(g)}
    members = [m for g in pool for m in lookup.active_members(g)]
    shared = Counter(normalize(m.name) for m in members)

    def label(member: Member) -> str:
        text = lookup.member_label(member)
        if shared[normalize(member.name)] > 1:
            return f"{owner[row_id(member)].name}:{text}"
        return text

    def missing(near: list[str]) -> CampaignError:
        listed = ", ".join(map(repr, near))
        return CampaignError(
            Message(
                "⟨leave⟩ {name!r} is not on a roster; the models: {listed}.",
                name=name,
                listed=listed,
            )
        )

    return naming.choose(
        typed, lookup.names_of(members), kind=naming.MODEL, label=label, missing=missing
    )
