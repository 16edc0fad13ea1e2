"""Comparisons on the web (issue #13): ``/odds/compare/{kind}`` sets two choices of a shot side
by side as ``skirmish odds compare KIND`` does, from the same declaration (``odds.compare``):
the verdict, a column a choice with the better one marked ★, the chances as charts with both
choices' bars, the notes; the API answers the CLI's very ``--json``; a refusal is the CLI's
words on the form; the other target's blank fields are the first target's."""

from __future__ import annotations

import functools
import html
import json
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app as cli_app
from skirmish.formats import decimal, percent
from skirmish.odds.compare import COMPARISONS, compare

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
SVG = "{http://www.w3.org/2000/svg}"

#: One comparison of each kind, as a player types it on the web.
CASES: dict[str, str] = {
    "aim": "tiro=3&weapon=fucile&range=10&target-rif=3&target-fred=3&target-cos=2",
    "fan": "tiro=4&weapon=sei-colpi&target-rif=3&target-fred=3&target-cos=2",
    "targets": "tiro=4&range=5&target-rif=3&target-fred=3&target-cos=2&other-range=10"
    "&other-cover=light&other-target-rif=2&other-target-waiting=yes",
    "fama": "tiro=4&weapon=sei-colpi&range=5&target-rif=3&target-cos=2&goal=wounds",
}


def cli_args(query: str) -> list[str]:
    """The CLI's options for the web's query: ``tiro=3`` is ``--tiro 3``, a ticked box
    ``--aim``, the other target's yes or no ``--other-X`` or ``--other-no-X``."""
    args: list[str] = []
    for key, value in parse_qsl(query):
        if value == "on" or (key.startswith("other-") and value == "yes"):
            args.append(f"--{key}")
        elif key.startswith("other-") and value == "no":
            args.append(f"--other-no-{key.removeprefix('other-')}")
        else:
            args += [f"--{key}", value]
    return args


@functools.cache
def cli_json(*args: str) -> Any:
    result = CliRunner().invoke(cli_app, [*args, "--json"], env={"SKIRMISH_LANG": ""})
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    path = tmp_path_factory.mktemp("tools-compare") / "campaigns.db"
    shutil.copyfile(DEMO, path)
    with TestClient(create_app(str(path))) as client:
        yield client


def page(web: Any, url: str, lang: str, code: int = 200) -> str:
    web.cookies.clear()
    response = web.get(url, headers={"accept-language": lang})
    assert response.status_code == code, (url, response.status_code, response.text[-2000:])
    return str(response.text)


def the_comparison(kind: str, query: str) -> Any:
    """``odds.compare`` itself, from the web's reading of the query."""
    from starlette.datastructures import QueryParams

    from skirmish.web.tools import compare_controls, compare_options, read

    every = compare_controls(kind)
    shot, goal, other = compare_options(read(QueryParams(query), every), every)
    return compare(kind, shot, goal=goal, other=other if kind == "targets" else None)


def cells(body: str) -> list[list[str]]:
    """The comparison table's rows: the label, then each choice's shown value and fraction."""
    table = re.search(r'<table class="compare">(.*?)</table>', body, re.S)
    assert table is not None, body[-2000:]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S):
        found = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append([html.unescape(re.sub(r"<[^>]+>", " ", c)).split() for c in found])
    return [[" ".join(c) for c in row] for row in rows]


