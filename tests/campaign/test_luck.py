"""The luck ledger (issue #14, ``campaign.luck``) on a game played with the services: every
roll's percentile recomputed by enumerating its dice, every shot's and fight's odds by walking
every path of the engine's own procedure (``odds.paths``) and against ``skirmish odds``,
whose roll each die is, rerolls, physical and random dice kept apart, the filters, the JSON;
and the property that fair dice keep the mean within 3 standard errors of 50 while loaded dice
fall outside."""

from __future__ import annotations

import itertools
import json
import shutil
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

from skirmish.campaign import lookup, store
from skirmish.campaign.accounts import add_user
from skirmish.campaign.game.combat import CombatReport, melee, shoot
from skirmish.campaign.game.initiative import initiative
from skirmish.campaign.game.rerolls import RerollChoice, Rerolls
from skirmish.campaign.game.start import start_game
from skirmish.campaign.game.tables import GameEvent
from skirmish.campaign.game.turns import new_turn
from skirmish.campaign.luck import Ledger, Moment, build, ledger, moment_json
from skirmish.campaign.luck.purposes import Better, better_of
from skirmish.campaign.luck.reading import Cast, EventView, Who, moments_of
from skirmish.engine.dice import RandomDice, TableDice
from skirmish.engine.fight import melee as roll_melee
from skirmish.engine.setup import ShootSetup
from skirmish.engine.shooting import shoot as roll_shoot
from skirmish.engine.situation import Procedure
from skirmish.engine.situation_value import Situation
from skirmish.odds.luck_dist import dice_sum, place, place_dice
from skirmish.odds.paths import every_path
from skirmish.odds.setup_data import setup_data, setup_from
from skirmish.rules.model import Point


def shot(**table: Any) -> Situation:
    """A shot's situation at the table, as a front end reads it."""
    return Situation.read(Procedure.SHOOT, table)


def fight() -> Situation:
    """A fight's situation with nothing said at the table."""
    return Situation.read(Procedure.MELEE, {})


DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
EARPS, CLANTONS = "Earp brothers", "Clanton gang"


@contextmanager
def opened(path: Path) -> Iterator[Session]:
    engine = store.open_store(str(path))
    try:
        with store.transaction(engine) as session:
            yield session
    finally:
        engine.dispose()


@dataclass
class Played:
    db: Path
    reports: list[CombatReport]


def _play(db: Path) -> list[CombatReport]:
    reports: list[CombatReport] = []
    with opened(db) as s:
        campaign = lookup.current_campaign(s)
        # the Earps are looked after by an account (issue #11), the Clantons by the CLI
        earps = lookup.gang_by_name(s, campaign, EARPS)
        earps.owner_id = add_user(s, "Josephine", "a long enough password").id
        s.add(earps)
        game = start_game(s, campaign=campaign, scenario="bank-robbery", gangs=[EARPS, CLANTONS])
        new_turn(s, game=game, dice=TableDice(()))
        initiative(s, game=game, good="Doc Holliday", bad="Tom McLaury", dice=TableDice((2, 5)))
        # typed in at the table: nerve 1,2; shot 6; saves 6,6; Ike's panic 1,1
        typed = TableDice((1, 2, 6, 6, 6, 1, 1))
        reports.append(shoot(s, game=game, attacker="Wyatt Earp", target="Ike Clanton",
                             situation=shot(range=5), dice=typed))  # fmt: skip
        typed.check_all_used()
        # rolled by skirmish
        reports.append(shoot(s, game=game, attacker="Virgil Earp", target="Frank McLaury",
                             situation=shot(range=8), dice=RandomDice(3)))  # fmt: skip
        reports.append(melee(s, game=game, attacker="Billy Clanton", target="Morgan Earp",
                             situation=fight(), dice=RandomDice(4)))  # fmt: skip
        # typed, with a FORTUNA reroll of the missed shot: 1 rerolled to 6
        typed = TableDice((6, 6, 1, 6, 2, 5, 1, 3))
        reports.append(shoot(s, game=game, attacker="Ike Clanton", target="Wyatt Earp",
                             situation=shot(range=5), dice=typed,
                             rerolls=Rerolls([RerollChoice("shot", Point.FORTUNA)])))  # fmt: skip
        typed.check_all_used()
        # two typed, the rest rolled by skirmish: both
        both = TableDice((1, 2), random_dice=RandomDice(5))
        reports.append(shoot(s, game=game, attacker="Frank McLaury", target="Doc Holliday",
                             situation=shot(range=6), dice=both))  # fmt: skip
    return reports


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    db = tmp_path_factory.mktemp("luck") / "campaigns.db"
    shutil.copyfile(DEMO, db)
    return Played(db, _play(db))


