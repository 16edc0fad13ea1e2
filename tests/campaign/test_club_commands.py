"""The catalogue of the club's actions (issue #20, ``campaign/club_commands.py``) and its front
ends: every action exists at the command line and in ``/api/v1`` with its own request schema,
each with the catalogue's inputs, names, help and permission; its web form's POST is there too.
The forms' controls and the same rows both ways: ``tests/web/test_club_same.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command

from skirmish.campaign.club_commands import BY_NAME, BY_PATH, CATALOGUE, ClubCommand
from skirmish.campaign.fields import Kind
from skirmish.campaign.permissions import TABLE
from skirmish.campaign.settings import HOUSE_RULES, find_setting
from skirmish.cli.between import COMMANDS
from skirmish.cli.from_fields import hand_written
from tests.campaign.conftest import made_from_fields

#: What every club command may take besides its action's own inputs.
COMMON = {"lang", "campaign", "json_", "db", "help"}
DEMO = Path(__file__).parents[2] / "campaigns.db.example"
IDS = [c.name for c in CATALOGUE]


def _cli_command(command: ClubCommand) -> Any:
    module = __import__(f"skirmish.cli.{command.path[0]}", fromlist=["app"])
    return get_command(module.app).commands[command.path[-1]]  # type: ignore[attr-defined]


def _cli_inputs(command: ClubCommand) -> tuple[list[str], set[str]]:
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
    assert {c.cli for c in CATALOGUE} == {
        "skirmish campaign new",
        "skirmish campaign set",
        "skirmish campaign set-public",
        "skirmish campaign address",
        "skirmish campaign role",
        "skirmish campaign invite",
        "skirmish campaign withdraw",
        "skirmish campaign join",
        "skirmish gang new",
        "skirmish gang owner",
    }


@pytest.mark.parametrize("command", CATALOGUE, ids=IDS)
def test_every_action_is_declared_whole(command: ClubCommand) -> None:
    """Both languages, an example of its own command, a permission of the table (or none only
    where no row answers), the form's fields its own."""
    for words in (command.label, command.title, command.help):
        assert words.en.strip() and words.it.strip() and words.en != words.it, words
    assert command.example.startswith(command.cli + " ")
    assert command.usage.startswith(command.cli + " ")
    assert command.permission in TABLE or command.name in ("campaign-new", "join")
    for field in command.fields:
        assert field.label.en and field.label.it and field.help.en and field.help.it, field
        assert field.help.en != field.help.it, field
    assert set(command.asked or ()) <= {f.name for f in command.fields}


@pytest.mark.parametrize("command", CATALOGUE, ids=IDS)
def test_the_command_lines_inputs_are_made_from_the_fields(command: ClubCommand) -> None:
    """Each field exactly one of the command's parameters, made from it
    (``cli/from_fields.py``), and ``--user`` where the command line names the account it acts
    for; nothing else. The house rules are set one at a time: KEY VALUE, every key one of the
    catalogue's fields."""
    params = [p for p in _cli_command(command).params if p.name not in COMMON]
    if command.each:
        arguments, options = _cli_inputs(command)
        assert arguments == ["key", "value"] and options == set()
        assert {f.name for f in command.fields} == {rule.key for rule in HOUSE_RULES}
        assert all(find_setting(f.name).key == f.name for f in command.fields)
        return
    made = COMMANDS[command.path].fields  # type: ignore[attr-defined]
    assert made == command.fields
    rest = made_from_fields(command.fields, made, params)
    assert [p.opts for p in rest] == ([["--user"]] if command.for_user else [])


@pytest.mark.parametrize("command", CATALOGUE, ids=IDS)
def test_no_command_writes_its_fields_by_hand(command: ClubCommand) -> None:
    """A command function takes its fields' parsed values and makes none of them a typer
    parameter itself (``@inputs`` refuses one that does as its module is loaded)."""
    _cli_command(command)  # its module loaded: its commands registered
    assert hand_written(COMMANDS[command.path], command.fields) == []


@pytest.mark.parametrize("command", CATALOGUE, ids=IDS)
def test_every_command_has_the_catalogues_help_and_names(command: ClubCommand) -> None:
    shown = _cli_command(command)
    assert shown.help.startswith(command.help.en) and f"Example: {command.example}" in shown.help
    assert not shown.hidden
    group = get_command(
        __import__(f"skirmish.cli.{command.path[0]}", fromlist=["app"]).app
    ).commands  # type: ignore[attr-defined]
    for italian in command.italian:
        assert group[italian].hidden and group[italian].help == shown.help


@pytest.mark.parametrize("command", CATALOGUE, ids=IDS)
def test_every_action_has_a_form_and_an_api_route_with_its_inputs(
    command: ClubCommand, routes: tuple[set[Any], Any]
) -> None:
    """The form's POST, the API's POST with the catalogue's words, its status, and the
    catalogue's fields as its own request schema, the required ones required, typed."""
    found, document = routes
    assert {(command.form, "POST"), (command.api, "POST")} <= found
    operation = document["paths"][command.api]["post"]
    assert operation["summary"] == command.title.en
    assert operation["description"].startswith(f"{command.help.en} The same as `{command.cli}`")
    assert ("201" if command.created else "200") in operation["responses"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    assert set(schema["properties"]) == {f.name for f in command.fields}
    assert schema.get("required", []) == [f.name for f in command.fields if f.required]
    for field in command.fields:
        kind = schema["properties"][field.name]
        want = {Kind.FLAG: "boolean", Kind.COUNT: "integer", Kind.ASSIGNMENTS: "array"}
        assert kind["type"] == want.get(field.kind, "string")
        assert kind["description"] == field.help.en
        if field.kind is Kind.COUNT:
            assert (kind["minimum"], kind["maximum"]) == (field.low, field.high)


def test_who_may_is_the_permission_table(routes: tuple[set[Any], Any]) -> None:
    """An owner's action says only the owner may; founding a gang, every member."""
    _, document = routes
    invite = document["paths"][BY_NAME["invite"].api]["post"]["description"]
    assert "for the campaign's owner." in invite
    gang = document["paths"][BY_NAME["gang-new"].api]["post"]["description"]
    assert "for the campaign's owner, arbitrator and player." in gang
