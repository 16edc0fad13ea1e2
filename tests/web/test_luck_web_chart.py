"""The luck ledger's chart (issue #14, ``skirmish/web/luck_chart.py``): well-formed SVG whose
band covers exactly the mean ± 2 standard errors on a 0–100 track and whose dot sits on the
mean, the verdict ("within the noise" when the band reaches 50) told by the band's class and the
row's words, no band for a row without rolls, and every name escaped."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from skirmish.i18n import Lang
from skirmish.web.luck_chart import PAD, WIDTH, LuckRow, Verdict, luck_chart, verdict
from skirmish.web.text import words

S = "{http://www.w3.org/2000/svg}"


def _x(percentile: float) -> float:
    return PAD + (WIDTH - 2 * PAD) * percentile / 100


@pytest.mark.parametrize(
    ("mean", "se", "expected"),
    [
        (50.0, 0.0, Verdict.NOISE),
        (55.0, 3.0, Verdict.NOISE),  # 5 < 2 × 3
        (56.0, 3.0, Verdict.LUCKY),  # exactly two standard errors away is no longer noise
        (43.0, 3.0, Verdict.UNLUCKY),
        (45.0, 2.6, Verdict.NOISE),
    ],
)
def test_the_verdict_is_two_standard_errors(mean: float, se: float, expected: Verdict) -> None:
    assert verdict(mean, se) is expected


def test_the_band_is_the_mean_give_or_take_two_standard_errors() -> None:
    rows = [
        LuckRow("Earp brothers", 40, 61.0, 4.0, "61.0 ± 4.0", "lucky"),
        LuckRow("Clanton gang", 38, 47.5, 5.0, "47.5 ± 5.0", "within the noise"),
        LuckRow("Apache scouts", 0, None, None, "no rolls", ""),
    ]
    svg = ElementTree.fromstring(str(luck_chart(rows, ident="c", title="Luck", words=words("en"))))
    bands = svg.findall(f"{S}rect")
    assert [b.get("class") for b in bands] == ["band lucky", "band noise"]
    for band, (mean, se) in zip(bands, ((61.0, 4.0), (47.5, 5.0)), strict=True):
        left, width = float(band.get("x", "")), float(band.get("width", ""))
        assert left == pytest.approx(_x(mean - 2 * se), abs=0.01)
        assert left + width == pytest.approx(_x(mean + 2 * se), abs=0.02)
    dots = [float(c.get("cx", "")) for c in svg.findall(f"{S}circle")]
    assert dots == pytest.approx([_x(61.0), _x(47.5)], abs=0.01)
    fair = svg.find(f"{S}line[@class='fair']")
    assert fair is not None and float(fair.get("x1", "")) == pytest.approx(_x(50))
    assert svg.findtext(f"{S}title") == "Luck"
    desc = svg.findtext(f"{S}desc") or ""
    assert "Earp brothers: 61.0 ± 4.0, lucky" in desc
    assert "Apache scouts: no rolls" in desc


def test_a_band_past_the_ends_stays_on_the_track() -> None:
    rows = [LuckRow("Lucky Jim", 1, 97.2, 2.0, "97.2 ± 2.0", "lucky")]
    svg = ElementTree.fromstring(str(luck_chart(rows, ident="x", title="t", words=words("it"))))
    band = svg.find(f"{S}rect")
    assert band is not None
    assert float(band.get("x", "")) + float(band.get("width", "")) <= _x(100) + 0.01


def test_every_name_is_text() -> None:
    hostile = '<script>alert(1)</script>"&'
    rows = [LuckRow(hostile, 3, 50.0, 10.0, "50.0 ± 10.0", "<b>noise</b>")]
    drawn = str(luck_chart(rows, ident='"><x', title=hostile, words=words(Lang.EN)))
    assert "<script>" not in drawn and "<b>" not in drawn and '"><x' not in drawn
    svg = ElementTree.fromstring(drawn)
    assert svg.findtext(f"{S}title") == hostile


def test_a_figure_counts_its_rolls_in_words() -> None:
    from fractions import Fraction

    from skirmish.campaign.luck import Moment, Who, stats
    from skirmish.web.luck import figure

    six = Moment(
        kind="roll", role="roller", purpose="shot", faces=(6,), percentile=Fraction(275, 3),
        variance=Fraction(100), as_good=Fraction(1, 6), as_bad=Fraction(1),
        who=Who("Wyatt Earp", 1, "Earp brothers", 1, None), opponent=None, source="table",
        game_id=1, turn=1, event_id=1,
    )  # fmt: skip
    assert figure(stats([six]), "en", rolls=True) == "91.7 ± 10.0 · 1 roll"
    assert figure(stats([six, six]), "it", rolls=True) == "91,7 ± 7,1 · 2 tiri"  # the decimal comma
    assert figure(stats([six]), "en") == "91.7 ± 10.0"
    assert figure(stats([]), "it") == "nessun tiro"
