"""The command line's parameters of a catalogue action, made from its fields (issue #20).

Each catalogue (a game's ``campaign/game/commands.py``, between games ``campaign/commands.py``,
the club's ``campaign/club_commands.py``) declares an action's inputs once, as ``Field``s
(``campaign/fields.py``). ``@inputs(entry)`` makes the typer parameter of each: an argument or
an option (its flag, and its Italian alias ``it_flag``), its type and whether it repeats from
its ``Kind``, required or not, and its help (``field.help.en``). The command function writes
by hand only what is the command line's own (``--db``, ``--campaign``, ``--game``, ``--json``,
``--lang``, the dice, the rerolls); it takes each field's value as a plain parameter named
like the field (``new_state``; ``for_`` for a Python keyword), and receives what
``Field.parse`` made of what was typed: a faulty value is the field's ``FieldError``, said the
command line's way (``Error: --wounds: 'x' is not a number from 1 to 99.``), as the command
takes it (``cli/input_names.naming``: ``gang buy``'s ``member`` is ``--for``).

How typer is told: ``typer.utils.get_params_from_function`` (typer 0.28) reads a command's
parameters with ``inspect.signature(func, eval_str=True)``, which returns a callable's own
``__signature__`` as it is (PEP 362), and ``typing.get_type_hints(func)``, which reads
``__annotations__``; the wrapper sets both. Both are public Python, not typer's private API.
"""

from __future__ import annotations

import functools
import inspect
import keyword
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Annotated, Any, Protocol, TypeVar

import typer

from skirmish.campaign.fields import Field, Kind
from skirmish.cli.help_text import both
from skirmish.cli.input_names import in_command
from skirmish.translation import N_, gettext

#: What an option's help adds when it is given once per value.
REPEATABLE = N_("Repeatable.")

R = TypeVar("R")


class Entry(Protocol):
    """A catalogue's entry: all the command line needs of it are its fields."""

    @property
    def fields(self) -> tuple[Field, ...]: ...


def python_name(field: Field) -> str:
    """The command function's parameter receiving ``field``: its declared name (``new_state``),
    with ``_`` after a Python keyword."""
    name = field.declared
    return name + "_" if keyword.iskeyword(name) else name


def _metavar(field: Field) -> str | None:
    if field.kind is Kind.CHOICE and field.choices is not None:
        words = "|".join(c.value for c in field.choices)
        return words if field.argument else f"[{words}]"
    if field.kind is Kind.COUNT:
        return "INTEGER"
    if field.kind in (Kind.CAUGHT, Kind.ASSIGNMENTS) and not field.argument:
        return "NAME=VALUE" if field.kind is Kind.ASSIGNMENTS else "NAME[=DISTANCE,…]"
    if field.argument and field.cli:  # its own name at the command line: new_name
        return field.cli
    return None


def annotation(field: Field) -> Any:
    """``Annotated[type, typer.Argument/Option(...)]`` for ``field``: a yes-or-no is a flag,
    several values a repeatable option (or a trailing argument); every other value is taken as
    typed, for ``Field.parse`` to check (a number too: its refusal names the field)."""
    if field.kind is Kind.FLAG:
        base: Any = bool
    elif field.many:
        base = list[str] if field.required else list[str] | None
    else:
        base = str if field.required else str | None
    info: Any
    if field.argument:
        told = both(field.help.en, lambda: field.help.it)
        info = typer.Argument(help=told, metavar=_metavar(field), show_default=False)
    else:
        flags = (field.cli or field.flag, *(f for f in (field.it_flag, field.short) if f))
        told = field.help.en
        if field.many and "repeat" not in told:  # an option given once per value
            told = both(
                f"{told} {REPEATABLE}", lambda: f"{field.help.it} {gettext('it', REPEATABLE)}"
            )
        else:
            told = both(told, lambda: field.help.it)
        info = typer.Option(*flags, help=told, metavar=_metavar(field))
    return Annotated[base, info]


def _default(field: Field) -> Any:
    if field.required and field.kind is not Kind.FLAG:
        return inspect.Parameter.empty
    return False if field.kind is Kind.FLAG else None


def parameters(fields: Iterable[Field]) -> list[inspect.Parameter]:
    """The typer parameters of ``fields``, keyword-only, in their order."""
    return [
        inspect.Parameter(
            python_name(f),
            inspect.Parameter.KEYWORD_ONLY,
            default=_default(f),
            annotation=annotation(f),
        )  # fmt: skip
        for f in fields
    ]


