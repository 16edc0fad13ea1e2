"""The rest of table 1's actions in a game (issue #10): reloading and unjamming a gun, mounting
and dismounting, the lasso, and explosives; each one is the model's turn (``activations``),
rolls its reflex test where table 1 has one (R-06) and records what it used up (``kit``).

- ``reload`` (CARICARE ARMA, 2 actions): the gun is full again; a repeater, musket or carbine
  takes 7 or 17 (§5.3.2, R-14). Before the first turn it is how a gun starts loaded: no action.
- ``unjam`` (DISINCEPPARE UN'ARMA, 2 actions: table 1 wins over §5.3.2's 1, R-14): from the turn
  after the jam (§5.3.2: "non può sparare questo turno e nel successivo dovrà disinceppare").
- ``mount`` / ``dismount`` (SALIRE / SCENDERE CAVALLO, 1 action): a reflex test at a trot (1
  success of 2) or a gallop (2 of 2), none on a standing horse (R-06); a model carrying
  nitroglycerin cannot mount (§5.5.1).
- ``throw_lasso`` (ACCHIAPPARE CON IL LASSO, 1 action, R-14): ``engine.lasso``; a model pulled
  more than 2U falls (prone, and off its horse).
- ``explode`` (§5.5, R-14): ``engine.explosion`` on every model the players name in the blast,
  their wounds and eliminations through the same steps as a shot's (``combat``), the stick
  used up.

Each service takes the caller's ``session`` (one transaction), checks before it changes
anything (a refusal changes nothing) and records its event with every die.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlmodel import Session

from skirmish.campaign.game import kit
from skirmish.campaign.game.activations import acted, begin
from skirmish.campaign.game.board import (
    find_model,
    flight_of,
    playing_model,
    record_event,
    require_alive,
    require_can_act,
    require_in_progress,
)
from skirmish.campaign.game.combat import _eliminate
from skirmish.campaign.game.combatant import combatant
from skirmish.campaign.game.end import settle
from skirmish.campaign.game.rerolls import (
    NO_REROLLS,
    Rerolls,
    record_rerolls,
    roll_with_rerolls,
)
from skirmish.campaign.game.states import change_state, civilians_flee
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.campaign.logbook import dice_data
from skirmish.campaign.settings import either
from skirmish.engine.dice import DiceSource, Die, dice_from, rolling_for
from skirmish.engine.explosion import (
    BlastOutcome,
    ExplosionResult,
    Explosive,
    FuseResult,
    find_explosive,
)
from skirmish.engine.glossary import EventKind, Pace
from skirmish.engine.lasso import LassoResult
from skirmish.engine.reflex import ReflexResult
from skirmish.engine.stages import Side, explosion_failed, lasso_failed, reflex_failed
from skirmish.engine.table_actions import (
    MOUNT_ACTIONS,
    Caught,
    HorseWords,
    blast_roll,
    check_horse,
    check_lasso,
    check_left,
    check_throw,
    horse_action,
    horse_test,
    in_blast,
    lasso_fallen,
    lasso_throw,
    light,
    may_step,
    mount_of,
)
from skirmish.errors import CampaignError
from skirmish.rules import find_action, find_weapon
from skirmish.rules.model import Item, ModelState
from skirmish.translation import NP_, Both, Message, Said

__all__ = ["MOUNT_ACTIONS", "Caught"]  # kept here for their callers (moved to the engine)


def _quoted(model: GameModel) -> str:
    return f'"{model.name}"' if " " in model.name else model.name


def _turn(session: Session, game: Game, model: GameModel, action: EventKind) -> None:
    """The model takes its turn, or goes on with it (§1.8): ``activations.begin``."""
    begin(session, game, model, action=action)


# ---------------------------------------------------------------------------- reload, unjam


@dataclass(frozen=True)
class GunReport:
    """A gun reloaded or unjammed: the model, the gun before and after, the action cost."""

    model: str
    before: kit.Gun
    after: kit.Gun
    ca: int  # table 1; 0 when loaded before the first turn
    several: bool  # the model carries more than one gun (the output names which)


def _chosen_gun(
    session: Session, model: GameModel, weapon: str | None, wanted: Any, what: str
) -> tuple[kit.Gun, bool]:
    """The gun ``weapon`` names among those ``model`` carries, else the first ``wanted`` one
    (``what``: the msgid of what is done with it, "reload")."""
    every = kit.guns(session, model)
    if not every:
        raise CampaignError(
            Message(
                "{model_name} carries no gun to {what_0} (tables 5–7).",
                model_name=model.name,
                what_0=Message(what),
            )
        )
    several = len(every) > 1
    if weapon is not None:
        named = find_weapon(weapon)
        mine = [g for g in every if g.weapon.id == named.id]
        if not mine:
            held = ", ".join(g.name("en") for g in every)
            held_it = ", ".join(g.name("it") for g in every)
            raise CampaignError(
                Message(
                    "{model_name} carries no {named_name_lower} (its guns: {held}).",
                    model_name=model.name,
                    named_name_lower=Both(named.name_en.lower(), named.name_it.lower()),
                    held=Both(held, held_it),
                )
            )
        return next((g for g in mine if wanted(g)), mine[0]), several
    return next((g for g in every if wanted(g)), every[0]), several


def reload(
    session: Session,
    *,
    game: Game,
    member: str,
    weapon: str | None = None,
    rounds: int | None = None,
) -> GunReport:
    """CARICARE ARMA (table 1, 2 actions): the gun ``weapon`` (default: its first gun that is
    not full, an empty one first) is full again; a repeater, musket or carbine takes ``rounds``
    7 or 17 (§5.3.2, R-14; default: the load it had). Before the first turn (turn 0) it sets
    how the gun starts the game, with no action."""
    require_in_progress(game)
    model = find_model(session, game, member)
    require_alive(session, model)
    every = kit.guns(session, model)
    takes = [g for g in every if rounds is None or rounds in g.weapon.rounds]
    wanted = next((g for g in takes if g.left == 0 and g.jammed is None), None) or next(
        (g for g in takes if not g.full or g.load != (rounds or g.load)), None
    )
    gun, several = _chosen_gun(
        session, model, weapon, lambda g: g is wanted, NP_("a gun to", "reload")
    )
    loads = gun.weapon.rounds
    load = gun.load if rounds is None else rounds
    if load not in loads:
        choices = tuple(str(n) for n in loads)
        raise CampaignError(
            Message(
                "the {gun_name} holds {choice} rounds, not {load} (tables 5–7, R-14).",
                load=load,
                gun_name=Both(gun.name("en"), gun.name("it")),
                choice=Said(lambda lang: either(choices, lang)),
            )
        )
    if gun.jammed is not None:
        raise CampaignError(
            Message(
                "{model_name}'s {gun_name} is jammed (R-14): unjam it "
                "first{on_command_line_f_with_skirmish_game_unjam_quo}.",
                model_name=model.name,
                gun_name=Both(gun.name("en"), gun.name("it")),
                on_command_line_f_with_skirmish_game_unjam_quo=Message(
                    "⟪ with 'skirmish game unjam {model}'¦⟫", model=_quoted(model)
                ),
            )
        )
    if gun.left == load and gun.load == load:
        raise CampaignError(
            Message(
                "{model_name}'s {gun_name} is already loaded with {load} rounds.",
                model_name=model.name,
                load=load,
                gun_name=Both(gun.name("en"), gun.name("it")),
            )
        )
    before_first_turn = game.turn == 0
    if not before_first_turn:
        require_can_act(model)
        _turn(session, game, model, EventKind.RELOAD)
    after = replace(gun, load=load, left=load)
    kit.store(model, after)
    session.add(model)
    ca = 0 if before_first_turn else find_action("reload").ca
    record_event(
        session,
        game,
        EventKind.RELOAD,
        model=model,
        details={
            "model": model.name,
            "weapon": gun.weapon.id,
            "copy": gun.copy,
            "rounds_before": gun.left,
            "rounds": load,
            "ca": ca,
            "before_first_turn": before_first_turn,
            "rulings": ["§4.2", "R-14"] if len(loads) > 1 else ["§4.2"],
        },
    )
    return GunReport(model.name, gun, after, ca, several)


def unjam(session: Session, *, game: Game, member: str, weapon: str | None = None) -> GunReport:
    """DISINCEPPARE UN'ARMA (table 1: 2 actions; R-14): the jammed gun ``weapon`` (default: its
    first jammed gun) works again, from the turn after the jam (§5.3.2)."""
    model = playing_model(session, game, member)
    gun, several = _chosen_gun(
        session, model, weapon, lambda g: g.jammed is not None, NP_("a gun to", "unjam")
    )
    if gun.jammed is None:
        raise CampaignError(
            Message(
                "{model_name}'s {gun_name} is not jammed; only a 1 rolled with 17 "
                "rounds loaded jams a repeater, musket or carbine (R-14).",
                model_name=model.name,
                gun_name=Both(gun.name("en"), gun.name("it")),
            )
        )
    if gun.jammed >= game.turn:
        raise CampaignError(
            Message(
                "{model_name}'s {gun_name} jammed this turn: it cannot fire again this "
                "turn, and it is unjammed in the next (§5.3.2, R-14); run this in turn "
                "{game_turn_1}.",
                model_name=model.name,
                game_turn_1=game.turn + 1,
                gun_name=Both(gun.name("en"), gun.name("it")),
            )
        )
    _turn(session, game, model, EventKind.UNJAM)
    after = replace(gun, jammed=None)
    kit.store(model, after)
    session.add(model)
    ca = find_action("unjam").ca
    record_event(
        session,
        game,
        EventKind.UNJAM,
        model=model,
        details={
            "model": model.name,
            "weapon": gun.weapon.id,
            "copy": gun.copy,
            "jammed_turn": gun.jammed,
            "rounds": gun.left,
            "ca": ca,
            "rulings": ["R-14"],
        },
    )
    return GunReport(model.name, gun, after, ca, several)


# ---------------------------------------------------------------------------- the horse


@dataclass(frozen=True)
class HorseReport:
    """Mounting or dismounting: the pace, the reflex test (``None`` on a standing horse), and
    whether the model now rides."""

    model: str
    mounting: bool
    pace: Pace
    mount: Item | None  # the horse (or mule) it carries
    test: ReflexResult | None
    success: bool
    mounted: bool
    ca: int
    rerolls: tuple[dict[str, Any], ...] = ()  # taken in its reflex test


#: A refused mount's words on the command line: its commands, where the phone and the web say
#: the engine's own (``engine.table_actions.ENGINE_HORSE_WORDS``; the ⟪command line¦elsewhere⟫
#: phrases, ``errors.on_command_line``).
HORSE_WORDS = HorseWords(
    mount_first=lambda model: Message(
        "⟪'skirmish game mount {model}' records¦record first⟫", model=model
    ),
    buy=Message("⟪ with 'skirmish gang buy GANG horse --for NAME'¦⟫"),
    stand_up=lambda model: Message(
        "⟪'skirmish game state {model} standing'¦its state: standing⟫", model=model
    ),
)


def _horse(
    session: Session,
    *,
    game: Game,
    member: str,
    pace: Pace,
    dice: DiceSource,
    mounting: bool,
    rerolls: Rerolls,
) -> tuple[HorseReport, GameModel, dict[str, Any], Any]:
    """Mounting or dismounting up to its event: the checks, the turn, the reflex test (its
    failed dice rerolled as ``rerolls`` says, R-15); the test rolled at the table, if any."""
    model = playing_model(session, game, member)
    require_can_act(model)
    mount = kit.mount_of(session, model)
    rider = combatant(session, model)
    nitro = kit.left(session, model, Explosive.NITROGLYCERIN.value) if mounting else 0
    check_horse(rider, mounting=mounting, nitroglycerin=nitro, say=HORSE_WORDS)  # the phone's too
    kind = EventKind.MOUNT if mounting else EventKind.DISMOUNT
    _turn(session, game, model, kind)
    action = horse_action(pace)
    test: ReflexResult | None = None
    table = None
    roll = horse_test(combatant(session, model), pace) if action.reflex else None
    if roll is not None:  # the engine's test, the phone's offline preview's too
        with rolling_for(dice, {"reflex": model.name}):
            table = roll_with_rerolls(
                session, game, roll, dice, rollers={Side.ACTOR: model}, rerolls=rerolls,
                failed=reflex_failed,
            )  # fmt: skip
        test = table.result
    success = test is None or test.success
    if success:
        model.mounted = mounting
        session.add(model)
    details = {
        "model": model.name,
        "pace": pace.value,
        "mount": mount.id if mount is not None else None,
        "need": test.need if test is not None else 0,
        "success": success,
        "mounted": model.mounted,
        "ca": action.ca,
        "rulings": ["R-06"] if test is not None else ["table 1"],
    }
    report = HorseReport(
        model.name, mounting, pace, mount, test, success, model.mounted, action.ca
    )  # fmt: skip
    return report, model, details, table


def _dice_of(table: Any) -> tuple[Die, ...]:
    """The reflex test's dice as they finally lay (none on a standing horse)."""
    return tuple(table.result.dice) if table is not None else ()


