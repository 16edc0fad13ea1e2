"""The dice roller and the odds calculator on the web (issue #11): ``/roll/{test}`` and
``/odds/{test}`` give what ``skirmish roll`` and ``skirmish odds`` give for the same inputs (the
same lines, the same ``--json``), refuse what they refuse with the same words (400, on the form,
in the reader's language), and show any markup typed into them as text."""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app as cli_app
from skirmish.engine import rolls
from skirmish.formats import percent
from skirmish.odds.chances import ODDS_TESTS

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"

#: One roll of each test, as the CLI's tests and the book's examples type it, dice included.
ROLLS: dict[str, list[str]] = {
    # §4.2: Wyatt shoots at a bandit behind a fence
    "shoot": (
        "--tiro 4 --weapon sei-colpi --range 8 --cover light --target-waiting --fred 3 "
        "--target-rif 3 --target-fred 3 --target-cos 3 --dice 2,4,4,4,3,5"
    ).split(),
    "melee": (
        "--cos 3 --weapon coltello --fred 4 --target-rif 3 --target-fred 3 --target-cos 3 "
        "--dice 2,4,4,4,3,5"
    ).split(),
    "save": "--rif 3 --damage 2 --behind --dice 4,5".split(),
    "panic": "--fred 3 --shaken --dice 3,5".split(),
    "nerve": "--fred 3 --shaken --fight --dice 2,4".split(),
    # §2.4: mounting a galloping horse, BUON CAVALIERE −1
    "reflex": "--rif 4 --action mount-galloping --buon-cavaliere --dice 3,4".split(),
    "initiative": "--rif 3 --against-rif 4 --against-nervi-scossi --dice 3,2,5,1".split(),
    "cohesion": "--highest-fred 3 --leader morto --dice 3".split(),
    "infamy": "--no-fama --dice 1".split(),
    "recovery": "--cos 3 --doctor segaossa --has-invalid orbo --dice 1,2,4".split(),
    "skill": "--owned duro --owned dottore --dice 4,6,2,3".split(),
    "availability": "--item dinamite --dice 4".split(),
    "explosion": (
        "--explosive nitro --rif 3 --cos 3 --protection total --cover-type muro "
        "--dice 4,1,1,1,1,1,2"
    ).split(),
    "lasso": "--target-cos 3 --mount horse --rif 3 --cowboy --dice 2,5,6".split(),
}

#: The exact chances of each test ``odds`` covers, as its tests type them.
ODDS: dict[str, list[str]] = {
    "shoot": (
        "--tiro 4 --fanning --target-rif 3 --target-fred 3 --target-cos 3 --fortuna 1"
    ).split(),
    "melee": (
        "--cos 3 --weapon coltello --fred 4 --target-rif 3 --target-fred 3 --target-cos 3 "
        "--target-fama 1"
    ).split(),
    "save": "--rif 3 --damage 2 --behind --cos 2".split(),
    "panic": "--fred 3 --shaken --fortuna 1".split(),
    "nerve": "--fred 3 --shaken".split(),
    "reflex": "--rif 4 --need 2 --side-step veloce --fortuna 1".split(),
}


def query_of(args: list[str]) -> list[tuple[str, str]]:
    """The web's query for the CLI's options: ``--tiro 4`` is ``tiro=4``, a flag ``flag=on``,
    ``--no-fama`` is ``fama=no``."""
    found: list[tuple[str, str]] = []
    index = 0
    while index < len(args):
        key = args[index].removeprefix("--")
        value = args[index + 1] if index + 1 < len(args) else "--"
        if value.startswith("--"):
            if key.startswith("no-"):
                found.append((key.removeprefix("no-"), "no"))
            else:
                found.append((key, "on"))
            index += 1
        else:
            found.append((key, value))
            index += 2
    return found


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli_app, list(args), env={"SKIRMISH_LANG": ""})
    return result.exit_code, result.stdout, result.stderr


def cli_json(*args: str) -> Any:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app on a copy of the demo store (the tools read nothing from it)."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    path = tmp_path_factory.mktemp("tools") / "campaigns.db"
    shutil.copyfile(DEMO, path)
    with TestClient(create_app(str(path))) as client:
        yield client


def page(web: Any, url: str, lang: str = "en", code: int = 200) -> str:
    web.cookies.clear()  # the language is the browser's, not one an API call remembered
    response = web.get(url, headers={"accept-language": lang})
    assert response.status_code == code, (url, response.status_code, response.text[-2000:])
    assert response.headers["content-type"].startswith("text/html")
    return str(response.text)


