"""The campaign's pages (issue #11): the campaigns, a campaign's standings, games, log and
graveyard, a gang laid out like its printed roster, a model's history, the scenarios and the
rules browser (the printed sheets' downloads are ``prints``). Each is read in one READ unit of
work."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from skirmish import rules
from skirmish.campaign.permissions import allowed
from skirmish.campaign.views import injury_name, skill_name
from skirmish.engine.glossary import GameResult, label_value
from skirmish.errors import RulesError, SkirmishError, UnknownNameError, shown
from skirmish.i18n import Lang, name
from skirmish.printing.build import roster_view, scenario_view
from skirmish.printing.members import weapon_line
from skirmish.rules.names import section_said
from skirmish.rules.scenario_model import Scenario
from skirmish.rules.scenarios import find_scenario, scenarios
from skirmish.rules.shapes import kind_of, rules_text
from skirmish.translation import N_, Message
from skirmish.web import actions, campaign_shared, club, reads
from skirmish.web.desk import desk
from skirmish.web.site import (
    SORTS,
    LangDep,
    NotFound,
    SiteDep,
    identifies_reader,
    injury_word,
    pick_lang,
    profile_name,
    recovery_name,
    rules_url,
    scenario_name,
    segment,
)
from skirmish.web.text import TEXT, status_word

#: The pages' routes (``create_app`` includes them).
router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
@identifies_reader
def index(request: Request, site: SiteDep) -> Response:
    with site.read() as s:
        lang = pick_lang(request)
        seen = site.campaigns(s)
        names = {c.name for c in seen}
        rows = [row for row in reads.campaigns(s) if row["name"] in names]
        gangs = reads.gang_names(s, seen)
        mine = club.yours(site, s, lang)
    return site.page(request, "index.html", campaigns=rows, gangs=gangs, **mine)


@router.get("/c/{campaign}", response_class=HTMLResponse, include_in_schema=False)
@identifies_reader
def campaign_page(request: Request, campaign: str, site: SiteDep, sort: str = "place") -> Response:
    with site.read(rows=True) as s:
        lang = pick_lang(request)
        found = site.find_campaign_line(s, campaign)
        # what every reader sees alike, once per revision (issue #23: ``campaign_shared``)
        built = campaign_shared.shared(site, s, found, lang)
        can = allowed(s, site.actor(s), found)
        on_desk = desk(site, s, found, built["desk"], can, lang)
    return site.page(
        request,
        "campaign.html",
        campaign=built["campaign"],
        parts=campaign_shared.parts(site, built, lang, SORTS.get(sort, "place")),
        can=can,
        desk=on_desk,
    )


@router.get("/c/{campaign}/g/{gang}", response_class=HTMLResponse, include_in_schema=False)
@identifies_reader
def gang_page(request: Request, campaign: str, gang: str, site: SiteDep) -> Response:
    with site.read(rows=True) as s:
        lang = pick_lang(request)
        found = site.find_campaign_line(s, campaign)
        chosen = site.find_gang_line(s, found, gang)
        # what every reader of the gang sees alike, once per revision (issue #23, as the
        # campaign page's: ``campaign_shared``)
        built = campaign_shared.gang_shared(site, s, found, chosen, lang)
        done = request.query_params.get("done")
        # the whole entries only for the line of ``?done=ID`` (its ruling, money, dice and
        # author: ``actions.panel``; issue #23)
        entries = reads.log(s, found, lang, gang=chosen, last=reads.LOG_LIMIT) if done else []
        panel = actions.panel(site, s, found, chosen, entries, done, lang)
    return site.page(
        request,
        "gang.html",
        campaign_name=built["campaign_name"],
        gang=built["gang"],
        owed=built["owed"],
        parts=built["parts"],
        status_word=status_word,
        panel=panel,
    )


@router.get(
    "/c/{campaign}/g/{gang}/m/{model}", response_class=HTMLResponse, include_in_schema=False
)
@identifies_reader
def model_page(request: Request, campaign: str, gang: str, model: str, site: SiteDep) -> Response:
    with site.read() as s:
        lang = pick_lang(request)
        found = site.find_campaign(s, campaign)
        chosen = site.find_gang(s, found, gang)
        data = site.find_model(s, found, chosen, model)
        member = next(
            (m for m in chosen.members if m.name == data["name"] and m.status == data["status"]),
            None,
        )
        card = None
        if member is not None and member.status == "active":
            shown = reads.gang_show(chosen, lang)
            sheet = roster_view(shown, lang, laid_out=False)
            card = next(
                (v for d, v in zip(shown["members"], sheet.members, strict=True)
                 if d["name"] == member.name),
                None,
            )  # fmt: skip
        campaign_name = found.name
    return site.page(
        request,
        "model.html",
        campaign_name=campaign_name,
        model=data,
        card=card,
        profile_name=profile_name(data["profile"], lang),
        status=status_word(data["status"], lang),
        games=[
            {
                **g,
                "scenario_name": scenario_name(g["scenario"], lang),
                "result_word": label_value(GameResult, g["result"], lang),
            }
            for g in data["games"]
        ],
        injuries=[injury_word(i, lang) for i in data["injuries"]],
        recoveries=[
            {
                **r,
                "outcome_name": recovery_name(r["outcome"], lang),
                "invalidity_name": injury_name(r["invalidity"], lang) if r["invalidity"] else "",
            }
            for r in data["recoveries"]
        ],
        advances=[
            {
                **a,
                "what": skill_name(a["skill"], lang) if a["skill"] else str(a["advance"]).upper(),
            }
            for a in data["advances"]
        ],
    )


@router.get("/scenarios", response_class=HTMLResponse, include_in_schema=False)
def scenarios_page(request: Request, site: SiteDep) -> Response:
    return site.page(request, "scenarios.html", scenarios=scenarios())


@router.get("/scenarios/{scenario_id}", response_class=HTMLResponse, include_in_schema=False)
def scenario_page(request: Request, scenario_id: str, site: SiteDep, lang: LangDep) -> Response:
    found = find_scenario_named(scenario_id, lang)
    return site.page(request, "scenario.html", scenario=found, card=scenario_view(found, lang))


@router.get("/rules", response_class=HTMLResponse, include_in_schema=False)
def rules_page(request: Request, site: SiteDep, lang: LangDep, q: str = "") -> Response:
    query = q.strip()
    found: list[dict[str, Any]] = []
    message = ""
    nearest: list[tuple[str, str]] = []
    if query:
        try:
            found = [_entry(e, lang) for e in rules.find_any(query)]
        except UnknownNameError as error:
            message = TEXT[lang.value]["no_entry"].format(query=shown(query))
            names = [_any_name(s, lang) for s in error.suggestions]
            nearest = [(n, rules_url(n)) for n in names]
        except RulesError as error:
            message = error.text(lang.value)
    return site.page(
        request,
        "rules.html",
        query=query,
        found=found,
        message=message,
        nearest=nearest,
        browse=_browse(lang) if not query else {},
    )


def find_scenario_named(typed: str, lang: Lang) -> Scenario:
    """The scenario ``typed`` names (its id, or its Italian or English name), else ``NotFound``
    listing the nearest by the book's names."""
    typed = segment(typed)
    try:
        return find_scenario(typed)
    except UnknownNameError as error:
        links = []
        for suggestion in error.suggestions:
            try:
                found = find_scenario(suggestion)
            except SkirmishError:
                continue
            links.append((name(found, lang), "/scenarios/" + quote(found.id, safe="")))
        refusal = SkirmishError(Message("there is no scenario called {typed}.", typed=shown(typed)))
        raise NotFound(refusal, links) from None


