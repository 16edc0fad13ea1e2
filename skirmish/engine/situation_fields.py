"""A shot's or a fight's situation read from fields as a game's action takes them (issue #24;
moved down from ``web/game_perform.py`` and ``web/tool_forms.py``): the web's forms, the JSON
API and the phone's offline preview (``engine.offline``) read the same fields the same way, by
the declaration (``engine.situation``).

A field is an input's declared name as the procedure takes it, ``-`` for ``_`` (``range``,
``two-pistols``, ``target-waiting``); its value is a word, a number or yes/no, read by the
input's kind: a yes or no (``YES``, ``NO``), a whole number or a distance checked against its
bound (``skirmish.limits``), one of a choice's words in English or Italian, a list, a name.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skirmish.engine.characteristic import HIGHEST, LOWEST
from skirmish.engine.input_ids import InputId
from skirmish.engine.situation import GAME_SOURCES, Input, Procedure, inputs_for
from skirmish.engine.situation import Kind as InputKind
from skirmish.engine.situation_value import Situation
from skirmish.engine.situation_words import choice_value
from skirmish.errors import RulesError, named, shown
from skirmish.limits import COUNT, DISTANCE, TEXT_LENGTH
from skirmish.translation import N_, Both, Message, Said, gettext

#: The words that say yes, and no, in a field.
YES = frozenset({"", "on", "1", "true", "yes", "y", "si", "sì"})
NO = frozenset({"0", "off", "false", "no", "n"})

#: How a field of each kind of input is read (and shown, as a form's control).
WIDGETS = {
    InputKind.FLAG: "check",
    InputKind.CHARACTERISTIC: "number",
    InputKind.COUNT: "number",
    InputKind.DISTANCE: "decimal",
    InputKind.CHOICE: "select",
    InputKind.WEAPON: "text",
    InputKind.FACTION: "text",
    InputKind.SKILLS: "list",
}

#: Inputs whose default in a game is the service's own choice, as ``game shoot`` takes them:
#: the weapon (the model's first gun that reaches the range, ``combatant.pick_weapon``), not the
#: six-shooter ``roll shoot`` assumes.
GAME_DEFAULTS: dict[str, Any] = {"weapon": None, "target_weapon": None}

#: Why a field's value is refused (``refused``'s ``why``).
WHY = (N_("not a word"), N_("not a list of names"), N_("not yes or no"))

#: Refuses a field's value that is not of a kind a field takes: ``(field, value, why)``.
Refuse = Callable[[str, Any, str], Exception]


def refused(key: str, value: Any, why: str) -> RulesError:
    """A field's value refused: ``why`` says what it is not ("not a word", "not yes or no")."""
    words = Said(lambda lang: gettext(lang, why))
    return RulesError(Message("{field} {value}: {why}", field=key, value=shown(value), why=words))


def read_number(raw: str, *, decimal: bool, bound: Any = None, input_id: str = "") -> int | float:
    """A whole number (or a distance, ``decimal``, with a point or a comma) typed for the input
    ``input_id``, checked against ``bound`` (``skirmish.limits``)."""
    typed = raw.strip()
    try:
        if decimal:
            value: int | float = float(typed.replace(",", "."))
            if not math.isfinite(value):
                raise ValueError(typed)
        else:
            if not typed.lstrip("-").isascii() or not typed.lstrip("-").isdigit():
                raise ValueError(typed)
            value = int(typed)
    except ValueError:
        kind = Message("a number") if decimal else Message("a whole number")
        raise RulesError(
            Message(
                "{control_input} {raw} is not {kind}.",
                control_input=named(input_id),
                raw=shown(raw),
                kind=kind,
            )
        ) from None
    if bound is not None:
        bound.check(value, label=named(input_id))
    return value


def read_yes(raw: str, input_id: str = "") -> bool:
    """Yes or no, typed for the input ``input_id``."""
    typed = raw.strip().lower()
    if typed in YES:
        return True
    if typed in NO:
        return False
    raise RulesError(
        Message(
            "{control_input} {raw}: give yes or no (on, off, true, false).",
            control_input=named(input_id),
            raw=shown(raw),
        )
    )


