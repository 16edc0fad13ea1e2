"""The dice roller and the odds calculator (issue #11): ``skirmish roll`` and ``skirmish odds`` on
a phone, with the same inputs, the same words and the same JSON.

- ``/roll``, ``/roll/{test}?…``: a test's form; with inputs, the roll explained under it, as
  ``skirmish roll TEST …`` prints it;
- ``/odds``, ``/odds/{test}?…``: the same form; with inputs, the exact chances as bars, as
  ``skirmish odds TEST …`` reports them;
- ``/api/v1/roll/{test}?…`` and ``/api/v1/odds/{test}?…``: what ``--json`` prints.

Nothing here declares an input: each form (``web.tool_forms``) is made of the declaration the
CLI makes its options of (``engine.situation.INPUTS`` for the combat tests,
``engine.rolls.OPTIONS`` for the others, ``engine.rolls.DICE``/``SEED`` and the odds'
``REROLLS``), a query parameter per option, named as its flag without the dashes
(``?tiro=4&cover=leggera&target-rif=3&dice=2,4,4``). The values are rolled by
``engine.rolls.roll`` and the chances computed by ``odds.chances.chances``, the functions the CLI
calls, so a refusal is the CLI's own words (400, on the form, in the reader's language) and the
explanation the CLI's lines. The pages are GET forms: a result is a link.
Nothing is read from or written to the store.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from starlette.datastructures import QueryParams

from skirmish.campaign import naming
from skirmish.engine import rolls
from skirmish.engine.situation import Procedure
from skirmish.errors import RulesError, SkirmishError, shown
from skirmish.formats import decimal, percent
from skirmish.i18n import Lang, messages, tr
from skirmish.odds import chances as odds
from skirmish.odds import compare as comparing
from skirmish.translation import N_, NP_, Message
from skirmish.web import charts, text
from skirmish.web.input_names import api_naming_for
from skirmish.web.site import LangDep, NotFound, Site, SiteDep, pick_lang, segment

# The form's controls; those named ``as`` are used from here by others too (the phone's game
# forms in ``web.game_actions``, the tests).
from skirmish.web.tool_forms import Control, asked, command_line, form, odds_controls, read
from skirmish.web.tool_forms import _from_input as _from_input
from skirmish.web.tool_forms import _value as _value
from skirmish.web.tool_forms import compare_controls as compare_controls
from skirmish.web.tool_forms import compare_options as compare_options
from skirmish.web.tool_forms import controls as controls
from skirmish.web.tool_forms import dice_controls as dice_controls

WORDS = text.part(
    messages(
        {
            "tools_roll_nav": N_("Dice"),
            "tools_odds_nav": N_("Odds"),
            "tools_roll_title": N_("Dice roller"),
            "tools_roll_lead": N_(
                "Every test of the book, as 'skirmish roll' rolls it: fill in "
                "the test's inputs, type the dice you rolled at the table or leave them blank for "
                "random ones, and read each step with every modifier explained."
            ),
            "tools_odds_title": N_("Odds calculator"),
            "tools_odds_lead": N_(
                "The exact chances of a test, as 'skirmish odds' counts them: "
                "every die enumerated, no sampling, rerolls of FORTUNA and FAMA spent wisely."
            ),
            "tools_attacker": NP_("tools.WORDS.tools_attacker", "The attacker"),
            "tools_action": N_("The action"),
            "tools_target": N_("The target"),
            "tools_test": N_("The test"),
            "tools_more": N_("More: {names}"),
            "tools_dice": N_("Dice"),
            "tools_dice_hint": N_("Commas or spaces between them; blank: random dice."),
            "tools_again": N_("Roll again"),
            "tools_roll": NP_("a button", "Roll"),
            "tools_compute": N_("Show the odds"),
            "tools_clear": N_("Clear"),
            "tools_result": N_("Result"),
            "tools_chances": N_("Chances"),
            "tools_dice_used": N_("Dice used: {dice}"),
            "tools_link": N_("Link to this very roll"),
            "tools_json": N_("JSON"),
            "tools_command": N_("On the command line:"),
            "tools_yes": N_("yes"),
            "tools_no": N_("no"),
            "tools_unset": N_("—"),
            "tools_odds_of": N_("Odds of this test"),
            "tools_roll_of": N_("Roll this test"),
            "tools_required": N_("required"),
            "tools_numbers": N_("{title}: the exact numbers"),
            "tools_compare_title": N_("Compare two choices"),
            "tools_compare_lead": N_(
                "Two choices of a shooting action side by side, exactly, as "
                "'skirmish odds compare' counts them; the better one for the goal is marked ★."
            ),
            "tools_compare_aim": N_("Aim or not"),
            "tools_compare_aim_text": N_(
                "The shot without aiming, or aiming first (1 action, table 1, R-02(b))."
            ),
            "tools_compare_fan": N_("Fan or shoot"),
            "tools_compare_fan_text": N_(
                "Fanning the six-shooter (2 actions, 6D6, §5.2.2, R-14) "
                "or one ordinary shot: a turn has one shooting action (§2.1)."
            ),
            "tools_compare_targets": N_("This target or another"),
            "tools_compare_targets_text": N_(
                "The same shot at another target: give only what "
                "differs (its RIF, COS, cover, range…)."
            ),
            "tools_compare_fama": N_("Spend FAMA now or keep it"),
            "tools_compare_fama_text": N_(
                "One more reroll, spent wisely, on this very roll (R-15), and what the point buys."
            ),
            "tools_compare_with": N_("Compare two choices of this shot:"),
            "tools_compare": N_("Compare"),
            "tools_comparison": N_("Comparison"),
            "tools_goal": N_("The goal"),
            "tools_other": N_("The other target"),
            "tools_side_by_side": N_("The two choices side by side"),
        }
    )
)


# ---------------------------------------------------------------------------- the routes


def find_test(typed: str, tests: Sequence[str], base: str) -> str:
    """The test an address names, else ``NotFound`` with the nearest tests' links."""
    typed = segment(typed)
    if typed in tests:
        return typed
    near = naming.nearest(typed, tests)
    error = RulesError(
        Message(
            "there is no test {typed}; the tests are {join_tests}.",
            typed=shown(typed),
            join_tests=", ".join(tests),
        )
    )
    raise NotFound(error, [(n, f"{base}/{n}") for n in near])