def _with_rerolls(session: Session, game: Game, report: HorseReport, table: Any) -> HorseReport:
    """The rerolls of the reflex test logged right after the action's event (R-15)."""
    if table is None:
        return report
    return replace(report, rerolls=tuple(record_rerolls(session, game, table)))


def mount(
    session: Session,
    *,
    game: Game,
    member: str,
    pace: Pace,
    dice: DiceSource,
    rerolls: Rerolls = NO_REROLLS,
) -> HorseReport:
    """SALIRE A CAVALLO (table 1, 1 action): on its horse standing still, or with a reflex test
    at a trot (1 success) or a gallop (2 successes) (R-06, BUON CAVALIERE −1); a failure loses
    the action, a failed die may be rerolled (R-15). Refused for a model with no mount, one
    carrying nitroglycerin (§5.5.1) or a prone one."""
    report, model, details, table = _horse(session, game=game, member=member, pace=pace,
                                           dice=dice, mounting=True, rerolls=rerolls)  # fmt: skip
    record_event(session, game, EventKind.MOUNT, model=model, dice=_dice_of(table),
                 details={**details, "dice_from": dice_from(dice) if table else None})  # fmt: skip
    return _with_rerolls(session, game, report, table)


def dismount(
    session: Session,
    *,
    game: Game,
    member: str,
    pace: Pace,
    dice: DiceSource,
    rerolls: Rerolls = NO_REROLLS,
) -> HorseReport:
    """SCENDERE DA CAVALLO (table 1, 1 action): as mounting, with the same reflex test (R-06)
    and its rerolls (R-15)."""
    report, model, details, table = _horse(session, game=game, member=member, pace=pace,
                                           dice=dice, mounting=False, rerolls=rerolls)  # fmt: skip
    record_event(session, game, EventKind.DISMOUNT, model=model, dice=_dice_of(table),
                 details={**details, "dice_from": dice_from(dice) if table else None})  # fmt: skip
    return _with_rerolls(session, game, report, table)


