"""``skirmish rules``: browse the rulebook's tables (factions, profiles, weapons, equipment,
skills) and show any entry by name, in Italian or English, as text or JSON.

rich is imported inside the commands only, so loading this module stays cheap.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from skirmish import rules
from skirmish.cli.common_flags import JsonOpt, LangOpt, emit_json
from skirmish.cli.help_text import example
from skirmish.errors import UnknownNameError
from skirmish.i18n import Lang, messages, name, tr
from skirmish.rules.entries import (
    Action,
    Advance,
    Doctor,
    Invalidity,
    Movement,
    Protection,
    RecoveryResult,
    TableModifier,
)
from skirmish.rules.model import Faction, Item, Profile, Skill, Weapon
from skirmish.rules.names import normalize, section_said
from skirmish.rules.shapes import kind_of, rules_text, to_json
from skirmish.translation import N_, NP_, ngettext

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

app = typer.Typer(
    name="rules",
    help=(
        N_(
            "Browse the rulebook's tables: factions, profiles, weapons, equipment, skills "
            "and the smaller tables (actions, movement, modifiers, recovery…)."
        )
        + "\n\n"
        + example(N_("skirmish rules show sei-colpi"))
    ),
    no_args_is_help=True,
    add_completion=False,
)

MESSAGES = messages(
    {
        "factions": N_("Factions (§9)"),
        "profiles": N_("Profiles"),
        "profiles_of": N_("Profiles: {faction} ({section})"),
        "weapons": N_("Weapons (tables 5, 6, 7, §5.5, §8.2)"),
        "equipment": N_("Equipment (§8.2, §8.3)"),
        "skills": N_("New skills (§7.2, 2D6)"),
        "advances": N_("Advances (§7.2)"),
        "id": N_("id"),
        "name": N_("Name"),
        "section": N_("§"),
        "side": NP_("rules.MESSAGES.side", "Side"),
        "good": N_("good"),
        "bad": N_("bad"),
        "neutral": N_("neutral"),
        "npc": N_("NPCs"),
        "rules": N_("Special rules"),
        "faction": N_("Faction"),
        "role": N_("Role"),
        "leader": N_("LEADER"),
        "hero": N_("HERO"),
        "hero_max": N_("HERO, max {max}"),
        "common": N_("common"),
        "cost": N_("Cost $"),
        "xp": N_("XP"),
        "actions": N_("Actions"),
        "range": N_("Range U"),
        "shots": N_("Shots/turn"),
        "rounds": NP_("rules.MESSAGES.rounds", "Rounds"),
        "ca": N_("CA"),
        "bonus": N_("Bonus"),
        "disp": N_("Avail."),
        "rare": N_("Rare"),
        "notes": N_("Notes"),
        "type": N_("Type"),
        "roll": N_("2D6"),
        "text": N_("Effect"),
        "thrown": N_("thrown COS×2"),
        "template": N_("template"),
        "melee": N_("melee only"),
        "weapon": N_("weapon"),
        "mount": N_("mount"),
        "special": N_("special item"),
        "explosives": N_("mining / railroad zones"),
        "not_for_sale": N_("—"),
        "choice": N_("chosen: {choice}"),
        "aliases": N_("Also called"),
        "kind_faction": N_("Faction"),
        "kind_profile": N_("Profile"),
        "kind_weapon": N_("Weapon"),
        "kind_item": N_("Equipment"),
        "kind_skill": N_("Skill"),
        "kind_advance": N_("Advance"),
        "kind_action": N_("Action (table 1)"),
        "kind_movement": N_("Movement (table 2)"),
        "kind_modifier": N_("Modifier ({table})"),
        "kind_protection": N_("Protection (table 8)"),
        "kind_recovery": N_("Recovery (§6.5)"),
        "kind_invalidity": N_("Invalidity (§6.5)"),
        "kind_doctor": N_("Doctor (§6.5)"),
        "xp_cost": N_("{xp} XP"),
        "profiles_list": N_("Profiles"),
        "numbers": N_("TIRO {tiro}  FRED {fred}  RIF {rif}  COS {cos}  FA {fama}  FO {fortuna}"),
        "skills_have": N_("Skills"),
        "rulings": N_("Rulings"),
        "mount_numbers": N_("TIRO {tiro}  FRED {fred}  RIF {rif}  COS {cos}"),
        "speed": N_("Trot {trot}U, gallop {gallop}U"),
        "no_jump": N_("cannot jump"),
        "fits": N_("Fits"),
        "disp_for": N_("Availability {disp} for {faction}"),
        "value": N_("Value"),
        "distance": N_("DP {distance}U"),
        "reflex_mod": N_("Reflex test {mod:+d}"),
        "protection_values": N_("partial {partial}, total {total}"),
        "recovery_range": N_("roll {low}–{high}"),
        "recovery_open": N_("roll {low} or more"),
        "invalid_roll": N_("1D6 = {roll}"),
        "doctor_values": N_("bonus {bonus:+d}, cost {cost}$"),
        "damage": N_("Damage {damage}, radius {radius}U"),
        "ranged": N_("{short}/{long}"),
        "tables": N_("Tables of the rulebook"),
        "table_actions": N_("Table 1: actions"),
        "table_movement": N_("Table 2: movement"),
        "table_shooting": N_("Table 3: shooting modifiers"),
        "table_fight": N_("Table 4: fight modifiers"),
        "table_saving": N_("Saving roll modifiers"),
        "table_nerve": N_("Nerve test modifiers"),
        "table_cohesion": N_("Cohesion test modifiers"),
        "table_protection": N_("Table 8: protection from explosives"),
        "table_recovery": NP_("rules.MESSAGES.table_recovery", "Recovery (§6.5)"),
        "table_invalid": N_("Invalid (§6.5, 1D6)"),
        "table_doctors": N_("Doctors (§6.5)"),
        "table_advances": N_("Advances (§7.2)"),
        "mode": N_("Mode"),
        "foot": N_("on foot"),
        "horse": N_("on horseback"),
        "wagon": N_("wagon"),
        "dp": N_("DP"),
        "reflex": N_("Reflex test"),
        "partial": N_("partial"),
        "total": N_("total"),
        "result": N_("Roll"),
        "table_name": N_("Table"),
    }
)

FactionArg = Annotated[
    str | None,
    typer.Argument(
        help=N_("A faction in either language (lawmen, fuorilegge…); all when omitted.")
    ),
]
TableArg = Annotated[
    str | None,
    typer.Argument(
        help=N_("A table: actions, movement, shooting, fight, …; all listed when omitted.")
    ),
]
NameArg = Annotated[
    str, typer.Argument(help=N_("Any name: profile, weapon, item, skill, faction, modifier…"))
]


# --------------------------------------------------------------------------- JSON


# --------------------------------------------------------------------------- text helpers


def _console() -> Console:
    console = Console(highlight=False, soft_wrap=False)
    if not console.is_terminal:  # piped: wide, unless COLUMNS says otherwise (Rich reads it)
        width = None if os.environ.get("COLUMNS", "").strip().isdigit() else 200
        console = Console(highlight=False, width=width, no_color=True)
    return console


def _table(title: str, headers: Sequence[str]) -> Table:
    table = Table(title=title, title_justify="left")
    for number, header in enumerate(headers):
        # The first column holds what a player types (an id, a name): never cut, never folded;
        # the others fold to fit a narrow terminal.
        table.add_column(header, overflow="fold", no_wrap=number == 0)
    return table


def _role(profile: Profile, lang: Lang) -> str:
    if profile.role.value == "hero" and profile.max is not None:
        return tr(MESSAGES, "hero_max", lang, max=profile.max)
    return tr(MESSAGES, profile.role.value, lang)


def _range(weapon: Weapon, lang: Lang) -> str:
    if weapon.short is not None and weapon.long is not None:
        return tr(MESSAGES, "ranged", lang, short=weapon.short, long=weapon.long)
    if weapon.template:
        return tr(MESSAGES, "template", lang)
    if weapon.thrown:
        return tr(MESSAGES, "thrown", lang)
    return tr(MESSAGES, "melee", lang)


def _rare(rare: Iterable[str], lang: Lang) -> str:
    labels = []
    for token in rare:
        if token == "explosives":
            labels.append(tr(MESSAGES, "explosives", lang))
        else:
            labels.append(name(rules.find_faction(token), lang))
    return ", ".join(labels)


def _price(disp: int | None, cost: int | None) -> tuple[str, str]:
    return ("—" if disp is None else str(disp), "—" if cost is None else str(cost))


# --------------------------------------------------------------------------- commands


@app.command(
    "factions",
    help=(
        N_("List the factions with their special rules.")
        + "\n\n"
        + example(N_("skirmish rules factions"))
    ),
)
def factions_cmd(lang: LangOpt, json_out: JsonOpt = False) -> None:
    """``factions``: its help is the command's (above)."""
    every = rules.factions()
    if json_out:
        emit_json([{**to_json(f), "profiles": [p.id for p in rules.profiles(f.id)]} for f in every])
        return
    table = _table(
        tr(MESSAGES, "factions", lang),
        [tr(MESSAGES, k, lang) for k in ("id", "name", "section", "side", "profiles", "rules")],
    )
    for faction in every:
        table.add_row(
            faction.id,
            name(faction, lang),
            section_said(faction.section, lang),
            tr(MESSAGES, faction.default_side, lang),
            ", ".join(name(p, lang) for p in rules.profiles(faction.id)),
            "\n".join(
                f"• {rule.text_it if lang is Lang.IT else rule.text_en}" for rule in faction.rules
            ),
        )
    _console().print(table)