def parse(fields: Iterable[Field], given: dict[str, Any], *, as_typed: bool = False) -> None:
    """Replace each field's raw value in ``given`` by what ``Field.parse`` makes of it. With
    ``as_typed``, a name or a word given empty or blank stays as typed, for the service to judge
    (and quote) as it does
    the web's (``--handle ''`` takes a model's handle away; ``campaign role Doc ''`` is the
    service's refusal)."""
    for field in fields:
        name = python_name(field)
        raw = given.get(name)
        empty = isinstance(raw, str) and not raw.strip()
        if as_typed and field.kind in (Kind.TEXT, Kind.WORD) and empty:
            given[name] = raw
            continue
        given[name] = field.parse(raw)


def _typer_info(hint: Any) -> bool:
    return any(
        isinstance(extra, typer.models.ParameterInfo) for extra in getattr(hint, "__metadata__", ())
    )


def hand_written(function: Callable[..., Any], fields: Iterable[Field]) -> list[str]:
    """The parameters of ``function`` named like one of ``fields`` that it makes typer ones
    by hand (``Annotated[…, typer.Option(…)]``): what ``@inputs`` makes from the fields."""
    own = inspect.signature(inspect.unwrap(function)).parameters
    return [
        python_name(f)
        for f in fields
        if python_name(f) in own and _typer_info(_hint(function, own[python_name(f)]))
    ]


def _hint(function: Callable[..., Any], parameter: inspect.Parameter) -> Any:
    """``parameter``'s annotation evaluated in ``function``'s module (a postponed one is a
    string), with its ``Annotated`` extras; ``None`` when it names what only type checkers
    import."""

    def one() -> None: ...

    one.__annotations__ = {parameter.name: parameter.annotation}
    globalns = getattr(inspect.unwrap(function), "__globals__", {})
    try:
        return typing.get_type_hints(one, globalns, include_extras=True)[parameter.name]
    except NameError:
        return None


def inputs(
    entry: Entry,
    *,
    first: Sequence[str] = (),
    optional: Sequence[str] = (),
    own: Sequence[str] = (),
    as_typed: bool = False,
    after: Sequence[inspect.Parameter] = (),
) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Make the decorated command function's parameters: its own named in ``first`` (the gang
    an action between games is done to), ``entry``'s arguments and options, then the function's
    other own ones (the command line's: ``--lang``, ``--game``…) and ``after``. A field named
    in ``optional`` the command line may leave out although the action needs it: the command
    then does something else (``gang hire GANG`` lists whom the gang may hire) and receives
    ``None``. A field named in ``own`` the command line takes its own way, by the option its
    ``cli`` names (``member advance``'s ``--choice WEAPON``, repeated for any type the roll may
    give, where the web asks one weapon per type). ``as_typed``: see ``parse``. The function
    takes each field's parsed
    value by its ``python_name``; a parameter of its own named like a field and made a typer
    one is refused as the module is loaded."""
    fields = tuple(
        replace(f, required=False) if f.name in optional else f
        for f in entry.fields
        if f.name not in own
    )  # fmt: skip

    def build(function: Callable[..., R]) -> Callable[..., R]:
        own = inspect.signature(function).parameters
        missing = [python_name(f) for f in fields if python_name(f) not in own]
        missing += [name for name in first if name not in own]
        if missing or hand_written(function, fields):
            raise TypeError(
                f"{function.__name__} must take {missing} and write none of "
                f"{hand_written(function, fields)} as a typer parameter: they are its fields'"
            )
        taken = {python_name(f) for f in fields}
        made = parameters(fields)
        mine = [
            p.replace(kind=inspect.Parameter.KEYWORD_ONLY, annotation=_hint(function, p))
            for p in own.values()
            if p.name not in taken
        ]
        before = [p for p in mine if p.name in first]
        arguments = [p for f, p in zip(fields, made, strict=True) if f.argument]
        options = [p for f, p in zip(fields, made, strict=True) if not f.argument]
        rest = [p for p in mine if p.name not in first]
        signature = inspect.Signature([*before, *arguments, *options, *rest, *after])

        @functools.wraps(function)
        def run(**given: Any) -> R:
            in_command(fields)  # a refusal names them as this command takes them
            parse(fields, given, as_typed=as_typed)
            return function(**given)

        # typer.utils.get_params_from_function: inspect.signature and get_type_hints
        run.__signature__ = signature  # type: ignore[attr-defined]
        run.__annotations__ = {
            **{p.name: p.annotation for p in signature.parameters.values()},
            "return": None,
        }
        run.fields = fields  # type: ignore[attr-defined]
        return run

    return build
