"""The scenarios of §10 as data: one TOML file each in ``scenarios/``, checked strictly at load.

``scenarios()`` reads them all, ``find_scenario("Il testimone")`` finds one by id, Italian or
English name or alias, and ``validate_scenarios()`` returns every problem of every file. The
victory conditions are data too, in a small vocabulary (``Condition``) that ``decide`` evaluates
against the facts of a game, so a game tracker never hard-codes a scenario. docs/scenarios.md
describes the file format.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from skirmish.errors import RulesError, UnknownNameError
from skirmish.i18n import Lang
from skirmish.resources import scenarios_dir
from skirmish.rules.model import ObjectiveEvent, ObjectiveState, Side
from skirmish.rules.names import NameIndex

E = TypeVar("E", bound=StrEnum)


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

    def after(self, state: ObjectiveState, event: ObjectiveEvent) -> ObjectiveState:
        """The state after ``event``; an event this objective does not allow is a RulesError."""
        if event not in self.events:
            allowed = ", ".join(e.value for e in self.events)
            raise RulesError(
                f"{self.name_en} cannot {event.value!r} in this scenario; allowed: {allowed}.",
                it=f"{self.name_it}: {event.value!r} non è possibile in questo scenario; "
                f"ammessi: {allowed}.",
            )
        sources, target = TRANSITIONS[event]
        if state not in sources:
            raise RulesError(
                f"{self.name_en} is {state.value!r}: {event.value!r} needs it "
                f"{' or '.join(sorted(s.value for s in sources))}.",
                it=f"{self.name_it} è {state.value!r}: {event.value!r} richiede che sia "
                f"{' o '.join(sorted(s.value for s in sources))}.",
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
            f"scenario {self.id!r} has no objective {objective_id!r}; its objectives: {known}.",
            it=f"lo scenario {self.id!r} non ha l'obiettivo {objective_id!r}; i suoi obiettivi: "
            f"{known}.",
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


# --- reading the files ----------------------------------------------------------------------


class ScenarioFileError(RulesError):
    """A scenario file that cannot be used; ``problems`` lists every fault found in it."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        more_it = f" (e altri {len(problems) - 1})" if len(problems) > 1 else ""
        # The fault itself names the file's fields (TOML keys), which stay as written.
        super().__init__(
            f"{problems[0]}{more}", it=f"file di scenario non valido: {problems[0]}{more_it}"
        )


_MISSING = object()


