"""Layout checks for printed sheets: lay HTML out with weasyprint, as ``printing/pdf.py`` does,
and look at the boxes it made (issue #13: "no text overflows its box").

    document = lay_out(render_cards(view, "it", inline_css=False))
    assert overflows(document, "card") == []
    for page, box in boxes_with_class(document, "card"):
        x, y, width, height = rect_mm(box)

Positions are weasyprint's CSS pixels (1/96 inch) converted to millimetres. Only the layout is
made (no PDF is written), so a check costs what laying the page out costs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from skirmish.printing.pdf import MISSING_GLYPH, uncovered_characters
from skirmish.printing.render import stylesheet
from skirmish.resources import templates_dir

#: Millimetres per CSS pixel (96 px to the inch, 25.4 mm to the inch).
MM_PER_PX = 25.4 / 96


def lay_out(html: str, *, css: str | None = None) -> Any:
    """Lay ``html`` out as ``printing.pdf`` does (characters the fonts lack as
    ``MISSING_GLYPH``) and return weasyprint's document. The sheets' stylesheet (fonts from
    ``templates/fonts``) is applied unless ``css`` replaces it; an HTML rendered with its
    stylesheet inline lays out the same either way."""
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    base_url = templates_dir().as_uri() + "/"
    fonts = FontConfiguration()
    sheet = CSS(string=stylesheet() if css is None else css, base_url=base_url, font_config=fonts)
    return HTML(string=_as_printed(html), base_url=base_url).render(
        font_config=fonts, stylesheets=[sheet]
    )


def _as_printed(html: str) -> str:
    """``html`` as ``printing.pdf`` lays it out: a character the shipped faces lack (an emoji)
    becomes ``MISSING_GLYPH``."""
    missing = uncovered_characters(html)
    return html.translate({ord(c): MISSING_GLYPH for c in missing}) if missing else html


def lay_out_many(sheets: list[str]) -> Any:
    """Lay each HTML document of ``sheets`` out with the sheets' stylesheet (parsed once, one
    font configuration, as ``printing.pdf.write_pdf_sheets`` does) and return one document of
    all their pages, in order: check it, and write it as one PDF with ``write_pdf``."""
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    base_url = templates_dir().as_uri() + "/"
    fonts = FontConfiguration()
    sheet = CSS(string=stylesheet(), base_url=base_url, font_config=fonts)
    documents = [
        HTML(string=_as_printed(html), base_url=base_url).render(
            font_config=fonts, stylesheets=[sheet]
        )
        for html in sheets
    ]
    return documents[0].copy([page for document in documents for page in document.pages])


def _classes(box: Any) -> list[str]:
    element = getattr(box, "element", None)
    if element is None:
        return []
    return (element.get("class") or "").split()


def _children(box: Any) -> list[Any]:
    return list(getattr(box, "children", ()) or ())


def _walk(box: Any, parent_element: Any = None) -> Iterator[tuple[Any, Any]]:
    """Every box under ``box`` (itself included), each with its parent box's element."""
    yield box, parent_element
    element = getattr(box, "element", None)
    for child in _children(box):
        yield from _walk(child, element)


@dataclass(frozen=True)
class Rect:
    """A box's border box, in millimetres from the page's top-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def contains(self, other: Rect, tolerance: float) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )


def rect_mm(box: Any) -> Rect:
    """The border box of ``box`` in millimetres."""
    return Rect(
        box.border_box_x() * MM_PER_PX,
        box.border_box_y() * MM_PER_PX,
        box.border_width() * MM_PER_PX,
        box.border_height() * MM_PER_PX,
    )


def boxes_with_class(document: Any, css_class: str) -> list[tuple[int, Any]]:
    """The principal boxes of the elements that have ``css_class``, as (page index, box), in
    document order. An element's anonymous and line boxes (same element) are not repeated;
    an element split over two pages gives one box per page."""
    found: list[tuple[int, Any]] = []
    for index, page in enumerate(document.pages):
        for box, parent_element in _walk(page._page_box):
            element = getattr(box, "element", None)
            if element is not None and element is not parent_element:
                if css_class in _classes(box):
                    found.append((index, box))
    return found


def _label(box: Any) -> str:
    from weasyprint.formatting_structure.boxes import TextBox

    if isinstance(box, TextBox):
        return repr(box.text)
    return f"<{str(box.element_tag).rpartition('}')[2]}>"  # without an XML namespace


def overflows(document: Any, css_class: str, tolerance_mm: float = 0.05) -> list[str]:
    """One line per text box or replaced box (an image, an SVG) that lies outside the border
    box of its nearest ancestor with ``css_class`` by more than ``tolerance_mm``, naming the
    text, the page and both rectangles. Boxes with no such ancestor are not checked."""
    from weasyprint.formatting_structure.boxes import ReplacedBox, TextBox

    problems: list[str] = []

    def visit(box: Any, parent_element: Any, frame: Any, page: int) -> None:
        element = getattr(box, "element", None)
        if element is not None and element is not parent_element and css_class in _classes(box):
            frame = box
        if frame is not None and isinstance(box, TextBox | ReplacedBox) and box is not frame:
            inner, outer = rect_mm(box), rect_mm(frame)
            if (isinstance(box, ReplacedBox) or box.text.strip()) and not outer.contains(
                inner, tolerance_mm
            ):
                problems.append(
                    f"page {page + 1}: {_label(box)} at ({inner.x:.2f}, {inner.y:.2f}) "
                    f"{inner.width:.2f}×{inner.height:.2f} mm lies outside .{css_class} "
                    f"at ({outer.x:.2f}, {outer.y:.2f}) {outer.width:.2f}×{outer.height:.2f} mm"
                )
        for child in _children(box):
            visit(child, element, frame, page)

    for index, page in enumerate(document.pages):
        visit(page._page_box, None, None, index)
    return problems
