"""Scenario cards (issue #13): the table map as SVG (printing/maps.py), each side's text once in
its own column, one A4 page per scenario in both languages without overflow."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pypdf
import pytest
from layout_checks import lay_out, overflows

from skirmish.i18n import Lang
from skirmish.printing.build import scenario_view
from skirmish.printing.maps import WORDS, scenario_map
from skirmish.printing.pdf import uncovered_characters, write_pdf_sheets
from skirmish.printing.render import render_scenario
from skirmish.rules.scenario_model import (
    Box,
    Edge,
    Feature,
    FeatureKind,
    MapSide,
    Scenario,
    Zone,
    ZoneKind,
)
from skirmish.rules.scenarios import find_scenario, scenarios

SVG = "{http://www.w3.org/2000/svg}"
CASES = [(s, lang) for s in scenarios() for lang in Lang]
IDS = [f"{s.id}-{lang}" for s, lang in CASES]


def _tree(scenario: Scenario, lang: Lang) -> ET.Element:
    return ET.fromstring(scenario_map(scenario, lang))  # well-formed XML, or it raises


def _with_class(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [e for e in root.iter() if css_class in (e.get("class") or "").split()]


def _texts(root: ET.Element, css_class: str) -> list[str]:
    return [e.text or "" for e in _with_class(root, css_class) if e.tag == f"{SVG}text"]


def _points(element: ET.Element) -> list[tuple[float, float]]:
    if element.tag == f"{SVG}circle":
        return [(float(element.get("cx", "")), float(element.get("cy", "")))]
    if element.tag == f"{SVG}rect":
        x, y = float(element.get("x", "")), float(element.get("y", ""))
        return [(x, y), (x + float(element.get("width", "")), y + float(element.get("height", "")))]
    pairs = (element.get("points") or "").split()
    return [(float(a), float(b)) for a, b in (p.split(",") for p in pairs)]


@pytest.mark.parametrize(("scenario", "lang"), CASES, ids=IDS)
def test_the_map_is_well_formed_and_to_scale(scenario: Scenario, lang: Lang) -> None:
    root = _tree(scenario, lang)
    assert root.tag == f"{SVG}svg" and root.get("font-family") == "Skirmish Sans"
    assert root.get("data-table") == scenario.table.size
    (table,) = _with_class(root, "table")
    assert (float(table.get("width", "")), float(table.get("height", ""))) == (
        scenario.table.width,
        scenario.table.depth,
    )
    # One U is as long across as along: the size in mm has the viewBox's proportions.
    _, _, box_w, box_h = (float(v) for v in (root.get("viewBox") or "").split())
    width_mm, height_mm = (
        float((root.get(k) or "").removesuffix("mm")) for k in ("width", "height")
    )
    assert width_mm / box_w == pytest.approx(height_mm / box_h, rel=1e-3)
    assert width_mm <= 178  # the card's width inside its frame
    title = root.find(f"{SVG}title")
    assert title is not None and scenario.table.size in (title.text or "")


@pytest.mark.parametrize(("scenario", "lang"), CASES, ids=IDS)
def test_zones_objectives_and_markers_lie_on_the_table(scenario: Scenario, lang: Lang) -> None:
    root = _tree(scenario, lang)
    (group,) = _with_class(root, "zones")
    clip_id = re.fullmatch(r"url\(#(.+)\)", group.get("clip-path") or "")
    assert clip_id is not None
    (clip,) = [e for e in root.iter(f"{SVG}clipPath") if e.get("id") == clip_id[1]]
    (edge,) = list(clip)
    assert _points(edge) == [(0, 0), (scenario.table.width, scenario.table.depth)]
    zones = [e for e in group if "zone" in (e.get("class") or "").split()]
    assert len(zones) == len(scenario.map.zones)
    marks = _with_class(root, "objective-mark") + _with_class(root, "marker-mark")
    assert len(marks) == len(scenario.map.objectives) + len(scenario.map.markers)
    for mark in marks:
        for x, y in _points(mark):
            assert -1.5 <= x <= scenario.table.width + 1.5, mark.attrib  # a mark's own size
            assert -1.5 <= y <= scenario.table.depth + 1.5, mark.attrib
    for placement in scenario.map.objectives:
        x, y = placement.at
        assert 0 <= x <= scenario.table.width and 0 <= y <= scenario.table.depth


@pytest.mark.parametrize(("scenario", "lang"), CASES, ids=IDS)
def test_every_distance_and_name_is_labelled(scenario: Scenario, lang: Lang) -> None:
    root = _tree(scenario, lang)
    assert sorted(_texts(root, "distance")) == sorted(
        f"{d.length}U" for d in scenario.map.dimensions
    )
    everything = " ".join(e.text or "" for e in root.iter(f"{SVG}text"))
    for feature in scenario.map.features:
        for word in feature.name.in_lang(lang).split():
            assert word in everything, word
    for marker in scenario.map.markers:
        assert marker.name.in_lang(lang) in _texts(root, "marker")
    objectives = _texts(root, "objective")
    for objective in scenario.objectives:
        shown = objective.name_it if lang is Lang.IT else objective.name_en
        assert any(shown in text for text in objectives), shown
    for side in ("good", "bad"):
        assert WORDS[lang.value][side] in everything  # the legend
    if scenario.deployment.first is not None:
        side_words = WORDS[lang.value][scenario.deployment.first.value]
        assert WORDS[lang.value]["first"].format(side=side_words) in everything
    assert uncovered_characters(everything) == []
    assert WORDS[lang.value]["grid"] in everything


def test_the_words_are_in_both_languages_and_the_fonts() -> None:
    assert WORDS["it"].keys() == WORDS["en"].keys()
    for lang in ("it", "en"):
        assert uncovered_characters(" ".join(WORDS[lang].values())) == []
    for scenario, lang in CASES:
        assert uncovered_characters(str(scenario_map(scenario, lang))) == []


def test_the_maps_words_are_the_books_not_ids() -> None:
    for scenario, lang in CASES:
        root = ET.fromstring(str(scenario_map(scenario, lang)))
        text = " ".join(e.text or "" for e in root.iter(f"{SVG}text"))
        ids = [o.id for o in scenario.objectives] + [f.id for f in scenario.map.features]
        ids += [m.id for m in scenario.map.markers] + [scenario.id]
        for ident in ids:
            if "-" in ident:  # "loot-sack", "sheriff-office": never printed
                assert ident not in text, (scenario.id, ident)


def _straight_path_points(d: str) -> list[tuple[float, float]]:
    """The corners of a path made of M, H, V and Z commands."""
    corners: list[tuple[float, float]] = []
    x = y = 0.0
    for command, numbers in re.findall(r"([MHVZ])([^MHVZA]*)", d):
        values = [float(v) for v in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "H":
            (x,) = values
        elif command == "V":
            (y,) = values
        corners.append((x, y))
    return corners


def test_every_kind_of_zone_is_drawn_on_the_table() -> None:
    """Every zone kind and edge, also those no shipped scenario uses (rect, a top edge)."""
    duel = find_scenario("duel")
    text = duel.map.features[0].name
    house = Feature("house", FeatureKind.BUILDING, text, Box(50, 10, 20, 12), door=Edge.TOP)
    zones = (
        Zone(MapSide.GOOD, ZoneKind.EDGE, edge=Edge.TOP, depth=4),
        Zone(MapSide.BAD, ZoneKind.ENTRY, edge=Edge.BOTTOM),
        Zone(MapSide.OTHER, ZoneKind.RECT, box=Box(5, 40, 10, 10)),
        Zone(MapSide.GOOD, ZoneKind.INSIDE, around="house"),
        Zone(MapSide.BAD, ZoneKind.RING, around="good-leader", distance=8, inner=3),
        Zone(MapSide.BAD, ZoneKind.OUTSIDE, around="house", distance=30),
    )
    plan = dataclasses.replace(duel.map, features=(*duel.map.features, house), zones=zones)
    scenario = dataclasses.replace(duel, map=plan)
    for lang in Lang:
        root = ET.fromstring(str(scenario_map(scenario, lang)))
        (group,) = _with_class(root, "zones")
        paths = [e for e in group if e.tag == f"{SVG}path"]
        assert [e.get("class") for e in paths] == [f"zone zone-{z.side.value}" for z in zones]
        for zone, path in zip(zones, paths, strict=True):
            if zone.kind in (ZoneKind.RING, ZoneKind.OUTSIDE):
                assert "A" in (path.get("d") or "")  # rounded corners: arcs
                continue
            for x, y in _straight_path_points(path.get("d") or ""):
                assert 0 <= x <= 120 and 0 <= y <= 60, (zone.kind, x, y)
        labels = _texts(root, "zone-label")
        assert len(labels) == len(zones)
        assert WORDS[lang.value]["other"] in labels
        assert WORDS[lang.value]["enter"].format(side=WORDS[lang.value]["bad"]) in labels


def test_hostile_text_is_escaped() -> None:
    duel = find_scenario("duel")
    street = dataclasses.replace(
        duel.map.features[0],
        name=dataclasses.replace(duel.map.features[0].name, en='<b>Main & "high"</b> street'),
    )
    zone = dataclasses.replace(
        duel.map.zones[0],
        label=dataclasses.replace(duel.background, en="<script>alert(1)</script>"),
    )
    plan = dataclasses.replace(duel.map, features=(street,), zones=(zone, *duel.map.zones[1:]))
    svg = str(scenario_map(dataclasses.replace(duel, map=plan, name_en="Duel <i>"), Lang.EN))
    assert "<b>" not in svg and "<script>" not in svg and "<i>" not in svg
    assert "&lt;b&gt;Main &amp; &#34;high&#34;&lt;/b&gt;" in svg
    root = ET.fromstring(svg)
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert "<script>alert(1)</script>" in texts  # read back as the words typed
    assert (root.findtext(f"{SVG}title") or "").startswith("Table map: Duel <i>")


def test_each_sides_text_is_printed_once_in_its_column() -> None:
    duel = scenario_view(find_scenario("duel"), Lang.IT)
    assert [row.shared for row in duel.rows] == [True, True]  # the same words for both gangs
    assert [h.name for h in duel.sides] == ["Buoni", "Cattivi"]
    assert not any(h.first for h in duel.sides)  # they deploy together
    html = render_scenario(duel, Lang.IT)
    assert html.count("I due leader si schierano") == 1
    assert html.count('colspan="2" class="shared"') == 2

    bank = scenario_view(find_scenario("bank-robbery"), Lang.EN)
    assert [row.shared for row in bank.rows] == [False, False]
    good, bad = bank.sides
    assert (good.first, bad.first) == ("", "deploys first")  # the bandits deploy first
    html = render_scenario(bank, Lang.EN)
    assert html.count("within 5U of the short edges") == 1
    assert html.count("1° · deploys first") == 1
    deployment = bank.rows[0]
    assert "lawmen" in deployment.good and "bandits" in deployment.bad

    rally = scenario_view(find_scenario("the-rally"), Lang.EN)
    assert rally.others.startswith("Civilians (8)") and rally.others_heading == "Neither side"
    assert not set(rally.applied) & set(rally.rules)
    assert "<svg" in render_scenario(rally, Lang.EN)


def test_the_card_carries_the_map() -> None:
    for scenario, lang in CASES:
        card = scenario_view(scenario, lang)
        html = render_scenario(card, lang)
        assert str(scenario_map(scenario, lang)) in html  # not escaped a second time
        assert "&lt;svg" not in html


# --- on paper -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cards() -> list[tuple[str, str]]:
    """(title, HTML without its inline stylesheet) of every scenario in both languages."""
    return [
        (
            scenario_view(s, lang).title,
            render_scenario(scenario_view(s, lang), lang, inline_css=False),
        )
        for s, lang in CASES
    ]


@pytest.fixture(scope="module")
def cards_pdf(cards: list[tuple[str, str]], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every card in one PDF, written once for the tests below."""
    path = tmp_path_factory.mktemp("scenarios") / "scenarios.pdf"
    assert write_pdf_sheets([html for _, html in cards], path) == len(cards)
    return path


