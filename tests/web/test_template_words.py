"""The templates say their words through Jinja2's i18n extension, in English in the template
itself (issue #21): no page or sheet reads a word from a table by key any more, and every
``{% trans %}`` block holds plain words, since its text is printed as the template's own HTML
(a text with a value, a quote, ``&`` or ``<`` is written ``_("…")``, escaped as any value)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skirmish.translation import gettext

ROOT = Path(__file__).parents[2]
TEMPLATES = sorted((ROOT / "skirmish" / "web" / "templates").rglob("*.html")) + sorted(
    (ROOT / "templates").glob("*.html")
)
TRANS = re.compile(r"\{% trans %\}(.*?)\{% endtrans %\}", re.S)


def test_no_template_reads_a_word_from_a_table_by_key() -> None:
    by_key = re.compile(r"(?<![\w.])(t|sheet)(\.[a-z_][a-z_0-9]*\b(?!\()|\[)")
    found = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for path in TEMPLATES
        for m in by_key.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_trans_block_is_plain_words_in_both_languages(lang: str) -> None:
    blocks = {m.group(1) for p in TEMPLATES for m in TRANS.finditer(p.read_text("utf-8"))}
    assert len(blocks) > 200
    unsafe = sorted(b for b in blocks if set(gettext(lang, b)) & set("<>&'\"{}%"))
    assert unsafe == []
