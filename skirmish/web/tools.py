"""The dice roller and the odds calculator (issue #11): ``skirmish roll`` and ``skirmish odds`` on
a phone, with the same inputs, the same words and the same JSON.

- ``/roll``, ``/roll/{test}?…``: a test's form; with inputs, the roll explained under it, as
  ``skirmish roll TEST …`` prints it;
- ``/odds``, ``/odds/{test}?…``: the same form; with inputs, the exact chances as bars, as
  ``skirmish odds TEST …`` reports them;
- ``/api/v1/roll/{test}?…`` and ``/api/v1/odds/{test}?…``: what ``--json`` prints.

Nothing here declares an input: each form is made of the declaration the CLI makes its options
of (``engine.situation.INPUTS`` for the combat tests, ``engine.rolls.OPTIONS`` for the others,
``engine.rolls.DICE``/``SEED`` and the odds' ``REROLLS``), a query parameter per option, named
as its flag without the dashes (``?tiro=4&cover=leggera&target-rif=3&dice=2,4,4``). The values
are rolled by ``engine.rolls.roll`` and the chances computed by ``odds.chances.chances``, the
functions the CLI calls, so a refusal is the CLI's own words (400, on the form, in the reader's
language) and the explanation the CLI's lines. The pages are GET forms: a result is a link.
Nothing is read from or written to the store.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from starlette.datastructures import QueryParams

from skirmish import rules
from skirmish.campaign import naming
from skirmish.engine import rolls
from skirmish.engine.rolls import Option
from skirmish.engine.setup import HIGHEST, LOWEST
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
from skirmish.errors import RulesError, SkirmishError, named, said, shown
from skirmish.i18n import Lang, name, tr
from skirmish.limits import COUNT, DISTANCE, SEED, TEXT_LENGTH
from skirmish.odds import chances as odds
from skirmish.odds import compare as comparing
from skirmish.rules.names import normalize
from skirmish.web import charts, text
from skirmish.web.input_names import api_naming_for, key, page_naming
from skirmish.web.site import NotFound, Site, pick_lang, segment

WORDS = text.part(
    {
        "en": {
            "tools_roll_nav": "Dice",
            "tools_odds_nav": "Odds",
            "tools_roll_title": "Dice roller",
            "tools_roll_lead": "Every test of the book, as 'skirmish roll' rolls it: fill in "
            "the test's inputs, type the dice you rolled at the table or leave them blank for "
            "random ones, and read each step with every modifier explained.",
            "tools_odds_title": "Odds calculator",
            "tools_odds_lead": "The exact chances of a test, as 'skirmish odds' counts them: "
            "every die enumerated, no sampling, rerolls of FORTUNA and FAMA spent wisely.",
            "tools_attacker": "The attacker",
            "tools_action": "The action",
            "tools_target": "The target",
            "tools_test": "The test",
            "tools_more": "More: {names}",
            "tools_dice": "Dice",
            "tools_dice_hint": "Commas or spaces between them; blank: random dice.",
            "tools_again": "Roll again",
            "tools_roll": "Roll",
            "tools_compute": "Show the odds",
            "tools_clear": "Clear",
            "tools_result": "Result",
            "tools_chances": "Chances",
            "tools_dice_used": "Dice used: {dice}",
            "tools_link": "Link to this very roll",
            "tools_json": "JSON",
            "tools_command": "On the command line:",
            "tools_yes": "yes",
            "tools_no": "no",
            "tools_unset": "—",
            "tools_odds_of": "Odds of this test",
            "tools_roll_of": "Roll this test",
            "tools_required": "required",
            "tools_numbers": "{title}: the exact numbers",
            "tools_compare_title": "Compare two choices",
            "tools_compare_lead": "Two choices of a shooting action side by side, exactly, as "
            "'skirmish odds compare' counts them; the better one for the goal is marked ★.",
            "tools_compare_aim": "Aim or not",
            "tools_compare_aim_text": "The shot without aiming, or aiming first (1 action, "
            "table 1, R-02(b)).",
            "tools_compare_fan": "Fan or shoot",
            "tools_compare_fan_text": "Fanning the six-shooter (2 actions, 6D6, §5.2.2, R-14) "
            "or one ordinary shot: a turn has one shooting action (§2.1).",
            "tools_compare_targets": "This target or another",
            "tools_compare_targets_text": "The same shot at another target: give only what "
            "differs (its RIF, COS, cover, range…).",
            "tools_compare_fama": "Spend FAMA now or keep it",
            "tools_compare_fama_text": "One more reroll, spent wisely, on this very roll "
            "(R-15), and what the point buys.",
            "tools_compare_with": "Compare two choices of this shot:",
            "tools_compare": "Compare",
            "tools_comparison": "Comparison",
            "tools_goal": "The goal",
            "tools_goal_name": "goal",
            "tools_goal_help": "What the better choice does better: eliminate (the chance to "
            "eliminate the target; needs its RIF and COS) or wounds (the expected wounds that "
            "count). Blank: eliminate when the target's COS is known, else wounds.",
            "tools_other": "The other target",
            "tools_other_help": "Blank: as for the first target.",
            "tools_side_by_side": "The two choices side by side",
        },
        "it": {
            "tools_roll_nav": "Dadi",
            "tools_odds_nav": "Probabilità",
            "tools_roll_title": "Tiro dei dadi",
            "tools_roll_lead": "Ogni test del libro, come lo tira 'skirmish roll': compila i "
            "dati del test, scrivi i dadi tirati al tavolo o lasciali vuoti per dadi casuali, e "
            "leggi ogni passo con ogni modificatore spiegato.",
            "tools_odds_title": "Calcolo delle probabilità",
            "tools_odds_lead": "Le probabilità esatte di un test, come le conta 'skirmish "
            "odds': ogni dado enumerato, nessun campionamento, i ritiri di FORTUNA e FAMA spesi "
            "con giudizio.",
            "tools_attacker": "Chi attacca",
            "tools_action": "L'azione",
            "tools_target": "Il bersaglio",
            "tools_test": "Il test",
            "tools_more": "Altro: {names}",
            "tools_dice": "Dadi",
            "tools_dice_hint": "Virgole o spazi tra l'uno e l'altro; vuoto: dadi casuali.",
            "tools_again": "Tira di nuovo",
            "tools_roll": "Tira",
            "tools_compute": "Mostra le probabilità",
            "tools_clear": "Azzera",
            "tools_result": "Risultato",
            "tools_chances": "Probabilità",
            "tools_dice_used": "Dadi usati: {dice}",
            "tools_link": "Link a questo stesso tiro",
            "tools_json": "JSON",
            "tools_command": "Dalla riga di comando:",
            "tools_yes": "sì",
            "tools_no": "no",
            "tools_unset": "—",
            "tools_odds_of": "Probabilità di questo test",
            "tools_roll_of": "Tira questo test",
            "tools_required": "obbligatorio",
            "tools_numbers": "{title}: i numeri esatti",
            "tools_compare_title": "Confronta due scelte",
            "tools_compare_lead": "Due scelte di un'azione di tiro fianco a fianco, esatte, come "
            "le conta 'skirmish odds compare'; la migliore per l'obiettivo è segnata ★.",
            "tools_compare_aim": "Mirare o no",
            "tools_compare_aim_text": "Il tiro senza mirare, o prendendo prima la mira (1 "
            "azione, tabella 1, R-02(b)).",
            "tools_compare_fan": "Svuotare il tamburo o sparare",
            "tools_compare_fan_text": "Svuotare il tamburo della sei colpi (2 azioni, 6D6, "
            "§5.2.2, R-14) o un colpo normale: un turno ha una sola azione di tiro (§2.1).",
            "tools_compare_targets": "Questo bersaglio o un altro",
            "tools_compare_targets_text": "Lo stesso tiro a un altro bersaglio: indica solo ciò "
            "che cambia (RIF, COS, copertura, distanza…).",
            "tools_compare_fama": "Spendere la FAMA ora o tenerla",
            "tools_compare_fama_text": "Un ritiro in più, speso con giudizio, su questo stesso "
            "tiro (R-15), e quanto vale il punto.",
            "tools_compare_with": "Confronta due scelte di questo tiro:",
            "tools_compare": "Confronta",
            "tools_comparison": "Confronto",
            "tools_goal": "L'obiettivo",
            "tools_goal_name": "obiettivo",
            "tools_goal_help": "Che cosa fa meglio la scelta migliore: eliminare (la "
            "probabilità di eliminare il bersaglio; servono la sua RIF e COS) o ferite (le "
            "ferite attese che contano). Vuoto: eliminare se la COS del bersaglio è nota, "
            "altrimenti ferite.",
            "tools_other": "L'altro bersaglio",
            "tools_other_help": "Vuoto: come per il primo bersaglio.",
            "tools_side_by_side": "Le due scelte fianco a fianco",
        },
    }
)

#: The words a yes-or-no input takes in a query (a ticked box sends ``on``).
YES = frozenset({"", "on", "1", "true", "yes", "y", "si", "sì"})
NO = frozenset({"0", "off", "false", "no", "n"})
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


_SITUATION_WIDGETS = {
    InputKind.FLAG: "check",
    InputKind.CHARACTERISTIC: "number",
    InputKind.COUNT: "number",
    InputKind.DISTANCE: "decimal",
    InputKind.CHOICE: "select",
    InputKind.WEAPON: "text",
    InputKind.FACTION: "text",
    InputKind.SKILLS: "list",
}
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
    low: float | None = None
    high: float | None = None
    bound: Any = None
    if input_.kind is InputKind.CHARACTERISTIC:
        low, high = LOWEST, HIGHEST
    elif input_.kind is InputKind.COUNT:
        low, high, bound = COUNT.low, COUNT.high, COUNT
    elif input_.kind is InputKind.DISTANCE:
        low, high, bound = DISTANCE.low, DISTANCE.high, DISTANCE
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
    typed = raw.strip()
    try:
        if control.widget == "decimal":
            value: int | float = float(typed.replace(",", "."))
            if not math.isfinite(value):
                raise ValueError(typed)
        else:
            if not typed.lstrip("-").isascii() or not typed.lstrip("-").isdigit():
                raise ValueError(typed)
            value = int(typed)
    except ValueError:
        decimal = control.widget == "decimal"
        kind, tipo = (
            ("a number", "un numero") if decimal else ("a whole number", "un numero intero")
        )
        raise RulesError(
            f"{named(control.input)} {shown(raw)} is not {kind}.",
            it=f"{named(control.input)} {shown(raw)} non è {tipo}.",
        ) from None
    if control.bound is not None:
        control.bound.check(value, label=named(control.input))
    return value


def _yes(control: Control, raw: str) -> bool:
    typed = raw.strip().lower()
    if typed in YES:
        return True
    if typed in NO:
        return False
    raise RulesError(
        f"{named(control.input)} {shown(raw)}: give yes or no (on, off, true, false).",
        it=f"{named(control.input)} {shown(raw)}: indica sì o no (on, off, true, false).",
    )


def _value(control: Control, given: Sequence[str]) -> Any:
    """What ``control`` takes from the query's values for it (none: its default)."""
    values = (
        [v for v in given if v.strip()]
        if control.widget not in ("check", "switch")
        else list(given)
    )
    if not values:
        if control.required:
            raise RulesError(
                f"{named(control.input)} is missing: give {control.label('en')}.",
                it=f"manca {named(control.input)}: indica {control.label('it')}.",
            )
        return control.default
    for value in values:
        if len(value) > TEXT_LENGTH:
            raise RulesError(
                f"{named(control.input)} {shown(value)} is too long (at most {TEXT_LENGTH} "
                "characters).",
                it=f"{named(control.input)} {shown(value)} è troppo lungo (al massimo "
                f"{TEXT_LENGTH} caratteri).",
            )
    last = values[-1]
    match control.widget:
        case "check" | "switch":
            return _yes(control, last)
        case "number" | "decimal":
            return _number(control, last)
        case "list":
            return [part.strip() for v in values for part in v.split(",") if part.strip()]
        case "select":
            return choice_value(control.choices, last.strip())
        case _:
            return last.strip()


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
            f"{shown(unknown[0])} is no input of this test; it takes {names}.",
            it=f"{shown(unknown[0])} non è un dato di questo test; prende {names}.",
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


