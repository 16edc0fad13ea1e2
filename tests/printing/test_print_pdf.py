"""PDFs: the text holds every name and number, pages are right, fonts are ours and embedded,
and a rendered page is neither blank nor spilling over its edges.

Each document is written once per module (weasyprint takes about a second a document).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pypdf
import pytest
from print_fixtures import faction_gangs, lawmen_gang

from skirmish.i18n import Lang
from skirmish.printing import (
    render_blank,
    render_campaign_sheets,
    render_reference,
    render_roster,
    render_scenario,
    write_pdf,
    write_pdf_sheets,
)
from skirmish.printing.build import campaign_view, roster_view, scenario_view
from skirmish.printing.reference import reference_view
from skirmish.rules import doctors, profiles
from skirmish.rules.scenarios import find_scenario

pytestmark = pytest.mark.slow

FONT_NAME = re.compile(r"^/[A-Z]{6}\+Skirmish-")  # a subset (six-letter tag) of one of our faces


def _text(reader: pypdf.PdfReader, page: int | None = None) -> str:
    pages = reader.pages if page is None else [reader.pages[page]]
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in pages))


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pdf")


@pytest.fixture(scope="module")
def roster_pdf(out: Path) -> tuple[Path, int]:
    gang = lawmen_gang()
    gang["name"] = "<b>Tom & Jerry</b>"
    path = out / "roster.pdf"
    return path, write_pdf(render_roster(roster_view(gang, Lang.IT), Lang.IT), path)


@pytest.fixture(scope="module")
def campaign_pdf(out: Path) -> tuple[Path, list[dict[str, Any]]]:
    gangs = faction_gangs()
    path = out / "campaign.pdf"
    sheets = render_campaign_sheets(campaign_view("Every faction", gangs, Lang.EN), Lang.EN)
    laid_out: list[int] = []
    pages = write_pdf_sheets(sheets, path, progress=laid_out.append)
    assert laid_out == list(range(len(gangs) + 1))
    assert pages == len(pypdf.PdfReader(path).pages)
    return path, gangs


def test_roster_holds_every_name_and_number(roster_pdf: tuple[Path, int]) -> None:
    path, pages = roster_pdf
    reader = pypdf.PdfReader(path)
    assert pages == len(reader.pages) == 1
    text = _text(reader)
    assert "<b>Tom & Jerry</b>" in text  # printed literally
    assert "37 $" in text and "Uomini della legge" in text
    for m in lawmen_gang()["members"]:
        assert m["name"] in text
        boxes = "\u25a1" * m["cos"]  # a wound box per point of COS
        numbers = (
            m["tiro"],
            m["fred"],
            m["rif"],
            m["cos"],
            boxes,
            m["fama"],
            m["fortuna"],
            m["xp"],
        )
        stats = " ".join(str(n) for n in numbers)
        assert stats in text, (m["name"], stats)
    assert "Sei colpi 6 12 1/6 6 1 1" in text
    assert "Fucile a ripetizione 10 24 1 7/17 2 2" in text  # scope: 20U + 4U
    assert "Duro" in text and "Orbo" in text and "Mulo" in text


def test_fonts_are_ours_and_subset_embedded(roster_pdf: tuple[Path, int]) -> None:
    reader = pypdf.PdfReader(roster_pdf[0])
    seen = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            base = str(font["/BaseFont"])
            assert FONT_NAME.match(base), f"fallback or unembedded font {base}"
            for descendant in font.get("/DescendantFonts", []):
                descriptor = descendant.get_object()["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, f"{base} is not embedded"
            seen.add(base.split("+", 1)[1])
    assert seen == {"Skirmish-Sans-Semi-Condensed", "Skirmish-Sans-Bold-Semi-Condensed"}


def _page_image(pdf: Path, page: int, tmp: Path) -> Any:
    from PIL import Image

    prefix = tmp / f"{pdf.stem}-{page}"
    subprocess.run(
        ["pdftoppm", "-r", "50", "-png", "-f", str(page), "-l", str(page), str(pdf), str(prefix)],
        check=True,
    )
    (png,) = tmp.glob(f"{prefix.name}*.png")
    return Image.open(png).convert("L")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler) not installed")
@pytest.mark.parametrize("document", ["roster", "campaign"])
def test_a_rendered_page_is_neither_blank_nor_overflowing(
    document: str,
    roster_pdf: tuple[Path, int],
    campaign_pdf: tuple[Path, list[dict[str, Any]]],
    tmp_path: Path,
) -> None:
    pdf = roster_pdf[0] if document == "roster" else campaign_pdf[0]
    image = _page_image(pdf, 2 if document == "campaign" else 1, tmp_path)
    width, height = image.size
    assert abs(width - 413) <= 1 and abs(height - 585) <= 1  # A4 at 50 dpi
    pixels = image.load()
    inked = sum(1 for x in range(width) for y in range(height) if pixels[x, y] < 128)
    assert inked > 0.01 * width * height, "the page is (nearly) blank"  # a footer alone: ~0.1%
    band = 6  # 3 mm: the margins are 10 mm, so nothing may print this close to an edge
    edge = [
        (x, y)
        for x in range(width)
        for y in range(height)
        if (x < band or x >= width - band or y < band or y >= height - band) and pixels[x, y] < 200
    ]
    assert not edge, f"ink at the page edge (overflow): {edge[:5]}"


def test_every_faction_and_profile_in_the_campaign_pdf(
    campaign_pdf: tuple[Path, list[dict[str, Any]]],
) -> None:
    path, gangs = campaign_pdf
    reader = pypdf.PdfReader(path)
    text = _text(reader)
    for p in profiles():
        assert p.name_en in text, p.id
    for gang in gangs:
        for m in gang["members"]:
            assert m["name"] in text
    # Standings first, then each gang on one page, two when it must, never sharing a page.
    assert "Standings" in _text(reader, 0)
    owners = []
    for index in range(1, len(reader.pages)):
        page = _text(reader, index)
        names = [g["name"] for g in gangs if re.search(rf"\b{g['name']}\b", page)]
        assert len(names) == 1, (index, names)
        owners.append(names[0])
    for gang in gangs:
        assert 1 <= owners.count(gang["name"]) <= 2
    assert owners == sorted(owners, key=[g["name"] for g in gangs].index)


def test_a_crowded_gang_takes_two_pages_not_more(out: Path) -> None:
    gang = lawmen_gang()
    for m in gang["members"]:
        m["items"] = ["six-shooter", "repeater", "knife", "horse", "whisky"]
        m["skills"] = ["duro", "pugile", "cecchino"]
        m["injuries"] = ["one-eyed", "lame"]
    path = out / "crowded.pdf"
    pages = write_pdf(render_roster(roster_view(gang, Lang.EN), Lang.EN), path)
    assert pages == 2
    text = _text(pypdf.PdfReader(path))
    for m in gang["members"]:
        assert m["name"] in text


def test_reference_is_three_pages_with_the_corrected_numbers(out: Path) -> None:
    path = out / "reference.pdf"
    assert write_pdf(render_reference(reference_view(Lang.IT), Lang.IT), path) == 3
    text = _text(pypdf.PdfReader(path))
    assert "1–7 mancato" in text
    assert "0 o meno nessuna ferita · 1–3 una ferita · 4 o più due ferite" in text
    for doctor in doctors():
        assert f"+{doctor.bonus} per {doctor.cost}$" in text
    assert "FRED più alta in gioco" in text
    for title in ("Azioni accessorie", "Movimento", "Armi", "Protezione"):
        assert title in text


def test_blank_sheet_and_scenario_card_are_one_page(out: Path) -> None:
    assert write_pdf(render_blank(Lang.IT), out / "blank.pdf") == 1
    text = _text(pypdf.PdfReader(out / "blank.pdf"))
    assert "NOME BANDA" in text and text.count("TIRO FRED RIF") == 6
    card = scenario_view(find_scenario("il testimone"), Lang.EN)
    assert write_pdf(render_scenario(card, Lang.EN), out / "witness.pdf") == 1
    assert card.title in _text(pypdf.PdfReader(out / "witness.pdf"))