@app.command(
    "profiles",
    help=(
        N_("List the model profiles with their numbers, of every faction or of one.")
        + "\n\n"
        + example(N_("skirmish rules profiles fuorilegge"))
    ),
)
def profiles_cmd(lang: LangOpt, faction: FactionArg = None, json_out: JsonOpt = False) -> None:
    """``profiles``: its help is the command's (above)."""
    chosen = rules.profiles(faction)
    if json_out:
        emit_json([to_json(p) for p in chosen])
        return
    title = tr(MESSAGES, "profiles", lang)
    if faction is not None:
        found = rules.find_faction(faction)
        section = section_said(found.section, lang)
        title = tr(MESSAGES, "profiles_of", lang, faction=name(found, lang), section=section)
    headers = [
        "id",
        "name",
        "faction",
        "role",
        "TIRO",
        "FRED",
        "RIF",
        "COS",
        "FA",
        "FO",
        "xp",
        "cost",
        "actions",
        "notes",
    ]
    table = _table(title, [tr(MESSAGES, h, lang) if h.islower() else h for h in headers])
    for p in chosen:
        table.add_row(
            p.id,
            name(p, lang),
            name(rules.find_faction(p.faction), lang),
            _role(p, lang),
            *(str(v) for v in (p.tiro, p.fred, p.rif, p.cos, p.fama, p.fortuna, p.xp, p.cost)),
            str(p.actions),
            rules_text(p, lang),
        )
    _console().print(table)


