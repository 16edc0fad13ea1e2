"""A game's offline kit (issue #24): everything the phone's offline preview
(``engine.offline.resolve``) needs to build a shot's or a fight's setup as the server does
(``combat.shot_setup``, ``combat.fight_setup``), and to roll the other actions' dice
(``engine.table_actions``: the horse, the lasso, explosives, a friend's death, a retreat), as
plain JSON, read in the caller's unit of work.

    {"kit": 3, "game": 7, "revision": 17, "turn": 2, "scenario": "rapina-in-banca",
     "night": false,
     "gangs": [{"gang": "Los Lobos", "side": "good", "started": 6, "lost": 4,
                "retreated": false, "freds": [3, 4], "leader": "alive"}, ...],
     "models": [{"name": "Joe", "side": "good", "gang": "Los Lobos", "acted": false,
                 "role": "leader", "used": {"dynamite": 1},
                 "combatant": {...Combatant.to_json()...}, "loads": {"repeater": 17}}, ...],
     "persons": [{"id": "mayor", "names": ["mayor", "sindaco", "mayor"],
                  "combatant": {...}}]}

- ``models``: every model still in play (not eliminated, not gone off the table), with its side,
  whether the record shows it has taken its turn this turn (R-18's "+1 for a target that has not
  acted" is read from it when the players do not say), and the load of each repeater, musket or
  carbine it would fire (7 or 17, R-14: a 1 with 17 loaded jams it); its role in its gang (a
  hero's or the leader's death makes friends react, R-19) and the explosives it used up (§5.5:
  what it carries is the combatant's).
- ``gangs``: what each gang's cohesion test at the start of the next turn reads (R-08,
  ``engine.cohesion.GangCohesion``, built by ``turns.gang_cohesion`` as the server's new turn
  builds it), in the game's order of its gangs: the phone begins the next turn with it.
- ``night``: the scenario's night modifier on shooting (R-02, §10.5), as ``shot_setup`` reads it;
  the preview applies it, as the server does, only to a shot given a range.
- ``persons``: the scenario's persons a model may shoot or fight (a mayor, a witness) still
  alive, each as the civilian the server makes of it (``engine.combatant.person``).

Nothing here is secret: the rosters are the campaign's to read, and the secret activation picks
(``picks``) are not in the kit, so one kit serves every reader of the live page (its render
cache's key, game and revision and the roster's newest log entry, covers it).
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from skirmish.campaign.game import kit as carried
from skirmish.campaign.game.board import (
    gang_row,
    gangs_of,
    member_of,
    models_of,
    objectives_of,
    scenario_of,
)
from skirmish.campaign.game.combatant import combatants
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.campaign.game.turns import gang_cohesion
from skirmish.campaign.lookup import row_id
from skirmish.engine.combatant import person
from skirmish.rules.ids import ProfileId
from skirmish.rules.model import ObjectiveState

#: The kit's format: the preview refuses a kit of another.
VERSION = 3


def _loads(session: Session, model: GameModel) -> dict[str, int]:
    """The load of each gun with a choice of load (7 or 17, R-14) that a shot would fire: its
    first copy that works and has rounds left, else its first copy."""
    found: dict[str, int] = {}
    chosen: set[str] = set()
    for gun in carried.guns(session, model):
        if len(gun.weapon.rounds) < 2:
            continue
        ready = gun.jammed is None and gun.left > 0
        if gun.weapon.id not in found or ready and gun.weapon.id not in chosen:
            found[gun.weapon.id] = gun.load
        if ready:
            chosen.add(gun.weapon.id)
    return found


def night_shooting(game: Game) -> bool:
    """Whether the game's scenario takes −1 off shots beyond 20U at night (R-02, §10.5)."""
    return any(m.key == "night" and m.roll.value == "shoot" for m in scenario_of(game).modifiers)


def offline_kit(session: Session, game: Game) -> dict[str, Any]:
    """The kit of ``game`` as it stands (module docstring), JSON-serialisable."""
    sides = {gg.id: gg for gg in gangs_of(session, game)}
    playing = combatants(session, game)
    rows = models_of(session, game)
    gangs = []
    for gg in sides.values():
        state = gang_cohesion(session, gg, rows)
        gangs.append({"gang": state.gang, "side": gg.side, "started": state.started,
                      "lost": state.lost, "retreated": state.retreated,
                      "freds": list(state.freds), "leader": state.leader.value})  # fmt: skip
    models = []
    for model in rows:
        if model.eliminated or model.left_turn is not None:
            continue
        gg = sides[model.game_gang_id]
        models.append(
            {
                "name": model.name,
                "side": gg.side,
                "gang": gang_row(session, gg).name,
                "acted": model.activated_turn is not None and model.activated_turn == game.turn,
                "role": str(member_of(session, model).role),  # friends react to its death
                "used": {k: int(v) for k, v in model.kit.get("used", {}).items()},
                "combatant": playing[row_id(model)].to_json(),
                "loads": _loads(session, model),
            }
        )
    scenario = scenario_of(game)
    held = objectives_of(session, game)
    persons = []
    for objective in scenario.objectives:
        copies = [r for r in held if r.objective == objective.id]
        if not objective.targetable or not copies or copies[0].state == ObjectiveState.DEAD:
            continue
        civilian = person(ProfileId.UNARMED_CIVILIAN, objective.id)
        persons.append(
            {
                "id": objective.id,
                "names": [objective.id, objective.name_it, objective.name_en],
                "combatant": civilian.to_json(),
            }
        )
    return {
        "kit": VERSION,
        "game": game.id,
        "revision": game.revision,
        "turn": game.turn,
        "scenario": game.scenario,
        "night": night_shooting(game),
        "gangs": gangs,
        "models": models,
        "persons": persons,
    }
