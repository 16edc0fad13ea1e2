"""The reroll expectimax (R-15) against plain recursion over ordered faces, and the dice tables."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest

from skirmish.odds.dist import Dist, multisets
from skirmish.odds.rerolls import Budget, DiceTable, Done, Side, Solver, Throw, propagate


def one_throw(n: int, judge: Callable[[tuple[int, ...]], int], *, ordered: bool = False) -> Solver:
    kind = (lambda f: judge((f,) * n)) if ordered else None
    table = DiceTable(n, judge, ordered=ordered, kind=kind)

    def step(state: object) -> Throw | Done:
        if state is None:
            return Throw(table, lambda o: ("done", o), Side.ACTOR)
        assert isinstance(state, tuple)
        return Done(state[1])

    return Solver(step, lambda o: (Fraction(o),))


def plain(n: int, judge: Callable[[tuple[int, ...]], int], rerolls: int) -> Fraction:
    """Expectimax over ordered faces, no classes, no memo: the obvious way."""

    def best(faces: tuple[int, ...], rerolled: tuple[bool, ...], left: int) -> Fraction:
        keep = Fraction(judge(faces))
        if left == 0:
            return keep
        options = [keep]
        for at in range(n):
            if not rerolled[at]:
                options.append(
                    sum(
                        (
                            best(
                                faces[:at] + (f,) + faces[at + 1 :],
                                rerolled[:at] + (True,) + rerolled[at + 1 :],
                                left - 1,
                            )
                            for f in range(1, 7)
                        ),
                        Fraction(0),
                    )
                    / 6
                )
        return max(options)

    total = sum(
        (best(faces, (False,) * n, rerolls) for faces in itertools.product(range(1, 7), repeat=n)),
        Fraction(0),
    )
    return total / 6**n


JUDGES: dict[str, tuple[int, Callable[[tuple[int, ...]], int]]] = {
    "one die, its face": (1, lambda f: f[0]),
    "nerve-like: dice at most 3": (2, lambda f: sum(1 for x in f if x <= 3)),
    "reflex-like: both below 4": (2, lambda f: int(all(x < 4 for x in f))),
    "sum of two": (2, lambda f: f[0] + f[1]),
    "three dice, highest": (3, lambda f: max(f)),
}


@pytest.mark.parametrize("name", sorted(JUDGES))
@pytest.mark.parametrize("rerolls", [0, 1, 2])
def test_solver_matches_plain_expectimax(name: str, rerolls: int) -> None:
    n, judge = JUDGES[name]
    dist, value = one_throw(n, judge).solve(None, Budget(actor=rerolls))
    assert value == (plain(n, judge, rerolls),)
    assert dist.total() == 1
    assert dist.expectation() == value[0]


def test_one_reroll_of_one_die_is_worth_four_and_a_quarter() -> None:
    dist, value = one_throw(1, lambda f: f[0]).solve(None, Budget(actor=1))
    assert value == (Fraction(17, 4),)
    # faces 1–3 are rerolled: each face of the reroll comes with 1/2 · 1/6
    assert dist == {
        1: Fraction(1, 12),
        2: Fraction(1, 12),
        3: Fraction(1, 12),
        4: Fraction(1, 4),
        5: Fraction(1, 4),
        6: Fraction(1, 4),
    }


def test_an_ordered_table_agrees_with_the_order_blind_one_for_a_blind_judge() -> None:
    judge = lambda f: sum(1 for x in f if x < 4) + 2 * sum(1 for x in f if x == 5)  # noqa: E731
    for rerolls in (0, 1, 2):
        blind = one_throw(3, judge).solve(None, Budget(actor=rerolls))
        ordered = one_throw(3, judge, ordered=True).solve(None, Budget(actor=rerolls))
        assert blind == ordered


def test_an_ordered_judge_is_solved_in_order() -> None:
    # the first die counts double: rerolling it is worth more than rerolling the second
    judge = lambda f: 2 * (f[0] >= 4) + (f[1] >= 4)  # noqa: E731
    _dist, value = one_throw(2, judge, ordered=True).solve(None, Budget(actor=1))
    assert value == (plain(2, judge, 1),)


def test_classes_merge_faces_the_judge_cannot_tell_apart() -> None:
    table = DiceTable(2, lambda f: sum(1 for x in f if x > 3))
    assert [c for c, _p in table.classes] == [1, 4]
    assert sum(p for _c, p in table.classes) == 1
    assert table.dist == multisets(2).map(lambda f: sum(1 for x in f if x > 3))


def test_the_target_minimizes() -> None:
    table = DiceTable(1, lambda f: f[0])

    def step(state: object) -> Throw | Done:
        if state is None:
            return Throw(table, lambda o: ("done", o), Side.TARGET)
        assert isinstance(state, tuple)
        return Done(state[1])

    _dist, value = Solver(step, lambda o: (Fraction(o),)).solve(None, Budget(target=1))
    assert value == (7 - Fraction(17, 4),)


def test_propagate_is_the_solver_without_rerolls() -> None:
    table = DiceTable(2, lambda f: f[0] + f[1])

    def step(state: tuple[str, int]) -> Throw | Done:
        kind, total = state
        if kind == "start":
            return Throw(table, lambda o: ("again", o), Side.ACTOR)
        if kind == "again" and total < 7:
            return Throw(table, lambda o: ("done", total + o), Side.ACTOR)
        return Done(total)

    pushed = propagate(step, ("start", 0))
    solved = Solver(step, lambda o: (Fraction(o),)).dist(("start", 0), Budget())
    assert pushed == solved
    assert pushed.total() == 1
    assert isinstance(pushed, Dist)
