"""The Gazette's games (issue #14): a headline and a report for each finished game (who beat
whom in which scenario and how many turns, each retreat, each model that fell and to whom, the
turning point), the luck ledger's upsets, and the obituaries of the dead (R-10).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from skirmish.campaign.game.board import gang_row
from skirmish.campaign.game.tables import Game, GameEvent, Retreat
from skirmish.campaign.game.telling import reason_text
from skirmish.campaign.gazette_facts import Facts, fall_values, falls_in
from skirmish.campaign.gazette_issue import GameReport, Obituary, Sentence
from skirmish.campaign.gazette_phrases import phrase, profile_word, say, scenario_word, word
from skirmish.campaign.luck import Moment
from skirmish.campaign.luck.reading import ACTION, ATTACKER
from skirmish.campaign.models import LogEntry, Member, MemberStatus
from skirmish.engine.glossary import EventKind, label
from skirmish.errors import SkirmishError
from skirmish.formats import percent
from skirmish.i18n import Lang
from skirmish.rules.model import Side
from skirmish.rules.names import normalize
from skirmish.rules.scenarios import find_scenario

#: An elimination this unlikely or less is an upset worth a headline (the luck ledger's exact
#: chance of the attack eliminating its target); a great escape is the ledger's (5% or less).
UPSET = Fraction(1, 4)
#: Headlines from the ledger's upsets and escapes, at most.
HEADLINES = 3


# ------------------------------------------------------------------------------ the games


#: Why a game ended, when it says no more than the result: not repeated in the report.
PLAIN_ENDS = frozenset({
    "named by the players", "confirmed by both players", "a draw, as the players agreed",
    "a draw, confirmed by both players", "good side retreated", "bad side retreated",
    "both sides retreated",
})  # fmt: skip


def _found_scenario(scenario_id: str) -> Any:
    try:
        return find_scenario(scenario_id)
    except SkirmishError:
        return None


def _side_word(side: str, lang: str) -> str:
    return label(Side(side), lang)


def _end_event(facts: Facts, game: Game) -> GameEvent | None:
    ends = [e for e in facts.game_events(game) if e.action == EventKind.END]
    return ends[-1] if ends else None


def _game_headline(facts: Facts, game: Game) -> Sentence | None:
    lang = facts.lang
    end = _end_event(facts, game)
    sides = facts.game_sides(game)
    if end is None or len(sides) != 2:
        return None
    names = {gg.side: gang_row(facts.session, gg).name for gg in sides}
    scenario = scenario_word(game.scenario, lang)
    start = [e.id for e in facts.game_events(game) if e.action == EventKind.START]
    events = [int(end.id or 0), *[int(i or 0) for i in start]]
    if game.winner in names:
        loser = next(n for side, n in names.items() if side != game.winner)
        return say("headline-win", lang, events=events, scenario=scenario,
                   winner=names[game.winner], loser=loser)  # fmt: skip
    first, second = (gang_row(facts.session, gg).name for gg in sides)
    return say("headline-draw", lang, events=events, scenario=scenario, first=first,
               second=second)  # fmt: skip


def game_report(facts: Facts, game: Game) -> GameReport | None:
    lang = facts.lang
    headline = _game_headline(facts, game)
    end = _end_event(facts, game)
    if headline is None or end is None:
        return None
    sides = facts.game_sides(game)
    events = facts.game_events(game)
    start_ids = [int(e.id or 0) for e in events if e.action == EventKind.START]
    result_ids = [int(end.id or 0), *start_ids]
    turns = word("turns", lang, max(game.turn, 1))
    names = {gg.side: gang_row(facts.session, gg).name for gg in sides}
    said: list[Sentence] = []
    if game.winner in names:
        loser_side = next(side for side in names if side != game.winner)
        said.append(
            say("report-win", lang, events=result_ids, winner=names[game.winner],
                loser=names[loser_side], winner_side=_side_word(game.winner, lang),
                loser_side=_side_word(loser_side, lang), turns=turns)
        )  # fmt: skip
    else:
        first, second = sides
        said.append(
            say("report-draw", lang, events=result_ids, first=names[first.side],
                second=names[second.side], first_side=_side_word(first.side, lang),
                second_side=_side_word(second.side, lang), turns=turns)
        )  # fmt: skip
    reason = str(end.details.get("reason") or game.reason or "")
    if reason and reason not in PLAIN_ENDS:
        said.append(
            say(
                "report-reason",
                lang,
                events=[int(end.id or 0)],
                reason=reason_text(reason, _found_scenario(game.scenario), Lang(lang)),
            )
        )
    for gg in sides:
        if gg.retreated is None:
            continue
        kind = "retreat-voluntary" if gg.retreated == Retreat.VOLUNTARY else "retreat-cohesion"
        action = EventKind.RETREAT if gg.retreated == Retreat.VOLUNTARY else EventKind.COHESION
        gang = names[gg.side]
        told = [
            int(e.id or 0)
            for e in events
            if e.action == action and normalize(str(e.details.get("gang", ""))) == normalize(gang)
        ]
        if told:
            said.append(say(kind, lang, events=told[-1:], gang=gang,
                            turn=gg.retreat_turn or "?"))  # fmt: skip
    falls = falls_in(facts, game)
    for fall in falls:
        if fall.event is None:
            continue
        kind = {"shot": "fall-shot", "melee": "fall-melee", "blast": "fall-blast",
                "by": "fall-by"}.get(fall.how, "fall")  # fmt: skip
        said.append(say(kind, lang, events=[int(fall.event.id or 0)], **fall_values(fall, lang)))
    swing = _swing(facts.moments, int(game.id or 0))
    told_falls = [f for f in falls if f.event is not None]
    first_fall = told_falls[0] if len(told_falls) > 1 else None  # one fall is the whole story
    if swing is not None:
        said.append(_turning(swing, lang))
    elif first_fall is not None and first_fall.event is not None:
        kind = "turning-by" if first_fall.by else "turning"
        said.append(
            say(kind, lang, events=[int(first_fall.event.id or 0)],
                **fall_values(first_fall, lang))
        )  # fmt: skip
    return GameReport(
        game=int(game.id or 0),
        scenario=scenario_word(game.scenario, lang),
        ended_at=game.ended_at or "",
        headline=headline,
        sentences=tuple(said),
    )


# ------------------------------------------------------------------------------ the luck


def chance_words(value: Fraction, lang: Lang | str) -> str:
    """An exact probability as a paper prints it: ``1 in 12`` (``1 su 12``) for one chance in
    a few, else a percentage to a tenth (``8.3%``, ``8,3%``), never ``0.0%``."""
    language = str(lang)
    if value.numerator == 1 and value.denominator <= 1000:
        return word("one-in", language).format(n=value.denominator)
    tenths = (value * 1000 + Fraction(1, 2)).__floor__()  # of a percent, rounded half up
    if tenths < 1:
        return "<" + percent(Fraction(1, 1000), language, 1)
    return percent(value, language, 0 if tenths % 10 == 0 else 1)


def _named(moment: Moment) -> bool:
    return bool(moment.who.model and moment.opponent and moment.chance_eliminated is not None)


def _swing(moments: Sequence[Moment], game_id: int) -> Moment | None:
    """The attack of ``game_id`` whose outcome moved the eliminations furthest from what the
    odds expected (the ledger's impact), if any moved them at all."""
    attacks = [
        m
        for m in moments
        if m.game_id == game_id and m.kind == ACTION and m.role == ATTACKER and _named(m)
        and m.impact_eliminations
    ]  # fmt: skip
    if not attacks:
        return None
    return max(attacks, key=lambda m: (abs(m.impact_eliminations or 0), -m.event_id))


def _turning(moment: Moment, lang: str) -> Sentence:
    chance = moment.chance_eliminated or Fraction(0)
    kind = "turning-hit" if moment.eliminated else "turning-miss"
    return say(kind, lang, events=[moment.event_id], turn=moment.turn, who=moment.who.model,
               opponent=moment.opponent, chance=chance_words(chance, lang))  # fmt: skip


def upsets(moments: Sequence[Moment], lang: str) -> list[Sentence]:
    """Headlines from the ledger: eliminations at odds of ``UPSET`` or less and great escapes,
    the rarest first."""
    found: list[tuple[Fraction, int, str, Moment]] = []
    for m in moments:
        if m.kind != ACTION or not _named(m) or m.chance_eliminated is None:
            continue
        if m.role == ATTACKER and m.eliminated and m.chance_eliminated <= UPSET:
            found.append((m.chance_eliminated, m.event_id, "headline-upset", m))
        elif m.escape:
            found.append((1 - m.chance_eliminated, m.event_id, "headline-escape", m))
    found.sort(key=lambda f: (f[0], f[1]))
    return [
        say(kind, lang, events=[m.event_id], who=m.who.model, opponent=m.opponent,
            chance=chance_words(odds, lang), game=m.game_id)
        for odds, _, kind, m in found[:HEADLINES]
    ]  # fmt: skip


# ------------------------------------------------------------------------------ the dead


def obituaries_of(facts: Facts, entries: Sequence[LogEntry]) -> list[Obituary]:
    lang = facts.lang
    games = {g.id: g for g in facts.games}
    members = _members(facts)
    found = []
    for entry in entries:
        if entry.action != "recovery" or entry.details.get("outcome") != "dead":
            continue
        member = members.get(entry.member_id or 0)
        if member is None or member.status != MemberStatus.DEAD:
            continue
        d = entry.details
        game = games.get(d.get("game"))
        how_kind, values, events = "how-none", {}, []
        if game is not None:
            fall = next((f for f in falls_in(facts, game) if f.model.member_id == member.id), None)
            if fall is not None and fall.event is not None:
                how_kind = f"how-{fall.how}"
                values = fall_values(fall, lang)
                events = [int(fall.event.id or 0)]
        how = ""
        if how_kind != "how-none":
            how = phrase(how_kind, lang, [int(entry.id or 0)], events).format(**values)
        profile = profile_word(member.profile, lang)
        gang = facts.gang_name(member.gang_id)
        sentence = say(
            "obituary", lang, logs=[int(entry.id or 0)], events=events, name=member.name,
            profile=profile, gang=gang, game=d.get("game"),
            scenario=scenario_word(d.get("scenario"), lang), how=how, roll=d.get("roll"),
        )  # fmt: skip
        found.append(Obituary(member.name, profile, gang, sentence))
    return found


def _members(facts: Facts) -> dict[int, Member]:
    return {int(m.id or 0): m for gang in facts.gangs.values() for m in gang.members}
