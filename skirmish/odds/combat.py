"""Exact odds of a shooting action (R-01, R-02, R-14) or a fight (R-05), through the target's
saving rolls (R-03) and panic test (R-04), as ``skirmish odds shoot|melee`` prints them.

An action is laid out as a small state machine whose every step throws a group of dice and
judges it with the engine's own stage functions (``judge_nerve``, ``fanning_shots``,
``shot_modifiers`` + ``judge_shot``, ``judge_mount_fall``, ``judge_fall_reflex``,
``fight_modifiers`` + ``judge_fight``, ``judge_save``, ``judge_panic``); the machine follows
the order of ``shooting.shoot`` and ``fight.melee``: one nerve test for the action, then
fanning's 6D6, then one roll per shot (shots 2+ at −1, a jam ends the action, a 7 against a
mounted target rolls for the mount), one saving roll per damage point until COS reaches 0,
and one panic test for the action unless the target is eliminated.

Without rerolls the probabilities are pushed forward through the machine, merging every
state reached by different dice (``rerolls.propagate``): fanning's six dice become a handful
of shot counts, six shots a dozen damage totals. With rerolls (R-15) ``rerolls.Solver``
spends them wisely (docs/odds.md).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, NamedTuple

from skirmish.engine.combat import CombatOutcome, outcome_of
from skirmish.engine.fight import check_melee, fight_modifiers, fight_save_modifiers, judge_fight
from skirmish.engine.nerve import judge_nerve, nerve_modifiers
from skirmish.engine.panic import immune_outcome, judge_panic, panic_modifiers
from skirmish.engine.result import Modifier
from skirmish.engine.saving import apply_wounds
from skirmish.engine.setup import MeleeSetup, MountPace, ShootSetup, Target
from skirmish.engine.shooting import (
    FANNING_DICE,
    check_shoot,
    fall_reflex_modifiers,
    fanning_shots,
    jams,
    judge_fall_reflex,
    judge_mount_fall,
    judge_shot,
    shot_modifiers,
    shot_save_modifiers,
)
from skirmish.odds.dist import Dist
from skirmish.odds.rerolls import (
    SCALE,
    Budget,
    DiceTable,
    Done,
    Side,
    Solver,
    Throw,
    Value,
    push,
    split,
)
from skirmish.odds.single import save_table

#: How good each final outcome is for the attacker (the second part of its objective).
RANK: dict[CombatOutcome | None, int] = {
    None: 0,
    CombatOutcome.STEADY: 0,
    CombatOutcome.SHAKEN: 1,
    CombatOutcome.TERRIFIED: 2,
    CombatOutcome.ELIMINATED: 3,
}


@dataclass(frozen=True, order=True)
class CombatResult:
    """Where one action ends: total damage, wounds (``None`` without the target's RIF) and the
    target's outcome (``None`` when neither eliminated nor panic-tested)."""

    damage: int
    wounds: int | None
    outcome: CombatOutcome | None


@dataclass(frozen=True)
class CombatOdds:
    """The exact distribution of every result of one action, and what the CLI prints of it."""

    results: Dist[CombatResult]
    target: Target
    rerolls: Budget = Budget()

    @cached_property
    def damage(self) -> Dist[int]:
        """Total damage points dealt by the action."""
        return self.results.map(lambda r: r.damage)

    @cached_property
    def wounds(self) -> Dist[int] | None:
        """Wounds as inflicted (before COS caps them); ``None`` without the target's RIF."""
        if self.target.rif is None:
            return None
        return self.results.map(lambda r: r.wounds or 0)

    @cached_property
    def outcome(self) -> Dist[CombatOutcome | None] | None:
        """Eliminated, terrified, shaken, steady (``None``: no panic test and not eliminated);
        ``None`` unless the target's FRED, or its RIF and COS, are given."""
        if self.target.fred is None and (self.target.rif is None or self.target.cos is None):
            return None
        return self.results.map(lambda r: r.outcome)

    @cached_property
    def expected_damage(self) -> Fraction:
        """The mean damage."""
        return self.damage.expectation()

    @cached_property
    def expected_wounds(self) -> Fraction | None:
        """The mean wounds as inflicted, or ``None`` without the target's RIF."""
        wounds = self.wounds
        return None if wounds is None else wounds.expectation()


def objective(target: Target, eliminate: bool = False) -> Callable[[CombatResult], Value]:
    """What the attacker's rerolls maximize and the target's minimize (docs/odds.md): first
    the wounds that count (inflicted, capped at the target's COS; damage without its RIF),
    then how badly the target ends (eliminated, terrified, shaken, steady).

    ``eliminate``: before those two, whether the target is eliminated, so that the rerolls
    are spent for the chance to eliminate first (``odds compare`` with the goal "eliminate",
    docs/odds.md); it needs the target's RIF and COS."""

    def value(result: CombatResult) -> Value:
        if result.wounds is None:
            primary = result.damage
        elif target.cos is None:
            primary = result.wounds
        else:
            primary = min(result.wounds, target.cos)
        rank = Fraction(RANK[result.outcome])
        if eliminate:
            killed = Fraction(result.outcome is CombatOutcome.ELIMINATED)
            return (killed, Fraction(primary), rank)
        return (Fraction(primary), rank)

    return value


# ---------------------------------------------------------------------------- dice tables


@cache
def _penalty_table(effective_fred: int, per_die: int) -> DiceTable[int]:
    """The nerve test's penalty (0, −1, −2) for every roll of its two dice (R-01)."""
    return DiceTable(2, lambda f: judge_nerve((f[0], f[1]), effective_fred, per_die).penalty)


def _fanning_kind(tiro: int, mexican: bool) -> Callable[[int], Hashable]:
    """One fanning die alone: no shot, a shot, or a mexican's 5 (R-14), as the engine says."""
    return lambda face: fanning_shots((face,) * FANNING_DICE, tiro, mexican).fives[:1]


@cache
def _fanning_table(tiro: int, mexican: bool) -> DiceTable[tuple[bool, ...]]:
    """The shots fired by fanning's six dice, in dice order, each marked if a mexican's 5."""
    return DiceTable(
        FANNING_DICE,
        lambda faces: fanning_shots(faces, tiro, mexican).fives,
        ordered=mexican,  # a mexican's 5 fired first is not at −1 for "after the first"
        kind=_fanning_kind(tiro, mexican),
    )


@cache
def _panic_outcome_table(
    effective_fred: int, per_die: int, state: Hashable, prone: bool
) -> DiceTable[CombatOutcome | None]:
    def judge(f: tuple[int, ...]) -> CombatOutcome | None:
        panic = judge_panic((f[0], f[1]), effective_fred, per_die, state, prone)  # type: ignore[arg-type]
        return outcome_of(False, panic)

    return DiceTable(2, judge)


# ---------------------------------------------------------------------------- states


# States are named tuples (cheap to build and hash); ``kind`` keeps two states of different
# kinds from ever comparing equal.


class _Start(NamedTuple):
    kind: str = "start"


class _Fan(NamedTuple):
    penalty: int
    kind: str = "fan"


class _Shot(NamedTuple):
    penalty: int
    pending: tuple[bool, ...]  # one per shot still to fire, True for a mexican's 5
    fired: int = 0  # shots fired so far (capped at 1 when later shots are interchangeable)
    points: tuple[int, ...] = ()  # one per damage point so far: its save modifiers' index
    mount_fallen: bool = False
    fall_wounds: int = 0
    kind: str = "shot"


class _Mount(NamedTuple):
    shot: _Shot  # the state after the shot that totalled 7, mount not yet rolled for
    kind: str = "mount"


class _FallReflex(NamedTuple):
    shot: _Shot
    kind: str = "fallreflex"


class _Save(NamedTuple):
    damage: int
    points: tuple[int, ...]
    attacked: bool
    taken: int = 0
    wounds: int = 0
    kind: str = "save"


class _Panic(NamedTuple):
    damage: int
    wounds: int | None
    attacked: bool
    kind: str = "panic"


class _Struck(NamedTuple):
    points: tuple[int, ...]
    attacked: bool
    fall_wounds: int
    kind: str = "struck"


class _Done(NamedTuple):
    damage: int
    wounds: int | None
    outcome: CombatOutcome | None
    kind: str = "done"


_State = _Start | _Fan | _Shot | _Mount | _FallReflex | _Save | _Panic | _Struck | _Done
_Final = tuple[int | None, CombatOutcome | None]
_Step = Throw[_State] | Done[CombatResult]


@dataclass
class _Action:
    """The state machine shared by shooting and fighting: nerve, strike, saves, panic."""

    target: Target
    mountain_men_charge: bool = False
    save_mods: list[tuple[Modifier, ...]] = field(default_factory=list)
    _panic: DiceTable[CombatOutcome | None] | CombatOutcome | None = None
    #: Stop at the end of the attacker's dice (``_Struck``); ``compose`` does the rest.
    strike_only: bool = False
    _after: dict[tuple[tuple[int, ...], int | None, bool], dict[_Final, int]] = field(
        default_factory=dict
    )

    def after(
        self, points: tuple[int, ...], wounds: int | None, attacked: bool
    ) -> dict[_Final, int]:
        """Each (wounds, outcome) after the saving rolls of ``points`` and the panic test, in
        ways out of 6^(saves + 2): a branch that rolls fewer dice counts the unrolled ones as
        rolled, so that every branch shares one denominator (R-03, R-04)."""
        key = (points, wounds, attacked)
        known = self._after.get(key)
        if known is not None:
            return known
        target = self.target
        result: dict[_Final, int] = {}
        eliminated = wounds is not None and apply_wounds(target.cos, wounds)[1]
        if wounds is not None and points and not eliminated:
            assert target.rif is not None
            table = save_table(target.rif, self.save_mods[points[0]])
            for w, ways in table.ways:
                for final, count in self.after(points[1:], wounds + w, attacked).items():
                    result[final] = result.get(final, 0) + ways * count
        else:
            unrolled = 6 ** len(points)
            if target.fred is None or not attacked or eliminated:
                result[(wounds, outcome_of(eliminated, None))] = unrolled * 36
            else:
                if self._panic is None:
                    self._panic = self._panic_step()
                panic = self._panic
                if isinstance(panic, DiceTable):
                    for outcome, ways in panic.ways:
                        result[(wounds, outcome)] = unrolled * ways
                else:
                    result[(wounds, panic)] = unrolled * 36
        self._after[key] = result
        return result

    def compose(self, strikes: dict[_Struck, int]) -> Dist[CombatResult]:
        """The results of every strike (pushed-forward masses) through its aftermath."""
        done: dict[CombatResult, int] = {}
        for strike, mass in strikes.items():
            points = strike.points
            wounds = None if self.target.rif is None else strike.fall_wounds
            sides = 6 ** (len(points) + 2)
            for (w, outcome), ways in self.after(points, wounds, strike.attacked).items():
                result = CombatResult(len(points), w, outcome)
                done[result] = done.get(result, 0) + split(mass * ways, sides)
        return Dist((r, Fraction(mass, SCALE)) for r, mass in done.items())

    def save_index(self, mods: tuple[Modifier, ...]) -> int:
        if mods not in self.save_mods:
            self.save_mods.append(mods)
        return self.save_mods.index(mods)

    def strike(self, points: tuple[int, ...], attacked: bool, fall_wounds: int = 0) -> _State:
        """The attacker's dice are done: the target's saving rolls come next (R-03)."""
        if self.strike_only:
            return _Struck(points, attacked, fall_wounds)
        if self.target.rif is None:
            return _Panic(len(points), None, attacked)
        return _Save(len(points), points, attacked, 0, fall_wounds)

    def aftermath(self, state: _Save | _Panic) -> _Step:
        target = self.target
        if isinstance(state, _Save):
            assert target.rif is not None
            eliminated = apply_wounds(target.cos, state.wounds)[1]
            if state.taken == len(state.points) or eliminated:
                return self.panic(_Panic(state.damage, state.wounds, state.attacked))
            table = save_table(target.rif, self.save_mods[state.points[state.taken]])
            return Throw(
                table,
                lambda w: _Save(
                    state.damage, state.points, state.attacked, state.taken + 1, state.wounds + w
                ),
                Side.TARGET,
            )
        return self.panic(state)

    def _panic_step(self) -> DiceTable[CombatOutcome | None] | CombatOutcome | None:
        """The panic test's dice table, or the outcome of a model spared by an immunity."""
        target = self.target
        check = panic_modifiers(target, mountain_men_charge=self.mountain_men_charge)
        if check.immunity is not None:
            return outcome_of(False, immune_outcome(check, target.state, target.prone))
        return _panic_outcome_table(check.effective_fred, check.per_die, target.state, target.prone)

    def panic(self, state: _Panic) -> _Step:
        """One panic test for the action unless eliminated or never shot at (R-04)."""
        target = self.target
        eliminated = state.wounds is not None and apply_wounds(target.cos, state.wounds)[1]
        done = CombatResult(state.damage, state.wounds, outcome_of(eliminated, None))
        if target.fred is None or not state.attacked or eliminated:
            return Done(done)
        if self._panic is None:
            self._panic = self._panic_step()
        table = self._panic
        if not isinstance(table, DiceTable):
            return Done(CombatResult(state.damage, state.wounds, table))
        return Throw(table, lambda outcome: _Done(state.damage, state.wounds, outcome), Side.TARGET)


class _Shooting(_Action):
    def __init__(self, setup: ShootSetup, *, any_order: bool = False) -> None:
        check_shoot(setup)
        super().__init__(setup.target)
        self.setup = setup
        attacker = setup.attacker
        nerve = nerve_modifiers(attacker, fight=False, saloon_girl=setup.target.saloon_girl)
        self.nerve = _penalty_table(nerve.effective_fred, nerve.per_die)
        self.jams = jams(setup)
        self._shot_tables: dict[tuple[int, int, bool, bool], DiceTable[tuple[int, bool, bool]]]
        self._shot_tables = {}
        self._by_mods: dict[tuple[Modifier, ...], DiceTable[tuple[int, bool, bool]]] = {}
        self.exchangeable = self._interchangeable()
        self.any_order = any_order  # no rerolls: the order of interchangeable shots is moot

    def shot_table(self, shot: _Shot) -> DiceTable[tuple[int, bool, bool]]:
        """Damage, jam and mount check of every face of the next shooting die (R-02)."""
        number = shot.fired + 1
        five = shot.pending[0]
        key = (shot.penalty, number, five, shot.mount_fallen)
        table = self._shot_tables.get(key)
        if table is None:
            mods = self._mods(shot.penalty, number, five, shot.mount_fallen)
            table = self._shot_tables[key] = self._by_mods.get(mods) or self._judged(mods, shot)
            self._by_mods[mods] = table
        return table

    def _mods(self, penalty: int, number: int, five: bool, fallen: bool) -> tuple[Modifier, ...]:
        return shot_modifiers(self.setup, number, penalty, mexican_five=five, mount_fallen=fallen)

    def _judged(self, mods: tuple[Modifier, ...], shot: _Shot) -> DiceTable[tuple[int, bool, bool]]:
        tiro = self.setup.attacker.tiro
        mounted = self.setup.target.mounted and not shot.mount_fallen
        shot_jams = self.jams

        def judge(f: tuple[int, ...]) -> tuple[int, bool, bool]:
            out = judge_shot(f[0], tiro, mods, jams=shot_jams, mounted_target=mounted)
            return out.damage, out.jammed, out.mount_check

        return DiceTable(1, judge)

    def _interchangeable(self) -> bool:
        """Whether the shots after the first may be taken in any order: nothing one of them
        does changes the next (no jam, no mount to bring down, every hit saved alike) and the
        engine gives every later shot the same modifiers whatever its number."""
        setup = self.setup
        if self.jams or setup.target.mounted:
            return False
        if shot_save_modifiers(setup, True) != shot_save_modifiers(setup, False):
            return False
        return all(
            self._mods(penalty, number, five, False) == self._mods(penalty, 2, five, False)
            for penalty in (0, -1, -2)
            for five in (False, True)
            for number in range(3, FANNING_DICE + 1)
        )

    def shots(
        self,
        penalty: int,
        pending: tuple[bool, ...],
        fired: int = 0,
        points: tuple[int, ...] = (),
        fallen: bool = False,
        fall_wounds: int = 0,
    ) -> _Shot:
        """The state before the next shot, in a canonical form when later shots are
        interchangeable: how many were fired does not matter beyond the first, and without
        rerolls neither does the order of the later ones. (With rerolls it does: a reroll is
        decided knowing which shots are still to come, so the engine's order is kept.)"""
        if self.exchangeable:
            if fired > 0:
                fired = 1
            if self.any_order:
                first = pending[:1] if fired == 0 else ()
                pending = first + tuple(sorted(pending[len(first) :]))
        return _Shot(penalty, pending, fired, points, fallen, fall_wounds)

    def after_shot(self, shot: _Shot, verdict: tuple[int, bool, bool]) -> _State:
        damage, jammed, mount_check = verdict
        points = shot.points
        if damage:
            mods = shot_save_modifiers(self.setup, not points)
            points = points + (self.save_index(mods),) * damage
        pending = () if jammed else shot.pending[1:]
        nxt = self.shots(
            shot.penalty, pending, shot.fired + 1, points, shot.mount_fallen, shot.fall_wounds
        )
        return _Mount(nxt) if mount_check else nxt

    def step(self, state: _State) -> _Step:
        situation = self.setup.situation
        if isinstance(state, _Start):
            then_fan = situation.fanning
            return Throw(
                self.nerve,
                lambda p: _Fan(p) if then_fan else self.shots(p, (False,) * situation.shots),
                Side.ACTOR,
            )
        if isinstance(state, _Fan):
            attacker = self.setup.attacker
            table = _fanning_table(attacker.tiro, attacker.mexican)
            return Throw(table, lambda fives: self.shots(state.penalty, fives), Side.ACTOR)
        if isinstance(state, _Shot):
            if not state.pending:
                return self.step(self.strike(state.points, state.fired > 0, state.fall_wounds))
            return Throw(self.shot_table(state), lambda v: self.after_shot(state, v), Side.ACTOR)
        if isinstance(state, _Mount):
            return Throw(_mount_table(), lambda falls: self.after_mount(state, falls), Side.ACTOR)
        if isinstance(state, _FallReflex):
            rif = self.target.rif
            assert rif is not None
            reflex = _fall_reflex_table(rif, fall_reflex_modifiers(self.target))
            return Throw(reflex, lambda kept: self.after_fall(state, kept), Side.TARGET)
        if isinstance(state, (_Save, _Panic)):
            return self.aftermath(state)
        if isinstance(state, _Struck):
            return Done(state)  # type: ignore[arg-type]
        return Done(CombatResult(state.damage, state.wounds, state.outcome))

    def after_mount(self, state: _Mount, falls: bool) -> _State:
        """A 7 on a mounted target: on a 6 the mount falls; a galloping rider with RIF given
        takes a reflex test (R-02(c))."""
        shot = state.shot
        if not falls:
            return shot
        fallen = _Shot(shot.penalty, shot.pending, shot.fired, shot.points, True, shot.fall_wounds)
        if self.target.mount is MountPace.GALLOP and self.target.rif is not None:
            return _FallReflex(fallen)
        return fallen

    def after_fall(self, state: _FallReflex, kept_saddle: bool) -> _State:
        shot = state.shot
        wounds = shot.fall_wounds + (0 if kept_saddle else 1)
        return _Shot(shot.penalty, shot.pending, shot.fired, shot.points, True, wounds)


@cache
def _mount_table() -> DiceTable[bool]:
    return DiceTable(1, lambda f: judge_mount_fall(f[0]))


@cache
def _fall_reflex_table(rif: int, modifiers: tuple[Modifier, ...]) -> DiceTable[bool]:
    return DiceTable(2, lambda f: judge_fall_reflex((f[0], f[1]), rif, modifiers))


class _Fighting(_Action):
    def __init__(self, setup: MeleeSetup) -> None:
        check_melee(setup)
        super().__init__(setup.target, setup.situation.mountain_men_charge)
        self.setup = setup
        nerve = nerve_modifiers(setup.attacker, fight=True, saloon_girl=setup.target.saloon_girl)
        self.nerve = _penalty_table(nerve.effective_fred, nerve.per_die)
        self.saves = self.save_index(fight_save_modifiers(setup))

    def fight_table(self, penalty: int) -> DiceTable[int]:
        """Damage of every face of the fight die (R-05)."""
        mods = fight_modifiers(self.setup, penalty)
        cos = self.setup.attacker.cos
        return DiceTable(1, lambda f: judge_fight(f[0], cos, mods).damage)

    def step(self, state: _State) -> _Step:
        if isinstance(state, _Start):
            return Throw(self.nerve, _Fan, Side.ACTOR)
        if isinstance(state, _Fan):  # here: the fight roll after a nerve penalty
            return Throw(
                self.fight_table(state.penalty),
                lambda damage: self.strike((self.saves,) * damage, True),
                Side.ACTOR,
            )
        if isinstance(state, (_Save, _Panic)):
            return self.aftermath(state)
        if isinstance(state, _Struck):
            return Done(state)  # type: ignore[arg-type]
        assert isinstance(state, _Done)
        return Done(CombatResult(state.damage, state.wounds, state.outcome))


def _solve(
    machine: _Shooting | _Fighting, budget: Budget, eliminate: bool = False
) -> Dist[CombatResult]:
    if budget.actor <= 0 and budget.target <= 0:
        machine.strike_only = True
        start: _State = _Start()
        strikes: dict[Any, int] = push(machine.step, start)
        return machine.compose(strikes)
    goal = objective(machine.target, eliminate)
    solver: Solver[_State, CombatResult] = Solver(machine.step, goal)
    return solver.dist(_Start(), budget)


def _check_eliminate(target: Target, eliminate: bool) -> None:
    if eliminate and (target.rif is None or target.cos is None):
        raise ValueError("spending rerolls to eliminate needs the target's RIF and COS")


def shoot_odds(
    setup: ShootSetup, *, rerolls: int = 0, target_rerolls: int = 0, eliminate: bool = False
) -> CombatOdds:
    """Exact odds of a shooting action and its aftermath (R-01–R-04, R-14, R-15);
    ``eliminate``: rerolls are spent for the chance to eliminate first (``objective``)."""
    _check_eliminate(setup.target, eliminate)
    budget = Budget(max(rerolls, 0), max(target_rerolls, 0))
    machine = _Shooting(setup, any_order=not budget.actor and not budget.target)
    return CombatOdds(_solve(machine, budget, eliminate), setup.target, budget)


def melee_odds(
    setup: MeleeSetup, *, rerolls: int = 0, target_rerolls: int = 0, eliminate: bool = False
) -> CombatOdds:
    """Exact odds of a fight and its aftermath (R-01, R-03, R-04, R-05, R-15);
    ``eliminate``: rerolls are spent for the chance to eliminate first (``objective``)."""
    _check_eliminate(setup.target, eliminate)
    budget = Budget(max(rerolls, 0), max(target_rerolls, 0))
    return CombatOdds(_solve(_Fighting(setup), budget, eliminate), setup.target, budget)
