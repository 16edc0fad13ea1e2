"""Issue #23, seventh round: what finding a request's route costs, per address.

The real app (``create_app`` on a copy of the demo store) is asked, for each address below, to
match it as Starlette's router does: each of the app's routes in turn until one matches fully
(each included router tries its own routes). Starlette does this twice a request (the app's
router asks each included router whether it matches, then the one that does finds its route
again); one pass is timed here, ``--times`` times, and its mean printed in microseconds with the
route found. Run it on two trees with ``PYTHONPATH`` to compare orders; nothing is asserted.

Run: .venv/bin/python benchmarks/route_bench.py [--times 2000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from starlette.routing import Match
from web_bench import DEMO

#: The addresses timed: the pages of issue #23, the live game's busiest requests, and one that
#: no route answers.
ADDRESSES = (
    ("GET", "/c/Tombstone 1881"),
    ("GET", "/c/Tombstone 1881/g/Earp brothers"),
    ("GET", "/api/v1/campaigns/Tombstone 1881/gangs/Earp brothers"),
    ("GET", "/c/Tombstone 1881/games/1"),
    ("GET", "/c/Tombstone 1881/games/1/board"),
    ("POST", "/c/Tombstone 1881/games/1/act"),
    ("GET", "/api/v1/campaigns/Tombstone 1881/games/1/picks"),
    ("POST", "/api/v1/campaigns/Tombstone 1881/games/1/actions/shoot"),
    ("GET", "/nowhere/at/all"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=2000)
    args = parser.parse_args()
    from skirmish.web.app import create_app

    with tempfile.TemporaryDirectory(prefix="skirmish-routes-") as folder:
        shutil.copy(DEMO, Path(folder) / "campaigns.db")
        app = create_app(str(Path(folder) / "campaigns.db"))
        routes = app.router.routes
        print(f"{len(routes)} entries in the app's router; one pass, mean of {args.times}")
        for method, path in ADDRESSES:
            base: dict[str, Any] = {"type": "http", "method": method, "path": path}
            base.update(root_path="", query_string=b"", headers=[])

            def one(base: dict[str, Any] = base) -> Any:
                for route in routes:
                    match, _ = route.matches(dict(base))
                    if match == Match.FULL:
                        return route
                return None

            found = one()
            start = time.perf_counter()
            for _ in range(args.times):
                one()
            took = (time.perf_counter() - start) / args.times * 1e6
            name = getattr(found, "path", None) or type(found).__name__ if found else "none"
            print(f"{method:<5} {path:<58} {took:8.1f} µs  {name}")
        app.state.site.engine.dispose()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SKIRMISH_LANG", "en")
    sys.exit(main())
