"""Combat in a game: shooting actions and fights rolled with both models' numbers from the game
(``combatant``), wounds and eliminations rolled at the table with physical dice, and what they do
to the target, what it carried and the models around it (``reactions``: R-19, R-20, R-22)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from skirmish.campaign.game import kit
from skirmish.campaign.game.activations import Activation, Waiting, begin, target_waiting
from skirmish.campaign.game.board import (
    ModelRef,
    find_model,
    flight_of,
    is_leader,
    objectives_carried,
    playing_model,
    record_event,
    require_alive,
    require_can_act,
    require_in_progress,
    require_started,
    resolve_target,
    scenario_of,
    side_of,
)
from skirmish.campaign.game.combatant import combatant, combatants, pick_weapon
from skirmish.campaign.game.end import settle
from skirmish.campaign.game.objectives import objective_event, transitions
from skirmish.campaign.game.reactions import (
    NOBODY,
    Bystanders,
    captive_held,
    friends_react,
    keep_captive,
    witnesses,
)
from skirmish.campaign.game.readings import combat_rolls
from skirmish.campaign.game.rerolls import (
    NO_REROLLS,
    Payment,
    Rerolls,
    record_rerolls,
    roll_action,
    roll_with_rerolls,
)
from skirmish.campaign.game.states import change_state, civilians_flee
from skirmish.campaign.game.tables import Game, GameEvent, GameModel
from skirmish.campaign.lookup import row_id
from skirmish.engine.combatant import Combatant, person, reflex_mods, setup_of
from skirmish.engine.dice import DiceSource, Ending, dice_from, note_end, rolling_for
from skirmish.engine.fight import MeleeResult
from skirmish.engine.fight import melee as roll_melee
from skirmish.engine.glossary import EventKind
from skirmish.engine.input_ids import InputId
from skirmish.engine.reflex import ReflexResult, roll_reflex
from skirmish.engine.rerolls import AtTable
from skirmish.engine.setup import MeleeSetup, ShootSetup
from skirmish.engine.shooting import RangeBand, ShootResult, check_shoot, range_band
from skirmish.engine.shooting import shoot as roll_shoot
from skirmish.engine.situation import Procedure
from skirmish.engine.situation_value import Situation
from skirmish.engine.stages import FailedDie, Side, reflex_failed
from skirmish.engine.table_actions import Fallen, Friend, check_wounds, wounded
from skirmish.errors import CampaignError
from skirmish.odds.setup_data import setup_data
from skirmish.rules.ids import ItemId, ProfileId
from skirmish.rules.model import Flight, ObjectiveEvent, ObjectiveState, Weapon
from skirmish.rules.scenario_model import CarrierShooting, ObjectiveKind, RestrictionKind
from skirmish.translation import N_, Both, Message


@dataclass
class CombatReport:
    """A shooting action or a fight rolled in a game, and what it changed."""

    result: Any  # ShootResult or MeleeResult
    attacker: str
    target: str
    weapon: str | None
    cos_before: int | None
    cos_after: int | None
    eliminated: bool
    state_after: str | None
    prone_after: bool | None
    changes: list[str] = field(default_factory=list)
    activation: Activation | None = None  # the attacker's turn begun or gone on (§1.8)
    waiting: Waiting | None = None  # table 3's +1, from the record or the players (R-18)
    rerolls: list[dict[str, Any]] = field(default_factory=list)  # taken at the roll
    friend_rerolls: list[dict[str, Any]] = field(default_factory=list)  # R-19's panic tests
    opportunity: ReflexResult | None = None  # the reflex test that opens opportunity fire
    fired: bool = True  # False: that test failed, no shot (§4.2.3), the turn is spent (§2.4)


#: Why an opportunity shot rolled no more dice (said when dice are left over).
NO_OPPORTUNITY = Ending(N_("reflex test failed: no opportunity fire"))


def _opportunity_test(
    session: Session, game: Game, shooter: GameModel, mine: Combatant, dice: DiceSource,
    rerolls: Rerolls,
) -> AtTable[ReflexResult, FailedDie, Payment]:  # fmt: skip
    """The reflex test that opens opportunity fire (§4.2.3, R-16): 1 success of 2, every
    penalty doubled, rolled before the shot with its own dice; a failed die may be rerolled
    (R-15)."""
    mods = reflex_mods(mine, opportunity=True)
    with rolling_for(dice, {"reflex": shooter.name}):
        return roll_with_rerolls(
            session, game, lambda d: roll_reflex(rif=mine.rif, need=1, modifiers=mods, dice=d),
            dice, rollers={Side.ACTOR: shooter}, rerolls=rerolls, failed=reflex_failed,
            more=True,
        )  # fmt: skip


def _reflex_rolls(test: ReflexResult) -> list[dict[str, Any]]:
    """The reflex test's dice as the log reads them (``readings``): it passes or fails whole."""
    return [{"stage": "reflex", "face": d.value, "ok": test.success} for d in test.dice]


