"""What every reader of a campaign page sees alike, built and rendered once per campaign
revision (issue #23, the campaign page's nineteenth round): the standings, the recent games, the
log, the graveyard and the house rules, in one language and one sort, as ``campaign_parts.html``
renders them, and the games the desk lists. The desk's links, the club's links and anything else
that depends on who reads is not here: ``pages.campaign_page`` adds it on every request. And the
same for each gang's page (the twentieth round, ``gang_shared``): its facts, the post-game it
owes and ``gang_parts.html`` (its roster laid out like the printed one, its stash, rules, former
models and log); ``pages.gang_page`` adds the actions the reader may take and the "done" line.
The gang JSON's dict is kept by the same key (``gang_data``).

The key is read by one statement at each request (``_KEY``), so a change made by another server
process or by the command line is seen at once: the campaign's revision
(``campaign.models.CampaignRevision``: moved once by every unit of work that changes a row these
parts are built from, in the same transaction, on SQLite and PostgreSQL alike) with its random
stamp, and the turn of each of its games in play (a game's turn is shown, and moves without the
revision: a game's actions never write it). A reader's unit of work reads one snapshot (SQLite's
transaction, PostgreSQL's ``REPEATABLE READ``), so the key and the parts built beside it are of
the same commit. A store whose campaign has no revision row (none written since 0014 made them)
keeps nothing: its parts are read at each request. The builds of both pages share one bounded
store per app (``KEPT``).
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from markupsafe import Markup
from sqlalchemy import text
from sqlmodel import Session

from skirmish.campaign.models import CampaignLine, GangLine, GangStatus
from skirmish.engine.glossary import GameStatus, label_value
from skirmish.formats import moment
from skirmish.i18n import Lang
from skirmish.printing.build import roster_view
from skirmish.printing.labels import labels
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
from skirmish.web.text import status_word

#: The campaign's revision and stamp, and its games in play with their turns, in their order (one
#: statement: the revision's primary key and ``ix_game_campaign_id``).
_KEY = text(
    "SELECT r.revision, r.stamp, g.id, g.turn FROM campaign_revision r"
    " LEFT OUTER JOIN game g ON g.campaign_id = r.campaign_id AND g.status = :playing"
    " WHERE r.campaign_id = :campaign ORDER BY g.id"
)
#: How many builds (a campaign page's or a gang page's parts in one language at one revision) an
#: app keeps, the oldest dropped.
KEPT = 64

_lock = threading.Lock()
#: Each app's builds (its ``Site``: one store), dropped with it.
_kept_by_site: weakref.WeakKeyDictionary[Site, OrderedDict[Any, dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)


def shared(site: Site, session: Session, found: CampaignLine, lang: Lang) -> dict[str, Any]:
    """The parts every reader of ``found`` sees alike in ``lang``: read from the store, or kept
    from a request of the same key (read here by one statement: the module's docstring)."""
    return _kept(site, session, found, (lang.value,), lambda: _build(session, found, lang))


def gang_shared(
    site: Site, session: Session, found: CampaignLine, chosen: GangLine, lang: Lang
) -> dict[str, Any]:
    """What every reader of ``chosen``'s page sees alike in ``lang`` (its facts, the post-game
    it owes, and ``gang_parts.html`` rendered: its roster laid out like the printed one, its
    stash, rules, former models and log), read from the store or kept as ``shared``'s parts,
    by the same key and in the same place (issue #23, the gang page's twentieth round)."""
    return _kept(
        site,
        session,
        found,
        ("gang", chosen.id, lang.value),
        lambda: _build_gang(site, session, found, chosen, lang),
    )


def gang_data(
    site: Site, session: Session, found: CampaignLine, chosen: GangLine, lang: Lang
) -> dict[str, Any]:
    """``chosen`` as ``skirmish gang show --json`` says it in ``lang`` (the gang JSON), read
    from the store or kept by the same key as the pages' parts (issue #23). Shared by every
    request of that key: read, never changed."""
    return _kept(
        site,
        session,
        found,
        ("gang data", chosen.id, lang.value),
        lambda: reads.gang_show(chosen, lang, session=session),
    )


def _kept(
    site: Site,
    session: Session,
    found: CampaignLine,
    what: tuple[Any, ...],
    build: Callable[[], dict[str, Any]],
) -> dict[str, Any]:
    """``build()``'s parts of ``found`` (``what``: which parts, in which language), kept per
    campaign revision: the key read by one statement (``_KEY``), the builds of an app kept
    together, the oldest dropped past ``KEPT``."""
    rows = session.connection().execute(
        _KEY, {"campaign": found.id, "playing": GameStatus.IN_PROGRESS.value}
    )
    said = [tuple(row) for row in rows]
    if not said:
        return build()  # no revision row: nothing kept
    revision, stamp = said[0][:2]
    playing = tuple((game, turn) for _, _, game, turn in said if game is not None)
    key = (found.id, what, revision, stamp, playing)
    with _lock:
        kept = _kept_by_site.setdefault(site, OrderedDict())
        hit = kept.get(key)
    if hit is not None:
        return hit
    built = build()
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


def _build_gang(
    site: Site, session: Session, found: CampaignLine, chosen: GangLine, lang: Lang
) -> dict[str, Any]:
    """The gang page's shared parts read from the store: the gang (``reads.gang_show``), laid out
    like its printed roster with the campaign's house rules, its own log's last
    ``reads.LOG_LIMIT`` entries, and ``gang_parts.html`` rendered from them in ``lang``."""
    data = reads.gang_show(chosen, lang, session=session)
    house = reads.house_rules(found, lang, session)
    sheet = roster_view(data, lang, house_rules=house, laid_out=False)
    entries = reads.feed(session, found, lang, gang=chosen, last=reads.LOG_LIMIT)
    owed = data["postgame_owed"]
    if owed is not None:
        owed = {**owed, "scenario_name": scenario_name(owed["scenario"], lang)}
    former = [
        {**m, "profile_name": profile_name(m["profile"], lang)} for m in data["former_members"]
    ]
    said = template_callables(lang.value)
    rendered = Markup(
        site.envs[lang.value]
        .get_template("gang_parts.html")
        .render(
            lang=lang.value,
            **said,
            _=said["gettext"],
            sheet=labels(lang),
            campaign_name=found.name,
            gang=data,
            roster=sheet,
            cards=list(zip(data["members"], sheet.members, strict=True)),
            former=former,
            feed=feed(found.name, entries, lang, links=False),
            status_word=status_word,
        )
    )
    facts = ("name", "faction_name", "treasury", "rating", "games_played", "status")
    return {
        "campaign_name": found.name,
        "gang": {key: data[key] for key in facts},
        "owed": owed,
        "parts": rendered,
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
