"""Properties of games and the post-game sequence (hypothesis, few examples to stay fast):

- the post-game sequence changes money and XP exactly as the campaign log records;
- ``undo`` takes every step back and restores the rosters exactly;
- a game interrupted after any command and resumed in a new process ends identically.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import Cli, fresh

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

EARPS = ("Wyatt", "Virgil", "Morgan")
CLANTONS = ("Ike", "Billy", "Frank")
ENDINGS = ("Earps", "Clantons", "draw", "retreat")

few = settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    """Who is eliminated and by whom, how the game ends, doctors hired, the dice's seed."""
    eliminations = []
    for side, enemies in ((EARPS, CLANTONS), (CLANTONS, EARPS)):
        for name in side:
            if draw(st.booleans()):
                eliminations.append((name, draw(st.sampled_from(enemies + ("",)))))
    doctors = [n for n, _ in eliminations if draw(st.booleans())]
    return {
        "eliminations": eliminations,
        "ending": draw(st.sampled_from(ENDINGS)),
        "doctors": doctors,
        "seed": draw(st.integers(0, 10_000)),
    }


def play(cli: Cli, game: dict[str, Any]) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    for name, by in game["eliminations"]:
        out = cli.run("game", "eliminate", name, *(("--by", by) if by else ()))
        if "Game over" in out:  # a side with nobody left in play ends the game there
            break
    board = cli.json("game", "status")
    if board["status"] != "in_progress":
        return
    if game["ending"] == "retreat":
        cli.run("game", "retreat", "Clantons", "--seed", str(game["seed"]))
    elif game["ending"] == "draw":
        verdict = board["verdict"]
        if verdict["over"] and verdict["winner"]:
            cli.run("game", "end")
        else:
            cli.run("game", "end", "--draw")
    else:
        verdict = board["verdict"]
        if verdict["over"]:
            cli.run("game", "end")
        else:
            cli.run("game", "end", "--winner", game["ending"])


def postgame(cli: Cli, game: dict[str, Any]) -> dict[str, Any]:
    doctors = [a for n in game["doctors"] for a in ("--doctor", f"{n}=bone-setter")]
    data: dict[str, Any] = cli.json("game", "postgame", *doctors, "--seed", str(game["seed"]))
    return data


@few
@given(game=games())
def test_the_postgame_changes_money_and_xp_exactly_as_logged(
    base_db: Path, tmp_path: Path, game: Any
) -> None:
    cli = fresh(base_db, tmp_path, f"{uuid4().hex}.db")
    play(cli, game)
    before = {g: cli.roster(g) for g in ("Earps", "Clantons")}
    data = postgame(cli, game)
    for report in data["gangs"]:
        gang = report["gang"]
        after = cli.roster(gang)
        steps = report["steps"]
        money = sum(s["money_after"] - s["money_before"] for s in steps)
        assert after["treasury"] - before[gang]["treasury"] == money
        # Every step's state lines up with the next one's: nothing changes unlogged.
        for first, second in zip(steps, steps[1:], strict=False):
            assert first["money_after"] == second["money_before"]
        for name, model in after["members"].items():
            if len(model) == 1:  # dead: its XP no longer matters
                continue
            gained = sum(
                s["xp_after"] - s["xp_before"]
                for s in steps
                if s["member"] == name and s["xp_before"] is not None
            )
            assert model[1] - before[gang]["members"][name][1] == gained
    cli.fail("game", "postgame", "--seed", "1")


@few
@given(game=games())
def test_undo_restores_the_state_before_the_postgame(
    base_db: Path, tmp_path: Path, game: Any
) -> None:
    cli = fresh(base_db, tmp_path, f"{uuid4().hex}.db")
    play(cli, game)
    before = {g: cli.roster(g) for g in ("Earps", "Clantons")}
    data = postgame(cli, game)
    for report in data["gangs"]:
        for _ in report["steps"]:
            cli.run("undo", report["gang"])
        assert cli.roster(report["gang"]) == before[report["gang"]]
        assert cli.fail("undo", report["gang"]).endswith("which cannot be undone.")
    again = postgame(cli, game)
    assert [s["action"] for g in again["gangs"] for s in g["steps"]] == [
        s["action"] for g in data["gangs"] for s in g["steps"]
    ]


# --------------------------------------------------------------------------- interruption

SCRIPT: tuple[tuple[str, ...], ...] = (
    ("game", "start", "bank-robbery", "Earps", "Clantons"),
    ("game", "turn"),
    ("game", "objective", "loot", "carry", "--by", "Ike"),
    ("game", "objective", "loot", "carry", "--by", "Frank"),
    ("game", "initiative", "Wyatt", "Ike", "--seed", "1"),
    ("game", "shoot", "Wyatt", "Frank", "--range", "5", "--seed", "2"),
    ("game", "spend", "fortuna", "Billy"),
    ("game", "melee", "Virgil", "Billy", "--seed", "3"),
    ("game", "hit", "Ike", "--wounds", "1", "--by", "Virgil"),
    ("game", "state", "Morgan", "prone"),
    ("game", "eliminate", "Morgan", "--by", "Ike"),
    ("game", "turn", "--seed", "4"),
    ("game", "objective", "loot", "carry-off", "--copy", "1"),
    ("game", "end", "--winner", "Clantons"),
    ("game", "postgame", "--seed", "5"),
)

RESUME = """
import json, sys
from typer.testing import CliRunner
from skirmish.cli.main import app
db, commands = sys.argv[1], json.loads(sys.argv[2])
for args in commands:
    result = CliRunner().invoke(app, [*args, "--db", db])
    if result.exit_code != 0:
        sys.exit(f"{args}: {result.stderr}")
"""


def final(cli: Cli) -> dict[str, Any]:
    state = cli.state()
    for events in state["events"]:
        for event in events:
            event.pop("at", None)
    return state


@pytest.fixture(scope="module")
def reference(base_db: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    cli = fresh(base_db, tmp_path_factory.mktemp("reference"))
    for command in SCRIPT:
        cli.run(*command)
    return final(cli)


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(stop=st.integers(0, len(SCRIPT)))
def test_a_game_interrupted_anywhere_ends_identically(
    base_db: Path, tmp_path: Path, reference: dict[str, Any], stop: int
) -> None:
    target = tmp_path / f"interrupted-{stop}.db"
    shutil.copyfile(base_db, target)
    cli = Cli(target)
    for command in SCRIPT[:stop]:
        cli.run(*command)
    # The laptop is closed: the rest is played by a new process on the same file.
    subprocess.run(
        [sys.executable, "-c", RESUME, str(target), json.dumps(SCRIPT[stop:])],
        check=True,
        capture_output=True,
        text=True,
    )
    assert final(cli) == reference
