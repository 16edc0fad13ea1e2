"""The request schema of each of a game's actions in ``/api/v1`` (issue #20), built from the
catalogue (``campaign/game/commands.py``): its fields as the catalogue types them, a shot's or a
fight's situation as ``engine/situation.py`` declares it, then the dice and the rerolls every
rolling action takes. OpenAPI shows one route per action with its own schema, so a client knows
each action's inputs; the route itself reads the body through the same ``Command.read``.

The actions between games (``campaign/commands.py``) get theirs the same way
(``gang_request_schema``): their fields, then the dice when they roll; and the club's
(``campaign/club_commands.py``) theirs with their route's words (``club_route``).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable
from typing import Any

from skirmish.campaign import commands as between
from skirmish.campaign.club_commands import ClubCommand
from skirmish.campaign.fields import Field, Kind
from skirmish.campaign.game.commands import Command
from skirmish.campaign.grants import Action
from skirmish.campaign.permissions import TABLE, Grant
from skirmish.engine import situation as declared
from skirmish.engine.situation import GAME_SOURCES, inputs_for
from skirmish.errors import RulesError, shown
from skirmish.translation import Message
from skirmish.web import input_names
from skirmish.web.site import CSRF_FIELD

_NAMES = {"type": "array", "items": {"type": "string"}}
#: A model within 5U of a blast: NAME=DISTANCE, or the object with how it stands.
_CAUGHT = {
    "type": "array",
    "items": {
        "anyOf": [
            {"type": "string", "example": "Wyatt Earp=4"},
            {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string"},
                    "distance": {"type": "integer", "minimum": 0, "maximum": 5},
                    "moved": {"type": "boolean"},
                    "protection": {"type": "string", "enum": ["none", "partial", "total"]},
                    "shelter": {"type": "string"},
                },
            },
        ]
    },
}


#: The dice an action rolls, typed as rolled at the table (``dice``).
_DICE: dict[str, Any] = {
    "description": 'The dice rolled at the table, in order ("2,3,6" or [2, 3, 6]); '
    "absent: the server rolls.",
    "anyOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
    ],
}


def field_schema(field: Field) -> dict[str, Any]:
    """One field's JSON schema, with its help in English."""
    found: dict[str, Any]
    if field.kind is Kind.COUNT:
        found = {"type": "integer", "minimum": field.low, "maximum": field.high}
    elif field.kind is Kind.FLAG:
        found = {"type": "boolean"}
    elif field.kind in (Kind.MODELS, Kind.GANGS):
        found = dict(_NAMES)
    elif field.kind is Kind.ASSIGNMENTS:
        found = {"type": "array", "items": {"type": "string", "example": "sell-percent=100"}}
    elif field.kind is Kind.CAUGHT:
        found = dict(_CAUGHT)
    elif field.kind is Kind.CHOICE and field.choices is not None:
        found = {"type": "string", "enum": [member.value for member in field.choices]}
    else:
        found = {"type": "string"}
    return {**found, "description": field.help.en}


def _input_schema(item: declared.Input) -> dict[str, Any]:
    if item.kind is declared.Kind.FLAG:
        found: dict[str, Any] = {"type": "boolean"}
    elif item.kind in (declared.Kind.COUNT, declared.Kind.CHARACTERISTIC):
        found = {"type": "integer", "minimum": 0}
    elif item.kind is declared.Kind.DISTANCE:
        found = {"type": "number", "minimum": 0}
    elif item.kind is declared.Kind.CHOICE and item.choices is not None:
        found = {"type": "string", "enum": [member.value for member in item.choices]}
    else:
        found = {"type": "string"}
    return {**found, "description": f"{item.help_en} ({item.rule})"}


