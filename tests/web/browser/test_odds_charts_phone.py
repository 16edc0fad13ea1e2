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

from .conftest import Phones, Server, expect
from .phone import check

#: TIRO 4, fanning a six-shooter at a RIF 3, FRED 3, COS 2 target.
QUERY = "tiro=4&fanning=on&target-rif=3&target-fred=3&target-cos=2"

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


def test_a_comparison_reads_side_by_side_on_a_phone(
    demo_server: Server, phones: Phones, tmp_path: Path
) -> None:
    """From the odds of a shot, the player taps "this target or another", types only what
    differs for the other target, and reads the verdict, the two columns and the charts (in
    Italian, the club's language; the words of both are checked without a browser, in
    tests/web/test_tools_chart_compare.py)."""
    from skirmish.odds.compare import compare

    lang = "it"
    phone = phones.open(lang)

    shot = "tiro=4&range=5&target-rif=3&target-fred=3&target-cos=2"
    phone.goto(f"{demo_server.url}/odds/shoot?{shot}")
    name = "Questo bersaglio o un altro"
    phone.get_by_role("link", name=name).tap()
    expect(phone.locator("#in-other-target-rif")).to_be_visible()
    expect(phone.locator("#in-target-rif")).to_have_value("3")  # the shot kept
    phone.locator("#in-other-range").fill("10")
    phone.locator("#in-other-cover").select_option("light")
    phone.locator("#in-other-target-rif").fill("2")
    phone.locator("form.tool button[type=submit]").tap()

    verdict = phone.locator("#result .verdict")
    other = {"range_": 10.0, "cover": "light", "target_rif": 2}
    options = {"tiro": 4, "range_": 5.0, "target_rif": 3, "target_fred": 3, "target_cos": 2}
    found = _compare_of(compare, options, other)
    expect(verdict).to_have_text(found.verdict(lang))
    headers = phone.locator("#result table.compare thead th").all_inner_texts()
    assert [h.strip() for h in headers[1:]] == list(found.names(lang))
    charts = phone.locator("#result svg.chart")
    assert charts.count() == 3  # the target, at least N wounds, at least N damage
    width = phone.viewport_size["width"]
    for index in range(charts.count()):
        drawn = charts.nth(index).evaluate(_BARS)
        assert drawn["right"] <= width
    check(phone, f"odds-compare-{lang}", tmp_path)


def _compare_of(compare: Any, options: dict[str, Any], other: dict[str, Any]) -> Any:
    """``odds.compare`` of the shot the form sends: its defaults filled in by the web's own
    reading, so the test states only what the player typed."""
    from starlette.datastructures import QueryParams

    from skirmish.web.tools import compare_controls, compare_options, read

    every = compare_controls("targets")
    shot, goal, _ = compare_options(read(QueryParams(""), every), every)
    return compare("targets", {**shot, **options}, goal=goal, other=other)
