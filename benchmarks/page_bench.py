"""Issue #23 part 3: the server's processor time per page, against a Core anchor.

The demo campaign (``campaigns.db.example`` copied into a temporary folder; ``--db postgresql``:
exported and imported into a throw-away PostgreSQL server, which is what the club runs) gets a
reader: an account that plays in it and owns the Earp brothers, with a live Duel of its gang
against the Clanton gang, and ``--campaigns N`` campaigns visible to it in all (N − 1 more, each
with the reader as a player: what the per-campaign visibility check costs shows there). The real
app then runs as ``skirmish serve`` runs it (``uvicorn`` in a process of its own on a free port of
127.0.0.1) and, beside it, ``page_anchor.py``: a minimal FastAPI + Jinja2 page reading 20 rows
with SQLAlchemy Core, served the same way.

Each page is asked ``--batch`` times in a row as the logged-in reader (its session cookie), then
the next page, the anchor among them, for ``--rounds`` rounds, so that the machine's noise hits
every page alike; the server's processor time over each batch (``/proc/<pid>/stat``, user plus
system) divided by the batch is one sample. Reported per page: the mean of its samples in ms per
request (the kernel counts in ticks of 10 ms: one batch is coarse, their mean is not), their
median, the mean's ratio to the anchor's in the same run, and the SQL statements one request
issues (counted in this process, through Starlette's ``TestClient`` on the same store, with an
SQLAlchemy ``before_cursor_execute`` listener). The pages (issue #23's five): the campaign page,
the gang page, the gang as JSON, the live game page and the board's poll at an unchanged
revision (204); beside them ``anchor in the app``, the anchor's route added to the real app
(``page_anchor.py --in-app``: its middlewares, its guard, the route marked ``identifies_reader``,
matched first as a page's route is among the first), the floor the app's own per-request stack
puts under every page. Goal (issue #23): each page at
most 3× the anchor. Timings are reported, never
asserted; the load average is printed beside them (other work on the same cores shows in every
figure): compare only figures of one run.

Run: .venv/bin/python benchmarks/page_bench.py [--db sqlite|postgresql] [--campaigns 1]
        [--rounds 15] [--batch 25]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from urllib.parse import quote

from common import free_port, header, postgres
from web_bench import CAMPAIGN, DEMO, _cli, cpu_seconds

HERE = Path(__file__).resolve().parent
GOOD, BAD = "Earp brothers", "Clanton gang"
READER = "reader"
PASSWORD = "a club's page benchmark"
GOAL = 3.0
#: The anchor's route inside the real app: what the app's own stack costs a request.
IN_APP = "anchor in the app"


def set_up(url: str, campaigns: int) -> tuple[str, dict[str, str]]:
    """The reader, their game and campaigns; their session's token and the pages' paths."""
    from skirmish.campaign import accounts, gangs, lookup, store
    from skirmish.campaign.game.start import start_game
    from skirmish.campaign.permissions import Role

    engine = store.open_store(url, access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            user = accounts.add_user(s, READER, PASSWORD)
            owner = accounts.add_user(s, "organiser", PASSWORD)
            accounts.set_role(s, campaign, owner, Role.OWNER)
            accounts.set_role(s, campaign, user, Role.PLAYER)
            accounts.set_gang_owner(s, lookup.gang_by_name(s, campaign, GOOD), user)
            game = start_game(s, campaign=campaign, scenario="duel", good=GOOD, bad=BAD)
            for number in range(2, campaigns + 1):
                other = gangs.new_campaign(s, name=f"Deadwood {number:02}", use=False)
                accounts.set_role(s, other, owner, Role.OWNER)
                accounts.set_role(s, other, user, Role.PLAYER)
            token = accounts.open_session(s, user).token
            s.flush()
            game_id, revision = game.id, game.revision
    finally:
        engine.dispose()
    c, g = quote(CAMPAIGN, safe=""), quote(GOOD, safe="")
    paths = {
        "campaign page": f"/c/{c}",
        "gang page": f"/c/{c}/g/{g}",
        "gang JSON": f"/api/v1/campaigns/{c}/gangs/{g}",
        "live game page": f"/c/{c}/games/{game_id}",
        "board poll (204)": f"/c/{c}/games/{game_id}/board?rev={revision}",
    }
    return token, paths


@contextlib.contextmanager
def serving(argv: Sequence[str], probe: str) -> Iterator[tuple[str, int]]:
    """``argv`` serving on the port it is given (its last word); yields the base URL and the
    process id once ``probe`` answers 200, stops it afterwards."""
    import httpx2 as httpx

    port = free_port()
    log = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen([*argv, str(port)], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise SystemExit(f"{argv[1]} did not start:\n{log.read()[-2000:]}")
            try:
                if httpx.get(base + probe, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        yield base, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def statements(url: str, token: str, paths: dict[str, str]) -> dict[str, int]:
    """The SQL statements one request of each page issues (after one request to warm up)."""
    from fastapi.testclient import TestClient
    from sqlalchemy import event

    from skirmish.web.app import create_app

    app = create_app(url)
    counted: list[str] = []
    with TestClient(app) as client:
        engine = app.state.site.engine
        client.cookies.set("session", token)
        out = {}
        for page, path in paths.items():
            client.get(path)

            def count(*args: object) -> None:
                counted.append(str(args[2]))

            counted.clear()
            event.listen(engine, "before_cursor_execute", count)
            try:
                answer = client.get(path)
            finally:
                event.remove(engine, "before_cursor_execute", count)
            if answer.status_code not in (200, 204):
                raise SystemExit(f"{page}: {answer.status_code} {answer.text[:300]}")
            out[page] = len(counted)
        engine.dispose()
    return out


def measure(
    app: tuple[str, int], anchor: tuple[str, int], token: str, paths: dict[str, str], *,
    rounds: int, batch: int, in_app: tuple[str, int] | None = None,
) -> dict[str, list[float]]:  # fmt: skip
    """Each page's samples: the server's processor seconds per request over each batch;
    ``in_app``: the anchor's route served inside the real app (its middlewares and guard)."""
    import httpx2 as httpx

    (base, pid), (anchor_base, anchor_pid) = app, anchor
    targets = {page: (base + path, pid) for page, path in paths.items()}
    if in_app is not None:
        targets[IN_APP] = (in_app[0] + "/anchor", in_app[1])
    targets["anchor (Core)"] = (anchor_base + "/anchor", anchor_pid)
    expected = {page: 204 if "204" in page else 200 for page in targets}
    samples: dict[str, list[float]] = {page: [] for page in targets}
    with httpx.Client(timeout=30, cookies={"session": token}) as client:
        for address, _ in targets.values():  # warm up: templates compiled, caches full
            for _ in range(5):
                client.get(address)
        for _ in range(rounds):
            for page, (address, server) in targets.items():
                before = cpu_seconds(server)
                for _ in range(batch):
                    answer = client.get(address)
                    if answer.status_code != expected[page]:
                        raise SystemExit(f"{page}: {answer.status_code} {answer.text[:300]}")
                samples[page].append((cpu_seconds(server) - before) / batch)
    return samples