@pytest.fixture(scope="module")
def book(played: Played) -> Ledger:
    with opened(played.db) as s:
        return ledger(s, campaign=lookup.current_campaign(s))


def _events(played: Played) -> dict[int, GameEvent]:
    with opened(played.db) as s:
        return {e.id: e for e in s.exec(select(GameEvent)).all() if e.id is not None}


# ---------------------------------------------------------------------------- one roll


@cache
def _throws(dice: int) -> Counter[int]:
    """How many throws of ``dice`` D6 give each sum, counted one throw at a time."""
    return Counter(sum(throw) for throw in itertools.product(range(1, 7), repeat=dice))


def _enumerated(faces: tuple[int, ...], higher_better: bool) -> tuple[Fraction, Fraction]:
    """The mid-rank percentile (0–100) and the chance of as good or better, by counting every
    throw of the same dice."""
    sign = 1 if higher_better else -1
    mine = sign * sum(faces)
    counts = _throws(len(faces))
    worse = sum(n for total, n in counts.items() if sign * total < mine)
    same = sum(n for total, n in counts.items() if sign * total == mine)
    n = sum(counts.values())
    return Fraction(100 * (2 * worse + same), 2 * n), Fraction(n - worse, n)


@pytest.mark.parametrize("dice", [1, 2, 6])
def test_placing_a_throw_matches_counting_every_throw(dice: int) -> None:
    for faces in itertools.product(range(1, 7), repeat=min(dice, 2)):
        faces = (faces * 3)[:dice]
        for higher in (True, False):
            placing = place_dice(faces, higher)
            percentile, as_good = _enumerated(faces, higher)
            assert placing.percentile * 100 == percentile
            assert placing.as_good == as_good


@pytest.mark.parametrize("dice", [1, 2, 3, 6])
def test_fair_dice_average_exactly_fifty_with_their_exact_variance(dice: int) -> None:
    sums = dice_sum(dice)
    mean = sum((p * place_dice_sum(s, dice) for s, p in sums.items()), Fraction(0))
    assert mean == Fraction(1, 2)
    # a mid-rank percentile's variance: (1 − Σp³)/12 over the distinct results
    expected = (1 - sum((p**3 for p in sums.values()), Fraction(0))) / 12
    assert place(sums, dice, lambda s: s).variance == expected


def place_dice_sum(total: int, dice: int) -> Fraction:
    return place(dice_sum(dice), total, lambda s: s).percentile


def test_a_single_die_reads_as_at_the_table() -> None:
    assert place_dice((6,), True).percentile == Fraction(11, 12)
    assert place_dice((1,), True).as_good == 1
    nerve = place_dice((1, 1), False)
    assert nerve.as_good == Fraction(1, 36)  # "a 1-in-36 nerve test"
    assert nerve.mirrored().as_bad == Fraction(1, 36)


def test_every_roll_is_placed_as_counting_its_dice_says(book: Ledger) -> None:
    rolls = [m for m in book.moments if m.kind == "roll"]
    assert len(rolls) >= 20
    for m in rolls:
        better = better_of(m.purpose)
        assert better is not None
        percentile, as_good = _enumerated(m.faces, better is Better.HIGH)
        assert (m.percentile, m.as_good) == (percentile, as_good), m


def test_each_die_is_its_rollers(book: Ledger) -> None:
    first = [
        (m.purpose, m.faces, m.who.model) for m in book.moments if m.event_id == _shot_id(book, 0)
    ]
    assert first == [
        ("nerve", (1, 2), "Wyatt Earp"),
        ("shot", (6,), "Wyatt Earp"),
        ("save", (6,), "Ike Clanton"),
        ("save", (6,), "Ike Clanton"),
        ("panic", (1, 1), "Ike Clanton"),
        ("shoot", (), "Wyatt Earp"),
        ("shoot", (), "Ike Clanton"),
    ]
    roll_off = [(m.purpose, m.faces, m.who.model, m.opponent) for m in book.moments
                if m.purpose == "initiative"]  # fmt: skip
    assert roll_off == [
        ("initiative", (2,), "Doc Holliday", "Tom McLaury"),
        ("initiative", (5,), "Tom McLaury", "Doc Holliday"),
    ]


