"""Differential: ``game shoot``/``game melee`` and ``roll shoot``/``roll melee`` agree (issue #9).

For generated models (any profile of any faction, numbers after advances, skills with their
chosen weapons, injuries, items carried, whisky drunk, state, the friends in play) and generated
situations, a player reading the two models off the roster types the same numbers into
``skirmish roll`` (``roll_args``, written here independently of the game's builder); the game
and the roll must build identical engine setups, and roll identical results from the same dice.

Two layers:

- ``test_*_setups_agree``: thousands of cases, cheap. The game side is the game's own path from
  a model to the engine (``engine.combatant``: the weapon it picks, the model's inputs,
  the checks of who the models are); the roll side parses the arguments with the ``roll``
  command's own options and builds with its builder.
- ``test_*_end_to_end``: fewer cases through the real commands on a database: the models are
  written into the store, a game started, the whisky drunk with ``game drink``, the shot or
  fight rolled with ``game shoot|melee`` and with ``roll shoot|melee`` on the same dice, and
  the lines compared. (Importing only what every version of skirmish has, so that it can run
  against older code: it failed there on Mano mozzata, whisky and Imbranato.)
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from skirmish import rules
from skirmish.cli.input_names import flag_for
from skirmish.cli.main import app
from skirmish.engine.recovery import Invalidity
from skirmish.errors import SkirmishError
from skirmish.rules.model import Weapon, WeaponCategory

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

runner = CliRunner()

PROFILES = list(rules.profiles())
WEAPONS = list(rules.weapons())
CARRIABLE = [w.id for w in WEAPONS] + [i.id for i in rules.items()]
#: Skills chosen for a weapon type (§7.2) and the type.
CHOSEN = {
    "fuciliere": WeaponCategory.RIFLE,
    "guerriero": WeaponCategory.BLADE,
    "pistolero": WeaponCategory.PISTOL,
}
SKILLS = [s.id for s in rules.skills()]
STATES = ("steady", "steady", "steady", "steady", "shaken", "terrified")
#: Leaders whose FRED a friend within 5U uses in panic tests (R-04, R-17).
LENDERS = {"sheriff", "boss", "ranchero", "killer", "chief"}


def weapon(item: str) -> Weapon | None:
    found = rules.find_equipment(item)
    return found if isinstance(found, Weapon) else None


def fires(w: Weapon) -> bool:
    """A weapon one can shoot or throw at a model."""
    return (
        w.deals_damage
        and w.category is not WeaponCategory.EXPLOSIVE
        and (w.short is not None or w.thrown or w.template)
    )


SHOOTERS = [w.id for w in WEAPONS if fires(w)]


@dataclass(frozen=True)
class Mate:
    profile: str
    fred: int
    state: str = "steady"


@dataclass(frozen=True)
class Model:
    """A model of a gang in a game, as its roster and the board show it."""

    profile: str
    tiro: int
    fred: int
    rif: int
    cos: int  # COS left
    skills: tuple[tuple[str, str | None], ...] = ()
    injuries: frozenset[Invalidity] = frozenset()
    carried: tuple[str, ...] = ()
    state: str = "steady"
    prone: bool = False
    drank: bool = False
    small_pistol_used: bool = False
    mates: tuple[Mate, ...] = ()

    @property
    def faction(self) -> str:
        return rules.find_profile(self.profile).faction

    def weapons(self) -> list[Weapon]:
        return [w for w in (weapon(i) for i in self.carried) if w is not None]


_NUMBER = st.integers(0, 4)
_COS = st.integers(1, 4)
_FLAG = st.booleans()
_PROFILE = st.sampled_from(PROFILES)
_CARRIED = st.lists(st.sampled_from(CARRIABLE), max_size=4)
_SHOOTER = st.sampled_from(SHOOTERS)
_SKILLS = st.lists(st.sampled_from(SKILLS), unique=True, max_size=3)
_CHOICES = {
    skill: st.sampled_from([w.id for w in WEAPONS if w.category is category])
    for skill, category in CHOSEN.items()
}
_INJURIES = st.sets(st.sampled_from(list(Invalidity)), max_size=2)
_STATE = st.sampled_from(STATES)
_MATES = {
    f.id: st.lists(
        st.builds(Mate, st.sampled_from([p.id for p in PROFILES if p.faction == f.id]), _NUMBER,
                  _STATE),
        max_size=3,
    )
    for f in rules.factions()
}  # fmt: skip


_ACTING = st.sampled_from(["steady"] * 8 + ["shaken", "terrified"])


@st.composite
def models(draw: st.DrawFn, *, shooting: bool = False, acting: bool = False) -> Model:
    profile = draw(_PROFILE)
    carried = draw(_CARRIED)
    if shooting and not any(fires(w) for w in (weapon(i) for i in carried) if w is not None):
        carried.insert(draw(st.integers(0, len(carried))), draw(_SHOOTER))
    skills = []
    for skill in draw(_SKILLS):
        choice = draw(_CHOICES[skill]) if skill in _CHOICES else None
        skills.append((skill, choice))
    drank = draw(_FLAG)
    if drank and "whisky" not in carried:
        carried.append("whisky")
    return Model(
        profile=profile.id,
        tiro=draw(_NUMBER),
        fred=draw(_NUMBER),
        rif=draw(_NUMBER),
        cos=draw(_COS),
        skills=tuple(skills),
        injuries=frozenset(draw(_INJURIES)),
        carried=tuple(carried),
        state=draw(_ACTING if acting else _STATE),
        prone=draw(_FLAG),
        drank=drank,
        small_pistol_used=draw(_FLAG),
        mates=tuple(draw(_MATES[profile.faction])),
    )


# ---------------------------------------------------------------------------- situations


def _military(profile: str) -> bool:
    return rules.find_profile(profile).faction == "military"


def immunities(target: Model) -> list[str]:
    """The immunities whose condition holds for ``target`` (R-04), by the book."""
    held = []
    if target.profile == "captain" or any(m.profile == "captain" for m in target.mates):
        held.append("capitano")
    if target.profile == "deputy" and any(
        m.profile == "sheriff" and m.state != "terrified" for m in target.mates
    ):
        held.append("vicesceriffo")
    if target.profile == "sergeant" and sum(_military(m.profile) for m in target.mates) >= 2:
        held.append("sergente")
    return held


#: Mostly what a player does: few flags at once, a model in the open or behind some cover.
_RARE = st.sampled_from([False] * 7 + [True])
_RANGE = st.none() | st.integers(0, 28).map(lambda n: n / 2)
_COUNTS = {
    "shots": st.sampled_from([1] * 8 + [2, 3]),
    "template_position": st.sampled_from([1, 1, 1, 2]),
    "friends": st.integers(0, 3),
    "rounds": st.sampled_from([None] * 6 + [7, 17]),
}


def _choice(choices: Any) -> Any:
    members = list(choices)
    return st.sampled_from([members[0]] * len(members) + members)  # the default half the time


#: Full cover refuses every shot (R-02): seldom.
_COVER = st.sampled_from(["none"] * 6 + ["light"] * 3 + ["partial"] * 2 + ["full"])


@st.composite
def situations(draw: st.DrawFn, shooter: Model, target: Model, *, shooting: bool) -> dict[str, Any]:
    """What the table shows, by the declaration's ids: the inputs a game asks, each drawn
    from its kind; those with a condition only when it holds for the models."""
    from skirmish.engine.situation import GAME_SOURCES, Kind, Procedure, Source, inputs_for

    procedure = Procedure.SHOOT if shooting else Procedure.MELEE
    conditional = {
        "mountain_men_charge": shooter.faction == "mountain-men",
        "two_pistols": sum(w.category is WeaponCategory.PISTOL for w in shooter.weapons()) >= 2,
        "near_two_soldiers": shooter.profile == "soldier"
        and sum(_military(m.profile) for m in shooter.mates) >= 2,
        "gringo_far": target.profile == "gringo",
        "indian_hidden": target.faction == "indians",
    }
    values: dict[str, Any] = {}
    for i in inputs_for(procedure, GAME_SOURCES):
        if i.source is Source.CARRIED:
            continue
        if i.id == "immune":
            held = immunities(target)
            values[i.id] = draw(st.sampled_from([None, *held])) if held else None
        elif i.id in conditional:
            values[i.id] = conditional[i.id] and draw(_FLAG)
        elif i.kind is Kind.FLAG:
            values[i.id] = draw(_RARE)
        elif i.id == "cover":
            values[i.id] = draw(_COVER)
        elif i.kind is Kind.CHOICE:
            values[i.id] = draw(_choice(i.choices))
        elif i.kind is Kind.DISTANCE:
            values[i.id] = draw(_RANGE)
        elif i.id in _COUNTS:
            values[i.id] = draw(_COUNTS[i.id])
        else:
            raise AssertionError(f"no strategy for {i.id} ({i.kind}): add one here")
    return values


# ---------------------------------------------------------------------------- the player's roll


def picked(
    model: Model, name: str | None, *, fight: bool, distance: int | None = None
) -> str | None:
    """The weapon the game puts in the model's hands: the one named, else its first gun that
    reaches ``distance``, else its first gun, else the first thrown weapon (issue #10); in a
    fight the first blade, else the first improvised weapon, else bare hands."""
    if name is not None:
        return name
    carried = model.weapons()
    if fight:
        usable = [w for w in carried if w.blade] or [w for w in carried if w.improvised]
        return usable[0].id if usable else None
    guns = [w for w in carried if fires(w) and not w.thrown and not w.template]
    reach = [w for w in guns if distance is None or w.long is None or distance <= w.long]
    return (reach or guns or [w for w in carried if fires(w)])[0].id


def skill_args(flag: str, skills: tuple[tuple[str, str | None], ...]) -> list[str]:
    return [a for s, c in skills for a in (flag, f"{s}:{c}" if c else s)]


def roll_args(
    shooter: Model,
    target: Model,
    table: dict[str, Any],
    *,
    shooting: bool,
    weapon_name: str | None,
    target_weapon: str | None = None,
    night: bool = False,
    table_flags: list[str] | None = None,
) -> list[str]:
    """What a player reading both rosters types into ``skirmish roll shoot|melee``, then the
    table's flags (by default from the declaration)."""
    gun = picked(shooter, weapon_name, fight=not shooting, distance=table.get("range"))
    args = ["--fred", str(shooter.fred), "--cos", str(max(0, min(4, shooter.cos)))]
    args += ["--weapon", gun or "bare-hands", "--faction", shooter.faction]
    args += skill_args("--skill", shooter.skills)
    args += ["--shaken"] if shooter.state == "shaken" else []
    args += ["--terrified"] if shooter.state == "terrified" else []
    args += ["--whisky"] if shooter.drank else []
    args += ["--mano-mozzata"] if Invalidity.MANO_MOZZATA in shooter.injuries else []
    if shooting:
        args += ["--tiro", str(shooter.tiro)]
        args += ["--orbo"] if Invalidity.ORBO in shooter.injuries else []
        scope = rules.find_item("rifle-scope")
        args += ["--scope"] if "rifle-scope" in shooter.carried and gun in scope.fits else []
        first = gun == "small-pistol" and not shooter.small_pistol_used
        args += ["--first-small-pistol"] if first else []
        args += ["--night"] if night else []
        args += ["--target-imbranato"] if Invalidity.IMBRANATO in target.injuries else []
    else:
        args += ["--malattia"] if Invalidity.MALATTIA in shooter.injuries else []
        args += ["--prone"] if shooter.prone else []
        args += ["--bear-hunter"] if shooter.profile == "bear-hunter" else []
        args += ["--target-weapon", picked(target, target_weapon, fight=True) or "bare-hands"]
    args += ["--target-rif", str(target.rif), "--target-fred", str(target.fred)]
    args += ["--target-cos", str(target.cos)]
    args += ["--target-shaken"] if target.state == "shaken" else []
    args += ["--target-terrified"] if target.state == "terrified" else []
    args += ["--target-prone"] if target.prone else []
    args += skill_args("--target-skill", target.skills)
    args += ["--target-whisky"] if target.drank else []
    args += ["--volunteer"] if target.profile == "lawmen-volunteer" else []
    args += ["--saloon-girl"] if target.profile == "saloon-girl" else []
    if table.get("leader_near"):
        lender = next((m for m in target.mates if m.profile in LENDERS), None)
        args += ["--leader-fred", str(lender.fred)] if lender is not None else []
    if table_flags is None:
        table_flags = table_args(table, shooting=shooting)
    return args + table_flags


def table_args(table: dict[str, Any], *, shooting: bool) -> list[str]:
    """The table's inputs as the flags both commands take."""
    from skirmish.engine.situation import Procedure, find_input

    procedure = Procedure.SHOOT if shooting else Procedure.MELEE
    args: list[str] = []
    for key, value in table.items():
        if key == "leader_near" or value is None or value is False:
            continue
        flag = flag_for(find_input(key), procedure)
        args += [flag] if value is True else [flag, str(getattr(value, "value", value))]
    return args


# ---------------------------------------------------------------------------- both sides


def combatant(model: Model, name: str) -> Any:
    """The model as the game reads it from the store (``combatant.combatant``)."""
    from skirmish.engine.combatant import Ally, Combatant
    from skirmish.engine.setup import SkillTaken
    from skirmish.rules.model import ModelState

    return Combatant(
        name=name,
        profile=model.profile,
        tiro=model.tiro,
        fred=model.fred,
        rif=model.rif,
        cos_left=model.cos,
        skills=tuple(SkillTaken(s, c) for s, c in model.skills),
        injuries=model.injuries,
        carried=model.carried,
        state=ModelState(model.state),
        prone=model.prone,
        drank_whisky=model.drank,
        small_pistol_used=model.small_pistol_used,
        allies=tuple(Ally(m.profile, m.fred, ModelState(m.state)) for m in model.mates),
    )


def outcome(build: Any) -> Any:
    """What ``build()`` returns, or the error it raises as ``("error", message)``."""
    try:
        return build()
    except SkirmishError as exc:
        return ("error", str(exc))


_PROBES: dict[str, Any] = {}


def roll_setup(args: list[str], *, shooting: bool) -> Any:
    """``args`` parsed by the options of ``roll shoot|melee`` (the declaration's, made typer
    options) and built by its builder, as the command does before it rolls."""
    import typer

    from skirmish.cli.situation_options import melee_setup, shoot_setup, situation_command
    from skirmish.engine.situation import ROLL_SOURCES, Procedure

    procedure = Procedure.SHOOT if shooting else Procedure.MELEE
    captured: dict[str, Any] = {}
    if procedure.value not in _PROBES:

        def record(**options: Any) -> None:
            _PROBES[procedure.value + ":options"].update(options)

        probe = typer.Typer()
        probe.command(procedure.value)(
            situation_command(procedure, ROLL_SOURCES, record, name=procedure.value, doc="probe")
        )
        probe.command("unused")(lambda: None)
        _PROBES[procedure.value] = typer.main.get_command(probe)
    _PROBES[procedure.value + ":options"] = captured
    _PROBES[procedure.value].main([procedure.value, *args], standalone_mode=False)
    build = shoot_setup if shooting else melee_setup
    return outcome(lambda: build(**captured))


def game_setup(
    shooter: Model,
    target: Model,
    table: dict[str, Any],
    *,
    shooting: bool,
    weapon_name: str | None,
    target_weapon: str | None = None,
    night: bool = False,
) -> Any:
    """The game's path: the weapons it picks, the models' inputs, the table's, the checks."""
    from skirmish.engine.combatant import pick_weapon, setup_of
    from skirmish.engine.situation import Procedure
    from skirmish.engine.situation_value import Situation

    mine, theirs = combatant(shooter, "Att"), combatant(target, "Tgt")

    def build() -> Any:
        gun = pick_weapon(mine, weapon_name, fight=not shooting, range_u=table.get("range"))
        procedure = Procedure.SHOOT if shooting else Procedure.MELEE
        said = Situation.read(procedure, table)
        if shooting:
            return setup_of(procedure, mine, theirs, said, weapon=gun, night=night)
        held = pick_weapon(theirs, target_weapon, fight=True)
        return setup_of(procedure, mine, theirs, said, weapon=gun, target_weapon=held)

    return outcome(build)


def rolled(setup: Any, seed: int) -> Any:
    """The engine's result from seeded dice (or the rule that refuses the action)."""
    from skirmish.engine.dice import RandomDice
    from skirmish.engine.fight import melee
    from skirmish.engine.setup import ShootSetup
    from skirmish.engine.shooting import shoot

    procedure = shoot if isinstance(setup, ShootSetup) else melee
    return outcome(lambda: procedure(setup, RandomDice(seed)))


many = settings(
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@st.composite
def shots(draw: st.DrawFn) -> tuple[Model, Model, dict[str, Any], str | None, bool, int]:
    shooter, target = draw(models(shooting=True, acting=True)), draw(models())
    table = draw(situations(shooter, target, shooting=True))
    table["leader_near"] = draw(st.booleans())
    name = draw(st.none() | st.sampled_from([w.id for w in shooter.weapons()]))
    night = draw(_RARE) and table["range"] is not None
    return shooter, target, table, name, night, draw(st.integers(0, 2**32))


@st.composite
def fights(
    draw: st.DrawFn,
) -> tuple[Model, Model, dict[str, Any], str | None, str | None, int]:
    attacker, target = draw(models(acting=True)), draw(models())
    table = draw(situations(attacker, target, shooting=False))
    table["leader_near"] = draw(st.booleans())
    mine = [w.id for w in attacker.weapons()] + ["bare-hands"]
    theirs = [w.id for w in target.weapons()] + ["bare-hands"]
    name = draw(st.none() | st.sampled_from(mine))
    held = draw(st.none() | st.sampled_from(theirs))
    return attacker, target, table, name, held, draw(st.integers(0, 2**32))


@many
@given(shots())
def test_shooting_setups_agree(
    case: tuple[Model, Model, dict[str, Any], str | None, bool, int],
) -> None:
    shooter, target, table, name, night, seed = case
    game = game_setup(shooter, target, table, shooting=True, weapon_name=name, night=night)
    args = roll_args(shooter, target, table, shooting=True, weapon_name=name, night=night)
    roll = roll_setup(args, shooting=True)
    assert game == roll, args
    if not isinstance(game, tuple):
        assert rolled(game, seed) == rolled(roll, seed)


@many
@given(fights())
def test_fight_setups_agree(
    case: tuple[Model, Model, dict[str, Any], str | None, str | None, int],
) -> None:
    attacker, target, table, name, held, seed = case
    game = game_setup(attacker, target, table, shooting=False, weapon_name=name, target_weapon=held)
    args = roll_args(attacker, target, table, shooting=False, weapon_name=name, target_weapon=held)
    roll = roll_setup(args, shooting=False)
    assert game == roll, args
    if not isinstance(game, tuple):
        assert rolled(game, seed) == rolled(roll, seed)


# ---------------------------------------------------------------------------- end to end

#: The table's inputs the end-to-end cases draw, with each command's flag: (game, roll). The
#: names are those every version of both commands took.
SHOOT_TABLE = {
    "cover": ("--cover", "--cover"),
    "range": ("--range", "--range"),
    "aim": ("--aim", "--aim"),
    "target_waiting": ("--target-waiting", "--target-waiting"),
    "behind": ("--behind", "--behind"),
    "target_mount": ("--target-mount", "--target-mount"),
    "friends": ("--friends", "--friends"),
    "two_pistols": ("--two-pistols", "--two-pistols"),
    "gringo_far": ("--gringo-far", "--gringo-far"),
    "immune": ("--immune", "--immune"),
}
MELEE_TABLE = {
    "target_waiting": ("--target-waiting", "--target-waiting"),
    "behind": ("--behind", "--behind"),
    "elevation": ("--elevation", "--elevated"),
    "mounted": ("--mounted", "--mounted"),
    "target_mounted": ("--target-mounted", "--target-mounted"),
    "friends": ("--friends", "--friends"),
    "mountain_men_charge": ("--charge", "--mountain-men-charge"),
    "gringo_far": ("--gringo-far", "--gringo-far"),
    "immune": ("--immune", "--immune"),
}


@st.composite
def tables(draw: st.DrawFn, shooter: Model, target: Model, *, shooting: bool) -> dict[str, Any]:
    held = immunities(target)
    values: dict[str, Any] = {
        "behind": draw(_RARE),
        "friends": draw(_COUNTS["friends"]),
        "gringo_far": target.profile == "gringo" and draw(_FLAG),
        "immune": draw(st.sampled_from([None, *held])) if held else None,
        "leader_near": draw(_FLAG),
    }
    if shooting:
        pistols = sum(w.category is WeaponCategory.PISTOL for w in shooter.weapons())
        values |= {
            "cover": draw(_COVER),
            "range": draw(_RANGE),
            "aim": draw(_RARE),
            "target_waiting": draw(_RARE),
            "target_mount": draw(st.sampled_from(["none"] * 4 + ["still", "trot", "gallop"])),
            "two_pistols": pistols >= 2 and draw(_FLAG),
        }
    else:
        values |= {
            "elevation": draw(st.sampled_from(["none", "none", "attacker", "defender"])),
            "mounted": draw(_RARE),
            "target_mounted": draw(_RARE),
            "mountain_men_charge": shooter.faction == "mountain-men" and draw(_FLAG),
        }
    return values


def flags(table: dict[str, Any], *, shooting: bool, game: bool) -> list[str]:
    names = SHOOT_TABLE if shooting else MELEE_TABLE
    args: list[str] = []
    for key, value in table.items():
        if key == "leader_near":
            args += ["--leader-near"] if value and game else []
            continue
        if value is None or value is False or value == "none":
            continue
        flag = names[key][0 if game else 1]
        args += [flag] if value is True else [flag, str(value)]
    return args


@dataclass
class Store:
    """A campaign database made once, copied for each case."""

    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="skirmish-diff-")))
    cases: int = 0

    def __post_init__(self) -> None:
        self.template = self.folder / "template.db"
        run("campaign", "new", "Differential", "--db", str(self.template))

    def fresh(self) -> Path:
        self.cases += 1
        path = self.folder / f"case{self.cases}.db"
        shutil.copyfile(self.template, path)
        return path


