"""What the campaign commands share: ``--campaign``, a session on ``--db``, dice for the rolls
between games, and rich output.

Nothing here imports the database stack at module level: ``skirmish --help`` and the dice
commands never pay for sqlmodel, SQLAlchemy or Alembic.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.engine.dice import DiceSource, RandomDice, ScriptedDice, parse_dice
from skirmish.errors import DiceError

if TYPE_CHECKING:
    from rich.console import Console
    from sqlmodel import Session

CampaignOpt = Annotated[
    str | None,
    typer.Option(
        "--campaign",
        help="Campaign to work on instead of the one in use (the last created or selected).",
    ),
]


@contextmanager
def session(db: str | None) -> Iterator[Session]:
    """One transaction on the database ``--db`` names: committed if the command succeeds,
    rolled back (nothing changed) if it fails."""
    from skirmish.campaign import store

    engine = store.open_store(db)
    try:
        with store.transaction(engine) as opened:
            yield opened
    finally:
        engine.dispose()


class Dice:
    """The dice of one command: seeded random ones, or the ones typed in with ``--dice``, of
    which every one must be used (like ``roll_with``)."""

    def __init__(self, *, seed: int | None, dice: str | None) -> None:
        self.scripted = ScriptedDice(parse_dice(dice)) if dice is not None else None
        self.source: DiceSource = self.scripted if self.scripted is not None else RandomDice(seed)
        self.typed = dice

    def check_all_used(self) -> None:
        """Typed-in dice left over mean the wrong roll was described: refuse."""
        if self.scripted is not None and self.scripted.remaining:
            used = self.scripted.used
            given = used + self.scripted.remaining
            raise DiceError(
                f"--dice gave {given} dice but this action used only {used}; "
                f"remove the extra ones or check the command (--dice {self.typed})."
            )


def console() -> Console:
    """A console on the current stdout (wide enough for the roster table when not a terminal)."""
    from rich.console import Console

    width = None if sys.stdout.isatty() else 140
    return Console(file=sys.stdout, width=width, highlight=False, soft_wrap=False)


def echo(text: str) -> None:
    """Print one plain line."""
    sys.stdout.write(text + "\n")


def emit(payload: Any) -> None:
    """Print JSON (see ``options.emit_json``)."""
    from skirmish.cli.options import emit_json

    emit_json(payload)
