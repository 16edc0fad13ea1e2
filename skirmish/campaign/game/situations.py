"""What a game knows before a player acts (issue #12; moved here from the walker,
``cli/walker_table.py``, so that the web's phones and ``game play`` read the same): each model
as it stands (``Figure``: state, COS, FAMA and FORTUNA left, what it carries, its guns' rounds,
whether it rides, whether it has taken its turn), the scenario's people that may be shot at,
and which of them an action may take now, by the services' own checks
(``board.require_alive``, ``board.require_can_act``) and the book's data (a gun that loads 7 or
17, the lasso, an explosive still carried).

A list is a convenience, not a rule: the service the action calls checks everything again,
and its refusal is what the player reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skirmish.engine.combatant import person, shoots
from skirmish.engine.input_ids import InputId
from skirmish.engine.situation import Procedure
from skirmish.engine.situation_value import Situation
from skirmish.errors import SkirmishError
from skirmish.rules import weapons
from skirmish.rules.ids import ItemId, ProfileId
from skirmish.rules.model import ObjectiveState, Side, Weapon

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.kit import Gun
    from skirmish.campaign.game.tables import Game, GameModel

#: What is counted of a model's consumables (§8.3, §5.5).
CONSUMABLES = ("whisky", "dynamite", "nitroglycerin")


@dataclass(frozen=True)
class Figure:
    """A model of the game as a player picks it."""

    name: str
    label: str  # what the services are given: its name, GANG:NAME when two share it
    handle: str | None
    gang: str
    side: Side
    cos: int
    cos_left: int
    state: str
    prone: bool
    in_play: bool  # not eliminated, not off the table
    can_act: bool  # in play, and neither terrified nor fleeing
    acted: bool  # has taken (or is taking) its turn this turn (§1.8)
    acting: bool  # its turn is the current one (§1.8)
    civilian: bool  # a gang's civilian, who may flee and leave the table
    fama_left: int
    fortuna_left: int
    items: tuple[str, ...]
    drank: bool  # §8.3
    guns: tuple[Gun, ...] = ()  # each gun's load, rounds left and jam (``campaign.game.kit``)
    left: Mapping[str, int] = field(default_factory=dict)  # consumables still carried, by id
    has_mount: bool = False  # carries a horse, an Appaloosa or a mule (§8.2)
    mounted: bool = False


@dataclass(frozen=True)
class Person:
    """A scenario's person that may be shot at or fought (mayor, witness, politician)."""

    objective: str
    name_it: str
    name_en: str
    state: str


@dataclass(frozen=True)
class Table:
    """One reading of the game: its board and its models."""

    board: dict[str, Any]
    figures: tuple[Figure, ...]
    persons: tuple[Person, ...]

    @property
    def turn(self) -> int:
        return int(self.board["turn"])

    @property
    def in_progress(self) -> bool:
        return bool(self.board["status"] == "in_progress")

    def gangs(self) -> list[str]:
        return [gang["gang"] for gang in self.board["gangs"]]

    def side_of(self, label_: str) -> Side | None:
        return next((f.side for f in self.figures if f.label == label_), None)

    def figure(self, label_: str) -> Figure | None:
        """The model the services know as ``label_``."""
        return next((f for f in self.figures if f.label == label_), None)


def passes(check: Callable[[GameModel], None], model: GameModel) -> bool:
    """Whether ``model`` passes a service's ``check`` (which raises when it does not)."""
    try:
        check(model)
    except SkirmishError:
        return False
    return True


def read(session: Session, game: Game) -> Table:
    """The game as it stands, read in ``session``; in a READ unit of work read once per
    revision for every reader of the server process (``status.shared_reading``: the live
    page's panel of each phone)."""
    from skirmish.campaign.game.status import shared_reading  # lazy: run

    return shared_reading(session, game, "situations", lambda: _read(session, game))


