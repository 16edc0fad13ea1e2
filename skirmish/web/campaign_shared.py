"""What every reader of a campaign page sees alike, built and rendered once per campaign
revision (issue #23, the campaign page's nineteenth round): the standings, the recent games, the
log, the graveyard and the house rules, in one language and one sort, as ``campaign_parts.html``
renders them, and the games the desk lists. The desk's links, the club's links and anything else
that depends on who reads is not here: ``pages.campaign_page`` adds it on every request.

The key is read by one statement at each request (``_KEY``), so a change made by another server
process or by the command line is seen at once: the campaign's revision
(``campaign.models.CampaignRevision``: moved once by every unit of work that changes a row these
parts are built from, in the same transaction, on SQLite and PostgreSQL alike) with its random
stamp, and the turn of each of its games in play (a game's turn is shown, and moves without the
revision: a game's actions never write it). A reader's unit of work reads one snapshot (SQLite's
transaction, PostgreSQL's ``REPEATABLE READ``), so the key and the parts built beside it are of
the same commit. A store whose campaign has no revision row (none written since 0014 made them)
keeps nothing: its parts are read at each request.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Any

from markupsafe import Markup
from sqlalchemy import text
from sqlmodel import Session

from skirmish.campaign.models import CampaignLine, GangStatus
from skirmish.engine.glossary import GameStatus, label_value
from skirmish.formats import moment
from skirmish.i18n import Lang
from skirmish.translation import template_callables
from skirmish.web import reads
from skirmish.web.desk import desk_parts
from skirmish.web.site import (
    FEED,
    RECENT_GAMES,
    SORT_WORDS,
    Site,
    gang_url,
    model_url,
    profile_name,
    scenario_name,
)

#: The campaign's revision and stamp, and its games in play with their turns, in their order (one
#: statement: the revision's primary key and ``ix_game_campaign_id``).
_KEY = text(
    "SELECT r.revision, r.stamp, g.id, g.turn FROM campaign_revision r"
    " LEFT OUTER JOIN game g ON g.campaign_id = r.campaign_id AND g.status = :playing"
    " WHERE r.campaign_id = :campaign ORDER BY g.id"
)
#: How many (campaign, language, revision) builds a server process keeps, the oldest dropped.
KEPT = 64

_lock = threading.Lock()
#: Each app's builds (its ``Site``: one store), dropped with it.
_kept: weakref.WeakKeyDictionary[Site, OrderedDict[Any, dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)


def shared(site: Site, session: Session, found: CampaignLine, lang: Lang) -> dict[str, Any]:
    """The parts every reader of ``found`` sees alike in ``lang``: read from the store, or kept
    from a request of the same key (read here by one statement: the module's docstring)."""
    rows = session.connection().execute(
        _KEY, {"campaign": found.id, "playing": GameStatus.IN_PROGRESS.value}
    )
    said = [tuple(row) for row in rows]
    if not said:
        return _build(session, found, lang)  # no revision row: nothing kept
    revision, stamp = said[0][:2]
    playing = tuple((game, turn) for _, _, game, turn in said if game is not None)
    key = (found.id, lang.value, revision, stamp, playing)
    with _lock:
        kept = _kept.setdefault(site, OrderedDict())
        hit = kept.get(key)
    if hit is not None:
        return hit
    built = _build(session, found, lang)
    with _lock:
        kept[key] = built
        while len(kept) > KEPT:
            kept.popitem(last=False)
    return built


def parts(site: Site, built: dict[str, Any], lang: Lang, sort: str) -> Markup:
    """``built``'s parts rendered in ``lang`` with the standings in ``sort`` (a ``SORTS``
    value), once per build and sort."""
    said: Markup | None = built["parts"].get(sort)
    if said is not None:
        return said
    table = list(built["standings"])
    if sort == "place":
        table.sort(key=lambda r: r["place"])
    else:
        table.sort(key=lambda r: (-r[sort], r["place"]))
    words = template_callables(lang.value)
    shown = built["campaign"]
    said = Markup(
        site.envs[lang.value]
        .get_template("campaign_parts.html")
        .render(
            lang=lang.value,
            **words,
            _=words["gettext"],
            campaign=shown,
            # whether the campaign's sheet has a gang to print, asked here once (issue #23: not
            # a chain of three filters in the template)
            printable=any(g["status"] == GangStatus.ACTIVE for g in shown["gangs"]),
            standings=table,
            sort=sort,
            sorts=SORT_WORDS,
            games=list(reversed(built["games"]))[:RECENT_GAMES],
            feed=built["feed"],
            graveyard=built["graveyard"],
        )
    )
    with _lock:
        built["parts"][sort] = said
    return said


def _build(session: Session, found: CampaignLine, lang: Lang) -> dict[str, Any]:
    """The parts' data read from the store: the campaign, its standings (with each gang's
    treasury, link and faction), its games, the log's last ``FEED`` entries, the graveyard, and
    what the desk shows every reader (``desk.desk_parts``)."""
    shown = reads.campaign_show(found, lang, session)
    rated = {g["name"]: g["rating"] for g in shown["gangs"]}  # read once (issue #23)
    table = reads.campaign_standings(session, found, rated=rated)
    games = reads.game_list(session, found)
    entries = reads.feed(session, found, lang, last=FEED)
    dead = reads.campaign_graveyard(session, found)
    for g in games:
        g["scenario_name"] = scenario_name(g["scenario"], lang)
        g["status_word"] = label_value(GameStatus, g["status"], lang)
    treasury = {g["name"]: g["treasury"] for g in shown["gangs"]}
    factions = {g["name"]: g["faction_name"] for g in shown["gangs"]}
    for row in table:
        row["treasury"] = treasury.get(row["gang"], 0)
        # said here once per row, not called by the template (issue #23)
        row["url"] = gang_url(shown["name"], row["gang"])
        row["faction_name"] = factions.get(row["gang"], "")
    for d in dead:
        d["profile_name"] = profile_name(d["profile"], lang)
        d["scenario_name"] = scenario_name(d["scenario"], lang)
        d["url"] = model_url(shown["name"], d["gang"], d["name"])  # not a template call per row
    return {
        "campaign": shown,
        "standings": table,
        "games": games,
        "desk": desk_parts(session, found, games, lang),
        "feed": feed(shown["name"], entries, lang),
        "graveyard": dead,
        "parts": {},
    }


def feed(
    campaign: str, entries: list[dict[str, Any]], lang: Lang, *, links: bool = True
) -> list[dict[str, Any]]:
    """A page's log, newest first, each entry with its moment in the reader's words and (unless
    not ``links``: one gang's own log) its gang's link said here (issue #23: not a template call
    per entry; each gang's link said once, not once per entry)."""
    named = {e["gang"] for e in entries if e["gang"]} if links else set()
    urls = {gang: gang_url(campaign, gang) for gang in named}
    return [
        {
            "at": e["at"],
            "when": moment(e["at"], lang.value),
            "gang": e["gang"],
            "url": urls.get(e["gang"], ""),
            "text": e["text"],
        }
        for e in reversed(entries)
    ]