def _test_details(test: ReflexResult) -> dict[str, Any]:
    return {"rif": test.rif, "need": test.need, "modifier": test.modifier,
            "successes": test.successes, "success": test.success}  # fmt: skip


def _check_attack(
    session: Session, game: Game, attacker: GameModel, ref: ModelRef, *, shooting: bool
) -> None:
    require_in_progress(game)
    require_started(game)
    require_alive(session, attacker)
    require_can_act(attacker)
    scenario = scenario_of(game)
    if ref.model is not None:
        require_alive(session, ref.model)
        if side_of(session, ref.model) is side_of(session, attacker):
            raise CampaignError(
                Message(
                    "{ref_model_name!r} is on the same side as {attacker_name!r}; attack an enemy.",
                    ref_model_name=ref.model.name,
                    attacker_name=attacker.name,
                )
            )
    elif ref.objective is not None and ref.objective.state == ObjectiveState.DEAD:
        raise CampaignError(
            Message(
                "the {ref_objective_objective} is already dead.",
                ref_objective_objective=Both(
                    ref.objective.objective, scenario.objective(ref.objective.objective).name_it
                ),
            )
        )
    scripted = scenario.restriction(RestrictionKind.SCRIPTED_FIRST_TURN)
    if scripted is not None and game.turn == 1:
        raise CampaignError(
            Message(
                "{scenario_name}: turn 1 is scripted (bad models enter and only move, "
                "good models take no actions); shoot and fight from turn "
                "2{on_command_line_with_skirmish}.",
                scenario_name=Both(scenario.name_en, scenario.name_it),
                on_command_line_with_skirmish=Message("⟪ with 'skirmish game turn'¦⟫"),
            )
        )
    if shooting:
        for row in objectives_carried(session, game, attacker):
            objective = scenario.objective(row.objective)
            if objective.carrier_shooting is CarrierShooting.NONE:
                raise CampaignError(
                    Message(
                        "{attacker_name!r} carries the {objective_name} and may not shoot "
                        "({scenario_name}).",
                        attacker_name=attacker.name,
                        objective_name=Both(objective.name_en, objective.name_it),
                        scenario_name=Both(scenario.name_en, scenario.name_it),
                    )
                )
        restriction = scenario.restriction(RestrictionKind.NO_SHOOTING_UNTIL_LEADER_FIRES)
        if restriction is not None and not game.leader_fired:
            if not is_leader(session, game, attacker):  # or the one a gang named
                raise CampaignError(
                    Message(
                        "{scenario_name}: nobody shoots until a leader has fired; "
                        "{attacker_name!r} is not a leader.",
                        attacker_name=attacker.name,
                        scenario_name=Both(scenario.name_en, scenario.name_it),
                    )
                )


