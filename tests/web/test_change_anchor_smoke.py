"""The Core anchor of table mode's change (issue #23, ``benchmarks/change_anchor.py``) runs end
to end on a database of the session's PostgreSQL server: its minimal app served by uvicorn, two
games' phones (``table_bench.py``'s, with their retries and double taps under one idempotency
key) changing their games through it, each change brought to both phones by their streams, then
the books. No timing is asserted: only that it exits 0, which it does only with no error answer,
each phone's own change brought by its own stream, and balanced books (each game's revision =
the changes its phones saw succeed = its events, each named by one answer; each key kept)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from skirmish.web.app import THREADS

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "change_anchor.py"


def test_change_anchor_runs_with_balanced_books(postgres_database: str) -> None:
    """With two server processes (as ``skirmish serve --workers 2``), a phone's stream is in the
    process of its game's change (handed over in that process) or in the other one (the change
    reaches it by the LISTEN): one run covers both ways; a run with one process would add ~20 s
    to the suite and no path."""
    done = subprocess.run(
        [sys.executable, str(BENCH), "--url", postgres_database, "--seconds", "3", "--games",
         "2", "--workers", "2", "--no-append"],
        capture_output=True, text=True, timeout=300, cwd=BENCH.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "errors 0" in done.stdout and "books balance" in done.stdout, done.stdout
    played = re.search(r"changes: 2 games (\d+) changes \(\d+/s\), (\d+) sent twice", done.stdout)
    assert played is not None, done.stdout
    assert int(played.group(1)) > 0 and int(played.group(2)) > 0, done.stdout
    seen = re.search(r"update on the other phone, 2 games: .*\(n (\d+);", done.stdout)
    assert seen is not None and int(seen.group(1)) > 0, done.stdout  # the other phone's stream


def test_change_anchor_serves_with_the_apps_threads() -> None:
    """The anchor's server keeps as many worker threads and connections as the app's (it does
    not import the app, so that it loads none of it)."""
    found = re.search(r"^THREADS = (\d+)$", BENCH.read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None and int(found.group(1)) == THREADS


#: One change and its retry with the same key, their statements counted (run in ``benchmarks/``,
#: whose modules import one another by bare name).
COUNT = """
import json, sys
from sqlalchemy import create_engine, event, insert
import change_anchor as a
url = sys.argv[1]
a.set_up(url, ["good", "bad"], "a password")
engine = create_engine(url)
with engine.begin() as connection:
    connection.execute(insert(a.WEB_SESSION).values(token="t", user_id=1, csrf="c"))
seen = []
def note(connection, cursor, statement, *rest):
    marks = [m for m in ("FOR UPDATE", "pg_notify") if m in statement]
    seen.append(" ".join([statement.split()[0], *marks]))
event.listen(engine, "before_cursor_execute", note)
event.listen(engine, "begin", lambda connection: seen.append("BEGIN"))
event.listen(engine, "commit", lambda connection: seen.append("COMMIT"))
news = a.News(engine)
answers = [a.change(engine, news, 1, "Boss", "t", "c", "key") for _ in range(2)]
print(json.dumps({"answers": answers, "statements": seen}))
"""


def test_a_change_is_one_transaction_and_its_retry_changes_nothing(postgres_database: str) -> None:
    """The anchor's change is what docs/web.md says: one transaction of 7 statements (the
    session, the game locked, the key, the event, the revision with its NOTIFY, the state, the
    key kept); its retry with the same key reads the session, the game and the key, and answers
    the first answer again."""
    done = subprocess.run(
        [sys.executable, "-c", COUNT, postgres_database],
        capture_output=True, text=True, timeout=120, cwd=BENCH.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    first = ["BEGIN", "SELECT", "SELECT FOR UPDATE", "SELECT", "INSERT", "UPDATE pg_notify",
             "SELECT", "INSERT"]  # fmt: skip
    again = ["BEGIN", "SELECT", "SELECT FOR UPDATE", "SELECT"]
    assert found["statements"] == [*first, "COMMIT", *again, "COMMIT"]
    change, retry = found["answers"]
    assert change == {"revision": 1, "events": [{"id": 1}], "next": "bad"}
    assert retry == {**change, "replayed": True}
