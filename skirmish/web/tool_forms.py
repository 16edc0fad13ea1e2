"""A test's form on the web (issue #11): the controls of the dice roller's and the odds
calculator's pages (``web.tools``), each derived from the declaration the CLI makes its options
of (``engine.situation.INPUTS`` for the combat tests, ``engine.rolls.OPTIONS`` for the others,
``engine.rolls.DICE``/``SEED``, the odds' ``REROLLS``, ``odds compare``'s goal and other target);
reading a query into the options a roll takes, with the CLI's own refusals; the ``skirmish``
command line that gives the same; and the fieldsets a page draws. The phone's game forms read
their combat inputs through the same controls (``web.game_actions``)."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.datastructures import QueryParams

from skirmish import rules
from skirmish.engine import rolls
from skirmish.engine.rolls import Option
from skirmish.engine.situation import (
    ROLL_SOURCES,
    SUBJECT,
    Input,
    Procedure,
    Whose,
    choice_label,
    choice_value,
    inputs_for,
)
from skirmish.engine.situation import Kind as InputKind
from skirmish.engine.situation_fields import (
    NO,
    WIDGETS,
    bounds,
    read_number,
    read_value,
    read_yes,
)
from skirmish.errors import RulesError, SkirmishError, said, shown
from skirmish.i18n import Lang, messages, name
from skirmish.limits import SEED
from skirmish.odds import compare as comparing
from skirmish.rules.names import normalize
from skirmish.translation import N_, Message
from skirmish.web import text
from skirmish.web.input_names import key, page_naming

WORDS = text.part(
    messages(
        {
            "tools_goal_name": N_("goal"),
            "tools_goal_help": N_(
                "What the better choice does better: eliminate (the chance to "
                "eliminate the target; needs its RIF and COS) or wounds (the expected wounds that "
                "count). Blank: eliminate when the target's COS is known, else wounds."
            ),
            "tools_other_help": N_("Blank: as for the first target."),
        }
    )
)

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
    negative: str = ""  # a switch's flag that says no: --no-fama
    group: str = "tools_test"
    bound: Any = None  # the limit of ``skirmish.limits`` a number is checked against
    input: str = ""  # the declared name, as a refusal names it (``errors.named``)

    def label(self, lang: str) -> str:
        return self.names[1] if lang == "it" else self.names[0]

    def help(self, lang: str) -> str:
        """The help in ``lang``, any input it names said as the page's labels."""
        return said(self.helps[1] if lang == "it" else self.helps[0], lang, page_naming)


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
        negative=f"--no-{key(option.id)}" if option.kind is rolls.Kind.SWITCH else "",
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


def odds_controls(test: str) -> tuple[Control, ...]:
    """The inputs of ``odds TEST``: the roll's, then the rerolls it spends (R-15)."""
    mine = controls(test)
    taken = {c.param for c in mine}
    extra = rolls.REROLLS + (rolls.TARGET_REROLLS if test in ("shoot", "melee") else ())
    group = "tools_attacker" if test in ("shoot", "melee") else "tools_test"
    more = tuple(
        _from_option(o, "tools_target" if o.id.startswith("target_") else group)
        for o in extra
        if o.id not in taken
    )
    return mine + more


def _said(key: str) -> tuple[str, str]:
    """One of this module's words in English and Italian, as a ``Control`` holds them."""
    return WORDS["en"][key], WORDS["it"][key]


#: A yes-or-no the reader may also leave blank (the other target's flags: blank is "as for the
#: first target"), as a select of the words the CLI's ``--other-X/--other-no-X`` say.
YES_NO: dict[str, tuple[str, ...]] = {"yes": ("yes", "sì"), "no": ("no", "no")}

#: What the better choice of a comparison does better (``odds compare --goal``); blank: the
#: comparison's default (``odds.compare.compare``).
GOAL = Control(
    key="goal",
    param="goal",
    flag="--goal",
    input="goal",
    names=_said("tools_goal_name"),
    helps=_said("tools_goal_help"),
    widget="word",
    choices={goal.value: (goal.value, it) for goal, it in
             ((comparing.Goal.ELIMINATE, "eliminare"), (comparing.Goal.WOUNDS, "ferite"))},
    group="tools_goal",
)  # fmt: skip


