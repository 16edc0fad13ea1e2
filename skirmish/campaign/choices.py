"""What a gang may do next between games, asked of the very checks its services make.

Each query takes ``(session, gang)`` and changes nothing: ``hire_options`` (R-13, H-08),
``buy_options`` (R-10, R-12, H-03), ``sell_options`` (H-05), ``equip_options`` (R-10),
``unequip_options`` and ``advance_options`` (R-11, H-08). Every answer comes from the service's
own check (``roster.require_hire``, ``equipment.require_for_sale``, ``require_carry``,
``require_price``, ``require_retry``, ``advancement.require_advance``…): the check raises its
``CampaignError`` and a query catches it to learn the refusal, in both languages, word for word
what the action would say. No rule is written here a second time.

The two refusals that stop every action of a gang, a retired gang and R-23's "between games
only" (a game being played, a post-game sequence still owed), are the gang-level ``refusal`` of
each answer; every option then carries it too, so ``option.allowed`` is always the truth.

``*_data(choices, lang)`` gives each answer as the JSON that ``skirmish gang hire GANG --json``,
``gang buy GANG --json`` and the web API serve (docs/campaign.md, "What a gang may do next").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.advancement import require_advance
from skirmish.campaign.equipment import (
    availability,
    buy_price,
    owned_item,
    require_carry,
    require_faction_may_buy,
    require_for_sale,
    require_price,
    require_retry,
    sale_price,
    waiting_purchases,
)
from skirmish.campaign.gangs import require_active
from skirmish.campaign.models import Gang, Member, OwnedItem
from skirmish.campaign.owed import require_between_games
from skirmish.campaign.roster import hire_room, require_hire
from skirmish.engine.advances import Advance, promotes_to_hero
from skirmish.errors import CampaignError
from skirmish.i18n import Lang, name
from skirmish.rules import advance_costs, advances, find_equipment, hireable_profiles, items
from skirmish.rules import weapons as weapon_table
from skirmish.rules.model import Item, Profile, Weapon

T = TypeVar("T")

#: A profile's numbers as the book prints them (§9), in its order.
CHARACTERISTICS = ("tiro", "fred", "rif", "cos", "fama", "fortuna", "xp")


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused now: the service's own words, in English and Italian."""

    en: str
    it: str

    def text(self, lang: Lang | str) -> str:
        """The words in ``lang``, as the CLI's ``Error:`` line and the web's form show them."""
        return self.it if str(lang) == Lang.IT else self.en


def refusal(check: Callable[[], object]) -> Refusal | None:
    """Run a service's check: ``None`` if it passes, else the words it refuses with."""
    try:
        check()
    except CampaignError as exc:
        return Refusal(exc.text("en"), exc.text("it"))
    return None


def gang_refusal(session: Session, gang: Gang, what: str) -> Refusal | None:
    """What stops ``gang`` from ``what`` (``"hiring"``, ``"buying"``… as
    ``require_between_games`` names it) whatever it picks: retired, or not between games
    (R-23)."""

    def check() -> None:
        require_active(gang)
        require_between_games(session, gang, what)

    return refusal(check)


def _first(*checks: Callable[[], object]) -> Refusal | None:
    """The first refusal of ``checks``, run in the service's order."""
    for check in checks:
        found = refusal(check)
        if found is not None:
            return found
    return None


@dataclass(frozen=True)
class Choices(Generic[T]):
    """A gang's options for one action: the gang-level refusal, if any, and every option."""

    gang: str
    treasury: int
    refusal: Refusal | None
    options: tuple[T, ...]

    @property
    def available(self) -> tuple[T, ...]:
        """The options that may be taken now."""
        return tuple(o for o in self.options if getattr(o, "allowed", False))


def _allowed_first(options: Iterable[T]) -> tuple[T, ...]:
    """Allowed options first, each group in the book's order (a stable sort)."""
    return tuple(sorted(options, key=lambda o: not getattr(o, "allowed", False)))


# --------------------------------------------------------------------------- hiring


@dataclass(frozen=True)
class HireOption:
    """A profile the gang could hire: how many it has, and why not now (R-13, H-08)."""

    profile: Profile
    hired: int  # models of this profile on the roster
    refusal: Refusal | None
    room: int = 0  # how many more R-13's limits allow (6 models, one leader, "max N")

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def hire_options(session: Session, gang: Gang) -> Choices[HireOption]:
    """Every profile ``gang`` could ever hire (its faction's, then the non-player characters it
    may take, R-13), legal and affordable ones first; the refusal is ``roster.hire``'s own
    (a fresh name assumed: the name is the player's to choose)."""
    stop = gang_refusal(session, gang, "hiring")
    roster = lookup.active_members(gang)
    options = []
    for profile in hireable_profiles(gang.faction):
        hired = sum(1 for m in roster if m.profile == profile.id)
        check = partial(require_hire, gang, profile)
        options.append(HireOption(profile, hired, stop or refusal(check), hire_room(gang, profile)))
    return Choices(gang.name, gang.treasury, stop, _allowed_first(options))


