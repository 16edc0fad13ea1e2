"""``game undo``: every kind of game action taken back exactly (every row of the game, its
events and the campaign log as they were), repeatedly back to the game's start, the end and the
abandon while no gang has acted since, the refusals (nothing changed), on SQLite and
PostgreSQL. Decisions: docs/games.md, "Undoing a game action"."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from skirmish.campaign import audit, lookup, store

from .harness import SETUP, Cli, fresh, register_views

GAME_TABLES = ("game", "game_gang", "game_model", "game_objective", "game_event")

#: Before the game: whisky for Wyatt (§8.3) and an unarmed civilian with the Clantons (R-20).
EXTRA_SETUP: tuple[tuple[str, ...], ...] = (
    ("gang", "buy", "Earps", "whisky", "--for", "Wyatt", "--dice", "6"),
    ("gang", "hire", "Clantons", "unarmed-civilian", "--name", "Pete"),
)

#: One of each kind of game action, in an order a table could play them.
ACTIONS: tuple[tuple[str, ...], ...] = (
    ("game", "turn"),
    ("game", "objective", "loot", "carry", "--by", "Ike"),
    ("game", "objective", "loot", "carry", "--by", "Frank"),
    ("game", "initiative", "Wyatt", "Ike", "--seed", "1"),
    ("game", "shoot", "Wyatt", "Frank", "--range", "5", "--dice", "1,1,6,4,4"),
    ("game", "spend", "fortuna", "Billy"),
    ("game", "activate", "Morgan"),
    ("game", "melee", "Virgil", "Billy", "--seed", "3"),
    ("game", "hit", "Ike", "--wounds", "1", "--by", "Virgil"),
    ("game", "state", "Morgan", "prone"),
    ("game", "state", "Pete", "fleeing"),
    ("game", "turn", "--seed", "4"),
    ("game", "drink", "Wyatt"),
    ("game", "leave", "Pete"),
    ("game", "objective", "loot", "recover", "--by", "Virgil"),
    ("game", "eliminate", "Morgan", "--by", "Ike"),
)


def rows(db: Path | str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the game tables and the campaign log, all columns, ids included, but the
    game's revision: every change moves it on, an undo too (issue #12, test_revision.py)."""
    with sqlite3.connect(db) as connection:
        found = {
            table: connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
            for table in (*GAME_TABLES, "log_entry", "member", "gang", "owned_item")
        }
        names = [column[1] for column in connection.execute("PRAGMA table_info(game)")]
    connection.close()
    at = names.index("revision")
    found["game"] = [row[:at] + row[at + 1 :] for row in found["game"]]
    return found


def sql(db: Path | str, statement: str, *values: Any) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute(statement, values)
    connection.close()


def started(cli: Cli) -> Cli:
    for command in EXTRA_SETUP:
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    return cli


@pytest.fixture
def game(cli: Cli) -> Cli:
    return started(cli)


def test_every_kind_of_game_action_is_undone_exactly(game: Cli) -> None:
    for command in ACTIONS:
        before = rows(game.db)
        game.run(*command)
        after = rows(game.db)
        assert after != before, command
        last_id = after["game_event"][-1][0]
        line = game.run("game", "undo")
        assert line.startswith("Undone: turn "), (command, line)
        assert rows(game.db) == before, command
        game.run(*command)  # played again, with the same dice
        again = rows(game.db)
        assert again["game_event"][-1][0] > last_id, "an event id was given twice"


def undone_exactly(cli: Cli, commands: tuple[tuple[str, ...], ...]) -> None:
    """Each command played, undone (every row as before), and played again."""
    for command in commands:
        before = rows(cli.db)
        cli.run(*command)
        assert rows(cli.db) != before, command
        cli.run("game", "undo")
        assert rows(cli.db) == before, command
        cli.run(*command)


def test_table_one_actions_are_undone_exactly(cli: Cli) -> None:
    """Reload, the jam and unjam (R-14), mount and dismount (R-06), the lasso and an explosion
    (§5.5): what they used of the kit and the horse come back too."""
    from .test_actions import KIT, RANCH

    for command in (*KIT, *RANCH):
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    undone_exactly(
        cli,
        (
            ("game", "reload", "Ike", "--rounds", "17"),
            ("game", "turn"),
            ("game", "shoot", "Ike", "Wyatt", "--dice", "1,1,1,1,1"),
            ("game", "turn"),
            ("game", "unjam", "Ike"),
            ("game", "mount", "Wyatt", "--pace", "corsa", "--dice", "3,5"),  # fails: lost
            ("game", "mount", "Wyatt", "--pace", "trotto", "--dice", "3,5"),
            ("game", "dismount", "Wyatt", "--pace", "gallop", "--dice", "1,2"),
        ),
    )
    cli.run("game", "abandon")
    cli.run("game", "start", "bank-robbery", "Earps", "Cows")
    undone_exactly(
        cli,
        (
            ("game", "turn"),
            ("game", "explosion", "Bill", "--caught", "Wyatt=4", "--dice", "5"),
            ("game", "mount", "Wyatt"),
            ("game", "lasso", "Curly", "Wyatt", "--dice", "1,1,6"),
        ),
    )


