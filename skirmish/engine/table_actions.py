"""The dice of a game's other actions, given the models as they stand (issue #24): mounting or
dismounting (the reflex test, R-06), the lasso (§8.3, R-14), an explosive (§5.5, R-14), a
friend's death seen within 5U after a hit or an elimination (R-19) and a retreat's infamy die
(R-09).

One piece of code for the server's services (``campaign.game.actions``, ``combat``,
``reactions``, ``end``) and the phone's offline preview (``engine.offline_table``): each
function takes the engine's own view of the models (``Combatant``, or a model's numbers) and
decides what the dice roll and what they decide; a ``roll`` it returns takes the dice and gives
the engine's result, so the server wraps it in its rerolls (R-15) and the phone rolls it as is.
The results the two compare (``engine.outcome``) are the small records at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TypeVar

from skirmish.engine.combatant import Combatant, reflex_mods
from skirmish.engine.dice import DiceSource, Die, RecordingDice, rolling_for
from skirmish.engine.explosion import (
    ExplosionResult,
    Explosive,
    FuseResult,
    Protection,
    find_explosive,
    roll_explosion,
    roll_fuse,
    table_8_protection,
)
from skirmish.engine.glossary import Pace
from skirmish.engine.infamy import InfamyResult, roll_infamy
from skirmish.engine.lasso import LassoOutcome, LassoResult, roll_lasso
from skirmish.engine.panic import PanicResult, panic_test
from skirmish.engine.reflex import ReflexResult, action_test, roll_reflex
from skirmish.engine.setup import Target
from skirmish.errors import CampaignError
from skirmish.rules import find_action, find_equipment, find_item, find_profile, find_weapon
from skirmish.rules.entries import Action
from skirmish.rules.ids import FactionId
from skirmish.rules.model import Item, ModelState, Reaction, Role
from skirmish.rules.names import normalize
from skirmish.translation import Both, Message

R = TypeVar("R")
#: A roll decided: give it the dice, it gives the engine's result.
Roll = Callable[[DiceSource], R]

# ----------------------------------------------------------------------------- the horse

#: Table 1's rows for mounting or dismounting a horse at each pace (R-06).
MOUNT_ACTIONS = {
    Pace.STILL: "mount-standing",
    Pace.TROT: "mount-trotting",
    Pace.GALLOP: "mount-galloping",
}


def horse_action(pace: Pace) -> Action:
    """Table 1's row for mounting or dismounting at ``pace`` (its CA, its reflex test)."""
    return find_action(MOUNT_ACTIONS[pace])


def horse_test(rider: Combatant, pace: Pace) -> Roll[ReflexResult] | None:
    """The reflex test of mounting or dismounting at ``pace`` (R-06): none on a standing horse,
    1 success of 2 at a trot, 2 at a gallop, with the rider's reflex modifiers (BUON CAVALIERE
    −1)."""
    action = horse_action(pace)
    if not action.reflex:
        return None
    needed = action_test(action.id)
    mods = reflex_mods(rider, horse=needed.horse)
    return lambda d: roll_reflex(rif=rider.rif, need=needed.need, modifiers=mods, dice=d)


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name else name


@dataclass(frozen=True)
class HorseWords:
    """What a refused mount or dismount says to do first (``check_horse``). The engine's own are
    the words every front end but the command line says (the phone's offline preview, the web);
    the game's services pass ``campaign.game.actions.HORSE_WORDS``, which the command line says
    with its commands: the engine names no command (tests/test_engine_knows_no_front_end.py)."""

    #: record first that the model mounts (a dismount refused), given the model's quoted name
    mount_first: Callable[[str], Message]
    #: where a horse is bought, after "buy one between games" ("": nothing more)
    buy: Message | str
    #: record first that the model stands (a prone model refused), given its quoted name
    stand_up: Callable[[str], Message]


ENGINE_HORSE_WORDS = HorseWords(
    mount_first=lambda model: Message("record first"),
    buy="",
    stand_up=lambda model: Message("its state: standing"),
)


