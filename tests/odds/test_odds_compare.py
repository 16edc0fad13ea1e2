"""``odds.compare``: each comparison's two choices against independent computations, and the
properties a player relies on.

Golden cases: each choice is also computed without the odds' machinery, by the engine's own
procedure on every dice sequence (``brute_force``), by the dyce model written from the rules
(``odds_dyce``, for fanning, whose 6D6 are too many paths to walk), or by the naive expectimax
over the procedure (``odds_naive``, for a FAMA reroll); the exact measures and the marked
choice must agree. Properties (Hypothesis): aiming never lowers the chance to hit; a FAMA
point spent wisely never lowers the goal's measure.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.engine.combat import CombatOutcome
from skirmish.engine.setup import Attacker, ShootSetup, ShotSituation, Target
from skirmish.engine.shooting import shoot
from skirmish.engine.situation import Procedure, inputs_for
from skirmish.errors import RulesError
from skirmish.odds import combat
from skirmish.odds.combat import CombatResult
from skirmish.odds.compare import COMPARISONS, Comparison, Goal, compare, other_inputs
from skirmish.odds.dist import Dist
from skirmish.odds.paths import brute_force
from skirmish.rules import find_weapon, weapons
from skirmish.rules.model import Cover

sys.path.insert(0, str(Path(__file__).resolve().parent))
from odds_dyce import Spec  # noqa: E402
from odds_dyce import odds as dyce_odds  # noqa: E402
from odds_naive import naive_value  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:.*expand.*experimental")

SHOOT = Procedure.SHOOT


def options(**given_: Any) -> dict[str, Any]:
    """``odds shoot``'s options by parameter name: the declaration's defaults, then ``given_``."""
    found: dict[str, Any] = {i.param_for(SHOOT): i.default_for(SHOOT) for i in inputs_for(SHOOT)}
    found.update(fortuna=0, fama=0, target_fortuna=0, target_fama=0)
    found.update(given_)
    return found


def result_of(r: Any) -> CombatResult:
    return CombatResult(r.damage, r.wounds, r.aftermath.outcome)


def by_brute_force(setup: ShootSetup) -> Dist[CombatResult]:
    return brute_force(lambda dice: shoot(setup, dice), result_of)


def eliminated(results: Dist[CombatResult]) -> Fraction:
    return results.prob(lambda r: r.outcome is CombatOutcome.ELIMINATED)


def counted(results: Dist[CombatResult], cos: int) -> Fraction:
    return results.expectation(lambda r: min(r.wounds or 0, cos))


def marked(first: Fraction, second: Fraction) -> int | None:
    return None if first == second else (0 if first > second else 1)


def agrees(found: Comparison, references: list[Dist[CombatResult]]) -> None:
    """Each choice's tables are the reference's, and so are the measures and the mark."""
    cos = found.choices[0].odds.target.cos
    assert cos is not None
    for choice, reference in zip(found.choices, references, strict=True):
        assert choice.odds.results == reference
    if found.goal is Goal.ELIMINATE:
        measures = [eliminated(r) for r in references]
    else:
        measures = [counted(r, cos) for r in references]
    assert list(found.measures) == measures
    assert found.best == marked(measures[0], measures[1])
    assert found.gain == abs(measures[0] - measures[1])


# ---------------------------------------------------------------------------- golden cases

RIFLE = find_weapon("rifle")
SIX = find_weapon("six-shooter")


@pytest.mark.parametrize("goal", [Goal.ELIMINATE, Goal.WOUNDS])
def test_aim_against_brute_force(goal: Goal) -> None:
    found = compare(
        "aim",
        options(tiro=2, weapon="fucile", range_=20.0, target_rif=3, target_cos=2),
        goal=goal,
    )
    plain = ShootSetup(Attacker(tiro=2, weapon=RIFLE), Target(rif=3, cos=2), ShotSituation(20))
    aiming = ShootSetup(plain.attacker, plain.target, ShotSituation(20, aim=True))
    agrees(found, [by_brute_force(plain), by_brute_force(aiming)])
    assert found.best == 1
    assert [c.actions for c in found.choices] == [2, 3]  # the rifle's CA 2, aiming 1 more


def test_targets_against_brute_force() -> None:
    found = compare(
        "targets",
        options(tiro=4, weapon="sei colpi", range_=5.0, target_rif=3, target_cos=2),
        other={"range_": 10.0, "cover": "light", "target_rif": 2},
    )
    assert found.goal is Goal.ELIMINATE  # both COS known: the default
    near = ShootSetup(Attacker(tiro=4, weapon=SIX), Target(rif=3, cos=2), ShotSituation(5))
    far = ShootSetup(near.attacker, Target(rif=2, cos=2), ShotSituation(10, cover=Cover.LIGHT))
    agrees(found, [by_brute_force(near), by_brute_force(far)])


def test_targets_a_tie_is_said_as_a_tie() -> None:
    """The second target differs only where the shot cannot tell (a FRED without a panic
    that changes the measure is still the same chance to eliminate)."""
    found = compare(
        "targets",
        options(tiro=3, weapon="six-shooter", range_=5.0, target_rif=3, target_cos=1),
        other={"target_fred": 4},
    )
    first, second = found.measures
    assert first == second and found.best is None and found.gain == 0
    assert "tie" in found.names("en")[0] and "pari" in found.names("it")[1]
    assert found.verdict("en").startswith("= A tie for the chance to eliminate")
    assert found.payload()["better"] is None and found.payload()["tie"] is True


def test_fan_against_the_dyce_model_and_brute_force() -> None:
    """TIRO 4 with the six-shooter at short range (6U, no --range given): 4 + 1 weapon + 1
    short range on every roll, shots 2+ at −1, fanning's dice below 4 fire."""
    found = compare("fan", options(tiro=4, weapon="six-shooter", target_rif=3, target_cos=3))
    shot = Spec(nerve_fred=3, first=6, rif=3, cos=3)
    fanning = Spec(nerve_fred=3, first=6, later=5, fanning_tiro=4, rif=3, cos=3)
    agrees(found, [dyce_odds(shot), dyce_odds(fanning)])
    single = ShootSetup(Attacker(tiro=4, weapon=SIX), Target(rif=3, cos=3), ShotSituation(6))
    assert found.choices[0].odds.results == by_brute_force(single)
    assert found.best == 1
    assert [c.actions for c in found.choices] == [1, 2]  # §5.2.2: fanning is 2 actions