def test_repeated_undo_goes_back_to_the_start_and_no_further(game: Cli) -> None:
    at_start = rows(game.db)
    for command in ACTIONS:
        game.run(*command)
    data = game.json("game", "undo", "--times", str(len(ACTIONS)))
    assert len(data["undone"]) == len(ACTIONS)
    assert data["turn"] == 0 and data["status"] == "in_progress"
    assert [u["action"] for u in data["undone"]][-1] == "turn"
    assert rows(game.db) == at_start
    error = game.fail("game", "undo")
    assert "back at its start" in error and "game abandon" in error
    assert rows(game.db) == at_start
    assert "è tornata all'inizio" in game.fail("game", "undo", "--lang", "it")


def test_asking_for_more_undos_than_actions_changes_nothing(game: Cli) -> None:
    for command in ACTIONS[:3]:
        game.run(*command)
    before = rows(game.db)
    error = game.fail("game", "undo", "--times", "5")
    assert "only 3 of the 5 actions asked can be undone" in error
    assert rows(game.db) == before
    assert "--times: '-1' is not a number from 0 to" in game.fail("game", "undo", "--times", "-1")
    assert "give 1 or more" in game.fail("game", "undo", "--times", "0")


def test_the_undo_says_what_it_took_back_in_either_language(game: Cli) -> None:
    for command in ACTIONS[:4]:
        game.run(*command)
    game.run("game", "shoot", "Wyatt", "Frank", "--range", "5", "--dice", "1,1,6,4,4")
    text = game.run("game", "undo", "--lang", "it")
    assert text.splitlines()[0].startswith("Annullato: turno 1, sparo: Wyatt → Frank (")
    assert "Frank: COS 2 → 0, eliminato" in text
    assert "sacco del bottino" in text.lower() or "bottino" in text.lower()
    assert "La partita 1 è al turno 1, in corso." in text
    for leaked in ("loot-sack", "in_progress", "carried", "shoot"):
        assert leaked not in text
    game.run("game", "shoot", "Wyatt", "Frank", "--range", "5", "--dice", "1,1,6,4,4")
    text = game.run("game", "undo")
    assert text.startswith("Undone: turn 1, shoot: Wyatt → Frank (")
    assert "Frank: COS 2 → 0, eliminated" in text
    data = game.json("game", "log")
    assert not any(e["action"] == "shoot" for e in data), "the undone shot is still in the log"


def test_the_json_names_the_events_taken_back(game: Cli) -> None:
    game.run("game", "turn")
    shot = game.json("game", "shoot", "Wyatt", "Frank", "--range", "5", "--dice", "1,1,6,4,4")
    data = game.json("game", "undo")
    assert data["game"] == 1 and data["turn"] == 1
    (undone,) = data["undone"]
    assert undone["action"] == "shoot" and undone["actor"] == "Wyatt"
    assert undone["target"] == "Frank"
    assert [e["id"] for e in undone["events"]] == [e["id"] for e in shot["events"]]
    kinds = {(c["kind"], c["who"]) for c in undone["changes"]}
    assert {("cos", "Frank"), ("eliminated", "Frank")} <= kinds


def test_the_end_is_undone_while_no_gang_has_acted_since(game: Cli) -> None:
    game.run("game", "turn")
    before = rows(game.db)
    log = game.json("log")
    game.run("game", "end", "--winner", "Earps")
    text = game.run("game", "undo")
    assert text.startswith("Undone: turn 1, end (game in progress → ended).")
    assert "The campaign log of Earps takes back the end of game 1." in text
    assert "bank-robbery" not in text
    now = rows(game.db)
    assert {t: now[t] for t in GAME_TABLES} == {t: before[t] for t in GAME_TABLES}
    # The campaign log keeps the end and says it was undone; the money chain holds.
    entries = game.json("log")
    assert [e["action"] for e in entries[len(log) :]] == ["game-end"] * 2 + ["undo"] * 2
    assert audit_problems(game) == []
    assert game.json("game", "status")["status"] == "in_progress"
    assert "its last action is its game start" in game.fail("undo", "Earps")
    # Played on, it ends again and the post-game runs as usual.
    game.run("game", "end", "--winner", "Earps")
    game.run("game", "postgame", "--seed", "5")


