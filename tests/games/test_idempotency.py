"""Idempotency keys (issue #12): a double tap or a retried request records its action once and
gets the first answer again; a key reused for another route or account, or a malformed one, is
refused in words; a refused action keeps no key; two identical requests racing in two threads
record the action once, on SQLite and on PostgreSQL. The action here is a purchase, which
would pay twice if it ran twice."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session

from skirmish.campaign import equipment, gangs, idempotency, logbook, lookup, store
from skirmish.campaign.account_tables import RequestKey
from skirmish.campaign.game import activations
from skirmish.campaign.game.activations import to_activate
from skirmish.campaign.game.undo import undo
from skirmish.engine.dice import ScriptedDice
from skirmish.errors import CampaignError, SkirmishError
from skirmish.rules.model import Side

from .table_mode import Table

GOOD = Side.GOOD

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
ROUTE = "/api/v1/campaigns/West/gangs/Earps/buy"


@pytest.fixture(params=BACKENDS)
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """A store with the campaign 'West' and the lawmen gang 'Earps' (400 dollars)."""
    if request.param == "sqlite":
        path = tmp_path / "campaigns.db"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        url = f"sqlite:///{path}"
    else:
        url = request.getfixturevalue("postgres_migrated_database")
    opened = store.open_store(url)
    with store.transaction(opened) as s:
        campaign = gangs.new_campaign(s, name="West")
        gangs.new_gang(s, campaign=campaign, name="Earps", faction="lawmen")
    yield opened
    opened.dispose()


def buy(s: Session) -> tuple[int, Any]:
    """The action: a knife for the Earps; its answer, the money left."""
    gang = lookup.gang_by_name(s, lookup.current_campaign(s), "Earps")
    equipment.buy(s, gang=gang, item="knife", dice=ScriptedDice([]))
    return 201, {"treasury": gang.treasury}


def request(
    engine: Engine,
    key: str,
    *,
    user: int | None = None,
    route: str = ROUTE,
    run: Callable[[Session], tuple[int, Any]] = buy,
) -> tuple[int, Any, bool]:
    with store.transaction(engine, author=user) as s:
        return idempotency.replay_or_run(s, key, user, route, lambda: run(s))


def knives(engine: Engine) -> int:
    with store.transaction(engine, access=store.Access.READ) as s:
        gang = lookup.gang_by_name(s, lookup.current_campaign(s), "Earps")
        return sum(1 for item in gang.items if item.item == "knife")


def test_a_double_tap_records_the_action_once(engine: Engine) -> None:
    first = request(engine, "tap-1")
    again = request(engine, "tap-1")
    assert first[:2] == again[:2] and (first[2], again[2]) == (False, True)
    assert knives(engine) == 1
    request(engine, "tap-2")  # a new key is a new action
    assert knives(engine) == 2


def test_a_key_used_for_another_route_or_account_is_refused(engine: Engine) -> None:
    request(engine, "k-1", user=None)
    with pytest.raises(CampaignError, match="already used for another request") as refusal:
        request(engine, "k-1", route="/api/v1/campaigns/West/gangs/Earps/sell")
    assert refusal.value.text("it").startswith("questa chiave di idempotenza è già stata usata")
    with pytest.raises(CampaignError, match="already used for another request"):
        request(engine, "k-1", user=7)
    assert knives(engine) == 1


@pytest.mark.parametrize("key", ["", "x" * 65, "con spazio", "caffè", "tab\there"])
def test_a_malformed_key_is_refused_in_words(engine: Engine, key: str) -> None:
    with pytest.raises(CampaignError, match="1 to 64 printable ASCII") as refusal:
        request(engine, key)
    assert "chiave di idempotenza" in refusal.value.text("it")
    assert knives(engine) == 0


def test_a_refused_action_keeps_no_key_and_a_retry_is_refused_again(engine: Engine) -> None:
    def refused(s: Session) -> tuple[int, Any]:
        buy(s)  # bought, then the second purchase is refused: the whole request is undone
        gang = lookup.gang_by_name(s, lookup.current_campaign(s), "Earps")
        equipment.buy(s, gang=gang, item="cannone", dice=ScriptedDice([]))
        return 201, {}

    for _ in range(2):
        with pytest.raises(SkirmishError):
            request(engine, "poor", run=refused)
    with store.transaction(engine, access=store.Access.READ) as s:
        assert s.get(RequestKey, "poor") is None
    assert knives(engine) == 0


def test_old_keys_are_forgotten(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    request(engine, "old")
    later = logbook.clock() + idempotency.KEEP + timedelta(minutes=1)
    request(engine, "new")
    with store.transaction(engine) as s:
        assert idempotency.forget_keys(s, before=later - idempotency.KEEP) == 2
    monkeypatch.setattr(logbook, "clock", lambda: later)
    request(engine, "newer")
    with store.transaction(engine) as s:
        assert idempotency.forget_keys(s) == 0  # "newer" is a minute old, not a day
        assert s.get(RequestKey, "newer") is not None


def test_a_lost_race_for_the_key_replays_the_winner_s_answer(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The branch a racing twin takes: its claim finds the key the other committed (issue #23:
    the claim comes first, ``ON CONFLICT DO NOTHING``, where a first look came before it), and
    it replays what is stored, looked up once, after the claim."""
    first = request(engine, "twin")
    real = idempotency._stored
    looks: list[str] = []

    def looked(s: Session, key: str) -> RequestKey | None:
        looks.append(key)
        return real(s, key)

    monkeypatch.setattr(idempotency, "_stored", looked)
    assert request(engine, "twin") == (*first[:2], True)
    assert looks == ["twin"] and knives(engine) == 1


