"""The checks every browser test relies on catch what they are for: a page that scrolls
sideways (naming the element to fix), an unlabelled control or one labelled only with a sign,
a link, button, summary or ticking label smaller than a thumb (44×44 CSS px, WCAG 2.5.5)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Phones
from .phone import assert_fits, assert_labelled, tap_targets

HEAD = '<meta name="viewport" content="width=device-width, initial-scale=1"><body style="margin:0">'
TALL = 'style="height:44px;min-width:44px"'
THUMB = 'style="display:inline-block;min-width:44px;min-height:44px"'


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
        + '<label for="c" style="display:block;min-height:44px">Yes</label>'
        + f'<textarea aria-label="Notes" {TALL}></textarea>'
        + f'<span id="n">Money</span><input type="number" aria-labelledby="n" {TALL}>'
        + '<input type="hidden" name="csrf">'
        + f"<button {TALL}>Buy</button>"
        + f'<button aria-label="Close" {TALL}>✕</button><a href="/" {THUMB}>Home</a>'
        + f"<details><summary {THUMB}>More</summary></details>"
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
        (f'<a href="/x" {THUMB}>›</a>', "a href=/x"),  # a sign alone says nothing
        (f"<button {TALL}>✕</button>", "button"),
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
    small = r"smaller than a thumb: \['button \"Sell\" \(\d+×30 px\)'\]"
    with pytest.raises(AssertionError, match=small):
        assert_labelled(blank)


@pytest.mark.parametrize(
    ("control", "named"),
    [
        ('<a href="/g">Earps</a>', r"a href=/g \"Earps\" \(\d+×\d+ px\)"),
        ('<p><a href="/g" style="display:inline-block;min-height:44px">Go</a></p>', "×44 px"),
        ("<details><summary>More</summary></details>", r"summary \"More\""),
        ('<input type="checkbox" id="c"><label for="c">Frank</label>', "label for=c"),
    ],
)
def test_a_link_summary_or_label_too_small_for_a_thumb_is_named(
    blank: Any, control: str, named: str
) -> None:
    blank.set_content(HEAD + control)
    with pytest.raises(AssertionError, match=f"smaller than a thumb: .*{named}"):
        assert_labelled(blank)


def test_the_smallest_target_is_told(blank: Any) -> None:
    blank.set_content(HEAD + f'<a href="/a" {THUMB}>Big</a><a href="/b">b</a>')
    smallest = tap_targets(blank)["smallest"]
    assert smallest["what"] == 'a href=/b "b"' and smallest["height"] < 44
