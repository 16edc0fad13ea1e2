"""Every between-games action on a campaign (STYLE.md habit 6).

Each function takes the ``session`` of the caller's one transaction (``store.transaction``)
and everything else by keyword, checks the rules before it changes anything, writes one append-only
``LogEntry`` (what, to whom, the dice, money and XP before and after, the gang's state before)
and returns it. A refusal raises ``CampaignError`` naming its ruling; the caller's transaction is
then rolled back, so the database is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, select

from skirmish import limits
from skirmish.campaign import lookup
from skirmish.campaign.game.pending import game_in_progress, postgame_waiting
from skirmish.campaign.models import (
    Campaign,
    CampaignSetting,
    FailedPurchase,
    Gang,
    GangStatus,
    Injury,
    LogEntry,
    Member,
    MemberSkill,
    MemberStatus,
    OwnedItem,
)
from skirmish.campaign.settings import find_setting, resolve
from skirmish.campaign.snapshot import State, capture, restore
from skirmish.engine.advances import Advance, choose_cacciatore, promotes_to_hero, roll_new_skill
from skirmish.engine.availability import roll_availability
from skirmish.engine.dice import DiceSource, Die
from skirmish.engine.recovery import Invalidity
from skirmish.engine.setup import HIGHEST
from skirmish.errors import CampaignError, RulesError, UnknownNameError
from skirmish.rules import (
    advance_costs,
    find_equipment,
    find_faction,
    find_profile,
    find_skill,
    find_weapon,
    invalid_table,
    profiles,
)
from skirmish.rules.model import Item, Role, Weapon
from skirmish.rules.names import normalize

#: R-13: every gang starts with 400$ and has at most 6 models.
START_TREASURY = 400
MAX_MODELS = 6
#: R-12: cowboy heroes buy horses at half price.
HALF_PRICE_HORSE = ("cowboys", "horse")
CHARACTERISTICS = ("tiro", "fred", "rif", "cos", "fama", "fortuna")
NAME_LENGTH = limits.NAME_LENGTH


def _utc_now() -> datetime:
    return datetime.now(UTC)


#: Where timestamps come from; ``scripts/make_demo_db.py`` sets a fixed clock.
clock: Callable[[], datetime] = _utc_now


def now_text() -> str:
    """The log's timestamp: ISO 8601 in UTC, to the second."""
    return clock().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# --------------------------------------------------------------------------- helpers


def _clean_name(name: str, what: str) -> str:
    """A name as stored (``limits.clean_name``: length, control characters, surrogates)."""
    return limits.clean_name(name, what)


def dice_data(dice: Iterable[Die]) -> list[dict[str, Any]]:
    """Dice as the log keeps them: each die's value and purpose."""
    return [{"value": die.value, "purpose": die.purpose} for die in dice]


def log_entry(
    session: Session,
    *,
    campaign_id: int,
    action: str,
    gang: Gang | None = None,
    member: Member | None = None,
    details: Mapping[str, Any] | None = None,
    dice: Iterable[Die] = (),
    ruling: str | None = None,
    state_before: State | None = None,
    money_before: int | None = None,
    xp_before: int | None = None,
) -> LogEntry:
    """Append one campaign log entry; the money and XP after are the gang's and the model's
    now."""
    entry = LogEntry(
        campaign_id=campaign_id,
        gang_id=gang.id if gang is not None else None,
        member_id=member.id if member is not None else None,
        member_name=member.name if member is not None else None,
        action=action,
        at=now_text(),
        details=dict(details or {}),
        dice=dice_data(dice),
        ruling=ruling,
        money_before=money_before,
        money_after=gang.treasury if gang is not None else None,
        xp_before=xp_before,
        xp_after=member.xp if member is not None else None,
        state_before=state_before,
    )
    session.add(entry)
    session.flush()
    return entry


@dataclass(frozen=True)
class Before:
    """What an action's log entry keeps of the time before it: the gang's state (for
    ``undo``), its money and the model's XP."""

    state: State
    money: int
    xp: int | None


