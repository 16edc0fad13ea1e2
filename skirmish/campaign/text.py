"""Log entries as one line of text in the output language (``--lang it|en``).

Entries store rule ids and numbers only; the words are chosen here, when the log is shown.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from sqlalchemy.engine import Row

from skirmish.campaign.models import LogEntry
from skirmish.campaign.views import injury_name, skill_name
from skirmish.engine.glossary import GameResult, label_value
from skirmish.errors import SkirmishError, shown
from skirmish.i18n import Catalogue, Lang, messages, name, tr
from skirmish.rules import (
    doctors,
    find_equipment,
    find_faction,
    find_profile,
    find_weapon,
    invalid_table,
    recovery_table,
)
from skirmish.rules.model import Point, Side
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import N_

MESSAGES: Catalogue = messages(
    {
        "campaign-new": N_("campaign {campaign!r} created"),
        "campaign-set": N_("setting {setting}: {before} → {after}"),
        "gang-new": N_("gang {gang!r} founded ({faction}) with {money}$"),
        "gang-rename": N_("gang renamed {before!r} → {after!r}"),
        "gang-retire": N_("gang {gang!r} retired"),
        "member-rename": N_("model renamed {before!r} → {after!r}"),
        "handle-set": N_("{name} answers to “{handle}”"),
        "handle-cleared": N_("{name} no longer has a handle"),
        "hire": N_("hired {name} ({profile}) for {cost}$"),
        "fire": N_("fired {name} ({profile}); to the stash: {items}"),
        "injure": N_("{name}: {injury}{items}"),
        "to-stash": N_("; to the stash: {items}"),
        "buy": N_("bought {item} for {price}${whom}{how}"),
        "buy-failed": N_(
            "{item} not available: rolled {roll}, DISP {disp} (H-03: try again after the next game)"
        ),
        "for": N_(" for {name}"),
        "half": N_(", half price (cowboy hero's horse)"),
        "rolled": N_(" (availability: rolled {roll}, DISP {disp})"),
        "skipped": N_(" (weapons need no availability roll for {faction})"),
        "sell": N_("sold {item} for {price}$ ({percent}% of {paid}$)"),
        "equip": N_("{item} given to {name}"),
        "unequip": N_("{item} taken from {name} to the stash"),
        "skill": N_("{name} gains {skill}{choice} for {cost} XP{how}"),
        "picked": N_(" (taken without rolling, §9.6)"),
        "skill-rolls": N_(" (2D6: {rolls})"),
        "characteristic": N_("{name}: {label} {before} → {after} for {cost} XP{promoted}"),
        "promoted": N_(", now a hero"),
        "xp": N_("{name}: {xp:+d} XP{reason}"),
        "undo": N_("undone: {what}"),
        "import": N_("imported {what} from {file}"),
        "nothing": N_("—"),
        "address-set": N_("web address {after} (was {before})"),
        "address-cleared": N_("web address cleared (was {before})"),
        "no-address": N_("none"),
        "print-choice": N_("print choice: {models}{dead}, {blank}"),
        "blank-0": N_("no blank card"),
        "blank-1": N_("1 blank card"),
        "blank-n": N_("{n} blank cards"),
        "every-model": N_("every model"),
        "with-dead": N_(", the dead too"),
    }
)


def _equipment(item_id: str, lang: Lang | str) -> str:
    try:
        return name(find_equipment(item_id), lang)
    except SkirmishError:  # an id from a newer rules table: show it as it is
        return item_id


def describe(action: str, details: dict[str, Any], member: str | None, lang: Lang | str) -> str:
    """One line saying what an action did."""
    d = details
    who = member or ""
    if action == "campaign-new":
        return tr(MESSAGES, action, lang, campaign=d.get("campaign", ""))
    if action == "campaign-set":
        return tr(MESSAGES, action, lang, setting=d["key"], before=d["before"], after=d["after"])
    if action == "campaign-address":
        before = d.get("before") or tr(MESSAGES, "no-address", lang)
        if d.get("after"):
            return tr(MESSAGES, "address-set", lang, after=d["after"], before=before)
        return tr(MESSAGES, "address-cleared", lang, before=before)
    if action == "print-choice":
        models = ", ".join(d.get("models", [])) or tr(MESSAGES, "every-model", lang)
        dead = tr(MESSAGES, "with-dead", lang) if d.get("with_dead") else ""
        n = d.get("blank", 0)
        blank = tr(MESSAGES, f"blank-{n if n in (0, 1) else 'n'}", lang, n=n)
        return tr(MESSAGES, action, lang, models=models, dead=dead, blank=blank)
    if action == "gang-new":
        faction = name(find_faction(d["faction"]), lang)
        return tr(MESSAGES, action, lang, gang=d["gang"], faction=faction, money=400)
    if action == "gang-rename":
        return tr(MESSAGES, action, lang, before=d["before"], after=d["after"])
    if action == "gang-retire":
        return tr(MESSAGES, action, lang, gang=d.get("gang", ""))
    if action == "member-rename":
        return _member_rename(d, lang)
    if action in ("hire", "fire"):
        profile = name(find_profile(d["profile"]), lang) if _single(d["profile"]) else d["profile"]
        items = ", ".join(_equipment(i, lang) for i in d.get("to_stash", [])) or "—"
        return tr(
            MESSAGES, action, lang, name=d["name"], profile=profile, cost=d.get("cost"), items=items
        )
    if action == "injure":
        moved = ", ".join(_equipment(i, lang) for i in d.get("to_stash", []))
        items = tr(MESSAGES, "to-stash", lang, items=moved) if moved else ""
        return tr(
            MESSAGES, action, lang, name=who, injury=injury_name(d["injury"], lang), items=items
        )
    if action == "buy":
        return _buy(d, lang)
    if action == "sell":
        return tr(
            MESSAGES, action, lang, item=_equipment(d["item"], lang), price=d["price"],
            percent=d["percent"], paid=d["paid"],
        )  # fmt: skip
    if action in ("equip", "unequip"):
        return tr(MESSAGES, action, lang, item=_equipment(d["item"], lang), name=who)
    if action == "advance":
        return _advance(d, who, lang)
    if action == "xp":
        reason = f" ({d['reason']})" if d.get("reason") else ""
        return tr(MESSAGES, action, lang, name=who, xp=d["xp"], reason=reason)
    if action == "undo":
        what = describe(d["action"], d.get("details", {}), member, lang)
        return tr(MESSAGES, action, lang, what=what)
    if action == "import":
        what = repr(d.get("gang") or d.get("campaign") or "")
        return tr(MESSAGES, action, lang, what=what, file=d.get("file", ""))
    # Entries written by a game and its post-game sequence.
    found = describe_step(action, d, member, str(lang))
    return action if found is None else found


def _member_rename(d: dict[str, Any], lang: Lang | str) -> str:
    parts = []
    if d["before"] != d["after"]:
        parts.append(tr(MESSAGES, "member-rename", lang, before=d["before"], after=d["after"]))
    handle = d.get("handle_after")
    if handle != d.get("handle_before"):
        key = "handle-set" if handle else "handle-cleared"
        parts.append(tr(MESSAGES, key, lang, name=d["after"], handle=handle or ""))
    return "; ".join(parts)


def _single(profile_id: str) -> bool:
    try:
        find_profile(profile_id)
    except SkirmishError:  # not a profile of the tables (a newer rules table's id)
        return False
    return True


def _buy(d: dict[str, Any], lang: Lang | str) -> str:
    item = _equipment(d["item"], lang)
    if not d.get("available", True):
        return tr(MESSAGES, "buy-failed", lang, item=item, roll=d["roll"], disp=d["disp"])
    whom = tr(MESSAGES, "for", lang, name=d["for"]) if d.get("for") else ""
    if d.get("skipped"):
        faction = name(find_faction(d["faction"]), lang) if d.get("faction") else ""
        how = tr(MESSAGES, "skipped", lang, faction=faction)
    else:
        how = tr(MESSAGES, "rolled", lang, roll=d["roll"], disp=d["disp"])
    if d.get("half_price"):
        how = tr(MESSAGES, "half", lang) + how
    return tr(MESSAGES, "buy", lang, item=item, price=d["price"], whom=whom, how=how)


def _advance(d: dict[str, Any], who: str, lang: Lang | str) -> str:
    if d["advance"] == "skill":
        choice = f" ({name(find_weapon(d['choice']), lang)})" if d.get("choice") else ""
        if d.get("chosen"):
            how = tr(MESSAGES, "picked", lang)
        else:
            rolls = ", ".join(f"{a}+{b}={a + b}" for a, b, *_ in d.get("rolls", []))
            how = tr(MESSAGES, "skill-rolls", lang, rolls=rolls)
        return tr(
            MESSAGES, "skill", lang, name=who, skill=skill_name(d["skill"], lang), choice=choice,
            cost=d["cost"], how=how,
        )  # fmt: skip
    promoted = tr(MESSAGES, "promoted", lang) if d.get("promoted") else ""
    return tr(
        MESSAGES, "characteristic", lang, name=who, label=d["advance"].upper(),
        before=d["before"], after=d["after"], cost=d["cost"], promoted=promoted,
    )  # fmt: skip


def describe_entry(entry: LogEntry, lang: Lang | str) -> str:
    """One line for a log entry. An entry whose details this version cannot read (written by a
    newer skirmish, or a damaged import) is shown as its action and raw details, so one odd
    entry never stops ``skirmish log`` from showing the rest."""
    return described(entry.action, entry.details, entry.member_name, lang)


def described(action: str, details: Any, member: str | None, lang: Lang | str) -> str:
    """``describe_entry`` of an entry's action, details and model (a row's, as the log's pages
    read them: ``listings.feed_rows``)."""
    try:
        return describe(action, details, member, lang)
    except (LookupError, TypeError, ValueError, AttributeError, SkirmishError):
        return f"{action}: {shown(details, 120)}"


@lru_cache(maxsize=4096)
def described_text(action: str, details: str | None, member: str | None, lang: Lang | str) -> str:
    """``described`` of an entry's details as their JSON text (``logbook.FEED``), decoded only
    for a line not said yet. Kept by every input it is said from: the line depends on nothing
    else (the catalogues and the rules tables are fixed for the process), so a kept line is
    always the line ``described`` would say (issue #23: the log's pages say the same last
    entries on every request; 4,096 lines at most)."""
    return described(action, None if details is None else json.loads(details), member, lang)


def entry_data(
    entry: LogEntry | Row[Any], gang_name: str | None, lang: Lang | str, author: str | None = None
) -> dict[str, Any]:
    """A log entry as JSON (``log --json``); ``author`` is the name of the account that made
    it (``None``: the local command line, issue #11). ``entry`` is an entry, or a row of its
    columns (``logbook.history_rows``), read through its mapping (``Row._mapping``, public
    despite its underscore): a row's attributes cost three times as much (issue #23: the log's
    pages read 30 to 200 entries, 15 fields each)."""
    e: Any = entry._mapping if isinstance(entry, Row) else _Fields(entry)
    return {
        "id": e["id"],
        "at": e["at"],
        "gang": gang_name,
        "member": e["member_name"],
        "action": e["action"],
        "text": described(e["action"], e["details"], e["member_name"], lang),
        "details": e["details"],
        "dice": e["dice"],
        "ruling": e["ruling"],
        "money_before": e["money_before"],
        "money_after": e["money_after"],
        "xp_before": e["xp_before"],
        "xp_after": e["xp_after"],
        "reverts": e["reverts"],
        "author": author,
    }


class _Fields:
    """An entry's attributes read as a mapping's items (``entry_data``)."""

    __slots__ = ("entry",)

    def __init__(self, entry: LogEntry) -> None:
        self.entry = entry

    def __getitem__(self, key: str) -> Any:
        return getattr(self.entry, key)


STEP_TEXT: Catalogue = messages(
    {
        "game-start": N_("game {game} ({scenario}) started, {side} side"),
        "game-end": N_("game {game} ({scenario}) ended: {result}"),
        "game-abandon": N_("game {game} ({scenario}) abandoned"),
        "wounded-healed": N_("{who} is no longer wounded (game {game})"),
        "used-up": N_("{who} used up {items} in game {game}"),
        "recovery": N_("{who}: recovery {roll} → {total}{doctor}: {outcome}{extra}"),
        "to-stash": N_("; to the stash: {items}"),
        "doctor": N_(", {doctor} {fee}$"),
        "free-doctor": N_(", {doctor} {helper}"),
        "game-xp": N_("{who}: +{xp} XP ({eliminations} eliminated, bonus {bonus})"),
        "income": N_("game {game}: {result}, +{amount}$"),
        "bounty": N_("bounty for {victims}: +{amount}$"),
        "outlaw-mark": N_("marked as outlaws for good: killed {civilians}"),
        "gambler": N_("{who} gambles: {faces} = +{amount}$"),
        "marked-cards": N_("{who}'s marked cards: {faces} = +{amount}$"),
        "infamy": N_("infamy test {roll}{loss}"),
        "loss": N_(": {who} loses 1 {point}"),
    }
)


def _entry_name(entry_id: Any, lang: str) -> str:
    """A recovery outcome, an invalidity or a doctor (§6.5) by the book's name, not its id."""
    for table in (recovery_table(), invalid_table(), doctors()):
        for entry in table:
            if entry.id == entry_id:
                return name(entry, lang)
    return str(entry_id)