# --------------------------------------------------------------------------- buying


@dataclass(frozen=True)
class Target:
    """Where a purchase or an item could go: the stash (``member`` ``None``) or a model, the
    price there (R-12: a cowboy hero's horse is half), and why not."""

    member: str | None
    price: int
    refusal: Refusal | None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class BuyOption:
    """A weapon or item the gang's faction may buy (R-12): its DISP (``None``: bought without
    a roll), whether it waits for the next game (H-03), and each place it could go."""

    equipment: Weapon | Item
    disp: int | None
    affordable: bool  # the list price is within the treasury
    waiting: bool  # H-03: its availability roll failed; tried again after the next game
    stash: Target
    carriers: tuple[Target, ...]  # each active model, in roster order

    @property
    def allowed(self) -> bool:
        return self.stash.allowed or any(c.allowed for c in self.carriers)

    @property
    def refusal(self) -> Refusal | None:
        """Why it cannot be bought at all (the stash's refusal), ``None`` if it can."""
        return None if self.allowed else self.stash.refusal

    @property
    def two_handed(self) -> bool:
        return isinstance(self.equipment, Weapon) and self.equipment.two_handed


@dataclass(frozen=True)
class BuyChoices(Choices[BuyOption]):
    """``buy_options``' answer, with the items whose failed roll waits for the next game."""

    waiting: tuple[Weapon | Item, ...] = ()


def buy_options(session: Session, gang: Gang) -> BuyChoices:
    """Every weapon and item ``gang``'s faction may buy (R-12: on sale, rare only for its
    factions; explosives are listed, refused unless the campaign allows them), allowed ones
    first, each for the stash and for every active model, with the refusal ``equipment.buy``
    would give (R-10, R-12, H-03)."""
    stop = gang_refusal(session, gang, "buying")
    roster = lookup.active_members(gang)
    waiting_ids = {f.item for f in waiting_purchases(session, gang)}
    options = []
    catalogue: tuple[Weapon | Item, ...] = (*weapon_table(), *items())
    for equipment in catalogue:
        if refusal(partial(require_faction_may_buy, gang, equipment)) is not None:
            continue  # never sold to this faction: not an option at all
        disp, skipped = availability(gang, equipment)
        options.append(
            BuyOption(
                equipment=equipment,
                disp=None if skipped else disp,
                affordable=buy_price(gang, equipment, None) <= gang.treasury,
                waiting=equipment.id in waiting_ids,
                stash=_buy_target(session, gang, equipment, None, stop),
                carriers=tuple(_buy_target(session, gang, equipment, m, stop) for m in roster),
            )
        )
    waiting = tuple(find_equipment(i) for i in sorted(waiting_ids))
    return BuyChoices(gang.name, gang.treasury, stop, _allowed_first(options), waiting)


def _buy_target(
    session: Session,
    gang: Gang,
    equipment: Weapon | Item,
    model: Member | None,
    stop: Refusal | None,
) -> Target:
    """``equipment.buy``'s checks in its order, for the stash (``model`` ``None``) or a model."""
    price = buy_price(gang, equipment, model)
    checks: list[Callable[[], object]] = [partial(require_for_sale, session, gang, equipment)]
    if model is not None:
        checks.append(partial(require_carry, gang, model, equipment))
    checks += [
        partial(require_price, gang, equipment, price),
        partial(require_retry, session, gang, equipment),
    ]
    return Target(model.name if model is not None else None, price, stop or _first(*checks))


# --------------------------------------------------------------------------- selling (H-05)


@dataclass(frozen=True)
class SellOption:
    """An item the gang owns, in the stash (``member`` ``None``) or carried, with what selling
    it pays (H-05: a share of what the one sold was paid); ``count`` alike in that place."""

    equipment: Weapon | Item
    member: str | None
    count: int
    paid: int
    price: int
    refusal: Refusal | None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def _places(gang: Gang) -> list[tuple[Member | None, list[OwnedItem]]]:
    """The stash, then each active model, with what each holds."""
    places: list[tuple[Member | None, list[OwnedItem]]] = [(None, lookup.stash(gang))]
    places += [(m, lookup.carried(gang, m)) for m in lookup.active_members(gang)]
    return places