def _read(session: Session, game: Game) -> Table:
    from skirmish.campaign.game import kit  # lazy: run
    from skirmish.campaign.game.board import (  # lazy: run
        flight_of,
        game_gang_of,
        gang_row,
        in_play,
        member_of,
        models_of,
        require_can_act,
        scenario_of,
        side_of,
    )
    from skirmish.campaign.game.combatant import whisky_drinkers  # lazy: run
    from skirmish.campaign.game.status import board  # lazy: run

    data = board(session, game=game)
    models = models_of(session, game)
    rows = {(gang["gang"], m["name"]): m for gang in data["gangs"] for m in gang["models"]}
    shared = Counter(m.name for m in models)
    drinkers = whisky_drinkers(session, game.id)
    figures = []
    for model in models:
        member = member_of(session, model)
        gang = gang_row(session, game_gang_of(session, model)).name
        row = rows[(gang, model.name)]
        playing = in_play(model)
        figures.append(
            Figure(
                name=model.name,
                label=model.name if shared[model.name] == 1 else f"{gang}:{model.name}",
                handle=member.handle,
                gang=gang,
                side=side_of(session, model),
                cos=model.cos_start,
                cos_left=model.cos_left,
                state=model.state,
                prone=model.prone,
                in_play=playing,
                can_act=playing and passes(require_can_act, model),
                acted=row["acted"],
                acting=row["acting"],
                civilian=flight_of(session, model) is not None,
                fama_left=row["fama_left"],
                fortuna_left=row["fortuna_left"],
                items=tuple(row["equipment"]),
                drank=model.id in drinkers,
                guns=tuple(kit.guns(session, model)),
                left={item: kit.left(session, model, item) for item in CONSUMABLES},
                has_mount=kit.mount_of(session, model) is not None,
                mounted=model.mounted,
            )
        )
    scenario = scenario_of(game)
    persons = tuple(
        Person(row["objective"], o.name_it, o.name_en, row["state"])
        for o in scenario.objectives
        if o.targetable
        for row in data["objectives"]
        if row["objective"] == o.id and row["state"] != ObjectiveState.DEAD
    )
    return Table(data, tuple(figures), persons)


# ------------------------------------------------------------------------------- who


def in_play(table: Table) -> list[Figure]:
    return [f for f in table.figures if f.in_play]


def actors(table: Table) -> list[Figure]:
    """The models that may act now: in play, neither terrified nor fleeing, and taking their
    turn or still to take it (§1.8)."""
    return [f for f in table.figures if f.can_act and (f.acting or not f.acted)]


def waiting(table: Table) -> list[Figure]:
    """The models still to take their turn this turn (§1.8)."""
    return [f for f in table.figures if f.can_act and not f.acted]


def enemies(table: Table, of: str) -> list[Figure]:
    side = table.side_of(of)
    return [f for f in table.figures if f.in_play and f.side is not side]


def friends(table: Table, of: str) -> list[Figure]:
    side = table.side_of(of)
    return [f for f in table.figures if f.in_play and f.side is side and f.label != of]


# ------------------------------------------------------------------------------- what with


def carried_weapons(figure: Figure) -> list[Weapon]:
    """The weapons a model carries, in the order it was given them."""
    known = {w.id: w for w in weapons()}
    return [known[item] for item in figure.items if item in known]


def guns_to_shoot(figure: Figure) -> list[Weapon]:
    """What a model may shoot with: what fires or is thrown at a model
    (``engine.combatant.shoots``)."""
    return [w for w in carried_weapons(figure) if shoots(w)]


def fight_weapons(figure: Figure) -> list[Weapon]:
    """The blades and improvised weapons a model may fight with (bare hands besides)."""
    return [w for w in carried_weapons(figure) if w.blade or w.improvised]


def reloadable(figure: Figure, turn: int) -> list[Gun]:
    """Guns that can be reloaded: not full, or before the first turn one that loads 7 or 17
    (how it starts the game, R-14)."""
    return [g for g in figure.guns if not g.full or (turn < 1 and len(g.weapon.rounds) > 1)]


def jammed(figure: Figure, turn: int) -> list[Gun]:
    return [g for g in figure.guns if g.jammed is not None]


def explosives(figure: Figure) -> list[Weapon]:
    """The explosives a model still has in this game (a stick thrown is used up)."""
    found = [w for w in carried_weapons(figure) if w.explosive_damage is not None]
    return [w for w in found if figure.left.get(w.id, 0) > 0]


def throws_lasso(figure: Figure) -> bool:
    """Whether the model carries a lasso (a weapon that deals no damage, R-14)."""
    return any(not w.deals_damage for w in carried_weapons(figure))


def may_mount(figure: Figure) -> bool:
    return figure.has_mount and not figure.mounted


def may_dismount(figure: Figure) -> bool:
    return figure.mounted


def thirsty(figure: Figure) -> bool:
    """Whether the model still has whisky it has not drunk (§8.3)."""
    return figure.in_play and figure.left.get(ItemId.WHISKY, 0) > 0 and not figure.drank


# ------------------------------------------------------------------------------- a shot, a fight


@dataclass(frozen=True)
class Prefill:
    """What the game knows of a shot or a fight before the players say range and cover: the
    weapons each side would use by default (``engine.combatant.pick_weapon``, as the service picks
    them), whether the target is still to take its turn (R-18, from the record), whether the
    scenario's night counts (R-02, §10.5), the target's gang leader in play (within 5U he lends
    his FRED to its panic test, R-04, R-17) and whether the attacker leads its gang (R-21)."""

    attacker: Figure
    target: Figure | None  # None: a scenario's person
    person: Person | None
    weapon: str | None  # the weapon id the service picks by default (None: bare hands)
    target_weapon: str | None  # a fight's defender's
    target_waiting: bool | None  # None: a scenario's person takes no turns
    night: bool
    leader: str | None  # the target's gang leader in play, not the target itself
    is_leader: bool


