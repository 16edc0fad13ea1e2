"""The catalogue of the actions between games (issue #20, ``campaign/commands.py``) and its front
ends: every action exists at the command line, as a web form and in ``/api/v1`` (with its own
request schema), each with the catalogue's inputs, names and help; and the same action with the
same dice through the command line and through the API leaves the same rows and log entries."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from typer.main import get_command

from skirmish.campaign import choices
from skirmish.campaign.commands import BY_NAME, BY_PATH, CATALOGUE, Command
from skirmish.campaign.fields import Kind
from skirmish.campaign.permissions import TABLE
from skirmish.cli.between import COMMANDS
from skirmish.cli.from_fields import hand_written
from tests.campaign.conftest import made_from_fields

#: What every between-games command takes besides its action's own inputs.
COMMON = {"lang", "campaign", "json_", "db", "seed", "dice", "help"}
DEMO = Path(__file__).parents[2] / "campaigns.db.example"
CAMPAIGN, EARPS = "Tombstone 1881", "Earp brothers"


def _cli_command(command: Command) -> Any:
    from skirmish.cli.main import NOUNS
    from skirmish.cli.main import app as main_app

    noun = NOUNS[command.path[0]]
    app = getattr(__import__(noun.module, fromlist=[noun.attr]), noun.attr)
    del main_app
    built = get_command(app)
    if len(command.path) == 1:  # a noun of one command: ``skirmish undo``
        return built
    return built.commands[command.path[-1]]  # type: ignore[attr-defined]


def _cli_inputs(command: Command) -> tuple[list[str], set[str]]:
    """The command line's arguments (by parameter, in order) and options (by flag)."""
    arguments, options = [], set()
    for param in _cli_command(command).params:
        if param.name in COMMON:
            continue
        if param.param_type_name == "argument":
            arguments.append(param.name)
        else:
            options.add(param.opts[0])
    return arguments, options


def test_names_are_unique_and_each_path_finds_its_action() -> None:
    assert len({c.name for c in CATALOGUE}) == len(CATALOGUE)
    assert all(BY_PATH[c.path] is c and BY_NAME[c.name] is c for c in CATALOGUE)
    every = {"hire", "fire", "buy", "sell", "equip", "unequip", "advance", "xp", "rename",
             "retire", "rename-model", "undo"}  # fmt: skip
    assert {c.name for c in CATALOGUE} >= every


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_every_action_is_declared_whole(command: Command) -> None:
    """Both languages, an example of its own command, a permission of the table, its choices
    known to ``campaign/choices.py``, its pick made of its own fields."""
    for words in (command.label, command.title, command.help, *command.dice):
        assert words.en.strip() and words.it.strip() and words.en != words.it, words
    assert command.example.startswith(command.cli + " ")
    assert command.usage.startswith(command.cli + " GANG")
    assert command.permission in TABLE
    for field in command.fields:
        assert field.label.en and field.label.it and field.help.en and field.help.it
    if command.choices is not None:
        assert callable(getattr(choices, f"{command.choices}_options"))
        assert callable(getattr(choices, f"{command.choices}_data"))
    if command.pick is not None:
        assert set(command.pick.fields) <= {f.name for f in command.fields}


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_the_command_lines_inputs_are_made_from_the_fields(command: Command) -> None:
    """The gang first, then each field exactly one of the command's parameters, made from it
    (``cli/from_fields.py``); ``--dice`` exactly when it rolls; nothing else. Only ``gang
    hire`` and ``gang buy`` may be given without a field the action needs (they then list the
    choices); only ``member advance`` takes fields its own way, each by the option its ``cli``
    names (``--choice`` for any weapon type, ``--pick cacciatore``)."""
    params = [p for p in _cli_command(command).params if p.name not in COMMON]
    made = COMMANDS[command.path].fields  # type: ignore[attr-defined]
    assert params[0].name == "gang" and params[0].param_type_name == "argument"
    rest = made_from_fields(command.fields, made, params[1:])
    own = [f for f in command.fields if f.name not in {m.name for m in made}]
    assert {p.opts[0] for p in rest} == {f.cli for f in own}
    assert not own or command.name == "advance"
    optional = [f.name for f in made if f.required < command.field(f.name).required]
    assert not optional or command.choices in ("hire", "buy")
    params_ = {p.name for p in _cli_command(command).params}
    assert ("dice" in params_) == command.rolls


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_no_command_writes_its_fields_by_hand(command: Command) -> None:
    """A command function takes its fields' parsed values and makes none of them a typer
    parameter itself (``@inputs`` refuses one that does as its module is loaded)."""
    _cli_command(command)  # its module loaded: its commands registered
    assert hand_written(COMMANDS[command.path], command.fields) == []


