"""Issue #23, fourteenth round: the reader's unit of work taken apart, timed piece by piece.

``page_bench.py``'s store and reader (SQLite). Each variant is called ``--batch`` times in a row,
then the next, for ``--rounds`` rounds; one sample is the thread's CPU time
(``time.thread_time``) over a batch, divided by it. Reported: each variant's median and least
sample in ms a call. No profiler: these are timings, never asserted.

The variants, from the outside in:

- ``unit of work, nothing read``: a READ ``store.transaction`` (``hold_rows``, its connection
  taken, so its ``BEGIN``), committed and closed as every page's is;
- ``… ended by rollback``: the same, its transaction rolled back rather than committed (what a
  READ unit of work that wrote nothing could do instead);
- ``BEGIN, ROLLBACK through SQLAlchemy`` and ``… through the driver``: a pooled connection's
  deferred ``BEGIN`` and its end, by ``exec_driver_sql`` (as ``store`` begins a reader) or by the
  ``sqlite3`` connection itself;
- ``the reader's statement, ORM (4 entities)`` and ``… Core rows``: the statement
  of ``accounts.find_session_and_campaigns`` itself (every campaign, the session, its user and
  their membership) through ``Session.execute`` (entities, identity map) or its connection
  (rows of columns), in one open unit of work, its identity map emptied after each (the rows
  it loads are not held: ``board.hold_rows`` would hold every call's);
- ``one entity by id, ORM`` and ``… Core rows``: ``select(User)`` by its id, either way;
- ``identify_in``: the reader found as every page finds them (the statement, the session's
  checks, the campaigns they may see), in one open unit of work;
- ``identify_in, rows``: the same as the campaign page finds them since the fifteenth round
  (``readers.find_reader``: the statement's rows through Core, the account as
  ``permissions.Account``).

Run: .venv/bin/python benchmarks/reader_bench.py [--rounds 9] [--batch 400]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from common import header
from page_bench import set_up
from sqlalchemy import Integer, bindparam
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, col, select
from web_bench import DEMO

from skirmish.campaign import accounts, store
from skirmish.campaign.account_tables import User
from skirmish.campaign.game.board import hold_rows
from skirmish.web.site import identify_in

READ = store.Access.READ


@contextmanager
def ended_by_rollback(engine: Engine) -> Iterator[Session]:
    """``store.transaction``'s READ unit of work, rolled back at its end."""
    with Session(
        engine, expire_on_commit=False, execution_options={store.ACCESS_OPTION: READ}
    ) as session:
        session.info["access"] = READ
        session.info["author"] = None
        transaction = session.begin()
        yield session
        transaction.rollback()


@contextmanager
def variants(engine: Engine, token: str) -> Iterator[dict[str, Callable[[], object]]]:
    """The variants (``calls``), over one open READ unit of work and one pooled connection."""
    with (
        store.transaction(engine, access=READ) as session,
        engine.connect().execution_options(isolation_level="AUTOCOMMIT") as pooled,
    ):
        # its loaded rows not held (``hold_rows``): thousands of calls would hold them all
        yield calls(engine, token, session, pooled)


def calls(
    engine: Engine, token: str, session: Session, pooled: Connection
) -> dict[str, Callable[[], object]]:
    """Each variant by its name, in the order they run."""
    reader = accounts.session_campaigns_query()  # the very statement, not a copy of it
    one = select(User).where(col(User.id) == bindparam("user", type_=Integer))
    # the session's row is found by its token's digest (``accounts``: SHA-256, hex)
    digest = {"digest": hashlib.sha256(token.encode("utf-8")).hexdigest()}
    connection = session.connection()
    driver = pooled.connection.driver_connection
    assert driver is not None

    def empty() -> None:
        with store.transaction(engine, access=READ) as s:
            hold_rows(s)
            s.connection()

    def empty_rollback() -> None:
        with ended_by_rollback(engine) as s:
            hold_rows(s)
            s.connection()

    def begin_core() -> None:
        pooled.exec_driver_sql("BEGIN")
        driver.rollback()

    def begin_driver() -> None:
        driver.execute("BEGIN")
        driver.rollback()

    def reader_orm() -> None:
        session.execute(reader, digest).all()
        session.expunge_all()

    def reader_core() -> None:
        connection.execute(reader, digest).all()

    def one_orm() -> None:
        session.execute(one, {"user": 1}).all()
        session.expunge_all()

    def one_core() -> None:
        connection.execute(one, {"user": 1}).all()

    def identify() -> None:
        identify_in(session, token)
        session.expunge_all()

    def identify_rows() -> None:
        identify_in(session, token, rows=True)
        session.expunge_all()

    return {
        "unit of work, nothing read": empty,
        "… ended by rollback": empty_rollback,
        "BEGIN, ROLLBACK through SQLAlchemy": begin_core,
        "… through the driver": begin_driver,
        "the reader's statement, ORM (4 entities)": reader_orm,
        "… Core rows": reader_core,
        "one entity by id, ORM": one_orm,
        "… Core rows ": one_core,
        "identify_in": identify,
        "identify_in, rows (fifteenth round)": identify_rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--batch", type=int, default=400)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="reader-bench-")
    try:
        shutil.copy(DEMO, Path(folder) / "campaigns.db")
        url = f"sqlite:///{folder}/campaigns.db"
        token, _ = set_up(url, 1)
        engine = store.open_store(url, access=store.Access.GANG, create=False, connections=20)
        with variants(engine, token) as each:
            samples: dict[str, list[float]] = {name: [] for name in each}
            for call in each.values():
                for _ in range(args.batch // 2):
                    call()
            for _ in range(args.rounds):
                for name, call in each.items():
                    started = time.thread_time()
                    for _ in range(args.batch):
                        call()
                    samples[name].append((time.thread_time() - started) / args.batch * 1000)
        engine.dispose()
        print(header())
        print(f"load {os.getloadavg()[0]:.2f}; {args.rounds} rounds of {args.batch}, ms a call")
        for name, values in samples.items():
            print(f"  {name:<44} median {statistics.median(values):.3f}  least {min(values):.3f}")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    sys.exit(main())
