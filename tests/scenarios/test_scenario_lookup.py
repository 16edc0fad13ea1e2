"""Finding a scenario by id, Italian or English name or alias, in any case, accents optional."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.errors import RulesError, UnknownNameError
from skirmish.rules.scenarios import find_scenario, scenarios


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("bank-robbery", "bank-robbery"),
        ("Rapina in banca", "bank-robbery"),
        ("RAPINA IN BANCA", "bank-robbery"),
        ("rapina_in_banca", "bank-robbery"),
        ("Bank robbery", "bank-robbery"),
        ("prigioniero", "prisoner"),
        ("The Prisoner", "prisoner"),
        ("Rapimento", "kidnapping"),
        ("rapìmento", "kidnapping"),
        ("kidnapping", "kidnapping"),
        ("Duello", "duel"),
        ("duel", "duel"),
        ("Assassinio", "assassination"),
        ("l'assassinio", "assassination"),
        ("Il testimone", "the-witness"),
        ("il  TESTIMONE", "the-witness"),
        ("The witness", "the-witness"),
        ("Il comizio", "the-rally"),
        ("Il cömizio", "the-rally"),
        ("the rally", "the-rally"),
    ],
)
def test_lookup_in_both_languages(name: str, expected: str) -> None:
    assert find_scenario(name).id == expected


def test_unknown_name_lists_the_nearest() -> None:
    with pytest.raises(UnknownNameError) as caught:
        find_scenario("testimonio")
    assert caught.value.suggestions[0] == "the-witness"
    assert str(caught.value).startswith("unknown scenario 'testimonio': did you mean 'the-witness'")
    assert isinstance(caught.value, RulesError)


def test_a_name_near_nothing_lists_every_scenario() -> None:
    with pytest.raises(UnknownNameError) as caught:
        find_scenario("xyzzy")
    assert caught.value.suggestions == tuple(s.id for s in scenarios())


_NAMES = [(s.id, n) for s in scenarios() for n in (s.id, s.name_it, s.name_en, *s.aliases)]


@given(st.sampled_from(_NAMES), st.randoms(use_true_random=False))
def test_every_name_in_any_case_finds_its_scenario(
    pair: tuple[str, str], rnd: random.Random
) -> None:
    ident, name = pair
    flipped = "".join(c.upper() if rnd.random() < 0.5 else c.lower() for c in name)
    assert find_scenario(flipped).id == ident