@app.command(
    "weapons",
    help=(
        N_("List the weapons (tables 5–7, explosives) with ranges, shots and prices.")
        + "\n\n"
        + example(N_("skirmish rules weapons --json"))
    ),
)
def weapons_cmd(lang: LangOpt, json_out: JsonOpt = False) -> None:
    """``weapons``: its help is the command's (above)."""
    every = rules.weapons()
    if json_out:
        emit_json([to_json(w) for w in every])
        return
    keys = ("id", "name", "range", "shots", "rounds", "ca", "bonus", "disp", "cost", "rare")
    table = _table(tr(MESSAGES, "weapons", lang), [tr(MESSAGES, k, lang) for k in keys])
    for w in every:
        table.add_row(
            w.id,
            name(w, lang),
            _range(w, lang),
            w.shots_label or "—",
            "/".join(str(r) for r in w.rounds) or "—",
            str(w.ca),
            str(w.bonus),
            *_price(w.disp, w.cost),
            _rare(w.rare, lang),
        )
    _console().print(table)


@app.command(
    "equipment",
    help=(
        N_("List everything that can be bought: weapons, mounts and special items (§8).")
        + "\n\n"
        + example(N_("skirmish rules equipment"))
    ),
)
def equipment_cmd(lang: LangOpt, json_out: JsonOpt = False) -> None:
    """``equipment``: its help is the command's (above)."""
    weapons = rules.weapons()
    items = rules.items()
    if json_out:
        emit_json(
            [{"type": "weapon", **to_json(w)} for w in weapons]
            + [{"type": "item", **to_json(i)} for i in items]
        )
        return
    keys = ("id", "name", "type", "disp", "cost", "rare", "notes")
    table = _table(tr(MESSAGES, "equipment", lang), [tr(MESSAGES, k, lang) for k in keys])
    for w in weapons:
        table.add_row(
            w.id,
            name(w, lang),
            tr(MESSAGES, "weapon", lang),
            *_price(w.disp, w.cost),
            _rare(w.rare, lang),
            "",
        )
    for item in items:
        extra = [
            tr(MESSAGES, "disp_for", lang, disp=d, faction=name(rules.find_faction(f), lang))
            for f, d in item.disp_by_faction.items()
        ]
        table.add_row(
            item.id,
            name(item, lang),
            tr(MESSAGES, item.kind, lang),
            *_price(item.disp, item.cost),
            _rare(item.rare, lang),
            "; ".join([*extra, rules_text(item, lang)]),
        )
    _console().print(table)


