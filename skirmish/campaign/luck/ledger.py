"""The luck ledger of a campaign, a gang or a game (issue #14): the moments of the logged dice
(``reading``) summed up per model, gang and player, kept apart by how the dice came.

A tally's luck is the mean of its rolls' percentiles (each roll, a die or a group thrown
together, counts once) with its standard error, ``sqrt(Σ variance)/n`` from each roll's exact
variance: a mean within two standard errors of 50 is **within the noise**. Its impact is the
sum of its shots' and fights' swings: wounds dealt (or taken) and eliminations against their
exact expectation, positive when lucky.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlmodel import Session, col, select

from skirmish.campaign.account_tables import User
from skirmish.campaign.game.history import standing_entries
from skirmish.campaign.game.tables import Game, GameEvent, GameGang, GameModel
from skirmish.campaign.luck.reading import (
    ACTION,
    POSTGAME_ACTIONS,
    ROLL,
    SOURCES,
    Cast,
    EntryView,
    EventView,
    Moment,
    Who,
    between_moments,
    moments_of,
    postgame_moments,
)
from skirmish.campaign.models import Campaign, Gang, LogEntry

#: How many luckiest and unluckiest moments a tally keeps.
HIGHLIGHTS = 5
#: A mean this many standard errors or fewer from 50 is within the noise.
NOISE = 2


@dataclass(frozen=True)
class Stats:
    """The luck of a set of moments: ``rolls`` counted, their ``mean`` percentile and its
    standard error ``se`` (``None`` without rolls), whether the mean is ``within_noise``
    (|mean − 50| < 2 SE), the ``actions`` (shots and fights, as attacker or target) and
    their total impact in wounds and eliminations (positive: lucky)."""

    rolls: int
    mean: float | None
    se: float | None
    actions: int
    impact_wounds: Fraction
    impact_eliminations: Fraction

    @property
    def within_noise(self) -> bool | None:
        """|mean − 50| < 2 SE; ``None`` without rolls. With an SE of 0 (impossible over real
        dice, each has a variance) only exactly 50 is within it."""
        if self.mean is None or self.se is None:
            return None
        return abs(self.mean - 50) < NOISE * self.se or self.mean == 50

    def to_json(self) -> dict[str, Any]:
        return {
            "rolls": self.rolls,
            "mean_percentile": self.mean,
            "standard_error": self.se,
            "within_noise": self.within_noise,
            "actions": self.actions,
            "impact_wounds": _exact(self.impact_wounds),
            "impact_eliminations": _exact(self.impact_eliminations),
            "impact_wounds_value": float(self.impact_wounds),
            "impact_eliminations_value": float(self.impact_eliminations),
        }


def stats(moments: Iterable[Moment]) -> Stats:
    """The ``Stats`` of ``moments``."""
    listed = list(moments)
    rolls = [m for m in listed if m.kind == ROLL]
    actions = [m for m in listed if m.kind == ACTION]
    n = len(rolls)
    mean = float(sum((m.percentile for m in rolls), Fraction(0)) / n) if n else None
    se = math.sqrt(float(sum((m.variance for m in rolls), Fraction(0)))) / n if n else None
    return Stats(
        rolls=n,
        mean=mean,
        se=se,
        actions=len(actions),
        impact_wounds=sum((m.impact_wounds or Fraction(0) for m in actions), Fraction(0)),
        impact_eliminations=sum(
            (m.impact_eliminations or Fraction(0) for m in actions), Fraction(0)
        ),
    )


@dataclass(frozen=True)
class Tally:
    """The luck of one model, gang or player: ``all`` its moments, ``by_source`` the same
    kept apart by how the dice came (``table``, ``random``, ``mixed``, ``unknown``; only the
    sources it has), and its luckiest and unluckiest moments (rarest first)."""

    name: str
    gang: str | None
    player: str | None
    all: Stats
    by_source: Mapping[str, Stats]
    luckiest: tuple[Moment, ...]
    unluckiest: tuple[Moment, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "gang": self.gang,
            "player": self.player,
            "all": self.all.to_json(),
            "by_source": {k: v.to_json() for k, v in self.by_source.items()},
            "luckiest": [moment_json(m) for m in self.luckiest],
            "unluckiest": [moment_json(m) for m in self.unluckiest],
        }


def tally(name: str, gang: str | None, player: str | None, moments: Sequence[Moment]) -> Tally:
    """The ``Tally`` of ``moments``."""
    listed = list(moments)
    by_source = {
        source: stats([m for m in listed if m.source == source])
        for source in SOURCES
        if any(m.source == source for m in listed)
    }
    return Tally(name, gang, player, stats(listed), by_source, luckiest(listed), unluckiest(listed))


def luckiest(moments: Iterable[Moment], count: int = HIGHLIGHTS) -> tuple[Moment, ...]:
    """The rarest good results of the games (better than average: percentile above 50; the
    post-game's rolls are left out): smallest chance
    of a result that good or better; an action before a roll at equal odds, then the log's
    order."""
    better = (m for m in moments if m.percentile > 50 and m.log_id is None)
    ranked = sorted(better, key=lambda m: (m.as_good, m.kind != ACTION, m.event_id))
    return tuple(ranked[:count])


def unluckiest(moments: Iterable[Moment], count: int = HIGHLIGHTS) -> tuple[Moment, ...]:
    """The rarest bad results (worse than average: percentile below 50): smallest chance
    of a result that bad or worse."""
    worse = (m for m in moments if m.percentile < 50 and m.log_id is None)
    ranked = sorted(worse, key=lambda m: (m.as_bad, m.kind != ACTION, m.event_id))
    return tuple(ranked[:count])


@dataclass(frozen=True)
class Ledger:
    """The luck of a campaign (or of one gang, or one game): every ``moment`` in the log's
    order, the ``overall`` tally, one per model, gang and player (a gang without an owner
    account has none), and the great escapes (survived at odds of 5% or less)."""

    campaign: str
    gang: str | None
    game_id: int | None
    games: tuple[int, ...]
    moments: tuple[Moment, ...]
    overall: Tally
    models: tuple[Tally, ...]
    gangs: tuple[Tally, ...]
    players: tuple[Tally, ...]
    great_escapes: tuple[Moment, ...] = field(default=())
    #: The post-game's rolls (recovery, FORTUNA's reroll of it, winnings, infamy), from the
    #: campaign log: counted in every tally's rolls, but not among the moments, which are the
    #: games' own (their ``log_id`` names the log entry, ``event_id`` is 0).
    postgame: tuple[Moment, ...] = field(default=())
    #: The rolls between games (a purchase's availability roll, R-12), from the campaign log:
    #: counted in every tally's rolls (a whole campaign's or a gang's, never one game's), not
    #: among the moments (``log_action`` names the entry's action, ``game_id`` is 0).
    between: tuple[Moment, ...] = field(default=())

    @property
    def empty(self) -> bool:
        """No die the ledger reads was rolled: in no game, no post-game, nor between games."""
        return not self.moments and not self.postgame and not self.between

    def to_json(self) -> dict[str, Any]:
        """Everything, as JSON: exact fractions as "p/q" strings, means and standard errors
        as floats."""
        return {
            "campaign": self.campaign,
            "gang": self.gang,
            "game": self.game_id,
            "games": list(self.games),
            "overall": self.overall.to_json(),
            "models": [t.to_json() for t in self.models],
            "gangs": [t.to_json() for t in self.gangs],
            "players": [t.to_json() for t in self.players],
            "great_escapes": [moment_json(m) for m in self.great_escapes],
            "moments": [moment_json(m) for m in self.moments],
            "postgame": [moment_json(m) for m in self.postgame],
            "between_games": [moment_json(m) for m in self.between],
        }


def moment_json(m: Moment) -> dict[str, Any]:
    """One moment as JSON (exact fractions as "p/q")."""
    between = m.log_action is not None
    return {
        "kind": m.kind,
        "role": m.role,
        "purpose": m.purpose,
        "faces": list(m.faces),
        "percentile": float(m.percentile),
        "percentile_exact": _exact(m.percentile),
        "variance": float(m.variance),
        "as_good": _exact(m.as_good),
        "as_bad": _exact(m.as_bad),
        "model": m.who.model,
        "gang": m.who.gang,
        "player": m.who.player,
        "opponent": m.opponent,
        "source": m.source,
        "game": None if between else m.game_id,
        "turn": None if between else m.turn,
        "event": m.event_id,
        "rerolled": m.rerolled,
        "wounds": m.wounds,
        "expected_wounds": _maybe(m.expected_wounds),
        "eliminated": m.eliminated,
        "chance_eliminated": _maybe(m.chance_eliminated),
        "impact_wounds": _maybe(m.impact_wounds),
        "impact_eliminations": _maybe(m.impact_eliminations),
        "log_entry": m.log_id,
        "between_games": between,
        "log_action": m.log_action,
        "games_played": m.games_played,
        "item": m.item,
        "need": m.need,
        "passed": m.passed,
    }


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value)


def _maybe(value: Fraction | None) -> str | None:
    return None if value is None else _exact(value)


# ---------------------------------------------------------------------------- from the store


def ledger(
    session: Session, *, campaign: Campaign, gang: Gang | None = None, game_id: int | None = None
) -> Ledger:
    """The luck ledger of ``campaign``'s games (only game ``game_id`` if given), of every
    gang, or of ``gang``'s models. ``game_id`` must be a game of the campaign (the caller
    looks it up, ``board.game_by_id``, for its error)."""
    query = select(Game).where(Game.campaign_id == campaign.id).order_by(col(Game.id))
    if game_id is not None:
        query = query.where(Game.id == game_id)
    games = list(session.exec(query).all())
    owners = _owners(session, campaign)
    moments: list[Moment] = []
    played: dict[int, Game] = {}
    for game in games:
        assert game.id is not None
        cast = _cast(session, game, owners)
        if gang is not None and gang.id not in {w.gang_id for w in cast.gangs.values()}:
            continue
        played[game.id] = game
        rows = session.exec(
            select(GameEvent).where(GameEvent.game_id == game.id).order_by(col(GameEvent.id))
        ).all()
        moments += moments_of((_view(e) for e in rows), cast)
    log = [e for e in standing_entries(session, campaign) if e.dice and e.gang_id is not None]
    after = list(postgame_moments(_entries(log, played, owners)))
    # the rolls between games are no game's: a whole campaign's or a gang's, never --game N's
    between = list(between_moments(_between(log, owners))) if game_id is None else []
    if gang is not None:
        moments = [m for m in moments if m.who.gang_id == gang.id]
        after = [m for m in after if m.who.gang_id == gang.id]
        between = [m for m in between if m.who.gang_id == gang.id]
    name = gang.name if gang else None
    return build(campaign.name, name, game_id, list(played), moments, after, between)


def _entries(
    log: Iterable[LogEntry],
    games: Mapping[int, Game],
    owners: Mapping[int, tuple[str, str | None]],
) -> Iterator[EntryView]:
    """The post-game's log entries of ``games`` whose dice are luck, oldest first (``log``
    is the log as it stands: ``history.standing_entries``, nothing undone)."""
    for entry in log:
        if entry.action not in POSTGAME_ACTIONS or entry.id is None or entry.gang_id is None:
            continue
        details = entry.details if isinstance(entry.details, Mapping) else {}
        number = details.get("game")
        game = games.get(number) if isinstance(number, int) else None
        if game is None:
            continue
        gang, player = owners.get(entry.gang_id, ("", None))
        who = Who(entry.member_name, entry.member_id, gang, entry.gang_id, player)
        yield EntryView(entry.id, entry.action, game.id or 0, game.turn, who, details,
                        _dice(entry.dice))  # fmt: skip


def _between(
    log: Iterable[LogEntry], owners: Mapping[int, tuple[str, str | None]]
) -> Iterator[EntryView]:
    """The log entries made between games that rolled dice (a purchase's availability roll,
    R-12; ``reading.between_moments`` keeps the dice that are luck), oldest first: every
    entry of ``log`` (as it stands) but the post-game's, of a gang of the campaign."""
    for entry in log:
        if entry.action in POSTGAME_ACTIONS or entry.id is None or entry.gang_id is None:
            continue
        if entry.gang_id not in owners:  # a gang no longer in the campaign: nobody to credit
            continue
        gang, player = owners[entry.gang_id]
        details = entry.details if isinstance(entry.details, Mapping) else {}
        who = Who(entry.member_name, entry.member_id, gang, entry.gang_id, player)
        yield EntryView(entry.id, entry.action, 0, 0, who, details, _dice(entry.dice),
                        games_played=_games_played(entry))  # fmt: skip


