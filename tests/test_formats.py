"""Numbers and dates in each language's way (issue #21, ``skirmish.formats``): a chance is
``13.89%`` in English and ``13,89%`` in Italian, a date ``26 Nov 2026`` or ``26 nov 2026``;
the machine outputs (``--json``) keep their exact fractions whatever the language."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from skirmish import formats
from skirmish.cli.main import app


@pytest.mark.parametrize(
    ("value", "places", "en", "it"),
    [
        (Fraction(5, 36), 2, "13.89%", "13,89%"),
        (Fraction(1, 8), 2, "12.50%", "12,50%"),  # exactly half: up, never a float's 12.49
        (Fraction(1), 2, "100.00%", "100,00%"),
        (Fraction(0), 2, "0.00%", "0,00%"),
        (Fraction(1, 3), 1, "33.3%", "33,3%"),
        (Fraction(1, 3), 0, "33%", "33%"),
        (Fraction(1, 2000), 1, "0.1%", "0,1%"),
    ],
)
def test_a_chance_in_each_language(value: Fraction, places: int, en: str, it: str) -> None:
    assert formats.percent(value, "en", places) == en
    assert formats.percent(value, "it", places) == it


@pytest.mark.parametrize(
    ("value", "places", "en", "it"),
    [
        (Fraction(4, 3), 3, "1.333", "1,333"),
        (Fraction(-1, 4), 3, "−0.250", "−0,250"),
        (Fraction(1, 200), 2, "0.01", "0,01"),
        (Fraction(123456, 10), 1, "12,345.6", "12.345,6"),
        (52.25, 1, "52.3", "52,3"),
    ],
)
def test_a_decimal_in_each_language(value: Fraction, places: int, en: str, it: str) -> None:
    assert formats.decimal(value, "en", places) == en
    assert formats.decimal(value, "it", places) == it


def test_dates_in_each_language() -> None:
    stamp = "1881-10-26T15:04:00Z"
    assert formats.day(stamp, "en") == "26 Oct 1881"
    assert formats.day(stamp, "it") == "26 ott 1881"
    assert formats.day(date(1881, 10, 26), "it", "long") == "26 ottobre 1881"
    assert formats.day(stamp, "en", "full") == "Wednesday, 26 October 1881"
    assert formats.day(stamp, "it", "full") == "mercoledì 26 ottobre 1881"
    assert formats.moment(stamp, "en") == "26 Oct 1881, 15:04"
    assert formats.moment(stamp, "it") == "26 ott 1881, 15:04"


def test_a_timestamp_is_read_in_utc() -> None:
    """A stamp with an offset is said at its UTC time and day (the stamps' own zone)."""
    assert formats.moment("1881-10-26T23:30:00-02:00", "en") == "27 Oct 1881, 01:30"
    assert formats.day("1881-10-26T23:30:00-02:00", "it") == "27 ott 1881"


@pytest.mark.parametrize("stamp", [None, "", "soon", "2026-13-01T00:00:00Z"])
def test_an_unreadable_stamp_says_nothing(stamp: str | None) -> None:
    assert formats.day(stamp, "en") == formats.moment(stamp, "it") == ""


def test_a_language_without_a_locale_is_said_in_english() -> None:
    assert formats.locale_of("it") == "it_IT"
    assert formats.locale_of("xx") == formats.locale_of("en") == "en_GB"


def test_the_odds_are_italian_on_screen_and_exact_in_json() -> None:
    runner = CliRunner()
    args = ["odds", "shoot", "--tiro", "4", "--target-rif", "1", "--target-cos", "1"]
    shown = runner.invoke(app, [*args, "--lang", "it"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.splitlines()[0] == "Probabilità di eliminare: 43,98% (95/216)"
    english = runner.invoke(app, [*args, "--lang", "en"])
    assert english.output.splitlines()[0] == "Chance to eliminate: 43.98% (95/216)"
    for lang in ("it", "en"):
        found = runner.invoke(app, [*args, "--lang", lang, "--json"])
        assert found.exit_code == 0, found.output
        assert "%" not in found.output
        eliminated = json.loads(found.output)["eliminated"]
        assert eliminated == "95/216"