def _one_handed_check(session: Session, game: Game, attacker: GameModel, weapon: Weapon) -> None:
    scenario = scenario_of(game)
    for row in objectives_carried(session, game, attacker):
        objective = scenario.objective(row.objective)
        if objective.carrier_shooting is CarrierShooting.ONE_HANDED and weapon.two_handed:
            raise CampaignError(
                Message(
                    "{attacker_name!r} carries a {objective_name} and may shoot only "
                    "one-handed weapons, not the {weapon_name_lower}.",
                    attacker_name=attacker.name,
                    objective_name=Both(objective.name_en, objective.name_it),
                    weapon_name_lower=Both(weapon.name_en.lower(), weapon.name_it.lower()),
                )
            )


def _named(situation: Situation, key: InputId) -> str | None:
    """The weapon ``key`` names, by its name (``pick_weapon`` finds it among those carried)."""
    weapon = situation.weapon(key)
    return weapon.id if isinstance(weapon, Weapon) else weapon


def _combatants(
    session: Session, game: Game, attacker: GameModel, ref: ModelRef
) -> tuple[Combatant, Combatant]:
    """Both models as the engine sees them (``combatant``); a scenario's person is a civilian."""
    if ref.model is not None:  # both read together (issue #23: each read alone)
        read = combatants(session, game, [attacker, ref.model])
        return read[row_id(attacker)], read[row_id(ref.model)]
    assert ref.objective is not None
    return combatant(session, attacker), person(ProfileId.UNARMED_CIVILIAN, ref.objective.objective)


def shot_setup(
    session: Session, game: Game, shooter: GameModel, ref: ModelRef, situation: Situation
) -> tuple[ShootSetup, Combatant, Weapon, kit.Volley | None]:
    """The engine's setup of ``shooter``'s shot at ``ref`` with the table's ``situation``: the
    weapon chosen (one it carries), the gun's load (refused: empty, jammed, R-14), the carried
    objective's one hand, the scenario's night. Read only: ``shoot`` rolls it, and the web's
    odds before the shot are taken from it (issue #12)."""
    range_u = situation.distance(InputId.RANGE)
    table = situation.without(InputId.WEAPON)
    mine, theirs = _combatants(session, game, shooter, ref)
    weapon = pick_weapon(mine, _named(situation, InputId.WEAPON), fight=False, range_u=range_u)
    assert weapon is not None
    _one_handed_check(session, game, shooter, weapon)
    volley, table = kit.ready_to_fire(session, shooter, weapon, table, game.turn)  # §4.2, R-14
    scenario = scenario_of(game)
    # R-02, §10.5: the night's −1 counts only beyond 20U, so it needs --range; a shot without
    # one is taken as within 20U, as at the table (issue #10; docs/games.md).
    night = range_u is not None and any(
        m.key == "night" and m.roll.value == "shoot" for m in scenario.modifiers
    )
    setup = setup_of(Procedure.SHOOT, mine, theirs, table, weapon=weapon, night=night)
    assert isinstance(setup, ShootSetup)
    return setup, mine, weapon, volley


def fight_setup(
    session: Session, game: Game, fighter: GameModel, ref: ModelRef, situation: Situation
) -> tuple[MeleeSetup, Weapon | None]:
    """The engine's setup of ``fighter``'s fight with ``ref`` (the weapons chosen among what
    each carries). Read only: ``melee`` rolls it, the web's odds are taken from it."""
    table = situation.without(InputId.WEAPON, InputId.TARGET_WEAPON)
    mine, theirs = _combatants(session, game, fighter, ref)
    weapon = pick_weapon(mine, _named(situation, InputId.WEAPON), fight=True)
    defender_weapon = pick_weapon(theirs, _named(situation, InputId.TARGET_WEAPON), fight=True)
    setup = setup_of(
        Procedure.MELEE, mine, theirs, table, weapon=weapon, target_weapon=defender_weapon
    )
    assert isinstance(setup, MeleeSetup)
    return setup, weapon