# ---------------------------------------------------------------------------- the routes


def find_test(typed: str, tests: Sequence[str], base: str) -> str:
    """The test an address names, else ``NotFound`` with the nearest tests' links."""
    typed = segment(typed)
    if typed in tests:
        return typed
    near = naming.nearest(typed, tests)
    error = RulesError(
        f"there is no test {shown(typed)}; the tests are {', '.join(tests)}.",
        it=f"non c'è nessun test {shown(typed)}; i test sono {', '.join(tests)}.",
    )
    raise NotFound(error, [(n, f"{base}/{n}") for n in near])


def _heading(test: str, lang: Lang) -> tuple[str, str]:
    """A test's name and its rulings, from its one line: ``Shoot``, ``(R-01–R-04, R-14)``."""
    head = rolls.title(test, lang).partition(": ")[0]
    named, _, rule = head.partition(" (")
    return named, f"({rule}" if rule else ""


def _test_list(tests: Sequence[str], lang: Lang) -> list[dict[str, str]]:
    found = []
    for test in tests:
        heading, _, more = rolls.title(test, lang).partition(": ")
        found.append({"test": test, "heading": heading, "text": more})
    return found


@dataclass(frozen=True)
class ChanceRow:
    """One row of a table of chances as the page shows it: its label, the exact chance and
    its percentage, and for a numeric table the chance of at least the row's value."""

    label: str
    chance: Fraction
    percent: str
    at_least: Fraction | None = None
    at_least_percent: str = ""


