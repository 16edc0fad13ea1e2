"""The engine in the phone (issue #24, part 2): what the browser's Web Worker
(``web/static/engine-worker.js``) calls in Pyodide, and what the server calls in-process to
compare (the tests' server side). No rule is written here: each call reads its request with
the declarations every front end reads (``engine.roll_inputs``) and rolls with the engine.

A call is a name and a JSON request; its answer is JSON: ``{"ok": true, …the call's answer}``
or ``{"ok": false, "error": "…in the asked language"}`` (a refusal is the CLI's own words, as
the dice roller's page says it).

``CALLS`` is the registry of the names the worker answers. To add one (the game's offline
preview, issue #24's kit): write a function of the request (a mapping, as decoded from JSON)
to a JSON-serialisable dict, in a module of the engine or the rules (the bundle holds only
those: ``tests/test_engine_bundle.py``), and list it in ``CALLS`` under its name.

``roll``: the procedures of ``skirmish roll`` (shoot, melee, save, panic, nerve, reflex,
initiative, cohesion, infamy, recovery, skill, availability, explosion, lasso), from

    {"test": "shoot", "inputs": {"tiro": 4, "cover": "leggera", "target-rif": 3},
     "dice": [2, 4, 4] | "2,4,4" | null, "seed": 7 | null, "lang": "it" | "en"}

``inputs`` by field, as the dice roller's query names them (the CLI's flags without dashes;
a yes-or-no is ``true``/``false``, a repeatable input a list); ``dice`` the faces typed at the
table, in order (all must be used, too few is a refusal saying how many more), or none for
random dice (``seed`` makes them reproducible). The answer: ``dice``, every die used in order;
``rolls``, each die with what it was for; ``facts``, what ``skirmish roll TEST --json``
prints; ``lines``, what ``skirmish roll TEST --lang LANG`` prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from skirmish.engine import offline, roll_inputs, rolls
from skirmish.errors import RulesError, SkirmishError, shown
from skirmish.translation import Message

#: The languages an answer is said in; anything else is refused in English.
LANGS = ("en", "it")


def _lang(request: Mapping[str, Any]) -> str:
    lang = request.get("lang", "en")
    if lang not in LANGS:
        raise RulesError(
            Message(
                "there is no language {typed}; the languages are {langs}.",
                typed=shown(str(lang)),
                langs=", ".join(LANGS),
            )
        )
    return str(lang)


def _values(inputs: Mapping[str, Any]) -> dict[str, list[str]]:
    """The request's inputs as a query gives them (``engine.roll_inputs.read``): each field's
    values as text, a yes-or-no as ``on``/``off``, a list as its items; none left out."""
    values: dict[str, list[str]] = {}
    for field, value in inputs.items():
        if value is None:
            continue
        if isinstance(value, bool):
            values[str(field)] = ["on" if value else "off"]
        elif isinstance(value, list | tuple):
            values[str(field)] = [str(v) for v in value]
        else:
            values[str(field)] = [str(value)]
    return values


def _dice(given: Any) -> str | None:
    """The typed faces as ``--dice`` takes them: ``[2, 4, 4]`` or ``"2,4,4"``; none: random."""
    if given is None:
        return None
    if isinstance(given, list | tuple):
        return ",".join(str(face) for face in given)
    return str(given)


def roll(request: Mapping[str, Any]) -> dict[str, Any]:
    """A test of ``skirmish roll`` rolled from its inputs by field, on typed or random dice."""
    lang = _lang(request)
    test = str(request.get("test", ""))
    if test not in rolls.TESTS:
        raise RulesError(
            Message(
                "there is no test {typed}; the tests are {join_tests}.",
                typed=shown(test),
                join_tests=", ".join(rolls.TESTS),
            )
        )
    every = roll_inputs.controls(test)
    options = roll_inputs.read(_values(request.get("inputs") or {}), every)
    seed = request.get("seed")
    rolled = rolls.roll(
        test, options, seed=None if seed is None else int(seed), dice=_dice(request.get("dice"))
    )
    facts = rolled.payload(lang)
    return {
        "test": test,
        "dice": facts.get("dice", []),
        "rolls": facts.get("rolls", []),
        "facts": facts,
        "lines": rolled.lines(lang),
    }


#: The names the browser's worker answers, each a function of the request to its answer.
def game_preview(request: Mapping[str, Any]) -> dict[str, Any]:
    """``preview``: a game's action that rolls dice worked out on the phone from the game's
    offline kit (``engine.offline.resolve``):
    ``{"kit": {...}, "request": {"action": "shoot", ...}}``."""
    kit, asked = request.get("kit"), request.get("request")
    if not isinstance(kit, Mapping) or not isinstance(asked, Mapping):
        raise RulesError(Message("send the game's offline kit and the action's request."))
    return offline.resolve(kit, asked)


CALLS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "roll": roll,
    "preview": game_preview,
}


def call(name: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer the call ``name`` with ``request``: ``{"ok": True, …}``, or ``{"ok": False,
    "error": …}`` with a refusal in the request's language (English when that is refused)."""
    lang = request.get("lang") if request.get("lang") in LANGS else "en"
    try:
        if name not in CALLS:
            raise RulesError(
                Message(
                    "there is no call {name}; the calls are {calls}.",
                    name=shown(name),
                    calls=", ".join(CALLS),
                )
            )
        return {"ok": True, **CALLS[name](request)}
    except SkirmishError as error:
        return {"ok": False, "error": error.text(str(lang))}


def call_json(name: str, request: str) -> str:
    """``call`` with the request and the answer as JSON text: what the worker calls."""
    return json.dumps(call(name, json.loads(request)), ensure_ascii=False)
