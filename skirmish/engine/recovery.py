"""Recovery after the game (R-10, §6.5, H-07).

Each model eliminated in the game rolls 1D6 plus a doctor's bonus: 1 dead, 2 invalid, 3–4
wounded (−1 COS in the next game only), 5 or more fully recovered. On "dead" a model with
FORTUNA rerolls the die once: a natural result below its COS saves it as an invalid. An invalid
rolls 1D6 on the invalid sub-table; an invalidity it already has is rolled again (H-07).
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.result import Modifier
from skirmish.errors import DiceError
from skirmish.rules import find_doctor as find_row
from skirmish.rules import invalid_table, invalidity_for_roll, recovery_for_roll
from skirmish.rules.names import NameIndex, normalize
from skirmish.translation import Message

if TYPE_CHECKING:
    from skirmish.rules import entries as _rules

#: Purposes recorded with the dice.
PURPOSE = "recovery"
FORTUNA_PURPOSE = "recovery: FORTUNA reroll"
INVALID_PURPOSE = "invalid table"

#: Rolls of the invalid table allowed before giving up on dice that keep repeating a duplicate.
MAX_ROLLS = 200


class RecoveryOutcome(StrEnum):
    """The recovery table (§6.5), worst first."""

    DEAD = "dead"
    INVALID = "invalid"
    WOUNDED = "wounded"
    RECOVERED = "recovered"

    @property
    def rank(self) -> int:
        """0 for dead up to 3 for fully recovered: a higher rank is a better outcome."""
        return list(RecoveryOutcome).index(self)


class Invalidity(StrEnum):
    """The invalid sub-table (§6.5), by its die face 1–6; values are the rules tables' ids."""

    MALATTIA = "illness"  # −1 COS in fight rolls
    ORBO = "one-eyed"  # cannot see or shoot beyond 18U
    SCIANCATO = "lame"  # cannot run
    MANO_MOZZATA = "lost-hand"  # no two-handed weapons
    NERVI_SCOSSI = "shattered-nerves"  # a natural 1 on initiative: shaken that turn
    IMBRANATO = "clumsy"  # +1 on each reflex die

    @property
    def face(self) -> int:
        """The die face that gives it (§6.5)."""
        return _invalid_row(self.value).roll


class Doctor(StrEnum):
    """A doctor helping the roll (§6.5): the bone-setter and the graduate."""

    BONE_SETTER = "bone-setter"
    GRADUATE = "graduate"

    @property
    def bonus(self) -> int:
        """Added to the recovery die: +1 bone-setter, +2 graduate (R-10, §6.5)."""
        return _doctor_row(self.value).bonus

    @property
    def name_it(self) -> str:
        """The book's Italian name ("Dottore segaossa")."""
        return _doctor_row(self.value).name_it

    @property
    def fee(self) -> int:
        """Price of hiring one for a roll: 5$ bone-setter, 20$ graduate (R-10, §6.5 text)."""
        return _doctor_row(self.value).cost


#: The skill ids of R-11 name the doctors too: a DOTTORE is a bone-setter.
_DOCTOR_SKILLS = {"dottore": Doctor.BONE_SETTER, "dottore-laureato": Doctor.GRADUATE}


def _doctor_row(name: str) -> _rules.Doctor:
    return find_row(name)


@cache
def _invalid_index() -> NameIndex[_rules.Invalidity]:
    return NameIndex("invalidity", invalid_table())


def _invalid_row(name: str) -> _rules.Invalidity:
    return _invalid_index().find(name)


def find_doctor(name: Doctor | str) -> Doctor:
    """A doctor by id, Italian or English name (``segaossa``, ``graduate``, ``dottore``) (R-10)."""
    if isinstance(name, Doctor):
        return name

    by_skill = _DOCTOR_SKILLS.get(normalize(name))
    return by_skill if by_skill is not None else Doctor(_doctor_row(name).id)


def find_invalidity(name: Invalidity | str) -> Invalidity:
    """An invalidity by id, Italian or English name (``orbo``, ``one-eyed``…) (R-10)."""
    if isinstance(name, Invalidity):
        return name
    return Invalidity(_invalid_row(name).id)


