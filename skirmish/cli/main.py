"""The ``skirmish`` command: a root group whose nouns are imported only when used.

Each noun lives in its own module (``skirmish.cli.roll``, ``skirmish.cli.rules``…) and is
imported the first time it is asked for, so ``skirmish roll`` never pays for the database or the
PDF stack (STYLE.md), and a noun's commands are built only when used. Every failure ends as
one ``Error: …`` line on stderr, a non-zero exit code and no traceback (issue #8): a user's
mistake says what to do, an operating-system, database, overflow or encoding error too
(``skirmish.cli.crash``), and anything unexpected asks to be reported with the log file its
traceback was written to.

The groups are typer's own ``TyperGroup`` (the class ``typer.Typer(cls=…)`` takes), built from
the nouns' apps by ``typer.main.get_command``; the one private name of typer the package uses
is imported here, and says why.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

import difflib
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Annotated, Any, NamedTuple

import typer
import typer.main

# typer 0.28 vendors click as ``typer._click`` and gives no public name to what a root group
# has to handle: click's Context and Command (the types of the TyperGroup methods overridden
# below) and the errors it raises while parsing, which become one ``Error:`` line here instead
# of typer's usage screen. These two imports are the package's only use of typer's internals.
from typer._click import Command, Context
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

from skirmish import __version__
from skirmish.cli.help_text import HELP_LANG, HelpContext, adopt, example
from skirmish.cli.input_names import naming_inputs
from skirmish.collector import freeze_at_exit, quiet_start, started
from skirmish.environment import EnvironmentValueError, check_environment
from skirmish.errors import SkirmishError
from skirmish.i18n import LANG_VARIABLE, Lang, LanguageError, default_lang, tr
from skirmish.limits import printable
from skirmish.translation import N_, Message, gettext

#: The longest ``Error:`` line: a message quoting a huge input is cut in the middle.
ERROR_LENGTH = 400


class Interrupted(SkirmishError):
    """Ctrl-C during a command: its transaction is rolled back."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__(Message("interrupted; nothing was changed."))


class Noun(NamedTuple):
    """Where a top-level command lives: a module and the attribute holding its Typer app."""

    module: str
    attr: str = "app"


#: Every top-level command of ``skirmish``, in the order of the help screen.
NOUNS: dict[str, Noun] = {
    "roll": Noun("skirmish.cli.roll"),
    "odds": Noun("skirmish.cli.odds"),
    "rules": Noun("skirmish.cli.rules"),
    "scenario": Noun("skirmish.cli.scenario"),
    "campaign": Noun("skirmish.cli.campaign"),
    "gang": Noun("skirmish.cli.gang"),
    "member": Noun("skirmish.cli.member"),
    "log": Noun("skirmish.cli.history", "log_app"),
    "undo": Noun("skirmish.cli.history", "undo_app"),
    "export": Noun("skirmish.cli.transfer", "export_app"),
    "import": Noun("skirmish.cli.transfer", "import_app"),
    "game": Noun("skirmish.cli.game"),
    "luck": Noun("skirmish.cli.luck"),
    "print": Noun("skirmish.cli.print_cmd"),
    "gazette": Noun("skirmish.cli.gazette"),
    "serve": Noun("skirmish.cli.serve", "serve_app"),
    "user": Noun("skirmish.cli.user"),
}


class SuggestingGroup(TyperGroup):
    """A group whose "no such command" error names the closest commands, lazy ones included
    (typer's own suggestions, made with ``suggest_commands``, see only the commands already
    built: the groups below are made without them)."""

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:
            if args and not args[0].startswith("-"):
                close = difflib.get_close_matches(args[0], self.list_commands(ctx), cutoff=0.5)
                if close:
                    names = ", ".join(repr(name) for name in close)
                    exc.message = f"{exc.message.rstrip('.')}. Did you mean {names}?"
            raise


class LazyNounGroup(SuggestingGroup):
    """A noun's group that builds a command only when it is used.

    typer builds every command of an app up front (the signature, annotations and options of
    each): for ``roll``'s fourteen commands that is about 12 ms of ``roll shoot``'s 85, for
    ``game``'s forty about 28 ms. typer has no public way to build one command of an app, but it
    builds an app of one command as that command (``typer.main.get_command``): each command the
    noun's app registered is moved to an app of its own, built the first time it is asked for.
    """

    context_class = HelpContext

    def __init__(self, *, source: typer.Typer, name: str) -> None:
        info = source.info
        super().__init__(
            name=name,
            help=info.help if isinstance(info.help, str) else None,
            no_args_is_help=bool(info.no_args_is_help),
            suggest_commands=False,
        )
        self._apps: dict[str, typer.Typer] = {}
        for registered in source.registered_commands:
            one = typer.Typer(add_completion=False)
            one.registered_commands.append(registered)
            self._apps[str(registered.name)] = one

    def list_commands(self, ctx: Context) -> list[str]:
        return list(self._apps)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        if cmd_name not in self.commands and cmd_name in self._apps:
            self.commands[cmd_name] = adopt(typer.main.get_command(self._apps[cmd_name]))
        return self.commands.get(cmd_name)


