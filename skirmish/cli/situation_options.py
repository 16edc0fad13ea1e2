"""Typer options from the one declaration of the combat situation (``engine.situation``).

``skirmish roll``, ``skirmish odds`` and ``skirmish game`` do not write their combat options by
hand: ``situation_parameters`` turns each declared ``Input`` of a procedure into an ``Annotated``
typer option (its flag and aliases, type and choices, default, help, bounds, and a help panel
for whose it is), and ``situation_command`` makes a command of them with a body that receives
every option by name. ``Situation.of_options`` (the engine's) reads a command's options as the
typed situation (by the declaration's ids, each parsed to its kind), and ``shoot_setup``,
``melee_setup``, ``nerve_model``, ``panic_model`` and ``save_mods`` hand it to the engine's one
builder of each setup (``roll`` and ``odds`` share them).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.cli.common_flags import bounded
from skirmish.cli.help_text import both
from skirmish.cli.input_names import aliases, flag_for, in_procedure, naming
from skirmish.engine import situation, situation_value
from skirmish.engine.situation import (
    SUBJECT,
    Input,
    Kind,
    Procedure,
    Source,
    Whose,
    inputs_for,
)
from skirmish.engine.situation_value import Situation
from skirmish.errors import RulesError, said
from skirmish.limits import COUNT, DISTANCE
from skirmish.translation import N_

if TYPE_CHECKING:
    from skirmish.engine.result import Modifier
    from skirmish.engine.setup import Attacker, MeleeSetup, ShootSetup, Target

#: The help screen's panels of ``shoot`` and ``melee``, by whose the input is.
PANELS = {
    Whose.ATTACKER: N_("The attacker"),
    Whose.ACTION: N_("The action"),
    Whose.TARGET: N_("The target"),
}

_TYPES: dict[Kind, Any] = {
    Kind.FLAG: bool,
    Kind.CHARACTERISTIC: int,
    Kind.COUNT: int,
    Kind.DISTANCE: float,
    Kind.WEAPON: str,
    Kind.FACTION: str,
    Kind.SKILLS: list[str],
}
#: The bounds (``skirmish.limits``) a command that stores what it is given checks as an option
#: is parsed, by kind: a game, before the database sees the number (issue #8). ``roll`` and
#: ``odds`` store nothing and leave out-of-range values to the engine's own refusals.
_CALLBACKS = {Kind.COUNT: bounded(COUNT), Kind.DISTANCE: bounded(DISTANCE)}


def option_annotation(
    input_: Input,
    procedure: Procedure,
    help_text: str | None = None,
    optional: bool = False,
    bounds: bool = False,
) -> Any:
    """``Annotated[type, typer.Option(...)]`` for ``input_`` in ``procedure``'s command;
    ``optional``: it may be left out (``None``) whatever its default."""
    panel = None if procedure in SUBJECT else PANELS[input_.whose]
    optional = optional or input_.default_for(procedure) is None
    return _annotation(input_, flag_for(input_, procedure), optional, panel, help_text, bounds)


@functools.cache
def _annotation(
    input_: Input,
    flag: str,
    optional: bool,
    panel: str | None,
    help_text: str | None,
    bounds: bool,
) -> Any:
    """One option, made once for the commands that share it (typer copies it before use)."""
    base = option_type(input_)
    words: dict[str, Any] = {}
    if input_.choices is not None:  # the English value or an Italian word (issue #10)
        words = {"parser": choice_parser(input_.choices), "metavar": _metavar(input_.choices)}
    option = typer.Option(
        flag,
        *aliases(input_),
        help=help_text or _help(input_),
        callback=_CALLBACKS.get(input_.kind) if bounds else None,
        show_default=input_.kind is not Kind.DISTANCE,
        rich_help_panel=panel,
        **words,
    )
    return Annotated[base | None if optional else base, option]


def _help(input_: Input) -> str:
    """The help of ``input_``'s option, in both languages (``help_text.both``): its Italian
    said only when a help screen is shown in Italian (an English run never reads the Italian
    catalogue, issue #23)."""
    return both(
        said(input_.help("en"), "en", naming), lambda: said(input_.help("it"), "it", naming)
    )


def option_type(input_: Input) -> Any:
    """The type of ``input_``'s option: its choices, or its kind's Python type."""
    return input_.choices if input_.kind is Kind.CHOICE else _TYPES[input_.kind]


def _metavar(choices: type[StrEnum]) -> str:
    return "[" + "|".join(c.value for c in choices) + "]"


@functools.cache
def choice_parser(choices: type[StrEnum]) -> Callable[[str], str]:
    """What an option of ``choices`` makes of what was typed: the choice's English value for
    its value or one of its Italian words (``situation.choice_value``); anything else is a
    usage error naming every word it takes."""

    def parse(value: str) -> str:
        try:
            return situation.choice_value(choices, value)
        except RulesError as refused:
            # the refusal rides along, for the error line to say it in the run's language
            # (cli/main.py: click frames it in English before the language is known)
            error = typer.BadParameter(refused.text("en"))
            error.refused = refused  # type: ignore[attr-defined]
            raise error from None

    return parse


def parameter(
    name: str, annotation: Any, default: Any = inspect.Parameter.empty
) -> inspect.Parameter:
    """A keyword-only command parameter."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def situation_parameters(
    procedure: Procedure,
    sources: frozenset[Source],
    helps: Mapping[str, str] | None = None,
    defaults: Mapping[str, Any] | None = None,
    bounds: bool = False,
) -> list[inspect.Parameter]:
    """One parameter per input ``procedure`` takes from ``sources`` (``helps``, ``defaults``: a
    front end's own for some input ids, e.g. a game's "a weapon the shooter carries", chosen
    among those it carries when not given; ``bounds``: check counts and distances against
    ``skirmish.limits`` as they are parsed)."""
    helps = helps or {}
    defaults = defaults or {}
    taken = inputs_for(procedure, sources)
    if procedure in SUBJECT:  # a test on its own: the model's inputs first
        taken = tuple(sorted(taken, key=lambda i: i.whose is not SUBJECT[procedure]))
    return [
        parameter(
            i.param_for(procedure),
            option_annotation(i, procedure, helps.get(i.id), i.id in defaults, bounds),
            defaults.get(i.id, i.default_for(procedure)),
        )
        for i in taken
    ]


class Command:
    """A typer command whose options are made the first time they are read.

    typer reads a command's options from its signature (``inspect.signature`` and the
    annotations). Python lets any callable give its own through ``__signature__`` (PEP 362);
    this one makes it from ``params_of`` when typer (or ``odds``, copying a ``roll`` command)
    first asks, so ``skirmish roll shoot`` pays for shoot's options only, not for the other
    commands' (issue #2). Calling it calls ``body(**options)``.
    """

    def __init__(
        self,
        params_of: Callable[[], Sequence[inspect.Parameter]],
        body: Callable[..., None],
        name: str,
        doc: str,
        procedure: Procedure | None = None,
    ) -> None:
        self._params_of = params_of
        self._body = body
        self._procedure = procedure
        self.__name__ = self.__qualname__ = name
        self.__doc__ = doc
        self.__module__ = body.__module__

    @functools.cached_property
    def __signature__(self) -> inspect.Signature:
        return inspect.Signature(list(self._params_of()))

    @property
    def __annotations__(self) -> dict[str, Any]:  # type: ignore[override]
        found = {p.name: p.annotation for p in self.__signature__.parameters.values()}
        return {**found, "return": None}

    def __call__(self, **options: Any) -> None:
        if self._procedure is not None:  # its refusals name its flags (``--rif`` in ``save``)
            in_procedure(self._procedure)
        self._body(**options)


def situation_command(
    procedure: Procedure,
    sources: frozenset[Source],
    body: Callable[..., None],
    *,
    name: str,
    doc: str,
    before: Sequence[inspect.Parameter] = (),
    after: Sequence[inspect.Parameter] = (),
    helps: Mapping[str, str] | None = None,
    defaults: Mapping[str, Any] | None = None,
    bounds: bool = False,
) -> Command:
    """A typer command with ``before``, the inputs of ``procedure`` from ``sources``, then
    ``after``, whose ``body`` receives every option by parameter name."""

    def params() -> list[inspect.Parameter]:
        inputs = situation_parameters(procedure, sources, helps, defaults, bounds)
        return [*before, *inputs, *after]

    return Command(params, body, name, doc, procedure)


def shoot_setup(**options: Any) -> ShootSetup:
    """The shooting action the options of ``roll shoot`` / ``odds shoot`` describe (R-02)."""
    return situation_value.shoot_setup(Situation.of_options(Procedure.SHOOT, options))


def melee_setup(**options: Any) -> MeleeSetup:
    """The fight the options of ``roll melee`` / ``odds melee`` describe (R-05)."""
    return situation_value.melee_setup(Situation.of_options(Procedure.MELEE, options))


def panic_model(**options: Any) -> Target:
    """The model taking a panic test, from the options of ``roll panic`` (R-04)."""
    return situation_value.panic_model(Situation.of_options(Procedure.PANIC, options))


def nerve_model(**options: Any) -> Attacker:
    """The model taking a nerve test, from the options of ``roll nerve`` (R-01)."""
    return situation_value.nerve_model(Situation.of_options(Procedure.NERVE, options))


def save_mods(**options: Any) -> tuple[Modifier, ...]:
    """The saving-roll modifiers the options of ``roll save`` name (R-03)."""
    return situation_value.save_modifiers_of(Situation.of_options(Procedure.SAVE, options))
