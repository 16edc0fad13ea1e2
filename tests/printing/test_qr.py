"""QR codes (issue #13): ``printing.qr.qr_svg`` is well-formed SVG of the size asked, escapes its
title, is deterministic, and, printed in a PDF and scanned at 300 dpi, reads back as the exact
URL: an ASCII one and one with percent-escapes (an Italian gang's name with accents and spaces).

All the codes are laid out in one PDF, rasterised once for the module.
"""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import quote

import pytest

from skirmish.errors import SkirmishError
from skirmish.printing import write_pdf
from skirmish.printing.qr import QUIET_ZONE, qr_svg

SVG = "{http://www.w3.org/2000/svg}"
ASCII_URL = "https://saloon.example.org/c/Deadwood/g/Earps"
ITALIAN_URL = (
    "https://saloon.example.org/c/"
    + quote("Città di Tombstone", safe="")
    + "/g/"
    + quote("Banda dei Fratelli Però", safe="")
)
#: (url, size in mm) of every code the PDF holds, top to bottom.
PRINTED = [(ASCII_URL, 16.0), (ITALIAN_URL, 16.0), (ITALIAN_URL + "/m/" + quote("Jo è"), 22.0)]
DPI = 300


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_the_svg_is_well_formed_inline_markup_of_the_size_asked() -> None:
    svg = qr_svg(ASCII_URL, size_mm=21.5, title="Earps")
    assert svg.startswith("<svg ") and "<?xml" not in svg
    root = _parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("width") == "21.5mm" and root.get("height") == "21.5mm"
    x, y, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    assert (x, y) == (0, 0) and width == height
    modules = int(width) - 2 * QUIET_ZONE
    assert (modules - 17) % 4 == 0 and modules >= 21  # a full QR symbol, version 1 to 40
    assert root.findtext(f"{SVG}title") == "Earps"
    assert "#000" in svg


def test_the_default_size_is_16_mm_and_no_title_hides_it_from_screen_readers() -> None:
    root = _parse(qr_svg(ASCII_URL))
    assert root.get("width") == "16mm" and root.get("height") == "16mm"
    assert root.find(f"{SVG}title") is None
    assert root.get("aria-hidden") == "true"


def test_the_title_is_escaped() -> None:
    hostile = '<b>Tom & "Jerry"</b><script>alert(1)</script>'
    svg = qr_svg(ASCII_URL, title=hostile)
    assert "<script>" not in svg and "<b>" not in svg
    root = _parse(svg)
    assert root.findtext(f"{SVG}title") == hostile
    assert root.get("aria-label") == hostile


def test_the_same_url_gives_the_same_bytes() -> None:
    assert qr_svg(ITALIAN_URL, title="x") == qr_svg(ITALIAN_URL, title="x")
    assert qr_svg(ITALIAN_URL) != qr_svg(ASCII_URL)


@pytest.mark.parametrize(
    ("kwargs", "english", "italian"),
    [
        ({"url": ""}, "needs an address", "ha bisogno di un indirizzo"),
        ({"url": ASCII_URL, "size_mm": 5}, "too small", "troppo piccolo"),
        ({"url": "https://x.org/" + "a" * 3000}, "too long", "troppo lungo"),
    ],
)
def test_what_cannot_be_a_qr_code_is_refused_in_both_languages(
    kwargs: dict[str, object], english: str, italian: str
) -> None:
    url = str(kwargs.pop("url"))
    with pytest.raises(SkirmishError) as raised:
        qr_svg(url, **kwargs)  # type: ignore[arg-type]
    assert english in str(raised.value)
    assert italian in raised.value.text("it")


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, float]]:
    """Every code of ``PRINTED`` in one PDF, rasterised at 300 dpi and read back by zxing-cpp:
    (the text read, the symbol's width in mm without its quiet zone), top to bottom."""
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (poppler-utils) is needed to rasterise the PDF")
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    body = "".join(
        f'<p style="margin: 0 0 15mm 20mm">{qr_svg(url, size_mm=size, title=url)}</p>'
        for url, size in PRINTED
    )
    folder = tmp_path_factory.mktemp("qr")
    pdf = folder / "qr.pdf"
    write_pdf(f"<!doctype html><html><body>{body}</body></html>", pdf)
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-gray", "-png", str(pdf), str(folder / "page")],
        check=True,
    )
    (png,) = sorted(Path(folder).glob("page*.png"))
    found = zxingcpp.read_barcodes(Image.open(png), formats=zxingcpp.BarcodeFormat.QRCode)
    found = sorted(found, key=lambda code: code.position.top_left.y)
    return [
        (code.text, (code.position.top_right.x - code.position.top_left.x) / DPI * 25.4)
        for code in found
    ]


@pytest.mark.slow
def test_printed_codes_scan_back_to_their_exact_url(scanned: list[tuple[str, float]]) -> None:
    assert [text for text, _ in scanned] == [url for url, _ in PRINTED]
    assert "%C3%A0" in scanned[1][0]  # the à of Città, percent-escaped, survived the round trip


@pytest.mark.slow
def test_printed_codes_have_the_size_asked(scanned: list[tuple[str, float]]) -> None:
    for (url, size), (_, symbol_mm) in zip(PRINTED, scanned, strict=True):
        root = _parse(qr_svg(url, size_mm=size))
        modules = float((root.get("viewBox") or "").split()[2])
        expected = size * (modules - 2 * QUIET_ZONE) / modules
        # zxing reports the centres of the corner modules: one module less than the symbol
        assert symbol_mm == pytest.approx(expected - size / modules, abs=0.5)
