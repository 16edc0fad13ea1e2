"""The Gazette's town (issue #14): the news (new gangs, hires, purchases, experience, advances,
injuries, recoveries, bounties, retired gangs; a gang's consecutive hires and purchases in one
sentence) and the WANTED poster (H-09's bounty, else infamy, R-09).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.campaign.game.board import gang_row
from skirmish.campaign.game.start import outlaw_marked
from skirmish.campaign.game.tables import Retreat
from skirmish.campaign.gangs import settings_of
from skirmish.campaign.gazette_facts import Facts, falls_in
from skirmish.campaign.gazette_issue import Sentence, Wanted
from skirmish.campaign.gazette_phrases import (
    PHRASES,
    equipment_word,
    joined,
    profile_word,
    say,
    scenario_word,
    word,
)
from skirmish.campaign.models import GangStatus, LogEntry, Member, MemberStatus
from skirmish.campaign.settings import find_setting
from skirmish.campaign.views import injury_name, skill_name
from skirmish.engine.glossary import EventKind, GameResult, GameStatus, label
from skirmish.i18n import name
from skirmish.rules import find_faction, find_profile
from skirmish.rules.ids import FactionId
from skirmish.rules.names import normalize

#: H-09: the factions whose models carry a bounty (as ``postgame.WANTED``).
BOUNTY_FACTIONS = (FactionId.OUTLAWS, FactionId.MEXICANS)


# ------------------------------------------------------------------------------ the news

#: Log actions that print in the news, and those merged when a gang does several in a row.
NEWS = frozenset({
    "gang-new", "hire", "fire", "buy", "xp", "advance", "injure", "recovery", "bounty",
    "outlaw-mark", "gang-retire", "income", "game-xp", "gambler", "marked-cards",
})  # fmt: skip
MERGED = {"hire": "hires", "buy": "buys", "game-xp": "game-xp"}
#: The characteristics an advance raises (R-11), by the book's abbreviations.
STATS = frozenset({"tiro", "fred", "rif", "cos", "fama", "fortuna"})


def news_of(facts: Facts, entries: Sequence[LogEntry]) -> list[Sentence]:
    said: list[Sentence] = []
    run: list[LogEntry] = []

    def flush() -> None:
        if run:
            said.extend(_merged(facts, run))
            run.clear()

    for entry in entries:
        if entry.action not in NEWS:
            continue
        if entry.action == "buy" and not entry.details.get("available", True):
            continue  # a failed availability roll bought nothing
        if entry.action in MERGED:
            if run and (
                run[0].action != entry.action
                or run[0].gang_id != entry.gang_id
                or run[0].details.get("game") != entry.details.get("game")
            ):
                flush()
            run.append(entry)
            continue
        flush()
        sentence = _one(facts, entry)
        if sentence is not None:
            said.append(sentence)
    flush()
    return said


def _merged(facts: Facts, run: Sequence[LogEntry]) -> list[Sentence]:
    lang = facts.lang
    gang = facts.gang_name(run[0].gang_id)
    ids = [int(e.id or 0) for e in run]
    if run[0].action == "hire":
        if len(run) == 1:
            d = run[0].details
            return [
                say(
                    "hire",
                    lang,
                    logs=ids,
                    gang=gang,
                    name=d.get("name", ""),
                    profile=profile_word(d.get("profile"), lang),
                    cost=d.get("cost"),
                )
            ]
        items = [
            PHRASES[lang]["hire-item.1"].format(
                name=e.details.get("name", ""),
                profile=profile_word(e.details.get("profile"), lang),
                cost=e.details.get("cost"),
            )
            for e in run
        ]  # fmt: skip
        return [say("hires", lang, logs=ids, gang=gang, list=joined(items, lang))]
    if run[0].action == "game-xp":
        gained = [
            PHRASES[lang]["xp-item.1"].format(
                name=e.member_name or "",
                xp=int(e.details.get("eliminations") or 0) + int(e.details.get("bonus") or 0),
            )
            for e in run
        ]
        return [say("game-xp", lang, logs=ids, gang=gang, game=run[0].details.get("game"),
                    list=joined(gained, lang))]  # fmt: skip
    counted: dict[str, int] = {}
    for entry in run:
        item = equipment_word(entry.details.get("item"), lang).lower()
        counted[item] = counted.get(item, 0) + 1
    items = [item if n == 1 else f"{item} ({n})" for item, n in counted.items()]
    return [say("buys", lang, logs=ids, gang=gang, list=joined(items, lang))]


def _one(facts: Facts, entry: LogEntry) -> Sentence | None:
    lang = facts.lang
    d = entry.details
    logs = [int(entry.id or 0)]
    gang = facts.gang_name(entry.gang_id)
    who = entry.member_name or str(d.get("name") or "")
    action = entry.action
    if action == "gang-new":
        faction = name(find_faction(str(d.get("faction"))), lang)
        return say(action, lang, logs=logs, gang=d.get("gang", gang), faction=faction,
                   money=entry.money_after)  # fmt: skip
    if action == "gang-retire":
        return say(action, lang, logs=logs, gang=d.get("gang", gang))
    if action == "fire":
        return say(action, lang, logs=logs, gang=gang, name=d.get("name", who),
                   profile=profile_word(d.get("profile"), lang))  # fmt: skip
    if action == "xp":
        reason = str(d.get("reason") or "").strip()
        if not reason or int(d.get("xp") or 0) <= 0:
            return None  # bookkeeping without a story
        return say(action, lang, logs=logs, gang=gang, name=who, xp=d.get("xp"), reason=reason)
    if action == "advance":
        return _advance(lang, logs, gang, who, d)
    if action == "injure":
        injury = str(d.get("injury") or "")
        return say(action, lang, logs=logs, gang=gang, name=who,
                   injury=injury_name(injury, lang).lower()) if injury else None  # fmt: skip
    if action == "recovery":
        outcome = d.get("outcome")
        if outcome == "invalid" and d.get("invalidity"):
            return say("invalid", lang, logs=logs, gang=gang, name=who, game=d.get("game"),
                       injury=injury_name(str(d["invalidity"]), lang).lower())  # fmt: skip
        if outcome in ("wounded", "recovered"):
            return say(str(outcome), lang, logs=logs, gang=gang, name=who, game=d.get("game"))
        return None  # the dead have their obituary
    if action == "bounty":
        victims = [str(v.get("name")) for v in d.get("victims") or []]
        amount = sum(int(v.get("bounty") or 0) for v in d.get("victims") or [])
        return say(action, lang, logs=logs, gang=gang, amount=amount,
                   victims=joined(victims, lang))  # fmt: skip
    if action == "outlaw-mark":
        return say(action, lang, logs=logs, gang=gang)
    if action in ("gambler", "marked-cards"):
        if not d.get("amount"):
            return None
        return say(action, lang, logs=logs, gang=gang, name=who, amount=d.get("amount"),
                   game=d.get("game"))  # fmt: skip
    if action == "income":
        if not d.get("amount"):
            return None
        result = label(GameResult(str(d.get("result"))), lang)
        return say(action, lang, logs=logs, gang=gang, amount=d.get("amount"),
                   game=d.get("game"), result=result)  # fmt: skip
    return None


def _advance(
    lang: str, logs: Sequence[int], gang: str, who: str, d: Mapping[str, Any]
) -> Sentence | None:
    advance = str(d.get("advance") or "")
    if advance == "skill" and d.get("skill"):
        skill = skill_name(str(d["skill"]), lang)
        if d.get("choice"):
            skill += f" ({equipment_word(d['choice'], lang).lower()})"
        return say("advance-skill", lang, logs=logs, gang=gang, name=who, skill=skill)
    if advance in STATS and d.get("before") is not None:
        kind = "advance-promoted" if d.get("promoted") else "advance-stat"
        return say(
            kind,
            lang,
            logs=logs,
            gang=gang,
            name=who,
            stat=word(advance, lang),
            before=d.get("before"),
            after=d.get("after"),
        )
    return None


# ------------------------------------------------------------------------------ WANTED


def wanted_of(facts: Facts, entries: Sequence[LogEntry]) -> Wanted | None:
    """The poster: the living leader of an active gang with the highest bounty (H-09), else
    the one whose gang retreated by choice most often (R-09); ties go to the one with more
    eliminations, then to the first hired."""
    lang = facts.lang
    percent = int(
        settings_of(facts.campaign).get("bounty-percent", find_setting("bounty-percent").default)
    )
    hires = {int(e.member_id): e for e in entries if e.action == "hire" and e.member_id is not None}
    kills = _kills(facts)
    infamy = _infamy(facts)
    best: tuple[tuple[int, int, int, int], Member, int | None] | None = None
    for gang in facts.gangs.values():
        if gang.status != GangStatus.ACTIVE:
            continue
        for member in gang.members:
            if member.role != "leader" or member.status != MemberStatus.ACTIVE:
                continue
            if int(member.id or 0) not in hires:
                continue  # no recorded fact to print it from
            profile = find_profile(member.profile)
            wanted = profile.faction in BOUNTY_FACTIONS or (
                profile.faction == FactionId.BOUNTY_KILLERS and outlaw_marked(facts.session, gang)
            )
            bounty = profile.cost * percent // 100 if wanted and percent > 0 else None
            times = len(infamy.get(int(gang.id or 0), []))
            if bounty is None and times == 0:
                continue
            rank = (
                bounty if bounty is not None else -1,
                times,
                len(kills.get(int(member.id or 0), [])),
                -int(member.id or 0),
            )
            if best is None or rank > best[0]:
                best = (rank, member, bounty)
    if best is None:
        return None
    _, member, bounty = best
    gang = facts.gangs[member.gang_id]
    hire = hires[int(member.id or 0)]
    hired = [int(hire.id or 0)]
    profile = find_profile(member.profile)
    profile_name = name(profile, lang)
    said = [say("wanted-who", lang, logs=hired, name=member.name, profile=profile_name,
                gang=gang.name)]  # fmt: skip
    if bounty is not None:
        said.append(say("wanted-bounty", lang, logs=hired, bounty=bounty, percent=percent,
                        cost=profile.cost, profile=profile_name))  # fmt: skip
    else:
        told = infamy[int(gang.id or 0)]
        said.append(say("wanted-infamy", lang, events=told, gang=gang.name,
                        times=word("times", lang, len(told))))  # fmt: skip
    killed = kills.get(int(member.id or 0), [])
    if killed:
        said.append(say("wanted-kills", lang, events=killed, name=member.name,
                        count=word("models", lang, len(killed))))  # fmt: skip
    seen = _last_seen(facts, member)
    if seen is not None:
        said.append(seen)
    return Wanted(member.name, gang.name, profile_name, bounty, tuple(said))


def _kills(facts: Facts) -> dict[int, list[int]]:
    """Each member's eliminations of enemy models over the campaign's finished games, as the
    ids of the events that eliminated them."""
    found: dict[int, list[int]] = {}
    for game in facts.games:
        if game.status != GameStatus.ENDED:
            continue
        models = {m.id: m for m in facts.game_models(game)}
        for fall in falls_in(facts, game):
            killer = models.get(fall.model.eliminated_by)
            if killer is None or fall.event is None:
                continue
            if killer.game_gang_id == fall.model.game_gang_id:
                continue
            found.setdefault(killer.member_id, []).append(int(fall.event.id or 0))
    return found


def _infamy(facts: Facts) -> dict[int, list[int]]:
    """Each gang's voluntary retreats (R-09) in finished games, as the retreat events' ids."""
    found: dict[int, list[int]] = {}
    for game in facts.games:
        if game.status != GameStatus.ENDED:
            continue
        for gg in facts.game_sides(game):
            if gg.retreated != Retreat.VOLUNTARY:
                continue
            gang = gang_row(facts.session, gg).name
            told = [
                int(e.id or 0)
                for e in facts.game_events(game)
                if e.action == EventKind.RETREAT
                and normalize(str(e.details.get("gang", ""))) == normalize(gang)
            ]
            if told:
                found.setdefault(gg.gang_id, []).append(told[-1])
    return found


def _last_seen(facts: Facts, member: Member) -> Sentence | None:
    for game in reversed(facts.games):
        if game.status == GameStatus.ABANDONED:
            continue
        if any(m.member_id == member.id for m in facts.game_models(game)):
            start = [int(e.id or 0) for e in facts.game_events(game) if e.action == "start"]
            if not start:
                return None
            return say("wanted-seen", facts.lang, events=start[:1], game=game.id,
                       scenario=scenario_word(game.scenario, facts.lang))  # fmt: skip
    return None
