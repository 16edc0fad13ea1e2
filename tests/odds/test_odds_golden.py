"""Golden files of exact odds (tests/golden/odds/), each also checked against an independent
computation: the engine's procedure on every dice sequence, the dyce model written from the
rulebook, or the naive expectimax over the procedure for rerolls."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from odds_cases import BY_NAME, CASES, Case
from odds_dyce import Spec
from odds_dyce import odds as dyce_odds
from odds_naive import naive_value

from skirmish.engine.fight import melee
from skirmish.engine.nerve import nerve_test
from skirmish.engine.panic import panic_test
from skirmish.engine.reflex import reflex_modifiers, roll_reflex
from skirmish.engine.saving import save_modifiers, saving_roll
from skirmish.engine.setup import Attacker, MeleeSetup, ShootSetup, Target
from skirmish.engine.shooting import shoot
from skirmish.odds import combat
from skirmish.odds.combat import RANK, CombatOdds, CombatResult, shoot_odds
from skirmish.odds.paths import brute_force
from skirmish.odds.report import (
    UNTESTED,
    combat_payload,
    nerve_payload,
    panic_payload,
    reflex_payload,
    save_payload,
)
from skirmish.odds.rerolls import Budget
from skirmish.rules.model import ModelState

pytestmark = pytest.mark.filterwarnings("ignore:.*expand.*experimental")


def golden(case: Case) -> dict[str, Any]:
    document = json.loads(case.path.read_text(encoding="utf-8"))
    assert document["case"] == case.name
    odds: dict[str, Any] = document["odds"]
    return odds


@pytest.mark.parametrize("name", [case.name for case in CASES])
def test_golden_file_is_what_the_odds_say_now(name: str) -> None:
    case = BY_NAME[name]
    assert json.loads(json.dumps(case.payload())) == golden(case)


def test_every_golden_file_has_a_case() -> None:
    files = {p.stem for p in BY_NAME["shoot-fanning"].path.parent.glob("*.json")}
    assert files == set(BY_NAME)


def test_every_case_has_an_independent_check() -> None:
    assert set(BY_NAME) == set(DYCE) | set(BRUTE) | set(NAIVE) | set(SINGLE) | set(INTERNAL)


def result_of(r: Any) -> CombatResult:
    return CombatResult(r.damage, r.wounds, r.aftermath.outcome)


def payload_of(case: Case, results: Any) -> dict[str, Any]:
    assert case.setup is not None
    budget = Budget(case.rerolls, case.target_rerolls)
    return json.loads(json.dumps(combat_payload(CombatOdds(results, case.setup.target, budget))))


# ---------------------------------------------------------------------------- dyce

DYCE: dict[str, Spec] = {
    # 4 TIRO + 1 weapon + 1 target waiting − 1 light cover; 8U is beyond short range (6U)
    "shoot-example-4-2": Spec(nerve_fred=3, first=5, rif=3, cos=3, panic_fred=3),
    # 3 TIRO + 1 heavy pistol, beyond short range
    "shoot-no-target": Spec(nerve_fred=3, first=4),
    # 3 TIRO + 2 rifle + 2 CECCHINO's aim; 20U is beyond short range (14U)
    "shoot-rifle-aim-cecchino": Spec(nerve_fred=2, first=7, rif=2, cos=2),
    # 3 TIRO + 1 weapon + 1 short range; shot 2 −1; the first hit's saves +1
    "shoot-small-pistol-first-use": Spec(
        nerve_fred=3, first=5, later=4, shots=2, rif=3, save_first_hit=1, cos=3, panic_fred=3
    ),
    # 4 + 1 + 1 short − 1 two pistols; shot 2 −1; shaken: +1 on each nerve die
    "shoot-two-pistols-shaken": Spec(
        nerve_fred=3,
        nerve_per_die=1,
        first=5,
        later=4,
        shots=2,
        rif=2,
        cos=2,
        panic_fred=2,
        panic_state="shaken",
    ),
    # 4 + 1 + 1 short range; dice below 4 fire; shots 2+ −1
    "shoot-fanning": Spec(
        nerve_fred=3, first=6, later=5, fanning_tiro=4, rif=3, cos=3, panic_fred=3
    ),
    # 3 + 1 + 1 short + 1 waiting; dice below 3 fire, and 5s at −1
    "shoot-fanning-mexican": Spec(
        nerve_fred=3,
        first=6,
        later=5,
        fanning_tiro=3,
        mexican=True,
        rif=2,
        cos=2,
        panic_fred=3,
    ),
    # 4 + 1 + 1 short + 1 prone within short range − 2 partial cover; behind: saves +2
    "shoot-prone-partial-behind": Spec(
        nerve_fred=4, first=5, rif=1, save_first_hit=2, save_other_hits=2, cos=2, panic_fred=2
    ),
    # 4 TIRO − 1 target moving; every bonus dropped (rifle +2, within 4U +1, short
    # range +1, waiting +1); shot 2 −1 more
    "shoot-opportunity-double-barrel": Spec(
        nerve_fred=3, first=3, later=2, shots=2, rif=3, cos=3, panic_fred=3
    ),
    # 2 + 1 beyond short range; saloon girl +1 on each nerve die; leader's FRED 4
    "shoot-panic-only": Spec(nerve_fred=1, nerve_per_die=1, first=3, panic_fred=4),
    # fight: 3 COS + 1 knife + 1 armed against bare hands; a blade's saves +1
    "melee-example-4-3": Spec(
        nerve_fred=4,
        first=5,
        fight=True,
        rif=3,
        save_first_hit=1,
        save_other_hits=1,
        cos=3,
        panic_fred=3,
    ),
    # 3 COS + 1 rifle as a club (not 2) + 1 two-handed − 1 axe two-handed + 1 waiting;
    # a rifle is no blade: no +1 to the saves
    "melee-rifle-club-target-waiting": Spec(
        nerve_fred=3, first=5, fight=True, rif=3, cos=3, panic_fred=3
    ),
    # 4 COS − 1 bare hands against a knife + 1 defender shaken; mountain men +1 a panic die
    "melee-bare-hands-vs-knife": Spec(
        nerve_fred=2,
        first=4,
        fight=True,
        rif=2,
        cos=2,
        panic_fred=2,
        panic_per_die=1,
        panic_state="shaken",
    ),
    # 2 COS + 1 tomahawk + 1 armed; saves +2 behind +1 blade; a Capitano nearby: no panic
    "melee-immune-from-behind": Spec(
        nerve_fred=3,
        first=4,
        fight=True,
        rif=3,
        save_first_hit=3,
        save_other_hits=3,
        cos=3,
        panic_fred=1,
        immune=True,
    ),
}


@pytest.mark.parametrize("name", sorted(DYCE))
def test_golden_odds_agree_with_the_dyce_model(name: str) -> None:
    case = BY_NAME[name]
    assert payload_of(case, dyce_odds(DYCE[name])) == golden(case)


# ---------------------------------------------------------------------------- brute force

BRUTE = ("shoot-repeater-17-rounds", "shoot-galloping-rider", "shoot-double-barrel-trotting")


@pytest.mark.parametrize("name", BRUTE)
def test_golden_odds_agree_with_the_procedure_on_every_dice_sequence(name: str) -> None:
    case = BY_NAME[name]
    setup = case.setup
    assert isinstance(setup, ShootSetup)
    results = brute_force(lambda dice: shoot(setup, dice), result_of)
    assert payload_of(case, results) == golden(case)


# ---------------------------------------------------------------------------- rerolls

NAIVE = (
    "shoot-no-target-fortuna-2",
    "shoot-saves-target-fortuna-1",
    "melee-tomahawk-fortuna-1-target-1",
    "melee-panic-target-fortuna-1",
)


def expected_objective(case: Case, payload: dict[str, Any]) -> tuple[Fraction, Fraction]:
    """The objective of docs/odds.md, from the golden marginals (it is linear in them)."""
    assert case.setup is not None
    target = case.setup.target
    if "wounds" in payload:
        cap = target.cos
        primary = sum(
            (Fraction(p) * (int(w) if cap is None else min(int(w), cap)))
            for w, p in payload["wounds"].items()
        )
    else:
        primary = sum((Fraction(p) * int(d) for d, p in payload["damage"].items()), Fraction(0))
    ranks = {None if k == UNTESTED else k: v for k, v in payload.get("outcome", {}).items()}
    rank = sum(
        (Fraction(p) * RANK[None if k is None else combat.CombatOutcome(k)])
        for k, p in ranks.items()
    )
    return Fraction(primary), Fraction(rank)


@pytest.mark.parametrize("name", NAIVE)
def test_golden_rerolls_are_the_naive_optimum_over_the_procedure(name: str) -> None:
    case = BY_NAME[name]
    setup = case.setup
    value = combat.objective(setup.target)  # type: ignore[union-attr]
    if isinstance(setup, ShootSetup):
        procedure: Any = lambda dice: shoot(setup, dice)  # noqa: E731
    else:
        assert isinstance(setup, MeleeSetup)
        procedure = lambda dice: melee(setup, dice)  # noqa: E731
    best = naive_value(
        procedure,
        lambda r: value(result_of(r)),
        actor=case.rerolls,
        target=case.target_rerolls,
    )
    assert expected_objective(case, golden(case)) == best


INTERNAL = ("shoot-fanning-fortuna-1",)


def test_fanning_rerolls_beat_no_rerolls_and_do_not_depend_on_the_table_layout() -> None:
    """The fanning dice are too many for the naive expectimax: check what can be checked
    independently of the class merging: with the six dice kept in order (no merging of
    orders) the solver finds the same, and a reroll never lowers the attacker's objective."""
    case = BY_NAME["shoot-fanning-fortuna-1"]
    setup = case.setup
    assert isinstance(setup, ShootSetup)
    odds = golden(case)
    plain = json.loads(json.dumps(combat_payload(shoot_odds(setup))))
    assert expected_objective(case, odds) > expected_objective(case, plain)
    assert Fraction(odds["expected_wounds"]) > Fraction(plain["expected_wounds"])
    assert sum(Fraction(p) for p in odds["outcome"].values()) == 1


