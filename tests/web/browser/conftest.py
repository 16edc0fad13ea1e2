"""The real web app (``create_app``, served by uvicorn on a free loopback port) and a real
browser (Debian's chromium, driven by Playwright, never downloaded) holding a phone: 390×844
CSS pixels at twice the density, touch, in Italian or English.

What a test costs (issue #23, docs/architecture.md "The suite's shared fixtures"): one
chromium per worker for this folder's files, a browser context (a phone: cookies, storage,
cache) per phone and test; the app in the worker's own process, a server per store (``serve``:
a test's own store, ``demo_server``: a module's read-only copy of the demo), stopped when the
test (the module) ends; the club's set-up through the command line in the same process
(``skirmish``). One test, the journey, serves with the real ``skirmish serve`` process
(``serve(db, process=True)``).

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
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest

from .phone import LOCALES, PHONE, photograph, shot

try:
    from playwright.sync_api import expect
except ImportError:  # every test asks _require_browser first: it fails (CI) or skips, saying why
    expect = None  # type: ignore[assignment]

__all__ = ["Phones", "Serve", "Server", "expect", "free_port", "skirmish"]

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
    """``skirmish ARGS --db DB`` in this process, through typer's ``CliRunner`` (issue #23: a
    new process costs a second of CPU, and the tests set their clubs up with dozens of
    commands); its output, or a failure naming it. The command runs as the console script
    would (``cli.main.app``, its own unit of work, the store disposed of afterwards); the
    command line's own processes are tested in tests/cli and tests/web/test_serve.py."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": ""}
    )
    assert result.exit_code == 0, (args, result.output)
    return str(result.stdout)


class Server:
    """The web app on the store ``db``, listening on a free loopback port.

    By default the app runs in this process (issue #23): ``create_app(db)`` served by uvicorn in
    a thread of its own, the same app and middleware ``skirmish serve`` runs, without the
    second or two of CPU a new Python process spends importing the web stack, once per test.
    Its log goes to the test's log capture. ``process=True`` starts the real command instead,
    ``skirmish serve --db DB --port PORT`` as a user types it, its output in ``log`` (the
    journey's test does; tests/web/test_serve.py tests the command itself)."""

    def __init__(self, db: Path, log: Path, *, process: bool = False) -> None:
        self.db = db
        self.log = log
        self.process: subprocess.Popen[str] | None = None
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        if process:
            self.port = free_port()
            self._out = log.open("w")
            self.process = subprocess.Popen(
                [sys.executable, "-m", "skirmish", "serve", "--db", str(db),
                 "--port", str(self.port)],
                stdout=self._out,
                stderr=subprocess.STDOUT,
                text=True,
                env={**os.environ, "SKIRMISH_LANG": "", "PYTHONUNBUFFERED": "1"},
            )  # fmt: skip
        else:
            import uvicorn

            from skirmish.web.app import create_app

            self.port = free_port()
            config = uvicorn.Config(
                create_app(str(db)),
                host="127.0.0.1",
                port=self.port,
                log_config=None,  # the test's own log capture, not a global reconfiguration
                access_log=False,
                server_header=False,
                timeout_graceful_shutdown=5,
            )
            self._uvicorn = uvicorn.Server(config)
            self._thread = threading.Thread(target=self._run, name=f"serve-{self.port}")
            self._thread.start()
        self.url = f"http://127.0.0.1:{self.port}"

    def _run(self) -> None:
        try:
            self._uvicorn.run()
        except BaseException as exc:  # noqa: BLE001 - told by wait() and stop()
            self._failure = exc

    def running(self) -> bool:
        if self.process is not None:
            return self.process.poll() is None
        return self._thread is not None and self._thread.is_alive()

    def output(self) -> str:
        if self.process is None:
            return f"(the app in this process: {self._failure!r}; its log is the test's)"
        self._out.flush()
        return self.log.read_text(errors="replace")

    def wait(self) -> None:
        """Until the server answers ``/``; a server that died or never answers fails with
        its own output."""
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if not self.running():
                pytest.fail(f"the server stopped:\n{self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as response:
                    if response.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not answer in {START_TIMEOUT}s:\n{self.output()}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Ctrl-C, as a user stops it (the app in this process: uvicorn's own way out of its
        loop, the same graceful shutdown); killed if it does not stop."""
        if self.process is None:
            assert self._thread is not None
            self._uvicorn.should_exit = True
            self._thread.join(timeout=20)
            if self._thread.is_alive():
                self._uvicorn.force_exit = True
                self._thread.join(timeout=20)
            return
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


class Serve(Protocol):
    """``serve(db)``; ``serve(db, process=True)`` for the real ``skirmish serve``."""

    def __call__(self, db: Path, *, process: bool = False) -> Server: ...


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    """Start the server on a store; every server started is stopped afterwards, even when
    the test fails."""
    _require_browser()
    started: list[Server] = []

    def start(db: Path, *, process: bool = False) -> Server:
        server = Server(db, tmp_path / f"serve-{len(started)}.log", process=process)
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


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Headless chromium from Debian's package, one for this folder's files in a worker (issue
    #23: a launch, with Playwright's driver, cost a second or two of CPU per module; the files
    run one after the other, ``LONGEST_FIRST``). Not the session's: Playwright's sync API
    leaves its event loop marked running in the main thread, which the tests after this folder
    (their own Playwright, ``asyncio.run``) must not meet. Each test's phones are contexts of
    their own (``Phones``: their own cookies, storage, cache and service workers), closed when
    its test ends, so no test sees another's. Playwright passes --no-sandbox itself (its
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


#: The phases of a test that failed (``setup``, ``call``), kept on the test for ``phones``.
FAILED = pytest.StashKey[set[str]]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        item.stash.setdefault(FAILED, set()).add(report.when)


def photograph_on_failure(request: pytest.FixtureRequest, opened: Phones, folder: Path) -> None:
    """A failed test's every open page, photographed as it was when the test failed, in the
    test's tmp dir (``failed-<phone>-<page>.png``): the page to look at, which a picture
    taken before each check (until issue #23) only showed when the check itself failed."""
    if "call" not in request.node.stash.get(FAILED, set()):
        return
    for n, context in enumerate(opened.contexts):
        for m, page in enumerate(context.pages):
            try:
                path = photograph(page, f"failed-{n}-{m}", folder)
            except Exception as exc:  # noqa: BLE001 - a closed or crashed page: say so, go on
                print(f"no picture of phone {n} page {m}: {exc}")
            else:
                print(f"phone {n} page {m} ({page.url}) when the test failed: {path}")


@pytest.fixture
def phones(browser: Any, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Phones]:
    """``phones.open("it")`` or ``phones.open("en")``: a new phone with its own cookies. When
    the test fails, each phone's pages are photographed before they are closed."""
    opened = Phones(browser)
    try:
        yield opened
    finally:
        photograph_on_failure(request, opened, tmp_path)
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
def snap(tmp_path: Path) -> Callable[[Any, str], Path | None]:
    """``snap(page, name)``: with ``$SKIRMISH_SCREENSHOTS`` set, the page's screenshot in the
    test's tmp dir and in that folder (``phone.shot``)."""

    def take(page: Any, name: str) -> Path | None:
        return shot(page, name, tmp_path)

    return take
