"""A scenario of §10 as values: its words (``ObjectiveKind``, ``ConditionKind``…), its parts
(``Objective``, ``Restriction``, the ``TableMap``…) and the ``Scenario`` itself.

The victory conditions are data too, in a small vocabulary (``Condition``) that ``decide``
evaluates against the facts of a game, so a game tracker never hard-codes a scenario.
``rules/scenarios.py`` loads and finds them; docs/scenarios.md describes the file format.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from skirmish.errors import RulesError
from skirmish.i18n import Lang
from skirmish.rules.model import ObjectiveEvent, ObjectiveState, Side
from skirmish.translation import Both, Message

# --- the vocabulary -------------------------------------------------------------------------


class ObjectiveKind(StrEnum):
    """What an objective is: a thing carried, a person held against their will, or a person."""

    LOOT = "loot"  # sacks of Rapina in banca
    CAPTIVE = "captive"  # the prisoner, the hostage
    PERSON = "person"  # the mayor, the witness, the politician


_S = ObjectiveState

#: Each event: the states it may happen in, and the state it leads to.
TRANSITIONS: Mapping[ObjectiveEvent, tuple[frozenset[ObjectiveState], ObjectiveState]] = {
    ObjectiveEvent.PICK_UP: (frozenset({_S.DROPPED}), _S.CARRIED),
    ObjectiveEvent.RECOVER: (frozenset({_S.DROPPED}), _S.RECOVERED),
    ObjectiveEvent.DROP: (frozenset({_S.CARRIED, _S.RECOVERED}), _S.DROPPED),
    ObjectiveEvent.CARRY_OFF: (frozenset({_S.CARRIED, _S.HELD}), _S.OFF_TABLE),
    ObjectiveEvent.FREE: (frozenset({_S.HELD}), _S.FREED),
    ObjectiveEvent.RECAPTURE: (frozenset({_S.FREED}), _S.HELD),
    ObjectiveEvent.ESCAPE: (frozenset({_S.FREED}), _S.OFF_TABLE),
    ObjectiveEvent.DELIVER: (frozenset({_S.HELD}), _S.DELIVERED),
    ObjectiveEvent.RESCUE: (frozenset({_S.FREED}), _S.RESCUED),
    ObjectiveEvent.WOUND: (frozenset({_S.ALIVE}), _S.WOUNDED),
    ObjectiveEvent.KILL: (frozenset({_S.ALIVE, _S.WOUNDED}), _S.DEAD),
    ObjectiveEvent.SHELTER: (frozenset({_S.ALIVE, _S.WOUNDED}), _S.SAFE),
}

#: Whose model records each event, by the objective's ``side`` (the side that has it, or
#: protects it, at the start: docs/scenarios.md): that side picks up and carries off its loot,
#: recaptures and delivers its captive, shelters its person (``True``); the other side recovers
#: the sack, frees, rescues or lets the captive escape, wounds and kills the person
#: (``False``). A drop is its carrier's, whichever side carries it (absent).
_BY_ITS_SIDE: Mapping[ObjectiveEvent, bool] = {
    ObjectiveEvent.PICK_UP: True,
    ObjectiveEvent.CARRY_OFF: True,
    ObjectiveEvent.RECAPTURE: True,
    ObjectiveEvent.DELIVER: True,
    ObjectiveEvent.SHELTER: True,
    ObjectiveEvent.RECOVER: False,
    ObjectiveEvent.FREE: False,
    ObjectiveEvent.ESCAPE: False,
    ObjectiveEvent.RESCUE: False,
    ObjectiveEvent.WOUND: False,
    ObjectiveEvent.KILL: False,
}


class CarrierShooting(StrEnum):
    """What the model carrying or dragging an objective may shoot with."""

    ANY = "any"
    ONE_HANDED = "one_handed"  # no two-handed weapons (loot)
    NONE = "none"  # may not shoot at all (the kidnapper)


class ConditionKind(StrEnum):
    """The facts a condition can test (see ``Condition``)."""

    OBJECTIVE = "objective"  # at least ``count`` objectives are in one of ``states``
    SIDE_ELIMINATED = "side_eliminated"  # no model of ``side`` is left in play
    SIDE_RETREATED = "side_retreated"  # ``side`` retreated or failed cohesion
    TURN_ENDED = "turn_ended"  # turn ``turn`` has been played to its end


class RestrictionKind(StrEnum):
    """Rules that forbid or script actions, which a game tracker enforces."""

    NO_SHOOTING_UNTIL_LEADER_FIRES = "no_shooting_until_leader_fires"
    LEADER_ACTIVATION = "leader_activation"  # a leader acts once a friend is within ``distance``
    SCRIPTED_FIRST_TURN = "scripted_first_turn"  # turn 1 is played as ``steps`` say


class FirstTurnStep(StrEnum):
    """The steps of a scripted first turn (Il comizio)."""

    BAD_ENTER_MOVE_ONLY = "bad_enter_move_only"  # every bad model enters and may only move
    GOOD_NO_ACTIONS = "good_no_actions"  # good models neither move nor act
    SNIPER_WOUNDS_TARGET = "sniper_wounds_target"  # the person objective becomes ``wounded``
    GUARD_KILLS_SNIPER = "guard_kills_sniper"  # the good model in contact removes the sniper
    CIVILIANS_FLEE = "civilians_flee"  # the crowd runs (see ``Civilians``)


class Mover(StrEnum):
    """Who moves the civilians."""

    INITIATIVE_WINNER = "initiative_winner"  # the player who wins the turn's first initiative
    GOOD = "good"
    BAD = "bad"


class ModifiedRoll(StrEnum):
    """The rolls a scenario modifier can change (R-01…R-07)."""

    SHOOT = "shoot"
    MELEE = "melee"
    NERVE = "nerve"
    PANIC = "panic"
    REFLEX = "reflex"
    SAVE = "save"
    INITIATIVE = "initiative"


class MapSide(StrEnum):
    """Whose a zone or a marker of the table map is: a side, or neither (civilians, the sniper)."""

    GOOD = "good"
    BAD = "bad"
    OTHER = "other"


class Edge(StrEnum):
    """An edge of the table as the map draws it: the short edges left and right, the long ones
    top (the far side) and bottom (the near side)."""

    LEFT = "left"
    RIGHT = "right"
    TOP = "top"
    BOTTOM = "bottom"


class FeatureKind(StrEnum):
    """What a labelled rectangle of the map is."""

    BUILDING = "building"  # the bank, the saloon, the sheriff's office
    STREET = "street"  # the main street, the streets around the bank
    PLACE = "place"  # an open spot: the rally's stage


class ZoneKind(StrEnum):
    """The shapes of a deployment zone (docs/scenarios.md, "The table map")."""

    EDGE = "edge"  # a band ``depth`` U deep along ``edge``
    ENTRY = "entry"  # models come on from ``edge`` (they start off the table)
    RECT = "rect"  # the rectangle ``x``, ``y``, ``width``, ``depth``
    INSIDE = "inside"  # inside the building ``feature``
    RING = "ring"  # within ``distance`` U of ``around`` (and beyond ``inner`` U, if given)
    OUTSIDE = "outside"  # no closer than ``distance`` U to ``around``


# --- the values -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    """A passage in the book's Italian and in English."""

    it: str
    en: str

    def in_lang(self, lang: Lang | str) -> str:
        """The passage in ``lang``."""
        return self.it if str(lang) == Lang.IT else self.en