def situation_fields(command: Command) -> dict[str, Any]:
    """A shot's or a fight's situation as the game asks it, by field name (the flag's words)."""
    if command.procedure is None:
        return {}
    found = {
        input_names.key(item.name_for(command.procedure)): _input_schema(item)
        for item in inputs_for(command.procedure, GAME_SOURCES)
    }
    if "target-waiting" in found:  # the record says whether the target has acted
        found["target-waiting"]["description"] += "; absent: as the game recorded it"
        found["no-target-waiting"] = {
            "type": "boolean",
            "description": "The target has already taken its turn, whatever the record says.",
        }
    return found


def request_schema(command: Command) -> dict[str, Any]:
    """The JSON body ``POST …/actions/{name}`` takes."""
    properties = {f.name: field_schema(f) for f in command.fields}
    properties.update(situation_fields(command))
    if command.rolls:
        properties["dice"] = dict(_DICE)
        properties["reroll"] = {
            **_NAMES,
            "description": "Failed dice rerolled with FAMA or FORTUNA (R-15): "
            "STAGE:POINT[:FRIEND].",
        }
    return {
        "title": f"{command.name.capitalize()}Request",
        "type": "object",
        "required": [f.name for f in command.fields if f.required],
        "properties": properties,
        "additionalProperties": False,  # ``api_fields`` refuses any other field
    }


def openapi_extra(command: Command) -> dict[str, Any]:
    """What FastAPI adds to the route's OpenAPI operation: its request body."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": request_schema(command)}},
        }
    }


#: What a step of the game at its own address may take besides its fields (``web/game_live``):
#: each route names those it honours (``common``).
_STEP_COMMON: dict[str, Any] = {
    "revision": {
        "type": "integer",
        "minimum": 0,
        "description": "The game's revision the change was asked at: refused if the game has "
        "moved on since (a vote is weighed against the game as it stands).",
    },
    "key": {
        "type": "string",
        "description": "An idempotency key (as the `Idempotency-Key` header): a retry answers "
        "the first answer again.",
    },
}


def step_request_schema(
    command: Command,
    more: dict[str, Any] | None = None,
    optional: frozenset[str] = frozenset(),
    path: frozenset[str] = frozenset(),
    common: tuple[str, ...] = ("revision", "key"),
) -> dict[str, Any]:
    """The body a step of the game (``Place.GAME``: ``…/games/{game}/turn``, ``vote``,
    ``…/initiative``, ``…/undo``, ``…/postgame/{gang}``, the start) takes: its fields as the
    catalogue types them (but those in its address, ``path``), the dice when it rolls, then the
    route's own (``more``: a verdict as a button sends it…), and of the revision and the
    idempotency key those it honours (``common``)."""
    properties = {f.name: field_schema(f) for f in command.fields if f.name not in path}
    if command.rolls:
        properties["dice"] = dict(_DICE)
    properties.update(more or {})
    properties.update({name: _STEP_COMMON[name] for name in common})
    schema: dict[str, Any] = {
        "title": f"{command.name.capitalize()}Request",
        "type": "object",
        "properties": properties,
    }
    required = [f.name for f in command.fields if f.required and f.name not in optional | path]
    if required:
        schema["required"] = required
    return schema


def step_openapi_extra(
    command: Command,
    more: dict[str, Any] | None = None,
    optional: frozenset[str] = frozenset(),
    path: frozenset[str] = frozenset(),
    common: tuple[str, ...] = ("revision", "key"),
    forms: bool = True,
) -> dict[str, Any]:
    """What FastAPI adds to a step's OpenAPI operation: its request body, a JSON object (or a
    form with the same fields, ``forms``)."""
    schema = step_request_schema(command, more, optional, path, common)
    content = {"application/json": {"schema": schema}}
    if forms:
        content["application/x-www-form-urlencoded"] = {"schema": schema}
    return {"requestBody": {"required": False, "content": content}}


def step_fields(
    command: Command,
    more: dict[str, Any] | None = None,
    path: frozenset[str] = frozenset(),
    common: tuple[str, ...] = ("revision", "key"),
) -> frozenset[str]:
    """Every field a step's route takes in its body (``refuse_unknown`` refuses another)."""
    return frozenset(step_request_schema(command, more, frozenset(), path, common)["properties"])


