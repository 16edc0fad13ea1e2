"""The words of a game's actions on the phone (issue #12; split out of ``web/game_actions.py``
for issue #20), their refusals, the flow's addresses and the idempotency key's field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from skirmish.errors import CampaignError
from skirmish.i18n import Lang
from skirmish.web import game_live_base, text

WORDS = text.part(
    {
        "en": {
            "gac_title": "Act",
            "gac_panel": "Your move",
            "gac_act": "Act with a model",
            "gac_model": "Who acts?",
            "gac_model_hint": "The model taking its turn comes first; the others may still take "
            "theirs.",
            "gac_acting": "taking its turn",
            "gac_acted": "has acted",
            "gac_action": "What does {name} do?",
            "gac_target": "At whom?",
            "gac_nobody": "Nobody this model may act with now.",
            "gac_no_action": "{name} has nothing it may do now.",
            "gac_no_target": "No target in play.",
            "gac_change": "change",
            "gac_situation": "The situation",
            "gac_known": "What the game knows",
            "gac_confirm": "Confirm range and cover",
            "gac_more": "More of the situation",
            "gac_odds": "Odds now: to hit {hit} · to wound {wound} · to eliminate {eliminate}",
            "gac_odds_na": "—",
            "gac_odds_note": "Exact, before any FAMA or FORTUNA. Change the situation and tap "
            "“Update the odds”.",
            "gac_update": "Update the odds",
            "gac_roll_for_me": "Roll for me",
            "gac_type_dice": "I roll the dice",
            "gac_do": "Do it",
            "gac_dice": "The dice",
            "gac_next_die": "Next die: {what}",
            "gac_die_of": "die {number} of {of}",
            "gac_reroll_die": "rerolled",
            "gac_typed": "Typed so far",
            "gac_verdict": "{what}: {face}, {verdict}.",
            "gac_none_yet": "no die yet",
            "gac_face": "Face {face}",
            "gac_back_die": "Take back the last die",
            "gac_rest_random": "Roll the rest for me",
            "gac_cancel": "Cancel",
            "gac_reroll": "{die} failed: {face}. Reroll it?",
            "gac_reroll_advice": "Rerolled, it passes on {faces}: {chance}.",
            "gac_reroll_useless": "No face passes: keep the point.",
            "gac_pay_own": "{point} of {name} ({left} left)",
            "gac_pay_friend": "FAMA of {name}, within 5U ({left} left)",
            "gac_keep": "Keep the die",
            "gac_reroll_other": "The die is {name}'s: its player says whether to spend a point "
            "(R-15).",
            "gac_done": "Done",
            "gac_replayed": "Already recorded (the same tap arrived twice): nothing was recorded "
            "again.",
            "gac_next": "Another action",
            "gac_back_game": "Back to the game",
            "gac_undo": "Undo the last action",
            "gac_undo_title": "Undo the game's last action",
            "gac_undo_what": "This takes back:",
            "gac_undo_nothing": "Nothing to undo: the game has no action since it began.",
            "gac_undo_confirm": "Yes, take it back",
            "gac_undone": "Taken back: {what}.",
            "gac_spectator": "You watch this game: only its players, its owner and arbitrators "
            "act.",
            "gac_f_range": "Range (U)",
            "gac_f_cover": "Cover",
            "gac_f_weapon": "Weapon",
            "gac_f_target_weapon": "Defender's weapon",
            "gac_f_default": "{name} (the service's choice)",
            "gac_f_bare": "bare hands",
            "gac_f_waiting": "{name} has not yet taken its turn (+1, R-18)",
            "gac_f_waiting_hint": "From the record: {said}. Untick it if it has moved.",
            "gac_said_yes": "still waiting",
            "gac_said_no": "it has acted",
            "gac_f_pace": "Pace",
            "gac_f_gun": "Gun",
            "gac_f_rounds": "Rounds",
            "gac_f_rounds_default": "as loaded before",
            "gac_f_explosive": "Explosive",
            "gac_f_short_fuse": "Short fuse (§5.5.2)",
            "gac_f_caught": "Caught in the blast (within 5U)",
            "gac_f_distance": "{name}: distance from the centre (U)",
            "gac_f_not_caught": "not caught",
            "gac_f_objective": "Objective",
            "gac_f_event": "What happens",
            "gac_f_carry": "carries it",
            "gac_f_near": "Friends within 5U that see it fall (R-19)",
            "gac_k_state": "{name}: {state}",
            "gac_k_waiting": "{name} is still to take its turn: +1 (R-18)",
            "gac_k_acted": "{name} has already taken its turn",
            "gac_k_weapon": "Weapon carried: {weapon}",
            "gac_k_target_weapon": "{name} fights with: {weapon}",
            "gac_k_leader": "{target}'s leader in play: {name} (within 5U he lends his FRED)",
            "gac_k_is_leader": "{name} leads the gang",
            "gac_k_night": "Night: −1 to hit beyond 20U (scenario)",
            "gac_k_mounted": "{name} is mounted",
            "gac_k_drank": "{name} drank whisky (§8.3)",
            "gac_k_person": "{name}, a person of the scenario",
            "gac_shoot": "Shoot",
            "gac_fight": "Fight",
            "gac_move": "Move (take its turn)",
            "gac_reload": "Reload",
            "gac_unjam": "Unjam",
            "gac_mount": "Mount",
            "gac_dismount": "Dismount",
            "gac_lasso": "Lasso",
            "gac_explosive": "Explosive",
            "gac_whisky": "Whisky",
            "gac_objective": "Objective",
            "gac_moved": "{name} takes its turn {turn} (§1.8).",
            "gac_drank": "{name} drinks whisky: +1 FRED, −1 RIF for the rest of the game (§8.3).",
            "gac_reloaded": "{name} reloads the {weapon}: {rounds} rounds.",
            "gac_unjammed": "{name} unjams the {weapon}: {rounds} rounds left.",
            "gac_bad_field": "{field} {value}: {why}",
            "gac_bad_dice": "the dice so far are not faces 1 to 6; start the dice again.",
            "gac_unknown_action": "{action} is not an action of a game; one of {known}.",
            "gac_missing": "{field} is missing.",
        },
        "it": {
            "gac_title": "Agisci",
            "gac_panel": "Tocca a te",
            "gac_act": "Agisci con un personaggio",
            "gac_model": "Chi agisce?",
            "gac_model_hint": "Prima il personaggio che gioca il suo turno; gli altri possono "
            "ancora giocare il loro.",
            "gac_acting": "gioca il suo turno",
            "gac_acted": "ha agito",
            "gac_action": "Che cosa fa {name}?",
            "gac_target": "Contro chi?",
            "gac_nobody": "Nessun personaggio con cui agire ora.",
            "gac_no_action": "{name} non può fare nulla ora.",
            "gac_no_target": "Nessun bersaglio in gioco.",
            "gac_change": "cambia",
            "gac_situation": "La situazione",
            "gac_known": "Quello che la partita sa",
            "gac_confirm": "Conferma distanza e copertura",
            "gac_more": "Altro della situazione",
            "gac_odds": "Probabilità ora: colpire {hit} · ferire {wound} · eliminare {eliminate}",
            "gac_odds_na": "—",
            "gac_odds_note": "Esatte, senza FAMA né FORTUNA. Cambia la situazione e tocca "
            "“Aggiorna le probabilità”.",
            "gac_update": "Aggiorna le probabilità",
            "gac_roll_for_me": "Tira per me",
            "gac_type_dice": "Tiro io i dadi",
            "gac_do": "Fallo",
            "gac_dice": "I dadi",
            "gac_next_die": "Prossimo dado: {what}",
            "gac_die_of": "dado {number} di {of}",
            "gac_reroll_die": "ritirato",
            "gac_typed": "Inseriti finora",
            "gac_verdict": "{what}: {face}, {verdict}.",
            "gac_none_yet": "ancora nessun dado",
            "gac_face": "Faccia {face}",
            "gac_back_die": "Togli l'ultimo dado",
            "gac_rest_random": "Tira il resto per me",
            "gac_cancel": "Annulla",
            "gac_reroll": "{die} fallito: {face}. Lo ritiri?",
            "gac_reroll_advice": "Ritirato, passa con {faces}: {chance}.",
            "gac_reroll_useless": "Nessuna faccia passa: tieni il punto.",
            "gac_pay_own": "{point} di {name} (ne restano {left})",
            "gac_pay_friend": "FAMA di {name}, entro 5U (ne restano {left})",
            "gac_keep": "Tieni il dado",
            "gac_reroll_other": "Il dado è di {name}: decide chi lo gioca se spendere un punto "
            "(R-15).",
            "gac_done": "Fatto",
            "gac_replayed": "Già registrato (lo stesso tocco è arrivato due volte): non è stato "
            "registrato nulla di nuovo.",
            "gac_next": "Un'altra azione",
            "gac_back_game": "Torna alla partita",
            "gac_undo": "Annulla l'ultima azione",
            "gac_undo_title": "Annulla l'ultima azione della partita",
            "gac_undo_what": "Questo toglie:",
            "gac_undo_nothing": "Niente da annullare: la partita non ha azioni dal suo inizio.",
            "gac_undo_confirm": "Sì, annullala",
            "gac_undone": "Annullato: {what}.",
            "gac_spectator": "Segui questa partita: agiscono solo i suoi giocatori, il "
            "proprietario e gli arbitri.",
            "gac_f_range": "Distanza (U)",
            "gac_f_cover": "Copertura",
            "gac_f_weapon": "Arma",
            "gac_f_target_weapon": "Arma di chi si difende",
            "gac_f_default": "{name} (la scelta del servizio)",
            "gac_f_bare": "mani nude",
            "gac_f_waiting": "{name} non ha ancora giocato il suo turno (+1, R-18)",
            "gac_f_waiting_hint": "Dal registro: {said}. Togli la spunta se si è mosso.",
            "gac_said_yes": "sta ancora aspettando",
            "gac_said_no": "ha agito",
            "gac_f_pace": "Andatura",
            "gac_f_gun": "Arma da fuoco",
            "gac_f_rounds": "Colpi",
            "gac_f_rounds_default": "come caricata prima",
            "gac_f_explosive": "Esplosivo",
            "gac_f_short_fuse": "Miccia corta (§5.5.2)",
            "gac_f_caught": "Coinvolti nell'esplosione (entro 5U)",
            "gac_f_distance": "{name}: distanza dal centro (U)",
            "gac_f_not_caught": "non coinvolto",
            "gac_f_objective": "Obiettivo",
            "gac_f_event": "Che cosa succede",
            "gac_f_carry": "lo porta",
            "gac_f_near": "Amici entro 5U che lo vedono cadere (R-19)",
            "gac_k_state": "{name}: {state}",
            "gac_k_waiting": "{name} deve ancora giocare il suo turno: +1 (R-18)",
            "gac_k_acted": "{name} ha già giocato il suo turno",
            "gac_k_weapon": "Arma portata: {weapon}",
            "gac_k_target_weapon": "{name} combatte con: {weapon}",
            "gac_k_leader": "Capo di {target} in gioco: {name} (entro 5U presta la sua FRED)",
            "gac_k_is_leader": "{name} guida la banda",
            "gac_k_night": "Notte: −1 per colpire oltre 20U (scenario)",
            "gac_k_mounted": "{name} è a cavallo",
            "gac_k_drank": "{name} ha bevuto whisky (§8.3)",
            "gac_k_person": "{name}, un personaggio dello scenario",
            "gac_shoot": "Spara",
            "gac_fight": "Corpo a corpo",
            "gac_move": "Muovi (gioca il turno)",
            "gac_reload": "Ricarica",
            "gac_unjam": "Disinceppa",
            "gac_mount": "Sali a cavallo",
            "gac_dismount": "Scendi da cavallo",
            "gac_lasso": "Lazo",
            "gac_explosive": "Esplosivo",
            "gac_whisky": "Whisky",
            "gac_objective": "Obiettivo",
            "gac_moved": "{name} gioca il suo turno {turn} (§1.8).",
            "gac_drank": "{name} beve whisky: +1 FRED, −1 RIF per il resto della partita (§8.3).",
            "gac_reloaded": "{name} ricarica {weapon}: {rounds} colpi.",
            "gac_unjammed": "{name} disinceppa {weapon}: restano {rounds} colpi.",
            "gac_bad_field": "{field} {value}: {why}",
            "gac_bad_dice": "i dadi finora non sono facce da 1 a 6; ricomincia i dadi.",
            "gac_unknown_action": "{action} non è un'azione della partita; una tra {known}.",
            "gac_missing": "manca {field}.",
        },
    }
)

#: The field of every form that carries its idempotency key, and the API's header.
KEY_FIELD = "key"
KEY_HEADER = "idempotency-key"
#: The longest key kept (``request_key.key``).
KEY_LENGTH = 64


def action_words(lang: Lang) -> Mapping[str, str]:
    return text.words(lang)


def refusal(key: str, **values: Any) -> CampaignError:
    """One of this module's refusals, in both languages."""
    return CampaignError(text.Worded(key, **values))


class Forbidden(Exception):
    """The reader may not do this in this game: 403, with the words."""

    def __init__(self, error: CampaignError) -> None:
        super().__init__(str(error))
        self.error = error


def act_url(campaign: str, game: int | None, tail: str = "act", **query: str) -> str:
    base = f"{game_live_base.game_url(campaign, game)}/{tail}"
    given = {k: v for k, v in query.items() if v}
    return f"{base}?{urlencode(given)}" if given else base
