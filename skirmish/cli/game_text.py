"""What the ``skirmish game`` commands say, in Italian and English: their message catalogue, and
the glossary's word for a model's stored state (``engine.glossary``).
"""

from __future__ import annotations

from typing import Any

# Why a game ended, a scripted turn's steps, objectives' names: shared with the web (issue #12).
from skirmish.campaign.game.telling import REASONS as REASONS
from skirmish.campaign.game.telling import STEPS as STEPS
from skirmish.campaign.game.telling import carried_name as carried_name
from skirmish.campaign.game.telling import objective_name as objective_name
from skirmish.campaign.game.telling import reason_text as reason_text
from skirmish.campaign.game.telling import step_text as step_text
from skirmish.engine.glossary import label_value
from skirmish.errors import COMMAND_LINE
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules.model import ModelState
from skirmish.translation import N_

MESSAGES: Catalogue = messages(
    {
        "started": N_(
            "Game {game}: {scenario}, turn 0. Good: {good} ({good_n} models). "
            "Bad: {bad} ({bad_n} models)."
        ),
        "wounded": N_("{name} starts wounded: COS {cos} (R-10)."),
        "leader": N_("{name} leads {gang} in this game (R-21)."),
        "next": N_("Begin the first turn with 'skirmish game turn'."),
        # The walker (``game play``) is no command line: its wordings name no command to type.
        "turn": N_("Turn {turn} of {scenario}{limit}."),
        "limit": N_(" (last: {limit})"),
        "cohesion": N_(
            "Cohesion (R-08) {gang}: lost {lost} of {started}; 1D6 {roll} {leader} = "
            "{total} against FRED {fred}: {verdict}."
        ),
        "recovers-R-04": N_(
            "{name} has skipped its turn terrified and is steady again{prone} (R-04, §4.3.2)."
        ),
        "recovers-R-07": N_(
            "{name} is no longer shaken: Nervi scossi lasts one turn{prone} (R-07)."
        ),
        "still-prone": N_("; still prone"),
        "clears": N_(" → {state} at turn {turn}"),
        "holds": N_("fights on"),
        "fails": N_("retreats and loses"),
        "step": N_("Scripted turn 1: {step}."),
        "ended": N_("Game over: {winner} ({reason}). Next: 'skirmish game postgame'."),
        "ended-elsewhere": N_("Game over: {winner} ({reason})."),
        "draw": N_("nobody wins"),
        "wins": N_("{gang} wins"),
        "initiative": N_(
            "Initiative (R-07): {good} {good_totals} against {bad} {bad_totals}: "
            "{winner} wins and chooses who activates."
        ),
        "shaken-nerves": N_(
            "{name} rolled a natural 1 with Nervi scossi: shaken this turn (R-07)."
        ),
        "cos": N_("{name}: COS {before} → {after}{state}."),
        "gone": N_("{name} is eliminated."),
        "hit": N_("{name} takes {wounds}: COS {before} → {after}."),
        "state": N_("{name} is now {state}{prone}."),
        "prone": N_(", prone"),
        "eliminated": N_("{name} eliminated{by}."),
        "by": N_(" by {name}"),
        "flees": N_(", fleeing until it leaves the table (R-20)"),
        "left": N_(
            "{name} has left the table: out of the game, neither eliminated nor a casualty (R-20)."
        ),
        "spend": N_("{name} spends a {point} point; {left} left this game (R-15)."),
        "drink": N_("{name} drinks whisky: +1 FRED, −1 RIF for the rest of the game (§8.3)."),
        "retreat": N_("{gang} retreats (R-09) and loses."),
        "infamy": N_("Infamy test (R-09): 1D6 {roll}{loss}."),
        "infamy-1": N_(" — a 1: a FAMA point (else FORTUNA) is lost in the post-game sequence"),
        "infamy-later": N_("The infamy test (R-09) is rolled in the post-game sequence."),
        "abandoned": N_("Game {game} abandoned: nobody wins, no post-game sequence."),
        "vote": N_("The {side} side confirms: {verdict}; waiting for the other side's player."),
        "vote-withdrawn": N_("The {side} side takes back its vote."),
        "vote-won": N_("{gang} wins"),
        "vote-draw": N_("a draw"),
        "postgame": N_("Post-game for {gang} ({result}):"),
        "no-games": N_("No games yet."),
        "board": N_("Game {game}: {title} — {status}, turn {turn}{limit}"),
        "listed": N_("{game}: {scenario} — {good} vs {bad}, {status}, turn {turn}{winner}"),
        "listed-winner": N_(", winner {winner}"),
        "board-gang": N_("{gang} ({side}): casualties {casualties}/{started}{extra}"),
        "board-cohesion": N_("cohesion test due (R-08)"),
        "board-retreated": N_("retreated ({why})"),
        "board-voluntary": N_("by choice, R-09"),
        "board-cohesion-failed": N_("cohesion failed, R-08"),
        "board-leader": N_("leader {name} (R-21)"),
        "board-left": N_("{count} left the table (R-20)"),
        "board-model": N_("model"),
        "board-state": N_("state"),
        "board-carries": N_("carries"),
        "board-out": N_("out"),
        "board-flees": N_(" (R-20: flees)"),
        "board-eliminated": N_("eliminated{by}"),
        "board-left-turn": N_("left the table in turn {turn} (R-20)"),
        "board-objective": N_("{objective}: {state}{carrier}"),
        "board-verdict": N_("The recorded state ends the game: {who}; run 'skirmish game end'."),
        "board-verdict-elsewhere": N_("The recorded state ends the game: {who}; record its end."),
        "board-winner": N_("Winner: {who} ({reason})"),
        "nobody": N_("nobody"),
        "owed": N_("Post-game still owed by {gangs}: 'skirmish game postgame --game {game}'."),
        "owed-elsewhere": N_("Post-game still owed by {gangs} for game {game}."),
    }
)


def say(key: str, lang: Lang, **values: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``values``."""
    return tr(MESSAGES, key, lang, **values)


def on_command_line(key: str) -> str:
    """The message ``key`` as the command line says it (naming a command to type), or its
    ``-elsewhere`` wording on another front end (the walker sets ``errors.COMMAND_LINE``)."""
    return key if COMMAND_LINE.get() else f"{key}-elsewhere"


def state_word(state: str, lang: Lang) -> str:
    """A model's stored state in the glossary's word."""
    return label_value(ModelState, state, lang)
