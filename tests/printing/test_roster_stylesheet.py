"""``skirmish print roster`` has weasyprint parse and match only the part of the sheets'
stylesheet a roster uses (``render.ROSTER_STYLESHEETS``, issue #23): every rule of the other
files is kept to classes no roster carries, so leaving them out changes no page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import tinycss2
from print_fixtures import faction_gangs, lawmen_gang

from skirmish.i18n import Lang
from skirmish.printing.build import roster_view
from skirmish.printing.qr import qr_svg
from skirmish.printing.render import ROSTER_STYLESHEETS, STYLESHEETS, render_roster
from skirmish.resources import templates_dir

_CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
_CLASS_ATTRIBUTE = re.compile(r'class="([^"]*)"')


def _selectors(rules: list[object]) -> Iterator[str]:
    """Every selector of ``rules``, those nested in ``@media`` too; ``@page NAME`` as is."""
    for rule in rules:
        if isinstance(rule, tinycss2.ast.QualifiedRule):
            yield from tinycss2.serialize(rule.prelude).split(",")
        elif isinstance(rule, tinycss2.ast.AtRule) and rule.content is not None:
            if rule.lower_at_keyword == "page":
                yield "@page " + tinycss2.serialize(rule.prelude).strip()
            else:
                nested = tinycss2.parse_rule_list(rule.content, True, True)
                yield from _selectors(nested)


def _other_files_selectors() -> list[tuple[str, frozenset[str]]]:
    """Each selector of the stylesheet's files beyond the roster's, with the classes it needs:
    each names one (else it could match a roster's element), ``@page`` rules a named page."""
    found: list[tuple[str, frozenset[str]]] = []
    for name in STYLESHEETS:
        if name in ROSTER_STYLESHEETS:
            continue
        text = (templates_dir() / name).read_text(encoding="utf-8")
        for selector in _selectors(tinycss2.parse_stylesheet(text, True, True)):
            if selector.startswith("@page"):
                assert selector.split()[1:], f"{name}: an unnamed @page rule"
                continue
            classes = frozenset(_CLASS.findall(selector))
            assert classes, f"{name}: {selector.strip()!r} selects no class"
            found.append((selector.strip(), classes))
    return found


def _rosters() -> Iterator[str]:
    """Rosters with everything a roster can print: every faction, both languages, the dead,
    blank cards, house rules, a record, a link and its QR code."""
    link = "https://saloon.example.org/c/Tombstone/g/Earps"
    gang = lawmen_gang()
    dead = {**gang["members"][1], "name": "Billy Clanton", "status": "dead"}
    for lang in Lang:
        yield render_roster(
            roster_view(
                gang,
                lang,
                house_rules=[("H-01", "+50$")],
                dead=[dead],
                blank=2,
                campaign="Tombstone",
                record={"games": 3, "wins": 1, "rating": 400},
                link=link,
                qr=qr_svg(link, title="Earps"),
            ),
            lang,
            inline_css=False,
        )
        for other in faction_gangs():
            yield render_roster(roster_view(other, lang), lang, inline_css=False)


def test_the_roster_stylesheet_is_the_sheets_first_files() -> None:
    assert STYLESHEETS[: len(ROSTER_STYLESHEETS)] == ROSTER_STYLESHEETS  # the same cascade order


def test_no_rule_of_the_other_files_can_match_a_roster() -> None:
    """A selector matches an element only when it carries every class the selector names, so
    one class no roster carries is enough to keep a rule off every roster."""
    selectors = _other_files_selectors()
    named = set().union(*(classes for _, classes in selectors))
    assert {"standings", "ac-card", "ref-table", "scenario-card"} <= named
    used: set[str] = set()
    for html in _rosters():
        used |= {c for value in _CLASS_ATTRIBUTE.findall(html) for c in value.split()}
    assert {"model", "blank-card", "dead", "qr-link"} <= used
    matching = [selector for selector, classes in selectors if classes <= used]
    assert not matching
