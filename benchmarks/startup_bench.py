"""Issue #2: `skirmish roll shoot` whole-process median vs `python -c pass` (budget: 6×)."""

from __future__ import annotations

import sys
from pathlib import Path

from common import ms, time_commands

BIN = Path(sys.executable).parent
HERE = Path(__file__).resolve().parent


def main() -> dict[str, str]:
    skirmish = str(BIN / "skirmish")
    medians = time_commands(
        {
            "python -c pass": [sys.executable, "-c", "pass"],
            "bare typer command": [sys.executable, str(HERE / "bare_typer.py"), "shoot"],
            "skirmish roll shoot": [
                skirmish,
                "roll",
                "shoot",
                "--tiro",
                "4",
                "--cover",
                "light",
                "--seed",
                "1",
            ],
            "skirmish rules weapons": [skirmish, "rules", "weapons", "--json"],
        }
    )
    base = medians["python -c pass"]
    rows = {name: f"{ms(t)} ({t / base:.2f}× python -c pass)" for name, t in medians.items()}
    for name, row in rows.items():
        print(f"{name:28} {row}")
    return rows


if __name__ == "__main__":
    main()
