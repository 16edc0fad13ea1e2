"""The campaign page's desk (issue #22): what the organiser looks at first — a new game, the
games in play with a link to each, what each gang still owes (its post-game, the purchases
waiting for another availability roll, H-03) and, to who may invite, the open invitations.
Read in the campaign page's unit of work; the page (``templates/campaign.html``) shows it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any
from urllib.parse import quote

from sqlalchemy import Integer, bindparam
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import Select

from skirmish.campaign import accounts
from skirmish.campaign.club import open_invitation_rows
from skirmish.campaign.equipment import waiting_among
from skirmish.campaign.gangs import gang_rows
from skirmish.campaign.models import CampaignLine, FailedPurchase, Gang, GangStatus
from skirmish.campaign.permissions import Action, role_word
from skirmish.campaign.store import column_rows
from skirmish.campaign.views import failed_purchases_read
from skirmish.engine.glossary import GameStatus
from skirmish.i18n import Lang, name
from skirmish.rules.tables import find_equipment
from skirmish.web.club import moment
from skirmish.web.game_live_base import game_url, games_url, may_start
from skirmish.web.site import Site, members_url


def desk(
    site: Site,
    session: Session,
    found: CampaignLine,
    kept: Mapping[str, Any],
    can: Mapping[Action, bool],
    lang: Lang,
) -> dict[str, Any]:
    """The desk of ``found`` for the page's reader: ``kept`` (``desk_parts``: what every reader
    sees alike, kept with the page's shared parts, issue #23), and what depends on who reads: a
    new game, the open invitations."""
    invitations = None
    if can[Action.INVITE]:
        invitations = [
            {
                "code": accounts.show_code(i.code),
                "role": role_word(i.role, lang.value),
                "until": moment(i.expires_at, lang),
            }
            for i in open_invitation_rows(session, found)
        ]
    return {
        "new_game": games_url(found.name) + "/new" if may_start(session, site, found, []) else "",
        "in_play": kept["in_play"],
        "owed": kept["owed"],
        "invitations": invitations,
        "members_url": members_url(found.name),
    }


def desk_parts(
    session: Session, found: CampaignLine, games: Sequence[Mapping[str, Any]], lang: Lang
) -> dict[str, Any]:
    """What the desk of ``found`` shows every reader alike: the games in play, what each gang
    still owes; ``games`` are ``reads.game_list``'s rows with their ``scenario_name``."""
    in_play = [
        {
            "url": game_url(found.name, g["game"]),
            "game": g["game"],
            "scenario_name": g["scenario_name"],
            "good": g["good"],
            "bad": g["bad"],
            "turn": g["turn"],
        }
        for g in games
        if g["status"] == GameStatus.IN_PROGRESS
    ]
    postgames: dict[str, list[dict[str, Any]]] = {}
    for g in games:
        for gang in g["postgame_owed"] or ():
            url = f"{game_url(found.name, g['game'])}/postgame/{quote(gang, safe='')}"
            postgames.setdefault(gang, []).append({"game": g["game"], "url": url})
    owed = []
    # the failed purchases of every gang as rows, in one query (issue #23); the gangs are the
    # campaign's own, which the campaign page has loaded already
    # read beside the ratings when the page read them (issue #23), else here
    gangs = gang_rows(found, session)  # as the page's other parts read them (issue #23)
    failed: dict[int | None, list[Any]] | None = failed_purchases_read(
        session, (g.id for g in gangs)
    )
    if failed is None:
        failed = {}
        for row in column_rows(session, _failed_query(), {"campaign": found.id}):
            failed.setdefault(row.gang_id, []).append(row)
    for gang in gangs:
        if gang.status != GangStatus.ACTIVE:
            continue
        mine = failed.get(gang.id, [])
        later = {f.item for f in waiting_among(session, gang, mine)}
        said = [(name(find_equipment(f.item), lang), f.item in later) for f in mine]
        due = postgames.get(gang.name, [])
        if due or said:
            # the purchases' names said and joined here, not by the template's filters per
            # gang (issue #23): all of them, and those not before the next game
            owed.append(
                {
                    "gang": gang.name,
                    "postgames": due,
                    "purchases": ", ".join(n for n, _ in said),
                    "later": ", ".join(n for n, waits in said if waits),
                }
            )
    return {"in_play": in_play, "owed": owed}


@cache
def _failed_query() -> Select[int, str, int]:
    """The campaign's failed purchases (H-03) as rows, each gang's in the order they failed:
    built once (issue #23)."""
    return (
        select(col(FailedPurchase.gang_id), col(FailedPurchase.item), col(FailedPurchase.game))
        .join(Gang, col(Gang.id) == col(FailedPurchase.gang_id))
        .where(col(Gang.campaign_id) == bindparam("campaign", type_=Integer))
        .order_by(col(FailedPurchase.id))
    )
