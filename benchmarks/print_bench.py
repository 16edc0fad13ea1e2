"""Issue #5: `skirmish print` timings.

- `skirmish print roster GANG` whole-process median, side by side with
  `python -c "import weasyprint"` (budget: 2×);
- `skirmish print campaign` of 50 gangs, whole process (budget: 8 s).

The campaign database is built once in a temporary folder through the store's services (fifty
gangs cycling through the nine playable factions, each with up to six models carrying weapons),
then both commands read it like a player's would.

Run: .venv/bin/python benchmarks/print_bench.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from common import ms

BIN = Path(sys.executable).parent
GANGS = 50
WEAPONS = ("six-shooter", "rifle", "knife", "repeater", "double-barrel", "heavy-pistol")


def build_store(db: str) -> str:
    """Fifty gangs in one campaign; returns the name of the first gang."""
    from skirmish.campaign import equipment, gangs, roster, store
    from skirmish.engine.dice import RandomDice
    from skirmish.errors import SkirmishError
    from skirmish.rules import factions, profiles
    from skirmish.rules.model import Role

    engine = store.open_store(db)
    playable = [f for f in factions() if f.playable]
    dice = RandomDice(5)
    first = ""
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="Bench")
        for number in range(GANGS):
            faction = playable[number % len(playable)]
            gang = gangs.new_gang(
                session, campaign=campaign, name=f"Gang {number:02d}", faction=faction.id
            )
            first = first or gang.name
            own = [p for p in profiles() if p.faction == faction.id]
            order = [p for p in own if p.role is Role.LEADER]
            order += [p for p in own if p.role is Role.HERO]
            order += [p for p in own if p.role is Role.COMMON] * 3
            hired: list[str] = []
            for index, profile in enumerate(order):
                if len(hired) == 6:
                    break
                model = f"{profile.name_en} {index}"
                try:
                    roster.hire(session, gang=gang, profile=profile.id, name=model)
                except SkirmishError:
                    continue
                hired.append(model)
            for index, model in enumerate(hired):
                try:
                    equipment.buy(
                        session,
                        gang=gang,
                        item=WEAPONS[(number + index) % len(WEAPONS)],
                        dice=dice,
                        member=model,
                    )
                except SkirmishError:
                    pass  # not available or too dear this time: the model stays as it is
    engine.dispose()
    return first


def time_commands(
    commands: dict[str, Sequence[str]], *, runs: int, warmup: int, env: dict[str, str]
) -> dict[str, tuple[float, float]]:
    """Median wall time and median CPU time (user + system of the child) of each command, run
    interleaved. CPU time is the steadier figure on a shared machine: other work slows the wall
    clock, not the CPU a command needs."""
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for i in range(warmup + runs):
        for name, argv in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            if i >= warmup:
                samples[name].append((wall, cpu))
    return {
        name: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got))
        for name, got in samples.items()
    }


def main() -> dict[str, str]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="timed runs of the roster pair")
    parser.add_argument("--campaign-runs", type=int, default=3, help="timed runs of 50 gangs")
    args = parser.parse_args()
    skirmish = str(BIN / "skirmish")
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        gang = build_store(db)
        env = {**os.environ, "SKIRMISH_DB": db}
        pair = time_commands(
            {
                'python -c "import weasyprint"': [sys.executable, "-c", "import weasyprint"],
                "skirmish print roster": [
                    skirmish, "print", "roster", gang, "-o", str(Path(tmp) / "roster.pdf"),
                ],
            },
            runs=args.runs,
            warmup=2,
            env=env,
        )  # fmt: skip
        campaign = time_commands(
            {
                f"skirmish print campaign ({GANGS} gangs)": [
                    skirmish, "print", "campaign", "-o", str(Path(tmp) / "campaign.pdf"),
                ],
            },
            runs=args.campaign_runs,
            warmup=1,
            env=env,
        )  # fmt: skip
        from pypdf import PdfReader

        pages = len(PdfReader(Path(tmp) / "campaign.pdf").pages)
    base_wall, base_cpu = pair['python -c "import weasyprint"']
    roster_wall, roster_cpu = pair["skirmish print roster"]
    ((name, (camp_wall, camp_cpu)),) = campaign.items()
    rows = {
        'python -c "import weasyprint"': f"{ms(base_wall)} wall, {ms(base_cpu)} CPU",
        "skirmish print roster": (
            f"{ms(roster_wall)} wall ({roster_wall / base_wall:.2f}×), "
            f"{ms(roster_cpu)} CPU ({roster_cpu / base_cpu:.2f}×); budget 2×"
        ),
        name: f"{camp_wall:.2f} s wall, {camp_cpu:.2f} s CPU, {pages} pages; budget 8 s",
    }
    for key, row in rows.items():
        print(f"{key:40} {row}")
    return rows


if __name__ == "__main__":
    main()