def run(*args: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, list(args))
    return result.exit_code, (
        result.stdout if result.exit_code == 0 else result.stderr
    ).splitlines()


@pytest.fixture(scope="module")
def store() -> Iterator[Store]:
    made = Store()
    yield made
    shutil.rmtree(made.folder, ignore_errors=True)


def _member(db: sqlite3.Connection, gang: int, name: str, model: Model) -> None:
    profile = rules.find_profile(model.profile)
    cursor = db.execute(
        "INSERT INTO member (gang_id, name, profile, role, tiro, fred, rif, cos, fama, fortuna, "
        "xp, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'active')",
        (gang, name, profile.id, profile.role.value, model.tiro, model.fred, model.rif,
         model.cos, profile.fama, profile.fortuna),
    )  # fmt: skip
    member = cursor.lastrowid
    for skill, choice in model.skills:
        db.execute(
            "INSERT INTO member_skill (member_id, skill, choice) VALUES (?, ?, ?)",
            (member, skill, choice),
        )
    for injury in sorted(model.injuries):
        db.execute("INSERT INTO injury (member_id, injury) VALUES (?, ?)", (member, injury.value))
    for item in model.carried:
        db.execute(
            "INSERT INTO owned_item (gang_id, member_id, item, paid) VALUES (?, ?, ?, 0)",
            (gang, member, item),
        )


