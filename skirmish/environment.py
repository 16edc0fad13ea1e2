"""The environment variables skirmish reads, each checked like ``SKIRMISH_LANG`` (issue #22,
item 6): a value it cannot use is refused in one line naming the variable and what it accepts,
before anything runs, never silently replaced by the default.

- ``SKIRMISH_LANG``: ``it`` or ``en`` (``i18n.default_lang``);
- ``SKIRMISH_BUSY_TIMEOUT``: how long a writer waits for a busy database, seconds from 0 to 600
  (``busy_seconds``; unset or empty: ``BUSY_SECONDS``);
- ``SKIRMISH_DB``: the store, as ``--db`` takes it; the store checks it when it opens it (a
  missing or damaged file, an unknown URL) and names it there.
"""

from __future__ import annotations

import math
import os

from skirmish.errors import SkirmishError
from skirmish.i18n import default_lang
from skirmish.translation import Message

BUSY_VARIABLE = "SKIRMISH_BUSY_TIMEOUT"
#: How long a writer waits for a busy database before giving up, in seconds, and the longest.
BUSY_SECONDS = 10.0
BUSY_LONGEST = 600.0


class EnvironmentValueError(SkirmishError):
    """An environment variable holds a value skirmish cannot use."""

    exit_code = 2  # a usage error, like an unknown SKIRMISH_LANG


def busy_seconds() -> float:
    """``SKIRMISH_BUSY_TIMEOUT`` in seconds, else ``BUSY_SECONDS``; anything but a number from 0
    to 600 is an ``EnvironmentValueError``."""
    raw = os.environ.get(BUSY_VARIABLE, "")
    if not raw.strip():
        return BUSY_SECONDS
    try:
        value = float(raw.strip())
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= BUSY_LONGEST:  # NaN too
        shown = raw if len(raw) <= 40 else raw[:40] + "…"
        raise EnvironmentValueError(
            Message(
                "{variable}={value!r} is not a wait skirmish can use: set it to a number of "
                "seconds from 0 to {longest:g}, or leave it empty for {default:g}.",
                variable=BUSY_VARIABLE,
                value=shown,
                longest=BUSY_LONGEST,
                default=BUSY_SECONDS,
            )
        )
    return value


def check_environment() -> None:
    """Refuse, before anything runs, the first variable holding a value skirmish cannot use."""
    default_lang()
    busy_seconds()
