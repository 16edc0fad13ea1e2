"""The shipped fonts: their coverage file is true, and what they lack never reaches weasyprint."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from fontTools.ttLib import TTFont
from print_fixtures import lawmen_gang

from skirmish.i18n import Lang
from skirmish.printing import render_roster, write_pdf
from skirmish.printing.build import roster_view
from skirmish.printing.pdf import MISSING_GLYPH, covered_code_points, uncovered_characters
from skirmish.printing.render import stylesheet
from skirmish.resources import templates_dir

FONTS = templates_dir() / "fonts"


def test_coverage_file_matches_the_fonts() -> None:
    faces = sorted(FONTS.glob("*.ttf"))
    assert [f.name for f in faces] == ["DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed.ttf"]
    common = set.intersection(*(set(TTFont(f).getBestCmap()) for f in faces))
    assert covered_code_points() == frozenset(common)


def test_every_character_of_the_templates_and_labels_is_covered() -> None:
    sources = [p.read_text("utf-8") for p in templates_dir().glob("*.html")]
    sources.append(stylesheet())
    html = render_roster(roster_view(lawmen_gang(), Lang.IT), Lang.IT)
    html += render_roster(roster_view(lawmen_gang(), Lang.EN), Lang.EN)
    for text in [*sources, html]:
        assert uncovered_characters(text) == []


def test_uncovered_characters_are_found() -> None:
    assert uncovered_characters("Łukasz Ψ Дмитрий «Zoë» — 5$ ≤ 7 × 2") == []
    assert uncovered_characters("龍 and 🐎\n") == ["龍", "🐎"]


@pytest.mark.slow
def test_names_in_any_covered_script_print_without_fallback(tmp_path: Path) -> None:
    gang = lawmen_gang()
    gang["name"] = "Łukasz & Дмитрий Ψ 🐎"
    path = tmp_path / "scripts.pdf"
    write_pdf(render_roster(roster_view(gang, Lang.IT), Lang.IT), path)
    reader = pypdf.PdfReader(path)
    fonts = {
        str(font.get_object()["/BaseFont"]).split("+", 1)[1]
        for font in reader.pages[0]["/Resources"]["/Font"].values()
    }
    assert fonts == {"Skirmish-Sans-Semi-Condensed", "Skirmish-Sans-Bold-Semi-Condensed"}
    text = reader.pages[0].extract_text()
    assert "Łukasz & Дмитрий Ψ" in text and MISSING_GLYPH in text and "🐎" not in text