def snapshot_before(session: Session, gang: Gang, model: Member | None = None) -> Before:
    """Take the ``Before`` of an action on ``gang`` (and ``model``), before it changes them."""
    xp = model.xp if model is not None else None
    return Before(capture(session, _id(gang)), gang.treasury, xp)


def gang_log(
    session: Session,
    gang: Gang,
    before: Before,
    *,
    action: str,
    details: Mapping[str, Any],
    member: Member | None = None,
    dice: Iterable[Die] = (),
    ruling: str | None = None,
) -> LogEntry:
    """The log entry of an action on ``gang`` (and ``member``) that ``undo`` can revert."""
    return log_entry(
        session,
        campaign_id=gang.campaign_id,
        gang=gang,
        member=member,
        action=action,
        details=details,
        dice=dice,
        ruling=ruling,
        state_before=before.state,
        money_before=before.money,
        xp_before=before.xp,
    )


def _playing(gang: Gang) -> None:
    if gang.status != GangStatus.ACTIVE:
        raise CampaignError(
            f"gang {gang.name!r} is retired; it takes no more actions ('skirmish undo' can bring "
            "it back if retiring was its last action)."
        )


def _between_games(session: Session, gang: Gang, what: str) -> None:
    """R-23: hiring, firing, buying, selling, equipping and advances happen between games: not
    while ``gang`` plays a game, nor before it has run the post-game sequence of its last one.
    (XP and injuries are not refused: they come from the game and its post-game.)"""
    playing = game_in_progress(session, gang)
    if playing is not None:
        raise CampaignError(
            f"R-23: {gang.name!r} is playing game {playing.id} ({playing.scenario}); {what} "
            f"happens between games: finish game {playing.id} with 'skirmish game end' "
            "(or 'skirmish game abandon')."
        )
    waiting = postgame_waiting(session, gang)
    if waiting is not None:
        raise CampaignError(
            f"R-23: {gang.name!r} has not run the post-game sequence of game {waiting.id} "
            f"({waiting.scenario}); {what} happens between games: run "
            f"'skirmish game postgame --game {waiting.id}' first."
        )


def _campaign_of(session: Session, gang: Gang) -> Campaign:
    campaign = session.get(Campaign, gang.campaign_id)
    assert campaign is not None  # a foreign key guarantees it
    return campaign


def settings_of(campaign: Campaign) -> dict[str, str]:
    """The campaign's settings, explosives included, by key."""
    values = {row.key: row.value for row in campaign.settings}
    values["explosives"] = "on" if campaign.explosives else "off"
    return values


def gang_setting(session: Session, gang: Gang, key: str) -> str:
    """The value of house rule ``key`` in the gang's campaign (its default if never set)."""
    row = session.get(CampaignSetting, (gang.campaign_id, key))
    return row.value if row is not None else find_setting(key).default


def _rules_error(exc: RulesError, ruling: str) -> CampaignError:
    if isinstance(exc, UnknownNameError):
        return CampaignError(str(exc))
    text = str(exc)
    return CampaignError(text if ruling in text else f"{ruling}: {text}")


def _two_handed_check(gang: Gang, member: Member, equipment: Weapon | Item) -> None:
    if isinstance(equipment, Weapon) and equipment.two_handed:
        if any(injury.injury == Invalidity.MANO_MOZZATA for injury in member.injuries):
            raise CampaignError(
                f"R-10: {member.name!r} has Mano mozzata (lost hand) and cannot use the two-handed "
                f"{equipment.name_en.lower()}; give it to another model of {gang.name!r}."
            )


# --------------------------------------------------------------------------- campaigns