def _build(target: typer.Typer, name: str) -> Command:
    """The command of a noun's app: a lazy group when the app is a plain group of named
    commands (no callback, no sub-apps), else typer's own."""
    plain_group = (
        target.registered_callback is None
        and not target.registered_groups
        and len(target.registered_commands) > 1
        and all(registered.name for registered in target.registered_commands)
    )
    return (
        LazyNounGroup(source=target, name=name)
        if plain_group
        else adopt(typer.main.get_command(target))
    )


#: Each noun's command, built once per process (issue #23): typer builds the root group anew
#: each time the app is called (``typer.main.get_command``), and the root asked its nouns'
#: commands to be built again with it. A command is a parser and a callback, the same for every
#: run (its help is said in the run's language when it is shown, ``HelpContext``), so a process
#: that runs the command line more than once (the tests' ``CliRunner``, hundreds of commands a
#: file) builds each noun's, and each of its commands, the first time only.
BUILT: dict[str, Command] = {}


class SkirmishGroup(SuggestingGroup):
    """Root group: lazy nouns, every error reported as a single ``Error:`` line, and the help
    screens in the run's language (``cli/help_text.py``)."""

    context_class = HelpContext

    def list_commands(self, ctx: Context) -> list[str]:
        eager = super().list_commands(ctx)
        return [*NOUNS, *(name for name in eager if name not in NOUNS)]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None or cmd_name not in NOUNS:
            return found
        command = BUILT.get(cmd_name)
        if command is None:
            noun = NOUNS[cmd_name]
            target = getattr(importlib.import_module(noun.module), noun.attr)
            command = BUILT[cmd_name] = _build(target, cmd_name)
            command.name = cmd_name
        self.commands[cmd_name] = command
        return command

    def invoke(self, ctx: Context) -> Any:
        # typer turns Ctrl-C into a silent exit 130, and end of input into an empty line before
        # "Aborted!": say what happened, in one line.
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except EOFError:
            raise typer.Abort() from None

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        # A refusal names an input; on the command line that is its flag (``--weapon``).
        said_in = HELP_LANG.set(_lang(args))
        args = _for_help(args)
        variable = os.environ.get(LANG_VARIABLE)  # ``skirmish --lang`` sets it for this run
        try:
            with naming_inputs():
                return self._main(args, prog_name, complete_var, standalone_mode, **extra)
        finally:
            HELP_LANG.reset(said_in)
            if variable is None:
                os.environ.pop(LANG_VARIABLE, None)
            else:
                os.environ[LANG_VARIABLE] = variable

    def _main(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        standalone_mode: bool,
        **extra: Any,
    ) -> Any:
        try:
            check_environment()  # SKIRMISH_LANG, SKIRMISH_BUSY_TIMEOUT: before anything runs
        except (LanguageError, EnvironmentValueError) as exc:
            lang = _lang(args)  # --lang's language if given, else English
            _error(exc.text(lang), lang)
            if standalone_mode:
                sys.exit(exc.exit_code)
            return exc.exit_code
        try:
            result = super().main(
                args=args,
                prog_name=prog_name or "skirmish",
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
            code = result if isinstance(result, int) else 0
        except NoArgsIsHelpError as exc:
            exc.show()
            code = exc.exit_code
        except UsageError as exc:
            from skirmish.cli.usage_text import REFUSAL, sentence  # lazy: error

            where = exc.ctx.command_path if exc.ctx is not None else "skirmish"
            message = exc.format_message()
            refused = getattr(exc, "refused", None)  # a value refused by the rules' words
            inner = refused.text("en") if isinstance(refused, SkirmishError) else None
            if inner:  # click's frame in the run's language around the refusal's own words
                message = message.replace(inner, REFUSAL)
            line = sentence(message, where, _lang(args))
            if inner and isinstance(refused, SkirmishError):
                line = line.replace(REFUSAL, refused.text(_lang(args)).rstrip("."))
            _error(line, _lang(args))
            code = exc.exit_code
        except ClickException as exc:
            from skirmish.cli.usage_text import italian  # lazy: error

            message = exc.format_message()
            _error(italian(message) if _lang(args) == "it" else message, _lang(args))
            code = exc.exit_code
        except SkirmishError as exc:
            _error(exc.text(_lang(args)), _lang(args))
            code = exc.exit_code
        except typer.Exit as exc:
            code = exc.exit_code
        except typer.Abort:
            from skirmish.cli.usage_text import MESSAGES  # lazy: error

            _error(tr(MESSAGES, "aborted", _lang(args)), _lang(args))
            code = 1
        except KeyboardInterrupt:
            _error(Interrupted().text(_lang(args)), _lang(args))
            code = Interrupted.exit_code
        except Exception as exc:  # the safety net: never a traceback
            from skirmish.cli import crash  # lazy: error

            argv = sys.argv if args is None else ["skirmish", *args]
            _error(crash.report(exc, argv, lang=_lang(args)), _lang(args))
            code = 1
        if standalone_mode:
            sys.exit(code)
        return code


def _for_help(args: Sequence[str] | None) -> Sequence[str] | None:
    """The arguments of a run asking for ``--help``, without their ``--lang``: the help is
    said in that language already (``HELP_LANG``), and a group has no ``--lang`` of its own
    (``skirmish campaign --help --lang it``)."""
    given = list(sys.argv[1:] if args is None else args)
    ending = given.index("--") if "--" in given else len(given)
    if "--help" not in given[:ending]:
        return args
    kept: list[str] = []
    skip = False
    for index, arg in enumerate(given):
        if skip:
            skip = False
        elif index < ending and arg == "--lang":
            skip = True
        elif not (index < ending and arg.startswith("--lang=")):
            kept.append(arg)
    return kept


def _lang(args: Sequence[str] | None) -> str:
    """The language of an error line: ``chosen_lang`` of this run's arguments, English if even
    that fails (an unknown ``SKIRMISH_LANG`` must not hide the error being reported)."""
    try:
        return chosen_lang(sys.argv[1:] if args is None else args)
    except Exception:
        return "en"


def chosen_lang(args: Sequence[str]) -> str:
    """The language an error is shown in: the command line's ``--lang``, else
    ``SKIRMISH_LANG``, else English (the error may come before typer has read the options)."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1].strip().lower()
        if arg.startswith("--lang="):
            return arg.partition("=")[2].strip().lower()

    return default_lang().value


def _error(message: str, lang: str) -> None:
    """Write ``Error: message`` (``Errore:`` in Italian) as one line: its first line only,
    control characters escaped, and cut in the middle if a quoted input made it very long."""
    first = message.strip().splitlines()[0] if message.strip() else "unknown error"

    first = printable(first)
    if len(first) > ERROR_LENGTH:
        cut = len(first) - ERROR_LENGTH
        first = f"{first[: ERROR_LENGTH // 2]}[…{cut:,} characters…]{first[-ERROR_LENGTH // 2 :]}"
    sys.stderr.write(gettext(lang, "Error: {message}", message=first) + "\n")


app = typer.Typer(
    cls=SkirmishGroup,
    name="skirmish",
    help=N_("Campaign manager and dice engine for 'Per qualche dado in più'.")
    + "\n\n"
    + example(N_("skirmish roll shoot --tiro 4 --cover light")),
    no_args_is_help=True,
    suggest_commands=False,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"skirmish {__version__}\n")
        raise typer.Exit()


def _run_lang(value: Lang | None) -> None:
    """``skirmish --lang it …``: the language of every command of this run, as if
    ``SKIRMISH_LANG`` said it (``SkirmishGroup.main`` puts the variable back afterwards)."""
    if value is not None:
        os.environ[LANG_VARIABLE] = value.value


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help=N_("Print the version and exit.")
        ),
    ] = False,
    lang: Annotated[
        Lang | None,
        typer.Option(
            "--lang",
            callback=_run_lang,
            is_eager=True,
            show_default=False,
            help=N_("Language of the whole run, help included: it or en (as $SKIRMISH_LANG)."),
        ),
    ] = None,
) -> None:
    """Campaign manager and dice engine for 'Per qualche dado in più'."""


def main() -> None:
    """Console-script entry point: the command starts with the collector quiet, runs, then the
    objects it leaves are frozen out of the collection at interpreter exit
    (``skirmish.collector``)."""
    quiet_start()
    try:
        app()
    finally:
        started()  # a command that opened no store: the thresholds put back all the same
        freeze_at_exit()


if __name__ == "__main__":
    main()
