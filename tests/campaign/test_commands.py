"""The catalogue of a game's actions (issue #20, ``campaign/game/commands.py``) and its four
front ends: every action exists at the command line, in the walker, on the phone and in
``/api/v1``, each with the catalogue's inputs, names and help."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
import typer
from typer.main import get_command

from skirmish.campaign.game.commands import (
    BY_NAME,
    CATALOGUE,
    MODEL_ACTIONS,
    Command,
    Place,
    find,
    model_action,
)
from skirmish.campaign.game.fields import Kind
from skirmish.cli.from_fields import hand_written, inputs, python_name
from skirmish.cli.input_names import flag_for
from skirmish.engine.situation import GAME_SOURCES, Procedure, inputs_for
from skirmish.errors import RulesError
from skirmish.i18n import Lang
from tests.campaign.conftest import app_paths

#: What every ``skirmish game`` command takes besides its action's own inputs.
COMMON = {"lang", "game", "campaign", "json_", "db", "seed", "dice", "reroll", "help"}


def _cli_command(name: str) -> Any:
    from skirmish.cli.game import app

    return get_command(app).commands[name]  # type: ignore[attr-defined]


def _cli_inputs(command: Command) -> dict[str, str]:
    """The command line's inputs of ``command``: its arguments by position (``#1``…), then its
    options by flag, each with the name of its value."""
    found = {}
    arguments = 0
    for param in _cli_command(command.cli).params:
        if param.name in COMMON:
            continue
        if param.param_type_name == "argument":
            arguments += 1
            found[f"#{arguments}"] = param.name
        else:
            found[param.opts[0]] = param.name.rstrip("_")
    return found


def test_names_are_unique_and_every_word_finds_its_action() -> None:
    words: dict[str, str] = {}
    for command in CATALOGUE:
        for word in {command.name, command.cli, *command.italian, *command.aliases}:
            assert words.setdefault(word, command.name) == command.name, word
            assert find(word) is command
    with pytest.raises(RulesError) as refused:
        find("shot")
    assert (
        refused.value.text("en")
        == "'shot' is not an action of a game; did you mean shoot, hit, vote?"
    )


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_every_action_has_both_languages_and_an_example(command: Command) -> None:
    for words in (command.label, command.help):
        assert (
            words.en.strip()
            and words.it.strip()
            and words.en != words.it
            or (words.en in ("Whisky", "Lasso"))  # the book says both in both
        )
    assert command.example.startswith(f"skirmish game {command.cli}")
    for field in command.fields:
        assert field.label.en and field.label.it and field.help.en and field.help.it


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_every_action_is_a_command_with_its_help_and_italian_names(command: Command) -> None:
    from skirmish.cli.game import COMMANDS, ITALIAN

    run = COMMANDS[command.cli]
    # an Italian name that is the English word too ("lasso") is the command itself
    assert all(ITALIAN[it] is run for it in command.italian if it != command.cli)
    shown = _cli_command(command.cli).help
    assert shown.startswith(command.help.en) and command.example in shown


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_the_command_lines_inputs_are_made_from_the_fields(command: Command) -> None:
    """Each field is exactly one of the command's parameters (``cli/from_fields.py``): its
    arguments in the catalogue's order, each option by its flag and Italian flag, with the
    field's help, required and repeatable as the field says; a shot's or a fight's situation as
    ``engine/situation.py`` declares it; nothing else (``turn`` and ``abandon`` take only what
    every command takes)."""
    params = [p for p in _cli_command(command.cli).params if p.name not in COMMON]
    arguments = [p for p in params if p.param_type_name == "argument"]
    declared = [f for f in command.fields if f.argument]
    assert [p.name for p in arguments] == [python_name(f) for f in declared]
    for field, param in zip(declared, arguments, strict=True):
        assert param.help == field.help.en and param.required == field.required
    rest = [p for p in params if p.param_type_name != "argument"]
    for field in (f for f in command.fields if not f.argument):
        flag = field.cli or field.flag
        [param] = [p for p in rest if flag in p.opts]
        rest.remove(param)
        assert param.opts == [flag, *([field.it_flag] if field.it_flag else [])]
        assert param.help.startswith(field.help.en), field.name
        assert (param.required, param.multiple) == (field.required, field.many)
    situation: set[str] = set()
    if command.procedure is not None:
        situation = {flag_for(i, command.procedure) for i in inputs_for(command.procedure,
                     GAME_SOURCES)} | {"--no-target-waiting"}  # fmt: skip
    assert {p.opts[0] for p in rest} == situation


@pytest.mark.parametrize("command", CATALOGUE, ids=[c.name for c in CATALOGUE])
def test_no_command_writes_its_fields_by_hand(command: Command) -> None:
    """A command function takes its fields' parsed values, and makes none of them a typer
    parameter itself (``@inputs`` refuses one that does as its module is loaded)."""
    from skirmish.cli.game import COMMANDS
    from skirmish.cli.game_combat import do_melee, do_shoot

    run = COMMANDS[command.cli]
    if command.procedure is None:
        assert run.fields == command.fields  # type: ignore[attr-defined]
    else:  # a shot and a fight: ``situation_command`` makes theirs, from the fields too
        run = do_shoot if command.procedure is Procedure.SHOOT else do_melee
    assert hand_written(run, command.fields) == []


def test_a_field_written_by_hand_is_refused() -> None:
    from skirmish.cli.common_flags import LangOpt

    hit = find("hit")

    def by_hand(
        member: str,
        wounds: Annotated[int, typer.Option("--wounds")],
        by: str | None,
        near: tuple[str, ...],
        guard: str | None,
        lang: LangOpt,
    ) -> None: ...

    assert hand_written(by_hand, hit.fields) == ["wounds"]
    with pytest.raises(TypeError, match="wounds"):
        inputs(hit)(by_hand)


def test_a_faulty_value_is_the_fields_refusal() -> None:
    """What ``Field.parse`` refuses reaches the command as the field's ``FieldError``."""
    from skirmish.campaign.fields import FieldError
    from skirmish.cli.game_combat import hit

    with pytest.raises(FieldError) as refused:
        hit(member="Ike", wounds="lots", lang=Lang.EN)
    assert refused.value.field == "wounds"