# ---------------------------------------------------------------------------- the lasso


@dataclass(frozen=True)
class LassoReport:
    """A lasso throw and what it did to the two models."""

    thrower: str
    target: str
    result: LassoResult
    target_mount: Item | None  # its COS added to the target's (§8.3)
    fallen: str | None  # the model pulled down (prone), if any
    unhorsed: bool  # and pulled out of the saddle
    rerolls: tuple[dict[str, Any], ...] = ()  # taken in its reflex test


def throw_lasso(
    session: Session,
    *,
    game: Game,
    thrower: str,
    target: str,
    dice: DiceSource,
    rerolls: Rerolls = NO_REROLLS,
) -> LassoReport:
    """ACCHIAPPARE CON IL LASSO (table 1, 1 action; R-14): the reflex test (1 success of 2,
    cowboys −1, R-06; a failed die may be rerolled, R-15), then 1D6 against the target's COS
    plus its mount's (§8.3). A pull of more than 2U knocks the pulled model down: prone, and
    off its horse."""
    model = playing_model(session, game, thrower)
    require_can_act(model)
    check_lasso(combatant(session, model))
    caught = playing_model(session, game, target)
    if caught.id == model.id:
        raise CampaignError(
            Message(
                "{model_name} cannot lasso itself; name the model it throws at.",
                model_name=model.name,
            )
        )
    _turn(session, game, model, EventKind.LASSO)
    mine, theirs = combatant(session, model), combatant(session, caught)
    horse = mount_of(theirs) if caught.mounted else None
    throw = lasso_throw(mine, theirs)  # its mount's COS as the engine reads it (§8.3)
    with rolling_for(dice, {"reflex": model.name, "lasso": model.name}):
        table = roll_with_rerolls(
            session, game, throw, dice, rollers={Side.ACTOR: model}, rerolls=rerolls,
            failed=lasso_failed,
        )  # fmt: skip
    result = table.result
    pulled = lasso_fallen(result)
    fallen = None if pulled is None else caught if pulled == "target" else model
    unhorsed = fallen is not None and fallen.mounted
    if fallen is not None:
        fallen.prone = True
        fallen.mounted = False
        session.add(fallen)
    record_event(
        session,
        game,
        EventKind.LASSO,
        model=model,
        details={
            "model": model.name,
            "target": caught.name,
            "outcome": result.outcome.value,
            "distance": result.distance,
            "knocked_down": result.knocked_down,
            "fallen": fallen.name if fallen is not None else None,
            "unhorsed": unhorsed,
            "ca": find_action("lasso-catch").ca,
            "rulings": list(result.rulings),
            "dice_from": dice_from(dice) if result.dice else None,  # issue #14
        },
        dice=result.dice,
    )
    taken = record_rerolls(session, game, table)  # right after the throw
    return LassoReport(
        model.name,
        caught.name,
        result,
        horse,
        fallen.name if fallen is not None else None,
        unhorsed,
        tuple(taken),
    )


