"""The message catalogue (issue #21): every text the code marks for translation is in the
Italian catalogue, translated, not fuzzy, with the same placeholders as its English; the
catalogue holds nothing the code no longer says; and the Makefile's pybabel keywords are the
code's (``skirmish.translation.KEYWORDS``)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from skirmish.translation import KEYWORDS, LOCALE, Message, gettext, ngettext

ROOT = Path(__file__).resolve().parents[1]
PO = LOCALE / "it" / "LC_MESSAGES" / "skirmish.po"


def _babel_keywords() -> dict[str, tuple[object, ...] | None]:
    return dict(KEYWORDS.items())


@pytest.fixture(scope="module")
def extracted() -> dict[tuple[str | None, str], str]:
    found: dict[tuple[str | None, str], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(ROOT / "skirmish"),
        method_map=[("**.py", "python")],
        keywords=_babel_keywords(),
    ):
        # A plural message (ngettext, NMessage) is the entry of its singular: the plural is its
        # second form, not an entry of its own.
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault((context, msgid), f"skirmish/{filename}:{lineno}")
    return found


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
        if m.id and (m.context, m.id[0] if isinstance(m.id, tuple) else m.id) not in extracted
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


def test_the_makefile_gives_pybabel_the_codes_keywords() -> None:
    makefile = (ROOT / "Makefile").read_text()
    block = re.search(r"^KEYWORDS := (.*?)(?<!\\)\n", makefile, re.M | re.S)
    assert block
    given = {
        k.split(":")[0]: k.split(":")[1] if ":" in k else ""
        for k in re.findall(r"-k (\S+)", block.group(1))
    }

    def spec(value: tuple[object, ...] | None) -> str:
        if not value or value == (1,):
            return ""
        return ",".join(f"{p[0]}{p[1]}" if isinstance(p, tuple) else str(p) for p in value)

    assert given == {name: spec(value) for name, value in KEYWORDS.items()}


def test_italian_is_read_from_the_catalogue_and_english_is_the_msgid() -> None:
    assert gettext("it", "Gun") == "Arma"
    message = Message("unknown invalidity {name}: the ids are {ids}", name="'x'", ids="a, b")
    assert str(message) == "unknown invalidity 'x': the ids are a, b"
    assert message("it") == "invalidità sconosciuta 'x': gli id sono a, b"
    assert ngettext("en", "{n} wound", "{n} wounds", 1) == "1 wound"
    assert ngettext("en", "{n} wound", "{n} wounds", 2) == "2 wounds"