@pytest.mark.slow
def test_every_card_is_one_page_without_overflow(cards: list[tuple[str, str]]) -> None:
    for title, html in cards:
        document: Any = lay_out(html)
        assert len(document.pages) == 1, title
        assert overflows(document, "scenario-card") == [], title


@pytest.mark.slow
def test_every_card_prints_in_one_pdf(cards: list[tuple[str, str]], cards_pdf: Path) -> None:
    reader = pypdf.PdfReader(cards_pdf)
    assert len(reader.pages) == len(cards)  # one page each
    for page, (title, _), (scenario, _lang) in zip(reader.pages, cards, CASES, strict=True):
        text = page.extract_text()
        assert title in text
        for dimension in scenario.map.dimensions:  # the map's own text is text in the PDF
            assert f"{dimension.length}U" in text
        fonts = {
            str(f.get_object()["/BaseFont"]).split("+", 1)[1]
            for f in page["/Resources"]["/Font"].values()
        }
        assert fonts <= {"Skirmish-Sans-Semi-Condensed", "Skirmish-Sans-Bold-Semi-Condensed"}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler) not installed")
def test_every_map_is_drawn_on_paper(
    cards: list[tuple[str, str]], cards_pdf: Path, tmp_path: Path
) -> None:
    """Rendered with pdftoppm, each card shows both sides' zones in their inks (the hatching
    reaches the PDF, not only the HTML), and nothing is inked at the page's edges."""
    from PIL import Image

    subprocess.run(
        ["pdftoppm", "-r", "40", "-png", str(cards_pdf), str(tmp_path / "card")], check=True
    )
    pages = sorted(tmp_path.glob("card-*.png"))
    assert len(pages) == len(cards)
    for png, (title, _) in zip(pages, cards, strict=True):
        image = Image.open(png).convert("RGB")
        width, height = image.size
        pixels = image.load()
        assert pixels is not None
        every = [(x, y, *pixels[x, y]) for x in range(width) for y in range(height)]
        blue = sum(1 for _, _, r, _, b in every if b > r + 50)  # the good side's hatching
        red = sum(1 for _, _, r, g, b in every if r > b + 50 and r > g + 50)  # the bad side's
        assert blue > 30 and red > 30, (title, blue, red)
        band = 4  # 2.5 mm of a 10 mm margin
        edge = [
            (x, y)
            for x, y, r, g, b in every
            if (x < band or x >= width - band or y < band or y >= height - band) and r + g + b < 600
        ]
        assert not edge, (title, edge[:5])


def test_the_html_file_carries_the_map_and_its_fonts(tmp_path: Path) -> None:
    """`skirmish print scenario duel -o duel.html`: one file, the map inline, the faces the
    map's text names embedded."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    target = tmp_path / "duel.html"
    result = CliRunner().invoke(app, ["print", "scenario", "duel", "-o", str(target)])
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    assert str(scenario_map(find_scenario("duel"), Lang.IT)) in html
    assert 'font-family="Skirmish Sans"' in html and "data:font/ttf;base64," in html
    assert 'src: url("fonts/' not in html