@pytest.mark.parametrize("goal", [Goal.ELIMINATE, Goal.WOUNDS])
def test_fama_against_the_naive_expectimax(goal: Goal) -> None:
    """Keep: no reroll (brute force); spend: one reroll, the best play found by replaying the
    procedure on every dice sequence and trying every reroll of every die."""
    found = compare(
        "fama",
        options(tiro=3, weapon="heavy pistol", range_=10.0, target_rif=2, target_cos=2),
        goal=goal,
    )
    pistol = find_weapon("heavy-pistol")
    setup = ShootSetup(Attacker(tiro=3, weapon=pistol), Target(rif=2, cos=2), ShotSituation(10))
    keep = by_brute_force(setup)
    value = combat.objective(setup.target, eliminate=goal is Goal.ELIMINATE)
    best = naive_value(lambda dice: shoot(setup, dice), lambda r: value(result_of(r)), actor=1)
    measure = eliminated(keep) if goal is Goal.ELIMINATE else counted(keep, 2)
    assert found.measures == (measure, best[0])
    assert found.choices[0].odds.results == keep
    assert found.best == marked(measure, best[0]) == 1
    assert [c.fama for c in found.choices] == [0, 1]
    assert "FAMA" in found.notes("en")[-1] and "FAMA" in found.notes("it")[-1]


def test_fama_spent_for_eliminating_can_differ_from_fama_spent_for_wounds() -> None:
    """The same options, two goals: each goal's rerolls do at least as well for that goal
    as the other goal's rerolls do; here spending for wounds would give up some chance to
    eliminate (99/864 against 103/864)."""
    given_ = options(tiro=3, weapon="heavy-pistol", range_=10.0, target_rif=2, target_cos=2)
    kill = compare("fama", given_, goal="eliminate")
    hurt = compare("fama", given_, goal="ferite")
    assert kill.measures[1] == kill.choices[1].eliminated == Fraction(103, 864)
    assert hurt.choices[1].eliminated == Fraction(99, 864)
    assert hurt.choices[1].counted_wounds >= kill.choices[1].counted_wounds


# ---------------------------------------------------------------------------- the declaration


def test_the_other_target_takes_the_targets_and_the_actions_inputs() -> None:
    ids = {i.id for i in other_inputs()}
    assert {"target_rif", "target_cos", "target_fred", "range", "cover", "target_waiting"} <= ids
    assert not ids & {"tiro", "weapon", "fred", "skill"}  # the attacker is the same


