"""The rolls between games in the luck ledger (issue #14, ``campaign.luck``): the demo store's
availability rolls (R-12) read from the campaign log, each placed as counting every face of
the die says; an undone purchase's roll left out; the new-skill table not read; the rolls
counted in the gang's, the model's and the player's tallies, never in one game's; how their
dice came read when the entry records it."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from skirmish.campaign import lookup, store
from skirmish.campaign.accounts import add_user
from skirmish.campaign.equipment import buy
from skirmish.campaign.game.start import start_game
from skirmish.campaign.game.turns import new_turn
from skirmish.campaign.logbook import undo
from skirmish.campaign.luck import Ledger, ledger, moment_json
from skirmish.campaign.luck.reading import EntryView, Who, between_moments
from skirmish.campaign.models import LogEntry
from skirmish.engine.dice import RandomDice, TableDice

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
EARPS, CLANTONS, RANCH = "Earp brothers", "Clanton gang", "Lazy K Ranch"
FACES = range(1, 7)


@contextmanager
def opened(path: Path) -> Iterator[Session]:
    engine = store.open_store(str(path))
    try:
        with store.transaction(engine) as session:
            yield session
    finally:
        engine.dispose()


def _counted(face: int) -> tuple[Fraction, Fraction, Fraction]:
    """A face of 1D6 where higher is better, by counting the die's six faces: its mid-rank
    percentile, the chance of a face that good or better, and that bad or worse."""
    worse = sum(1 for f in FACES if f < face)
    same = sum(1 for f in FACES if f == face)
    better = sum(1 for f in FACES if f > face)
    return (
        Fraction(100 * (2 * worse + same), 2 * 6),
        Fraction(same + better, 6),
        Fraction(worse + same, 6),
    )


@pytest.fixture(scope="module")
def demo() -> tuple[Ledger, list[LogEntry]]:
    """The demo store as shipped (read only): its ledger and its purchases that rolled."""
    engine = store.open_store(str(DEMO), access=store.Access.READ)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s)
            book = ledger(s, campaign=campaign)
            rows = s.exec(
                select(LogEntry)
                .where(LogEntry.campaign_id == campaign.id, LogEntry.action == "buy")
                .order_by(col(LogEntry.id))
            ).all()
            bought = [e for e in rows if e.dice]
    finally:
        engine.dispose()
    return book, bought


def test_the_demos_availability_rolls_are_placed_as_counting_the_die_says(
    demo: tuple[Ledger, list[LogEntry]],
) -> None:
    book, bought = demo
    undone = {27}  # the Clantons' mule, bought with a 5 and undone (entry 28)
    standing = [e for e in bought if e.id not in undone]
    assert len(bought) == 15 and len(standing) == 14
    assert [m.log_id for m in book.between] == [e.id for e in standing]
    assert not book.empty and book.games == () and book.moments == () and book.postgame == ()
    for entry, m in zip(standing, book.between, strict=True):
        (die,) = entry.dice
        face, disp = die["value"], entry.details["disp"]
        percentile, as_good, as_bad = _counted(face)
        assert (m.purpose, m.faces, m.kind) == ("availability", (face,), "roll")
        assert (m.percentile, m.as_good, m.as_bad) == (percentile, as_good, as_bad)
        assert m.variance == sum(((_counted(f)[0] - 50) ** 2 for f in FACES), Fraction(0)) / 6
        assert (m.item, m.need) == (entry.details["item"], disp)
        assert m.passed is (face >= disp) is entry.details["available"]
        # the demo's script typed its dice in, and its purchases say so
        assert (m.log_action, m.games_played, m.source) == ("buy", 0, "table")
        assert (m.who.gang_id, m.who.member_id, m.who.model) == (
            entry.gang_id, entry.member_id, entry.member_name,
        )  # fmt: skip
    # the brief's example: DISP 2 failed with a 1 (the Earps' mule): 1 in 6 as bad or worse
    mule = book.between[0]
    assert (mule.who.gang, mule.who.model, mule.passed) == (EARPS, None, False)
    assert mule.as_bad == Fraction(1, 6) and mule.as_good == 1
    # a 5 found the Clantons' dynamite (DISP 4): 1 in 3 as good or better
    dynamite = next(m for m in book.between if m.item == "dynamite")
    assert dynamite.faces == (5,) and dynamite.as_good == Fraction(1, 3) and dynamite.passed


def test_they_count_in_the_gangs_and_models_tallies(demo: tuple[Ledger, list[LogEntry]]) -> None:
    book, _ = demo
    assert book.overall.all.rolls == len(book.between) == 14
    assert set(book.overall.by_source) == {"table"}
    for gang in book.gangs:
        mine = [m for m in book.between if m.who.gang == gang.name]
        assert gang.all.rolls == len(mine) > 0
        mean = sum((m.percentile for m in mine), Fraction(0)) / len(mine)
        assert gang.all.mean == pytest.approx(float(mean))
        assert gang.all.actions == 0 and gang.luckiest == () and gang.unluckiest == ()
    # a model's roll is the model's; the stash's (the Earps' mule, the Clantons' horse) none's
    assert sum(t.all.rolls for t in book.models) == sum(1 for m in book.between if m.who.model)
    billy = next(t for t in book.models if t.name == "Billy Clanton")
    assert billy.gang == CLANTONS and billy.all.rolls == 1
    assert billy.all.mean == pytest.approx(float(_counted(5)[0]))


def test_the_json_names_them_apart(demo: tuple[Ledger, list[LogEntry]]) -> None:
    book, _ = demo
    data = book.to_json()
    assert data["moments"] == [] and data["postgame"] == []
    assert data["between_games"] == [moment_json(m) for m in book.between]
    first = data["between_games"][0]
    assert first["between_games"] is True and first["game"] is None and first["turn"] is None
    assert (first["log_action"], first["item"], first["need"], first["passed"]) == (
        "buy", "mule", 2, False,
    )  # fmt: skip
    assert (first["as_good"], first["as_bad"], first["percentile_exact"]) == ("1", "1/6", "25/3")


def test_an_undone_purchase_is_not_read_and_a_game_has_none(tmp_path: Path) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    with opened(db) as s:
        campaign = lookup.current_campaign(s)
        ranch = lookup.gang_by_name(s, campaign, RANCH)
        ranch.owner_id = add_user(s, "Susan", "a long enough password").id
        ranch.treasury = 100  # the demo's ranch has 4$ left
        s.add(ranch)
        before = ledger(s, campaign=campaign, gang=ranch)
        tried = buy(s, gang=ranch, item="rifle", member="Pat Garrett", dice=TableDice((6,)))
        bought = ledger(s, campaign=campaign, gang=ranch)
        undo(s, gang=ranch)
        undone = ledger(s, campaign=campaign, gang=ranch)
        again = buy(s, gang=ranch, item="rifle", member="Pat Garrett", dice=RandomDice(7))
        game = start_game(s, campaign=campaign, scenario="bank-robbery", gangs=[RANCH, EARPS])
        new_turn(s, game=game, dice=TableDice(()))
        assert game.id is not None
        one_game = ledger(s, campaign=campaign, game_id=game.id)
        whole = ledger(s, campaign=campaign)
    assert [m.log_id for m in bought.between] == [*(m.log_id for m in before.between), tried.id]
    six = bought.between[-1]
    assert (six.who.model, six.who.player, six.faces, six.as_good, six.source) == (
        "Pat Garrett", "Susan", (6,), Fraction(1, 6), "table",
    )  # fmt: skip
    # a purchase records how its die came (typed in, or rolled by skirmish)
    assert tried.details["dice_from"] == "table" and again.details["dice_from"] == "random"
    assert next(m for m in whole.between if m.log_id == again.id).source == "random"
    assert undone.between == before.between
    assert tried.id not in {m.log_id for m in whole.between}
    # the player's tally has the gang's rolls between games
    (susan,) = bought.players
    assert susan.all.rolls == bought.overall.all.rolls == len(bought.between)
    pat = next(t for t in bought.models if t.name == "Pat Garrett")
    assert pat.all.rolls == 2  # his horse, and the rifle
    # one game: its own dice only, none of the purchases'
    assert one_game.between == () and one_game.game_id == game.id
    assert one_game.overall.all.rolls == sum(m.kind == "roll" for m in one_game.moments)
    assert whole.overall.all.rolls == sum(
        m.kind == "roll" for m in [*whole.moments, *whole.postgame, *whole.between]
    )


def test_the_source_is_the_entrys_when_it_records_one() -> None:
    who = Who("Doc Holliday", 4, EARPS, 1, None)
    typed = {"item": "shotgun", "disp": 3, "available": False, "dice_from": "table"}
    entries = [
        EntryView(7, "buy", 0, 0, who, typed, ((2, "availability"),), games_played=3),
        EntryView(8, "buy", 0, 0, who, {"dice_from": "loaded"}, ((4, "availability"),)),
        # the new-skill table is no luck (``purposes``): not read
        EntryView(9, "advance", 0, 0, who, {}, ((6, "new skill"), (6, "new skill"))),
    ]
    found = list(between_moments(entries))
    assert [(m.log_id, m.source) for m in found] == [(7, "table"), (8, "unknown")]
    assert (found[0].games_played, found[0].need, found[0].passed) == (3, 3, False)
    assert found[0].item == "shotgun" and found[0].as_bad == Fraction(1, 3)
    # without its DISP the entry says nothing of what was needed
    assert (found[1].item, found[1].need, found[1].passed) == (None, None, None)
