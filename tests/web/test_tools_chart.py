"""The odds as SVG bar charts (issue #13): ``web.charts.bar_chart`` draws each bar exactly as
long as its chance, names itself to a screen reader and escapes every piece of text; the odds
page shows the headline (the chance to eliminate) exactly when the target's COS is known, then
every table of ``odds.chances`` as a chart with the same numbers, in the reader's language."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from starlette.datastructures import QueryParams

from skirmish.formats import percent
from skirmish.odds.chances import chances
from skirmish.web import text
from skirmish.web.charts import WIDTH, Row, bar_chart

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    """The chart as XML: it must parse on its own (a well-formed SVG document)."""
    return ET.fromstring(svg)


def rects(chart: ET.Element, cls: str) -> list[ET.Element]:
    return [r for r in chart.iter(f"{SVG}rect") if r.get("class") == cls]


def texts(chart: ET.Element, cls: str) -> list[str]:
    return ["".join(t.itertext()) for t in chart.iter(f"{SVG}text") if t.get("class") == cls]


def track(chart: ET.Element) -> tuple[float, float]:
    """Where the value axis starts and how long it is: 0% to 100%."""
    axis = next(line for line in chart.iter(f"{SVG}line") if line.get("class") == "axis")
    start, end = float(axis.get("x1", "")), float(axis.get("x2", ""))
    return start, end - start


def assert_proportional(chart: ET.Element, rows: list[Row]) -> None:
    """Every bar starts at 0% and is as long as its chance of the axis, within a pixel; the
    "at least" bars likewise, for the rows that have one."""
    start, length = track(chart)
    bars = rects(chart, "bar")
    assert len(bars) == len(rows)
    for bar, row in zip(bars, rows, strict=True):
        assert float(bar.get("x", "")) == pytest.approx(start, abs=0.01)
        assert abs(float(bar.get("width", "")) - length * float(row.chance)) < 1, row
    wanted = [r.at_least for r in rows if r.at_least is not None]
    more = rects(chart, "at-least")
    assert len(more) == len(wanted)
    for bar, chance in zip(more, wanted, strict=True):
        assert abs(float(bar.get("width", "")) - length * float(chance)) < 1


WOUNDS = [
    Row("0", Fraction(25, 108)),
    Row("1", Fraction(50, 108), Fraction(83, 108)),
    Row("2", Fraction(32, 108), Fraction(33, 108)),
    Row("3", Fraction(1, 108), Fraction(1, 108)),
]
STATES = [
    Row("nessun test di panico", Fraction(1, 2)),
    Row("a terra", Fraction(1, 6)),
    Row("eliminato", Fraction(1, 3)),
]


@pytest.mark.parametrize("rows", [WOUNDS, STATES, [Row("1", Fraction(1))], [Row("0", Fraction(0))]])
def test_each_bar_is_as_long_as_its_chance(rows: list[Row]) -> None:
    chart = parsed(bar_chart(rows, ident="c", title="Ferite", words=text.words("it"), lang="it"))
    assert_proportional(chart, rows)
    assert texts(chart, "label") == [r.label for r in rows]
    assert texts(chart, "percent") == [percent(r.chance, "it") for r in rows]
    at_least = [f"≥ {percent(r.at_least, 'it')}" for r in rows if r.at_least is not None]
    assert texts(chart, "percent at-least") == at_least
    assert texts(chart, "category-axis") == ["Ferite"]
    assert texts(chart, "value-axis") == ["Probabilità"]


@pytest.mark.parametrize("rows", [WOUNDS, STATES])
def test_the_chart_fits_its_box_on_a_phone(rows: list[Row]) -> None:
    """360 units wide, scaled to the column (``width="100%"``): every text starts inside it,
    and the longest percentage after a whole bar still ends inside it."""
    chart = parsed(bar_chart(rows, ident="c", title="Bersaglio", words=text.words("en"), lang="en"))
    assert chart.get("width") == "100%"
    view = [float(v) for v in chart.get("viewBox", "").split()]
    assert view[:3] == [0, 0, WIDTH]
    for shown in chart.iter(f"{SVG}text"):
        assert 0 <= float(shown.get("x", "")) <= WIDTH
        assert 0 < float(shown.get("y", "")) <= view[3]
    start, length = track(chart)
    assert start + length + 4 + len("100.00%") * 13 * 0.62 <= WIDTH


def test_a_screen_reader_reads_the_title_and_every_chance() -> None:
    chart = parsed(
        bar_chart(WOUNDS, ident="wounds-1", title="Wounds", words=text.words("en"), lang="en")
    )
    assert chart.get("role") == "img"
    assert chart.get("aria-labelledby") == "wounds-1-title"
    assert chart.get("aria-describedby") == "wounds-1-desc"
    found = {e.get("id"): "".join(e.itertext()) for e in chart.iter() if e.get("id")}
    assert found["wounds-1-title"] == "Wounds"
    assert found["wounds-1-desc"] == (
        "0: 23.15%; 1: 46.30%; at least 1: 76.85%; 2: 29.63%; at least 2: 30.56%; "
        "3: 0.93%; at least 3: 0.93%"
    )
    tips = ["".join(t.itertext()) for r in chart.iter(f"{SVG}rect") for t in r]
    assert tips[:2] == ["0: 23.15% (25/108)", "1: 46.30% (25/54)"]
    assert "at least 1: 76.85% (83/108)" in tips


def test_bars_are_told_apart_without_colour() -> None:
    """The "at least" bars are thinner and outlined, their percentages marked ≥, and a legend
    names both kinds."""
    chart = parsed(bar_chart(WOUNDS, ident="c", title="Wounds", words=text.words("en"), lang="en"))
    bar, more = rects(chart, "bar")[1], rects(chart, "at-least")[0]
    assert float(more.get("height", "")) < float(bar.get("height", "")) / 1.5
    assert more.get("stroke") and not bar.get("stroke")
    shown = ["".join(t.itertext()) for t in chart.iter(f"{SVG}text")]
    assert "exactly" in shown and "≥ at least" in shown
    alone = parsed(bar_chart(STATES, ident="c", title="Target", words=text.words("en"), lang="en"))
    assert "exactly" not in ["".join(t.itertext()) for t in alone.iter(f"{SVG}text")]


HOSTILE = '</text><script>alert(1)</script>&amp; "quoted" <b>'


def test_hostile_text_is_escaped() -> None:
    rows = [Row(HOSTILE, Fraction(1, 3), Fraction(1, 2)), Row("2", Fraction(2, 3))]
    svg = bar_chart(
        rows, ident='x" onload="alert(1)', title=HOSTILE, words=text.words("en"), lang="en"
    )
    chart = parsed(svg)  # still one well-formed document
    assert not list(chart.iter(f"{SVG}script")) and not list(chart.iter("script"))
    assert "<script>" not in str(svg)
    assert chart.get("onload") is None and chart.get("id") == 'x" onload="alert(1)'
    assert texts(chart, "label")[0] == HOSTILE
    assert texts(chart, "category-axis") == [HOSTILE]
    title = next(chart.iter(f"{SVG}title"))
    assert "".join(title.itertext()) == HOSTILE
    assert all(e.tag.startswith(SVG) for e in chart.iter())


# ---------------------------------------------------------------------------- the odds page


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app on a copy of the demo store (the calculator reads nothing from it)."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    path = tmp_path_factory.mktemp("tools-chart") / "campaigns.db"
    shutil.copyfile(DEMO, path)
    with TestClient(create_app(str(path))) as client:
        yield client


def page(web: Any, url: str, lang: str) -> str:
    web.cookies.clear()
    response = web.get(url, headers={"accept-language": lang})
    assert response.status_code == 200, (url, response.text[-2000:])
    return str(response.text)


def charts_of(body: str) -> list[ET.Element]:
    result = body.split('<section id="result"')[1]
    return [parsed(svg) for svg in re.findall(r"<svg .*?</svg>", result, re.S)]


#: A shoot, a melee and a save, each with the target's COS known and not.
CASES = [
    ("shoot", "tiro=4&fanning=on&target-rif=3&target-fred=3&target-cos=2", True),
    ("shoot", "tiro=4&weapon=winchester&aim=on&range=12", False),
    ("melee", "cos=3&weapon=coltello&fred=4&target-rif=3&target-fred=3&target-cos=3", True),
    ("melee", "cos=3&weapon=coltello&target-rif=3&target-fred=3", False),
    ("save", "rif=3&damage=3&behind=on&cos=2", True),
    ("save", "rif=3&damage=2", False),
]


@pytest.mark.parametrize(("test", "query", "cos"), CASES)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_odds_page_charts_the_declarations_chances(
    web: Any, test: str, query: str, cos: bool, lang: str
) -> None:
    from skirmish.web.tools import odds_controls, read

    found = chances(test, read(QueryParams(query), odds_controls(test)))
    body = page(web, f"/odds/{test}?{query}", lang)
    headline = re.findall(r'<p class="headline">(.*?)</p>', body)
    if cos:
        assert found.eliminated is not None
        assert headline == [found.headline(lang)]
        # the headline first: before any chart
        assert body.index('class="headline"') < body.index("<svg ")
    else:
        assert found.eliminated is None and headline == []
    tables = found.tables(lang)
    shown = charts_of(body)
    assert len(shown) == len(tables)
    for chart, table in zip(shown, tables, strict=True):
        assert texts(chart, "category-axis") == [table.title]
        assert texts(chart, "value-axis") == ["Probabilità" if lang == "it" else "Chance"]
        assert texts(chart, "label") == [label for label, _ in table.rows]
        assert texts(chart, "percent") == [percent(p, lang) for _, p in table.rows]
        at_least: list[Fraction | None] = [None] * len(table.rows)
        if table.at_least is not None:
            at_least = list(table.at_least)
        rows = [
            Row(label, p, None if place == 0 else up)
            for place, ((label, p), up) in enumerate(zip(table.rows, at_least, strict=True))
        ]
        assert_proportional(chart, rows)
    # the same numbers as a table, "at least" included for a numeric one, exact fractions
    exact = re.findall(r'<small class="exact at-least"[^>]*>(.*?)</small>', body)
    assert exact == [str(p) for t in tables for p in (t.at_least or [])]
    for line in found.lines(lang):
        assert f"<li>{line}</li>".replace("'", "&#39;") in body


def test_a_chart_has_ids_of_its_own(web: Any) -> None:
    body = page(web, "/odds/melee?" + urlencode({"cos": 3, "target-rif": 3, "target-cos": 3}), "en")
    ids = re.findall(r' id="([^"]+)"', body)
    assert len(ids) == len(set(ids))
    assert {"chart-1", "chart-2", "chart-3"} <= set(ids)


def test_a_comparison_chart_escapes_and_draws_both_choices() -> None:
    from skirmish.web.charts import Pair, compare_chart

    rows = [Pair(HOSTILE, (Fraction(1, 3), Fraction(1, 2))), Pair("2", (None, Fraction(1, 4)))]
    svg = compare_chart(
        rows, ident="k", title="T", names=(HOSTILE, "B ★"), words=text.words("en"), lang="en"
    )
    chart = parsed(svg)
    assert "<script>" not in str(svg)
    assert texts(chart, "legend") == [HOSTILE, "B ★"]
    _, length = track(chart)
    firsts, seconds = rects(chart, "bar"), rects(chart, "second")
    assert len(firsts) == 1 and len(seconds) == 2  # no bar where a choice has no chance
    chances_ = [Fraction(1, 3), Fraction(1, 2), Fraction(1, 4)]
    for bar, chance in zip([*firsts, *seconds], chances_, strict=True):
        assert abs(float(bar.get("width", "")) - length * float(chance)) < 1
    assert seconds[0].get("stroke") and not firsts[0].get("stroke")  # told apart by outline
    desc = "".join(next(e for e in chart.iter() if e.get("id") == "k-desc").itertext())
    assert desc == f"{HOSTILE}: {HOSTILE} 33.33%, B ★ 50.00%; 2: B ★ 25.00%"
