"""Activation cards laid out and printed (issue #13): every profile of every faction, crowded
with long names, every skill, every injury and many weapons, on the cut grid without a line out
of its box, in both languages; backs behind their fronts under a long-edge flip; cut marks
outside the cards; the pixels where the grid says; QR codes that scan back to the gang's page.

Everything is laid out once per module (two documents, one per language) and written as ONE
PDF, which pdftoppm then rasterises.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from layout_checks import MM_PER_PX, Rect, boxes_with_class, lay_out_many, overflows, rect_mm
from print_fixtures import lawmen_gang, member

from skirmish.printing.card_layout import (
    CARD_HEIGHT,
    CARD_WIDTH,
    COLUMNS,
    LEFT,
    PAGE_WIDTH,
    PER_PAGE,
    ROWS,
    TOP,
    slot,
)
from skirmish.printing.cards import cards_view, render_cards
from skirmish.rules import factions, invalid_table, profiles, skills, weapons

pytestmark = pytest.mark.slow

#: The gang's page on a club's site, as ``campaign.links.gang_link`` writes it.
LINK = "https://saloon.example.org/c/Tombstone%201881/g/Tombstone%20Marshals"
#: Names a card must hold: long with spaces, one long word, accents and markup, characters the
#: fonts lack (printed as a white square, as wide as what the card measured).
NAMES = (
    "Bartholomew 'Black Bart' Roberts de la Vega y Montoya, the Terror of the Rio Grande",
    "Supercalifragilistichespiralidosissimamente",
    "Ñoño Gómez-Hernández <b>&</b>",
    "Jo",
    "\U0001f920\U0001f40e\U0001f40e\U0001f40e Cowboy " + "\u6771\u4eac" * 4,  # not in the fonts
)
#: The weapons with the longest names and every kind of range (thrown, template, melee).
WEAPONS = ("sawn-off", "repeater", "hunting-rifle", "tomahawk", "nitroglycerin", "woodsman-axe")
TOLERANCE = 0.5  # mm


def _crowded(profile_index: int, profile: Any, faction: str) -> dict[str, Any]:
    every_skill = [{"id": s.id, "choice": s.choice} if s.choice else s.id for s in skills()]
    injuries = [entry.id for entry in invalid_table()] + ["wounded"]
    items = [*WEAPONS, "horse", "rifle-scope", "marked-cards", "whisky"]
    if profile_index == 1:  # one model carries the whole armoury: the last row names the rest
        items = [w.id for w in weapons()]
    return member(
        profile,
        f"{NAMES[profile_index % len(NAMES)]} {faction}",
        skills=every_skill,
        injuries=injuries,
        items=items,
        fama=3,
        fortuna=4,
        cos=4,
    )


def crowded_gangs() -> list[dict[str, Any]]:
    """A gang per playable faction holding every profile (the npc ones with the lawmen), each
    model with a long name, every skill, every injury and several weapons."""
    gangs = []
    for faction in factions():
        if not faction.playable:
            continue
        chosen = [p for p in profiles() if p.faction == faction.id]
        if faction.id == "lawmen":
            chosen += [p for p in profiles() if p.faction == "npc"]
        gangs.append(
            {
                "name": f"The Most Unreasonably Long-Named Gang of the {faction.name_en}",
                "faction": faction.id,
                "members": [_crowded(i, p, faction.id) for i, p in enumerate(chosen)],
            }
        )
    return gangs


@dataclass(frozen=True)
class Printed:
    document: Any  # weasyprint's, for the layout checks
    pdf: Path
    fronts: list[int]  # page indexes of the fronts, each followed by its backs
    models: int
    found: dict[str, list[tuple[int, Any]]] = field(default_factory=dict)

    def boxes(self, css_class: str, page: int | None = None) -> list[Any]:
        """The boxes with ``css_class`` (on ``page``), found once per class."""
        if css_class not in self.found:
            self.found[css_class] = boxes_with_class(self.document, css_class)
        return [box for index, box in self.found[css_class] if page in (None, index)]

    def rects(self, css_class: str, page: int) -> list[Rect]:
        return [rect_mm(box) for box in self.boxes(css_class, page)]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    """One PDF: the lawmen with a QR code (page 1), then every faction's crowded gang with two
    blank cards and backs, in Italian, then the same in English."""
    sheets: list[str] = []
    models = 0
    for lang in ("it", "en"):
        first = cards_view(lawmen_gang(), lang, back=True, link=LINK)
        sheets.append(render_cards(first, lang, inline_css=False))
        for gang in crowded_gangs():
            models += len(gang["members"])
            view = cards_view(gang, lang, blank=2, back=True)
            sheets.append(render_cards(view, lang, inline_css=False))
    document = lay_out_many(sheets)
    pdf = tmp_path_factory.mktemp("cards") / "cards.pdf"
    document.write_pdf(pdf)
    fronts = [i for i in range(len(document.pages)) if i % 2 == 0]
    return Printed(document, pdf, fronts, models)


def test_every_profile_of_every_faction_prints_in_both_languages(printed: Printed) -> None:
    gangs = crowded_gangs()
    per_language = sum(len(g["members"]) for g in gangs)
    assert printed.models == 2 * per_language >= 2 * len(profiles())
    fronts = printed.boxes("ac-front")
    blanks = printed.boxes("ac-blank")
    assert len(fronts) == 2 * (6 + per_language + 2 * len(gangs))
    assert len(blanks) == 2 * 2 * len(gangs)


def test_no_text_leaves_its_card_its_part_or_its_cell(printed: Printed) -> None:
    for css_class in ("ac-card", "ac-part", "ac-c"):
        assert len(printed.boxes(css_class)) > 100  # the check has boxes to look into
        assert overflows(printed.document, css_class, tolerance_mm=0.05) == []


def test_cards_sit_on_the_cut_grid(printed: Printed) -> None:
    grid = {(round(slot(i).x, 2), round(slot(i).y, 2)) for i in range(PER_PAGE)}
    for index in range(len(printed.document.pages)):
        for card in printed.rects("ac-card", index):
            assert card.width == pytest.approx(CARD_WIDTH, abs=TOLERANCE)
            assert card.height == pytest.approx(CARD_HEIGHT, abs=TOLERANCE)
            nearest = min(grid, key=lambda xy: abs(xy[0] - card.x) + abs(xy[1] - card.y))
            assert abs(nearest[0] - card.x) <= TOLERANCE and abs(nearest[1] - card.y) <= TOLERANCE
    page = printed.document.pages[0]
    assert page.width * MM_PER_PX == pytest.approx(PAGE_WIDTH, abs=0.1)  # A4, no margin


def test_each_back_lies_behind_its_front_when_flipped_on_the_long_edge(printed: Printed) -> None:
    for front_page in printed.fronts:
        fronts = printed.rects("ac-front", front_page)
        backs = printed.rects("ac-back", front_page + 1)
        assert fronts and len(backs) == len(fronts)
        assert len(printed.boxes("ac-card", front_page + 1)) == len(backs)
        flipped = sorted((round(PAGE_WIDTH - b.right, 1), round(b.y, 1)) for b in backs)
        placed = sorted((round(f.x, 1), round(f.y, 1)) for f in fronts)
        for (fx, fy), (bx, by) in zip(placed, flipped, strict=True):
            assert abs(fx - bx) <= TOLERANCE and abs(fy - by) <= TOLERANCE


def test_backs_of_a_gang_are_all_the_same_and_name_no_model(printed: Printed) -> None:
    from weasyprint.formatting_structure.boxes import TextBox

    for front_page in printed.fronts:
        texts = {
            tuple(b.text for b in box.descendants() if isinstance(b, TextBox))
            for box in printed.boxes("ac-back", front_page + 1)
        }
        assert len(texts) == 1
        (back,) = texts
        fronts = " ".join(
            b.text
            for box in printed.boxes("ac-name", front_page)
            for b in box.descendants()
            if isinstance(b, TextBox)
        )
        assert fronts and not any(
            word in " ".join(back) for word in fronts.split() if len(word) > 4
        )


def test_cut_marks_lie_in_the_margins_on_every_cut_line(printed: Printed) -> None:
    grid = Rect(LEFT, TOP, COLUMNS * CARD_WIDTH, ROWS * CARD_HEIGHT)
    for page in printed.fronts:
        marks = printed.rects("ac-mark", page)
        for mark in marks:
            assert (
                mark.right < grid.x
                or mark.x > grid.right
                or mark.bottom < grid.y
                or mark.y > grid.bottom
            ), f"a cut mark at {mark} reaches into the cards"
        for column in range(COLUMNS + 1):
            x = LEFT + column * CARD_WIDTH
            along = [m for m in marks if m.x <= x <= m.right and m.height > m.width]
            assert {m.y < grid.y for m in along} == {True, False}  # above and below the grid
        for row in range(ROWS + 1):
            y = TOP + row * CARD_HEIGHT
            along = [m for m in marks if m.y <= y <= m.bottom and m.width > m.height]
            assert {m.x < grid.x for m in along} == {True, False}  # left and right of it


def test_no_back_page_carries_cut_marks(printed: Printed) -> None:
    printed.boxes("ac-mark")
    assert {index for index, _ in printed.found["ac-mark"]} == set(printed.fronts)


@pytest.fixture(scope="module")
def pixels(printed: Printed, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every page rasterised at 30 dpi (pdftoppm reads the whole file) and page 1 at 100 dpi."""
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (poppler-utils) is needed to rasterise the PDF")
    folder = tmp_path_factory.mktemp("cards-png")
    subprocess.run(
        ["pdftoppm", "-r", "30", "-gray", "-png", str(printed.pdf), str(folder / "all")],
        check=True,
    )
    subprocess.run(
        ["pdftoppm", "-r", "100", "-gray", "-png", "-f", "1", "-l", "1", str(printed.pdf),
         str(folder / "first")],
        check=True,
    )  # fmt: skip
    return folder


