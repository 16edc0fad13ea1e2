"""A gang's equipment: buying (R-12: rarity, explosives, the availability roll, R-24 for the
lasso, H-03 after a failed roll), selling (H-05), giving an item to a model and taking it back;
no two-handed weapon for a model with Mano mozzata (R-10).

Each action takes the ``session`` of the caller's one transaction (``store.transaction``) and
everything else by keyword, checks the rules before it changes anything, writes one append-only
``LogEntry`` (``campaign.logbook``) and returns it. A refusal raises ``CampaignError`` naming its
ruling; the caller's transaction is then rolled back, so the database is unchanged.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.game.pending import require_between_games
from skirmish.campaign.gangs import gang_setting, require_active
from skirmish.campaign.logbook import gang_log, snapshot_before
from skirmish.campaign.models import FailedPurchase, Gang, LogEntry, Member, OwnedItem
from skirmish.engine.availability import roll_availability
from skirmish.engine.dice import DiceSource, Die
from skirmish.engine.recovery import Invalidity
from skirmish.errors import CampaignError, RulesError
from skirmish.rules import find_equipment, find_faction
from skirmish.rules.ids import FactionId, ItemId
from skirmish.rules.model import Item, Role, Weapon

#: R-12: cowboy heroes buy horses at half price.
HALF_PRICE_HORSE = (FactionId.COWBOYS, ItemId.HORSE)


def _equipment(name: str) -> Weapon | Item:
    try:
        return find_equipment(name)
    except RulesError as exc:
        raise lookup.rules_error(exc, "R-12") from None


def _two_handed_check(gang: Gang, member: Member, equipment: Weapon | Item) -> None:
    if isinstance(equipment, Weapon) and equipment.two_handed:
        if any(injury.injury == Invalidity.MANO_MOZZATA for injury in member.injuries):
            raise CampaignError(
                f"R-10: {member.name!r} has Mano mozzata (lost hand) and cannot use the two-handed "
                f"{equipment.name_en.lower()}; give it to another model of {gang.name!r}.",
                it=f"R-10: {member.name!r} ha Mano mozzata e non può usare "
                f"{equipment.name_it.lower()}, che richiede due mani; dallo a un altro "
                f"personaggio di {gang.name!r}.",
            )


def waiting_purchases(session: Session, gang: Gang) -> list[FailedPurchase]:
    """The failed availability rolls whose item may not be tried again yet (H-03: until the
    gang's next game, unless the campaign lets it be tried at any time)."""
    if not gang.failed_purchases or gang_setting(session, gang, "failed-item") != "next-game":
        return []
    return [f for f in gang.failed_purchases if f.game >= gang.games_played]


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
    campaign = lookup.campaign_of(session, gang)
    label = equipment.name_en.lower()
    label_it = equipment.name_it
    if equipment.cost is None or equipment.disp is None:
        raise CampaignError(
            f"R-12: the {label} is not for sale (§8.2).",
            it=f"R-12: {label_it} non è in vendita (§8.2).",
        )
    rare = tuple(equipment.rare)
    if "explosives" in rare and not campaign.explosives:
        raise CampaignError(
            f"R-12: {label} is sold only where campaign {campaign.name!r} allows explosives "
            "(a mining or railroad zone); allow them with 'skirmish campaign set explosives on'.",
            it=f"R-12: {label_it} si vende solo dove la campagna {campaign.name!r} ammette gli "
            "esplosivi (una zona mineraria o ferroviaria); ammettili con 'skirmish campaign set "
            "explosives on'.",
        )
    allowed = [f for f in rare if f != "explosives"]
    if allowed and gang.faction not in allowed:
        raise CampaignError(
            f"R-12: the {label} is rare: only {', '.join(allowed)} may buy it, "
            f"not {gang.faction} ({gang.name!r}).",
            it=f"R-12: {label_it} è raro: possono comprarlo solo {', '.join(allowed)}, non "
            f"{gang.faction} ({gang.name!r}).",
        )
    model = lookup.member_by_name(gang, member) if member is not None else None
    if model is not None:
        _two_handed_check(gang, model, equipment)
    price = equipment.cost
    half = (
        (gang.faction, equipment.id) == HALF_PRICE_HORSE
        and model is not None
        and model.role in (Role.LEADER, Role.HERO)
    )
    if half:
        price = equipment.cost // 2
    if price > gang.treasury:
        raise CampaignError(
            f"R-12: the {label} costs {price}$ but {gang.name!r} has {gang.treasury}$; "
            "the treasury never goes below 0.",
            it=f"R-12: {label_it} costa {price}$ ma {gang.name!r} ha {gang.treasury}$; il tesoro "
            "non va mai sotto 0.",
        )
    if any(f.item == equipment.id for f in waiting_purchases(session, gang)):
        raise CampaignError(
            f"H-03: {gang.name!r} failed the availability roll for the {label} and may try "
            "again only after its next game.",
            it=f"H-03: {gang.name!r} ha fallito il tiro di REPERIBILITÀ per {label_it} e potrà "
            "riprovare solo dopo la sua prossima partita.",
        )
    before = snapshot_before(session, gang, model)
    # R-12; a weapon priced among §8.3's special items (the lasso) is rolled for (R-24)
    skipped = (
        isinstance(equipment, Weapon)
        and not equipment.special_item
        and faction.skips_weapon_availability
    )
    disp = equipment.disp
    if isinstance(equipment, Item):
        disp = equipment.disp_by_faction.get(faction.id, disp)
    details: dict[str, Any] = {
        "item": equipment.id,
        "price": price,
        "list_price": equipment.cost,
        "half_price": half,
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


def _owned(gang: Gang, equipment: Weapon | Item, model: Member | None) -> OwnedItem:
    pool = lookup.carried(gang, model) if model is not None else lookup.stash(gang)
    for owned in pool:
        if owned.item == equipment.id:
            return owned
    where = f"{model.name!r}" if model is not None else f"the stash of {gang.name!r}"
    held = ", ".join(sorted({o.item for o in pool})) or "nothing"
    where_it = f"{model.name!r}" if model is not None else f"il deposito di {gang.name!r}"
    raise CampaignError(
        f"{where} holds no {equipment.name_en.lower()} (it holds: {held}).",
        it=f"{where_it} non ha {equipment.name_it.lower()} (ha: {held}).",
    )


def sell(session: Session, *, gang: Gang, item: str, member: str | None = None) -> LogEntry:
    """Sell an item from the stash (or from ``member``) for half what was paid, rounded down
    (H-05)."""
    require_active(gang)
    require_between_games(session, gang, "selling")
    equipment = _equipment(item)
    model = lookup.member_by_name(gang, member) if member is not None else None
    owned = _owned(gang, equipment, model)
    percent = int(gang_setting(session, gang, "sell-percent"))
    price = owned.paid * percent // 100
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
    owned = _owned(gang, equipment, None)
    _two_handed_check(gang, model, equipment)
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
    owned = _owned(gang, equipment, model)
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