@pytest.mark.parametrize("kind", COMPARISONS)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_comparison_is_the_clis(web: Any, kind: str, lang: str) -> None:
    query = CASES[kind]
    found = the_comparison(kind, query)
    expected = cli_json("odds", "compare", kind, *cli_args(query))  # JSON has no words
    api = web.get(f"/api/v1/odds/compare/{kind}?{query}")
    assert api.status_code == 200, api.text
    assert api.json() == expected == found.payload()

    body = page(web, f"/odds/compare/{kind}?{query}", lang)
    verdict = re.findall(r'<p class="headline verdict">(.*?)</p>', body, re.S)
    assert [html.unescape(v) for v in verdict] == [found.verdict(lang)]
    shown = cells(body)
    names = found.names(lang)
    assert shown[0][1:] == list(names)
    assert any("★" in n for n in names) or found.best is None
    for row, line in zip(found.rows(lang), shown[1:], strict=True):
        assert line[0] == row.label
        for value, cell in zip(row.values, line[1:], strict=True):
            if value is None:
                assert cell == "—"
            elif row.kind == "chance":
                assert cell == f"{percent(Fraction(value), lang)} {value}"
            elif row.kind == "mean":
                assert cell == f"{decimal(Fraction(value), lang)} {value}"
            else:
                assert cell == str(value)
    if found.best is not None:  # the better column is marked, cell by cell
        better = re.findall(r'<td class="num better">', body)
        assert len(better) == len(shown) - 1
    for note in found.notes(lang):
        assert f"<li>{html.escape(note, quote=False)}</li>".replace("'", "&#39;") in body
    command = re.search(r'<code class="command">(.*?)</code>', body)
    assert command is not None
    words = html.unescape(command.group(1)).split()
    assert words[:4] == ["skirmish", "odds", "compare", kind]
    assert cli_json(*words[1:]) == expected


def chart_rows(body: str) -> list[tuple[str, list[float], float]]:
    """Each chart's rows as drawn: its label's bars' lengths over the axis's length."""
    found = []
    for svg in re.findall(r"<svg .*?</svg>", body.split('<section id="result"')[1], re.S):
        chart = ET.fromstring(svg)
        axis = next(e for e in chart.iter(f"{SVG}line") if e.get("class") == "axis")
        length = float(axis.get("x2", "")) - float(axis.get("x1", ""))
        title = "".join(next(chart.iter(f"{SVG}title")).itertext())
        bars = [r for r in chart.iter(f"{SVG}rect") if r.get("class") in ("bar", "second")]
        for bar in bars:
            tip = "".join(bar.itertext())
            found.append((title, [float(bar.get("width", ""))], length))
            found[-1][1].append(float(Fraction(tip.rsplit("(", 1)[1].rstrip(")"))))
    return found


@pytest.mark.parametrize("kind", ["aim", "targets"])
def test_the_charts_draw_both_choices_chances(web: Any, kind: str) -> None:
    """Every chance row of the comparison is charted, both choices' bars (the first solid, the
    second outlined), each as long as its chance of the axis."""
    query = CASES[kind]
    found = the_comparison(kind, query)
    body = page(web, f"/odds/compare/{kind}?{query}", "en")
    drawn = chart_rows(body)
    charted = [
        v
        for r in found.rows("en")
        if r.kind == "chance" and r.key != "eliminated"
        for v in r.values
        if v is not None
    ]
    assert len(drawn) == len(charted)
    for (_, (width, chance), length), value in zip(drawn, charted, strict=True):
        assert chance == pytest.approx(float(value))
        assert abs(width - length * float(value)) < 1
    titles = [t for t, _, _ in drawn]
    assert titles[0] == "Target" and "Wounds" in titles and titles[-1] == "Damage"
    names = found.names("en")
    for svg in re.findall(r"<svg .*?</svg>", body, re.S):
        legend = ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")
                  if t.get("class") == "legend"]  # fmt: skip
        assert legend == list(names)


