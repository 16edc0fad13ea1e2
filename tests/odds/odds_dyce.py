"""An independent model of shooting and fighting in dyce, written again from RULINGS.md.

Nothing here calls the engine: each case states its numbers by hand (TIRO plus every
modifier of table 3, the saving roll's modifiers, the effective FRED…), and the rules'
arithmetic (R-01 … R-05, R-14) is written out with ``dyce.H`` and
``dyce.evaluation.expand(min_path_probability=0)``. The tests compare the result with the
odds, which go through the engine's stage functions.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dyce import H
from dyce.evaluation import expand

from skirmish.engine.combat import CombatOutcome
from skirmish.odds.combat import CombatResult
from skirmish.odds.dist import Dist

warnings.filterwarnings("ignore", message=".*expand.*experimental")

EXACT = Fraction(0)
CODES = {
    0: None,
    1: CombatOutcome.STEADY,
    2: CombatOutcome.SHAKEN,
    3: CombatOutcome.TERRIFIED,
    4: CombatOutcome.ELIMINATED,
}


@dataclass(frozen=True)
class Spec:
    """One action, its numbers worked out by hand from the rulebook."""

    nerve_fred: int  # effective FRED of the attacker's nerve test
    first: int  # TIRO (or COS) plus every modifier of the first roll, before the nerve penalty
    later: int = 0  # the same for shots 2+ (with the −1 of "after the first")
    shots: int = 1
    nerve_per_die: int = 0
    fight: bool = False  # fight thresholds instead of shooting ones
    fanning_tiro: int | None = None  # fanning: dice below this are shots
    mexican: bool = False  # and 5s too, at −1
    rif: int | None = None
    save_first_hit: int = 0  # saving-roll modifiers of the first hit's damage
    save_other_hits: int = 0  # and of the later hits'
    cos: int | None = None
    panic_fred: int | None = None  # effective FRED of the target's panic test
    panic_per_die: int = 0
    panic_state: str = "steady"
    immune: bool = False


def _damage(total: int, fight: bool) -> int:
    if fight:
        return 0 if total <= 6 else (1 if total <= 9 else 2)
    return 0 if total <= 7 else (1 if total <= 9 else 2)


def _wounds(score: int) -> int:
    return 0 if score <= 0 else (1 if score <= 3 else 2)


def _mixture(parts: list[tuple[Fraction, H]]) -> H:
    """A mixture of histograms, as ``expand`` over a weighted choice."""
    weights = {i: p for i, (p, _h) in enumerate(parts) if p}
    denominator = 1
    for p in weights.values():
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    chooser = H({i: int(p * denominator) for i, p in weights.items()})
    return expand(lambda r: parts[r.outcome][1], chooser, min_path_probability=EXACT)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def odds(spec: Spec) -> Dist[CombatResult]:
    """The exact outcome distribution of ``spec``."""

    def shot(total: int) -> H:
        return (H(6) + total).apply(lambda t: _damage(t, spec.fight))

    def after_nerve(failures: int) -> H:
        penalty = -failures
        if spec.fanning_tiro is None:
            return volley(spec.shots, penalty, five=None)
        tiro = spec.fanning_tiro
        kind = H(6).apply(
            lambda f: "shot" if f < tiro else ("five" if spec.mexican and f == 5 else "none")
        )
        fired = 6 @ kind.apply(lambda k: k != "none")
        five_share = Fraction(kind.get("five", 0), kind.get("five", 0) + kind.get("shot", 0) or 1)
        return expand(
            lambda n: volley(n.outcome, penalty, five=five_share), fired, min_path_probability=EXACT
        )

    def volley(n: int, penalty: int, five: Fraction | None) -> H:
        """``n`` shots; ``five``: the chance that a fanning shot was a mexican's 5 (−1)."""
        if n == 0:
            return finish(damage=0, points=(), attacked=False)

        def one(total: int) -> H:
            if not five:
                return shot(total)
            return _mixture([(1 - five, shot(total)), (five, shot(total - 1))])

        first = one(spec.first + penalty)
        later = one(spec.later + penalty)

        if spec.save_first_hit == spec.save_other_hits:
            total = first if n == 1 else first + (n - 1) @ later
            return expand(
                lambda d: finish(d.outcome, (spec.save_first_hit,) * d.outcome, True),
                total,
                min_path_probability=EXACT,
            )

        def walk(i: int, points: tuple[int, ...]) -> H:
            if i == n:
                return finish(len(points), points, True)
            source = first if i == 0 else later

            def hit(d: Any) -> H:
                mod = spec.save_other_hits if points else spec.save_first_hit
                return walk(i + 1, points + (mod,) * d.outcome)

            return expand(hit, source, min_path_probability=EXACT)

        return walk(0, ())

    def finish(damage: int, points: tuple[int, ...], attacked: bool) -> H:
        if spec.rif is None:
            return panic(damage, None, attacked)
        rif = spec.rif

        def saves(i: int, wounds: int) -> H:
            if i == len(points) or (spec.cos is not None and wounds >= spec.cos):
                return panic(damage, wounds, attacked)
            roll = (H(6) + points[i] - rif).apply(_wounds)
            return expand(
                lambda w: saves(i + 1, wounds + w.outcome), roll, min_path_probability=EXACT
            )

        return saves(0, 0)

    def panic(damage: int, wounds: int | None, attacked: bool) -> H:
        eliminated = wounds is not None and spec.cos is not None and wounds >= spec.cos
        w = 0 if wounds is None else wounds + 1  # 0 encodes "no RIF"
        if eliminated:
            return H({damage * 1000 + w * 10 + 4: 1})
        if spec.panic_fred is None or not attacked:
            return H({damage * 1000 + w * 10: 1})
        if spec.immune:
            return H({damage * 1000 + w * 10 + _state_code(spec.panic_state): 1})
        fails = 2 @ (H(6) + spec.panic_per_die).gt(spec.panic_fred)
        return fails.apply(lambda f: damage * 1000 + w * 10 + _after_panic(spec.panic_state, f))

    nerve = 2 @ (H(6) + spec.nerve_per_die).gt(spec.nerve_fred)
    encoded = expand(lambda r: after_nerve(r.outcome), nerve, min_path_probability=EXACT)
    return _decode(encoded)


def _state_code(state: str) -> int:
    return {"steady": 1, "shaken": 2, "terrified": 3}[state]


def _after_panic(state: str, failures: int) -> int:
    if failures == 0:
        return _state_code(state)
    if state != "steady" or failures == 2:
        return 3
    return 2


def _decode(encoded: H) -> Dist[CombatResult]:
    total = encoded.total

    def result(code: int) -> CombatResult:
        damage, rest = divmod(code, 1000)
        w, outcome = divmod(rest, 10)
        return CombatResult(damage, None if w == 0 else w - 1, CODES[outcome])

    return Dist((result(code), Fraction(count, total)) for code, count in encoded.items())


def check(spec: Spec) -> Callable[[], Dist[CombatResult]]:
    """A thunk computing ``spec``'s odds (for parametrized tests)."""
    return lambda: odds(spec)
