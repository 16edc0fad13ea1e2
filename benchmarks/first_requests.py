"""Issue #23, the suite's fifth round: what a fresh app's first requests cost, app after app.

Six apps in turn in one process, as a worker of the suite makes them (``create_app`` on its own
copy of the demo store, FastAPI's ``TestClient``): for each, the processor time of
``create_app`` and of each address below asked once, then again (warm), in milliseconds. The
first app pays for everything a process builds once (templates, imports); the others show what
each new app still builds. Run it on two trees with ``PYTHONPATH`` to compare; nothing is
asserted.

Run: .venv/bin/python benchmarks/first_requests.py [ADDRESS …]   (from the checkout's root)
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time

from fastapi.testclient import TestClient

from skirmish.web.app import create_app

DEMO = os.path.join(os.getcwd(), "campaigns.db.example")
ADDRESSES = ["/", "/tools/shoot", "/api/v1/campaigns", "/login", "/scenarios"]


def ms_of(call: object) -> float:
    start = time.process_time()
    call()  # type: ignore[operator]
    return round(1000 * (time.process_time() - start), 1)


def main(addresses: list[str]) -> None:
    print(f"app, then {addresses} first, then warm (ms of CPU)")
    for _ in range(6):
        folder = tempfile.mkdtemp()
        db = os.path.join(folder, "campaigns.db")
        shutil.copyfile(DEMO, db)
        start = time.process_time()
        app = create_app(db)
        made = round(1000 * (time.process_time() - start), 1)
        with TestClient(app) as client:
            first = [ms_of(lambda a=a: client.get(a)) for a in addresses]
            warm = [ms_of(lambda a=a: client.get(a)) for a in addresses]
        print(made, first, warm)
        shutil.rmtree(folder)


if __name__ == "__main__":
    main(sys.argv[1:] or ADDRESSES)