# ---------------------------------------------------------------------------- explosives


@dataclass(frozen=True)
class Victim:
    """One model in the blast: the engine's result, and what it did to the model."""

    name: str
    result: ExplosionResult
    cos_before: int
    cos_after: int
    eliminated: bool
    state: str
    changes: tuple[str, ...] = ()
    rerolls: tuple[dict[str, Any], ...] = ()  # taken in its saving rolls


@dataclass(frozen=True)
class ExplosionReport:
    """An explosive thrown: the short fuse's die, every model in the blast, what is left."""

    thrower: str
    explosive: Explosive
    short_fuse: bool
    fuse: FuseResult | None
    in_hands: bool
    victims: tuple[Victim, ...]
    left: int  # sticks (or flasks) of this explosive the thrower still has
    dice: tuple[Die, ...] = field(default=())


def _unique(names: Sequence[GameModel]) -> None:
    seen: set[int | None] = set()
    for model in names:
        if model.id in seen:
            raise CampaignError(
                Message(
                    "{model_name} is named twice in the blast; name each model once.",
                    model_name=model.name,
                )
            )
        seen.add(model.id)


def _blast_on(
    session: Session,
    game: Game,
    thrower: GameModel,
    row: GameModel,
    spec: Caught,
    kind: Explosive,
    *,
    may_step: bool,
    dice: DiceSource,
    rerolls: Rerolls,
) -> Victim:
    """Roll the blast on ``row`` and apply it: wounds off COS, eliminated as by a shot
    (``combat``: what it carried drops, R-22), or thrown and terrified (R-04, §5.5). A failed
    saving roll may be rerolled (R-15): the saves are the caught model's test; the fuse, the
    step away and the throw are no model's test (docs/games.md)."""
    roll = blast_roll(combatant(session, row), spec, kind, may_step=may_step,
                      acted=acted(game, row))  # fmt: skip
    table = roll_with_rerolls(
        session, game, roll, dice, rollers={Side.TARGET: row}, rerolls=rerolls,
        failed=explosion_failed, more=True,
    )  # fmt: skip
    result = table.result
    taken = tuple(record_rerolls(session, game, table))  # right after its dice
    before = row.cos_left
    changes: list[str] = []
    blast = result.blast
    if blast is not None:
        row.cos_left -= blast.wounds
    if result.outcome is BlastOutcome.ELIMINATED:
        by = thrower if thrower.id != row.id else None
        changes += _eliminate(session, game, row, by)
    elif result.outcome is BlastOutcome.TERRIFIED:
        if flight_of(session, row) is not None:
            changes += civilians_flee(session, game, [row], "caught in an explosion")
        else:
            change_state(row, ModelState.TERRIFIED, game.turn)  # without a test (R-04, §5.5)
        row.mounted = False  # thrown 1D6 + damages U: out of the saddle
    session.add(row)
    return Victim(
        row.name, result, before, row.cos_left, row.eliminated, row.state, tuple(changes), taken
    )  # fmt: skip


