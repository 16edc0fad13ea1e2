"""Numbers and dates as a reader of each language writes them, through Babel's CLDR data
(issue #21): the one place where a chance, a decimal or a date is put into words for a player.

- ``percent(p, lang)``: a chance, ``13.89%`` in English, ``13,89%`` in Italian.
- ``decimal(value, lang)``: an expectation, ``1.333`` / ``1,333``, with the typographic minus
  (``−0.250``) in both.
- ``day(stamp, lang)``: a log's day, ``20 Oct 1881`` / ``20 ott 1881``; ``day(stamp, lang,
  "full")`` as a newspaper dates itself, ``Thursday, 20 October 1881`` / ``giovedì 20 ottobre
  1881``.
- ``moment(stamp, lang)``: a log's day and time (UTC), ``20 Oct 1881, 09:54`` / ``20 ott 1881,
  09:54``.

The locales: Italian is ``it_IT``; English is ``en_GB`` (the day before the month and a 24-hour
clock, as the Italian and as the printed log book always wrote its English dates).

The exact value is rounded half up here (a chance is an exact fraction: 1/8 is ``12.50%``, never
a float's ``12.49%``), then Babel writes the rounded number in the locale's own pattern (its
decimal sign, grouping and percent sign). Only what a player reads goes through here: the JSON
API, ``--json`` and the exports keep exact fractions and ISO 8601 timestamps.

Babel (its CLDR data) is imported when a number or a date is first said: ``skirmish roll``
never says one.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Literal

from skirmish.i18n import Lang

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern

#: The CLDR locale of each language of skirmish.
LOCALES: dict[str, str] = {Lang.IT: "it_IT", Lang.EN: "en_GB"}

#: The typographic minus of a negative expectation (the code's convention in both languages).
MINUS = "−"


def locale_of(lang: str) -> str:
    """The CLDR locale ``lang`` is written in (English for any other language)."""
    return LOCALES.get(str(lang), LOCALES[Lang.EN])


@cache
def _locale(lang: str) -> Locale:
    from babel import Locale  # lazy: babel

    return Locale.parse(locale_of(lang))


@cache
def _pattern(lang: str, kind: str, places: int) -> NumberPattern:
    """The locale's own number (``decimal``) or percent pattern, with exactly ``places``
    decimals."""
    from babel.numbers import parse_pattern  # lazy: babel

    found = _locale(lang)
    formats = found.percent_formats if kind == "percent" else found.decimal_formats
    pattern = parse_pattern(formats[None].pattern)
    pattern.frac_prec = (places, places)
    return pattern


def _rounded(value: Fraction, places: int) -> Decimal:
    """``value`` rounded half up (away from zero) to ``places`` decimals, exactly."""
    scale = 10**places
    units = (abs(value) * scale + Fraction(1, 2)).__floor__()
    return (Decimal(units) / Decimal(scale)).copy_sign(Decimal(-1 if value < 0 else 1))


def _number(value: Fraction, lang: str, kind: str, places: int) -> str:
    # a percent pattern multiplies by 100 itself: its value is rounded two places further
    rounded = _rounded(value, places + 2 if kind == "percent" else places)
    shown = _pattern(str(lang), kind, places).apply(abs(rounded), _locale(str(lang)))
    return f"{MINUS}{shown}" if rounded < 0 else shown


def percent(p: Fraction | float, lang: str, places: int = 2) -> str:
    """A chance (0–1) as a percentage with ``places`` decimals, rounded half up: ``13.89%``,
    ``13,89%``."""
    return _number(Fraction(p), str(lang), "percent", places)


def decimal(value: Fraction | float, lang: str, places: int = 3) -> str:
    """A number with ``places`` decimals, rounded half up: ``1.333``, ``1,333``, ``−0.250``."""
    return _number(Fraction(value), str(lang), "decimal", places)


def _when(stamp: str | date) -> datetime | date | None:
    """A log's timestamp (``2026-11-26T18:40:00Z``, ISO 8601) or a day, read; ``None`` when it
    cannot be."""
    if isinstance(stamp, date):
        return stamp
    try:
        if len(stamp) <= 10:
            return date.fromisoformat(stamp)
        return datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        return None


Width = Literal["medium", "long", "full"]


def day(stamp: str | date | None, lang: str, width: Width = "medium") -> str:
    """The day of a log's timestamp in ``lang``: ``26 Nov 2026``, ``26 nov 2026`` (``long``:
    ``26 November 2026``, ``26 novembre 2026``; ``full``: ``Thursday, 26 November 2026``,
    ``giovedì 26 novembre 2026``); ``""`` when there is none or it cannot be read."""
    from babel.dates import format_date  # lazy: babel

    found = _when(stamp) if stamp else None
    if found is None:
        return ""
    if isinstance(found, datetime):
        found = found.astimezone(UTC).date() if found.tzinfo else found.date()
    return format_date(found, width, locale=_locale(str(lang)))


@lru_cache(maxsize=4096)
def moment(stamp: str | None, lang: str) -> str:
    """A log's timestamp as its day and time (UTC, which the stamps are in): ``26 Nov 2026,
    18:40``, ``26 nov 2026, 18:40``; ``""`` when there is none or it cannot be read. Kept for
    the last 4,096 stamps: a page's feed says the same ones on every request (issue #23)."""
    from babel.dates import format_date, format_time  # lazy: babel

    found = _when(stamp) if stamp else None
    if not isinstance(found, datetime):
        return day(found, lang) if found is not None else ""
    found = found.astimezone(UTC) if found.tzinfo else found.replace(tzinfo=UTC)
    locale = _locale(str(lang))
    # the locale's own way of joining a day and a time ("{1}, {0}"), a medium day, a short time
    joined = str(locale.datetime_formats["medium"])
    return joined.format(
        format_time(found, "short", tzinfo=UTC, locale=locale),
        format_date(found.date(), "medium", locale=locale),
    )
