"""What happens to the target after a shooting or fight action, as at the table (R-03, R-04).

One saving roll per damage point (R-03), wounds off COS, COS ≤ 0 eliminates (§6.1) and no
more saving rolls are taken; then, unless eliminated, one panic test for the whole action,
hit or not (R-04). Shared by ``shooting.shoot`` and ``fight.melee``.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from skirmish.engine.dice import DiceSource
from skirmish.engine.panic import PanicCheck, PanicOutcome, panic_modifiers, roll_panic
from skirmish.engine.result import Modifier
from skirmish.engine.saving import PURPOSE as SAVE_PURPOSE
from skirmish.engine.saving import SaveOutcome, judge_save
from skirmish.engine.setup import Target
from skirmish.rules.model import ModelState


class CombatOutcome(StrEnum):
    """Where the target ends up after the action."""

    ELIMINATED = "eliminated"
    TERRIFIED = "terrified"
    SHAKEN = "shaken"
    STEADY = "steady"


class Hit(NamedTuple):
    """Damage dealt by one shot or fight roll, with the modifiers of its saving rolls."""

    damage: int
    save_modifiers: tuple[Modifier, ...] = ()
    source: int = 1  # the shot number it came from


class Save(NamedTuple):
    """One saving roll taken, and the shot it answered."""

    source: int
    outcome: SaveOutcome


class Aftermath(NamedTuple):
    """The target's saving rolls, wounds, what is left of COS and its panic test."""

    saves: tuple[Save, ...]
    wounds: int | None  # None when RIF was not given
    cos_before: int | None
    cos_after: int | None  # None unless both RIF and COS were given
    eliminated: bool
    panic_check: PanicCheck | None
    panic: PanicOutcome | None
    outcome: CombatOutcome | None  # when the panic test ran or the target was eliminated


def outcome_of(eliminated: bool, panic: PanicOutcome | None) -> CombatOutcome | None:
    """``eliminated``, else the state the panic test left, else ``None`` (no test ran)."""
    if eliminated:
        return CombatOutcome.ELIMINATED
    if panic is None:
        return None
    return {
        ModelState.STEADY: CombatOutcome.STEADY,
        ModelState.SHAKEN: CombatOutcome.SHAKEN,
        ModelState.TERRIFIED: CombatOutcome.TERRIFIED,
    }[panic.state]


def resolve_target(
    target: Target,
    dice: DiceSource,
    hits: Sequence[Hit],
    *,
    wounds_taken: int = 0,
    attacked: bool = True,
    mountain_men_charge: bool = False,
) -> Aftermath:
    """Saving rolls for every damage point, wounds off COS, then one panic test (R-03, R-04).

    ``wounds_taken`` are wounds already suffered in this action without a saving roll (a rider
    thrown from a galloping horse, R-02(c)). Saving rolls need the target's RIF, the panic test
    its FRED; without them those steps are skipped. ``attacked`` is false when no shot was
    actually fired (fanning that rolled no shot), and then no panic test is taken.
    """
    saves: list[Save] = []
    wounds: int | None = None
    if target.rif is not None:
        wounds = wounds_taken
        for hit in hits:
            for _ in range(hit.damage):
                if target.cos is not None and target.cos - wounds <= 0:
                    break
                outcome = judge_save(dice.roll(SAVE_PURPOSE), target.rif, hit.save_modifiers)
                saves.append(Save(hit.source, outcome))
                wounds += outcome.wounds
    cos_after: int | None = None
    eliminated = False
    if target.cos is not None and wounds is not None:
        cos_after = target.cos - wounds
        eliminated = cos_after <= 0
    panic_check: PanicCheck | None = None
    panic: PanicOutcome | None = None
    if target.fred is not None and attacked and not eliminated:
        panic_check = panic_modifiers(target, mountain_men_charge=mountain_men_charge)
        panic = roll_panic(panic_check, target, dice)
    return Aftermath(
        saves=tuple(saves),
        wounds=wounds,
        cos_before=target.cos,
        cos_after=cos_after,
        eliminated=eliminated,
        panic_check=panic_check,
        panic=panic,
        outcome=outcome_of(eliminated, panic),
    )
