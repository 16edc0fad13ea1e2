"""The initiative roll-off of §1.8 for each activation (R-07; H-06 for ties): each player
reveals the model it wants to activate, both roll 1D6 + RIF + unused FAMA, and the winner
chooses which of the two takes its turn now (``activations``). When only one side has models
left to take their turn, no roll is needed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from sqlmodel import Session

from skirmish.campaign.game.activations import Activation, begin, require_waiting, to_activate
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
from skirmish.engine.glossary import EventKind, label, parse
from skirmish.engine.initiative import RollOffResult, roll_initiative, roll_off
from skirmish.engine.recovery import Invalidity
from skirmish.errors import CampaignError, SkirmishError
from skirmish.rules.model import ModelState, Side
from skirmish.rules.names import normalize


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


#: Asked after the roll when the players have not said whom the winner activates: the report
#: so far; the answer as ``activate`` takes it (``None``: the winner's own).
Chooser = Callable[[InitiativeReport], str | None]


def _unused_fama(session: Session, model: GameModel) -> int:
    return max(0, member_of(session, model).fama - model.fama_spent)


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
                f"{picked[side].name} and {model.name} both play on the {side} side: reveal one "
                "model of each side (R-07).",
                it=f"{picked[side].name} e {model.name} giocano entrambi con i "
                f"{label(side, 'it')}: scopri un personaggio per parte (R-07).",
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
) -> InitiativeReport:
    """The initiative for the next activation (§1.8): each player rolls 1D6 + RIF + the unused
    FAMA of the model it reveals or of a friend within 5U; the higher wins, ties are rolled
    again (R-07, H-06); "Nervi scossi" on a natural 1: shaken that turn. The winner activates
    its own model or the opponent's (``activate``: a side or one of the two models; else
    ``choose`` asks; else its own), and that model's turn begins. The two models may be named
    in either order. When only one side has models left to take their turn, no roll: its
    model (the one named, or the only one left) takes its turn."""
    require_in_progress(game)
    require_started(game)
    left = to_activate(session, game)
    names = [n for n in (good, bad) if n is not None]
    picked = _revealed(session, game, names)
    waiting = [side for side in (Side.GOOD, Side.BAD) if left[side]]
    if len(waiting) < 2:
        return _no_roll(session, game, waiting[0] if waiting else None, left, picked)
    missing = [side for side in (Side.GOOD, Side.BAD) if side not in picked]
    if missing:
        choices = "; ".join(f"{side}: {_names(left[side])}" for side in missing)
        scelte = "; ".join(f"{label(side, 'it')}: {_names(left[side])}" for side in missing)
        raise CampaignError(
            f"both sides have models left to take their turn {game.turn}: reveal one of each "
            f"(R-07); still to name: {choices}.",
            it=f"entrambe le parti hanno personaggi che devono ancora giocare il turno "
            f"{game.turn}: scopri un personaggio per parte (R-07); manca: {scelte}.",
        )
    fama: dict[Side, int] = {}
    lenders: dict[Side, str | None] = {}
    for side, helper in ((Side.GOOD, good_fama_from), (Side.BAD, bad_fama_from)):
        model = picked[side]
        fama[side] = _unused_fama(session, model)
        lenders[side] = None
        if helper is not None:
            friend = find_model(session, game, helper)
            require_alive(session, friend)
            if side_of(session, friend) is not side:
                raise CampaignError(
                    f"{friend.name!r} is not a friend of {model.name!r}.",
                    it=f"{friend.name!r} non è un amico di {model.name!r}.",
                )
            fama[side] = _unused_fama(session, friend)
            lenders[side] = friend.name
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
            "shaken": shaken,
            "fama": {s.value: v for s, v in fama.items()},
            "fama_from": {s.value: v for s, v in lenders.items() if v is not None},
            "activates": chosen.name,
        },
        dice=result.dice,
    )
    started = begin(session, game, chosen)
    return replace(report, activated=started, chosen=bool(answer))


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
        options = ", ".join(["good", "bad", *names.values()])
        raise CampaignError(
            f"--activate {answer!r}: the winner activates one of the two models revealed; say "
            f"{options}.",
            it=f"--activate {answer!r}: chi vince attiva uno dei due personaggi scoperti; "
            f"di' {options.replace('good, bad', 'buoni, cattivi')}.",
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