def shoot(
    session: Session,
    *,
    game: Game,
    attacker: str,
    target: str,
    situation: Situation,
    dice: DiceSource,
    bystanders: Bystanders = NOBODY,
    rerolls: Rerolls = NO_REROLLS,
) -> CombatReport:
    """A shooting action: the models' numbers, weapons, skills, injuries, drink and state from
    the game (``combatant``), ``situation`` the table's inputs by the declaration's ids
    (``engine.situation``; ``weapon`` one the shooter carries), the scenario's night and
    Duello's leaders firing first (R-01…R-04, R-14, R-21); the ``bystanders`` the players name
    react from the same ``dice`` (R-19, R-20, R-22); failed dice are rerolled as ``rerolls``
    says (R-15)."""
    shooter = find_model(session, game, attacker)
    ref = resolve_target(session, game, target)
    _check_attack(session, game, shooter, ref, shooting=True)
    opportunity = situation.flag(InputId.OPPORTUNITY)  # §4.2.3: the model's whole turn
    started = begin(session, game, shooter, action=EventKind.SHOOT, opportunity=opportunity)
    waiting = target_waiting(
        session, game, ref.model, situation.said(InputId.TARGET_WAITING), opportunity=opportunity
    )
    situation = situation.with_({InputId.TARGET_WAITING: waiting.value})
    setup, mine, weapon, volley = shot_setup(session, game, shooter, ref, situation)
    scenario = scenario_of(game)
    opened: AtTable[ReflexResult, FailedDie, Payment] | None = None
    if opportunity:  # §4.2.3: the reflex test first; failed, no shot, the turn spent (§2.4)
        check_shoot(setup)  # a shot the rules refuse is refused before any die is rolled
        opened = _opportunity_test(session, game, shooter, mine, dice, rerolls)
        if not opened.result.success:
            return _no_opportunity(session, game, shooter, ref, weapon, opened, situation,
                                   started, waiting, dice, rerolls)  # fmt: skip
    rolled = roll_action(session, game, lambda d: roll_shoot(setup, d), dice,
                         attacker=shooter, target=ref.model, rerolls=rerolls,
                         more=True)  # fmt: skip
    result = rolled.result
    assert isinstance(result, ShootResult)
    change_state(shooter, result.attacker_state_after, game.turn)
    spent = {**kit.fired(shooter, volley, result, game.turn), **kit.unhorsed(ref.model, result)}
    if weapon.id == ItemId.SMALL_PISTOL and result.damage and range_band(setup) is RangeBand.SHORT:
        shooter.small_pistol_used = True
    session.add(shooter)
    if is_leader(session, game, shooter) and not game.leader_fired:
        if scenario.restriction(RestrictionKind.NO_SHOOTING_UNTIL_LEADER_FIRES) is not None:
            game.leader_fired = True
            session.add(game)
    # The shot is logged before what it caused (a dropped sack, a friend's panic), so the log
    # reads in the order of the table (issue #10); its details are filled in once known.
    test = opened.result if opened is not None else None
    dice_used = (*test.dice, *result.dice) if test is not None else result.dice
    event = record_event(session, game, EventKind.SHOOT, model=shooter, dice=dice_used)
    taken = record_rerolls(session, game, opened) if opened is not None else []
    taken += record_rerolls(session, game, rolled)  # right after the roll they changed
    report = _apply(session, game, shooter, ref, result, weapon, bystanders, dice, rerolls)
    report.activation, report.waiting, report.opportunity = started, waiting, test
    report.rerolls = taken
    details = {**_combat_details(report, situation, result.rulings, dice), **spent}
    if test is not None:  # the reflex test's dice first, as rolled (§4.2.3)
        details["rolls"] = _reflex_rolls(test) + details["rolls"]
        details["opportunity_test"] = _test_details(test)
    _complete(session, event, details)
    rerolls.require_all_taken()
    settle(session, game)  # a side with nobody left in play ends the game now
    return report