def _gang(db: sqlite3.Connection, name: str, model: Model) -> int:
    faction = "outlaws" if model.faction == "npc" else model.faction
    cursor = db.execute(
        "INSERT INTO gang (campaign_id, name, faction, treasury, status, games_played) "
        "VALUES (1, ?, ?, 0, 'active', 0)",
        (name, faction),
    )
    gang = cursor.lastrowid
    assert gang is not None
    return gang


def play(store: Store, shooter: Model, target: Model, *, acted: bool = False) -> str:
    """A game of the two models (and their friends), turn 1, states and whisky as drawn; the
    target has taken its turn if ``acted``."""
    path = store.fresh()
    with sqlite3.connect(str(path)) as db:
        for gang_name, name, model in (("Ours", "Att", shooter), ("Theirs", "Tgt", target)):
            gang = _gang(db, gang_name, model)
            _member(db, gang, name, model)
            for n, mate in enumerate(model.mates):
                numbers = rules.find_profile(mate.profile)
                _member(db, gang, f"{name}{n}", Model(mate.profile, numbers.tiro, mate.fred,
                                                       numbers.rif, numbers.cos))  # fmt: skip
    db_flag = ["--db", str(path)]
    code, out = run("game", "start", "assassination", "Ours", "Theirs", "--good", "Ours",
                    "--bad", "Theirs", *db_flag)  # fmt: skip
    assert code == 0, out
    assert run("game", "turn", *db_flag)[0] == 0
    with sqlite3.connect(str(path)) as db:
        for name, model in (("Att", shooter), ("Tgt", target)):
            db.execute(
                "UPDATE game_model SET state = ?, prone = ?, small_pistol_used = ? WHERE name = ?",
                (model.state, model.prone, model.small_pistol_used, name),
            )
            for n, mate in enumerate(model.mates):
                db.execute(
                    "UPDATE game_model SET state = ? WHERE name = ?", (mate.state, f"{name}{n}")
                )
        if acted:
            db.execute("UPDATE game_model SET activated_turn = 1 WHERE name = 'Tgt'")
    for name, model in (("Tgt", target), ("Att", shooter)):  # the attacker acts last
        if model.drank:
            code, out = run("game", "drink", name, *db_flag)
            assert code == 0, out
    return str(path)


