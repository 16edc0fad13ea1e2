"""Issue #24 part 2: the engine in the phone, measured in Chromium.

The real app runs as ``skirmish serve`` (a copy of ``campaigns.db.example``, a free port of
127.0.0.1) and Debian's chromium, through Playwright, opens the dice roller's page
(``/roll/shoot``, which carries ``static/engine.js``) as a phone would, and starts the engine:
``skirmishEngine.ready()`` (the manifest, the Web Worker, Pyodide's files, the engine bundle,
unpacking it, importing ``skirmish.engine.browser``). Reported, as medians of one run:

- bytes downloaded once: each response's body as the browser received it (the page's and its
  worker's requests), split into Pyodide's files, the engine bundle and the rest (the page,
  its styles and scripts: the shell, another part's);
- time to the engine being ready, from the page's navigation to ``ready()`` resolving,
  cold (a new browser profile: an empty cache) and warm (the same profile opened again:
  the browser's HTTP cache and its cache of compiled WebAssembly);
- time to resolve a shot in the browser: ``skirmishEngine.call("roll", …)`` of a whole shooting
  action (nerve, shot, saves, panic, in Italian) on typed dice, measured in the page, and the
  same call in this process (CPython, the server's side) beside it;
- time to work out a game's action offline from the offline kit (``skirmishEngine.call(
  "preview", …)``): a hero eliminated at the table and a friend's panic test (R-19: Virgil
  Earp falls, Doc Holliday within 5U tests), in Italian, on the kit of a Duello begun on the
  copy, in the page and in CPython beside it;
- time to begin the next turn offline (``preview`` of the catalogue's ``turn``): the Clantons'
  cohesion test (R-08, Billy Clanton, Frank and Tom McLaury eliminated on the copy after the
  panic test's kit was read), in Italian, in the page and in CPython beside it.

Timings are reported, never asserted; this machine's other work shows in every figure, so
compare only figures of one run.

Run: .venv/bin/python benchmarks/pyodide_bench.py [--cold 3] [--warm 5] [--shots 51] [--panics 51]
    [--turns 51]
(needs ``make pyodide`` and /usr/bin/chromium)
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from common import free_port, header  # noqa: E402

from skirmish.campaign import lookup, store  # noqa: E402
from skirmish.campaign.game.board import current_game  # noqa: E402
from skirmish.campaign.game.offline_kit import offline_kit  # noqa: E402
from skirmish.engine.browser import call  # noqa: E402
from skirmish.web.engine_bundle import pyodide_installed  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SHOT = {
    "test": "shoot",
    "inputs": {"tiro": 4, "range": 3, "cover": "leggera", "target-rif": 3, "target-fred": 3,
               "target-cos": 3},
    "dice": [3, 5, 6, 2, 3, 4, 5],
    "lang": "it",
}  # fmt: skip

#: In the page: navigation start to the engine being ready, in ms.
_READY = """async () => {
  await skirmishEngine.ready();
  return performance.now();
}"""
#: The friend's panic test worked out offline (``preview``), on the kit of the copy's game.
PANIC = {
    "action": "eliminate",
    "model": "Ike Clanton",
    "target": "Virgil Earp",
    "fields": {"near": ["Doc Holliday"]},
    "dice": [3, 4],
    "rest": "none",
    "lang": "it",
}
#: Beginning the next turn offline (``preview``), the Clantons' cohesion test due (R-08).
TURN = {"action": "turn", "dice": [2], "rest": "none", "lang": "it"}
#: In the page: one call ``name`` resolved, ``n`` times, each in ms.
_SHOTS = """async ([request, n, name]) => {
  const took = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const answer = await skirmishEngine.call(name, request);
    took.push(performance.now() - t);
    if (!answer.ok) { throw new Error(answer.error); }
  }
  return took;
}"""


def _kind(url: str) -> str:
    if "/static/pyodide/" in url:
        return "Pyodide"
    if "/engine/" in url:
        return "engine bundle"
    return "page and shell"


def _open(driver: Any, profile: Path, url: str) -> tuple[float, dict[str, int], Any]:
    """Open the page in ``profile`` and start the engine: the time to ready (ms) and the body
    bytes received by kind; the page, its context still open."""
    context = driver.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True
    )
    received: dict[str, int] = {}

    def finished(request: Any) -> None:
        # what came over the network: not an answer of the service worker (issue #24 keeps
        # the shell and the engine on the phone) nor of the browser's cache (size -1)
        try:
            response = request.response()
            if response is None or response.from_service_worker:
                return
            body = max(0, request.sizes()["responseBodySize"])
        except Exception:  # noqa: BLE001 (the page closed before its last request was read)
            return
        kind = _kind(request.url)
        received[kind] = received.get(kind, 0) + body

    context.on("requestfinished", finished)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_function("window.skirmishEngine !== undefined")
    ready = float(page.evaluate(_READY))
    time.sleep(0.5)  # the last requests' "finished" events
    return ready, received, page


def _duel(db: Path, *steps: tuple[str, ...]) -> dict[str, Any]:
    """A Duello begun on the copy ``db`` (the Earps against the Clantons, turn 1), or the
    ``steps`` played on it: its offline kit, as the offline page carries it."""
    quiet = {**os.environ, "SKIRMISH_LANG": "en"}
    begun = (("game", "start", "duello", "--good", "Earp brothers", "--bad", "Clanton gang"),
             ("game", "turn"))  # fmt: skip
    for args in steps or begun:
        command = [sys.executable, "-m", "skirmish", *args, "--db", str(db)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=quiet)
    engine = store.open_store(str(db))
    with store.transaction(engine, access=store.Access.READ) as session:
        kit = offline_kit(session, current_game(session, lookup.current_campaign(session)))
    engine.dispose()
    return kit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--warm", type=int, default=5)
    parser.add_argument("--shots", type=int, default=51)
    parser.add_argument("--panics", type=int, default=51)
    parser.add_argument("--turns", type=int, default=51)
    args = parser.parse_args()
    if not pyodide_installed() or not Path(CHROMIUM).exists():
        print("needs Pyodide (make pyodide) and /usr/bin/chromium", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    scratch = Path(tempfile.mkdtemp(prefix="pyodide-bench-"))
    db = scratch / "campaigns.db"
    shutil.copyfile(ROOT / "campaigns.db.example", db)
    kit = _duel(db)
    fallen = _duel(
        db,
        *[
            ("game", "eliminate", name, "--by", "Wyatt Earp")
            for name in ("Billy Clanton", "Frank McLaury", "Tom McLaury")
        ],
    )
    assert [g["lost"] for g in fallen["gangs"]] == [0, 3]  # the Clantons' test is due (R-08)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "skirmish", "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "SKIRMISH_LANG": ""},
    )
    base = f"http://127.0.0.1:{port}"
    url = f"{base}/roll/shoot"
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/", timeout=5).close()
                break
            except OSError:
                time.sleep(0.1)
        cold: list[float] = []
        warm: list[float] = []
        cold_bytes: list[dict[str, int]] = []
        warm_bytes: list[dict[str, int]] = []
        shots: list[float] = []
        panics: list[float] = []
        turns: list[float] = []
        with sync_playwright() as driver:
            for run in range(args.cold):
                profile = scratch / f"profile-{run}"
                ready, received, page = _open(driver, profile, url)
                cold.append(ready)
                cold_bytes.append(received)
                if run == 0:
                    shots = [float(t) for t in page.evaluate(_SHOTS, [SHOT, args.shots, "roll"])]
                    asked = {"kit": kit, "request": PANIC}
                    panics = [float(t) for t in page.evaluate(_SHOTS, [asked, args.panics,
                                                                       "preview"])]  # fmt: skip
                    asked = {"kit": fallen, "request": TURN}
                    turns = [float(t) for t in page.evaluate(_SHOTS, [asked, args.turns,
                                                                      "preview"])]  # fmt: skip
                page.context.close()
            for _ in range(args.warm):
                ready, received, page = _open(driver, scratch / "profile-0", url)
                warm.append(ready)
                warm_bytes.append(received)
                page.context.close()
        here: list[float] = []
        for _ in range(args.shots):
            t = time.perf_counter()
            assert call("roll", SHOT)["ok"]
            here.append((time.perf_counter() - t) * 1000)
        panics_here: list[float] = []
        for _ in range(args.panics):
            t = time.perf_counter()
            assert call("preview", {"kit": kit, "request": PANIC})["ok"]
            panics_here.append((time.perf_counter() - t) * 1000)
        turns_here: list[float] = []
        for _ in range(args.turns):
            t = time.perf_counter()
            assert call("preview", {"kit": fallen, "request": TURN})["ok"]
            turns_here.append((time.perf_counter() - t) * 1000)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
        shutil.rmtree(scratch, ignore_errors=True)

    def kinds(runs: list[dict[str, int]]) -> dict[str, float]:
        names = sorted({k for r in runs for k in r})
        return {k: statistics.median(r.get(k, 0) for r in runs) for k in names}

    load = os.getloadavg()[0]
    print(header())
    print(f"pyodide_bench.py: the engine in the phone (issue #24), load average {load:.2f}")
    print(f"  bytes downloaded, cold cache (median of {args.cold}):")
    for kind, size in kinds(cold_bytes).items():
        print(f"    {kind:<16} {size / 1e6:8.2f} MB ({size:,.0f} B)")
    total = statistics.median(sum(r.values()) for r in cold_bytes)
    print(f"    {'all':<16} {total / 1e6:8.2f} MB")
    warm_total = statistics.median(sum(r.values()) for r in warm_bytes)
    print(f"  bytes downloaded, warm cache (median of {args.warm}): {warm_total / 1e6:.2f} MB")
    print(f"  engine ready from navigation, cold cache: {statistics.median(cold):8.0f} ms "
          f"(median of {args.cold}: {', '.join(f'{t:.0f}' for t in cold)})")  # fmt: skip
    print(f"  engine ready from navigation, warm cache: {statistics.median(warm):8.0f} ms "
          f"(median of {args.warm}: {', '.join(f'{t:.0f}' for t in warm)})")  # fmt: skip
    print(f"  a shot resolved in the browser (Pyodide): {statistics.median(shots):8.2f} ms "
          f"(median of {len(shots)})")  # fmt: skip
    print(f"  the same call in CPython (the server):    {statistics.median(here):8.2f} ms "
          f"(median of {len(here)})")  # fmt: skip
    print(f"  a friend's panic test worked out offline (Pyodide): {statistics.median(panics):8.2f}"
          f" ms (median of {len(panics)})")  # fmt: skip
    print(f"  the same call in CPython (the server):              "
          f"{statistics.median(panics_here):8.2f} ms (median of {len(panics_here)})")  # fmt: skip
    print(f"  the next turn begun offline, a cohesion test (Pyodide): "
          f"{statistics.median(turns):8.2f} ms (median of {len(turns)})")  # fmt: skip
    print(f"  the same call in CPython (the server):                  "
          f"{statistics.median(turns_here):8.2f} ms (median of {len(turns_here)})")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
