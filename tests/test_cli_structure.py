"""The command line as a whole: help everywhere, one-line errors, light start-up (STYLE.md)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer._click import Command, Context
from typer.core import TyperGroup
from typer.main import get_command
from typer.testing import CliRunner

from skirmish.cli.main import NOUNS, app

runner = CliRunner()


def _walk(command: Command, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], Command]]:
    found = [(path, command)]
    if isinstance(command, TyperGroup):
        ctx = Context(command, info_name=path[-1] if path else "skirmish")
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, f"{' '.join(path + (name,))} is listed but cannot be loaded"
            found += _walk(sub, path + (name,))
    return found


def all_commands() -> list[tuple[tuple[str, ...], Command]]:
    return _walk(get_command(app), ())


def test_every_noun_is_reachable() -> None:
    names = {path[0] for path, _ in all_commands() if path}
    assert set(NOUNS) <= names


COMMANDS = all_commands()


@pytest.mark.parametrize(
    ("path", "command"), COMMANDS, ids=[" ".join(path) or "skirmish" for path, _ in COMMANDS]
)
def test_every_command_has_help_with_an_example(path: tuple[str, ...], command: Command) -> None:
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    if isinstance(command, TyperGroup) and path:
        assert command.help, f"{' '.join(path)} has no help"
    else:
        assert "Example" in result.output or "Esempio" in result.output, " ".join(path)


def test_unknown_command_is_one_error_line() -> None:
    result = runner.invoke(app, ["rol"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "roll" in lines[0]


def test_bad_option_value_is_one_error_line() -> None:
    result = runner.invoke(app, ["roll", "reflex", "--rif", "four"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "Traceback" not in result.output


HEAVY = (
    "sqlmodel", "sqlalchemy", "alembic", "weasyprint", "jinja2", "psycopg", "pydantic", "argon2",
)  # fmt: skip

PROBE = """
import sys
from skirmish.cli.main import app
try:
    app({args!r})
except SystemExit as exit:
    code = exit.code
print("\\n" + __import__("json").dumps({{"code": code, "modules": sorted(sys.modules)}}))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"],
        ["roll", "reflex", "--rif", "4", "--seed", "1"],
        ["odds", "shoot", "--tiro", "4", "--cover", "light", "--json"],
        ["rules", "weapons", "--json"],
        ["--help"],
    ],
    ids=" ".join,
)
def test_dice_and_rules_commands_never_import_the_database_or_pdf_stack(args: list[str]) -> None:
    probe = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=args)],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(probe.stdout.strip().splitlines()[-1])
    assert report["code"] in (0, None), probe.stderr
    loaded = {m.split(".")[0] for m in report["modules"]}
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def _probed(probe: str, args: list[str], tmp_path: Path) -> dict[str, Any]:
    """Run ``probe`` (a script with ``{args}``) on a copy of the demo store (``{db}`` in
    ``args``): its report, the command having succeeded."""
    db = tmp_path / "club.db"
    shutil.copyfile(Path(__file__).resolve().parent.parent / "campaigns.db.example", db)
    done = subprocess.run(
        [sys.executable, "-c", probe.format(args=[a.format(db=db) for a in args])],
        capture_output=True,
        text=True,
        check=True,
    )
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["code"] in (0, None), done.stderr
    return report


#: The game tracker and the scenarios' TOML (issue #23): only a game's commands (and a message
#: naming a scenario or a game's argument) load them.
GAME_MODULES = ("skirmish.campaign.game", "skirmish.rules.scenario", "tomllib")
#: The club's accounts' tables (issue #23): the web app and the accounts' commands build them;
#: a campaign's reads and prints on the command line never do.
ACCOUNT_TABLES = "skirmish.campaign.account_tables"


