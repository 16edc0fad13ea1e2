"""The campaign's lists as every front end shows them (issue #11): the campaigns, one campaign's
house rules and gangs, its games and its log, each in the shape of the CLI's ``--json`` of the
same command. The CLI prints them, the web app renders and serves them; declared once here.

Every function reads inside the caller's unit of work (``session``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import Integer, bindparam
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import object_session
from sqlmodel import Session, col, func, select

from skirmish.campaign import accounts, logbook, views
from skirmish.campaign.game.listed import games_and_sides
from skirmish.campaign.game.pending import owing
from skirmish.campaign.gangs import gang_rows, gang_rows_read, settings_of
from skirmish.campaign.lookup import IN_USE
from skirmish.campaign.models import Campaign, CampaignLine, Gang, GangLine, Meta
from skirmish.campaign.settings import HOUSE_RULES
from skirmish.campaign.store import column_rows
from skirmish.campaign.text import described_text, entry_data
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules.model import Side
from skirmish.translation import N_

#: How the log names an entry whose account was removed since.
WORDS: Catalogue = messages({"removed": N_("(removed account)")})


def campaign_rows(session: Session) -> list[dict[str, Any]]:
    """Every campaign, oldest first, and whether it is the one in use: ``campaign list``; two
    queries whatever their number (issue #23)."""
    in_use = session.get(Meta, IN_USE)
    current = int(in_use.value) if in_use is not None else None
    counted = select(Gang.campaign_id, func.count()).group_by(col(Gang.campaign_id))
    gangs: dict[int | None, int] = {c: int(n) for c, n in session.exec(counted).all()}
    return [
        {"name": c.name, "in_use": c.id == current, "gangs": gangs.get(c.id, 0)}
        for c in session.exec(select(Campaign).order_by(col(Campaign.id))).all()
    ]


def campaign_data(
    found: CampaignLine, lang: Lang | str, session: Session | None = None
) -> dict[str, Any]:
    """A campaign's house rules in force and its gangs: ``campaign show`` (``session``: the
    unit of work of a campaign read as a row)."""
    values = settings_of(found, session)
    settings = [
        {
            "key": rule.key,
            "rule": rule.rule,
            "value": values.get(rule.key, rule.default),
            "default": rule.default,
            "text": rule.describe(values.get(rule.key, rule.default), str(lang)),
        }
        for rule in HOUSE_RULES
    ]
    reading: OrmSession | None = session
    if isinstance(found, Campaign):
        reading = object_session(found)
        if reading is None:  # a campaign not in a unit of work, its gangs loaded
            gangs = [views.gang_summary(g, lang) for g in found.gangs]
    if reading is not None:
        gangs = views.gang_summaries(reading, gang_rows(found, session), lang, campaign=found.id)
    return {
        "name": found.name,
        "web_address": found.web_address,  # issue #13: none until set (``campaign address``)
        "settings": settings,
        "gangs": gangs,
    }


def game_rows(session: Session, found: CampaignLine) -> list[dict[str, Any]]:
    """The campaign's games, oldest first: ``game list``. One query whatever their number
    (issue #23): the games with their gangs' names (``games_and_sides``; good side first, as
    the board lists them); only an ended game asks who still owes its post-game."""
    games, sides = games_and_sides(session, found)
    rows = []
    for game in games:
        both = sorted(sides.get(game.id, []), key=lambda s: (s[0] != Side.GOOD, s[1]))
        winner = None
        if game.winner:
            winner = next((name for side, _, name in both if side == game.winner), game.winner)
        rows.append(
            {
                "game": game.id,
                "scenario": game.scenario,
                "status": game.status,
                "turn": game.turn,
                "good": both[0][2],
                "bad": both[1][2],
                "winner": winner,
                "postgame_owed": owing(session, game),
            }
        )
    return rows


def log_rows(
    session: Session,
    found: CampaignLine,
    lang: Lang | str,
    *,
    gang: GangLine | None = None,
    last: int | None = None,
) -> list[dict[str, Any]]:
    """The campaign's log (or one gang's), oldest first, the last ``last`` entries: ``log``.
    Each entry names its author: an account's name, ``None`` for the local command line.
    One gang's log names only that gang (issue #23: no statement for the campaign's names)."""
    names = {gang.id: gang.name} if gang is not None else _gang_names(session, found)
    entries = logbook.history_rows(session, campaign=found, gang=gang, limit=last)
    authors = accounts.user_names(session, {e.author for e in entries if e.author is not None})
    removed = tr(WORDS, "removed", lang)
    return [
        entry_data(
            e,
            names.get(e.gang_id) if e.gang_id else None,
            lang,
            None if e.author is None else authors.get(e.author, removed),
        )
        for e in entries
    ]


def feed_rows(
    session: Session,
    found: CampaignLine,
    lang: Lang | str,
    *,
    gang: GangLine | None = None,
    last: int | None = None,
) -> list[dict[str, Any]]:
    """``log_rows`` as the log's pages show it: each entry's moment (``at``), gang and text
    (``text``, as ``log_rows`` says it), oldest first; read without the columns and authors a
    page does not show (issue #23: ``logbook.FEED``, and no statement for the authors' names)."""
    names = {gang.id: gang.name} if gang is not None else _gang_names(session, found)
    rows = logbook.history_rows(session, campaign=found, gang=gang, limit=last, feed=True)
    entries = []
    for row in rows:
        e = row._mapping  # public despite its underscore (``text.entry_data``)
        gang_id = e["gang_id"]
        entries.append(
            {
                "at": e["at"],
                "gang": names.get(gang_id) if gang_id else None,
                "text": described_text(e["action"], e["details"], e["member_name"], lang),
            }
        )
    return entries


def _gang_names(session: Session, found: CampaignLine) -> dict[int | None, str]:
    """The campaign's gangs' names by id: from its gangs if they are loaded or read as rows
    (``gang_rows``), else as rows of two columns (issue #23: not a gang loaded as an object for
    its name)."""
    if gang_rows_read(found, session):
        return {g.id: g.name for g in gang_rows(found, session)}
    return {
        row.id: row.name for row in column_rows(session, _names_query(), {"campaign": found.id})
    }


@cache
def _names_query() -> Any:
    """``_gang_names``'s statement (the ``campaign`` parameter), built once (issue #23)."""
    return select(Gang.id, Gang.name).where(
        col(Gang.campaign_id) == bindparam("campaign", type_=Integer)
    )
