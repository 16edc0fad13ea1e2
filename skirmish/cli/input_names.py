"""How the command line names an input: its flag, derived from the name the engine declares
(``weapon`` is ``--weapon``, ``target_waiting`` is ``--target-waiting``; issue #20, item 6).

The engine knows no front end: its declarations (``engine.situation.INPUTS``,
``engine.rolls.OPTIONS``) name each input, and a refusal names the input it is about
(``errors.named``). The CLI says that name as a flag: ``naming`` is the CLI's
``errors.Naming``, at work while a command runs (``cli.main``), so ``Error: shooting needs a
weapon; give --weapon`` is the engine's "give ⟨weapon⟩" said on the command line. In a test
of one model on its own (``roll save``, ``roll panic``, ``roll nerve``) the target's inputs
drop their prefix (``--rif``, not ``--target-rif``): the command says which procedure is at
work (``in_procedure``). A command made from a catalogue's fields (``cli/from_fields.py``)
says its fields as it takes them (``in_command``): ``gang buy``'s ``member`` is ``--for``, an
argument its name in capitals (``MEMBER``, ``NEW_NAME``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from skirmish.errors import COMMAND_LINE, NAMING

if TYPE_CHECKING:
    from skirmish.campaign.fields import Field
    from skirmish.engine.situation import Input, Procedure

#: The combat procedure whose command is at work, if any (``in_procedure``).
_PROCEDURE: ContextVar[Procedure | None] = ContextVar("skirmish_cli_procedure", default=None)
#: The fields of the catalogue's command at work, if any (``in_command``).
_FIELDS: ContextVar[tuple[Field, ...]] = ContextVar("skirmish_cli_fields", default=())


#: The game's actions' fields given as positional arguments (``campaign/game/fields.py``),
#: written out: loading the game's fields to compute them cost every command, ``roll`` and
#: ``gang show`` included, the game tracker's import (issue #23); a test holds them equal.
ARGUMENTS = frozenset(
    {
        "attacker", "event", "gang", "member", "new_state", "objective", "point", "target",
        "thrower", "verdict",
    }
)  # fmt: skip


def flag(name: str) -> str:
    """The flag of the input declared as ``name``: ``--`` and the name, ``-`` for ``_``."""
    return "--" + name.replace("_", "-")


def flag_for(input_: Input, procedure: Procedure) -> str:
    """The flag of ``input_`` in ``procedure``'s command: ``--target-rif`` is ``--rif`` in
    ``roll save``."""
    return flag(input_.name_for(procedure))


def aliases(input_: Input) -> tuple[str, ...]:
    """The other flags ``input_`` is accepted by (``--elevated`` for ``--elevation``)."""
    return tuple(flag(a) for a in input_.aliases)


def negative(name: str) -> str:
    """The flag that turns a yes-by-default input off: ``--no-fama``."""
    return "--no-" + name.replace("_", "-")


def said_as(field: Field) -> str:
    """How the command line takes ``field``: an argument by its name in capitals (``MEMBER``,
    ``NEW_NAME``), an option by its flag (``--for``)."""
    if field.argument:
        return (field.cli or field.declared).upper()
    return field.cli or field.flag


def naming(name: str, lang: str) -> str:
    """The CLI's ``errors.Naming``: the input's flag in the command at work."""
    for field in _FIELDS.get():
        if field.declared == name:
            return said_as(field)
    if name in ARGUMENTS:  # a game's action's positional argument, as its help shows it
        return name.upper()
    procedure = _PROCEDURE.get()
    if procedure is not None and name.startswith("target_"):
        # lazy: situation
        from skirmish.engine.situation import find_input  # loaded by the command already

        try:
            return flag_for(find_input(name), procedure)
        except KeyError:  # an input of another declaration (``engine.rolls``)
            pass
    return flag(name)


def in_command(fields: tuple[Field, ...]) -> None:
    """Say ``fields`` as the command at work takes them, until the command line ends."""
    _FIELDS.set(fields)


def in_procedure(procedure: Procedure) -> None:
    """Say the inputs as ``procedure``'s command takes them, until the command line ends."""
    _PROCEDURE.set(procedure)


@contextmanager
def naming_inputs() -> Iterator[None]:
    """The CLI's naming at work while a command line runs and its error is said."""
    token = NAMING.set(naming)
    command_line = COMMAND_LINE.set(True)
    procedure = _PROCEDURE.set(None)
    fields = _FIELDS.set(())
    try:
        yield
    finally:
        _FIELDS.reset(fields)
        _PROCEDURE.reset(procedure)
        COMMAND_LINE.reset(command_line)
        NAMING.reset(token)