def _blocked_on_a_lock(engine: Engine) -> bool:
    """PostgreSQL: whether some backend of this database waits on a lock (the twin's claim)."""
    with engine.connect() as connection:
        waiting = connection.execute(
            text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'"
            )
        ).scalar_one()
    return int(waiting) > 0


def test_two_identical_requests_racing_record_the_action_once(engine: Engine) -> None:
    """Two threads send the same key: the first claims it and, before it commits, lets the
    second start; on PostgreSQL it waits until the second is blocked on the claimed key. Both
    get the same answer, one of them replayed, and one knife is bought."""
    claimed = threading.Event()
    answers: dict[str, tuple[int, Any, bool]] = {}
    errors: list[BaseException] = []

    def slow_buy(s: Session) -> tuple[int, Any]:
        claimed.set()
        if engine.dialect.name == "postgresql":
            deadline = time.monotonic() + 30
            while not _blocked_on_a_lock(engine):
                assert time.monotonic() < deadline, "the twin never blocked on the key"
                time.sleep(0.01)
        return buy(s)

    def first() -> None:
        try:
            answers["first"] = request(engine, "race", run=slow_buy)
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    def second() -> None:
        assert claimed.wait(30)
        try:
            answers["second"] = request(engine, "race")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    assert answers["first"][:2] == answers["second"][:2]
    assert (answers["first"][2], answers["second"][2]) == (False, True)
    assert knives(engine) == 1


def test_a_game_action_sent_with_a_key_moves_the_revision_once_and_can_be_undone(
    table: Table,
) -> None:
    """The key's savepoint is released inside the unit of work (SQLAlchemy then fires
    ``before_commit``): the game's capture must wait for the real commit, so the action moves
    the revision on once and keeps its state before it for ``game undo``."""
    table.cli.run("game", "turn")
    before = table.revision()

    def step(s: Session) -> tuple[int, Any, bool]:
        game = table.game(s)  # locked first, as the web's routes do

        def run() -> tuple[int, Any]:
            done = activations.activate(s, game=game, member="Wyatt")
            return 200, {"model": done.model}

        return idempotency.replay_or_run(s, "wyatt-goes", None, "/activate", run)

    assert table.run(step) == (200, {"model": "Wyatt"}, False)
    assert table.run(step) == (200, {"model": "Wyatt"}, True)  # the double tap: nothing more
    assert table.revision() == before + 1
    table.run(lambda s: undo(s, game=table.game(s)))
    assert table.revision() == before + 2
    assert "Wyatt" in table.read(lambda s: [m.name for m in to_activate(s, table.game(s))[GOOD]])
