"""The entry the phone's engine calls (issue #24, part 2, ``skirmish.engine.browser``): each
roll of ``browser_cases`` answers the dice, the facts and the words ``skirmish roll TEST …``
prints with ``--json`` and ``--lang it|en``; a refusal is the command's own words; the
registry of calls answers by name."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.engine import browser
from skirmish.engine.roll_inputs import controls
from tests.engine.browser_cases import CASES


def _command(test: str, inputs: dict[str, Any], dice: list[int], lang: str) -> list[str]:
    """The ``skirmish roll`` command of the same roll: each input its flag."""
    widgets = {c.key: c for c in controls(test)}
    words = ["roll", test]
    for field, value in inputs.items():
        control = widgets[field]
        if value is True:
            words.append(control.flag)
        elif value is False:
            words += [f"--{control.negative}"] if control.widget == "switch" else []
        else:
            words += [w for one in (value if isinstance(value, list) else [value])
                      for w in (control.flag, str(one))]  # fmt: skip
    return [*words, "--dice", ",".join(map(str, dice)), "--lang", lang]


def _run(args: list[str]) -> Any:
    result = CliRunner().invoke(app, args, env={"SKIRMISH_LANG": ""})
    return result


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize(("test", "inputs", "dice"), CASES, ids=[c[0] for c in CASES])
def test_the_entry_rolls_as_skirmish_roll(
    test: str, inputs: dict[str, Any], dice: list[int], lang: str
) -> None:
    answer = browser.call("roll", {"test": test, "inputs": inputs, "dice": dice, "lang": lang})
    assert answer["ok"], answer
    assert answer["test"] == test and answer["dice"] == dice
    command = _command(test, inputs, dice, lang)
    printed = _run(command)
    assert printed.exit_code == 0, (command, printed.output)
    assert answer["lines"] == printed.stdout.splitlines()
    as_json = _run([*command, "--json"])
    assert answer["facts"] == json.loads(as_json.stdout)
    assert answer["rolls"] == answer["facts"]["rolls"]
    assert [r["die"] for r in answer["rolls"]] == dice
    assert json.loads(browser.call_json("roll", json.dumps({"test": test, "inputs": inputs,
                                        "dice": dice, "lang": lang}))) == answer  # fmt: skip


def test_a_refusal_is_the_commands_own_words_in_the_asked_language() -> None:
    request = {"test": "shoot", "inputs": {"tiro": 4}, "dice": [2], "lang": "it"}
    printed = _run(_command("shoot", {"tiro": 4}, [2], "it"))
    assert printed.exit_code == 1
    said = printed.stderr.removeprefix("Errore: ").strip()
    answer = browser.call("roll", request)
    assert answer == {"ok": False, "error": said.replace("--dice", "dice")}
    assert browser.call("roll", {**request, "inputs": {"tiro": "quattro"}})["error"] == (
        "tiro 'quattro' non è un numero intero."
    )


def test_the_registry_answers_its_names_and_refuses_others_in_words() -> None:
    assert {"roll", "preview"} <= set(browser.CALLS)
    assert browser.call("fly", {"lang": "en"}) == {
        "ok": False,
        "error": "there is no call 'fly'; the calls are " + ", ".join(browser.CALLS) + ".",
    }
    assert browser.call("preview", {"lang": "en"}) == {
        "ok": False,
        "error": "send the game's offline kit and the action's request.",
    }
    assert browser.call("roll", {"test": "fly", "lang": "it"})["error"].startswith(
        "non c'è nessun test 'fly'"
    )
    assert browser.call("roll", {"test": "save", "lang": "fr"})["error"] == (
        "there is no language 'fr'; the languages are en, it."
    )


def test_random_dice_are_reported_and_typed_back_roll_the_same() -> None:
    request = {"test": "shoot", "inputs": {"tiro": 4, "target-rif": 3, "target-fred": 3,
               "target-cos": 3}, "seed": 11, "lang": "en"}  # fmt: skip
    rolled = browser.call("roll", request)
    assert rolled["ok"] and rolled["dice"]
    assert browser.call("roll", {**request, "seed": None, "dice": rolled["dice"]}) == rolled