@dataclass(frozen=True)
class Odds:
    """The exact chances of a shot or a fight as the service would roll it now (``odds``), with
    no FAMA or FORTUNA spent: at least one damage, at least one wound, the target eliminated
    (``None`` where the target has no such numbers, a scenario's person)."""

    hit: Fraction
    wound: Fraction | None
    eliminate: Fraction | None


def prefill(
    session: Session,
    game: Game,
    table: Table,
    attacker: str,
    target: str,
    procedure: Procedure,
    range_u: int | None = None,
) -> Prefill:
    """The situation of ``attacker``'s shot at (or fight with) ``target`` as the game knows it."""
    from skirmish.campaign.game.activations import acted  # lazy: run
    from skirmish.campaign.game.board import (  # lazy: run
        find_model,
        game_gang_of,
        is_leader,
        models_of,
        resolve_target,
        scenario_of,
    )
    from skirmish.campaign.game.combatant import combatant, pick_weapon  # lazy: run

    shooter = find_model(session, game, attacker)
    ref = resolve_target(session, game, target)
    mine = combatant(session, shooter)
    fight = procedure is Procedure.MELEE
    weapon = pick_weapon(mine, None, fight=fight, range_u=range_u)
    theirs = None
    if ref.model is not None:
        theirs = combatant(session, ref.model)
    elif ref.objective is not None:
        theirs = person(ProfileId.UNARMED_CIVILIAN, ref.objective.objective)
    defence = pick_weapon(theirs, None, fight=True) if fight and theirs is not None else None
    scenario = scenario_of(game)
    leader = None
    if ref.model is not None:  # the target's leader within 5U lends his FRED
        gang = game_gang_of(session, ref.model)
        leader = next(
            (
                m
                for m in models_of(session, game)
                if m.game_gang_id == gang.id
                and m.id != ref.model.id
                and is_leader(session, game, m)
                and not m.eliminated
                and m.left_turn is None
            ),
            None,
        )
    chosen = table.figure(ref.model.name) if ref.model is not None else None
    if ref.model is not None and chosen is None:
        chosen = next((f for f in table.figures if f.name == ref.model.name), None)
    person_row = None
    if ref.objective is not None:
        person_row = next(
            (p for p in table.persons if p.objective == ref.objective.objective), None
        )
    figure = table.figure(attacker) or next(f for f in table.figures if f.name == shooter.name)
    return Prefill(
        attacker=figure,
        target=chosen,
        person=person_row,
        weapon=weapon.id if weapon is not None else None,
        target_weapon=defence.id if defence is not None else None,
        target_waiting=None if ref.model is None else not acted(game, ref.model),
        night=not fight
        and any(
            m.key == "night" and m.roll.value == "shoot" for m in scenario.modifiers
        ),  # fmt: skip
        leader=leader.name if leader is not None else None,
        is_leader=is_leader(session, game, shooter),
    )


def odds(
    session: Session,
    game: Game,
    attacker: str,
    target: str,
    procedure: Procedure,
    situation: Situation,
) -> Odds:
    """The exact chances of the shot or fight the service would roll with ``situation`` (the
    declaration's ids; ``target_waiting`` ``None``: from the record, R-18), from the very setup
    it rolls (``combat.shot_setup``, ``fight_setup``): the service's refusals (an empty gun, a
    weapon not carried) are raised here too."""
    from skirmish.campaign.game.activations import acted  # lazy: run
    from skirmish.campaign.game.board import find_model, resolve_target  # lazy: run
    from skirmish.campaign.game.combat import fight_setup, shot_setup  # lazy: run
    from skirmish.engine.combat import CombatOutcome  # lazy: run
    from skirmish.odds.combat import melee_odds, shoot_odds  # lazy: run

    model = find_model(session, game, attacker)
    ref = resolve_target(session, game, target)
    values = situation
    if situation.said(InputId.TARGET_WAITING) is None:
        waiting = ref.model is not None and not acted(game, ref.model)
        values = situation.with_({InputId.TARGET_WAITING: waiting})
    if procedure is Procedure.MELEE:
        melee, _ = fight_setup(session, game, model, ref, values)
        found = melee_odds(melee)
    else:
        shot, *_ = shot_setup(session, game, model, ref, values)
        found = shoot_odds(shot)
    hit = 1 - found.damage[0]
    wound = 1 - found.wounds[0] if found.wounds is not None else None
    outcome = found.outcome
    eliminate = outcome[CombatOutcome.ELIMINATED] if outcome is not None else None
    return Odds(hit, wound, eliminate)
