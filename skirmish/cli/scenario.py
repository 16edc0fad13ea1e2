"""``skirmish scenario``: the seven scenarios of §10, listed or shown as a full card."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer

from skirmish.cli.common_flags import JsonOpt, LangOpt, emit_json
from skirmish.cli.game import register_scenario
from skirmish.cli.help_text import example
from skirmish.engine.glossary import VOCABULARIES, label
from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules import find_profile
from skirmish.rules.model import Side
from skirmish.rules.scenario_model import Scenario
from skirmish.rules.scenarios import find_scenario, scenario_data, scenario_summary, scenarios
from skirmish.translation import N_, NP_

app = typer.Typer(
    name="scenario",
    help=(
        N_("The scenarios of the book (§10): list them, or show one in full.")
        + "\n\n"
        + example(N_("skirmish scenario show il-testimone"))
    ),
    no_args_is_help=True,
)

MESSAGES = messages(
    {
        "section": N_("§{number}"),
        "table": NP_("scenario.MESSAGES.table", "Table"),
        "turns": N_("Turns"),
        "no_limit": N_("no limit"),
        "objectives": N_("Objectives"),
        "none": N_("none"),
        "background": N_("Background"),
        "deployment": N_("Deployment"),
        "deploys_first": N_("deploys first"),
        "together": N_("Both sides deploy together."),
        "others": N_("Others"),
        "victory": N_("Victory conditions"),
        "length": N_("Game length"),
        "special_rules": NP_("scenario.MESSAGES.special_rules", "Special rules"),
        "modifiers": N_("Modifiers"),
        "restrictions": N_("Restrictions"),
        "civilians": N_("Civilians"),
        "civilians_line": (
            N_(
                "{count} civilians ({profile}), {deploy_min}-{deploy_max}U from the centre, "
                "move {move}U; moved by: {moved_by}; may leave the table: {leave}."
            )
        ),
        "decisions": N_("Decisions (where the book is silent or garbled)"),
        "good": NP_("scenario.MESSAGES.good", "Good side"),
        "bad": NP_("scenario.MESSAGES.bad", "Bad side"),
        "care_good": N_("the good side"),
        "care_bad": N_("the bad side"),
        "yes": N_("yes"),
        "no": N_("no"),
        "objective_line": (
            N_(
                "{name} ×{count}: starts {initial}, in the care of {side}; "
                "states: {states}; events: {events}."
            )
        ),
        "modifier_line": N_("{text} ({roll} {value:+d}{beyond}, {ruling})"),
        "beyond": N_(" beyond {beyond}U"),
        "name": N_("Name"),
        "id": N_("id"),
        "number": N_("§"),
        "roll_shoot": NP_("scenario.MESSAGES.roll_shoot", "to hit"),
        "roll_melee": NP_("scenario.MESSAGES.roll_melee", "fight"),
        "roll_nerve": N_("nerve test"),
        "roll_panic": N_("panic test"),
        "roll_reflex": N_("reflex test"),
        "roll_save": N_("saving roll"),
        "field_civilians": N_("Civilians"),
        "field_deployment": N_("Deployment"),
        "field_length": N_("Game length"),
        "field_map": N_("Table map"),
        "field_objectives": N_("Objectives"),
        "field_restrictions": N_("Restrictions"),
        "field_victory": N_("Victory conditions"),
    }
)


#: Who moves the civilians, on the card (objectives' states and events are the glossary's).
MOVERS: Catalogue = messages(
    {
        "initiative_winner": N_("the initiative winner"),
        "good": NP_("scenario.MOVERS.good", "the good side"),
        "bad": NP_("scenario.MOVERS.bad", "the bad side"),
    }
)


def _label(code: StrEnum, lang: Lang) -> str:
    """An objective's state or event in the glossary's words; who moves the civilians."""
    if type(code) in VOCABULARIES:
        return label(code, lang)
    return tr(MOVERS, code.value, lang)


def _objectives_summary(scenario: Scenario, lang: Lang) -> str:
    parts = [
        f"{o.name_it if lang is Lang.IT else o.name_en} ×{o.count}" for o in scenario.objectives
    ]
    return ", ".join(parts) or tr(MESSAGES, "none", lang)


def render_list(found: tuple[Scenario, ...], lang: Lang) -> str:
    """The scenarios as an aligned text table."""

    def t(key: str) -> str:
        return tr(MESSAGES, key, lang)

    header = (t("number"), t("id"), t("name"), t("table"), t("turns"), t("objectives"))
    rows = [header] + [
        (
            s.number,
            s.id,
            s.name_it if lang is Lang.IT else s.name_en,
            s.table.size,
            str(s.turn_limit) if s.turn_limit else "-",
            _objectives_summary(s, lang),
        )
        for s in found
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header) - 1)]
    lines = [
        "  ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[-1]])
        for row in rows
    ]
    return "\n".join(line.rstrip() for line in lines)


def render_card(scenario: Scenario, lang: Lang) -> str:
    """The full scenario card in ``lang``, as plain text."""

    def t(key: str, **values: Any) -> str:
        return tr(MESSAGES, key, lang, **values)

    name = scenario.name_it if lang is Lang.IT else scenario.name_en
    other_name = scenario.name_en if lang is Lang.IT else scenario.name_it
    limit = str(scenario.turn_limit) if scenario.turn_limit else t("no_limit")
    lines = [
        f"{name} ({other_name}) — {t('section', number=scenario.number)} [{scenario.id}]",
        f"{t('table')}: {scenario.table.size} — {scenario.table.layout.in_lang(lang)}",
        f"{t('turns')}: {limit}",
        "",
        t("background"),
        f"  {scenario.background.in_lang(lang)}",
        "",
        t("deployment"),
    ]
    deployment = scenario.deployment
    for side in Side:
        first = f" ({t('deploys_first')})" if deployment.first is side else ""
        lines.append(f"  {t(side.value)}{first}: {deployment.for_side(side).in_lang(lang)}")
    if deployment.first is None:
        lines.append(f"  {t('together')}")
    if deployment.other is not None:
        lines.append(f"  {t('others')}: {deployment.other.in_lang(lang)}")
    lines += ["", t("victory")]
    for side in Side:
        lines.append(f"  {t(side.value)}: {scenario.victory_text[side].in_lang(lang)}")
    lines += ["", t("length"), f"  {scenario.length.in_lang(lang)}"]
    if scenario.special_rules:
        lines += ["", t("special_rules")]
        lines += [f"  - {rule.in_lang(lang)}" for rule in scenario.special_rules]
    if scenario.objectives:
        lines += ["", t("objectives")]
        for o in scenario.objectives:
            lines.append(
                "  - "
                + t(
                    "objective_line",
                    name=o.name_it if lang is Lang.IT else o.name_en,
                    count=o.count,
                    initial=_label(o.initial, lang),
                    side=t(f"care_{o.side.value}"),
                    states=", ".join(_label(s, lang) for s in o.states),
                    events=", ".join(_label(e, lang) for e in o.events),
                )
            )
            lines.append(f"    {o.rules.in_lang(lang)}")
    if scenario.modifiers:
        lines += ["", t("modifiers")]
        for m in scenario.modifiers:
            beyond = t("beyond", beyond=m.beyond) if m.beyond is not None else ""
            lines.append(
                "  - "
                + t(
                    "modifier_line",
                    text=m.text.in_lang(lang),
                    roll=t(f"roll_{m.roll.value}"),
                    value=m.value,
                    beyond=beyond,
                    ruling=m.ruling,
                )
            )
    if scenario.restrictions:
        lines += ["", t("restrictions")]
        lines += [f"  - {r.text.in_lang(lang)}" for r in scenario.restrictions]
    if scenario.civilians is not None:
        c = scenario.civilians
        lines += [
            "",
            t("civilians"),
            "  "
            + t(
                "civilians_line",
                count=c.count,
                profile=_profile_name(c.profile, lang),
                deploy_min=c.deploy_min,
                deploy_max=c.deploy_max,
                move=c.move,
                moved_by=_label(c.moved_by, lang),
                leave=t("yes") if c.may_leave_table else t("no"),
            ),
            f"  {c.text.in_lang(lang)}",
        ]
    if scenario.decisions:
        lines += ["", t("decisions")]
        lines += [
            f"  - {t(f'field_{d.field}')}: {d.text.in_lang(lang)}" for d in scenario.decisions
        ]
    return "\n".join(lines)


@app.command(
    "list",
    help=(
        N_("List the seven scenarios of §10 in the book's order.")
        + "\n\n"
        + example(N_("skirmish scenario list"))
    ),
)
def list_scenarios(lang: LangOpt, json_output: JsonOpt = False) -> None:
    """``list``: its help is the command's (above)."""
    found = scenarios()
    if json_output:
        emit_json([scenario_summary(s) for s in found])
        return
    typer.echo(render_list(found, lang))


@app.command(
    "show",
    help=(
        N_("Show a scenario's full card: table, deployment, victory, length, rules, objectives.")
        + "\n\n"
        + example(N_('skirmish scenario show "Rapina in banca"'))
    ),
)
def show(
    scenario_id: Annotated[
        str,
        typer.Argument(
            metavar="ID",
            help=N_("Scenario id, or its Italian or English name (any case, accents optional)."),
        ),
    ],
    lang: LangOpt,
    json_output: JsonOpt = False,
) -> None:
    """``show``: its help is the command's (above)."""
    scenario = find_scenario(scenario_id)
    if json_output:
        emit_json(scenario_data(scenario))
        return
    typer.echo(render_card(scenario, lang))


register_scenario(app)


def _profile_name(profile: str, lang: Lang) -> str:
    """A profile by the book's name (the civilians of a scenario), its id if unknown."""
    try:
        found = find_profile(profile)
    except SkirmishError:
        return profile
    return found.name_it if lang is Lang.IT else found.name_en