def read_value(
    given: Sequence[str],
    *,
    widget: str,
    default: Any = None,
    required: bool = False,
    bound: Any = None,
    choices: Any = None,
    input_id: str = "",
    names: tuple[str, str] = ("", ""),
) -> Any:
    """What a field read as ``widget`` takes from the values ``given`` it (none: ``default``;
    ``names``: its label in English and Italian, for a missing required field)."""
    values = [v for v in given if v.strip()] if widget not in ("check", "switch") else list(given)
    if not values:
        if required:
            raise RulesError(
                Message(
                    "{control_input} is missing: give {control_label}.",
                    control_input=named(input_id),
                    control_label=Both(*names),
                )
            )
        return default
    for value in values:
        if len(value) > TEXT_LENGTH:
            raise RulesError(
                Message(
                    "{control_input} {value} is too long (at most {text_length} characters).",
                    control_input=named(input_id),
                    value=shown(value),
                    text_length=TEXT_LENGTH,
                )
            )
    last = values[-1]
    match widget:
        case "check" | "switch":
            return read_yes(last, input_id)
        case "number" | "decimal":
            return read_number(last, decimal=widget == "decimal", bound=bound, input_id=input_id)
        case "list":
            return [part.strip() for v in values for part in v.split(",") if part.strip()]
        case "select":
            return choice_value(choices, last.strip())
        case _:
            return last.strip()


def bounds(input_: Input) -> tuple[float | None, float | None, Any]:
    """The lowest and highest value of ``input_``'s field, and the limit it is checked by."""
    if input_.kind is InputKind.CHARACTERISTIC:
        return LOWEST, HIGHEST, None
    if input_.kind is InputKind.COUNT:
        return COUNT.low, COUNT.high, COUNT
    if input_.kind is InputKind.DISTANCE:
        return DISTANCE.low, DISTANCE.high, DISTANCE
    return None, None, None


def input_value(input_: Input, procedure: Procedure, given: Sequence[str]) -> Any:
    """The value of ``input_`` as ``procedure`` takes it, from the values ``given`` its field."""
    return read_value(
        given,
        widget=WIDGETS[input_.kind],
        default=input_.default_for(procedure),
        bound=bounds(input_)[2],
        choices=input_.choices,
        input_id=input_.id,
        names=(input_.name_en, input_.name_it),
    )


def field_key(name: str) -> str:
    """The field of the input declared as ``name``: ``target_waiting`` is ``target-waiting``."""
    return name.replace("_", "-")


def situation_inputs(procedure: Procedure) -> tuple[Input, ...]:
    """The inputs of a shot or a fight the players give in a game (the declaration's)."""
    return inputs_for(procedure, GAME_SOURCES)


def field_name(item: Input, procedure: Procedure) -> str:
    """An input's field: its declared name as ``procedure`` takes it, ``-`` for ``_``."""
    return field_key(item.name_for(procedure))


def field_flag(values: Mapping[str, Any], key: str, refuse: Refuse = refused) -> bool:
    """Field ``key`` of ``values`` as yes or no (missing: no)."""
    value = values.get(key)
    if value is None or value == "" or value is False:
        return False
    if value is True:
        return True
    if isinstance(value, str) and value.strip().lower() in YES:
        return True
    if isinstance(value, str) and value.strip().lower() in NO:
        return False
    raise refuse(key, value, "not yes or no")


def read_fields(
    procedure: Procedure, values: Mapping[str, Any], refuse: Refuse = refused
) -> Situation:
    """The situation's values (by the declaration's ids) from the fields, checked as the
    command's options are (bounds, choices in Italian or English); ``target-waiting`` is
    ``None`` (from the record, R-18) unless given, and ``no-target-waiting`` says it acted."""
    found: dict[str, object] = {}
    for item in situation_inputs(procedure):
        key = field_name(item, procedure)
        raw = values.get(key, values.get(key.replace("-", "_")))
        if item.id is InputId.TARGET_WAITING:
            found[item.id] = None
            if raw not in (None, ""):
                found[item.id] = field_flag({key: raw}, key, refuse)
            continue
        if item.id in GAME_DEFAULTS and raw in (None, ""):
            found[item.id] = GAME_DEFAULTS[item.id]
            continue
        given: list[str]
        if raw is None:
            given = []
        elif isinstance(raw, bool):
            given = ["on" if raw else "off"]
        elif isinstance(raw, int | float | str):
            given = [str(raw)]
        else:
            raise refuse(key, raw, "not a word")
        found[item.id] = input_value(item, procedure, given)
    if field_flag(values, "no-target-waiting", refuse) or field_flag(
        values, "no_target_waiting", refuse
    ):
        found[InputId.TARGET_WAITING] = False
    record = values.get("waiting-record")
    if record in ("yes", "no"):  # the form's box, ticked as the record says until changed
        said = field_flag(values, "target-waiting", refuse)
        found[InputId.TARGET_WAITING] = None if said == (record == "yes") else said
    return Situation.read(procedure, found)