def _heading(test: str, lang: Lang) -> tuple[str, str]:
    """A test's name and its rulings, from its one line: ``Shoot``, ``(R-01–R-04, R-14)``."""
    head = rolls.title(test, lang).partition(": ")[0]
    named, _, rule = head.partition(" (")
    return named, f"({rule}" if rule else ""


def _test_list(tests: Sequence[str], lang: Lang) -> list[dict[str, str]]:
    found = []
    for test in tests:
        heading, _, more = rolls.title(test, lang).partition(": ")
        found.append({"test": test, "heading": heading, "text": more})
    return found


@dataclass(frozen=True)
class ChanceRow:
    """One row of a table of chances as the page shows it: its label, the exact chance and
    its percentage, and for a numeric table the chance of at least the row's value."""

    label: str
    chance: Fraction
    percent: str
    at_least: Fraction | None = None
    at_least_percent: str = ""


@dataclass(frozen=True)
class ChanceTable:
    """One table of ``odds.chances`` on the page: a bar chart (``web.charts``) and the same
    numbers as a table, exact fractions included."""

    title: str
    rows: tuple[ChanceRow, ...]
    at_least: bool
    chart: Markup


def chance_tables(found: odds.Chances, lang: Lang, prefix: str = "chart") -> list[ChanceTable]:
    """``found``'s tables in ``lang``, each with its chart (ids ``{prefix}-1``…). The chart
    draws "at least" from a numeric table's second row on: its first row's is always 100%."""
    words = text.words(lang)
    shown: list[ChanceTable] = []
    for index, table in enumerate(found.tables(lang), start=1):
        at_least: list[Fraction | None] = (
            list(table.at_least) if table.at_least is not None else [None] * len(table.rows)
        )
        rows = tuple(
            ChanceRow(label, p, percent(p, lang), up, "" if up is None else percent(up, lang))
            for (label, p), up in zip(table.rows, at_least, strict=True)
        )
        bars = [
            charts.Row(r.label, r.chance, None if place == 0 else r.at_least)
            for place, r in enumerate(rows)
        ]
        chart = charts.bar_chart(
            bars, ident=f"{prefix}-{index}", title=table.title, words=words, lang=lang
        )
        shown.append(ChanceTable(table.title, rows, table.at_least is not None, chart))
    return shown