def _kinds(pool: list[OwnedItem]) -> list[tuple[Weapon | Item, int]]:
    """Each kind of item in ``pool``, in the order first owned, with how many."""
    counts: dict[str, int] = {}
    for owned in pool:
        counts[owned.item] = counts.get(owned.item, 0) + 1
    return [(find_equipment(item), count) for item, count in counts.items()]


def sell_options(session: Session, gang: Gang) -> Choices[SellOption]:
    """Everything ``gang`` owns that could be sold, by place and kind, with the price
    ``equipment.sell`` would pay for the one it would take (H-05)."""
    stop = gang_refusal(session, gang, "selling")
    options = []
    for model, pool in _places(gang):
        for equipment, count in _kinds(pool):
            owned = owned_item(gang, equipment, model)
            price, _ = sale_price(session, gang, owned)
            member = model.name if model is not None else None
            options.append(SellOption(equipment, member, count, owned.paid, price, stop))
    return Choices(gang.name, gang.treasury, stop, _allowed_first(options))


# --------------------------------------------------------------------------- equipping


@dataclass(frozen=True)
class EquipOption:
    """A kind of item in the stash and each active model that may (or may not) take it."""

    equipment: Weapon | Item
    count: int
    takers: tuple[Target, ...]  # ``price`` is what the one given was paid

    @property
    def allowed(self) -> bool:
        return any(t.allowed for t in self.takers)

    @property
    def refusal(self) -> Refusal | None:
        """The first model's refusal when nobody may take it (``None`` with nobody to ask)."""
        if self.allowed or not self.takers:
            return None
        return self.takers[0].refusal


def equip_options(session: Session, gang: Gang) -> Choices[EquipOption]:
    """Each kind of item in ``gang``'s stash, with who may take it (``equipment.equip``'s
    R-10 check: no two-handed weapon for a model with Mano mozzata)."""
    stop = gang_refusal(session, gang, "equipping")
    roster = lookup.active_members(gang)
    options = []
    for equipment, count in _kinds(lookup.stash(gang)):
        paid = owned_item(gang, equipment, None).paid
        takers = []
        for model in roster:
            check = partial(require_carry, gang, model, equipment)
            takers.append(Target(model.name, paid, stop or refusal(check)))
        options.append(EquipOption(equipment, count, tuple(takers)))
    return Choices(gang.name, gang.treasury, stop, _allowed_first(options))


@dataclass(frozen=True)
class UnequipOption:
    """A kind of item a model carries, which it may put back in the stash."""

    equipment: Weapon | Item
    member: str
    count: int
    refusal: Refusal | None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def unequip_options(session: Session, gang: Gang) -> Choices[UnequipOption]:
    """Each kind of item each active model of ``gang`` carries (``equipment.unequip``)."""
    stop = gang_refusal(session, gang, "unequipping")
    options = [
        UnequipOption(equipment, model.name, count, stop)
        for model, pool in _places(gang)
        if model is not None
        for equipment, count in _kinds(pool)
    ]
    return Choices(gang.name, gang.treasury, stop, tuple(options))


# --------------------------------------------------------------------------- advances


@dataclass(frozen=True)
class AdvanceChoice:
    """One advance for one model: its XP cost, what is still missing, whether it makes a common
    model a hero (R-11, H-08), and why not now."""

    advance: Advance
    cost: int
    missing: int  # XP the model still lacks (0 when it has enough)
    promotes: bool
    refusal: Refusal | None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class AdvanceOption:
    """An active model, its XP, and each advance of §7.2."""

    member: str
    xp: int
    advances: tuple[AdvanceChoice, ...]

    @property
    def allowed(self) -> bool:
        return any(a.allowed for a in self.advances)


def advance_options(session: Session, gang: Gang) -> Choices[AdvanceOption]:
    """Each active model of ``gang`` with every advance and whether it may take it now
    (``advancement.require_advance``: the cap of 4, the XP, room for a new hero), models that
    may advance first."""
    stop = gang_refusal(session, gang, "an advance")
    costs = advance_costs()
    options = []
    for model in lookup.active_members(gang):
        found = []
        for kind in Advance:
            check = partial(require_advance, session, gang, model, kind)
            cost = costs[kind.value]
            found.append(
                AdvanceChoice(
                    kind,
                    cost,
                    max(0, cost - model.xp),
                    promotes_to_hero(role=model.role, advance=kind),
                    stop or refusal(check),
                )
            )
        options.append(AdvanceOption(model.name, model.xp, tuple(found)))
    return Choices(gang.name, gang.treasury, stop, _allowed_first(options))


# --------------------------------------------------------------------------- JSON


def _envelope(
    choices: Choices[Any], lang: Lang | str, options: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "gang": choices.gang,
        "treasury": choices.treasury,
        "allowed": choices.refusal is None,
        "refusal": _words(choices.refusal, lang),
        "options": options,
    }