class _Fields:
    """One TOML table being read: each getter records a problem instead of raising."""

    def __init__(self, data: Mapping[str, Any], path: str, file: str, problems: list[str]) -> None:
        self.data = data
        self.path = path
        self.file = file
        self.problems = problems
        self.seen: set[str] = set()

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def problem(self, key: str, message: str) -> None:
        self.problems.append(f"{self.file}: field {self.name(key)!r} {message}")

    def raw(self, key: str, required: bool) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if required:
                self.problems.append(f"{self.file}: missing field {self.name(key)!r}")
            return _MISSING
        return self.data[key]

    def string(self, key: str, *, required: bool = True) -> str | None:
        value = self.raw(key, required)
        if value is _MISSING:
            return None
        if not isinstance(value, str):
            self.problem(key, f"must be a string, not {value!r}")
            return None
        if not value.strip():
            self.problem(key, "must not be empty")
            return None
        return value

    def integer(self, key: str, *, required: bool = True, minimum: int = 0) -> int | None:
        value = self.raw(key, required)
        if value is _MISSING:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(key, f"must be an integer, not {value!r}")
            return None
        if value < minimum:
            self.problem(key, f"must be at least {minimum}, not {value!r}")
            return None
        return value

    def number(self, key: str, *, required: bool = True, minimum: float = 0) -> float | None:
        """An integer or a decimal number (U on the map), at least ``minimum``."""
        value = self.raw(key, required)
        if value is _MISSING:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.problem(key, f"must be a number, not {value!r}")
            return None
        if value < minimum:
            self.problem(key, f"must be at least {minimum:g}, not {value!r}")
            return None
        return value

    def point(self, key: str, *, required: bool = True) -> tuple[float, float] | None:
        """A point of the map: ``[x, y]`` in U, both at least 0."""
        value = self.raw(key, required)
        if value is _MISSING:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            self.problem(key, f"must be a point [x, y] of two numbers, not {value!r}")
            return None
        x, y = value
        if x < 0 or y < 0:
            self.problem(key, f"must not be negative, not {value!r}")
            return None
        return (x, y)

    def boolean(self, key: str, default: bool) -> bool:
        value = self.raw(key, False)
        if value is _MISSING:
            return default
        if not isinstance(value, bool):
            self.problem(key, f"must be true or false, not {value!r}")
            return default
        return value

    def choice(self, key: str, enum: type[E], *, required: bool = True) -> E | None:
        value = self.raw(key, required)
        if value is _MISSING:
            return None
        return self._member(key, value, enum)

    def _member(self, key: str, value: object, enum: type[E]) -> E | None:
        if isinstance(value, str) and value in {m.value for m in enum}:
            return enum(value)
        allowed = ", ".join(repr(m.value) for m in enum)
        self.problem(key, f"must be one of {allowed}, not {value!r}")
        return None

    def strings(self, key: str, *, required: bool = True) -> tuple[str, ...]:
        value = self.raw(key, required)
        if value is _MISSING:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(key, f"must be a list of strings, not {value!r}")
            return ()
        return tuple(value)

    def choices(self, key: str, enum: type[E], *, required: bool = True) -> tuple[E, ...]:
        value = self.raw(key, required)
        if value is _MISSING:
            return ()
        if not isinstance(value, list):
            self.problem(key, f"must be a list, not {value!r}")
            return ()
        found = [self._member(f"{key}[{i}]", v, enum) for i, v in enumerate(value)]
        members = [m for m in found if m is not None]
        if len(set(members)) != len(members):
            self.problem(key, f"lists a value twice: {value!r}")
        return tuple(members)

    def table(self, key: str, *, required: bool = True) -> _Fields | None:
        value = self.raw(key, required)
        if value is _MISSING:
            return None
        if not isinstance(value, dict):
            self.problem(key, f"must be a table, not {value!r}")
            return None
        return _Fields(value, self.name(key), self.file, self.problems)

    def tables(self, key: str, *, required: bool = False) -> list[_Fields]:
        value = self.raw(key, required)
        if value is _MISSING:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(key, f"must be a list of tables, not {value!r}")
            return []
        return [
            _Fields(v, f"{self.name(key)}[{i}]", self.file, self.problems)
            for i, v in enumerate(value)
        ]

    def text(self, key: str, *, required: bool = True) -> Text | None:
        fields = self.table(key, required=required)
        if fields is None:
            return None
        return fields.own_text()

    def own_text(self) -> Text | None:
        """This table read as a ``Text`` (keys ``it`` and ``en`` only)."""
        it, en = self.string("it"), self.string("en")
        self.finish()
        return Text(it, en) if it is not None and en is not None else None

    def finish(self) -> None:
        """Record every key that no getter asked for."""
        for key in self.data:
            if key in self.seen:
                continue
            close = difflib.get_close_matches(key, sorted(self.seen), n=1)
            hint = (
                f"did you mean {close[0]!r}?"
                if close
                else f"expected {', '.join(repr(k) for k in sorted(self.seen))}"
            )
            self.problems.append(f"{self.file}: unknown field {self.name(key)!r}; {hint}")