def _shot_id(book: Ledger, n: int) -> int:
    return sorted({m.event_id for m in book.moments if m.kind == "action"})[n]


def test_a_rerolled_die_counts_and_so_does_the_die_that_stood(book: Ledger) -> None:
    ike = [m for m in book.moments if m.who.model == "Ike Clanton" and m.purpose == "shot"]
    assert [(m.faces, m.rerolled) for m in ike] == [((6,), False), ((1,), True)]
    assert ike[1].percentile == Fraction(100, 12)


# ---------------------------------------------------------------------------- one action


class _NoPanic:
    """Brute force only needs the wounds: the panic dice change no wound, so they are fixed
    (a 1) instead of branched on, which keeps the walk small."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def roll(self, purpose: str) -> int:
        return 1 if purpose == "panic" else int(self.inner.roll(purpose))


def _brute(setup: Any, cos: int) -> dict[tuple[bool, int], Fraction]:
    procedure = roll_shoot if isinstance(setup, ShootSetup) else roll_melee
    weights: dict[tuple[bool, int], Fraction] = {}
    for _faces, p, result in every_path(lambda d: procedure(setup, _NoPanic(d))):  # type: ignore[arg-type]
        wounds = sum(s.outcome.wounds for s in result.aftermath.saves)
        dealt = min(wounds, cos)
        weights[(dealt >= cos, dealt)] = weights.get((dealt >= cos, dealt), Fraction(0)) + p
    return weights


def test_each_action_is_placed_in_odds_counted_over_every_path(
    played: Played, book: Ledger
) -> None:
    events = _events(played)
    actions = [m for m in book.moments if m.kind == "action" and m.role == "attacker"]
    assert len(actions) == len(played.reports)
    for m, report in zip(actions, played.reports, strict=True):
        details = events[m.event_id].details
        setup = setup_from(details["setup"])
        assert setup == report.result.setup  # the very setup rolled is the one kept
        assert report.cos_before is not None and report.cos_after is not None
        weights = _brute(setup, report.cos_before)
        expected = sum((k[1] * p for k, p in weights.items()), Fraction(0))
        chance = sum((p for k, p in weights.items() if k[0]), Fraction(0))
        dealt = report.cos_before - report.cos_after
        assert (m.wounds, m.eliminated) == (dealt, report.eliminated)
        assert m.expected_wounds == expected and m.chance_eliminated == chance
        assert m.impact_wounds == dealt - expected
        assert m.impact_eliminations == int(report.eliminated) - chance
        mine = (report.eliminated, dealt)
        worse = sum((p for k, p in weights.items() if k < mine), Fraction(0))
        same = weights[mine]
        assert m.percentile == 100 * (worse + same / 2)
        assert m.as_good == 1 - worse and m.as_bad == worse + same
        target = next(t for t in book.moments
                      if t.event_id == m.event_id and t.role == "target")  # fmt: skip
        assert target.impact_wounds == -m.impact_wounds
        assert target.percentile == 100 - m.percentile and target.as_good == m.as_bad


class _Prefixed:
    """The logged faces first, then the walk's (panic dice fixed, as in ``_NoPanic``)."""

    def __init__(self, faces: tuple[int, ...], inner: Any) -> None:
        self.faces, self.used, self.inner = faces, 0, _NoPanic(inner)

    def roll(self, purpose: str) -> int:
        if self.used < len(self.faces):
            self.used += 1
            return self.faces[self.used - 1]
        return self.inner.roll(purpose)


def _expected_after(setup: Any, cos: int, prefix: tuple[int, ...]) -> tuple[Fraction, Fraction]:
    procedure = roll_shoot if isinstance(setup, ShootSetup) else roll_melee
    wounds = chance = Fraction(0)
    for _faces, p, result in every_path(lambda d: procedure(setup, _Prefixed(prefix, d))):  # type: ignore[arg-type]
        dealt = min(sum(s.outcome.wounds for s in result.aftermath.saves), cos)
        wounds += p * dealt
        chance += p * (dealt >= cos)
    return wounds, chance


