"""A page's constant words are said when its template is compiled (``web.template_words``,
issue #23), and the page reads exactly as when they were said on each render."""

from __future__ import annotations

import pytest

from skirmish.translation import template_callables
from skirmish.web.site import HERE, _environment

#: Constant words in every form a template says them, and forms that must stay calls.
SOURCE = """{% trans %}Faction{% endtrans %}|{% trans %}R&D <b>{% endtrans %}
|{{ _("Gazette") }}|{{ gettext("Rating") }}|{{ pgettext("text.TEXT.treasury", "Treasury") }}
|{{ _("{paper}: {campaign}", paper=_("Gazette"), campaign=name) }}
|{% trans n=count %}{{ n }} model{% pluralize %}{{ n }} models{% endtrans %}
|{% trans who=name %}Logged in as {{ who }}{% endtrans %}
|{{ box._("Gazette") }}|{{ "Gazette"|upper }}|{{ _(label) }}|{{ _("<no such text>") }}
|{% set word = _("Games") %}{{ word }}|{{ _( "Wins" ) ~ "!" }}|{{ [_("Draws")]|join }}"""


class Box:
    """An object with a method called ``_``: never taken for the gettext callable."""

    def _(self, text: str) -> str:
        return f"box:{text}"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_words_read_the_same_said_once_or_on_each_render(lang: str) -> None:
    plain, folded = _environment(), _environment(lang)
    values = {"name": "<Tombstone>", "count": 2, "box": Box(), "label": "Losses"}
    said = template_callables(lang)
    expected = plain.from_string(SOURCE).render(**said, _=said["gettext"], **values)
    got = folded.from_string(SOURCE).render(**said, _=said["gettext"], **values)
    assert got == expected
    assert "box:Gazette" in got and "&lt;Tombstone&gt;" in got and "R&D <b>" in got
    if lang == "it":
        assert "Gazzetta" in got and "Fazione" in got


def test_the_compiled_templates_call_no_gettext_for_constant_words() -> None:
    """The roster card (``_model.html``, once per model on a gang page) says all its words when
    compiled; the frame of every page (``base.html``) most of them."""
    for name, most in (("_model.html", 0), ("base.html", 5)):
        calls = {}
        for lang in (None, "it"):
            env = _environment(lang)
            source = env.loader.get_source(env, name)[0]  # type: ignore[union-attr]
            calls[lang] = str(env.compile(source, name, raw=True)).count("context.call(")
        assert calls["it"] <= most < calls[None], (name, calls)


def test_every_page_template_compiles_in_each_language() -> None:
    names = [p.relative_to(HERE / "templates").as_posix() for p in HERE.glob("templates/**/*.html")]
    assert len(names) > 20
    for lang in ("en", "it"):
        env = _environment(lang)
        for name in names:
            env.get_template(name)