@pytest.mark.parametrize(
    "args",
    [
        ["gang", "show", "Earp brothers", "--db", "{db}"],
        ["gang", "show", "Earp brothers", "--json", "--db", "{db}"],
        ["gang", "list", "--db", "{db}"],
        ["roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"],
        ["roll", "reflex", "--rif", "4", "--seed", "1"],
        ["print", "roster", "Earp brothers", "--format", "html", "-o", "{db}.html", "--db", "{db}"],
    ],
    ids=lambda args: " ".join(a for a in args if not a.startswith(("--db", "{db}"))),
)
def test_gang_show_the_roster_and_roll_never_import_the_game_tracker_or_the_scenarios(
    args: list[str], tmp_path: Path
) -> None:
    report = _probed(PROBE, args, tmp_path)
    loaded = [m for m in report["modules"] if m.startswith(GAME_MODULES)]
    assert loaded == []
    assert ACCOUNT_TABLES not in report["modules"]  # nor the accounts' six tables
    if args[0] == "gang":  # nor the combat inputs: a gang's page rolls nothing
        assert "skirmish.engine.setup" not in report["modules"]
    if args[0] == "roll":  # nor the game's words: a roll says "steady" only after a panic
        # test that left its model steady (engine/explain_combat.py, issue #23)
        assert "skirmish.engine.glossary" not in report["modules"]
    if args[0] == "print":  # the roster's line of the standings is counted with Core, and the
        # demo campaign has no web address: no QR code drawn, segno not loaded (issue #23)
        assert "skirmish.campaign.standings" in report["modules"]
        assert "segno" not in report["modules"]


#: Reports the dataclasses the command's own modules declared, after it ran.
DATACLASS_PROBE = PROBE.replace(
    '"modules": sorted(sys.modules)',
    '"modules": sorted(sys.modules), "dataclasses": sorted('
    'v.__module__ + "." + k for m in list(sys.modules.values()) '
    'if m is not None and m.__name__.startswith("skirmish") '
    "for k, v in vars(m).items() if isinstance(v, type) "
    'and __import__("dataclasses").is_dataclass(v) and v.__module__ == m.__name__)',
)


def test_a_roll_builds_no_dataclass(tmp_path: Path) -> None:
    """A frozen dataclass costs several times a NamedTuple to create (it writes and runs its
    methods' code), and ``roll shoot`` creates its classes on every start (issue #23): the
    rules' entries, the combat setups, the dice and their verdicts, the skills taken, the
    modifiers and the bounds are NamedTuples, and the roll never imports ``dataclasses``."""
    report = _probed(
        DATACLASS_PROBE,
        ["roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"],
        tmp_path,
    )
    assert report["dataclasses"] == []
    assert "dataclasses" not in report["modules"]


#: Reports, besides the dataclasses, the store's tables whose pydantic validator was built.
BUILT_PROBE = DATACLASS_PROBE.replace(
    '"modules": sorted(sys.modules),',
    '"modules": sorted(sys.modules), "built": sorted('
    't.__name__ for t in __import__("skirmish.campaign.models", fromlist=["Table"])'
    ".Table.__subclasses__() if t.__pydantic_complete__),",
)


