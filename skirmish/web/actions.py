"""Between-games actions on one's own gang, as forms and as the JSON API (issue #11): hire, fire,
buy, sell, equip, unequip, advance, rename the gang or a model, and undo.

``ACTIONS`` declares them once: each action's address, its fields (what kind of value each
takes), the CLI command it mirrors and the service it calls. The form pages
(``GET``/``POST /c/{campaign}/g/{gang}/{action}``) and the API
(``POST /api/v1/campaigns/{campaign}/gangs/{gang}/{action}``, and ``GET`` of the same address
for what the gang may choose now) are all made from it by one loop.

Each change is one writing unit of work (``Site.write``, its log entry naming the reader):
the campaign (only those the reader may see), the gang, ``permissions.require`` in that same
unit of work, then the service. A refusal is the service's own words, in the reader's language,
on the form (or ``{"error", "nearest"}``), with nothing changed: the unit of work rolls back.
What the forms offer comes from ``campaign.choices``, which asks the services' own checks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign import (
    accounts,
    advancement,
    choices,
    equipment,
    gangs,
    logbook,
    lookup,
    naming,
    roster,
    undo_shown,
)
from skirmish.campaign.models import Campaign, Gang, LogEntry
from skirmish.campaign.permissions import Action, may, require
from skirmish.campaign.text import entry_data
from skirmish.engine.advances import choose_cacciatore
from skirmish.engine.dice import DiceSource, RandomDice, TableDice, parse_dice
from skirmish.errors import (
    CampaignError,
    RulesError,
    SkirmishError,
    StaleError,
    StoreError,
    UnknownNameError,
)
from skirmish.i18n import Lang, name
from skirmish.rules import find_equipment, find_faction, find_profile, weapons
from skirmish.rules.model import WeaponCategory
from skirmish.web import reads, text
from skirmish.web.site import (
    NotFound,
    Site,
    form_fields,
    gang_url,
    model_url,
    pick_lang,
)

WORDS = text.part(
    {
        "en": {
            "act_actions": "Actions",
            "act_hire": "Hire",
            "act_hire_title": "Hire a model",
            "act_fire": "Fire",
            "act_fire_title": "Fire a model",
            "act_buy": "Buy",
            "act_buy_title": "Buy a weapon or an item",
            "act_sell": "Sell",
            "act_sell_title": "Sell an item",
            "act_equip": "Equip",
            "act_equip_title": "Give a model an item from the stash",
            "act_unequip": "Unequip",
            "act_unequip_title": "Put an item back in the stash",
            "act_advance": "Advance",
            "act_advance_title": "Spend a model's experience",
            "act_rename": "Rename gang",
            "act_rename_title": "Rename the gang",
            "act_rename_model": "Rename model",
            "act_rename_model_title": "Rename a model or give it a handle",
            "act_undo": "Undo",
            "act_undo_title": "Undo the gang's last action",
            "act_f_profile": "Profile",
            "act_f_new_model": "Name of the new model",
            "act_f_model": "Model",
            "act_f_item": "Weapon or item",
            "act_f_for": "For",
            "act_f_dice": "Dice (optional)",
            "act_h_dice": "Leave it blank and the server rolls. Or type the dice you rolled at "
            "the table, in order: 4, or 3 5.",
            "act_f_sell": "Item to sell",
            "act_f_equip_item": "Item from the stash",
            "act_f_equip_to": "Give it to",
            "act_f_unequip": "Item to put back",
            "act_f_advance": "Model and advance",
            "act_f_rifle": "Rifle, if the roll gives Rifleman",
            "act_f_blade": "Blade, if the roll gives Warrior",
            "act_f_pistol": "Pistol, if the roll gives Gunslinger",
            "act_advance_more": "A weapon for a skill “a scelta” (R-11)",
            "act_advance_more_hint": "Rifleman, Warrior and Gunslinger are each for one "
            "weapon of their type: leave “the one it carries” and the model's own is taken.",
            "act_carried": "the one it carries",
            "act_f_cacciatore": "Take CACCIATORE without rolling (mountain men, §9.6)",
            "act_f_gang_name": "New name of the gang",
            "act_f_model_name": "New name (blank: keep it)",
            "act_f_handle": "Handle (blank: keep it)",
            "act_h_handle": "A short name it answers to at the table, at most 24 characters.",
            "act_f_no_handle": "Take its handle away",
            "act_stash": "the stash",
            "act_not_now": "Not possible now",
            "act_nothing": "Nothing to choose now.",
            "act_waiting": "Waiting for the next game (H-03): {items}",
            "act_last": "The last action, which undo takes back",
            "act_nothing_yet": "This gang has no action yet.",
            "act_by": "by {name}",
            "act_cli": "the command line",
            "act_back": "Back to the gang",
            "act_done": "Done",
            "act_not_available": "Not available",
            "act_dice": "Dice: {dice}",
            "act_money": "Treasury: {before}$ → {after}$",
            "act_hero": "makes a hero",
            "act_xp_of": "{name}, {xp} XP",
            "act_price": "{price}$",
            "act_no_roll": "no roll",
            "act_required": "required",
        },
        "it": {
            "act_actions": "Azioni",
            "act_hire": "Assolda",
            "act_hire_title": "Assolda un personaggio",
            "act_fire": "Congeda",
            "act_fire_title": "Congeda un personaggio",
            "act_buy": "Compra",
            "act_buy_title": "Compra un'arma o un oggetto",
            "act_sell": "Vendi",
            "act_sell_title": "Vendi un oggetto",
            "act_equip": "Equipaggia",
            "act_equip_title": "Dai a un personaggio un oggetto del deposito",
            "act_unequip": "Riponi",
            "act_unequip_title": "Rimetti un oggetto nel deposito",
            "act_advance": "Avanzamento",
            "act_advance_title": "Spendi l'esperienza di un personaggio",
            "act_rename": "Rinomina banda",
            "act_rename_title": "Rinomina la banda",
            "act_rename_model": "Rinomina personaggio",
            "act_rename_model_title": "Rinomina un personaggio o dagli un soprannome",
            "act_undo": "Annulla",
            "act_undo_title": "Annulla l'ultima azione della banda",
            "act_f_profile": "Profilo",
            "act_f_new_model": "Nome del nuovo personaggio",
            "act_f_model": "Personaggio",
            "act_f_item": "Arma o oggetto",
            "act_f_for": "Per",
            "act_f_dice": "Dadi (facoltativi)",
            "act_h_dice": "Lascialo vuoto e tira il server. Oppure scrivi i dadi tirati al "
            "tavolo, in ordine: 4, oppure 3 5.",
            "act_f_sell": "Oggetto da vendere",
            "act_f_equip_item": "Oggetto del deposito",
            "act_f_equip_to": "Dallo a",
            "act_f_unequip": "Oggetto da riporre",
            "act_f_advance": "Personaggio e avanzamento",
            "act_f_rifle": "Fucile, se il tiro dà Fuciliere",
            "act_f_blade": "Arma bianca, se il tiro dà Guerriero",
            "act_f_pistol": "Pistola, se il tiro dà Pistolero",
            "act_advance_more": "Un'arma per un'abilità “a scelta” (R-11)",
            "act_advance_more_hint": "Fuciliere, Guerriero e Pistolero valgono ciascuna per "
            "un'arma del loro tipo: lascia “quella che porta” e si prende quella del personaggio.",
            "act_carried": "quella che porta",
            "act_f_cacciatore": "Prendi CACCIATORE senza tirare (uomini delle montagne, §9.6)",
            "act_f_gang_name": "Nuovo nome della banda",
            "act_f_model_name": "Nuovo nome (vuoto: lo tiene)",
            "act_f_handle": "Soprannome (vuoto: lo tiene)",
            "act_h_handle": "Un nome breve a cui risponde al tavolo, al massimo 24 caratteri.",
            "act_f_no_handle": "Togli il soprannome",
            "act_stash": "il deposito",
            "act_not_now": "Non possibile ora",
            "act_nothing": "Niente da scegliere ora.",
            "act_waiting": "In attesa della prossima partita (H-03): {items}",
            "act_last": "L'ultima azione, che l'annullamento toglie",
            "act_nothing_yet": "Questa banda non ha ancora azioni.",
            "act_by": "di {name}",
            "act_cli": "la riga di comando",
            "act_back": "Torna alla banda",
            "act_done": "Fatto",
            "act_not_available": "Non disponibile",
            "act_dice": "Dadi: {dice}",
            "act_money": "Cassa: {before}$ → {after}$",
            "act_hero": "diventa eroe",
            "act_xp_of": "{name}, {xp} PE",
            "act_price": "{price}$",
            "act_no_roll": "senza tiro",
            "act_required": "obbligatorio",
        },
    }
)


class Kind(StrEnum):
    """What a field takes, and so the control a form shows for it."""

    TEXT = "text"  # a name typed in
    PROFILE = "profile"  # a profile the gang may hire now
    ITEM = "item"  # a weapon or item: to buy, or in the stash (equip)
    MODEL = "model"  # an active model of the gang
    CARRIER = "carrier"  # the stash (blank) or an active model
    PICK = "pick"  # one choice that sets several fields (an item where it is held; an advance)
    WEAPON = "weapon"  # a weapon of one category, for a skill "a scelta"
    DICE = "dice"  # typed dice ("4", "3 5"), blank: the server rolls
    FLAG = "flag"  # a checkbox


@dataclass(frozen=True)
class Field:
    """One field of an action: its name (in the form and in the API's JSON), its kind, the
    words of its label (and hint), and what the API's schema says of it."""

    name: str
    kind: Kind
    label: str
    about: str
    required: bool = False
    hint: str = ""
    sets: tuple[tuple[str, str, bool], ...] = ()  # PICK: the API fields one choice sets
    category: WeaponCategory | None = None  # WEAPON
    more: bool = False  # folded away on the form, under the action's "_more" words


@dataclass(frozen=True)
class Option:
    """One choice of a select: the value posted, its words, and why not when refused."""

    value: str
    label: str
    allowed: bool = True
    reason: str = ""
    group: str = ""


@dataclass
class Offer:
    """What a form offers now: each field's options, the gang-level refusal (retired, R-23),
    notes, what is not offered and why, and fields left out for this gang."""

    options: dict[str, list[Option]] = field(default_factory=dict)
    blocked: str = ""
    notes: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    hidden: set[str] = field(default_factory=set)


Values = Mapping[str, str]
Call = Callable[[Session, Gang, Values, DiceSource | None], LogEntry]


@dataclass(frozen=True)
class BetweenGames:
    """One between-games action: its address, words, fields, the CLI command it mirrors, the
    service it calls, what its form offers, and (``data``) what the API's ``GET`` answers."""

    name: str
    cli: str
    summary: str
    fields: tuple[Field, ...]
    call: Call
    offer: Callable[[Session, Gang, Lang], Offer]
    data: Callable[[Session, Gang, Lang], dict[str, Any]] | None = None

    @property
    def key(self) -> str:
        return "act_" + self.name.replace("-", "_")

    @property
    def dice(self) -> Field | None:
        return next((f for f in self.fields if f.kind is Kind.DICE), None)


# ----------------------------------------------------------------------------- the services


def _member(values: Values) -> str | None:
    return values.get("member") or None


def _hire(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    return roster.hire(s, gang=gang, profile=v["profile"], name=v["name"])


def _fire(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    return roster.fire(s, gang=gang, member=v["member"])


def _buy(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    assert dice is not None
    return equipment.buy(s, gang=gang, item=v["item"], dice=dice, member=_member(v))


def _sell(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    return equipment.sell(s, gang=gang, item=v["item"], member=_member(v))


def _equip(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    return equipment.equip(s, gang=gang, item=v["item"], member=v["member"])


def _unequip(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    return equipment.unequip(s, gang=gang, item=v["item"], member=v["member"])


#: The weapon fields of an advance, by the category of the skill "a scelta" each answers.
WEAPON_FIELDS = ("rifle", "blade", "pistol")


def _advance(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    """R-11. A skill "a scelta" takes the weapon chosen for its type, else (docs/web.md) the
    first of that type the model carries: the service picks the first that fits."""
    assert dice is not None
    chosen = [v[f] for f in WEAPON_FIELDS if v.get(f)]
    model = lookup.member_by_name(gang, v["member"])
    carried = [o.item for o in lookup.carried(gang, model)]
    return advancement.advance(
        s,
        gang=gang,
        member=v["member"],
        advance=v["advance"],
        dice=dice,
        choices=chosen + [c for c in carried if _is_weapon(c)],
        pick="fuciliere" if v.get("cacciatore") else None,
    )


def _is_weapon(item_id: str) -> bool:
    return any(w.id == item_id for w in weapons())


def _rename(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    return gangs.rename_gang(s, gang=gang, name=v["name"])


def _rename_model(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    if v.get("no_handle") and v.get("handle"):
        raise CampaignError(
            "give a new handle or take its handle away, not both; nothing was changed.",
            it="dai un nuovo soprannome oppure togli il soprannome, non entrambi; non è cambiato "
            "nulla.",
        )
    return roster.rename(
        s,
        gang=gang,
        member=v["member"],
        name=v.get("name") or None,
        handle=v.get("handle") or None,
        clear_handle=bool(v.get("no_handle")),
    )


def _undo(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    """The last action, only if it is still the entry the page showed (issue #20)."""
    return undo_shown.undo(s, gang=gang, entry=undo_shown.number(v.get("entry"), "entry"))


# ----------------------------------------------------------------------------- what forms offer


def _words(found: choices.Refusal | None, lang: Lang) -> str:
    return found.text(lang) if found is not None else ""


def _t(lang: Lang) -> Mapping[str, str]:
    return text.words(lang)


def _models(gang: Gang) -> list[Option]:
    return [
        Option(m.name, naming.with_handle(m.name, m.handle)) for m in lookup.active_members(gang)
    ]


def _hire_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    """R-13: only the profiles legal and affordable now; the others listed with why not."""
    found = choices.hire_options(s, gang)
    offer = Offer(blocked=_words(found.refusal, lang))
    offer.options["profile"] = [
        Option(o.profile.id, f"{name(o.profile, lang)} · {o.profile.cost}$")
        for o in found.options
        if o.allowed
    ]
    if found.refusal is None:
        offer.refused = [
            (name(o.profile, lang), _words(o.refusal, lang)) for o in found.options if not o.allowed
        ]
    return offer


def _buy_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    """R-12: only what the faction may buy and the gang may buy now (H-03, the treasury)."""
    found = choices.buy_options(s, gang)
    t = _t(lang)
    offer = Offer(blocked=_words(found.refusal, lang))
    items = []
    for o in found.options:
        if not o.allowed:
            continue
        disp = f"DISP {o.disp}" if o.disp is not None else t["act_no_roll"]
        label = f"{name(o.equipment, lang)} · {o.equipment.cost}$ · {disp}"
        items.append(Option(o.equipment.id, label))
    offer.options["item"] = items
    offer.options["member"] = [Option("", t["act_stash"]), *_models(gang)]
    if found.waiting:
        waiting = ", ".join(name(e, lang) for e in found.waiting)
        offer.notes.append(t["act_waiting"].format(items=waiting))
    if found.refusal is None:
        offer.refused = [
            (name(o.equipment, lang), _words(o.refusal, lang))
            for o in found.options
            if not o.allowed and not o.waiting
        ]
    return offer


def _pick(**values: str) -> str:
    """The value of a PICK option: the fields it sets, as JSON (any name survives it)."""
    return json.dumps(values, sort_keys=True, ensure_ascii=False)


def _sell_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    """H-05: each item where it is held, with what selling it pays."""
    found = choices.sell_options(s, gang)
    t = _t(lang)
    offer = Offer(blocked=_words(found.refusal, lang))
    offer.options["what"] = [
        Option(
            _pick(item=o.equipment.id, member=o.member or ""),
            f"{name(o.equipment, lang)}{f' ×{o.count}' if o.count > 1 else ''} · "
            f"{o.member or t['act_stash']} · {o.price}$",
            o.allowed,
            _words(o.refusal, lang),
        )
        for o in found.options
    ]
    return offer


def _equip_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    """R-10: each kind of item in the stash; a model that may not take one is named with why."""
    found = choices.equip_options(s, gang)
    offer = Offer(blocked=_words(found.refusal, lang))
    offer.options["item"] = [
        Option(
            o.equipment.id,
            f"{name(o.equipment, lang)}{f' ×{o.count}' if o.count > 1 else ''}",
            o.allowed,
            _words(o.refusal, lang),
        )
        for o in found.options
    ]
    offer.options["member"] = _models(gang)
    if found.refusal is None:
        offer.refused = [
            (f"{name(o.equipment, lang)} → {taker.member}", _words(taker.refusal, lang))
            for o in found.options
            for taker in o.takers
            if not taker.allowed and o.allowed
        ]
    return offer


def _unequip_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    found = choices.unequip_options(s, gang)
    offer = Offer(blocked=_words(found.refusal, lang))
    offer.options["what"] = [
        Option(
            _pick(item=o.equipment.id, member=o.member),
            f"{name(o.equipment, lang)}{f' ×{o.count}' if o.count > 1 else ''} · {o.member}",
            o.allowed,
            _words(o.refusal, lang),
        )
        for o in found.options
    ]
    return offer


def _advance_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    """R-11: each model's advances with their cost, those it may not take with why; a weapon
    for each skill "a scelta"; CACCIATORE without rolling where the faction may (§9.6)."""
    found = choices.advance_options(s, gang)
    t = _t(lang)
    offer = Offer(blocked=_words(found.refusal, lang))
    picks = []
    for o in found.options:
        group = t["act_xp_of"].format(name=o.member, xp=o.xp)
        for a in o.advances:
            hero = f" · {t['act_hero']}" if a.promotes else ""
            what = choices.advance_name(a.advance, lang)
            label = f"{o.member}: {what} · {a.cost} {t['xp']}{hero}"
            value = _pick(member=o.member, advance=a.advance.value)
            picks.append(Option(value, label, a.allowed, _words(a.refusal, lang), group))
    offer.options["what"] = picks
    for category in WEAPON_FIELDS:
        offer.options[category] = [Option("", t["act_carried"])] + [
            Option(w.id, name(w, lang)) for w in weapons() if w.category.value == category
        ]
    try:  # the engine's own check (R-11, §9.6): only mountain men may
        choose_cacciatore(faction=gang.faction, owned=())
    except RulesError:
        offer.hidden.add("cacciatore")
    return offer


def _fire_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    return Offer(options={"member": _models(gang)})


def _no_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    return Offer()


def _undo_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    return Offer(hidden={"entry"})  # the form repeats the entry it shows, out of sight


def _undo_data(s: Session, gang: Gang, lang: Lang) -> dict[str, Any]:
    """What ``undo`` would take back: the gang's last action (``log --json``'s shape), or null."""
    last = logbook.last_action(s, gang=gang)
    return {"gang": gang.name, "last": _entry(s, last, gang, lang) if last is not None else None}


def _data(
    options: Callable[[Session, Gang], Any], shape: Callable[[Any, Lang], dict[str, Any]]
) -> Callable[[Session, Gang, Lang], dict[str, Any]]:
    return lambda s, gang, lang: shape(options(s, gang), lang)


# ----------------------------------------------------------------------------- the declaration

_MODEL = Field("member", Kind.MODEL, "act_f_model", "The model: its name or handle.", True)
_DICE = Field(
    "dice",
    Kind.DICE,
    "act_f_dice",
    'The dice rolled at the table, in order ("4", "3 5" or [3, 5]); absent: the server rolls, '
    "and the entry's `dice` says what it rolled.",
    hint="act_h_dice",
)

#: A PICK's own field, what the form posts; API clients send the fields it sets instead.
_WHAT = "The form's one choice (JSON of the fields below); API clients send those fields."
_ITEM = ("item", "The weapon or item, in Italian or English.", True)
_HOLDER = ("member", "The model who carries it; absent: the stash.", False)
_CARRIER = ("member", "The model who carries it.", True)
_WHO = ("member", "The model: its name or handle.", True)
_KIND = ("advance", "skill, rif, fred, cos, tiro, fama or fortuna (or their words).", True)

ACTIONS: tuple[BetweenGames, ...] = (
    BetweenGames(
        "hire",
        "skirmish gang hire GANG PROFILE --name NAME",
        "Hire a model (R-13: cost, 6 models, one leader, hero limits)",
        (
            Field(
                "profile", Kind.PROFILE, "act_f_profile", "A profile (Italian or English).", True
            ),
            Field("name", Kind.TEXT, "act_f_new_model", "Its name, unique in the gang.", True),
        ),
        _hire,
        _hire_offer,
        _data(choices.hire_options, choices.hire_data),
    ),
    BetweenGames(
        "fire",
        "skirmish gang fire GANG MODEL",
        "Dismiss a model (no refund; what it carried goes to the stash)",
        (_MODEL,),
        _fire,
        _fire_offer,
    ),
    BetweenGames(
        "buy",
        "skirmish gang buy GANG ITEM [--for MODEL] [--dice D]",
        "Buy a weapon or item (R-12: availability roll, rarity; H-03 after a failed roll)",
        (
            Field("item", Kind.ITEM, "act_f_item", _ITEM[1], True),
            Field("member", Kind.CARRIER, "act_f_for", "The model who gets it; absent: the stash."),
            _DICE,
        ),
        _buy,
        _buy_offer,
        _data(choices.buy_options, choices.buy_data),
    ),
    BetweenGames(
        "sell",
        "skirmish gang sell GANG ITEM [--from MODEL]",
        "Sell an item for a share of what was paid, rounded down (H-05)",
        (Field("what", Kind.PICK, "act_f_sell", _WHAT, True, sets=(_ITEM, _HOLDER)),),
        _sell,
        _sell_offer,
        _data(choices.sell_options, choices.sell_data),
    ),
    BetweenGames(
        "equip",
        "skirmish gang equip GANG ITEM MODEL",
        "Give a model an item from the stash (R-10: no two-handed weapon with Mano mozzata)",
        (
            Field("item", Kind.ITEM, "act_f_equip_item", "The item in the stash.", True),
            Field("member", Kind.MODEL, "act_f_equip_to", "The model who takes it.", True),
        ),
        _equip,
        _equip_offer,
        _data(choices.equip_options, choices.equip_data),
    ),
    BetweenGames(
        "unequip",
        "skirmish gang unequip GANG ITEM MODEL",
        "Put an item a model carries back into the stash",
        (Field("what", Kind.PICK, "act_f_unequip", _WHAT, True, sets=(_ITEM, _CARRIER)),),
        _unequip,
        _unequip_offer,
        _data(choices.unequip_options, choices.unequip_data),
    ),
    BetweenGames(
        "advance",
        "skirmish member advance GANG MODEL ADVANCE [--choice WEAPON] [--pick SKILL] [--dice D D]",
        "Spend a model's XP on a new skill (2D6) or +1 to a characteristic (R-11, cap 4)",
        (
            Field("what", Kind.PICK, "act_f_advance", _WHAT, True, sets=(_WHO, _KIND)),
            *(
                Field(
                    category.value,
                    Kind.WEAPON,
                    f"act_f_{category.value}",
                    f"The {category.value} a new skill of that type is for (R-11); absent: "
                    f"the first {category.value} the model carries.",
                    category=category,
                    more=True,
                )
                for category in (WeaponCategory.RIFLE, WeaponCategory.BLADE, WeaponCategory.PISTOL)
            ),
            Field(
                "cacciatore",
                Kind.FLAG,
                "act_f_cacciatore",
                "Mountain men: take CACCIATORE without rolling (§9.6); true or false.",
                more=True,
            ),
            _DICE,
        ),
        _advance,
        _advance_offer,
        _data(choices.advance_options, choices.advance_data),
    ),
    BetweenGames(
        "rename",
        "skirmish gang rename GANG NEW_NAME",
        "Rename the gang (unique in its campaign)",
        (Field("name", Kind.TEXT, "act_f_gang_name", "The gang's new name.", True),),
        _rename,
        _no_offer,
    ),
    BetweenGames(
        "rename-model",
        "skirmish member rename GANG MODEL [NEW_NAME] [--handle H | --no-handle]",
        "Rename a model, or give it a handle it answers to",
        (
            _MODEL,
            Field("name", Kind.TEXT, "act_f_model_name", "Its new name; absent: keep it."),
            Field(
                "handle",
                Kind.TEXT,
                "act_f_handle",
                "A short name it answers to (at most 24 characters); absent: keep it.",
                hint="act_h_handle",
            ),
            Field("no_handle", Kind.FLAG, "act_f_no_handle", "True: take its handle away."),
        ),
        _rename_model,
        _fire_offer,
    ),
    BetweenGames(
        "undo",
        "skirmish undo GANG",
        "Undo the gang's last action exactly (money, XP, models, items); the undo is logged",
        (
            Field(
                "entry",
                Kind.TEXT,
                "act_last",
                "The id of the log entry shown as the last action (`GET` gives it: `last.id`); "
                "refused with 409 and what changed since when it is no longer the last. "
                "Absent: the last action, whatever it is.",
            ),
        ),
        _undo,
        _undo_offer,
        _undo_data,
    ),
)


# ----------------------------------------------------------------------------- doing it


class Forbidden(Exception):
    """The reader may not change this gang (``permissions.require``'s words): 403."""

    def __init__(self, error: CampaignError) -> None:
        super().__init__(str(error))
        self.error = error


class UnknownModel(NotFound):
    """A field names no model of the gang: 404, with the nearest names."""


class Misnamed(Exception):
    """A field names no profile, weapon or item of the book: the rules' own words (400), and
    the nearest names in the reader's language for the API's ``nearest``."""

    def __init__(self, error: UnknownNameError, finder: Callable[[str], Any]) -> None:
        super().__init__(str(error))
        self.error = error
        self.finder = finder

    def nearest(self, lang: Lang) -> list[str]:
        found = []
        for suggestion in self.error.suggestions:
            try:
                found.append(name(self.finder(suggestion), lang))
            except SkirmishError:
                found.append(suggestion)
        return found


#: The fields that name an entry of the book, and the lookup the service makes of each.
BOOK_NAMES: dict[str, Callable[[str], Any]] = {"item": find_equipment, "profile": find_profile}


@dataclass(frozen=True)
class Done:
    """A change made: where its gang's page is, its log entry and the gang after it."""

    url: str
    entry: dict[str, Any]
    gang: dict[str, Any]


#: What a checkbox's or a JSON boolean's "yes" may be.
YES = frozenset({"on", "true", "1", "yes", "si", "sì"})


def _required(label: str, key: str) -> CampaignError:
    en, it = text.words(Lang.EN)[label], text.words(Lang.IT)[label]
    return CampaignError(
        f"{en} ({key}): choose or type one; nothing was changed.",
        it=f"{it} ({key}): scegline o scrivine uno; non è cambiato nulla.",
    )


def _unpick(chosen: str, keys: Sequence[str]) -> dict[str, str]:
    """The fields a PICK option sets (``_pick``); anything else is not one of the form's."""
    try:
        found = json.loads(chosen)
    except ValueError:
        found = None
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise CampaignError(
            "that choice is not one this form offers; reload the page and choose again. "
            "Nothing was changed.",
            it="questa scelta non è tra quelle del modulo; ricarica la pagina e scegli di nuovo. "
            "Non è cambiato nulla.",
        )
    return {k: v for k, v in found.items() if k in keys}


def read_values(spec: BetweenGames, fields: Mapping[str, str]) -> dict[str, str]:
    """The values of ``spec``'s fields in a form's or a JSON body's ``fields`` (a PICK's one
    choice, or the fields it sets), the required ones checked; names kept as typed."""
    values: dict[str, str] = {}
    for f in spec.fields:
        if f.kind is Kind.PICK:
            keys = [key for key, _, _ in f.sets]
            chosen = fields.get(f.name, "")
            picked = _unpick(chosen, keys) if chosen else {}
            for key, _, needed in f.sets:
                values[key] = picked.get(key, fields.get(key, "")).strip()
                if needed and not values[key]:
                    raise _required(f.label, key)
            continue
        value = fields.get(f.name, "")
        if f.kind is Kind.FLAG:
            value = "on" if value.strip().casefold() in YES else ""
        elif f.kind is not Kind.TEXT:
            value = value.strip()
        if f.required and not value.strip():
            raise _required(f.label, f.name)
        values[f.name] = value
    return values


def _model(campaign: Campaign, gang: Gang, typed: str) -> str:
    """The model ``typed`` names (its name or handle, as the CLI looks it up), else 404."""
    try:
        return lookup.member_by_name(gang, typed).name
    except CampaignError as error:
        every = [m.name for m in lookup.active_members(gang)]
        near = naming.nearest(typed, every) if every else []
        links = [(n, model_url(campaign.name, gang.name, n)) for n in near]
        raise UnknownModel(error, links) from None


def _dice(spec: BetweenGames, values: Values) -> tuple[DiceSource | None, TableDice | None]:
    """The action's dice: those typed (the CLI's ``--dice``: "4", "3 5"), else random ones."""
    if spec.dice is None:
        return None, None
    typed = values.get(spec.dice.name, "")
    if not typed:
        return RandomDice(), None
    table = TableDice(parse_dice(typed))
    return table, table


def _entry(s: Session, entry: LogEntry, gang: Gang, lang: Lang) -> dict[str, Any]:
    """A log entry as ``skirmish log --json`` shows it, with its author's name."""
    author = None
    if entry.author is not None:
        names = accounts.user_names(s, {entry.author})
        author = names.get(entry.author, "(account rimosso)" if lang is Lang.IT else
                           "(removed account)")  # fmt: skip
    return entry_data(entry, gang.name, lang, author)


def _permitted(site: Site, s: Session, campaign: Campaign, gang: Gang) -> None:
    try:
        require(s, site.actor(s), Action.CHANGE_GANG, campaign, gang)
    except CampaignError as error:
        raise Forbidden(error) from None


def perform(
    site: Site, spec: BetweenGames, campaign: str, gang: str, fields: Mapping[str, str], lang: Lang
) -> Done:
    """One unit of work: the campaign (one the reader may see), the gang, the permission, the
    values, the service, its dice all used; any refusal rolls it all back."""
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        lookup.lock_row(s, found, shared=True)  # campaign, then gang: the CLI's order
        chosen = site.find_gang(s, found, gang)
        _permitted(site, s, found, chosen)
        values = read_values(spec, fields)
        for key, finder in BOOK_NAMES.items():
            if values.get(key):
                try:  # the service looks it up again; here only for the nearest names
                    finder(values[key])
                except UnknownNameError as error:
                    raise Misnamed(error, finder) from None
        if values.get("member"):
            values["member"] = _model(found, chosen, values["member"])
        source, table = _dice(spec, values)
        entry = spec.call(s, chosen, values, source)
        if table is not None:
            table.check_all_used()
        s.flush()
        shown = _entry(s, entry, chosen, lang)
        gang_id = chosen.id
        s.expire_all()  # the gang as it is now, every collection read afresh
        after = s.get(Gang, gang_id)
        assert after is not None
        data = reads.gang_show(after, lang)
        url = f"{gang_url(found.name, after.name)}?done={entry.id}"
        return Done(url, shown, data)


# ----------------------------------------------------------------------------- the form


def _controls(
    spec: BetweenGames, offer: Offer, typed: Mapping[str, str], lang: Lang
) -> list[dict[str, Any]]:
    """Each field as the form shows it: label, hint, kept value and options (allowed first,
    refused ones disabled with their reason), grouped when the options are."""
    t = text.words(lang)
    controls = []
    for f in spec.fields:
        if f.name in offer.hidden:
            continue
        options = offer.options.get(f.name, [])
        groups: list[tuple[str, list[Option]]] = []
        for option in options:
            if groups and groups[-1][0] == option.group:
                groups[-1][1].append(option)
            else:
                groups.append((option.group, [option]))
        # A name typed in has no options: only a choice with nothing allowed is empty.
        choice = f.kind not in (Kind.TEXT, Kind.DICE, Kind.FLAG)
        controls.append(
            {
                "name": f.name,
                "kind": f.kind.value,
                "id": f"act-{f.name}",
                "label": t[f.label],
                "hint": t[f.hint] if f.hint else "",
                "required": f.required,
                "value": typed.get(f.name, ""),
                "choice": choice,
                "groups": groups,
                "empty": f.required and choice and not any(o.allowed for o in options),
                "more": f.more,
            }
        )
    return controls


def render_form(
    site: Site,
    request: Request,
    spec: BetweenGames,
    campaign: str,
    gang: str,
    typed: Mapping[str, str],
    message: str = "",
    code: int = 200,
) -> Response:
    """The action's form (after a refusal: its words, the values typed, ``code``); 403 when
    the reader may not change this gang."""
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        chosen = site.find_gang(s, found, gang)
        try:
            _permitted(site, s, found, chosen)
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        offer = spec.offer(s, chosen, lang)
        last = None
        if spec.name == "undo":
            entry = logbook.last_action(s, gang=chosen)
            last = done_line(_entry(s, entry, chosen, lang), lang) if entry is not None else None
        campaign_name, gang_name = found.name, chosen.name
        treasury = chosen.treasury
        faction = name(find_faction(chosen.faction), lang)
    t = text.words(lang)
    controls = _controls(spec, offer, typed, lang)
    return site.page(
        request,
        "actions/form.html",
        code,
        action=spec.name,
        title=t[spec.key + "_title"],
        button=t[spec.key],
        campaign_name=campaign_name,
        gang_name=gang_name,
        faction=faction,
        treasury=treasury,
        action_url=f"{gang_url(campaign_name, gang_name)}/{spec.name}",
        message=message,
        blocked=offer.blocked,
        notes=offer.notes,
        refused=offer.refused,
        controls=controls,
        can_submit=not any(c["empty"] for c in controls),
        undo=spec.name == "undo",
        last=last,
        more=t.get(spec.key + "_more", ""),
        more_hint=t.get(spec.key + "_more_hint", ""),
        next=return_to(typed.get("next") or request.query_params.get("next")),
    )


def return_to(target: str | None) -> str:
    """Where a form goes back to once done (``?next=``, issue #12: the post-game wizard), only
    ever a path on this server; else "" (the gang's page)."""
    if target and target.startswith("/") and not target.startswith(("//", "/\\")):
        return target[:500]
    return ""


def done_line(entry: Mapping[str, Any], lang: Lang) -> dict[str, Any]:
    """A log entry as the CLI reports an action (``R-12: bought … [13$ → 3$]``), its dice and
    whether it did what was asked (a failed availability roll did not, H-03)."""
    t = text.words(lang)
    line = (f"{entry['ruling']}: " if entry["ruling"] else "") + entry["text"]
    before, after = entry["money_before"], entry["money_after"]
    details = entry["details"] if isinstance(entry["details"], dict) else {}
    faces = ", ".join(str(d.get("value", "?")) for d in entry["dice"] or [] if isinstance(d, dict))
    return {
        "id": entry["id"],
        "line": line,
        "money": t["act_money"].format(before=before, after=after)
        if before is not None and after is not None and before != after
        else "",
        "dice": t["act_dice"].format(dice=faces) if faces else "",
        "ok": entry["action"] != "buy" or bool(details.get("available", True)),
        "by": t["act_by"].format(name=entry["author"] or t["act_cli"]),
    }


def panel(
    site: Site,
    s: Session,
    campaign: Campaign,
    gang: Gang,
    entries: Sequence[Mapping[str, Any]],
    done: str | None,
    lang: Lang,
) -> dict[str, Any]:
    """The gang page's part: the actions' buttons when the reader may change the gang, and the
    "done" line of ``?done=ID``, an entry of this gang's own log (others show nothing)."""
    t = text.words(lang)
    buttons = []
    if may(s, site.actor(s), Action.CHANGE_GANG, campaign, gang):
        base = gang_url(campaign.name, gang.name)
        buttons = [{"label": t[a.key], "url": f"{base}/{a.name}"} for a in ACTIONS]
    shown = next((e for e in entries if done and str(e["id"]) == done), None)
    return {"actions": buttons, "done": done_line(shown, lang) if shown is not None else None}


# ----------------------------------------------------------------------------- the routes


def _schema(spec: BetweenGames) -> dict[str, Any]:
    """The JSON body an API client posts: the fields, a PICK's as the ones it sets."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for f in spec.fields:
        if f.kind is Kind.PICK:
            for key, about, needed in f.sets:
                properties[key] = {"type": "string", "description": about}
                if needed:
                    required.append(key)
            continue
        if f.kind is Kind.FLAG:
            properties[f.name] = {"type": "boolean", "description": f.about}
        elif f.kind is Kind.DICE:
            properties[f.name] = {
                "description": f.about,
                "oneOf": [
                    {"type": "string", "examples": ["4", "3 5"]},
                    {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
                ],
            }
        else:
            properties[f.name] = {"type": "string", "description": f.about}
        if f.required:
            required.append(f.name)
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


_ERROR = {
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {
                    "error": {"type": "string"},
                    "nearest": {"type": "array", "items": {"type": "string"}},
                },
            }
        }
    }
}
_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"description": '`{"entry": <the log entry, as `skirmish log --json` shows it>, '
          '"gang": <the gang after it, as `skirmish gang show --json`>}`'},
    400: {"description": "Refused by the rules, in the reader's language; nothing changed.",
          **_ERROR},
    403: {"description": "The reader may not change this gang, or the CSRF token is missing.",
          **_ERROR},
    404: {"description": "No such campaign, gang or model; the nearest names.", **_ERROR},
}  # fmt: skip


#: The summary of an action's ``GET`` in the API, where "what the gang may choose" fits badly.
ASKS = {"undo": "What undo would take back: the gang's last action, or null"}


def router(site: Site) -> APIRouter:
    """The between-games forms and their API, one of each per declared action."""
    r = APIRouter()
    for spec in ACTIONS:
        _routes(r, site, spec)
    return r


def _routes(r: APIRouter, site: Site, spec: BetweenGames) -> None:
    page = "/c/{campaign}/g/{gang}/" + spec.name
    api = "/api/v1/campaigns/{campaign}/gangs/{gang}/" + spec.name

    def form_page(request: Request, campaign: str, gang: str) -> Response:
        return render_form(site, request, spec, campaign, gang, {})

    async def submit(request: Request, campaign: str, gang: str) -> Response:
        """The form posted: done, then the gang's page with its "done" line (POST-redirect-
        GET); refused, the form again with the words, the values typed kept."""
        fields = await form_fields(request)
        lang = pick_lang(request)
        try:
            done = await run_in_threadpool(perform, site, spec, campaign, gang, fields, lang)
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        except UnknownModel as unknown:
            message = unknown.error.text(lang)
            return await run_in_threadpool(
                render_form, site, request, spec, campaign, gang, fields, message, 404
            )
        except Misnamed as misnamed:
            message = misnamed.error.text(lang)
            return await run_in_threadpool(
                render_form, site, request, spec, campaign, gang, fields, message, 400
            )
        except StoreError:
            raise
        except SkirmishError as error:
            code = 409 if isinstance(error, StaleError) else 400  # undo: what changed since
            return await run_in_threadpool(
                render_form, site, request, spec, campaign, gang, fields, error.text(lang), code
            )
        back = return_to(fields.get("next"))
        if back:  # the page it came from, with the "done" line's entry
            joint = "&" if "?" in back else "?"
            return RedirectResponse(f"{back}{joint}done={done.entry['id']}", status_code=303)
        return RedirectResponse(done.url, status_code=303)

    async def api_submit(request: Request, campaign: str, gang: str) -> Response:
        fields = await form_fields(request)
        lang = pick_lang(request)
        try:
            done = await run_in_threadpool(perform, site, spec, campaign, gang, fields, lang)
        except Forbidden as refusal:
            return site.api(request, {"error": refusal.error.text(lang), "nearest": []}, 403)
        except Misnamed as misnamed:
            answer = {"error": misnamed.error.text(lang), "nearest": misnamed.nearest(lang)}
            return site.api(request, answer, 400)
        except StoreError:
            raise
        except SkirmishError as error:
            code = 409 if isinstance(error, StaleError) else 400
            return site.api(request, {"error": error.text(lang), "nearest": []}, code)
        return site.api(request, {"entry": done.entry, "gang": done.gang})

    r.add_api_route(page, form_page, methods=["GET"], response_class=HTMLResponse,
                    include_in_schema=False, name=f"{spec.name}-form")  # fmt: skip
    r.add_api_route(page, submit, methods=["POST"], response_class=HTMLResponse,
                    include_in_schema=False, name=f"{spec.name}-submit")  # fmt: skip
    r.add_api_route(
        api,
        api_submit,
        methods=["POST"],
        name=f"api-{spec.name}",
        summary=spec.summary,
        description=f"The same as `{spec.cli} --json`, for the logged-in reader's own gang (or "
        "any gang, for the campaign's owner and arbitrators). Send the `csrf` cookie's value in "
        "the `X-CSRF-Token` header. One unit of work: refused, nothing changes.",
        tags=["actions"],
        responses=_RESPONSES,
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": _schema(spec)}},
            }
        },
    )
    if spec.data is not None:
        data = spec.data

        def api_options(request: Request, campaign: str, gang: str) -> Response:
            lang = pick_lang(request)
            with site.read() as s:
                found = site.find_campaign(s, campaign)
                chosen = site.find_gang(s, found, gang)
                try:
                    _permitted(site, s, found, chosen)
                except Forbidden as refusal:
                    return site.api(
                        request, {"error": refusal.error.text(lang), "nearest": []}, 403
                    )
                return site.api(request, data(s, chosen, lang))

        r.add_api_route(
            api,
            api_options,
            methods=["GET"],
            name=f"api-{spec.name}-options",
            summary=ASKS.get(spec.name, f"What the gang may choose now to {spec.name}"),
            description="Each option allowed now or refused with the service's own words "
            "(`campaign.choices`, the same checks as the action), allowed ones first.",
            tags=["actions"],
            responses={
                200: {"description": "The choices, or (undo) the last action."},
                403: _RESPONSES[403],
                404: _RESPONSES[404],
            },
        )