# ---------------------------------------------------------------------- the rules browser


def _entry(entry: Any, lang: Lang) -> dict[str, Any]:
    """One search result: its table, its name in both languages, its numbers, its rules text."""
    other = Lang.EN if lang is Lang.IT else Lang.IT
    table = kind_of(entry)
    numbers = ""
    if table == "profile":
        numbers = TEXT[lang.value]["profile_numbers"].format(
            **{k: getattr(entry, k) for k in ("tiro", "fred", "rif", "cos", "fama", "fortuna")},
            cost=entry.cost,
        )
    if table == "weapon":
        line = weapon_line(entry, lang)
        numbers = TEXT[lang.value]["weapon_numbers"].format(
            range=f"{line.short}/{line.long}" if line.long else line.short,
            shots=line.shots or "–",
            rounds=line.rounds or "–",
            ca=line.ca,
            bonus=line.bonus,
            price=_price(entry.disp, entry.cost),
        )
    elif table == "item":
        numbers = _price(entry.disp, entry.cost)
    lines: list[str] = []
    if table == "faction":
        lines = [r.text_it if lang is Lang.IT else r.text_en for r in entry.rules]
    return {
        "kind": TEXT[lang.value][f"kind_{table}"],
        "name": name(entry, lang),
        "other": name(entry, other) if name(entry, other) != name(entry, lang) else "",
        "numbers": numbers,
        "lines": lines,
        "text": rules_text(entry, lang),
        "section": section_said(getattr(entry, "section", ""), lang),
    }


def _price(disp: int | None, cost: int | None) -> str:
    """``DISP 3 · 16$``, or a dash for what is not for sale."""
    if cost is None:
        return "DISP –"
    return f"DISP {disp if disp is not None else '–'} · {cost}$"


def _any_name(entry_id: str, lang: Lang) -> str:
    try:
        return name(rules.find_any(entry_id)[0], lang)
    except SkirmishError:
        return entry_id


def _browse(lang: Lang) -> Mapping[str, list[str]]:
    """What the rules page lists before a search: every faction, weapon, item and skill."""
    by: Callable[[Any], str] = lambda e: name(e, lang)  # noqa: E731
    return {
        N_("Factions"): sorted(map(by, rules.factions())),
        N_("Weapons"): sorted(map(by, rules.weapons())),
        N_("Equipment"): sorted(map(by, rules.items())),
        N_("Skills"): sorted(map(by, rules.skills())),
    }
