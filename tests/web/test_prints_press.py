"""The web app's warm press (``printing.pdf.Press``, issue #11): which finished PDFs it keeps,
how many and how big, and that its key follows every character of the sheets. The layout is
replaced by a stand-in here (the real PDFs are in ``test_prints.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from skirmish.errors import SkirmishError
from skirmish.printing import pdf
from skirmish.printing.pdf import Press


class Laid:
    """What ``_lay_out`` returns, as far as the press uses it: ``write_pdf``."""

    def __init__(self, sheets: Sequence[str]) -> None:
        self.sheets = list(sheets)

    def write_pdf(self) -> bytes:
        return ("%PDF-" + "|".join(self.sheets)).encode("utf-8")


@pytest.fixture
def laid(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every layout the press asks for, in order; no fonts are loaded."""
    asked: list[list[str]] = []

    def lay_out(sheets: Sequence[str], *args: Any, **kwargs: Any) -> Laid:
        asked.append(list(sheets))
        return Laid(sheets)

    monkeypatch.setattr(pdf, "_lay_out", lay_out)
    monkeypatch.setattr(Press, "_warm_up", lambda self: (None, None))
    return asked


def test_a_repeat_comes_from_the_cache(laid: list[list[str]]) -> None:
    press = Press()
    first = press.pdf(["<p>Earps</p>"])
    assert press.pdf(["<p>Earps</p>"]) == first == b"%PDF-<p>Earps</p>"
    assert laid == [["<p>Earps</p>"]] and press.renders == 1


def test_the_least_recently_used_goes_first(laid: list[list[str]]) -> None:
    press = Press(entries=2)
    press.pdf(["a"])
    press.pdf(["b"])
    press.pdf(["a"])  # a is used again: b is now the oldest
    press.pdf(["c"])  # b goes
    press.pdf(["a"])
    press.pdf(["c"])
    assert press.renders == 3
    press.pdf(["b"])
    assert press.renders == 4


def test_the_cache_holds_at_most_max_bytes(laid: list[list[str]]) -> None:
    press = Press(max_bytes=30)
    press.pdf(["x" * 10])  # 15 bytes of PDF
    press.pdf(["y" * 10])  # 30 in all: both kept
    press.pdf(["x" * 10])
    assert press.renders == 2
    press.pdf(["z" * 10])  # 45: the oldest goes (y, since x was used again)
    press.pdf(["x" * 10])
    assert press.renders == 3
    press.pdf(["w" * 40])  # larger than the whole cache: made, never kept
    press.pdf(["w" * 40])
    press.pdf(["x" * 10])
    assert press.renders == 5


def test_no_cache_at_all_lays_out_every_time(laid: list[list[str]]) -> None:
    press = Press(entries=0)
    press.pdf(["a"])
    press.pdf(["a"])
    assert press.renders == 2


def test_the_key_follows_every_sheet_and_where_one_ends() -> None:
    keys = {
        Press.key(["ab"]),
        Press.key(["a", "b"]),
        Press.key(["b", "a"]),
        Press.key(["ab", ""]),
        Press.key(["Ab"]),
        Press.key(["àb"]),
    }
    assert len(keys) == 6
    assert Press.key(["a", "b"]) == Press.key(["a", "b"])


def test_nothing_to_print_is_refused_in_both_languages(laid: list[list[str]]) -> None:
    with pytest.raises(SkirmishError) as refused:
        Press().pdf([])
    assert refused.value.text("it").startswith("niente da stampare")
    assert laid == []
