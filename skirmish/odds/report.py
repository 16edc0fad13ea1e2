"""The odds as JSON-ready mappings: every probability an exact fraction string such as "5/36".

``skirmish odds … --json`` prints these, and the golden files of the tests hold them. Keys
are strings (damage and wounds as "0", "1", …; outcomes by their ids); outcomes of
probability 0 are left out.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from skirmish.engine.combat import CombatOutcome
from skirmish.odds.combat import CombatOdds
from skirmish.odds.dist import Dist
from skirmish.rules.model import ModelState

#: The outcome key when the target was neither eliminated nor panic-tested (fanning that fired
#: no shot, or COS given without FRED and the target still standing).
UNTESTED = "untested"

#: Order of the outcomes in every listing, best for the attacker first.
OUTCOME_ORDER = (
    CombatOutcome.ELIMINATED,
    CombatOutcome.TERRIFIED,
    CombatOutcome.SHAKEN,
    CombatOutcome.STEADY,
    None,
)


def frac(p: Fraction) -> str:
    """An exact probability as text: ``"5/36"``, ``"1"``, ``"0"``."""
    return str(p)


def outcome_key(outcome: CombatOutcome | None) -> str:
    """The JSON key of a combat outcome (``"untested"`` for none)."""
    return UNTESTED if outcome is None else outcome.value


def table(dist: Dist[Any], key: Any = str) -> dict[str, str]:
    """A distribution as ``{key: "p/q"}`` in the outcomes' order."""
    return {key(o): frac(p) for o, p in dist.sorted_items()}


def at_least(dist: Dist[int]) -> dict[int, Fraction]:
    """For every value of a numeric distribution, the exact chance of that value or more:
    ``{0: 1, 1: P(≥1), 2: P(≥2), …}``, in the values' order (values of chance 0 left out)."""
    found: dict[int, Fraction] = {}
    remaining = dist.total()
    for value, p in dist.sorted_items():
        found[value] = remaining
        remaining -= p
    return found


def at_least_table(dist: Dist[int]) -> dict[str, str]:
    """``at_least`` as JSON: ``{"0": "1", "1": "1/2", …}``, the keys of ``table(dist)``."""
    return {str(value): frac(p) for value, p in at_least(dist).items()}


def eliminated(odds: CombatOdds) -> Fraction | None:
    """The chance the action eliminates the target (COS 0 or less, R-03), or ``None`` when
    the target's RIF or COS is not given (its saving rolls or its COS are then unknown)."""
    if odds.target.rif is None or odds.target.cos is None or odds.outcome is None:
        return None
    return odds.outcome[CombatOutcome.ELIMINATED]


def outcome_table(dist: Dist[CombatOutcome | None]) -> dict[str, str]:
    """Combat outcomes as ``{"eliminated": …, "terrified": …, …}``, best for the attacker first."""
    return {outcome_key(o): frac(dist[o]) for o in OUTCOME_ORDER if dist[o]}


def combat_payload(odds: CombatOdds) -> dict[str, Any]:
    """``damage``, ``wounds`` and ``outcome`` tables, the chance of at least N damage and
    wounds (``at_least``), the chance to eliminate when the target's RIF and COS are known
    (``eliminated``) and the expectations of a shoot or melee."""
    payload: dict[str, Any] = {"damage": table(odds.damage)}
    wounds = odds.wounds
    if wounds is not None:
        payload["wounds"] = table(wounds)
    payload["at_least"] = {"damage": at_least_table(odds.damage)}
    if wounds is not None:
        payload["at_least"]["wounds"] = at_least_table(wounds)
    outcome = odds.outcome
    if outcome is not None:
        payload["outcome"] = outcome_table(outcome)
    chance = eliminated(odds)
    if chance is not None:
        payload["eliminated"] = frac(chance)
    payload["expected_damage"] = frac(odds.expected_damage)
    expected = odds.expected_wounds
    if expected is not None:
        payload["expected_wounds"] = frac(expected)
    payload["rerolls"] = {"attacker": odds.rerolls.actor, "target": odds.rerolls.target}
    return payload


def nerve_payload(dist: Dist[Any], rerolls: int = 0) -> dict[str, Any]:
    """``nerve``: calm, tense, nervous; and the expected penalty."""
    order = ("calm", "tense", "nervous")
    penalties = {"calm": 0, "tense": -1, "nervous": -2}
    found = {str(k): p for k, p in dist.items()}
    return {
        "nerve": {k: frac(found[k]) for k in order if k in found},
        "expected_penalty": frac(sum((p * penalties[k] for k, p in found.items()), Fraction(0))),
        "rerolls": rerolls,
    }


def save_payload(wounds: Dist[int], cos: int | None, rerolls: int = 0) -> dict[str, Any]:
    """``wounds``, the chance of at least N wounds and their expectation; with COS, the
    chance of elimination."""
    payload: dict[str, Any] = {
        "wounds": table(wounds),
        "at_least": {"wounds": at_least_table(wounds)},
        "expected_wounds": frac(wounds.expectation()),
    }
    if cos is not None:
        payload["eliminated"] = frac(wounds.prob(lambda w: w >= cos))
    payload["rerolls"] = rerolls
    return payload


def panic_payload(dist: Dist[tuple[ModelState, bool]], rerolls: int = 0) -> dict[str, Any]:
    """``outcome``: terrified, shaken, steady; and the chance of ending prone."""
    states = dist.map(lambda sp: sp[0])
    order = (ModelState.TERRIFIED, ModelState.SHAKEN, ModelState.STEADY)
    return {
        "outcome": {s.value: frac(states[s]) for s in order if states[s]},
        "prone": frac(dist.prob(lambda sp: sp[1])),
        "rerolls": rerolls,
    }


def reflex_payload(successes: Dist[int], need: int, rerolls: int = 0) -> dict[str, Any]:
    """``successes`` (0, 1, 2), the chance of at least N, and the chance of ``success`` with
    ``need`` successes."""
    return {
        "successes": table(successes),
        "at_least": {"successes": at_least_table(successes)},
        "success": frac(successes.prob(lambda s: s >= need)),
        "need": need,
        "rerolls": rerolls,
    }


def keyed(dist: Dist[Hashable]) -> dict[str, Fraction]:
    """A distribution by string keys (for renderers)."""
    return {str(k): p for k, p in dist.items()}
