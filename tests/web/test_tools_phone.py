"""The dice roller and the odds calculator in a real browser holding a phone (390×844, touch),
in Italian and English: a player taps a test, fills in the form with a thumb, types the dice
rolled at the table and reads the CLI's lines; the odds come as bars. Every page reached fits
the screen with no sideways scrolling, every control is labelled and thumb-sized (issue #11).

Debian's chromium (``/usr/bin/chromium``) through Playwright, as ``tests/web/browser`` drives
it; without it a developer's machine skips these tests, CI (``CI`` set) fails them."""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser.phone import LOCALES, PHONE, check
from typer.testing import CliRunner

from skirmish.cli.main import app as cli_app

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"


def _require_browser() -> None:
    why = ""
    if not CHROMIUM.exists():
        why = f"{CHROMIUM} is missing (apt-get install chromium; .ci/run does)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            why = "the playwright package is missing (pip install -e '.[dev]')"
    if why and os.environ.get("CI"):
        pytest.fail(f"the browser tests must run under CI: {why}")
    if why:
        pytest.skip(why)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread of this process."""
    _require_browser()
    import uvicorn

    from skirmish.web.app import create_app

    db = tmp_path_factory.mktemp("tools-phone") / "campaigns.db"
    shutil.copyfile(DEMO, db)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    config = uvicorn.Config(create_app(str(db)), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=20)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(params=["it", "en"])
def phone(chromium: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = chromium.new_context(**PHONE, locale=LOCALES[request.param])
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.lang = request.param
    try:
        yield page
    finally:
        context.close()


def cli_lines(*args: str) -> list[str]:
    result = CliRunner().invoke(cli_app, list(args), env={"SKIRMISH_LANG": ""})
    assert result.exit_code == 0, result.stderr
    return result.stdout.strip().splitlines()


def test_a_player_rolls_a_shot_with_the_dice_of_the_table(
    server: str, phone: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    lang = phone.lang
    phone.goto(server + "/")
    phone.locator("header nav").get_by_role("link", name="Dadi" if lang == "it" else "Dice").tap()
    expect(phone).to_have_url(re.compile(r"/roll$"))
    check(phone, f"tools-{lang}-list", tmp_path)

    phone.locator("ul.tools").get_by_role("link", name=re.compile("^Sparare|^Shoot")).tap()
    expect(phone).to_have_url(re.compile(r"/roll/shoot$"))
    check(phone, f"tools-{lang}-shoot", tmp_path)

    # §4.2: TIRO 4, the six-shooter at 8U, light cover, the target has not acted yet
    phone.locator("#in-tiro").fill("4")
    phone.locator("#in-range").fill("8")
    phone.locator("#in-cover").select_option("light")
    phone.locator("fieldset", has=phone.locator("#in-range")).locator("summary").tap()
    phone.locator("label[for=in-target-waiting]").tap()
    phone.locator("#in-target-rif").fill("3")
    phone.locator("#in-target-fred").fill("3")
    phone.locator("#in-target-cos").fill("3")
    phone.locator("#in-dice").fill("2,4,4,4,3,5")
    phone.locator("form.tool button[type=submit]").tap()
    expect(phone.locator("#result ul.steps li").first).to_be_visible()
    check(phone, f"tools-{lang}-shoot-rolled", tmp_path)

    shown = phone.locator("#result ul.steps li").all_inner_texts()
    assert shown == cli_lines(
        "roll", "shoot", "--tiro", "4", "--range", "8", "--cover", "light", "--target-waiting",
        "--target-rif", "3", "--target-fred", "3", "--target-cos", "3",
        "--dice", "2,4,4,4,3,5", "--lang", lang,
    )  # fmt: skip
    # the form keeps what was typed, and the page's address is the roll to send
    expect(phone.locator("#in-tiro")).to_have_value("4")
    assert "dice=2%2C4%2C4%2C4%2C3%2C5" in phone.url


def test_a_player_reads_the_odds_as_bars(server: str, phone: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    lang = phone.lang
    phone.goto(server + "/odds/save")
    check(phone, f"tools-{lang}-odds-save", tmp_path)
    phone.locator("#in-rif").fill("3")
    phone.locator("#in-damage").fill("2")
    phone.locator("#in-cos").fill("2")
    phone.locator("form.tool button[type=submit]").tap()
    expect(phone.locator("#result svg.chart")).to_be_visible()
    check(phone, f"tools-{lang}-odds-save-shown", tmp_path)
    rows = phone.locator("#result table.odds tbody tr")
    assert rows.count() == 3  # 0, 1 or 2 wounds from two saving rolls
    bars = phone.locator("#result svg.chart rect.bar")
    widths = bars.evaluate_all("bars => bars.map(b => b.width.baseVal.value)")
    axis = phone.locator("#result svg.chart line.axis")
    length = axis.evaluate("l => l.x2.baseVal.value - l.x1.baseVal.value")
    assert abs(sum(widths) - length) < 0.01  # the bars share out the whole chance
    phone.locator("#result details.numbers summary").first.tap()
    expect(phone.locator("#result table.odds").first).to_be_visible()


def test_a_refusal_reads_on_the_form(server: str, phone: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    lang = phone.lang
    phone.goto(server + "/roll/reflex")
    phone.locator("#in-rif").fill("4")
    phone.locator("#in-dice").fill("3,5,6")
    phone.locator("form.tool button[type=submit]").tap()
    alert = phone.get_by_role("alert")
    expect(alert).to_be_visible()
    words = "ne ha usati solo 2" if lang == "it" else "used only 2"
    expect(alert).to_contain_text(words)
    expect(phone.locator("#in-dice")).to_have_value("3,5,6")
    check(phone, f"tools-{lang}-refused", tmp_path)
