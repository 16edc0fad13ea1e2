"""What the campaign commands share: ``--campaign``, a session on ``--db``, dice for the rolls
between games, and rich output.

Nothing here imports the database stack at module level: ``skirmish --help`` and the dice
commands never pay for sqlmodel, SQLAlchemy or Alembic.
"""

from __future__ import annotations

import atexit
import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
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
    with collector_paused():
        # The database stack, the tables and their mappers: most of a command's start-up.
        from sqlalchemy.orm import configure_mappers

        from skirmish.campaign import lookup, store  # noqa: F401 - lookup brings the tables

        engine = store.open_store(db, access=store.Access(access), create=create)
        configure_mappers()
    _skip_final_collection()
    try:
        with store.transaction(engine, access=store.Access(access)) as opened:
            yield opened
    finally:
        engine.dispose()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run a short stretch with the cyclic garbage collector paused, then put it back.

    Importing SQLAlchemy, SQLModel, the tables and rich builds a few hundred thousand
    long-lived objects and next to no garbage, yet the collector scans them over and over on
    the way: about 40 ms of a 0.5 s command (see ``benchmarks/store_bench.py``). Only for the
    imports (later commands of a process find the modules loaded) and for commands that read
    a few rows, such as ``gang show``: nothing that builds garbage without bound.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@cache
def _skip_final_collection() -> None:
    """At exit CPython runs one last collection over every object still alive, the modules
    above included: another 50 ms after a campaign command. By then the command's database
    is closed and its output written, and nothing cyclic needs finalising, so whatever is
    alive then is frozen instead (registered once per process)."""
    atexit.register(gc.freeze)


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
    with collector_paused():
        from rich.console import Console
        from rich.table import Table  # noqa: F401 - what the campaign commands print

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
