"""A test's inputs as a front end reads them (issue #11, moved below the web for issue #24):
each input of a roll derived from its declaration (``engine.situation.INPUTS`` for the combat
tests, ``engine.rolls.OPTIONS`` for the others, ``engine.rolls.DICE``/``SEED``) as a
``Control`` (its field's key, the parameter name the roll takes, its kind, default and
bounds), and the reading of the values given by field (``read``) into the options
``engine.rolls.roll`` takes, with the CLI's own refusals.

The web's dice roller reads its query through these (``web.tool_forms`` adds the odds',
the comparisons' and the form's own), and so does the engine in the phone
(``engine.browser``, run by Pyodide): a request read the same way rolls the same.
Pure Python: the standard library, ``skirmish.rules`` and the package's base modules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.engine import rolls
from skirmish.engine.rolls import Option
from skirmish.engine.situation import (
    ROLL_SOURCES,
    SUBJECT,
    Input,
    Procedure,
    Whose,
    inputs_for,
)
from skirmish.engine.situation import Kind as InputKind
from skirmish.engine.situation_fields import (
    NO as NO,
)
from skirmish.engine.situation_fields import (
    WIDGETS,
    bounds,
    read_number,
    read_value,
    read_yes,
)
from skirmish.engine.situation_fields import (
    YES as YES,
)
from skirmish.errors import Naming, RulesError, said, shown
from skirmish.limits import SEED
from skirmish.translation import Message


def key(name: str) -> str:
    """The field (query parameter, form field, JSON key) of the input declared as ``name``:
    ``target_waiting`` is ``target-waiting``."""
    return name.replace("_", "-")


#: The query parameters that are no input of a test: the page's language.
NOT_INPUTS = frozenset({"lang"})


@dataclass(frozen=True)
class Control:
    """One form control of a test, derived from its declaration: the query parameter ``key``
    (and ``aliases``), the parameter name the roll takes, what it is and how it is shown."""

    key: str
    param: str
    flag: str  # the CLI's, for the command line a page shows
    names: tuple[str, str]  # English, Italian
    helps: tuple[str, str]
    widget: str  # check, switch, number, decimal, text, list, select, word
    default: Any = None
    required: bool = False
    low: float | None = None
    high: float | None = None
    choices: Any = None  # select: the StrEnum; word: the words' mapping
    book: str | None = None  # text, list: the list of the book it names
    aliases: tuple[str, ...] = ()
    negative: str = ""  # a switch's field that says no: no-fama (the CLI's flag, dashed)
    group: str = "tools_test"
    bound: Any = None  # the limit of ``skirmish.limits`` a number is checked against
    input: str = ""  # the declared name, as a refusal names it (``errors.named``)

    def label(self, lang: str) -> str:
        return self.names[1] if lang == "it" else self.names[0]

    def help(self, lang: str, naming: Naming | None = None) -> str:
        """The help in ``lang``, any input it names said by ``naming`` (a page: its labels;
        default: the front end's at work, ``errors.NAMING``)."""
        return said(self.helps[1] if lang == "it" else self.helps[0], lang, naming)


_SITUATION_WIDGETS = WIDGETS
_SITUATION_BOOKS = {
    InputKind.WEAPON: "weapons",
    InputKind.FACTION: "factions",
    InputKind.SKILLS: "skills",
}
_OPTION_WIDGETS = {
    rolls.Kind.FLAG: "check",
    rolls.Kind.SWITCH: "switch",
    rolls.Kind.NUMBER: "number",
    rolls.Kind.NAME: "text",
    rolls.Kind.NAMES: "list",
    rolls.Kind.WORD: "word",
}
_GROUPS = {
    Whose.ATTACKER: "tools_attacker",
    Whose.ACTION: "tools_action",
    Whose.TARGET: "tools_target",
}


def _from_input(input_: Input, procedure: Procedure) -> Control:
    """A control of the combat situation's ``input_`` as ``procedure``'s command takes it."""
    low, high, bound = bounds(input_)
    name = key(input_.name_for(procedure))
    return Control(
        key=name,
        param=input_.param_for(procedure),
        flag="--" + name,
        names=(input_.name_en, input_.name_it),
        helps=(input_.help_en, input_.help_it),
        widget=_SITUATION_WIDGETS[input_.kind],
        default=input_.default_for(procedure),
        low=low,
        high=high,
        choices=input_.choices,
        book=_SITUATION_BOOKS.get(input_.kind),
        aliases=tuple(key(a) for a in input_.aliases),
        group="tools_test" if procedure in SUBJECT else _GROUPS[input_.whose],
        bound=bound,
        input=input_.id,
    )


def _from_option(option: Option, group: str = "tools_test", bound: Any = None) -> Control:
    """A control of a declared ``Option`` of ``engine.rolls``."""
    return Control(
        key=key(option.id),
        param=option.id,
        flag="--" + key(option.id),
        names=(option.name_en, option.name_it),
        helps=(option.help_en, option.help_it),
        widget=_OPTION_WIDGETS[option.kind],
        default=option.default,
        required=option.required,
        low=option.low,
        high=option.high,
        choices=option.words,
        book=option.book,
        negative=f"no-{key(option.id)}" if option.kind is rolls.Kind.SWITCH else "",
        group=group,
        bound=bound,
        input=option.id,
    )


def controls(test: str) -> tuple[Control, ...]:
    """The inputs of ``test`` as its ``roll`` command takes them, in the command's order."""
    if test in rolls.COMBAT:
        procedure = Procedure(test)
        taken = inputs_for(procedure, ROLL_SOURCES)
        if procedure in SUBJECT:  # a test on its own: the model's inputs first, as the CLI
            taken = tuple(sorted(taken, key=lambda i: i.whose is not SUBJECT[procedure]))
        return tuple(_from_input(i, procedure) for i in taken)
    return tuple(_from_option(o) for o in rolls.OPTIONS[test])


def dice_controls() -> tuple[Control, ...]:
    """The dice of a roll: typed in, or random from a seed."""
    return (
        _from_option(rolls.DICE, "tools_dice"),
        _from_option(rolls.SEED, "tools_dice", SEED),
    )


# -------------------------------------------------------------- reading the values given


def _number(control: Control, raw: str) -> int | float:
    """A whole number (or a distance, with a point or a comma) typed for ``control``."""
    decimal = control.widget == "decimal"
    return read_number(raw, decimal=decimal, bound=control.bound, input_id=control.input)


def _yes(control: Control, raw: str) -> bool:
    return read_yes(raw, control.input)


def _value(control: Control, given: Sequence[str]) -> Any:
    """What ``control`` takes from the query's values for it (none: its default;
    ``engine.situation_fields.read_value``)."""
    return read_value(
        given,
        widget=control.widget,
        default=control.default,
        required=control.required,
        bound=control.bound,
        choices=control.choices,
        input_id=control.input,
        names=control.names,
    )


def given(query: Mapping[str, Sequence[str]], control: Control) -> list[str]:
    """Every value the query gives ``control``, by its key or an alias; a switch's ``no-KEY``
    (the CLI's ``--no-fama``) is a no."""
    found = [v for key in (control.key, *control.aliases) for v in query.get(key, ())]
    if control.widget == "switch" and f"no-{control.key}" in query:
        found.append("no")
    return found


def read(query: Mapping[str, Sequence[str]], every: Sequence[Control]) -> dict[str, Any]:
    """The options (by parameter name) the query gives ``every`` control; a query parameter
    that is no input of the test is refused, naming those it takes."""
    known = {k for c in every for k in (c.key, *c.aliases)}
    known |= {f"no-{c.key}" for c in every if c.widget == "switch"}
    unknown = [k for k in query if k not in known and k not in NOT_INPUTS]
    if unknown:
        names = ", ".join(c.key for c in every)
        raise RulesError(
            Message(
                "{unknown_0} is no input of this test; it takes {names}.",
                unknown_0=shown(unknown[0]),
                names=names,
            )
        )
    return {c.param: _value(c, given(query, c)) for c in every}
