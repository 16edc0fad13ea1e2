"""What the campaign commands share: ``--campaign``, a session on ``--db``, dice for the rolls
between games, and rich output.

Nothing here imports the database stack at module level: ``skirmish --help`` and the dice
commands never pay for sqlmodel, SQLAlchemy or Alembic.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, Literal

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
def session(
    db: str | None,
    *,
    access: Literal["read", "gang", "campaign"] = "gang",
    create: bool = False,
) -> Iterator[Session]:
    """One unit of work on the database ``--db`` names (``store.transaction``): committed if
    the command succeeds, rolled back (nothing changed) if it fails.

    ``access`` says what the command may change, and so what it locks: ``read`` changes
    nothing (and never creates a database), ``gang`` one gang or game, ``campaign`` the
    campaign as a whole. Only ``create`` commands (``campaign new``, ``import``) may start a
    new database."""
    # The database stack, the tables and their mappers: most of a command's start-up.
    from sqlalchemy.orm import configure_mappers

    from skirmish.campaign import lookup, store  # noqa: F401 - lookup brings the tables

    engine = store.open_store(db, access=store.Access(access), create=create)
    configure_mappers()
    try:
        with store.transaction(engine, access=store.Access(access)) as opened:
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
    """Print one plain line, control characters escaped (``safe.echo``)."""
    from skirmish.cli.safe import echo as safe_echo

    safe_echo(text)


def emit(payload: Any) -> None:
    """Print JSON (see ``common_flags.emit_json``)."""
    from skirmish.cli.common_flags import emit_json

    emit_json(payload)