@dataclass(frozen=True)
class ChanceTable:
    """One table of ``odds.chances`` on the page: a bar chart (``web.charts``) and the same
    numbers as a table, exact fractions included."""

    title: str
    rows: tuple[ChanceRow, ...]
    at_least: bool
    chart: Markup


def chance_tables(found: odds.Chances, lang: Lang, prefix: str = "chart") -> list[ChanceTable]:
    """``found``'s tables in ``lang``, each with its chart (ids ``{prefix}-1``…). The chart
    draws "at least" from a numeric table's second row on: its first row's is always 100%."""
    words = text.words(lang)
    shown: list[ChanceTable] = []
    for index, table in enumerate(found.tables(lang), start=1):
        at_least: list[Fraction | None] = (
            list(table.at_least) if table.at_least is not None else [None] * len(table.rows)
        )
        rows = tuple(
            ChanceRow(label, p, odds.percent(p), up, "" if up is None else odds.percent(up))
            for (label, p), up in zip(table.rows, at_least, strict=True)
        )
        bars = [
            charts.Row(r.label, r.chance, None if place == 0 else r.at_least)
            for place, r in enumerate(rows)
        ]
        chart = charts.bar_chart(bars, ident=f"{prefix}-{index}", title=table.title, words=words)
        shown.append(ChanceTable(table.title, rows, table.at_least is not None, chart))
    return shown


