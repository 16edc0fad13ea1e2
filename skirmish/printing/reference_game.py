"""The quick reference's tables of a game, read from the rules registry: the turn and its actions
(initiative, heroes, the reflex test, movement), combat (nerve, shooting, fight and saving, fire,
weapons, explosives, protection) and the end of the game (cohesion, R-08). The procedures are
written as RULINGS.md fixes them (R-02 1–7 misses, R-03 saving, R-08 cohesion).
"""

from __future__ import annotations

from skirmish.engine import fight, shooting
from skirmish.engine.reflex import reflex_modifiers
from skirmish.engine.saving import wounds_for
from skirmish.i18n import Lang, name
from skirmish.printing.members import weapon_line
from skirmish.printing.reference_text import is_italian, modifier_rows, phrase, signed
from skirmish.printing.views import Table
from skirmish.rules import (
    actions,
    cohesion_modifiers,
    fight_modifiers,
    find_weapon,
    items,
    movements,
    nerve_modifiers,
    profiles,
    protections,
    saving_modifiers,
    shooting_modifiers,
    weapons,
)

# --------------------------------------------------------------------------- turn and actions


def initiative_table(lang: Lang | str) -> Table:
    return Table(
        key="initiative",
        title=phrase("initiative", lang),
        columns=(),
        rows=(),
        lines=(phrase("initiative_1", lang), phrase("initiative_2", lang)),
    )


def heroes_table(lang: Lang | str) -> Table:
    return Table(
        key="heroes",
        title=phrase("heroes", lang),
        columns=(),
        rows=(),
        lines=(phrase("heroes_1", lang), phrase("heroes_2", lang)),
    )


def actions_table(lang: Lang | str) -> Table:
    it = is_italian(lang)
    actions_a_turn = {p.actions for p in profiles()}  # 3, 2 for non-player characters (§9.12)
    return Table(
        key="actions",
        title=phrase("actions", lang),
        columns=(phrase("action", lang), phrase("ca", lang), phrase("note", lang)),
        rows=tuple((name(a, lang), str(a.ca), a.note_it if it else a.note_en) for a in actions()),
        lines=(phrase("actions_1", lang, most=max(actions_a_turn), fewest=min(actions_a_turn)),),
    )


#: The reflex test's modifiers, each asked of its one declaration (``engine.reflex``) with the
#: flags that bring it in: the value printed is the value the engine adds (R-06).
_REFLEX_CASES: tuple[dict[str, object], ...] = (
    {"side_step": 1},
    {"side_step": 2},
    {"backing": True},
    {"enemies": 2},
    {"buon_cavaliere": True, "horse": True},
    {"cowboy": True, "lasso": True},
    {"imbranato": True},
    {"whisky": True},
)


def reflex_table(lang: Lang | str) -> Table:
    rows: list[tuple[str, str]] = []
    for flags in _REFLEX_CASES:
        for modifier in reflex_modifiers(**flags):  # type: ignore[arg-type]
            rows.append((phrase(f"mod_{modifier.key}", lang), signed(modifier.value)))
    return Table(
        key="reflex",
        title=phrase("reflex", lang),
        columns=(phrase("modifier", lang), phrase("value", lang)),
        rows=tuple(rows),
        lines=(phrase("reflex_1", lang), phrase("reflex_2", lang)),
        notes=(phrase("reflex_n1", lang),),
    )


def movement_table(lang: Lang | str) -> Table:
    it = is_italian(lang)
    rows: list[tuple[str, ...]] = []
    notes: list[str] = []
    previous = ""
    for m in movements():
        note = m.note_it if it else m.note_en
        if note:
            notes.append(f"{name(m, lang)}: {note}")
        rows.append(
            (
                phrase(m.mode, lang) if m.mode != previous else "",
                name(m, lang),
                f"{m.distance}U",
                str(m.ca),
                phrase("reflex_mod", lang, v=m.reflex) if m.reflex else "",
            )
        )
        previous = m.mode
    mounts = ", ".join(
        f"{name(i, lang)} {i.trot}/{i.gallop}U" for i in items() if i.kind == "mount"
    )
    return Table(
        key="movement",
        title=phrase("movement", lang),
        columns=(
            phrase("mode", lang),
            phrase("move", lang),
            phrase("dp", lang),
            phrase("ca", lang),
            phrase("note", lang),
        ),
        rows=tuple(rows),
        lines=(phrase("movement_1", lang),),
        notes=(*notes, phrase("movement_mounts", lang, mounts=mounts)),
    )


# --------------------------------------------------------------------------- combat


def nerve_table(lang: Lang | str) -> Table:
    rows = (
        ("0", phrase("nerve_0", lang)),
        ("1", phrase("nerve_1f", lang)),
        ("2", phrase("nerve_2f", lang)),
    ) + tuple(
        (name(m, lang), phrase("per_die", lang, v=signed(m.value))) for m in nerve_modifiers()
    )
    return Table(
        key="nerve",
        title=phrase("nerve", lang),
        columns=(phrase("failed", lang), phrase("effect", lang)),
        rows=rows,
        lines=(phrase("nerve_1", lang),),
        notes=(phrase("nerve_2", lang),),
    )


