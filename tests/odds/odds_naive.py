"""Independent references for the tests: the engine's *procedure* run on every dice sequence.

``naive_value`` is the expectimax of R-15 rerolls done the slow, obvious way: it replays the
procedure (``shooting.shoot``, ``fight.melee``…) on every sequence of faces, ordered, with no
merging of states or faces. The dice of one test are a group (the two nerve dice, the six
fanning dice, the two panic dice); every other die is a group of its own. When a group is
complete, its owner may reroll any of its dice not yet rerolled, one at a time, while it has
rerolls left, and does so only if that strictly improves its expected objective.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from skirmish.engine.dice import DiceSource

#: Dice purposes rolled together as one test (R-01, R-04, R-06, R-14).
GROUPED = frozenset({"nerve", "panic", "reflex", "fanning"})
#: Dice purposes that belong to the model attacked (its rerolls, its interest).
TARGET_PURPOSES = frozenset({"save", "panic", "reflex"})

Value = tuple[Fraction, ...]


class _Need(BaseException):
    def __init__(self, purpose: str) -> None:
        self.purpose = purpose


class _Replay:
    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.purposes: list[str] = []

    def roll(self, purpose: str) -> int:
        if len(self.purposes) >= len(self.faces):
            raise _Need(purpose)
        self.purposes.append(purpose)
        return self.faces[len(self.purposes) - 1]


def _mean(values: list[Value]) -> Value:
    n = len(values)
    return tuple(sum((v[i] for v in values), Fraction(0)) / n for i in range(len(values[0])))


def naive_value(
    procedure: Callable[[DiceSource], Any],
    objective: Callable[[Any], Value],
    *,
    actor: int = 0,
    target: int = 0,
    group_of: Callable[[str], str] = lambda purpose: purpose,
) -> Value:
    """The attacker's best expected objective with ``actor`` and ``target`` rerolls."""

    def run(
        faces: tuple[int, ...], rerolled: tuple[bool, ...], start: int, budget: tuple[int, int]
    ) -> Value:
        replay = _Replay(faces)
        try:
            result = procedure(replay)
        except _Need as need:
            purposes = replay.purposes
            same = (
                start < len(faces)
                and group_of(need.purpose) in GROUPED
                and group_of(purposes[-1]) == group_of(need.purpose)
            )
            if same:
                return _mean(
                    [run(faces + (f,), rerolled + (False,), start, budget) for f in range(1, 7)]
                )
            keep = _mean(
                [run(faces + (f,), rerolled + (False,), len(faces), budget) for f in range(1, 7)]
            )
            return decide(faces, rerolled, start, budget, keep, purposes)
        return decide(faces, rerolled, start, budget, objective(result), list(replay.purposes))

    def decide(
        faces: tuple[int, ...],
        rerolled: tuple[bool, ...],
        start: int,
        budget: tuple[int, int],
        keep: Value,
        purposes: list[str],
    ) -> Value:
        if start >= len(faces):
            return keep
        side = 1 if group_of(purposes[start]) in TARGET_PURPOSES else 0
        if budget[side] <= 0:
            return keep
        spent = (budget[0] - 1, budget[1]) if side == 0 else (budget[0], budget[1] - 1)
        best = keep
        for at in range(start, len(faces)):
            if rerolled[at]:
                continue
            value = _mean(
                [
                    run(
                        faces[:at] + (f,) + faces[at + 1 :],
                        rerolled[:at] + (True,) + rerolled[at + 1 :],
                        start,
                        spent,
                    )
                    for f in range(1, 7)
                ]
            )
            if (value > best) if side == 0 else (value < best):
                best = value
        return best

    return run((), (), 0, (actor, target))