def _no_opportunity(
    session: Session, game: Game, shooter: GameModel, ref: ModelRef, weapon: Weapon,
    opened: AtTable[ReflexResult, FailedDie, Payment], situation: Situation,
    started: Activation, waiting: Waiting, dice: DiceSource, rerolls: Rerolls,
) -> CombatReport:  # fmt: skip
    """The reflex test that opens opportunity fire failed (§4.2.3): no shot, nothing spent but
    the model's turn (§2.4: "si perde comunque il punto azione"; docs/games.md). The attempt is
    recorded as a shooting event that fired nothing, with the test's dice."""
    test = opened.result
    note_end(dice, NO_OPPORTUNITY)
    event = record_event(session, game, EventKind.SHOOT, model=shooter, dice=test.dice)
    taken = record_rerolls(session, game, opened)
    target = ref.model.name if ref.model is not None else (
        ref.objective.objective if ref.objective is not None else "")  # fmt: skip
    plain = situation.to_json()
    _complete(session, event, {
        "attacker": shooter.name, "target": target, "weapon": weapon.id, "options": plain,
        "fired": False, "opportunity_test": _test_details(test), "rolls": _reflex_rolls(test),
        "changes": [], "rulings": ["§4.2.3", "R-06", "R-16"], "dice_from": dice_from(dice),
    })  # fmt: skip
    rerolls.require_all_taken()
    return CombatReport(
        None, shooter.name, target, weapon.id, None, None, False, None, None,
        activation=started, waiting=waiting, rerolls=taken, opportunity=test, fired=False,
    )  # fmt: skip


def melee(
    session: Session,
    *,
    game: Game,
    attacker: str,
    target: str,
    situation: Situation,
    dice: DiceSource,
    bystanders: Bystanders = NOBODY,
    rerolls: Rerolls = NO_REROLLS,
) -> CombatReport:
    """A fight: both models' numbers, weapons, skills, injuries (Malattia, Mano mozzata), drink
    and state from the game (``combatant``), ``situation`` the table's inputs by the
    declaration's ids (``weapon``, ``target_weapon``: ones they carry) (R-01, R-03–R-05); the
    ``bystanders`` the players name react from the same ``dice`` (R-19, R-22); failed dice are
    rerolled as ``rerolls`` says (R-15)."""
    fighter = find_model(session, game, attacker)
    ref = resolve_target(session, game, target)
    _check_attack(session, game, fighter, ref, shooting=False)
    started = begin(session, game, fighter, action=EventKind.MELEE)  # §1.8, §2.1
    waiting = target_waiting(session, game, ref.model, situation.said(InputId.TARGET_WAITING))
    situation = situation.with_({InputId.TARGET_WAITING: waiting.value})
    setup, weapon = fight_setup(session, game, fighter, ref, situation)
    rolled = roll_action(session, game, lambda d: roll_melee(setup, d), dice,
                         attacker=fighter, target=ref.model, rerolls=rerolls,
                         more=True)  # fmt: skip
    result = rolled.result
    assert isinstance(result, MeleeResult)
    event = record_event(session, game, EventKind.MELEE, model=fighter, dice=result.dice)
    taken = record_rerolls(session, game, rolled)  # right after the roll they changed
    report = _apply(session, game, fighter, ref, result, weapon, bystanders, dice, rerolls)
    report.activation, report.waiting = started, waiting
    report.rerolls = taken
    _complete(session, event, _combat_details(report, situation, result.rulings, dice))
    rerolls.require_all_taken()
    settle(session, game)  # a side with nobody left in play ends the game now
    return report


def _complete(session: Session, event: GameEvent, details: dict[str, Any]) -> None:
    """Fill in the details of an action's event recorded before its consequences."""
    event.details = details
    session.add(event)
    session.flush()


