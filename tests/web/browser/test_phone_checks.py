"""The checks every browser test relies on catch what they are for: a page that scrolls
sideways (naming the element to fix), an unlabelled control, a button too small for a thumb."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Phones
from .phone import assert_fits, assert_labelled

HEAD = '<meta name="viewport" content="width=device-width, initial-scale=1"><body style="margin:0">'
TALL = 'style="height:44px"'


@pytest.fixture
def blank(phones: Phones) -> Any:
    return phones.open("en")


def test_a_page_that_fits_passes(blank: Any) -> None:
    blank.set_content(
        HEAD + '<div style="overflow-x:auto"><table style="width:900px"><tr><td>wide inside '
        "its own scroller</td></tr></table></div>"
        + f"<label>Name <input {TALL}></label>"
        + f'<label for="g">Gang</label><select id="g" {TALL}><option>A</option></select>'
        + '<input type="checkbox" id="c">'
        + '<label for="c" style="display:block;min-height:24px">Yes</label>'
        + f'<textarea aria-label="Notes" {TALL}></textarea>'
        + f'<span id="n">Money</span><input type="number" aria-labelledby="n" {TALL}>'
        + '<input type="hidden" name="csrf">'
        + f"<button {TALL}>Buy</button>"
        + f'<button aria-label="Close" {TALL}></button><a href="/">Home</a>'
    )
    assert_fits(blank)
    assert_labelled(blank)


def test_sideways_scrolling_names_the_widest_element(blank: Any) -> None:
    wide = '<b id="wide" style="display:block;width:600px">too wide</b>'
    blank.set_content(HEAD + f'<p>fine</p><div class="standings">{wide}</div>')
    widest = r"scrolls sideways.*b#wide \"too wide\" spans 0\.\.600"
    with pytest.raises(AssertionError, match=widest):
        assert_fits(blank)


def test_a_page_without_the_viewport_tag_is_too_wide_for_a_phone(blank: Any) -> None:
    blank.set_content("<p>no meta viewport: the phone lays it out 980 px wide</p>")
    with pytest.raises(AssertionError, match="980 px wide on a 390 px phone"):
        assert_fits(blank)


@pytest.mark.parametrize(
    ("control", "named"),
    [
        (f'<input name="q" {TALL}>', "input name=q"),
        (f'<input id="x" {TALL}><label for="y">not it</label>', "input id=x"),
        (f'<select name="item" {TALL}><option>Mulo</option></select>', "select name=item"),
        (f'<textarea name="notes" {TALL}></textarea>', "textarea name=notes"),
        (f'<input aria-labelledby="nobody" name="z" {TALL}>', "input name=z"),
        (f"<button {TALL}></button>", "button"),
        ('<a href="/x"></a>', "a href=/x"),
    ],
)
def test_an_unlabelled_control_is_named(blank: Any, control: str, named: str) -> None:
    blank.set_content(HEAD + control)
    with pytest.raises(AssertionError, match=f"controls with no name: \\['{named}"):
        assert_labelled(blank)


def test_a_hidden_control_needs_no_label(blank: Any) -> None:
    hidden = '<input type="hidden" name="csrf"><input name="q" style="display:none">'
    blank.set_content(HEAD + hidden)
    assert_labelled(blank)


def test_a_button_too_small_for_a_thumb_is_named(blank: Any) -> None:
    blank.set_content(HEAD + '<button style="height:30px;padding:0">Sell</button>')
    with pytest.raises(AssertionError, match=r"smaller than a thumb: \['button \(30 px high\)'\]"):
        assert_labelled(blank)
