"""The PDF's fonts are subset without decompiling what is dropped (issue #23): weasyprint has
fontTools drop a face's GSUB and GPOS tables when it subsets it for the PDF, and fontTools 4.68
decompiled both first (about 20 ms of ``print roster``'s CPU for its two faces, the same bytes
out). pyproject.toml keeps fontTools below 4.68; this test fails on a fontTools that decompiles
them again, whatever its version."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables.otBase import BaseTTXConverter

from skirmish.resources import templates_dir

pytestmark = pytest.mark.slow

FACES = ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")


@contextmanager
def decompiled_tags() -> Iterator[list[str]]:
    """The tags of the OpenType layout tables fontTools decompiles meanwhile."""
    seen: list[str] = []
    original = BaseTTXConverter.decompile

    def spy(self: Any, data: bytes, font: Any) -> Any:
        seen.append(self.tableTag)
        return original(self, data, font)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(BaseTTXConverter, "decompile", spy)
        yield seen


def weasyprint_subset(face: str, glyphs: set[int]) -> bytes:
    """A face subset as weasyprint 70 does it (``pdf/fonts.py``, ``_fonttools_subset``)."""
    options = subset.Options(
        retain_gids=True,
        passthrough_tables=True,
        ignore_missing_glyphs=True,
        hinting=False,
        desubroutinize=True,
        notdef_outline=False,
    )
    options.drop_tables += ["GSUB", "GPOS", "SVG"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=glyphs)
    font = TTFont(io.BytesIO((templates_dir() / "fonts" / face).read_bytes()))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.parametrize("face", FACES)
def test_a_face_is_subset_without_decompiling_the_tables_it_drops(face: str) -> None:
    with decompiled_tags() as seen:
        data = weasyprint_subset(face, set(range(120)))
    assert "GSUB" not in seen
    assert "GPOS" not in seen
    kept = TTFont(io.BytesIO(data))
    assert "GSUB" not in kept
    assert "GPOS" not in kept
    assert "GSUB" in TTFont(templates_dir() / "fonts" / face)  # the layout still has them


def test_the_spy_sees_a_decompiled_table() -> None:
    with decompiled_tags() as seen:
        TTFont(templates_dir() / "fonts" / FACES[0])["GSUB"].table  # noqa: B018
    assert seen == ["GSUB"]
