"""Deterministic races (issue #8, point 1), on SQLite and on PostgreSQL.

Each test sets a campaign up, then a separate connection holds the lock every writer needs
(``race_harness``), two ``skirmish`` processes start and block on it, and the lock is released.
Exactly the expected number of them succeeds; every other one is refused in one ``Error:``
line, never a traceback; afterwards ``audit.check_campaign`` finds nothing wrong (money chain,
R-13, unique names, undo), and every action of the gang undoes back to its founding, where the
treasury is the starting 400$ again.

The last test holds the lock for longer than a writer's ``SKIRMISH_BUSY_TIMEOUT``: it gives up
in one line and changes nothing.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from race_harness import (
    SKIRMISH,
    START_TREASURY,
    RaceDb,
    describe,
    split,
)

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
BUSY = (
    "Error: the database is busy (another skirmish is writing); try again. Nothing was changed.\n"
)


@pytest.fixture(params=BACKENDS)
def race_db(request: pytest.FixtureRequest, tmp_path: Path) -> RaceDb:
    """A fresh database with the current schema and no campaign."""
    if request.param == "sqlite":
        return RaceDb.sqlite(tmp_path, request.getfixturevalue("sqlite_template"))
    return RaceDb("postgresql", request.getfixturevalue("postgres_migrated_database"))


@pytest.fixture
def lawmen(race_db: RaceDb) -> RaceDb:
    """Campaign R with gang A, lawmen (no availability roll for weapons), 400$."""
    race_db.cli("campaign", "new", "R")
    race_db.cli("gang", "new", "A", "--faction", "lawmen")
    return race_db


def show(db: RaceDb, gang: str = "A") -> dict[str, object]:
    found: dict[str, object] = db.json("gang", "show", gang)
    return found


def items(db: RaceDb, gang: str = "A") -> list[str]:
    gang_shown = db.json("gang", "show", gang)
    held = [item["id"] for item in gang_shown["stash"]]
    for member in gang_shown["members"]:
        held += [item["id"] for item in member["items"]]
    return sorted(held)


def active(db: RaceDb, gang: str = "A") -> list[dict[str, str]]:
    members: list[dict[str, str]] = db.json("gang", "show", gang)["members"]
    return members


# --------------------------------------------------------------------------- money


def test_two_buys_with_money_for_one(lawmen: RaceDb) -> None:
    """Two six-shooters (6$ each) with 8$ in the treasury: one is bought, never two."""
    for args in (
        ("gang", "hire", "A", "sheriff", "--name", "Wyatt"),  # 400 → 220
        ("gang", "hire", "A", "deputy", "--name", "Virgil"),  # → 120
        ("gang", "hire", "A", "deputy", "--name", "Morgan"),  # → 20
        ("gang", "buy", "A", "heavy-pistol"),  # → 8
    ):
        lawmen.cli(*args)
    assert show(lawmen)["treasury"] == 8
    outcomes = lawmen.race(("gang", "buy", "A", "six-shooter"), ("gang", "buy", "A", "six-shooter"))
    _, lost = split(outcomes, winners=1)
    assert "R-12: the six-shooter costs 6$ but 'A' has 2$" in lost[0].stderr, describe(outcomes)
    assert show(lawmen)["treasury"] == 2
    assert items(lawmen) == ["heavy-pistol", "six-shooter"]
    lawmen.settles("A")


def test_two_buys_of_different_items_lose_no_money(lawmen: RaceDb) -> None:
    """A knife (2$) and a six-shooter (6$) bought at once with plenty of money: both bought,
    and the treasury pays for both (no lost update)."""
    outcomes = lawmen.race(("gang", "buy", "A", "knife"), ("gang", "buy", "A", "six-shooter"))
    split(outcomes, winners=2)
    assert items(lawmen) == ["knife", "six-shooter"]
    assert show(lawmen)["treasury"] == START_TREASURY - 8, describe(outcomes)
    lawmen.settles("A")


def test_two_sales_of_the_only_knife(lawmen: RaceDb) -> None:
    """One knife in the stash, sold twice at once: one sale (1$), never two."""
    lawmen.cli("gang", "buy", "A", "knife")  # 400 → 398
    outcomes = lawmen.race(("gang", "sell", "A", "knife"), ("gang", "sell", "A", "knife"))
    _, lost = split(outcomes, winners=1)
    assert "holds no knife" in lost[0].stderr, describe(outcomes)
    assert show(lawmen)["treasury"] == 399
    assert items(lawmen) == []
    lawmen.settles("A")


# --------------------------------------------------------------------------- undo


def test_two_undos_with_one_action_to_undo(lawmen: RaceDb) -> None:
    """Only one action after founding: one undo reverts it, the other finds nothing to undo."""
    lawmen.cli("gang", "buy", "A", "knife")
    outcomes = lawmen.race(("undo", "A"), ("undo", "A"))
    _, lost = split(outcomes, winners=1)
    assert lost[0].stderr.startswith("Error: nothing to undo for 'A'"), describe(outcomes)
    undos = [e for e in lawmen.json("log", "A") if e["action"] == "undo"]
    assert len(undos) == 1
    assert show(lawmen)["treasury"] == START_TREASURY
    assert items(lawmen) == []
    lawmen.settles("A")


def test_two_undos_with_two_actions_to_undo(lawmen: RaceDb) -> None:
    """Two actions after founding: both undos work, and they revert different entries."""
    lawmen.cli("gang", "buy", "A", "knife")  # → 398
    lawmen.cli("gang", "buy", "A", "six-shooter")  # → 392
    log = lawmen.json("log", "A")
    bought = {e["id"] for e in log if e["action"] == "buy"}
    assert len(bought) == 2
    outcomes = lawmen.race(("undo", "A"), ("undo", "A"))
    split(outcomes, winners=2)
    reverted = [e["reverts"] for e in lawmen.json("log", "A") if e["action"] == "undo"]
    assert sorted(reverted) == sorted(bought), describe(outcomes)
    assert show(lawmen)["treasury"] == START_TREASURY
    assert items(lawmen) == []
    assert lawmen.undo_to_founding("A") == 0
    lawmen.settles("A")


def test_two_undos_confirmed_for_one_entry_undo_it_once(lawmen: RaceDb) -> None:
    """Issue #20: two phones showed the same last action and both confirm it (``--entry``):
    one takes it back, the other is refused, saying it was undone and what is last now; the
    earlier action stays."""
    lawmen.cli("gang", "buy", "A", "knife")  # → 398
    lawmen.cli("gang", "buy", "A", "six-shooter")  # → 392
    shown = lawmen.json("log", "A")[-1]
    assert shown["action"] == "buy"
    confirm = ("undo", "A", "--entry", str(shown["id"]))
    outcomes = lawmen.race(confirm, confirm)
    _, lost = split(outcomes, winners=1)
    refusal = lost[0].stderr
    assert refusal.startswith("Error: 'A''s last action is no longer the one shown (bought "), (
        describe(outcomes)
    )
    assert "it was undone; the last action now is: bought Knife" in refusal, refusal
    reverted = [e["reverts"] for e in lawmen.json("log", "A") if e["action"] == "undo"]
    assert reverted == [shown["id"]], describe(outcomes)
    assert show(lawmen)["treasury"] == START_TREASURY - 2
    assert items(lawmen) == ["knife"]
    lawmen.settles("A")


# ---------------------------------------------------------------------------


def test_two_hires_for_the_sixth_place(lawmen: RaceDb) -> None:
    """Five models: two hires at once make six, the second is refused (R-13, at most six)."""
    for n in range(1, 6):
        lawmen.cli("gang", "hire", "A", "volunteer", "--name", f"V{n}")  # 40$ each → 200
    outcomes = lawmen.race(
        ("gang", "hire", "A", "volunteer", "--name", "Frank"),
        ("gang", "hire", "A", "volunteer", "--name", "Gus"),
    )
    _, lost = split(outcomes, winners=1)
    assert "R-13: 'A' already has 6 models" in lost[0].stderr, describe(outcomes)
    assert len(active(lawmen)) == 6
    assert show(lawmen)["treasury"] == 160
    lawmen.settles("A")


def test_two_leaders_hired_at_once(lawmen: RaceDb) -> None:
    """Two sheriffs (the leader) hired at once, with money for both: one leader."""
    outcomes = lawmen.race(
        ("gang", "hire", "A", "sheriff", "--name", "Wyatt"),
        ("gang", "hire", "A", "sheriff", "--name", "Virgil"),
    )
    _, lost = split(outcomes, winners=1)
    assert "R-13: 'A' already has a leader" in lost[0].stderr, describe(outcomes)
    roster = active(lawmen)
    assert [m["role"] for m in roster] == ["leader"]
    assert show(lawmen)["treasury"] == START_TREASURY - 180
    lawmen.settles("A")


def test_two_models_called_joe_hired_at_once(lawmen: RaceDb) -> None:
    """Two volunteers both called Joe, hired at once: one Joe."""
    outcomes = lawmen.race(
        ("gang", "hire", "A", "volunteer", "--name", "Joe"),
        ("gang", "hire", "A", "volunteer", "--name", "Joe"),
    )
    _, lost = split(outcomes, winners=1)
    assert "R-13: 'A' already has a model called 'Joe'" in lost[0].stderr, describe(outcomes)
    assert [m["name"] for m in active(lawmen)] == ["Joe"]
    assert show(lawmen)["treasury"] == START_TREASURY - 40
    lawmen.settles("A")


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(("first", "second"), [("Cc", "cc"), ("B", "B")])
def test_two_gangs_founded_at_once_with_one_name(race_db: RaceDb, first: str, second: str) -> None:
    """``gang new Cc`` and ``gang new cc`` (names that fold alike), or ``gang new B`` twice,
    at once: one gang, and the other refused in one line (never an IntegrityError)."""
    race_db.cli("campaign", "new", "R")
    outcomes = race_db.race(
        ("gang", "new", first, "--faction", "lawmen"),
        ("gang", "new", second, "--faction", "lawmen"),
    )
    won, lost = split(outcomes, winners=1)
    founded = won[0].args[2]
    assert f"Error: campaign 'R' already has a gang called {founded!r}" in lost[0].stderr, describe(
        outcomes
    )
    gangs = race_db.json("gang", "list")
    assert [g["name"] for g in gangs] == [founded]
    race_db.settles(founded)


def test_two_campaigns_created_at_once_with_one_name(race_db: RaceDb) -> None:
    """``campaign new Tombstone`` twice at once on a database with no campaign: one campaign."""
    outcomes = race_db.race(
        ("campaign", "new", "Tombstone"), ("campaign", "new", "Tombstone"), lock="store"
    )
    _, lost = split(outcomes, winners=1)
    assert "a campaign called 'Tombstone' already exists" in lost[0].stderr, describe(outcomes)
    assert [c["name"] for c in race_db.json("campaign", "list")] == ["Tombstone"]
    assert race_db.audit("Tombstone") == []
    race_db.cli("gang", "new", "A", "--faction", "lawmen")
    race_db.cli("gang", "buy", "A", "knife")
    race_db.settles("A", campaign="Tombstone")


# --------------------------------------------------------------------------- busy


def test_a_writer_gives_up_cleanly_when_the_database_stays_busy(lawmen: RaceDb) -> None:
    """The lock held longer than SKIRMISH_BUSY_TIMEOUT: exit 1, the busy message in one line,
    nothing changed."""
    import os

    before = lawmen.dump()
    env = {k: v for k, v in os.environ.items() if k != "SKIRMISH_DB"}
    env.update(SKIRMISH_BUSY_TIMEOUT="0.5", SKIRMISH_LANG="")
    with lawmen.holding("campaign", "R"):
        done = subprocess.run(
            [SKIRMISH, "gang", "buy", "A", "knife", "--db", lawmen.db],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert (done.returncode, done.stdout, done.stderr) == (1, "", BUSY)
    assert lawmen.dump() == before
    lawmen.settles("A")
