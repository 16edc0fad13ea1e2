"""The outcome of a shot or a fight as plain data (issue #24, engine/outcome.py): the dice in
order and the decisive facts, JSON as it is, equal for equal results and different as soon as a
die or a fact differs."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.engine.dice import ScriptedDice
from skirmish.engine.fight import melee
from skirmish.engine.outcome import outcome
from skirmish.engine.setup import Attacker, MeleeSetup, ShootSetup, ShotSituation, Target
from skirmish.engine.shooting import shoot
from skirmish.rules import find_weapon
from skirmish.rules.model import Cover

SIX = find_weapon("sei-colpi")
KNIFE = find_weapon("coltello")


def wyatt_shoots_billy(cos: int = 3) -> ShootSetup:
    return ShootSetup(
        Attacker(tiro=4, fred=3, weapon=SIX),
        Target(rif=3, fred=3, cos=cos),
        ShotSituation(range=8, cover=Cover.LIGHT, target_waiting=True),
    )


def test_the_section_4_2_shot_as_data() -> None:
    """§4.2's example: every die in order with its purpose, the shot's total and damage, the
    wound, COS left and the panic test that leaves Billy shaken."""
    found = outcome(shoot(wyatt_shoots_billy(), ScriptedDice([2, 4, 4, 4, 3, 5])))
    assert found is not None
    assert [(d["purpose"], d["face"]) for d in found["dice"]] == [
        ("nerve", 2), ("nerve", 4), ("shot", 4), ("save", 4), ("panic", 3), ("panic", 5),
    ]  # fmt: skip
    assert found["kind"] == "shoot"
    assert found["nerve"] == {"faces": [2, 4], "failures": 1}
    assert [(s["face"], s["total"], s["damage"]) for s in found["shots"]] == [(4, 8, 1)]
    target = found["target"]
    assert (target["wounds"], target["cos_after"], target["eliminated"]) == (1, 2, False)
    assert target["panic"]["state"] == "shaken" and target["outcome"] == "shaken"
    assert json.loads(json.dumps(found)) == found


def test_the_section_4_3_fight_as_data() -> None:
    setup = MeleeSetup(Attacker(cos=3, fred=4, weapon=KNIFE), Target(rif=3, fred=3, cos=3))
    found = outcome(melee(setup, ScriptedDice([2, 4, 4, 4, 3, 5])))
    assert found is not None and found["kind"] == "fight"
    assert found["fight"] == {"face": 4, "total": 9, "damage": 1}
    assert found["target"]["cos_after"] == 2 and found["target"]["outcome"] == "shaken"
    assert json.loads(json.dumps(found)) == found


def test_a_different_game_gives_a_different_outcome_with_the_same_dice() -> None:
    """Billy already wounded (COS 1 now): the same dice eliminate him, and no panic test."""
    faces = [2, 4, 4, 4]
    before = outcome(shoot(wyatt_shoots_billy(), ScriptedDice([*faces, 3, 5])))
    now = outcome(shoot(wyatt_shoots_billy(cos=1), ScriptedDice(faces)))
    assert now is not None and now["target"]["eliminated"] is True
    assert now != before


def test_anything_else_has_no_outcome() -> None:
    assert outcome(None) is None
    assert outcome({"kind": "shoot"}) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=12, max_size=12), st.integers(1, 4))
def test_equal_results_give_equal_outcomes_and_a_die_changed_shows(
    faces: list[int], cos: int
) -> None:
    first = shoot(wyatt_shoots_billy(cos), ScriptedDice(faces))
    again = shoot(wyatt_shoots_billy(cos), ScriptedDice(faces))
    assert outcome(first) == outcome(again)
    used = len(first.dice)
    changed = [*faces[: used - 1], faces[used - 1] % 6 + 1, *faces[used:]]
    other = shoot(wyatt_shoots_billy(cos), ScriptedDice(changed))
    assert outcome(other) != outcome(first)
