"""A gang's equipment: buying (R-12: rarity, explosives, the availability roll, R-24 for the
lasso, H-03 after a failed roll), selling (H-05), giving an item to a model and taking it back;
no two-handed weapon for a model with Mano mozzata (R-10).

Each action takes the ``session`` of the caller's one transaction (``store.transaction``) and
everything else by keyword, checks the rules before it changes anything, writes one append-only
``LogEntry`` (``campaign.logbook``) and returns it. A refusal raises ``CampaignError`` naming its
ruling; the caller's transaction is then rolled back, so the database is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.gangs import gang_setting, require_active
from skirmish.campaign.logbook import gang_log, snapshot_before
from skirmish.campaign.models import (
    FailedPurchase,
    Gang,
    GangLine,
    LogEntry,
    Member,
    OwnedItem,
)
from skirmish.campaign.owed import require_between_games
from skirmish.engine.availability import roll_availability
from skirmish.engine.dice import DiceSource, Die, dice_from
from skirmish.engine.recovery import Invalidity
from skirmish.errors import CampaignError, RulesError
from skirmish.rules import find_equipment, find_faction
from skirmish.rules.ids import FactionId, ItemId
from skirmish.rules.model import Item, Role, Weapon
from skirmish.translation import NP_, Both, Message


class _Failed(Protocol):
    @property
    def game(self) -> int: ...


_F = TypeVar("_F", bound=_Failed)

#: R-12: cowboy heroes buy horses at half price.
HALF_PRICE_HORSE = (FactionId.COWBOYS, ItemId.HORSE)


def _equipment(name: str) -> Weapon | Item:
    try:
        return find_equipment(name)
    except RulesError as exc:
        raise lookup.rules_error(exc, "R-12") from None


def require_carry(gang: Gang, member: Member, equipment: Weapon | Item) -> None:
    """R-10: whether ``member`` may be given ``equipment`` (no two-handed weapon for a model with
    Mano mozzata). ``buy --for`` and ``equip`` call it; ``choices`` asks it in advance."""
    if isinstance(equipment, Weapon) and equipment.two_handed:
        if any(injury.injury == Invalidity.MANO_MOZZATA for injury in member.injuries):
            raise CampaignError(
                Message(
                    "R-10: {member_name!r} has Mano mozzata (lost hand) and cannot use the "
                    "two-handed {equipment_name_lower}; give it to another model of "
                    "{gang_name!r}.",
                    member_name=member.name,
                    gang_name=gang.name,
                    equipment_name_lower=Both(equipment.name_en.lower(), equipment.name_it.lower()),
                )
            )


def waiting_purchases(session: Session, gang: Gang) -> list[FailedPurchase]:
    """The failed availability rolls whose item may not be tried again yet (H-03: until the
    gang's next game, unless the campaign lets it be tried at any time)."""
    return waiting_among(session, gang, gang.failed_purchases)


def waiting_among(session: Session, gang: GangLine, failed: Sequence[_F]) -> list[_F]:
    """Those of ``failed`` (the gang's failed rolls, objects or rows; the gang, an object or a
    row too) still waiting (H-03)."""
    if not failed or gang_setting(session, gang, "failed-item") != "next-game":
        return []
    return [f for f in failed if f.game >= gang.games_played]


def require_for_sale(session: Session, gang: Gang, equipment: Weapon | Item) -> None:
    """R-12: whether ``gang`` may buy ``equipment`` at all in its campaign: it is for sale
    (§8.2), explosives only where the campaign allows them, a rare item only for its factions.
    ``buy`` calls it; ``choices.buy_options`` asks it in advance."""
    _require_listed(equipment)
    _require_explosives(session, gang, equipment)
    _require_rarity(gang, equipment)


def require_faction_may_buy(gang: Gang, equipment: Weapon | Item) -> None:
    """R-12: whether ``gang``'s faction could ever buy ``equipment``, whatever its campaign:
    it is for sale and, if rare, rare for this faction (``choices.buy_options`` lists those)."""
    _require_listed(equipment)
    _require_rarity(gang, equipment)


def _require_listed(equipment: Weapon | Item) -> None:
    if equipment.cost is None or equipment.disp is None:
        raise CampaignError(
            Message(
                "R-12: the {equipment_name_lower} is not for sale (§8.2).",
                equipment_name_lower=Both(equipment.name_en.lower(), equipment.name_it),
            )
        )


def _require_explosives(session: Session, gang: Gang, equipment: Weapon | Item) -> None:
    campaign = lookup.campaign_of(session, gang)
    if "explosives" in equipment.rare and not campaign.explosives:
        label, label_it = equipment.name_en.lower(), equipment.name_it
        raise CampaignError(
            Message(
                "R-12: {label} is sold only where campaign {campaign_name!r} allows "
                "explosives (a mining or railroad zone); allow them "
                "{on_command_line_with_skirmish}.",
                campaign_name=campaign.name,
                label=Both(label, label_it),
                on_command_line_with_skirmish=Message(
                    "⟪with 'skirmish campaign set explosives on'¦in the campaign's settings⟫"
                ),
            )
        )


def _require_rarity(gang: Gang, equipment: Weapon | Item) -> None:
    allowed = [f for f in equipment.rare if f != "explosives"]
    if allowed and gang.faction not in allowed:
        raise CampaignError(
            Message(
                "R-12: the {equipment_name_lower} is rare: only {join_allowed} may buy "
                "it, not {gang_faction} ({gang_name!r}).",
                join_allowed=", ".join(allowed),
                gang_faction=gang.faction,
                gang_name=gang.name,
                equipment_name_lower=Both(equipment.name_en.lower(), equipment.name_it),
            )
        )


def half_price(gang: Gang, equipment: Weapon | Item, model: Member | None) -> bool:
    """R-12: a horse a cowboy leader or hero buys for themselves costs half."""
    return (
        (gang.faction, equipment.id) == HALF_PRICE_HORSE
        and model is not None
        and model.role in (Role.LEADER, Role.HERO)
    )


def buy_price(gang: Gang, equipment: Weapon | Item, model: Member | None) -> int:
    """R-12: what ``equipment`` costs bought for ``model`` (``None``: the stash): its price,
    or half of it, rounded down (``half_price``)."""
    assert equipment.cost is not None  # require_for_sale has passed
    return equipment.cost // 2 if half_price(gang, equipment, model) else equipment.cost


def require_price(gang: Gang, equipment: Weapon | Item, price: int) -> None:
    """R-12: the treasury never goes below 0."""
    if price > gang.treasury:
        raise CampaignError(
            Message(
                "R-12: the {equipment_name_lower} costs {price}$ but {gang_name!r} has "
                "{gang_treasury}$; the treasury never goes below 0.",
                price=price,
                gang_name=gang.name,
                gang_treasury=gang.treasury,
                equipment_name_lower=Both(equipment.name_en.lower(), equipment.name_it),
            )
        )


def require_retry(session: Session, gang: Gang, equipment: Weapon | Item) -> None:
    """H-03: an item whose availability roll failed is tried again only after the next game."""
    if any(f.item == equipment.id for f in waiting_purchases(session, gang)):
        raise CampaignError(
            Message(
                "H-03: {gang_name!r} failed the availability roll for the "
                "{equipment_name_lower} and may try again only after its next game.",
                gang_name=gang.name,
                equipment_name_lower=Both(equipment.name_en.lower(), equipment.name_it),
            )
        )


def availability(gang: Gang, equipment: Weapon | Item) -> tuple[int, bool]:
    """R-12: the DISP a purchase of ``equipment`` must roll (1D6 ≥ DISP; the rifle scope is 3
    for the military), and whether the gang skips the roll: lawmen and rangers buying a weapon,
    but not the lasso, which is priced among §8.3's special items (R-24)."""
    faction = find_faction(gang.faction)
    skipped = (
        isinstance(equipment, Weapon)
        and not equipment.special_item
        and faction.skips_weapon_availability
    )
    disp = equipment.disp
    if isinstance(equipment, Item):
        disp = equipment.disp_by_faction.get(faction.id, disp)
    assert disp is not None  # require_for_sale has passed
    return disp, skipped


def buy(
    session: Session,
    *,
    gang: Gang,
    item: str,
    dice: DiceSource,
    member: str | None = None,
) -> LogEntry:
    """Buy ``item`` for the stash or for ``member`` (R-12: rarity, explosives, the availability
    roll unless the faction skips it for weapons, cowboy heroes' half-price horse, H-03).

    A failed availability roll is an action too: it is logged with its die and remembered, so
    the item can be tried again only after the next game (H-03).
    """
    require_active(gang)
    require_between_games(session, gang, "buying")
    equipment = _equipment(item)
    faction = find_faction(gang.faction)
    require_for_sale(session, gang, equipment)
    model = lookup.member_by_name(gang, member) if member is not None else None
    if model is not None:
        require_carry(gang, model, equipment)
    price = buy_price(gang, equipment, model)
    require_price(gang, equipment, price)
    require_retry(session, gang, equipment)
    before = snapshot_before(session, gang, model)
    disp, skipped = availability(gang, equipment)
    details: dict[str, Any] = {
        "item": equipment.id,
        "price": price,
        "list_price": equipment.cost,
        "half_price": half_price(gang, equipment, model),
        "for": model.name if model is not None else None,
        "disp": disp,
        "skipped": skipped,
        "faction": faction.id,
        "roll": None,
        "available": True,
    }
    rolled: tuple[Die, ...] = ()
    if not skipped:
        result = roll_availability(disp=disp, dice=dice)
        rolled = result.dice
        details["roll"] = result.roll
        details["available"] = result.available
        came = dice_from(dice)  # issue #14: the luck ledger keeps typed and random dice apart
        if came is not None:
            details["dice_from"] = came
        if not result.available:
            gang.failed_purchases.append(
                FailedPurchase(
                    gang_id=lookup.row_id(gang), item=equipment.id, game=gang.games_played
                )
            )
    if details["available"]:
        owned = OwnedItem(gang_id=lookup.row_id(gang), item=equipment.id, paid=price)
        gang.items.append(owned)
        if model is not None:
            owned.member = model
        gang.treasury -= price
    session.add(gang)
    session.flush()
    lasso = isinstance(equipment, Weapon) and equipment.special_item
    ruling = "R-12, R-24" if lasso and faction.skips_weapon_availability else "R-12"
    return gang_log(
        session, gang, before, action="buy", member=model, details=details, dice=rolled,
        ruling=ruling,
    )  # fmt: skip


def owned_item(gang: Gang, equipment: Weapon | Item, model: Member | None) -> OwnedItem:
    """The one ``sell``, ``equip`` and ``unequip`` take: the first ``equipment`` of ``model``
    (``None``: the stash), or a refusal naming what it holds."""
    pool = lookup.carried(gang, model) if model is not None else lookup.stash(gang)
    for owned in pool:
        if owned.item == equipment.id:
            return owned
    where = (
        repr(model.name)
        if model is not None
        else Message("the stash of {gang_name!r}", gang_name=gang.name)
    )
    kept = [_equipment(i) for i in sorted({o.item for o in pool})]
    none_held = Message(NP_("holds", "nothing"))
    held = (
        Both(", ".join(e.name_en.lower() for e in kept), ", ".join(e.name_it.lower() for e in kept))
        if kept
        else none_held
    )
    raise CampaignError(
        Message(
            "{where} holds no {equipment_name_lower} (it holds: {held}).",
            where=where,
            equipment_name_lower=Both(equipment.name_en.lower(), equipment.name_it.lower()),
            held=held,
        )
    )


def sale_price(session: Session, gang: Gang, owned: OwnedItem) -> tuple[int, int]:
    """H-05: what selling ``owned`` pays (a share of what was paid, rounded down), and the
    share in percent (setting ``sell-percent``, 50 by default)."""
    percent = int(gang_setting(session, gang, "sell-percent"))
    return owned.paid * percent // 100, percent


def sell(session: Session, *, gang: Gang, item: str, member: str | None = None) -> LogEntry:
    """Sell an item from the stash (or from ``member``) for half what was paid, rounded down
    (H-05)."""
    require_active(gang)
    require_between_games(session, gang, "selling")
    equipment = _equipment(item)
    model = lookup.member_by_name(gang, member) if member is not None else None
    owned = owned_item(gang, equipment, model)
    price, percent = sale_price(session, gang, owned)
    before = snapshot_before(session, gang, model)
    session.delete(owned)
    gang.treasury += price
    session.add(gang)
    session.flush()
    session.expire(gang, ["items"])
    if model is not None:
        session.expire(model, ["items"])
    return gang_log(
        session,
        gang,
        before,
        action="sell",
        member=model,
        details={"item": equipment.id, "paid": owned.paid, "price": price, "percent": percent},
        ruling="H-05",
    )


def equip(session: Session, *, gang: Gang, item: str, member: str) -> LogEntry:
    """Give an item from the stash to a model (R-10: no two-handed weapon with Mano mozzata)."""
    require_active(gang)
    require_between_games(session, gang, "equipping")
    equipment = _equipment(item)
    model = lookup.member_by_name(gang, member)
    owned = owned_item(gang, equipment, None)
    require_carry(gang, model, equipment)
    before = snapshot_before(session, gang, model)
    owned.member = model
    session.add(owned)
    session.flush()
    return gang_log(
        session, gang, before, action="equip", member=model, details={"item": equipment.id}
    )


def unequip(session: Session, *, gang: Gang, item: str, member: str) -> LogEntry:
    """Put an item a model carries back into the stash."""
    require_active(gang)
    require_between_games(session, gang, "unequipping")
    equipment = _equipment(item)
    model = lookup.member_by_name(gang, member)
    owned = owned_item(gang, equipment, model)
    before = snapshot_before(session, gang, model)
    owned.member = None
    owned.member_id = None
    session.add(owned)
    session.flush()
    return gang_log(
        session, gang, before, action="unequip", member=model, details={"item": equipment.id}
    )


def drop_two_handed(session: Session, gang: Gang, model: Member) -> list[str]:
    """A model that lost a hand can no longer hold its two-handed weapons (R-10, §6.5): they
    go from its hands to the gang's stash; their ids, for the log."""
    moved = []
    for owned in lookup.carried(gang, model):
        weapon = _equipment(owned.item)
        if isinstance(weapon, Weapon) and weapon.two_handed:
            owned.member_id = None
            owned.member = None
            moved.append(owned.item)
            session.add(owned)
    return moved
