"""The luck ledger on the web (issue #14): how kind the dice were, for a campaign, a gang or a
game, from ``campaign.luck.ledger`` (the same figures as ``skirmish luck``).

- ``/c/{campaign}/luck``: the campaign's luck, by gang and by player, its moments and great
  escapes;
- ``/c/{campaign}/g/{gang}/luck``: a gang's luck, model by model;
- ``/c/{campaign}/games/{game}/luck``: one game's luck, by gang and model;
- ``/api/v1/campaigns/{campaign}/luck``: ``skirmish luck --json`` (``?gang=`` and ``?game=``).

Each page is read in one READ unit of work and is visible to whoever may read the campaign
(``site.find_campaign``: a campaign one may not see is a 404, as its other pages). ``?source=``
keeps one way the dice came (``table``: typed in at the table, physical dice; ``random``: rolled
by skirmish; ``mixed``; ``unknown``: logged before the ledger): the tallies are then that
source's ``Stats``, and the top of every page sets the sources side by side, so a club compares
them honestly. A mean is shown with its standard error and a chart of its band (mean ± 2 SE,
``luck_chart``); "within the noise" when the band reaches 50. Moments name their exact chance
("1 in 36") and where they happened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from sqlmodel import Session

from skirmish.campaign.game.board import game_by_id
from skirmish.campaign.luck import (
    SOURCES,
    Ledger,
    Moment,
    Stats,
    Tally,
    ledger,
    luckiest,
    unluckiest,
)
from skirmish.campaign.models import Campaign, Gang
from skirmish.engine.dice import purpose_words
from skirmish.engine.glossary import EventKind, label_value
from skirmish.errors import CampaignError
from skirmish.formats import decimal, percent
from skirmish.i18n import Lang, messages
from skirmish.translation import N_, NP_
from skirmish.web import text
from skirmish.web.luck_chart import LuckRow, luck_chart
from skirmish.web.site import (
    LangDep,
    NotFound,
    Site,
    SiteDep,
    campaign_url,
    gang_url,
    model_url,
    segment,
)

WORDS = text.part(
    messages(
        {
            "luck_nav": NP_("luck.WORDS.luck_nav", "Luck"),
            "luck_title": N_("Luck ledger"),
            "luck_of_gang": N_("Luck ledger: {gang}"),
            "luck_of_game": N_("Luck ledger: game {game}"),
            "luck_lead": N_(
                "Each roll is placed within its exact distribution: a percentile of "
                "50 is what fair dice give on average, higher is "
                "luckier for whoever rolled. A mean "
                "within two standard errors of 50 is within the noise: no curse, no blessing."
            ),
            "luck_empty": N_(
                "No dice logged yet: the ledger reads the dice of the games played "
                "with skirmish (the 'skirmish game' commands, or the games' pages of this site) "
                "and the rolls for what the gangs buy."
            ),
            "luck_source_all": N_("All dice"),
            "luck_source_table": N_("Typed in at the table"),
            "luck_source_random": N_("Rolled by skirmish"),
            "luck_source_mixed": N_("Some typed, some rolled"),
            "luck_source_unknown": N_("Source not recorded (post-game rolls, older games)"),
            "luck_sources": N_("Physical and random dice"),
            "luck_sources_lead": N_(
                "The dice typed in at the table (physical dice) and those "
                "skirmish rolled, kept apart."
            ),
            "luck_show": N_("Show"),
            "luck_dice": N_("Dice"),
            "luck_by_gang": N_("By gang"),
            "luck_by_player": N_("By player"),
            "luck_by_model": N_("By model"),
            "luck_who": N_("Who"),
            "luck_rolls": N_("Rolls"),
            "luck_mean": N_("Mean ± SE"),
            "luck_impact_wounds": N_("Wounds ±"),
            "luck_impact_elims": N_("Elim. ±"),
            "luck_impact_help": N_(
                "Impact: wounds and eliminations against their exact "
                "expectation, over the shots and fights given and taken (positive: lucky)."
            ),
            "luck_figure": N_("{mean} ± {se}"),
            "luck_figure_rolls": N_("{mean} ± {se} · {rolls} rolls"),
            "luck_figure_roll": N_("{mean} ± {se} · 1 roll"),
            "luck_lucky": N_("luckier than average"),
            "luck_unlucky": N_("unluckier than average"),
            "luck_noise": N_("within the noise"),
            "luck_none": N_("no rolls"),
            "luck_overall": N_("Overall"),
            "luck_luckiest": NP_("heading", "Luckiest moments"),
            "luck_unluckiest": NP_("heading", "Unluckiest moments"),
            "luck_no_moments": N_("None yet."),
            "luck_escapes": N_("Great escapes"),
            "luck_escapes_lead": N_(
                "Survived an attack with a 95% or better chance to eliminate them."
            ),
            "luck_no_escapes": N_("No great escape yet."),
            "luck_escape": N_(
                "{model} ({gang}) survived {opponent}'s {action}, which had a "
                "{chance} chance to eliminate them ({exact})"
            ),
            "luck_escape_recovery": N_(
                "{model} ({gang}) survived the recovery roll, which had a "
                "{chance} chance to be dead ({exact}, R-10)"
            ),
            "luck_after_game": N_("after game {game}"),
            "luck_roll": N_("{who}: {purpose}: {faces}"),
            "luck_roll_against": N_("{who}: {purpose} against {opponent}: {faces}"),
            "luck_model_of": N_("{model} ({gang})"),
            "luck_rerolled": N_("rerolled"),
            "luck_attack": N_(
                "{model} ({gang}) {action} {opponent}: {wounds}, expected {expected}"
            ),
            "luck_defence": N_(
                "{model} ({gang}), {action_by} {opponent}: {wounds}, expected {expected}"
            ),
            "luck_act_shoot": N_("shot at"),
            "luck_act_melee": N_("fought"),
            "luck_by_shoot": N_("shot at by"),
            "luck_by_melee": N_("fought by"),
            "luck_noun_shoot": NP_("luck.WORDS.luck_noun_shoot", "shot"),
            "luck_noun_melee": NP_("luck.WORDS.luck_noun_melee", "fight"),
            "luck_act_other": N_("{action} against"),
            "luck_by_other": N_("{action} by"),
            "luck_noun_other": N_("{action}"),
            "luck_wounds_1": N_("1 wound"),
            "luck_wounds": N_("{n} wounds"),
            "luck_eliminated": NP_("luck.WORDS.luck_eliminated", "eliminated"),
            "luck_chance_good": N_("a result this good or better: {odds} ({percent})"),
            "luck_chance_bad": N_("a result this bad or worse: {odds} ({percent})"),
            "luck_one_in": N_("1 in {n}"),
            "luck_where": N_("game {game}, turn {turn}"),
            "luck_games": N_("Games"),
            "luck_between": N_("Between games"),
            "luck_between_lead": N_(
                "The rolls made between games (a purchase's availability, "
                "R-12): counted in the tallies above, in no game's."
            ),
            "luck_bought": N_("{who}: {die} {faces} for {item} (DISP {need}): {outcome}"),
            "luck_between_show": N_("Every roll between games ({n})"),
            "luck_found": N_("found"),
            "luck_not_found": N_("not found"),
            "luck_before_first": N_("before the gang's first game"),
            "luck_after_games": N_("after the gang's game {n}"),
            "luck_game_link": N_("Game {game}"),
            "luck_gangs_luck": N_("Each gang's models"),
            "luck_json": N_("The same as JSON"),
            "luck_not_a_game": N_("{typed} is not a game number; see the campaign's games."),
            "luck_unknown_source": N_("{typed} is not a way the dice came: {valid}."),
        }
    )
)

#: The values of ``?source=``: every dice source of the ledger, and ``all``.
ALL = "all"
CHOICES = (ALL, *SOURCES)


def _say(key: str, lang: Lang | str) -> str:
    return text.words(lang)[key]


def luck_url(campaign: str, *, gang: str | None = None, game: int | None = None) -> str:
    """The luck page of a campaign, of one of its gangs, or of one of its games."""
    if gang is not None:
        return f"{gang_url(campaign, gang)}/luck"
    if game is not None:
        return f"{campaign_url(campaign)}/games/{game}/luck"
    return f"{campaign_url(campaign)}/luck"


def figure(stats: Stats, lang: Lang | str, *, rolls: bool = False) -> str:
    """``53.1 ± 2.4`` (with ``· 40`` rolls if asked), or "no rolls"."""
    if stats.mean is None or stats.se is None:
        return _say("luck_none", lang)
    key = "luck_figure"
    if rolls:
        key = "luck_figure_roll" if stats.rolls == 1 else "luck_figure_rolls"
    mean, se = decimal(stats.mean, str(lang), 1), decimal(stats.se, str(lang), 1)
    return _say(key, lang).format(mean=mean, se=se, rolls=stats.rolls)


def verdict_words(stats: Stats, lang: Lang | str) -> str:
    """Lucky, unlucky or within the noise (the ledger's ``within_noise``), or "" without
    rolls."""
    if stats.within_noise is None or stats.mean is None:
        return ""
    if stats.within_noise:
        return _say("luck_noise", lang)
    return _say("luck_lucky" if stats.mean > 50 else "luck_unlucky", lang)


def verdict_class(stats: Stats) -> str:
    """The CSS class of a verdict (its words say it too): lucky, unlucky, noise or none."""
    if stats.within_noise is None or stats.mean is None:
        return "none"
    if stats.within_noise:
        return "noise"
    return "lucky" if stats.mean > 50 else "unlucky"


def signed(value: Fraction, lang: Lang | str) -> str:
    """An impact with its sign and three decimals: ``+1.333``, ``−0,250``, ``0.000``."""
    shown = decimal(value, str(lang))
    return f"+{shown}" if value > 0 else shown


def odds(chance: Fraction, lang: Lang | str) -> str:
    """An exact chance as a player says it: "1 in 36" when it is one in something, else the
    fraction ("5/36"); "1" when it was certain."""
    if chance.numerator == 1 and chance.denominator > 1:
        return _say("luck_one_in", lang).format(n=chance.denominator)
    return str(chance)


def source_of(stats_of: Tally, source: str) -> Stats | None:
    """A tally's stats for ``source`` (``all``: every die), or ``None`` when it has none."""
    if source == ALL:
        return stats_of.all
    return stats_of.by_source.get(source)


def _action(form: str, purpose: str, lang: Lang | str) -> str:
    """A shot's or fight's words in ``form`` (``act``: "shot at", ``by``: "shot at by",
    ``noun``: "shot"); any other action the ledger reads by the glossary's name of its kind."""
    if purpose in ("shoot", "melee"):
        return _say(f"luck_{form}_{purpose}", lang)
    kind = label_value(EventKind, purpose, lang)
    return _say(f"luck_{form}_other", lang).format(action=kind)


def _wounds(n: int | None, eliminated: bool | None, lang: Lang | str) -> str:
    count = n or 0
    words = _say("luck_wounds_1", lang) if count == 1 else _say("luck_wounds", lang).format(n=count)
    return f"{words}, {_say('luck_eliminated', lang)}" if eliminated else words


def moment_line(m: Moment, lang: Lang | str, *, good: bool) -> dict[str, Any]:
    """One moment in words: what happened, its exact chance (that good or better for a lucky
    moment, that bad or worse for an unlucky one), where, and how its dice came."""
    model = m.who.model or m.who.gang or ""
    gang = m.who.gang or ""
    opponent = m.opponent or ""
    if m.kind == "action":
        expected = decimal(m.expected_wounds, str(lang)) if m.expected_wounds is not None else "–"
        if m.role == "target":
            what = _say("luck_defence", lang).format(
                model=model,
                gang=gang,
                action_by=_action("by", m.purpose, lang),
                opponent=opponent,
                wounds=_wounds(m.wounds, m.eliminated, lang),
                expected=expected,
            )
        else:
            what = _say("luck_attack", lang).format(
                model=model,
                gang=gang,
                action=_action("act", m.purpose, lang),
                opponent=opponent,
                wounds=_wounds(m.wounds, m.eliminated, lang),
                expected=expected,
            )
    else:
        key = "luck_roll_against" if opponent else "luck_roll"
        who = (
            _say("luck_model_of", lang).format(model=m.who.model, gang=gang)
            if m.who.model
            else gang  # a gang's own die: its cohesion test, its infamy
        )
        what = _say(key, lang).format(
            who=who,
            purpose=purpose_words(m.purpose, str(lang)),
            faces=", ".join(str(f) for f in m.faces),
            opponent=opponent,
        )
        if m.rerolled:
            what = f"{what} ({_say('luck_rerolled', lang)})"
    chance = m.as_good if good else m.as_bad
    said = _say("luck_chance_good" if good else "luck_chance_bad", lang).format(
        odds=odds(chance, lang), percent=percent(chance, str(lang))
    )
    return {
        "what": what,
        "chance": said,
        "where": _say("luck_where", lang).format(game=m.game_id, turn=m.turn),
        "game": m.game_id,
        "source": _say(f"luck_source_{m.source}", lang),
    }


def escape_line(m: Moment, lang: Lang | str) -> dict[str, Any]:
    """A great escape in words, with the exact chance it survived against."""
    chance = m.chance_eliminated or Fraction(0)
    recovery = m.log_id is not None  # a recovery roll of the post-game (§6.5, R-10)
    what = _say("luck_escape_recovery" if recovery else "luck_escape", lang).format(
        model=m.who.model or "",
        gang=m.who.gang or "",
        opponent=m.opponent or "",
        action=_action("noun", m.purpose, lang),
        chance=percent(chance, str(lang)),
        exact=str(chance),
    )
    where = (
        _say("luck_after_game", lang).format(game=m.game_id)
        if recovery
        else _say("luck_where", lang).format(game=m.game_id, turn=m.turn)
    )
    return {
        "what": what,
        "where": where,
        "game": m.game_id,
        "source": _say(f"luck_source_{m.source}", lang),
    }


def between_line(m: Moment, lang: Lang | str) -> dict[str, Any]:
    """A roll between games in words (``Ledger.between``): whose, what for and whether it
    found the item, its exact chance (that good or better above the average, that bad or
    worse below it), when in the gang's story, and how its dice came."""
    who = (
        _say("luck_model_of", lang).format(model=m.who.model, gang=m.who.gang or "")
        if m.who.model
        else m.who.gang or ""
    )
    die = purpose_words(m.purpose, str(lang))
    faces = ", ".join(str(f) for f in m.faces)
    item = m.item_name(lang)
    if item is not None and m.need is not None and m.passed is not None:
        outcome = _say("luck_found" if m.passed else "luck_not_found", lang)
        what = _say("luck_bought", lang).format(
            who=who, die=die, faces=faces, item=item, need=m.need, outcome=outcome
        )
    else:
        what = _say("luck_roll", lang).format(who=who, purpose=die, faces=faces)
    good = m.percentile >= 50
    chance = m.as_good if good else m.as_bad
    said = _say("luck_chance_good" if good else "luck_chance_bad", lang).format(
        odds=odds(chance, lang), percent=percent(chance, str(lang))
    )
    when = ""
    if m.games_played is not None:
        when = (
            _say("luck_after_games", lang).format(n=m.games_played)
            if m.games_played
            else _say("luck_before_first", lang)
        )
    return {
        "what": what,
        "chance": said,
        "when": when,
        "source": _say(f"luck_source_{m.source}", lang),
    }


def _rows(
    tallies: Sequence[Tally], source: str, lang: Lang | str, link: Callable[[Tally], str]
) -> list[dict[str, Any]]:
    """The table's rows and the chart's of ``tallies`` for ``source`` (a tally without that
    source's dice is left out), each name linked by ``link`` (``""``: not linked)."""
    rows = []
    for found in tallies:
        stats = source_of(found, source)
        if stats is None:
            continue
        rows.append(
            {
                "name": found.name,
                "link": link(found),
                "gang": found.gang,
                "rolls": stats.rolls,
                "figure": figure(stats, lang),
                "verdict": verdict_words(stats, lang),
                "class": verdict_class(stats),
                "actions": stats.actions,
                "wounds": signed(stats.impact_wounds, lang),
                "eliminations": signed(stats.impact_eliminations, lang),
                "chart": LuckRow(
                    found.name,
                    stats.rolls,
                    stats.mean,
                    stats.se,
                    figure(stats, lang, rolls=True),
                    verdict_words(stats, lang),
                ),
            }
        )
    return rows


def _group(
    title_key: str,
    ident: str,
    tallies: Sequence[Tally],
    source: str,
    lang: Lang | str,
    link: Callable[[Tally], str],
) -> dict[str, Any]:
    rows = _rows(tallies, source, lang, link)
    title = _say(title_key, lang)
    chart = luck_chart([r["chart"] for r in rows], ident=ident, title=title,
                       words=text.words(lang)) if rows else ""  # fmt: skip
    return {"title": title, "ident": ident, "rows": rows, "chart": chart}


def _no_link(_: Tally) -> str:
    return ""


def ledger_view(found: Ledger, lang: Lang | str, *, source: str = ALL) -> dict[str, Any]:
    """What a luck page shows of ``found``: the sources side by side, the tallies (gangs,
    players, models) for ``source``, the luckiest and unluckiest moments, the great
    escapes."""
    overall = found.overall
    sources: list[dict[str, Any]] = [
        {
            "key": key,
            "name": _say(f"luck_source_{key}", lang),
            "figure": figure(stats, lang),
            "rolls": stats.rolls,
            "verdict": verdict_words(stats, lang),
            "class": verdict_class(stats),
            "actions": stats.actions,
            "wounds": signed(stats.impact_wounds, lang),
            "eliminations": signed(stats.impact_eliminations, lang),
            "chart": LuckRow(
                _say(f"luck_source_{key}", lang),
                stats.rolls,
                stats.mean,
                stats.se,
                figure(stats, lang, rolls=True),
                verdict_words(stats, lang),
            ),
        }
        for key, stats in [(ALL, overall.all), *overall.by_source.items()]
    ]
    title = _say("luck_sources", lang)
    sources_chart = luck_chart([s["chart"] for s in sources], ident="luck-sources",
                               title=title, words=text.words(lang))  # fmt: skip
    campaign = found.campaign

    def gang_link(t: Tally) -> str:
        return luck_url(campaign, gang=t.name)

    def model_link(t: Tally) -> str:
        return model_url(campaign, t.gang, t.name) if t.gang else ""

    groups = []
    if found.gang is None:
        groups.append(_group("luck_by_gang", "luck-gangs", found.gangs, source, lang, gang_link))
        if found.players:
            groups.append(
                _group("luck_by_player", "luck-players", found.players, source, lang, _no_link)
            )
    if found.gang is not None or found.game_id is not None:
        groups.append(
            _group("luck_by_model", "luck-models", found.models, source, lang, model_link)
        )
    moments = [m for m in found.moments if source in (ALL, m.source)]
    return {
        "empty": found.empty,
        "sources": sources,
        "sources_chart": sources_chart,
        "groups": groups,
        "luckiest": [moment_line(m, lang, good=True) for m in luckiest(moments)],
        "unluckiest": [moment_line(m, lang, good=False) for m in unluckiest(moments)],
        "escapes": [
            escape_line(m, lang) for m in found.great_escapes if source in (ALL, m.source)
        ],  # fmt: skip
        "games": list(found.games),
        "between": [
            between_line(m, lang) for m in found.between if source in (ALL, m.source)
        ],  # fmt: skip
    }


def choose_source(typed: str | None) -> str:
    """``?source=``: one of ``CHOICES``; an unknown one is refused in words, naming them."""
    if typed is None or typed == "":
        return ALL
    if typed in CHOICES:
        return typed
    valid = ", ".join(CHOICES)
    raise CampaignError(text.Worded("luck_unknown_source", typed=repr(typed), valid=valid))


def find_game(session: Session, campaign: Campaign, typed: str) -> int:
    """The id of game ``typed`` of ``campaign``; else a 404 linking the campaign's games."""
    games_page = [(campaign.name, f"{campaign_url(campaign.name)}/games")]
    typed = segment(typed)
    if not (typed.isascii() and typed.isdigit() and len(typed) <= 9):
        refusal = CampaignError(text.Worded("luck_not_a_game", typed=repr(typed)))
        raise NotFound(refusal, games_page)
    try:
        found = game_by_id(session, campaign, int(typed))
    except CampaignError as error:
        raise NotFound(error, games_page) from None
    assert found.id is not None
    return found.id


#: The luck pages and their JSON (``create_app`` includes them).
router = APIRouter()


def page(
    site: Site,
    request: Request,
    lang: Lang,
    campaign: str,
    *,
    gang: str | None = None,
    game: str | None = None,
    source: str | None = None,
) -> Response:
    chosen_source = choose_source(source)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        chosen: Gang | None = site.find_gang(s, found, gang) if gang is not None else None
        game_id = find_game(s, found, game) if game is not None else None
        book = ledger(s, campaign=found, gang=chosen, game_id=game_id)
        gangs = [g.name for g in found.gangs]
        name = found.name
    view = ledger_view(book, lang, source=chosen_source)
    if chosen is not None:
        title = _say("luck_of_gang", lang).format(gang=chosen.name)
    elif game_id is not None:
        title = _say("luck_of_game", lang).format(game=game_id)
    else:
        title = _say("luck_title", lang)
    api = f"/api/v1/campaigns/{quote(name, safe='')}/luck"
    if chosen is not None:
        api += "?gang=" + quote(chosen.name, safe="")
    elif game_id is not None:
        api += f"?game={game_id}"
    here = luck_url(name, gang=chosen.name if chosen else None, game=game_id)
    return site.page(
        request,
        "luck/page.html",
        campaign_name=name,
        gang_name=chosen.name if chosen else None,
        game_id=game_id,
        title=title,
        luck=view,
        source=chosen_source,
        choices=[
            (c, _say(f"luck_source_{c}", lang))
            for c in CHOICES
            if c == ALL or c in book.overall.by_source
        ],  # fmt: skip
        here=here,
        api_url=api,
        gang_links=[(g, luck_url(name, gang=g)) for g in gangs] if chosen is None else [],
        game_links=[(g, luck_url(name, game=g)) for g in view["games"]] if game_id is None else [],
        game_url=f"{campaign_url(name)}/games/{game_id}" if game_id is not None else "",
    )


@router.get("/c/{campaign}/luck", response_class=HTMLResponse, include_in_schema=False)
def campaign_luck(
    request: Request, campaign: str, site: SiteDep, lang: LangDep, source: str | None = None
) -> Response:
    return page(site, request, lang, campaign, source=source)


@router.get("/c/{campaign}/g/{gang}/luck", response_class=HTMLResponse, include_in_schema=False)
def gang_luck(
    request: Request,
    campaign: str,
    gang: str,
    site: SiteDep,
    lang: LangDep,
    source: str | None = None,
) -> Response:
    return page(site, request, lang, campaign, gang=gang, source=source)


@router.get("/c/{campaign}/games/{game}/luck", response_class=HTMLResponse, include_in_schema=False)
def game_luck(
    request: Request,
    campaign: str,
    game: str,
    site: SiteDep,
    lang: LangDep,
    source: str | None = None,
) -> Response:
    return page(site, request, lang, campaign, game=game, source=source)


@router.get("/api/v1/campaigns/{campaign}/luck", tags=["campaigns"])
def api_luck(
    request: Request, campaign: str, site: SiteDep, gang: str | None = None, game: str | None = None
) -> Response:
    """The luck ledger: `skirmish luck [GANG] [--game N] --json`."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        chosen = site.find_gang(s, found, gang, in_path=False) if gang is not None else None
        game_id = find_game(s, found, game) if game is not None else None
        book = ledger(s, campaign=found, gang=chosen, game_id=game_id)
        return site.api(request, book.to_json())
