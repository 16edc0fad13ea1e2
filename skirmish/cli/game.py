"""``skirmish game``: a game tracked turn by turn, and the post-game sequence.

Every command is one transaction on the campaign database: the game's rows and its event (with
every die) are written together, so the laptop can be closed between any two commands. The
game a command works on is the campaign's game in progress (or its latest one); ``--game N``
chooses another. Models are named as on their roster (``GANG:NAME`` when two gangs share a
name); the people of a scenario (mayor, witness, politician) by their objective's name.

The commands live by the part of the book they record, as in ``campaign/game/``:
``game_turns`` (start, turn, initiative), ``game_combat`` (shoot, melee, hit, eliminate),
``game_states`` (state, leave, spend, drink), ``game_objectives``, ``game_status`` (list,
status, log), ``game_end`` (retreat, end, abandon, postgame) and ``game_walker`` (play); what
they share is in ``game_record`` and their words in ``game_text``. This module makes the app.
"""

from __future__ import annotations

from collections.abc import Callable

import typer

from skirmish.campaign.game.commands import CATALOGUE, Command
from skirmish.cli.between import italian_example
from skirmish.cli.game_actions import dismount, explosion, lasso, mount, reload, unjam
from skirmish.cli.game_activations import activate
from skirmish.cli.game_combat import eliminate, hit, melee, shoot
from skirmish.cli.game_end import abandon, end, postgame, retreat, vote
from skirmish.cli.game_objectives import objective
from skirmish.cli.game_states import drink, leave, spend, state
from skirmish.cli.game_status import list_, log, status
from skirmish.cli.game_turns import initiative, start, turn
from skirmish.cli.game_undo import undo
from skirmish.cli.game_walker import play
from skirmish.cli.help_text import both, example
from skirmish.translation import N_, gettext

app = typer.Typer(
    name="game",
    help=N_("A game tracked turn by turn and the post-game sequence.")
    + "\n\n"
    + example(N_("skirmish game start duel --good Earps --bad Clantons")),
    no_args_is_help=True,
)

#: What each action of the catalogue (``campaign/game/commands.py``) runs here, by its
#: command's name; its name, Italian names and help come from the catalogue.
ACTIONS: dict[str, Callable[..., None]] = {
    "start": start, "turn": turn, "initiative": initiative, "activate": activate,
    "shoot": shoot, "melee": melee, "reload": reload, "unjam": unjam, "mount": mount,
    "dismount": dismount, "lasso": lasso, "explosion": explosion, "drink": drink, "hit": hit,
    "state": state, "eliminate": eliminate, "leave": leave, "spend": spend,
    "objective": objective, "retreat": retreat, "undo": undo, "end": end, "vote": vote,
    "abandon": abandon, "postgame": postgame,
}  # fmt: skip

#: The commands that read a game rather than act in it, with their Italian names.
READS: dict[str, tuple[Callable[..., None], tuple[str, ...]]] = {
    "list": (list_, ("elenco",)),
    "status": (status, ("situazione",)),
    "log": (log, ("registro",)),
    "play": (play, ("gioca",)),
}
#: The reading commands' help screens (their docstrings only point here).
READ_HELPS: dict[str, str] = {
    "list": N_("List the campaign's games: scenario, gangs, status, turn and winner.")
    + "\n\n"
    + example(N_("skirmish game list --json")),
    "status": N_(
        "The board: each model's COS left, state and what it carries, the turn, the casualties "
        "and whether cohesion tests are due."
    )
    + "\n\n"
    + example(N_("skirmish game status --json")),
    "log": N_(
        "The game's event log: one sentence per event, in the order recorded, with its dice as "
        "read at the table; --json gives each event's details and dice."
    )
    + "\n\n"
    + example(N_("skirmish game log --game 2 --json")),
    "play": N_(
        "Play a scenario with a menu and questions: every action of 'skirmish game', one "
        "transaction each, so closing the walker at any point keeps the game (the same command "
        "resumes it). Models are picked from numbered lists by number or name; Ctrl-C cancels "
        "the action being asked; Ctrl-D closes the walker."
    )
    + "\n\n"
    + example(N_('skirmish game play "Il testimone" --good Earps --bad Clantons')),
}


#: What the command line adds to a rolling action's help: how its dice are given.
DICE_NOTE = N_(
    "Dice not given with --dice (or --seed) are asked for at a terminal, and a failed die "
    "may be rerolled with FAMA or FORTUNA there or with --reroll (R-15)."
)


def help_of(command: Command) -> str:
    """A catalogue action's help screen: its help, how its dice come, its example (in
    Italian with the command's Italian name)."""
    noted = command.rolls and command.place.value == "model"

    def said(lang: str) -> str:
        note = " " + gettext(lang, DICE_NOTE) if noted else ""
        return command.help(lang) + note

    path = ("game", command.cli)
    both(command.example, lambda: italian_example(command.example, path, command.italian))
    return both(said("en"), lambda: said("it")) + "\n\n" + example(command.example)


#: The commands, in the order of the help screen.
COMMANDS: dict[str, Callable[..., None]] = {
    "start": start, "list": list_,
    **{c.cli: ACTIONS[c.cli] for c in CATALOGUE if c.cli != "start"},
    "status": status, "log": log, "play": play,
}  # fmt: skip
#: The commands' Italian names and other words (hidden from the help screen, which lists the
#: English ones).
ITALIAN: dict[str, Callable[..., None]] = {
    **{
        other: ACTIONS[c.cli]
        for c in CATALOGUE
        for other in (*c.italian, *c.aliases)
        if other != c.cli  # the book's Italian may be the English word ("lasso")
    },
    **{italian: read for read, italians in READS.values() for italian in italians},
}
_DECLARED = {c.cli: c for c in CATALOGUE}

for _name, _command in COMMANDS.items():
    _declared = _DECLARED.get(_name)
    app.command(_name, help=help_of(_declared) if _declared else READ_HELPS[_name])(_command)
for _italian, _command in ITALIAN.items():
    _declared = next((c for c in CATALOGUE if _italian in (*c.italian, *c.aliases)), None)
    read = next((r for r, (_, italians) in READS.items() if _italian in italians), None)
    said = help_of(_declared) if _declared else READ_HELPS[str(read)]
    app.command(_italian, hidden=True, help=said)(_command)


def register_scenario(scenario_app: typer.Typer) -> None:
    """Add ``play`` to the ``scenario`` app: ``skirmish scenario play ID``."""
    scenario_app.command("play", help=READ_HELPS["play"])(play)
