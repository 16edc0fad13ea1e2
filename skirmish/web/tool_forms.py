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
from skirmish.engine import roll_inputs, rolls
from skirmish.engine.roll_inputs import NO as NO
from skirmish.engine.roll_inputs import NOT_INPUTS as NOT_INPUTS
from skirmish.engine.roll_inputs import YES as YES
from skirmish.engine.roll_inputs import Control as Control
from skirmish.engine.roll_inputs import _from_input as _from_input
from skirmish.engine.roll_inputs import _from_option, _yes
from skirmish.engine.roll_inputs import _value as _value
from skirmish.engine.roll_inputs import controls as controls
from skirmish.engine.roll_inputs import dice_controls as dice_controls
from skirmish.engine.situation import Input, Procedure, choice_label, choice_value
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang, messages, name
from skirmish.odds import compare as comparing
from skirmish.rules.names import normalize
from skirmish.translation import N_
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
        negative=f"{key(comparing.OTHER_PARAM)}no-{mine.key}" if check else "",
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


def values_of(query: QueryParams) -> dict[str, list[str]]:
    """The query's values, each key's in order, as ``engine.roll_inputs`` reads them."""
    return {k: query.getlist(k) for k in query.keys()}


def read(query: QueryParams, every: Sequence[Control]) -> dict[str, Any]:
    """The options (by parameter name) the query gives ``every`` control
    (``engine.roll_inputs.read``: a query parameter that is no input of the test is refused,
    naming those it takes)."""
    return roll_inputs.read(values_of(query), every)


def command_line(mode: str, test: str, query: QueryParams, every: Sequence[Control]) -> str:
    """The ``skirmish`` command that gives what the query gives (the inputs it sets, as
    typed), for the player at the terminal: ``skirmish roll shoot --tiro 4 --cover leggera``."""
    words = ["skirmish", mode, *test.split()]  # a comparison's test is "compare aim"
    for control in every:
        given = [
            v
            for v in roll_inputs.given(values_of(query), control)
            if v.strip() or control.widget == "check"
        ]
        if not given:
            continue
        last = given[-1].strip()
        if control.widget == "check":
            words += [control.flag] if last.lower() not in NO else []
        elif control.widget == "switch" or (control.widget == "word" and control.negative):
            words += ["--" + control.negative if last.lower() in NO else control.flag]
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
            help=control.help(lang.value, page_naming),
            value=_shown_value(control, roll_inputs.given(values_of(query), control)),
            choices=_choices(control, lang),
            suggestions=_book(control.book, lang),
        )
        folded = control.widget == "check" or control.choices is YES_NO  # yes-or-no inputs
        (group.flags if folded else group.fields).append(shown_field)
    return list(groups.values())
