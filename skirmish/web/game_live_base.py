"""The live page's shared parts (issue #12; split out of ``web/game_live.py`` for issue #20):
its panels' registry, its words, the games' addresses, and who may change a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

from fastapi import Request
from sqlmodel import Session

from skirmish.campaign.game.permissions import (
    GameAction,
    require_game,
)
from skirmish.campaign.game.tables import Game
from skirmish.campaign.gangs import gang_rows
from skirmish.campaign.models import CampaignLine, Gang, GangLine
from skirmish.campaign.permissions import Action, may
from skirmish.errors import CampaignError
from skirmish.i18n import Lang, messages
from skirmish.rules.model import Side
from skirmish.translation import N_, NP_
from skirmish.web import text
from skirmish.web.site import Forbidden, Site, campaign_url

#: The "your move" panels other modules put on the live page (``templates/game/_panels.html``):
#: a panel's name → a function of (session, site, request, campaign, game) whose value the
#: panel's template reads under that name (``None``: nothing to show this reader). Added with
#: ``@game_live_base.panel("activation")`` by the module that owns the panel (docs/web.md).

PanelFn = Callable[[Session, "Site", Request, CampaignLine, Game], Any]
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
    messages(
        {
            "gl_games": N_("Games"),
            "gl_new": N_("New game"),
            "gl_title": N_("Game {game}: {scenario}"),
            "gl_turn_of": N_("Turn {turn} of {limit}"),
            "gl_turn_only": N_("Turn {turn}"),
            "gl_not_begun": N_("Not begun: start the first turn."),
            "gl_offline": N_("Offline — reconnecting…"),
            "gl_acting": N_("Acting now: {name}"),
            "gl_to_act": N_("Still to act"),
            "gl_none_left": N_("everyone has acted"),
            "gl_objectives": N_("Objectives"),
            "gl_log": N_("What happened"),
            "gl_log_empty": N_("Nothing yet."),
            "gl_side_good": N_("good"),
            "gl_side_bad": N_("bad"),
            "gl_casualties": N_("casualties {lost}/{started}"),
            "gl_leader": N_("leader {name}"),
            "gl_cohesion_due": N_("cohesion test due at the next turn (R-08)"),
            "gl_retreated": N_("retreated"),
            "gl_cos": N_("COS {left} of {cos}"),
            "gl_wounded_start": N_("started wounded (R-10)"),
            "gl_acted": N_("has acted"),
            "gl_acting_now": NP_("a model's turn", "acting"),
            "gl_waiting": N_("to act"),
            "gl_eliminated": N_("eliminated"),
            "gl_eliminated_by": N_("eliminated by {name}"),
            "gl_left_table": N_("left the table in turn {turn} (R-20)"),
            "gl_fleeing": N_("fleeing (R-20)"),
            "gl_clears": N_("steady again at turn {turn}"),
            "gl_carries": N_("Carries"),
            "gl_kit": N_("Kit"),
            "gl_jammed": NP_("a gun", "jammed"),
            "gl_mounted": N_("mounted"),
            "gl_used": N_("used: {items}"),
            "gl_points": N_("FAMA {fama} · FORTUNA {fortuna}"),
            "gl_your_move": N_("The turn and the end"),
            "gl_new_turn": N_("New turn"),
            "gl_begin_first": N_("Begin the first turn"),
            "gl_cohesion_dice": N_("Cohesion dice, in order: {gangs} (empty: roll for me)"),
            "gl_cohesion_reroll": N_(
                "If the cohesion test of {gang} fails, reroll it with the FAMA "
                "of (R-15; type its die after the others)"
            ),
            "gl_no_reroll": N_("— no reroll —"),
            "gl_fama_left": N_("{name} (FAMA {left})"),
            "gl_turn_help": N_(
                "Begins the next turn: states that last a turn end, cohesion "
                "tests are rolled (R-08); at the scenario's last turn, or when its end holds, "
                "the game ends instead."
            ),
            "gl_end": N_("The end"),
            "gl_vote_help": N_(
                "When the game is over on the table, each player confirms who "
                "won; the game ends when both sides agree."
            ),
            "gl_vote": N_("Confirm: {who}"),
            "gl_vote_for": N_("Voting for {gang}"),
            "gl_wins": N_("{gang} wins"),
            "gl_draw": N_("a draw"),
            "gl_voted": N_("{gang} says: {verdict}"),
            "gl_not_voted": N_("{gang} has not said yet"),
            "gl_verdict_over": N_("The recorded state ends the game: {who} ({reason})."),
            "gl_end_now": N_("End the game now"),
            "gl_end_now_help": N_(
                "The owner or an arbitrator may end the game with a verdict "
                "without the players' votes; a verdict the recorded state contradicts is refused."
            ),
            "gl_end_as": N_("End: {who}"),
            "gl_abandon": N_("Abandon the game"),
            "gl_abandon_help": N_(
                "Nobody wins and there is no post-game. Only the owner or an arbitrator may."
            ),
            "gl_abandon_confirm": N_("Yes, abandon it"),
            "gl_over": N_("Game over: {who} ({reason})."),
            "gl_abandoned": N_("The game was abandoned: nobody wins."),
            "gl_postgame": N_("Post-game for {gang}"),
            "gl_postgame_done": N_("{gang}: post-game done"),
            "gl_watching": N_("You are watching: only the players act."),
            "gl_stale": N_(
                "the game changed since this page was shown (another phone acted); "
                "look at the board again. Nothing was changed."
            ),
            "gl_start_title": N_("Start a game"),
            "gl_scenario": N_("Scenario"),
            "gl_good_gang": NP_("scenario.MESSAGES.good", "Good side"),
            "gl_bad_gang": NP_("scenario.MESSAGES.bad", "Bad side"),
            "gl_pick_gang": N_("— choose a gang —"),
            "gl_leave": N_("Models left at home"),
            "gl_leave_help": N_("Ticked models stay home this game."),
            "gl_leaders": N_("Leaders (Duel, R-21)"),
            "gl_leaders_help": N_(
                "In a scenario whose rules name the leaders, a gang without "
                "its leader in the game names the model that leads it."
            ),
            "gl_leader_of": N_("Leader of {gang}"),
            "gl_no_leader": N_("— none —"),
            "gl_start": N_("Start the game"),
            "gl_no_gangs": N_("This campaign needs two active gangs to play a game."),
            "gl_may_not_start": N_(
                "log in as the owner, an arbitrator or the player of one of "
                "the two gangs to start a game. Nothing was changed."
            ),
            "gl_not_a_game": N_("{typed} is not a game number; see the campaign's games."),
            "gl_bad_verdict": N_("say who won: good, bad or draw. Nothing was changed."),
            "gl_which_side": N_("say which side you vote for: good or bad. Nothing was changed."),
            "gl_withdraw": N_("Take my vote back"),
            "gl_agree_help": N_(
                "The other side said: {verdict}. Confirm the same to end the game."
            ),
            "gl_result": N_("result: {result}"),
        }
    )
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


def may_start(session: Session, site: Site, campaign: CampaignLine, gangs: list[Gang]) -> bool:
    """The owner or an arbitrator, or the player of one of ``gangs`` (any gang he may change,
    when none is chosen yet: what the list of games offers)."""
    actor = site.actor(session)
    if may(session, actor, Action.FIX_RESULTS, campaign):
        return True
    pool: Sequence[GangLine] = gangs or gang_rows(campaign, session)
    return any(may(session, actor, Action.CHANGE_GANG, campaign, g) for g in pool)
