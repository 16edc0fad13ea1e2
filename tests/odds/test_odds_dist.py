"""The Dist toolkit: construction, composition and the multisets of dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from dyce import H

from skirmish.odds.dist import Dist, add, convolve_all, d6, judged, mixture, multisets, power


def test_zero_probabilities_are_dropped_and_repeats_add_up() -> None:
    dist = Dist([(1, Fraction(1, 2)), (2, 0), (1, Fraction(1, 4)), (3, Fraction(1, 4))])
    assert dict(dist) == {1: Fraction(3, 4), 3: Fraction(1, 4)}
    assert 2 not in dist and dist[2] == 0


def test_negative_probability_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        Dist({1: Fraction(-1, 2)})


def test_map_bind_and_expectation() -> None:
    die = d6()
    assert die.total() == 1
    assert die.expectation() == Fraction(7, 2)
    assert die.map(lambda f: f % 2) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    # roll a die, then that many coins: the expected heads is 7/4
    heads = die.bind(lambda n: power(Dist.uniform([0, 1]), n))
    assert heads.expectation() == Fraction(7, 4)
    assert heads.total() == 1


def test_convolution_matches_dyce() -> None:
    two = d6().convolve(d6(), add)
    assert two == {k: Fraction(v, 36) for k, v in (H(6) + H(6)).items()}
    three = convolve_all([d6(), d6(), d6()])
    assert three == {k: Fraction(v, 216) for k, v in (3 @ H(6)).items()}
    assert power(d6(), 0) == Dist.point(0)


def test_mixture_weights_the_parts() -> None:
    mixed = mixture([(Fraction(1, 3), Dist.point("a")), (Fraction(2, 3), Dist.uniform("ab"))])
    assert mixed == {"a": Fraction(2, 3), "b": Fraction(1, 3)}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 6])
def test_multisets_are_the_ordered_rolls_sorted(n: int) -> None:
    counted: dict[tuple[int, ...], int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        key = tuple(sorted(faces))
        counted[key] = counted.get(key, 0) + 1
    assert multisets(n) == {k: Fraction(v, 6**n) for k, v in counted.items()}


def test_judged_counts_dice_like_dyce() -> None:
    below_four = judged(6, lambda faces: sum(1 for f in faces if f < 4))
    assert below_four == {k: Fraction(v, 6**6) for k, v in (6 @ H(6).lt(4)).items()}
