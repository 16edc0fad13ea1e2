"""Issue #23, twelfth round: a gang page's gang and its view, looked up as an object or as a row.

The demo campaign (``campaigns.db.example`` copied into a temporary folder); each READ unit of
work (its BEGIN and end included) looks up the Earp brothers and shows them (``views.gang_data``)
either as ``lookup.gang_by_name``'s object (the gang page before this round) or as
``gangs.gang_line``'s row (after it), 500 units of work a batch, the two ways alternated batch
by batch, nine batches each; prints the median ms per unit of work of each way and whether the
two views are equal (they must be). Timings are printed, never asserted.

Run: .venv/bin/python benchmarks/gang_line_bench.py
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skirmish.campaign import gangs, lookup, store, views

DEMO = Path("campaigns.db.example").resolve()
GANG = "Earp brothers"


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    shutil.copy(DEMO, folder / "campaigns.db")
    engine = store.open_store(str(folder / "campaigns.db"), access=store.Access.READ, create=False)

    def as_object() -> dict[str, Any]:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s, None)
            return views.gang_data(lookup.gang_by_name(s, campaign, GANG), "en")

    def as_row() -> dict[str, Any]:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s, None)
            return views.gang_data(gangs.gang_line(s, campaign, GANG), "en", session=s)

    ways: dict[str, Callable[[], dict[str, Any]]] = {"object": as_object, "row": as_row}
    for way in ways.values():
        for _ in range(200):
            way()
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(9):
        for name, way in ways.items():
            start = time.perf_counter()
            for _ in range(500):
                way()
            times[name].append((time.perf_counter() - start) / 500 * 1000)
    for name, taken in times.items():
        each = ", ".join(f"{t:.3f}" for t in taken)
        print(f"{name:7} median {statistics.median(taken):.3f} ms  ({each})")
    print("same view:", as_object() == as_row())
    engine.dispose()
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