def _games_played(entry: LogEntry) -> int | None:
    """How many games the entry's gang had played when it was made: its state before it
    (``logbook.snapshot_before``) says; ``None`` when it does not."""
    state = entry.state_before
    gang = state.get("gang") if isinstance(state, Mapping) else None
    played = gang.get("games_played") if isinstance(gang, Mapping) else None
    return played if isinstance(played, int) and not isinstance(played, bool) else None


def build(
    campaign: str, gang: str | None, game_id: int | None, games: Sequence[int],
    moments: Sequence[Moment], postgame: Sequence[Moment] = (), between: Sequence[Moment] = (),
) -> Ledger:  # fmt: skip
    """The ledger of the games' ``moments``, the ``postgame``'s rolls and the rolls made
    ``between`` games (read from the store by ``ledger``)."""
    # the rolls between games first: a tally's name is its last moment's, a game's if any
    every = [*between, *moments, *postgame]
    models = _tallies(
        [m for m in every if m.who.member_id is not None],
        lambda m: m.who.member_id,
        lambda ms: (ms[-1].who.model or "", ms[-1].who.gang, ms[-1].who.player),
    )
    gangs = _tallies(
        [m for m in every if m.who.gang_id is not None],
        lambda m: m.who.gang_id,
        lambda ms: (ms[-1].who.gang or "", ms[-1].who.gang, ms[-1].who.player),
    )
    players = _tallies(
        [m for m in every if m.who.player is not None],
        lambda m: m.who.player,
        lambda ms: (ms[-1].who.player or "", None, ms[-1].who.player),
    )
    escapes = tuple(m for m in every if m.escape)
    return Ledger(
        campaign=campaign,
        gang=gang,
        game_id=game_id,
        games=tuple(games),
        moments=tuple(moments),
        overall=tally(campaign, gang, None, every),
        models=models,
        gangs=gangs,
        players=players,
        great_escapes=escapes,
        postgame=tuple(postgame),
        between=tuple(between),
    )