def test_the_other_targets_blank_fields_are_the_firsts(web: Any) -> None:
    """Nothing typed for the other target: the same target twice, a tie; a flag said no
    turns off what the first has."""
    same = web.get("/api/v1/odds/compare/targets?tiro=4&range=5&target-rif=3&target-cos=2")
    assert same.json()["tie"] is True and same.json()["better"] is None
    body = page(web, "/odds/compare/targets?tiro=4&range=5&target-rif=3&target-cos=2", "it")
    assert "= pari" in body  # the tie said, on both columns
    query = "tiro=4&range=5&target-rif=3&target-cos=2&target-waiting=on&other-target-waiting=no"
    api = web.get(f"/api/v1/odds/compare/targets?{query}").json()
    assert api == cli_json("odds", "compare", "targets", *cli_args(query))
    assert api["better"] == "first"  # the target that has not acted yet is easier


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_refusal_is_the_clis_words_on_the_form(web: Any, lang: str) -> None:
    query = "tiro=4&weapon=fucile"
    result = CliRunner().invoke(
        cli_app, ["odds", "compare", "fan", *cli_args(query), "--lang", lang],
        env={"SKIRMISH_LANG": ""},
    )  # fmt: skip
    assert result.exit_code == 1
    prefix = "Errore: " if lang == "it" else "Error: "  # issue #21, item 6
    assert result.stderr.startswith(prefix), result.stderr
    words = result.stderr.strip().removeprefix(prefix)
    body = page(web, f"/odds/compare/fan?{query}", lang, code=400)
    error = re.search(r'<p class="error" role="alert">(.*?)</p>', body, re.S)
    label = "“Weapon”" if lang == "en" else "“Arma”"  # the page says its field (issue #20)
    assert error is not None and html.unescape(error.group(1)) == words.replace("--weapon", label)
    assert '<form class="action tool"' in body
    api = web.get(f"/api/v1/odds/compare/fan?{query}&lang={lang}")
    assert api.status_code == 400 and api.json()["error"] == words.replace("--weapon", "weapon")
    goal = page(web, "/odds/compare/aim?tiro=4&weapon=fucile&goal=eliminate", lang, code=400)
    assert ("“Goal” eliminate" if lang == "en" else "“Obiettivo” eliminate") in html.unescape(goal)
    wrong = page(web, "/odds/compare/targets?tiro=4&other-aim=maybe", lang, code=400)
    other = "“Aim (other target)”" if lang == "en" else "“Mira (altro bersaglio)”"
    assert f"{other} 'maybe'" in html.unescape(wrong)


def test_markup_in_a_comparison_shows_as_text(web: Any) -> None:
    for key in ("weapon", "other-cover", "other-target-rif", "goal", "other-aim"):
        value = '"><script>alert(1)</script>'
        response = web.get("/odds/compare/targets?" + urlencode({key: value}))
        assert response.status_code == 400, (key, response.text[-500:])
        assert value not in response.text


def test_the_pages_link_each_other_keeping_the_shot(web: Any) -> None:
    listing = page(web, "/odds", "en")
    assert 'href="/odds/compare"' in listing
    every = page(web, "/odds/compare", "it")
    for kind in COMPARISONS:
        assert f'href="/odds/compare/{kind}"' in every
    shot = "tiro=4&weapon=sei-colpi&target-rif=3"
    odds = page(web, f"/odds/shoot?{shot}", "en")
    assert f'href="/odds/compare/fan?{html.escape(shot)}"' in odds
    targets = page(web, f"/odds/compare/targets?{shot}&other-target-rif=2&goal=wounds", "en")
    assert f'href="/odds/compare/aim?{html.escape(shot)}&amp;goal=wounds"' in targets
    assert f'href="/odds/shoot?{html.escape(shot)}"' in targets  # no goal, no other target
    assert page(web, "/odds/compare/fun", "en", code=404).count('href="/odds/compare/fan"')


@pytest.mark.parametrize("kind", COMPARISONS)
def test_the_form_has_the_commands_options(web: Any, kind: str) -> None:
    """The form of a comparison is made of the declaration the CLI's ``odds compare KIND``
    is: the same inputs, the other target's for ``targets`` only, and the goal."""
    import typer

    from skirmish.cli.odds import app as odds_app

    group: Any = typer.main.get_command(odds_app)
    command = group.commands["compare"].commands[kind]
    output = {"json", "lang", "histogram"}
    options = {
        p.opts[0].removeprefix("--")
        for p in command.params
        if p.param_type_name == "option" and p.name not in output
    }
    body = page(web, f"/odds/compare/{kind}", "en")
    form = body.split('<form class="action tool"')[1].split("</form>")[0]
    assert set(re.findall(r' name="([^"]+)"', form)) == options
    assert any(o.startswith("other-") for o in options) == (kind == "targets")
