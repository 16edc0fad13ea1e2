"""Brute force: run a dice procedure on every possible sequence of faces.

``every_path`` walks the tree of dice a procedure asks for: it runs the procedure on a
replayed prefix of faces, and when the procedure asks for one die more it branches into the
six faces. Each finished run is one leaf, of probability 6⁻ⁿ for its n dice. This is the
slow, obviously correct reference that the composed odds are checked against; it needs
nothing from the procedure but the ``DiceSource`` protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import TypeVar

from skirmish.engine.dice import DiceSource
from skirmish.odds.dist import Dist

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class _Branch(BaseException):
    """Raised when the replayed faces run out: the walk must branch on the next die.

    A ``BaseException`` so that a procedure's own ``except Exception`` cannot swallow it.
    """


class _Replay:
    """Hands out a fixed prefix of faces, then asks the walk to branch."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self._faces = faces
        self._next = 0

    def roll(self, purpose: str) -> int:
        if self._next >= len(self._faces):
            raise _Branch(purpose)
        face = self._faces[self._next]
        self._next += 1
        return face


def every_path(
    procedure: Callable[[DiceSource], T], *, limit: int = 1_000_000
) -> Iterator[tuple[tuple[int, ...], Fraction, T]]:
    """Every sequence of faces the procedure can use, its probability and the result.

    ``limit`` bounds the number of runs, so a procedure that never stops asking cannot hang
    a test: exceeding it raises ``RuntimeError``.
    """
    stack: list[tuple[int, ...]] = [()]
    runs = 0
    while stack:
        prefix = stack.pop()
        runs += 1
        if runs > limit:
            raise RuntimeError(f"more than {limit} runs: the procedure's dice tree is too big")
        try:
            result = procedure(_Replay(prefix))
        except _Branch:
            stack.extend(prefix + (face,) for face in range(6, 0, -1))
            continue
        yield prefix, Fraction(1, 6 ** len(prefix)), result


def brute_force(
    procedure: Callable[[DiceSource], T], key: Callable[[T], K], *, limit: int = 1_000_000
) -> Dist[K]:
    """The exact distribution of ``key(result)`` over every path of the procedure."""
    weights: dict[K, Fraction] = {}
    for _faces, p, result in every_path(procedure, limit=limit):
        k = key(result)
        weights[k] = weights.get(k, Fraction(0)) + p
    return Dist(weights)
