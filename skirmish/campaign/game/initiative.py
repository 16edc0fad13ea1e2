"""The initiative roll-off between one model of each side (§1.8, R-07; H-06 for ties)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from skirmish.campaign.game.board import (
    find_model,
    member_of,
    record_event,
    require_alive,
    require_can_act,
    require_in_progress,
    require_started,
    side_of,
)
from skirmish.campaign.game.states import change_state
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.engine.dice import DiceSource, Die
from skirmish.engine.glossary import EventKind
from skirmish.engine.initiative import RollOffResult, roll_initiative, roll_off
from skirmish.engine.recovery import Invalidity
from skirmish.errors import CampaignError
from skirmish.rules.model import ModelState, Side


@dataclass(frozen=True)
class InitiativeReport:
    """An initiative roll-off between one model of each side (R-07, H-06)."""

    good: str
    bad: str
    good_totals: tuple[int, ...]
    bad_totals: tuple[int, ...]
    winner: str  # the winning model's name
    winner_side: Side
    shaken: tuple[str, ...]
    dice: tuple[Die, ...]
    rulings: tuple[str, ...]


def _unused_fama(session: Session, model: GameModel) -> int:
    return max(0, member_of(session, model).fama - model.fama_spent)


def _injuries(session: Session, model: GameModel) -> set[str]:
    return {i.injury for i in member_of(session, model).injuries}


def initiative(
    session: Session,
    *,
    game: Game,
    good: str,
    bad: str,
    good_fama_from: str | None = None,
    bad_fama_from: str | None = None,
    dice: DiceSource,
) -> InitiativeReport:
    """Each player rolls 1D6 + RIF + the unused FAMA of the model or a friend within 5U; the
    higher wins, ties are rolled again (R-07, H-06); "Nervi scossi" on a natural 1: shaken."""
    require_in_progress(game)
    require_started(game)
    picked: dict[Side, GameModel] = {}
    fama: dict[Side, int] = {}
    for side, name, helper in (
        (Side.GOOD, good, good_fama_from),
        (Side.BAD, bad, bad_fama_from),
    ):
        model = find_model(session, game, name)
        require_alive(session, model)
        if side_of(session, model) is not side:
            raise CampaignError(f"{model.name!r} plays on the {side.other.value} side, not {side}.")
        require_can_act(model)
        picked[side] = model
        fama[side] = _unused_fama(session, model)
        if helper is not None:
            friend = find_model(session, game, helper)
            require_alive(session, friend)
            if side_of(session, friend) is not side:
                raise CampaignError(f"{friend.name!r} is not a friend of {model.name!r}.")
            fama[side] = _unused_fama(session, friend)
    nerves = {s: Invalidity.NERVI_SCOSSI in _injuries(session, m) for s, m in picked.items()}
    rifs = {s: member_of(session, m).rif for s, m in picked.items()}
    result = _roll_off(session, game, rifs, fama, nerves, dice)
    winner_side = Side.GOOD if result.winner.value == "first" else Side.BAD
    shaken: list[str] = []
    for side, flag in ((Side.GOOD, result.first_shaken), (Side.BAD, result.second_shaken)):
        if flag:
            change_state(picked[side], ModelState.SHAKEN, game.turn, nervi_scossi=True)
            session.add(picked[side])
            shaken.append(picked[side].name)
    report = InitiativeReport(
        good=picked[Side.GOOD].name,
        bad=picked[Side.BAD].name,
        good_totals=tuple(r.first.total for r in result.rounds),
        bad_totals=tuple(r.second.total for r in result.rounds),
        winner=picked[winner_side].name,
        winner_side=winner_side,
        shaken=tuple(shaken),
        dice=result.dice,
        rulings=result.rulings,
    )
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
            "shaken": shaken,
            "fama": {s.value: v for s, v in fama.items()},
        },
        dice=result.dice,
    )
    return report


def _roll_off(
    session: Session,
    game: Game,
    rifs: dict[Side, int],
    fama: dict[Side, int],
    nerves: dict[Side, bool],
    dice: DiceSource,
) -> RollOffResult:
    """R-07 with the campaign's H-06: ties rolled again, or won by the higher RIF."""
    from skirmish.campaign.models import CampaignSetting
    from skirmish.engine.initiative import RollOffRound
    from skirmish.engine.initiative import Side as Player

    def again(source: DiceSource) -> RollOffResult:
        return roll_off(
            rif=rifs[Side.GOOD], fama=fama[Side.GOOD], nervi_scossi=nerves[Side.GOOD],
            against_rif=rifs[Side.BAD], against_fama=fama[Side.BAD],
            against_nervi_scossi=nerves[Side.BAD], dice=source,
        )  # fmt: skip

    row = session.get(CampaignSetting, (game.campaign_id, "initiative-ties"))
    if row is None or row.value != "higher-rif" or rifs[Side.GOOD] == rifs[Side.BAD]:
        return again(dice)
    first = roll_initiative(
        rif=rifs[Side.GOOD], fama=fama[Side.GOOD], nervi_scossi=nerves[Side.GOOD], dice=dice
    )
    second = roll_initiative(
        rif=rifs[Side.BAD], fama=fama[Side.BAD], nervi_scossi=nerves[Side.BAD], dice=dice
    )
    if first.total != second.total:
        winner = Player.FIRST if first.total > second.total else Player.SECOND
        rulings: tuple[str, ...] = ("R-07",)
    else:
        winner = Player.FIRST if rifs[Side.GOOD] > rifs[Side.BAD] else Player.SECOND
        rulings = ("R-07", "H-06")
    dice_used = (
        Die(first.dice[0].value, "initiative: first"),
        Die(second.dice[0].value, "initiative: opponent"),
    )
    return RollOffResult(
        dice=dice_used,
        rounds=(RollOffRound(first.roll, second.roll, winner),),
        winner=winner,
        first_shaken=first.shaken,
        second_shaken=second.shaken,
        rulings=rulings,
    )
