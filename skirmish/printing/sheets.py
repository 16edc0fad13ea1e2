"""What the sheets about a campaign are made of, read from the store: the one place both
``skirmish print roster|campaign`` and the web app's downloads (issue #11) ask, so the two print
the same sheet. Each function reads in the caller's unit of work (``session``) and returns a
view-model of ``printing.views``, ready for ``printing.render``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any, cast

from sqlalchemy.orm import object_session
from sqlmodel import Session

from skirmish.campaign import lookup, views
from skirmish.campaign.gangs import settings_of
from skirmish.campaign.links import gang_link
from skirmish.campaign.models import Campaign, Gang, GangStatus, Member, MemberStatus
from skirmish.campaign.print_options import choose_models
from skirmish.campaign.settings import HOUSE_RULES
from skirmish.campaign.standings import standings
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang
from skirmish.limits import BLANK
from skirmish.printing.build import campaign_view, roster_view
from skirmish.printing.qr import qr_svg
from skirmish.printing.views import CampaignView, RosterView
from skirmish.translation import Message


def house_rules(campaign: Campaign, lang: Lang | str) -> list[tuple[str, str]]:
    """The campaign's house rules in force, as (rule id, text) pairs (RULINGS §4)."""
    values = settings_of(campaign)
    return [
        (rule.rule, rule.describe(values.get(rule.key, rule.default), str(lang)))
        for rule in HOUSE_RULES
    ]


#: The QR code in a roster's header, in mm (quiet zone included).
ROSTER_QR_MM = 20.0


def chosen_members(
    gang: Gang, models: Sequence[str] = (), *, with_dead: bool = False
) -> tuple[list[Member], list[Member]]:
    """The models a roster prints, each list in hiring order: (the living, the dead).

    Without ``models``, every model on the roster, and the dead (R-10) when ``with_dead``. With
    ``models`` (names or handles as ``print_options.choose_models`` reads them), only those: a
    dead model named prints too, marked; a name that is no model of the gang's, living or dead,
    is refused with the nearest names."""
    living = lookup.active_members(gang)
    dead = [m for m in gang.members if m.status == MemberStatus.DEAD]
    if not models:
        return living, dead if with_dead else []
    wanted = {id(m) for m in choose_models(gang, models)}
    return [m for m in living if id(m) in wanted], [m for m in dead if id(m) in wanted]


def roster_sheet(
    campaign: Campaign,
    gang: Gang,
    lang: Lang | str,
    *,
    models: Sequence[str] = (),
    with_dead: bool = False,
    blank: int = 0,
    today: date | None = None,
    rows: Sequence[Mapping[str, Any]] | None = None,
    with_house_rules: bool = True,
    data: Mapping[str, Any] | None = None,
) -> RosterView:
    """A gang's roster (``gang`` from ``lookup.gang_by_name``, loaded ``full`` or not:
    ``views.gang_data`` reads as rows what is not loaded, cheaper for ``print roster`` than
    loading it as objects, issue #23), with the house rules of its campaign, its record in the
    standings, the campaign's name, the date (``today``) and, when the campaign has a web
    address, a QR code to the gang's page.
    ``models``, ``with_dead`` and ``blank`` choose what prints (``chosen_members``; ``blank``
    empty cards for new hires, within ``limits.BLANK``). ``rows``: the campaign's standings when
    the caller has read them already (the book, for every gang); ``with_house_rules=False`` for
    the book, which prints them once; ``data``: the gang's ``views.gang_data`` in ``lang`` when
    the caller has it already (the book, which shows it in the standings too)."""
    BLANK.check(blank)
    living, dead = chosen_members(gang, models, with_dead=with_dead)
    data = dict(data) if data is not None else views.gang_data(gang, lang)
    keep = {m.name for m in living}
    data["members"] = [m for m in data["members"] if m["name"] in keep]
    session = object_session(gang)
    if rows is None and session is not None:  # its own line only, its rating already said
        rated = {gang.name: int(data["rating"])}
        rows = standings(cast(Session, session), campaign=campaign, gangs=[gang], rated=rated)
    record = next((row for row in rows or () if row["gang"] == gang.name), None)
    link = gang_link(campaign, gang.name)
    qr = qr_svg(link, size_mm=ROSTER_QR_MM, title=gang.name) if link is not None else None
    return roster_view(
        data,
        lang,
        house_rules=house_rules(campaign, lang) if with_house_rules else (),
        dead=[views.member_data(gang, m, lang) for m in dead],
        blank=blank,
        campaign=campaign.name,
        printed=today or date.today(),
        record=record,
        link=link,
        qr=qr,
    )


def printed_gangs(campaign: Campaign) -> list[Gang]:
    """The gangs a campaign's sheets show: the active ones, oldest first (a retired gang has
    left the campaign's table)."""
    return [g for g in campaign.gangs if g.status == GangStatus.ACTIVE]


def campaign_sheet(session: Session, campaign: Campaign, lang: Lang | str) -> CampaignView:
    """The campaign book: the standings (with eliminations, losses and retreats), the house
    rules, the results of every finished game and the graveyard (issue #13), then every active
    gang's roster; a campaign with no active gang has nothing to print."""
    # lazy: game
    from skirmish.campaign.game.history import game_results, graveyard

    active = GangStatus.ACTIVE  # the gangs printed_gangs names, read all at once (issue #23)
    loaded = [g for g in lookup.full_gangs(session, campaign) if g.status == active]
    gangs: list[dict[str, Any]] = [views.gang_data(gang, lang) for gang in loaded]
    if not gangs:
        name = campaign.name
        raise SkirmishError(
            Message(
                "campaign {name!r} has no active gang to print; found one with "
                "'skirmish gang new NAME --faction FACTION'.",
                name=name,
            )
        )
    results = standings(session, campaign=campaign)
    today = date.today()
    rosters = [
        roster_sheet(
            campaign, gang, lang, today=today, rows=results, with_house_rules=False, data=data
        )
        for gang, data in zip(loaded, gangs, strict=True)
    ]
    return campaign_view(
        campaign.name,
        gangs,
        lang,
        rosters=rosters,
        house_rules=house_rules(campaign, lang),
        standings=results,
        games=game_results(session, campaign=campaign),
        graveyard=graveyard(session, campaign=campaign),
    )