@dataclass(frozen=True)
class Table:
    """The table's size in U and the layout of the buildings."""

    width: int
    depth: int
    layout: Text

    @property
    def size(self) -> str:
        """As the book writes it: ``120x90``."""
        return f"{self.width}x{self.depth}"


@dataclass(frozen=True)
class Deployment:
    """Where each side deploys; ``first`` is the side that deploys first (None: together)."""

    first: Side | None
    good: Text
    bad: Text
    other: Text | None = None  # models of neither side: civilians, the sniper

    def for_side(self, side: Side) -> Text:
        """The deployment of ``side``."""
        return self.good if side is Side.GOOD else self.bad


@dataclass(frozen=True)
class Objective:
    """Something a game tracks: loot sacks, a captive or a person, and what can happen to it."""

    id: str
    name_it: str
    name_en: str
    kind: ObjectiveKind
    count: int  # how many of them (two loot sacks)
    side: Side  # the side that has it, or protects it, at the start
    initial: ObjectiveState
    states: tuple[ObjectiveState, ...]
    events: tuple[ObjectiveEvent, ...]
    rules: Text
    controlled_by: Side | None = None  # who moves it when nobody carries it; None: it never moves
    profile: str | None = None  # a §9.12 profile name, when it is a model
    targetable: bool = False  # may be shot at or fought
    carry_actions: int | None = None  # actions a turn to carry or drag it
    pick_up_actions: int | None = None  # actions to pick it up from the ground
    free_radius: int | None = None  # freed only if no enemy of the captive's side is this close
    carrier_shooting: CarrierShooting = CarrierShooting.ANY
    carrier_may_run: bool = True
    walk_only: tuple[ObjectiveState, ...] = ()  # states in which it may only walk

    def recorded_by(self, event: ObjectiveEvent) -> Side | None:
        """The side whose model does ``event`` (``_BY_ITS_SIDE``); ``None``: its carrier's."""
        own = _BY_ITS_SIDE.get(event)
        if own is None:
            return None
        return self.side if own else self.side.other

    def after(self, state: ObjectiveState, event: ObjectiveEvent) -> ObjectiveState:
        """The state after ``event``; an event this objective does not allow is a RulesError."""
        if event not in self.events:
            allowed = ", ".join(e.value for e in self.events)
            raise RulesError(
                Message(
                    "{name} cannot {event_value!r} in this scenario; allowed: {allowed}.",
                    event_value=event.value,
                    allowed=allowed,
                    name=Both(self.name_en, self.name_it),
                )
            )
        sources, target = TRANSITIONS[event]
        if state not in sources:
            raise RulesError(
                Message(
                    "{name} is {state_value!r}: {event_value!r} needs it "
                    "{join_s_value_for_s_in_sources}.",
                    state_value=state.value,
                    event_value=event.value,
                    name=Both(self.name_en, self.name_it),
                    join_s_value_for_s_in_sources=Both(
                        " or ".join(sorted(s.value for s in sources)),
                        " o ".join(sorted(s.value for s in sources)),
                    ),
                )
            )
        return target


