"""Exact odds of the single tests: nerve (R-01), saving rolls (R-03), panic (R-04), reflex (R-06).

Every face is judged by the engine's own stage functions (``judge_nerve``, ``judge_save``,
``judge_panic``, ``reflex_successes``); this module only enumerates the faces and, with
rerolls (R-15), lets ``rerolls.Solver`` choose which die to roll again.

The model that rolls a test spends its rerolls for itself: on a nerve test to fail fewer dice,
on saving rolls to take fewer wounds (wounds beyond its COS do not count), on a panic test to
end in the mildest state (steady, then shaken, then terrified; not prone before prone), on a
reflex test to pass.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from skirmish.engine.nerve import NerveLabel, TwoDiceCheck, judge_nerve
from skirmish.engine.panic import PanicCheck, immune_outcome, judge_panic
from skirmish.engine.reflex import reflex_successes
from skirmish.engine.result import Modifier, total
from skirmish.engine.saving import apply_wounds, judge_save
from skirmish.odds.dist import Dist
from skirmish.odds.rerolls import Budget, DiceTable, Done, Side, Solver, Throw, Value
from skirmish.rules.model import ModelState

#: How bad each state is for the model in it (R-04 escalation).
SEVERITY: dict[ModelState, int] = {
    ModelState.STEADY: 0,
    ModelState.SHAKEN: 1,
    ModelState.TERRIFIED: 2,
}


# -- dice tables: the engine's verdict on every roll of a group of dice ------------------------
@cache
def nerve_table(effective_fred: int, per_die: int) -> DiceTable[int]:
    """Failures of every roll of the two nerve dice (R-01)."""
    return DiceTable(2, lambda faces: judge_nerve(_pair(faces), effective_fred, per_die).failures)


@cache
def save_table(rif: int, modifiers: tuple[Modifier, ...]) -> DiceTable[int]:
    """Wounds of every face of one saving die (R-03)."""
    return DiceTable(1, lambda faces: judge_save(faces[0], rif, modifiers).wounds)


@cache
def panic_table(
    effective_fred: int, per_die: int, state: ModelState, prone: bool
) -> DiceTable[tuple[ModelState, bool]]:
    """The state (and prone) after every roll of the two panic dice (R-04)."""

    def judge(faces: tuple[int, ...]) -> tuple[ModelState, bool]:
        outcome = judge_panic(_pair(faces), effective_fred, per_die, state, prone)
        return outcome.state, outcome.prone

    return DiceTable(2, judge)


@cache
def reflex_table(rif: int, modifier: int) -> DiceTable[int]:
    """Successes of every roll of the two reflex dice (R-06)."""
    return DiceTable(2, lambda faces: reflex_successes(faces, rif=rif, modifier=modifier))


def _pair(faces: tuple[int, ...]) -> tuple[int, int]:
    first, second = faces
    return first, second


# -- one-throw tests ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _OneThrow:
    """A test of one group of dice, rolled by the model that wants ``value`` high."""

    table: DiceTable[Any]

    def step(self, state: Hashable) -> Throw[Hashable] | Done[Hashable]:
        if state is None:
            return Throw(self.table, lambda outcome: ("done", outcome), Side.ACTOR)
        assert isinstance(state, tuple)
        return Done(state[1])


def _one_throw(table: DiceTable[Any], value: object, rerolls: int) -> Dist[Hashable]:
    if rerolls <= 0:
        return table.dist
    machine = _OneThrow(table)
    solver: Solver[Hashable, Hashable] = Solver(machine.step, value)  # type: ignore[arg-type]
    return solver.dist(None, Budget(actor=rerolls))


def nerve_odds(check: TwoDiceCheck, *, rerolls: int = 0) -> Dist[NerveLabel]:
    """Calm, tense or nervous: the chance of each on a nerve test (R-01), rerolls spent wisely."""
    table = nerve_table(check.effective_fred, check.per_die)
    failures = _one_throw(table, lambda f: (-Fraction(f),), rerolls)
    labels = (NerveLabel.CALM, NerveLabel.TENSE, NerveLabel.NERVOUS)
    return failures.map(lambda f: labels[_int(f)])


def reflex_odds(
    rif: int, *, need: int = 1, modifiers: tuple[Modifier, ...] = (), rerolls: int = 0
) -> Dist[int]:
    """Successes (0, 1 or 2) of a reflex test (R-06); rerolls spent to reach ``need``."""
    table = reflex_table(rif, total(modifiers))
    return _one_throw(table, lambda s: (Fraction(_int(s) >= need), Fraction(_int(s))), rerolls).map(
        _int
    )


def panic_odds(
    check: PanicCheck,
    *,
    state: ModelState = ModelState.STEADY,
    prone: bool = False,
    rerolls: int = 0,
) -> Dist[tuple[ModelState, bool]]:
    """The model's state and whether it lies prone after a panic test (R-04)."""
    if check.immunity is not None:
        spared = immune_outcome(check, state, prone)
        return Dist.point((spared.state, spared.prone))
    table = panic_table(check.effective_fred, check.per_die, state, prone)

    def value(outcome: Hashable) -> Value:
        new_state, new_prone = _state(outcome)
        return (-Fraction(SEVERITY[new_state]), -Fraction(new_prone))

    return _one_throw(table, value, rerolls).map(_state)


@dataclass(frozen=True)
class _Saves:
    """Saving rolls, one per damage point, stopping when COS reaches 0 (R-03, §6.1)."""

    rif: int
    cos: int | None
    points: tuple[tuple[Modifier, ...], ...]

    def step(self, state: tuple[int, int]) -> Throw[tuple[int, int]] | Done[int]:
        taken, wounds = state
        if taken == len(self.points) or apply_wounds(self.cos, wounds)[1]:
            return Done(wounds)
        table = save_table(self.rif, self.points[taken])
        return Throw(table, lambda w: (taken + 1, wounds + w), Side.ACTOR)


def save_odds(
    rif: int,
    *,
    damage: int = 1,
    modifiers: tuple[Modifier, ...] = (),
    cos: int | None = None,
    rerolls: int = 0,
) -> Dist[int]:
    """Wounds from ``damage`` saving rolls (R-03); with COS, no roll after elimination."""
    machine = _Saves(rif, cos, (modifiers,) * damage)

    def value(wounds: int) -> Value:
        return (-Fraction(wounds if cos is None else min(wounds, cos)),)

    if rerolls <= 0:
        return _saves_dist(machine, (0, 0))
    solver: Solver[tuple[int, int], int] = Solver(machine.step, value)
    return solver.dist((0, 0), Budget(actor=rerolls))


def _saves_dist(machine: _Saves, state: tuple[int, int]) -> Dist[int]:
    """The wounds' distribution by composition: one saving die per damage point."""
    step = machine.step(state)
    if isinstance(step, Done):
        return Dist.point(step.outcome)
    return step.table.dist.bind(lambda w: _saves_dist(machine, step.then(w)))


def _int(value: Hashable) -> int:
    assert isinstance(value, int)
    return value


def _state(value: Hashable) -> tuple[ModelState, bool]:
    assert isinstance(value, tuple)
    state, prone = value
    assert isinstance(state, ModelState) and isinstance(prone, bool)
    return state, prone
