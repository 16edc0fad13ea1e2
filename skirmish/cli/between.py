"""The between-games commands, from the catalogue (``campaign/commands.py``, issue #20):
``skirmish gang hire``, ``member advance``, ``undo``… are registered here with the names, Italian
names and help declared there, and their arguments and options made from its fields
(``cli/from_fields.py``), as ``cli/game.py`` does for a game's. The club's
(``campaign/club_commands.py``: ``campaign new``, ``campaign invite``, ``gang owner``…) too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import typer

from skirmish.campaign import club_commands
from skirmish.campaign.club_commands import ClubCommand
from skirmish.campaign.commands import BY_PATH, Command
from skirmish.cli.from_fields import inputs
from skirmish.cli.help_text import both, example
from skirmish.translation import N_, gettext

#: What the command line adds to an action's help: what it does without its main input.
NOTES: dict[tuple[str, ...], str] = {
    ("gang", "hire"): N_("Without PROFILE, list what the gang may hire now and why not the rest."),
    ("gang", "buy"): N_(
        "Without ITEM, list what the gang may buy now (for --for MODEL: what that model may be "
        "given) and why not the rest."
    ),
    ("member", "rename"): N_(
        "--handle '' takes the handle away, as --no-handle does. Undo it with 'skirmish undo GANG'."
    ),
    ("campaign", "address"): N_("Without URL or --clear, show the address."),
    ("campaign", "join"): N_("As the web app's join page does, for the user named."),
    ("campaign", "set"): N_("One rule at a time; 'skirmish campaign show' lists them."),
}
#: How the command line's dice come, for an action that rolls.
DICE_NOTE = N_("Dice not given with --dice (or --seed) are rolled.")


def help_of(command: Command | ClubCommand) -> str:
    """A catalogue action's help screen: its help, the command line's note, its example; in
    Italian, the example with the command's Italian name (``help_text.both``)."""
    notes = [NOTES.get(command.path, ""), DICE_NOTE if command.rolls else ""]

    def said(lang: str) -> str:
        return " ".join([command.help(lang), *(gettext(lang, n) for n in notes if n)])

    both(command.example, lambda: italian_example(command.example, command.path, command.italian))
    return both(said("en"), lambda: said("it")) + "\n\n" + example(command.example)


def italian_example(line: str, path: tuple[str, ...], italian: Sequence[str]) -> str:
    """``line`` (``skirmish PATH …``) with the command's first Italian name, if it has one."""
    english = "skirmish " + " ".join(path)
    if not italian or not line.startswith(english + " ") and line != english:
        return line
    return "skirmish " + " ".join((*path[:-1], italian[0])) + line[len(english) :]


#: Each catalogue action's command function, with the parameters made from its fields, by
#: path (``tests/campaign/test_gang_commands.py`` and ``test_club_commands.py`` check them).
COMMANDS: dict[tuple[str, ...], Callable[..., Any]] = {}


def command(
    app: typer.Typer,
    *path: str,
    optional: Sequence[str] = (),
    own: Sequence[str] = (),
    **settings: Any,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as the catalogue's action at ``path``: its name and help,
    its Italian names hidden from the help screen (which lists the English ones), and its
    arguments and options made from the action's fields (``from_fields.inputs``: ``optional``
    the fields it may be given without, ``own`` those it takes its own way). An action between
    games is done to a gang: the function's ``gang`` comes first. The club's ``campaign set``
    takes one house rule at a time (``KEY VALUE``), not a field each: its function writes its
    own. A name or a word typed empty goes to the service as typed, as the web's does."""
    declared = BY_PATH[path] if path in BY_PATH else club_commands.BY_PATH[path]

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        made = function
        if not (isinstance(declared, ClubCommand) and declared.each):
            first = ("gang",) if isinstance(declared, Command) else ()
            made = inputs(declared, first=first, optional=optional, own=own, as_typed=True)
            made = made(function)
        COMMANDS[path] = made
        app.command(path[-1], help=help_of(declared), **settings)(made)
        for italian in declared.italian:
            app.command(italian, hidden=True, help=help_of(declared), **settings)(made)
        return made

    return register
