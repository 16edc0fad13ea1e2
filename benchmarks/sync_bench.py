"""Issue #24: the time for a phone's queue of 20 actions to sync, beside the same 20 actions
sent online one by one.

Each run takes a fresh copy of ``campaigns.db.example`` with a Bank robbery begun (turn 1) and
two accounts, starts the real server on it (``skirmish serve --db FILE --port FREE`` on
127.0.0.1) and logs Wyatt in with ``httpx`` (``POST /login`` with the CSRF cookie). The 20
actions are the ones a phone carrying the whole game records offline: six models taking their
turn (``move``), two shots with their dice typed (``shoot``: every face the engine and the
target's panic test use), and twelve states recorded from the table (``state``: prone, then
standing again). Then, side by side, alternating run by run:

- **sync**: the 20 as one queue, ``POST /api/v1/campaigns/{c}/games/{g}/sync`` (each in its own
  unit of work with its idempotency key, as ``campaign/game/offline_sync.py`` takes them);
- **online**: the same 20, each its own ``POST …/actions/{action}`` (what the connected phones
  send: the bad side's from Ike's), one after the other.

Every action must be confirmed (sync) or answered 200 (online), and every store must end with
the same game log (authors, times and ids aside): else exit 1. Reported: the medians of the
wall time of each, per action, and their ratio; the load average. Timings are reported, never
asserted.

Run: .venv/bin/python benchmarks/sync_bench.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx2 as httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import free_port, header  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "campaigns.db.example"
CAMPAIGN, EARPS, CLANTONS = "Tombstone 1881", "Earp brothers", "Clanton gang"
PASSWORD = "polvere e piombo"
GAME = f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games/1"
MODELS = ("Wyatt Earp", "Virgil Earp", "Morgan Earp", "Doc Holliday",
          "Ike Clanton", "Billy Clanton", "Frank McLaury", "Tom McLaury")  # fmt: skip

Action = tuple[str, dict[str, Any]]


def actions() -> list[Action]:
    """The 20 actions: six turns, two shots with their dice, twelve states."""
    found: list[Action] = [("move", {"member": m}) for m in MODELS[:3]]
    found.append(("shoot", {"attacker": "Doc Holliday", "target": "Ike Clanton", "range": "6",
                            "dice": [3, 2, 3, 2, 5]}))  # fmt: skip
    found += [("move", {"member": m}) for m in ("Ike Clanton", "Billy Clanton", "Tom McLaury")]
    found.append(("shoot", {"attacker": "Frank McLaury", "target": "Wyatt Earp", "range": "6",
                            "dice": [3, 2, 3, 2, 5, 4]}))  # fmt: skip
    for model in (
        "Wyatt Earp",
        "Virgil Earp",
        "Morgan Earp",
        "Doc Holliday",
        "Billy Clanton",
        "Tom McLaury",
    ):
        found.append(("state", {"member": model, "new-state": "prone"}))
        found.append(("state", {"member": model, "new-state": "standing"}))
    assert len(found) == 20
    return found


def cli(db: Path, *args: str, stdin: str | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "skirmish", *args, "--db", str(db)],
        input=stdin, capture_output=True, text=True, timeout=120,
        env={**os.environ, "SKIRMISH_LANG": "en"}, check=False,
    )  # fmt: skip
    if result.returncode:
        raise SystemExit(f"skirmish {' '.join(args)}: {result.stderr or result.stdout}")
    return result.stdout


def store(folder: Path) -> Path:
    db = folder / "campaigns.db"
    shutil.copyfile(DEMO, db)
    for user, gang in (("Wyatt", EARPS), ("Ike", CLANTONS)):
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
        cli(db, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    cli(db, "game", "start", "bank-robbery", "--good", EARPS, "--bad", CLANTONS)
    cli(db, "game", "turn")
    return db


class Served:
    """``skirmish serve`` on ``db``, and Wyatt's logged-in client."""

    def __init__(self, db: Path) -> None:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "skirmish", "serve", "--db", str(db), "--port", str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.client = httpx.Client(base_url=self.url, timeout=60)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.client.get("/").status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not answer")
            time.sleep(0.1)
        self.headers = self._log_in(self.client, "Wyatt")
        self.other = httpx.Client(base_url=self.url, timeout=60)  # Ike's phone, online
        self.other_headers = self._log_in(self.other, "Ike")

    @staticmethod
    def _log_in(client: Any, user: str) -> dict[str, str]:
        client.get("/login")
        form = {"user": user, "password": PASSWORD, "csrf": client.cookies.get("csrf")}
        if client.post("/login", data=form).status_code != 303:
            raise SystemExit(f"{user} could not log in")
        return {"X-CSRF-Token": client.cookies.get("csrf") or ""}

    def close(self) -> None:
        self.client.close()
        self.other.close()
        self.process.terminate()
        self.process.wait(timeout=30)