def test_a_refusal_names_the_field_as_the_command_takes_it() -> None:
    """A field's refusal says the flag typed (``--for``, not the field's ``member``) or the
    argument (``MEMBER``), as the command at work takes it."""
    from skirmish.cli.input_names import in_command, naming, naming_inputs

    for command in (BY_NAME["buy"], BY_NAME["rename-model"]):
        _cli_command(command)
    with naming_inputs():
        in_command(COMMANDS[("gang", "buy")].fields)  # type: ignore[attr-defined]
        assert (naming("member", "en"), naming("item", "en")) == ("--for", "ITEM")
        in_command(COMMANDS[("member", "rename")].fields)  # type: ignore[attr-defined]
        assert (naming("member", "en"), naming("name", "en")) == ("MEMBER", "NEW_NAME")
        assert naming("no_handle", "en") == "--no-handle"
    assert naming("item", "en") == "--item"  # no command at work: the name as a flag


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_every_command_has_the_catalogues_help_and_italian_names(command: Command) -> None:
    shown = _cli_command(command)
    assert shown.help.startswith(command.help.en) and f"Example: {command.example}" in shown.help
    if len(command.path) == 2:
        module = __import__(f"skirmish.cli.{command.path[0]}", fromlist=["app"])
        group = get_command(module.app).commands  # type: ignore[attr-defined]
        for italian in command.italian:
            other = group[italian]
            assert other.hidden and other.help == shown.help
            assert [p.name for p in other.params] == [p.name for p in shown.params]


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_every_action_has_a_form_and_an_api_route_with_its_inputs(
    command: Command, routes: tuple[set[Any], Any]
) -> None:
    """The form's page and its POST, the API's POST with the catalogue's fields (and the dice
    when it rolls) as its own request schema, the required ones required."""
    found, document = routes
    page = "/c/{campaign}/g/{gang}/" + command.name
    api = "/api/v1/campaigns/{campaign}/gangs/{gang}/" + command.name
    assert {(page, "GET"), (page, "POST"), (api, "POST")} <= found
    schema = document["paths"][api]["post"]["requestBody"]["content"]["application/json"]
    schema = schema["schema"]
    expected = {f.name for f in command.fields} | ({"dice"} if command.rolls else set())
    assert set(schema["properties"]) == expected
    assert schema.get("required", []) == [f.name for f in command.fields if f.required]
    for field in command.fields:
        kind = schema["properties"][field.name]
        want = {Kind.FLAG: "boolean", Kind.COUNT: "integer"}.get(field.kind, "string")
        assert kind["type"] == want and kind["description"] == field.help.en
    assert ((api, "GET") in found) == (command.choices is not None or command.name == "undo")


def test_every_form_asks_the_catalogues_inputs(tmp_path: Path) -> None:
    """Each form's controls are the catalogue's fields (a pick's as its one choice), and the
    dice when it rolls: a store without accounts, where the laptop may do everything."""
    import html
    import re

    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    db = tmp_path / "c.db"
    shutil.copyfile(DEMO, db)
    with TestClient(create_app(str(db))) as client:
        for command in CATALOGUE:
            url = f"/c/{quote(CAMPAIGN)}/g/{quote(EARPS)}/{command.name}"
            page = client.get(url)
            assert page.status_code == 200, command.name
            form = page.text.split('class="action"')[1].split("</form>")[0]
            ids = re.findall(r'id="act-([^"]+)"', form)  # a choice with none allowed: no name
            names = {i for i in ids if not i.endswith("-hint")}
            picked = set(command.pick.fields) if command.pick else set()
            expected = {f.name for f in command.fields} - picked
            if command.pick is not None:
                expected.add(command.pick.name)
            if command.rolls:
                expected.add("dice")
            if command.name == "advance":  # lawmen may not take CACCIATORE (§9.6)
                expected.discard("cacciatore")
            if command.name == "undo":  # the entry the page shows, carried out of sight
                assert 'type="hidden" name="entry"' in form
                expected.discard("entry")
            assert names == expected, command.name
            assert command.title.en in html.unescape(page.text)


