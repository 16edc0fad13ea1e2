"""The luck ledger (issue #14): how kind the dice were, from the game log's dice.

Every logged roll (a die, or dice thrown together such as a nerve test's 2D6) is placed within
its exact distribution by its mid-rank percentile, oriented so that higher is luckier for the
model or gang that rolled it (``purposes.DIRECTIONS``); every shot and fight is placed by its
outcome within the exact odds of the very setup it rolled, with its impact: wounds dealt and
eliminations against their exact expectation. docs/luck.md says how, and what the rules leave
open.

The API, for the CLI (``skirmish luck``), the web pages and the Frontier Gazette:

- ``ledger(session, *, campaign, gang=None, game_id=None) -> Ledger`` reads the campaign's
  games (or one game) from the store; with ``gang`` only that gang's moments. Read-only.
- ``Ledger``: ``moments`` (every ``Moment`` in the log's order), ``overall`` (a ``Tally``),
  ``models``, ``gangs``, ``players`` (tallies; a gang without an owner account has no
  player), ``great_escapes`` (targets that survived an attack with a 95% or better chance to
  eliminate them, or a recovery roll survived at such odds), ``games`` (the games read),
  ``postgame`` (the post-game's rolls from the campaign log: recovery, winnings, infamy;
  counted in the tallies, not among ``moments``), ``between`` (the rolls between games from
  the campaign log: a purchase's availability roll, R-12; counted in the tallies of the whole
  campaign or a gang, not in one game's, not among ``moments``), ``empty`` (no roll at all);
  ``to_json()`` (exact fractions as "p/q" strings, means and standard errors as floats; the
  rolls between games under ``"between_games"``).
- ``Tally``: ``name``, ``gang``, ``player``, ``all`` and ``by_source`` (``Stats`` per way
  the dice came: ``table`` typed in, ``random`` rolled by skirmish, ``mixed``, ``unknown``
  for events logged before the ledger), ``luckiest`` and ``unluckiest`` moments.
- ``Stats``: ``rolls``, ``mean`` percentile, ``se`` (its standard error), ``within_noise``,
  ``actions``, ``impact_wounds``, ``impact_eliminations`` (exact ``Fraction``; positive is
  lucky).
- ``Moment``: ``kind`` (``roll`` or ``action``), ``role`` (``roller``, ``attacker``,
  ``target``), ``purpose`` (the die's: ``nerve``, ``shot``…; an action's ``shoot`` or
  ``melee``), ``faces``, ``percentile`` (0–100, exact), ``variance``, ``as_good`` (the exact
  chance of a result that good or better for ``who``), ``as_bad``, ``who`` (``Who``: model,
  member id, gang, gang id, player), ``opponent``, ``source``, ``game_id``, ``turn``,
  ``event_id``, ``rerolled``; for an action ``wounds``, ``expected_wounds``, ``eliminated``,
  ``chance_eliminated``, ``impact_wounds``, ``impact_eliminations``; ``escape``; a
  post-game roll's ``log_id`` (its campaign log entry; its ``event_id`` is 0); a roll between
  games has a ``log_id`` too, its entry's ``log_action`` (``buy``), the gang's
  ``games_played`` then, ``game_id`` and ``turn`` 0, and a purchase's ``item`` (its id),
  ``need`` (its DISP) and ``passed`` (found).
- ``moment_json(moment)``: one moment as the JSON gives it.
"""

from skirmish.campaign.luck.ledger import (
    Ledger,
    Stats,
    Tally,
    build,
    ledger,
    luckiest,
    moment_json,
    stats,
    tally,
    unluckiest,
)
from skirmish.campaign.luck.reading import GREAT_ESCAPE, SOURCES, Moment, Who

__all__ = [
    "GREAT_ESCAPE",
    "SOURCES",
    "Ledger",
    "Moment",
    "Stats",
    "Tally",
    "Who",
    "build",
    "ledger",
    "luckiest",
    "moment_json",
    "stats",
    "tally",
    "unluckiest",
]
