"""The roster as weasyprint lays it out (issue #13): every faction's roster on one page each,
no text outside its card, no card wider than half its row, the odd last card half width, the
QR code scanning back to the gang's page, a page rendered with pdftoppm; and the README's
screenshot of a realistic gang when ``$SKIRMISH_SCREENSHOTS`` names a folder.

Every sheet is laid out once, in one document (weasyprint takes about a second a page)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from layout_checks import boxes_with_class, lay_out, overflows, rect_mm
from print_fixtures import faction_gangs, lawmen_gang

from skirmish.i18n import Lang
from skirmish.printing.build import roster_view
from skirmish.printing.qr import qr_svg
from skirmish.printing.render import render_roster
from skirmish.printing.views import RosterView

pytestmark = pytest.mark.slow

#: The page's content width (A4 less its margins), and half of it: a card's share of a row.
CONTENT_MM = 190.0
HALF_ROW_MM = (CONTENT_MM - 3.0) / 2  # 3 mm between the two cards
LINK = "https://saloon.example.org/c/Tombstone%201881/g/Tombstone%20Marshals"
#: Resolution at which the QR code is read back.
DPI = 300
DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"


def _body(html: str) -> str:
    return html.split("<body", 1)[1].split(">", 1)[1].rsplit("</body>", 1)[0]


def _views() -> list[tuple[RosterView, Lang]]:
    """Every faction's gang in Italian, the lawmen in English, and one sheet with every part:
    a dead model, blank cards, the record, the date and the QR code."""
    house = [("H-01", "il vincitore guadagna 60$ dopo la partita"), ("H-05", "vendita al 50%")]
    views = [(roster_view(g, Lang.IT, house_rules=house), Lang.IT) for g in faction_gangs()]
    views.append((roster_view(lawmen_gang(), Lang.EN, house_rules=house), Lang.EN))
    full = lawmen_gang()
    dead = {**full["members"][3], "name": "Billy Clanton", "status": "dead"}
    full["members"] = full["members"][:3]
    views.append(
        (
            roster_view(
                {**full, "rating": 640},
                Lang.IT,
                house_rules=house,
                dead=[dead],
                blank=2,
                campaign="Tombstone 1881",
                printed=date(2026, 11, 26),
                record={"games": 5, "wins": 3},
                link=LINK,
                qr=qr_svg(LINK, size_mm=20, title=full["name"]),
            ),
            Lang.IT,
        )
    )
    return views


@dataclass(frozen=True)
class Laid:
    views: list[tuple[RosterView, Lang]]
    document: Any
    pdf: Path


@pytest.fixture(scope="module")
def laid(tmp_path_factory: pytest.TempPathFactory) -> Laid:
    views = _views()
    html = render_roster(views[0][0], views[0][1], inline_css=False)
    bodies = "".join(_body(render_roster(v, lang, inline_css=False)) for v, lang in views)
    whole = html.split("<body", 1)[0] + f'<body class="doc-roster">{bodies}</body></html>'
    document = lay_out(whole)
    pdf = tmp_path_factory.mktemp("roster") / "rosters.pdf"
    document.write_pdf(pdf)
    return Laid(views, document, pdf)


def test_every_roster_fits_one_page(laid: Laid) -> None:
    assert all(view.one_page for view, _ in laid.views)
    assert len(laid.document.pages) == len(laid.views)
    sheets = boxes_with_class(laid.document, "roster")
    assert [page for page, _ in sheets] == list(range(len(laid.views)))  # one sheet a page


def test_no_text_leaves_its_card(laid: Laid) -> None:
    assert overflows(laid.document, "model") == []
    assert overflows(laid.document, "gang-rules") == []
    assert overflows(laid.document, "roster-head") == []


def test_cards_are_half_a_row_wide_whatever_their_number(laid: Laid) -> None:
    cards = boxes_with_class(laid.document, "model")
    assert len(cards) >= sum(len(v.members) + v.blank for v, _ in laid.views)
    widths = {round(rect_mm(box).width, 1) for _, box in cards}
    assert len(widths) == 1 and widths.pop() <= HALF_ROW_MM + 0.05  # the last card too


def test_the_sheet_fills_its_page(laid: Laid) -> None:
    """No white half page: a sheet with room to spare ends near the page's foot, its box under
    the cards taking the room (a crowded sheet has no such box, and no room)."""
    roomy = [i for i, (view, _) in enumerate(laid.views) if view.fill]
    assert len(roomy) >= len(laid.views) - 3  # the lawmen (twice) and the sheet with every part
    sheets = boxes_with_class(laid.document, "roster")
    for i in roomy:
        page, box = sheets[i]
        bottom = rect_mm(box).bottom
        # the foot margin is 12 mm; the plan errs tall by a few mm and keeps 4 mm of slack
        assert 297 - 12 - 12 < bottom <= 297 - 12 + 0.05, (page, bottom)


def test_the_qr_code_scans_back_to_the_gangs_page(laid: Laid, tmp_path: Path) -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    last = len(laid.views)
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-gray", "-png", "-f", str(last), "-l", str(last),
         "-x", "0", "-y", "0", "-W", str(DPI * 9), "-H", str(DPI * 2),
         str(laid.pdf), str(tmp_path / "head")],
        check=True,
    )  # fmt: skip
    (png,) = tmp_path.glob("head*.png")
    found = zxingcpp.read_barcodes(Image.open(png), formats=zxingcpp.BarcodeFormat.QRCode)
    assert [code.text for code in found] == [LINK]


def test_a_page_renders_with_ink_inside_its_margins(laid: Laid, tmp_path: Path) -> None:
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (poppler-utils) is needed to render the page")
    from PIL import Image

    subprocess.run(
        ["pdftoppm", "-r", "40", "-gray", "-png", "-f", "1", "-l", "1", str(laid.pdf),
         str(tmp_path / "page")],
        check=True,
    )  # fmt: skip
    (png,) = tmp_path.glob("page*.png")
    image = Image.open(png)
    width, height = image.size
    inked = image.point(lambda v: 255 if v < 200 else 0).getbbox()
    assert inked is not None
    left, top, right, bottom = inked
    assert left > 2 and top > 2 and right < width - 2 and bottom < height - 2
    assert bottom - top > height * 0.8  # the sheet runs down the page


def test_the_readmes_screenshot_of_a_realistic_gang(tmp_path: Path) -> None:
    """``print-roster.png``, the README's picture of a roster, rendered by every run: the first
    page of the demo database's Earp brothers at 110 dpi, with a web address set so the QR code
    shows; written to ``$SKIRMISH_SCREENSHOTS`` when it is set (``make screenshots``)."""
    folder = os.environ.get("SKIRMISH_SCREENSHOTS") or str(tmp_path / "shots")
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    db = tmp_path / "demo.db"
    shutil.copyfile(DEMO, db)
    runner = CliRunner()
    address = runner.invoke(
        app, ["campaign", "address", "https://saloon.example.org/", "--db", str(db)]
    )
    assert address.exit_code == 0, address.output
    pdf = tmp_path / "earps.pdf"
    done = runner.invoke(
        app, ["print", "roster", "Earp brothers", "--blank", "1", "--db", str(db), "-o", str(pdf)]
    )
    assert done.exit_code == 0, done.output
    assert re.search(r"\(1 page\)", done.stdout)
    Path(folder).mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["pdftoppm", "-r", "110", "-png", "-singlefile", "-f", "1", "-l", "1", str(pdf),
         str(Path(folder) / "print-roster")],
        check=True,
    )  # fmt: skip
    assert (Path(folder) / "print-roster.png").stat().st_size > 20_000


def test_a_crowded_gang_takes_two_pages_not_three() -> None:
    """Ten models, a blank card and every house rule: two pages, each row of cards whole, the
    game-day box and the gang's rules kept."""
    from skirmish.campaign.settings import HOUSE_RULES

    house = [(r.rule, r.describe(r.default, "it")) for r in HOUSE_RULES]
    gang = lawmen_gang()
    gang["members"] += faction_gangs()[0]["members"][:4]  # the faction gangs' lawmen
    view = roster_view(gang, Lang.IT, house_rules=house, blank=1)
    assert not view.one_page and len(view.members) == 10
    document = lay_out(render_roster(view, Lang.IT, inline_css=False))
    assert len(document.pages) == 2
    assert overflows(document, "model") == [] and overflows(document, "gang-rules") == []
    rows = boxes_with_class(document, "model-row")
    assert len(rows) == 6 and all(rect_mm(box).bottom <= 297 - 12 + 0.05 for _, box in rows)
    assert [page for page, _ in boxes_with_class(document, "gang-rules")] == [1]