def test_rows_payload_and_words_in_both_languages() -> None:
    found = compare(
        "aim", options(tiro=3, weapon="rifle", range_=10.0, target_rif=3, target_fred=3,
                       target_cos=2)
    )  # fmt: skip
    keys = [r.key for r in found.rows("en")]
    assert keys[:3] == ["actions", "eliminated", "expected_counted_wounds"]
    assert "outcome:terrified" in keys and "at_least:wounds:1" in keys
    assert [r.key for r in found.rows("it")] == keys
    payload = found.payload()
    assert payload["comparison"] == "aim" and payload["goal"] == "eliminate"
    assert [c["choice"] for c in payload["choices"]] == ["no-aim", "aim"]
    assert payload["better"] == "aim"
    assert Fraction(payload["choices"][1]["measure"]) == found.measures[1]
    assert payload["choices"][1]["eliminated"] == payload["choices"][1]["measure"]
    assert found.names("en") == ("No aim", "Aim ★ better")
    assert found.names("it") == ("Senza mira", "Mira ★ meglio")
    assert "Aiming costs 1 action" in found.notes("en")[0]


@pytest.mark.parametrize(
    ("kind", "given_", "other", "message"),
    [
        ("aim", {"weapon": "six-shooter"}, None, "the Six-shooter cannot aim"),
        ("aim", {"weapon": "rifle", "moved": True}, None, "moved: only a model that"),
        ("fan", {"weapon": "rifle"}, None, "the Rifle cannot be fanned"),
        ("fama", {"fama": 4}, None, "fama 4: a model has at most 4 FAMA points"),
        ("aim", {"weapon": "rifle"}, None, "goal eliminate needs the target's RIF and COS"),
        ("targets", {"target_rif": 3}, {"target_cos": 7}, "the other target: "),
        ("swap", {}, None, "unknown comparison 'swap'"),
    ],
)
def test_what_cannot_be_compared_is_refused_in_both_languages(
    kind: str, given_: dict[str, Any], other: dict[str, Any] | None, message: str
) -> None:
    with pytest.raises(RulesError) as refused:
        compare(kind, options(**given_), goal="eliminate" if kind == "aim" else None, other=other)
    assert refused.value.text("en").startswith(message)
    assert refused.value.text("it") != refused.value.text("en")


def test_every_comparison_has_two_named_choices() -> None:
    from skirmish.odds.compare import CHOICES, MESSAGES

    assert tuple(CHOICES) == COMPARISONS
    for first, second in CHOICES.values():
        for lang in ("en", "it"):
            assert MESSAGES[lang][first] and MESSAGES[lang][second]


# ---------------------------------------------------------------------------- properties

AIMING = sorted(w.id for w in weapons() if w.can_aim and w.long is not None and not w.template)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    weapon=st.sampled_from(AIMING),
    tiro=st.integers(0, 4),
    reach=st.fractions(0, 1),
    cover=st.sampled_from(["none", "light", "partial"]),
    waiting=st.booleans(),
)
def test_aiming_never_lowers_the_chance_to_hit(
    weapon: str, tiro: int, reach: Fraction, cover: str, waiting: bool
) -> None:
    gun = find_weapon(weapon)
    assert gun.long is not None
    distance = float(max(Fraction(1), reach * gun.long))
    found = compare(
        "aim",
        options(tiro=tiro, weapon=weapon, range_=distance, cover=cover, target_waiting=waiting),
    )
    plain, aiming = (c.odds.damage.prob(lambda d: d >= 1) for c in found.choices)
    assert aiming >= plain


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    weapon=st.sampled_from(["six-shooter", "heavy-pistol", "rifle", "small-pistol"]),
    tiro=st.integers(1, 4),
    rif=st.integers(0, 4),
    cos=st.integers(1, 3),
    fortuna=st.integers(0, 1),
    goal=st.sampled_from(list(Goal)),
)
def test_a_fama_point_never_lowers_the_goal(
    weapon: str, tiro: int, rif: int, cos: int, fortuna: int, goal: Goal
) -> None:
    found = compare(
        "fama",
        options(tiro=tiro, weapon=weapon, range_=4.0, target_rif=rif, target_cos=cos,
                fortuna=fortuna),
        goal=goal,
    )  # fmt: skip
    keep, spend = found.measures
    assert spend >= keep
    assert found.best in (None, 1)


def test_aiming_a_hunting_rifle_costs_more_than_a_turn() -> None:
    """R-14: the hunting rifle takes 3 actions to fire; aiming first makes 4 (§2.1: 3 a turn)."""
    found = compare("aim", options(tiro=3, weapon="fucile da caccia", range_=20.0))
    assert [c.actions for c in found.choices] == [3, 4]
    assert found.goal is Goal.WOUNDS  # nothing known of the target: the expected damage
    assert found.notes("en")[1] == (
        "Aiming and firing the Hunting rifle cost 4 actions, more than the 3 of a turn (§2.1)."
    )
    assert "Fucile da caccia costa 4 azioni" in found.notes("it")[1]
    cheap = compare("aim", options(tiro=3, weapon="rifle", range_=20.0))
    assert len(cheap.notes("en")) == 1
