"""Campaign views built from the games: standings, a model's history, the graveyard.

All of them read the game tables and the standing (not undone) entries of the campaign log;
they change nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from sqlalchemy import Integer, Select, and_, bindparam
from sqlalchemy import select as select_columns
from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from skirmish.campaign import lookup, naming
from skirmish.campaign.game.board import gang_row, gangs_of, models_of
from skirmish.campaign.game.end import result_for
from skirmish.campaign.game.listed import games_of
from skirmish.campaign.game.tables import Game, GameGang, GameModel
from skirmish.campaign.models import Campaign, CampaignLine, Gang, LogEntry, Member, MemberStatus
from skirmish.campaign.standings import standings as standings
from skirmish.campaign.store import column_rows
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError
from skirmish.rules.names import matching, normalize
from skirmish.translation import Message

_Q = TypeVar("_Q", bound=Select[Any])


def standing_entries(
    session: Session, campaign: Campaign, *, action: str | None = None
) -> list[LogEntry]:
    """The campaign's log as it stands: neither the undo entries nor the entries they undid
    (the graveyard's and the Gazette's facts); ``action``: only the entries of that action.
    The gang's state before each (``state_before``, a whole roster) is read only if asked for
    (issue #23: the campaign page reads the graveyard from here)."""
    query = select(LogEntry).options(defer(LogEntry.state_before))  # type: ignore[arg-type]
    return list(session.exec(_standing(query, campaign, action)).all())


def _standing(query: _Q, campaign: Campaign, action: str | None) -> _Q:
    """``query`` of the entries that stand (see ``standing_entries``), oldest first."""
    undone = select(LogEntry.reverts).where(
        LogEntry.campaign_id == campaign.id, col(LogEntry.reverts).is_not(None)
    )
    query = query.where(
        col(LogEntry.campaign_id) == campaign.id,
        col(LogEntry.action) != "undo",
        col(LogEntry.id).not_in(undone),
    ).order_by(col(LogEntry.id))
    return query if action is None else query.where(col(LogEntry.action) == action)


def game_results(session: Session, *, campaign: Campaign) -> list[dict[str, Any]]:
    """Every ended game of the campaign, oldest first (issue #13, the campaign book): its
    scenario, when it started and ended, the turns played, the winning side (``None``: a draw)
    and why it ended; and each side: gang, side, result, whether and how it retreated (R-08,
    R-09), how many models it started with and which of them were eliminated (with who did it
    and in which turn, when the game knows). Abandoned and unfinished games are not results."""
    rows: list[dict[str, Any]] = []
    for game in games_of(session, campaign):
        if game.status != GameStatus.ENDED:
            continue
        models = models_of(session, game)
        names = {m.id: m.name for m in models}
        sides = []
        for gg in gangs_of(session, game):
            gang = gang_row(session, gg)
            sides.append(
                {
                    "gang": gang.name,
                    "faction": gang.faction,
                    "side": gg.side,
                    "result": result_for(game, gg).value,
                    "retreated": gg.retreated,
                    "retreat_turn": gg.retreat_turn,
                    "started": gg.started,
                    "eliminated": [
                        {
                            "name": m.name,
                            "by": names.get(m.eliminated_by) if m.eliminated_by else None,
                            "turn": m.eliminated_turn,
                        }
                        for m in models
                        if m.game_gang_id == gg.id and m.eliminated
                    ],
                }
            )
        rows.append(
            {
                "game": game.id,
                "scenario": game.scenario,
                "started_at": game.started_at,
                "ended_at": game.ended_at,
                "turns": game.turn,
                "winner": game.winner,
                "reason": game.reason,
                "sides": sides,
            }
        )
    return rows


def _any_member(gang: Gang, name: str) -> Member:
    """The model of ``gang``, on its roster or not any more, that ``name`` names (as players say
    it, ``naming``); of several with that one name, the one on the roster, else the latest."""
    matches = matching(name, lookup.names_of(gang.members))
    if not matches:
        near = ", ".join(map(repr, lookup.nearest(name, [m.name for m in gang.members])))
        raise CampaignError(
            Message(
                "gang {gang_name!r} has had no model called {name!r}; did you mean {near}?",
                gang_name=gang.name,
                name=name,
                near=near,
            )
        )
    if len({normalize(m.name) for m in matches}) > 1:
        active = [m for m in matches if m.status == MemberStatus.ACTIVE]
        if len(active) != 1:
            raise naming.ambiguous(naming.MODEL, name, [m.name for m in matches])
        return active[0]
    active = [m for m in matches if m.status == MemberStatus.ACTIVE]
    return (active or matches)[-1]


def member_history(
    session: Session, *, campaign: Campaign, gang: str, member: str
) -> dict[str, Any]:
    """A model's games (result, eliminations, whether it fell and to whom), its injuries and
    its advances, from the games and the campaign log."""
    found_gang = lookup.gang_by_name(session, campaign, gang)
    model = _any_member(found_gang, member)
    games: list[dict[str, Any]] = []
    rows = session.exec(
        select(GameModel).where(GameModel.member_id == model.id).order_by(col(GameModel.id))
    ).all()
    for row in rows:
        game = session.get(Game, row.game_id)
        gg = session.get(GameGang, row.game_gang_id)
        assert game is not None and gg is not None
        if game.status == GameStatus.ABANDONED:  # never played out: not a game, as in standings
            continue
        others = models_of(session, game)
        names = {m.id: m.name for m in others}
        kills = [
            m.name
            for m in others
            if m.eliminated and m.eliminated_by == row.id and m.game_gang_id != row.game_gang_id
        ]
        games.append(
            {
                "game": game.id,
                "scenario": game.scenario,
                "result": result_for(game, gg).value,
                "eliminations": kills,
                "eliminated": row.eliminated,
                "eliminated_by": names.get(row.eliminated_by) if row.eliminated_by else None,
                "wounded_start": row.wounded_start,
            }
        )
    entries = [e for e in standing_entries(session, campaign) if e.member_id == model.id]
    recoveries = [
        {
            "game": e.details.get("game"),
            "outcome": e.details.get("outcome"),
            "invalidity": e.details.get("invalidity"),
        }
        for e in entries
        if e.action == "recovery"
    ]
    advances = [
        {
            "advance": e.details.get("advance"),
            "skill": e.details.get("skill"),
            "cost": e.details.get("cost"),
            "at": e.at,
        }
        for e in entries
        if e.action == "advance"
    ]
    return {
        "gang": found_gang.name,
        "name": model.name,
        "profile": model.profile,
        "status": model.status,
        "xp": model.xp,
        "games": games,
        "eliminations": sum(len(g["eliminations"]) for g in games),
        "injuries": [i.injury for i in model.injuries],
        "recoveries": recoveries,
        "advances": advances,
    }


def graveyard(session: Session, *, campaign: CampaignLine) -> list[dict[str, Any]]:
    """The campaign's dead (R-10): who, of which gang, in which game, eliminated by whom. One
    statement (issue #23): the dead as rows of their columns (no model loaded as an object),
    each beside its standing ``recovery`` entries; the last of them whose outcome was death
    tells the game."""
    found: dict[int, tuple[str, str, str, int]] = {}
    deaths: dict[int, dict[str, Any]] = {}
    for gang_name, member_id, member_name, profile, xp, details in column_rows(
        session, _graveyard_query(), {"campaign": campaign.id}
    ):
        found[member_id] = (gang_name, member_name, profile, xp)
        if details is not None and details.get("outcome") == "dead":
            deaths[member_id] = details
    dead: list[dict[str, Any]] = []
    for member_id, (gang_name, member_name, profile, xp) in found.items():
        entry = deaths.get(member_id)
        dead.append(
            {
                "gang": gang_name,
                "name": member_name,
                "profile": profile,
                "xp": xp,
                "game": entry.get("game") if entry else None,
                "scenario": entry.get("scenario") if entry else None,
                "eliminated_by": entry.get("eliminated_by") if entry else None,
                "equipment": entry.get("to_stash", []) if entry else [],
            }
        )
    return sorted(dead, key=lambda d: (d["game"] or 0, d["gang"], d["name"]))


@cache
def _graveyard_query() -> Select[Any]:
    """``graveyard``'s statement (the ``campaign`` parameter), built once: each dead model of
    the campaign's gangs with the details of its standing ``recovery`` entries (as
    ``standing_entries(…, action="recovery")`` finds them; none: one row of ``NULL``), by gang,
    model and entry."""
    campaign = bindparam("campaign", type_=Integer)
    undone = select_columns(col(LogEntry.reverts)).where(
        col(LogEntry.campaign_id) == campaign, col(LogEntry.reverts).is_not(None)
    )
    recovery = and_(
        # the model's own gang's entries (those of the campaign: an entry naming a gang is
        # its campaign's, ``logbook``), searched by ``ix_log_entry_gang_id_id`` (issue #23: by
        # the campaign's index the join walked the whole campaign's log once per dead model)
        col(LogEntry.gang_id) == col(Member.gang_id),
        col(LogEntry.member_id) == col(Member.id),
        col(LogEntry.action) == "recovery",
        col(LogEntry.id).not_in(undone),
    )
    return (
        select_columns(
            col(Gang.name),
            col(Member.id),
            col(Member.name),
            col(Member.profile),
            col(Member.xp),
            col(LogEntry.details),
        )  # fmt: skip
        .select_from(Member)
        .join(Gang, col(Gang.id) == col(Member.gang_id))
        .outerjoin(LogEntry, recovery)
        .where(col(Gang.campaign_id) == campaign, col(Member.status) == MemberStatus.DEAD)
        .order_by(col(Gang.id), col(Member.id), col(LogEntry.id))
    )
