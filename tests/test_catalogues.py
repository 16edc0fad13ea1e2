"""Every message catalogue of the package says the same things in Italian and English.

A catalogue is a mapping ``{"it": {...}, "en": {...}}`` (``i18n.Catalogue``), kept next to the
code that uses it. The test imports every module of the package, finds every value shaped like
one (at module level, or one level down in a mapping of them) and checks that both languages
have exactly the same keys, or, for a row of column headers, the same number of columns. A key
missing in one language would fall back to English or fail only when that message is shown.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from skirmish.i18n import Lang

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"
LANGS = {lang.value for lang in Lang}

#: Modules that cannot be imported on their own: Alembic's environment and migrations run
#: inside Alembic, ``__main__`` runs the command line.
SKIPPED = ("skirmish.migrations", "skirmish.__main__")


def _module_names() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if not name.startswith(SKIPPED):
            names.append(name)
    return names


def _is_catalogue(value: object) -> bool:
    return (
        isinstance(value, Mapping)
        and set(value) == LANGS
        and all(isinstance(v, Mapping | tuple | list) for v in value.values())
    )


def _catalogues(module: ModuleType) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for name, value in vars(module).items():
        if _is_catalogue(value):
            yield f"{module.__name__}.{name}", value
        elif isinstance(value, Mapping):
            for key, inner in value.items():
                if _is_catalogue(inner):
                    yield f"{module.__name__}.{name}[{key!r}]", inner


def _all_catalogues() -> dict[str, Mapping[str, Any]]:
    found: dict[str, Mapping[str, Any]] = {}
    seen: set[int] = set()
    for name in _module_names():
        for where, catalogue in _catalogues(importlib.import_module(name)):
            if id(catalogue) not in seen:  # one imported under another name is the same one
                seen.add(id(catalogue))
                found[where] = catalogue
    return found


CATALOGUES = _all_catalogues()


@pytest.mark.parametrize(
    "where",
    [
        "skirmish.cli.game_text.MESSAGES",
        "skirmish.cli.render_combat.LABELS",
        "skirmish.cli.odds.MESSAGES",
        "skirmish.cli.scenario.MOVERS",
        "skirmish.cli.game_views.HEADERS",
        "skirmish.campaign.text.MESSAGES",  # the campaign package has no __init__.py
        "skirmish.campaign.text.STEP_TEXT",
        "skirmish.printing.reference_text.TEXT",
    ],
)
def test_the_catalogues_are_found(where: str) -> None:
    module, name = where.rsplit(".", 1)
    catalogue = getattr(importlib.import_module(module), name)
    assert any(found is catalogue for found in CATALOGUES.values())


@pytest.mark.parametrize("where", sorted(CATALOGUES))
def test_italian_and_english_say_the_same_things(where: str) -> None:
    catalogue = CATALOGUES[where]
    italian, english = catalogue["it"], catalogue["en"]
    if isinstance(italian, Mapping) and isinstance(english, Mapping):
        assert sorted(set(italian) - set(english)) == [], "only in Italian"
        assert sorted(set(english) - set(italian)) == [], "only in English"
        texts = [*italian.values(), *english.values()]
        assert all(isinstance(text, str) and text for text in texts), "an empty message"
    else:
        assert len(italian) == len(english), "a row of columns of another length"


@pytest.mark.parametrize("where", sorted(CATALOGUES))
def test_each_message_takes_the_same_values_in_both_languages(where: str) -> None:
    import string

    catalogue = CATALOGUES[where]
    if not isinstance(catalogue["en"], Mapping):
        return
    for key, english in catalogue["en"].items():
        italian = catalogue["it"].get(key, english)
        fields = [
            {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
            for text in (english, italian)
        ]
        assert fields[0] == fields[1], key
