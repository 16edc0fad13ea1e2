"""The outcome of a shot or a fight as plain data (issue #24): what a phone that resolved the
action offline and the server that replays it compare.

``outcome(result)`` takes the engine's result of a shooting action (``ShootResult``) or of a
fight (``MeleeResult``) and gives a JSON-serialisable dict: every die the engine used, in order
(its face and what it was rolled for), then the decisive facts: the nerve test's failures, each
shot's or the fight die's total and damage, a jam, the saving rolls' wounds, COS left,
elimination, the panic test and the state the target is left in. Two equal results give equal
dicts; a different die anywhere, or a different fact (the target's COS in the game changed
meanwhile, a modifier the server knows of), gives a different one. Anything else (an action
with no engine roll, a shot whose opportunity test failed: ``None``) gives ``None``.

Only the result is read: no store, no words, so the same code runs in the browser (Pyodide).
"""

from __future__ import annotations

from typing import Any

from skirmish.engine.combat import Aftermath
from skirmish.engine.fight import MeleeResult
from skirmish.engine.shooting import ShootResult

#: The version of the dict's shape: a phone with another one's preview is compared as different.
SHAPE = 1


def _aftermath(after: Aftermath) -> dict[str, Any]:
    panic = after.panic
    return {
        "saves": [
            {"shot": s.source, "face": s.outcome.face, "wounds": s.outcome.wounds}
            for s in after.saves
        ],  # fmt: skip
        "wounds": after.wounds,
        "cos_before": after.cos_before,
        "cos_after": after.cos_after,
        "eliminated": after.eliminated,
        "panic": None
        if panic is None
        else {
            "faces": list(panic.faces),
            "failures": panic.failures,
            "state": panic.state.value,
            "prone": panic.prone,
            "flees": panic.flees,
        },  # fmt: skip
        "outcome": None if after.outcome is None else after.outcome.value,
    }


def _shoot(result: ShootResult) -> dict[str, Any]:
    fanning = result.fanning
    return {
        "kind": "shoot",
        "nerve": {"faces": list(result.nerve.faces), "failures": result.nerve.failures},
        "fanning": None
        if fanning is None
        else {"faces": list(fanning.faces), "fired": list(fanning.fired)},  # fmt: skip
        "shots": [
            {
                "number": shot.number,
                "face": shot.outcome.face,
                "total": shot.outcome.total,
                "damage": shot.outcome.damage,
                "jammed": shot.outcome.jammed,
                "mount_falls": None if shot.mount is None else shot.mount.falls,
            }
            for shot in result.shots
        ],  # fmt: skip
        "damage": result.damage,
        "jammed": result.jammed,
        "attacker_state": result.attacker_state_after.value,
    }


def _melee(result: MeleeResult) -> dict[str, Any]:
    fight = result.fight
    return {
        "kind": "fight",
        "nerve": {"faces": list(result.nerve.faces), "failures": result.nerve.failures},
        "fight": {"face": fight.face, "total": fight.total, "damage": fight.damage},
        "damage": result.damage,
    }


def outcome(result: object) -> dict[str, Any] | None:
    """The dice and decisive facts of a shot's or a fight's engine ``result``, as plain JSON
    data (see the module's docs); ``None`` for anything else."""
    if isinstance(result, ShootResult):
        facts = _shoot(result)
    elif isinstance(result, MeleeResult):
        facts = _melee(result)
    else:
        return None
    dice = [{"face": die.value, "purpose": die.purpose} for die in result.dice]
    return {"shape": SHAPE, **facts, "dice": dice, "target": _aftermath(result.aftermath)}
