"""The stages of an action as the table rolls them (issue #10): dice asked for one at a time by
purpose and for whom, the stage that ended an action when dice are left over, the dice that
failed, and FAMA/FORTUNA rerolls offered as soon as a throw is complete (R-15, §1.6)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skirmish.engine
from skirmish.engine.dice import (
    PURPOSES,
    DieRequest,
    RandomDice,
    ScriptedDice,
    TableDice,
    described,
    note_end,
    purpose_words,
    rolling_for,
)
from skirmish.engine.rerolls import Offer, roll_at_table
from skirmish.engine.setup import Attacker, ShootSetup, ShotSituation, Target
from skirmish.engine.shooting import ShootResult, shoot
from skirmish.engine.stages import (
    ELIMINATED,
    VERDICT_WORDS,
    FailedDie,
    Side,
    ending,
    failed_dice,
    verdicts,
)
from skirmish.errors import DiceError, NotEnoughDice
from skirmish.rules import find_weapon
from skirmish.rules.model import Cover
from skirmish.translation import gettext

SIX = find_weapon("sei-colpi")
#: §4.2's example: Wyatt (TIRO 4, FRED 3) shoots Billy (RIF 3, FRED 3, COS 3) behind a fence.
WYATT_SHOOTS_BILLY = ShootSetup(
    Attacker(tiro=4, fred=3, weapon=SIX),
    Target(rif=3, fred=3, cos=3),
    ShotSituation(range=8, cover=Cover.LIGHT, target_waiting=True),
)
ROLES = {"nerve": "Wyatt Earp", "shot": "Wyatt Earp", "save": "Billy", "panic": "Billy"}


def run(dice: TableDice, setup: ShootSetup = WYATT_SHOOTS_BILLY) -> ShootResult:
    with rolling_for(dice, ROLES):
        result = shoot(setup, dice)
    note_end(dice, ending(result))
    return result


def test_every_purpose_of_the_engine_has_the_book_words() -> None:
    for info in pkgutil.iter_modules(skirmish.engine.__path__):
        module = importlib.import_module(f"skirmish.engine.{info.name}")
        for name, value in vars(module).items():
            if name.endswith("PURPOSE") and isinstance(value, str):
                assert value in PURPOSES, f"{info.name}.{name} = {value!r} has no words"
    assert purpose_words("shot 2", "it") == "tiro per colpire 2"
    assert described("panic", "Billy", "en") == "panic test for Billy"


def test_the_table_is_asked_die_by_die_with_purpose_and_whom() -> None:
    asked: list[DieRequest] = []
    answers = iter([[2, 4], [4], [4], [3], [5]])

    def ask(request: DieRequest) -> Sequence[int]:
        asked.append(request)
        return next(answers)

    dice = TableDice(ask=ask)
    result = run(dice)
    assert result.aftermath.outcome == "shaken"
    # two nerve dice typed on one line: the second is not asked for
    assert [(r.purpose, r.subject, r.number, r.of) for r in asked] == [
        ("nerve", "Wyatt Earp", 1, 2),
        ("shot", "Wyatt Earp", 1, 1),
        ("save", "Billy", 1, 1),
        ("panic", "Billy", 1, 2),
        ("panic", "Billy", 2, 2),
    ]
    assert asked[0].first and not asked[1].first
    dice.check_all_used()


def test_typed_dice_come_first_then_the_table_is_asked() -> None:
    asked: list[str] = []

    def ask(request: DieRequest) -> Sequence[int]:
        asked.append(request.purpose)
        return [3, 5]

    run(TableDice([2, 4, 4, 4], ask=ask))
    assert asked == ["panic"]


def test_enter_rolls_the_rest_at_random() -> None:
    dice = TableDice([2, 4], ask=lambda request: None)
    result = run(dice)
    assert len(result.dice) >= 4
    dice.check_all_used()


def test_without_a_table_too_few_dice_is_the_old_error_in_both_languages() -> None:
    with pytest.raises(NotEnoughDice) as short:
        run(TableDice([2, 4, 4]))
    assert "the next one is for: saving roll for Billy" in str(short.value)
    assert "il prossimo serve per: tiro salvezza per Billy" in short.value.text("it")


def test_dice_left_over_name_the_stage_that_ended_the_action() -> None:
    # nerve 1,1 calm; 6 + 4 + 1 + 1 − 1 = 11: 2 damage; saves 6, 6: a wound each, COS 2 → 0.
    dice = TableDice([1, 1, 6, 6, 6, 5, 3])
    result = run(dice, WYATT_SHOOTS_BILLY._replace(target=Target(rif=3, fred=3, cos=2)))
    assert result.aftermath.eliminated and len(result.dice) == 5
    with pytest.raises(DiceError) as extra:
        dice.check_all_used()
    assert str(extra.value) == (
        "dice gave 7 dice but the action ended with the saving roll for Billy (COS 0: "
        "eliminated, so no panic test); 2 left over (5, 3): remove them or check the command."
    )
    assert extra.value.text("it") == (
        "dice ha dato 7 dadi ma l'azione è finita con: tiro salvezza per Billy (COS 0: "
        "eliminato, quindi niente test di panico); 2 in più (5, 3): toglili o controlla il "
        "comando."
    )
    assert ending(result) is ELIMINATED


def test_failed_dice_of_the_book_example() -> None:
    # §4.2: nerve 2 passes, 4 fails (FRED 3); the shot hits; the save 4 fails (a wound); the
    # panic dice 3 passes, 5 fails.
    result = shoot(WYATT_SHOOTS_BILLY, ScriptedDice([2, 4, 4, 4, 3, 5]))
    assert [(f.index, f.die.value, f.stage, f.side) for f in failed_dice(result)] == [
        (1, 4, "nerve", Side.ACTOR),
        (3, 4, "save", Side.TARGET),
        (5, 5, "panic", Side.TARGET),
    ]


def test_a_miss_is_a_failed_shooting_roll() -> None:
    result = shoot(WYATT_SHOOTS_BILLY, ScriptedDice([1, 1, 1, 3, 3]))
    assert [(f.stage, f.die.value) for f in failed_dice(result)] == [("shot", 1)]


def test_rerolls_are_offered_as_each_throw_ends() -> None:
    # The nerve 4 is offered before the shot is rolled, with the faces that pass (1–3).
    offers: list[tuple[str, int, tuple[int, ...], int]] = []
    dice = TableDice([2, 4, 3, 4, 4, 3, 5])  # the reroll of the nerve 4 is the 3 typed next

    def choose(offer: Offer[FailedDie]) -> str | None:
        offers.append((offer.die.purpose, offer.die.value, offer.passes, len(dice.dice)))
        return "FORTUNA" if offer.die.purpose == "nerve" else None

    table = roll_at_table(lambda d: shoot(WYATT_SHOOTS_BILLY, d), dice, failed=failed_dice,
                          choose=choose)  # fmt: skip
    assert offers[0] == ("nerve", 4, (1, 2, 3), 2)
    ((rerolled),) = table.rerolls
    assert (rerolled.old.value, rerolled.new.value, rerolled.payer) == (4, 3, "FORTUNA")
    # calm now: 4 + 4 + 1 + 1 − 1 = 9, one damage; the save 4 fails, then panic 3, 5.
    assert [d.value for d in table.result.dice] == [2, 3, 4, 4, 3, 5]
    assert table.result.nerve.penalty == 0
    assert [o[0] for o in offers] == ["nerve", "save", "panic"]
    dice.check_all_used()


def test_each_die_asked_carries_the_verdicts_of_the_dice_before_it() -> None:
    """Issue #20: the table is told what each die did, by the result of the dice so far
    (``stages.verdicts``): the nerve 4 failed and, rerolled to 3, passed; the hit's damage;
    the save; the rerolled-away 4 is no longer among them."""
    asked: list[tuple[str, ...]] = []
    queue = [2, 4, 3, 4, 4, 3, 5]

    def ask(request: DieRequest) -> list[int]:
        asked.append(tuple(f"{v.die.purpose} {v.die.value} {v.en}" for v in request.verdicts))
        return [queue.pop(0)]

    dice = TableDice(ask=ask)
    with rolling_for(dice, ROLES):
        table = roll_at_table(lambda d: shoot(WYATT_SHOOTS_BILLY, d), dice, failed=failed_dice,
                              choose=lambda o: "FAMA" if o.die.purpose == "nerve" else None,
                              judge=partial(verdicts, failed=failed_dice))  # fmt: skip
    assert asked[1] == ("nerve 2 passed",)
    assert asked[2] == ("nerve 2 passed", "nerve 4 failed")  # the reroll of the 4 is asked
    assert asked[3] == ("nerve 2 passed", "nerve 3 passed")
    assert asked[4] == ("nerve 2 passed", "nerve 3 passed", "shot 4 hit, damage 1")
    assert asked[5][-1] == "save 4 wound"
    assert {v.subject for v in dice.verdicts()} == {"Wyatt Earp", "Billy"}
    assert [(v.index, v.failed) for v in dice.judged] == [
        (v.index, v.failed) for v in verdicts(table.result, failed_dice)
    ]


def test_the_verdicts_agree_with_their_test_in_italian() -> None:
    """Issue #21: each verdict has its test for context, so its Italian agrees with the test's
    noun: the initiative (feminine) is "vinta", a test (masculine) "superato"."""
    said = {key: [gettext("it", word) for word in words] for key, words in VERDICT_WORDS.items()}
    assert said["initiative"] == ["vinta", "persa"]
    assert said["nerve"] == ["superato", "fallito"]
    assert said["save"] == ["salvo", "ferita"]


def test_a_reroll_that_changes_the_course_rolls_fresh_dice() -> None:
    # A miss (1) rerolled into a 6 now hits: the saves are rolled after it, fresh.
    dice = TableDice([1, 1, 1, 6, 2, 3, 3, 2])

    def choose(offer: Offer[FailedDie]) -> str | None:
        return "FAMA" if offer.failed.stage == "shot" else None

    table = roll_at_table(lambda d: shoot(WYATT_SHOOTS_BILLY, d), dice, failed=failed_dice,
                          choose=choose)  # fmt: skip
    assert [d.purpose for d in table.result.dice] == [
        "nerve",
        "nerve",
        "shot",
        "save",
        "save",
        "panic",
        "panic",
    ]
    assert table.result.damage == 2
    dice.check_all_used()


@given(st.integers(0, 2**32), st.sets(st.sampled_from(["nerve", "shot", "save", "panic"])))
def test_rerolls_match_the_replay_of_the_finished_action(seed: int, stages: set[str]) -> None:
    """Rerolling at the roll gives what engine.rerolls' replay of the finished action gives
    with the same new dice (one rule in one place), and the action never runs short."""
    from skirmish.engine.rerolls import reroll

    source = RandomDice(seed)

    def choose(offer: Offer[FailedDie]) -> str | None:
        return "FAMA" if offer.failed.stage in stages else None

    def procedure(d: object) -> ShootResult:
        return shoot(WYATT_SHOOTS_BILLY, d)  # type: ignore[arg-type]

    table = roll_at_table(procedure, source, failed=failed_dice, choose=choose)
    assert table.result == procedure(ScriptedDice(d.value for d in table.result.dice))
    for taken in table.rerolls:
        assert taken.failed.stage in stages and taken.old.purpose == taken.new.purpose
    if table.rerolls:
        first = table.rerolls[0]
        before_dice = [d.value for d in table.result.dice]
        before_dice[first.failed.index] = first.old.value
        # the replay of the first reroll alone keeps every die before it
        replayed = reroll(
            procedure(ScriptedDice(before_dice[: first.failed.index + 1] + [1] * 40)),
            index=first.failed.index, procedure=procedure, point="fama", points=1,
            dice=ScriptedDice([first.new.value] + [1] * 40),
        )  # fmt: skip
        assert (
            replayed.result.dice[: first.failed.index + 1]
            == table.result.dice[: first.failed.index + 1]
        )