@dataclass(frozen=True)
class CompareRow:
    """One line of a comparison's table: its label and each choice's value as shown (a
    percentage, an expectation or a count) with its exact fraction ("" for a count)."""

    label: str
    cells: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class CompareView:
    """A comparison as the page shows it: the verdict, the two choices' names (the better
    marked ★), the table, the charts and the notes."""

    verdict: str
    names: tuple[str, str]
    best: int | None
    rows: tuple[CompareRow, ...]
    charts: tuple[Markup, ...]
    notes: tuple[str, ...]


def _cell(value: Fraction | int | None, kind: str) -> tuple[str, str]:
    """A comparison's value as the terminal shows it, and its exact fraction."""
    if value is None:
        return "—", ""
    if kind == "chance":
        return odds.percent(Fraction(value)), str(value)
    if kind == "mean":
        return odds.decimal(Fraction(value)), str(value)
    return str(value), ""


#: The charts of a comparison: its rows of chances grouped by what they are about, each group
#: titled by the odds' own word ("Target", "Wounds", "Damage").
_CHART_GROUPS = (("outcome:", "outcome"), ("at_least:wounds:", "wounds"),
                 ("at_least:damage:", "damage"))  # fmt: skip


def compare_view(found: comparing.Comparison, lang: Lang) -> CompareView:
    """``found`` in ``lang``: every row of ``Comparison.rows`` in the table, and its chances
    as charts, the two choices' bars side by side (the target's outcomes, at least N wounds,
    at least N damage); "chance to eliminate" is the outcome chart's "eliminated" row."""
    words = text.words(lang)
    names = found.names(lang)
    rows = found.rows(lang)
    table = tuple(CompareRow(r.label, tuple(_cell(v, r.kind) for v in r.values)) for r in rows)
    grouped: dict[str, list[charts.Pair]] = {}
    for row in rows:
        if row.kind != "chance":
            continue
        group = next((g for prefix, g in _CHART_GROUPS if row.key.startswith(prefix)), "chance")
        if row.key == "eliminated" and any(r.key.startswith("outcome:") for r in rows):
            continue  # the outcome chart has it
        first, second = (None if v is None else Fraction(v) for v in row.values)
        grouped.setdefault(group, []).append(charts.Pair(row.label, (first, second)))
    drawn = tuple(
        charts.compare_chart(
            pairs,
            ident=f"compare-{index}",
            title=tr(odds.MESSAGES, group, lang),
            names=names,
            words=words,
        )
        for index, (group, pairs) in enumerate(grouped.items(), start=1)
    )
    return CompareView(
        found.verdict(lang), names, found.best, table, drawn, tuple(found.notes(lang))
    )


