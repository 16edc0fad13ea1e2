"""The odds calculator's charts on a phone (issue #13), in a real browser at 390×844 through the
real server, in Italian and English: a fanning at a COS 2 target reads the chance to eliminate
first, then the damage, the wounds and the target's state as SVG bar charts that fit the screen,
each bar as long on the screen as its chance of the axis; the exact numbers open under a chart
with a tap. Every page fits the phone and is labelled (``phone.check``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from starlette.datastructures import QueryParams

from skirmish.odds.chances import chances
from skirmish.web.tools import odds_controls, read

from .conftest import Server, expect
from .phone import check

#: TIRO 4, fanning a six-shooter, one FORTUNA point, at a RIF 3, FRED 3, COS 2 target.
QUERY = "tiro=4&fanning=on&fortuna=1&target-rif=3&target-fred=3&target-cos=2"

_BARS = """
(chart) => {
  const axis = chart.querySelector("line.axis").getBoundingClientRect();
  const box = chart.getBoundingClientRect();
  return {
    axis: axis.width,
    right: box.right,
    bars: [...chart.querySelectorAll("rect.bar")].map((b) => b.getBoundingClientRect().width),
  };
}
"""


def test_the_odds_read_as_charts_on_a_phone(
    demo_server: Server, phone: Any, lang: str, tmp_path: Path
) -> None:
    found = chances("shoot", read(QueryParams(QUERY), odds_controls("shoot")))
    phone.goto(f"{demo_server.url}/odds/shoot?{QUERY}")
    headline = phone.locator("#result .headline")
    expect(headline).to_have_text(found.headline(lang) or "")
    check(phone, f"odds-charts-{lang}", tmp_path)

    charts = phone.locator("#result svg.chart")
    tables = found.tables(lang)
    assert charts.count() == len(tables) == 3  # damage, wounds, the target's state
    width = phone.viewport_size["width"]
    for index, table in enumerate(tables):
        chart = charts.nth(index)
        expect(chart).to_have_accessible_name(table.title)
        drawn = chart.evaluate(_BARS)
        assert drawn["right"] <= width
        assert drawn["axis"] > 200  # the bars get most of a phone's width
        for bar, (_, chance) in zip(drawn["bars"], table.rows, strict=True):
            assert abs(bar - drawn["axis"] * float(chance)) < 1
        assert abs(sum(drawn["bars"]) - drawn["axis"]) < 1  # the rows share out the whole

    numbers = phone.locator("#result figure.odds").first
    expect(numbers.locator("table.odds")).to_be_hidden()
    numbers.locator("summary").tap()
    expect(numbers.locator("table.odds")).to_be_visible()
    rows = numbers.locator("table.odds tbody tr")
    assert rows.count() == len(tables[0].rows)
    assert tables[0].at_least is not None
    last = rows.last.locator("small.exact.at-least")
    expect(last).to_have_text(str(Fraction(tables[0].at_least[-1])))
    check(phone, f"odds-charts-{lang}-numbers", tmp_path)