def _combat_details(
    report: CombatReport, options: Situation, rulings: Sequence[str], dice: DiceSource
) -> dict[str, Any]:
    plain = options.to_json()
    return {
        "attacker": report.attacker,
        "target": report.target,
        "weapon": report.weapon,
        "options": plain,
        "cos_before": report.cos_before,
        "cos_after": report.cos_after,
        "eliminated": report.eliminated,
        "state": report.state_after,
        "prone": report.prone_after,
        "changes": report.changes,
        "rulings": list(rulings),
        "rolls": combat_rolls(report.result),  # each die read as at the table (the log)
        # issue #14: the setup rolled, for its exact odds later (the luck ledger), and how
        # the dice came (typed in at the table or rolled by skirmish)
        "setup": setup_data(report.result.setup),
        "dice_from": dice_from(dice),
    }


def _apply(
    session: Session,
    game: Game,
    attacker: GameModel,
    ref: ModelRef,
    result: Any,
    weapon: Weapon | None,
    bystanders: Bystanders,
    dice: DiceSource,
    rerolls: Rerolls = NO_REROLLS,
) -> CombatReport:
    """Record what a shot or a fight did to its target, and to the models around it that the
    players named (``bystanders``: R-19, R-20, R-22; ``dice`` for their panic tests, whose
    failed dice ``rerolls`` may reroll, R-15)."""
    aftermath = result.aftermath
    shot = isinstance(result, ShootResult)
    near = witnesses(session, game, ref.model, bystanders, shot=shot)
    changes: list[str] = []
    changes += civilians_flee(session, game, near.civilians, "within 10U of a shot")
    if ref.model is None:
        assert ref.objective is not None
        row = ref.objective
        name = row.objective
        if aftermath.eliminated:
            changes += objective_event(
                session, game, [row], ObjectiveEvent.KILL, by=attacker, automatic=True
            )
        return CombatReport(
            result, attacker.name, name, weapon.id if weapon else None,
            aftermath.cos_before, aftermath.cos_after, aftermath.eliminated, None, None, changes,
        )  # fmt: skip
    target = ref.model
    before = target.cos_left
    taken: list[dict[str, Any]] = []
    if aftermath.cos_after is not None:
        target.cos_left = aftermath.cos_after
    if aftermath.eliminated:
        changes += _eliminate(session, game, target, attacker, guard=near.guard)
        reacted = friends_react(session, game, target, near.friends, dice, rerolls)
        changes += reacted.lines
        taken += reacted.rerolls
    else:
        if aftermath.panic is not None:
            change_state(target, aftermath.panic.state, game.turn)
            target.prone = aftermath.panic.prone
        flight = flight_of(session, target)
        if shot and flight is Flight.SHOT_NEARBY:
            changes += civilians_flee(session, game, [target], "shot at")
        elif shot and flight is Flight.SHOT_AT_UNHURT and target.cos_left >= before:
            changes += civilians_flee(session, game, [target], "shot at and not wounded")
    session.add(target)
    session.flush()
    return CombatReport(
        result, attacker.name, target.name, weapon.id if weapon else None, before,
        target.cos_left, target.eliminated, target.state, target.prone, changes,
        friend_rerolls=taken,
    )  # fmt: skip


def _eliminate(
    session: Session,
    game: Game,
    model: GameModel,
    by: GameModel | None,
    *,
    guard: GameModel | None = None,
) -> list[str]:
    """Mark ``model`` eliminated; what it carried drops; a captive it held is freed, unless
    ``guard``, a model of its side within 5U of the captive, keeps it (R-22)."""
    model.eliminated = True
    model.eliminated_by = by.id if by is not None else None
    model.eliminated_turn = game.turn
    model.cos_left = min(model.cos_left, 0)
    session.add(model)
    changes: list[str] = []
    scenario = scenario_of(game)
    for row in objectives_carried(session, game, model):
        objective = scenario.objective(row.objective)
        if guard is not None and captive_held(objective, row):
            changes.append(keep_captive(session, game, row, guard))
            continue
        event = ObjectiveEvent.DROP if objective.kind is ObjectiveKind.LOOT else ObjectiveEvent.FREE
        state = ObjectiveState(row.state)
        allowed = transitions(event)
        if state in allowed:
            changes += objective_event(session, game, [row], event, by=None, automatic=True)
        else:
            row.carrier = None
            session.add(row)
    session.flush()
    return changes


