"""The Frontier Gazette (issue #14): a campaign's story told as a newspaper, from the recorded
facts only.

Every sentence of the paper is a ``Sentence``: its words, and the ids of the campaign log
entries (``LogEntry``) and game events (``GameEvent``) it was built from. Nothing is invented:
each sentence is one of several fixed phrasings of its kind (``PHRASES``, Italian and English,
the same number of each), filled in with names and numbers read from those entries, and chosen
by a hash of the kind and the ids, so the same campaign always prints the same paper. The
printing layer (``printing.gazette``) lays the sentences out; it prints no sentence of its own.
This module puts an issue together; its parts live beside it: the values (``gazette_issue``),
the phrasings (``gazette_phrases``), what is read from the store (``gazette_facts``), the games
and the dead (``gazette_games``), the news and the WANTED poster (``gazette_town``).

What goes in (``gazette(session, campaign=…, lang=…, game=None)``):

- headlines: the result of each finished game, the latest first; a campaign without games
  gets one about the gangs that came to town;
- a report for each finished game: who beat whom in which scenario and how many turns, each
  retreat (R-08, R-09), each model that fell and to whom, and the turning point (the first
  elimination: the log has no measure of a swing until the luck ledger gives one);
- obituaries: the dead (R-10), how they fell when the game recorded it, the recovery die;
- the standings (``history.standings``) and who leads them;
- news from town: new gangs, hires, purchases, experience, advances, injuries, recoveries,
  bounties, retired gangs (consecutive hires and purchases of a gang in one sentence);
- a WANTED poster: the living leader with the highest bounty value (H-09: a share of the
  profile's cost for an outlaw or mexican profile, or a bounty killer marked as an outlaw),
  else the leader whose gang retreated by choice most often (infamy, R-09), else none.

With ``game=N`` the paper is about that game: its headline and report, its dead, and the news
from its start to the start of the next game (its post-game and what the gangs did after it).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from skirmish.campaign.game.history import standing_entries, standings
from skirmish.campaign.game.listed import games_of
from skirmish.campaign.game.tables import Game
from skirmish.campaign.gazette_facts import Facts
from skirmish.campaign.gazette_games import game_report, obituaries_of, upsets
from skirmish.campaign.gazette_issue import Gazette, Sentence, StandingRow
from skirmish.campaign.gazette_phrases import gang_count, say, word
from skirmish.campaign.gazette_town import news_of, wanted_of
from skirmish.campaign.luck import ledger as luck_ledger
from skirmish.campaign.models import Campaign, Gang, GangStatus, LogEntry
from skirmish.engine.glossary import EventKind, GameStatus
from skirmish.errors import CampaignError
from skirmish.i18n import Lang
from skirmish.translation import NP_, Message

# ------------------------------------------------------------------------------ the issue


def _standings(facts: Facts, finished: Sequence[Game]) -> tuple[list[StandingRow], Sentence | None]:
    rows = [
        StandingRow(r["place"], r["gang"], r["games"], r["wins"], r["draws"], r["losses"],
                    r["eliminations"], r["points"])
        for r in standings(facts.session, campaign=facts.campaign)
        if r["status"] == GangStatus.ACTIVE
    ]  # fmt: skip
    if not rows or rows[0].played == 0:
        return rows, None
    top = rows[0]
    if len(rows) > 1 and (rows[1].points, rows[1].eliminations) == (top.points, top.eliminations):
        return rows, None  # level at the top: nobody leads
    gang = next(g for g in facts.gangs.values() if g.name == top.gang)
    ends = [  # each game's start (the sides) and end (the result)
        int(e.id or 0)
        for game in finished
        if any(gg.gang_id == gang.id for gg in facts.game_sides(game))
        for e in facts.game_events(game)
        if e.action in (EventKind.START, EventKind.END)
    ]
    if not ends:
        return rows, None
    return rows, say("leader", facts.lang, events=ends, gang=top.gang,
                     points=word("points", facts.lang, top.points))  # fmt: skip


def _town_headline(facts: Facts, entries: Sequence[LogEntry]) -> Sentence | None:
    founded = [e for e in entries if e.action == "gang-new"]
    if not founded:
        return None
    count = len(founded)
    return say("headline-town", facts.lang, logs=[int(e.id or 0) for e in founded],
               gangs=gang_count(count, facts.lang), campaign=facts.campaign.name)  # fmt: skip


def _window(entries: Sequence[LogEntry], games: Sequence[Game], game: Game) -> list[LogEntry]:
    """The log entries of an issue about ``game``: from its start (its ``game-start`` entries)
    to the start of the next game, that is its post-game and what the gangs did after it."""
    starts: dict[int, int] = {}
    for entry in entries:
        if entry.action == "game-start":
            key = int(entry.details.get("game") or 0)
            starts[key] = max(starts.get(key, 0), int(entry.id or 0))
    first = starts.get(int(game.id or 0), 0)
    later = [
        min(int(e.id or 0) for e in entries if e.action == "game-start"
            and int(e.details.get("game") or 0) == int(g.id or 0))
        for g in games
        if int(g.id or 0) > int(game.id or 0) and int(g.id or 0) in starts
    ]  # fmt: skip
    last = min(later) if later else None
    return [
        e for e in entries if int(e.id or 0) > first and (last is None or int(e.id or 0) < last)
    ]


def gazette(
    session: Session, *, campaign: Campaign, lang: Lang | str = Lang.IT, game: int | None = None
) -> Gazette:
    """The paper of ``campaign`` to date in ``lang``, or the issue about game ``game`` (a game
    that has not ended, or was abandoned, has no issue)."""
    language = str(lang)
    entries = standing_entries(session, campaign)
    gangs = {
        int(g.id or 0): g
        for g in session.exec(
            select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id))
        ).all()
    }
    games = games_of(session, campaign)
    facts = Facts(session, campaign, language, entries, games, gangs)
    finished = [g for g in games if g.status == GameStatus.ENDED]
    chosen: Game | None = None
    if game is not None:
        chosen = _chosen_game(games, game)
        finished = [chosen]
        entries = _window(entries, games, chosen)
    if finished:
        read = luck_ledger(session, campaign=campaign, game_id=game).moments
        ids = {g.id for g in finished}
        facts.moments = tuple(m for m in read if m.game_id in ids)
    reports = [r for r in (game_report(facts, g) for g in reversed(finished)) if r is not None]
    headlines = upsets(facts.moments, language)  # else the latest report's headline leads
    if not reports and chosen is None:
        town = _town_headline(facts, entries)
        headlines = [town] if town is not None else []
    rows, leader = _standings(facts, [g for g in games if g.status == GameStatus.ENDED])
    stamps = [e.at for e in entries] + [g.ended_at or "" for g in finished]
    number = len([g for g in games if g.status == GameStatus.ENDED])
    if chosen is not None:
        number = [g.id for g in games if g.status == GameStatus.ENDED].index(chosen.id) + 1
    return Gazette(
        campaign=campaign.name,
        lang=language,
        game=game,
        number=max(number, 1),
        date=max(stamps, default="") or campaign.created_at,
        headlines=tuple(headlines),
        reports=tuple(reports),
        obituaries=tuple(obituaries_of(facts, entries)),
        standings=tuple(rows),
        leader=leader,
        news=tuple(news_of(facts, entries)),
        wanted=wanted_of(facts, standing_entries(session, campaign)),
    )


def _chosen_game(games: Sequence[Game], number: int) -> Game:
    found = next((g for g in games if g.id == number), None)
    if found is None:
        listed = ", ".join(str(g.id) for g in games)
        raise CampaignError(
            Message(
                "this campaign has no game {number}; its games: "
                "{listed}{on_command_line_skirmish_game}.",
                number=number,
                on_command_line_skirmish_game=Message("⟪ ('skirmish game list')¦⟫"),
                listed=listed or Message(NP_("no game", "none")),
            )
        )
    if found.status != GameStatus.ENDED:
        state = (
            Message("was abandoned")
            if found.status == GameStatus.ABANDONED
            else Message("has not ended yet")
        )
        raise CampaignError(
            Message(
                "game {number} {state}: the Gazette reports finished games; leave out "
                "⟨game⟩ for the campaign to date.",
                number=number,
                state=state,
            )
        )
    return found