def _other(input_: Input) -> Control:
    """The other target's control of ``input_`` in ``compare targets``: the CLI's
    ``--other-`` option; blank takes the first target's value, so a flag is a yes/no/blank
    select (``--other-X`` / ``--other-no-X``)."""
    mine = _from_input(input_, Procedure.SHOOT)
    other = key(comparing.OTHER_PARAM) + mine.key
    extra = _said("tools_other_help")
    check = mine.widget == "check"
    return Control(
        key=other,
        param=comparing.OTHER_PARAM + mine.param,
        flag="--" + other,
        names=mine.names,
        helps=(f"{mine.helps[0]} {extra[0]}", f"{mine.helps[1]} {extra[1]}"),
        widget="word" if check else mine.widget,
        default=None,
        low=mine.low,
        high=mine.high,
        choices=YES_NO if check else mine.choices,
        book=mine.book,
        negative=f"--{key(comparing.OTHER_PARAM)}no-{mine.key}" if check else "",
        group="tools_other",
        bound=mine.bound,
        input=comparing.OTHER_PARAM + input_.id,
    )


def compare_controls(kind: str) -> tuple[Control, ...]:
    """The inputs of ``odds compare KIND``: those of ``odds shoot``, the other target's for
    ``targets``, then the goal."""
    other = tuple(_other(i) for i in comparing.other_inputs()) if kind == "targets" else ()
    return (*odds_controls("shoot"), *other, GOAL)


def compare_options(
    options: dict[str, Any], every: Sequence[Control]
) -> tuple[dict[str, Any], str | None, dict[str, Any]]:
    """The options ``read`` gave a comparison, split as ``odds.compare.compare`` takes them:
    the shot's, the goal, and the other target's (by the shot's parameter names; a flag's
    yes or no read as a flag, blank left out)."""
    shot = dict(options)
    goal = shot.pop(GOAL.param)
    other: dict[str, Any] = {}
    for control in every:
        if not control.param.startswith(comparing.OTHER_PARAM):
            continue
        value = shot.pop(control.param)
        if value is not None and control.choices is YES_NO:
            value = _yes(control, str(value))
        other[control.param.removeprefix(comparing.OTHER_PARAM)] = value
    return shot, goal, other


# ---------------------------------------------------------------------------- reading a query


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


def _given(query: QueryParams, control: Control) -> list[str]:
    """Every value the query gives ``control``, by its key or an alias; a switch's ``no-KEY``
    (the CLI's ``--no-fama``) is a no."""
    found = [v for key in (control.key, *control.aliases) for v in query.getlist(key)]
    if control.widget == "switch" and f"no-{control.key}" in query:
        found.append("no")
    return found


def read(query: QueryParams, every: Sequence[Control]) -> dict[str, Any]:
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
    return {c.param: _value(c, _given(query, c)) for c in every}


def command_line(mode: str, test: str, query: QueryParams, every: Sequence[Control]) -> str:
    """The ``skirmish`` command that gives what the query gives (the inputs it sets, as
    typed), for the player at the terminal: ``skirmish roll shoot --tiro 4 --cover leggera``."""
    words = ["skirmish", mode, *test.split()]  # a comparison's test is "compare aim"
    for control in every:
        given = [v for v in _given(query, control) if v.strip() or control.widget == "check"]
        if not given:
            continue
        last = given[-1].strip()
        if control.widget == "check":
            words += [control.flag] if last.lower() not in NO else []
        elif control.widget == "switch" or (control.widget == "word" and control.negative):
            words += [control.negative if last.lower() in NO else control.flag]
        elif control.widget == "list":
            parts = [part.strip() for v in given for part in v.split(",") if part.strip()]
            words += [w for part in parts for w in (control.flag, part)]
        else:
            words += [control.flag, last]
    return shlex.join(words)