def report(samples: dict[str, list[float]], counts: dict[str, int], title: str) -> str:
    """Each page's mean over its batches (the kernel counts processor time in ticks of 10 ms,
    so one batch's figure is coarse and the mean of them all the precise one), the median of
    its batches beside it, and the mean's ratio to the anchor's."""
    anchor = statistics.fmean(samples["anchor (Core)"])
    lines = [
        f"{header()} · {title} · load {os.getloadavg()[0]:.2f}",
        f"{'page':<20} {'ms/request':>10} {'median':>7} {'× anchor':>9} {'statements':>10}",
    ]
    for page, values in samples.items():
        mean, median = statistics.fmean(values), statistics.median(values)
        ratio = mean / anchor if anchor else float("inf")
        shown = str(counts[page]) if page in counts else "1"
        mark = "" if page.startswith("anchor") or ratio <= GOAL else "  (over 3×)"
        lines.append(
            f"{page:<20} {mean * 1000:>10.2f} {median * 1000:>7.1f} {ratio:>8.1f}× "
            f"{shown:>10}{mark}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--campaigns", type=int, default=1, help="campaigns the reader sees")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--batch", type=int, default=25)
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        if args.db == "postgresql":
            url = stack.enter_context(postgres("pages"))
            with tempfile.TemporaryDirectory(prefix="skirmish-page-bench-") as folder:
                exported = str(Path(folder) / "demo.json")
                _cli("export", "--campaign", CAMPAIGN, "-o", exported, "--db", str(DEMO))
                _cli("import", exported, "--db", url)
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="skirmish-page-"))
            shutil.copy(DEMO, Path(folder) / "campaigns.db")
            url = f"sqlite:///{folder}/campaigns.db"
        token, paths = set_up(url, args.campaigns)
        counts = statements(url, token, paths)
        serve = [sys.executable, "-m", "skirmish", "serve", "--db", url, "--port"]
        app = stack.enter_context(serving(serve, "/login"))
        anchor_argv = [sys.executable, str(HERE / "page_anchor.py"), url]
        anchor = stack.enter_context(serving(anchor_argv, "/anchor"))
        in_app = stack.enter_context(serving([*anchor_argv, "--in-app"], "/anchor"))
        samples = measure(
            app, anchor, token, paths, rounds=args.rounds, batch=args.batch, in_app=in_app
        )
    print(report(samples, counts, f"{args.db}, {args.campaigns} campaign(s) visible"))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SKIRMISH_LANG", "en")
    sys.exit(main())