# ------------------------------------------------------------------ the same rows both ways

#: Each action with its values by field name and its dice, in the order played.
PLAYED: list[tuple[str, str, dict[str, Any], list[int]]] = [
    ("Dodge posse", "hire", {"profile": "sceriffo", "name": "Bat Masterson"}, []),
    (EARPS, "buy", {"item": "lasso"}, [5]),
    (EARPS, "buy", {"item": "knife", "member": "Wyatt Earp"}, []),
    (EARPS, "equip", {"item": "lasso", "member": "Morgan Earp"}, []),
    (EARPS, "unequip", {"item": "lasso", "member": "Morgan Earp"}, []),
    (EARPS, "sell", {"item": "lasso"}, []),
    (EARPS, "sell", {"item": "knife", "member": "Wyatt Earp"}, []),
    (EARPS, "advance", {"member": "Wyatt Earp", "advance": "skill", "rifle": "carbine"}, [1, 1]),
    (EARPS, "xp", {"member": "Virgil Earp", "amount": 2, "reason": "2 eliminations"}, []),
    (EARPS, "rename-model", {"member": "Doc Holliday", "handle": "Doc"}, []),
    (EARPS, "rename-model", {"member": "Doc", "name": "John Holliday", "no_handle": True}, []),
    (EARPS, "fire", {"member": "Morgan Earp"}, []),
    (EARPS, "undo", {}, []),
    (EARPS, "rename", {"name": "Earp posse"}, []),
    ("Dodge posse", "retire", {}, []),
]


def _argv(command: Command, gang: str, values: dict[str, Any], dice: list[int]) -> list[str]:
    """The command line of an action, made from the catalogue's fields and ``values``."""
    argv = [*command.path, gang]
    argv += [str(values[f.name]) for f in command.fields if f.argument and f.name in values]
    for field in command.fields:
        if field.argument or field.name not in values:
            continue
        if field.kind is Kind.FLAG:
            argv += [field.cli_name] if values[field.name] else []
        else:
            argv += [field.cli_name, str(values[field.name])]
    return argv + (["--dice", ",".join(map(str, dice))] if dice else [])


def _run(db: Path, *args: str) -> Any:
    import json

    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, [*args, "--db", str(db)], env={"SKIRMISH_LANG": "en"})
    assert result.exit_code == 0, (args, result.output)
    return json.loads(result.stdout) if "--json" in args else result.stdout


def _state(db: Path, gang: str) -> tuple[Any, Any]:
    """The gang's last log entry (its time aside) and the gang, as ``--json`` shows them."""
    entry = _run(db, "log", gang, "--last", "1", "--json")[0]
    entry.pop("at")
    return entry, _run(db, "gang", "show", gang, "--json")


def test_the_same_action_with_the_same_dice_leaves_the_same_rows_both_ways(
    tmp_path: Path,
) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    by_cli, by_web = tmp_path / "cli.db", tmp_path / "web.db"
    shutil.copyfile(DEMO, by_cli)
    _run(by_cli, "gang", "new", "Dodge posse", "--faction", "lawmen")
    shutil.copyfile(by_cli, by_web)
    played = set()
    with TestClient(create_app(str(by_web))) as client:
        client.get("/")
        headers = {"X-CSRF-Token": str(client.cookies.get("csrf"))}
        for gang, name, values, dice in PLAYED:
            command = BY_NAME[name]
            _run(by_cli, *_argv(command, gang, values, dice))
            body = {**values, **({"dice": dice} if dice else {})}
            url = f"/api/v1/campaigns/{quote(CAMPAIGN)}/gangs/{quote(gang, safe='')}/{name}"
            answer = client.post(url, json=body, headers=headers)
            assert answer.status_code == 200, (name, answer.text)
            after = "Earp posse" if name == "rename" else gang
            assert _state(by_cli, after) == _state(by_web, after), name
            played.add(name)
    assert played == {c.name for c in CATALOGUE}  # every action, both ways
