"""What the sheets about a campaign are made of, read from the store: the one place both
``skirmish print roster|campaign`` and the web app's downloads (issue #11) ask, so the two print
the same sheet. Each function reads in the caller's unit of work (``session``) and returns a
view-model of ``printing.views``, ready for ``printing.render``."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from skirmish.campaign import lookup, views
from skirmish.campaign.game.history import game_results, graveyard, standings
from skirmish.campaign.gangs import settings_of
from skirmish.campaign.models import Campaign, Gang, GangStatus
from skirmish.campaign.settings import HOUSE_RULES
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang
from skirmish.printing.build import campaign_view, roster_view
from skirmish.printing.views import CampaignView, RosterView


def house_rules(campaign: Campaign, lang: Lang | str) -> list[tuple[str, str]]:
    """The campaign's house rules in force, as (rule id, text) pairs (RULINGS §4)."""
    values = settings_of(campaign)
    return [
        (rule.rule, rule.describe(values.get(rule.key, rule.default), str(lang)))
        for rule in HOUSE_RULES
    ]


def roster_sheet(campaign: Campaign, gang: Gang, lang: Lang | str) -> RosterView:
    """A gang's roster (``gang`` loaded ``full``, see ``lookup.gang_by_name``), with the
    house rules of its campaign."""
    return roster_view(views.gang_data(gang, lang), lang, house_rules=house_rules(campaign, lang))


def printed_gangs(campaign: Campaign) -> list[Gang]:
    """The gangs a campaign's sheets show: the active ones, oldest first (a retired gang has
    left the campaign's table)."""
    return [g for g in campaign.gangs if g.status == GangStatus.ACTIVE]


def campaign_sheet(session: Session, campaign: Campaign, lang: Lang | str) -> CampaignView:
    """The campaign book: the standings (with eliminations, losses and retreats), the house
    rules, the results of every finished game and the graveyard (issue #13), then every active
    gang's roster; a campaign with no active gang has nothing to print."""
    gangs: list[dict[str, Any]] = [
        views.gang_data(lookup.gang_by_name(session, campaign, g.name, full=True), lang)
        for g in printed_gangs(campaign)
    ]
    if not gangs:
        name = campaign.name
        raise SkirmishError(
            f"campaign {name!r} has no active gang to print; "
            "found one with 'skirmish gang new NAME --faction FACTION'.",
            it=f"la campagna {name!r} non ha bande attive da stampare; fondane una con 'skirmish "
            "gang new NOME --faction FAZIONE'.",
        )
    results = standings(session, campaign=campaign)
    return campaign_view(
        campaign.name,
        gangs,
        lang,
        house_rules=house_rules(campaign, lang),
        standings=results,
        games=game_results(session, campaign=campaign),
        graveyard=graveyard(session, campaign=campaign),
    )