def by_sync(served: Served) -> float:
    entries = [
        {"key": uuid.uuid4().hex, "action": action,
         "fields": {k: v for k, v in fields.items() if k != "dice"},
         "dice": fields.get("dice", []), "rest": "none", "revision": 1,
         "made_at": "2026-11-29T20:00:00Z", "lang": "en", "preview": {"outcome": None, "lines": []}}
        for action, fields in actions()
    ]  # fmt: skip
    began = time.perf_counter()
    answer = served.client.post(f"{GAME}/sync", json={"actions": entries}, headers=served.headers)
    took = time.perf_counter() - began
    results = answer.json().get("results", []) if answer.status_code == 200 else []
    if [r.get("status") for r in results] != ["confirmed"] * 20:
        said = [(r.get("status"), (r.get("conflict") or {}).get("found")) for r in results]
        raise SystemExit(f"the sync did not confirm all 20: {answer.status_code} {said}")
    return took


#: The models of the bad side: online, their actions are sent from Ike's phone.
BAD = frozenset(MODELS[4:])


def by_actions(served: Served) -> float:
    began = time.perf_counter()
    for action, fields in actions():
        bad = (fields.get("member") or fields.get("attacker")) in BAD
        client = served.other if bad else served.client
        headers = {**(served.other_headers if bad else served.headers),
                   "Idempotency-Key": uuid.uuid4().hex}  # fmt: skip
        answer = client.post(f"{GAME}/actions/{action}", json=fields, headers=headers)
        if answer.status_code != 200:
            raise SystemExit(f"{action} {fields}: {answer.status_code} {answer.text[:400]}")
    return time.perf_counter() - began


def game_log(db: Path) -> list[dict[str, Any]]:
    raw = json.loads(cli(db, "game", "log", "--game", "1", "--json", "--campaign", CAMPAIGN))
    return [{k: v for k, v in e.items() if k not in ("id", "at", "author")} for e in raw]


def one(way: Callable[[Served], float], folder: Path, start: Path) -> tuple[float, Path]:
    db = folder / f"{way.__name__}-{time.monotonic_ns()}.db"
    shutil.copyfile(start, db)
    served = Served(db)
    try:
        return way(served), db
    finally:
        served.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(header())
    print(f"sync_bench.py: a queue of 20 actions, load average {os.getloadavg()[0]:.2f}")
    times: dict[str, list[float]] = {"sync": [], "online": []}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = store(folder)
        logs = []
        for _ in range(runs):
            for name, way in (("sync", by_sync), ("online", by_actions)):
                took, db = one(way, folder, start)
                times[name].append(took)
                logs.append(game_log(db))
        if any(log != logs[0] for log in logs):
            print("the game logs differ between the ways", file=sys.stderr)
            return 1
    sync, online = statistics.median(times["sync"]), statistics.median(times["online"])
    for name, found in times.items():
        shown = ", ".join(f"{t * 1000:.0f}" for t in found)
        print(f"  {name:<7} {statistics.median(found) * 1000:7.0f} ms for 20"
              f" ({statistics.median(found) * 50:.1f} ms an action; runs: {shown})")  # fmt: skip
    print(f"  sync / online: {sync / online:.2f}×; the game logs are equal")
    print(f"  load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
