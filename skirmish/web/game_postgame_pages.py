"""What the post-game wizard's pages show: the report of the steps recorded (recovery and
injuries, deaths, XP, income and money, as the CLI prints them), the choices (a doctor for
each model eliminated, R-10; who loses the point on an infamy 1, R-09), the advances now
possible and the purchases (issue #11's forms), and "done".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from sqlmodel import Session

from skirmish.campaign import choices
from skirmish.campaign.commands import BY_NAME
from skirmish.campaign.game.board import (
    member_of,
    models_of,
)
from skirmish.campaign.game.end import result_for
from skirmish.campaign.game.tables import Game, Retreat
from skirmish.campaign.models import LogEntry
from skirmish.campaign.text import entry_data, result_word
from skirmish.engine.recovery import find_doctor
from skirmish.i18n import Lang, name
from skirmish.rules import doctors
from skirmish.web import text
from skirmish.web.game_postgame_inputs import (
    DEFAULT,
    DOCTOR_FIELD,
    Inputs,
    game_url,
    status_url,
    wizard_url,
)
from skirmish.web.game_postgame_status import Place
from skirmish.web.site import (
    gang_url,
    model_url,
    scenario_name,
)

#: The post-game steps the report shows under each heading (``campaign.postgame.STEPS``).
SECTIONS = (
    ("pg_recovery", ("used-up", "wounded-healed", "recovery")),
    ("pg_xp", ("game-xp",)),
    ("pg_money", ("income", "bounty", "gambler", "marked-cards")),
    ("pg_other", ("outlaw-mark", "infamy")),
)


# ----------------------------------------------------------------------------- the report


def report_line(step: Mapping[str, Any]) -> dict[str, Any]:
    """One step as the CLI prints it (``R-10: Frank McLaury: recovery 2 → 2: invalid``), with
    its money and XP before and after."""
    line = (f"{step['ruling']}: " if step["ruling"] else "") + step["text"]
    money = (
        f"{step['money_before']}$ → {step['money_after']}$"
        if step["money_before"] != step["money_after"]
        else ""
    )
    details = step["details"] if isinstance(step["details"], dict) else {}
    return {
        "action": step["action"],
        "line": line,
        "money": money,
        "xp": (step["xp_before"], step["xp_after"])
        if step["xp_before"] != step["xp_after"]
        else None,
        "dead": step["action"] == "recovery" and details.get("outcome") == "dead",
        "member": step["member"],
    }


def report_sections(entries: Sequence[LogEntry], gang: str, lang: Lang) -> list[dict[str, Any]]:
    t = text.words(lang)
    lines = [report_line(entry_data(e, gang, lang)) for e in entries]
    return [
        {"title": t[key], "lines": [x for x in lines if x["action"] in actions]}
        for key, actions in SECTIONS
    ]


# ----------------------------------------------------------------------------- the pages


def _doctor_options(lang: Lang) -> list[tuple[str, str]]:
    t = text.words(lang)

    found = [(DEFAULT, t["pg_doctor_default"])]
    for d in doctors():
        fee = find_doctor(d.id).fee
        found.append((d.id, t["pg_doctor_hired"].format(doctor=name(d, lang), fee=fee)))
    found.append(("none", t["pg_doctor_none"]))
    return found


def choice_fields(s: Session, place: Place, inputs: Inputs, lang: Lang) -> dict[str, Any]:
    """Step 1's controls: a doctor for each model of the gang eliminated in the game (R-10),
    and, after a voluntary retreat, who loses a point on an infamy 1 (R-09)."""
    t = text.words(lang)
    mine = [m for m in models_of(s, place.game) if m.game_gang_id == place.gg.id]
    patients = []
    for index, model in enumerate(m for m in mine if m.eliminated):
        patients.append(
            {
                "id": f"pg-doctor-{index}",
                "field": DOCTOR_FIELD + model.name,
                "label": t["pg_doctor_for"].format(model=model.name),
                "value": inputs.doctors.get(model.name, DEFAULT),
            }
        )
    infamy: list[tuple[str, str]] = []
    if place.gg.retreated == Retreat.VOLUNTARY:
        infamy = [("", t["pg_infamy_default"])]
        for model in mine:
            member = member_of(s, model)
            if member.fama > 0 or member.fortuna > 0:
                infamy.append((member.name, f"{member.name} (FAMA {member.fama}, FORTUNA "
                               f"{member.fortuna})"))  # fmt: skip
    return {
        "patients": patients,
        "doctor_options": _doctor_options(lang),
        "infamy": infamy,
        "infamy_value": inputs.infamy_model or "",
    }


def _id(row: Game) -> int:
    assert row.id is not None
    return row.id


def done_context(s: Session, place: Place, typed: str | None, lang: Lang) -> dict[str, Any] | None:
    """The "done" line of an advance, purchase or hire made from the wizard (``?done=ID``, the
    between-games form's answer): an entry of this gang's own log, else nothing."""
    if not typed or not typed.isascii() or not typed.isdigit() or len(typed) > 12:
        return None
    entry = s.get(LogEntry, int(typed))
    if entry is None or entry.gang_id != place.gang.id:
        return None
    return report_line(entry_data(entry, place.gang.name, lang))


def advances_context(s: Session, place: Place, lang: Lang) -> dict[str, Any]:
    """Step 3: the advances the gang's models may take now (``choices.advance_options``)."""
    t = text.words(lang)
    found = choices.advance_options(s, place.gang)
    base = gang_url(place.campaign.name, place.gang.name)
    models = []
    for option in found.options:
        allowed = [a for a in option.advances if a.allowed]
        if not allowed:
            continue
        models.append(
            {
                "member": option.member,
                "xp": option.xp,
                "what": [
                    f"{choices.advance_name(a.advance, lang)} · {a.cost} {t['xp']}" for a in allowed
                ],
                "url": model_url(place.campaign.name, place.gang.name, option.member),
                "label": t["pg_advance"].format(model=option.member),
            }
        )
    blocked = found.refusal.text(lang) if found.refusal is not None else ""
    back = quote(wizard_url(place.campaign.name, _id(place.game), place.gang.name) + "?step=3")
    button = BY_NAME["advance"].label(lang)  # the catalogue's (campaign/commands.py)
    return {"models": models, "form": f"{base}/advance?next={back}", "blocked": blocked,
            "button": button}  # fmt: skip


def purchases_context(s: Session, place: Place, lang: Lang) -> dict[str, Any]:
    """Step 4: what the gang may buy now (``choices.buy_options``), and the buy form."""
    t = text.words(lang)
    found = choices.buy_options(s, place.gang)
    allowed = [o for o in found.options if o.allowed]
    base = gang_url(place.campaign.name, place.gang.name)
    blocked = found.refusal.text(lang) if found.refusal is not None else ""
    back = quote(wizard_url(place.campaign.name, _id(place.game), place.gang.name) + "?step=4")
    return {
        "line": t["pg_can_buy"].format(count=len(allowed), money=place.gang.treasury),
        "offers": [f"{name(o.equipment, lang)} · {o.equipment.cost}$" for o in allowed[:8]],
        "buy": f"{base}/buy?next={back}",
        "hire": f"{base}/hire?next={back}",
        "blocked": blocked,
    }


def page_head(s: Session, place: Place, lang: Lang) -> dict[str, Any]:
    t = text.words(lang)
    assert place.game.id is not None
    result = result_word(str(result_for(place.game, place.gg)), lang.value)
    return {
        "campaign_name": place.campaign.name,
        "gang_name": place.gang.name,
        "game_id": place.game.id,
        "game_line": t["pg_game"].format(
            game=place.game.id, scenario=scenario_name(place.game.scenario, lang)
        ),
        "result_line": t["pg_result"].format(result=result),
        "wizard": wizard_url(place.campaign.name, place.game.id, place.gang.name),
        "status_page": status_url(place.campaign.name, place.game.id),
        "game_page": game_url(place.campaign.name, place.game.id),
    }