def _saving_bands() -> dict[str, int]:
    """The saving roll's bands, asked of the engine's ``wounds_for`` (R-03)."""
    scores = range(-6, 13)
    none = max(s for s in scores if wounds_for(s) == 0)
    one = [s for s in scores if wounds_for(s) == 1]
    two = min(s for s in scores if wounds_for(s) == 2)
    return {"none": none, "low": min(one), "high": max(one), "two": two}


def combat_tables(lang: Lang | str) -> tuple[Table, ...]:
    mod_cols = (phrase("modifier", lang), phrase("value", lang))
    shooting_bands = {
        "miss": shooting.MISS,
        "hit": shooting.HIT,
        "one": shooting.DOUBLE - 1,
        "double": shooting.DOUBLE,
    }
    fight_bands = {
        "miss": fight.MISS,
        "hit": fight.HIT,
        "one": fight.DOUBLE - 1,
        "double": fight.DOUBLE,
    }
    mount = {"total": shooting.MOUNT_TOTAL, "face": shooting.MOUNT_FALLS_ON}
    return (
        Table(
            key="shooting",
            title=phrase("shooting", lang),
            columns=mod_cols,
            rows=modifier_rows(shooting_modifiers(), lang),
            lines=(phrase("shooting_1", lang), phrase("shooting_2", lang, **shooting_bands)),
            notes=(phrase("shooting_n1", lang), phrase("shooting_n2", lang, **mount)),
        ),
        Table(
            key="fight",
            title=phrase("fight", lang),
            columns=mod_cols,
            rows=modifier_rows(fight_modifiers(), lang),
            lines=(phrase("fight_1", lang), phrase("fight_2", lang, **fight_bands)),
            notes=(phrase("fight_n1", lang),),
        ),
        Table(
            key="saving",
            title=phrase("saving", lang),
            columns=mod_cols,
            rows=modifier_rows(saving_modifiers(), lang),
            lines=(phrase("saving_1", lang), phrase("saving_2", lang, **_saving_bands())),
            notes=(phrase("saving_n1", lang),),
        ),
        Table(
            key="panic",
            title=phrase("panic", lang),
            columns=(phrase("failed", lang), phrase("effect", lang)),
            rows=(
                ("0", phrase("panic_0", lang)),
                ("1", phrase("panic_1f", lang)),
                ("2", phrase("panic_2f", lang)),
            ),
            lines=(phrase("panic_1", lang),),
            notes=(phrase("panic_n1", lang),),
        ),
    )


def fire_table(lang: Lang | str) -> Table:
    return Table(
        key="fire",
        title=phrase("fire", lang),
        columns=(),
        rows=(),
        lines=(
            phrase("fire_1", lang, face=shooting.MOUNT_FALLS_ON),
            phrase("fire_2", lang),
            phrase("fire_3", lang),
        ),
    )


def weapons_table(lang: Lang | str) -> Table:
    hunting = find_weapon("hunting-rifle")
    rows = []
    for weapon in weapons():
        line = weapon_line(weapon, lang)
        rows.append(
            (
                line.name,
                line.short,
                line.long,
                line.shots,
                line.rounds,
                str(line.ca),
                str(line.bonus),
                line.note,
            )
        )
    return Table(
        key="weapons",
        title=phrase("weapons", lang),
        columns=(
            phrase("weapon", lang),
            phrase("short", lang),
            phrase("long", lang),
            phrase("shots", lang),
            phrase("rounds", lang),
            phrase("ca", lang),
            phrase("bonus", lang),
            phrase("note", lang),
        ),
        rows=tuple(rows),
        notes=(phrase("weapons_n1", lang, hunting=name(hunting, lang), ca=hunting.ca),),
    )


def explosives_table(lang: Lang | str) -> Table:
    it = is_italian(lang)
    found = [w for w in weapons() if w.explosive_damage is not None]
    return Table(
        key="explosives",
        title=phrase("explosives", lang),
        columns=(phrase("explosive", lang), phrase("damage", lang), phrase("radius", lang)),
        rows=tuple((name(w, lang), str(w.explosive_damage), f"{w.blast_radius}U") for w in found),
        notes=tuple(f"{name(w, lang)}: {w.special_it if it else w.special_en}" for w in found),
    )


def protection_table(lang: Lang | str) -> Table:
    return Table(
        key="protection",
        title=phrase("protection", lang),
        columns=(phrase("cover", lang), phrase("partial", lang), phrase("total", lang)),
        rows=tuple((name(p, lang), str(p.partial), str(p.total)) for p in protections()),
        notes=(phrase("protection_n1", lang),),
    )


# --------------------------------------------------------------------------- end of the game


def end_tables(lang: Lang | str) -> tuple[Table, ...]:
    return (
        Table(
            key="cohesion",
            title=phrase("cohesion", lang),
            columns=(phrase("modifier", lang), phrase("value", lang)),
            rows=modifier_rows(cohesion_modifiers(), lang),
            lines=(phrase("cohesion_1", lang), phrase("cohesion_2", lang)),
            notes=(phrase("cohesion_n1", lang),),
        ),
        Table(
            key="infamy",
            title=phrase("infamy", lang),
            columns=(),
            rows=(),
            lines=(phrase("infamy_1", lang),),
        ),
    )
