"""The initiative roll-off of §1.8 for each activation (R-07; H-06 for ties): each player
reveals the model it wants to activate, both roll 1D6 + RIF + unused FAMA, and the winner
chooses which of the two takes its turn now (``activations``). When only one side has models
left to take their turn, no roll is needed.

Each side may reroll its own die with a FAMA or FORTUNA point (R-15): the loser's die fails
(``engine.stages.initiative_failed``), and once rerolled the other side's may fail in turn.
Unused FAMA counts in the total (R-07), so a FAMA point spent on the reroll by the model whose
FAMA is counted lowers its total by 1: the round is replayed with the points as they are after
the payment, and the prompt's advice says so (``rerolls.Question.passes``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from sqlmodel import Session

from skirmish.campaign.game.activations import Activation, begin, require_waiting, to_activate
from skirmish.campaign.game.board import (
    find_model,
    load_collections,
    member_of,
    record_event,
    require_alive,
    require_can_act,
    require_in_progress,
    require_started,
    side_of,
)
from skirmish.campaign.game.rerolls import (
    NO_REROLLS,
    Rerolls,
    record_rerolls,
    roll_with_rerolls,
)
from skirmish.campaign.game.states import change_state
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.campaign.models import CampaignSetting
from skirmish.engine.dice import DiceSource, Die, dice_from, rolling_for
from skirmish.engine.glossary import EventKind, label, parse
from skirmish.engine.initiative import MAX_ROUNDS, RollOffResult, RoundResult, roll_round
from skirmish.engine.initiative import Side as Player
from skirmish.engine.recovery import Invalidity
from skirmish.engine.stages import Side as Whose
from skirmish.engine.stages import initiative_failed
from skirmish.errors import CampaignError, DiceError, SkirmishError
from skirmish.rules.model import ModelState, Side
from skirmish.rules.names import normalize
from skirmish.translation import Message, Said


@dataclass(frozen=True)
class Roller:
    """One side's initiative: its model, each round's die, its RIF, the unused FAMA counted
    and whose it is (the model's own, or a friend's within 5U), each round's total."""

    model: str
    dice: tuple[int, ...]
    rif: int
    fama: int
    fama_from: str | None
    totals: tuple[int, ...]


@dataclass(frozen=True)
class InitiativeReport:
    """An initiative for one activation (R-07, H-06): both sides' rolls, the winner, its choice
    and the activation it began; or, with ``rolled`` false, why no roll was needed (only
    ``only`` has models left, those of ``left``)."""

    rolled: bool
    good: str | None = None
    bad: str | None = None
    good_totals: tuple[int, ...] = ()
    bad_totals: tuple[int, ...] = ()
    winner: str | None = None  # the winning model's name
    winner_side: Side | None = None
    shaken: tuple[str, ...] = ()
    dice: tuple[Die, ...] = ()
    rulings: tuple[str, ...] = ()
    rollers: tuple[Roller, ...] = ()  # good, then bad
    activated: Activation | None = None
    chosen: bool = False  # the winner said whom to activate (else its own, the default)
    only: Side | None = None
    left: tuple[str, ...] = ()
    rerolls: tuple[dict[str, object], ...] = ()  # taken at the roll


#: Asked after the roll when the players have not said whom the winner activates: the report
#: so far; the answer as ``activate`` takes it (``None``: the winner's own).
Chooser = Callable[[InitiativeReport], str | None]


def _unused_fama(session: Session, model: GameModel) -> int:
    return max(0, member_of(session, model).fama - model.fama_spent)


@dataclass(frozen=True)
class _Counted:
    """Whose unused FAMA a side counts (the model's own, or a friend's within 5U), read as it
    stands when the round is rolled: a FAMA point spent on a reroll is no longer unused."""

    model: GameModel
    owned: int

    @property
    def fama(self) -> int:
        return max(0, self.owned - self.model.fama_spent)


def _injuries(session: Session, model: GameModel) -> set[str]:
    return {i.injury for i in member_of(session, model).injuries}


def _revealed(session: Session, game: Game, names: list[str]) -> dict[Side, GameModel]:
    """The models the players reveal, by side (in either order), each free to take its turn."""
    picked: dict[Side, GameModel] = {}
    for name in names:
        model = find_model(session, game, name)
        require_alive(session, model)
        require_can_act(model)
        side = side_of(session, model)
        if side in picked:
            raise CampaignError(
                Message(
                    "{picked_side_name} and {model_name} both play on the {side} side: "
                    "reveal one model of each side (R-07).",
                    picked_side_name=picked[side].name,
                    model_name=model.name,
                    side=Said(partial(label, side)),
                )
            )
        require_waiting(session, game, model)
        picked[side] = model
    return picked