@dataclass(frozen=True)
class CompareRow:
    """One line of a comparison's table: its label and each choice's value as shown (a
    percentage, an expectation or a count) with its exact fraction ("" for a count)."""

    label: str
    cells: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class CompareView:
    """A comparison as the page shows it: the verdict, the two choices' names (the better
    marked ★), the table, the charts and the notes."""

    verdict: str
    names: tuple[str, str]
    best: int | None
    rows: tuple[CompareRow, ...]
    charts: tuple[Markup, ...]
    notes: tuple[str, ...]


def _cell(value: Fraction | int | None, kind: str, lang: Lang) -> tuple[str, str]:
    """A comparison's value as the terminal shows it, and its exact fraction."""
    if value is None:
        return "—", ""
    if kind == "chance":
        return percent(Fraction(value), lang), str(value)
    if kind == "mean":
        return decimal(Fraction(value), lang), str(value)
    return str(value), ""


#: The charts of a comparison: its rows of chances grouped by what they are about, each group
#: titled by the odds' own word ("Target", "Wounds", "Damage").
_CHART_GROUPS = (("outcome:", "outcome"), ("at_least:wounds:", "wounds"),
                 ("at_least:damage:", "damage"))  # fmt: skip


def compare_view(found: comparing.Comparison, lang: Lang) -> CompareView:
    """``found`` in ``lang``: every row of ``Comparison.rows`` in the table, and its chances
    as charts, the two choices' bars side by side (the target's outcomes, at least N wounds,
    at least N damage); "chance to eliminate" is the outcome chart's "eliminated" row."""
    words = text.words(lang)
    names = found.names(lang)
    rows = found.rows(lang)
    table = tuple(
        CompareRow(r.label, tuple(_cell(v, r.kind, lang) for v in r.values)) for r in rows
    )
    grouped: dict[str, list[charts.Pair]] = {}
    for row in rows:
        if row.kind != "chance":
            continue
        group = next((g for prefix, g in _CHART_GROUPS if row.key.startswith(prefix)), "chance")
        if row.key == "eliminated" and any(r.key.startswith("outcome:") for r in rows):
            continue  # the outcome chart has it
        first, second = (None if v is None else Fraction(v) for v in row.values)
        grouped.setdefault(group, []).append(charts.Pair(row.label, (first, second)))
    drawn = tuple(
        charts.compare_chart(
            pairs,
            ident=f"compare-{index}",
            title=tr(odds.MESSAGES, group, lang),
            names=names,
            words=words,
            lang=lang,
        )
        for index, (group, pairs) in enumerate(grouped.items(), start=1)
    )
    return CompareView(
        found.verdict(lang), names, found.best, table, drawn, tuple(found.notes(lang))
    )


def _compare(kind: str, query: QueryParams, every: Sequence[Control]) -> comparing.Comparison:
    """The comparison ``kind`` of what the query gives, as ``odds compare KIND`` makes it."""
    shot, goal, other = compare_options(read(query, every), every)
    return comparing.compare(kind, shot, goal=goal, other=other if kind == "targets" else None)


def _kept(query: QueryParams, every: Sequence[Control]) -> str:
    """The part of ``query`` a page of ``every`` control takes (``?…``, or ""): a link from
    one comparison to another, or to the shot's odds, keeps the shot as typed."""
    known = {k for c in every for k in (c.key, *c.aliases)}
    known |= {f"no-{c.key}" for c in every if c.widget == "switch"}
    kept = [(k, v) for k, v in query.multi_items() if k in known]
    return f"?{urlencode(kept)}" if kept else ""


def _comparisons(words: Mapping[str, str], query: QueryParams) -> list[dict[str, str]]:
    """Each comparison's name, its sentence and its link keeping what ``query`` gives."""
    return [
        {
            "kind": kind,
            "heading": words[f"tools_compare_{kind}"],
            "text": words[f"tools_compare_{kind}_text"],
            "link": f"/odds/compare/{kind}" + _kept(query, compare_controls(kind)),
        }
        for kind in comparing.COMPARISONS
    ]


