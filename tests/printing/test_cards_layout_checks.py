"""The layout checks of ``layout_checks.py`` find what they are meant to find, and only that."""

from __future__ import annotations

import pytest
from layout_checks import boxes_with_class, lay_out, overflows, rect_mm

PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<div class="frame" style="width: 30mm; height: 12mm; margin: 10mm; border: 0.3mm solid black">
  <p style="margin: 0">{text}</p>
</div>
<div class="frame" style="width: 40mm; height: 30mm; margin: 10mm">
  <svg width="20mm" height="10mm" viewBox="0 0 20 10" style="margin-left: {svg_left}mm"><rect
   width="20" height="10"/></svg>
</div>
</body></html>"""


@pytest.fixture(scope="module")
def fitting() -> object:
    return lay_out(PAGE.format(text="Tom Doniphon", svg_left=5))


def test_boxes_with_class_finds_each_element_once_in_millimetres(fitting: object) -> None:
    frames = boxes_with_class(fitting, "frame")
    assert [page for page, _ in frames] == [0, 0]
    first = rect_mm(frames[0][1])
    # 30 mm wide content plus 0.3 mm of border each side, 10 mm from the page's body margin.
    assert first.width == pytest.approx(30.6, abs=0.01)
    assert first.height == pytest.approx(12.6, abs=0.01)
    assert rect_mm(frames[1][1]).y == pytest.approx(first.bottom + 10, abs=0.01)


def test_text_and_pictures_inside_their_frame_pass(fitting: object) -> None:
    assert overflows(fitting, "frame") == []


def test_a_word_too_long_for_its_frame_is_reported_by_name() -> None:
    word = "Supercalifragilistichespiralidoso"
    document = lay_out(PAGE.format(text=word, svg_left=5))
    (problem,) = overflows(document, "frame")
    assert repr(word) in problem and "outside .frame" in problem


def test_lines_below_a_fixed_height_are_reported() -> None:
    words = " ".join(["pistola"] * 20)
    problems = overflows(lay_out(PAGE.format(text=words, svg_left=5)), "frame")
    assert problems and all("pistola" in p for p in problems)


def test_a_picture_outside_its_frame_is_reported() -> None:
    (problem,) = overflows(lay_out(PAGE.format(text="Tom", svg_left=30)), "frame")
    assert "<svg>" in problem
