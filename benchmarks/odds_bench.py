"""Issue #2: `skirmish odds shoot` for a fanning six-shooter with saves and panic, in-process.

Times the whole command in-process (argument parsing, the exact odds, the JSON written to a
buffer) and the odds alone (`skirmish.odds.combat.shoot_odds`), and prints the medians next to
the budget of 20 ms. The first call of a process also builds the dice tables (cached after);
it is shown apart as "cold".

Run: .venv/bin/python benchmarks/odds_bench.py [--runs N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time
from collections.abc import Callable

from common import ms

BUDGET = 0.020
ARGS = [
    "odds", "shoot", "--tiro", "4", "--weapon", "six-shooter", "--fanning", "--fred", "3",
    "--target-rif", "3", "--target-fred", "3", "--target-cos", "3", "--json",
]  # fmt: skip


def command() -> None:
    """``skirmish odds shoot … --json`` in this process, output into a buffer."""
    from skirmish.cli.main import app

    with contextlib.redirect_stdout(io.StringIO()):
        app(ARGS, standalone_mode=False)


def odds_only() -> None:
    """The exact odds of the same action, without the CLI."""
    from skirmish.engine.setup import Attacker, ShootSetup, ShotSituation, Target
    from skirmish.odds.combat import shoot_odds
    from skirmish.rules import find_weapon

    setup = ShootSetup(
        Attacker(tiro=4, fred=3, weapon=find_weapon("six-shooter")),
        Target(rif=3, fred=3, cos=3),
        ShotSituation(range=6, fanning=True),
    )
    shoot_odds(setup)


def timed(call: Callable[[], None]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=51)
    runs = parser.parse_args().runs
    cold = timed(command)
    samples: dict[str, list[float]] = {"command": [], "odds": []}
    for _ in range(runs):
        samples["command"].append(timed(command))
        samples["odds"].append(timed(odds_only))
    median = {name: statistics.median(values) for name, values in samples.items()}
    verdict = "within" if median["command"] <= BUDGET else "OVER"
    print(f"odds shoot, fanning with saves and panic, in-process ({runs} runs):")
    print(f"  command median {ms(median['command'])} ({verdict} the {ms(BUDGET)} budget)")
    print(f"  odds alone median {ms(median['odds'])}")
    print(f"  first call (cold dice tables) {ms(cold)}")


if __name__ == "__main__":
    main()