def _names(models: list[GameModel]) -> str:
    return ", ".join(m.name for m in models)


def initiative(
    session: Session,
    *,
    game: Game,
    good: str | None = None,
    bad: str | None = None,
    good_fama_from: str | None = None,
    bad_fama_from: str | None = None,
    activate: str | None = None,
    choose: Chooser | None = None,
    dice: DiceSource,
    rerolls: Rerolls = NO_REROLLS,
) -> InitiativeReport:
    """The initiative for the next activation (§1.8): each player rolls 1D6 + RIF + the unused
    FAMA of the model it reveals or of a friend within 5U; the higher wins, ties are rolled
    again (R-07, H-06); "Nervi scossi" on a natural 1: shaken that turn. The winner activates
    its own model or the opponent's (``activate``: a side or one of the two models; else
    ``choose`` asks; else its own), and that model's turn begins. The two models may be named
    in either order. When only one side has models left to take their turn, no roll: its
    model (the one named, or the only one left) takes its turn. Each side's failed die may be
    rerolled with a FAMA or FORTUNA point as ``rerolls`` says (R-15)."""
    rolled = _roll(session, game, good, bad, good_fama_from, bad_fama_from, dice, rerolls)
    if isinstance(rolled, _NoRoll):
        return _no_roll(session, game, rolled.side, rolled.left, rolled.picked)
    picked, result, report = rolled.picked, rolled.result, rolled.report
    for side in _shaken_sides(result):
        change_state(picked[side], ModelState.SHAKEN, game.turn, nervi_scossi=True)
        session.add(picked[side])
    winner_side = report.winner_side
    assert winner_side is not None
    answer = activate if activate is not None else choose(report) if choose else None
    revealed = {side: model.name for side, model in picked.items()}
    chosen = picked[side_chosen(answer, revealed)] if answer else picked[winner_side]
    record_event(
        session,
        game,
        EventKind.INITIATIVE,
        model=picked[winner_side],
        details={
            "good": report.good,
            "bad": report.bad,
            "good_totals": list(report.good_totals),
            "bad_totals": list(report.bad_totals),
            "winner": report.winner,
            "side": winner_side.value,
            "shaken": list(report.shaken),
            "fama": {s.value: v for s, v in rolled.fama.items()},
            "fama_from": {s.value: v for s, v in rolled.lenders.items() if v is not None},
            "activates": chosen.name,
            "dice_from": dice_from(dice),  # issue #14: typed in at the table or rolled
        },
        dice=result.dice,
    )
    taken = [said for table in rolled.tables for said in record_rerolls(session, game, table)]
    started = begin(session, game, chosen)
    return replace(report, activated=started, chosen=bool(answer), rerolls=tuple(taken))


def reckon(
    session: Session,
    *,
    game: Game,
    good: str,
    bad: str,
    good_fama_from: str | None,
    bad_fama_from: str | None,
    dice: DiceSource,
) -> InitiativeReport:
    """The initiative of the revealed ``good`` and ``bad`` rolled as ``initiative`` rolls it
    (its refusals, R-07's totals and ties, H-06, Nervi scossi), with no reroll, and nothing
    recorded: no state, event or activation; ``rolled`` false when no roll is needed (§1.8).
    What a phone's roll is tried with before it is kept (``table_roll.trial``; issue #23,
    the action's unit of work, sixth round: the trial recorded it all in a savepoint, rolled
    back). What ``initiative`` records after this could refuse nothing: the winner's model is
    one of the two revealed, each checked free to take its turn (``_revealed``), and Nervi
    scossi leaves it so."""
    rolled = _roll(session, game, good, bad, good_fama_from, bad_fama_from, dice, NO_REROLLS)
    if isinstance(rolled, _NoRoll):
        names = tuple(m.name for m in rolled.left[rolled.side]) if rolled.side else ()
        return InitiativeReport(rolled=False, only=rolled.side, left=names)
    return rolled.report


@dataclass(frozen=True)
class _NoRoll:
    """Only ``side`` (or nobody) has models left to take their turn (``_no_roll``)."""

    side: Side | None
    left: dict[Side, list[GameModel]]
    picked: dict[Side, GameModel]