class RecoveryResult(NamedTuple):
    """A recovery roll: the dice, the doctor's bonus, the FORTUNA reroll and the outcome."""

    cos: int
    fortuna: int
    doctor: Doctor | None
    doctor_fee: int  # $ to pay when the doctor was hired for this roll, 0 for the gang's own
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...]
    roll: int  # the natural recovery die
    total: int  # the die plus the doctor's bonus
    table_outcome: RecoveryOutcome  # what the table said before any FORTUNA reroll
    fortuna_roll: int | None  # the FORTUNA reroll's natural die, when "dead" was rerolled
    outcome: RecoveryOutcome
    invalidity: Invalidity | None  # the new invalidity, when the outcome is invalid
    invalidity_rolls: tuple[int, ...]  # every die on the invalid table, duplicates included
    rulings: tuple[str, ...]


def recovery_outcome(total: int) -> RecoveryOutcome:
    """Stage: the modified recovery result read on the table (R-10, §6.5): 1 dead, 2 invalid,
    3–4 wounded, 5 or more recovered."""
    return RecoveryOutcome(recovery_for_roll(total).id)


def fortuna_saves(face: int, cos: int) -> bool:
    """Stage: the FORTUNA reroll saves the model when the natural die is below its COS (R-10)."""
    return face < cos


def invalidity_for_face(face: int) -> Invalidity:
    """Stage: the invalid sub-table, 1 Malattia to 6 Imbranato (R-10, §6.5)."""
    return Invalidity(invalidity_for_roll(face).id)


def new_invalidity(face: int, existing: Collection[Invalidity]) -> Invalidity | None:
    """Stage: the invalidity a die gives, or ``None`` for a duplicate rolled again (H-07)."""
    found = invalidity_for_face(face)
    return None if found in existing else found


def roll_recovery(
    *,
    cos: int,
    fortuna: int = 0,
    doctor: Doctor | str | None = None,
    hired: bool = True,
    existing_invalidities: Collection[Invalidity | str] = (),
    dice: DiceSource,
) -> RecoveryResult:
    """Roll to recover an eliminated model: 1D6 + doctor, FORTUNA reroll, invalid table (R-10).

    ``hired`` says the doctor was paid for this roll (its fee is reported); a gang member with
    DOTTORE who survived the game helps for free (``hired=False``). A model that already has
    all six invalidities stays invalid and gains none: the book is silent, and H-07's "roll
    again" could never end.
    """
    check_characteristic("COS", cos)
    check_characteristic("FORTUNA", fortuna)
    found_doctor = None if doctor is None else find_doctor(doctor)
    existing = {find_invalidity(i) for i in existing_invalidities}
    modifiers: tuple[Modifier, ...] = ()
    if found_doctor is not None:
        modifiers = (Modifier(f"doctor-{found_doctor.value}", found_doctor.bonus, "R-10, §6.5"),)
    rulings = ["R-10"]
    recorder = RecordingDice(dice)
    face = recorder.roll(PURPOSE)
    total = face + sum(m.value for m in modifiers)
    table_outcome = recovery_outcome(total)
    outcome = table_outcome
    fortuna_roll: int | None = None
    if outcome is RecoveryOutcome.DEAD and fortuna >= 1:
        fortuna_roll = recorder.roll(FORTUNA_PURPOSE)
        if fortuna_saves(fortuna_roll, cos):
            outcome = RecoveryOutcome.INVALID
    invalidity: Invalidity | None = None
    invalidity_rolls: list[int] = []
    if outcome is RecoveryOutcome.INVALID and len(existing) < len(Invalidity):
        for _ in range(MAX_ROLLS):
            roll = recorder.roll(INVALID_PURPOSE)
            invalidity_rolls.append(roll)
            invalidity = new_invalidity(roll, existing)
            if invalidity is not None:
                break
        else:
            raise DiceError(
                Message(
                    "{max_rolls} rolls on the invalid table all repeated invalidities the "
                    "model has; the dice keep repeating, roll them again.",
                    max_rolls=MAX_ROLLS,
                )
            )
        if len(invalidity_rolls) > 1:
            rulings.append("H-07")
    return RecoveryResult(
        cos=cos,
        fortuna=fortuna,
        doctor=found_doctor,
        doctor_fee=found_doctor.fee if found_doctor is not None and hired else 0,
        dice=tuple(recorder.dice),
        modifiers=modifiers,
        roll=face,
        total=total,
        table_outcome=table_outcome,
        fortuna_roll=fortuna_roll,
        outcome=outcome,
        invalidity=invalidity,
        invalidity_rolls=tuple(invalidity_rolls),
        rulings=tuple(rulings),
    )
