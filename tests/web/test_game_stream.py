"""The game's stream (issue #23, part 1: web/game_stream.py, web/game_news.py): a phone's one
server-sent-events connection per game says each new revision, whoever made it (the web, the
command line on the same store, another connection), refuses a reader who may not see the game
before any stream, ends when the phone goes away and when the server shuts down.

The streams are read from a real server (uvicorn in a thread of this process, or ``skirmish
serve`` in its own, for the shutdown) with ``http.client``: the test client answers a response
only once it is complete, which a stream never is. Waits have deadlines (a hang fails the
test); no duration is asserted."""

from __future__ import annotations

import asyncio
import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_game_live import (
    CAMPAIGN,
    GAMES,
    cli,
    log_in,
    make_club,
    open_client,
    start_bank,
    token,
)

DEADLINE = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Running:
    """The app under uvicorn in a thread of this process (its ``app.state`` at hand)."""

    def __init__(self, db: Path | str) -> None:
        import uvicorn

        from skirmish.web.app import create_app

        self.app = create_app(str(db))
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + DEADLINE
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server"
            time.sleep(0.05)

    def stop(self) -> None:
        self.app.state.news.close_streams()  # as SIGINT does for ``skirmish serve``
        self.server.should_exit = True
        self.thread.join(timeout=DEADLINE)
        assert not self.thread.is_alive(), "the server did not stop"


@pytest.fixture
def running(demo: Path) -> Iterator[Running]:
    start_bank(demo)
    server = Running(demo)
    try:
        yield server
    finally:
        server.stop()


class Stream:
    """One phone's stream: its revisions as they come."""

    def __init__(self, port: int, path: str, cookie: str = "") -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        headers = {"Accept": "text/event-stream", **({"Cookie": cookie} if cookie else {})}
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()

    def revision(self) -> int:
        """The next ``event: revision``'s number (comments and ``retry:`` skipped)."""
        kind = ""
        while True:
            line = self.response.readline().decode()
            assert line, "the stream ended"
            if line.startswith("event:"):
                kind = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and kind == "revision":
                return int(line.split(":", 1)[1])

    def until(self, wanted: int) -> int:
        """Revisions read until one is at least ``wanted`` (revisions only move on)."""
        seen = self.revision()
        while seen < wanted:
            seen = self.revision()
        return seen

    def close(self) -> None:
        self.connection.close()


def game_revision(db: Path) -> int:
    import sqlite3

    with sqlite3.connect(db) as connection:
        (value,) = connection.execute("SELECT revision FROM game WHERE id = 1").fetchone()
    return int(value)


def test_the_stream_says_each_new_revision_from_the_web_and_the_command_line(
    running: Running, demo: Path
) -> None:
    stream = Stream(running.port, f"{GAMES}/1/events")
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type", "").startswith("text/event-stream")
        first = stream.revision()
        assert first == game_revision(demo)
        # the command line, another process's connection: the SQLite watcher sees it
        cli(demo, "game", "turn", "--campaign", CAMPAIGN)
        assert stream.until(first + 1) == game_revision(demo) > first
        # the web, through this process: the same stream says it
        with open_client(demo) as web:
            csrf = token(web)
            now = game_revision(demo)
            turned = web.post(f"{GAMES}/1/turn", data={"csrf": csrf, "revision": str(now)})
            assert turned.status_code == 303
        assert stream.until(now + 1) == game_revision(demo)
    finally:
        stream.close()


def test_two_phones_of_a_game_share_one_watcher_which_ends_with_the_last(
    running: Running, demo: Path
) -> None:
    news = running.app.state.news
    one = Stream(running.port, f"{GAMES}/1/events")
    two = Stream(running.port, f"{GAMES}/1/events")
    one.revision(), two.revision()
    assert list(news.watches) == [1] and news.watches[1].streams == 2
    cli(demo, "game", "turn", "--campaign", CAMPAIGN)
    wanted = game_revision(demo)
    assert one.until(wanted) == two.until(wanted) == wanted
    one.close()
    two.close()
    deadline = time.monotonic() + DEADLINE
    while news.watches:  # the phones went away: the streams end, and the watcher with them
        assert time.monotonic() < deadline, "the streams did not end with their phones"
        time.sleep(0.05)