@dataclass(frozen=True)
class ScenarioModifier:
    """A modifier the scenario adds to a roll, e.g. the night's −1 to shots beyond 20U (R-02)."""

    key: str
    roll: ModifiedRoll
    value: int
    ruling: str
    text: Text
    beyond: int | None = None  # applies only at a distance greater than this many U

    def applies(self, distance: float) -> bool:
        """Whether it applies at ``distance`` U."""
        return self.beyond is None or distance > self.beyond


@dataclass(frozen=True)
class Restriction:
    """A rule that forbids or scripts actions (Duello, Il comizio)."""

    kind: RestrictionKind
    text: Text
    distance: int | None = None  # leader_activation
    steps: tuple[FirstTurnStep, ...] = ()  # scripted_first_turn


@dataclass(frozen=True)
class Civilians:
    """Bystanders moved by a player (Il comizio)."""

    count: int
    move: int  # U a turn
    deploy_min: int  # U from the scenario's centre (the stage)
    deploy_max: int
    moved_by: Mover
    may_leave_table: bool
    profile: str
    text: Text


@dataclass(frozen=True)
class GameFacts:
    """What a game tracker knows when it asks ``decide`` for a verdict."""

    turns_ended: int = 0
    objectives: Mapping[str, Sequence[ObjectiveState]] = field(default_factory=dict)
    eliminated: frozenset[Side] = frozenset()
    retreated: frozenset[Side] = frozenset()


@dataclass(frozen=True)
class Condition:
    """One testable fact of the game; see ``ConditionKind`` and docs/scenarios.md."""

    when: ConditionKind
    objective: str | None = None
    states: tuple[ObjectiveState, ...] = ()
    count: int | None = None  # at least this many; None: all of them
    side: Side | None = None
    turn: int | None = None

    def holds(self, scenario: Scenario, facts: GameFacts) -> bool:
        """Whether the condition is true of ``facts``."""
        if self.when is ConditionKind.SIDE_ELIMINATED:
            return self.side in facts.eliminated
        if self.when is ConditionKind.SIDE_RETREATED:
            return self.side in facts.retreated
        if self.when is ConditionKind.TURN_ENDED:
            return self.turn is not None and facts.turns_ended >= self.turn
        objective = scenario.objective(self.objective or "")
        current = facts.objectives.get(objective.id, (objective.initial,) * objective.count)
        matching = sum(1 for state in current if state in self.states)
        needed = objective.count if self.count is None else self.count
        return matching >= needed


@dataclass(frozen=True)
class VictoryCondition:
    """``side`` wins when every condition in ``all`` holds at the end of the game."""

    side: Side
    all: tuple[Condition, ...]


@dataclass(frozen=True)
class Decision:
    """Where the book is silent or garbled, what this file decided, and about which field."""

    field: str
    text: Text


@dataclass(frozen=True)
class Verdict:
    """Whether the game is over, who won (None: nobody yet, or a draw) and why."""

    over: bool
    winner: Side | None
    reason: str


@dataclass(frozen=True)
class Box:
    """A rectangle of the table in U: ``x`` from the left short edge, ``y`` from the top long
    edge (the far side), ``width`` along the long edges, ``depth`` along the short ones."""

    x: float
    y: float
    width: float
    depth: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.depth

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.depth / 2)

    def within(self, table: Table) -> bool:
        """Whether the rectangle lies on ``table`` (its edges included)."""
        return (
            self.x >= 0 and self.y >= 0 and self.right <= table.width and self.bottom <= table.depth
        )


@dataclass(frozen=True)
class Feature:
    """A building, street or place the scenario names, as a labelled rectangle of the map."""

    id: str
    kind: FeatureKind
    name: Text
    box: Box
    door: Edge | None = None  # the side of a building its door is on