@dataclass(frozen=True)
class TableReport:
    """A result from the table recorded on a model, and what it changed around it, with the
    rerolls taken in its friends' panic tests (R-19, R-15)."""

    model: GameModel
    changes: tuple[str, ...] = ()
    rerolls: tuple[dict[str, Any], ...] = ()
    fallen: Fallen | None = None  # the engine's record of it (the offline sync compares it)


def hit(
    session: Session,
    *,
    game: Game,
    member: str,
    wounds: int,
    by: str | None = None,
    bystanders: Bystanders = NOBODY,
    dice: DiceSource | None = None,
    rerolls: Rerolls = NO_REROLLS,
) -> TableReport:
    """Wounds rolled at the table with physical dice: off COS; COS ≤ 0 eliminates (§6.1), with
    the ``bystanders`` the players name (R-19, R-22; ``dice`` for R-19's panic tests, their
    failed dice rerolled as ``rerolls`` says, R-15)."""
    check_wounds(wounds)
    model = playing_model(session, game, member)
    attacker = find_model(session, game, by) if by is not None else None
    near = witnesses(session, game, model, bystanders, shot=False)
    before = model.cos_left
    event = record_event(session, game, EventKind.HIT, model=model)  # before its consequences
    model.cos_left, falls = wounded(before, wounds)
    changes: list[str] = []
    taken: list[dict[str, Any]] = []
    friends: tuple[Friend, ...] = ()
    if falls:
        changes = _eliminate(session, game, model, attacker, guard=near.guard)
        reacted = friends_react(session, game, model, near.friends, dice, rerolls)
        changes += reacted.lines
        taken, friends = reacted.rerolls, reacted.friends
    rerolls.require_all_taken()
    session.add(model)
    _complete(
        session,
        event,
        {
            "wounds": wounds,
            "by": attacker.name if attacker else None,
            "cos_before": before,
            "cos_after": model.cos_left,
            "eliminated": model.eliminated,
            "changes": changes,
        },
    )
    settle(session, game)
    fallen = Fallen(model.name, before, model.cos_left, model.eliminated, friends)
    return TableReport(model, tuple(changes), tuple(taken), fallen)


def eliminate(
    session: Session,
    *,
    game: Game,
    member: str,
    by: str | None = None,
    bystanders: Bystanders = NOBODY,
    dice: DiceSource | None = None,
    rerolls: Rerolls = NO_REROLLS,
) -> TableReport:
    """A model eliminated at the table, and by whom (for XP, R-11), with the ``bystanders``
    the players name (R-19, R-22; ``dice`` for R-19's panic tests, their failed dice rerolled
    as ``rerolls`` says, R-15)."""
    model = playing_model(session, game, member)
    attacker = find_model(session, game, by) if by is not None else None
    if attacker is not None and attacker.id == model.id:
        attacker = None
    near = witnesses(session, game, model, bystanders, shot=False)
    before = model.cos_left
    event = record_event(session, game, EventKind.ELIMINATE, model=model)  # before what follows
    changes = _eliminate(session, game, model, attacker, guard=near.guard)
    reacted = friends_react(session, game, model, near.friends, dice, rerolls)
    changes += reacted.lines
    rerolls.require_all_taken()
    _complete(session, event, {"by": attacker.name if attacker else None, "changes": changes})
    settle(session, game)
    fallen = Fallen(model.name, before, model.cos_left, True, reacted.friends)
    return TableReport(model, tuple(changes), tuple(reacted.rerolls), fallen)
