"""A game's actions that roll dice resolved on the phone, offline (issue #24): for a shot or a
fight ``resolve(kit, request)`` builds the setup exactly as the server's
``campaign.game.combat.shot_setup`` and ``fight_setup`` do (the weapon picked, the models'
inputs, the table's fields read by the same declaration, the scenario's night) from the game's
offline kit (``campaign.game.offline_kit``, the JSON the live page carries), and rolls it with
the engine; mounting, dismounting, the lasso, an explosive, a hit, an elimination and a retreat
are rolled by ``engine.offline_table`` with the functions the server's services call
(``engine.table_actions``).
Pure: the standard library, ``skirmish.engine`` and ``skirmish.rules`` (and the package's own
errors and words), so Pyodide runs it in the browser.

    request = {"action": "shoot" | "fight" | "mount" | "lasso" | ..., "model": "Joe",
               "target": "Jack",
               "fields": {"range": "12", "cover": "light", ...},  # as the API takes them
               "dice": [4, 2, 6] | None, "rest": "random" | "none", "lang": "it",
               "turns": 0}

``dice``: the faces typed, in the order asked; the dice past them (all of them, without
``dice``) are rolled at random unless ``rest`` is ``"none"`` (then too few is refused). The
answer says every face used, in order: the server replays the action with them. ``turns``: how
many times the phone queued "Begin the next turn" since the kit was made (``next_turns``: the
turn moved on, every model still to take its turn, §1.8), so an action queued after a turn is
worked out as the server will replay it (R-18's +1 for a target still to act).

What the preview cannot know offline, where the server's replay decides (docs/web.md):

- a gun's rounds: an empty or jammed gun, fewer rounds than the shots declared, a cylinder not
  full for fanning are refused by the server (§4.2, §5.2.2, R-14); the preview takes the load a
  repeater had when the kit was made (a 1 with 17 loaded jams it) and counts no rounds;
- the bystanders' reactions (R-19, R-20, R-22): friends' panic tests, civilians fleeing, a
  captive kept, are rolled by the server after the action, with further dice;
- rerolls with FAMA and FORTUNA (R-15), and whether a model may still spend them;
- the scenario's restrictions the record holds (turn 1 scripted, nobody shooting before a
  leader has fired, what a carrier of an objective may shoot), a fleeing civilian's actions
  (R-20), a second shot in one turn (§2.1), which the server checks;
- anything changed since the kit was taken (another phone, the command line).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.engine.combatant import pick_weapon, reflex_mods, setup_of
from skirmish.engine.dice import Ending, note_end, rolling_for
from skirmish.engine.explain_combat import melee_json, melee_lines, shoot_json, shoot_lines
from skirmish.engine.fight import MeleeResult
from skirmish.engine.fight import melee as roll_melee
from skirmish.engine.input_ids import InputId
from skirmish.engine.offline_table import (
    TABLE_ACTIONS,
    Figure,
    Record,
    find,
    table_dice,
    used,
    work_out,
)
from skirmish.engine.offline_table import lines as table_lines
from skirmish.engine.outcome import outcome
from skirmish.engine.reflex import ReflexResult, roll_reflex
from skirmish.engine.setup import MeleeSetup, ShootSetup
from skirmish.engine.shooting import ShootResult, check_shoot
from skirmish.engine.shooting import shoot as roll_shoot
from skirmish.engine.situation import Procedure
from skirmish.engine.situation_fields import read_fields
from skirmish.engine.situation_value import Situation
from skirmish.errors import RulesError
from skirmish.rules.model import Weapon
from skirmish.translation import N_, Message

#: The kit's format this preview reads (``campaign.game.offline_kit.VERSION``).
KIT_VERSION = 3

#: The shot and the fight, and the procedure of each (the other actions: ``TABLE_ACTIONS``).
ACTIONS = {"shoot": Procedure.SHOOT, "fight": Procedure.MELEE}
#: Every action the preview resolves (``web.game_offline.PREVIEWED`` offers them).
PREVIEWED = frozenset(ACTIONS) | TABLE_ACTIONS

#: Why an opportunity shot rolled no more dice (as the server says it).
NO_OPPORTUNITY = Ending(N_("reflex test failed: no opportunity fire"))


@dataclass(frozen=True)
class Preview:
    """An action resolved offline: the engine's result (``None``: the opportunity fire's
    reflex test failed, no shot; a ``Record`` for the other actions), the faces used in order,
    and the reflex test if any."""

    result: ShootResult | MeleeResult | Record | None
    dice: tuple[int, ...]
    weapon: str | None
    opportunity: ReflexResult | None = None


def _named(situation: Situation, key: InputId) -> str | None:
    weapon = situation.weapon(key)
    return weapon.id if isinstance(weapon, Weapon) else weapon


def _waiting(situation: Situation, target: Figure, *, opportunity: bool) -> bool:
    """Table 3's +1 for a target that has not taken its turn (R-18), as the server reads it
    (``activations.target_waiting``): the players' word, else the record; never for
    opportunity fire (§4.2.3)."""
    given = situation.said(InputId.TARGET_WAITING)
    if target.side is None:
        return bool(given)
    if opportunity:
        return False
    return not target.acted if given is None else bool(given)


def shot_setup(
    kit: Mapping[str, Any], shooter: Figure, target: Figure, situation: Situation
) -> tuple[ShootSetup, Weapon]:
    """The engine's setup of ``shooter``'s shot at ``target``, as ``combat.shot_setup``."""
    range_u = situation.distance(InputId.RANGE)
    table = situation.without(InputId.WEAPON)
    mine = shooter.combatant
    weapon = pick_weapon(mine, _named(situation, InputId.WEAPON), fight=False, range_u=range_u)
    assert weapon is not None
    if len(weapon.rounds) > 1 and weapon.id in shooter.loads:  # 7 or 17 loaded
        table = table.with_({InputId.ROUNDS: shooter.loads[weapon.id]})
    night = range_u is not None and bool(kit["night"])
    setup = setup_of(Procedure.SHOOT, mine, target.combatant, table, weapon=weapon, night=night)
    assert isinstance(setup, ShootSetup)
    return setup, weapon


def fight_setup(
    fighter: Figure, target: Figure, situation: Situation
) -> tuple[MeleeSetup, Weapon | None]:
    """The engine's setup of ``fighter``'s fight with ``target``, as ``combat.fight_setup``."""
    table = situation.without(InputId.WEAPON, InputId.TARGET_WEAPON)
    mine, theirs = fighter.combatant, target.combatant
    weapon = pick_weapon(mine, _named(situation, InputId.WEAPON), fight=True)
    defender = pick_weapon(theirs, _named(situation, InputId.TARGET_WEAPON), fight=True)
    setup = setup_of(Procedure.MELEE, mine, theirs, table, weapon=weapon, target_weapon=defender)
    assert isinstance(setup, MeleeSetup)
    return setup, weapon


def next_turns(kit: Mapping[str, Any], turns: int) -> Mapping[str, Any]:
    """``kit`` as it stands after ``turns`` new turns begun on the phone since it was made: the
    turn moved on and no model has taken its turn yet (§1.8); the rest as it was (what a new
    turn ends or decides is the server's: module docstring)."""
    if turns <= 0:
        return kit
    models = [{**row, "acted": False} for row in kit["models"]]
    return {**kit, "turn": int(kit["turn"]) + turns, "models": models}


def preview(kit: Mapping[str, Any], request: Mapping[str, Any]) -> Preview:
    """The action ``request`` asks, resolved on ``kit`` (module docstring)."""
    if kit.get("kit") != KIT_VERSION:
        raise RulesError(Message("this page's game data is out of date: reload the page."))
    kit = next_turns(kit, int(request.get("turns") or 0))
    action = str(request.get("action", ""))
    if action not in PREVIEWED:
        raise RulesError(
            Message("{action!r} is not an action the phone resolves offline.", action=action)
        )
    if action in TABLE_ACTIONS:
        rolled = table_dice(request)
        done = work_out(kit, request, rolled)
        return Preview(done, used(rolled), None)
    procedure = ACTIONS[action]
    actor = find(kit, str(request.get("model", "")), models_only=True)
    target = find(kit, str(request.get("target", "")))
    if target.side == actor.side:
        raise RulesError(
            Message(
                "{ref_model_name!r} is on the same side as {attacker_name!r}; attack an enemy.",
                ref_model_name=target.combatant.name,
                attacker_name=actor.combatant.name,
            )
        )
    situation = read_fields(procedure, request.get("fields") or {})
    opportunity = procedure is Procedure.SHOOT and situation.flag(InputId.OPPORTUNITY)
    waiting = _waiting(situation, target, opportunity=opportunity)
    situation = situation.with_({InputId.TARGET_WAITING: waiting})
    dice = table_dice(request)
    mine = dict.fromkeys(("nerve", "fanning", "shot", "fight", "mount"), actor.combatant.name)
    theirs = dict.fromkeys(("save", "panic", "reflex"), target.combatant.name)
    if procedure is Procedure.MELEE:
        setup, weapon = fight_setup(actor, target, situation)
        with rolling_for(dice, {**mine, **theirs}):
            fought = roll_melee(setup, dice)
        return Preview(fought, used(dice), weapon.id if weapon else None)
    shot, gun = shot_setup(kit, actor, target, situation)
    test = None
    if opportunity:  # §4.2.3: the reflex test first, every penalty doubled
        check_shoot(shot)
        mods = reflex_mods(actor.combatant, opportunity=True)
        with rolling_for(dice, {"reflex": actor.combatant.name}):
            test = roll_reflex(rif=actor.combatant.rif, need=1, modifiers=mods, dice=dice)
        if not test.success:
            note_end(dice, NO_OPPORTUNITY)
            return Preview(None, used(dice), gun.id, test)
    with rolling_for(dice, {**mine, **theirs}):
        fired = roll_shoot(shot, dice)
    return Preview(fired, used(dice), gun.id, test)


def resolve(kit: Mapping[str, Any], request: Mapping[str, Any]) -> dict[str, Any]:
    """The action ``request`` asks, resolved on ``kit``, as JSON: the faces used in order
    (``dice``), the weapon, the engine result's facts (``facts``: what ``skirmish roll shoot
    --json`` says of it; ``None`` when the opportunity fire's reflex test failed) and the lines
    ``skirmish roll`` prints, in ``request["lang"]``."""
    lang = str(request.get("lang") or "en")
    found = preview(kit, request)
    lines: list[str] = []
    facts: dict[str, Any] | None = None
    if isinstance(found.result, ShootResult):
        facts, lines = shoot_json(found.result, lang), shoot_lines(found.result, lang)
    elif isinstance(found.result, MeleeResult):
        facts, lines = melee_json(found.result, lang), melee_lines(found.result, lang)
    elif found.result is not None:  # the other actions: their outcome is their facts
        thrower = str(request.get("model", ""))
        facts, lines = outcome(found.result), table_lines(found.result, lang, thrower)
    test = found.opportunity
    return {
        "action": request.get("action"),
        "revision": kit["revision"],
        "dice": list(found.dice),
        "weapon": found.weapon,
        "opportunity": None if test is None else {"success": test.success},
        "facts": facts,
        "lines": lines,
        # what the server's replay compares with its own (``engine.outcome``, the sync)
        "outcome": outcome(found.result),
    }
