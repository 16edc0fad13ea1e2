"""The dice roller's and the odds calculator's forms are derived from the one declaration of each
test's inputs (``engine.situation.INPUTS``, ``engine.rolls``), as the CLI's options are: every
option of ``skirmish roll TEST`` / ``skirmish odds TEST`` is a labelled control of the form, under
the same name, with the declaration's help and range, and nothing else is (issue #11)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import typer

from skirmish.cli import input_names
from skirmish.cli.odds import app as odds_app
from skirmish.cli.roll import app as roll_app
from skirmish.engine import rolls
from skirmish.engine.characteristic import HIGHEST, LOWEST
from skirmish.engine.situation import ROLL_SOURCES, Kind, Procedure, inputs_for
from skirmish.errors import said
from skirmish.odds.chances import ODDS_TESTS
from skirmish.web.input_names import page_naming
from skirmish.web.text import words

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"

#: The CLI's options that are no input of a test: how it prints.
OUTPUT = {"json", "lang", "histogram"}  # --histogram: text bars; the web draws charts


class Form(HTMLParser):
    """The controls of the tool's form: each name's attributes, and the labels' targets."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.controls: dict[str, dict[str, str | None]] = {}
        self.labels: set[str] = set()
        self.ids: list[str] = []
        self.hints: dict[str, str] = {}
        self._hint: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form" and "tool" in (found.get("class") or ""):
            self.inside = True
        if not self.inside:
            return
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag in ("input", "select") and found.get("type") != "hidden":
            self.controls[str(found["name"])] = {**found, "tag": tag}
        if tag == "label":
            self.labels.add(str(found.get("for")))
        if tag == "p" and (found.get("class") or "") == "hint":
            self._hint = str(found["id"])
            self.hints[self._hint] = ""

    def handle_data(self, data: str) -> None:
        if self._hint is not None:
            self.hints[self._hint] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self._hint = None
        if tag == "form":
            self.inside = False


def click_options(noun: str, test: str) -> dict[str, Any]:
    """The options of ``skirmish NOUN TEST`` by the web's key (its flag without dashes)."""
    group: Any = typer.main.get_command(roll_app if noun == "roll" else odds_app)
    command = group.commands[test]
    found = {}
    for param in command.params:
        if param.param_type_name == "option" and param.name not in OUTPUT:
            found[param.opts[0].removeprefix("--")] = param
    return found


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    path = tmp_path_factory.mktemp("forms") / "campaigns.db"
    shutil.copyfile(DEMO, path)
    with TestClient(create_app(str(path))) as client:
        yield client


def form_of(web: Any, url: str, lang: str = "en") -> Form:
    web.cookies.clear()
    response = web.get(url, headers={"accept-language": lang})
    assert response.status_code == 200, response.text
    parsed = Form()
    parsed.feed(response.text)
    return parsed


@pytest.mark.parametrize(("mode", "test"), [("roll", t) for t in rolls.TESTS] +
                         [("odds", t) for t in ODDS_TESTS])  # fmt: skip
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_form_has_the_commands_options_and_nothing_else(
    web: Any, mode: str, test: str, lang: str
) -> None:
    form = form_of(web, f"/{mode}/{test}", lang)
    options = click_options(mode, test)
    # the same inputs (the form lists a group's yes-or-no ones last, under "more")
    assert sorted(form.controls) == sorted(options)
    for key, option in options.items():
        control = form.controls[key]
        assert control["id"] in form.labels, f"{key} has no label"
        hint = " ".join(form.hints[f"{control['id']}-help"].split())
        if lang == "en":  # the CLI's help is the declaration's English, flags said as labels
            helped = re.sub(r"--([a-z-]+)", lambda m: page_naming(m.group(1).replace("-", "_"),
                            "en"), option.help or "")  # fmt: skip
            assert hint.startswith(" ".join(helped.split())), key
        if option.is_flag and option.secondary_opts:  # --fama/--no-fama: yes or no
            assert control["tag"] == "select"
        elif option.is_flag:
            assert control["type"] == "checkbox"
        if option.required:
            assert "required" in control
    assert len(form.ids) == len(set(form.ids))  # every label names one control