def new_campaign(
    session: Session,
    *,
    name: str,
    explosives: bool = False,
    settings: Mapping[str, str] | None = None,
) -> Campaign:
    """Create a campaign with the house rules' defaults and ``settings``; it becomes the one in
    use."""
    name = _clean_name(name, "campaign")
    lookup.lock_store(session)  # names are unique across the store, case-folded
    for other in session.exec(select(Campaign)).all():
        if normalize(other.name) == normalize(name):
            raise CampaignError(
                f"a campaign called {other.name!r} already exists; choose another name "
                f'or select it with skirmish campaign use "{other.name}".'
            )
    values = resolve(settings or {})
    campaign = Campaign(
        name=name, explosives=explosives or values.pop("explosives") == "on", created_at=now_text()
    )
    values.pop("explosives", None)
    session.add(campaign)
    session.flush()
    assert campaign.id is not None
    for key, value in values.items():
        session.add(CampaignSetting(campaign_id=campaign.id, key=key, value=value))
    session.flush()
    session.refresh(campaign)
    lookup.set_current(session, campaign)
    log_entry(
        session,
        campaign_id=campaign.id,
        action="campaign-new",
        details={"campaign": name, "settings": settings_of(campaign)},
    )
    return campaign


def use_campaign(session: Session, *, name: str) -> Campaign:
    """Make the campaign called ``name`` the one in use (a preference: not logged)."""
    campaign = lookup.campaign_by_name(session, name)
    lookup.set_current(session, campaign)
    return campaign


def set_setting(session: Session, *, campaign: Campaign, key: str, value: str) -> LogEntry:
    """Change one house rule (or the explosives flag) of ``campaign``."""
    rule = find_setting(key)
    new = rule.parse(value)
    before = settings_of(campaign)[rule.key]
    assert campaign.id is not None
    if rule.key == "explosives":
        campaign.explosives = new == "on"
        session.add(campaign)
    else:
        row = session.get(CampaignSetting, (campaign.id, rule.key))
        if row is None:
            row = CampaignSetting(campaign_id=campaign.id, key=rule.key, value=new)
        row.value = new
        session.add(row)
    session.flush()
    session.refresh(campaign)
    return log_entry(
        session,
        campaign_id=campaign.id,
        action="campaign-set",
        details={"key": rule.key, "before": before, "after": new},
        ruling=rule.rule,
    )


# --------------------------------------------------------------------------- gangs


def _check_gang_name(session: Session, campaign: Campaign, name: str, gang: Gang | None) -> None:
    for other in session.exec(select(Gang).where(Gang.campaign_id == campaign.id)).all():
        if other is not gang and normalize(other.name) == normalize(name):
            raise CampaignError(
                f"campaign {campaign.name!r} already has a gang called {other.name!r}; "
                "choose another name."
            )


def new_gang(session: Session, *, campaign: Campaign, name: str, faction: str) -> Gang:
    """A new gang of ``faction`` with the starting 400$ (R-13)."""
    name = _clean_name(name, "gang")
    found = find_faction(faction)
    if not found.playable:
        playable = ", ".join(f.id for f in _factions() if f.playable)
        raise CampaignError(
            f"R-13: {found.name_en.lower()} join other gangs and are not a gang of their own; "
            f"choose one of {playable}."
        )
    _check_gang_name(session, campaign, name, None)
    assert campaign.id is not None
    gang = Gang(campaign_id=campaign.id, name=name, faction=found.id, treasury=0)
    session.add(gang)
    session.flush()
    gang.treasury = START_TREASURY
    session.add(gang)
    log_entry(
        session,
        campaign_id=campaign.id,
        gang=gang,
        action="gang-new",
        details={"gang": name, "faction": found.id},
        ruling="R-13",
        money_before=0,
    )
    return gang


def _factions() -> Sequence[Any]:
    from skirmish.rules import factions

    return factions()


def rename_gang(session: Session, *, gang: Gang, name: str) -> LogEntry:
    """Give ``gang`` a new name, unique in its campaign."""
    name = _clean_name(name, "gang")
    campaign = _campaign_of(session, gang)
    _check_gang_name(session, campaign, name, gang)
    before = snapshot_before(session, gang)
    old = gang.name
    gang.name = name
    session.add(gang)
    return gang_log(
        session, gang, before, action="gang-rename", details={"before": old, "after": name}
    )