def explode(
    session: Session,
    *,
    game: Game,
    thrower: str,
    explosive: str,
    caught: Sequence[Caught] = (),
    short_fuse: bool = False,
    near_thrower: Sequence[Caught] = (),
    dice: DiceSource,
    rerolls: Rerolls = NO_REROLLS,
) -> ExplosionReport:
    """An explosive thrown (§5.5, R-14): dynamite deals 6 damages, nitroglycerin 10, to each
    model in the 5U radius, less its shelter (table 8); one saving roll per damage (R-03);
    survivors are thrown 1D6 + damages U and terrified (R-04). Dynamite: models that have not
    moved step away ⌈1D6/2⌉ U, unless the thrower declared a ``short_fuse``, whose die on a 1
    blows it up in the thrower's hands: then the blast is on the thrower and the models
    ``near_thrower`` instead of those ``caught``. The stick is used up. A caught model's
    failed saving roll may be rerolled as ``rerolls`` says (R-15)."""
    model = playing_model(session, game, thrower)
    require_can_act(model)
    kind = find_explosive(explosive)
    had, used = kit.carried(session, model, kind.value), kit.used(model, kind.value)
    check_left(model.name, kind, had=had, used=used)
    check_throw(kind, short_fuse, caught, near_thrower)
    rows = [playing_model(session, game, spec.name) for spec in caught]
    around = [playing_model(session, game, spec.name) for spec in near_thrower]
    _unique(rows)
    _unique([model, *around])
    _turn(session, game, model, EventKind.EXPLOSION)
    fuse, lit = light(short_fuse, model.name, dice)
    in_hands = fuse is not None and fuse.in_hands
    # the blast is on those caught, or on the thrower, unsheltered, and the models around it
    targets = in_blast(fuse, (model, model.name), list(zip(rows, caught, strict=True)),
                       list(zip(around, near_thrower, strict=True)))  # fmt: skip
    stepping = may_step(kind, short_fuse)
    kit.use(model, kind.value)
    session.add(model)
    event = record_event(session, game, EventKind.EXPLOSION, model=model)
    victims = []
    for row, spec in targets:
        with rolling_for(dice, {"step away": row.name, "save": row.name, "thrown": row.name}):
            hit = _blast_on(session, game, model, row, spec, kind, may_step=stepping, dice=dice,
                            rerolls=rerolls)  # fmt: skip
            victims.append(hit)
    rerolls.require_all_taken()
    left = kit.left(session, model, kind.value)
    # The dice as they finally lay: the fuse, then each model's (a rerolled die replaced).
    final = (*lit, *(d for v in victims for d in v.result.dice))
    event.dice = dice_data(final)
    event.details = {
        "model": model.name,
        "explosive": kind.value,
        "short_fuse": short_fuse,
        "fuse": fuse.roll if fuse is not None else None,
        "in_hands": in_hands,
        "caught": [
            {
                "model": v.name,
                "outcome": v.result.outcome.value,
                "cos_before": v.cos_before,
                "cos_after": v.cos_after,
                "eliminated": v.eliminated,
                "state": v.state,
                "thrown": v.result.blast.thrown if v.result.blast is not None else None,
                "changes": list(v.changes),
                "dice": len(v.result.dice),  # issue #14: its dice among the event's, in order
            }
            for v in victims
        ],
        "left": left,
        "rulings": sorted({r for v in victims for r in v.result.rulings} | {"R-14"}),
        "dice_from": dice_from(dice) if final else None,  # issue #14
    }
    session.add(event)
    session.flush()
    settle(session, game)  # a side with nobody left in play ends the game now
    return ExplosionReport(
        model.name, kind, short_fuse, fuse, in_hands, tuple(victims), left, final,
    )  # fmt: skip
