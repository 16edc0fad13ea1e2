"""The pages' templates with their constant words said once, when a template is compiled, rather
than on every render (issue #23).

A page's template says most of its words as constants: ``{% trans %}Faction{% endtrans %}``,
``_("Gazette")``, ``pgettext("text.TEXT.treasury", "Treasury")``. Jinja2 calls the gettext
callable of the render's context for each of them, on each render: about a hundred calls a
gang page (the roster's card says its sixteen headings once per model). ``Folding`` is Jinja2's
own i18n extension (``jinja2.ext.i18n``) for an environment of one language
(``environment.words_lang``): a ``{% trans %}`` block without values, and a ``_("…")``,
``gettext("…")`` or ``pgettext("…", "…")`` of string literals only, becomes the text its
callable would have said in that language, so the compiled template holds the words. The page
is the same to the byte: a block's words are printed as they are (Jinja2's ``{% trans %}`` marks
them safe), a call's as a string literal, escaped where it is printed, as the call's answer was.
Anything else (values, plurals, a text that joins values: ``translation.Joinable``) is left to
the callables, as before. Each language has its environment, so each template is compiled once
per language.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jinja2 import nodes
from jinja2.ext import InternationalizationExtension
from jinja2.lexer import (
    TOKEN_COMMA,
    TOKEN_DOT,
    TOKEN_LPAREN,
    TOKEN_NAME,
    TOKEN_PIPE,
    TOKEN_RPAREN,
    TOKEN_STRING,
    Token,
    TokenStream,
)
from jinja2.parser import Parser

from skirmish.translation import gettext, pgettext

#: The callables whose constant calls are said at compile time, and how many string arguments
#: each takes (``pgettext``: the context, then the text).
CALLS = {"_": 1, "gettext": 1, "pgettext": 2}


class Folding(InternationalizationExtension):
    """``jinja2.ext.i18n``, with the constant words said in ``environment.words_lang``."""

    def __init__(self, environment: Any) -> None:
        super().__init__(environment)
        environment.extend(words_lang=None)

    def said(self, strings: list[str]) -> str | None:
        """What the callable says for these literal arguments, or ``None``: not said here (no
        language, or a text that joins values, which stays a ``Joinable``)."""
        lang = self.environment.words_lang  # type: ignore[attr-defined]
        if lang is None:
            return None
        text = gettext(lang, strings[0]) if len(strings) == 1 else pgettext(lang, *strings)
        return text if type(text) is str else None

    def parse(self, parser: Parser) -> nodes.Node | list[nodes.Node]:
        """A ``{% trans %}`` block; one without values or plural, its words as template data."""
        made = super().parse(parser)
        said = self._constant(made)
        return nodes.Output([nodes.TemplateData(said)]) if said is not None else made

    def _constant(self, made: nodes.Node | list[nodes.Node]) -> str | None:
        if not isinstance(made, nodes.Output) or len(made.nodes) != 1:
            return None
        safe = made.nodes[0]
        call = safe.expr if isinstance(safe, nodes.MarkSafeIfAutoescape) else None
        if not isinstance(call, nodes.Call) or call.kwargs or call.dyn_args or call.dyn_kwargs:
            return None
        if not isinstance(call.node, nodes.Name) or call.node.name not in ("gettext", "pgettext"):
            return None
        if not all(isinstance(a, nodes.Const) and isinstance(a.value, str) for a in call.args):
            return None
        strings = [a.value for a in call.args if isinstance(a, nodes.Const)]
        if len(strings) != CALLS[call.node.name]:
            return None
        return self.said(strings)

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        """A call of ``CALLS`` with string literals only, as the literal its answer is (not a
        method or a filter of that name: ``x._("…")``, ``x|gettext``)."""
        pending: list[Token] = []
        before = ""  # the type of the token before ``pending``
        for token in stream:
            if not pending:
                if self._starts(token, before):
                    pending = [token]
                else:
                    yield token
                    before = token.type
                continue
            pending.append(token)
            if not self._may_fold(pending):
                last = pending.pop()
                yield from pending
                before = pending[-1].type
                pending = [last] if self._starts(last, before) else []
                if not pending:
                    yield last
                    before = last.type
            elif len(pending) == 1 + len(self._shape(CALLS[pending[0].value])):
                said = self.said([t.value for t in pending if t.type == TOKEN_STRING])
                if said is None:
                    yield from pending
                else:
                    yield Token(pending[0].lineno, TOKEN_STRING, said)
                before, pending = TOKEN_STRING, []
        yield from pending

    @staticmethod
    def _starts(token: Token, before: str) -> bool:
        """Whether ``token`` may begin a foldable call: a name of ``CALLS`` called as itself."""
        return (
            token.type == TOKEN_NAME
            and token.value in CALLS
            and before not in (TOKEN_DOT, TOKEN_PIPE)
        )

    @staticmethod
    def _shape(count: int) -> list[str]:
        """The tokens of a call of ``count`` string arguments, after the callable's name."""
        shape = [TOKEN_LPAREN, TOKEN_STRING]
        for _ in range(count - 1):
            shape += [TOKEN_COMMA, TOKEN_STRING]
        return [*shape, TOKEN_RPAREN]

    def _may_fold(self, pending: list[Token]) -> bool:
        """Whether ``pending`` (begun by a name of ``CALLS``) may still become a foldable call."""
        shape = self._shape(CALLS[pending[0].value])
        rest = [t.type for t in pending[1:]]
        return len(rest) <= len(shape) and rest == shape[: len(rest)]
