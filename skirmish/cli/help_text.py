"""The help screens in the run's language, flowing to the terminal's width (issue #21).

A help text is written once, in English, where its command or option is declared: a paragraph
is one line of code-joined sentences (no ``\\n`` inside a sentence), paragraphs are parted by a
blank line, and an example is a paragraph of its own, ``Example: <command line>``. The English
is the msgid (``N_``) of the message catalogue; a text made from the rules data or the action
catalogues in both languages is declared with ``both(english, italian)`` instead.

Nothing is translated at import: the help of this run is said in its language when click
renders it. ``SkirmishGroup.main`` (``cli/main.py``) sets ``HELP_LANG`` from the command line's
``--lang`` (before ``--help``), else ``SKIRMISH_LANG``, else English; every command built for the
run gets ``HelpContext``, whose ``get_help`` says the command's texts, its options' and its
subcommands' in that language for the time of the rendering, typer's own words included
("Usage:", "Options", "[default: …]"…).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from typing import Any

from typer._click import Command, Context
from typer._click.formatting import HelpFormatter

from skirmish.translation import N_, gettext

#: The language of this run's help screens (``SkirmishGroup.main`` sets it).
HELP_LANG: ContextVar[str] = ContextVar("skirmish_help_lang", default="en")

#: How the help texts made in both languages (``both``) are said in Italian, by their English.
_MADE: dict[str, Callable[[], str]] = {}

#: An example paragraph: ``Example: LINE`` or ``Example (§4.2): LINE``.
_EXAMPLE = re.compile(r"Example(?: \((?P<where>[^)]*)\))?: (?P<line>.*)", re.DOTALL)

#: typer's own words on a help screen (``typer.rich_utils``'s public names), as said here.
TYPER_WORDS: dict[str, str] = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
#: The help option's own help, and the usage line's words.
HELP_OPTION = N_("Show this message and exit.")
USAGE = N_("Usage:")
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")


def both(english: str, italian: Callable[[], str]) -> str:
    """A help text made in each language (from the rules data, the action catalogues): its
    English, for typer; ``italian`` makes its Italian when the help is shown in Italian."""
    english = flowing(english)
    _MADE[english] = lambda: flowing(italian())
    return english


def example(line: str, where: str = "") -> str:
    """An example paragraph: ``Example: LINE`` (``Example (WHERE): LINE``)."""
    return f"Example ({where}): {line}" if where else f"Example: {line}"


def _paragraphs(text: str) -> list[str]:
    lines = [line.strip() for line in text.strip().splitlines()]
    return [" ".join(p.split("\n")) for p in "\n".join(lines).split("\n\n") if p.strip()]


def flowing(text: str) -> str:
    """``text`` with each paragraph on one line (the terminal wraps it), paragraphs parted by a
    blank line."""
    return "\n\n".join(_paragraphs(text))


def _example_in(lang: str, match: re.Match[str]) -> str:
    line = match["line"]
    if lang == "it" and line in _MADE:
        line = _MADE[line]()
    elif lang != "en":
        line = gettext(lang, line)
    if match["where"]:
        return gettext(lang, "Example ({where}): {line}", where=match["where"], line=line)
    return gettext(lang, "Example: {line}", line=line)


def said(text: str, lang: str) -> str:
    """A help text in ``lang``, paragraph by paragraph, each flowing on one line."""
    out = []
    for paragraph in _paragraphs(text):
        found = _EXAMPLE.fullmatch(paragraph)
        if found:
            out.append(_example_in(lang, found))
        elif lang == "it" and paragraph in _MADE:
            out.append(_MADE[paragraph]())
        else:
            out.append(gettext(lang, paragraph) if lang != "en" else paragraph)
    return "\n\n".join(out)


@contextmanager
def _set(target: Any, name: str, value: Any) -> Iterator[None]:
    """``target.name`` is ``value`` for the time of the block."""
    before = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, before)


def _texts(command: Command, ctx: Context, lang: str) -> Iterator[tuple[Any, str, Any]]:
    """What the help screen of ``command`` says: (object, attribute, value in ``lang``)."""
    if command.help:
        yield command, "help", said(command.help, lang)
    if command.short_help:
        yield command, "short_help", said(command.short_help, lang)
    if command.options_metavar == "[OPTIONS]":
        yield command, "options_metavar", gettext(lang, OPTIONS_METAVAR)
    if getattr(command, "subcommand_metavar", None) == "COMMAND [ARGS]...":
        yield command, "subcommand_metavar", gettext(lang, SUBCOMMAND_METAVAR)
    for param in command.get_params(ctx):
        if getattr(param, "help", None):
            yield param, "help", said(param.help, lang)  # type: ignore[attr-defined]
        if getattr(param, "rich_help_panel", None):
            yield param, "rich_help_panel", said(param.rich_help_panel, lang)  # type: ignore[attr-defined]
        if isinstance(getattr(param, "show_default", None), str):
            yield param, "show_default", said(param.show_default, lang)  # type: ignore[attr-defined]
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        yield help_option, "help", gettext(lang, HELP_OPTION)
    lister: Callable[[Context], list[str]] | None = getattr(command, "list_commands", None)
    if lister is not None:
        for name in lister(ctx):
            sub = command.get_command(ctx, name)  # type: ignore[attr-defined]
            if sub is not None and sub.help:
                yield sub, "help", said(sub.help, lang)
    # lazy: rich
    import typer.rich_utils  # typer's rich help screen, only when a help screen is shown

    for name, english in TYPER_WORDS.items():
        yield typer.rich_utils, name, gettext(lang, english)
    yield typer.rich_utils, "DEFAULT_STRING", gettext(lang, "[default: {value}]", value="{}")
    yield typer.rich_utils, "ENVVAR_STRING", gettext(lang, "[env var: {value}]", value="{}")


class UsageFormatter(HelpFormatter):
    """click's formatter, whose usage line begins with "Usage:" in the run's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = gettext(HELP_LANG.get(), USAGE) + " "
        super().write_usage(prog, args, prefix)


class HelpContext(Context):
    """The context of a command built for this run: its help said in the run's language."""

    formatter_class = UsageFormatter

    def get_help(self) -> str:
        with ExitStack() as stack:
            for target, name, value in list(_texts(self.command, self, HELP_LANG.get())):
                stack.enter_context(_set(target, name, value))
            return super().get_help()


def adopt(command: Command) -> Command:
    """``command`` and the subcommands already built under it, with ``HelpContext``."""
    command.context_class = HelpContext
    for sub in getattr(command, "commands", {}).values():
        adopt(sub)
    return command