@dataclass(frozen=True)
class Zone:
    """Where a side (or neither) deploys, in one of the shapes of ``ZoneKind``."""

    side: MapSide
    kind: ZoneKind
    label: Text | None = None  # printed in the zone; default: the side's name
    edge: Edge | None = None  # edge, entry
    depth: float | None = None  # edge: how deep the band is
    box: Box | None = None  # rect
    around: str | None = None  # inside (a feature), ring and outside (a feature, objective, marker)
    distance: float | None = None  # ring, outside
    inner: float = 0  # ring: models stand beyond this many U (the rally's civilians, 5-10U)
    label_at: tuple[float, float] | None = None  # where the label goes; default: chosen by shape


@dataclass(frozen=True)
class Placement:
    """Where one copy of an objective starts (``objective`` is an id of ``[[objectives]]``)."""

    objective: str
    at: tuple[float, float]


@dataclass(frozen=True)
class Marker:
    """A model the text places: a duel's leaders, an escort, the sniper."""

    id: str
    side: MapSide
    name: Text
    at: tuple[float, float]


@dataclass(frozen=True)
class Dimension:
    """A distance the book gives, drawn as a dimension line labelled ``length`` U."""

    start: tuple[float, float]
    end: tuple[float, float]
    length: int


@dataclass(frozen=True)
class TableMap:
    """The table as a map: features, deployment zones, objectives, markers and distances."""

    features: tuple[Feature, ...]
    zones: tuple[Zone, ...]
    objectives: tuple[Placement, ...]
    markers: tuple[Marker, ...] = ()
    dimensions: tuple[Dimension, ...] = ()

    def feature(self, feature_id: str) -> Feature | None:
        """The feature called ``feature_id``, if there is one."""
        return next((f for f in self.features if f.id == feature_id), None)

    def anchor(self, name: str) -> Box | tuple[float, float] | None:
        """What a ring is drawn around: a feature's rectangle, or where an objective or a
        marker stands."""
        found = self.feature(name)
        if found is not None:
            return found.box
        for placement in self.objectives:
            if placement.objective == name:
                return placement.at
        return next((m.at for m in self.markers if m.id == name), None)


@dataclass(frozen=True)
class Scenario:
    """A scenario of §10 with everything needed to set it up, play it and decide it."""

    id: str
    number: str  # the book's section; two scenarios are numbered 10.1
    order: int  # position in the book
    name_it: str
    name_en: str
    aliases: tuple[str, ...]
    background: Text
    table: Table
    map: TableMap
    deployment: Deployment
    victory_text: Mapping[Side, Text]
    length: Text
    special_rules: tuple[Text, ...]
    objectives: tuple[Objective, ...]
    modifiers: tuple[ScenarioModifier, ...]
    restrictions: tuple[Restriction, ...]
    civilians: Civilians | None
    turn_limit: int | None
    end: tuple[Condition, ...]  # the game ends as soon as one holds
    victory: tuple[VictoryCondition, ...]  # checked in order when the game ends
    decisions: tuple[Decision, ...]
    source: str  # the file it was read from, e.g. "scenarios/duel.toml"

    def objective(self, objective_id: str) -> Objective:
        """The objective called ``objective_id``."""
        for objective in self.objectives:
            if objective.id == objective_id:
                return objective
        known = ", ".join(o.id for o in self.objectives) or "none"
        raise RulesError(
            Message(
                "scenario {id!r} has no objective {objective_id!r}; its objectives: {known}.",
                id=self.id,
                objective_id=objective_id,
                known=known,
            )
        )

    def restriction(self, kind: RestrictionKind) -> Restriction | None:
        """The restriction of ``kind``, if the scenario has one."""
        return next((r for r in self.restrictions if r.kind is kind), None)


def decide(scenario: Scenario, facts: GameFacts) -> Verdict:
    """Is the game over, and who won? Retreats first (R-09), then the scenario's conditions."""
    if facts.retreated:
        if len(facts.retreated) == 1:
            (side,) = facts.retreated
            return Verdict(True, side.other, f"{side.value} side retreated")
        return Verdict(True, None, "both sides retreated")
    over = (
        any(c.holds(scenario, facts) for c in scenario.end)
        or bool(facts.eliminated)
        or (scenario.turn_limit is not None and facts.turns_ended >= scenario.turn_limit)
    )
    if not over:
        return Verdict(False, None, "the game goes on")
    for index, victory in enumerate(scenario.victory):
        if all(c.holds(scenario, facts) for c in victory.all):
            return Verdict(True, victory.side, f"victory[{index}]")
    if len(facts.eliminated) == 1:
        (side,) = facts.eliminated
        return Verdict(True, side.other, f"{side.value} side eliminated")
    return Verdict(True, None, "no victory condition holds: a draw")
