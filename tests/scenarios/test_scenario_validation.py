"""Broken scenario files are refused at load with errors that name the file and the field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from skirmish.errors import RulesError
from skirmish.resources import scenarios_dir
from skirmish.rules.scenario_fields import ScenarioFileError
from skirmish.rules.scenarios import (
    find_scenario,
    load_scenario,
    load_scenarios,
    scenarios,
    validate_scenarios,
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the shipped scenarios in ``<tmp>/scenarios``, free to break."""
    target = tmp_path / "scenarios"
    target.mkdir()
    for path in scenarios_dir().glob("*.toml"):
        shutil.copy(path, target / path.name)
    return target


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {name}.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def problems_after(folder: Path, name: str, old: str, new: str) -> list[str]:
    edit(folder, name, old, new)
    return validate_scenarios(folder)


def test_the_shipped_files_have_no_problem() -> None:
    assert validate_scenarios() == []
    assert len(scenarios()) == 7


def test_an_untouched_copy_loads_like_the_shipped_files(folder: Path) -> None:
    assert load_scenarios(folder) == scenarios()


def test_turn_limit_must_be_an_integer(folder: Path) -> None:
    edit(folder, "the-witness", "turn_limit = 8", 'turn_limit = "eight"')
    with pytest.raises(ScenarioFileError) as caught:
        load_scenarios(folder)
    assert str(caught.value) == (
        "scenarios/the-witness.toml: field 'turn_limit' must be an integer, not 'eight'"
    )
    assert isinstance(caught.value, RulesError)


def test_a_boolean_is_not_an_integer(folder: Path) -> None:
    assert problems_after(folder, "the-witness", "turn_limit = 8", "turn_limit = true") == [
        "scenarios/the-witness.toml: field 'turn_limit' must be an integer, not True"
    ]


def test_missing_field(folder: Path) -> None:
    assert problems_after(folder, "duel", 'name_en = "Duel"\n', "") == [
        "scenarios/duel.toml: missing field 'name_en'"
    ]


def test_unknown_field_suggests_the_nearest(folder: Path) -> None:
    assert problems_after(folder, "the-witness", "turn_limit = 8", "turn_limt = 8") == [
        "scenarios/the-witness.toml: unknown field 'turn_limt'; did you mean 'turn_limit'?"
    ]


def test_nested_field_is_named_by_its_path(folder: Path) -> None:
    assert problems_after(folder, "bank-robbery", "count = 2", 'count = "two"') == [
        "scenarios/bank-robbery.toml: field 'objectives[0].count' must be an integer, not 'two'"
    ]


def test_unknown_nested_field(folder: Path) -> None:
    found = problems_after(folder, "the-rally", "move = 10", "move = 10\nspeed = 10")
    assert found == [
        "scenarios/the-rally.toml: unknown field 'civilians.speed'; "
        "expected 'count', 'deploy_max', 'deploy_min', 'may_leave_table', 'move', "
        "'moved_by', 'profile', 'text'"
    ]


def test_value_outside_the_vocabulary(folder: Path) -> None:
    (problem,) = problems_after(folder, "prisoner", 'initial = "held"', 'initial = "jailed"')
    assert problem.startswith(
        "scenarios/prisoner.toml: field 'objectives[0].initial' must be one of 'carried', "
    )
    assert problem.endswith("not 'jailed'")


def test_a_missing_translation(folder: Path) -> None:
    edit(folder, "duel", 'en = "Two gangs face off for control of the town."\n', "")
    assert validate_scenarios(folder) == ["scenarios/duel.toml: missing field 'background.en'"]


def test_negative_and_zero_numbers(folder: Path) -> None:
    assert problems_after(folder, "the-rally", "count = 8", "count = 0") == [
        "scenarios/the-rally.toml: field 'civilians.count' must be at least 1, not 0"
    ]


def test_condition_naming_an_unknown_objective(folder: Path) -> None:
    found = problems_after(
        folder, "prisoner", 'objective = "prisoner"\nstates', 'objective = "prisonr"\nstates'
    )
    assert found == [
        "scenarios/prisoner.toml: field 'end[0].objective' names 'prisonr', which is not an "
        "objective of this file (objectives: 'prisoner')"
    ]


def test_condition_with_a_state_its_objective_does_not_have(folder: Path) -> None:
    found = problems_after(folder, "the-rally", 'states = ["safe"]', 'states = ["rescued"]')
    assert found == [
        "scenarios/the-rally.toml: field 'victory[0].all[0].states' "
        "'rescued' is not a state of 'politician'"
    ]


def test_event_needing_a_state_the_objective_lacks(folder: Path) -> None:
    found = problems_after(folder, "assassination", 'events = ["kill"]', 'events = ["shelter"]')
    assert found == [
        "scenarios/assassination.toml: field 'objectives[0].events' 'shelter' leads from "
        "alive/wounded to safe, which its 'states' do not list"
    ]


