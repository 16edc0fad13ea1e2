"""How the dice of a shot or a fight read at the table: each die with its stage and whether it
did what its roller wanted (a nerve die within FRED, a shot that hits, a save that stops the
wound, a panic die within FRED), kept in the action's event so the game log can show
"nerve 4 ✓ 2 ✗, to hit 6 ✓, saves 1 ✗" without rolling anything again (issue #10, item 9).
"""

from __future__ import annotations

from typing import Any

from skirmish.engine.fight import MeleeResult
from skirmish.engine.shooting import ShootResult


def _die(stage: str, face: int, ok: bool | None) -> dict[str, Any]:
    return {"stage": stage, "face": face, "ok": ok}


def _within(faces: tuple[int, ...], fred: int, per_die: int, stage: str) -> list[dict[str, Any]]:
    # a die fails when, with its modifiers, it is greater than FRED.
    return [_die(stage, face, face + per_die <= fred) for face in faces]


def combat_rolls(result: ShootResult | MeleeResult) -> list[dict[str, Any]]:
    """Every die of a shooting action or a fight, in the order rolled: ``stage`` (``nerve``,
    ``fanning``, ``shot``, ``mount``, ``reflex``, ``fight``, ``save``, ``panic``), ``face`` and
    ``ok`` (``None`` where a die is neither passed nor failed, as the mount's)."""
    nerve = result.nerve
    rolls = _within(nerve.faces, nerve.effective_fred, nerve.per_die, "nerve")
    if isinstance(result, ShootResult):
        if result.fanning is not None:
            fired = list(result.fanning.fired)
            for face in result.fanning.faces:
                rolls.append(_die("fanning", face, face in fired))
                if face in fired:
                    fired.remove(face)
        for shot in result.shots:
            rolls.append(_die("shot", shot.outcome.face, shot.outcome.damage > 0))
            if shot.mount is not None:
                rolls.append(_die("mount", shot.mount.face, None))
                passed = shot.mount.reflex_passed
                rolls += [_die("reflex", face, passed) for face in shot.mount.reflex_faces]
    else:
        rolls.append(_die("fight", result.fight.face, result.fight.damage > 0))
    aftermath = result.aftermath
    rolls += [_die("save", s.outcome.face, s.outcome.wounds == 0) for s in aftermath.saves]
    panic = aftermath.panic
    if panic is not None and panic.faces:
        rolls += _within(panic.faces, panic.effective_fred, panic.per_die, "panic")
    return rolls