# ---------------------------------------------------------------------------- single tests


def _nerve(fred: int, state: ModelState, fight: bool) -> Any:
    model = Attacker(fred=fred, state=state)
    return lambda dice: nerve_test(model, dice, fight=fight)


SINGLE: dict[str, Any] = {
    "nerve-shaken": lambda: nerve_payload(
        brute_force(_nerve(3, ModelState.SHAKEN, False), lambda r: r.outcome.label)
    ),
    "save-three-behind-cos-2": lambda: save_payload(
        brute_force(
            lambda d: saving_roll(3, d, damage=3, modifiers=save_modifiers(behind=True), cos=2),
            lambda r: r.wounds,
        ),
        2,
    ),
    "panic-shaken-leader": lambda: panic_payload(
        brute_force(
            lambda d: panic_test(Target(fred=2, leader_fred=3, state=ModelState.SHAKEN), d),
            lambda r: (r.outcome.state, r.outcome.prone),
        )
    ),
    "reflex-need-2": lambda: reflex_payload(
        brute_force(
            lambda d: roll_reflex(rif=4, need=2, modifiers=reflex_modifiers(side_step=2), dice=d),
            lambda r: r.successes,
        ),
        2,
    ),
    # rerolls: the naive optimum over the engine's procedure
    "nerve-fortuna-2": (
        lambda: naive_value(
            _nerve(2, ModelState.STEADY, True), lambda r: (-r.outcome.failures,), actor=2
        ),
        lambda g: (
            -sum(
                Fraction(g["nerve"].get(k, 0)) * i
                for i, k in enumerate(["calm", "tense", "nervous"])
            ),
        ),
    ),
    "save-fortuna-1": (
        lambda: naive_value(
            lambda d: saving_roll(2, d, damage=2, cos=3),
            lambda r: (-Fraction(min(r.wounds, 3)),),
            actor=1,
            group_of=lambda p: "own",
        ),
        lambda g: (-sum(Fraction(p) * min(int(w), 3) for w, p in g["wounds"].items()),),
    ),
    "panic-terrified-fortuna-2": (
        lambda: naive_value(
            lambda d: panic_test(Target(fred=3, state=ModelState.TERRIFIED), d),
            lambda r: (Fraction(-2), -Fraction(r.outcome.prone)),
            actor=2,
            group_of=lambda p: "nerve",
        ),
        lambda g: (Fraction(-2), -Fraction(g["prone"])),
    ),
    "reflex-fortuna-1": (
        lambda: naive_value(
            lambda d: roll_reflex(rif=3, need=1, dice=d),
            lambda r: (Fraction(r.success), Fraction(r.successes)),
            actor=1,
            group_of=lambda p: "nerve",
        ),
        lambda g: (
            Fraction(g["success"]),
            sum(Fraction(p) * int(s) for s, p in g["successes"].items()),
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(SINGLE))
def test_golden_single_tests_agree_with_the_procedure(name: str) -> None:
    case = BY_NAME[name]
    check = SINGLE[name]
    if callable(check):
        assert json.loads(json.dumps(check())) == golden(case)
    else:
        reference, from_golden = check
        assert from_golden(golden(case)) == reference()