def steps(body: str) -> list[str]:
    """The explanation's lines of a result page."""
    found = re.search(r'<ul class="steps">(.*?)</ul>', body, re.S)
    assert found is not None, body[-2000:]
    return [html.unescape(li) for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def error_of(body: str) -> str:
    found = re.search(r'<p class="error" role="alert">(.*?)</p>', body, re.S)
    assert found is not None, body[-2000:]
    return html.unescape(found.group(1))


# ---------------------------------------------------------------------------- rolls


@pytest.mark.parametrize("test", rolls.TESTS)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_roll_with_typed_dice_is_the_clis(web: Any, test: str, lang: str) -> None:
    args = ROLLS[test]
    query = urlencode(query_of(args))
    api = web.get(f"/api/v1/roll/{test}?{query}&lang={lang}")
    assert api.status_code == 200, api.text
    assert api.json() == cli_json("roll", test, *args, "--lang", lang)
    code, out, err = cli("roll", test, *args, "--lang", lang)
    assert code == 0, err
    body = page(web, f"/roll/{test}?{query}", lang)
    assert steps(body) == out.strip().splitlines()


def test_every_test_has_a_roll_above() -> None:
    assert set(ROLLS) == set(rolls.TESTS)


@pytest.mark.parametrize("test", rolls.TESTS)
def test_a_random_roll_links_to_its_own_dice(web: Any, test: str) -> None:
    """The dice a random roll used, typed back in, roll the very same result: the page's
    "link to this very roll" is that link."""
    base = [(k, v) for k, v in query_of(ROLLS[test]) if k != "dice"]
    for seed in (1, 2, 3):
        first = web.get(f"/api/v1/roll/{test}?" + urlencode([*base, ("seed", str(seed))]))
        assert first.status_code == 200, first.text
        faces = ",".join(str(d) for d in first.json()["dice"])
        again = web.get(f"/api/v1/roll/{test}?" + urlencode([*base, ("dice", faces)]))
        assert again.json() == first.json()
        body = page(web, f"/roll/{test}?" + urlencode([*base, ("seed", str(seed))]))
        link = f"/roll/{test}?" + urlencode([*base, ("dice", faces)])
        assert f'href="{html.escape(link)}#result"' in body
        assert steps(page(web, link)) == steps(body)


def test_random_dice_roll_again_and_typed_ones_do_not(web: Any) -> None:
    random = page(web, "/roll/infamy?fama=yes")
    assert 'href="/roll/infamy?fama=yes#result">Roll again</a>' in random
    typed = page(web, "/roll/infamy?fama=yes&dice=4")
    assert "Roll again" not in typed


def test_italian_and_english_values_are_both_accepted(web: Any) -> None:
    english = web.get("/api/v1/roll/shoot?tiro=4&cover=light&moving=fast&dice=3,6,4").json()
    italian = web.get("/api/v1/roll/shoot?tiro=4&cover=leggera&moving=galoppo&dice=3,6,4").json()
    assert english == italian == cli_json(
        "roll", "shoot", "--tiro", "4", "--cover", "leggera", "--moving", "galoppo",
        "--dice", "3,6,4",
    )  # fmt: skip
    cohesion = web.get("/api/v1/roll/cohesion?highest-fred=3&leader=dead&dice=3").json()
    assert cohesion == web.get("/api/v1/roll/cohesion?highest-fred=3&leader=morto&dice=3").json()
    distance = web.get("/api/v1/roll/shoot?range=8,5&dice=3,6,4").json()
    assert distance == web.get("/api/v1/roll/shoot?range=8.5&dice=3,6,4").json()


def test_the_form_keeps_what_was_typed(web: Any) -> None:
    typed = "tiro=4&weapon=winchester&cover=leggera&aim=on&skill=fuciliere&seed=7"
    body = page(web, f"/roll/shoot?{typed}")
    assert 'name="tiro" value="4"' in body
    assert '<option value="light" selected>' in body
    assert re.search(r'name="aim" value="on" checked', body)
    assert 'name="skill" value="fuciliere"' in body
    assert 'name="seed" value="7"' in body
    assert 'name="dice" value="2,4,4"' in page(web, "/roll/save?dice=2,4,4&damage=3")
    cohesion = page(web, "/roll/cohesion?highest-fred=3&leader=Morto&dice=3")
    assert '<option value="dead" selected>' in cohesion  # typed in Italian, any case
    fresh = page(web, "/roll/shoot")
    assert 'name="tiro" value="3"' in fresh  # the declaration's default
    assert '<section id="result"' not in fresh


# ---------------------------------------------------------------------------- odds


@pytest.mark.parametrize("test", ODDS_TESTS)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_odds_are_the_clis(web: Any, test: str, lang: str) -> None:
    args = ODDS[test]
    expected = cli_json("odds", test, *args, "--lang", lang)
    query = urlencode(query_of(args))
    api = web.get(f"/api/v1/odds/{test}?{query}&lang={lang}")
    assert api.status_code == 200, api.text
    assert api.json() == expected
    body = page(web, f"/odds/{test}?{query}", lang)
    shown = [html.unescape(e) for e in re.findall(r'<small class="exact"[^>]*>(.*?)</small>', body)]
    skip = ("rerolls", "at_least")  # the chance of N or more is not a table of its own
    tables = [v for k, v in expected.items() if isinstance(v, dict) and k not in skip]
    assert shown == [p for table in tables for p in table.values()]
    percents = re.findall(r"<b>(.*?)</b>", body.split('<section id="result"')[1])
    assert percents == [percent(Fraction(p), lang) for p in shown]
    bars = re.findall(r'<rect class="bar" ', body)  # their lengths: test_tools_chart.py
    assert len(bars) == len(shown)  # one bar of a chart for each chance
    command = re.search(r'<code class="command">(.*?)</code>', body)
    assert command is not None
    words = html.unescape(command.group(1)).split()
    assert words[:3] == ["skirmish", "odds", test]
    assert cli_json(*words[1:], "--lang", lang) == expected  # the same inputs, in its order
    code, out, _ = cli("odds", test, *args, "--lang", lang)
    assert code == 0
    for line in steps(body):  # the expectations and rerolls below the tables, as the CLI's
        assert line in out


def test_every_odds_test_has_odds_above() -> None:
    assert set(ODDS) == set(ODDS_TESTS)


# ---------------------------------------------------------------------------- refusals


#: Bad inputs, and the CLI command that refuses them (its one ``Error:`` line).
REFUSED = [
    ("/roll/shoot?tiro=9&dice=2,4,4", ["roll", "shoot", "--tiro", "9", "--dice", "2,4,4"]),
    ("/roll/shoot?dice=2,x,4", ["roll", "shoot", "--dice", "2,x,4"]),
    ("/roll/shoot?dice=7", ["roll", "shoot", "--dice", "7"]),
    ("/roll/reflex?rif=4&dice=3,5,6", ["roll", "reflex", "--rif", "4", "--dice", "3,5,6"]),
    ("/roll/shoot?weapon=bazooka", ["roll", "shoot", "--weapon", "bazooka"]),
    ("/roll/cohesion?highest-fred=3&leader=zombie", ["roll", "cohesion", "--highest-fred", "3",
                                                     "--leader", "zombie"]),
    ("/roll/initiative?rif=3&against-fama=1", ["roll", "initiative", "--rif", "3",
                                               "--against-fama", "1"]),
    ("/odds/save?rif=3&damage=0", ["odds", "save", "--rif", "3", "--damage", "0"]),
    ("/odds/shoot?fortuna=7", ["odds", "shoot", "--fortuna", "7"]),
    ("/odds/nerve?terrified=on", ["odds", "nerve", "--terrified"]),
]  # fmt: skip


def _said_as(words: str, naming: Any, lang: str) -> str:
    """The CLI's ``words`` with each flag said by another front end's ``naming``."""
    return re.sub(r"--([a-z-]+)", lambda m: naming(m.group(1).replace("-", "_"), lang), words)


@pytest.mark.parametrize(("url", "command"), REFUSED, ids=[u for u, _ in REFUSED])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_refusal_is_the_clis_words_on_the_form(
    web: Any, url: str, command: list[str], lang: str
) -> None:
    """The same refusal everywhere, each naming the inputs its own way (issue #20, item 6):
    the CLI its flags, the page its fields' labels, the API its fields' names."""
    from skirmish.web.input_names import api_naming, page_naming

    code, out, err = cli(*command, "--lang", lang)
    assert code == 1 and out == ""
    prefix = "Errore: " if lang == "it" else "Error: "  # issue #21, item 6
    assert err.startswith(prefix), err
    words = err.strip().removeprefix(prefix)
    body = page(web, url, lang, code=400)
    assert error_of(body) == _said_as(words, page_naming, lang)
    assert "--" not in error_of(body)
    assert '<form class="action tool"' in body  # the form is still there, to fix
    api = web.get("/api/v1" + url + f"&lang={lang}")
    assert api.status_code == 400
    assert api.json() == {"error": _said_as(words, api_naming, lang), "nearest": []}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_same_refusal_is_a_flag_a_label_and_a_field(web: Any, lang: str) -> None:
    """A shot with bare hands: the engine names the input ``weapon``; the CLI says
    ``--weapon``, the page the field's label in its language, the API the field's name."""
    code, _, err = cli("roll", "shoot", "--weapon", "bare-hands", "--lang", lang)
    assert code == 1
    label, give = ("Weapon", "give") if lang == "en" else ("Arma", "indica")
    assert f"{give} --weapon" in err
    body = page(web, "/roll/shoot?weapon=bare-hands", lang, code=400)
    assert f"{give} “{label}”" in error_of(body)
    assert f'<label for="in-weapon">{label}</label>' in body  # the label of the very field
    api = web.get(f"/api/v1/roll/shoot?weapon=bare-hands&lang={lang}")
    assert api.status_code == 400
    assert f"{give} weapon " in api.json()["error"]


def test_a_test_of_one_model_names_its_fields_as_its_query_does(web: Any) -> None:
    """``roll save`` takes the target's RIF as ``rif`` (``--rif``): its refusal says so."""
    code, _, err = cli("roll", "save", "--rif", "3", "--dice", "4,5,6")
    assert code == 1 and "--dice gave" in err
    api = web.get("/api/v1/roll/save?rif=abc&lang=en")
    assert api.json()["error"] == "rif 'abc' is not a whole number."
    body = page(web, "/roll/save?rif=abc", code=400)
    assert error_of(body) == "“Target's RIF” 'abc' is not a whole number."


def test_an_unknown_choice_is_refused_naming_the_words(web: Any) -> None:
    """The CLI's usage error says it too (typer's ``Invalid value``): the same sentence."""
    code, _, err = cli("roll", "shoot", "--cover", "foo")
    assert code == 2
    english = error_of(page(web, "/roll/shoot?cover=foo", code=400))
    assert english == (
        "'foo' is not one of 'none', 'light', 'partial', 'full' (or in Italian 'nessuna', "
        "'leggera', 'parziale', 'completa')."
    )
    assert english in " ".join(line.strip(" │") for line in err.splitlines())
    italian = error_of(page(web, "/roll/shoot?cover=foo", "it", code=400))
    assert italian.startswith("'foo' non è uno tra 'none', 'light'")


@pytest.mark.parametrize(
    ("url", "english", "italian"),
    [
        ("/roll/shoot?tiro=abc", "“TIRO” 'abc' is not a whole number.",
         "“TIRO” 'abc' non è un numero intero."),
        ("/roll/shoot?tiro=%EF%BC%96", "“TIRO” '６' is not a whole number.",
         "“TIRO” '６' non è un numero intero."),
        ("/roll/shoot?range=nan", "“Range” 'nan' is not a number.",
         "“Distanza” 'nan' non è un numero."),
        ("/roll/shoot?aim=maybe", "“Aim” 'maybe': give yes or no (on, off, true, false).",
         "“Mira” 'maybe': indica sì o no (on, off, true, false)."),
        ("/roll/reflex?dice=3,5", "“RIF” is missing: give RIF.", "manca “RIF”: indica RIF."),
        ("/roll/shoot?tiros=4", None, None),
        ("/roll/shoot?shots=100001", None, None),
        ("/roll/shoot?range=1001", None, None),
        ("/roll/shoot?seed=-1", None, None),
        ("/roll/shoot?dice=" + "1," * 150, None, None),
    ],
)  # fmt: skip
def test_what_the_command_line_parses_is_refused_in_both_languages(
    web: Any, url: str, english: str | None, italian: str | None
) -> None:
    en = error_of(page(web, url, "en", code=400))
    it = error_of(page(web, url, "it", code=400))
    if english is not None:
        assert (en, it) == (english, italian)
    assert en != it


def test_an_unknown_input_names_those_the_test_takes(web: Any) -> None:
    message = error_of(page(web, "/roll/save?rif=3&tiro=4", code=400))
    assert message.startswith("'tiro' is no input of this test; it takes rif, cos, whisky,")


def test_an_unknown_test_is_a_404_naming_the_nearest(web: Any) -> None:
    body = page(web, "/roll/shot", code=404)
    assert 'href="/roll/shoot"' in body
    assert page(web, "/odds/lasso", code=404)
    api = web.get("/api/v1/odds/sav")
    assert api.status_code == 404
    assert "save" in api.json()["nearest"]


def test_the_odds_of_too_many_saves_are_refused_not_crashed(web: Any) -> None:
    """The odds hold 96 dice a path (odds.rerolls): more damage than that was an unexpected
    error in the CLI; now it is a refusal on both."""
    body = page(web, "/odds/save?rif=3&damage=1000", code=400)
    assert "at most 60 saving rolls" in error_of(body)
    code, _, err = cli("odds", "save", "--rif", "3", "--damage", "1000")
    assert code == 1 and "at most 60 saving rolls" in err


# ---------------------------------------------------------------------------- markup

MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "{{ 7*7 }}"]


