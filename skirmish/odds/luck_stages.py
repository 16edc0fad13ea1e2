"""A logged shot or fight walked throw by throw through its exact odds (issue #14, the luck
ledger): the expected wounds and the chance to eliminate before and after each group of dice,
so that the swing between what happened and the average is laid on the dice that made it.

The walk is ``odds.combat``'s own state machine (``_Shooting``, ``_Fighting``: the engine's
stage functions in the engine's order), driven by the faces the log kept instead of every
face: at each throw the machine says how many dice it takes and what they decide, and the
value of a state is the exact expectation over everything still to be rolled. The swings of
an action's throws add up to its whole swing (what happened minus the expectation at the
start, which is ``shoot_odds``'s). No rerolls: the faces are those that finally lay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from skirmish.engine.setup import MeleeSetup, ShootSetup
from skirmish.odds.combat import CombatResult, _Fighting, _Shooting, _Start
from skirmish.odds.rerolls import Done

#: The expected wounds (capped at the target's COS) and the chance to eliminate.
Value = tuple[Fraction, Fraction]


@dataclass(frozen=True, slots=True)
class Throw:
    """One group of dice of the action: where it starts among the action's dice, its faces,
    and the exact expectation before and after it."""

    start: int
    faces: tuple[int, ...]
    before: Value
    after: Value


def walk(setup: ShootSetup | MeleeSetup, faces: Sequence[int]) -> tuple[Throw, ...] | None:
    """Every throw of the action whose dice were ``faces`` (in the order rolled), or ``None``
    when the faces do not make one whole action of this setup (too few, too many), or the
    target's RIF or COS is not known."""
    cos = setup.target.cos
    if cos is None or setup.target.rif is None:
        return None
    machine: Any = _Shooting(setup) if isinstance(setup, ShootSetup) else _Fighting(setup)
    known: dict[Any, Value] = {}

    def value(state: Any) -> Value:
        found = known.get(state)
        if found is not None:
            return found
        step = machine.step(state)
        if isinstance(step, Done):
            result: CombatResult = step.outcome
            dealt = min(result.wounds or 0, cos)
            found = (Fraction(dealt), Fraction(int(dealt >= cos)))
        else:
            table = step.table
            wounds = chance = Fraction(0)
            for outcome, ways in table.ways:
                w, c = value(step.then(outcome))
                wounds += w * ways
                chance += c * ways
            found = (wounds / table.sides, chance / table.sides)
        known[state] = found
        return found

    throws: list[Throw] = []
    state: Any = _Start()
    used = 0
    while True:
        step = machine.step(state)
        if isinstance(step, Done):
            break
        n = step.table.n
        if used + n > len(faces):
            return None
        thrown = tuple(faces[used : used + n])
        after = step.then(step.table.outcome(thrown))
        throws.append(Throw(used, thrown, value(state), value(after)))
        state = after
        used += n
    if used != len(faces):
        return None
    return tuple(throws)
