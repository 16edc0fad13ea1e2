"""What the flow's pages show (issue #12; split out of ``web/game_actions.py`` for issue #20):
the models the reader may act with, the actions the catalogue offers each now, the targets, the
situation of a shot or a fight with its exact odds, the fields of the other actions, and the
live page's panel.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import Request
from sqlmodel import Session

from skirmish import rules
from skirmish.campaign.game import commands, situations
from skirmish.campaign.game.board import scenario_of
from skirmish.campaign.game.fields import Kind
from skirmish.campaign.game.objectives import offered_events
from skirmish.campaign.game.reactions import questions
from skirmish.campaign.game.situations import Figure, Table, jammed, reloadable
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import Campaign, CampaignLine
from skirmish.engine.glossary import VOCABULARIES, GameStatus, Pace, TableState, label, label_value
from skirmish.engine.situation import Procedure, choice_label
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang, name
from skirmish.rules.model import Cover, ModelState, ObjectiveEvent, ObjectiveState, Point
from skirmish.web import game_live_base, tools
from skirmish.web.game_action_words import act_url, action_words
from skirmish.web.game_dice import percent as _percent
from skirmish.web.game_perform import (
    Spec,
    actor_field,
    field_flag,
    field_name,
    last_action,
    read_situation,
    sides_acting,
    situation_inputs,
)
from skirmish.web.site import Site, pick_lang

# ----------------------------------------------------------------------------- what the page shows

#: The fields of the flow itself, never part of an action's values.
FLOW_FIELDS = frozenset({"csrf", "key", "state", "dice", "answers", "die", "back", "answer",
                         "mode", "go", "odds"})  # fmt: skip


def _model_line(f: Figure, lang: Lang) -> str:
    t = action_words(lang)
    state = label_value_state(f.state, lang)
    extra = [state]
    if f.prone:
        extra.append(label_value_prone(lang))
    if f.acting:
        extra.append(t["gac_acting"])
    elif f.acted:
        extra.append(t["gac_acted"])
    who = f'{f.name} "{f.handle}"' if f.handle else f.name
    return f"{who} · COS {f.cos_left}/{f.cos} · {', '.join(extra)}"


def label_value_state(state: str, lang: Lang) -> str:
    return label_value(ModelState, state, lang)


def label_value_prone(lang: Lang) -> str:
    return label(TableState.PRONE, lang)


def _weapon_name(weapon_id: str | None, lang: Lang) -> str:
    if weapon_id is None:
        return action_words(lang)["gac_f_bare"]
    try:
        return name(rules.find_equipment(weapon_id), lang)
    except SkirmishError:
        return weapon_id


def _models(site: Site, s: Session, game: Game, table: Table) -> list[Figure]:
    """The models this reader may act with now, the one taking its turn first."""
    sides = set(sides_acting(site, s, game))
    mine = [f for f in situations.in_play(table) if f.side.value in sides]
    return sorted(mine, key=lambda f: (not f.acting, f.acted))


def _offered(table: Table, figure: Figure) -> list[Spec]:
    acting = any(a.label == figure.label for a in situations.actors(table))
    return commands.offered(table, figure, acting)


def _targets(table: Table, spec: Spec, figure: Figure, lang: Lang) -> list[dict[str, str]]:
    found = [
        {"value": f.label, "label": _model_line(f, lang)}
        for f in situations.enemies(table, figure.label)
    ]
    if spec.target_kind is Kind.TARGET:
        t = action_words(lang)
        for p in table.persons:
            who = p.name_it if lang is Lang.IT else p.name_en
            found.append({"value": p.objective, "label": t["gac_k_person"].format(name=who)})
    return found


def flow(
    site: Site, s: Session, campaign: Campaign, game: Game, query: Mapping[str, str], lang: Lang
) -> dict[str, Any]:
    """Everything the flow page shows for what ``query`` has chosen so far."""
    table = situations.read(s, game)
    view: dict[str, Any] = {
        "campaign_name": campaign.name,
        "game_id": game.id,
        "turn": game.turn,
        "scenario": name(scenario_of(game), lang),
        "game_url": game_live_base.game_url(campaign.name, game.id),
        "act_url": act_url(campaign.name, game.id),
        "undo_url": act_url(campaign.name, game.id, "undo"),
        "spectator": not sides_acting(site, s, game),
        "models": [],
        "model": None,
        "actions": [],
        "spec": None,
        "targets": [],
        "target": None,
        "known": [],
        "controls": [],
        "more": [],
        "odds": None,
        "odds_error": "",
        "ready": False,
        "key": secrets.token_urlsafe(24),
        "values": {},
    }
    if view["spectator"] or not table.in_progress:
        return view
    mine = _models(site, s, game, table)
    view["models"] = [
        {"label": _model_line(f, lang),
         "url": act_url(campaign.name, game.id, model=f.label)}
        for f in mine
    ]  # fmt: skip
    chosen = next((f for f in mine if f.label == _last(query, "model")), None)
    if chosen is None:
        return view
    view["model"] = {"label": _model_line(chosen, lang), "name": chosen.label,
                     "change": act_url(campaign.name, game.id)}  # fmt: skip
    offered = _offered(table, chosen)
    view["actions"] = [
        {"label": spec.label(lang), "url": act_url(campaign.name, game.id, model=chosen.label,
                                           action=spec.name)}
        for spec in offered
    ]  # fmt: skip
    spec = next((x for x in offered if x.name == _last(query, "action")), None)
    if spec is None:
        return view
    view["spec"] = {"name": spec.name, "label": spec.label(lang), "rolls": spec.rolls,
                    "combat": spec.procedure is not None,
                    "change": act_url(campaign.name, game.id, model=chosen.label)}  # fmt: skip
    values: dict[str, Any] = {actor_field(spec): chosen.label}
    if spec.actor is None:  # the chosen model's gang does it (retreat): its name is said
        values["gang"] = chosen.gang
        view["spec"]["label"] = f"{spec.label(lang)}: {chosen.gang}"
    if spec.target:
        view["targets"] = [
            {**row, "url": act_url(campaign.name, game.id, model=chosen.label, action=spec.name,
                                target=row["value"])}
            for row in _targets(table, spec, chosen, lang)
        ]  # fmt: skip
        target = next((x for x in view["targets"] if x["value"] == _last(query, "target")), None)
        if target is None:
            return view
        view["target"] = {**target, "change": act_url(campaign.name, game.id, model=chosen.label,
                                                  action=spec.name)}  # fmt: skip
        values[spec.target] = target["value"]
    view["values"] = values
    view["ready"] = True
    if spec.procedure is not None:
        _situation(view, s, game, table, chosen, spec, values, query, lang)
    else:
        view["controls"] = _fields(s, game, table, chosen, spec, query, lang)
    return view


def _choice_words(choices: type[Any], value: str, lang: Lang) -> str:
    if choices in VOCABULARIES:
        return label(choices(value), lang)
    return choice_label(choices, value, lang.value)


def _control(
    kind: str, name_: str, label_: str, value: Any = "", options: Sequence[tuple[str, str]] = (),
    hint: str = "", checked: bool = False,
) -> dict[str, Any]:  # fmt: skip
    return {"kind": kind, "name": name_, "id": f"gac-{name_}", "label": label_, "value": value,
            "options": list(options), "hint": hint, "checked": checked}  # fmt: skip


#: The inputs the situation form shows up front; the others are folded under "more".
FRONT = ("range", "cover", "weapon", "target_weapon", "target_waiting")


def _last(query: Mapping[str, Any], key: str, default: str = "") -> str:
    value = query.get(key, default)
    if isinstance(value, list):
        return str(value[-1]) if value else default
    return str(value)


def _situation(
    view: dict[str, Any], s: Session, game: Game, table: Table, figure: Figure, spec: Spec,
    values: dict[str, Any], query: Mapping[str, Any], lang: Lang,
) -> None:  # fmt: skip
    """The situation of a shot or a fight: what the game knows (``situations.prefill``), range,
    cover and the weapons up front, the rest folded, the bystanders asked where they matter
    (``reactions.questions``), and the exact odds of what the form says now."""
    t = action_words(lang)
    procedure = spec.procedure
    assert procedure is not None
    target = values["target"]
    range_text = _last(query, "range")
    try:
        range_u = int(float(range_text.replace(",", "."))) if range_text.strip() else None
    except (ValueError, OverflowError):  # not a number, or no finite one: the service says so
        range_u = None
    known = situations.prefill(s, game, table, figure.label, target, procedure, range_u)
    lines = [t["gac_k_state"].format(name=figure.name, state=label_value_state(figure.state, lang))]
    if known.target is not None:
        other = known.target
        state = label_value_state(other.state, lang)
        lines.append(t["gac_k_state"].format(name=other.name, state=state))
        key = "gac_k_waiting" if known.target_waiting else "gac_k_acted"
        lines.append(t[key].format(name=other.name))
        if other.mounted:
            lines.append(t["gac_k_mounted"].format(name=other.name))
    lines.append(t["gac_k_weapon"].format(weapon=_weapon_name(known.weapon, lang)))
    if procedure is Procedure.MELEE and known.target is not None:
        lines.append(t["gac_k_target_weapon"].format(
            name=known.target.name, weapon=_weapon_name(known.target_weapon, lang)))  # fmt: skip
    if known.is_leader:
        lines.append(t["gac_k_is_leader"].format(name=figure.name))
    if known.leader and known.target is not None:
        lines.append(t["gac_k_leader"].format(target=known.target.name, name=known.leader))
    if figure.mounted:
        lines.append(t["gac_k_mounted"].format(name=figure.name))
    if figure.drank:
        lines.append(t["gac_k_drank"].format(name=figure.name))
    if known.night:
        lines.append(t["gac_k_night"])
    view["known"] = lines
    controls, more = situation_controls(
        figure,
        procedure,
        query,
        lang,
        weapon=known.weapon,
        target=known.target,
        target_weapon=known.target_weapon,
        target_waiting=known.target_waiting,
    )
    if known.target is not None:
        asked = questions(s, game=game, target=target)
        by_name = {f.name: f for f in table.figures}
        chosen_near = _many(query, "near")
        for friend in asked.friends:
            f = by_name.get(friend)
            more.append(_control("multi", "near", t["gac_f_near"] + f": {friend}",
                                 f.label if f else friend,
                                 checked=(f.label if f else friend) in chosen_near))  # fmt: skip
    view["controls"] = controls
    view["more"] = more
    try:
        situation = read_situation(procedure, {**flat_values(query), **values})
        found = situations.odds(s, game, figure.label, target, procedure, situation)
        view["odds"] = t["gac_odds"].format(hit=_percent(found.hit, lang),
                                           wound=_percent(found.wound, lang),
                                           eliminate=_percent(found.eliminate, lang))  # fmt: skip
    except SkirmishError as refused:
        view["odds_error"] = refused.text(lang.value)


def situation_controls(
    figure: Figure, procedure: Procedure, query: Mapping[str, Any], lang: Lang, *,
    weapon: str | None, target: Figure | None = None, target_weapon: str | None = None,
    target_waiting: bool | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:  # fmt: skip
    """The situation's controls of ``figure``'s shot or fight, as the declaration
    (``engine.situation``) lists its inputs: range, cover and the weapons up front, the rest
    folded under "more". ``weapon`` is the one the game would choose; ``target`` (with its
    weapon and whether the record says it waits) when it is known: the live flow knows it, the
    offline page (issue #24), made before a target is chosen, does not, and leaves its
    controls out (the service reads them from the record)."""
    t = action_words(lang)
    controls: list[dict[str, Any]] = []
    more: list[dict[str, Any]] = []
    for item in situation_inputs(procedure):
        key = field_name(item, procedure)
        given = _last(query, key)
        if item.id == "range":
            controls.append(_control("decimal", key, t["gac_f_range"], given))
        elif item.id == "cover":
            assert item.choices is not None
            options = [(c.value, _choice_words(item.choices, c.value, lang)) for c in item.choices]
            controls.append(_control("select", key, t["gac_f_cover"], given or Cover.NONE.value,
                                     options))  # fmt: skip
        elif item.id == "weapon":
            carried = (situations.fight_weapons(figure) if procedure is Procedure.MELEE
                       else situations.guns_to_shoot(figure))  # fmt: skip
            default = t["gac_f_default"].format(name=_weapon_name(weapon, lang))
            options = [("", default), *((w.id, name(w, lang)) for w in carried)]
            if procedure is Procedure.MELEE:
                options.append(("bare-hands", t["gac_f_bare"]))
            controls.append(_control("select", key, t["gac_f_weapon"], given, options))
        elif item.id == "target_weapon":
            if target is None:
                continue
            default = t["gac_f_default"].format(name=_weapon_name(target_weapon, lang))
            carried = situations.fight_weapons(target)
            options = [("", default), *((w.id, name(w, lang)) for w in carried),
                       ("bare-hands", t["gac_f_bare"])]  # fmt: skip
            controls.append(_control("select", key, t["gac_f_target_weapon"], given, options))
        elif item.id == "target_waiting":
            if target is None or target_waiting is None:
                continue
            record = target_waiting
            said = t["gac_said_yes"] if record else t["gac_said_no"]
            checked = field_flag(query, key) if "waiting-record" in query else record
            controls.append(_control(
                "check", key, t["gac_f_waiting"].format(name=target.name), "on",
                hint=t["gac_f_waiting_hint"].format(said=said), checked=checked))  # fmt: skip
            controls.append(_control("hidden", "waiting-record", "", "yes" if record else "no"))
        else:
            control = tools._from_input(item, procedure)
            words = item.name(lang.value)
            if control.widget == "check":
                more.append(_control("check", key, words, "on", hint=item.help(lang.value),
                                     checked=field_flag(query, key)))  # fmt: skip
            elif control.widget == "select":
                assert item.choices is not None
                options = [(c.value, _choice_words(item.choices, c.value, lang))
                           for c in item.choices]  # fmt: skip
                default = item.default_for(procedure)
                if default is None:
                    options.insert(0, ("", "—"))
                shown_ = given or (str(default) if default is not None else "")
                more.append(_control("select", key, words, shown_, options,
                                     hint=item.help(lang.value)))  # fmt: skip
            else:
                more.append(_control(control.widget, key, words, given,
                                     hint=item.help(lang.value)))  # fmt: skip
    return controls, more


def _many(query: Mapping[str, Any], key: str) -> list[str]:
    value = query.get(key)
    if value is None:
        return []
    return [v for v in (value if isinstance(value, list) else [value]) if str(v).strip()]


#: Fields that take several values (the CLI's repeatable options).
MULTI = frozenset({"near", "civilian-near", "caught", "near-thrower", "reroll"})


def flat_values(query: Mapping[str, Any]) -> dict[str, Any]:
    """A form's or query's values as the actions read them: one value each, a list for the
    repeatable ones, the flow's own fields left out."""
    found: dict[str, Any] = {}
    for key, value in query.items():
        if key in FLOW_FIELDS:
            continue
        if key in MULTI:
            found[key] = _many(query, key)
        else:
            found[key] = value[-1] if isinstance(value, list) and value else value
    return found


def _fields(
    s: Session, game: Game, table: Table, figure: Figure, spec: Spec,
    query: Mapping[str, Any], lang: Lang,
) -> list[dict[str, Any]]:  # fmt: skip
    """The few fields of the other actions (which gun, how many rounds, the pace, the blast,
    the objective's event), each offered from what the game knows."""
    t = action_words(lang)
    found: list[dict[str, Any]] = []
    if spec.name in ("reload", "unjam"):
        guns = reloadable(figure, table.turn) if spec.name == "reload" else jammed(figure, 0)
        if len(guns) > 1:
            options = [(g.weapon.id, f"{name(g.weapon, lang)} ({g.left}/{g.load})") for g in guns]
            found.append(_control("select", "weapon", t["gac_f_gun"], _last(query, "weapon"),
                                  options))  # fmt: skip
        loads = sorted({n for g in guns for n in g.weapon.rounds})
        if spec.name == "reload" and len(loads) > 1:
            options = [("", t["gac_f_rounds_default"]), *((str(n), str(n)) for n in loads)]
            found.append(_control("select", "rounds", t["gac_f_rounds"], _last(query, "rounds"),
                                  options))  # fmt: skip
    elif spec.name in ("mount", "dismount"):
        options = [(p.value, label(p, lang)) for p in Pace]
        found.append(_control("select", "pace", t["gac_f_pace"],
                              _last(query, "pace", Pace.STILL.value), options))  # fmt: skip
    elif spec.name == "explosive":
        kinds = situations.explosives(figure)
        if len(kinds) > 1:
            options = [(w.id, name(w, lang)) for w in kinds]
            found.append(_control("select", "item", t["gac_f_explosive"], _last(query, "item"),
                                  options))  # fmt: skip
        if any(w.id == "dynamite" for w in kinds):
            found.append(_control("check", "short-fuse", t["gac_f_short_fuse"], "on",
                                  checked=field_flag(query, "short-fuse")))  # fmt: skip
        chosen = {c.partition("=")[0]: c for c in _many(query, "caught")}
        for other in situations.in_play(table):
            options = [("", t["gac_f_not_caught"]),
                       *((f"{other.label}={d}", f"{d}U") for d in range(6))]  # fmt: skip
            found.append({**_control("select", "caught", t["gac_f_distance"].format(
                name=other.name), chosen.get(other.label, ""), options),
                "id": f"gac-caught-{len(found)}"})  # fmt: skip
    elif spec.name == "objective":
        scenario = scenario_of(game)
        options = []
        for row in table.board["objectives"]:
            found_o = scenario.objective(row["objective"])
            what = name(found_o, lang) + (f" {row['copy']}" if found_o.count > 1 else "")
            state = label_value(ObjectiveState, row["state"], lang)
            for event in offered_events(found_o, row["state"], row["carrier"], figure.side,
                                        (figure.name, figure.label)):  # fmt: skip
                value = json.dumps({"objective": found_o.id, "copy": str(row["copy"]),
                                    "event": event}, sort_keys=True)  # fmt: skip
                said = t["gac_f_carry"] if event == "carry" else label(ObjectiveEvent(event), lang)
                options.append((value, f"{what} ({state}): {said}"))
        found.append(_control("select", "what", t["gac_f_event"], _last(query, "what"), options))
    else:
        found += _table_fields(s, game, table, figure, spec, query, lang)
    return found


def _table_fields(
    s: Session, game: Game, table: Table, figure: Figure, spec: Spec,
    query: Mapping[str, Any], lang: Lang,
) -> list[dict[str, Any]]:  # fmt: skip
    """The fields of what is recorded from the table (wounds, an elimination, a state, a point
    spent, a retreat), labelled as the catalogue declares them."""
    found: list[dict[str, Any]] = []
    names = {f.name for f in spec.fields}
    target = table.figure(_last(query, "target")) if spec.target else None
    if "wounds" in names:
        most = max(6, target.cos_left if target is not None else 0)
        options = [(str(n), str(n)) for n in range(1, most + 1)]
        found.append(_control("select", "wounds", spec.field("wounds").label(lang),
                              _last(query, "wounds", "1"), options,
                              hint=spec.field("wounds").help(lang)))  # fmt: skip
    if "new-state" in names:
        default = TableState.STANDING if figure.prone else TableState.PRONE
        options = [(x.value, label(x, lang)) for x in TableState]
        found.append(_control("select", "new-state", spec.field("new-state").label(lang),
                              _last(query, "new-state", default.value), options))  # fmt: skip
    if "point" in names:
        left = {Point.FAMA: figure.fama_left, Point.FORTUNA: figure.fortuna_left}
        options = [(p.value, f"{label(p, lang).upper()} ({n})") for p, n in left.items() if n]
        found.append(_control("select", "point", spec.field("point").label(lang),
                              _last(query, "point", options[0][0] if options else ""),
                              options))  # fmt: skip
    if "infamy-later" in names:
        found.append(_control("check", "infamy-later", spec.field("infamy-later").label(lang),
                              "on", hint=spec.field("infamy-later").help(lang),
                              checked=field_flag(query, "infamy-later")))  # fmt: skip
    if target is not None and "near" in names:
        asked = questions(s, game=game, target=target.label)
        by_name = {f.name: f for f in table.figures}
        near = spec.field("near")
        for friend in asked.friends:
            f = by_name.get(friend)
            value = f.label if f else friend
            found.append(_control("multi", "near", f"{near.label(lang)}: {friend}", value,
                                  hint=near.help(lang) if friend == asked.friends[0] else "",
                                  checked=value in _many(query, "near")))  # fmt: skip
        if asked.captives and "guard" in names:
            guard = spec.field("guard")
            friends = [f for f in situations.friends(table, target.label) if f.in_play]
            options = [("", "—"), *((f.label, f.name) for f in friends)]
            found.append(_control("select", "guard", guard.label(lang), _last(query, "guard"),
                                  options, hint=guard.help(lang)))  # fmt: skip
    return found


# ----------------------------------------------------------------------------- the live page


@game_live_base.panel("actions")
def live_panel(
    session: Session, site: Site, request: Request, campaign: CampaignLine, game: Game
) -> dict[str, Any] | None:
    """The live page's part: act with the model taking its turn (or any other), undo; nothing
    for a reader who only watches, or a game that is over; hidden before the first turn."""
    if game.status != GameStatus.IN_PROGRESS or not sides_acting(site, session, game):
        return None
    lang = pick_lang(request)
    table = situations.read(session, game)
    mine = _models(site, session, game, table)
    acting = next((f for f in mine if f.acting), None)
    return {
        "panel_url": act_url(campaign.name, game.id, "act/panel"),
        "act_url": act_url(campaign.name, game.id),
        "acting": {
            "label": _model_line(acting, lang),
            "url": act_url(campaign.name, game.id, model=acting.label),
        }
        if acting is not None
        else None,  # fmt: skip
        "undo_url": act_url(campaign.name, game.id, "undo"),
        "last": last_action(session, game, lang),
        # issue #22: no model acts before the first turn has begun, but a gun that loads 7 or
        # 17 rounds may be loaded then; with none, the panel stays hidden, to show
        # itself when the board says the game changed.
        "begun": game.turn >= 1,
        "load_first": game.turn < 1 and any(situations.reloadable(f, game.turn) for f in mine),
    }