def test_the_form_speaks_the_readers_language(web: Any) -> None:
    italian = form_of(web, "/roll/shoot", "it")
    helps = " ".join(italian.hints.values())
    for input_ in inputs_for(Procedure.SHOOT, ROLL_SOURCES):
        assert " ".join(input_.help_it.split()) in " ".join(helps.split())
    english = form_of(web, "/roll/reflex", "en")
    for option in rolls.OPTIONS["reflex"]:
        assert said(option.help_en, "en", page_naming) in " ".join(english.hints.values())


@pytest.mark.parametrize("test", rolls.COMBAT)
def test_numbers_carry_the_declared_ranges(web: Any, test: str) -> None:
    form = form_of(web, f"/roll/{test}")
    procedure = Procedure(test)
    for input_ in inputs_for(procedure, ROLL_SOURCES):
        control = form.controls[input_.name_for(procedure).replace("_", "-")]
        if input_.kind is Kind.CHARACTERISTIC:  # 0–4 (§7.1)
            assert (control["min"], control["max"]) == (str(LOWEST), str(HIGHEST))
            assert control["type"] == "number"
        if input_.kind is Kind.CHOICE:
            assert control["tag"] == "select"


@pytest.mark.parametrize("test", list(rolls.OPTIONS))
def test_options_carry_their_ranges_and_choices(web: Any, test: str) -> None:
    form = form_of(web, f"/roll/{test}")
    for option in rolls.OPTIONS[test]:
        control = form.controls[option.id.replace("_", "-")]
        if option.kind is rolls.Kind.NUMBER:
            assert control["type"] == "number"
            assert control.get("min") == (None if option.low is None else str(option.low))
            assert control.get("max") == (None if option.high is None else str(option.high))
        if option.kind is rolls.Kind.WORD:
            assert control["tag"] == "select"


def test_a_word_choice_offers_the_books_words_in_the_readers_language(web: Any) -> None:
    italian = web.get("/roll/explosion", headers={"accept-language": "it"}).text
    levels = [("none", "nessuna"), ("partial", "parziale"), ("total", "totale")]
    for english, italian_word in levels:
        assert f'<option value="{english}"' in italian
        assert f">{italian_word}</option>" in italian
    shoot = web.get("/roll/shoot", headers={"accept-language": "it"}).text
    assert '<option value="light">leggera</option>' in shoot


def test_the_weapon_suggests_the_books_weapons(web: Any) -> None:
    from skirmish import rules

    body = web.get("/roll/shoot", headers={"accept-language": "it"}).text
    for weapon in rules.weapons():
        assert f'<option value="{weapon.name_it}"></option>' in body


def test_the_lists_name_every_test_and_the_nav_links_them(web: Any) -> None:
    body = web.get("/roll").text
    for test in rolls.TESTS:
        assert f'href="/roll/{test}"' in body
    odds = web.get("/odds").text
    for test in ODDS_TESTS:
        assert f'href="/odds/{test}"' in odds
    english = words("en")
    assert f'<a href="/roll" aria-current="page">{english["tools_roll_nav"]}</a>' in body
    assert f'<a href="/odds">{english["tools_odds_nav"]}</a>' in body


def test_the_api_is_in_the_openapi_document(web: Any) -> None:
    paths = web.get("/api/v1/openapi.json").json()["paths"]
    assert "/api/v1/roll/{test}" in paths
    assert "/api/v1/odds/{test}" in paths
    assert "/roll/{test}" not in paths  # the pages are not the API


@pytest.mark.parametrize("test", list(rolls.OPTIONS))
def test_the_clis_options_are_the_declarations(test: str) -> None:
    """``skirmish roll TEST`` makes its options of ``engine.rolls.OPTIONS``: the same flags,
    in the same order, with the declaration's help, then the dice."""
    options = click_options("roll", test)
    declared = [o.id.replace("_", "-") for o in rolls.OPTIONS[test]]
    assert list(options) == [*declared, "seed", "dice"]
    for option in rolls.OPTIONS[test]:
        found = options[option.id.replace("_", "-")]
        assert found.help == said(option.help_en, "en", input_names.naming)  # flags, not ⟨⟩
        assert found.required == option.required
    assert options["dice"].help == rolls.DICE.help_en
    assert options["seed"].help == rolls.SEED.help_en