def unknown_field(action: str, known: frozenset[str], typed: str) -> RulesError:
    """A field ``action``'s route does not take, refused naming the nearest it does."""
    ordered = sorted(known)
    close = difflib.get_close_matches(typed, ordered, n=3, cutoff=0.5) or ordered
    return RulesError(
        Message(
            "{typed} is no field of {action}; did you mean {join_close}?",
            typed=shown(typed),
            action=action,
            join_close=", ".join(close),
        )
    )


def refuse_unknown(action: str, known: frozenset[str], body: Iterable[str]) -> None:
    """Refuse the first field of ``body`` (its names) that ``action`` does not take; a field's
    name may be written with ``_`` for ``-`` (as ``Command.read`` reads it), and a form's
    ``csrf`` is the CSRF check's."""
    for typed in sorted(body):
        if typed not in known and typed.replace("_", "-") not in known and typed != CSRF_FIELD:
            raise unknown_field(action, known, typed)


@functools.cache  # the catalogue is fixed: its schema is built once, not at every request
def api_fields(command: Command) -> frozenset[str]:
    """Every field ``POST …/actions/{name}`` takes (another is refused, naming the nearest)."""
    return frozenset(request_schema(command)["properties"])


def gang_request_schema(command: between.Command) -> dict[str, Any]:
    """The JSON body ``POST …/gangs/{gang}/{name}`` takes: the fields as the catalogue types
    them (a form's one choice, ``pick``, is sent as the fields it sets), then the dice."""
    properties = {f.name: field_schema(f) for f in command.fields}
    if command.rolls:
        properties["dice"] = {
            "description": 'The dice rolled at the table, in order ("4", "3 5" or [3, 5]): '
            + "; ".join(d.en for d in command.dice)
            + ". Absent: the server rolls, and the entry's `dice` says what it rolled.",
            "oneOf": [
                {"type": "string", "examples": ["4", "3 5"]},
                {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
            ],
        }
    schema: dict[str, Any] = {
        "title": "".join(w.capitalize() for w in command.name.split("-")) + "Request",
        "type": "object",
        "properties": properties,
    }
    required = [f.name for f in command.fields if f.required]
    if required:
        schema["required"] = required
    return schema


def club_request_schema(command: ClubCommand) -> dict[str, Any]:
    """The JSON body of a club's action in ``/api/v1``: its fields as the catalogue types them."""
    schema: dict[str, Any] = {
        "title": "".join(w.capitalize() for w in command.name.split("-")) + "Request",
        "type": "object",
        "properties": {f.name: field_schema(f) for f in command.fields},
    }
    required = [f.name for f in command.fields if f.required]
    if required:
        schema["required"] = required
    return schema


#: Who may take a club's action that no row of ``permissions.TABLE`` answers, by action.
_ANYONE = {
    "campaign-new": "any logged-in account (it becomes the owner)",
    "join": "the logged-in reader who holds the invitation",
}


def who_may(command: ClubCommand) -> str:
    """Who may take ``command``, as ``permissions.TABLE`` grants it."""
    if command.permission is None:
        return _ANYONE[command.name]
    return _granted(command.permission)


def _granted(action: Action) -> str:
    roles = [str(relation) for relation, grant in TABLE[action].items() if grant is Grant.YES]
    return "the campaign's " + " and ".join(", ".join(roles).rsplit(", ", 1))


def club_route(command: ClubCommand, answers: str) -> dict[str, Any]:
    """What a club's ``/api/v1`` route declares to FastAPI: its summary, its description (the
    catalogue's help, the command line it matches, who may, what it ``answers``), its status
    and its own request schema."""
    return {
        "summary": command.title.en,
        "description": f"{command.help.en} The same as `{command.cli}`, for {who_may(command)}. "
        f"{answers}",
        "status_code": 201 if command.created else 200,
        "openapi_extra": {
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": club_request_schema(command)}},
            }
        },
    }
