"""The combat situation as a typed value (``engine.situation_value``, issue #20 item 6): made
only by parsing through the declaration, refusing what it does not take in words that name the
input, and the same after a trip through JSON."""

from __future__ import annotations

import json

import pytest

from skirmish import rules
from skirmish.engine import situation_value
from skirmish.engine.input_ids import InputId
from skirmish.engine.setup import Elevation, Immunity, Motion, MountPace, SkillTaken
from skirmish.engine.situation import INPUTS, Procedure
from skirmish.engine.situation_value import Situation
from skirmish.errors import RulesError
from skirmish.rules.model import Cover


def test_the_ids_are_the_declarations_in_its_order() -> None:
    assert [i.id for i in INPUTS] == list(InputId)
    assert all(isinstance(i.id, InputId) for i in INPUTS)


def test_each_value_is_parsed_to_its_kind() -> None:
    read = Situation.read(
        Procedure.SHOOT,
        {"cover": "leggera", "aim": True, "shots": 2, "range": 9, "moving": "galoppo",
         "faction": "messicani", "target_mount": "trot", "immune": "capitano"},
    )  # fmt: skip
    assert read[InputId.COVER] is Cover.LIGHT
    assert read[InputId.MOVING] is Motion.FAST
    assert read[InputId.TARGET_MOUNT] is MountPace.TROT
    assert read[InputId.IMMUNE] is Immunity.CAPITANO
    assert read.flag(InputId.AIM) and not read.flag(InputId.MOVED)
    assert read.number(InputId.SHOTS) == 2
    assert read.distance(InputId.RANGE) == 9.0 and isinstance(read[InputId.RANGE], float)
    assert read.word(InputId.FACTION) == "mexicans"


def test_an_unknown_id_is_refused_naming_the_nearest() -> None:
    with pytest.raises(RulesError) as refused:
        Situation.read(Procedure.SHOOT, {"cvoer": "light"})
    assert refused.value.input == "cover"
    assert str(refused.value) == "'cvoer' is not an input of shoot; the nearest is cover."
    assert "il più vicino è" in refused.value.text("it")


def test_an_input_of_another_procedure_is_refused() -> None:
    with pytest.raises(RulesError, match="'elevation' is not an input of shoot"):
        Situation.read(Procedure.SHOOT, {"elevation": "attacker"})
    assert (
        Situation.read(Procedure.MELEE, {"elevation": "attacker"})[InputId.ELEVATION]
        is Elevation.ATTACKER
    )


@pytest.mark.parametrize(
    ("values", "input_", "message"),
    [
        ({"aim": "maybe"}, "aim", "aim 'maybe': give yes or no."),
        ({"shots": 1.5}, "shots", "shots 1.5: give a whole number."),
        ({"shots": True}, "shots", "shots True: give a whole number."),
        ({"range": "far"}, "range", "range 'far': give a distance in U."),
        ({"cover": "heavy"}, "cover", "cover 'heavy': choose one of none, light, partial, full."),
        ({"cover": 2}, "cover", "cover 2: choose one of none, light, partial, full."),
        ({"weapon": 6}, "weapon", "weapon 6: give a weapon's name."),
        ({"skill": "pistolero"}, "skill", "skill 'pistolero': give a list of skills."),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused_naming_the_input(
    values: dict[str, object], input_: str, message: str
) -> None:
    with pytest.raises(RulesError) as refused:
        Situation.read(Procedure.SHOOT, values)
    assert refused.value.input == input_
    assert str(refused.value) == message
    assert refused.value.text("en", lambda name, lang: f"--{name}").startswith(f"--{input_} ")


def test_it_is_made_only_by_reading() -> None:
    with pytest.raises(TypeError, match=r"Situation\.read"):
        Situation(Procedure.SHOOT, {InputId.COVER: "a word no one parsed"})


def test_with_and_without_give_new_values() -> None:
    plain = Situation.read(Procedure.SHOOT, {"cover": "light"})
    more = plain.with_({"aim": True})
    assert InputId.AIM not in plain and more.flag(InputId.AIM)
    assert more.without(InputId.AIM) == plain
    with pytest.raises(RulesError, match="aim 'yes please'"):
        plain.with_({"aim": "yes please"})
    with pytest.raises(TypeError, match="melee situation merged into a shoot"):
        plain.with_(Situation.read(Procedure.MELEE, {}))
    with pytest.raises(TypeError, match="a shoot situation given to melee"):
        situation_value.melee_setup(plain)


def test_a_json_round_trip_gives_the_same_situation() -> None:
    given = Situation.read(
        Procedure.SHOOT,
        {"cover": Cover.PARTIAL, "range": 7.5, "shots": 2, "aim": False, "weapon": "fucile",
         "skill": ["fuciliere:fucile"], "faction": "cowboys", "target_waiting": None,
         "immune": Immunity.SERGENTE},
    )  # fmt: skip
    stored = json.loads(json.dumps(given.to_json()))
    assert stored["cover"] == "partial" and stored["skill"] == ["fuciliere:fucile"]
    assert Situation.read(Procedure.SHOOT, stored) == given


def test_a_models_own_values_go_to_json_by_their_ids() -> None:
    """A campaign model gives its weapon and skills as objects; their JSON is their ids, and
    read back they build the same setup."""
    rifle = rules.find_weapon("rifle")
    given = Situation.read(
        Procedure.SHOOT, {"weapon": rifle, "skill": (SkillTaken("fuciliere", "rifle"),)}
    )
    stored = json.loads(json.dumps(given.to_json()))
    assert stored == {"weapon": "rifle", "skill": ["fuciliere:rifle"]}
    again = Situation.read(Procedure.SHOOT, stored)
    assert situation_value.shoot_setup(again) == situation_value.shoot_setup(given)