def _compare(kind: str, query: QueryParams, every: Sequence[Control]) -> comparing.Comparison:
    """The comparison ``kind`` of what the query gives, as ``odds compare KIND`` makes it."""
    shot, goal, other = compare_options(read(query, every), every)
    return comparing.compare(kind, shot, goal=goal, other=other if kind == "targets" else None)


def _kept(query: QueryParams, every: Sequence[Control]) -> str:
    """The part of ``query`` a page of ``every`` control takes (``?…``, or ""): a link from
    one comparison to another, or to the shot's odds, keeps the shot as typed."""
    known = {k for c in every for k in (c.key, *c.aliases)}
    known |= {f"no-{c.key}" for c in every if c.widget == "switch"}
    kept = [(k, v) for k, v in query.multi_items() if k in known]
    return f"?{urlencode(kept)}" if kept else ""


def _comparisons(words: Mapping[str, str], query: QueryParams) -> list[dict[str, str]]:
    """Each comparison's name, its sentence and its link keeping what ``query`` gives."""
    return [
        {
            "kind": kind,
            "heading": words[f"tools_compare_{kind}"],
            "text": words[f"tools_compare_{kind}_text"],
            "link": f"/odds/compare/{kind}" + _kept(query, compare_controls(kind)),
        }
        for kind in comparing.COMPARISONS
    ]


