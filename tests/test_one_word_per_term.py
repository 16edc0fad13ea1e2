"""One word per thing (issue #21, item 2): each of the book's terms has one English and one
Italian rendering across the command line, the web, the printed sheets and the Gazette. The
glossary is declared once here; the test reads every text the players see in both languages
side by side (the catalogue's msgid and msgstr, the rules data's ``*_en``/``*_it`` fields, the
scenario files) and the Italian alone (the templates' and the catalogue's Italian), and fails on
a term said in a word the glossary forbids for it.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "skirmish" / "locale" / "it" / "LC_MESSAGES" / "skirmish.po"


class Term(NamedTuple):
    """A book term: its English and Italian (regular expressions of the words a text uses for
    it), the Italian words never used for it anywhere, and those never used for it where the
    English says it (a word that means something else elsewhere: "obiettivo" is a scenario's
    objective, so never the target)."""

    en: str
    it: str
    never_it: tuple[str, ...] = ()
    not_for_it: tuple[str, ...] = ()
    #: the catalogue's Italian must say ``it`` wherever its English says ``en`` (matched
    #: case-sensitively: the characteristics are written in capitals in both languages)
    always: bool = False


#: The glossary (RULINGS §1 and the book's own words).
GLOSSARY: dict[str, Term] = {
    # ACCHIAPPARE CON IL LASSO, the weapon LASSO (tables 1 and 7): the book's "LAZZO" of §8.3
    # is a heading; "lasso" in both languages.
    "lasso": Term(r"\blasso", r"\blasso", never_it=(r"\blazz?o\b",)),
    # the model shot at or fought: "bersaglio" (the book says "obiettivo" too, but that is a
    # scenario's objective here)
    "target": Term(r"\btargets?\b", r"\bbersagli", not_for_it=(r"\bobiettiv",)),
    "objective": Term(r"\bobjectives?\b", r"\bobiettiv", not_for_it=(r"\bbersagli",)),
    # §4.2.1: copertura leggera / parziale / completa
    "full cover": Term(r"\bfull cover\b", r"copertura completa", never_it=(r"copertura totale",)),
    "light cover": Term(r"\blight cover\b", r"copertura leggera"),
    "partial cover": Term(r"\bpartial cover\b", r"copertura parziale"),
    # table 1 and 2: "fermo", "trotto", "corsa"
    "gallop": Term(r"\bgallop", r"\bcorsa\b", never_it=(r"\bgalopp",)),
    "trot": Term(r"\btrot", r"\btrotto\b"),
    # the states (§4.3.2)
    "shaken": Term(r"\bshaken\b", r"\bscoss[oaie]\b"),
    "terrified": Term(r"\bterrified\b", r"\bimpaurit|\bin panico\b", never_it=(r"\bterrorizzat",)),
    # neither shaken nor terrified: the glossary's "calmo" (``engine.glossary``), never "saldo"
    "steady": Term(r"\bsteady\b", r"\bcalm[oaie]\b", never_it=(r"\bsald[oaie]\b",)),
    # the civilian's state: "in fuga"
    "fleeing": Term(r"\bfleeing\b", r"\bin fuga\b", not_for_it=(r"\bfuggiasc",)),
    # the campaign's table of the gangs: "classifica"
    "standing": Term(
        r"\bstandings\b|\bthe standing\b", r"\bclassific", not_for_it=(r"\bgraduatori",)
    ),
    "prone": Term(r"\bprone\b", r"\bstes[oaie]\b|\ba terra\b"),
    # TEST DI FREDDEZZA
    "nerve test": Term(r"\bnerve test", r"test di freddezza", never_it=(r"test di nervi",)),
    # fanning the six-shooter (§5.2.2: "svuotando completamente il tamburo"): "svuotare il
    # tamburo" wherever the English says it (not a flag's name), never "sventagliare"
    "fanning": Term(
        r"(?<![-\w])[Ff]anning\b|\b[Ff]an (?:the|or)\b",
        r"\btamburo\b",
        never_it=(r"\bsventagli",),
        always=True,
    ),
    # the luck pages are "Dice luck" / "Sorte dei dadi": FORTUNA is the hero's points
    "luck": Term(r"\bluck\b", r"\bsorte\b", not_for_it=(r"\bfortuna\b",)),
    # the characteristics FAMA and FORTUNA (table 3): the same capitals in both languages
    # wherever the English names them ("FA" and "FO" are the book's columns, in both languages)
    "FAMA": Term(r"\bFAMA\b", r"\bFAMA\b", always=True),
    "FORTUNA": Term(r"\bFORTUNA\b", r"\bFORTUNA\b", always=True),
}


#: The glossary's terms the book has no word for, named by skirmish itself: the luck pages, a
#: model in neither state (the book says only what a panic test makes it), the civilian's
#: flight (R-20) and the campaign's table.
OWN = frozenset({"luck", "steady", "fleeing", "standing"})


def _po() -> Iterator[tuple[str, str, str]]:
    with PO.open("rb") as handle:
        catalogue = read_po(handle)
    for m in catalogue:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        yield f"catalogue {ids[0][:60]!r}", " ".join(ids), " ".join(s for s in strs if s)


def _pairs_of(where: str, data: Any) -> Iterator[tuple[str, str, str]]:
    """Every ``x_en``/``x_it`` pair of a rules data file or a scenario (``aliases`` are what a
    player may type, not what is said: left out)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key.endswith("_en") and isinstance(value, str):
                italian = data.get(key[:-3] + "_it")
                if isinstance(italian, str):
                    yield f"{where} {key[:-3]}", value, italian
            elif key != "aliases":
                yield from _pairs_of(where, value)
    elif isinstance(data, list):
        for item in data:
            yield from _pairs_of(where, item)


