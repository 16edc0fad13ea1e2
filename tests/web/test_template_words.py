"""Every word a template reads (``t.key``) is in the web's catalogue in both languages: a word
moved elsewhere (issue #20: the actions' labels now come from the catalogues of actions) must not
leave a page that fails to render."""

from __future__ import annotations

import re
from pathlib import Path

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

TEMPLATES = Path(__file__).parents[2] / "skirmish" / "web" / "templates"


def test_every_word_a_template_reads_is_in_both_languages() -> None:
    used = set()
    for path in TEMPLATES.rglob("*.html"):
        used |= set(re.findall(r"\bt\.([a-z][a-z_0-9]*)", path.read_text(encoding="utf-8")))
    assert len(used) > 100
    for lang in ("en", "it"):
        known = words(lang)
        assert sorted(k for k in used if k not in known) == [], lang