def test_a_reader_who_may_not_see_the_game_gets_no_stream(demo: Path) -> None:
    make_club(demo)
    start_bank(demo)
    cli(demo, "campaign", "set-public", "off", "--campaign", CAMPAIGN)
    with open_client(demo) as web:
        assert web.get(f"{GAMES}/1/events").status_code == 404
        log_in(web, "Doc")  # no role in a campaign that is not public
        assert web.get(f"{GAMES}/1/events").status_code == 404
        assert web.get(f"{GAMES}/9/events").status_code == 404  # no such game
        assert web.get(f"{GAMES}/x/events").status_code == 404
        assert not web.app.state.news.watches


def test_a_player_of_the_game_gets_its_stream(demo: Path) -> None:
    make_club(demo)
    start_bank(demo)
    cli(demo, "campaign", "set-public", "off", "--campaign", CAMPAIGN)
    server = Running(demo)
    try:
        with open_client(demo) as web:
            log_in(web, "Ike")
            cookie = "; ".join(f"{k}={v}" for k, v in web.cookies.items())
        stream = Stream(server.port, f"{GAMES}/1/events", cookie)
        assert stream.response.status == 200 and stream.revision() == game_revision(demo)
        stream.close()
    finally:
        server.stop()


def test_skirmish_serve_stops_on_ctrl_c_with_streams_open(demo: Path, tmp_path: Path) -> None:
    start_bank(demo)
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    serve = subprocess.Popen(
        [sys.executable, "-m", "skirmish", "serve", "--db", str(demo), "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "SKIRMISH_LANG": ""},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert serve.poll() is None, (tmp_path / "serve.log").read_text()
            try:
                stream = Stream(port, f"{GAMES}/1/events")
                break
            except OSError:
                assert time.monotonic() < deadline, "skirmish serve did not answer"
                time.sleep(0.1)
        stream.revision()
        serve.send_signal(signal.SIGINT)
        assert serve.wait(timeout=DEADLINE) == 0  # not stuck waiting for the open stream
        assert stream.response.read().strip() == b""  # the stream was ended, not cut
        stream.close()
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait()
        log.close()


def _news_of_a_change(url: str, change: Any) -> tuple[int, int]:
    """A ``GameNews`` started on ``url``: the game's revision it knew, and the one it heard of
    after ``change()`` ran in a thread."""
    from skirmish.campaign import store
    from skirmish.web.game_news import GameNews

    async def run() -> tuple[int, int]:
        engine = store.open_store(url, create=False)
        news = GameNews(engine)
        await news.start()
        try:
            if news.postgres:
                await asyncio.wait_for(news.listening.wait(), DEADLINE)
            before = (await asyncio.to_thread(news._read_revisions, [1]))[1]
            async with news.watching(1, before) as watch:
                changed = watch.changed
                await asyncio.to_thread(change)
                await asyncio.wait_for(changed.wait(), DEADLINE)
                return before, watch.revision
        finally:
            await news.stop()
            engine.dispose()

    return asyncio.run(run())


def test_the_sqlite_watcher_hears_the_command_line(demo: Path) -> None:
    start_bank(demo)
    before, heard = _news_of_a_change(
        str(demo), lambda: cli(demo, "game", "turn", "--campaign", CAMPAIGN)
    )
    assert heard == game_revision(demo) > before


@pytest.mark.postgres
def test_postgresql_notify_carries_a_change_from_another_connection(
    demo: Path, tmp_path: Path, postgres_migrated_database: str
) -> None:
    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    cli(demo, "export", "--campaign", CAMPAIGN, "-o", str(exported))
    cli(url, "import", str(exported))
    start_bank(url)  # type: ignore[arg-type]

    def turn() -> None:  # the command line: its own engine, its own connection
        cli(url, "game", "turn", "--campaign", CAMPAIGN)

    before, heard = _news_of_a_change(url, turn)
    assert heard == before + 1
