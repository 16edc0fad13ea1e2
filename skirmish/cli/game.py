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

from skirmish.cli.game_actions import dismount, explosion, lasso, mount, reload, unjam
from skirmish.cli.game_activations import activate
from skirmish.cli.game_combat import eliminate, hit, melee, shoot
from skirmish.cli.game_end import abandon, end, postgame, retreat
from skirmish.cli.game_objectives import objective
from skirmish.cli.game_states import drink, leave, spend, state
from skirmish.cli.game_status import list_, log, status
from skirmish.cli.game_turns import initiative, start, turn
from skirmish.cli.game_undo import undo
from skirmish.cli.game_walker import play

app = typer.Typer(
    name="game",
    help=(
        "A game tracked turn by turn and the post-game sequence. "
        "Example: skirmish game start duel --good Earps --bad Clantons"
    ),
    no_args_is_help=True,
)

#: The commands, in the order of the help screen.
COMMANDS: dict[str, Callable[..., None]] = {
    "start": start, "list": list_, "turn": turn, "initiative": initiative,
    "activate": activate, "shoot": shoot,
    "melee": melee, "reload": reload, "unjam": unjam, "mount": mount, "dismount": dismount,
    "lasso": lasso, "explosion": explosion, "drink": drink, "hit": hit, "state": state,
    "eliminate": eliminate,
    "leave": leave, "spend": spend, "objective": objective, "undo": undo,
    "status": status,
    "retreat": retreat, "end": end, "abandon": abandon, "log": log, "postgame": postgame,
    "play": play,
}  # fmt: skip

#: The commands' Italian names (hidden from the help screen, which lists the English ones).
ITALIAN: dict[str, Callable[..., None]] = {
    "inizia": start, "elenco": list_, "turno": turn, "iniziativa": initiative,
    "attiva": activate, "spara": shoot,
    "lotta": melee, "colpito": hit, "stato": state, "elimina": eliminate, "spendi": spend,
    "obiettivo": objective, "bevi": drink, "situazione": status, "ritirata": retreat, "fine": end,
    "abbandona": abandon, "registro": log, "dopo-partita": postgame, "gioca": play,
    "esci": leave, "annulla": undo, "ricarica": reload, "disinceppa": unjam, "sali": mount,
    "scendi": dismount, "acchiappa": lasso, "lazzo": lasso, "esplosione": explosion,
}  # fmt: skip

for _name, _command in COMMANDS.items():
    app.command(_name)(_command)
for _italian, _command in ITALIAN.items():
    app.command(_italian, hidden=True)(_command)


def register_scenario(scenario_app: typer.Typer) -> None:
    """Add ``play`` to the ``scenario`` app: ``skirmish scenario play ID``."""
    scenario_app.command("play")(play)
