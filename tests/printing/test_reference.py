"""The quick reference (issue #13): every table with the book's numbers in both languages, the
packing of whole tables into balanced columns, and the PDF as weasyprint lays it out.

The layout tests lay each language out once (module fixtures) and write one PDF of both.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pypdf
import pytest
from layout_checks import boxes_with_class, lay_out, overflows, rect_mm

from skirmish.engine.reflex import reflex_modifiers
from skirmish.i18n import Lang
from skirmish.printing import write_pdf_sheets
from skirmish.printing.pdf import uncovered_characters
from skirmish.printing.reference import reference_tables, reference_view
from skirmish.printing.reference_layout import COLUMN_HEIGHT, estimate_height, pack, table_width
from skirmish.printing.render import render_reference
from skirmish.printing.views import Table
from skirmish.rules import (
    actions,
    advances,
    find_item,
    find_weapon,
    invalid_table,
    items,
    movements,
    skills,
    weapons,
)

EVERY_TABLE = {
    "initiative", "heroes", "actions", "reflex", "movement", "nerve", "shooting", "fire",
    "fight", "saving", "panic", "weapons", "explosives", "protection", "cohesion", "infamy",
    "recovery", "invalid", "advances", "skills", "prices", "special", "mounts",
}  # fmt: skip


def _tables(lang: Lang) -> dict[str, Table]:
    return {t.key: t for t in reference_view(lang).tables}


def _row(table: Table, first: str) -> tuple[str, ...]:
    (row,) = [r for r in table.rows if r[0] == first]
    return row


# --------------------------------------------------------------------------- content


@pytest.mark.parametrize("lang", list(Lang))
def test_every_table_once_in_reading_order(lang: Lang) -> None:
    view = reference_view(lang)
    keys = [t.key for t in view.tables]
    assert sorted(keys) == sorted(EVERY_TABLE)
    assert keys == [t.key for _, t in reference_tables(lang)]  # packing keeps the book's order
    for table in view.tables:
        assert table.title
        for row in table.rows:
            assert len(row) == len(table.columns) == len(table.widths)
        if table.widths:
            assert sum(table.widths) == pytest.approx(100, abs=0.1)


def test_both_languages_have_the_same_tables_and_numbers() -> None:
    it, en = _tables(Lang.IT), _tables(Lang.EN)
    assert list(it) == list(en)
    for key in it:
        assert len(it[key].rows) == len(en[key].rows), key
        assert it[key].title != en[key].title, key
    # the numbers, column by column, are the same in both languages
    for key in ("prices", "mounts", "advances", "actions"):
        for a, b in zip(it[key].rows, en[key].rows, strict=True):
            assert [c for c in a if c.isdigit()] == [c for c in b if c.isdigit()], key


def test_reflex_test_r06_with_the_engine_s_modifiers() -> None:
    reflex = _tables(Lang.IT)["reflex"]
    text = " ".join(reflex.lines)
    assert "minore dei RIF" in text and "(uguale fallisce)" in text and "R-06" in text
    values = dict(reflex.rows)
    assert values["Cavallo laterale normale (tabella 2)"] == "+1"
    assert values["Cavallo laterale veloce (tabella 2)"] == "+2"
    assert values["Indietreggiare a cavallo (tabella 2)"] == "+2"
    assert values["BUON CAVALIERE, test col cavallo (§7.2)"] == "−1"
    assert values["Cowboys, lasso (§9.5)"] == "−1"
    assert values["Ha bevuto whisky (§8.3)"] == "+1"
    whisky = reflex_modifiers(whisky=True)[0].value
    assert values["Ha bevuto whisky (§8.3)"] == f"+{whisky}"  # the engine's own number
    assert len(reflex.rows) == 8


def test_table_1_actions_and_table_2_movement() -> None:
    tables = _tables(Lang.IT)
    table_1 = tables["actions"]
    assert len(table_1.rows) == len(actions()) == 17
    assert _row(table_1, "Caricare arma")[1] == "2"
    assert _row(table_1, "Disinceppare un'arma")[1] == "2"  # table 1 wins
    assert _row(table_1, "Salire / scendere cavallo corsa")[2] == (
        "TEST RIFLESSI passato con 2 dadi su 2"
    )
    table_2 = tables["movement"]
    assert len(table_2.rows) == len(movements()) == 11
    by_move = {row[1]: row for row in table_2.rows}
    assert by_move["Corsa a cavallo"][2:4] == ("20U", "2")
    assert by_move["Laterale veloce"][2:] == ("10U", "3", "test riflessi +2")
    assert by_move["Veicolo trainato in corsa"][2:4] == ("16U", "2")
    assert [row[0] for row in table_2.rows if row[0]] == ["A piedi", "A cavallo", "Carro"]
    notes = " ".join(table_2.notes)
    assert "arretrare di 3U al costo di 2 punti azione" in notes  # the wagon (§3.1)
    assert "Mulo 6/12U" in notes and "Appaloosa 12/22U" in notes


def test_skills_table_and_advance_costs_r11() -> None:
    tables = _tables(Lang.IT)
    table = tables["skills"]
    assert [row[0] for row in table.rows] == [str(n) for n in range(2, 13)]
    assert len(table.rows) == len(skills())
    assert _row(table, "2")[1] == "Fuciliere/Cacciatore"
    assert _row(table, "12")[1:] == (
        "Pistolero",
        "+1 Modificatore per colpire con un tipo di pistola a scelta.",
    )
    costs = {row[1]: row[0] for row in tables["advances"].rows}
    assert costs == {
        "Nuova abilità": "3",
        "+1 Riflessi o +1 Freddezza": "5",
        "+1 Costituzione o +1 Tiro": "6",
        "+1 Fama o +1 Fortuna": "7",
    }
    assert len(tables["advances"].rows) == len(advances())
    assert "oltre 4" in tables["advances"].notes[0]  # §7.1


def test_recovery_and_invalid_tables_r10() -> None:
    tables = _tables(Lang.EN)
    assert [row[0] for row in tables["recovery"].rows] == ["1", "2", "3–4", "5+"]
    lines = " ".join(tables["recovery"].lines)
    assert "+1 for 5$" in lines and "+2 for 20$" in lines  # R-10, not the summary's −1/10$
    assert [row[0] for row in tables["invalid"].rows] == ["1", "2", "3", "4", "5", "6"]
    assert len(tables["invalid"].rows) == len(invalid_table())


def test_prices_and_availability_r12_r24() -> None:
    tables = _tables(Lang.IT)
    prices = tables["prices"]
    assert _row(prices, "Fucile da caccia")[1:3] == ("3", "25")  # §8.2
    assert _row(prices, "Nitroglicerina")[1:] == ("5", "30", "R: zone minerarie o ferroviarie")
    assert _row(prices, "Baionetta")[3] == "R: Militari"
    assert _row(prices, "Arco")[1:] == ("2", "5", "R: Indiani")
    assert _row(prices, "Sei colpi")[1:] == ("2", "6", "")
    for_sale = [w for w in weapons() if w.cost is not None and not w.special_item]
    assert len(prices.rows) == len(for_sale)
    assert "Uomini della legge" in prices.notes[0] and "R-12" in prices.notes[0]
    # the lasso is a special item, not a weapon of §8.2
    assert "Lasso" not in [row[0] for row in prices.rows]
    special = tables["special"]
    lasso = find_weapon("lasso")
    assert _row(special, "Lasso")[1:3] == (str(lasso.disp), str(lasso.cost)) == ("2", "10")
    assert "R-24" in special.notes[0]
    assert _row(special, "Mirino per fucile")[1:3] == ("4 (Militari 3)", "16")
    assert _row(special, "Whisky")[1:3] == ("3", "16")
    mounts = tables["mounts"]
    mule = find_item("mulo")
    assert _row(mounts, "Mulo") == ("Mulo", "2", "12", "0", "4", "3", "4", "6/12U")
    assert mule.cost == 12
    assert len(mounts.rows) == len([i for i in items() if i.kind == "mount"])
    assert "Indiani" in mounts.notes[0] and "non salta" in mounts.notes[0]
    assert "metà" in mounts.notes[1]  # cowboy heroes, R-12


def test_numbers_of_the_procedures_come_from_the_engine_and_registry() -> None:
    tables = _tables(Lang.EN)
    assert tables["shooting"].lines[1].startswith("1–7 miss · 8–9 hit")
    assert tables["fight"].lines[1].startswith("1–6 miss · 7–9 hit")
    assert tables["saving"].lines[1].startswith("0 or less no wound · 1–3 one wound · 4 or")
    assert tables["shooting"].notes[1].startswith("A total of 7 against a mounted target")
    assert "on a 6 take the SHOOTING ROLL" in tables["fire"].lines[0]  # §4.2.2
    assert "no bonus at all" in tables["fire"].lines[2] and "R-16" in tables["fire"].lines[2]
    assert tables["actions"].lines[0].startswith("3 actions a turn (2 for non-player")
    assert "Hunting rifle: 3 actions to fire" in tables["weapons"].notes[0]
    explosives = tables["explosives"]
    for weapon in (find_weapon("dynamite"), find_weapon("nitroglycerin")):
        assert _row(explosives, weapon.name_en) == (
            weapon.name_en,
            str(weapon.explosive_damage),
            f"{weapon.blast_radius}U",
        )
    assert [r[1:] for r in explosives.rows] == [("6", "5U"), ("10", "5U")]  # §5.5
    assert "FAMA" in tables["heroes"].lines[0] and "R-15" in tables["heroes"].lines[1]


@pytest.mark.parametrize("lang", list(Lang))
def test_every_character_is_in_the_fonts(lang: Lang) -> None:
    html = render_reference(reference_view(lang), lang, inline_css=False)
    assert uncovered_characters(html) == []  # nothing would print as a white square


@pytest.mark.parametrize("lang", list(Lang))
def test_no_internal_id_is_printed(lang: Lang) -> None:
    html = render_reference(reference_view(lang), lang)
    body = html[html.index("<body") :]
    for weapon in weapons():
        if "-" in weapon.id:
            assert weapon.id not in body, weapon.id
    for skill in skills():
        assert f">{skill.id}<" not in body
    assert "{" not in re.sub(r"<style>.*?</style>", "", body, flags=re.S)


# --------------------------------------------------------------------------- packing


def _fewest_pages(heights: list[float], capacity: float) -> int:
    """Columns filled one after the other, two a page (no wide table)."""
    fewest, used = 1, 0.0
    for h in heights:
        if used and used + h > capacity:
            fewest, used = fewest + 1, 0.0
        used += h
    return (fewest + 1) // 2


def test_pack_keeps_order_fits_and_balances() -> None:
    dice = random.Random(13)
    capacity = 260.0
    for round_ in range(300):
        count = dice.randint(1, 24)
        heights = [dice.uniform(5, 120) for _ in range(count)]
        wide = [round_ % 2 == 1 and dice.random() < 0.1 for _ in range(count)]
        pages = pack(heights, capacity, wide)
        order = [i for page in pages for part in page for i in part]
        assert order == list(range(count))
        if not any(wide):
            assert len(pages) == _fewest_pages(heights, capacity)
        for above, left, right, below in pages:
            assert all(wide[i] for i in (*above, *below))
            assert not any(wide[i] for i in (*left, *right)), "a wide table in a column"
            assert left or not right, "a page never starts with an empty column"
            across = sum(heights[i] for i in (*above, *below))
            tall = [sum(heights[i] for i in c) for c in (left, right)]
            assert across + max(tall) <= capacity
            boundary = [heights[c[i]] for c, i in ((left, -1), (right, 0)) if c]
            if boundary:
                assert abs(tall[0] - tall[1]) <= max(boundary) + 1e-9


def test_pack_uses_the_fewest_pages() -> None:
    assert len(pack([100.0] * 4, 260.0)) == 1
    assert len(pack([100.0] * 5, 260.0)) == 2
    assert len(pack([300.0, 10.0], 260.0)) == 1  # too tall: a column of its own
    assert pack([], 260.0) == []
    # a wide table opens or closes a page, never sits between its columns
    middle = pack([50.0, 100.0, 50.0], 260.0, [False, True, False])
    assert len(middle) == 2 and all(1 not in (*left, *right) for _, left, right, _ in middle)
    assert pack([100.0, 50.0, 50.0], 260.0, [True, False, False]) == [([0], [1], [2], [])]
    assert pack([50.0, 50.0, 100.0], 260.0, [False, False, True]) == [([], [0], [1], [2])]


# --------------------------------------------------------------------------- layout and PDF


@pytest.fixture(scope="module")
def laid_out() -> dict[Lang, tuple[Any, Any]]:
    found = {}
    for lang in Lang:
        view = reference_view(lang)
        found[lang] = (view, lay_out(render_reference(view, lang, inline_css=False)))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lang", list(Lang))
def test_tables_whole_columns_balanced_estimate_exact(
    lang: Lang, laid_out: dict[Lang, tuple[Any, Any]]
) -> None:
    view, document = laid_out[lang]
    assert len(document.pages) == len(view.pages) == 3
    boxes = boxes_with_class(document, "ref-table")
    keys = [box.element.get("id") for _, box in boxes]
    assert keys == [f"ref-{t.key}" for t in view.tables], "a table split or missing"
    assert overflows(document, "ref-table") == []
    heights = {t.key: estimate_height(t, view.base_pt, table_width(t)) for t in view.tables}
    wide = {t.key for page in view.pages for t in (*page.above, *page.below)}
    assert wide == {"weapons"}
    columns: dict[tuple[int, float], list[tuple[str, Any]]] = {}
    across: dict[int, list[Any]] = {}
    for page, box in boxes:
        rect = rect_mm(box)
        key = box.element.get("id")[4:]
        # the estimate that packed the columns is the layout's height (DejaVu's advances)
        assert rect.height == pytest.approx(heights[key], abs=1.5), key
        assert rect.x >= 10 - 0.01 and rect.right <= 200 + 0.01, f"{key} leaves the page"
        assert rect.y >= 10 and rect.bottom <= 297 - 12 + 0.01, f"{key} in the bottom margin"
        if key in wide:
            assert rect.width == pytest.approx(190, abs=0.1)
            across.setdefault(page, []).append(rect)
        else:
            assert rect.width == pytest.approx(92.5, abs=0.1)
            columns.setdefault((page, round(rect.x)), []).append((key, rect))
    for index, page in enumerate(view.pages):
        (_, left), (_, right) = sorted((x, c) for (p, x), c in columns.items() if p == index)
        assert [k for k, _ in left] == [t.key for t in page.columns[0]]
        assert [k for k, _ in right] == [t.key for t in page.columns[1]]
        tall = [c[-1][1].bottom - c[0][1].y for c in (left, right)]
        could_move = max(left[-1][1].height, right[0][1].height)
        assert abs(tall[0] - tall[1]) < could_move, f"page {index + 1}: {tall}"
        full = max(tall) + sum(r.height for r in across.get(index, []))
        assert full <= COLUMN_HEIGHT + 6.0
        assert full > 0.8 * COLUMN_HEIGHT, f"page {index + 1} is not full: {full:.0f} mm"
    for _, box in boxes_with_class(document, "ref-groups"):
        heading = rect_mm(box)  # the page's heading holds on one line
        assert heading.y < 16 and heading.height < 6


@pytest.mark.slow
def test_both_languages_in_one_pdf_render_and_read(tmp_path: Path) -> None:
    path = tmp_path / "reference.pdf"
    sheets = [render_reference(reference_view(lang), lang, inline_css=False) for lang in Lang]
    assert write_pdf_sheets(sheets, path) == 6
    reader = pypdf.PdfReader(path)
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))
    for needle in (
        "Test riflessi", "Reflex test", "Nuove abilità (2D6)", "New skills (2D6)",
        "Avanzamenti", "Pistolero", "Gunslinger", "Nitroglicerina", "R: Indiani",
        "Oggetti speciali", "Special items", "Cavalcature", "Mounts", "Invalidità (1D6)",
    ):  # fmt: skip
        assert needle in text, needle
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler) not installed")
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "50", "-png", str(path), str(tmp_path / "p")], check=True)
    pngs = sorted(tmp_path.glob("p-*.png"))
    assert len(pngs) == 6
    for png in pngs:
        image = Image.open(png).convert("L")
        width, height = image.size
        pixels = image.load()
        assert pixels is not None
        inked = sum(1 for x in range(width) for y in range(height) if pixels[x, y] < 128)
        assert inked > 0.01 * width * height, f"{png.name} is (nearly) blank"  # a footer: 0.1%
        band = 6  # 3 mm: the margins are 10 mm
        edge = [
            (x, y)
            for x in range(width)
            for y in range(height)
            if (x < band or x >= width - band or y < band or y >= height - band)
            and pixels[x, y] < 200
        ]
        assert not edge, f"{png.name}: ink at the page edge {edge[:5]}"
