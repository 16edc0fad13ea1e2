"""Reflex test (R-06, §2.4, tables 1 and 2): 2D6, modifiers added to each die, a die succeeds
when it is less than RIF; an action needs 1 success, or 2 where the book says "2 dadi su 2".

Sign convention (RULINGS §2): a positive modifier on each die is a penalty, a negative one a
bonus. Opportunity fire doubles every penalty (§4.2.3): the doubling is shown as its own
modifier, so the explanation keeps each penalty's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.result import Modifier, total
from skirmish.errors import RulesError
from skirmish.rules import find_action
from skirmish.translation import Both, Message

#: Purpose recorded with each die of a reflex test.
PURPOSE = "reflex"


@dataclass(frozen=True, slots=True)
class ReflexResult:
    """A reflex test: both dice, the modifiers on each die, the successes and the verdict."""

    rif: int
    need: int
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...]
    modifier: int  # added to each die
    scores: tuple[int, ...]  # each die plus the modifier
    successes: int
    success: bool
    rulings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ActionTest:
    """The reflex test an accessory action of table 1 needs."""

    action: str  # the action's id in the rules tables
    need: int  # successes: 1, or 2 for "2 dadi su 2"
    horse: bool  # a test on horseback (BUON CAVALIERE helps)
    lasso: bool  # a lasso throw (cowboys are better at it)


#: Table 1 actions that are horse tests or lasso throws (R-06).
HORSE_ACTIONS = frozenset({"mount-trotting", "mount-galloping"})
LASSO_ACTIONS = frozenset({"lasso-catch"})


def action_test(name: str) -> ActionTest:
    """The reflex test an action of table 1 needs, by name in either language (R-06)."""
    action = find_action(name)
    if action.reflex == 0:
        raise RulesError(
            Message(
                "{action} needs no reflex test (R-06, table 1).",
                action=Both(f"{action.name_en!r} ({action.name_it})", repr(action.name_it)),
            )
        )
    return ActionTest(
        action=action.id,
        need=action.reflex,
        horse=action.id in HORSE_ACTIONS,
        lasso=action.id in LASSO_ACTIONS,
    )


def check_need(need: int) -> int:
    """A reflex test needs 1 success, or 2 for the actions marked "2 dadi su 2" (R-06)."""
    if need not in (1, 2):
        raise RulesError(
            Message(
                "a reflex test needs 1 or 2 successes, not {need!r} (R-06, table 1); "
                "use ⟨need⟩ 2 only for actions marked '2 dadi su 2'.",
                need=need,
            )
        )
    return need


def reflex_modifiers(
    *,
    side_step: int = 0,
    backing: bool = False,
    horse: bool = False,
    enemies: int = 0,
    buon_cavaliere: bool = False,
    lasso: bool = False,
    cowboy: bool = False,
    imbranato: bool = False,
    whisky: bool = False,
    opportunity: bool = False,
) -> tuple[Modifier, ...]:
    """The named modifiers on each die of a reflex test (R-06).

    ``side_step`` is a mounted sideways move: 1 normal (+1), 2 fast (+2); ``backing`` a mount
    backing up (+2) (table 2). ``enemies`` is how many enemies a model disengages from (+1 for
    each beyond the first, §4.3.1). BUON CAVALIERE gives −1 on horse tests only (``horse``, a
    side-step or backing); cowboys get −1 on lasso tests only (§9.5). The invalid "Imbranato"
    and a drunk bottle of whisky give +1 (§6.5, §8.3). Opportunity fire doubles every penalty
    (§4.2.3).
    """
    if side_step not in (0, 1, 2):
        raise RulesError(
            Message(
                "a mounted side-step is normal (1) or fast (2), not {side_step!r} (R-06, table 2).",
                side_step=side_step,
            )
        )
    if side_step and backing:
        raise RulesError(
            Message("a mount either side-steps or backs up in one move, not both (R-06, table 2).")
        )
    if enemies < 0:
        raise RulesError(
            Message(
                "the number of enemies to disengage from is {enemies!r}; give 0 or more.",
                enemies=enemies,
            )
        )
    horse_test = horse or side_step > 0 or backing
    found: list[Modifier] = []
    if side_step == 1:
        found.append(Modifier("side-step", 1, "R-06, table 2"))
    elif side_step == 2:
        found.append(Modifier("side-step-fast", 2, "R-06, table 2"))
    if backing:
        found.append(Modifier("backing", 2, "R-06, table 2"))
    if enemies > 1:
        found.append(Modifier("disengage-enemies", enemies - 1, "R-06, §4.3.1"))
    if buon_cavaliere and horse_test:
        found.append(Modifier("buon-cavaliere", -1, "R-06, §7.2"))
    if cowboy and lasso:
        found.append(Modifier("cowboy-lasso", -1, "R-06, §9.5"))
    if imbranato:
        found.append(Modifier("imbranato", 1, "R-06, §6.5"))
    if whisky:
        found.append(Modifier("whisky", 1, "R-06, §8.3"))
    if opportunity:
        penalties = sum(m.value for m in found if m.value > 0)
        if penalties:
            found.append(Modifier("opportunity-fire", penalties, "R-06, §4.2.3"))
    return tuple(found)


def reflex_successes(faces: Sequence[int], *, rif: int, modifier: int = 0) -> int:
    """How many dice succeed: a die plus the modifier less than RIF (R-06; equal fails)."""
    return sum(1 for face in faces if face + modifier < rif)


def reflex_passed(faces: Sequence[int], *, rif: int, need: int = 1, modifier: int = 0) -> bool:
    """Whether the two faces pass a reflex test needing ``need`` successes (R-06)."""
    return reflex_successes(faces, rif=rif, modifier=modifier) >= need


def roll_reflex(
    *,
    rif: int,
    need: int = 1,
    modifiers: Sequence[Modifier] = (),
    dice: DiceSource,
) -> ReflexResult:
    """Roll a reflex test: 2D6 each plus the modifiers against RIF, 1 or 2 successes (R-06)."""
    check_characteristic("RIF", rif)
    check_need(need)
    recorder = RecordingDice(dice)
    faces = (recorder.roll(PURPOSE), recorder.roll(PURPOSE))
    modifier = total(modifiers)
    successes = reflex_successes(faces, rif=rif, modifier=modifier)
    return ReflexResult(
        rif=rif,
        need=need,
        dice=tuple(recorder.dice),
        modifiers=tuple(modifiers),
        modifier=modifier,
        scores=tuple(face + modifier for face in faces),
        successes=successes,
        success=successes >= need,
        rulings=("R-06",),
    )