def test_pdftoppm_renders_every_page(printed: Printed, pixels: Path) -> None:
    assert len(list(pixels.glob("all-*.png"))) == len(printed.document.pages)


def test_the_card_borders_are_inked_where_the_grid_says(pixels: Path) -> None:
    from PIL import Image

    (png,) = pixels.glob("first-*.png")
    image = Image.open(png).convert("L")
    dpi = 100

    def px(mm: float) -> int:
        return round(mm / 25.4 * dpi)

    def darkest(x_mm: float, y_mm: float, vertical: bool) -> int:
        x, y = px(x_mm), px(y_mm)
        window = [(x + d, y) if vertical else (x, y + d) for d in (-1, 0, 1)]
        return min(int(image.getpixel(p)) for p in window)  # type: ignore[arg-type]

    for index in range(6):  # the lawmen's six cards on page 1
        card = slot(index)
        for fraction in (0.2, 0.5, 0.8):  # along each edge, away from the corners' text
            y = card.y + fraction * CARD_HEIGHT
            x = card.x + fraction * CARD_WIDTH
            assert darkest(card.x, y, True) < 200, f"no left edge for card {index} at {y} mm"
            assert darkest(card.x + CARD_WIDTH, y, True) < 200
            assert darkest(x, card.y, False) < 200, f"no top edge for card {index} at {x} mm"
            assert darkest(x, card.y + CARD_HEIGHT, False) < 200
    # the margins between the marks are paper, and so is the empty last row's inside
    assert darkest(LEFT / 2, TOP + CARD_HEIGHT / 2, True) > 240
    assert darkest(LEFT + CARD_WIDTH / 2, TOP + 2.5 * CARD_HEIGHT, True) > 240