def test_every_side_needs_a_way_to_win(folder: Path) -> None:
    edit(
        folder,
        "prisoner",
        '[[victory]]\nside = "bad"\nall = [{ when = "objective", objective = "prisoner", '
        'states = ["off_table"] }]\n',
        "",
    )
    assert validate_scenarios(folder) == [
        "scenarios/prisoner.toml: field 'victory' gives the bad side no way to win"
    ]


def test_turn_past_the_limit(folder: Path) -> None:
    edit(folder, "the-witness", "turn = 8", "turn = 9", count=2)
    assert validate_scenarios(folder) == [
        "scenarios/the-witness.toml: field 'end[1].turn' is past the 'turn_limit' (8)",
        "scenarios/the-witness.toml: field 'victory[1].all[0].turn' is past the 'turn_limit' (8)",
    ]


def test_not_toml_at_all(folder: Path) -> None:
    (folder / "duel.toml").write_text("id = duel\n", encoding="utf-8")
    (problem,) = validate_scenarios(folder)
    assert problem.startswith("scenarios/duel.toml: not valid TOML: ")


def test_id_must_match_the_file_name(folder: Path) -> None:
    shutil.copy(folder / "duel.toml", folder / "showdown.toml")
    (folder / "duel.toml").unlink()
    assert validate_scenarios(folder) == [
        "scenarios/showdown.toml: field 'id' is 'duel' but the file is named 'showdown.toml'; "
        "rename one of them"
    ]


def test_a_name_used_by_two_scenarios(folder: Path) -> None:
    edit(folder, "duel", '"showdown"]', '"showdown", "rapina"]')
    (problem,) = validate_scenarios(folder)
    assert re.fullmatch(
        r"scenarios/: scenario name 'rapina' is ambiguous: '[a-z-]+' and '[a-z-]+'\.", problem
    )


def test_every_problem_of_every_file_is_returned(folder: Path) -> None:
    edit(folder, "duel", 'number = "10.3"', "number = 10.3")
    edit(folder, "duel", "order = 4", "order = 5")
    edit(folder, "kidnapping", 'kind = "captive"', 'kind = "person"\ncoutn = 1')
    found = validate_scenarios(folder)
    assert found == [
        "scenarios/duel.toml: field 'number' must be a string, not 10.3",
        "scenarios/kidnapping.toml: unknown field 'objectives[0].coutn'; did you mean 'count'?",
    ]
    edit(folder, "duel", "number = 10.3", 'number = "10.3"')
    assert validate_scenarios(folder) == [
        "scenarios/kidnapping.toml: unknown field 'objectives[0].coutn'; did you mean 'count'?",
        "scenarios/duel.toml: field 'order' is 5, like scenarios/assassination.toml",
    ]
    with pytest.raises(ScenarioFileError) as caught:
        load_scenarios(folder)
    assert len(caught.value.problems) == 2
    assert str(caught.value).endswith("(and 1 more)")


def test_load_one_file_and_look_up_in_a_folder(folder: Path) -> None:
    assert load_scenario(folder / "duel.toml") == find_scenario("duel")
    edit(folder, "duel", 'name_en = "Duel"', 'name_en = "Gunfight"')
    assert find_scenario("gunfight", folder).name_it == "Duello"


def test_an_empty_or_missing_folder(tmp_path: Path) -> None:
    assert validate_scenarios(tmp_path) == [f"{tmp_path.name}/: holds no scenario file (*.toml)"]
    with pytest.raises(RulesError, match="no scenario folder at"):
        load_scenarios(tmp_path / "nowhere")


def test_a_state_listed_twice(folder: Path) -> None:
    found = problems_after(
        folder, "the-witness", 'states = ["alive", "dead"]', 'states = ["alive", "dead", "dead"]'
    )
    assert found == [
        "scenarios/the-witness.toml: field 'objectives[0].states' lists a value twice: "
        "['alive', 'dead', 'dead']"
    ]


def test_a_first_turn_script_with_fleeing_civilians_needs_civilians(folder: Path) -> None:
    path = folder / "the-rally.toml"
    text = path.read_text(encoding="utf-8")
    start, end = text.index("[civilians]\n"), text.index("[[end]]")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert validate_scenarios(folder) == [
        "scenarios/the-rally.toml: field 'restrictions' scripts fleeing civilians but "
        "'civilians' is missing"
    ]


def test_profiles_must_exist_in_the_rules_tables(folder: Path) -> None:
    edit(folder, "the-witness", 'profile = "Civile disarmato"', 'profile = "Civile disarmatissimo"')
    (problem,) = validate_scenarios(folder)
    assert problem.startswith(
        "scenarios/the-witness.toml: field 'objectives[0].profile' names no profile: "
        "unknown profile 'Civile disarmatissimo'"
    )
    assert load_scenarios(folder)[5].objectives[0].profile == "Civile disarmatissimo"


def test_every_profile_named_is_the_unarmed_civilian() -> None:
    from skirmish.rules.tables import find_profile

    named = [o.profile for s in scenarios() for o in s.objectives if o.profile]
    named += [s.civilians.profile for s in scenarios() if s.civilians]
    assert len(named) == 6
    assert {find_profile(p).id for p in named} == {"unarmed-civilian"}
