"""Panic test (R-04, §4.2, §4.3.2): every model shot at or attacked tests, hit or not,
unless eliminated; one test per attacking action.

Roll 2D6, add the modifiers to each die, count the dice greater than the effective FRED.
A steady model: 1 failure shaken, 2 terrified. A shaken model that fails at all becomes
terrified; a terrified model that fails at all also drops prone. Any failure makes the model
flee: a free move to the nearest cover within 5U, else it drops prone where it is.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from typing import NamedTuple

from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.nerve import TwoDiceCheck, count_failures
from skirmish.engine.result import Modifier
from skirmish.engine.setup import PREDICATORE, Immunity, Target
from skirmish.errors import RulesError
from skirmish.rules.model import ModelState, Profile
from skirmish.translation import Message

#: Purpose recorded with each die of the panic test.
PURPOSE = "panic"


class PanicCheck(NamedTuple):
    """FRED with its bonuses, the modifiers on each die, or the reason the model never tests."""

    check: TwoDiceCheck
    immunity: Immunity | None = None

    @property
    def effective_fred(self) -> int:
        """FRED with every bonus to it."""
        return self.check.effective_fred

    @property
    def per_die(self) -> int:
        """What is added to each die."""
        return self.check.per_die


class PanicOutcome(NamedTuple):
    """The verdict of a panic test (R-04): the model's state and whether it lies prone."""

    faces: tuple[int, ...]  # () when an immunity spared the test
    effective_fred: int
    per_die: int
    failures: int
    state_before: ModelState
    prone_before: bool
    state: ModelState
    prone: bool
    flees: bool  # to the nearest cover within 5U, else drops prone where it is
    immunity: Immunity | None = None

    @property
    def dropped_prone(self) -> bool:
        """A terrified model that failed again throws itself to the ground."""
        return self.prone and not self.prone_before


class PanicResult(NamedTuple):
    """A panic test as rolled."""

    check: PanicCheck
    outcome: PanicOutcome
    dice: tuple[Die, ...]
    rulings: tuple[str, ...] = ("R-04",)


def lent_fred(leader: Profile, fred: int) -> int | None:
    """The FRED a leader within 5U lends to a friend's panic test: ``fred`` (its current FRED)
    if its profile lends it, as the rules data declares (Sceriffo, Boss, Ranchero, Killer,
    Capo tribù), else ``None``: the Bandido lends nothing, the Capitano gives immunity (R-17)."""
    return fred if leader.lends_fred else None


def panic_modifiers(target: Target, *, mountain_men_charge: bool = False) -> PanicCheck:
    """FRED with its bonuses and the modifiers on each die of a panic test (R-04).

    Effective FRED: the higher of the model's own and the FRED its leader within 5U lends
    (``lent_fred``: only five profiles lend, R-17); PREDICATORE
    +1 for each friendly model within 5U; the lawmen's Volontario +1 with a friend within 5U;
    whisky +1 (§8.3). Each die: +1 for a Gringo more than 15U from his leader, +1 when
    charged into a fight by mountain men. An immunity (Capitano, Vicesceriffo, Sergente)
    spares the test.
    """
    if target.fred is None:
        raise RulesError(Message("a panic test needs the model's FRED; give ⟨target_fred⟩."))
    fred_mods: list[Modifier] = []
    if target.leader_fred is not None and target.leader_fred > target.fred:
        fred_mods.append(Modifier("leader-fred", target.leader_fred - target.fred, "R-04"))
    if target.has(PREDICATORE) and target.friends > 0:
        fred_mods.append(Modifier("predicatore", target.friends, "R-04, §7.2"))
    if target.volunteer and target.friends > 0:
        fred_mods.append(Modifier("volunteer", 1, "R-04, §9.3"))
    if target.whisky:
        fred_mods.append(Modifier("whisky", 1, "§8.3"))
    die_mods: list[Modifier] = []
    if target.gringo_far:
        die_mods.append(Modifier("gringo-far", 1, "R-04, §9.7"))
    if mountain_men_charge:
        die_mods.append(Modifier("mountain-men-charge", 1, "R-04, §9.6"))
    check = TwoDiceCheck(target.fred, tuple(fred_mods), tuple(die_mods))
    return PanicCheck(check, target.immunity)


def escalate(state: ModelState, prone: bool, failures: int) -> tuple[ModelState, bool]:
    """The state after ``failures`` failing panic dice (R-04)."""
    if failures == 0:
        return state, prone
    if state is ModelState.TERRIFIED:
        return ModelState.TERRIFIED, True
    if state is ModelState.SHAKEN or failures >= 2:
        return ModelState.TERRIFIED, prone
    return ModelState.SHAKEN, prone


def judge_panic(
    faces: tuple[int, int],
    effective_fred: int,
    per_die: int,
    state: ModelState = ModelState.STEADY,
    prone: bool = False,
) -> PanicOutcome:
    """Judge two panic dice: count failures, escalate shaken → terrified → prone, flee (R-04)."""
    failures = count_failures(faces, effective_fred, per_die)
    new_state, new_prone = escalate(state, prone, failures)
    return PanicOutcome(
        faces=faces,
        effective_fred=effective_fred,
        per_die=per_die,
        failures=failures,
        state_before=state,
        prone_before=prone,
        state=new_state,
        prone=new_prone,
        flees=failures > 0,
    )


def immune_outcome(check: PanicCheck, state: ModelState, prone: bool) -> PanicOutcome:
    """A model with an immunity takes no test and passes (R-04)."""
    return PanicOutcome(
        faces=(),
        effective_fred=check.effective_fred,
        per_die=check.per_die,
        failures=0,
        state_before=state,
        prone_before=prone,
        state=state,
        prone=prone,
        flees=False,
        immunity=check.immunity,
    )


def roll_panic(check: PanicCheck, target: Target, dice: DiceSource) -> PanicOutcome:
    """Roll ``check`` for ``target`` on ``dice`` (none when immune) and judge it (R-04)."""
    if check.immunity is not None:
        return immune_outcome(check, target.state, target.prone)
    faces = (dice.roll(PURPOSE), dice.roll(PURPOSE))
    return judge_panic(faces, check.effective_fred, check.per_die, target.state, target.prone)


def panic_test(
    target: Target, dice: DiceSource, *, mountain_men_charge: bool = False
) -> PanicResult:
    """Roll a panic test for ``target`` (its ``fred`` is required) (R-04)."""
    check = panic_modifiers(target, mountain_men_charge=mountain_men_charge)
    recorder = RecordingDice(dice)
    outcome = roll_panic(check, target, recorder)
    return PanicResult(check=check, outcome=outcome, dice=tuple(recorder.dice))
