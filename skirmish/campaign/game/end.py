"""A game's end: the scenario's verdict on the recorded state (``rules.scenarios.decide``), a
gang retreating by choice (R-09), the players ending or abandoning the game, and each gang's
result."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from skirmish.campaign.game import capture
from skirmish.campaign.game.board import (
    find_game_gang,
    gang_row,
    gangs_of,
    in_play,
    log_barrier,
    models_of,
    objectives_of,
    record_event,
    require_in_progress,
    scenario_of,
)
from skirmish.campaign.game.tables import Game, GameGang, Retreat
from skirmish.campaign.game.telling import reason_text
from skirmish.campaign.logbook import now_text
from skirmish.campaign.standings import result_of
from skirmish.engine.dice import DiceSource, Die, dice_from
from skirmish.engine.glossary import EventKind, GameResult, GameStatus, parse
from skirmish.engine.table_actions import Retreated, retreat_roll
from skirmish.errors import CampaignError, SkirmishError
from skirmish.i18n import Lang
from skirmish.rules.model import ObjectiveState, Side
from skirmish.rules.scenario_model import GameFacts, Verdict, decide
from skirmish.translation import Both, Message, Said


def facts(session: Session, game: Game, turns_ended: int | None = None) -> GameFacts:
    """What ``decide`` needs, from the recorded state."""
    models = models_of(session, game)
    gangs = gangs_of(session, game)
    # A side is out when none of its models is left in play: eliminated, or a civilian that
    # left the table.
    eliminated = frozenset(
        Side(gg.side)
        for gg in gangs
        if all(not in_play(m) for m in models if m.game_gang_id == gg.id)
    )
    retreated = frozenset(Side(gg.side) for gg in gangs if gg.retreated is not None)
    states: dict[str, list[ObjectiveState]] = {}
    for row in objectives_of(session, game):
        states.setdefault(row.objective, []).append(ObjectiveState(row.state))
    return GameFacts(
        turns_ended=game.turn if turns_ended is None else turns_ended,
        objectives=states,
        eliminated=eliminated,
        retreated=retreated,
    )


def verdict(session: Session, game: Game, turns_ended: int | None = None) -> Verdict:
    """The scenario's verdict on the recorded state (``rules.scenarios.decide``)."""
    return decide(scenario_of(game), facts(session, game, turns_ended))


def finish(session: Session, game: Game, result: Verdict, how: EventKind) -> None:
    game.status = GameStatus.ENDED
    game.winner = result.winner.value if result.winner is not None else None
    game.reason = result.reason[:120]
    game.ended_at = now_text()
    session.add(game)
    record_event(
        session,
        game,
        EventKind.END,
        details={"winner": game.winner, "reason": result.reason, "how": how.value},
    )
    for gg in gangs_of(session, game):
        log_barrier(
            session,
            game,
            gang_row(session, gg),
            "game-end",
            {"side": gg.side, "winner": game.winner, "result": result_for(game, gg).value},
        )


def settle(session: Session, game: Game) -> Verdict | None:
    """End the game as soon as the scenario says it is over, not only when the turn ends: the
    last loot sack off the table or recovered, the witness dead, a side with nobody left in
    play (§10; the book: "la partita dura finché…"). Called by every action that can bring it
    about (a shot, a fight, wounds, an elimination, an explosion, an objective's event, a
    civilian leaving); the turn's own limit still waits for ``game turn``. The verdict, or
    ``None`` while the game goes on."""
    if game.status != GameStatus.IN_PROGRESS or game.turn < 1:
        return None
    shown = verdict(session, game, game.turn - 1)
    if not shown.over:
        return None
    finish(session, game, shown, EventKind.END)
    return shown


def result_for(game: Game, gg: GameGang) -> GameResult:
    """``win``, ``loss``, ``draw`` or ``retreat`` (a loss too, H-01) for a gang of an ended
    game; ``abandoned`` or ``playing`` otherwise (``standings.result_of``)."""
    return result_of(game.status, game.winner, gg.side, gg.retreated)