def test_the_walker_offers_every_action_one_terminal_records() -> None:
    from skirmish.cli.game_walker import MENU, _menu

    walked = {entry.command.name for entry in MENU if entry.command is not None}
    # the game is begun by the walker itself, its post-game run after it, and a vote is for
    # two phones: one terminal ends the game with 'end'
    assert walked == {c.name for c in CATALOGUE} - {"start", "postgame", "vote"}
    for lang in Lang:
        words = [o.label for o in _menu(lang)]
        assert len(words) == len(set(words))
        for command in MODEL_ACTIONS:
            assert (command.italian[0] if lang is Lang.IT else command.cli) in words


def test_the_phone_offers_every_models_action_from_the_catalogue() -> None:
    from skirmish.web.game_perform import find_spec

    for command in MODEL_ACTIONS:
        assert find_spec(command.name) is command
        assert find_spec(command.cli) is command
        assert command.run is not None and command.offered is not None
        assert command.actor is not None or any(f.kind is Kind.GANG for f in command.fields)
    with pytest.raises(RulesError):
        model_action("turn")


def test_every_action_has_a_web_page_and_an_api_route(tmp_path: Any) -> None:
    """The model's actions through the flow (``/act``) and ``/actions/{name}``; the game's own
    steps each at its own address."""
    import shutil
    from pathlib import Path

    from skirmish.web.app import create_app

    db = tmp_path / "c.db"
    shutil.copyfile(Path(__file__).parents[2] / "campaigns.db.example", db)
    routes = set(app_paths(create_app(str(db)).routes))
    game, api = "/c/{campaign}/games/{game}", "/api/v1/campaigns/{campaign}/games/{game}"
    assert (game + "/act", "POST") in routes
    for command in MODEL_ACTIONS:
        assert (f"{api}/actions/{command.name}", "POST") in routes, command.name
    pages = {
        "start": ("/c/{campaign}/games/new", "/api/v1/campaigns/{campaign}/games"),
        "turn": (game + "/turn", api + "/turn"),
        "initiative": (
            "/c/{campaign}/games/{game_id}/activation/roll",
            "/api/v1/campaigns/{campaign}/games/{game_id}/initiative",
        ),
        "undo": (game + "/undo", api + "/undo"),
        "end": (game + "/end", api + "/end"),
        "vote": (game + "/vote", api + "/vote"),
        "abandon": (game + "/abandon", api + "/abandon"),
        "postgame": (game + "/postgame/{gang}", api + "/postgame/{gang}"),
    }
    assert set(pages) == {c.name for c in CATALOGUE if c.place is Place.GAME}
    for name, (page, route) in pages.items():
        assert (page, "POST") in routes, (name, page)
        assert (route, "POST") in routes, (name, route)


