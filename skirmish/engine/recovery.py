"""Recovery after the game (R-10, §6.5, H-07).

Each model eliminated in the game rolls 1D6 plus a doctor's bonus: 1 dead, 2 invalid, 3–4
wounded (−1 COS in the next game only), 5 or more fully recovered. On "dead" a model with
FORTUNA rerolls the die once: a natural result below its COS saves it as an invalid. An invalid
rolls 1D6 on the invalid sub-table; an invalidity it already has is rolled again (H-07).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from skirmish.engine.dice import DiceSource, Die, RecordingDice
from skirmish.engine.result import Modifier
from skirmish.engine.setup import check_characteristic
from skirmish.errors import DiceError, UnknownNameError

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
    """The invalid sub-table (§6.5), by its die face 1–6."""

    MALATTIA = "illness"  # −1 COS in fight rolls
    ORBO = "one-eyed"  # cannot see or shoot beyond 18U
    SCIANCATO = "lame"  # cannot run
    MANO_MOZZATA = "lost-hand"  # no two-handed weapons
    NERVI_SCOSSI = "shattered-nerves"  # a natural 1 on initiative: shaken that turn
    IMBRANATO = "clumsy"  # +1 on each reflex die

    @property
    def face(self) -> int:
        """The die face that gives it."""
        return list(Invalidity).index(self) + 1

    @property
    def name_it(self) -> str:
        return _INVALIDITY_NAMES[self][0]

    @property
    def name_en(self) -> str:
        return _INVALIDITY_NAMES[self][1]

    @property
    def aliases(self) -> tuple[str, ...]:
        return _INVALIDITY_NAMES[self][2:]


_INVALIDITY_NAMES: dict[Invalidity, tuple[str, ...]] = {
    Invalidity.MALATTIA: ("Malattia", "Sickness", "illness", "disease"),
    Invalidity.ORBO: ("Orbo", "One-eyed", "blind", "half-blind"),
    Invalidity.SCIANCATO: ("Sciancato", "Lame", "crippled leg"),
    Invalidity.MANO_MOZZATA: ("Mano mozzata", "Severed hand", "lost hand", "one-handed"),
    Invalidity.NERVI_SCOSSI: ("Nervi scossi", "Shattered nerves", "shaken nerves", "nervous"),
    Invalidity.IMBRANATO: ("Imbranato", "Clumsy", "butterfingers"),
}


class Doctor(StrEnum):
    """A doctor helping the roll (§6.5): the bone-setter and the graduate."""

    BONE_SETTER = "bone-setter"
    GRADUATE = "graduate"

    @property
    def bonus(self) -> int:
        """Added to the recovery die: +1 bone-setter, +2 graduate (R-10, §6.5)."""
        return 1 if self is Doctor.BONE_SETTER else 2

    @property
    def fee(self) -> int:
        """Price of hiring one for a roll: 5$ bone-setter, 20$ graduate (R-10, §6.5 text)."""
        return 5 if self is Doctor.BONE_SETTER else 20

    @property
    def name_it(self) -> str:
        return _DOCTOR_NAMES[self][0]

    @property
    def name_en(self) -> str:
        return _DOCTOR_NAMES[self][1]

    @property
    def aliases(self) -> tuple[str, ...]:
        return _DOCTOR_NAMES[self][2:]


_DOCTOR_NAMES: dict[Doctor, tuple[str, ...]] = {
    # The skill ids name the doctor too: a DOTTORE is a bone-setter.
    Doctor.BONE_SETTER: ("Dottore segaossa", "Bone-setter", "segaossa", "dottore", "bonesetter"),
    Doctor.GRADUATE: ("Dottore laureato", "Graduate doctor", "laureato", "dottore-laureato"),
}


def _lookup(kind: str, value: str, members: Collection[Doctor] | Collection[Invalidity]) -> str:
    from skirmish.rules.names import normalize

    key = normalize(value)
    names: dict[str, str] = {}
    for member in members:
        for name in (member.value, member.name_it, member.name_en, *member.aliases):
            names[normalize(name)] = member.value
    if key in names:
        return names[key]
    import difflib

    close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.5)
    suggestions = list(dict.fromkeys(names[c] for c in close)) or [m.value for m in members]
    raise UnknownNameError(kind, value, suggestions)


def find_doctor(name: Doctor | str) -> Doctor:
    """A doctor by id, Italian or English name (``segaossa``, ``graduate``…) (R-10)."""
    if isinstance(name, Doctor):
        return name
    return Doctor(_lookup("doctor", name, list(Doctor)))


def find_invalidity(name: Invalidity | str) -> Invalidity:
    """An invalidity by id, Italian or English name (``orbo``, ``one-eyed``…) (R-10)."""
    if isinstance(name, Invalidity):
        return name
    return Invalidity(_lookup("invalidity", name, list(Invalidity)))


@dataclass(frozen=True, slots=True)
class RecoveryResult:
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
    """Stage: the modified recovery result read on the table (R-10, §6.5)."""
    if total <= 1:
        return RecoveryOutcome.DEAD
    if total == 2:
        return RecoveryOutcome.INVALID
    if total <= 4:
        return RecoveryOutcome.WOUNDED
    return RecoveryOutcome.RECOVERED


def fortuna_saves(face: int, cos: int) -> bool:
    """Stage: the FORTUNA reroll saves the model when the natural die is below its COS (R-10)."""
    return face < cos


def invalidity_for_face(face: int) -> Invalidity:
    """Stage: the invalid sub-table, 1 Malattia to 6 Imbranato (R-10, §6.5)."""
    return list(Invalidity)[face - 1]


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
    DOTTORE who survived the game helps for free (``hired=False``).
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
                f"{MAX_ROLLS} rolls on the invalid table all repeated invalidities the model "
                "has; the dice keep repeating, roll them again."
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
