"""The quick reference: the book's "TABELLE RIASSUNTIVE" rebuilt from the rules registry, and
completed with what a player looks up during a game and between games.

The numbers (modifiers, tables 1 and 2, the reflex test, recovery and invalid tables, doctors,
weapons, protection, advance costs, the 2D6 skills table, prices and availability) come from
``skirmish.rules`` (the reflex test's modifiers from ``engine.reflex``, their one declaration);
the procedures are written as RULINGS.md fixes them, not as the summary table misprints them
(R-02 1–7 misses, R-03 saving, R-08 cohesion, R-10 doctors +1/+2 for 5$/20$, R-24 the lasso
among the special items).

``reference_tables`` gathers the tables in reading order: those of a game from
``reference_game`` (the turn, combat, the end of the game, the weapons), those between games from
``reference_campaign`` (recovery, advances, skills, prices, special items, mounts), their words
from ``reference_text``; ``reference_view`` packs them into pages with ``reference_layout``.
"""

from __future__ import annotations

from skirmish.i18n import Lang
from skirmish.printing.reference_campaign import (
    advances_table,
    mounts_table,
    prices_table,
    recovery_tables,
    skills_table,
    special_items_table,
)
from skirmish.printing.reference_game import (
    actions_table,
    combat_tables,
    end_tables,
    explosives_table,
    fire_table,
    heroes_table,
    initiative_table,
    movement_table,
    nerve_table,
    protection_table,
    reflex_table,
    weapons_table,
)
from skirmish.printing.reference_layout import (
    BASE_SIZES,
    COLUMN_HEIGHT,
    WIDE,
    Page,
    column_widths,
    estimate_height,
    pack,
    table_width,
)
from skirmish.printing.reference_text import GROUPS, phrase
from skirmish.printing.views import ReferencePage, ReferenceView, Table


def reference_tables(lang: Lang | str = Lang.IT) -> tuple[tuple[str, Table], ...]:
    """Every table of the quick reference with its group, in reading order."""
    rolls = combat_tables(lang)
    groups: tuple[tuple[str, tuple[Table, ...]], ...] = (
        (
            "turn",
            (
                initiative_table(lang),
                heroes_table(lang),
                actions_table(lang),
                reflex_table(lang),
                movement_table(lang),
            ),
        ),
        (
            "combat",
            (
                nerve_table(lang),
                rolls[0],  # shooting, then what else a shot may bring
                fire_table(lang),
                *rolls[1:],
            ),
        ),
        ("end", end_tables(lang)),
        ("campaign", (*recovery_tables(lang), advances_table(lang), skills_table(lang))),
        (
            "equipment",
            (
                weapons_table(lang),
                prices_table(lang),
                explosives_table(lang),
                protection_table(lang),
                special_items_table(lang),
                mounts_table(lang),
            ),
        ),
    )
    return tuple((group, table) for group, tables in groups for table in tables)


def _laid_out(lang: Lang | str, base_pt: float) -> tuple[tuple[str, Table], ...]:
    """The tables at ``base_pt``, each with the widths of its columns."""
    return tuple(
        (group, table._replace(widths=column_widths(table, base_pt, table_width(table))))
        for group, table in reference_tables(lang)
    )


def reference_view(lang: Lang | str = Lang.IT) -> ReferenceView:
    """The quick reference in ``lang``: every number read from the rules registry, the tables
    packed into pages of two balanced columns, at the largest size that needs no extra page."""
    chosen: tuple[float, tuple[tuple[str, Table], ...], list[Page]] = (0.0, (), [])
    for base in BASE_SIZES:
        tables = _laid_out(lang, base)
        pages = pack(
            [estimate_height(t, base, table_width(t)) for _, t in tables],
            COLUMN_HEIGHT,
            [t.key in WIDE for _, t in tables],
        )
        if chosen[2] and len(pages) > len(chosen[2]):
            break
        chosen = (base, tables, pages)
    base, tables, pages = chosen
    views: list[ReferencePage] = []
    for above, left, right, below in pages:
        groups = {tables[i][0] for i in (*above, *left, *right, *below)}
        views.append(
            ReferencePage(
                heading=" · ".join(phrase(f"group_{g}", lang) for g in GROUPS if g in groups),
                columns=(
                    tuple(tables[i][1] for i in left),
                    tuple(tables[i][1] for i in right),
                ),
                above=tuple(tables[i][1] for i in above),
                below=tuple(tables[i][1] for i in below),
            )
        )
    return ReferenceView(title=phrase("title", lang), pages=tuple(views), base_pt=base)
