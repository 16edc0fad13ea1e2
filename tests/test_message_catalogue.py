"""The message catalogue (issue #21): every text the code and the templates (the web pages' and
the printed sheets', through Jinja2's i18n extension) mark for translation is in the Italian
catalogue, translated, not fuzzy, with the same placeholders as its English; the
catalogue holds nothing the code no longer says; and the Makefile's pybabel keywords are the
code's (``skirmish.translation.KEYWORDS``)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po

from skirmish.translation import KEYWORDS, LOCALE, PREPOSITIONS, Message, gettext, ngettext

ROOT = Path(__file__).resolve().parents[1]
PO = LOCALE / "it" / "LC_MESSAGES" / "skirmish.po"


#: Where the texts are, as ``babel.cfg`` says (a folder, its files, how they are read).
SOURCES = (
    ("skirmish", "**.py", "python", {}),
    ("skirmish/web/templates", "**.html", "jinja2", {}),
    ("templates", "*.html", "jinja2", {}),
)
#: How Jinja2's extractor reads the templates: the environments' own options (``babel.cfg``).
JINJA = {"trim_blocks": "true", "lstrip_blocks": "true", "silent": "false"}


def extract(folder: Path, pattern: str, method: str) -> dict[tuple[str | None, str], str]:
    """Every ``(context, msgid)`` Babel finds under ``folder`` and where it first is."""
    found: dict[tuple[str | None, str], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(folder),
        method_map=[(pattern, method)],
        options_map={pattern: JINJA} if method == "jinja2" else {},
        keywords=KEYWORDS,
    ):
        # a plural message (``ngettext``) is kept in the catalogue under its singular
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault((context, msgid), f"{folder.name}/{filename}:{lineno}")
    return found


@pytest.fixture(scope="module")
def extracted() -> dict[tuple[str | None, str], str]:
    found: dict[tuple[str | None, str], str] = {}
    for folder, pattern, method, _ in SOURCES:
        for key, where in extract(ROOT / folder, pattern, method).items():
            found.setdefault(key, where)
    return found


def test_babel_cfg_names_every_source() -> None:
    config = (ROOT / "babel.cfg").read_text()
    for folder, pattern, method, _ in SOURCES:
        assert f"[{method}: {folder}/{pattern}]" in config
    for option, value in JINJA.items():
        assert config.count(f"{option} = {value}") == 2


def test_a_template_text_is_extracted_with_its_context(tmp_path: Path) -> None:
    """The template's own calls (a ``{% trans %}`` block, ``_()`` with values, ``pgettext``,
    ``{% pluralize %}``) are found with one argument fewer than the code's, not confused."""
    (tmp_path / "page.html").write_text(
        "<p>{% trans %}Standings{% endtrans %} {{ _('Game {game}', game=3) }}"
        " {{ pgettext('a gun', 'jammed') }}"
        " {% trans count=n %}{{ count }} die{% pluralize %}{{ count }} dice{% endtrans %}</p>"
    )
    assert set(extract(tmp_path, "*.html", "jinja2")) == {
        (None, "Standings"),
        (None, "Game {game}"),
        ("a gun", "jammed"),
        (None, "%(count)s die"),  # a plural, kept under its singular
    }


@pytest.fixture(scope="module")
def catalogue():  # type: ignore[no-untyped-def]
    with PO.open("rb") as handle:
        return read_po(handle)


def _placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def test_every_text_of_the_code_is_in_the_catalogue(extracted, catalogue) -> None:  # type: ignore[no-untyped-def]
    missing = [
        f"{where}: {msgid!r}"
        for (context, msgid), where in extracted.items()
        if catalogue.get(msgid, context=context) is None
    ]
    assert not missing, (
        f"{len(missing)} texts are not in {PO.relative_to(ROOT)}: run `make messages` and "
        "translate them:\n" + "\n".join(missing[:30])
    )


def test_the_catalogue_holds_nothing_the_code_no_longer_says(extracted, catalogue) -> None:  # type: ignore[no-untyped-def]
    unused = [
        m.id
        for m in catalogue
        if m.id and (m.context, m.id[0] if m.pluralizable else m.id) not in extracted
    ]
    assert not unused, f"{len(unused)} entries unused (`make messages` drops them): {unused[:10]}"


def test_every_entry_is_translated_and_not_fuzzy(catalogue) -> None:  # type: ignore[no-untyped-def]
    fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
    empty = [
        m.id
        for m in catalogue
        if m.id and not (m.string if isinstance(m.string, str) else all(m.string))
    ]
    assert not fuzzy, f"fuzzy: {fuzzy[:10]}"
    assert not empty, f"untranslated: {empty[:10]}"


def test_each_translation_has_its_english_placeholders(catalogue) -> None:  # type: ignore[no-untyped-def]
    wrong = []
    for m in catalogue:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set().union(*(_placeholders(i) for i in ids))
        for s in strings:
            if _placeholders(s) - wanted or (len(ids) == 1 and _placeholders(s) != wanted):
                wrong.append(f"{m.id!r} -> {s!r}")
    assert not wrong, "\n".join(wrong[:20])


def _specs(text: str) -> dict[str, set[str]]:
    specs: dict[str, set[str]] = {}
    for _, field, spec, _ in string.Formatter().parse(text):
        if field is not None:
            specs.setdefault(field, set()).add(spec or "")
    return specs


def test_a_translation_keeps_its_english_format_specs_or_joins_a_preposition(catalogue) -> None:  # type: ignore[no-untyped-def]
    """A msgstr formats a value as its msgid does (``{n:,}`` stays ``{n:,}``), or, for a value
    with no spec in the msgid, joins an Italian preposition to it (``{who:di}``); a msgid never
    carries a preposition's spec (English says its own "of")."""
    wrong = []
    for m in catalogue:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        english: dict[str, set[str]] = {}
        for i in ids:
            for field, specs in _specs(i).items():
                english.setdefault(field, set()).update(specs)
                if {spec.lower() for spec in specs} & set(PREPOSITIONS):
                    wrong.append(f"msgid {i!r} carries a preposition")
        for s in strings:
            for field, specs in _specs(s).items():
                allowed = english.get(field, set())
                if english.get(field) == {""}:
                    allowed = allowed | set(PREPOSITIONS) | {p.title() for p in PREPOSITIONS}
                if specs - allowed:
                    wrong.append(f"{m.id!r} -> {s!r}: {field} formatted {sorted(specs - allowed)}")
    assert not wrong, "\n".join(wrong[:20])


def test_the_makefile_gives_pybabel_the_codes_keywords() -> None:
    makefile = (ROOT / "Makefile").read_text()
    block = re.search(r"^KEYWORDS := (.*?)(?<!\\)\n", makefile, re.M | re.S)
    assert block
    assert parse_keywords(re.findall(r"-k (\S+)", block.group(1))) == KEYWORDS


def test_italian_is_read_from_the_catalogue_and_english_is_the_msgid() -> None:
    assert gettext("it", "Gun") == "Arma"
    message = Message("unknown invalidity {name}: the ids are {ids}", name="'x'", ids="a, b")
    assert str(message) == "unknown invalidity 'x': the ids are a, b"
    assert message("it") == "invalidità sconosciuta 'x': gli id sono a, b"
    assert ngettext("en", "{n} wound", "{n} wounds", 1) == "1 wound"
    assert ngettext("en", "{n} wound", "{n} wounds", 2) == "2 wounds"