@pytest.mark.parametrize("test", rolls.TESTS)
def test_markup_in_any_input_shows_as_text(web: Any, test: str) -> None:
    from skirmish.web.tools import controls, dice_controls

    base = query_of(ROLLS[test])
    for control in (*controls(test), *dice_controls()):
        for value in MARKUP:
            # the test's own roll, with this one input replaced: every input is read
            query = [(k, v) for k, v in base if k != control.key] + [(control.key, value)]
            response = web.get(f"/roll/{test}?" + urlencode(query))
            assert response.status_code in (200, 400), (control.key, response.text[-500:])
            if "<" in value:
                assert value not in response.text, (control.key, value)
            api = web.get(f"/api/v1/roll/{test}?" + urlencode(query))
            assert api.status_code in (200, 400), (control.key, api.text)
    body = web.get(f"/roll/{test}", params={"<b>key</b>": "x"}).text
    assert "<b>key</b>" not in body and "&lt;b&gt;key&lt;/b&gt;" in body


def test_markup_in_an_odds_input_shows_as_text(web: Any) -> None:
    for key in ("weapon", "skill", "faction", "cover", "tiro", "fortuna", "target-skill"):
        for value in MARKUP:
            response = web.get("/odds/shoot", params={key: value})
            assert response.status_code == 400, (key, value)
            if "<" in value:
                assert value not in response.text


