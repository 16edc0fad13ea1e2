"""The reactions of §9 declared as data: a friend's death (R-19) and a civilian's flight (R-20),
each checked against the book's text by validate()."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from skirmish import rules
from skirmish.rules import find_profile, profiles, tables
from skirmish.rules.model import Flight, FriendDeath, Reaction

Mutate = Callable[[dict[str, Any]], None]


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Mutate], list[str]]]:
    """validate() on a copy of factions.json changed by ``mutate``."""
    original = tables.load

    def run(mutate: Mutate) -> list[str]:
        data = copy.deepcopy(dict(original("factions")))
        mutate(data)

        def patched(name: str) -> Mapping[str, Any]:
            return data if name == "factions" else original(name)

        tables.clear_cache()
        monkeypatch.setattr(tables, "load", patched)
        return rules.validate()

    yield run
    monkeypatch.undo()
    tables.clear_cache()


def _profile(data: dict[str, Any], profile_id: str) -> dict[str, Any]:
    return next(p for f in data["factions"] for p in f["profiles"] if p["id"] == profile_id)


def test_r19_every_profile_with_the_friends_death_text_reacts() -> None:
    """§9.3 Volontario, §9.4 Delinquente, §9.9 Volontario; R-19 gives all three both clauses."""
    reacting = {p.id: p.friend_death for p in profiles() if p.friend_death is not None}
    both = FriendDeath(hero=Reaction.PANIC, leader=Reaction.TERRIFIED)
    assert reacting == {"lawmen-volunteer": both, "thug": both, "bounty-volunteer": both}


def test_r20_the_two_civilians_flee() -> None:
    fleeing = {p.id: p.flees for p in profiles() if p.flees is not None}
    assert fleeing == {
        "unarmed-civilian": Flight.SHOT_NEARBY,
        "armed-civilian": Flight.SHOT_AT_UNHURT,
    }
    assert find_profile("saloon girl").flees is None


def test_a_reaction_missing_or_out_of_place_is_found(broken: Callable[[Mutate], list[str]]) -> None:
    def mutate(data: dict[str, Any]) -> None:
        del _profile(data, "thug")["friend_death"]
        _profile(data, "guard")["friend_death"] = {"hero": "panic", "leader": "terrified"}
        _profile(data, "bounty-volunteer")["friend_death"]["leader"] = "panic"
        _profile(data, "soldier")["flees"] = "shot-nearby"

    assert broken(mutate) == [
        "profiles: 'guard': friend_death without the book's text (R-19)",
        "profiles: 'thug': its text reacts to a friend's death, no friend_death (R-19)",
        "profiles: 'thug': its text reacts to the leader's death, no friend_death",
        "profiles: 'bounty-volunteer': the leader's death means terrified, no test (R-19)",
        "profiles: 'soldier': flees must be declared exactly where the book says so (R-20)",
        "profiles: 'soldier': only a civilian flees the table (R-20, §9.12)",
    ]


def test_a_reaction_that_is_no_reaction_cannot_be_read(
    broken: Callable[[Mutate], list[str]],
) -> None:
    problems = broken(lambda d: _profile(d, "thug").update(friend_death={"hero": "faint"}))
    assert any(
        "cannot be read: bad profile entry 'thug' in the rules data: friend_death must be" in p
        for p in problems
    ), problems
    tables.clear_cache()
    problems = broken(lambda d: _profile(d, "armed-civilian").update(flees="runs"))
    assert any(
        "'armed-civilian'" in p and "flees one of shot-nearby, shot-at-unhurt" in p
        for p in problems
    ), problems
