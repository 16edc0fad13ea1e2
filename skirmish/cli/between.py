"""The between-games commands' names, Italian names and help, from the catalogue
(``campaign/commands.py``, issue #20): ``skirmish gang hire``, ``member advance``, ``undo``… are
registered here with the words declared there, as ``cli/game.py`` does for a game's. The club's
(``campaign/club_commands.py``: ``campaign new``, ``campaign invite``, ``gang owner``…) too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer

from skirmish.campaign import club_commands
from skirmish.campaign.club_commands import ClubCommand
from skirmish.campaign.commands import BY_PATH, Command

F = TypeVar("F", bound=Callable[..., Any])

#: What the command line adds to an action's help: what it does without its main input.
NOTES: dict[tuple[str, ...], str] = {
    ("gang", "hire"): "Without PROFILE, list what the gang may hire now and why not the rest.",
    ("gang", "buy"): "Without ITEM, list what the gang may buy now (for --for MODEL: what that "
    "model may be given) and why not the rest.",
    ("member", "rename"): "Undo it with 'skirmish undo GANG'.",
    ("campaign", "address"): "Without URL or --clear, show the address.",
    ("campaign", "join"): "As the web app's join page does, for the user named.",
    ("campaign", "set"): "One rule at a time; 'skirmish campaign show' lists them.",
}
#: How the command line's dice come, for an action that rolls.
DICE_NOTE = "Dice not given with --dice (or --seed) are rolled."


def help_of(command: Command | ClubCommand) -> str:
    """A catalogue action's help screen: its help, the command line's note, its example."""
    notes = [command.help.en, NOTES.get(command.path, "")]
    if command.rolls:
        notes.append(DICE_NOTE)
    return " ".join(n for n in notes if n) + f"\n\nExample: {command.example}"


def command(app: typer.Typer, *path: str, **settings: Any) -> Callable[[F], F]:
    """Register the decorated function as the catalogue's action at ``path``: its name and help,
    and its Italian names hidden from the help screen (which lists the English ones)."""
    declared = BY_PATH[path] if path in BY_PATH else club_commands.BY_PATH[path]

    def register(function: F) -> F:
        app.command(path[-1], help=help_of(declared), **settings)(function)
        for italian in declared.italian:
            app.command(italian, hidden=True, help=help_of(declared), **settings)(function)
        return function

    return register