def _words(found: Refusal | None, lang: Lang | str) -> str | None:
    return found.text(lang) if found is not None else None


def _target_data(target: Target, lang: Lang | str) -> dict[str, Any]:
    return {
        "member": target.member,
        "price": target.price,
        "allowed": target.allowed,
        "refusal": _words(target.refusal, lang),
    }


def hire_data(choices: Choices[HireOption], lang: Lang | str) -> dict[str, Any]:
    """``hire_options`` as JSON (``gang hire GANG --json``, the web API)."""
    return _envelope(
        choices,
        lang,
        [
            {
                "profile": o.profile.id,
                "name": name(o.profile, lang),
                "faction": o.profile.faction,
                "role": o.profile.role.value,
                "cost": o.profile.cost,
                "max": o.profile.max,
                "hired": o.hired,
                "room": o.room,
                "characteristics": {c: getattr(o.profile, c) for c in CHARACTERISTICS},
                "skills": list(o.profile.skills),
                "allowed": o.allowed,
                "refusal": _words(o.refusal, lang),
            }
            for o in choices.options
        ],
    )


def _kind(equipment: Weapon | Item) -> str:
    return "weapon" if isinstance(equipment, Weapon) else equipment.kind


def buy_data(choices: BuyChoices, lang: Lang | str) -> dict[str, Any]:
    """``buy_options`` as JSON (``gang buy GANG --json``, the web API)."""
    data = _envelope(
        choices,
        lang,
        [
            {
                "item": o.equipment.id,
                "name": name(o.equipment, lang),
                "kind": _kind(o.equipment),
                "cost": o.equipment.cost,
                "disp": o.disp,
                "two_handed": o.two_handed,
                "affordable": o.affordable,
                "waiting": o.waiting,
                "allowed": o.allowed,
                "refusal": _words(o.refusal, lang),
                "stash": _target_data(o.stash, lang),
                "carriers": [_target_data(c, lang) for c in o.carriers],
            }
            for o in choices.options
        ],
    )
    data["waiting"] = [{"item": e.id, "name": name(e, lang)} for e in choices.waiting]
    return data


def sell_data(choices: Choices[SellOption], lang: Lang | str) -> dict[str, Any]:
    """``sell_options`` as JSON."""
    return _envelope(
        choices,
        lang,
        [
            {
                "item": o.equipment.id,
                "name": name(o.equipment, lang),
                "member": o.member,
                "count": o.count,
                "paid": o.paid,
                "price": o.price,
                "allowed": o.allowed,
                "refusal": _words(o.refusal, lang),
            }
            for o in choices.options
        ],
    )


def equip_data(choices: Choices[EquipOption], lang: Lang | str) -> dict[str, Any]:
    """``equip_options`` as JSON."""
    return _envelope(
        choices,
        lang,
        [
            {
                "item": o.equipment.id,
                "name": name(o.equipment, lang),
                "count": o.count,
                "two_handed": isinstance(o.equipment, Weapon) and o.equipment.two_handed,
                "allowed": o.allowed,
                "refusal": _words(o.refusal, lang),
                "members": [
                    {"member": t.member, "allowed": t.allowed, "refusal": _words(t.refusal, lang)}
                    for t in o.takers
                ],
            }
            for o in choices.options
        ],
    )


def unequip_data(choices: Choices[UnequipOption], lang: Lang | str) -> dict[str, Any]:
    """``unequip_options`` as JSON."""
    return _envelope(
        choices,
        lang,
        [
            {
                "item": o.equipment.id,
                "name": name(o.equipment, lang),
                "member": o.member,
                "count": o.count,
                "allowed": o.allowed,
                "refusal": _words(o.refusal, lang),
            }
            for o in choices.options
        ],
    )


def advance_name(kind: Advance, lang: Lang | str) -> str:
    """An advance as the book's §7.2 table names it: "Nuova abilità", "+1 RIF"."""
    if kind is Advance.SKILL:
        row = next(a for a in advances() if not a.characteristics)
        return name(row, lang)
    return f"+1 {kind.label}"


def advance_data(choices: Choices[AdvanceOption], lang: Lang | str) -> dict[str, Any]:
    """``advance_options`` as JSON."""
    return _envelope(
        choices,
        lang,
        [
            {
                "member": o.member,
                "xp": o.xp,
                "allowed": o.allowed,
                "advances": [
                    {
                        "advance": a.advance.value,
                        "name": advance_name(a.advance, lang),
                        "cost": a.cost,
                        "missing": a.missing,
                        "promotes": a.promotes,
                        "allowed": a.allowed,
                        "refusal": _words(a.refusal, lang),
                    }
                    for a in o.advances
                ],
            }
            for o in choices.options
        ],
    )
