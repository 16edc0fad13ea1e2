"""What the web app reads from the store, each the same shape as the CLI's ``--json`` of the same
view (issue #11: clubs write bots against ``/api/v1`` and the pages render the same data).

Every function takes the request's one read-only unit of work (``session``) and the names the
URL carries, resolved by the same lookups as the CLI (``campaign.lookup``: a unique prefix or
whole words will do; none names the nearest). ``tests/web/test_api.py`` holds each shape equal
to the command it mirrors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session, col, select

from skirmish.campaign import listings, lookup, views
from skirmish.campaign.game.history import graveyard, member_history, standings
from skirmish.campaign.game.listed import games_and_sides
from skirmish.campaign.gangs import gang_line as _gang_line
from skirmish.campaign.gangs import settings_of
from skirmish.campaign.models import Campaign, CampaignLine, Gang, GangLine
from skirmish.campaign.settings import HOUSE_RULES
from skirmish.engine.glossary import GameStatus
from skirmish.i18n import Lang

#: The most log entries one page or API call returns (``skirmish log --last``'s default is all).
LOG_LIMIT = 200


def campaigns(session: Session) -> list[dict[str, Any]]:
    """Every campaign: ``skirmish campaign list --json``."""
    return listings.campaign_rows(session)


def gang_names(session: Session, found: list[Campaign]) -> dict[str, list[str]]:
    """The names of the gangs of each of ``found`` (by the campaign's name), oldest first, in
    one query whatever their number (issue #23)."""
    names: dict[int | None, list[str]] = {c.id: [] for c in found}
    query = (
        select(Gang.campaign_id, Gang.name)
        .where(col(Gang.campaign_id).in_(list(names)))
        .order_by(col(Gang.id))
    )
    for campaign_id, gang_name in session.exec(query).all():
        names[campaign_id].append(gang_name)
    return {c.name: names[c.id] for c in found}


def campaign(session: Session, name: str) -> Campaign:
    """The campaign ``name`` names (``lookup.campaign_by_name``)."""
    return lookup.campaign_by_name(session, name)


def campaign_show(
    found: CampaignLine, lang: Lang | str, session: Session | None = None
) -> dict[str, Any]:
    """The campaign's house rules and gangs: ``skirmish campaign show --json`` (``session``:
    the unit of work of a campaign read as a row)."""
    return listings.campaign_data(found, lang, session)


def gang_list(session: Session, found: Campaign, lang: Lang | str) -> list[dict[str, Any]]:
    """The campaign's gangs: ``skirmish gang list --json``."""
    query = select(Gang).where(Gang.campaign_id == found.id).order_by(col(Gang.id))
    return views.gang_summaries(session, session.exec(query).all(), lang, campaign=found.id)


def campaign_standings(
    session: Session, found: CampaignLine, *, rated: Mapping[str, int] | None = None
) -> list[dict[str, Any]]:
    """``skirmish campaign standings --json`` (``rated``: the gangs' ratings by name, when
    ``campaign_show`` has read them already). The ended games' winners come from the
    campaign's games, which the unit of work keeps for the list of games (issue #23)."""
    games, _ = games_and_sides(session, found)
    winners = {g.id: g.winner for g in games if g.status == GameStatus.ENDED and g.id is not None}
    return standings(session, campaign=found, rated=rated, winners=winners)


def campaign_graveyard(session: Session, found: CampaignLine) -> list[dict[str, Any]]:
    """``skirmish campaign graveyard --json``."""
    return graveyard(session, campaign=found)


def game_list(session: Session, found: CampaignLine) -> list[dict[str, Any]]:
    """The campaign's games, oldest first: ``skirmish game list --json``."""
    return listings.game_rows(session, found)


def log(
    session: Session,
    found: CampaignLine,
    lang: Lang | str,
    *,
    gang: GangLine | None = None,
    last: int | None = None,
) -> list[dict[str, Any]]:
    """The campaign log, oldest first, with each entry's author: ``skirmish log [GANG] --last N
    --json``."""
    return listings.log_rows(session, found, lang, gang=gang, last=last)


def feed(
    session: Session,
    found: CampaignLine,
    lang: Lang | str,
    *,
    gang: GangLine | None = None,
    last: int | None = None,
) -> list[dict[str, Any]]:
    """``log`` as the log's pages show it: each entry's moment, gang and text, oldest first
    (``listings.feed_rows``)."""
    return listings.feed_rows(session, found, lang, gang=gang, last=last)


def gang(session: Session, found: Campaign, name: str, *, full: bool = True) -> Gang:
    """The gang ``name`` names in ``found``, with its models and items loaded unless not
    ``full`` (``gang_show`` reads them as rows: issue #23)."""
    return lookup.gang_by_name(session, found, name, full=full)


def gang_line(session: Session, found: CampaignLine, name: str) -> GangLine:
    """The gang ``name`` names in ``found`` as a page shows it: a row in a READ unit of work
    (``gangs.gang_line``; ``gang_show`` reads its models and items as rows: issue #23)."""
    return _gang_line(session, found, name)


def gang_show(
    found: GangLine, lang: Lang | str, *, session: Session | None = None
) -> dict[str, Any]:
    """``skirmish gang show --json`` (``found``: an object, or a row read in ``session``)."""
    return views.gang_data(found, lang, session=session)


def member(session: Session, found: Campaign, gang_name: str, name: str) -> dict[str, Any]:
    """A model's history, the dead too: ``skirmish member history --json``."""
    return member_history(session, campaign=found, gang=gang_name, member=name)


def house_rules(
    found: CampaignLine, lang: Lang | str, session: Session | None = None
) -> list[tuple[str, str]]:
    """The house rules in force as (rule id, text) pairs, as the printed roster lists them
    (``session``: the unit of work of a campaign read as a row)."""
    values = settings_of(found, session)
    return [
        (rule.rule, rule.describe(values.get(rule.key, rule.default), str(lang)))
        for rule in HOUSE_RULES
    ]
