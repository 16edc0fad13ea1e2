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
from typer._click.globals import get_current_context

from skirmish.cli.common_flags import emit_json
from skirmish.collector import started
from skirmish.engine.dice import DiceSource, RandomDice, TableDice, parse_dice
from skirmish.i18n import Catalogue, default_lang, messages, tr
from skirmish.limits import printable
from skirmish.translation import N_

if TYPE_CHECKING:
    from rich.console import Console
    from sqlmodel import Session

    from skirmish.campaign.owed import Owed

CampaignOpt = Annotated[
    str | None,
    typer.Option(
        "--campaign",
        help=N_("Campaign to work on instead of the one in use (the last created or selected)."),
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
    from sqlalchemy.orm import configure_mappers  # lazy: command

    # lazy: command
    from skirmish.campaign import lookup, store  # noqa: F401 - lookup brings the tables

    engine = store.open_store(db, access=store.Access(access), create=create)
    configure_mappers()
    started()  # the start is over: the collector runs as usual from here (skirmish.collector)
    owed: list[Owed] = []
    try:
        with store.transaction(engine, access=store.Access(access)) as opened:
            yield opened
            if access != "read":  # a view says it in its own output (game list, gang show)
                from skirmish.campaign.owed import reminders  # lazy: command

                owed = reminders(opened)
    finally:
        engine.dispose()
    for one in owed:  # committed: the command did touch the gang
        remind(one)


#: The reminder of a post-game sequence a gang still owes (issue #10), on stderr.
REMINDERS: Catalogue = messages(
    {
        "owed": N_(
            "Note: {gang!r} still owes the post-game of game {game} ({scenario}): "
            "'skirmish game postgame {quoted} --game {game}'."
        ),
    }
)


def remind(owed: Owed) -> None:
    """One line on stderr: ``owed.gang`` still owes the post-game of ``owed.game``, in the
    language of the command (``--lang``, else ``SKIRMISH_LANG``)."""
    line = tr(
        REMINDERS, "owed", _lang(), gang=owed.gang, game=owed.game,
        scenario=_scenario(owed.scenario), quoted=shell_word(owed.gang),
    )  # fmt: skip
    sys.stderr.write(printable(line) + "\n")


def shell_word(text: str) -> str:
    """``text`` as one word of a command to copy: bare when it is plain, else in double quotes
    (``"Ranch Sant’Antonio & Figli"``)."""
    if text and all(c.isalnum() or c in "-_.:" for c in text):
        return text
    escaped = "".join("\\" + c if c in '"\\$`' else c for c in text)
    return f'"{escaped}"'


def _lang() -> str:
    """The command's ``--lang`` (typer has parsed it into the context), else the default."""
    context = get_current_context(silent=True)
    chosen = context.params.get("lang") if context is not None else None
    return str(chosen) if chosen is not None else default_lang().value


def _scenario(scenario_id: str) -> str:
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    found = find_scenario(scenario_id)
    return found.name_it if _lang() == "it" else found.name_en


class Dice:
    """The dice of one command (issue #10, item 1): seeded random ones (``--seed``), or the
    ones rolled at the table, those typed in one go with ``--dice`` used first, stage by stage.

    On an interactive terminal (stdin and stdout) each next die is then asked for, saying what
    it is for and for whom (``dice_prompt``); with neither ``--dice`` nor ``--seed`` the first
    prompt also takes Enter for random dice. Piped or scripted, ``--dice`` keeps its exact
    contract: too few is ``NotEnoughDice``, too many is refused by ``check_all_used``, which
    names the stage that ended the action; without ``--dice`` the dice are random.
    """

    def __init__(
        self, *, seed: int | None, dice: str | None, interactive: bool | None = None
    ) -> None:
        from skirmish.cli.dice_prompt import ask_dice, current_lang  # lazy: command
        from skirmish.cli.dice_prompt import interactive as at_terminal  # lazy: command

        typed = parse_dice(dice) if dice is not None else None
        live = at_terminal() if interactive is None else interactive
        #: A player rolls the dice at a terminal: prompts for dice and rerolls.
        self.live = live and seed is None
        self.lang = current_lang()
        self.table: TableDice | None = None
        if typed is None and not self.live:
            self.source: DiceSource = RandomDice(seed)
        else:
            ask = ask_dice(self.lang, random_first=typed is None) if self.live else None
            self.table = TableDice(typed or (), ask=ask)
            self.source = self.table
        self.typed = dice

    def check_all_used(self) -> None:
        """Dice left over mean the wrong roll was described: refuse, naming the stage that
        ended the action (``TableDice.check_all_used``)."""
        if self.table is not None:
            self.table.check_all_used()


def console() -> Console:
    """A console on the current stdout (wide enough for the roster table when not a terminal)."""
    from rich.console import Console  # lazy: rich

    width = None if sys.stdout.isatty() else 140
    return Console(file=sys.stdout, width=width, highlight=False, soft_wrap=False)


def echo(text: str) -> None:
    """Print one plain line, control characters escaped (``safe.echo``)."""
    from skirmish.cli.safe import echo as safe_echo  # lazy: rich

    safe_echo(text)


def emit(payload: Any) -> None:
    """Print JSON (see ``common_flags.emit_json``)."""
    emit_json(payload)
