"""Odds of the single tests against the engine's procedures run on every dice sequence, and
with rerolls against the naive expectimax over those procedures."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dyce import H
from odds_naive import naive_value

from skirmish.engine.nerve import nerve_modifiers, nerve_test
from skirmish.engine.panic import panic_modifiers, panic_test
from skirmish.engine.reflex import reflex_modifiers, roll_reflex
from skirmish.engine.saving import save_modifiers, saving_roll
from skirmish.engine.setup import Attacker, Immunity, Target
from skirmish.odds.paths import brute_force
from skirmish.odds.single import SEVERITY, nerve_odds, panic_odds, reflex_odds, save_odds
from skirmish.rules.model import ModelState

STATES = [ModelState.STEADY, ModelState.SHAKEN, ModelState.TERRIFIED]


@pytest.mark.parametrize("fred", [0, 2, 3, 4])
@pytest.mark.parametrize("state", [ModelState.STEADY, ModelState.SHAKEN])
@pytest.mark.parametrize("rerolls", [0, 1, 2])
def test_nerve(fred: int, state: ModelState, rerolls: int) -> None:
    model = Attacker(fred=fred, state=state)
    check = nerve_modifiers(model, fight=False, saloon_girl=True)
    odds = nerve_odds(check, rerolls=rerolls)
    assert odds.total() == 1
    procedure = lambda d: nerve_test(model, d, saloon_girl=True)  # noqa: E731
    if rerolls == 0:
        assert odds == brute_force(procedure, lambda r: r.outcome.label)
        # dyce: failing dice are those above FRED once the +1s are added
        fails = 2 @ (H(6) + check.per_die).gt(check.effective_fred)
        assert odds.map(lambda label: ["calm", "tense", "nervous"].index(label)) == {
            k: Fraction(v, 36) for k, v in fails.items()
        }
    best = naive_value(procedure, lambda r: (Fraction(-r.outcome.failures),), actor=rerolls)
    assert (-odds.expectation(lambda label: ["calm", "tense", "nervous"].index(label)),) == best


@pytest.mark.parametrize(
    ("rif", "damage", "cos", "behind"),
    [(3, 1, None, False), (3, 3, 2, True), (0, 2, None, False), (4, 2, 1, True), (2, 3, 3, False)],
)
@pytest.mark.parametrize("rerolls", [0, 1])
def test_save(rif: int, damage: int, cos: int | None, behind: bool, rerolls: int) -> None:
    mods = save_modifiers(behind=behind)
    odds = save_odds(rif, damage=damage, modifiers=mods, cos=cos, rerolls=rerolls)
    assert odds.total() == 1

    def procedure(d):  # type: ignore[no-untyped-def]
        return saving_roll(rif, d, damage=damage, modifiers=mods, cos=cos)

    if rerolls == 0:
        assert odds == brute_force(procedure, lambda r: r.wounds)
    capped = (lambda w: w) if cos is None else (lambda w: min(w, cos))
    # the model saving is the "actor" of its own test: it wants fewer wounds
    best = naive_value(
        procedure,
        lambda r: (Fraction(-capped(r.wounds)),),
        actor=rerolls,
        group_of=lambda purpose: "own",
    )
    assert (-odds.expectation(capped),) == best


@pytest.mark.parametrize("fred", [1, 3, 4])
@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("prone", [False, True])
@pytest.mark.parametrize("rerolls", [0, 1, 2])
def test_panic(fred: int, state: ModelState, prone: bool, rerolls: int) -> None:
    model = Target(fred=fred, state=state, prone=prone, gringo_far=fred == 4)
    check = panic_modifiers(model)
    odds = panic_odds(check, state=state, prone=prone, rerolls=rerolls)
    assert odds.total() == 1

    def procedure(d):  # type: ignore[no-untyped-def]
        return panic_test(model, d)

    def key(r):  # type: ignore[no-untyped-def]
        return (r.outcome.state, r.outcome.prone)

    if rerolls == 0:
        assert odds == brute_force(procedure, key)

    def value(sp: tuple[ModelState, bool]) -> tuple[Fraction, Fraction]:
        return (-Fraction(SEVERITY[sp[0]]), -Fraction(sp[1]))

    best = naive_value(
        procedure, lambda r: value(key(r)), actor=rerolls, group_of=lambda purpose: "nerve"
    )
    expected = tuple(
        sum((p * value(sp)[i] for sp, p in odds.items()), Fraction(0)) for i in range(2)
    )
    assert expected == best


def test_an_immune_model_passes_without_dice() -> None:
    model = Target(fred=1, immunity=Immunity.SERGENTE)
    odds = panic_odds(panic_modifiers(model), rerolls=2)
    assert odds == {(ModelState.STEADY, False): 1}


@pytest.mark.parametrize("rif", [0, 2, 4])
@pytest.mark.parametrize("need", [1, 2])
@pytest.mark.parametrize("rerolls", [0, 1, 2])
def test_reflex(rif: int, need: int, rerolls: int) -> None:
    mods = reflex_modifiers(side_step=1, opportunity=True)
    odds = reflex_odds(rif, need=need, modifiers=mods, rerolls=rerolls)
    assert odds.total() == 1

    def procedure(d):  # type: ignore[no-untyped-def]
        return roll_reflex(rif=rif, need=need, modifiers=mods, dice=d)

    if rerolls == 0:
        assert odds == brute_force(procedure, lambda r: r.successes)
    best = naive_value(
        procedure,
        lambda r: (Fraction(r.success), Fraction(r.successes)),
        actor=rerolls,
        group_of=lambda purpose: "nerve",
    )
    expected = (
        odds.prob(lambda s: s >= need),
        odds.expectation(),
    )
    assert expected == best