def check_horse(
    rider: Combatant, *, mounting: bool, nitroglycerin: int, say: HorseWords = ENGINE_HORSE_WORDS
) -> None:
    """Whether ``rider`` may mount (it has a horse, is not on it, carries no ``nitroglycerin``
    left, §5.5.1, and is not prone) or dismount (it is on its horse); refused in words, what
    to do first said by ``say``."""
    if not mounting:
        if not rider.mounted:
            raise CampaignError(
                Message(
                    "{model_name} is not on a horse; "
                    "{on_command_line_f_skirmish_game_mount_quoted_m} that it mounts.",
                    model_name=rider.name,
                    on_command_line_f_skirmish_game_mount_quoted_m=say.mount_first(
                        _quoted(rider.name)
                    ),
                )
            )
        return
    if rider.mounted:
        raise CampaignError(Message("{model_name} is already on its horse.", model_name=rider.name))
    if mount_of(rider) is None:
        raise CampaignError(
            Message(
                "{model_name} has no horse (§8.2): buy one between "
                "games{on_command_line_with_skirmish}.",
                model_name=rider.name,
                on_command_line_with_skirmish=say.buy,
            )
        )
    if nitroglycerin > 0:
        raise CampaignError(
            Message(
                "{model_name} carries nitroglycerin and cannot mount a horse (§5.5.1).",
                model_name=rider.name,
            )
        )
    if rider.prone:
        raise CampaignError(
            Message(
                "{model_name} is prone: it stands up first (table 1, 1 action; "
                "{on_command_line_f_skirmish_game_state_quoted_m}).",
                model_name=rider.name,
                on_command_line_f_skirmish_game_state_quoted_m=say.stand_up(_quoted(rider.name)),
            )
        )


@dataclass(frozen=True)
class HorseTest:
    """Mounting or dismounting as rolled: the pace, the test (``None``: standing still)."""

    rider: str
    mounting: bool
    pace: Pace
    test: ReflexResult | None

    @property
    def success(self) -> bool:
        return self.test is None or self.test.success


# ----------------------------------------------------------------------------- the lasso

#: The lasso of §8.3, a weapon of the rules tables (R-24).
LASSO = "lasso"


def carries_lasso(thrower: Combatant) -> bool:
    """Whether ``thrower`` has a lasso to throw (§8.3)."""
    return LASSO in [w.id for w in thrower.weapons()]


def mount_of(model: Combatant) -> Item | None:
    """The first mount ``model`` carries (horse, Appaloosa, mule: §8.2), if any."""
    for item in model.carried:
        found = find_equipment(item)
        if isinstance(found, Item) and found.kind == "mount":
            return find_item(found.id)
    return None


def check_lasso(thrower: Combatant) -> None:
    """A model with no lasso cannot throw one (§8.3)."""
    if not carries_lasso(thrower):
        raise CampaignError(
            Message(
                "{model_name} carries no lasso (§8.3); buy one between games.",
                model_name=thrower.name,
            )
        )


def lasso_throw(thrower: Combatant, target: Combatant) -> Roll[LassoResult]:
    """The lasso thrown at ``target`` (R-14): the reflex test (1 success of 2, cowboys −1,
    R-06), then 1D6 against the target's COS (1 to 4) plus its mount's COS when it rides
    (§8.3)."""
    horse = mount_of(target) if target.mounted else None
    horse_cos = (horse.cos or 0) if horse is not None else 0
    mods = reflex_mods(thrower)
    cowboy = thrower.faction == FactionId.COWBOYS
    target_cos = max(1, min(4, target.cos_left))
    return lambda d: roll_lasso(
        target_cos=target_cos, mount_cos=horse_cos, rif=thrower.rif, cowboy=cowboy,
        modifiers=mods, dice=d,
    )  # fmt: skip


def lasso_fallen(result: LassoResult) -> str | None:
    """Who a pull of more than 2U knocks down (prone, off its horse): ``"target"``,
    ``"thrower"``, or ``None``."""
    if not result.knocked_down:
        return None
    return "target" if result.outcome is LassoOutcome.TARGET_PULLED else "thrower"


# ----------------------------------------------------------------------------- explosives


@dataclass(frozen=True)
class Caught:
    """A model the players name within 5U of a blast, and how it stands (the tracker knows no
    positions): ``distance`` U from the centre; ``moved`` ``None`` reads it from the record (a
    model that has not taken its turn has not moved, §5.5.2); its shelter (table 8)."""

    name: str
    distance: int | None = None
    moved: bool | None = None
    shelter: str | None = None
    protection: Protection = Protection.NONE


#: The words of a caught model's parts (``caught_from``): whether it moved, and table 8's levels.
MOVED = {"moved": True, "mosso": True, "unmoved": False, "fermo": False, "non-mosso": False}
LEVELS = {"partial": "partial", "parziale": "partial", "total": "total", "totale": "total"}