@pytest.mark.parametrize(
    "args",
    [
        ["print", "roster", "Earp brothers", "--format", "html", "-o", "{db}.html", "--db", "{db}"],
        ["gang", "show", "Earp brothers", "--db", "{db}"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_the_roster_and_gang_show_build_no_table_validator(args: list[str], tmp_path: Path) -> None:
    """No row is validated by pydantic: the tables' validators are built on first use
    (``models.Table``, ``defer_build``), never on these paths; and the roster's modules declare
    no dataclass (issue #23: NamedTuples, created several times faster)."""
    report = _probed(BUILT_PROBE, args, tmp_path)
    assert report["built"] == []
    if args[0] == "print":
        assert report["dataclasses"] == []


#: Reports the NamedTuples the command's own modules declared with annotations written as
#: strings (each compiled into a ``typing.ForwardRef`` when the class is created).
FORWARD_PROBE = PROBE.replace(
    '"modules": sorted(sys.modules)',
    '"modules": sorted(sys.modules), "forward": sorted('
    'v.__module__ + "." + k for m in list(sys.modules.values()) '
    'if m is not None and m.__name__.startswith("skirmish") '
    "for k, v in vars(m).items() if isinstance(v, type) and issubclass(v, tuple) "
    'and v.__module__ == m.__name__ and any(isinstance(t, __import__("typing").ForwardRef) '
    'for t in vars(v).get("__annotations__", {{}}).values()))',
)


def test_a_roll_compiles_no_annotation_of_its_named_tuples(tmp_path: Path) -> None:
    """``typing.NamedTuple`` compiles each annotation written as a string into a ForwardRef,
    and ``from __future__ import annotations`` writes them all so: about 7 µs a field, 320
    fields on ``roll shoot``'s path (issue #23). The modules that declare them evaluate their
    annotations; the two left are small and their modules name types imported only for the
    type checker."""
    report = _probed(
        FORWARD_PROBE,
        ["roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"],
        tmp_path,
    )
    assert report["forward"] == [
        "skirmish.engine.rollers.Rolled",
        "skirmish.rules.tables._Profiles",
    ]


def test_a_command_leaves_its_objects_out_of_the_exit_collection() -> None:
    """``skirmish``'s entry point freezes what the command leaves (``skirmish.collector``, issue
    #23): the collection at interpreter exit no longer walks it."""
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count()))\n"
        "sys.argv = ['skirmish', 'roll', 'reflex', '--rif', '4', '--seed', '1']\n"
        "from skirmish.cli.main import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    frozen = int(done.stdout.strip().splitlines()[-1].removeprefix("frozen "))
    assert frozen > 10_000


#: A command run in English, its languages' catalogues read (issue #23): declarations said in
#: both languages are filled in lazily (``fields.Words.filled``), so none reads the Italian.
CATALOGUES_PROBE = """
import sys
import skirmish.translation as translation
read = []
plain = translation.translations
translation.translations = lambda lang: (read.append(lang), plain(lang))[1]
from skirmish.cli.main import app
try:
    app({args!r})
except SystemExit as exit:
    code = exit.code
print("\\n" + __import__("json").dumps({{"code": code, "read": sorted(set(read))}}))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["gang", "show", "Earp brothers", "--db", "{db}"],
        ["roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"],
        ["--lang", "it", "gang", "show", "Earp brothers", "--db", "{db}"],
    ],
    ids=lambda args: " ".join(a for a in args if a not in ("--db", "{db}")),
)
def test_an_english_command_never_reads_the_italian_catalogue(
    args: list[str], tmp_path: Path
) -> None:
    report = _probed(CATALOGUES_PROBE, args, tmp_path)
    # The Italian run is the control: the probe sees a catalogue being read.
    assert ("it" in report["read"]) == (args[:2] == ["--lang", "it"])


def test_a_nouns_commands_are_built_once_per_process() -> None:
    """The root group typer builds anew for each call finds the nouns' commands already built
    (``cli.main.BUILT``, issue #23): the second ``roll shoot`` of a process runs the same
    command objects as the first, and answers the same."""
    from skirmish.cli.main import BUILT

    args = ["roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"]
    first = runner.invoke(app, args, env={"SKIRMISH_LANG": ""})
    roll = BUILT["roll"]
    shoot = roll.commands["shoot"]  # type: ignore[attr-defined]
    again = runner.invoke(app, args, env={"SKIRMISH_LANG": ""})
    italian = runner.invoke(app, ["--lang", "it", "roll", "shoot", "--help"])
    english = runner.invoke(app, ["roll", "shoot", "--help"], env={"SKIRMISH_LANG": ""})
    assert BUILT["roll"] is roll
    assert roll.commands["shoot"] is shoot  # type: ignore[attr-defined]
    assert first.exit_code == again.exit_code == 0, first.output
    assert again.stdout == first.stdout
    # the same command's help, said in each run's language
    assert italian.exit_code == english.exit_code == 0
    assert "Uso: skirmish roll shoot [OPZIONI]" in italian.stdout
    assert "Usage: skirmish roll shoot [OPTIONS]" in english.stdout
