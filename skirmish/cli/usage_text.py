"""The command line's own complaints (click's, through typer) in the chosen language.

click writes its usage errors in English only ("No such option: --x", "Missing argument
'GANG'.", "Invalid value for '--tiro': 'abc' is not a valid integer."). ``italian`` turns each
shape it knows into Italian, word for word around what the user typed (option names and values
stay as typed); a message of a shape it does not know stays English rather than half
translated. ``sentence`` ends a message with one full stop and the pointer to the command's
help, never two marks in a row ("Did you mean 'weapons'? See…").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from skirmish.i18n import Catalogue, Lang, messages
from skirmish.translation import N_, gettext

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

#: The reasons click gives for an invalid value (what follows "Invalid value for 'X': ").
_VALUE_RULES: tuple[_Rule, ...] = (
    (
        re.compile(r"(?s)(?P<v>.+) is not a valid (?:int|integer)\.?"),
        lambda m: gettext(Lang.IT, "{v} is not a valid whole number.", v=m["v"]),
    ),
    (
        re.compile(r"(?s)(?P<v>.+) is not a valid float\.?"),
        lambda m: gettext(Lang.IT, "{v} is not a valid number.", v=m["v"]),
    ),
    (
        re.compile(r"(?s)(?P<v>.+) is not a valid boolean\. Recognized values: (?P<r>.+)"),
        lambda m: gettext(
            Lang.IT, "{v} is not a valid yes/no value. Recognised values: {r}", v=m["v"], r=m["r"]
        ),
    ),
    (
        re.compile(r"(?s)(?P<v>.+) is not one of (?P<c>.+?)\.?"),
        lambda m: gettext(Lang.IT, "{v} is not one of {c}.", v=m["v"], c=m["c"]),
    ),
    (
        re.compile(r"(?s)(?P<v>.+) is not in the range (?P<r>.+?)\.?"),
        lambda m: gettext(Lang.IT, "{v} is not in the range {r}.", v=m["v"], r=m["r"]),
    ),
    (
        re.compile(r"(?s)(?P<v>.+) is not a valid (?P<t>[\w ]+)\.?"),
        lambda m: gettext(Lang.IT, "{v} is not a valid value ({t}).", v=m["v"], t=m["t"]),
    ),
    (
        re.compile(r"Takes (?P<n>\d+) values but (?P<g>\d+) given\.?"),
        lambda m: gettext(Lang.IT, "takes {n} values but {g} were given.", n=m["n"], g=m["g"]),
    ),
)

_MISSING = {"argument": N_("Missing argument"), "option": N_("Missing option")}


#: Where a refusal the rules said stands in a usage error (cli/main.py says it in the run's
#: language itself).
REFUSAL = "\x00"


def _value(reason: str) -> str | None:
    if reason.strip() == REFUSAL:
        return REFUSAL
    for pattern, render in _VALUE_RULES:
        found = pattern.fullmatch(reason.strip())
        if found:
            return render(found)
    return None


def _invalid(m: re.Match[str]) -> str | None:
    reason = _value(m["reason"])
    if reason is None:
        return None
    if m["hint"]:
        return gettext(Lang.IT, "Invalid value for {hint}: {reason}", hint=m["hint"], reason=reason)
    return gettext(Lang.IT, "Invalid value: {reason}", reason=reason)


#: Every usage error click and typer raise, by its English shape.
_RULES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]], ...] = (
    (
        re.compile(r"No such command (?P<name>'.*')\.?"),
        lambda m: gettext(Lang.IT, "No such command {name}.", name=m["name"]),
    ),
    (
        re.compile(r"(?s)No such option: (?P<name>.+?)(?: \(Possible options: (?P<p>.+)\))?"),
        lambda m: (
            gettext(
                Lang.IT, "No such option: {name} (possible options: {p})", name=m["name"], p=m["p"]
            )
            if m["p"]
            else gettext(Lang.IT, "No such option: {name}", name=m["name"])
        ),
    ),
    (
        re.compile(r"(?s)Missing (?P<kind>argument|option|parameter)(?P<hint> .+?)?\.(?P<x>.*)"),
        lambda m: (
            gettext(Lang.IT, _MISSING.get(m["kind"], N_("Missing parameter")))
            + f"{m['hint'] or ''}.{m['x']}"
        ),
    ),
    (
        re.compile(r"Missing parameter: (?P<name>.+)"),
        lambda m: gettext(Lang.IT, "Missing parameter: {name}", name=m["name"]),
    ),
    (
        re.compile(r"(?s)Invalid value(?: for (?P<hint>.+?))?: (?P<reason>.+)"),
        _invalid,
    ),
    (
        re.compile(r"(?s)Got unexpected extra arguments? ?(?:\(s\))? \((?P<args>.*)\)"),
        lambda m: gettext(Lang.IT, "Got unexpected extra arguments ({args})", args=m["args"]),
    ),
    (
        re.compile(r"Option (?P<name>'.+') requires an argument\.?"),
        lambda m: gettext(Lang.IT, "Option {name} requires a value.", name=m["name"]),
    ),
    (
        re.compile(r"Option (?P<name>'.+') requires (?P<n>\d+) arguments\.?"),
        lambda m: gettext(Lang.IT, "Option {name} requires {n} values.", name=m["name"], n=m["n"]),
    ),
    (
        re.compile(r"Option (?P<name>'.+') does not take a value\.?"),
        lambda m: gettext(Lang.IT, "Option {name} does not take a value.", name=m["name"]),
    ),
    (
        re.compile(r"Argument (?P<name>'.+') takes (?P<n>\d+) values\.?"),
        lambda m: gettext(Lang.IT, "Argument {name} takes {n} values.", name=m["name"], n=m["n"]),
    ),
    (
        re.compile(r"(?s)Could not open file (?P<name>'.*'): (?P<why>.+)"),
        lambda m: gettext(
            Lang.IT, "Could not open file {name}: {why}", name=m["name"], why=m["why"]
        ),
    ),
    (re.compile(r"Missing command\.?"), lambda m: gettext(Lang.IT, "Missing command.")),
)

_SUGGESTION = re.compile(r"(?s)(?P<head>.*?)\.? Did you mean (?P<names>.+)\?")


def italian(message: str) -> str:
    """``message``, a usage error of click or typer, in Italian; as it is if its shape is not
    known."""
    text = message.strip()
    suggestion = ""
    found = _SUGGESTION.fullmatch(text)
    if found:
        text = found["head"]
        suggestion = " " + gettext(Lang.IT, "Did you mean {names}?", names=found["names"])
    for pattern, render in _RULES:
        match = pattern.fullmatch(text)
        if match:
            said = render(match)
            if said is not None:
                return f"{said.rstrip('.')}.{suggestion}" if suggestion else said
    return message


def sentence(message: str, where: str, lang: str) -> str:
    """A usage error as one line: the message (Italian when ``lang`` is ``"it"``), one closing
    mark, and where the command's help is."""
    text = italian(message) if lang == "it" else message.strip()
    text = text.rstrip(".").rstrip()
    if not text.endswith(("?", "!")):
        text += "."
    return f"{text} " + gettext(lang, "See '{where} --help'.", where=where)


#: What the command line says when it stops on its own (Ctrl-C, end of input, a crash).
MESSAGES: Catalogue = messages(
    {
        "aborted": N_("aborted; nothing was changed."),
        "interrupted": N_("interrupted; nothing was changed."),
        "unexpected": N_(
            "unexpected error ({detail}); please report this, with the log file {where}"
        ),
        "unexpected-unlogged": N_(
            "unexpected error ({detail}); please report this (the log file "
            "{where} could not be written: {problem})"
        ),
    }
)
