"""Build the sheets' view-models from the campaign store's gang dict and the rules registry.

``roster_view`` takes the shape of ``skirmish gang show --json`` (name, faction, treasury, stash,
members with name, profile, characteristics, skills, injuries and items) and adds what a player
would otherwise look up in the book: weapon profiles, what each skill and injury does, the
faction's rules, the leader's aura in plain words and the house rules in force. A member's own
lines come from ``printing.members`` (``member_view``, ``weapon_line``, ``by_rank``), the
page's fitting from ``printing.roster_page``; ``campaign_view`` and ``scenario_view`` build the
campaign book's and a scenario's sheets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from skirmish import formats
from skirmish.i18n import Lang, name
from skirmish.printing.labels import labels
from skirmish.printing.members import (
    advance_marks,
    by_rank,
    entry_id,
    equipment_name,
    leader_aura,
    member_view,
    word,
)
from skirmish.printing.roster_page import fit_page
from skirmish.printing.views import (
    CampaignView,
    HouseRuleLine,
    RosterView,
    ScenarioView,
    SideHead,
    SideRow,
    Standing,
)
from skirmish.rules import (
    find_faction,
)
from skirmish.rules.model import Side

if TYPE_CHECKING:
    from skirmish.rules.scenario_model import Scenario


def printed_date(day: date, lang: Lang | str) -> str:
    """``day`` as the sheet's language writes it: "26 novembre 2026", "26 November 2026"."""
    return formats.day(day, str(lang), "long")


def roster_view(
    gang: Mapping[str, Any],
    lang: Lang | str = Lang.IT,
    *,
    house_rules: Iterable[tuple[str, str]] = (),
    dead: Sequence[Mapping[str, Any]] = (),
    blank: int = 0,
    campaign: str = "",
    printed: date | None = None,
    record: Mapping[str, Any] | None = None,
    link: str | None = None,
    qr: str | None = None,
    laid_out: bool = True,
) -> RosterView:
    """A gang's sheet from the store's dict; ``house_rules`` are (rule id, text) pairs in force.

    The models print leader first, then heroes, then commons (``by_rank``); ``dead`` models
    (the store's dicts of those R-10 killed) after them, marked; then ``blank`` empty cards.
    The header carries the gang's ``rating`` and games (``record``, the store's standings row:
    games and wins; else the dict's own ``games_played``), the ``campaign``'s name, the date
    ``printed`` and, when the campaign has a web address, the ``link`` to the gang's page and its
    ``qr`` code (our own SVG). ``laid_out``: fitted to its paper page (``fit_page``); the web's
    pages, which show the cards without the page's ruled lines, ask for it without (issue #23)."""
    faction = find_faction(str(gang["faction"]))
    members = list(gang.get("members", ()))
    cards = [member_view(m, lang, faction.id) for m in by_rank(members, faction.id)]
    cards += [member_view(m, lang, faction.id)._replace(dead=True) for m in dead]
    row: Mapping[str, Any] = record if record is not None else gang
    view = RosterView(
        name=str(gang["name"]),
        faction=name(faction, lang),
        treasury=int(gang.get("treasury", 0)),
        members=tuple(cards),
        stash=tuple(equipment_name(entry_id(e, "item"), lang) for e in gang.get("stash", ())),
        faction_rules=tuple(
            r.text_it if str(lang) == Lang.IT else r.text_en for r in faction.rules
        ),
        leader_aura=leader_aura(members, lang, faction.id),
        house_rules=tuple(HouseRuleLine(rule, text) for rule, text in house_rules),
        rating=_optional(gang, "rating"),
        played=_optional(row, "games", "games_played", "played"),
        won=_optional(row, "wins", "won"),
        campaign=campaign,
        printed=printed_date(printed, lang) if printed is not None else "",
        link=link,
        qr=qr,
        advances=advance_marks(lang),
        blank=max(blank, 0),
    )
    return fit_page(view) if laid_out else view


def _optional(row: Mapping[str, Any], *keys: str) -> int | None:
    for key in keys:
        if row.get(key) is not None:
            return int(row[key])
    return None


def standing(
    gang: Mapping[str, Any], lang: Lang | str = Lang.IT, result: Mapping[str, Any] | None = None
) -> Standing:
    """A gang's line in the standings: its numbers from the store's gang dict, its games from
    ``result`` (a row of the store's standings: games, wins, draws, losses, points, rating)."""
    members = list(gang.get("members", ()))
    row: Mapping[str, Any] = result if result is not None else gang
    return Standing(
        gang=str(gang["name"]),
        faction=name(find_faction(str(gang["faction"])), lang),
        played=_optional(row, "games", "games_played", "played") or 0,
        won=_optional(row, "wins", "won"),
        drawn=_optional(row, "draws", "drawn"),
        lost=_optional(row, "losses", "lost"),
        points=_optional(row, "points"),
        rating=_optional(row, "rating") or _optional(gang, "rating") or 0,
        treasury=int(gang.get("treasury", 0)),
        fama=sum(int(m.get("fama", 0)) for m in members),
        members=len(members),
        eliminations=_optional(row, "eliminations"),
        casualties=_optional(row, "casualties"),
        retreats=_optional(row, "retreats"),
    )