def caught_from(item: str) -> Caught | None:
    """A model within 5U of a blast as written ``NAME[=DISTANCE,moved|unmoved,
    partial|total:SHELTER]`` (the distance from the centre, 0–5U; whether it moved, else from
    the record; its shelter, table 8); ``None`` when it is not written so."""
    who, _, rest = item.partition("=")
    if not who.strip():
        return None
    found = Caught(who.strip())
    for raw in (p.strip() for p in rest.split(",") if p.strip()):
        part = normalize(raw.removesuffix("U").removesuffix("u"))
        level, _, shelter = raw.partition(":")
        if part.isdigit() and int(part) <= 5:
            found = replace(found, distance=int(part))
        elif part in MOVED:
            found = replace(found, moved=MOVED[part])
        elif shelter and normalize(level) in LEVELS:
            level_of = Protection(LEVELS[normalize(level)])
            found = replace(found, protection=level_of, shelter=shelter.strip())
        else:
            return None
    return found


def protection_of(spec: Caught) -> int:
    """Table 8's protection of ``spec``'s shelter; refused when only half of it is given."""
    if (spec.protection is Protection.NONE) != (spec.shelter is None):
        raise CampaignError(
            Message(
                "{spec_name}: give the shelter and how well it covers (partial or "
                "total, table 8) together, or neither.",
                spec_name=spec.name,
            )
        )
    return 0 if spec.shelter is None else table_8_protection(spec.shelter, spec.protection)


def default_explosive(left: Sequence[str]) -> Explosive:
    """The explosive a thrower throws when the players name none: the one kind it has left,
    else dynamite (refused in words when it has none)."""
    return find_explosive(left[0]) if len(left) == 1 else Explosive.DYNAMITE


def check_left(thrower: str, kind: Explosive, *, had: int, used: int) -> None:
    """A thrower with none of ``kind`` left (it brought ``had``, used ``used``) throws none."""
    if had - used < 1:
        weapon = find_weapon(kind.value)
        raise CampaignError(
            Message(
                "{model_name} has no {name} left (§5.5): it brought {had} and used {used_model}.",
                model_name=thrower,
                had=had,
                used_model=used,
                name=Both(weapon.name_en.lower(), weapon.name_it.lower()),
            )
        )


def check_throw(
    kind: Explosive, short_fuse: bool, caught: Sequence[Caught], near_thrower: Sequence[Caught]
) -> None:
    """What the players said of a throw, checked before anything is rolled (§5.5.1, §5.5.2)."""
    if kind is Explosive.NITROGLYCERIN and short_fuse:
        raise CampaignError(Message("nitroglycerin explodes on contact: it has no fuse (§5.5.1)."))
    if near_thrower and not short_fuse:
        raise CampaignError(
            Message(
                "only a short fuse blows up in the thrower's hands (§5.5.2): name the "
                "models near the thrower only with ⟨short_fuse⟩."
            )
        )
    for spec in [*caught, *near_thrower]:
        if spec.moved is False and (short_fuse or kind is Explosive.NITROGLYCERIN):
            raise CampaignError(
                Message(
                    "{name} cannot step away: nitroglycerin explodes on contact (§5.5.1).",
                    name=spec.name,
                )
                if kind is Explosive.NITROGLYCERIN
                else Message(
                    "{name} cannot step away: a short fuse leaves no time (§5.5.2).",
                    name=spec.name,
                )
            )
    for spec in [*caught, *near_thrower]:
        protection_of(spec)


def light(
    short_fuse: bool, thrower: str, dice: DiceSource
) -> tuple[FuseResult | None, tuple[Die, ...]]:
    """The short fuse's die (§5.5.2), when the thrower declared one (on a 1 the dynamite blows
    up in its hands), and the die rolled."""
    if not short_fuse:
        return None, ()
    recorder = RecordingDice(dice)
    with rolling_for(dice, {"short fuse": thrower}):
        fuse = roll_fuse(dice=recorder)
    return fuse, tuple(recorder.dice)


W = TypeVar("W")


def in_blast(
    fuse: FuseResult | None,
    thrower: tuple[W, str],
    caught: Sequence[tuple[W, Caught]],
    near_thrower: Sequence[tuple[W, Caught]],
) -> list[tuple[W, Caught]]:
    """Who the blast catches, in order: those ``caught``; or, when the short fuse blew up in
    the thrower's hands, the thrower (at the centre, unsheltered) and the models near it."""
    if fuse is not None and fuse.in_hands:
        who, name = thrower
        return [(who, Caught(name, distance=0)), *near_thrower]
    return list(caught)


def may_step(kind: Explosive, short_fuse: bool) -> bool:
    """Whether a model that has not moved may step away from this blast (§5.5.2: dynamite on
    a long fuse)."""
    return kind is Explosive.DYNAMITE and not short_fuse