@dataclass(frozen=True)
class RetreatReport:
    """A voluntary retreat (R-09): the infamy die if rolled now."""

    gang: str
    infamy_roll: int | None
    dice: tuple[Die, ...]
    ended: Verdict
    retreated: Retreated | None = None  # the engine's record of it (the offline sync's)


def _game_gang(session: Session, game: Game, name: str) -> GameGang:
    return find_game_gang(session, game, name)


def retreat(
    session: Session, *, game: Game, gang: str, dice: DiceSource, infamy_now: bool = True
) -> RetreatReport:
    """A gang retreats by choice: it loses and the game ends (R-09); the infamy test is rolled
    now, or by the post-game sequence with ``infamy_now=False``."""
    require_in_progress(game)
    gg = _game_gang(session, game, gang)
    gg.retreated = Retreat.VOLUNTARY
    gg.retreat_turn = game.turn
    rolled: tuple[Die, ...] = ()
    result = retreat_roll(infamy_now, dice)  # the phone's offline preview rolls the same
    if result is not None:
        gg.infamy_roll = result.roll
        rolled = result.dice
    else:
        gg.infamy_pending = True
    session.add(gg)
    session.flush()
    name = gang_row(session, gg).name
    record_event(
        session,
        game,
        EventKind.RETREAT,
        details={
            "gang": name,
            "infamy_roll": gg.infamy_roll,
            "ruling": "R-09",
            "dice_from": dice_from(dice) if rolled else None,  # issue #14
        },
        dice=rolled,
    )
    ended = verdict(session, game)
    finish(session, game, ended, EventKind.RETREAT)
    return RetreatReport(name, gg.infamy_roll, rolled, ended, Retreated(name, result))


def end_game(
    session: Session, *, game: Game, winner: str | None = None, draw: bool = False
) -> Verdict:
    """End the game: the winner from the scenario's victory conditions when the recorded state
    shows it (``decide``), else the one the players name, or a draw."""
    require_in_progress(game)
    if winner is not None and draw:
        raise CampaignError(Message("give ⟨winner⟩ or ⟨draw⟩, not both."))
    side = Side(_game_gang(session, game, winner).side) if winner is not None else None
    result = named_verdict(session, game, side, draw=draw, named=winner)
    finish(session, game, result, EventKind.END)
    return result


def named_verdict(
    session: Session, game: Game, side: Side | None, *, draw: bool, named: str | None = None
) -> Verdict:
    """The verdict the players name (``side`` wins, or a ``draw``; neither: the scenario's own),
    refused when the recorded state shows otherwise or does not end the game yet (``named``: the
    gang as they typed it, for the refusal)."""
    result = verdict(session, game)
    if side is not None:
        winner = named if named is not None else side_gang(session, game, side)
        if result.over and result.winner is not None and result.winner is not side:
            shown = side_gang(session, game, result.winner)
            why_en, why_it = _why(game, result)
            raise CampaignError(
                Message(
                    "the recorded state shows {shown!r} winning ({why}); correct the game "
                    "first if {winner!r} won.",
                    shown=shown,
                    winner=winner,
                    why=Both(why_en, why_it),
                )
            )
        result = Verdict(True, side, "named by the players" if not result.over else result.reason)
    elif draw:
        if result.over and result.winner is not None:
            shown = side_gang(session, game, result.winner)
            why_en, why_it = _why(game, result)
            raise CampaignError(
                Message(
                    "the recorded state shows {shown!r} winning ({why}), not a draw.",
                    shown=shown,
                    why=Both(why_en, why_it),
                )
            )
        result = Verdict(True, None, "a draw, as the players agreed")
    elif not result.over:
        scenario = scenario_of(game)
        raise CampaignError(
            Message(
                "the recorded state does not end {scenario} yet ({reason}); play on, or give "
                "⟨winner⟩ or ⟨draw⟩.",
                scenario=Both(scenario.name_en, scenario.name_it),
                reason=Said(lambda lang: reason_text(result.reason, scenario, Lang(lang))),
            )
        )
    return result


def _why(game: Game, result: Verdict) -> tuple[str, str]:
    """Why the scenario decides ``result``, in the players' words (English, Italian): the
    scenario's own victory text, never its internal reference."""
    scenario = scenario_of(game)
    return (
        reason_text(result.reason, scenario, Lang.EN),
        reason_text(result.reason, scenario, Lang.IT),
    )


