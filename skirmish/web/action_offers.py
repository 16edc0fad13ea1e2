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
from skirmish.engine.advances import Advance, choose_cacciatore
from skirmish.errors import RulesError
from skirmish.i18n import Lang, name
from skirmish.printing.members import role_label
from skirmish.rules import find_faction, find_skill, weapons
from skirmish.translation import gettext, ngettext
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
    about: list[str] = field(default_factory=list)  # the faction's rules, as the book says them
    profiles: list[Card] = field(default_factory=list)  # hire: each profile with its numbers


@dataclass(frozen=True)
class Card:
    """A profile as the hire form shows it (issue #22): its name, role and cost, its numbers
    (§9: TIRO, FRED, RIF, COS, FAMA, FORTUNA, XP), its skills, how many more the gang may take
    (R-13's limits, ``roster.hire_room``) and, when refused now, why."""

    value: str
    name: str
    role: str
    cost: int
    numbers: tuple[tuple[str, int], ...]
    skills: str
    room: str
    reason: str = ""


def _words(found: choices.Refusal | None, lang: Lang) -> str:
    return found.text(lang) if found is not None else ""


def _t(lang: Lang) -> Mapping[str, str]:
    return text.words(lang)


def _models(gang: Gang) -> list[Option]:
    return [
        Option(m.name, naming.with_handle(m.name, m.handle)) for m in lookup.active_members(gang)
    ]


#: How a profile's numbers are headed: the book's short names (§9; XP in the reader's words).
_HEADS = {"tiro": "TIRO", "fred": "FRED", "rif": "RIF", "cos": "COS", "fama": "FAMA",
          "fortuna": "FORTUNA"}  # fmt: skip


def _room(room: int, lang: Lang) -> str:
    if room <= 0:
        return gettext(lang.value, "no room for another")
    return ngettext(lang.value, "room for {n} more", "room for {n} more", room)


def _card(o: Any, lang: Lang) -> Card:
    profile = o.profile
    xp = _t(lang)["xp"]
    numbers = [(_HEADS.get(c, xp), getattr(profile, c)) for c in choices.CHARACTERISTICS]
    return Card(
        value=profile.id,
        name=name(profile, lang),
        role=role_label(profile, lang),
        cost=profile.cost,
        numbers=tuple(numbers),
        skills=", ".join(name(find_skill(k), lang) for k in profile.skills),
        room=_room(o.room, lang),
        reason=_words(o.refusal, lang),
    )


def hire_offer(found: Any, gang: Gang, lang: Lang) -> Offer:
    """R-13: only the profiles legal and affordable now; the others listed with why not. Each
    profile's numbers, skills and the room left for it, and the faction's rules, in view."""
    offer = Offer(blocked=_words(found.refusal, lang))
    offer.options["profile"] = [
        Option(o.profile.id, f"{name(o.profile, lang)} · {o.profile.cost}$")
        for o in found.options
        if o.allowed
    ]
    offer.profiles = [_card(o, lang) for o in found.options]
    offer.about = faction_about(gang.faction, lang)
    if found.refusal is None:
        offer.refused = [
            (name(o.profile, lang), _words(o.refusal, lang)) for o in found.options if not o.allowed
        ]
    return offer


def faction_about(faction: str, lang: Lang) -> list[str]:
    """The faction's own rules as the book describes it (§9, rules data), in ``lang``."""
    it = lang is Lang.IT
    return [rule.text_it if it else rule.text_en for rule in find_faction(faction).rules]


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
    """R-11: what each model may take now, grouped by model and by kind (a new skill, then the
    characteristics), with its cost; what it may not, folded with why (issue #22: no list of
    refused options); a weapon for each skill "a scelta"; CACCIATORE without rolling where the
    faction may (§9.6)."""
    t = _t(lang)
    offer = Offer(blocked=_words(found.refusal, lang))
    picks = []
    for o in found.options:
        who = t["act_xp_of"].format(name=o.member, xp=o.xp)
        for kind in (True, False):  # the skill first, then the characteristics
            group = f"{who} · {t['act_skill'] if kind else t['act_characteristics']}"
            for a in o.advances:
                if (a.advance is Advance.SKILL) is not kind:
                    continue
                hero = f" · {t['act_hero']}" if a.promotes else ""
                what = choices.advance_name(a.advance, lang)
                label = f"{o.member}: {what} · {a.cost} {t['xp']}{hero}"
                if a.allowed:
                    value = pick(member=o.member, advance=a.advance.value)
                    picks.append(Option(value, label, group=group))
                elif found.refusal is None:
                    offer.refused.append((label, _words(a.refusal, lang)))
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
