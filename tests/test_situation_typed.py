"""Values travel typed (issue #20, item 6): no function between the front ends and the engine
takes or returns a shot's or a fight's situation as a string-keyed dict; each takes the one
``Situation`` (``engine.situation_value``), made by parsing through the declaration."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from skirmish.campaign.game import combat, commands, kit, runs, situations
from skirmish.engine import combatant, situation, situation_value
from skirmish.engine.input_ids import InputId
from skirmish.web import game_perform

#: Each function on the way, and the parameter that carries the situation (``return``: what
#: it gives back).
CARRIERS: list[tuple[Callable[..., Any], str]] = [
    (situation_value.shoot_setup, "values"),
    (situation_value.melee_setup, "values"),
    (situation_value.nerve_model, "values"),
    (situation_value.panic_model, "values"),
    (situation_value.save_modifiers_of, "values"),
    (situation.check_inputs, "values"),
    (situation_value.known_from, "values"),
    (game_perform.read_situation, "return"),
    (combat.shoot, "situation"),
    (combat.melee, "situation"),
    (combat.shot_setup, "situation"),
    (combat.fight_setup, "situation"),
    (combatant.setup_of, "table"),
    (combatant.attacker_inputs, "return"),
    (combatant.target_inputs, "return"),
    (combatant.on_horseback, "table"),
    (combatant.on_horseback, "return"),
    (kit.ready_to_fire, "table"),
    (situations.odds, "situation"),
    (commands.Command.read, "situation"),
]

STRING_KEYED = ("dict[str, Any]", "Mapping[str, Any]", "dict[str, object]")


@pytest.mark.parametrize(("function", "carrier"), CARRIERS)
def test_the_situation_travels_as_the_typed_value(
    function: Callable[..., Any], carrier: str
) -> None:
    signature = inspect.signature(function)  # as written (postponed), or evaluated where a
    # module declares NamedTuples on roll's path (engine/situation.py, issue #23)
    if carrier == "return":
        annotation = signature.return_annotation
    else:
        annotation = signature.parameters[carrier].annotation
    typed = "Situation" in str(annotation) or annotation in (
        "Mapping[InputId, object]",
        Mapping[InputId, object],
    )
    assert typed, (function.__qualname__, carrier, annotation)
    assert not any(k in str(annotation) for k in STRING_KEYED)


def test_an_actions_inputs_are_typed_with_their_situation() -> None:
    """``Command.read`` gives ``Inputs`` (its fields, and the situation as ``Situation``), and
    what each action runs takes them."""
    assert inspect.signature(commands.Command.read).return_annotation == "Inputs"
    for command in commands.CATALOGUE:
        if command.run is not None and hasattr(command.run, "__code__"):
            hints = inspect.signature(command.run).parameters
            assert str(list(hints.values())[2].annotation) == "Inputs", command.name
    assert runs.Inputs.__annotations__["situation"] == "Situation | None"