def side_gang(session: Session, game: Game, side: Side) -> str:
    for gg in gangs_of(session, game):
        if gg.side == side.value:
            return gang_row(session, gg).name
    return side.value


def abandon(session: Session, *, game: Game) -> Game:
    """Abandon the game: nobody wins and there is no post-game sequence."""
    require_in_progress(game)
    game.status = GameStatus.ABANDONED
    game.ended_at = now_text()
    session.add(game)
    record_event(session, game, EventKind.ABANDON)
    for gg in gangs_of(session, game):
        log_barrier(session, game, gang_row(session, gg), "game-abandon", {"side": gg.side})
    return game


# --- the end confirmed by both players (issue #12) -------------------------------------------

#: What a side's player may vote: a side wins, or a draw.
DRAW = "draw"


@dataclass(frozen=True)
class Votes:
    """The verdict each side's player confirmed (``good``, ``bad``, ``draw``; ``None``: no vote
    yet), whether they agree, and the game's end when their agreement ended it."""

    good: str | None
    bad: str | None
    agreed: bool
    ended: Verdict | None = None


def parse_verdict(session: Session, game: Game, text: str) -> str:
    """A verdict as a player gives it: a side (``good``, ``buoni``…), a draw (``draw``,
    ``pareggio``) or the name of the winning gang; ``good``, ``bad`` or ``draw``."""
    word = text.strip()
    try:
        return parse(Side, word).value
    except SkirmishError:
        pass
    try:
        if parse(GameResult, word) is GameResult.DRAW:
            return DRAW
    except SkirmishError:
        pass
    try:
        return _game_gang(session, game, word).side
    except CampaignError:
        raise CampaignError(
            Message(
                "unknown verdict {text!r}: give the winning side (good, bad) or its gang, or draw.",
                text=text,
            )
        ) from None


def votes(session: Session, game: Game) -> Votes:
    """Both sides' votes as they stand."""
    cast = {Side(gg.side): gg.end_vote for gg in gangs_of(session, game)}
    good, bad = cast.get(Side.GOOD), cast.get(Side.BAD)
    return Votes(good, bad, agreed=good is not None and good == bad)


def vote_end(session: Session, *, game: Game, side: Side | str, verdict: str) -> Votes:
    """``side``'s player confirms ``verdict`` (a side wins, or a draw) to end the game, which
    the scenario does not end by itself ("victory is taken from the scenario or confirmed by
    both players"). A vote the recorded state contradicts is refused, as ``end_game`` refuses
    it. A vote may be changed until both agree; when they agree the game ends with that
    verdict. Votes lapse when the game's log changes afterwards (``capture``)."""
    require_in_progress(game)
    mine = side if isinstance(side, Side) else parse(Side, side)
    chosen = parse_verdict(session, game, verdict)
    winner = None if chosen == DRAW else Side(chosen)
    result = named_verdict(session, game, winner, draw=winner is None)  # refused if contradicted
    for gg in gangs_of(session, game):
        if gg.side == mine.value:
            gg.end_vote = chosen
            session.add(gg)
    session.flush()
    capture.touch(session, game)
    now = votes(session, game)
    if not now.agreed:
        return now
    if winner is None:
        result = Verdict(True, None, "a draw, confirmed by both players")
    elif result.reason == "named by the players":
        result = Verdict(True, winner, "confirmed by both players")
    finish(session, game, result, EventKind.END)
    return Votes(now.good, now.bad, agreed=True, ended=result)


def withdraw_vote(session: Session, *, game: Game, side: Side | str) -> Votes:
    """``side``'s player takes back their vote (before both agree: after, the game is over)."""
    require_in_progress(game)
    mine = side if isinstance(side, Side) else parse(Side, side)
    for gg in gangs_of(session, game):
        if gg.side == mine.value and gg.end_vote is not None:
            gg.end_vote = None
            session.add(gg)
            session.flush()
            capture.touch(session, game)
    return votes(session, game)