def retire_gang(session: Session, *, gang: Gang) -> LogEntry:
    """Retire ``gang``: it stays in the campaign's history and takes no more actions."""
    _playing(gang)
    before = snapshot_before(session, gang)
    gang.status = GangStatus.RETIRED
    session.add(gang)
    return gang_log(session, gang, before, action="gang-retire", details={"gang": gang.name})


def _id(row: Gang | Member) -> int:
    assert row.id is not None
    return row.id


# --------------------------------------------------------------------------- models


def hire(session: Session, *, gang: Gang, profile: str, name: str) -> LogEntry:
    """Hire a model of ``profile`` called ``name`` (R-13: budget, 6 models, one leader, hero
    limits, the faction's own profiles or non-player characters where allowed, unique names)."""
    _playing(gang)
    _between_games(session, gang, "hiring")
    try:
        found = find_profile(profile, faction=gang.faction)
    except RulesError as exc:
        raise _rules_error(exc, "R-13") from None
    name = _clean_name(name, "model")
    roster = lookup.active_members(gang)
    if lookup.name_taken(gang, name):
        raise CampaignError(
            f"R-13: {gang.name!r} already has a model called {name!r}; two models of one gang "
            "may not share a name: choose another --name."
        )
    if len(roster) >= MAX_MODELS:
        raise CampaignError(
            f"R-13: {gang.name!r} already has {MAX_MODELS} models, the most a gang may have; "
            "fire one first with 'skirmish gang fire'."
        )
    if found.role is Role.LEADER:
        leader = next((m for m in roster if m.role == Role.LEADER), None)
        if leader is not None:
            raise CampaignError(
                f"R-13: {gang.name!r} already has a leader ({leader.name!r}); "
                "a gang has at most one."
            )
    elif found.max is not None:
        same = sum(1 for m in roster if m.profile == found.id)
        if same >= found.max:
            raise CampaignError(
                f"R-13: {gang.name!r} already has {same} {found.name_en} "
                f"(max {found.max}); H-08 applies hero limits when hiring."
            )
    if found.cost > gang.treasury:
        raise CampaignError(
            f"R-13: a {found.name_en} costs {found.cost}$ but {gang.name!r} has {gang.treasury}$; "
            "the treasury never goes below 0."
        )
    before = snapshot_before(session, gang)
    member = Member(
        gang_id=_id(gang),
        name=name,
        profile=found.id,
        role=found.role.value,
        tiro=found.tiro,
        fred=found.fred,
        rif=found.rif,
        cos=found.cos,
        fama=found.fama,
        fortuna=found.fortuna,
        xp=found.xp,
    )
    gang.members.append(member)
    session.flush()
    for skill in found.skills:
        member.skills.append(MemberSkill(member_id=_id(member), skill=skill))
    gang.treasury -= found.cost
    session.add(gang)
    session.flush()
    return gang_log(
        session,
        gang,
        before,
        action="hire",
        member=member,
        details={"profile": found.id, "name": name, "cost": found.cost},
        ruling="R-13",
    )


def fire(session: Session, *, gang: Gang, member: str) -> LogEntry:
    """Dismiss a model: it leaves the roster (no refund) and its equipment goes to the stash."""
    _playing(gang)
    _between_games(session, gang, "firing")
    model = lookup.member_by_name(gang, member)
    before = snapshot_before(session, gang, model)
    moved = []
    for item in lookup.carried(gang, model):
        item.member_id = None
        item.member = None
        moved.append(item.item)
        session.add(item)
    model.status = MemberStatus.RETIRED
    session.add(model)
    session.flush()
    return gang_log(
        session,
        gang,
        before,
        action="fire",
        member=model,
        details={"name": model.name, "profile": model.profile, "to_stash": moved},
    )


