"""The campaign's story on a phone (issue #14), in a real browser at 390×844 through the real
server, on the demo store after a played bank robbery (``tests/web/luck_games.py``): from the
campaign's page a player taps "Luck" and reads the sources side by side and each gang's mean
percentile as a chart whose dot sits on its mean and whose band spans the mean ± 2 standard
errors, then keeps only the dice typed in at the table; from there a gang's and the game's
luck; then the Gazette and one game's issue. Every page fits the phone and is labelled
(``phone.check``); the screenshots are in the test's tmp dir (and ``$SKIRMISH_SCREENSHOTS``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tests.web.luck_games import CAMPAIGN, EARPS, played

from .conftest import Phones, Server, expect
from .phone import check

C = quote(CAMPAIGN, safe="")

_DRAWN = """
(chart) => {
  const svg = chart.getBoundingClientRect();
  const scale = svg.width / chart.viewBox.baseVal.width;
  const axis = chart.querySelector("line.axis");
  const x0 = axis.x1.baseVal.value, x1 = axis.x2.baseVal.value;
  return {
    right: svg.right,
    scale,
    x0, x1,
    dots: [...chart.querySelectorAll("circle.mean")].map((c) => c.cx.baseVal.value),
    bands: [...chart.querySelectorAll("rect.band")].map((r) => [r.x.baseVal.value,
      r.x.baseVal.value + r.width.baseVal.value, r.getAttribute("class")]),
  };
}
"""


def _on_track(drawn: dict[str, Any], percentile: float) -> float:
    """Where ``percentile`` lies on the chart's track, in its own units."""
    return float(drawn["x0"] + (drawn["x1"] - drawn["x0"]) * percentile / 100)


def test_the_luck_of_the_dice_and_the_gazette_on_a_phone(
    serve: Any, phones: Phones, tmp_path: Path
) -> None:
    """The whole journey in Italian, the club's language; in English the first page of each
    (their words in both languages are checked without a browser, in tests/web/
    test_luck_web.py and test_gazette_web.py)."""
    server: Server = serve(played(tmp_path))
    ledger = json.loads(server.cli("luck", "--campaign", CAMPAIGN, "--json"))
    width = 390

    phone = phones.open("it")
    phone.goto(f"{server.url}/c/{C}")
    phone.get_by_role("link", name="Sorte", exact=True).tap()
    expect(phone).to_have_url(f"{server.url}/c/{C}/luck")
    check(phone, "luck-campaign-it", tmp_path)

    # each gang's dot on its mean and its band the mean ± 2 SE, inside the screen
    drawn = phone.locator("#luck-gangs svg.chart").evaluate(_DRAWN)
    assert drawn["right"] <= width
    gangs = [g for g in ledger["gangs"] if g["all"]["rolls"]]
    assert len(drawn["dots"]) == len(gangs) == 4  # the two who played, and all who bought
    for dot, band, gang in zip(drawn["dots"], drawn["bands"], gangs, strict=True):
        mean, se = gang["all"]["mean_percentile"], gang["all"]["standard_error"]
        assert abs(dot - _on_track(drawn, mean)) < 0.05
        assert abs(band[0] - _on_track(drawn, max(0, mean - 2 * se))) < 0.05
        assert abs(band[1] - _on_track(drawn, min(100, mean + 2 * se))) < 0.05
        noise = gang["all"]["within_noise"]
        assert band[2] == ("band noise" if noise else "band lucky" if mean > 50 else "band unlucky")

    # only the dice typed in at the table
    typed = "Inseriti al tavolo"
    phone.locator("nav.luck-choice").get_by_role("link", name=typed).tap()
    expect(phone).to_have_url(f"{server.url}/c/{C}/luck?source=table")
    sources = phone.locator("#luck-luckiest li .meta").all_inner_texts()
    assert sources and all(s.endswith(typed) for s in sources)

    # a gang's luck, then the game's
    phone.locator("#luck-gang-links").get_by_role("link", name=EARPS).tap()
    expect(phone.locator("#luck-models svg.chart")).to_be_visible()
    check(phone, "luck-gang-it", tmp_path)
    phone.goto(f"{server.url}/c/{C}/games/1")
    phone.get_by_role("link", name="Sorte", exact=True).tap()
    expect(phone.locator("#luck-models svg.chart")).to_be_visible()
    check(phone, "luck-game-it", tmp_path)

    # the Gazette: the paper to date, then game 1's issue
    phone.goto(f"{server.url}/c/{C}")
    phone.get_by_role("link", name="Gazzetta", exact=True).tap()
    expect(phone.locator("h1")).to_have_text("La Gazzetta della Frontiera")
    check(phone, "gazette-it", tmp_path)
    phone.locator("nav.gz-issues").get_by_role(
        "link", name="N. 1: partita 1, Rapina in banca"
    ).tap()
    expect(phone.locator(".gz-special")).to_have_text("Edizione straordinaria: la partita 1")
    check(phone, "gazette-game-it", tmp_path)

    english = phones.open("en")
    english.goto(f"{server.url}/c/{C}/luck")
    expect(english.locator("h1")).to_have_text("Luck ledger")
    check(english, "luck-campaign-en", tmp_path)
    english.goto(f"{server.url}/c/{C}/gazette")
    expect(english.locator("h1")).to_have_text("The Frontier Gazette")
    check(english, "gazette-en", tmp_path)
