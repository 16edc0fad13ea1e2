"""A characteristic's range (§7.1), checked by every procedure that is given one.

Kept apart from ``engine.setup`` (the combat inputs) so that the campaign's commands check a
characteristic without loading every combat input (issue #23: ``gang show``'s start-up).
"""

from __future__ import annotations

from skirmish.errors import RulesError
from skirmish.translation import Message

#: Every characteristic lies between these (§7.1: "nessun personaggio può superare 4").
LOWEST = 0
HIGHEST = 4


def check_characteristic(name: str, value: int) -> int:
    """A characteristic lies within 0–4 (§7.1); anything else raises ``RulesError``."""
    if isinstance(value, bool) or not isinstance(value, int) or not LOWEST <= value <= HIGHEST:
        raise RulesError(
            Message(
                "{name} {value!r} is outside {lowest}–{highest} (§7.1); give the "
                "model's {name} as in its profile.",
                name=name,
                value=value,
                lowest=LOWEST,
                highest=HIGHEST,
            )
        )
    return value