def campaign_view(
    campaign_name: str,
    gangs: Sequence[Mapping[str, Any]],
    lang: Lang | str = Lang.IT,
    *,
    house_rules: Iterable[tuple[str, str]] = (),
    standings: Sequence[Mapping[str, Any]] | None = None,
    games: Sequence[Mapping[str, Any]] = (),
    graveyard: Sequence[Mapping[str, Any]] = (),
    rosters: Sequence[RosterView] | None = None,
) -> CampaignView:
    """Every gang's sheet and the standings. ``standings`` are the store's rows, best first
    (``campaign.game.history.standings``); without them the gangs are ranked by wins when their
    dicts have them, then rating, then FAMA. The house rules are the campaign's: they are
    printed once, with the standings, not on every gang's sheet. ``games`` and ``graveyard``
    are the store's finished games and dead (``history.game_results``, ``history.graveyard``):
    the book's results and graveyard (issue #13). ``rosters``: the gangs' sheets as the store
    makes them (``sheets.roster_sheet``: with the record, campaign, date and QR code in their
    headers); else each built from its dict alone."""
    # lazy: game
    from skirmish.printing.book import fallen_lines, game_line

    if standings is None:
        lines = sorted(
            (standing(g, lang) for g in gangs),
            key=lambda s: (-(s.won or 0), -s.rating, -s.fama, s.gang.casefold()),
        )
    else:
        by_name = {str(g["name"]): g for g in gangs}
        lines = [
            standing(by_name[str(row["gang"])], lang, row)
            for row in standings
            if str(row["gang"]) in by_name  # gangs that are printed: the active ones
        ]
    return CampaignView(
        name=campaign_name,
        gangs=tuple(rosters) if rosters is not None else tuple(roster_view(g, lang) for g in gangs),
        standings=tuple(lines),
        house_rules=tuple(HouseRuleLine(rule, text) for rule, text in house_rules),
        games=tuple(game_line(row, lang) for row in games),
        graveyard=fallen_lines(graveyard, games, lang),
    )


def scenario_view(scenario: Scenario, lang: Lang | str = Lang.IT) -> ScenarioView:
    """A scenario card (§10): the table map, each side's deployment and victory in its own
    column (once across both when the book gives both sides the same words), the side that
    deploys first marked, then length, special rules and the markers to track."""
    # lazy: game
    from skirmish.printing.maps import scenario_map

    t = labels(lang)
    first = scenario.deployment.first
    sides = tuple(
        SideHead(
            side.value,
            word(side.value, lang).capitalize(),
            t["deploys_first"] if first is side else "",
        )
        for side in (Side.GOOD, Side.BAD)
    )
    rows = (
        SideRow(
            t["deployment"],
            scenario.deployment.good.in_lang(lang),
            scenario.deployment.bad.in_lang(lang),
        ),
        SideRow(
            t["victory"],
            scenario.victory_text[Side.GOOD].in_lang(lang),
            scenario.victory_text[Side.BAD].in_lang(lang),
        ),
    )
    other = scenario.deployment.other
    rules = [text.in_lang(lang) for text in scenario.special_rules]
    # How the tracker applies them: the restrictions, modifiers and civilians say the special
    # rules again with our decisions, so they print apart, smaller, and only where they differ.
    applied = [r.text.in_lang(lang) for r in scenario.restrictions]
    applied += [m.text.in_lang(lang) for m in scenario.modifiers]
    if scenario.civilians is not None:
        applied.append(scenario.civilians.text.in_lang(lang))
    tracked = tuple(
        f"{o.count} × {name(o, lang)}" if o.count > 1 else name(o, lang)
        for o in scenario.objectives
    )
    return ScenarioView(
        title=name(scenario, lang),
        section=f"§{scenario.number}",
        background=scenario.background.in_lang(lang),
        table=word(
            "table", lang, size=scenario.table.size, layout=scenario.table.layout.in_lang(lang)
        ),
        sides=sides,
        rows=rows,
        others=other.in_lang(lang) if other is not None else "",
        others_heading=t["others_deploy"],
        length=scenario.length.in_lang(lang),
        rules=tuple(dict.fromkeys(rules)),  # a rule quoted twice in the data prints once
        applied=tuple(line for line in dict.fromkeys(applied) if line not in rules),
        tracked=tracked,
        map_svg=scenario_map(scenario, lang),
    )
