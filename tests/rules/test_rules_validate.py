"""validate() finds nothing wrong with the shipped tables, and finds what is broken."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from skirmish import rules
from skirmish.rules import tables


def test_shipped_tables_are_consistent() -> None:
    assert rules.validate() == []


Mutate = Callable[[dict[str, Any]], None]


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, Mutate], list[str]]]:
    """validate() run on a copy of one data file changed by ``mutate``."""
    original = tables.load

    def run(file: str, mutate: Mutate) -> list[str]:
        data = copy.deepcopy(dict(original(file)))
        mutate(data)

        def patched(name: str) -> Mapping[str, Any]:
            return data if name == file else original(name)

        tables.clear_cache()
        monkeypatch.setattr(tables, "load", patched)
        return rules.validate()

    yield run
    monkeypatch.undo()
    tables.clear_cache()


def _profile(data: dict[str, Any], profile_id: str) -> dict[str, Any]:
    for faction in data["factions"]:
        for profile in faction["profiles"]:
            if profile["id"] == profile_id:
                return profile
    raise AssertionError(profile_id)


def _faction(data: dict[str, Any], faction_id: str) -> dict[str, Any]:
    return next(f for f in data["factions"] if f["id"] == faction_id)


def _weapon(data: dict[str, Any], weapon_id: str) -> dict[str, Any]:
    return next(w for w in data["weapons"] if w["id"] == weapon_id)


def test_hero_without_max(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("factions", lambda d: _profile(d, "deputy").update(max=None))
    assert problems == ["profiles: 'deputy': a hero without 'max N'"]


def test_characteristic_out_of_range(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("factions", lambda d: _profile(d, "boss").update(tiro=5))
    assert problems == ["profiles: 'boss': TIRO 5 is outside 0–4"]


def test_second_leader(broken: Callable[[str, Mutate], list[str]]) -> None:
    def two_leaders(data: dict[str, Any]) -> None:
        _profile(data, "henchman").update(role="leader", max=1, xp=2)

    problems = broken("factions", two_leaders)
    assert any("outlaws has 2 leaders" in p and "R-13" in p for p in problems), problems


def test_leader_in_a_leaderless_faction(broken: Callable[[str, Mutate], list[str]]) -> None:
    def agent_leads(data: dict[str, Any]) -> None:
        _profile(data, "agent").update(role="leader", max=1, xp=2)

    problems = broken("factions", agent_leads)
    assert problems == ["profiles: rangers has 1 leaders ['agent'], expected 0 (R-13)"]


def test_unknown_faction_of_a_rare_weapon(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("weapons", lambda d: _weapon(d, "bow").update(rare=["apaches"]))
    assert problems == ["weapons: 'bow': rare for unknown faction 'apaches'"]


def test_negative_number(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("weapons", lambda d: _weapon(d, "knife").update(bonus=-1))
    assert problems == ["weapons: 'knife': bonus -1 is negative"]


def test_duplicate_name(broken: Callable[[str, Mutate], list[str]]) -> None:
    def clash(data: dict[str, Any]) -> None:
        _weapon(data, "rifle").update(aliases=["coltello", "Mulo"])
        _weapon(data, "bow").update(aliases=["spada"])

    problems = broken("weapons", clash)
    assert problems[:5] == [
        "weapons: the name 'coltello' belongs to 'rifle', 'knife'",
        "weapons: the name 'spada' belongs to 'sword', 'bow'",
        "equipment (weapons and items): the name 'coltello' belongs to 'rifle', 'knife'",
        "equipment (weapons and items): the name 'mulo' belongs to 'rifle', 'mule'",
        "equipment (weapons and items): the name 'spada' belongs to 'sword', 'bow'",
    ]
    # the registry itself refuses the ambiguous table, and validate() says so too
    assert any(p.startswith("weapons: cannot be read:") for p in problems)


def test_duplicate_profile_name_within_a_faction(
    broken: Callable[[str, Mutate], list[str]],
) -> None:
    problems = broken("factions", lambda d: _profile(d, "guard").update(aliases=["volontario"]))
    assert problems[0] == (
        "profiles of lawmen: the name 'volontario' belongs to 'lawmen-volunteer', 'guard'"
    )


def test_skill_rolls_cover_2_to_12(broken: Callable[[str, Mutate], list[str]]) -> None:
    def clash(data: dict[str, Any]) -> None:
        data["skills"][0]["roll"] = 3

    problems = broken("skills", clash)
    assert problems == [
        "skills: the rolls [3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] do not cover 2–12 exactly once"
    ]


def test_indian_hero_without_good_rider(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("factions", lambda d: _profile(d, "hunter").update(skills=[]))
    assert problems == ["profiles: 'hunter': an indian hero without BUON CAVALIERE (§9.11)"]


def test_npc_rule_r13(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("factions", lambda d: _faction(d, "military").update(npc_allowed=True))
    assert problems == ["factions: 'military': npc_allowed=True contradicts R-13"]


def test_only_a_leader_lends_fred_r17(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("factions", lambda d: _profile(d, "deputy").update(lends_fred=True))
    assert problems == [
        "profiles: 'deputy': only a leader lends its FRED in panic tests (R-04, R-17)"
    ]


def test_lends_fred_is_true_or_false_r17(broken: Callable[[str, Mutate], list[str]]) -> None:
    problems = broken("factions", lambda d: _profile(d, "bandido").update(lends_fred="yes"))
    assert problems == ["profiles: 'bandido': lends_fred 'yes' is not true or false"]


def test_shots_as_printed_name_the_shots_per_turn(
    broken: Callable[[str, Mutate], list[str]],
) -> None:
    problems = broken("weapons", lambda d: _weapon(d, "small-pistol").update(shots_printed="1/3"))
    assert problems == [
        "weapons: 'small-pistol': shots as printed '1/3' is not 'N/M' with its 2 shots per turn"
    ]


def test_every_problem_is_reported(broken: Callable[[str, Mutate], list[str]]) -> None:
    def many(data: dict[str, Any]) -> None:
        _profile(data, "sheriff").update(cos=-1)
        _profile(data, "thug").update(cost=0)
        _profile(data, "wrangler").update(max=4)

    problems = broken("factions", many)
    assert len(problems) == 3, problems