def _texts() -> Iterator[tuple[str, str, str]]:
    yield from _po()
    for path in sorted((ROOT / "skirmish" / "rules" / "data").glob("*.json")):
        yield from _pairs_of(path.name, json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "scenarios").glob("*.toml")):
        yield from _pairs_of(path.name, tomllib.loads(path.read_text(encoding="utf-8")))


def _templates() -> Iterator[tuple[str, str]]:
    for folder in (ROOT / "templates", ROOT / "skirmish" / "web" / "templates"):
        for path in sorted(folder.rglob("*.html")):
            yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


@pytest.mark.parametrize("term", GLOSSARY)
def test_each_term_has_one_italian_word(term: str) -> None:
    found = GLOSSARY[term]
    wrong = []
    for where, english, italian in _texts():
        for word in found.never_it:
            if re.search(word, italian, re.IGNORECASE):
                wrong.append(f"{where}: {italian!r}")
        said = where.startswith("catalogue")  # the rules data quote the book, its "FO" too
        if (
            found.always
            and said
            and re.search(found.en, english)
            and not re.search(found.it, italian)
        ):
            wrong.append(f"{where}: {english!r} → {italian!r}")
        if re.search(found.en, english, re.IGNORECASE):
            for word in found.not_for_it:
                if re.search(word, italian, re.IGNORECASE) and not re.search(
                    found.it, italian, re.IGNORECASE
                ):
                    wrong.append(f"{where}: {english!r} → {italian!r}")
    for where, text in _templates():
        for word in found.never_it:
            if re.search(word, text, re.IGNORECASE):
                wrong.append(f"{where}: {word}")
    assert not wrong, f"{term}: {len(wrong)} texts say it otherwise:\n" + "\n".join(wrong[:40])


def test_the_glossary_words_are_the_books() -> None:
    """Each Italian word of the glossary is in the rulebook or the rulings (no invented term)."""
    book = ROOT.parent / "shared" / "rules" / "per-qualche-dado-in-piu.it.txt"
    if not book.exists():
        book = Path("/work/shared/rules/per-qualche-dado-in-piu.it.txt")
    text = book.read_text(encoding="utf-8").lower()
    missing = [
        t for t, term in GLOSSARY.items() if t not in OWN and not re.search(term.it, text, re.I)
    ]
    assert not missing
