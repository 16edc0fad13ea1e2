"""What a shooting or fighting action is made of: the attacker, the situation and the target.

These frozen values are the inputs of every combat stage (``nerve``, ``shooting``, ``fight``,
``saving``, ``panic``) and of ``skirmish roll shoot|melee`` and ``skirmish odds``. Each field is
one thing a player would say at the table ("he is shaken", "the target has not acted yet",
"light cover"); every modifier of tables 3 and 4 and of the rulings R-01…R-05 and R-14 is
reachable from one of them. Characteristics are checked on construction (0–4, §7.1); what
depends on the whole action (full cover, out of range, aiming a six-shooter…) is checked by
``shooting.check_shoot`` and ``fight.check_melee``.

They are ``NamedTuple``s (issue #23: ``roll`` builds these classes on every start, and a frozen
dataclass of twenty fields costs several times a NamedTuple to create); the three that check
their values are a NamedTuple of their fields and a subclass whose ``__new__`` checks them.
``_replace`` makes a variant without the checks: its values were checked already.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

from enum import StrEnum
from typing import Any, NamedTuple

from skirmish.engine.characteristic import check_characteristic
from skirmish.errors import RulesError
from skirmish.rules.ids import FactionId, ItemId, SkillId
from skirmish.rules.model import Cover, ModelState, Weapon, WeaponCategory
from skirmish.translation import Both, Message

#: Skill ids that matter in combat (§7.2).
FUCILIERE = SkillId.FUCILIERE
GUERRIERO = SkillId.GUERRIERO
PUGILE = SkillId.PUGILE
PREDICATORE = SkillId.PREDICATORE
BUON_CAVALIERE = SkillId.BUON_CAVALIERE
BOUNTY_KILLER = SkillId.BOUNTY_KILLER
DURO = SkillId.DURO
CECCHINO = SkillId.CECCHINO
PISTOLERO = SkillId.PISTOLERO

#: Skills whose +1 is for one weapon type chosen when the skill was gained, and that type's
#: category (§7.2: "un tipo di fucile a scelta", "arma bianca a scelta", "pistola a scelta").
CHOSEN_WEAPON_SKILLS: dict[str, WeaponCategory] = {
    FUCILIERE: WeaponCategory.RIFLE,
    GUERRIERO: WeaponCategory.BLADE,
    PISTOLERO: WeaponCategory.PISTOL,
}

#: Faction ids with a rule in combat.
MEXICANS = FactionId.MEXICANS  # fanning also fires on a 5, at −1 (§9.7, R-14)

#: The weapon whose first use in a game helps the saving roll (§5.2.1, R-03).
SMALL_PISTOL = ItemId.SMALL_PISTOL
#: The item that lengthens a rifle's long range (§8.3).
RIFLE_SCOPE = ItemId.RIFLE_SCOPE
#: Night (scenario "Il testimone") and partly hidden indians outside a town: −1 beyond this (R-02).
FAR = 20
#: An invalid "Orbo" cannot see or shoot beyond this (R-10).
ORBO_SIGHT = 18


class Motion(StrEnum):
    """How fast the shooter's horse or vehicle moves while it fires (table 3)."""

    NONE = "none"  # on foot, or on a mount standing still
    NORMAL = "normal"  # horse at a trot, vehicle at normal speed: −1
    FAST = "fast"  # horse at a gallop, vehicle at speed: −2


class MountPace(StrEnum):
    """A target's mount (table 3, §4.2.2): on foot, on a standing horse, at a trot or a gallop."""

    NONE = "none"
    STILL = "still"
    TROT = "trot"
    GALLOP = "gallop"


class Elevation(StrEnum):
    """Who holds the higher ground in a fight (table 4)."""

    NONE = "none"
    ATTACKER = "attacker"  # +1
    DEFENDER = "defender"  # −1


class Immunity(StrEnum):
    """Why a model never takes a panic test and always passes (R-04)."""

    CAPITANO = "capitano"  # the Capitano and every friend within 5U (§9.10)
    VICESCERIFFO = "vicesceriffo"  # his Sceriffo within 5U and not terrified (§9.3)
    SERGENTE = "sergente"  # within 5U of at least two soldiers (§9.10)


class SkillTaken(NamedTuple):
    """A skill a model has; FUCILIERE, GUERRIERO and PISTOLERO name the chosen weapon id."""

    id: str
    choice: str | None = None