@dataclass(frozen=True)
class _Rolled:
    """The roll-off reckoned, before anything is recorded: the report (no activation yet), the
    two revealed models, the engine's result and its tables (for their rerolls), each side's
    FAMA as the deciding round counted it and whose it was."""

    report: InitiativeReport
    picked: dict[Side, GameModel]
    result: RollOffResult
    tables: list[Any]
    fama: dict[Side, int]
    lenders: dict[Side, str | None]


def _shaken_sides(result: RollOffResult) -> list[Side]:
    """The sides whose model rolled a natural 1 (Nervi scossi, R-07), good first."""
    flags = ((Side.GOOD, result.first_shaken), (Side.BAD, result.second_shaken))
    return [side for side, flag in flags if flag]


def _roll(
    session: Session,
    game: Game,
    good: str | None,
    bad: str | None,
    good_fama_from: str | None,
    bad_fama_from: str | None,
    dice: DiceSource,
    rerolls: Rerolls,
) -> _Rolled | _NoRoll:
    """``initiative``'s checks and roll-off, nothing written (``initiative``, ``reckon``)."""
    require_in_progress(game)
    require_started(game)
    left = to_activate(session, game)
    names = [n for n in (good, bad) if n is not None]
    picked = _revealed(session, game, names)
    waiting = [side for side in (Side.GOOD, Side.BAD) if left[side]]
    if len(waiting) < 2:
        return _NoRoll(waiting[0] if waiting else None, left, picked)
    missing = [side for side in (Side.GOOD, Side.BAD) if side not in picked]
    if missing:
        still = [(side, _names(left[side])) for side in missing]  # read now: said later
        choices = Said(lambda lang: "; ".join(f"{label(s, lang)}: {n}" for s, n in still))
        raise CampaignError(
            Message(
                "both sides have models left to take their turn {game_turn}: reveal "
                "one of each (R-07); still to name: {choices}.",
                game_turn=game.turn,
                choices=choices,
            )
        )
    counted: dict[Side, _Counted] = {}
    lenders: dict[Side, str | None] = {}
    for side, helper in ((Side.GOOD, good_fama_from), (Side.BAD, bad_fama_from)):
        model = picked[side]
        counted[side] = _Counted(model, member_of(session, model).fama)
        lenders[side] = None
        if helper is not None:
            friend = find_model(session, game, helper)
            require_alive(session, friend)
            if side_of(session, friend) is not side:
                raise CampaignError(
                    Message(
                        "{friend_name!r} is not a friend of {model_name!r}.",
                        friend_name=friend.name,
                        model_name=model.name,
                    )
                )
            counted[side] = _Counted(friend, member_of(session, friend).fama)
            lenders[side] = friend.name
    members = [member_of(session, m) for m in picked.values()]
    load_collections(session, members, "injuries")  # both in one statement (issue #23)
    nerves = {s: Invalidity.NERVI_SCOSSI in _injuries(session, m) for s, m in picked.items()}
    rifs = {s: member_of(session, m).rif for s, m in picked.items()}
    result, tables = _roll_off(session, game, picked, rifs, counted, nerves, dice, rerolls)
    fama = {side: c.fama for side, c in counted.items()}  # as the deciding round counted it
    winner_side = Side.GOOD if result.winner.value == "first" else Side.BAD
    shaken = [picked[side].name for side in _shaken_sides(result)]
    rollers = tuple(
        Roller(
            model=picked[side].name,
            dice=tuple(r.first.roll if side is Side.GOOD else r.second.roll for r in result.rounds),
            rif=rifs[side],
            fama=fama[side],
            fama_from=lenders[side],
            totals=tuple(
                r.first.total if side is Side.GOOD else r.second.total for r in result.rounds
            ),
        )
        for side in (Side.GOOD, Side.BAD)
    )
    report = InitiativeReport(
        rolled=True,
        good=picked[Side.GOOD].name,
        bad=picked[Side.BAD].name,
        good_totals=rollers[0].totals,
        bad_totals=rollers[1].totals,
        winner=picked[winner_side].name,
        winner_side=winner_side,
        shaken=tuple(shaken),
        dice=result.dice,
        rulings=result.rulings,
        rollers=rollers,
    )
    return _Rolled(report, picked, result, tables, fama, lenders)


