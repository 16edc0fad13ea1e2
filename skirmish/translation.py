"""The two languages from gettext message catalogues (issue #21).

Every user-facing text is written once, in English, in the code that says it; its Italian lives
in ``skirmish/locale/it/LC_MESSAGES/skirmish.po``, managed with Babel (``make messages``
extracts and updates it; ``make demo`` and the wheel's build compile it to ``.mo``). English
needs no catalogue: a message's English is its msgid.

The output language is never global: a CLI command, a web request and a printed sheet each say
theirs, so every call takes it first.

- ``gettext(lang, msgid, **values)``: a message, formatted with ``str.format`` when given
  values.
- ``ngettext(lang, singular, plural, n, **values)``: a message with a number (``n`` is passed
  to the format as ``n`` too).
- ``pgettext(lang, context, msgid)``: a message whose English means two things in Italian.
- ``N_(msgid)`` and ``NP_(context, msgid)`` mark a message kept in a table to be translated
  where it is said (``gettext(lang, TABLE[key])``).
- ``Message(msgid, **values)``: a message said later in a language not yet known (an error: the
  CLI says it in ``--lang``, a page in the reader's), English by ``str()``; ``NMessage(singular,
  plural, n, **values)`` the same with a number. A value of a message may be ``Both`` (a name
  from the rules data in each language), ``Said`` (a function of the language) or a
  ``Message``.

An Italian msgstr may join a preposition to a name that begins with an article (the book's "Il
Biondo", "L'Indiano"): ``{who:di}`` says "del Biondo", "dell'Indiano", "di Wyatt Earp";
likewise ``{who:a}``, ``{who:da}``, ``{who:in}``, ``{who:su}``, and ``{who:Di}`` at the start of
a sentence (``with_preposition``). The msgids say ``{who}``; English ignores such a spec.

Babel finds each of these by name (``babel.cfg`` and the keywords in ``KEYWORDS``); a test
extracts them and fails on a msgid missing from the Italian catalogue, an untranslated or fuzzy
entry, or a translation whose placeholders differ from its msgid's.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

import gettext as _stdlib
import re
import string
from collections.abc import Callable
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any, NamedTuple

#: The gettext domain, and the folder of the catalogues (``LOCALE/<lang>/LC_MESSAGES``).
DOMAIN = "skirmish"
LOCALE = Path(__file__).parent / "locale"

#: The languages with a catalogue (English is the msgids themselves).
TRANSLATED = ("it",)

#: How Babel finds a message in the code and the templates (in ``babel.messages.frontend.
#: parse_keywords``' shape): the function and the position of its msgid (``c``: its context;
#: ``None``: the first). A template's ``{% trans %}`` calls ``gettext``/``ngettext``/``pgettext``
#: without the language, one argument fewer than the code's: those are told apart by their
#: number of arguments (the inner keys). Used by the Makefile's command line and the catalogue
#: test.
KEYWORDS: dict[str, Any] = {
    "gettext": {None: (2,), 1: (1,)},
    "ngettext": {None: (2, 3), 3: (1, 2)},
    "pgettext": {None: ((2, "c"), 3), 2: ((1, "c"), 2)},
    "N_": None,
    "NP_": ((1, "c"), 2),
    "Message": None,
    "NMessage": (1, 2),
    # a field's label and help (``campaign.fields.Words``), and its short name in the fields
    "W": None,
    "Words": None,
    # a template's text with values: ``{{ _("Game {game}", game=number) }}``
    "_": None,
}


class Contextual(str):
    """A msgid kept in a table with the context that tells it apart (``NP_``)."""

    context: str

    def __new__(cls, context: str, msgid: str) -> "Contextual":
        made = super().__new__(cls, msgid)
        made.context = context
        return made


def N_(msgid: str) -> str:  # noqa: N802 - gettext's own name for a deferred message
    """Mark ``msgid`` for the catalogue; it is translated where it is said."""
    return msgid


def NP_(context: str, msgid: str) -> str:  # noqa: N802 - as N_, with a context
    """Mark ``msgid`` with the ``context`` that tells it apart from the same English."""
    return Contextual(context, msgid)


def _compiled(po: Path) -> _stdlib.NullTranslations:
    """The catalogue compiled in memory from its ``.po`` (a checkout whose ``.mo`` is missing or
    older than the ``.po``: the developer just edited it)."""
    from babel.messages.mofile import write_mo  # lazy: babel
    from babel.messages.pofile import read_po  # lazy: babel

    with po.open("rb") as handle:
        catalog = read_po(handle)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _stdlib.GNUTranslations(buffer)


@cache
def translations(lang: str) -> _stdlib.NullTranslations:
    """The catalogue of ``lang`` (none for English: its msgids are the English)."""
    if lang not in TRANSLATED:
        return _stdlib.NullTranslations()
    folder = LOCALE / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime):
        return _compiled(po)
    with mo.open("rb") as handle:
        return _stdlib.GNUTranslations(handle)


#: The prepositions an Italian msgstr joins to a name's article, by the stem each takes before
#: the article's joined form (di + il = del, in + gli = negli).
PREPOSITIONS = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
#: Each definite article and its form joined to a preposition (de + l = del, su + lla = sulla).
_JOINED_ARTICLES = {"il": "l", "lo": "llo", "la": "lla", "i": "i", "gli": "gli", "le": "lle"}
#: A name that begins with an article: "Il Biondo", "gli Earp", "L'Indiano" (’ too).
_ARTICLE = re.compile(r"(il|lo|la|i|gli|le) (?=\S)|(l)(['’])(?=\w)", re.IGNORECASE)
#: A placeholder with a preposition's spec, ``{who:di}`` (the templates that need ``_Joiner``).
_JOINS = re.compile(r"\{[^{}:!]*(?:![rsa])?:(?i:" + "|".join(PREPOSITIONS) + r")\}")


def with_preposition(name: str, preposition: str) -> str:
    """``name`` after the Italian ``preposition`` (``di``, ``a``, ``da``, ``in``, ``su``; with a
    capital, ``Di``, at the start of a sentence), joined to the article the name begins with:
    "del Biondo", "dell'Indiano", "agli Earp", "sulla Vedova"; "di Wyatt Earp" without an article
    and "ad Abilene" before an a (the "d eufonica")."""
    stem = PREPOSITIONS[preposition.lower()]
    found = _ARTICLE.match(name)
    if found is None:
        word = "ad" if preposition.lower() == "a" and name[:1] in ("a", "A") else preposition
        said = f"{word.lower()} {name}"
    elif found.group(1) is not None:
        said = f"{stem}{_JOINED_ARTICLES[found.group(1).lower()]} {name[found.end() :]}"
    else:
        said = f"{stem}ll{found.group(3)}{name[found.end() :]}"
    return said[0].upper() + said[1:] if preposition[:1].isupper() else said


class _Joiner(string.Formatter):
    """``str.format`` with the prepositions' specs: joined to the name in Italian, ignored in
    English (whose msgids never carry them)."""

    def __init__(self, italian: bool) -> None:
        self.italian = italian

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.lower() in PREPOSITIONS:
            return with_preposition(str(value), format_spec) if self.italian else str(value)
        return super().format_field(value, format_spec)


_JOINERS = {True: _Joiner(italian=True), False: _Joiner(italian=False)}


class Joinable(str):
    """A translation said without values whose placeholders join a preposition (``{who:di}``),
    formatted later by its caller (``TABLE[lang][key].format(who=…)``, ``tr``): its
    ``format`` joins them as ``gettext`` does."""

    italian: bool

    def __new__(cls, template: str, italian: bool) -> "Joinable":
        made = super().__new__(cls, template)
        made.italian = italian
        return made

    def format(self, *args: Any, **kwargs: Any) -> str:
        return _JOINERS[self.italian].format(str(self), *args, **kwargs)

    def format_map(self, mapping: Any) -> str:
        return _JOINERS[self.italian].vformat(str(self), (), mapping)


def _said(template: str, values: dict[str, Any], lang: str = "en") -> str:
    if not _JOINS.search(template):
        return template.format(**values) if values else template
    if not values:
        return Joinable(template, italian=str(lang) == "it")
    return _JOINERS[str(lang) == "it"].format(template, **values)


def gettext(lang: str, msgid: str, **values: Any) -> str:
    """``msgid`` in ``lang``, formatted with ``values``."""
    found = translations(str(lang))
    if isinstance(msgid, Contextual):
        return _said(found.pgettext(msgid.context, msgid), values, lang)
    return _said(found.gettext(msgid), values, lang)


def pgettext(lang: str, context: str, msgid: str, **values: Any) -> str:
    """``msgid`` in ``lang`` as meant in ``context``, formatted with ``values``."""
    return _said(translations(str(lang)).pgettext(context, msgid), values, lang)


def ngettext(lang: str, singular: str, plural: str, n: int, **values: Any) -> str:
    """The form of ``singular``/``plural`` for ``n`` in ``lang``, formatted with ``values`` and
    ``n``."""
    found = translations(str(lang)).ngettext(singular, plural, n)
    return _said(found, {"n": n, **values}, lang)


def template_callables(lang: str) -> dict[str, Callable[..., str]]:
    """The gettext callables of a template rendered in ``lang``, given in its render context:
    Jinja2's i18n extension (``jinja2.ext.i18n``, old style) calls them for ``_("…")``,
    ``{% trans %}…{% endtrans %}`` and ``{% pluralize %}``.

    ``_("English {x}", x=value)`` is said as ``gettext`` says it (``str.format``, the code's
    msgids and placeholders: one English, one translation) and escaped where it is printed, as
    any value. A ``{% trans %}`` block's text is the template's own HTML, printed unescaped
    (Jinja2's way): it holds plain words only, its values (``%(x)s`` there) being escaped; a text
    with a value, a quote or ``&`` is written ``_("…")``. A template's ``pgettext`` and
    ``ngettext`` take no values (they would not be found by ``make messages``)."""

    def said(msgid: str, **values: Any) -> str:
        return gettext(lang, msgid, **values)

    def said_with_n(singular: str, plural: str, n: int, **values: Any) -> str:
        return ngettext(lang, singular, plural, n, **values)

    def said_as_meant(context: str, msgid: str, **values: Any) -> str:
        return pgettext(lang, context, msgid, **values)

    def said_as_meant_with_n(
        context: str, singular: str, plural: str, n: int, **values: Any
    ) -> str:
        found = translations(str(lang)).npgettext(context, singular, plural, n)
        return _said(found, {"n": n, **values}, lang)

    return {
        "gettext": said,
        "ngettext": said_with_n,
        "pgettext": said_as_meant,
        "npgettext": said_as_meant_with_n,
    }


class Both(NamedTuple):
    """A value of a message that is itself said in both languages: a name from the rules data
    (``name_en``/``name_it``), or a phrase built in each; the message takes the one of the
    language it is said in."""

    en: Any
    it: Any

    def __str__(self) -> str:
        return str(self.en)


class Said:
    """A value of a message said by a function of the message's language (a phrase of the
    catalogue that the message wraps, ``Said(lambda lang: gettext(lang, "the rules"))``)."""

    __slots__ = ("say",)

    def __init__(self, say: Callable[[str], Any]) -> None:
        self.say = say

    def __str__(self) -> str:
        return str(self.say("en"))


def said_value(value: Any, lang: str) -> Any:
    """A message's value as said in ``lang``."""
    if isinstance(value, Both):
        return value.it if str(lang) == "it" else value.en
    if isinstance(value, Said):
        return value.say(str(lang))
    if isinstance(value, Message):
        return value(lang)
    return value


class Message:
    """A message to be said later, in a language not known yet: its msgid and values (a
    ``Both`` value, a ``Said`` one and a ``Message`` one are said in the message's
    language)."""

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, **values: Any) -> None:
        self.msgid = msgid
        self.values = values

    def __call__(self, lang: str) -> str:
        """The message in ``lang``."""
        return gettext(lang, self.msgid, **{k: said_value(v, lang) for k, v in self.values.items()})

    def __str__(self) -> str:
        return self("en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.msgid!r}, **{self.values!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return (self.msgid, self.values) == (other.msgid, other.values)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.msgid)


class NMessage(Message):
    """A ``Message`` with a number ``n``: said in the form of ``singular``/``plural`` that
    ``n`` takes in the message's language (``ngettext``)."""

    __slots__ = ("plural",)

    def __init__(self, singular: str, plural: str, n: int, **values: Any) -> None:
        super().__init__(singular, n=n, **values)
        self.plural = plural

    def __call__(self, lang: str) -> str:
        """The message in ``lang``."""
        values = {k: said_value(v, lang) for k, v in self.values.items()}
        n = values.pop("n")
        return ngettext(lang, self.msgid, self.plural, n, **values)
