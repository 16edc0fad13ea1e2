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
from skirmish.i18n import Catalogue, Lang, tr
from skirmish.rules.model import ModelState

MESSAGES: Catalogue = {
    "en": {
        "started": "Game {game}: {scenario}, turn 0. Good: {good} ({good_n} models). "
        "Bad: {bad} ({bad_n} models).",
        "wounded": "{name} starts wounded: COS {cos} (R-10).",
        "leader": "{name} leads {gang} in this game (R-21).",
        "next": "Begin the first turn with 'skirmish game turn'.",
        "turn": "Turn {turn} of {scenario}{limit}.",
        "limit": " (last: {limit})",
        "cohesion": "Cohesion (R-08) {gang}: lost {lost} of {started}; 1D6 {roll} {leader} = "
        "{total} against FRED {fred}: {verdict}.",
        "recovers-R-04": "{name} has skipped its turn terrified and is steady again{prone} "
        "(R-04, §4.3.2).",
        "recovers-R-07": "{name} is no longer shaken: Nervi scossi lasts one turn{prone} (R-07).",
        "still-prone": "; still prone",
        "clears": " → {state} at turn {turn}",
        "holds": "fights on",
        "fails": "retreats and loses",
        "step": "Scripted turn 1: {step}.",
        "ended": "Game over: {winner} ({reason}). Next: 'skirmish game postgame'.",
        "draw": "nobody wins",
        "wins": "{gang} wins",
        "initiative": "Initiative (R-07): {good} {good_totals} against {bad} {bad_totals}: "
        "{winner} wins and chooses who activates.",
        "shaken-nerves": "{name} rolled a natural 1 with Nervi scossi: shaken this turn (R-07).",
        "cos": "{name}: COS {before} → {after}{state}.",
        "gone": "{name} is eliminated.",
        "hit": "{name} takes {wounds}: COS {before} → {after}.",
        "state": "{name} is now {state}{prone}.",
        "prone": ", prone",
        "eliminated": "{name} eliminated{by}.",
        "by": " by {name}",
        "flees": ", fleeing until it leaves the table (R-20)",
        "left": "{name} has left the table: out of the game, neither eliminated nor a casualty "
        "(R-20).",
        "spend": "{name} spends a {point} point; {left} left this game (R-15).",
        "drink": "{name} drinks whisky: +1 FRED, −1 RIF for the rest of the game (§8.3).",
        "retreat": "{gang} retreats (R-09) and loses.",
        "infamy": "Infamy test (R-09): 1D6 {roll}{loss}.",
        "infamy-1": " — a 1: a FAMA point (else FORTUNA) is lost in the post-game sequence",
        "infamy-later": "The infamy test (R-09) is rolled in the post-game sequence.",
        "abandoned": "Game {game} abandoned: nobody wins, no post-game sequence.",
        "vote": "The {side} side confirms: {verdict}; waiting for the other side's player.",
        "vote-withdrawn": "The {side} side takes back its vote.",
        "vote-won": "{gang} wins",
        "vote-draw": "a draw",
        "postgame": "Post-game for {gang} ({result}):",
        "no-games": "No games yet.",
        "board": "Game {game}: {title} — {status}, turn {turn}{limit}",
        "listed": "{game}: {scenario} — {good} vs {bad}, {status}, turn {turn}{winner}",
        "listed-winner": ", winner {winner}",
        "board-gang": "{gang} ({side}): casualties {casualties}/{started}{extra}",
        "board-cohesion": "cohesion test due (R-08)",
        "board-retreated": "retreated ({why})",
        "board-voluntary": "by choice, R-09",
        "board-cohesion-failed": "cohesion failed, R-08",
        "board-leader": "leader {name} (R-21)",
        "board-left": "{count} left the table (R-20)",
        "board-model": "model",
        "board-state": "state",
        "board-carries": "carries",
        "board-out": "out",
        "board-flees": " (R-20: flees)",
        "board-eliminated": "eliminated{by}",
        "board-left-turn": "left the table in turn {turn} (R-20)",
        "board-objective": "{objective}: {state}{carrier}",
        "board-verdict": "The recorded state ends the game: {who}; run 'skirmish game end'.",
        "board-winner": "Winner: {who} ({reason})",
        "nobody": "nobody",
        "owed": "Post-game still owed by {gangs}: 'skirmish game postgame --game {game}'.",
    },
    "it": {
        "started": "Partita {game}: {scenario}, turno 0. Buoni: {good} ({good_n} personaggi). "
        "Cattivi: {bad} ({bad_n} personaggi).",
        "wounded": "{name} parte ferito: COS {cos} (R-10).",
        "leader": "{name} guida {gang} in questa partita (R-21).",
        "next": "Inizia il primo turno con 'skirmish game turn'.",
        "turn": "Turno {turn} di {scenario}{limit}.",
        "limit": " (ultimo: {limit})",
        "cohesion": "Coesione (R-08) {gang}: persi {lost} su {started}; 1D6 {roll} {leader} = "
        "{total} contro FRED {fred}: {verdict}.",
        "recovers-R-04": "{name} ha saltato il suo turno impaurito e torna calmo{prone} "
        "(R-04, §4.3.2).",
        "recovers-R-07": "{name} non è più scosso: Nervi scossi dura un turno{prone} (R-07).",
        "still-prone": "; resta steso",
        "clears": " → {state} al turno {turn}",
        "holds": "resta in gioco",
        "fails": "si ritira e perde",
        "step": "Primo turno prestabilito: {step}.",
        "ended": "Partita finita: {winner} ({reason}). Poi: 'skirmish game postgame'.",
        "draw": "nessun vincitore",
        "wins": "vince {gang}",
        "initiative": "Iniziativa (R-07): {good} {good_totals} contro {bad} {bad_totals}: "
        "vince {winner} e sceglie chi attivare.",
        "shaken-nerves": "{name} ha fatto 1 con Nervi scossi: SCOSSO per questo turno (R-07).",
        "cos": "{name}: COS {before} → {after}{state}.",
        "gone": "{name} è eliminato.",
        "hit": "{name} subisce {wounds}: COS {before} → {after}.",
        "state": "{name} ora è {state}{prone}.",
        "prone": ", steso",
        "eliminated": "{name} eliminato{by}.",
        "by": " da {name}",
        "flees": ", in fuga finché non esce dal tavolo (R-20)",
        "left": "{name} è uscito dal tavolo: fuori dalla partita, né eliminato né perso (R-20).",
        "spend": "{name} spende un punto {point}; ne restano {left} in questa partita (R-15).",
        "drink": "{name} beve whisky: +1 FRED, −1 RIF per il resto della partita (§8.3).",
        "retreat": "{gang} si ritira (R-09) e perde.",
        "infamy": "Test di infamia (R-09): 1D6 {roll}{loss}.",
        "infamy-1": " — un 1: si perde un punto FAMA (o FORTUNA) nella fase dopo la partita",
        "infamy-later": "Il test di infamia (R-09) si tira nella fase dopo la partita.",
        "abandoned": "Partita {game} abbandonata: nessun vincitore, niente fase dopo la partita.",
        "vote": "La parte dei {side} conferma: {verdict}; si attende il giocatore dell'altra "
        "parte.",
        "vote-withdrawn": "La parte dei {side} ritira il suo voto.",
        "vote-won": "vince {gang}",
        "vote-draw": "pareggio",
        "postgame": "Dopo la partita per {gang} ({result}):",
        "no-games": "Nessuna partita.",
        "board": "Partita {game}: {title} — {status}, turno {turn}{limit}",
        "listed": "{game}: {scenario} — {good} contro {bad}, {status}, turno {turn}{winner}",
        "listed-winner": ", vince {winner}",
        "board-gang": "{gang} ({side}): perdite {casualties}/{started}{extra}",
        "board-cohesion": "test di coesione dovuto (R-08)",
        "board-retreated": "ritirata ({why})",
        "board-voluntary": "volontaria, R-09",
        "board-cohesion-failed": "coesione fallita, R-08",
        "board-leader": "capo {name} (R-21)",
        "board-left": "{count} usciti dal tavolo (R-20)",
        "board-model": "personaggio",
        "board-state": "stato",
        "board-carries": "trasporta",
        "board-out": "fuori",
        "board-flees": " (R-20: in fuga)",
        "board-eliminated": "eliminato{by}",
        "board-left-turn": "uscito dal tavolo al turno {turn} (R-20)",
        "board-objective": "{objective}: {state}{carrier}",
        "board-verdict": "Lo stato registrato chiude la partita: {who}; esegui 'skirmish game "
        "end'.",
        "board-winner": "Vincitore: {who} ({reason})",
        "nobody": "nessuno",
        "owed": "Fase dopo la partita ancora da fare per {gangs}: "
        "'skirmish game postgame --game {game}'.",
    },
}


def say(key: str, lang: Lang, **values: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``values``."""
    return tr(MESSAGES, key, lang, **values)


def state_word(state: str, lang: Lang) -> str:
    """A model's stored state in the glossary's word."""
    return label_value(ModelState, state, lang)