def test_the_end_is_not_undone_after_the_postgame_until_that_is_undone(game: Cli) -> None:
    game.run("game", "turn")
    game.run("game", "eliminate", "Frank", "--by", "Wyatt")
    game.run("game", "end", "--winner", "Earps")
    report = game.json("game", "postgame", "--seed", "5")
    before = rows(game.db)
    error = game.fail("game", "undo")
    assert "has logged more since game 1 ended" in error and "skirmish undo" in error
    assert rows(game.db) == before
    assert "ha registrato altro" in game.fail("game", "undo", "--lang", "it")
    for gang in report["gangs"]:
        for _ in gang["steps"]:
            game.run("undo", gang["gang"])
    game.run("game", "undo")
    assert game.json("game", "status")["status"] == "in_progress"
    assert audit_problems(game) == []


def test_a_retreat_a_turn_and_an_elimination_that_end_the_game_are_undone(game: Cli) -> None:
    game.run("game", "turn")
    before = rows(game.db)
    game.run("game", "retreat", "Clantons", "--dice", "1")
    game.run("game", "undo")
    now = rows(game.db)
    assert {t: now[t] for t in GAME_TABLES} == {t: before[t] for t in GAME_TABLES}
    for name in ("Ike", "Billy", "Frank"):
        game.run("game", "eliminate", name, "--by", "Wyatt")
    before = rows(game.db)
    ended = game.json("game", "turn", "--dice", "6")  # 3 of 4 lost, 6 > FRED: it ends
    assert [e["action"] for e in ended["events"]][-1] == "end"
    game.run("game", "undo")
    now = rows(game.db)
    assert {t: now[t] for t in GAME_TABLES} == {t: before[t] for t in GAME_TABLES}
    assert audit_problems(game) == []
    # The last of a side eliminated ends the game with the elimination (issue #10): undone too.
    out = game.run("game", "eliminate", "Pete", "--by", "Wyatt")
    assert "Game over: Earps wins" in out
    game.run("game", "undo")
    now = rows(game.db)
    assert {t: now[t] for t in GAME_TABLES} == {t: before[t] for t in GAME_TABLES}
    assert audit_problems(game) == []


def test_an_abandon_is_undone_unless_a_gang_has_acted_since(game: Cli) -> None:
    game.run("game", "turn")
    before = rows(game.db)
    game.run("game", "abandon")
    text = game.run("game", "undo", "--lang", "it")
    assert "Il registro della campagna di Clantons annulla la voce «abbandono»" in text
    now = rows(game.db)
    assert {t: now[t] for t in GAME_TABLES} == {t: before[t] for t in GAME_TABLES}
    game.run("game", "abandon")
    game.run("member", "xp", "Clantons", "Ike", "1")
    before = rows(game.db)
    assert "has logged more since game 1 ended" in game.fail("game", "undo")
    assert rows(game.db) == before


def test_an_action_of_an_older_skirmish_is_refused(game: Cli) -> None:
    game.run("game", "turn")
    game.run("game", "state", "Ike", "shaken")
    sql(game.db, "UPDATE game_event SET before = NULL")  # as written before migration 0007
    before = rows(game.db)
    error = game.fail("game", "undo")
    assert "recorded by an older skirmish" in error and "turn 1, state" in error
    assert rows(game.db) == before


def test_rows_changed_outside_a_game_command_are_not_undone(game: Cli) -> None:
    game.run("game", "turn")
    game.run("game", "state", "Ike", "shaken")
    sql(game.db, "UPDATE game_model SET cos_left = 1 WHERE name = 'Billy'")
    before = rows(game.db)
    error = game.fail("game", "undo")
    assert "has changed since its last action (turn 1, state)" in error
    assert rows(game.db) == before
    sql(game.db, "UPDATE game_model SET cos_left = cos_start WHERE name = 'Billy'")
    game.run("game", "undo")  # put back as it was: undone


def test_an_event_recorded_outside_a_game_command_is_not_undone(game: Cli) -> None:
    game.run("game", "turn")
    game.run("game", "state", "Ike", "shaken")
    sql(
        game.db,
        "INSERT INTO game_event (game_id, turn, action, at, details, dice) "
        "VALUES (1, 1, 'state', '2024-01-01T00:00:00Z', ?, '[]')",
        json.dumps({"note": "typed in by hand"}),
    )
    before = rows(game.db)
    assert "has changed since its last action" in game.fail("game", "undo")
    assert rows(game.db) == before


