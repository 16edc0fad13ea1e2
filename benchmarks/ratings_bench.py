"""Issue #23, tenth round: the campaign's ratings (``views.ratings``, one statement) in one process.

The demo campaign (``campaigns.db.example`` copied into a temporary folder), its four gangs'
ratings read 3000 times in one READ unit of work, five times; prints the median ms per reading
and the ratings themselves (the same numbers before and after a change, or it is not the same
sum). Run it from a tree's root with that tree on ``PYTHONPATH`` to compare two trees side by
side. Timings are printed, never asserted.

Run: .venv/bin/python benchmarks/ratings_bench.py
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from sqlmodel import col, select

from skirmish.campaign import store, views
from skirmish.campaign.models import Gang

DEMO = Path("campaigns.db.example").resolve()


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    shutil.copy(DEMO, folder / "campaigns.db")
    engine = store.open_store(str(folder / "campaigns.db"), access=store.Access.READ, create=False)
    with store.transaction(engine, access=store.Access.READ) as s:
        gangs = s.exec(select(Gang).where(col(Gang.campaign_id) == 1)).all()
        for _ in range(200):
            views.ratings(s, gangs)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(3000):
                views.ratings(s, gangs)
            times.append((time.perf_counter() - start) / 3000 * 1e3)
        rated = sorted(views.ratings(s, gangs).values())
    engine.dispose()
    shutil.rmtree(folder)
    print(f"views.ratings ({len(gangs)} gangs): {statistics.median(times):.4f} ms, {rated}")


if __name__ == "__main__":
    main()
