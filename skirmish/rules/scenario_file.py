"""Reading one scenario file: its TOML parsed field by field into a ``Scenario``, then checked
across fields (objectives named by conditions, duplicate ids, turn numbers). Every fault is
recorded as a problem naming the file and the field; docs/scenarios.md describes the format.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skirmish.rules.model import ObjectiveEvent, ObjectiveState, Side
from skirmish.rules.scenario_fields import MISSING, Fields, built, got
from skirmish.rules.scenario_map_file import read_table_map
from skirmish.rules.scenario_model import (
    TRANSITIONS,
    CarrierShooting,
    Civilians,
    Condition,
    ConditionKind,
    Decision,
    Deployment,
    FirstTurnStep,
    ModifiedRoll,
    Mover,
    Objective,
    ObjectiveKind,
    Restriction,
    RestrictionKind,
    Scenario,
    ScenarioModifier,
    Table,
    VictoryCondition,
)


def _display(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def _condition(f: Fields) -> Condition | None:
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
    return built(
        f.problems,
        before,
        lambda: Condition(
            when=got(when),
            objective=objective,
            states=states or (),
            count=count,
            side=side,
            turn=turn,
        ),
    )


def _objective(f: Fields) -> Objective | None:
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


def _modifier(f: Fields) -> ScenarioModifier | None:
    before = len(f.problems)
    key, roll = f.string("key"), f.choice("roll", ModifiedRoll)
    value = f.raw("value", True)
    if value is not MISSING and (isinstance(value, bool) or not isinstance(value, int)):
        f.problem("value", f"must be an integer, not {value!r}")
    ruling, text = f.string("ruling"), f.text("text")
    beyond = f.integer("beyond", required=False, minimum=0)
    f.finish()
    return built(
        f.problems,
        before,
        lambda: ScenarioModifier(got(key), got(roll), value, got(ruling), got(text), beyond),
    )


def _restriction(f: Fields) -> Restriction | None:
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
    return built(
        f.problems,
        before,
        lambda: Restriction(got(kind), got(text), distance, steps),
    )


def _civilians(f: Fields) -> Civilians | None:
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


def _parse(data: Mapping[str, Any], file: str, problems: list[str]) -> Scenario | None:
    top = Fields(data, "", file, problems)
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
        table_map = read_table_map(m, table, None if None in objectives else objectives)
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
        id=got(ident),
        number=got(number),
        order=got(order),
        name_it=got(name_it),
        name_en=got(name_en),
        aliases=aliases,
        background=got(background),
        table=got(table),
        map=got(table_map),
        deployment=got(deployment),
        victory_text=got(victory_text),
        length=got(length),
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


def _cross_check(scenario: Scenario, top: Fields) -> None:
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


def read_scenario_file(path: Path, problems: list[str]) -> Scenario | None:
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
