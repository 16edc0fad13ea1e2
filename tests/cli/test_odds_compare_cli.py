"""``skirmish odds compare aim|fan|targets|fama`` and ``odds … --histogram``: the JSON is the
core's (``odds.compare``), the table marks the better choice in both languages, the other
target's options come from the declaration, every mistake is one ``Error:`` line."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli import odds
from skirmish.cli.main import app
from skirmish.engine.situation import Kind, Procedure
from skirmish.odds.compare import COMPARISONS, other_inputs

runner = CliRunner()

AIM = [
    "--tiro", "3", "--weapon", "rifle", "--range", "10", "--target-rif", "3",
    "--target-fred", "3", "--target-cos", "2",
]  # fmt: skip
FAN = ["--tiro", "4", "--weapon", "sei-colpi", "--target-rif", "3", "--target-cos", "2"]
TARGETS = [
    "--tiro", "4", "--range", "5", "--target-rif", "3", "--target-cos", "2",
    "--other-range", "10", "--other-cover", "leggera", "--other-target-rif", "2",
]  # fmt: skip
FAMA = ["--tiro", "4", "--weapon", "sei-colpi", "--range", "5", "--target-rif", "3",
        "--target-cos", "2"]  # fmt: skip
CASES = {"aim": AIM, "fan": FAN, "targets": TARGETS, "fama": FAMA}


def invoke(*args: str) -> Any:
    return runner.invoke(app, ["odds", *args])


def compare_json(kind: str, *args: str) -> dict[str, Any]:
    result = invoke("compare", kind, *args, "--json")
    assert result.exit_code == 0, result.stderr
    payload: dict[str, Any] = json.loads(result.stdout)
    return payload


@pytest.mark.parametrize("kind", COMPARISONS)
def test_json_has_both_choices_exactly_and_the_better_one(kind: str) -> None:
    payload = compare_json(kind, *CASES[kind])
    assert payload["comparison"] == kind and payload["goal"] == "eliminate"
    first, second = payload["choices"]
    measures = [Fraction(first["measure"]), Fraction(second["measure"])]
    assert measures == [Fraction(first["eliminated"]), Fraction(second["eliminated"])]
    better = None if measures[0] == measures[1] else (0 if measures[0] > measures[1] else 1)
    assert payload["better"] == (None if better is None else payload["choices"][better]["choice"])
    assert Fraction(payload["gain"]) == abs(measures[0] - measures[1])
    for choice in payload["choices"]:
        assert sum(Fraction(p) for p in choice["damage"].values()) == 1
        assert choice["at_least"]["wounds"]["0"] == "1"


def test_the_json_of_a_choice_is_odds_shoots() -> None:
    """Compare's "no aim" is ``odds shoot`` of the same options (no rerolls: no goal to
    spend them for)."""
    payload = compare_json("aim", *AIM)
    result = invoke("shoot", *AIM, "--json")
    shoot = json.loads(result.stdout)
    no_aim = {k: v for k, v in payload["choices"][0].items()
              if k not in ("choice", "actions", "measure")}  # fmt: skip
    assert no_aim == shoot


def test_the_table_marks_the_better_choice_in_english_and_italian() -> None:
    english = invoke("compare", "aim", *AIM, "--lang", "en")
    assert english.exit_code == 0, english.stderr
    lines = english.stdout.splitlines()
    assert lines[0].startswith("★ Better for the chance to eliminate: Aim, by 4.17 percentage")
    assert "exactly 1/8 against 1/12" in lines[0]
    for text in ("No aim", "Aim ★ better", "Chance to eliminate", "12.50%", "8.33%",
                 "Wounds: at least 1", "Aiming costs 1 action"):  # fmt: skip
        assert text in english.stdout
    italian = invoke("compare", "fan", *FAN, "--lang", "it")
    assert italian.exit_code == 0, italian.stderr
    for text in ("★ Meglio per la probabilità di eliminare: Svuotare il tamburo",
                 "Un colpo", "Svuotare il tamburo ★ meglio", "Azioni", "Danni: almeno 12",
                 "un turno ha una sola azione di tiro (§2.1)", "raggio corto"):  # fmt: skip
        assert text in italian.stdout


def test_fama_says_what_the_point_buys_and_a_tie_is_a_tie() -> None:
    bought = invoke("compare", "fama", *FAMA, "--lang", "en")
    assert "Spent now, the FAMA point is worth 5.21 percentage points" in bought.stdout
    # the other target differs only in its FRED, which cannot change an elimination
    tie = invoke("compare", "targets", "--tiro", "0", "--weapon", "small-pistol", "--range",
                 "3", "--target-rif", "3", "--target-cos", "1", "--other-target-fred", "4",
                 "--lang", "it")  # fmt: skip
    assert tie.exit_code == 0, tie.stderr
    assert tie.stdout.startswith("= Pari per la probabilità di eliminare")
    assert "= pari" in tie.stdout and "★" not in tie.stdout


def test_goal_wounds_and_its_default_without_the_targets_cos() -> None:
    wounds = compare_json("aim", *AIM, "--goal", "wounds")
    assert wounds["goal"] == "wounds"
    assert wounds["choices"][1]["measure"] == "2/3"  # wounds capped at COS 2
    no_cos = compare_json("aim", "--tiro", "3", "--weapon", "rifle", "--target-rif", "3")
    assert no_cos["goal"] == "wounds" and "eliminated" not in no_cos["choices"][0]
    damage = invoke("compare", "aim", "--tiro", "3", "--weapon", "rifle", "--lang", "en")
    assert "Better for the expected damage: Aim" in damage.stdout


def test_the_other_targets_options_are_the_declarations() -> None:
    command = typer.main.get_command(odds.app).commands["compare"].commands["targets"]  # type: ignore[attr-defined]
    flags = {o for p in command.params for o in p.opts}
    shoot = Procedure.SHOOT
    for input_ in other_inputs():
        flag = "--other-" + input_.name_for(shoot).replace("_", "-")
        assert flag in flags, flag
        if input_.kind is Kind.FLAG:
            secondary = {o for p in command.params for o in p.secondary_opts}
            assert "--other-no-" + input_.name_for(shoot).replace("_", "-") in secondary
    assert "--other-tiro" not in flags and "--goal" in flags and "--fortuna" in flags
    for kind in ("aim", "fan", "fama"):
        other = typer.main.get_command(odds.app).commands["compare"].commands[kind]  # type: ignore[attr-defined]
        assert not any(o.startswith("--other-") for p in other.params for o in p.opts)


def test_a_flag_of_the_first_target_can_be_turned_off_for_the_other() -> None:
    payload = compare_json(
        "targets", "--tiro", "3", "--range", "5", "--target-waiting", "--target-rif", "3",
        "--target-cos", "1", "--other-no-target-waiting",
    )  # fmt: skip
    waiting, not_waiting = (Fraction(c["eliminated"]) for c in payload["choices"])
    assert waiting > not_waiting  # +1 against a target that has not acted
    assert payload["better"] == "first"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["aim", "--weapon", "sei-colpi"], "Error: the Six-shooter cannot aim"),
        (["aim", "--weapon", "rifle", "--moved"], "Error: --moved: only a model that"),
        (["fan", "--weapon", "fucile"], "Error: the Rifle cannot be fanned"),
        (["fan", "--range", "10"], "Error: fanning needs the declared target within short"),
        (["fama", "--fama", "4"], "Error: --fama 4: a model has at most 4 FAMA points"),
        (["aim", "--weapon", "rifle", "--goal", "kill"], "Error: --goal 'kill': choose"),
        (["aim", "--weapon", "rifle", "--goal", "eliminate"], "Error: --goal eliminate needs"),
        (["targets", "--other-cover", "nope"], "Error: Invalid value for '--other-cover'"),
        (["targets", "--target-rif", "3", "--other-target-cos", "9"],
         "Error: the other target: target COS 9 is outside 0–4"),
        (["targets", "--other-weapon", "rifle"], "Error: No such option: --other-weapon"),
        (["targets", "--other-range", "40"],
         "Error: the other target: 40U is beyond the Six-shooter's long"),
        (["targets", "--other-range", "nan"],
         "Error: the other target: range nan is not a number"),
        (["fan", "--range", "nan"], "Error: range nan is not a number"),
        (["aim", "--weapon", "bazooka"], "Error: unknown weapon 'bazooka'"),
        (["aim", "--seed", "1"], "Error: No such option: --seed"),
        (["swap"], "Error: No such command 'swap'"),
    ],
)  # fmt: skip
def test_user_mistakes_print_one_error_line(args: list[str], message: str) -> None:
    result = invoke("compare", *args, "--lang", "en")
    assert result.exit_code != 0
    assert result.stdout == ""
    assert result.stderr.startswith(message), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    italian = invoke("compare", *args, "--lang", "it")
    assert italian.stderr.startswith("Errore: ") and len(italian.stderr.strip().splitlines()) == 1


def test_errors_in_italian() -> None:
    result = invoke("compare", "aim", "--weapon", "sei-colpi", "--lang", "it")
    assert result.stderr.startswith("Errore: con Sei colpi non si può mirare")


@pytest.mark.parametrize("kind", COMPARISONS)
def test_every_comparison_has_help_with_an_example(kind: str) -> None:
    result = invoke("compare", kind, "--help")
    assert result.exit_code == 0
    assert f"Example: skirmish odds compare {kind}" in " ".join(result.stdout.split())
    group = invoke("compare", "--help")
    assert "Example: skirmish odds compare" in " ".join(group.stdout.split())


@pytest.mark.parametrize("kind", COMPARISONS)
def test_every_example_runs(kind: str) -> None:
    help_text = " ".join(invoke("compare", kind, "--help").stdout.split())
    example = help_text.split("Example: skirmish odds compare " + kind, 1)[1]
    words = [w for w in example.split() if not w.startswith("│")]
    args: list[str] = []
    for word in words:  # up to the end of the example (the options' table starts with ╭)
        if word.startswith(("╭", "Options", "─")):
            break
        args.append(word)
    result = invoke("compare", kind, *args, "--json")
    assert result.exit_code == 0, (args, result.stderr)


# ---------------------------------------------------------------------------- --histogram


def test_histogram_bars_scale_to_the_likeliest_row() -> None:
    args = ["--tiro", "4", "--weapon", "sei-colpi", "--range", "8", "--target-rif", "3"]
    result = invoke("shoot", *args, "--target-cos", "1", "--histogram", "--lang", "en")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Chance to eliminate: 29.17% (7/24)"
    damage = lines[lines.index("Damage") + 1 : lines.index("Damage") + 4]
    assert [line.split("│")[1].strip() for line in damage] == ["50.00%", "33.33%", "16.67%"]
    widths = [len(line.split("│")[2].strip()) for line in damage]
    assert widths[0] == max(widths) and abs(widths[0] - 3 * widths[2]) <= 3  # 1/2 and 1/6
    assert all(len(line) <= 80 for line in lines)
    assert "Expected damage: 0.667 (2/3)" in result.stdout


def test_histogram_respects_a_narrow_console_and_leaves_json_alone() -> None:
    narrow = runner.invoke(
        app, ["odds", "reflex", "--rif", "3", "--need", "2", "--histogram", "--lang", "it"],
        env={"COLUMNS": "40"},
    )  # fmt: skip
    assert narrow.exit_code == 0, narrow.stderr
    assert "Successi" in narrow.stdout
    assert all(len(line) <= 40 for line in narrow.stdout.splitlines() if "│" in line)
    plain = invoke("save", "--rif", "3", "--damage", "2", "--json")
    bars = invoke("save", "--rif", "3", "--damage", "2", "--json", "--histogram")
    assert plain.stdout == bars.stdout


def test_bar_blocks() -> None:
    assert odds.bar(Fraction(1), Fraction(1), 4) == "████"
    assert odds.bar(Fraction(1, 2), Fraction(1), 3) == "█▌"
    assert odds.bar(Fraction(1, 10**6), Fraction(1), 10) == "▏"  # possible: never blank
    assert odds.bar(Fraction(0), Fraction(1), 10) == ""


def test_compare_needs_no_database_or_pdf_stack() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from skirmish.cli.main import app\n"
        "try:\n    app(['odds', 'compare', 'fan', '--tiro', '4', '--target-rif', '3', "
        "'--target-cos', '2', '--json'])\n"
        "except SystemExit:\n    pass\n"
        "heavy = [m for m in ('sqlmodel', 'weasyprint', 'jinja2') if m in sys.modules]\n"
        "print('heavy:' + ','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "heavy:"
    assert '"comparison": "fan"' in out.stdout