@app.command(
    "skills",
    help=(
        N_("List the new-skills table (2D6) and the XP cost of every advance.")
        + "\n\n"
        + example(N_("skirmish rules skills"))
    ),
)
def skills_cmd(lang: LangOpt, json_out: JsonOpt = False) -> None:
    """``skills``: its help is the command's (above)."""
    every = rules.skills()
    if json_out:
        emit_json(
            {
                "skills": [to_json(s) for s in every],
                "advance_costs": rules.advance_costs(),
                "advances": [to_json(a) for a in rules.advances()],
            }
        )
        return
    table = _table(
        tr(MESSAGES, "skills", lang),
        [tr(MESSAGES, k, lang) for k in ("roll", "id", "name", "text")],
    )
    for skill in every:
        table.add_row(str(skill.roll), skill.id, name(skill, lang), rules_text(skill, lang))
    advances = _table(
        tr(MESSAGES, "advances", lang), [tr(MESSAGES, k, lang) for k in ("xp", "name")]
    )
    for advance in rules.advances():
        advances.add_row(str(advance.xp), name(advance, lang))
    console = _console()
    console.print(table)
    console.print(advances)


@app.command(
    "show",
    help=(
        N_("Show anything by name with its full text: numbers, special rules, notes.")
        + "\n\n"
        + example(N_("skirmish rules show sei-colpi"))
    ),
)
def show_cmd(entry_name: NameArg, lang: LangOpt, json_out: JsonOpt = False) -> None:
    """``show``: its help is the command's (above)."""
    found = rules.find_any(entry_name)
    if json_out:
        emit_json([{"type": kind_of(e), **to_json(e)} for e in found])
        return
    console = _console()
    for number, entry in enumerate(found):
        if number:
            console.print()
        for line in describe(entry, lang):
            console.print(line, markup=False)


#: The smaller tables ``rules table`` prints, with Italian names accepted too.
TABLES: dict[str, tuple[str, ...]] = {
    "actions": ("azioni", "tabella 1", "table 1"),
    "movement": ("movimento", "movimenti", "tabella 2", "table 2"),
    "shooting": ("sparare", "tiro", "tabella 3", "table 3"),
    "fight": ("mischia", "corpo a corpo", "tabella 4", "table 4"),
    "saving": ("tiro salvezza", "salvezza", "save"),
    "nerve": ("freddezza", "test di freddezza"),
    "cohesion": ("coesione", "test di coesione"),
    "protection": ("protezione", "protezioni", "tabella 8", "table 8"),
    "recovery": ("recupero",),
    "invalid": ("invalido", "invalidi"),
    "doctors": ("dottori",),
    "advances": ("avanzamenti", "esperienza", "xp"),
}