def blast_roll(
    victim: Combatant, spec: Caught, kind: Explosive, *, may_step: bool, acted: bool
) -> Roll[ExplosionResult]:
    """The blast on ``victim`` (§5.5, R-03, R-04): a model that has not moved (``spec.moved``,
    else the record's ``acted``) may step away, and must be given its distance; its shelter
    (table 8) takes damages off; COS counted 1 to 4."""
    unmoved = may_step and (not acted if spec.moved is None else not spec.moved)
    if unmoved and spec.distance is None:
        raise CampaignError(
            Message(
                "{row_name} has not moved yet this turn and may step away from the "
                "dynamite (§5.5.2): say how far from the blast it stands, e.g. "
                '⟨caught⟩ "{row_name}=3".',
                row_name=victim.name,
            )
        )
    protection = protection_of(spec)
    return lambda d: roll_explosion(
        explosive=kind, rif=victim.rif, cos=max(1, min(4, victim.cos_left)),
        protection=protection, distance=spec.distance or 0, unmoved=unmoved,
        whisky=victim.drank_whisky, dice=d,
    )  # fmt: skip


@dataclass(frozen=True)
class Thrown:
    """An explosive as rolled: the short fuse's die, and each model's blast in order."""

    kind: Explosive
    fuse: FuseResult | None
    victims: tuple[tuple[str, ExplosionResult], ...]


# ----------------------------------------------------------------------------- a friend's death


def friend_reaction(profile: str, *, fallen_leader: bool) -> Reaction | None:
    """How a model of ``profile`` reacts to seeing a friendly hero (or its leader) eliminated
    within 5U (R-19): a panic test, terrified without one, or ``None`` (no such rule)."""
    trait = find_profile(profile).friend_death
    if trait is None:
        return None
    return trait.leader if fallen_leader else trait.hero


def check_friend(friend: str, profile_id: str, fallen: str, fallen_role: Role) -> None:
    """R-19: ``friend`` (of profile ``profile_id``), named near a fallen friend, reacts only
    with a rule for a friend's death, and only to a hero's or the leader's death."""
    profile = find_profile(profile_id)
    if profile.friend_death is None:
        raise CampaignError(
            Message(
                "R-19: {model_name!r} ({profile_name}) has no rule for a friend's "
                "death; ⟨near⟩ names the Volontari and Delinquenti within 5U.",
                model_name=friend,
                profile_name=Both(profile.name_en, profile.name_it),
            )
        )
    if fallen_role not in (Role.LEADER, Role.HERO):
        raise CampaignError(
            Message(
                "R-19: {target_name!r} is a common model; only a hero's or the "
                "leader's death makes {model_name!r} react.",
                target_name=fallen,
                model_name=friend,
            )
        )


def check_wounds(wounds: int) -> None:
    """Wounds rolled at the table are 1 or more."""
    if wounds < 1:
        raise CampaignError(Message("⟨wounds⟩ {wounds}: give 1 or more wounds.", wounds=wounds))


def friend_panic(fred: int, state: ModelState, prone: bool) -> Roll[PanicResult]:
    """R-19's panic test at once, with the friend's own FRED and state (R-04)."""
    return partial(panic_test, Target(fred=fred, state=state, prone=prone))


@dataclass(frozen=True)
class Friend:
    """A friend's reaction to a death it saw (R-19): its panic test, ``None`` when it was
    terrified without one."""

    name: str
    reaction: Reaction
    test: PanicResult | None


@dataclass(frozen=True)
class Fallen:
    """A result from the table recorded on a model (``hit``) or its elimination
    (``eliminate``): its COS before and after, and how its friends nearby reacted (R-19)."""

    name: str
    cos_before: int
    cos_after: int
    eliminated: bool
    friends: tuple[Friend, ...] = ()


def wounded(cos_left: int, wounds: int) -> tuple[int, bool]:
    """A model's COS after ``wounds`` rolled at the table, and whether it is eliminated
    (COS 0 or less, §6.1)."""
    after = cos_left - wounds
    return after, after <= 0


# ----------------------------------------------------------------------------- retreat


def retreat_roll(infamy_now: bool, dice: DiceSource) -> InfamyResult | None:
    """A voluntary retreat's infamy die (R-09), rolled now or (``None``) by the post-game
    sequence."""
    return roll_infamy(dice=dice) if infamy_now else None


@dataclass(frozen=True)
class Retreated:
    """A gang's retreat as rolled: its infamy test, ``None`` when left to the post-game."""

    gang: str
    infamy: InfamyResult | None
