"""Initiative (R-07, §1.8): 1D6 + RIF + the unused FAMA points of the model or of a friendly
model within 5U. The higher total wins and chooses which side activates a model; a tie is
rolled again (H-06). An invalid with "Nervi scossi" who rolls a natural 1 is shaken that turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.result import Modifier
from skirmish.errors import DiceError
from skirmish.translation import Message

#: Purpose recorded with each die.
PURPOSE = "initiative"

#: Tied roll-offs allowed before giving up on dice that keep tying.
MAX_ROUNDS = 100


class Side(StrEnum):
    """The two players of a roll-off: the one asking (``first``) and the opponent."""

    FIRST = "first"
    SECOND = "second"


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """One model's initiative roll: the die, RIF, the FAMA added, the total, shaken or not."""

    rif: int
    fama: int
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    nervi_scossi: bool
    shaken: bool  # "Nervi scossi" and a natural 1 (R-07, §6.5)


@dataclass(frozen=True, slots=True)
class InitiativeResult:
    """A single model's initiative roll, with its die."""

    dice: tuple[Die, ...]
    roll: InitiativeRoll
    rulings: tuple[str, ...]

    @property
    def total(self) -> int:
        """1D6 + RIF + FAMA (R-07)."""
        return self.roll.total

    @property
    def shaken(self) -> bool:
        """Shaken this turn by "Nervi scossi" and a natural 1 (R-07)."""
        return self.roll.shaken


@dataclass(frozen=True, slots=True)
class RollOffRound:
    """One round of a roll-off: both sides' rolls and who won it (``None``: a tie)."""

    first: InitiativeRoll
    second: InitiativeRoll
    winner: Side | None


@dataclass(frozen=True, slots=True)
class RollOffResult:
    """A two-sided initiative roll-off: every round until one side is higher (H-06)."""

    dice: tuple[Die, ...]
    rounds: tuple[RollOffRound, ...]
    winner: Side
    first_shaken: bool  # from the deciding round's natural 1
    second_shaken: bool
    rulings: tuple[str, ...]


def initiative_modifiers(*, rif: int, fama: int) -> tuple[Modifier, ...]:
    """RIF and the unused FAMA added to the initiative die (R-07)."""
    found = [Modifier("rif", rif, "R-07, §1.8")]
    if fama:
        found.append(Modifier("fama", fama, "R-07, §1.8"))
    return tuple(found)


def initiative_total(face: int, *, rif: int, fama: int = 0) -> int:
    """Stage: 1D6 + RIF + unused FAMA (R-07)."""
    return face + rif + fama


def shaken_by_nerves(face: int, *, nervi_scossi: bool) -> bool:
    """Stage: an invalid with "Nervi scossi" who rolls a natural 1 is shaken that turn (R-07)."""
    return nervi_scossi and face == 1


def roll_off_winner(first_total: int, second_total: int) -> Side | None:
    """Stage: the higher total wins; ``None`` for a tie, which is rolled again (R-07, H-06)."""
    if first_total == second_total:
        return None
    return Side.FIRST if first_total > second_total else Side.SECOND


def _one(face: int, *, rif: int, fama: int, nervi_scossi: bool) -> InitiativeRoll:
    return InitiativeRoll(
        rif=rif,
        fama=fama,
        roll=face,
        modifiers=initiative_modifiers(rif=rif, fama=fama),
        total=initiative_total(face, rif=rif, fama=fama),
        nervi_scossi=nervi_scossi,
        shaken=shaken_by_nerves(face, nervi_scossi=nervi_scossi),
    )


def _check(rif: int, fama: int, who: str = "") -> None:
    check_characteristic(f"{who}RIF", rif)
    check_characteristic(f"{who}FAMA", fama)


def roll_initiative(
    *, rif: int, fama: int = 0, nervi_scossi: bool = False, dice: DiceSource
) -> InitiativeResult:
    """Roll one model's initiative: 1D6 + RIF + unused FAMA (R-07)."""
    _check(rif, fama)
    recorder = RecordingDice(dice)
    roll = _one(recorder.roll(PURPOSE), rif=rif, fama=fama, nervi_scossi=nervi_scossi)
    return InitiativeResult(dice=tuple(recorder.dice), roll=roll, rulings=("R-07",))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round of a roll-off with its two dice, the first player's then the opponent's."""

    dice: tuple[Die, ...]
    round: RollOffRound


def roll_round(
    *,
    rif: int,
    fama: int = 0,
    nervi_scossi: bool = False,
    against_rif: int,
    against_fama: int = 0,
    against_nervi_scossi: bool = False,
    tie_winner: Side | None = None,
    dice: DiceSource,
) -> RoundResult:
    """One round of a roll-off: both players roll 1D6 + RIF + unused FAMA at once (R-07); a
    tie has no winner (rolled again, H-06) unless ``tie_winner`` takes it (H-06 played as
    "the higher RIF")."""
    _check(rif, fama)
    _check(against_rif, against_fama, "opponent's ")
    recorder = RecordingDice(dice)
    first = _one(recorder.roll(f"{PURPOSE}: first"), rif=rif, fama=fama, nervi_scossi=nervi_scossi)
    second = _one(
        recorder.roll(f"{PURPOSE}: opponent"),
        rif=against_rif,
        fama=against_fama,
        nervi_scossi=against_nervi_scossi,
    )
    winner = roll_off_winner(first.total, second.total) or tie_winner
    return RoundResult(tuple(recorder.dice), RollOffRound(first, second, winner))


def roll_off(
    *,
    rif: int,
    fama: int = 0,
    nervi_scossi: bool = False,
    against_rif: int,
    against_fama: int = 0,
    against_nervi_scossi: bool = False,
    dice: DiceSource,
) -> RollOffResult:
    """Both players roll initiative (first, then opponent); ties are rolled again (R-07, H-06).

    A natural 1 shakes a "Nervi scossi" model only on the deciding roll: a tied roll is
    replaced by the new one.
    """
    recorder = RecordingDice(dice)
    rounds: list[RollOffRound] = []
    for _ in range(MAX_ROUNDS):
        played = roll_round(
            rif=rif, fama=fama, nervi_scossi=nervi_scossi, against_rif=against_rif,
            against_fama=against_fama, against_nervi_scossi=against_nervi_scossi, dice=recorder,
        )  # fmt: skip
        first, second, winner = played.round.first, played.round.second, played.round.winner
        rounds.append(played.round)
        if winner is not None:
            rulings = ("R-07", "H-06") if len(rounds) > 1 else ("R-07",)
            return RollOffResult(
                dice=tuple(recorder.dice),
                rounds=tuple(rounds),
                winner=winner,
                first_shaken=first.shaken,
                second_shaken=second.shaken,
                rulings=rulings,
            )
    raise DiceError(
        Message(
            "initiative still tied after {max_rounds} roll-offs; the dice keep "
            "repeating, roll them again.",
            max_rounds=MAX_ROUNDS,
        )
    )
