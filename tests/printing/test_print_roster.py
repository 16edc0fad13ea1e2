"""The roster sheet (issue #13): order, header, XP boxes, weapon lines, what prints."""

from __future__ import annotations

from typing import Any

from print_fixtures import member

from skirmish.printing.build import by_rank
from skirmish.rules import profiles


def _by_id() -> dict[str, Any]:
    return {p.id: p for p in profiles()}


def test_by_rank_puts_the_leader_first_then_heroes_then_commons() -> None:
    p = _by_id()
    members = [
        member(p["guard"], "Morgan"),
        member(p["deputy"], "Virgil"),
        member(p["saloon-girl"], "Kate"),
        member(p["guard"], "Promoted", role="hero"),  # a common promoted by FAMA
        member(p["sheriff"], "Wyatt"),
        member(p["deputy"], "Doc"),
        member(p["lawmen-volunteer"], "Behan"),
    ]
    ranked = [m["name"] for m in by_rank(members, "lawmen")]
    # heroes and commons keep the store's (hiring) order within their group
    assert ranked == ["Wyatt", "Virgil", "Promoted", "Doc", "Morgan", "Kate", "Behan"]
    assert [m["name"] for m in members][0] == "Morgan"  # the input is not reordered in place


def test_by_rank_of_no_models_is_empty() -> None:
    assert by_rank([]) == []