def asked(query: QueryParams) -> bool:
    """Whether the query asks for a roll (any input given), not just for the empty form."""
    return any(k not in NOT_INPUTS for k in query)


# ---------------------------------------------------------------------------- the form


def _book(book: str | None, lang: Lang) -> list[str]:
    """The book's names a text input suggests (its datalist), in the reader's language."""
    entries: Sequence[Any]
    match book:
        case "weapons" | "explosives":
            entries = [
                w for w in rules.weapons() if book == "weapons" or str(w.category) == "explosive"
            ]
        case "factions":
            entries = rules.factions()
        case "skills":
            entries = rules.skills()
        case "actions":
            entries = [a for a in rules.actions() if a.reflex]
        case "doctors":
            entries = rules.doctors()
        case "invalidities":
            entries = rules.invalid_table()
        case "equipment":
            entries = [*rules.weapons(), *rules.items()]
        case "shelters":
            entries = rules.protections()
        case "mounts":
            entries = [i for i in rules.items() if i.kind == "mount"]
        case _:
            return []
    return [name(e, lang) for e in entries]


def _choices(control: Control, lang: Lang) -> list[tuple[str, str]]:
    """A select's options: its value and its label in the reader's language."""
    if control.widget == "select":
        return [
            (c.value, choice_label(control.choices, c.value, lang.value)) for c in control.choices
        ]
    if control.widget == "word":
        pairs = []
        for names in control.choices.values():
            label = names[1] if lang is Lang.IT and len(names) > 1 else names[0]
            pairs.append((names[0], label))
        return pairs
    return []


def _shown_value(control: Control, given: list[str]) -> Any:
    """What the control shows: what the reader typed, else its default."""
    typed = [v for v in given if v.strip()]
    if control.widget == "check":
        return bool(given) and all(v.strip().lower() not in NO for v in given)
    if control.widget == "switch":
        if not given:
            return "yes" if control.default else "no"
        return "no" if given[-1].strip().lower() in NO else "yes"
    if control.widget == "list":
        return ", ".join(typed) if typed else ""
    if control.widget == "select":
        raw = typed[-1] if typed else control.default
        if raw is None:
            return ""
        try:
            return choice_value(control.choices, str(raw))
        except SkirmishError:
            return ""
    if control.widget == "word":
        raw = typed[-1] if typed else control.default
        if raw is None:
            return ""
        typed_key = normalize(str(raw))
        for names in control.choices.values():
            if typed_key in {normalize(n) for n in names}:
                return names[0]
        return ""
    if typed:
        return typed[-1]
    default = control.default
    if default is None or default is False:
        return ""
    return str(default)


@dataclass
class Field:
    """One control as the template draws it."""

    control: Control
    id: str
    label: str
    help: str
    value: Any
    choices: list[tuple[str, str]]
    suggestions: list[str]


@dataclass
class Group:
    """A fieldset: whose the inputs are; its yes-or-no inputs folded under "more"."""

    key: str
    legend: str
    fields: list[Field] = field(default_factory=list)
    flags: list[Field] = field(default_factory=list)

    @property
    def flags_set(self) -> bool:
        return any(f.value for f in self.flags)


def form(
    query: QueryParams, every: Sequence[Control], lang: Lang, words: Mapping[str, str]
) -> list[Group]:
    """The form's fieldsets, showing what the query gave."""
    groups: dict[str, Group] = {}
    for control in every:
        group = groups.setdefault(control.group, Group(control.group, words[control.group]))
        shown_field = Field(
            control=control,
            id=f"in-{control.key}",
            label=control.label(lang.value),
            help=control.help(lang.value),
            value=_shown_value(control, _given(query, control)),
            choices=_choices(control, lang),
            suggestions=_book(control.book, lang),
        )
        folded = control.widget == "check" or control.choices is YES_NO  # yes-or-no inputs
        (group.flags if folded else group.fields).append(shown_field)
    return list(groups.values())
