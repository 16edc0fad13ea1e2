"""Random games played through the CLI, with ``game undo`` among the moves (hypothesis state
machine, few and short runs to stay fast).

The moves are the game's commands (turn, initiative, activate, shoot, melee, hit, eliminate,
state, spend, objective events, reload, unjam, mount, dismount, end, abandon) and ``game undo
--times N``. The machine
keeps a stack of the database's state before each action that was accepted. After every move:

- a refused command changed nothing, and said so in one ``Error:`` line (never a traceback);
- an undo of N actions brings back exactly the state before the Nth last (every row of the
  game, its events, the standing campaign log); more undos than actions are refused;
- a model's COS never rises above its start, COS 0 means eliminated, an eliminated model
  never acts;
- the event log and the rows agree: each turn has its event, an ended game's last event is its
  end, every event belongs to one action, and the last action's digest of the rows after it is
  the rows' now (``capture``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from uuid import uuid4

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from typer.testing import CliRunner

from skirmish.campaign import lookup, store
from skirmish.campaign.game.board import current_game, events_of
from skirmish.campaign.game.capture import ACTION, digest, game_rows
from skirmish.cli.main import app

from .harness import Cli, fresh
from .test_actions import KIT
from .test_undo import GAME_TABLES

#: Wyatt with a horse, Ike with a repeater instead of his rifle, Pete an unarmed civilian
#: with the Clantons (R-20).
SETUP = (
    *KIT,
    ("gang", "sell", "Clantons", "rifle"),
    ("gang", "hire", "Clantons", "unarmed-civilian", "--name", "Pete"),
    ("game", "start", "bank-robbery", "Earps", "Clantons"),
)

runner = CliRunner()
MODELS = ("Wyatt", "Virgil", "Morgan", "Ike", "Billy", "Frank", "Pete")
GOOD = ("Wyatt", "Virgil", "Morgan")
BAD = ("Ike", "Billy", "Frank", "Pete")
STATES = ("shaken", "terrified", "prone", "steady", "standing")
OBJECTIVE_EVENTS = ("carry", "drop", "recover", "pick-up", "carry-off")


def standing_log(db: Path) -> list[tuple[Any, ...]]:
    """The campaign log entries that stand (not undone, not undos themselves)."""
    with sqlite3.connect(db) as connection:
        found = connection.execute(
            "SELECT id, gang_id, action, details, money_before, money_after FROM log_entry "
            "WHERE action != 'undo' AND id NOT IN "
            "(SELECT reverts FROM log_entry WHERE reverts IS NOT NULL) ORDER BY id"
        ).fetchall()
    connection.close()
    return found


def snapshot(db: Path) -> dict[str, Any]:
    """The game's rows, the rosters and the standing log; the game's revision aside, since
    every change moves it on, an undo too (issue #12: ``revision`` checks that)."""
    with sqlite3.connect(db) as connection:
        state: dict[str, Any] = {
            table: connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
            for table in (*GAME_TABLES, "gang", "member", "owned_item")
        }
        names = [column[1] for column in connection.execute("PRAGMA table_info(game)")]
    connection.close()
    at = names.index("revision")
    state["game"] = [row[:at] + row[at + 1 :] for row in state["game"]]
    state["log"] = standing_log(db)
    return state


def revision(db: Path) -> int:
    """The game's revision: what a phone's live page compares (issue #12)."""
    with sqlite3.connect(db) as connection:
        found = connection.execute("SELECT max(revision) FROM game").fetchone()[0]
    connection.close()
    return int(found or 0)


def make_machine(db_of: Any) -> type[RuleBasedStateMachine]:
    class GameMachine(RuleBasedStateMachine):
        """One game of bank-robbery, Earps against Clantons (with a civilian, Pete)."""

        def __init__(self) -> None:
            super().__init__()
            self.db: Path = db_of()
            self.undoable: list[dict[str, Any]] = []

        @initialize()
        def start(self) -> None:
            cli = Cli(self.db)
            for command in SETUP:
                cli.run(*command)
            self.engine = store.open_store(str(self.db), access=store.Access.READ, create=False)
            assert self.act("turn")  # the first turn: most commands need one

        def teardown(self) -> None:
            engine = getattr(self, "engine", None)
            if engine is not None:
                engine.dispose()

        def models(self) -> dict[str, dict[str, Any]]:
            with sqlite3.connect(self.db) as connection:
                connection.row_factory = sqlite3.Row
                found = {
                    row["name"]: dict(row)
                    for row in connection.execute("SELECT * FROM game_model ORDER BY id")
                }
            connection.close()
            return found

        def act(self, *args: str, actors: tuple[str, ...] = ()) -> bool:
            """Run ``game ARGS``; ``actors``: the models that act in it (in play, R-04)."""
            before = snapshot(self.db)
            roster = self.models()
            result = runner.invoke(app, ["game", *args, "--db", str(self.db)])
            if result.exit_code != 0:
                lines = result.stderr.strip().splitlines()
                assert lines and lines[-1].startswith("Error: "), (args, result.stderr)
                assert "unexpected error" not in result.stderr, (args, result.stderr)
                assert snapshot(self.db) == before, f"refused {args} changed the database"
                return False
            for name in actors:
                assert not roster[name]["eliminated"], f"{name} acted after its elimination"
            self.undoable.append(before)
            return True

        # --- the game's commands ---------------------------------------------------------

        @rule(seed=st.integers(0, 999))
        def turn(self, seed: int) -> None:
            self.act("turn", "--seed", str(seed))

        @rule(good=st.sampled_from(GOOD), bad=st.sampled_from(BAD), seed=st.integers(0, 999))
        def initiative(self, good: str, bad: str, seed: int) -> None:
            self.act("initiative", good, bad, "--seed", str(seed), actors=(good, bad))

        @rule(model=st.sampled_from(MODELS))
        def activate(self, model: str) -> None:
            self.act("activate", model, actors=(model,))

        @rule(
            attacker=st.sampled_from(MODELS),
            victim=st.sampled_from(MODELS),
            distance=st.integers(1, 30),
            seed=st.integers(0, 999),
        )
        def shoot(self, attacker: str, victim: str, distance: int, seed: int) -> None:
            self.act(
                "shoot", attacker, victim, "--range", str(distance), "--seed", str(seed),
                actors=(attacker,),
            )  # fmt: skip

        @rule(
            attacker=st.sampled_from(MODELS),
            victim=st.sampled_from(MODELS),
            seed=st.integers(0, 999),
        )
        def melee(self, attacker: str, victim: str, seed: int) -> None:
            self.act("melee", attacker, victim, "--seed", str(seed), actors=(attacker,))

        @rule(model=st.sampled_from(MODELS), wounds=st.integers(1, 3), by=st.sampled_from(MODELS))
        def hit(self, model: str, wounds: int, by: str) -> None:
            self.act("hit", model, "--wounds", str(wounds), "--by", by)

        @rule(model=st.sampled_from(MODELS), by=st.sampled_from(MODELS))
        def eliminate(self, model: str, by: str) -> None:
            self.act("eliminate", model, "--by", by)

        @rule(model=st.sampled_from(MODELS), word=st.sampled_from(STATES))
        def state(self, model: str, word: str) -> None:
            self.act("state", model, word)

        @rule(point=st.sampled_from(("fama", "fortuna")), model=st.sampled_from(MODELS))
        def spend(self, point: str, model: str) -> None:
            self.act("spend", point, model, actors=(model,))

        @rule(model=st.sampled_from(("Ike", "Billy", "Wyatt")), rounds=st.sampled_from(("7", "17")))
        def reload(self, model: str, rounds: str) -> None:
            self.act("reload", model, "--rounds", rounds, actors=(model,))

        @rule()
        def unjam(self) -> None:
            self.act("unjam", "Ike", actors=("Ike",))

        @rule(
            getting=st.sampled_from(("mount", "dismount")),
            pace=st.sampled_from(("still", "trot", "gallop")),
            seed=st.integers(0, 999),
        )
        def horse(self, getting: str, pace: str, seed: int) -> None:
            self.act(getting, "Wyatt", "--pace", pace, "--seed", str(seed), actors=("Wyatt",))

        @rule(event=st.sampled_from(OBJECTIVE_EVENTS), by=st.sampled_from(MODELS))
        def objective(self, event: str, by: str) -> None:
            self.act("objective", "loot", event, "--by", by)

        @precondition(lambda self: len(self.undoable) >= 3)  # a game played a little first
        @rule(how=st.sampled_from(("--draw", "Earps", "Clantons", "abandon")))
        def end(self, how: str) -> None:
            if how == "abandon":
                self.act("abandon")
            elif how == "--draw":
                self.act("end", "--draw")
            else:
                self.act("end", "--winner", how)

        # --- game undo ----------------------------------------------------------------------

        @precondition(lambda self: bool(self.undoable))
        @rule(times=st.integers(1, 3))
        def undo(self, times: int) -> None:
            before, moved = snapshot(self.db), revision(self.db)
            result = runner.invoke(
                app, ["game", "undo", "--times", str(times), "--db", str(self.db)]
            )
            if times > len(self.undoable):
                assert result.exit_code != 0, result.stdout
                assert snapshot(self.db) == before and revision(self.db) == moved
                return
            assert result.exit_code == 0, (result.stdout, result.stderr)
            wanted = self.undoable[-times]
            del self.undoable[-times:]
            assert snapshot(self.db) == wanted, "the undo did not restore the state before"
            assert revision(self.db) > moved, "an undo moves the game's revision on (issue #12)"

        @precondition(lambda self: not self.undoable)
        @rule()
        def undo_at_the_start(self) -> None:
            before = snapshot(self.db)
            result = runner.invoke(app, ["game", "undo", "--db", str(self.db)])
            assert result.exit_code != 0 and "back at its start" in result.stderr
            assert snapshot(self.db) == before

        # --- invariants ---------------------------------------------------------------------

        @invariant()
        def cos_never_above_its_start(self) -> None:
            for name, model in self.models().items():
                assert model["cos_left"] <= model["cos_start"], name
                assert model["cos_left"] > 0 or model["eliminated"], name

        @invariant()
        def the_log_and_the_rows_agree(self) -> None:
            with store.transaction(self.engine, access=store.Access.READ) as session:
                game = current_game(session, lookup.current_campaign(session))
                events = events_of(session, game)
                turns = [e.details["turn"] for e in events if e.action == "turn"]
                assert turns == list(range(1, game.turn + 1))
                over = events[-1].action in ("end", "abandon")
                assert (game.status == "in_progress") == (not over)
                actions = [e.before[ACTION] for e in events if e.before is not None]
                assert len(actions) == len(self.undoable)
                owned = sorted(i for action in actions for i in action["events"])
                assert owned == [e.id for e in events[1:]], "an event outside any action"
                if actions:
                    assert digest(game_rows(session, game.id or 0)) == actions[-1]["after"]

    return GameMachine


def test_random_games_with_undo(base_db: Path, tmp_path: Path) -> None:
    def db_of() -> Path:
        return fresh(base_db, tmp_path, f"{uuid4().hex}.db").db  # type: ignore[return-value]

    machine = make_machine(db_of)
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=4,
            stateful_step_count=12,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