def check_hands(attacker: "Attacker") -> None:
    """An invalid "Mano mozzata" cannot use two-handed weapons (§6.5, R-10)."""
    weapon = attacker.weapon
    if attacker.mano_mozzata and weapon is not None and weapon.two_handed:
        raise RulesError(
            Message(
                "an invalid 'Mano mozzata' cannot use two-handed weapons such as the "
                "{weapon_name} (§6.5, R-10).",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )


def has_skill(skills: tuple[SkillTaken, ...], skill: str) -> bool:
    """Whether ``skill`` (an id) is among ``skills``."""
    return any(s.id == skill for s in skills)


def chosen_weapon_skill(skills: tuple[SkillTaken, ...], weapon: Weapon | None) -> str | None:
    """The skill (FUCILIERE, GUERRIERO, PISTOLERO) whose chosen weapon is ``weapon``, if any."""
    if weapon is None:
        return None
    for skill in skills:
        if skill.id in CHOSEN_WEAPON_SKILLS and skill.choice == weapon.id:
            return skill.id
    return None


class _AttackerFields(NamedTuple):
    """The fields of ``Attacker``, checked when one is made."""

    tiro: int = 3
    fred: int = 3
    cos: int = 3
    weapon: Weapon | None = None
    skills: tuple[SkillTaken, ...] = ()
    state: ModelState = ModelState.STEADY
    prone: bool = False  # the attacker lies on the ground (fight −1, table 4)
    mounted: bool = False
    moving: Motion = Motion.NONE
    whisky: bool = False  # +1 FRED for the whole game (§8.3, R-01)
    two_pistols: bool = False  # −1 to hit unless BOUNTY KILLER (table 3, §7.2)
    faction: str | None = None  # faction id, e.g. "mexicans" for their fanning 5s
    near_two_soldiers: bool = False  # a soldier within 5U of two other soldiers: +1 (§9.10)
    bear_hunter: bool = False  # Cacciatore di orsi: +1 in a fight (§9.6)
    malattia: bool = False  # invalid "Malattia": −1 COS in fight rolls (§6.5)
    orbo: bool = False  # invalid "Orbo": cannot shoot beyond 18U (§6.5)
    mano_mozzata: bool = False  # invalid "Mano mozzata": no two-handed weapons (§6.5)
    rounds: int | None = None  # rounds loaded: 7 or 17 for repeater, musket, carbine
    scope: bool = False  # rifle scope: +4U long range (§8.3)


class Attacker(_AttackerFields):
    """The model that shoots or starts a fight, as it stands when it acts.

    ``weapon`` ``None`` means bare hands (a fight only). ``state`` shaken adds +1 on each
    nerve die (R-01); terrified cannot act (§4.3.2). ``mounted`` is on a horse (fight +2,
    table 4); ``moving`` is the speed of the horse or vehicle it fires from (table 3).
    ``rounds`` is what a repeater, musket or carbine was loaded with (7 or 17, R-14).
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> "Attacker":
        made = super().__new__(cls, *args, **kwargs)
        check_characteristic("TIRO", made.tiro)
        check_characteristic("FRED", made.fred)
        check_characteristic("COS", made.cos)
        return made

    def has(self, skill: str) -> bool:
        """Whether the attacker has ``skill`` (an id)."""
        return has_skill(self.skills, skill)

    @property
    def mexican(self) -> bool:
        """Whether the attacker is one of the mexicans (their fanning also fires on a 5)."""
        return self.faction == MEXICANS


class _TargetFields(NamedTuple):
    """The fields of ``Target``, checked when one is made."""

    rif: int | None = None
    fred: int | None = None
    cos: int | None = None
    weapon: Weapon | None = None
    skills: tuple[SkillTaken, ...] = ()
    state: ModelState = ModelState.STEADY
    prone: bool = False
    mount: MountPace = MountPace.NONE
    leader_fred: int | None = None  # lent by a leader whose profile lends it
    friends: int = 0
    volunteer: bool = False  # lawmen's Volontario: +1 FRED with a friend within 5U
    gringo_far: bool = False  # a Gringo more than 15U from his leader: +1 on each die
    immunity: Immunity | None = None
    saloon_girl: bool = False  # shooting or fighting her: +1 on each nerve die (R-01, §9.12)
    whisky: bool = False  # +1 FRED in panic tests, −1 RIF (§8.3)
    indian_hidden: bool = False  # an indian partly hidden, outside a town: −1 beyond 20U (§9.11)
    imbranato: bool = False  # invalid "Imbranato": +1 on each reflex die (a thrown rider, R-06)


class Target(_TargetFields):
    """The model shot at or attacked. ``rif``, ``fred`` and ``cos`` are optional: given, the
    action carries on through the saving rolls (RIF), the wounds off COS and the panic test
    (FRED), as at the table.

    ``weapon`` is what it holds in a fight (``None``: bare hands). ``leader_fred`` is the FRED
    its leader within 5U lends: only a Sceriffo, Boss, Ranchero, Killer or Capo tribù lends it
    (``panic.lent_fred``, R-17); ``friends`` the friendly models within 5U (for PREDICATORE and
    the lawmen's Volontario, R-04).
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> "Target":
        made = super().__new__(cls, *args, **kwargs)
        for label, value in (
            ("target RIF", made.rif),
            ("target FRED", made.fred),
            ("target COS", made.cos),
            ("leader's FRED", made.leader_fred),
        ):
            if value is not None:
                check_characteristic(label, value)
        if made.cos == 0:
            raise RulesError(
                Message(
                    "target COS 0: a model whose COS reaches 0 is eliminated (§6.1) and "
                    "can be neither shot at nor attacked; give the COS it has left (1–4)."
                )
            )
        if made.friends < 0:
            raise RulesError(
                Message(
                    "friendly models within 5U: {friends!r}; give 0 or more.", friends=made.friends
                )
            )
        return made

    def has(self, skill: str) -> bool:
        """Whether the target has ``skill`` (an id)."""
        return has_skill(self.skills, skill)

    @property
    def mounted(self) -> bool:
        """Whether the target is on a horse (whatever its pace)."""
        return self.mount is not MountPace.NONE


class _ShotSituationFields(NamedTuple):
    """The fields of ``ShotSituation``, checked when one is made."""

    range: float | None = None
    cover: Cover = Cover.NONE
    aim: bool = False
    moved: bool = False  # took a movement action this turn (the free 90° turn counts)
    shots: int = 1
    target_waiting: bool = False  # the target has not yet taken its turn: +1
    behind: bool = False  # the shooter is behind the target: save +2
    target_not_in_view: bool = False  # not in view at the start of the shooter's turn: −1
    opportunity: bool = False  # no bonus at all, the weapon's too; target moving −1
    night: bool = False  # scenario "Il testimone": −1 beyond 20U
    first_small_pistol: bool = False  # the small pistol's first use this game (save +1, R-03)
    fanning: bool = False  # six-shooter: empty the cylinder
    template_position: int = 1


class ShotSituation(_ShotSituationFields):
    """Everything about one shooting action that is neither the shooter nor the target.

    ``range`` is in U; ``None`` means "within long range, beyond short range" (no range
    modifier) — the default of ``skirmish roll shoot``. ``shots`` is how many shots are
    declared (1 unless the weapon fires more a turn); with ``fanning`` the 6D6 decide.
    ``template_position`` is this model's place among the models under the sawn-off's
    template: only the first roll of the action has no "after the first" −1 (R-14).
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> "ShotSituation":
        made = super().__new__(cls, *args, **kwargs)
        if made.range is not None and made.range < 0:
            raise RulesError(
                Message("range {range!r}U is negative; give the distance in U.", range=made.range)
            )
        if made.range is not None and made.range != made.range:  # NaN compares unequal
            raise RulesError(
                Message(
                    "range {range!r} is not a number; give the distance in U.", range=made.range
                )
            )
        if made.shots < 1:
            raise RulesError(
                Message("shots {shots!r}: an action fires at least one shot.", shots=made.shots)
            )
        if made.template_position < 1:
            raise RulesError(
                Message(
                    "template position {template_position!r}: the first model is 1.",
                    template_position=made.template_position,
                )
            )
        return made


class FightSituation(NamedTuple):
    """Everything about one fight that is neither the attacker nor the defender (table 4)."""

    behind: bool = False  # the attacker is behind the defender: save +2
    target_waiting: bool = False  # the defender has not yet taken its turn: +1 (table 3, R-18)
    elevation: Elevation = Elevation.NONE
    mountain_men_charge: bool = False  # charged by mountain men: +1 on each panic die (§9.6)


class ShootSetup(NamedTuple):
    """A shooting action: who shoots, at whom, in what situation."""

    attacker: Attacker
    target: Target = Target()
    situation: ShotSituation = ShotSituation()


class MeleeSetup(NamedTuple):
    """A fight: who attacks, whom, in what situation."""

    attacker: Attacker
    target: Target = Target()
    situation: FightSituation = FightSituation()