def side_chosen(answer: str, names: Mapping[Side, str]) -> Side:
    """The side of the revealed model the winner activates: ``good``/``bad`` (``buoni``,
    ``cattivi``) or one of the two models' ``names``."""
    key = normalize(answer)
    for side, name in names.items():
        if key == normalize(name):
            return side
    try:
        return parse(Side, answer)
    except SkirmishError:
        models = ", ".join(names.values())
        options = Message("good, bad, {models}", models=models) if models else Message("good, bad")
        raise CampaignError(
            Message(
                "⟨activate⟩ {answer!r}: the winner activates one of the two models "
                "revealed; say {options}.",
                answer=answer,
                options=options,
            )
        ) from None


def _no_roll(
    session: Session,
    game: Game,
    side: Side | None,
    left: dict[Side, list[GameModel]],
    picked: dict[Side, GameModel],
) -> InitiativeReport:
    """Only ``side`` (or nobody) has models left to take their turn: no roll (§1.8); its model
    named, or its only one left, takes its turn."""
    if side is None:
        return InitiativeReport(rolled=False)
    names = tuple(m.name for m in left[side])
    chosen = picked.get(side) or (left[side][0] if len(left[side]) == 1 else None)
    started = begin(session, game, chosen) if chosen is not None else None
    return InitiativeReport(rolled=False, only=side, left=names, activated=started)


def _ties_to_higher_rif(session: Session, game: Game) -> bool:
    """Whether the campaign's H-06 says a tie goes to the higher RIF (else it is rolled again)."""
    row = session.get(CampaignSetting, (game.campaign_id, "initiative-ties"))
    return row is not None and row.value == "higher-rif"


def _roll_off(
    session: Session,
    game: Game,
    picked: dict[Side, GameModel],
    rifs: dict[Side, int],
    counted: dict[Side, _Counted],
    nerves: dict[Side, bool],
    dice: DiceSource,
    rerolls: Rerolls,
) -> tuple[RollOffResult, list[Any]]:
    """R-07 round by round with the campaign's H-06 (ties rolled again, or won by the higher
    RIF), each side's failed die offered for a reroll as the round is complete (R-15); the
    rounds rolled at the table, for their rerolls."""
    # H-06 can only matter when the two RIFs differ: the setting is read then only (issue #23:
    # a statement in every roll and choice, most between models of the same RIF)
    by_rif = rifs[Side.GOOD] != rifs[Side.BAD] and _ties_to_higher_rif(session, game)
    tie_winner = (
        (Player.FIRST if rifs[Side.GOOD] > rifs[Side.BAD] else Player.SECOND) if by_rif else None
    )

    def one_round(source: DiceSource) -> RoundResult:
        return roll_round(
            rif=rifs[Side.GOOD], fama=counted[Side.GOOD].fama, nervi_scossi=nerves[Side.GOOD],
            against_rif=rifs[Side.BAD], against_fama=counted[Side.BAD].fama,
            against_nervi_scossi=nerves[Side.BAD], tie_winner=tie_winner, dice=source,
        )  # fmt: skip

    names = {"initiative: first": picked[Side.GOOD].name,
             "initiative: opponent": picked[Side.BAD].name}  # fmt: skip
    rollers = {Whose.FIRST: picked[Side.GOOD], Whose.SECOND: picked[Side.BAD]}
    tables: list[Any] = []
    with rolling_for(dice, names):
        for _ in range(MAX_ROUNDS):
            table = roll_with_rerolls(
                session, game, one_round, dice, rollers=dict(rollers), rerolls=rerolls,
                failed=initiative_failed, more=True,
            )  # fmt: skip
            tables.append(table)
            if table.result.round.winner is not None:
                break
        else:
            raise DiceError(
                Message(
                    "initiative still tied after {max_rounds} roll-offs; the dice keep "
                    "repeating, roll them again.",
                    max_rounds=MAX_ROUNDS,
                )
            )
    rerolls.require_all_taken()
    rounds = tuple(t.result.round for t in tables)
    last = rounds[-1]
    assert last.winner is not None
    tied = len(rounds) > 1 or last.first.total == last.second.total
    return (
        RollOffResult(
            dice=tuple(d for t in tables for d in t.result.dice),
            rounds=rounds,
            winner=last.winner,
            first_shaken=last.first.shaken,
            second_shaken=last.second.shaken,
            rulings=("R-07", "H-06") if tied else ("R-07",),
        ),
        tables,
    )
