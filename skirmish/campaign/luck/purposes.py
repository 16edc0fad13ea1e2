"""Which way each die is good (issue #14): for every purpose a die is rolled for
(``engine.dice.PURPOSES``), whether a higher face is better for the model or gang that rolls
it, a lower face, or neither (the die picks among outcomes none of which is luck: where a
mount is hit, which invalidity, which skill, how far a survivor is thrown).

Read off the engine's stage functions, and held to them by ``tests/campaign/test_luck_purposes``
(a better face never gives a worse result):

- a nerve or panic die passes at or under FRED (R-01, R-04), a reflex die under RIF (R-06), a
  fanning die fires under TIRO (R-14), a cohesion die holds at or under the highest FRED
  (R-08), a saving die wounds more the higher it is (R-03), FORTUNA's recovery reroll saves
  under COS (R-10): lower is better;
- a shooting or fight roll (R-02, R-05), an initiative die (R-07), a recovery roll (§6.5), the
  infamy die (a 1 costs a point, R-09), a short fuse (a 1 explodes in the hands), a step away
  from a blast, availability (R-12) and the gambler's and marked cards' winnings: higher is
  better.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from skirmish.engine.dice import purpose_key


class Better(StrEnum):
    """Which faces are good for whoever rolls the die."""

    HIGH = "high"
    LOW = "low"


#: Every purpose of ``engine.dice.PURPOSES`` (a test holds the keys equal) and which faces are
#: good; ``None``: no face is better than another for the roller, the die is not luck.
DIRECTIONS: Mapping[str, Better | None] = {
    "nerve": Better.LOW,
    "fanning": Better.LOW,
    "shot": Better.HIGH,
    "mount": None,  # R-02(c): whether the mount or the rider is hit, neither's luck alone
    "reflex": Better.LOW,
    "save": Better.LOW,
    "panic": Better.LOW,
    "fight": Better.HIGH,
    "lasso": None,  # R-14: who is pulled depends on both sides' wishes, not on one face
    "short fuse": Better.HIGH,
    "step away": Better.HIGH,
    "thrown": None,  # how far a survivor flies: the damage is already done
    "initiative": Better.HIGH,
    "initiative: first": Better.HIGH,
    "initiative: opponent": Better.HIGH,
    "cohesion": Better.LOW,
    "recovery": Better.HIGH,
    "recovery: FORTUNA reroll": Better.LOW,
    "invalid table": None,  # which invalidity: every row is bad
    "infamy": Better.HIGH,
    "availability": Better.HIGH,
    "new skill": None,  # which skill: a choice of the table, not better or worse
    "gambler": Better.HIGH,
    "marked cards": Better.HIGH,
}


def better_of(purpose: str) -> Better | None:
    """Which faces are good for a die of ``purpose`` (``shot 2`` is a ``shot``); ``None`` for
    a die that is not luck or a purpose the ledger does not know."""
    return DIRECTIONS.get(purpose_key(purpose)[0])