#: The dice roller's and the odds calculator's pages and API (``create_app`` includes them).
router = APIRouter()


@router.get("/roll", response_class=HTMLResponse, include_in_schema=False)
def roll_list(request: Request, site: SiteDep, lang: LangDep) -> Response:
    return site.page(
        request,
        "tools/list.html",
        mode="roll",
        tests=_test_list(rolls.TESTS, lang),
        with_odds=odds.ODDS_TESTS,
    )


@router.get("/odds", response_class=HTMLResponse, include_in_schema=False)
def odds_list(request: Request, site: SiteDep, lang: LangDep) -> Response:
    return site.page(
        request,
        "tools/list.html",
        mode="odds",
        tests=_test_list(odds.ODDS_TESTS, lang),
        with_odds=odds.ODDS_TESTS,
    )


@router.get("/odds/compare", response_class=HTMLResponse, include_in_schema=False)
def compare_list(request: Request, site: SiteDep, lang: LangDep) -> Response:
    kinds = _comparisons(text.words(lang), QueryParams(""))
    return site.page(request, "tools/compare.html", kind="", kinds=kinds)


@router.get("/odds/compare/{kind}", response_class=HTMLResponse, include_in_schema=False)
def compare_page(request: Request, kind: str, site: SiteDep, lang: LangDep) -> Response:
    kind = find_test(kind, comparing.COMPARISONS, "/odds/compare")
    words = text.words(lang)
    query = request.query_params
    every = compare_controls(kind)
    shoot = odds_controls("shoot")
    context: dict[str, Any] = {
        "kind": kind,
        "heading": words[f"tools_compare_{kind}"],
        "summary": words[f"tools_compare_{kind}_text"],
        "kinds": _comparisons(words, query),
        "shoot_link": "/odds/shoot" + _kept(query, shoot),
        "shoot_heading": _heading("shoot", lang)[0],
        "groups": form(query, every, lang, words),
        "asked": asked(query),
        "message": "",
        "view": None,
        "choice": tr(comparing.MESSAGES, "choice", lang),
        "exact_word": tr(odds.MESSAGES, "exact", lang),
        "api": f"/api/v1/odds/compare/{kind}" + (f"?{query}" if str(query) else ""),
        "command": command_line("odds", f"compare {kind}", query, every),
    }
    if not context["asked"]:
        return site.page(request, "tools/compare.html", **context)
    try:
        context["view"] = compare_view(_compare(kind, query, every), lang)
    except SkirmishError as error:
        context["message"] = error.text(lang.value)
        return site.page(request, "tools/compare.html", 400, **context)
    return site.page(request, "tools/compare.html", **context)


def tool_page(site: Site, request: Request, lang: Lang, mode: str, test: str) -> Response:
    words = text.words(lang)
    query = request.query_params
    every = controls(test) + dice_controls() if mode == "roll" else odds_controls(test)
    heading, rule = _heading(test, lang)
    context: dict[str, Any] = {
        "mode": mode,
        "test": test,
        "heading": heading,
        "rule": rule,
        "summary": rolls.title(test, lang).partition(": ")[2],
        "groups": form(query, every, lang, words),
        "with_odds": test in odds.ODDS_TESTS,
        "message": "",
        "lines": [],
        "tables": [],
        "headline": None,
        "dice_used": "",
        "link": "",
        "again": "",
        "api": f"/api/v1/{mode}/{test}" + (f"?{query}" if str(query) else ""),
        "asked": asked(query),
        "command": command_line(mode, test, query, every),
        "comparisons": _comparisons(words, query) if (mode, test) == ("odds", "shoot") else [],
    }
    if not context["asked"]:
        return site.page(request, "tools/test.html", **context)
    try:
        options = read(query, every)
        if mode == "roll":
            seed, dice = options.pop("seed"), options.pop("dice")
            rolled = rolls.roll(test, options, seed=seed, dice=dice)
            payload = rolled.payload(lang)
            context["lines"] = rolled.lines(lang)
            faces = ",".join(str(d) for d in payload.get("dice", ()))
            context["dice_used"] = faces
            kept = [(k, v) for k, v in query.multi_items() if k not in ("dice", "seed")]
            if faces:  # the roll itself, whatever rolled it: the same dice typed in
                rolled_again = urlencode([*kept, ("dice", faces)])
                context["link"] = f"/roll/{test}?{rolled_again}"
                context["command"] = command_line(mode, test, QueryParams(rolled_again), every)
            if dice is None:  # random dice: the same address rolls them anew
                context["again"] = f"/roll/{test}?" + urlencode(kept)
        else:
            found = odds.chances(test, options)
            context["headline"] = found.headline(lang)
            context["tables"] = chance_tables(found, lang)
            context["lines"] = found.lines(lang)
            context["chance"] = tr(odds.MESSAGES, "chance", lang)
            context["exact"] = tr(odds.MESSAGES, "exact", lang)
            context["at_least"] = tr(odds.MESSAGES, "at-least", lang)
    except SkirmishError as error:
        context["message"] = error.text(lang.value)
        return site.page(request, "tools/test.html", 400, **context)
    return site.page(request, "tools/test.html", **context)