def test_template_braces_read_as_typed(web: Any) -> None:
    body = page(web, "/roll/shoot?" + urlencode({"weapon": "{{ 7*7 }}"}), code=400)
    assert 'name="weapon" value="{{ 7*7 }}"' in body
    assert error_of(body).startswith("unknown weapon '{{ 7*7 }}'")


#: What a hostile or clumsy query may carry: never a server error, whatever the input.
HOSTILE = ["-1", "9" * 40, "nan", "inf", "\uff16", "\x00", "x" * 300, "1,2,,3", "none:none"]


@pytest.mark.parametrize("test", rolls.TESTS)
def test_no_input_is_a_server_error(web: Any, test: str) -> None:
    from skirmish.web.tools import controls, dice_controls, odds_controls

    every = {"roll": (*controls(test), *dice_controls())}
    if test in ODDS_TESTS:
        every["odds"] = odds_controls(test)
    for mode, found in every.items():
        base = query_of((ROLLS if mode == "roll" else ODDS)[test])
        for control in found:
            for value in HOSTILE if mode == "roll" else HOSTILE[:4]:
                query = [(k, v) for k, v in base if k != control.key] + [(control.key, value)]
                response = web.get(f"/api/v1/{mode}/{test}?" + urlencode(query))
                assert response.status_code in (200, 400), (control.key, value, response.text)
                if response.status_code == 400:
                    assert response.json()["error"]


@pytest.mark.parametrize("test", rolls.TESTS)
def test_the_command_line_shown_rolls_the_same(web: Any, test: str) -> None:
    """Under each result, the ``skirmish`` command that rolls it at the terminal: with the dice
    the roll used, so a random roll's command gives the very same roll."""
    import shlex

    for query in (query_of(ROLLS[test]), [*query_of(ROLLS[test])[:-1], ("seed", "4")]):
        body = page(web, f"/roll/{test}?" + urlencode(query))
        found = re.search(r'<code class="command">(.*?)</code>', body)
        assert found is not None
        words = shlex.split(html.unescape(found.group(1)))
        assert words[:3] == ["skirmish", "roll", test]
        assert "--seed" not in words
        assert steps(body) == cli_lines(*words[1:])


def cli_lines(*args: str) -> list[str]:
    code, out, err = cli(*args)
    assert code == 0, err
    return out.strip().splitlines()
