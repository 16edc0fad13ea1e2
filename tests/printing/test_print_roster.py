"""The roster sheet (issue #13): order, header, XP boxes, weapon lines, what prints."""

from __future__ import annotations

from typing import Any

from print_fixtures import member

from skirmish.printing.build import by_rank
from skirmish.rules import find_profile, profiles


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


#: The book's profile headings that are plurals (§9.5, §9.7), and the singular a card prints.
BOOK_PLURALS = {
    "Cowboys": ("cowboy", "Cowboy"),
    "Pivelli": ("greenhorn", "Pivello"),
    "Gringos": ("gringo", "Gringo"),
    "Peones": ("peon", "Peón"),
}


def test_profile_names_are_singular_and_the_plurals_still_find_them() -> None:
    for plural, (profile_id, singular) in BOOK_PLURALS.items():
        found = find_profile(plural)
        assert (found.id, found.name_it) == (profile_id, singular)
        assert find_profile(singular).id == profile_id
    # every other Italian and English name is the book's singular heading already
    names = {n for p in profiles() for n in (p.name_it, p.name_en)}
    assert not names & set(BOOK_PLURALS)
    assert not {"Greenhorns", "Gringos", "Peons", "Cowboys"} & names