def test_each_throw_carries_its_share_of_the_swing(played: Played, book: Ledger) -> None:
    """The expectation after each throw, counted over every path that follows the logged
    faces so far: each roll's impact is how far its throw moved it, for its roller; an
    action's rolls add up to the action's whole swing."""
    events = _events(played)
    actions = [m for m in book.moments if m.kind == "action" and m.role == "attacker"]
    for action in actions:
        details = events[action.event_id].details
        setup = setup_from(details["setup"])
        cos = details["cos_before"]
        faces = tuple(r["face"] for r in details["rolls"])
        rolls = [m for m in book.moments if m.event_id == action.event_id and m.kind == "roll"]
        assert sum(len(m.faces) for m in rolls) == len(faces)
        used = 0
        total_w = total_e = Fraction(0)
        for m in rolls:
            before = _expected_after(setup, cos, faces[:used])
            used += len(m.faces)
            after = _expected_after(setup, cos, faces[:used])
            sign = 1 if m.who == action.who else -1
            assert m.impact_wounds == sign * (after[0] - before[0]), m
            assert m.impact_eliminations == sign * (after[1] - before[1]), m
            assert m.impact_wounds is not None and m.impact_eliminations is not None
            total_w += sign * m.impact_wounds
            total_e += sign * m.impact_eliminations
        assert (total_w, total_e) == (action.impact_wounds, action.impact_eliminations)