def _table_id(table_name: str) -> str:
    key = normalize(table_name)
    for table_id, aliases in TABLES.items():
        if key in (table_id, *(normalize(a) for a in aliases)):
            return table_id

    near = difflib.get_close_matches(key, list(TABLES), n=3, cutoff=0.4)
    raise UnknownNameError("table", table_name, near or list(TABLES)[:3])


def _table_rows(table_id: str) -> Sequence[Any]:
    getters: dict[str, Callable[[], Sequence[Any]]] = {
        "actions": rules.actions,
        "movement": rules.movements,
        "shooting": rules.shooting_modifiers,
        "fight": rules.fight_modifiers,
        "saving": rules.saving_modifiers,
        "nerve": rules.nerve_modifiers,
        "cohesion": rules.cohesion_modifiers,
        "protection": rules.protections,
        "recovery": rules.recovery_table,
        "invalid": rules.invalid_table,
        "doctors": rules.doctors,
        "advances": rules.advances,
    }
    return getters[table_id]()


def _table_cells(entry: Any, lang: Lang) -> tuple[list[str], list[str]]:
    """Column headers and cells of one row of a small table."""
    if isinstance(entry, Action):
        return ["name", "ca", "notes"], [name(entry, lang), str(entry.ca), rules_text(entry, lang)]
    if isinstance(entry, Movement):
        reflex = "" if entry.reflex is None else f"{entry.reflex:+d}"
        return ["mode", "name", "dp", "ca", "reflex", "notes"], [
            tr(MESSAGES, entry.mode, lang),
            name(entry, lang),
            f"{entry.distance}U",
            str(entry.ca),
            reflex,
            rules_text(entry, lang),
        ]
    if isinstance(entry, TableModifier):
        return ["name", "value"], [name(entry, lang), f"{entry.value:+d}"]
    if isinstance(entry, Protection):
        return ["name", "partial", "total"], [
            name(entry, lang),
            str(entry.partial),
            str(entry.total),
        ]
    if isinstance(entry, RecoveryResult):
        roll = (
            f"{entry.low}+"
            if entry.high is None
            else (str(entry.low) if entry.low == entry.high else f"{entry.low}-{entry.high}")
        )
        return ["result", "name", "text"], [roll, name(entry, lang), rules_text(entry, lang)]
    if isinstance(entry, Invalidity):
        text = rules_text(entry, lang)
        return ["result", "name", "text"], [str(entry.roll), name(entry, lang), text]
    if isinstance(entry, Doctor):
        return ["name", "bonus", "cost"], [name(entry, lang), f"{entry.bonus:+d}", str(entry.cost)]
    return ["xp", "name"], [str(entry.xp), name(entry, lang)]


@app.command(
    "table",
    help=(
        N_("Print one of the smaller tables (actions, movement, modifiers, protection, recovery…).")
        + "\n\n"
        + example(N_("skirmish rules table movimento"))
    ),
)
def table_cmd(lang: LangOpt, table_name: TableArg = None, json_out: JsonOpt = False) -> None:
    """``table``: its help is the command's (above)."""
    if table_name is None:
        if json_out:
            emit_json([{"id": t, "aliases": list(a)} for t, a in TABLES.items()])
            return
        listing = _table(tr(MESSAGES, "tables", lang), ["id", tr(MESSAGES, "table_name", lang)])
        for table_id in TABLES:
            listing.add_row(table_id, tr(MESSAGES, f"table_{table_id}", lang))
        _console().print(listing)
        return
    table_id = _table_id(table_name)
    rows = _table_rows(table_id)
    if json_out:
        emit_json([to_json(row) for row in rows])
        return
    headers, _ = _table_cells(rows[0], lang)
    shown = _table(
        tr(MESSAGES, f"table_{table_id}", lang),
        ["id", *(h.upper() if h in ("ca", "dp") else tr(MESSAGES, h, lang) for h in headers)],
    )
    for row in rows:
        shown.add_row(row.id, *_table_cells(row, lang)[1])
    _console().print(shown)


