"""What a between-games form offers now (issue #11): the catalogue's choices
(``campaign/commands.py``'s ``choices``, the services' own checks in ``campaign/choices.py``)
as the options of each form's selects, those refused listed with the service's words. Only the
rendering is here; what is allowed is decided below, by the services.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skirmish.campaign import choices, lookup, naming
from skirmish.campaign.commands import WEAPON_FIELDS
from skirmish.campaign.models import Gang
from skirmish.engine.advances import choose_cacciatore
from skirmish.errors import RulesError
from skirmish.i18n import Lang, name
from skirmish.rules import weapons
from skirmish.web import text


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


def _words(found: choices.Refusal | None, lang: Lang) -> str:
    return found.text(lang) if found is not None else ""


def _t(lang: Lang) -> Mapping[str, str]:
    return text.words(lang)


def _models(gang: Gang) -> list[Option]:
    return [
        Option(m.name, naming.with_handle(m.name, m.handle)) for m in lookup.active_members(gang)
    ]


def hire_offer(found: Any, gang: Gang, lang: Lang) -> Offer:
    """R-13: only the profiles legal and affordable now; the others listed with why not."""
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


def buy_offer(found: Any, gang: Gang, lang: Lang) -> Offer:
    """R-12: only what the faction may buy and the gang may buy now (H-03, the treasury)."""
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


def pick(**values: str) -> str:
    """The value of a PICK option: the fields it sets, as JSON (any name survives it)."""
    return json.dumps(values, sort_keys=True, ensure_ascii=False)


def sell_offer(found: Any, gang: Gang, lang: Lang) -> Offer:
    """H-05: each item where it is held, with what selling it pays."""
    t = _t(lang)
    offer = Offer(blocked=_words(found.refusal, lang))
    offer.options["what"] = [
        Option(
            pick(item=o.equipment.id, member=o.member or ""),
            f"{name(o.equipment, lang)}{f' ×{o.count}' if o.count > 1 else ''} · "
            f"{o.member or t['act_stash']} · {o.price}$",
            o.allowed,
            _words(o.refusal, lang),
        )
        for o in found.options
    ]
    return offer


def equip_offer(found: Any, gang: Gang, lang: Lang) -> Offer:
    """R-10: each kind of item in the stash; a model that may not take one is named with why."""
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


def unequip_offer(found: Any, gang: Gang, lang: Lang) -> Offer:
    offer = Offer(blocked=_words(found.refusal, lang))
    offer.options["what"] = [
        Option(
            pick(item=o.equipment.id, member=o.member),
            f"{name(o.equipment, lang)}{f' ×{o.count}' if o.count > 1 else ''} · {o.member}",
            o.allowed,
            _words(o.refusal, lang),
        )
        for o in found.options
    ]
    return offer


def advance_offer(found: Any, gang: Gang, lang: Lang) -> Offer:
    """R-11: each model's advances with their cost, those it may not take with why; a weapon
    for each skill "a scelta"; CACCIATORE without rolling where the faction may (§9.6)."""
    t = _t(lang)
    offer = Offer(blocked=_words(found.refusal, lang))
    picks = []
    for o in found.options:
        group = t["act_xp_of"].format(name=o.member, xp=o.xp)
        for a in o.advances:
            hero = f" · {t['act_hero']}" if a.promotes else ""
            what = choices.advance_name(a.advance, lang)
            label = f"{o.member}: {what} · {a.cost} {t['xp']}{hero}"
            value = pick(member=o.member, advance=a.advance.value)
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


def models_offer(s: Any, gang: Gang, lang: Lang) -> Offer:
    return Offer(options={"member": _models(gang)})
