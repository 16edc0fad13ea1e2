"""Issue #23, third round: what one small read statement costs through SQLAlchemy, the same
select of four columns (the models of four gangs, the campaign page's ratings) run four ways
in one READ unit of work on the demo store: built anew and run by the ORM session (how the read
paths were written), built once and run by the ORM session, built once and run as Core on the
unit of work's connection (``store.column_rows``, what the read paths do now), and the same
with its flush check. Medians of ``--runs`` batches of 200 calls each, alternated
(``common.time_calls``); timings are reported, never asserted.

Run: .venv/bin/python benchmarks/rows_bench.py [--runs 51]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from common import header, time_calls
from sqlalchemy import Integer, bindparam
from sqlmodel import col, select

from skirmish.campaign import store
from skirmish.campaign.models import Member

DEMO = Path(__file__).resolve().parent.parent / "campaigns.db.example"
BATCH = 200


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=51)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skirmish-rows-") as folder:
        shutil.copy(DEMO, Path(folder) / "campaigns.db")
        engine = store.open_store(
            f"sqlite:///{folder}/campaigns.db", access=store.Access.READ, create=False
        )
        ids = [1, 2, 3, 4]
        once = (
            select(col(Member.gang_id), col(Member.id), col(Member.profile), col(Member.xp))
            .where(col(Member.gang_id).in_(bindparam("ids", type_=Integer, expanding=True)))
            .order_by(col(Member.id))
        )

        def anew() -> object:
            return (
                select(Member.gang_id, Member.id, Member.profile, Member.xp)
                .where(col(Member.gang_id).in_(ids))
                .order_by(col(Member.id))
            )

        with store.transaction(engine, access=store.Access.READ) as s:
            ways = {
                "built anew, ORM session": lambda: s.execute(anew()).all(),  # type: ignore[call-overload]
                "built once, ORM session": lambda: s.execute(once, {"ids": ids}).all(),
                "built once, Core on its connection": lambda: (
                    s.connection().execute(once, {"ids": ids}).all()
                ),
                "built once, store.column_rows": lambda: store.column_rows(s, once, {"ids": ids}),
            }
            expected = [tuple(r) for r in store.column_rows(s, once, {"ids": ids})]
            for way in ways.values():
                assert [tuple(r) for r in way()] == expected  # the same rows every way

            def batch(way: object) -> object:
                return lambda: [way() for _ in range(BATCH)]  # type: ignore[operator]

            medians = time_calls({k: batch(w) for k, w in ways.items()}, runs=args.runs)
        engine.dispose()
    print(f"{header()} · sqlite · {len(expected)} rows a statement")
    base = medians["built anew, ORM session"]
    for way, seconds in medians.items():
        each = seconds / BATCH
        print(f"{way:<36} {each * 1e6:>7.0f} µs  {seconds / base:>5.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