# --------------------------------------------------------------------------- rules show


def describe(entry: Any, lang: Lang) -> list[str]:
    """The lines ``rules show`` prints for one entry: title, numbers, rules text."""
    kind = kind_of(entry)
    table = entry.table if isinstance(entry, TableModifier) else ""
    title = tr(MESSAGES, f"kind_{kind}", lang, table=table)
    lines = [f"{title}: {name(entry, lang)} [{entry.id}]"]
    other = name(entry, Lang.EN if lang is Lang.IT else Lang.IT)
    aliases = [a for a in (other, *entry.aliases) if a not in (name(entry, lang), entry.id)]
    if aliases:
        lines.append(f"{tr(MESSAGES, 'aliases', lang)}: {', '.join(dict.fromkeys(aliases))}")
    describer = _DESCRIBERS.get(type(entry))
    if describer is not None:
        lines.extend(describer(entry, lang))
    text = rules_text(entry, lang)
    if text:
        lines.append(text)
    return lines


def _describe_faction(f: Faction, lang: Lang) -> list[str]:
    side = tr(MESSAGES, f.default_side, lang)
    lines = [f"{section_said(f.section, lang)}, {tr(MESSAGES, 'side', lang)}: {side}"]
    lines.append(f"{tr(MESSAGES, 'rules', lang)}:")
    lines.extend(
        f"  • [{rule.code}] {rule.text_it if lang is Lang.IT else rule.text_en}" for rule in f.rules
    )
    lines.append(f"{tr(MESSAGES, 'profiles_list', lang)}:")
    lines.extend(
        f"  • {name(p, lang)} [{p.id}] — {_role(p, lang)}, {p.cost}$" for p in rules.profiles(f.id)
    )
    return lines


def _describe_profile(p: Profile, lang: Lang) -> list[str]:
    faction = rules.find_faction(p.faction)
    lines = [
        f"{tr(MESSAGES, 'faction', lang)}: {name(faction, lang)} "
        f"({section_said(faction.section, lang)}) — "
        f"{_role(p, lang)}",
        tr(
            MESSAGES,
            "numbers",
            lang,
            **{k: getattr(p, k) for k in ("tiro", "fred", "rif", "cos", "fama", "fortuna")},
        ),
        f"{tr(MESSAGES, 'xp', lang)} {p.xp}  {tr(MESSAGES, 'cost', lang)} {p.cost}  "
        f"{tr(MESSAGES, 'actions', lang)} {p.actions}",
    ]
    if p.skills:
        skills = ", ".join(name(rules.find_skill(s), lang) for s in p.skills)
        lines.append(f"{tr(MESSAGES, 'skills_have', lang)}: {skills}")
    return lines


def _describe_weapon(w: Weapon, lang: Lang) -> list[str]:
    disp, cost = _price(w.disp, w.cost)
    lines = [
        f"{tr(MESSAGES, 'range', lang)} {_range(w, lang)}  "
        f"{tr(MESSAGES, 'shots', lang)} {w.shots_label or '—'}  "
        f"{tr(MESSAGES, 'rounds', lang)} {'/'.join(str(r) for r in w.rounds) or '—'}  "
        f"CA {w.ca}  {tr(MESSAGES, 'bonus', lang)} {w.bonus}",
        f"{tr(MESSAGES, 'disp', lang)} {disp}  {tr(MESSAGES, 'cost', lang)} {cost}",
    ]
    if w.rare:
        lines.append(f"{tr(MESSAGES, 'rare', lang)}: {_rare(w.rare, lang)}")
    if w.explosive_damage is not None:
        lines.append(tr(MESSAGES, "damage", lang, damage=w.explosive_damage, radius=w.blast_radius))
    if w.rulings:
        lines.append(f"{tr(MESSAGES, 'rulings', lang)}: {', '.join(w.rulings)}")
    lines.append(section_said(w.section, lang))
    return lines