def router(site: Site) -> APIRouter:
    """The dice roller's and the odds calculator's pages and API on ``site``."""
    r = APIRouter()

    @r.get("/roll", response_class=HTMLResponse, include_in_schema=False)
    def roll_list(request: Request) -> Response:
        lang = pick_lang(request)
        return site.page(
            request,
            "tools/list.html",
            mode="roll",
            tests=_test_list(rolls.TESTS, lang),
            with_odds=odds.ODDS_TESTS,
        )

    @r.get("/odds", response_class=HTMLResponse, include_in_schema=False)
    def odds_list(request: Request) -> Response:
        lang = pick_lang(request)
        return site.page(
            request,
            "tools/list.html",
            mode="odds",
            tests=_test_list(odds.ODDS_TESTS, lang),
            with_odds=odds.ODDS_TESTS,
        )

    @r.get("/odds/compare", response_class=HTMLResponse, include_in_schema=False)
    def compare_list(request: Request) -> Response:
        lang = pick_lang(request)
        kinds = _comparisons(text.words(lang), QueryParams(""))
        return site.page(request, "tools/compare.html", kind="", kinds=kinds)

    @r.get("/odds/compare/{kind}", response_class=HTMLResponse, include_in_schema=False)
    def compare_page(request: Request, kind: str) -> Response:
        kind = find_test(kind, comparing.COMPARISONS, "/odds/compare")
        lang = pick_lang(request)
        words = text.words(lang)
        query = request.query_params
        every = compare_controls(kind)
        shoot = odds_controls("shoot")
        context: dict[str, Any] = {
            "kind": kind,
            "heading": words[f"tools_compare_{kind}"],
            "summary": words[f"tools_compare_{kind}_text"],
            "kinds": _comparisons(words, query),
            "shoot_link": "/odds/shoot" + _kept(query, shoot),
            "shoot_heading": _heading("shoot", lang)[0],
            "groups": form(query, every, lang, words),
            "asked": asked(query),
            "message": "",
            "view": None,
            "choice": tr(comparing.MESSAGES, "choice", lang),
            "exact_word": tr(odds.MESSAGES, "exact", lang),
            "api": f"/api/v1/odds/compare/{kind}" + (f"?{query}" if str(query) else ""),
            "command": command_line("odds", f"compare {kind}", query, every),
        }
        if not context["asked"]:
            return site.page(request, "tools/compare.html", **context)
        try:
            context["view"] = compare_view(_compare(kind, query, every), lang)
        except SkirmishError as error:
            context["message"] = error.text(lang.value)
            return site.page(request, "tools/compare.html", 400, **context)
        return site.page(request, "tools/compare.html", **context)

    def tool_page(request: Request, mode: str, test: str) -> Response:
        lang = pick_lang(request)
        words = text.words(lang)
        query = request.query_params
        every = controls(test) + dice_controls() if mode == "roll" else odds_controls(test)
        heading, rule = _heading(test, lang)
        context: dict[str, Any] = {
            "mode": mode,
            "test": test,
            "heading": heading,
            "rule": rule,
            "summary": rolls.title(test, lang).partition(": ")[2],
            "groups": form(query, every, lang, words),
            "with_odds": test in odds.ODDS_TESTS,
            "message": "",
            "lines": [],
            "tables": [],
            "headline": None,
            "dice_used": "",
            "link": "",
            "again": "",
            "api": f"/api/v1/{mode}/{test}" + (f"?{query}" if str(query) else ""),
            "asked": asked(query),
            "command": command_line(mode, test, query, every),
            "comparisons": _comparisons(words, query) if (mode, test) == ("odds", "shoot") else [],
        }
        if not context["asked"]:
            return site.page(request, "tools/test.html", **context)
        try:
            options = read(query, every)
            if mode == "roll":
                seed, dice = options.pop("seed"), options.pop("dice")
                rolled = rolls.roll(test, options, seed=seed, dice=dice)
                payload = rolled.payload(lang)
                context["lines"] = rolled.lines(lang)
                faces = ",".join(str(d) for d in payload.get("dice", ()))
                context["dice_used"] = faces
                kept = [(k, v) for k, v in query.multi_items() if k not in ("dice", "seed")]
                if faces:  # the roll itself, whatever rolled it: the same dice typed in
                    rolled_again = urlencode([*kept, ("dice", faces)])
                    context["link"] = f"/roll/{test}?{rolled_again}"
                    context["command"] = command_line(mode, test, QueryParams(rolled_again), every)
                if dice is None:  # random dice: the same address rolls them anew
                    context["again"] = f"/roll/{test}?" + urlencode(kept)
            else:
                found = odds.chances(test, options)
                context["headline"] = found.headline(lang)
                context["tables"] = chance_tables(found, lang)
                context["lines"] = found.lines(lang)
                context["chance"] = tr(odds.MESSAGES, "chance", lang)
                context["exact"] = tr(odds.MESSAGES, "exact", lang)
                context["at_least"] = tr(odds.MESSAGES, "at-least", lang)
        except SkirmishError as error:
            context["message"] = error.text(lang.value)
            return site.page(request, "tools/test.html", 400, **context)
        return site.page(request, "tools/test.html", **context)

    @r.get("/roll/{test}", response_class=HTMLResponse, include_in_schema=False)
    def roll_page(request: Request, test: str) -> Response:
        return tool_page(request, "roll", find_test(test, rolls.TESTS, "/roll"))

    @r.get("/odds/{test}", response_class=HTMLResponse, include_in_schema=False)
    def odds_page(request: Request, test: str) -> Response:
        return tool_page(request, "odds", find_test(test, odds.ODDS_TESTS, "/odds"))

    @r.get("/api/v1/odds/compare/{kind}", tags=["dice"])
    def compare_api(request: Request, kind: str) -> Response:
        """Two choices of a shot side by side: what ``skirmish odds compare KIND … --json``
        prints (``aim``, ``fan``, ``targets``, ``fama``), with the query parameters of
        ``/api/v1/odds/shoot``, ``goal`` (``eliminate`` or ``wounds``) and for ``targets`` the
        other target's, ``other-`` before each (``other-target-rif=2&other-cover=light``)."""
        found = find_test(kind, comparing.COMPARISONS, "/odds/compare")
        every = compare_controls(found)
        return site.api(request, _compare(found, request.query_params, every).payload())

    @r.get("/api/v1/roll/{test}", tags=["dice"])
    def roll_api(request: Request, test: str) -> Response:
        """Roll a test: what ``skirmish roll TEST … --json`` prints. Each query parameter is an
        option of the command without its dashes (``?tiro=4&cover=light&dice=2,4,4``; a flag
        as ``aim=true``); no ``dice``: random dice (``seed`` to repeat them). ``lang`` chooses
        the language of the labels. A refusal is 400 ``{"error", "nearest"}``."""
        found = find_test(test, rolls.TESTS, "/roll")
        try:
            options = read(request.query_params, controls(found) + dice_controls())
            seed, dice = options.pop("seed"), options.pop("dice")
            rolled = rolls.roll(found, options, seed=seed, dice=dice)
        except SkirmishError as error:
            return _api_refusal(request, found, error)
        return site.api(request, rolled.payload(pick_lang(request)))

    @r.get("/api/v1/odds/{test}", tags=["dice"])
    def odds_api(request: Request, test: str) -> Response:
        """The exact chances of a test: what ``skirmish odds TEST … --json`` prints (exact
        fractions such as "5/36"), with the same query parameters as ``/api/v1/roll/{test}``
        less the dice, plus ``fortuna`` and ``fama`` (and ``target-fortuna``,
        ``target-fama``): rerolls spent wisely (R-15)."""
        found = find_test(test, odds.ODDS_TESTS, "/odds")
        try:
            options = read(request.query_params, odds_controls(found))
            return site.api(request, odds.chances(found, options).payload)
        except SkirmishError as error:
            return _api_refusal(request, found, error)

    def _api_refusal(request: Request, test: str, error: SkirmishError) -> Response:
        """A refusal of ``test`` as JSON, naming the fields as its query does (``rif`` in a
        saving roll on its own, ``target-rif`` in a shot)."""
        how = api_naming_for(Procedure(test)) if test in rolls.COMBAT else None
        message = error.text(pick_lang(request).value, how)
        return site.api(request, {"error": message, "nearest": []}, 400)

    return r