@router.get("/roll/{test}", response_class=HTMLResponse, include_in_schema=False)
def roll_page(request: Request, test: str, site: SiteDep, lang: LangDep) -> Response:
    return tool_page(site, request, lang, "roll", find_test(test, rolls.TESTS, "/roll"))


@router.get("/odds/{test}", response_class=HTMLResponse, include_in_schema=False)
def odds_page(request: Request, test: str, site: SiteDep, lang: LangDep) -> Response:
    return tool_page(site, request, lang, "odds", find_test(test, odds.ODDS_TESTS, "/odds"))


@router.get("/api/v1/odds/compare/{kind}", tags=["dice"])
def compare_api(request: Request, kind: str, site: SiteDep) -> Response:
    """Two choices of a shot side by side: what ``skirmish odds compare KIND … --json``
    prints (``aim``, ``fan``, ``targets``, ``fama``), with the query parameters of
    ``/api/v1/odds/shoot``, ``goal`` (``eliminate`` or ``wounds``) and for ``targets`` the
    other target's, ``other-`` before each (``other-target-rif=2&other-cover=light``)."""
    found = find_test(kind, comparing.COMPARISONS, "/odds/compare")
    every = compare_controls(found)
    return site.api(request, _compare(found, request.query_params, every).payload())


@router.get("/api/v1/roll/{test}", tags=["dice"])
def roll_api(request: Request, test: str, site: SiteDep, lang: LangDep) -> Response:
    """Roll a test: what ``skirmish roll TEST … --json`` prints. Each query parameter is an
    option of the command without its dashes (``?tiro=4&cover=light&dice=2,4,4``; a flag
    as ``aim=true``); no ``dice``: random dice (``seed`` to repeat them). ``lang`` chooses
    the language of the labels. A refusal is 400 ``{"error", "nearest"}``."""
    found = find_test(test, rolls.TESTS, "/roll")
    try:
        options = read(request.query_params, controls(found) + dice_controls())
        seed, dice = options.pop("seed"), options.pop("dice")
        rolled = rolls.roll(found, options, seed=seed, dice=dice)
    except SkirmishError as error:
        return _api_refusal(site, request, found, error)
    return site.api(request, rolled.payload(lang))


@router.get("/api/v1/odds/{test}", tags=["dice"])
def odds_api(request: Request, test: str, site: SiteDep) -> Response:
    """The exact chances of a test: what ``skirmish odds TEST … --json`` prints (exact
    fractions such as "5/36"), with the same query parameters as ``/api/v1/roll/{test}``
    less the dice, plus ``fortuna`` and ``fama`` (and ``target-fortuna``,
    ``target-fama``): rerolls spent wisely (R-15)."""
    found = find_test(test, odds.ODDS_TESTS, "/odds")
    try:
        options = read(request.query_params, odds_controls(found))
        return site.api(request, odds.chances(found, options).payload)
    except SkirmishError as error:
        return _api_refusal(site, request, found, error)


def _api_refusal(site: Site, request: Request, test: str, error: SkirmishError) -> Response:
    """A refusal of ``test`` as JSON, naming the fields as its query does (``rif`` in a
    saving roll on its own, ``target-rif`` in a shot)."""
    how = api_naming_for(Procedure(test)) if test in rolls.COMBAT else None
    message = error.text(pick_lang(request).value, how)
    return site.api(request, {"error": message, "nearest": []}, 400)