def test_the_qr_code_on_a_card_scans_to_the_gangs_page(
    printed: Printed, tmp_path_factory: pytest.TempPathFactory
) -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    folder = tmp_path_factory.mktemp("cards-qr")
    dpi = 300
    width, height = (round(mm / 25.4 * dpi) for mm in (PAGE_WIDTH, TOP + CARD_HEIGHT))
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-gray", "-png", "-f", "1", "-l", "1", "-x", "0", "-y", "0",
         "-W", str(width), "-H", str(height), str(printed.pdf), str(folder / "row")],
        check=True,
    )  # fmt: skip
    (png,) = folder.glob("row*.png")
    found = zxingcpp.read_barcodes(Image.open(png), formats=zxingcpp.BarcodeFormat.QRCode)
    assert [code.text for code in found] == [LINK] * COLUMNS  # the first row's three cards


def test_a_screenshot_of_the_first_page_for_the_readme(printed: Printed, tmp_path: Path) -> None:
    """``print-cards.png``, the README's picture of a card page, rendered by every run: page 1
    at 110 dpi, written to ``$SKIRMISH_SCREENSHOTS`` when it is set (``make screenshots``)."""
    target = Path(os.environ.get("SKIRMISH_SCREENSHOTS") or tmp_path)
    target.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["pdftoppm", "-r", "110", "-png", "-singlefile", "-f", "1", "-l", "1", str(printed.pdf),
         str(target / "print-cards")],
        check=True,
    )  # fmt: skip
    assert (target / "print-cards.png").stat().st_size > 10_000
