"""The words of a game's actions on the phone (issue #12; split out of ``web/game_actions.py``
for issue #20), their refusals, the flow's addresses and the idempotency key's field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from skirmish.errors import CampaignError
from skirmish.i18n import Lang, messages
from skirmish.translation import N_, NP_
from skirmish.web import game_live_base, text

WORDS = text.part(
    messages(
        {
            "gac_title": N_("Act"),
            "gac_panel": N_("Your move"),
            "gac_act": N_("Act with a model"),
            "gac_load_first": N_("Load a gun before the first turn (R-14)"),
            "gac_model": N_("Who acts?"),
            "gac_model_hint": N_(
                "The model taking its turn comes first; the others may still take theirs."
            ),
            "gac_acting": NP_("game_action_words.WORDS.gac_acting", "taking its turn"),
            "gac_acted": N_("has acted"),
            "gac_action": N_("What does {name} do?"),
            "gac_target": N_("At whom?"),
            "gac_nobody": N_("Nobody this model may act with now."),
            "gac_no_action": N_("{name} has nothing it may do now."),
            "gac_no_target": N_("No target in play."),
            "gac_change": N_("change"),
            "gac_situation": N_("The situation"),
            "gac_known": N_("What the game knows"),
            "gac_confirm": N_("Confirm range and cover"),
            "gac_more": N_("More of the situation"),
            "gac_odds": N_("Odds now: to hit {hit} · to wound {wound} · to eliminate {eliminate}"),
            "gac_odds_na": N_("—"),
            "gac_odds_note": N_(
                "Exact, before any FAMA or FORTUNA. Change the situation and tap “Update the odds”."
            ),
            "gac_update": N_("Update the odds"),
            "gac_roll_for_me": N_("Roll for me"),
            "gac_type_dice": N_("I roll the dice"),
            "gac_do": N_("Do it"),
            "gac_dice": N_("The dice"),
            "gac_next_die": N_("Next die: {what}"),
            "gac_die_of": N_("die {number} of {of}"),
            "gac_reroll_die": N_("rerolled"),
            "gac_typed": N_("Typed so far"),
            "gac_verdict": N_("{what}: {face}, {verdict}."),
            "gac_none_yet": N_("no die yet"),
            "gac_face": N_("Face {face}"),
            "gac_back_die": N_("Take back the last die"),
            "gac_rest_random": N_("Roll the rest for me"),
            "gac_cancel": N_("Cancel"),
            "gac_reroll": N_("{die} failed: {face}. Reroll it?"),
            "gac_reroll_advice": N_("Rerolled, it passes on {faces}: {chance}."),
            "gac_reroll_useless": N_("No face passes: keep the point."),
            "gac_pay_own": N_("{point} of {name} ({left} left)"),
            "gac_pay_friend": N_("FAMA of {name}, within 5U ({left} left)"),
            "gac_keep": N_("Keep the die"),
            "gac_reroll_other": N_(
                "The die is {name}'s: its player says whether to spend a point (R-15)."
            ),
            "gac_done": N_("Done"),
            "gac_replayed": N_(
                "Already recorded (the same tap arrived twice): nothing was recorded again."
            ),
            "gac_next": N_("Another action"),
            "gac_back_game": N_("Back to the game"),
            "gac_undo": N_("Undo the last action"),
            "gac_undo_title": N_("Undo the game's last action"),
            "gac_undo_what": N_("This takes back:"),
            "gac_undo_nothing": N_("Nothing to undo: the game has no action since it began."),
            "gac_undo_confirm": N_("Yes, take it back"),
            "gac_undone": N_("Taken back: {what}."),
            "gac_spectator": N_(
                "You watch this game: only its players, its owner and arbitrators act."
            ),
            "gac_f_range": N_("Range (U)"),
            "gac_f_cover": N_("Cover"),
            "gac_f_weapon": N_("Weapon"),
            "gac_f_target_weapon": N_("Defender's weapon"),
            "gac_f_default": N_("{name} (the service's choice)"),
            "gac_f_bare": N_("bare hands"),
            "gac_f_waiting": N_("{name} has not yet taken its turn (+1, R-18)"),
            "gac_f_waiting_hint": N_("From the record: {said}. Untick it if it has moved."),
            "gac_said_yes": N_("still waiting"),
            "gac_said_no": N_("it has acted"),
            "gac_f_pace": N_("Pace"),
            "gac_f_gun": NP_("game_action_words.WORDS.gac_f_gun", "Gun"),
            "gac_f_rounds": N_("Rounds"),
            "gac_f_rounds_default": NP_(
                "game_action_words.WORDS.gac_f_rounds_default", "as loaded before"
            ),
            "gac_f_explosive": N_("Explosive"),
            "gac_f_short_fuse": N_("Short fuse (§5.5.2)"),
            "gac_f_caught": N_("Caught in the blast (within 5U)"),
            "gac_f_distance": N_("{name}: distance from the centre (U)"),
            "gac_f_not_caught": N_("not caught"),
            "gac_f_objective": N_("Objective"),
            "gac_f_event": N_("What happens"),
            "gac_f_carry": N_("carries it"),
            "gac_f_near": N_("Friends within 5U that see it fall (R-19)"),
            "gac_k_state": N_("{name}: {state}"),
            "gac_k_waiting": N_("{name} is still to take its turn: +1 (R-18)"),
            "gac_k_acted": N_("{name} has already taken its turn"),
            "gac_k_weapon": N_("Weapon carried: {weapon}"),
            "gac_k_target_weapon": N_("{name} fights with: {weapon}"),
            "gac_k_leader": N_("{target}'s leader in play: {name} (within 5U he lends his FRED)"),
            "gac_k_is_leader": N_("{name} leads the gang"),
            "gac_k_night": N_("Night: −1 to hit beyond 20U (scenario)"),
            "gac_k_mounted": N_("{name} is mounted"),
            "gac_k_drank": N_("{name} drank whisky (§8.3)"),
            "gac_k_person": N_("{name}, a person of the scenario"),
            "gac_shoot": N_("Shoot"),
            "gac_fight": N_("Fight"),
            "gac_move": N_("Move (take its turn)"),
            "gac_reload": N_("Reload"),
            "gac_unjam": N_("Unjam"),
            "gac_mount": N_("Mount"),
            "gac_dismount": N_("Dismount"),
            "gac_lasso": NP_("game_action_words.WORDS.gac_lasso", "Lasso"),
            "gac_explosive": N_("Explosive"),
            "gac_whisky": N_("Whisky"),
            "gac_objective": N_("Objective"),
            "gac_moved": N_("{name} takes its turn {turn} (§1.8)."),
            "gac_drank": N_(
                "{name} drinks whisky: +1 FRED, −1 RIF for the rest of the game (§8.3)."
            ),
            "gac_reloaded": N_("{name} reloads the {weapon}: {rounds} rounds."),
            "gac_unjammed": N_("{name} unjams the {weapon}: {rounds} rounds left."),
            "gac_bad_field": N_("{field} {value}: {why}"),
            "gac_bad_dice": N_("the dice so far are not faces 1 to 6; start the dice again."),
            "gac_unknown_action": N_("{action} is not an action of a game; one of {known}."),
            "gac_missing": N_("{field} is missing."),
        }
    )
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


def act_url(campaign: str, game: int | None, tail: str = "act", **query: str) -> str:
    base = f"{game_live_base.game_url(campaign, game)}/{tail}"
    given = {k: v for k, v in query.items() if v}
    return f"{base}?{urlencode(given)}" if given else base
