"""The outcome of an action that rolls dice as plain data (issue #24): what a phone that
resolved the action offline and the server that replays it compare.

``outcome(result)`` takes the engine's result of a shooting action (``ShootResult``) or of a
fight (``MeleeResult``) and gives a JSON-serialisable dict: every die the engine used, in order
(its face and what it was rolled for), then the decisive facts: the nerve test's failures, each
shot's or the fight die's total and damage, a jam, the saving rolls' wounds, COS left,
elimination, the panic test and the state the target is left in. The other actions that roll
dice give their records of ``engine.table_actions``: mounting or dismounting (``HorseTest``: the
reflex test), the lasso (``LassoResult``: the pull and who falls), an explosive (``Thrown``: the
fuse and each model's blast), a hit or an elimination (``Fallen``: COS, and each friend's panic
test, R-19), a retreat (``Retreated``: the infamy die, R-09) and beginning the next turn
(``engine.cohesion.TurnBegun``: the turn and each cohesion test due, R-08). Two equal results
give equal dicts; a different die anywhere, or a different fact (the target's COS in the game
changed meanwhile, a modifier the server knows of), gives a different one. Anything else (an action
with no engine roll, a shot whose opportunity test failed: ``None``) gives ``None``.

Only the result is read: no store, no words, so the same code runs in the browser (Pyodide).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from skirmish.engine.cohesion import TurnBegun
from skirmish.engine.combat import Aftermath
from skirmish.engine.dice import Die
from skirmish.engine.explosion import ExplosionResult
from skirmish.engine.fight import MeleeResult
from skirmish.engine.lasso import LassoResult
from skirmish.engine.reflex import ReflexResult
from skirmish.engine.shooting import ShootResult
from skirmish.engine.table_actions import Fallen, HorseTest, Retreated, Thrown

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


def _dice(dice: Iterable[Die]) -> list[dict[str, Any]]:
    return [{"face": die.value, "purpose": die.purpose} for die in dice]


def _reflex(test: ReflexResult | None) -> dict[str, Any] | None:
    if test is None:
        return None
    return {"need": test.need, "scores": list(test.scores), "success": test.success}


def _horse(done: HorseTest) -> dict[str, Any]:
    return {"kind": "mount" if done.mounting else "dismount", "pace": done.pace.value,
            "test": _reflex(done.test), "success": done.success,
            "dice": _dice(done.test.dice if done.test else ())}  # fmt: skip


def _lasso(result: LassoResult) -> dict[str, Any]:
    return {"kind": "lasso", "reflex": _reflex(result.reflex), "roll": result.roll,
            "strength": result.strength, "outcome": result.outcome.value,
            "distance": result.distance, "knocked_down": result.knocked_down,
            "dice": _dice(result.dice)}  # fmt: skip


def _blast(name: str, result: ExplosionResult) -> dict[str, Any]:
    blast = result.blast
    return {"model": name, "outcome": result.outcome.value,
            "stepped": None if result.step_away is None else result.step_away.distance,
            "wounds": None if blast is None else blast.wounds,
            "cos_after": None if blast is None else blast.cos_after,
            "thrown": None if blast is None else blast.thrown}  # fmt: skip


def _thrown(done: Thrown) -> dict[str, Any]:
    fuse = done.fuse
    dice = [Die(fuse.roll, "short fuse")] if fuse is not None else []
    dice += [die for _, result in done.victims for die in result.dice]
    return {"kind": "explosive", "explosive": done.kind.value,
            "fuse": None if fuse is None else {"roll": fuse.roll, "in_hands": fuse.in_hands},
            "victims": [_blast(name, result) for name, result in done.victims],
            "dice": _dice(dice)}  # fmt: skip


def _fallen(done: Fallen) -> dict[str, Any]:
    friends = [
        {"model": f.name, "reaction": f.reaction.value,
         "panic": None if f.test is None else {
             "faces": list(f.test.outcome.faces), "state": f.test.outcome.state.value,
             "prone": f.test.outcome.prone}}
        for f in done.friends
    ]  # fmt: skip
    dice = [die for f in done.friends if f.test is not None for die in f.test.dice]
    return {"kind": "fallen", "model": done.name, "cos_before": done.cos_before,
            "cos_after": done.cos_after, "eliminated": done.eliminated, "friends": friends,
            "dice": _dice(dice)}  # fmt: skip


def _retreated(done: Retreated) -> dict[str, Any]:
    infamy = done.infamy
    return {"kind": "retreat", "gang": done.gang,
            "infamy": None if infamy is None else infamy.roll,
            "dice": _dice(infamy.dice if infamy is not None else ())}  # fmt: skip


def _turn(done: TurnBegun) -> dict[str, Any]:
    tests = [
        {"gang": gang.gang, "started": gang.started, "lost": gang.lost,
         "highest_fred": result.highest_fred, "leader": result.leader.value,
         "roll": result.roll, "total": result.total, "holds": result.holds}
        for gang, result in done.tests
    ]  # fmt: skip
    dice = [die for _, result in done.tests for die in result.dice]
    return {"kind": "turn", "turn": done.turn, "tests": tests, "dice": _dice(dice)}


#: The other actions' records and how each is said as plain data.
_TABLE: list[tuple[type[Any], Any]] = [
    (HorseTest, _horse), (LassoResult, _lasso), (Thrown, _thrown), (Fallen, _fallen),
    (Retreated, _retreated), (TurnBegun, _turn),
]  # fmt: skip


def outcome(result: object) -> dict[str, Any] | None:
    """The dice and decisive facts of an action's engine ``result``, as plain JSON data (see
    the module's docs); ``None`` for anything else."""
    for kind, said in _TABLE:
        if isinstance(result, kind):
            return {"shape": SHAPE, **said(result)}
    if isinstance(result, ShootResult):
        facts = _shoot(result)
    elif isinstance(result, MeleeResult):
        facts = _melee(result)
    else:
        return None
    dice = [{"face": die.value, "purpose": die.purpose} for die in result.dice]
    return {"shape": SHAPE, **facts, "dice": dice, "target": _aftermath(result.aftermath)}
