"""The engine in the phone (issue #24, part 2): the same rolls resolved by the server and by
Pyodide in Chromium, compared die by die and fact by fact.

Each case is a request of the entry ``skirmish.engine.browser`` (``roll``: a test of
``skirmish roll`` by its inputs, on typed dice). The server's side is the entry called
in-process, checked against the dice roller's API (``/api/v1/roll/TEST``, the web tool's own
reading and rolling) so both sides are the app's; the phone's side is the same request through
``skirmishEngine.call`` on the dice roller's page: the Web Worker, Pyodide, the served bundle.

Pyodide's files are installed by ``make pyodide`` (``make demo`` and ``make test`` do); without
them these tests skip, saying so (under CI they fail, as the browser tests do without
chromium)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any
from urllib.parse import urlencode

import pytest

from skirmish.engine.browser import call
from tests.engine.browser_cases import CASES

#: How long the page's script may take to be there (it is deferred).
LOADED_MS = 15_000


pytestmark = pytest.mark.usefixtures("needs_pyodide")


def _started(phone: Any) -> str:
    """Start the phone's engine: "ready", or why it could not (a worker that fails, a policy
    that refuses WebAssembly, a bundle that does not import, say so)."""
    phone.wait_for_function("window.skirmishEngine !== undefined", timeout=LOADED_MS)
    return str(phone.evaluate("skirmishEngine.ready().then(() => 'ready', e => String(e))"))


def _api(server: Any, test: str, inputs: dict[str, Any], dice: list[int], lang: str) -> Any:
    """What the dice roller's API answers for the same roll."""
    query: list[tuple[str, str]] = []
    for field, value in inputs.items():
        values = value if isinstance(value, list) else [value]
        for one in values:
            query.append((field, ("on" if one else "off") if isinstance(one, bool) else str(one)))
    query += [("dice", ",".join(map(str, dice))), ("lang", lang)]
    url = f"{server.url}/api/v1/roll/{test}?{urlencode(query)}"
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.load(answer)


def test_the_phone_rolls_as_the_server_die_by_die(demo_server: Any, phones: Any) -> None:
    phone = phones.open("it")
    phone.goto(f"{demo_server.url}/roll/shoot")
    assert _started(phone) == "ready"
    for lang in ("it", "en"):
        for test, inputs, dice in CASES:
            request = {"test": test, "inputs": inputs, "dice": dice, "lang": lang}
            server = call("roll", request)
            assert server["ok"], (request, server)
            assert server["facts"] == _api(demo_server, test, inputs, dice, lang), request
            mine = phone.evaluate("r => skirmishEngine.call('roll', r)", request)
            assert mine["dice"] == dice == server["dice"], request  # every die, in order
            for theirs, ours in zip(server["rolls"], mine["rolls"], strict=True):
                assert ours == theirs, request  # each die and what it was for
            assert mine["facts"] == server["facts"], request  # the result's facts
            assert mine["lines"] == server["lines"], request  # the words, in the asked language
            assert mine == server, request


def test_the_phone_refuses_as_the_server_and_rolls_random_dice(
    demo_server: Any, phones: Any
) -> None:
    phone = phones.open("en")
    phone.goto(f"{demo_server.url}/roll/panic")
    assert _started(phone) == "ready"
    refusals = [
        {"test": "shoot", "inputs": {"tiro": 4}, "dice": [2], "lang": "it"},  # too few dice
        {"test": "shoot", "inputs": {"weapon": "bazooka"}, "dice": [2, 4, 4], "lang": "en"},
        {"test": "fly", "lang": "en"},
    ]
    for request in refusals:
        server = call("roll", request)
        assert not server["ok"], request
        assert phone.evaluate("r => skirmishEngine.call('roll', r)", request) == server
    # random dice on the phone: the dice it used are reported, and typed back in on the server
    # they give the same result
    request = {"test": "panic", "inputs": {"fred": 3}, "lang": "en"}
    mine = phone.evaluate("r => skirmishEngine.call('roll', r)", request)
    assert mine["ok"] and len(mine["dice"]) == 2 and all(1 <= d <= 6 for d in mine["dice"])
    assert call("roll", {**request, "dice": mine["dice"]}) == mine
