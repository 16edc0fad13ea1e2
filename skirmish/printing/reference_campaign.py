"""The quick reference's tables between games, read from the rules registry: recovery and the
invalid table with doctors (R-10, +1/+2 for 5$/20$), advances and their costs, the 2D6 skills
table, and the equipment of §8 (rarity, DISP, prices, special items with the lasso of R-24,
mounts).
"""

from __future__ import annotations

from collections.abc import Sequence

from skirmish.engine.characteristic import HIGHEST
from skirmish.i18n import Lang, name
from skirmish.printing.reference_text import is_italian, phrase
from skirmish.printing.views import Table
from skirmish.rules import (
    advances,
    doctors,
    factions,
    find_faction,
    find_skill,
    invalid_table,
    items,
    recovery_table,
    skills,
    weapons,
)
from skirmish.rules.model import Item, Weapon

# --------------------------------------------------------------------------- campaign


def recovery_tables(lang: Lang | str) -> tuple[Table, ...]:
    it = is_italian(lang)
    recovery_rows = tuple(
        (
            str(r.low) if r.high == r.low else f"{r.low}–{r.high}" if r.high else f"{r.low}+",
            r.text_it if it else r.text_en,
        )
        for r in recovery_table()
    )
    doctor_lines = tuple(
        phrase("doctor", lang, name=name(d, lang), bonus=d.bonus, cost=d.cost) for d in doctors()
    )
    return (
        Table(
            key="recovery",
            title=phrase("recovery", lang),
            columns=(phrase("roll", lang), phrase("result", lang)),
            rows=recovery_rows,
            lines=(phrase("recovery_1", lang), *doctor_lines),
            notes=(phrase("doctor_n1", lang),),
        ),
        Table(
            key="invalid",
            title=phrase("invalid", lang),
            columns=(phrase("roll", lang), phrase("result", lang)),
            rows=tuple(
                (str(i.roll), f"{name(i, lang)}: {i.text_it if it else i.text_en}")
                for i in invalid_table()
            ),
            notes=(phrase("invalid_n1", lang),),
        ),
    )


def advances_table(lang: Lang | str) -> Table:
    return Table(
        key="advances",
        title=phrase("advances", lang),
        columns=(phrase("xp", lang), phrase("advance", lang)),
        rows=tuple((str(a.xp), name(a, lang)) for a in advances()),
        lines=(phrase("advances_1", lang),),
        notes=(phrase("advances_n1", lang, max=HIGHEST),),
    )


def skills_table(lang: Lang | str) -> Table:
    it = is_italian(lang)
    hunter = find_skill("fuciliere")
    return Table(
        key="skills",
        title=phrase("skills", lang),
        columns=(phrase("dice_2d6", lang), phrase("skill", lang), phrase("effect", lang)),
        rows=tuple((str(s.roll), name(s, lang), s.text_it if it else s.text_en) for s in skills()),
        notes=(
            phrase(
                "skills_n1",
                lang,
                doctor=name(find_skill("dottore"), lang).upper(),
                mountain=name(find_faction("mountain-men"), lang),
                hunter=name(hunter, lang).upper(),
            ),
        ),
    )


# --------------------------------------------------------------------------- equipment (§8)


def _rare(rare: Sequence[str], lang: Lang | str) -> str:
    """Who may buy a rare item (R-12): faction names, or the explosives' zones."""
    if not rare:
        return ""
    who = ", ".join(
        phrase("explosive_zones", lang) if r == "explosives" else name(find_faction(r), lang)
        for r in rare
    )
    return phrase("rare_for", lang, who=who)


def _disp(item: Weapon | Item, lang: Lang | str) -> str:
    """DISP, with the factions that roll against another (the rifle scope: military 3)."""
    if item.disp is None:
        return "–"
    by_faction = item.disp_by_faction if isinstance(item, Item) else {}
    text = str(item.disp)
    for faction, value in by_faction.items():
        text = phrase(
            "disp_for", lang, disp=text, who=name(find_faction(faction), lang), value=value
        )
    return text


def prices_table(lang: Lang | str) -> Table:
    free = ", ".join(name(f, lang) for f in factions() if f.skips_weapon_availability)
    return Table(
        key="prices",
        title=phrase("prices", lang),
        columns=(
            phrase("weapon", lang),
            phrase("disp", lang),
            phrase("cost", lang),
            phrase("rare", lang),
        ),
        rows=tuple(
            (name(w, lang), _disp(w, lang), str(w.cost), _rare(w.rare, lang))
            for w in weapons()
            if w.cost is not None and not w.special_item
        ),
        lines=(phrase("prices_1", lang),),
        notes=(phrase("prices_n1", lang, free=free),),
    )


def special_items_table(lang: Lang | str) -> Table:
    it = is_italian(lang)
    rows = [
        (name(i, lang), _disp(i, lang), str(i.cost), i.text_it if it else i.text_en)
        for i in items()
        if i.kind == "special"
    ]
    rows += [
        (name(w, lang), _disp(w, lang), str(w.cost), phrase("lasso_effect", lang))
        for w in weapons()
        if w.special_item  # the lasso
    ]
    return Table(
        key="special",
        title=phrase("special", lang),
        columns=(
            phrase("item", lang),
            phrase("disp", lang),
            phrase("cost", lang),
            phrase("effect", lang),
        ),
        rows=tuple(rows),
        notes=(phrase("special_n1", lang),),
    )


def mounts_table(lang: Lang | str) -> Table:
    mounts = [i for i in items() if i.kind == "mount"]
    notes: list[str] = []
    fast = next((m for m in mounts if m.move_bonus and m.rare), None)
    stubborn = next((m for m in mounts if not m.jumps), None)
    if fast is not None and stubborn is not None:
        notes.append(
            phrase(
                "mounts_n1",
                lang,
                appaloosa=name(fast, lang),
                bonus=fast.move_bonus,
                who=", ".join(name(find_faction(f), lang) for f in fast.rare),
                mule=name(stubborn, lang),
            )
        )
    it = is_italian(lang)
    for faction in factions():
        for rule in faction.rules:
            if rule.code == "heroes-half-price-horse":  # cowboy heroes
                notes.append(
                    phrase(
                        "mounts_n2",
                        lang,
                        faction=name(faction, lang),
                        rule=rule.text_it if it else rule.text_en,
                    )
                )
    return Table(
        key="mounts",
        title=phrase("mounts", lang),
        columns=(
            phrase("mount", lang),
            phrase("disp", lang),
            phrase("cost", lang),
            phrase("tiro", lang),
            phrase("fred", lang),
            phrase("rif", lang),
            phrase("cos", lang),
            phrase("speed", lang),
        ),
        rows=tuple(
            (
                name(m, lang),
                _disp(m, lang),
                str(m.cost),
                str(m.tiro),
                str(m.fred),
                str(m.rif),
                str(m.cos),
                f"{m.trot}/{m.gallop}U",
            )
            for m in mounts
        ),
        notes=tuple(notes),
    )