def test_each_action_stores_the_state_before_it_on_its_first_event_only(game: Cli) -> None:
    for command in ACTIONS:
        game.run(*command)
    with sqlite3.connect(game.db) as connection:
        query = "SELECT id, action, before FROM game_event ORDER BY id"
        events = connection.execute(query).fetchall()
    connection.close()
    firsts = [json.loads(b) for _, _, b in events if b is not None and json.loads(b) is not None]
    assert events[0][1] == "start" and json.loads(events[0][2] or "null") is None
    assert len(firsts) == len(ACTIONS)
    covered = sorted(i for state in firsts for i in state["action"]["events"])
    assert covered == [i for i, _, _ in events[1:]], "every event belongs to one action"
    for state in firsts:
        assert set(state) >= {"revision", "game", "game_gang", "game_model", "game_objective"}


def audit_problems(cli: Cli) -> list[str]:
    engine = store.open_store(str(cli.db), access=store.Access.READ, create=False)
    try:
        with store.transaction(engine, access=store.Access.READ) as session:
            return audit.check_campaign(session, lookup.current_campaign(session))
    finally:
        engine.dispose()


def test_undo_on_a_game_of_its_own_copy(base_db: Path, tmp_path: Path) -> None:
    """Two campaigns' files do not share anything: an undo in one leaves the other alone."""
    one = started(fresh(base_db, tmp_path, "one.db"))
    two = started(fresh(base_db, tmp_path, "two.db"))
    one.run("game", "turn")
    two.run("game", "turn")
    before = rows(two.db)
    one.run("game", "undo")
    assert rows(two.db) == before


@pytest.mark.postgres
def test_game_undo_on_postgresql(postgres_migrated_database: str) -> None:
    register_views()
    cli = Cli(postgres_migrated_database)
    for command in SETUP:
        cli.run(*command)
    started(cli)
    at_start = cli.state()
    for command in ACTIONS[:6]:
        cli.run(*command)
    middle = cli.state()
    cli.run("game", "spend", "fortuna", "Ike")
    cli.run("game", "undo")
    assert cli.state() == middle
    cli.run("game", "end", "--winner", "Earps")
    cli.run("game", "undo")
    assert cli.state()["boards"] == middle["boards"]
    assert cli.state()["events"] == middle["events"]
    cli.run("game", "undo", "--times", "6")
    assert cli.state()["boards"] == at_start["boards"]
    assert cli.state()["events"] == at_start["events"]
    assert "back at its start" in cli.fail("game", "undo")


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def test_two_undos_at_once_take_back_two_different_actions(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Two ``game undo`` started while another writer holds the lock: both wait, then each
    takes back one action, the later first, as one after the other would (docs/campaign.md)."""
    from campaign.race_harness import RaceDb, describe

    register_views()
    if backend == "sqlite":
        race = RaceDb.sqlite(tmp_path, request.getfixturevalue("sqlite_template"))
    else:
        race = RaceDb("postgresql", request.getfixturevalue("postgres_migrated_database"))
    for command in (*SETUP, *EXTRA_SETUP):
        race.cli(*command)
    race.cli("game", "start", "bank-robbery", "Earps", "Clantons")
    race.cli("game", "turn")
    at_turn = race.json("game", "status")
    race.cli("game", "spend", "fortuna", "Ike")
    race.cli("game", "state", "Billy", "shaken")
    outcomes = race.race(("game", "undo"), ("game", "undo"), campaign="Test")
    assert [o.code for o in outcomes] == [0, 0], describe(outcomes)
    said = sorted(o.stdout.splitlines()[0] for o in outcomes)
    assert said[0].startswith("Undone: turn 1, spend: Ike") and "state: Billy" in said[1]
    assert race.json("game", "status") == at_turn
    assert race.audit("Test") == []


def test_an_undo_confirmed_for_an_action_no_longer_last_is_refused(game: Cli) -> None:
    """Issue #20: ``--entry`` names the action shown (its first event); once another action
    came since, or it was taken back, the undo is refused naming what changed, nothing
    changed; the action shown, still last, is taken back."""
    game.run("game", "turn")
    game.run("game", "state", "Morgan", "prone")
    shown = game.json("game", "log")[-1]["id"]
    game.run("game", "state", "Ike", "prone")
    before = rows(game.db)
    refused = game.fail("game", "undo", "--entry", str(shown))
    assert "is no longer the one shown (Turn 1 · Morgan" in refused, refused
    assert "it was followed by: Turn 1 · Ike" in refused, refused
    assert rows(game.db) == before
    latest = game.json("game", "log")[-1]["id"]
    game.run("game", "undo", "--entry", str(latest))
    again = game.fail("game", "undo", "--entry", str(latest), "--lang", "it")
    assert "è stata annullata nel frattempo; l'ultima azione ora è: Turno 1 · Morgan" in again
    game.run("game", "undo", "--entry", str(shown))