def waiting(db: str) -> bool:
    """Whether the game's record shows the target has not yet taken its turn (R-18): what a
    player reading the board types as ``roll --target-waiting``."""
    with sqlite3.connect(db) as conn:
        [(turn,)] = conn.execute("SELECT activated_turn FROM game_model WHERE name = 'Tgt'")
    return turn != 1


def as_read(db: str, table: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The table for ``roll`` (the target's waiting read off the board) and for ``game``
    (which reads it from its record itself)."""
    game = {k: v for k, v in table.items() if k != "target_waiting"}
    return {**game, "target_waiting": waiting(db)}, game


def agree(db: str, command: str, game_args: list[str], roll_args_: list[str], seed: int) -> None:
    """The game and the roll, on the same dice, say the same lines (or refuse alike)."""
    code, out = run("roll", command, *roll_args_, "--seed", str(seed), "--json", "--lang", "en")
    game = ["game", command, "Att", "Tgt", *game_args, "--db", db, "--lang", "en"]
    if code != 0:
        assert run(*game, "--dice", "1")[1] == out  # the same refusal
        return
    dice = ",".join(str(d) for d in json.loads("\n".join(out))["dice"])
    code, rolled_lines = run("roll", command, *roll_args_, "--dice", dice, "--lang", "en")
    assert code == 0, rolled_lines
    code, played = run(*game, "--dice", dice)
    assert code == 0, played
    assert played[: len(rolled_lines)] == rolled_lines


def maybe(names: list[str]) -> st.SearchStrategy[str | None]:
    """None (the game picks) or one of ``names``."""
    return st.none() | st.sampled_from(names) if names else st.none()


few = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
_ACTOR = st.sampled_from(["steady"] * 4 + ["shaken"])  # the game refuses a terrified one itself


@few
@given(data=st.data())
def test_shooting_end_to_end(store: Store, data: st.DataObject) -> None:
    shooter = data.draw(models(shooting=True))
    shooter = replace(shooter, state=data.draw(_ACTOR))
    target = data.draw(models())
    table = data.draw(tables(shooter, target, shooting=True))
    name = data.draw(maybe([w.id for w in shooter.weapons()]))
    db = play(store, shooter, target, acted=data.draw(_FLAG))
    table, told = as_read(db, table)
    plain = flags(table, shooting=True, game=False)
    args = roll_args(shooter, target, table, shooting=True, weapon_name=name, table_flags=plain)
    game = flags(told, shooting=True, game=True) + (["--weapon", name] if name else [])
    agree(db, "shoot", game, args, data.draw(st.integers(0, 2**32)))


@few
@given(data=st.data())
def test_fight_end_to_end(store: Store, data: st.DataObject) -> None:
    attacker = data.draw(models())
    attacker = replace(attacker, state=data.draw(_ACTOR))
    target = data.draw(models())
    table = data.draw(tables(attacker, target, shooting=False))
    name = data.draw(maybe([w.id for w in attacker.weapons()]))
    held = data.draw(maybe([w.id for w in target.weapons()]))
    db = play(store, attacker, target, acted=data.draw(_FLAG))
    table, told = as_read(db, table)
    plain = flags(table, shooting=False, game=False)
    args = roll_args(attacker, target, table, shooting=False, weapon_name=name,
                     target_weapon=held, table_flags=plain)  # fmt: skip
    game = flags(told, shooting=False, game=True)
    game += (["--weapon", name] if name else []) + (["--target-weapon", held] if held else [])
    agree(db, "melee", game, args, data.draw(st.integers(0, 2**32)))


def reflex_args(shooter: Model) -> list[str]:
    """The reflex test that opens opportunity fire as a player types it (§4.2.3, R-06): the
    shooter's RIF, its whisky and Imbranato, every penalty doubled by ``--opportunity``."""
    args = ["reflex", "--rif", str(shooter.rif), "--opportunity"]
    args += ["--imbranato"] if Invalidity.IMBRANATO in shooter.injuries else []
    return args + (["--whisky"] if shooter.drank else [])


@few
@given(data=st.data())
def test_opportunity_fire_end_to_end(store: Store, data: st.DataObject) -> None:
    """``game shoot --opportunity`` rolls the reflex test that opens it, then the shot: the
    same lines as ``roll reflex --opportunity`` followed by ``roll shoot --opportunity`` on the
    same dice; a failed test fires nothing (issue #10, item 2)."""
    shooter = data.draw(models(shooting=True))
    shooter = replace(shooter, state=data.draw(_ACTOR))
    target = data.draw(models())
    table = data.draw(tables(shooter, target, shooting=True))
    table = {**table, "aim": False, "target_waiting": False}  # a moving target
    name = data.draw(maybe([w.id for w in shooter.weapons()]))
    db = play(store, shooter, target)
    plain = flags(table, shooting=True, game=False) + ["--opportunity"]
    args = roll_args(shooter, target, table, shooting=True, weapon_name=name, table_flags=plain)
    game = flags(table, shooting=True, game=True) + (["--weapon", name] if name else [])
    game = ["game", "shoot", "Att", "Tgt", *game, "--opportunity", "--db", db, "--lang", "en"]
    seed = data.draw(st.integers(0, 2**32))
    code, out = run("roll", "shoot", *args, "--seed", str(seed), "--json", "--lang", "en")
    if code != 0:
        assert run(*game, "--dice", "1,1")[1] == out  # refused alike, before any die
        return
    shot = ",".join(str(d) for d in json.loads("\n".join(out))["dice"])
    reflex = data.draw(st.sampled_from(["1,1", "1,6", "6,1", "4,4", "6,6", "2,3"]))
    code, tested = run("roll", *reflex_args(shooter), "--dice", reflex, "--lang", "en")
    assert code == 0, tested
    passed = tested[0].endswith("passed")
    code, played = run(*game, "--dice", f"{reflex},{shot}" if passed else reflex)
    assert code == 0, played
    assert played[0] == tested[0]
    if not passed:
        assert played[1].endswith("no opportunity fire, and its turn 1 is spent (§4.2.3, §2.4).")
        return
    code, rolled_lines = run("roll", "shoot", *args, "--dice", shot, "--lang", "en")
    assert code == 0, rolled_lines
    assert played[1 : 1 + len(rolled_lines)] == rolled_lines