def _tallies(
    moments: Sequence[Moment],
    key: Callable[[Moment], Any],
    names: Callable[[list[Moment]], tuple[str, str | None, str | None]],
) -> tuple[Tally, ...]:
    grouped: dict[Any, list[Moment]] = {}
    for m in moments:
        grouped.setdefault(key(m), []).append(m)
    found = [tally(*names(ms), ms) for ms in grouped.values()]
    return tuple(sorted(found, key=lambda t: (t.gang or "", t.name)))


def _owners(session: Session, campaign: Campaign) -> dict[int, tuple[str, str | None]]:
    """Each gang of the campaign by id: its name and its owner account's name."""
    found: dict[int, tuple[str, str | None]] = {}
    for gang in session.exec(select(Gang).where(Gang.campaign_id == campaign.id)).all():
        assert gang.id is not None
        owner = session.get(User, gang.owner_id) if gang.owner_id is not None else None
        found[gang.id] = (gang.name, owner.name if owner is not None else None)
    return found


def _cast(session: Session, game: Game, owners: Mapping[int, tuple[str, str | None]]) -> Cast:
    sides = session.exec(select(GameGang).where(GameGang.game_id == game.id)).all()
    gangs: dict[int, Who] = {}
    for gg in sides:
        name, player = owners.get(gg.gang_id, ("", None))
        assert gg.id is not None
        gangs[gg.id] = Who(None, None, name, gg.gang_id, player)
    by_id: dict[int, Who] = {}
    models = session.exec(
        select(GameModel).where(GameModel.game_id == game.id).order_by(col(GameModel.id))
    ).all()
    for model in models:
        assert model.id is not None
        side = gangs.get(model.game_gang_id)
        by_id[model.id] = Who(
            model.name,
            model.member_id,
            side.gang if side else None,
            side.gang_id if side else None,
            side.player if side else None,
        )
    by_name = {who.model: who for who in by_id.values() if who.model is not None}
    return Cast(by_id, by_name, {w.gang: w for w in gangs.values() if w.gang})


def _dice(dice: Any) -> tuple[tuple[int, str], ...]:
    return tuple(
        (int(d["value"]), str(d.get("purpose")))
        for d in dice or ()
        if isinstance(d, Mapping) and isinstance(d.get("value"), int)
    )


def _view(event: GameEvent) -> EventView:
    assert event.id is not None
    dice = _dice(event.dice)
    details = event.details if isinstance(event.details, Mapping) else {}
    return EventView(
        event.id, event.game_id, event.turn, event.action, event.model_id, details, dice
    )
