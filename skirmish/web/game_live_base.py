"""The live page's shared parts (issue #12; split out of ``web/game_live.py`` for issue #20):
its panels' registry, its words, the games' addresses, and who may change a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from fastapi import Request
from sqlmodel import Session

from skirmish.campaign.game.permissions import (
    GameAction,
    require_game,
)
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import Campaign, Gang
from skirmish.campaign.permissions import Action, may
from skirmish.errors import CampaignError
from skirmish.i18n import Lang
from skirmish.rules.model import Side
from skirmish.web import text
from skirmish.web.site import Forbidden, Site, campaign_url

#: The "your move" panels other modules put on the live page (``templates/game/_panels.html``):
#: a panel's name → a function of (session, site, request, campaign, game) whose value the
#: panel's template reads under that name (``None``: nothing to show this reader). Added with
#: ``@game_live_base.panel("activation")`` by the module that owns the panel (docs/web.md).

PanelFn = Callable[[Session, "Site", Request, Campaign, Game], Any]
PANELS: dict[str, PanelFn] = {}


def panel(name: str) -> Callable[[PanelFn], PanelFn]:
    """Put a "your move" panel on the live page under ``name`` (see ``PANELS``)."""

    def add(fn: PanelFn) -> PanelFn:
        PANELS[name] = fn
        return fn

    return add


#: How many of the game log's newest lines the live page shows.
LOG_LINES = 8
#: How often a phone asks whether the board changed (the issue: within a second).
POLL = "1s"

WORDS = text.part(
    {
        "en": {
            "gl_games": "Games",
            "gl_new": "New game",
            "gl_title": "Game {game}: {scenario}",
            "gl_turn_of": "Turn {turn} of {limit}",
            "gl_turn_only": "Turn {turn}",
            "gl_not_begun": "Not begun: start the first turn.",
            "gl_offline": "Offline — reconnecting…",
            "gl_acting": "Acting now: {name}",
            "gl_to_act": "Still to act",
            "gl_none_left": "everyone has acted",
            "gl_objectives": "Objectives",
            "gl_log": "What happened",
            "gl_log_empty": "Nothing yet.",
            "gl_side_good": "good",
            "gl_side_bad": "bad",
            "gl_casualties": "casualties {lost}/{started}",
            "gl_leader": "leader {name}",
            "gl_cohesion_due": "cohesion test due at the next turn (R-08)",
            "gl_retreated": "retreated",
            "gl_cos": "COS {left} of {cos}",
            "gl_wounded_start": "started wounded (R-10)",
            "gl_acted": "has acted",
            "gl_acting_now": "acting",
            "gl_waiting": "to act",
            "gl_eliminated": "eliminated",
            "gl_eliminated_by": "eliminated by {name}",
            "gl_left_table": "left the table in turn {turn} (R-20)",
            "gl_fleeing": "fleeing (R-20)",
            "gl_clears": "steady again at turn {turn}",
            "gl_carries": "Carries",
            "gl_kit": "Kit",
            "gl_jammed": "jammed",
            "gl_mounted": "mounted",
            "gl_used": "used: {items}",
            "gl_points": "FAMA {fama} · FORTUNA {fortuna}",
            "gl_your_move": "The turn and the end",
            "gl_new_turn": "New turn",
            "gl_begin_first": "Begin the first turn",
            "gl_cohesion_dice": "Cohesion dice, in order: {gangs} (empty: roll for me)",
            "gl_cohesion_reroll": "If the cohesion test of {gang} fails, reroll it with the FAMA "
            "of (R-15; type its die after the others)",
            "gl_no_reroll": "— no reroll —",
            "gl_fama_left": "{name} (FAMA {left})",
            "gl_turn_help": "Begins the next turn: states that last a turn end, cohesion "
            "tests are rolled (R-08); at the scenario's last turn, or when its end holds, "
            "the game ends instead.",
            "gl_end": "The end",
            "gl_vote_help": "When the game is over on the table, each player confirms who "
            "won; the game ends when both sides agree.",
            "gl_vote": "Confirm: {who}",
            "gl_vote_for": "Voting for {gang}",
            "gl_wins": "{gang} wins",
            "gl_draw": "a draw",
            "gl_voted": "{gang} says: {verdict}",
            "gl_not_voted": "{gang} has not said yet",
            "gl_verdict_over": "The recorded state ends the game: {who} ({reason}).",
            "gl_end_now": "End the game now",
            "gl_end_now_help": "The owner or an arbitrator may end the game with a verdict "
            "without the players' votes; a verdict the recorded state contradicts is refused.",
            "gl_end_as": "End: {who}",
            "gl_abandon": "Abandon the game",
            "gl_abandon_help": "Nobody wins and there is no post-game. Only the owner or an "
            "arbitrator may.",
            "gl_abandon_confirm": "Yes, abandon it",
            "gl_over": "Game over: {who} ({reason}).",
            "gl_abandoned": "The game was abandoned: nobody wins.",
            "gl_postgame": "Post-game for {gang}",
            "gl_postgame_done": "{gang}: post-game done",
            "gl_watching": "You are watching: only the players act.",
            "gl_stale": "the game changed since this page was shown (another phone acted); "
            "look at the board again. Nothing was changed.",
            "gl_start_title": "Start a game",
            "gl_scenario": "Scenario",
            "gl_good_gang": "Good side",
            "gl_bad_gang": "Bad side",
            "gl_pick_gang": "— choose a gang —",
            "gl_leave": "Models left at home",
            "gl_leave_help": "Ticked models stay home this game.",
            "gl_leaders": "Leaders (Duel, R-21)",
            "gl_leaders_help": "In a scenario whose rules name the leaders, a gang without "
            "its leader in the game names the model that leads it.",
            "gl_leader_of": "Leader of {gang}",
            "gl_no_leader": "— none —",
            "gl_start": "Start the game",
            "gl_no_gangs": "This campaign needs two active gangs to play a game.",
            "gl_may_not_start": "log in as the owner, an arbitrator or the player of one of "
            "the two gangs to start a game. Nothing was changed.",
            "gl_not_a_game": "{typed} is not a game number; see the campaign's games.",
            "gl_bad_verdict": "say who won: good, bad or draw. Nothing was changed.",
            "gl_which_side": "say which side you vote for: good or bad. Nothing was changed.",
            "gl_withdraw": "Take my vote back",
            "gl_agree_help": "The other side said: {verdict}. Confirm the same to end the game.",
            "gl_result": "result: {result}",
        },
        "it": {
            "gl_games": "Partite",
            "gl_new": "Nuova partita",
            "gl_title": "Partita {game}: {scenario}",
            "gl_turn_of": "Turno {turn} di {limit}",
            "gl_turn_only": "Turno {turn}",
            "gl_not_begun": "Non iniziata: comincia il primo turno.",
            "gl_offline": "Non in linea — mi riconnetto…",
            "gl_acting": "Agisce ora: {name}",
            "gl_to_act": "Devono ancora agire",
            "gl_none_left": "hanno agito tutti",
            "gl_objectives": "Obiettivi",
            "gl_log": "Cos'è successo",
            "gl_log_empty": "Ancora niente.",
            "gl_side_good": "buoni",
            "gl_side_bad": "cattivi",
            "gl_casualties": "perdite {lost}/{started}",
            "gl_leader": "capo {name}",
            "gl_cohesion_due": "test di coesione dovuto al prossimo turno (R-08)",
            "gl_retreated": "ritirata",
            "gl_cos": "COS {left} su {cos}",
            "gl_wounded_start": "partito ferito (R-10)",
            "gl_acted": "ha agito",
            "gl_acting_now": "sta agendo",
            "gl_waiting": "deve agire",
            "gl_eliminated": "eliminato",
            "gl_eliminated_by": "eliminato da {name}",
            "gl_left_table": "uscito dal tavolo al turno {turn} (R-20)",
            "gl_fleeing": "in fuga (R-20)",
            "gl_clears": "di nuovo calmo al turno {turn}",
            "gl_carries": "Trasporta",
            "gl_kit": "Equipaggiamento",
            "gl_jammed": "inceppata",
            "gl_mounted": "a cavallo",
            "gl_used": "usati: {items}",
            "gl_points": "FAMA {fama} · FORTUNA {fortuna}",
            "gl_your_move": "Il turno e la fine",
            "gl_new_turn": "Nuovo turno",
            "gl_begin_first": "Inizia il primo turno",
            "gl_cohesion_dice": "Dadi di coesione, in ordine: {gangs} (vuoto: tira tu)",
            "gl_cohesion_reroll": "Se il test di coesione di {gang} fallisce, ritiralo con la "
            "FAMA di (R-15; scrivi il suo dado dopo gli altri)",
            "gl_no_reroll": "— nessun ritiro —",
            "gl_fama_left": "{name} (FAMA {left})",
            "gl_turn_help": "Inizia il turno successivo: gli stati che durano un turno "
            "finiscono, si tirano i test di coesione (R-08); all'ultimo turno dello scenario, o "
            "quando vale la sua fine, la partita finisce.",
            "gl_end": "La fine",
            "gl_vote_help": "Quando sul tavolo la partita è finita, ogni giocatore conferma "
            "chi ha vinto; la partita finisce quando le due parti sono d'accordo.",
            "gl_vote": "Conferma: {who}",
            "gl_vote_for": "Voto per {gang}",
            "gl_wins": "vince {gang}",
            "gl_draw": "pareggio",
            "gl_voted": "{gang} dice: {verdict}",
            "gl_not_voted": "{gang} non si è ancora espressa",
            "gl_verdict_over": "Lo stato registrato chiude la partita: {who} ({reason}).",
            "gl_end_now": "Chiudi ora la partita",
            "gl_end_now_help": "Il proprietario o un arbitro possono chiudere la partita con "
            "un verdetto senza i voti dei giocatori; un verdetto che contraddice lo stato "
            "registrato è rifiutato.",
            "gl_end_as": "Chiudi: {who}",
            "gl_abandon": "Abbandona la partita",
            "gl_abandon_help": "Nessuno vince e non c'è dopo-partita. Solo il proprietario o "
            "un arbitro possono farlo.",
            "gl_abandon_confirm": "Sì, abbandonala",
            "gl_over": "Partita finita: {who} ({reason}).",
            "gl_abandoned": "La partita è stata abbandonata: nessun vincitore.",
            "gl_postgame": "Dopo-partita di {gang}",
            "gl_postgame_done": "{gang}: dopo-partita fatto",
            "gl_watching": "Stai guardando: agiscono solo i giocatori.",
            "gl_stale": "la partita è cambiata da quando hai aperto la pagina (un altro "
            "telefono ha agito); guarda di nuovo il tavolo. Non è cambiato nulla.",
            "gl_start_title": "Inizia una partita",
            "gl_scenario": "Scenario",
            "gl_good_gang": "Buoni",
            "gl_bad_gang": "Cattivi",
            "gl_pick_gang": "— scegli una banda —",
            "gl_leave": "Personaggi che restano a casa",
            "gl_leave_help": "I personaggi spuntati restano a casa in questa partita.",
            "gl_leaders": "Capi (Duello, R-21)",
            "gl_leaders_help": "In uno scenario le cui regole nominano i capi, una banda "
            "senza il suo capo in partita indica il personaggio che la guida.",
            "gl_leader_of": "Capo di {gang}",
            "gl_no_leader": "— nessuno —",
            "gl_start": "Inizia la partita",
            "gl_no_gangs": "Per giocare servono due bande attive nella campagna.",
            "gl_may_not_start": "accedi come proprietario, arbitro o giocatore di una delle "
            "due bande per iniziare una partita. Non è cambiato nulla.",
            "gl_not_a_game": "{typed} non è il numero di una partita; vedi le partite della "
            "campagna.",
            "gl_bad_verdict": "di' chi ha vinto: buoni, cattivi o pareggio. Non è cambiato nulla.",
            "gl_which_side": "di' per quale parte voti: buoni o cattivi. Non è cambiato nulla.",
            "gl_withdraw": "Ritira il mio voto",
            "gl_agree_help": "L'altra parte ha detto: {verdict}. Conferma lo stesso per chiudere "
            "la partita.",
            "gl_result": "risultato: {result}",
        },
    }
)


def live_words(key: str, lang: Lang, **values: Any) -> str:
    return text.words(lang)[key].format(**values)


def live_refusal(key: str) -> CampaignError:
    """One of this module's refusals, in both languages (the same words as the page's)."""
    return CampaignError(text.Worded(key))


def games_url(campaign: str) -> str:
    return campaign_url(campaign) + "/games"


def game_url(campaign: str, game: int | None) -> str:
    return f"{games_url(campaign)}/{game}"


def api_game_url(campaign: str, game: int | None) -> str:
    return f"/api/v1/campaigns/{quote(campaign, safe='')}/games/{game}"


# ------------------------------------------------------------------ who may do what


def forbid_game(
    session: Session, site: Site, game: Game, action: GameAction, side: Side | None = None
) -> None:
    """``require_game`` (the game permissions, one place) as a 403 with its words."""
    try:
        require_game(session, site.actor(session), game, action, side)
    except CampaignError as error:
        raise Forbidden(error) from None


def may_start(session: Session, site: Site, campaign: Campaign, gangs: list[Gang]) -> bool:
    """The owner or an arbitrator, or the player of one of ``gangs`` (any gang he may change,
    when none is chosen yet: what the list of games offers)."""
    actor = site.actor(session)
    if may(session, actor, Action.FIX_RESULTS, campaign):
        return True
    pool = gangs or list(campaign.gangs)
    return any(may(session, actor, Action.CHANGE_GANG, campaign, g) for g in pool)
