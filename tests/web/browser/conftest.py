"""The real server (``skirmish serve`` in a subprocess on a free loopback port) and a real
browser (Debian's chromium, driven by Playwright, never downloaded) holding a phone: 390×844
CSS pixels at twice the density, touch, in Italian or English.

Without ``/usr/bin/chromium`` (or without the ``playwright`` package) a developer's machine
skips these tests and says why; under CI (the ``CI`` variable, which ``.ci/run`` sets) they
fail instead, so CI never passes without having driven the browser."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .phone import LOCALES, PHONE, shot

try:
    from playwright.sync_api import expect
except ImportError:  # every test asks _require_browser first: it fails (CI) or skips, saying why
    expect = None  # type: ignore[assignment]

__all__ = ["Phones", "Server", "expect", "free_port", "skirmish"]

CHROMIUM = Path("/usr/bin/chromium")
DEMO = Path(__file__).resolve().parents[3] / "campaigns.db.example"

#: How long the server may take to answer (a cold import of FastAPI and the store on 2 busy cores).
START_TIMEOUT = 60.0
#: How long one browser action or assertion may wait (a page of the app answers in milliseconds;
#: this is for a machine that is busy with other tests).
ACTION_TIMEOUT_MS = 15_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is a browser test (``-m "not browser"`` leaves them out)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _unavailable() -> str:
    """Why the browser cannot run here, or "" when it can."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium; .ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[dev]')"
    return ""


def _require_browser() -> None:
    why = _unavailable()
    if why and os.environ.get("CI"):
        pytest.fail(f"the browser tests must run under CI: {why}")
    if why:
        pytest.skip(why)


# ---------------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def skirmish(db: Path, *args: str, stdin: str | None = None) -> str:
    """Run ``skirmish ARGS --db DB`` as a user would; its output, or a failure naming it."""
    result = subprocess.run(
        [sys.executable, "-m", "skirmish", *args, "--db", str(db)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SKIRMISH_LANG": ""},
    )
    assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result.stdout


class Server:
    """``skirmish serve --db DB --port PORT`` on 127.0.0.1, its output in a log file."""

    def __init__(self, db: Path, log: Path) -> None:
        self.db = db
        self.log = log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._out = log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "skirmish", "serve", "--db", str(db), "--port", str(self.port)],
            stdout=self._out,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "SKIRMISH_LANG": "", "PYTHONUNBUFFERED": "1"},
        )

    def output(self) -> str:
        self._out.flush()
        return self.log.read_text(errors="replace")

    def wait(self) -> None:
        """Until the server answers ``/``; a server that died or never answers fails with
        its own output."""
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"skirmish serve stopped ({self.process.returncode}):\n{self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as response:
                    if response.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"skirmish serve did not answer in {START_TIMEOUT}s:\n{self.output()}")
            time.sleep(0.1)

    def stop(self) -> None:
        """Ctrl-C, as a user stops it; killed if it does not stop."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._out.close()

    def cli(self, *args: str, stdin: str | None = None) -> str:
        """The command line on the same store, as the club's administrator."""
        return skirmish(self.db, *args, stdin=stdin)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[[Path], Server]]:
    """Start ``skirmish serve`` on a store; every server started is stopped afterwards, even
    when the test fails."""
    _require_browser()
    started: list[Server] = []

    def start(db: Path) -> Server:
        server = Server(db, tmp_path / f"serve-{len(started)}.log")
        started.append(server)
        server.wait()
        return server

    try:
        yield start
    finally:
        for server in started:
            server.stop()


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server on a copy of ``campaigns.db.example``, shared by a module's read-only tests."""
    _require_browser()
    folder = tmp_path_factory.mktemp("demo-server")
    db = folder / "campaigns.db"
    shutil.copyfile(DEMO, db)
    server = Server(db, folder / "serve.log")
    try:
        server.wait()
        yield server
    finally:
        server.stop()


# --------------------------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium from Debian's package. Playwright passes --no-sandbox itself (its
    chromium_sandbox is off by default), which chromium needs when run as root."""
    _require_browser()
    from playwright.sync_api import sync_playwright

    expect.set_options(timeout=ACTION_TIMEOUT_MS)

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield launched
        finally:
            launched.close()


class Phones:
    """Opens phones (browser contexts: their own cookies, so their own user) and checks, when
    the test ends, that no page of any of them hit a server error, a script error or a
    Content-Security-Policy violation."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def open(self, lang: str = "it") -> Any:
        context = self.browser.new_context(**PHONE, locale=LOCALES[lang])
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))

        def said(message: Any) -> None:  # what the Content-Security-Policy blocked (issue #22)
            if message.type == "error" and "Content Security Policy" in message.text:
                where = f"{page.url} ({message.location.get('url')})"
                self.problems.append(f"CSP violation at {where}: {message.text}")

        page.on("console", said)

        def answered(response: Any) -> None:
            if response.status >= 500:
                self.problems.append(f"{response.status} from {response.url}")

        page.on("response", answered)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def needs_pyodide() -> None:
    """The engine in the phone (issue #24) needs Pyodide's files where the app serves them:
    without them a developer's machine skips, saying why; under CI the test fails."""
    from skirmish.web.engine_bundle import pyodide_installed

    if pyodide_installed():
        return
    why = "Pyodide is not installed in skirmish/web/static/pyodide (make pyodide; make test does)"
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


@pytest.fixture
def phones(browser: Any) -> Iterator[Phones]:
    """``phones.open("it")`` or ``phones.open("en")``: a new phone with its own cookies."""
    opened = Phones(browser)
    try:
        yield opened
    finally:
        opened.close()
    assert not opened.problems, opened.problems


@pytest.fixture(params=["it", "en"])
def lang(request: pytest.FixtureRequest) -> str:
    """Run the test once in Italian and once in English (the phone's locale)."""
    return str(request.param)


@pytest.fixture
def phone(phones: Phones, lang: str) -> Any:
    """One phone (a Playwright page) in the test's language."""
    return phones.open(lang)


@pytest.fixture
def snap(tmp_path: Path) -> Callable[[Any, str], Path]:
    """``snap(page, name)``: the page's screenshot in the test's tmp dir (and in
    ``$SKIRMISH_SCREENSHOTS`` when set)."""

    def take(page: Any, name: str) -> Path:
        return shot(page, name, tmp_path)

    return take