def test_a_faulty_field_is_named_as_each_front_end_names_it() -> None:
    """Item 6: the catalogue's refusal names the field; the command line says its flag (or
    its argument), a page its label, the API its name."""
    from skirmish.cli.input_names import naming as cli_naming
    from skirmish.web.input_names import api_naming, page_naming

    with pytest.raises(RulesError) as refused:
        BY_NAME["hit"].read({"member": "Ike", "wounds": "x"})
    error = refused.value
    assert error.text("en", cli_naming) == "--wounds: 'x' is not a number from 1 to 99."
    assert error.text("it", page_naming) == "“Ferite”: 'x' non è un numero da 1 a 99."
    assert error.text("en", api_naming) == "wounds: 'x' is not a number from 1 to 99."
    with pytest.raises(RulesError) as missing:
        BY_NAME["state"].read({"member": "Ike"})
    assert missing.value.text("en", cli_naming) == "NEW_STATE is missing: give state."
    assert missing.value.text("en", page_naming) == "“State” is missing: give state."


def test_the_dice_each_action_asks_for_are_the_engines() -> None:
    """Each action's dice are named by the engine's purposes (``engine.dice.PURPOSES``), which
    the phone and the walker say when they ask for one."""
    from skirmish.engine.dice import PURPOSES

    for command in CATALOGUE:
        assert set(command.dice) <= set(PURPOSES), command.name
        assert len(set(command.dice)) == len(command.dice), command.name
    assert BY_NAME["shoot"].dice[:2] == ("reflex", "nerve")  # opportunity fire, then nerve
    assert not BY_NAME["state"].rolls and BY_NAME["retreat"].dice == ("infamy",)


#: Each step of the game's ``/api/v1`` route (``{…}``: the fields it takes in its address).
STEP_ROUTES = {
    "start": "/api/v1/campaigns/{campaign}/games",
    "turn": "/api/v1/campaigns/{campaign}/games/{game}/turn",
    "initiative": "/api/v1/campaigns/{campaign}/games/{game_id}/initiative",
    "undo": "/api/v1/campaigns/{campaign}/games/{game}/undo",
    "end": "/api/v1/campaigns/{campaign}/games/{game}/end",
    "vote": "/api/v1/campaigns/{campaign}/games/{game}/vote",
    "abandon": "/api/v1/campaigns/{campaign}/games/{game}/abandon",
    "postgame": "/api/v1/campaigns/{campaign}/games/{game}/postgame/{gang}",
}


@pytest.mark.parametrize(
    "command", [c for c in CATALOGUE if c.place is Place.GAME], ids=lambda c: c.name
)
def test_each_game_step_s_openapi_schema_is_built_from_its_fields(
    command: Command, routes: tuple[set[Any], Any]
) -> None:
    """Every step of the game, no exception: each field is a property of its request body (or
    a parameter of its address), typed as the catalogue types it; those required are required;
    it takes the dice when it rolls."""
    from skirmish.web.action_schema import field_schema

    assert set(STEP_ROUTES) == {c.name for c in CATALOGUE if c.place is Place.GAME}
    path = STEP_ROUTES[command.name]
    _, document = routes
    body = document["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    properties = body["schema"]["properties"]
    in_path = {f.name for f in command.fields if "{" + f.name + "}" in path}
    for field in command.fields:
        if field.name in in_path:
            continue
        assert field.name in properties, (command.name, field.name)
        typed = field_schema(field).get("type")
        assert properties[field.name].get("type", typed) == typed, (command.name, field.name)
    required = {f.name for f in command.fields if f.required} - in_path
    assert set(body["schema"].get("required", ())) <= required, command.name
    assert ("dice" in properties) == command.rolls, command.name


@pytest.mark.parametrize(
    ("step", "path", "typed", "nearest"),
    [
        ("start", "games", {"scenario": "duello", "leavee": ["Ike"]}, "leave"),
        ("initiative", "games/1/initiative", {"good-fama": "Doc"}, "good-fama-from"),
        ("undo", "games/1/undo", {"entyr": 3}, "entry"),
        ("postgame", "games/1/postgame/Clantons", {"doctors": {}}, "doctor"),
    ],
)
def test_a_step_refuses_an_unknown_field_naming_the_nearest(
    tmp_path: Any, step: str, path: str, typed: dict[str, Any], nearest: str
) -> None:
    """As a model's action does (``…/actions/{name}``): nothing is done, the answer names the
    field meant."""
    import shutil

    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app
    from tests.campaign.conftest import DEMO

    db = tmp_path / "c.db"
    shutil.copyfile(DEMO, db)
    with TestClient(create_app(str(db))) as client:
        client.get("/")
        headers = {"X-CSRF-Token": client.cookies["csrf"]}
        url = f"/api/v1/campaigns/Tombstone%201881/{path}"
        answer = client.post(url, json=typed, headers=headers)
    assert answer.status_code == 400, answer.text
    wrong = next(iter(typed.keys() - {"scenario"}))
    said = answer.json()["error"]
    assert said.startswith(f"'{wrong}' is no field of {step}; did you mean {nearest}"), said
