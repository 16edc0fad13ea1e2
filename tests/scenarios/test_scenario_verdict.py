"""The machine-readable victory conditions, evaluated by ``decide``, and objective events."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.errors import RulesError
from skirmish.rules.model import ObjectiveEvent, ObjectiveState, Side
from skirmish.rules.scenario_model import TRANSITIONS, GameFacts, Objective, Scenario, decide
from skirmish.rules.scenarios import find_scenario, scenarios

S = ObjectiveState
GOOD, BAD = Side.GOOD, Side.BAD


def verdict(name: str, **facts: Any) -> tuple[bool, Side | None]:
    result = decide(find_scenario(name), GameFacts(**facts))
    return result.over, result.winner


def test_bank_robbery() -> None:
    assert verdict("bank-robbery") == (False, None)
    assert verdict("bank-robbery", objectives={"loot-sack": [S.OFF_TABLE, S.CARRIED]}) == (
        False,
        None,
    )
    assert verdict("bank-robbery", objectives={"loot-sack": [S.OFF_TABLE, S.RECOVERED]}) == (
        True,
        BAD,
    )
    assert verdict("bank-robbery", objectives={"loot-sack": [S.OFF_TABLE, S.OFF_TABLE]}) == (
        True,
        BAD,
    )
    assert verdict("bank-robbery", objectives={"loot-sack": [S.RECOVERED, S.RECOVERED]}) == (
        True,
        GOOD,
    )
    assert verdict("bank-robbery", objectives={"loot-sack": [S.RECOVERED, S.DROPPED]}) == (
        False,
        None,
    )


def test_prisoner() -> None:
    assert verdict("prisoner", objectives={"prisoner": [S.FREED]}) == (False, None)
    assert verdict("prisoner", objectives={"prisoner": [S.DELIVERED]}) == (True, GOOD)
    assert verdict("prisoner", objectives={"prisoner": [S.OFF_TABLE]}) == (True, BAD)


def test_kidnapping() -> None:
    assert verdict("kidnapping", objectives={"hostage": [S.RESCUED]}) == (True, GOOD)
    assert verdict("kidnapping", objectives={"hostage": [S.OFF_TABLE]}) == (True, BAD)
    assert verdict("kidnapping", eliminated=frozenset({GOOD})) == (True, BAD)


def test_duel() -> None:
    assert verdict("duel", turns_ended=30) == (False, None)
    assert verdict("duel", eliminated=frozenset({BAD})) == (True, GOOD)
    assert verdict("duel", eliminated=frozenset({GOOD})) == (True, BAD)


def test_assassination() -> None:
    assert verdict("assassination", objectives={"mayor": [S.DEAD]}) == (True, BAD)
    assert verdict("assassination", retreated=frozenset({BAD})) == (True, GOOD)
    assert verdict("assassination", eliminated=frozenset({BAD})) == (True, GOOD)
    assert verdict("assassination", turns_ended=12) == (False, None)


def test_the_witness_is_decided_at_the_end_of_turn_eight() -> None:
    assert verdict("the-witness", turns_ended=7) == (False, None)
    assert verdict("the-witness", turns_ended=8) == (True, GOOD)
    assert verdict("the-witness", turns_ended=3, objectives={"witness": [S.DEAD]}) == (True, BAD)
    assert verdict("the-witness", turns_ended=5, eliminated=frozenset({GOOD})) == (True, BAD)


def test_the_rally() -> None:
    assert verdict("the-rally", objectives={"politician": [S.WOUNDED]}) == (False, None)
    assert verdict("the-rally", objectives={"politician": [S.SAFE]}) == (True, GOOD)
    assert verdict("the-rally", objectives={"politician": [S.DEAD]}) == (True, BAD)


@pytest.mark.parametrize("scenario", scenarios(), ids=lambda s: s.id)
def test_a_retreat_loses_in_every_scenario(scenario: Scenario) -> None:
    for side in Side:
        result = decide(scenario, GameFacts(retreated=frozenset({side})))
        assert (result.over, result.winner) == (True, side.other)


def test_loot_events() -> None:
    loot = find_scenario("bank-robbery").objective("loot-sack")
    state = loot.after(S.CARRIED, ObjectiveEvent.DROP)
    assert state is S.DROPPED
    assert loot.after(state, ObjectiveEvent.RECOVER) is S.RECOVERED
    assert loot.after(S.DROPPED, ObjectiveEvent.PICK_UP) is S.CARRIED
    assert loot.after(S.CARRIED, ObjectiveEvent.CARRY_OFF) is S.OFF_TABLE
    with pytest.raises(RulesError, match="'carry_off' needs it carried or held"):
        loot.after(S.DROPPED, ObjectiveEvent.CARRY_OFF)
    with pytest.raises(RulesError, match="cannot 'kill'"):
        loot.after(S.CARRIED, ObjectiveEvent.KILL)


def test_unknown_objective_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="scenario 'duel' has no objective 'loot-sack'"):
        find_scenario("duel").objective("loot-sack")


_OBJECTIVES = [o for s in scenarios() for o in s.objectives]


@given(st.sampled_from(_OBJECTIVES), st.lists(st.sampled_from(list(ObjectiveEvent)), max_size=12))
def test_events_never_leave_an_objectives_states(
    objective: Objective, events: list[ObjectiveEvent]
) -> None:
    state = objective.initial
    for event in events:
        sources, target = TRANSITIONS[event]
        if event in objective.events and state in sources:
            state = objective.after(state, event)
            assert state is target
        else:
            with pytest.raises(RulesError):
                objective.after(state, event)
        assert state in objective.states