def test_the_odds_are_those_of_skirmish_odds(book: Ledger) -> None:
    """Wyatt's shot at Ike: TIRO 3, six-shooter, PISTOLERO with it, 5U, Ike has not acted; Ike
    RIF 3, FRED 3, COS 3. ``skirmish odds shoot`` gives the same expectation and chance."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    out = CliRunner().invoke(app, [
        "odds", "shoot", "--tiro", "3", "--weapon", "six-shooter", "--skill",
        "pistolero:six-shooter", "--range", "5", "--target-waiting", "--target-rif", "3",
        "--target-fred", "3", "--target-cos", "3", "--json",
    ])  # fmt: skip
    assert out.exit_code == 0, out.output
    odds = json.loads(out.stdout)
    wounds = {int(k): Fraction(v) for k, v in odds["wounds"].items()}
    capped = sum((min(w, 3) * p for w, p in wounds.items()), Fraction(0))
    wyatt = next(m for m in book.moments if m.kind == "action" and m.who.model == "Wyatt Earp")
    assert wyatt.expected_wounds == capped
    assert wyatt.chance_eliminated == Fraction(odds["eliminated"])


def test_a_setup_reads_back_as_written() -> None:
    from skirmish.engine.setup import (
        Attacker,
        Elevation,
        FightSituation,
        MeleeSetup,
        MountPace,
        ShotSituation,
        SkillTaken,
        Target,
    )
    from skirmish.rules import find_weapon
    from skirmish.rules.model import ModelState

    setups: list[ShootSetup | MeleeSetup] = [
        ShootSetup(
            Attacker(tiro=4, weapon=find_weapon("rifle"), whisky=True, rounds=None,
                     skills=(SkillTaken("fuciliere", "rifle"),), state=ModelState.SHAKEN),
            Target(rif=2, fred=3, cos=1, mount=MountPace.STILL, friends=2),
            ShotSituation(range=12.5, aim=True, target_waiting=True),
        ),
        MeleeSetup(
            Attacker(weapon=find_weapon("knife"), malattia=True),
            Target(rif=3, cos=2, weapon=find_weapon("knife")),
            FightSituation(elevation=Elevation.NONE, behind=True),
        ),
    ]  # fmt: skip
    for setup in setups:
        assert setup_from(json.loads(json.dumps(setup_data(setup)))) == setup


# ---------------------------------------------------------------------------- tallies


def test_physical_and_random_dice_are_kept_apart(played: Played, book: Ledger) -> None:
    events = _events(played)
    shots = sorted({m.event_id for m in book.moments if m.kind == "action"})
    assert [events[i].details["dice_from"] for i in shots] == [
        "table", "random", "random", "table", "mixed",
    ]  # fmt: skip
    by_event = {m.event_id: m.source for m in book.moments}
    assert {by_event[i] for i in shots} == {"table", "random", "mixed"}
    reroll = next(m for m in book.moments if m.rerolled)
    assert reroll.source == "table"  # as its action's
    overall = book.overall.by_source
    assert set(overall) == {"table", "random", "mixed"}
    assert sum(s.rolls for s in overall.values()) == book.overall.all.rolls
    # the demo's purchases were rolled between games with dice typed in (their entries say)
    assert {m.source for m in book.between} == {"table"} and book.between
    table = [m for m in [*book.moments, *book.between] if m.source == "table" and m.kind == "roll"]
    assert overall["table"].rolls == len(table)
    mean = sum((m.percentile for m in table), Fraction(0)) / len(table)
    assert overall["table"].mean == pytest.approx(float(mean))


def test_tallies_per_model_gang_and_player(book: Ledger) -> None:
    # every gang of the demo rolled for its purchases; two of them played the game
    assert [t.name for t in book.gangs] == ["Apache scouts", CLANTONS, EARPS, "Lazy K Ranch"]
    assert [(t.gang, t.player) for t in book.gangs][1:3] == [
        (CLANTONS, None), (EARPS, "Josephine"),
    ]  # fmt: skip
    # one player: the Earps' owner; the Clantons, a gang of the command line, have none
    (player,) = book.players
    assert player.name == "Josephine"
    earps = next(t for t in book.gangs if t.name == EARPS)
    assert player.all == earps.all and player.by_source == earps.by_source
    wyatt = next(t for t in book.models if t.name == "Wyatt Earp")
    assert wyatt.gang == EARPS
    mine = [m for m in [*book.moments, *book.between] if m.who.model == "Wyatt Earp"]
    assert wyatt.all.rolls == sum(m.kind == "roll" for m in mine)
    assert wyatt.all.impact_wounds == sum(
        (m.impact_wounds for m in mine if m.impact_wounds is not None), Fraction(0)
    )
    se = sum((m.variance for m in mine if m.kind == "roll"), Fraction(0)) ** 0.5
    assert wyatt.all.se == pytest.approx(float(se) / wyatt.all.rolls)
    assert all(m.percentile > 50 for m in book.overall.luckiest)
    assert all(m.percentile < 50 for m in book.overall.unluckiest)
    assert book.overall.luckiest[0].as_good == min(
        m.as_good for m in book.moments if m.percentile > 50
    )


def test_a_gang_and_a_game_alone(played: Played, book: Ledger) -> None:
    with opened(played.db) as s:
        campaign = lookup.current_campaign(s)
        earps = lookup.gang_by_name(s, campaign, EARPS)
        theirs = ledger(s, campaign=campaign, gang=earps)
        game = ledger(s, campaign=campaign, game_id=book.games[0])
        ranch = ledger(s, campaign=campaign, gang=lookup.gang_by_name(s, campaign, "Lazy K"))
    assert {m.who.gang for m in theirs.moments} == {EARPS}
    assert {t.gang for t in theirs.models} == {EARPS}
    assert theirs.gang == EARPS and len(theirs.moments) < len(book.moments)
    assert game.moments == book.moments
    # the rolls between games are a gang's and the campaign's, never one game's
    assert {m.who.gang for m in theirs.between} == {EARPS}
    assert game.between == () and game.overall.all.rolls < book.overall.all.rolls
    assert ranch.games == () and ranch.moments == () and not ranch.empty
    assert {m.who.gang for m in ranch.between} == {"Lazy K Ranch"}


def test_the_json_has_exact_fractions(book: Ledger) -> None:
    data = json.loads(json.dumps(book.to_json()))
    wyatt = next(m for m in data["moments"] if m["kind"] == "action" and m["model"] == "Wyatt Earp")
    assert Fraction(wyatt["expected_wounds"]) == next(
        m.expected_wounds
        for m in book.moments
        if m.kind == "action" and m.who.model == "Wyatt Earp"
    )
    assert set(data["overall"]["by_source"]) == {"table", "random", "mixed"}
    assert isinstance(data["overall"]["all"]["mean_percentile"], float)
    assert data["gangs"][1]["name"] == CLANTONS


def test_a_great_escape_is_a_target_that_survived_odds_of_five_percent(book: Ledger) -> None:
    target = next(m for m in book.moments if m.role == "target")
    escaped = replace(target, eliminated=False, chance_eliminated=Fraction(19, 20))
    killed = replace(escaped, eliminated=True)
    likely = replace(escaped, chance_eliminated=Fraction(94, 100))
    assert escaped.escape and not killed.escape and not likely.escape
    found = build("C", None, None, [1], [escaped, killed, likely])
    assert found.great_escapes == (escaped,)
    assert moment_json(escaped)["chance_eliminated"] == "19/20"
    # a recovery roll (§6.5) with at least a 95% chance of "dead", survived
    recovery = replace(
        next(m for m in book.moments if m.kind == "roll"), purpose="recovery", log_id=7,
        eliminated=False, chance_eliminated=Fraction(1),
    )  # fmt: skip
    assert recovery.escape and not replace(recovery, log_id=None).escape
    found = build("C", None, None, [1], [], [recovery])
    assert found.great_escapes == (recovery,) and found.moments == ()
    assert found.overall.all.rolls == 1 and found.overall.luckiest == ()


def test_events_logged_before_the_ledger_count_their_dice_as_unknown() -> None:
    who = Who("A", 1, "G", 1, None)
    cast = Cast({1: who}, {"A": who, "B": Who("B", 2, "H", 2, None)}, {})
    old = EventView(1, 1, 1, "shoot", 1, {
        "attacker": "A", "target": "B", "cos_before": 2, "cos_after": 2, "eliminated": False,
        "rolls": [{"stage": "nerve", "face": 3, "ok": True},
                  {"stage": "nerve", "face": 2, "ok": True},
                  {"stage": "shot", "face": 2, "ok": False}],
    }, ())  # fmt: skip
    found = list(moments_of([old], cast))
    assert [(m.purpose, m.source) for m in found] == [("nerve", "unknown"), ("shot", "unknown")]


# ---------------------------------------------------------------------------- the property


class _Loaded:
    def __init__(self, face: int) -> None:
        self.face = face

    def roll(self, purpose: str) -> int:
        return self.face


def _simulated(source: Any, actions: int = 240) -> list[Moment]:
    """Shots and fights rolled by the engine from ``source``, logged as the game logs them
    (``readings.combat_rolls``), with a roll-off before each, read by the ledger."""
    from skirmish.campaign.game.readings import combat_rolls
    from skirmish.engine.setup import Attacker, MeleeSetup, Target
    from skirmish.rules import find_weapon

    shot = ShootSetup(
        Attacker(tiro=3, weapon=find_weapon("six-shooter")), Target(rif=3, fred=3, cos=3)
    )
    fight = MeleeSetup(Attacker(), Target(rif=3, fred=3, cos=3))
    a, b = Who("A", 1, "G", 1, "p"), Who("B", 2, "H", 2, "q")
    cast = Cast({1: a, 2: b}, {"A": a, "B": b}, {"G": a, "H": b})
    events: list[EventView] = []
    for n in range(actions):
        setup = shot if n % 2 else fight
        result = roll_shoot(setup, source) if n % 2 else roll_melee(setup, source)  # type: ignore[arg-type]
        details = {
            "attacker": "A",
            "target": "B",
            "rolls": combat_rolls(result),
            "dice_from": "random",
        }
        events.append(
            EventView(
                2 * n,
                1,
                1,
                "initiative",
                None,
                {"good": "A", "bad": "B"},
                (
                    (source.roll("initiative: first"), "initiative: first"),
                    (source.roll("initiative: opponent"), "initiative: opponent"),
                ),
            )
        )
        events.append(EventView(2 * n + 1, 1, 1, "shoot" if n % 2 else "melee", 1, details, ()))
    return list(moments_of(events, cast))


def test_fair_dice_stay_within_three_standard_errors_of_fifty() -> None:
    found = build("C", None, None, [1], _simulated(RandomDice(2026)))
    figures = found.overall.all
    assert figures.rolls > 1000 and figures.mean is not None and figures.se is not None
    assert abs(figures.mean - 50) < 3 * figures.se
    for side in found.gangs:
        assert side.all.mean is not None and side.all.se is not None
        assert abs(side.all.mean - 50) < 3 * side.all.se, side.name


@pytest.mark.parametrize("face", [1, 6])
def test_loaded_dice_fall_outside_three_standard_errors(face: int) -> None:
    moments = _simulated(_Loaded(face), actions=60)
    purposes = {m.purpose for m in moments if m.kind == "roll"}
    assert {"nerve", "initiative"} <= purposes
    for purpose in purposes:
        figures = build(
            "C", None, None, [1], [m for m in moments if m.purpose == purpose]
        ).overall.all
        assert figures.mean is not None and figures.se is not None
        assert abs(figures.mean - 50) > 3 * figures.se, purpose
        better = better_of(purpose)
        lucky = (face == 6) == (better is Better.HIGH)
        assert (figures.mean > 50) == lucky, purpose
        assert figures.within_noise is False


def test_a_damaged_log_is_read_without_a_crash() -> None:
    """Events no version of skirmish writes (hand-edited, or cut short): what can be read is,
    the rest is left out."""
    who = Who("A", 1, "G", 1, None)
    cast = Cast({1: who}, {"A": who}, {"G": who})
    garbage: list[dict[str, Any]] = [
        {"rolls": "nerve 3,2", "dice_from": "table"},
        {"rolls": [None, {"stage": "shot", "face": "6"}, {"stage": "shot", "face": 9}]},
        {"rolls": [{"stage": "shot", "face": 4}], "dice_from": "carrier pigeon",
         "setup": {"kind": "shoot", "attacker": {"tiro": "x"}}, "cos_before": 2, "cos_after": 1},
        {"rolls": [{"stage": "fight", "face": 4}], "setup": {"kind": "melee", "extra": {}},
         "cos_before": 2, "cos_after": 1},
        {"rolls": [{"stage": "fight", "face": 4}], "setup": {"kind": "duel"},
         "cos_before": 2, "cos_after": 1},
    ]  # fmt: skip
    events = [EventView(n, 1, 1, "shoot", 1, d, ()) for n, d in enumerate(garbage)]
    events.append(EventView(9, 1, 1, "initiative", None, {"good": "nobody"}, ((4, "initiative"),)))
    found = list(moments_of(events, cast))
    assert [(m.purpose, m.faces, m.source) for m in found] == [
        ("shot", (4,), "unknown"),
        ("fight", (4,), "unknown"),
        ("fight", (4,), "unknown"),
    ]
    assert build("C", None, None, [1], found).overall.all.rolls == 3


def _games(folder: Path, dice: Any) -> Ledger:
    """Games played through the services on a copy of the demo store, every die from
    ``dice(n)`` (a fresh source per action): each turn every model in play shoots the first
    enemy in play at 4U, or fights it when it cannot shoot, until the game ends."""
    from skirmish.campaign.game.board import models_of, side_of
    from skirmish.engine.glossary import GameStatus
    from skirmish.errors import SkirmishError

    db = folder / "games.db"
    shutil.copyfile(DEMO, db)
    n = 0
    with opened(db) as s:
        campaign = lookup.current_campaign(s)
        for pair in ((EARPS, CLANTONS), ("Lazy K Ranch", "Apache scouts")):
            game = start_game(s, campaign=campaign, scenario="bank-robbery", gangs=list(pair))
            while game.status == GameStatus.IN_PROGRESS and game.turn < 12:
                n += 1
                new_turn(s, game=game, dice=dice(n))
                for model in [m for m in models_of(s, game) if not m.eliminated]:
                    side = side_of(s, model)
                    enemies = [e for e in models_of(s, game) if not e.eliminated
                               and e.left_turn is None and side_of(s, e) is not side]  # fmt: skip
                    if game.status != GameStatus.IN_PROGRESS or not enemies:
                        break
                    n += 1
                    target = enemies[0].name
                    try:
                        shoot(s, game=game, attacker=model.name, target=target,
                              situation=shot(range=4), dice=dice(n))  # fmt: skip
                    except SkirmishError:  # no gun, no round, terrified…: a fight, if it may
                        try:
                            melee(s, game=game, attacker=model.name, target=target,
                                  situation=fight(), dice=dice(n))  # fmt: skip
                        except SkirmishError:
                            continue
        return ledger(s, campaign=campaign)


def test_fair_dice_in_games_stay_within_three_standard_errors(tmp_path: Path) -> None:
    book = _games(tmp_path, RandomDice)
    figures = book.overall.all
    assert figures.rolls > 150 and figures.mean is not None and figures.se is not None
    assert abs(figures.mean - 50) < 3 * figures.se
    # the games' dice are skirmish's; the demo's purchases' were typed in
    assert set(book.overall.by_source) == {"random", "table"}
    assert book.overall.by_source["table"].rolls == len(book.between)


def test_loaded_dice_in_games_fall_outside_them(tmp_path: Path) -> None:
    book = _games(tmp_path, lambda n: _Loaded(6))
    purposes = {m.purpose for m in book.moments if m.kind == "roll"}
    assert {"nerve", "shot", "save"} <= purposes
    for purpose in purposes:
        mine = [m for m in book.moments if m.purpose == purpose and m.kind == "roll"]
        figures = build("C", None, None, [1], mine).overall.all
        assert figures.mean is not None and figures.se is not None
        assert (figures.mean > 50) == (better_of(purpose) is Better.HIGH), purpose
        if figures.rolls >= 5:  # one die alone cannot be told from chance
            assert abs(figures.mean - 50) > 3 * figures.se, purpose
    assert {m.source for m in book.moments} == {"unknown"}  # a source of no known kind


def test_a_dice_source_says_how_its_dice_came() -> None:
    from skirmish.engine.dice import RecordingDice, ScriptedDice, dice_from

    asked = TableDice(ask=lambda request: [3])
    asked.roll("shot")
    enter = TableDice(ask=lambda request: None)  # Enter at the first prompt: random dice
    enter.roll("shot")
    both = TableDice((4,), ask=lambda request: None)
    both.roll("shot")
    assert dice_from(both) == "table"
    both.roll("save")
    assert [dice_from(asked), dice_from(enter), dice_from(both)] == ["table", "random", "mixed"]
    assert dice_from(TableDice(())) is None  # nothing handed out yet
    assert dice_from(RecordingDice(RandomDice(1))) == "random"
    assert dice_from(ScriptedDice([1])) == "table"
    assert dice_from(None) is None


def test_a_rerolled_initiative_die_reads_as_initiative() -> None:
    a, b = Who("A", 1, "G", 1, None), Who("B", 2, "H", 2, None)
    cast = Cast({1: a, 2: b}, {"A": a, "B": b}, {"G": a, "H": b})
    events = [
        EventView(1, 1, 1, "initiative", 2, {"good": "A", "bad": "B", "dice_from": "table"},
                  ((2, "initiative: first"), (5, "initiative: opponent"))),
        EventView(2, 1, 1, "reroll", 2, {"model": "B", "stage": "initiative",
                  "purpose": "initiative: opponent", "old": 1, "new": 5}, ((5, "initiative"),)),
    ]  # fmt: skip
    found = [(m.purpose, m.faces, m.who.model, m.rerolled, m.source)
             for m in moments_of(events, cast)]  # fmt: skip
    assert found == [
        ("initiative", (2,), "A", False, "table"),
        ("initiative", (5,), "B", False, "table"),
        ("initiative", (1,), "B", True, "table"),
    ]


def test_a_lasso_throw_is_its_throwers_reflex_test_and_no_pull() -> None:
    a = Who("A", 1, "G", 1, None)
    cast = Cast({1: a}, {"A": a}, {"G": a})
    thrown = EventView(1, 1, 2, "lasso", 1, {"model": "A", "dice_from": "random"},
                       ((2, "reflex"), (5, "reflex"), (3, "lasso")))  # fmt: skip
    found = [(m.purpose, m.faces, m.who.model, m.source) for m in moments_of([thrown], cast)]
    assert found == [("reflex", (2, 5), "A", "random")]


def test_an_explosion_gives_each_model_caught_its_own_dice(tmp_path: Path) -> None:
    """Billy's dynamite, short fuse (its die Billy's), on Wyatt at 2U and Virgil at 4U: each
    rolls its own saving rolls, as many as the event says it rolled."""
    from skirmish.campaign.game.actions import Caught, explode

    db = tmp_path / "blast.db"
    shutil.copyfile(DEMO, db)
    with opened(db) as s:
        campaign = lookup.current_campaign(s)
        game = start_game(s, campaign=campaign, scenario="bank-robbery", gangs=[EARPS, CLANTONS])
        new_turn(s, game=game, dice=TableDice(()))
        explode(s, game=game, thrower="Billy Clanton", explosive="dynamite", short_fuse=True,
                caught=[Caught("Wyatt Earp", 2), Caught("Virgil Earp", 4)],
                dice=RandomDice(3))  # fmt: skip
        book = ledger(s, campaign=campaign)
        (event,) = s.exec(select(GameEvent).where(GameEvent.action == "explosion")).all()
    details = event.details
    assert details["dice_from"] == "random"
    rolled = [(m.purpose, m.faces, m.who.model) for m in book.moments]
    faces = [d["value"] for d in event.dice]
    expected = [("short fuse", (faces[0],), "Billy Clanton")]
    start = 1
    for victim in details["caught"]:
        mine = event.dice[start : start + victim["dice"]]
        expected += [(d["purpose"], (d["value"],), victim["model"]) for d in mine
                     if d["purpose"] != "thrown"]  # fmt: skip
        start += victim["dice"]
    assert start == len(faces) and rolled == expected
    assert {m.opponent for m in book.moments if m.who.model != "Billy Clanton"} == {"Billy Clanton"}