def _scenario_name(scenario_id: Any, lang: str) -> str:
    """A scenario by its name in ``lang`` (its id if this version does not know it)."""
    try:
        return name(find_scenario(str(scenario_id)), lang)
    except SkirmishError:
        return str(scenario_id)


def result_word(result: str | None, lang: str) -> str:
    """``win``, ``loss``… in ``lang`` (the glossary's words)."""
    return label_value(GameResult, result, lang)


def describe_step(
    action: str, details: Mapping[str, Any], member: str | None, lang: str
) -> str | None:
    """One line for a log entry written by a game or its post-game sequence (``None`` for any
    other action), in ``lang``; ``describe`` falls back on it."""
    words = STEP_TEXT.get(str(lang), STEP_TEXT["en"])
    if action not in words or action in ("doctor", "free-doctor", "loss", "to-stash"):
        return None
    d = dict(details)
    who = member or ""
    if action == "recovery":
        doctor = ""
        if d.get("doctor") and d.get("fee"):
            doctor = words["doctor"].format(
                doctor=_entry_name(d["doctor"], lang).lower(), fee=d["fee"]
            )
        elif d.get("doctor"):
            doctor = (
                words["free-doctor"]
                .format(
                    doctor=_entry_name(d["doctor"], lang).lower(),
                    helper=d.get("doctor_model") or "",
                )
                .rstrip()
            )
        extra = f" ({_entry_name(d['invalidity'], lang)})" if d.get("invalidity") else ""
        if d.get("invalidity") and d.get("to_stash"):
            stashed = ", ".join(_equipment(i, lang).lower() for i in d["to_stash"])
            extra += words["to-stash"].format(items=stashed)
        return words[action].format(
            who=who, roll=d.get("roll"), total=d.get("total"), doctor=doctor,
            outcome=_entry_name(d.get("outcome"), lang).lower(), extra=extra,
        )  # fmt: skip
    if action == "game-xp":
        xp = int(d.get("eliminations", 0)) + int(d.get("bonus", 0))
        return words[action].format(
            who=who, xp=xp, eliminations=d.get("eliminations"), bonus=d.get("bonus")
        )
    if action == "bounty":
        victims = d.get("victims", [])
        names = ", ".join(str(v["name"]) for v in victims)
        amount = sum(int(v["bounty"]) for v in victims)
        return words[action].format(victims=names, amount=amount)
    if action == "outlaw-mark":
        return words[action].format(civilians=", ".join(d.get("civilians", [])))
    if action in ("gambler", "marked-cards"):
        faces = "+".join(str(f) for f in d.get("faces", []))
        return words[action].format(who=who, faces=faces, amount=d.get("amount"))
    if action == "used-up":
        items = ", ".join(_equipment(i, lang).lower() for i in d.get("items", []))
        return words[action].format(who=who, items=items, game=d.get("game"))
    if action == "infamy":
        loss = ""
        if d.get("loss") not in (None, "none"):
            loss = words["loss"].format(who=who, point=label_value(Point, d["loss"], lang))
        return words[action].format(roll=d.get("roll"), loss=loss)
    values = {
        "game": d.get("game"), "scenario": _scenario_name(d.get("scenario"), lang),
        "side": label_value(Side, d.get("side"), lang),
        "result": result_word(d.get("result"), lang), "amount": d.get("amount"), "who": who,
    }  # fmt: skip
    return words[action].format(**values)