def _describe_item(i: Item, lang: Lang) -> list[str]:
    lines = [
        f"{tr(MESSAGES, i.kind, lang)} — {tr(MESSAGES, 'disp', lang)} {i.disp}  "
        f"{tr(MESSAGES, 'cost', lang)} {i.cost}"
    ]
    lines.extend(
        tr(MESSAGES, "disp_for", lang, disp=d, faction=name(rules.find_faction(f), lang))
        for f, d in i.disp_by_faction.items()
    )
    if i.rare:
        lines.append(f"{tr(MESSAGES, 'rare', lang)}: {_rare(i.rare, lang)}")
    if i.kind == "mount":
        lines.append(
            tr(MESSAGES, "mount_numbers", lang, tiro=i.tiro, fred=i.fred, rif=i.rif, cos=i.cos)
        )
        lines.append(tr(MESSAGES, "speed", lang, trot=i.trot, gallop=i.gallop))
        if not i.jumps:
            lines.append(tr(MESSAGES, "no_jump", lang))
    if i.fits:
        fits = ", ".join(name(rules.find_weapon(w), lang) for w in i.fits)
        lines.append(f"{tr(MESSAGES, 'fits', lang)}: {fits}")
    lines.append(section_said(i.section, lang))
    return lines


def _describe_skill(s: Skill, lang: Lang) -> list[str]:
    lines = [f"{tr(MESSAGES, 'roll', lang)} = {s.roll}"]
    if s.choice:
        lines.append(tr(MESSAGES, "choice", lang, choice=s.choice))
    return lines


def _describe_advance(a: Advance, lang: Lang) -> list[str]:
    return [tr(MESSAGES, "xp_cost", lang, xp=a.xp)]


def _describe_action(a: Action, lang: Lang) -> list[str]:
    lines = [f"CA {a.ca}"]
    if a.reflex:
        lines.append(
            ngettext(
                lang,
                "Reflex test: {n} success of 2 dice",
                "Reflex test: {n} successes of 2 dice",
                a.reflex,
            )
        )
    return lines


def _describe_movement(m: Movement, lang: Lang) -> list[str]:
    lines = [f"{tr(MESSAGES, 'distance', lang, distance=m.distance)}  CA {m.ca}"]
    if m.reflex is not None:
        lines.append(tr(MESSAGES, "reflex_mod", lang, mod=m.reflex))
    return lines


def _describe_modifier(m: TableModifier, lang: Lang) -> list[str]:
    return [f"{tr(MESSAGES, 'value', lang)}: {m.value:+d}"]


def _describe_protection(p: Protection, lang: Lang) -> list[str]:
    return [tr(MESSAGES, "protection_values", lang, partial=p.partial, total=p.total)]


def _describe_recovery(r: RecoveryResult, lang: Lang) -> list[str]:
    if r.high is None:
        return [tr(MESSAGES, "recovery_open", lang, low=r.low)]
    return [tr(MESSAGES, "recovery_range", lang, low=r.low, high=r.high)]


def _describe_invalidity(i: Invalidity, lang: Lang) -> list[str]:
    return [tr(MESSAGES, "invalid_roll", lang, roll=i.roll)]


def _describe_doctor(d: Doctor, lang: Lang) -> list[str]:
    return [tr(MESSAGES, "doctor_values", lang, bonus=d.bonus, cost=d.cost)]


_DESCRIBERS: dict[type[Any], Callable[[Any, Lang], list[str]]] = {
    Faction: _describe_faction,
    Profile: _describe_profile,
    Weapon: _describe_weapon,
    Item: _describe_item,
    Skill: _describe_skill,
    Advance: _describe_advance,
    Action: _describe_action,
    Movement: _describe_movement,
    TableModifier: _describe_modifier,
    Protection: _describe_protection,
    RecoveryResult: _describe_recovery,
    Invalidity: _describe_invalidity,
    Doctor: _describe_doctor,
}