def injure(session: Session, *, gang: Gang, member: str, injury: str) -> LogEntry:
    """Record an invalidity of the §6.5 table on a model (R-10; a duplicate is refused, H-07)."""
    _playing(gang)
    model = lookup.member_by_name(gang, member)
    table = invalid_table()
    wanted = normalize(injury)
    found = next(
        (
            row
            for row in table
            if wanted in {normalize(n) for n in (row.id, row.name_it, row.name_en, *row.aliases)}
        ),
        None,
    )
    if found is None:
        near = lookup.nearest(injury, [row.id for row in table])
        raise CampaignError(str(UnknownNameError("invalidity", injury, near)))
    if any(row.injury == found.id for row in model.injuries):
        raise CampaignError(
            f"H-07: {model.name!r} already has {found.name_it}; a duplicate invalidity is rolled "
            "again."
        )
    before = snapshot_before(session, gang, model)
    model.injuries.append(Injury(member_id=_id(model), injury=found.id))
    details: dict[str, Any] = {"injury": found.id}
    if found.id == Invalidity.MANO_MOZZATA:
        details["to_stash"] = drop_two_handed(session, gang, model)
    session.add(model)
    session.flush()
    return gang_log(
        session, gang, before, action="injure", member=model, details=details, ruling="R-10"
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


# --------------------------------------------------------------------------- equipment


def _equipment(name: str) -> Weapon | Item:
    try:
        return find_equipment(name)
    except RulesError as exc:
        raise _rules_error(exc, "R-12") from None


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
    _playing(gang)
    _between_games(session, gang, "buying")
    equipment = _equipment(item)
    faction = find_faction(gang.faction)
    campaign = _campaign_of(session, gang)
    label = equipment.name_en.lower()
    if equipment.cost is None or equipment.disp is None:
        raise CampaignError(f"R-12: the {label} is not for sale (§8.2).")
    rare = tuple(equipment.rare)
    if "explosives" in rare and not campaign.explosives:
        raise CampaignError(
            f"R-12: {label} is sold only where campaign {campaign.name!r} allows explosives "
            "(a mining or railroad zone); allow them with 'skirmish campaign set explosives on'."
        )
    allowed = [f for f in rare if f != "explosives"]
    if allowed and gang.faction not in allowed:
        raise CampaignError(
            f"R-12: the {label} is rare: only {', '.join(allowed)} may buy it, "
            f"not {gang.faction} ({gang.name!r})."
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
            "the treasury never goes below 0."
        )
    if gang_setting(session, gang, "failed-item") == "next-game":
        failed = [f for f in gang.failed_purchases if f.item == equipment.id]
        if any(f.game >= gang.games_played for f in failed):
            raise CampaignError(
                f"H-03: {gang.name!r} failed the availability roll for the {label} and may try "
                "again only after its next game."
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
                FailedPurchase(gang_id=_id(gang), item=equipment.id, game=gang.games_played)
            )
    if details["available"]:
        owned = OwnedItem(gang_id=_id(gang), item=equipment.id, paid=price)
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
    raise CampaignError(f"{where} holds no {equipment.name_en.lower()} (it holds: {held}).")


def sell(session: Session, *, gang: Gang, item: str, member: str | None = None) -> LogEntry:
    """Sell an item from the stash (or from ``member``) for half what was paid, rounded down
    (H-05)."""
    _playing(gang)
    _between_games(session, gang, "selling")
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
    _playing(gang)
    _between_games(session, gang, "equipping")
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
    _playing(gang)
    _between_games(session, gang, "unequipping")
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


def award_xp(session: Session, *, gang: Gang, member: str, xp: int, reason: str = "") -> LogEntry:
    """Record experience a model earned in a game (R-11: +1 per enemy it eliminated, and the
    end-of-game bonus of H-02), or a correction; XP stays within 0–10,000 (``limits.XP``)."""
    limits.XP_CHANGE.check(xp)
    reason = limits.clean_text(reason, "the reason")
    _playing(gang)
    model = lookup.member_by_name(gang, member)
    if model.xp + xp < 0:
        raise CampaignError(
            f"R-11: {model.name!r} has {model.xp} XP; taking {-xp} would leave less than 0."
        )
    if model.xp + xp > limits.XP.high:
        raise limits.LimitError(
            f"R-11: {model.name!r} has {model.xp} XP; adding {xp} would make {model.xp + xp:,}, "
            f"more than the {limits.XP.high:,} a model can have."
        )
    if xp == 0:
        raise CampaignError("R-11: give a number of XP other than 0.")
    before = snapshot_before(session, gang, model)
    model.xp += xp
    session.add(model)
    session.flush()
    return gang_log(
        session, gang, before, action="xp", member=model, details={"xp": xp, "reason": reason},
        ruling="R-11",
    )  # fmt: skip


# --------------------------------------------------------------------------- advances


def _advance(name: str) -> Advance:
    key = normalize(name)
    aliases = {
        "abilita": "skill", "new-skill": "skill", "riflessi": "rif", "freddezza": "fred",
        "costituzione": "cos", "con": "cos", "shooting": "tiro", "nerve": "fred",
        "reflexes": "rif", "fame": "fama", "fortune": "fortuna",
    }  # fmt: skip
    key = aliases.get(key, key)
    try:
        return Advance(key)
    except ValueError:
        options = [a.value for a in Advance]
        raise CampaignError(
            str(UnknownNameError("advance", name, lookup.nearest(name, options)))
        ) from None


def _hero_room(session: Session, gang: Gang) -> None:
    if gang_setting(session, gang, "hero-limits") != "always":
        return
    limit = sum(p.max or 0 for p in profiles(gang.faction) if p.role is Role.HERO)
    heroes = sum(1 for m in lookup.active_members(gang) if m.role == Role.HERO)
    if heroes >= limit:
        raise CampaignError(
            f"H-08: {gang.name!r} already has {heroes} heroes, its faction's limit, and this "
            "campaign applies hero limits always; choose another advance."
        )


def advance(
    session: Session,
    *,
    gang: Gang,
    member: str,
    advance: str,
    dice: DiceSource,
    choices: Sequence[str] = (),
    pick: str | None = None,
) -> LogEntry:
    """Spend XP on an advance (R-11): a new skill (2D6, owned skills rolled again, DOTTORE's
    upgrade, the mountain men's CACCIATORE with ``pick``) or +1 to a characteristic (cap 4); a
    common model gaining FAMA or FORTUNA becomes a hero.

    ``choices`` are weapon types; the one of the skill's kind is recorded for FUCILIERE
    (a rifle), GUERRIERO (a blade) and PISTOLERO (a pistol).
    """
    _playing(gang)
    _between_games(session, gang, "an advance")
    model = lookup.member_by_name(gang, member)
    kind = _advance(advance)
    cost = advance_costs()[kind.value]
    if pick is not None and kind is not Advance.SKILL:
        raise CampaignError("R-11: --pick takes a skill; use it with the 'skill' advance.")
    before: int | None = None
    if kind is not Advance.SKILL:
        before = int(getattr(model, kind.value))
        if before >= HIGHEST:
            raise CampaignError(
                f"R-11: {model.name!r} has {kind.label} {before} already, the most a "
                "characteristic may be; choose another advance."
            )
    if model.xp < cost:
        what = "a new skill" if kind is Advance.SKILL else f"+1 {kind.label}"
        raise CampaignError(f"R-11: {what} costs {cost} XP but {model.name!r} has {model.xp}.")
    promoted = promotes_to_hero(role=model.role, advance=kind)
    if promoted:
        _hero_room(session, gang)
    weapons = [find_weapon(c) for c in choices]
    before_action = snapshot_before(session, gang, model)
    details: dict[str, Any] = {"advance": kind.value, "cost": cost}
    rolled: tuple[Die, ...] = ()
    if kind is Advance.SKILL:
        owned = [s.skill for s in model.skills]
        try:
            if pick is not None:
                if find_skill(pick).id != "fuciliere":
                    raise CampaignError(
                        f"R-11: only CACCIATORE (FUCILIERE) may be taken without rolling, "
                        f"by mountain men (§9.6), not {pick!r}."
                    )
                result = choose_cacciatore(faction=gang.faction, owned=owned)
            else:
                result = roll_new_skill(owned=owned, dice=dice)
        except CampaignError:
            raise
        except RulesError as exc:
            raise _rules_error(exc, "R-11") from None
        rolled = result.dice
        choice: str | None = None
        if result.choice is not None:
            fitting = [w for w in weapons if w.category.value == result.choice]
            if not fitting:
                skill = find_skill(result.skill)
                raise CampaignError(
                    f"R-11: {skill.name_it} needs the {result.choice} type it is for: "
                    f"add --choice with a {result.choice} (the dice were "
                    f"{', '.join(str(d.value) for d in result.dice) or 'not rolled'}); "
                    "nothing was changed."
                )
            choice = fitting[0].id
        replaced = next((s for s in model.skills if s.skill == result.replaces), None)
        if replaced is not None:
            replaced.skill = result.skill
            session.add(replaced)
        else:
            model.skills.append(
                MemberSkill(member_id=_id(model), skill=result.skill, choice=choice)
            )
        details.update(
            skill=result.skill,
            choice=choice,
            replaces=result.replaces,
            chosen=result.chosen,
            rolls=[[r.faces[0], r.faces[1], r.slot, r.skill] for r in result.rolls],
        )
    else:
        assert before is not None
        setattr(model, kind.value, before + 1)
        details.update(before=before, after=before + 1)
        if promoted:
            model.role = Role.HERO.value
    details["promoted"] = promoted
    model.xp -= cost
    session.add(model)
    session.flush()
    return gang_log(
        session, gang, before_action, action="advance", member=model, details=details,
        dice=rolled, ruling="R-11",
    )  # fmt: skip


# --------------------------------------------------------------------------- log and undo

#: Entries that cannot be undone: they have no state to go back to.
_BARRIERS = ("gang-new", "import")


def last_action(session: Session, *, gang: Gang) -> LogEntry | None:
    """The gang's last action that has not been undone (undo entries themselves excluded)."""
    undone = select(LogEntry.reverts).where(
        LogEntry.gang_id == gang.id, col(LogEntry.reverts).is_not(None)
    )
    query = (
        select(LogEntry)
        .where(
            LogEntry.gang_id == gang.id,
            LogEntry.action != "undo",
            col(LogEntry.id).not_in(undone),
        )
        .order_by(col(LogEntry.id).desc())
        .limit(1)
    )
    return session.exec(query).first()


def undo(session: Session, *, gang: Gang) -> LogEntry:
    """Revert the gang's last action exactly: money, XP, models and items (its state before)."""
    last = last_action(session, gang=gang)
    if last is None or last.state_before is None:
        what = f"its {last.action.replace('-', ' ')}" if last is not None else "nothing"
        raise CampaignError(
            f"nothing to undo for {gang.name!r}: its last action is {what}, which cannot be undone."
        )
    money = gang.treasury
    member = session.get(Member, last.member_id) if last.member_id is not None else None
    xp = member.xp if member is not None else None
    restore(session, _id(gang), last.state_before)
    session.refresh(gang)
    member = session.get(Member, last.member_id) if last.member_id is not None else None
    entry = LogEntry(
        campaign_id=gang.campaign_id,
        gang_id=gang.id,
        member_id=last.member_id,
        member_name=last.member_name,
        action="undo",
        at=now_text(),
        details={"reverts": last.id, "action": last.action, "details": last.details},
        dice=[],
        ruling=last.ruling,
        money_before=money,
        money_after=gang.treasury,
        xp_before=xp,
        xp_after=member.xp if member is not None else None,
        reverts=last.id,
    )
    session.add(entry)
    session.flush()
    return entry


def history(
    session: Session, *, campaign: Campaign, gang: Gang | None = None, limit: int | None = None
) -> list[LogEntry]:
    """The campaign's log (or one gang's), oldest first; ``limit`` keeps the latest entries."""
    query = select(LogEntry).where(LogEntry.campaign_id == campaign.id)
    if gang is not None:
        query = query.where(LogEntry.gang_id == gang.id)
    query = query.order_by(col(LogEntry.id).desc())
    if limit is not None:
        query = query.limit(limit)
    return list(reversed(session.exec(query).all()))
