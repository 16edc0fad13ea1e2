"""A model in a game as the engine sees it, pure (issue #9; moved below the campaign layer for
issue #24, so the phone's offline preview builds a shot's setup with the same code as the server).

A ``Combatant`` is a model of a game as it stands: its profile, its gang's other models still in
play (``Ally``), its current numbers (advances and the COS left), skills, injuries (through
``Invalidity``), the items it carries, what it consumed (whisky drunk, the small pistol's first
hit) and its state; ``campaign.game.combatant`` reads it from the store. ``attacker_inputs`` and
``target_inputs`` turn it into the inputs of the declaration of the combat situation
(``engine.situation``) that come from the model (``Source.MODEL``): the same values a player
reading the roster would type into ``skirmish roll``. ``setup_of`` adds the table's inputs, the
weapon chosen and the scenario's night, and hands them to the engine's one builder with what the
game knows of who the models are (``known_of``), for the inputs' conditions. A test checks that
every model input of the declaration is filled here, and a differential test that ``game`` and
``roll`` build identical setups from the same numbers. ``to_json``/``from_json`` carry a
combatant in the offline kit (``campaign.game.offline_kit``) and back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.engine.input_ids import InputId
from skirmish.engine.panic import lent_fred
from skirmish.engine.recovery import Invalidity
from skirmish.engine.reflex import reflex_modifiers
from skirmish.engine.result import Modifier
from skirmish.engine.setup import (
    Immunity,
    MeleeSetup,
    MountPace,
    ShootSetup,
    SkillTaken,
    has_skill,
)
from skirmish.engine.situation import Known, Procedure
from skirmish.engine.situation_value import Situation, melee_setup, shoot_setup
from skirmish.errors import CampaignError
from skirmish.rules import find_equipment, find_item, find_profile
from skirmish.rules.ids import FactionId, ItemId, ProfileId, SkillId
from skirmish.rules.model import ModelState, Weapon, WeaponCategory
from skirmish.rules.names import normalize
from skirmish.translation import Both, Message

#: Names that mean "no weapon" in a fight.
BARE_HANDS = frozenset({"bare-hands", "mani-nude", "none", "unarmed"})
#: Soldiers a Sergente needs in play for his immunity (R-04, §9.10).
SERGEANT_SOLDIERS = 2


@dataclass(frozen=True)
class Ally:
    """Another model of the same gang still in play: who it is and how it stands."""

    profile: str  # profile id
    fred: int
    state: ModelState = ModelState.STEADY


@dataclass(frozen=True)
class Combatant:
    """A model as it stands in a game: everything the engine's inputs need from the campaign."""

    name: str
    profile: str  # profile id
    tiro: int  # current numbers: the profile's, after advances
    fred: int
    rif: int
    cos_left: int  # COS left in this game (R-10's "wounded" start, wounds taken)
    skills: tuple[SkillTaken, ...] = ()
    injuries: frozenset[Invalidity] = frozenset()
    carried: tuple[str, ...] = ()  # item ids, in the order they were given
    state: ModelState = ModelState.STEADY
    prone: bool = False
    drank_whisky: bool = False  # §8.3: drunk in this game (``skirmish game drink``)
    small_pistol_used: bool = False  # its first hit within short range is spent
    mounted: bool = False  # on its horse (``skirmish game mount``, tables 3 and 4)
    allies: tuple[Ally, ...] = ()

    @property
    def faction(self) -> str:
        """The faction of its profile (a hired civilian is not one of the mexicans)."""
        return find_profile(self.profile).faction

    def has(self, injury: Invalidity) -> bool:
        """Whether the model suffers ``injury``."""
        return injury in self.injuries

    def weapons(self) -> list[Weapon]:
        """The weapons it carries, in order."""
        found = (find_equipment(item) for item in self.carried)
        return [w for w in found if isinstance(w, Weapon)]

    def to_json(self) -> dict[str, Any]:
        """The combatant as plain JSON values, field by field (the offline kit, issue #24)."""
        return {
            "name": self.name,
            "profile": self.profile,
            "tiro": self.tiro,
            "fred": self.fred,
            "rif": self.rif,
            "cos_left": self.cos_left,
            "skills": [[s.id, s.choice] for s in self.skills],
            "injuries": sorted(i.value for i in self.injuries),
            "carried": list(self.carried),
            "state": self.state.value,
            "prone": self.prone,
            "drank_whisky": self.drank_whisky,
            "small_pistol_used": self.small_pistol_used,
            "mounted": self.mounted,
            "allies": [[a.profile, a.fred, a.state.value] for a in self.allies],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Combatant:
        """The combatant ``to_json`` wrote: ``Combatant.from_json(c.to_json()) == c``."""
        return cls(
            name=str(data["name"]),
            profile=str(data["profile"]),
            tiro=int(data["tiro"]),
            fred=int(data["fred"]),
            rif=int(data["rif"]),
            cos_left=int(data["cos_left"]),
            skills=tuple(
                SkillTaken(str(i), None if c is None else str(c)) for i, c in data["skills"]
            ),
            injuries=frozenset(Invalidity(i) for i in data["injuries"]),
            carried=tuple(str(i) for i in data["carried"]),
            state=ModelState(data["state"]),
            prone=bool(data["prone"]),
            drank_whisky=bool(data["drank_whisky"]),
            small_pistol_used=bool(data["small_pistol_used"]),
            mounted=bool(data["mounted"]),
            allies=tuple(Ally(str(p), int(f), ModelState(st)) for p, f, st in data["allies"]),
        )


def person(profile_id: str, name: str) -> Combatant:
    """A scenario's person (mayor, witness, politician): a civilian of §9.12 with the profile's
    numbers, carrying nothing."""
    profile = find_profile(profile_id)
    return Combatant(
        name=name,
        profile=profile.id,
        tiro=profile.tiro,
        fred=profile.fred,
        rif=profile.rif,
        cos_left=profile.cos,
    )


# ---------------------------------------------------------------------------- weapons


def shoots(weapon: Weapon) -> bool:
    """Whether ``weapon`` fires or is thrown at a model (not an explosive, not the lasso)."""
    return (
        weapon.deals_damage
        and (weapon.short is not None or weapon.thrown or weapon.template)
        and weapon.category is not WeaponCategory.EXPLOSIVE
    )


def pick_weapon(
    model: Combatant,
    name: str | None,
    *,
    fight: bool,
    range_u: float | None = None,
    equip: Message | str = "",
) -> Weapon | None:
    """The weapon ``model`` uses: ``name`` if it carries one (``bare-hands`` in a fight), else
    its first firearm (one that reaches ``range_u`` when given), else what it can throw, or in
    a fight its first blade, else its first improvised weapon, else bare hands (``None``).

    A player shooting without naming the weapon means the gun, not the knife in the boot: a
    thrown weapon is the default only for a model with no firearm (decision, docs/games.md).

    A refusal says how to give the model a weapon between games as ``equip`` says it (the
    campaign's ``pick_weapon`` names the command; the engine knows no front end)."""
    carried = model.weapons()
    if name is not None:
        if fight and normalize(name) in BARE_HANDS:
            return None
        wanted = find_equipment(name)
        for weapon in carried:
            if weapon.id == wanted.id:
                return weapon
        held = ", ".join(w.id for w in carried) or "nothing"
        raise CampaignError(
            Message(
                "{model_name!r} does not carry a {wanted_name_lower} (carries: "
                "{held}); give it{on_command_line_with_skirmish} between games.",
                model_name=model.name,
                held=held,
                wanted_name_lower=Both(wanted.name_en.lower(), wanted.name_it.lower()),
                on_command_line_with_skirmish=equip,
            )
        )
    if fight:
        usable = [w for w in carried if w.blade] or [w for w in carried if w.improvised]
        return usable[0] if usable else None
    usable = [w for w in carried if shoots(w)]
    firearms = [w for w in usable if not w.thrown and not w.template]
    reaching = [w for w in firearms if range_u is None or w.long is None or range_u <= w.long]
    for choice in (reaching, firearms, usable):
        if choice:
            return choice[0]
    raise CampaignError(
        Message(
            "{model_name!r} carries no weapon to shoot with; give one between "
            "games{on_command_line_with_skirmish}.",
            model_name=model.name,
            on_command_line_with_skirmish=equip,
        )
    )


def reflex_mods(
    model: Combatant, *, horse: bool = False, lasso: bool = False, opportunity: bool = False
) -> tuple[Modifier, ...]:
    """The modifiers on each die of ``model``'s reflex test (R-06): BUON CAVALIERE on a horse,
    the cowboys with the lasso, Imbranato, whisky; every penalty doubled for opportunity fire
    (§4.2.3)."""
    return reflex_modifiers(
        horse=horse,
        buon_cavaliere=has_skill(model.skills, SkillId.BUON_CAVALIERE),
        lasso=lasso,
        cowboy=model.faction == FactionId.COWBOYS,
        imbranato=model.has(Invalidity.IMBRANATO),
        whisky=model.drank_whisky,
        opportunity=opportunity,
    )


# ---------------------------------------------------------------------------- inputs


def _state(model: Combatant, prefix: str = "") -> dict[str, bool]:
    return {
        f"{prefix}shaken": model.state is ModelState.SHAKEN,
        f"{prefix}terrified": model.state is ModelState.TERRIFIED,
    }


def attacker_inputs(model: Combatant, procedure: Procedure, weapon: Weapon | None) -> Situation:
    """The inputs of ``procedure`` that ``model``, attacking with ``weapon``, brings from the
    campaign: its numbers, skills, injuries, items, drink and state (``Source.MODEL``)."""
    values: dict[str, object] = {
        "fred": model.fred,
        "cos": max(0, min(4, model.cos_left)),
        "weapon": weapon,
        "skill": model.skills,
        **_state(model),
        "whisky": model.drank_whisky,
        "faction": model.faction,
        "mano_mozzata": model.has(Invalidity.MANO_MOZZATA),
    }
    if procedure is Procedure.SHOOT:
        scope = find_item(ItemId.RIFLE_SCOPE)
        values |= {
            "tiro": model.tiro,
            "orbo": model.has(Invalidity.ORBO),
            "scope": ItemId.RIFLE_SCOPE in model.carried
            and weapon is not None
            and weapon.id in scope.fits,
            "first_small_pistol": weapon is not None
            and weapon.id == ItemId.SMALL_PISTOL
            and not model.small_pistol_used,
        }
    else:
        values |= {
            "malattia": model.has(Invalidity.MALATTIA),
            "prone": model.prone,
            "bear_hunter": model.profile == ProfileId.BEAR_HUNTER,
        }
    return Situation.read(procedure, values)


def leader_fred(model: Combatant) -> int | None:
    """The FRED its leader in play lends to its panic test: only the five leaders whose profile
    lends it (R-04, R-17); ``None`` when none is in play."""
    for ally in model.allies:
        lent = lent_fred(find_profile(ally.profile), ally.fred)
        if lent is not None:
            return lent
    return None


def target_inputs(
    model: Combatant,
    procedure: Procedure,
    weapon: Weapon | None = None,
    *,
    leader_near: bool = False,
) -> Situation:
    """The inputs of ``procedure`` that ``model``, shot at or attacked, brings from the
    campaign; ``leader_near``: the players say its leader is within 5U (R-04, R-17)."""
    values: dict[str, object] = {
        "target_rif": model.rif,
        "target_fred": model.fred,
        "target_cos": model.cos_left,
        **_state(model, "target_"),
        "target_prone": model.prone,
        "target_skill": model.skills,
        "leader_fred": leader_fred(model) if leader_near else None,
        "volunteer": model.profile == ProfileId.LAWMEN_VOLUNTEER,
        "saloon_girl": model.profile == ProfileId.SALOON_GIRL,
        "target_whisky": model.drank_whisky,
    }
    if procedure is Procedure.SHOOT:
        values["target_imbranato"] = model.has(Invalidity.IMBRANATO)
    else:
        values["target_weapon"] = weapon
    return Situation.read(procedure, values)


# ---------------------------------------------------------------------------- conditions


def _military(profile: str) -> bool:
    return find_profile(profile).faction == FactionId.MILITARY


def immunities(model: Combatant) -> frozenset[Immunity]:
    """The immunities to panic whose condition holds for ``model`` as the game stands (R-04):
    the Capitano and his friends; a Vicesceriffo whose Sceriffo is in play and not terrified;
    a Sergente with two soldiers in play (within 5U is the players' to say)."""
    found: set[Immunity] = set()
    profiles = [a.profile for a in model.allies]
    if model.profile == ProfileId.CAPTAIN or ProfileId.CAPTAIN in profiles:
        found.add(Immunity.CAPITANO)
    if model.profile == ProfileId.DEPUTY and any(
        a.profile == ProfileId.SHERIFF and a.state is not ModelState.TERRIFIED for a in model.allies
    ):
        found.add(Immunity.VICESCERIFFO)
    soldiers = sum(1 for p in profiles if _military(p))
    if model.profile == ProfileId.SERGEANT and soldiers >= SERGEANT_SOLDIERS:
        found.add(Immunity.SERGENTE)
    return frozenset(found)


def known_of(attacker: Combatant, target: Combatant) -> Known:
    """Who the two models are, for the conditions of the table's inputs (``--charge``,
    ``--two-pistols``, ``--near-two-soldiers``, ``--gringo-far``, ``--indian-hidden``,
    ``--immune``)."""
    return Known(
        attacker_faction=attacker.faction,
        attacker_profile=attacker.profile,
        attacker_pistols=sum(1 for w in attacker.weapons() if w.category is WeaponCategory.PISTOL),
        attacker_soldiers=sum(1 for a in attacker.allies if _military(a.profile)),
        target_faction=target.faction,
        target_profile=target.profile,
        target_immunities=immunities(target),
    )


# ---------------------------------------------------------------------------- setups


def setup_of(
    procedure: Procedure,
    attacker: Combatant,
    target: Combatant,
    table: Situation,
    *,
    weapon: Weapon | None,
    target_weapon: Weapon | None = None,
    night: bool = False,
) -> ShootSetup | MeleeSetup:
    """The engine's setup of ``attacker`` shooting at or fighting ``target``: the models'
    inputs, the ``table``'s (by the declaration's ids; ``leader_near`` among them), the weapons
    chosen and the scenario's night, checked against who the models are."""
    leader_near = table.flag(InputId.LEADER_NEAR)
    values = (
        attacker_inputs(attacker, procedure, weapon)
        .with_(target_inputs(target, procedure, target_weapon, leader_near=leader_near))
        .with_(table)
        .with_(on_horseback(procedure, attacker, target, table))
    )
    known = known_of(attacker, target)
    if procedure is Procedure.SHOOT:
        return shoot_setup(values.with_({InputId.NIGHT: night}), known)
    return melee_setup(values, known)


def on_horseback(
    procedure: Procedure, attacker: Combatant, target: Combatant, table: Situation
) -> Situation:
    """The table's horse inputs where the game knows a model rides (``game mount``): in a
    fight the rider has +2 and a rider defends at −2 (table 4); a rider shot at has a mount a 7
    can hit (R-02(c)), standing unless the table gives its pace (table 3). The table's word
    wins: the tracker knows that a model rides, not how far its horse went this turn."""
    if procedure is Procedure.MELEE:
        return Situation.read(procedure, {
            InputId.MOUNTED: table.flag(InputId.MOUNTED) or attacker.mounted,
            InputId.TARGET_MOUNTED: table.flag(InputId.TARGET_MOUNTED) or target.mounted,
        })  # fmt: skip
    pace = table.word(InputId.TARGET_MOUNT)
    if target.mounted and (pace is None or MountPace(pace) is MountPace.NONE):
        return Situation.read(procedure, {InputId.TARGET_MOUNT: MountPace.STILL})
    return Situation.read(procedure, {})