def _display(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


T = TypeVar("T")


def _built(problems: list[str], before: int, build: Callable[[], T]) -> T | None:
    """Build a value only when reading its fields added no problem."""
    return build() if len(problems) == before else None


def _got(value: T | None) -> T:
    """A required value read without a problem: by then it cannot be missing."""
    if value is None:
        raise AssertionError("a required scenario field was read as missing without a problem")
    return value


def _condition(f: _Fields) -> Condition | None:
    before = len(f.problems)
    when = f.choice("when", ConditionKind)
    objective = states = count = side = turn = None
    if when is ConditionKind.OBJECTIVE:
        objective = f.string("objective")
        states = f.choices("states", ObjectiveState)
        if not states and "states" in f.data:
            f.problem("states", "must list at least one state")
        count = f.integer("count", required=False, minimum=1)
    elif when in (ConditionKind.SIDE_ELIMINATED, ConditionKind.SIDE_RETREATED):
        side = f.choice("side", Side)
    elif when is ConditionKind.TURN_ENDED:
        turn = f.integer("turn", minimum=1)
    f.finish()
    return _built(
        f.problems,
        before,
        lambda: Condition(
            when=_got(when),
            objective=objective,
            states=states or (),
            count=count,
            side=side,
            turn=turn,
        ),
    )


def _objective(f: _Fields) -> Objective | None:
    before = len(f.problems)
    values: dict[str, Any] = {
        "id": f.string("id"),
        "name_it": f.string("name_it"),
        "name_en": f.string("name_en"),
        "kind": f.choice("kind", ObjectiveKind),
        "count": f.integer("count", minimum=1),
        "side": f.choice("side", Side),
        "initial": f.choice("initial", ObjectiveState),
        "states": f.choices("states", ObjectiveState),
        "events": f.choices("events", ObjectiveEvent),
        "rules": f.text("rules"),
        "controlled_by": f.choice("controlled_by", Side, required=False),
        "profile": f.string("profile", required=False),
        "targetable": f.boolean("targetable", False),
        "carry_actions": f.integer("carry_actions", required=False, minimum=1),
        "pick_up_actions": f.integer("pick_up_actions", required=False, minimum=1),
        "free_radius": f.integer("free_radius", required=False, minimum=1),
        "carrier_shooting": f.choice("carrier_shooting", CarrierShooting, required=False)
        or CarrierShooting.ANY,
        "carrier_may_run": f.boolean("carrier_may_run", True),
        "walk_only": f.choices("walk_only", ObjectiveState, required=False),
    }
    f.finish()
    if len(f.problems) != before:
        return None
    objective = Objective(**values)
    known = set(objective.states)
    if objective.initial not in known:
        f.problem("initial", f"{objective.initial.value!r} is not one of its 'states'")
    for state in objective.walk_only:
        if state not in known:
            f.problem("walk_only", f"{state.value!r} is not one of its 'states'")
    for event in objective.events:
        sources, target = TRANSITIONS[event]
        if target not in known or not sources & known:
            f.problem(
                "events",
                f"{event.value!r} leads from {'/'.join(sorted(sources))} to {target.value}, "
                "which its 'states' do not list",
            )
    return objective if len(f.problems) == before else None


def _modifier(f: _Fields) -> ScenarioModifier | None:
    before = len(f.problems)
    key, roll = f.string("key"), f.choice("roll", ModifiedRoll)
    value = f.raw("value", True)
    if value is not _MISSING and (isinstance(value, bool) or not isinstance(value, int)):
        f.problem("value", f"must be an integer, not {value!r}")
    ruling, text = f.string("ruling"), f.text("text")
    beyond = f.integer("beyond", required=False, minimum=0)
    f.finish()
    return _built(
        f.problems,
        before,
        lambda: ScenarioModifier(_got(key), _got(roll), value, _got(ruling), _got(text), beyond),
    )


def _restriction(f: _Fields) -> Restriction | None:
    before = len(f.problems)
    kind, text = f.choice("kind", RestrictionKind), f.text("text")
    distance = None
    steps: tuple[FirstTurnStep, ...] = ()
    if kind is RestrictionKind.LEADER_ACTIVATION:
        distance = f.integer("distance", minimum=1)
    elif kind is RestrictionKind.SCRIPTED_FIRST_TURN:
        steps = f.choices("steps", FirstTurnStep)
        if not steps and "steps" in f.data:
            f.problem("steps", "must list at least one step")
    f.finish()
    return _built(
        f.problems,
        before,
        lambda: Restriction(_got(kind), _got(text), distance, steps),
    )


def _civilians(f: _Fields) -> Civilians | None:
    before = len(f.problems)
    values: dict[str, Any] = {
        "count": f.integer("count", minimum=1),
        "move": f.integer("move", minimum=1),
        "deploy_min": f.integer("deploy_min"),
        "deploy_max": f.integer("deploy_max"),
        "moved_by": f.choice("moved_by", Mover),
        "may_leave_table": f.boolean("may_leave_table", False),
        "profile": f.string("profile"),
        "text": f.text("text"),
    }
    f.finish()
    if len(f.problems) != before:
        return None
    civilians = Civilians(**values)
    if civilians.deploy_min > civilians.deploy_max:
        f.problem("deploy_min", f"must not exceed 'deploy_max' ({civilians.deploy_max})")
        return None
    return civilians


def _box(f: _Fields) -> Box | None:
    """The rectangle ``x``, ``y``, ``width``, ``depth`` of a map table."""
    x, y = f.number("x"), f.number("y")
    width, depth = f.number("width", minimum=1), f.number("depth", minimum=1)
    if x is None or y is None or width is None or depth is None:
        return None
    return Box(x, y, width, depth)


def _off_table(
    f: _Fields,
    what: str,
    table: Table,
    box: Box | None = None,
    **points: tuple[float, float] | None,
) -> None:
    """Record a problem for a rectangle or a point that does not lie on the table."""
    if box is not None and not box.within(table):
        key = "x" if box.x < 0 or box.right > table.width else "y"
        f.problem(
            key,
            f"puts the {what} off the {table.size} table: it spans x {box.x:g} to "
            f"{box.right:g} and y {box.y:g} to {box.bottom:g}",
        )
    for key, point in points.items():
        if point is not None and (point[0] > table.width or point[1] > table.depth):
            f.problem(
                key,
                f"puts the {what} off the {table.size} table: [{point[0]:g}, {point[1]:g}] "
                f"is beyond [{table.width}, {table.depth}]",
            )


def _feature(f: _Fields, table: Table | None) -> Feature | None:
    before = len(f.problems)
    ident, kind, name = f.string("id"), f.choice("kind", FeatureKind), f.text("name")
    box = _box(f)
    door = f.choice("door", Edge, required=False)
    f.finish()
    if door is not None and kind is not None and kind is not FeatureKind.BUILDING:
        f.problem("door", f"is for a building, and this is a {kind.value}")
    if table is not None and box is not None:
        _off_table(f, "feature", table, box)
    return _built(
        f.problems, before, lambda: Feature(_got(ident), _got(kind), _got(name), _got(box), door)
    )


def _zone(f: _Fields, table: Table | None) -> Zone | None:
    before = len(f.problems)
    side, kind = f.choice("side", MapSide), f.choice("kind", ZoneKind)
    label = f.text("label", required=False)
    label_at = f.point("label_at", required=False)
    edge = depth = box = around = distance = None
    inner: float | None = 0
    if kind in (ZoneKind.EDGE, ZoneKind.ENTRY):
        edge = f.choice("edge", Edge)
    if kind is ZoneKind.EDGE:
        depth = f.number("depth", minimum=1)
    elif kind is ZoneKind.RECT:
        box = _box(f)
    elif kind is ZoneKind.INSIDE:
        around = f.string("feature")
    elif kind in (ZoneKind.RING, ZoneKind.OUTSIDE):
        around = f.string("around")
        distance = f.number("distance", minimum=1)
        if kind is ZoneKind.RING:
            inner = f.number("inner", required=False)
            if inner is not None and distance is not None and inner >= distance:
                f.problem("inner", f"must be less than 'distance' ({distance:g}), not {inner:g}")
    f.finish()
    if table is not None:
        _off_table(f, "zone", table, box, label_at=label_at)
        if edge is not None and depth is not None:
            across = table.width if edge in (Edge.LEFT, Edge.RIGHT) else table.depth
            if depth * 2 > across:
                f.problem("depth", f"is {depth:g}U, more than half the table ({across}U across)")
    return _built(
        f.problems,
        before,
        lambda: Zone(
            side=_got(side),
            kind=_got(kind),
            label=label,
            edge=edge,
            depth=depth,
            box=box,
            around=around,
            distance=distance,
            inner=inner or 0,
            label_at=label_at,
        ),
    )


def _marker(f: _Fields, table: Table | None) -> Marker | None:
    before = len(f.problems)
    ident, side, name = f.string("id"), f.choice("side", MapSide), f.text("name")
    at = f.point("at")
    f.finish()
    if table is not None:
        _off_table(f, "marker", table, at=at)
    return _built(f.problems, before, lambda: Marker(_got(ident), _got(side), _got(name), _got(at)))


def _placement(f: _Fields, table: Table | None) -> Placement | None:
    before = len(f.problems)
    objective, at = f.string("objective"), f.point("at")
    f.finish()
    if table is not None:
        _off_table(f, "objective", table, at=at)
    return _built(f.problems, before, lambda: Placement(_got(objective), _got(at)))


def _dimension(f: _Fields, table: Table | None) -> Dimension | None:
    before = len(f.problems)
    start, end = f.point("from"), f.point("to")
    length = f.integer("length", minimum=1)
    f.finish()
    if table is not None:
        _off_table(f, "dimension line", table, None, **{"from": start, "to": end})
    if start is not None and end is not None and length is not None:
        apart = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
        if abs(apart - length) > 0.01:
            f.problem(
                "length",
                f"is {length} but 'from' and 'to' are {apart:.4g}U apart; the map is to scale",
            )
    return _built(f.problems, before, lambda: Dimension(_got(start), _got(end), _got(length)))


def _table_map(
    f: _Fields, table: Table | None, objectives: Sequence[Objective | None] | None
) -> TableMap | None:
    """The ``[map]`` table: every part read, then checked against the table, each other and
    the ``objectives`` (unless they could not be read: None)."""
    before = len(f.problems)
    features = [_feature(e, table) for e in f.tables("features")]
    zones = [_zone(e, table) for e in f.tables("zones", required=True)]
    placed = [_placement(e, table) for e in f.tables("objectives")]
    markers = [_marker(e, table) for e in f.tables("markers")]
    dimensions = [_dimension(e, table) for e in f.tables("dimensions")]
    f.finish()
    if len(f.problems) != before:
        return None
    table_map = TableMap(
        features=tuple(x for x in features if x),
        zones=tuple(x for x in zones if x),
        objectives=tuple(x for x in placed if x),
        markers=tuple(x for x in markers if x),
        dimensions=tuple(x for x in dimensions if x),
    )
    ids = [x.id for x in table_map.features] + [x.id for x in table_map.markers]
    ids += [o.id for o in objectives or () if o]
    for duplicate in sorted({i for i in ids if ids.count(i) > 1}):
        f.problem("features", f"uses the id {duplicate!r} twice (features, markers, objectives)")
    for index, zone in enumerate(table_map.zones):
        if zone.kind is ZoneKind.INSIDE:
            found = table_map.feature(zone.around or "")
            if found is None or found.kind is not FeatureKind.BUILDING:
                buildings = [x.id for x in table_map.features if x.kind is FeatureKind.BUILDING]
                f.problem(
                    f"zones[{index}].feature",
                    f"names {zone.around!r}, which is not a building of this map "
                    f"(buildings: {', '.join(repr(b) for b in buildings) or 'none'})",
                )
        elif zone.around is not None and table_map.anchor(zone.around) is None:
            f.problem(
                f"zones[{index}].around",
                f"names {zone.around!r}, which is no feature, objective or marker of this map "
                f"(known: {', '.join(repr(i) for i in ids) or 'none'})",
            )
    for side in (MapSide.GOOD, MapSide.BAD):
        if not any(z.side is side for z in table_map.zones):
            f.problem(
                "zones", f"gives the {side.value} side no zone; add one with side = '{side.value}'"
            )
    if objectives is None:
        return table_map if len(f.problems) == before else None
    known = {o.id: o for o in objectives if o}
    for index, placement in enumerate(table_map.objectives):
        if placement.objective not in known:
            f.problem(
                f"objectives[{index}].objective",
                f"names {placement.objective!r}, which is not an objective of this file "
                f"(objectives: {', '.join(repr(i) for i in known) or 'none'})",
            )
    for objective in known.values():
        count = sum(1 for p in table_map.objectives if p.objective == objective.id)
        if count != objective.count:
            f.problem(
                "objectives",
                f"places {objective.id!r} {count} {'time' if count == 1 else 'times'}; "
                f"the scenario has {objective.count}",
            )
    return table_map if len(f.problems) == before else None


def _parse(data: Mapping[str, Any], file: str, problems: list[str]) -> Scenario | None:
    top = _Fields(data, "", file, problems)
    start = len(problems)
    ident = top.string("id")
    number = top.string("number")
    order = top.integer("order", minimum=1)
    name_it, name_en = top.string("name_it"), top.string("name_en")
    aliases = top.strings("aliases")
    background = top.text("background")
    table = deployment = victory_text = None
    if (t := top.table("table")) is not None:
        width, depth = t.integer("width", minimum=1), t.integer("depth", minimum=1)
        layout = t.text("layout")
        t.finish()
        if width is not None and depth is not None and layout is not None:
            table = Table(width, depth, layout)
    if (d := top.table("deployment")) is not None:
        first = d.choice("first", Side, required=False)
        good, bad = d.text("good"), d.text("bad")
        other = d.text("other", required=False)
        d.finish()
        if good is not None and bad is not None:
            deployment = Deployment(first, good, bad, other)
    if (v := top.table("victory_text")) is not None:
        good_text, bad_text = v.text("good"), v.text("bad")
        v.finish()
        if good_text is not None and bad_text is not None:
            victory_text = {Side.GOOD: good_text, Side.BAD: bad_text}
    length = top.text("length")
    special_rules = [r.own_text() for r in top.tables("special_rules")]
    objectives = [_objective(o) for o in top.tables("objectives")]
    table_map = None
    if (m := top.table("map")) is not None:
        # Placements are checked against the objectives only when every objective was read.
        table_map = _table_map(m, table, None if None in objectives else objectives)
    modifiers = [_modifier(m) for m in top.tables("modifiers")]
    restrictions = [_restriction(r) for r in top.tables("restrictions")]
    civ = top.table("civilians", required=False)
    civilians = _civilians(civ) if civ is not None else None
    turn_limit = top.integer("turn_limit", required=False, minimum=1)
    end = [_condition(c) for c in top.tables("end", required=True)]
    victories: list[VictoryCondition | None] = []
    for entry in top.tables("victory", required=True):
        side = entry.choice("side", Side)
        conditions = [_condition(c) for c in entry.tables("all", required=True)]
        if "all" in entry.data and not conditions:
            entry.problem("all", "must list at least one condition")
        entry.finish()
        if side is not None and conditions and None not in conditions:
            victories.append(VictoryCondition(side, tuple(c for c in conditions if c)))
        else:
            victories.append(None)
    decisions: list[Decision | None] = []
    for entry in top.tables("decisions"):
        about, text = entry.string("field"), entry.text("text")
        entry.finish()
        decisions.append(Decision(about, text) if about and text else None)
    top.finish()
    if len(problems) != start:
        return None
    scenario = Scenario(
        id=_got(ident),
        number=_got(number),
        order=_got(order),
        name_it=_got(name_it),
        name_en=_got(name_en),
        aliases=aliases,
        background=_got(background),
        table=_got(table),
        map=_got(table_map),
        deployment=_got(deployment),
        victory_text=_got(victory_text),
        length=_got(length),
        special_rules=tuple(r for r in special_rules if r),
        objectives=tuple(o for o in objectives if o),
        modifiers=tuple(m for m in modifiers if m),
        restrictions=tuple(r for r in restrictions if r),
        civilians=civilians,
        turn_limit=turn_limit,
        end=tuple(c for c in end if c),
        victory=tuple(v for v in victories if v),
        decisions=tuple(d for d in decisions if d),
        source=file,
    )
    _cross_check(scenario, top)
    return scenario if len(problems) == start else None


def _cross_check(scenario: Scenario, top: _Fields) -> None:
    """Problems between fields: references to objectives, duplicate ids, turn numbers."""
    ids = [o.id for o in scenario.objectives]
    for duplicate in sorted({i for i in ids if ids.count(i) > 1}):
        top.problem("objectives", f"lists the objective id {duplicate!r} twice")
    conditions = [(f"end[{i}]", c) for i, c in enumerate(scenario.end)]
    conditions += [
        (f"victory[{i}].all[{j}]", c)
        for i, v in enumerate(scenario.victory)
        for j, c in enumerate(v.all)
    ]
    for where, condition in conditions:
        if condition.when is ConditionKind.OBJECTIVE and condition.objective not in ids:
            known = ", ".join(repr(i) for i in ids) or "none"
            top.problem(
                f"{where}.objective",
                f"names {condition.objective!r}, which is not an objective of this file "
                f"(objectives: {known})",
            )
        elif condition.when is ConditionKind.OBJECTIVE:
            objective = scenario.objective(condition.objective or "")
            for state in condition.states:
                if state not in objective.states:
                    top.problem(
                        f"{where}.states", f"{state.value!r} is not a state of {objective.id!r}"
                    )
            if condition.count is not None and condition.count > objective.count:
                top.problem(
                    f"{where}.count", f"is {condition.count} but there are {objective.count}"
                )
        elif (
            condition.when is ConditionKind.TURN_ENDED
            and scenario.turn_limit is not None
            and (condition.turn or 0) > scenario.turn_limit
        ):
            top.problem(f"{where}.turn", f"is past the 'turn_limit' ({scenario.turn_limit})")
    for side in Side:
        if not any(v.side is side for v in scenario.victory):
            top.problem("victory", f"gives the {side.value} side no way to win")
    if scenario.restriction(RestrictionKind.SCRIPTED_FIRST_TURN) is not None:
        steps = scenario.restriction(RestrictionKind.SCRIPTED_FIRST_TURN)
        if (
            steps is not None
            and FirstTurnStep.CIVILIANS_FLEE in steps.steps
            and scenario.civilians is None
        ):
            top.problem("restrictions", "scripts fleeing civilians but 'civilians' is missing")


def _read(path: Path, problems: list[str]) -> Scenario | None:
    file = _display(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{file}: not valid TOML: {exc}")
        return None
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"{file}: cannot be read: {exc}")
        return None
    scenario = _parse(data, file, problems)
    if scenario is not None and scenario.id != path.stem:
        problems.append(
            f"{file}: field 'id' is {scenario.id!r} but the file is named {path.name!r}; "
            f"rename one of them"
        )
        return None
    return scenario


def load_scenario(path: Path) -> Scenario:
    """One scenario file, checked strictly; any fault raises ``ScenarioFileError``."""
    problems: list[str] = []
    scenario = _read(path, problems)
    if problems or scenario is None:
        raise ScenarioFileError(problems)
    return scenario


def _files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        raise RulesError(
            f"no scenario folder at {str(directory)!r}; reinstall skirmish.",
            it=f"nessuna cartella degli scenari in {str(directory)!r}; reinstalla skirmish.",
        )
    return sorted(directory.glob("*.toml"))


def _collect(directory: Path) -> tuple[list[Scenario], list[str]]:
    problems: list[str] = []
    found: list[Scenario] = []
    for path in _files(directory):
        scenario = _read(path, problems)
        if scenario is not None:
            found.append(scenario)
    orders: dict[int, str] = {}
    for scenario in found:
        if scenario.order in orders:
            problems.append(
                f"{scenario.source}: field 'order' is {scenario.order}, "
                f"like {orders[scenario.order]}"
            )
        orders[scenario.order] = scenario.source
    try:
        NameIndex("scenario", found)
    except RulesError as exc:
        problems.append(f"{directory.name}/: {exc}")
    if not found and not problems:
        problems.append(f"{directory.name}/: holds no scenario file (*.toml)")
    return sorted(found, key=lambda s: s.order), problems


def load_scenarios(directory: Path | None = None) -> tuple[Scenario, ...]:
    """Every scenario of ``directory`` (default: the shipped ones), in the book's order."""
    found, problems = _collect(directory or scenarios_dir())
    if problems:
        raise ScenarioFileError(problems)
    return tuple(found)


def validate_scenarios(directory: Path | None = None) -> list[str]:
    """Every problem of every scenario file of ``directory``; empty when all is well.

    Beyond what loading checks, every ``profile`` must name a profile of the rules tables.
    """
    found, problems = _collect(directory or scenarios_dir())
    from skirmish.rules.tables import find_profile  # the profiles load only when validating

    for scenario in found:
        named = [(f"objectives[{i}].profile", o.profile) for i, o in enumerate(scenario.objectives)]
        if scenario.civilians is not None:
            named.append(("civilians.profile", scenario.civilians.profile))
        for where, profile in named:
            if profile is None:
                continue
            try:
                find_profile(profile)
            except UnknownNameError as exc:
                problems.append(f"{scenario.source}: field {where!r} names no profile: {exc}")
    return problems


@cache
def _index(directory: Path) -> NameIndex[Scenario]:
    return NameIndex("scenario", load_scenarios(directory))


def scenario_index(directory: Path | None = None) -> NameIndex[Scenario]:
    """The scenarios by every name, read once per folder."""
    return _index((directory or scenarios_dir()).resolve())


def scenarios(directory: Path | None = None) -> tuple[Scenario, ...]:
    """Every scenario of §10, in the book's order."""
    return tuple(scenario_index(directory))


def find_scenario(name: str, directory: Path | None = None) -> Scenario:
    """The scenario called ``name`` (id, Italian or English name, alias; any case or accents).

    An unknown name raises ``UnknownNameError`` with the nearest ids, or with every id when
    none is near: there are only seven.
    """
    index = scenario_index(directory)
    found = index.get(name)
    if found is None:
        raise UnknownNameError(
            "scenario",
            name,
            index.nearest(name) or [s.id for s in index],
            suggestions_it=index.nearest_it(name) or [s.name_it for s in index],
        )
    return found


# --------------------------------------------------------------------------- as JSON


def scenario_summary(scenario: Scenario) -> dict[str, Any]:
    """One row of ``skirmish scenario list --json`` (and the web API's scenario list)."""
    return {
        "id": scenario.id,
        "number": scenario.number,
        "order": scenario.order,
        "name_it": scenario.name_it,
        "name_en": scenario.name_en,
        "aliases": list(scenario.aliases),
        "table": scenario.table.size,
        "turn_limit": scenario.turn_limit,
        "objectives": [{"id": o.id, "count": o.count} for o in scenario.objectives],
        "modifiers": [m.key for m in scenario.modifiers],
        "restrictions": [r.kind.value for r in scenario.restrictions],
        "civilians": scenario.civilians.count if scenario.civilians else 0,
    }


def scenario_data(scenario: Scenario) -> dict[str, Any]:
    """The whole scenario as ``scenario show --json`` prints it (field names as in its file)."""
    import dataclasses

    data = dataclasses.asdict(scenario)
    data["table"]["size"] = scenario.table.size
    data["map"] = map_data(scenario.map)
    data["victory_text"] = {
        side.value: dataclasses.asdict(text) for side, text in scenario.victory_text.items()
    }
    return data


def map_data(table_map: TableMap) -> dict[str, Any]:
    """The ``[map]`` table as its file writes it: ``x``/``y``/``width``/``depth`` beside the
    other keys, a dimension's ends as ``from`` and ``to``, keys left out where the file may omit
    them."""
    import dataclasses

    def flat(item: Any) -> dict[str, Any]:
        data = {k: v for k, v in dataclasses.asdict(item).items() if v is not None}
        box = data.pop("box", None)
        return {**data, **box} if box else data

    zones = [flat(z) for z in table_map.zones]
    for zone, entry in zip(table_map.zones, zones, strict=True):
        if zone.kind is not ZoneKind.RING:
            entry.pop("inner")
        if zone.kind is ZoneKind.INSIDE:
            entry["feature"] = entry.pop("around")
    return {
        "features": [flat(f) for f in table_map.features],
        "zones": zones,
        "objectives": [flat(p) for p in table_map.objectives],
        "markers": [flat(m) for m in table_map.markers],
        "dimensions": [
            {"from": d.start, "to": d.end, "length": d.length} for d in table_map.dimensions
        ],
    }
