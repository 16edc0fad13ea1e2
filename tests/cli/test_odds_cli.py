"""``skirmish odds``: the JSON contract, the terminal tables, the shared options and errors."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli import odds, roll_combat, roll_procedures, situation_options
from skirmish.cli.main import app
from skirmish.engine.setup import Attacker, ShootSetup, ShotSituation, Target
from skirmish.odds.combat import shoot_odds
from skirmish.odds.report import combat_payload
from skirmish.rules import find_weapon
from skirmish.rules.model import Cover

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "odds"))
from odds_cases import BY_NAME  # noqa: E402

runner = CliRunner()

EXAMPLE_4_2 = [
    "--tiro", "4", "--weapon", "sei-colpi", "--range", "8", "--cover", "light",
    "--target-waiting", "--fred", "3", "--target-rif", "3", "--target-fred", "3",
    "--target-cos", "3",
]  # fmt: skip
FANNING = [
    "--tiro", "4", "--fanning", "--target-rif", "3", "--target-fred", "3", "--target-cos", "3",
]  # fmt: skip
EXAMPLE_4_3 = [
    "--cos", "3", "--weapon", "coltello", "--fred", "4", "--target-rif", "3",
    "--target-fred", "3", "--target-cos", "3",
]  # fmt: skip


def odds_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    payload: dict[str, Any] = json.loads(result.stdout)
    return payload


def golden(name: str) -> dict[str, Any]:
    odds_: dict[str, Any] = json.loads(BY_NAME[name].path.read_text(encoding="utf-8"))["odds"]
    return odds_


def test_shoot_json_is_the_golden_example_of_4_2() -> None:
    assert odds_json("shoot", *EXAMPLE_4_2) == golden("shoot-example-4-2")


def test_fanning_json_is_the_golden_fanning() -> None:
    assert odds_json("shoot", *FANNING) == golden("shoot-fanning")


def test_melee_json_is_the_golden_example_of_4_3() -> None:
    assert odds_json("melee", *EXAMPLE_4_3) == golden("melee-example-4-3")


def test_odds_of_opportunity_fire_keep_no_bonus_r16() -> None:
    """R-16: the odds follow the engine's stages: the golden case, written from the flags."""
    payload = odds_json(
        "shoot", "--tiro", "4", "--weapon", "doppietta", "--range", "3", "--shots", "2",
        "--target-waiting", "--opportunity", "--target-rif", "3", "--target-fred", "3",
        "--target-cos", "3",
    )  # fmt: skip
    assert payload == golden("shoot-opportunity-double-barrel")


def test_odds_of_a_rifle_club_against_a_waiting_defender_r18() -> None:
    """R-18: a rifle in a fight adds 1, and a defender that has not acted gives +1."""
    payload = odds_json(
        "melee", "--cos", "3", "--weapon", "fucile", "--target-weapon", "ascia",
        "--target-waiting", "--target-rif", "3", "--target-fred", "3", "--target-cos", "3",
    )  # fmt: skip
    assert payload == golden("melee-rifle-club-target-waiting")


def test_json_contract() -> None:
    payload = odds_json("shoot", *EXAMPLE_4_2)
    for key in ("damage", "wounds", "outcome"):
        table = payload[key]
        assert table, key
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in table.items())
        assert sum(Fraction(v) for v in table.values()) == 1
        assert all(Fraction(v) > 0 for v in table.values())
    assert set(payload["outcome"]) <= {"eliminated", "terrified", "shaken", "steady", "untested"}
    assert payload["damage"] == {"0": "1/2", "1": "1/3", "2": "1/6"}
    assert Fraction(payload["expected_wounds"]) == sum(
        Fraction(p) * int(w) for w, p in payload["wounds"].items()
    )
    assert payload["rerolls"] == {"attacker": 0, "target": 0}


def test_without_the_target_only_damage_is_reported() -> None:
    payload = odds_json("shoot", "--tiro", "3")
    assert "wounds" not in payload and "outcome" not in payload
    assert "expected_wounds" not in payload


def test_the_same_options_as_roll_give_the_odds_of_the_same_setup() -> None:
    payload = odds_json("shoot", "--tiro", "2", "--weapon", "rifle", "--aim", "--cover", "partial",
                        "--target-rif", "2", "--target-cos", "2")  # fmt: skip
    setup = ShootSetup(
        Attacker(tiro=2, fred=3, cos=3, weapon=find_weapon("rifle")),
        Target(rif=2, cos=2),
        ShotSituation(cover=Cover.PARTIAL, aim=True),
    )
    assert payload == json.loads(json.dumps(combat_payload(shoot_odds(setup))))


def test_fortuna_and_fama_add_up_and_are_reported() -> None:
    one_each = odds_json("shoot", *EXAMPLE_4_2, "--fortuna", "1", "--fama", "1")
    two = odds_json("shoot", *EXAMPLE_4_2, "--fortuna", "2")
    plain = odds_json("shoot", *EXAMPLE_4_2)
    assert one_each == two
    assert two["rerolls"] == {"attacker": 2, "target": 0}
    assert Fraction(two["expected_wounds"]) > Fraction(plain["expected_wounds"])
    target = odds_json("shoot", *EXAMPLE_4_2, "--target-fortuna", "1")
    assert target["rerolls"] == {"attacker": 0, "target": 1}
    assert Fraction(target["expected_wounds"]) < Fraction(plain["expected_wounds"])


@pytest.mark.parametrize(
    ("args", "key"),
    [
        (["nerve", "--fred", "3", "--shaken"], "nerve"),
        (["save", "--rif", "3", "--damage", "3", "--behind", "--cos", "2"], "wounds"),
        (["panic", "--fred", "2", "--leader-fred", "3", "--shaken"], "outcome"),
        (["reflex", "--rif", "4", "--need", "2", "--side-step", "fast"], "successes"),
    ],
)
def test_single_tests_json(args: list[str], key: str) -> None:
    payload = odds_json(*args)
    assert sum(Fraction(v) for v in payload[key].values()) == 1


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["nerve", "--fred", "3", "--shaken"], "nerve-shaken"),
        (["save", "--rif", "3", "--damage", "3", "--behind", "--cos", "2"],
         "save-three-behind-cos-2"),
        (["panic", "--fred", "2", "--leader-fred", "3", "--shaken"], "panic-shaken-leader"),
        (["reflex", "--rif", "4", "--need", "2", "--side-step", "fast"], "reflex-need-2"),
        (["reflex", "--rif", "3", "--fama", "1"], "reflex-fortuna-1"),
        (["panic", "--fred", "3", "--terrified", "--fortuna", "2"], "panic-terrified-fortuna-2"),
    ],
)  # fmt: skip
def test_single_tests_json_is_golden(args: list[str], name: str) -> None:
    assert odds_json(*args) == golden(name)


def test_terminal_table_in_english_and_italian() -> None:
    english = runner.invoke(app, ["odds", "shoot", *EXAMPLE_4_2, "--lang", "en"])
    assert english.exit_code == 0, english.stderr
    for text in ("Damage", "Wounds", "50.00%", "33.33%", "16.67%", "1/6", "shaken",
                 "Expected wounds: 0.333 (1/3)"):  # fmt: skip
        assert text in english.stdout
    italian = runner.invoke(app, ["odds", "melee", *EXAMPLE_4_3, "--lang", "it", "--fortuna", "1"])
    assert italian.exit_code == 0, italian.stderr
    for text in ("Danni", "Ferite", "scosso", "Ferite attese", "Ritiri spesi con giudizio"):
        assert text in italian.stdout


def test_the_headline_comes_first_and_numeric_tables_say_at_least() -> None:
    english = runner.invoke(app, ["odds", "shoot", *EXAMPLE_4_2, "--lang", "en"])
    assert english.stdout.splitlines()[0] == "Chance to eliminate: 0.00% (0)"
    assert "At least" in english.stdout
    save = ["odds", "save", "--rif", "3", "--damage", "3", "--behind", "--cos", "2"]
    italian = runner.invoke(app, [*save, "--lang", "it"])
    assert italian.stdout.splitlines()[0] == "Probabilità di eliminare: 95,37% (103/108)"
    assert "Almeno" in italian.stdout
    assert "100,00%" in italian.stdout  # at least 0 wounds
    payload = odds_json(*save[1:])
    assert payload["eliminated"] == "103/108"
    assert payload["at_least"]["wounds"]["2"] == "103/108"
    nerve = runner.invoke(app, ["odds", "nerve", "--fred", "3", "--lang", "en"])
    assert "At least" not in nerve.stdout and "eliminate" not in nerve.stdout
    no_cos = runner.invoke(
        app, ["odds", "shoot", "--tiro", "3", "--target-rif", "3", "--lang", "it"]
    )
    assert "eliminare" not in no_cos.stdout and "Almeno" in no_cos.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["shoot", "--cover", "full"], "Error: a model in full cover cannot be seen"),
        (["shoot", "--weapon", "six-shooter", "--range", "40"], "Error: 40U is beyond"),
        (["shoot", "--aim"], "Error: the Six-shooter cannot aim"),
        (["melee", "--shaken"], "Error: a shaken model cannot start a fight"),
        (["shoot", "--tiro", "7"], "Error: TIRO 7 is outside 0–4"),
        (["shoot", "--fortuna", "5"], "Error: FORTUNA 5 is outside 0–4"),
        (["melee", "--target-fama", "-1"], "Error: target FAMA -1 is outside 0–4"),
        (["shoot", "--weapon", "bazooka"], "Error: unknown weapon 'bazooka'"),
        (["reflex", "--rif", "3", "--need", "3"], "Error: a reflex test needs 1 or 2 successes"),
        (["reflex", "--rif", "3", "--action", "nonsense"], "Error: "),
        (["save", "--damage", "0"], "Error: damage 0"),
        (["shoot", "--seed", "1"], "Error: No such option: --seed"),
        (["shoot", "--dice", "1,2"], "Error: No such option: --dice"),
    ],
)
def test_user_mistakes_print_one_error_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code != 0
    assert result.stdout == ""
    assert result.stderr.startswith(message), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


ROLL_TWINS = {
    "shoot": roll_combat.shoot,
    "melee": roll_combat.melee,
    "save": roll_combat.save,
    "panic": roll_combat.panic,
    "nerve": roll_combat.nerve,
    "reflex": roll_procedures.reflex,
}


def _options(command: Any) -> set[str]:
    import typer

    click_command = typer.main.get_command(odds.app).commands[command]  # type: ignore[attr-defined]
    return {o for p in click_command.params for o in p.opts}


@pytest.mark.parametrize("name", sorted(ROLL_TWINS))
def test_every_odds_command_has_the_options_of_its_roll_twin(name: str) -> None:
    import typer

    roll_app = typer.main.get_command(__import__("skirmish.cli.roll", fromlist=["app"]).app)
    rolled = {o for p in roll_app.commands[name].params for o in p.opts}  # type: ignore[attr-defined]
    assert _options(name) == (rolled - {"--seed", "--dice"}) | {"--histogram"} | (
        {"--fortuna", "--fama", "--target-fortuna", "--target-fama"}
        if name in ("shoot", "melee")
        else {"--fortuna", "--fama"}
    )


def roll_json(name: str, args: list[str], dice: str) -> dict[str, Any]:
    result = runner.invoke(app, ["roll", name, *args, "--dice", dice, "--json"])
    assert result.exit_code == 0, result.stderr
    payload: dict[str, Any] = json.loads(result.stdout)
    return payload


SHOOT_FLAGS = [
    ["--tiro", "2", "--weapon", "rifle", "--aim", "--range", "10", "--target-rif", "2"],
    ["--shaken", "--two-pistols", "--shots", "2", "--range", "3", "--target-cos", "2",
     "--target-rif", "1", "--target-fred", "2", "--target-shaken", "--leader-fred", "3"],
    ["--weapon", "carbine", "--moving", "normal", "--rounds", "17", "--target-mount", "gallop",
     "--target-rif", "2", "--target-imbranato", "--target-whisky", "--night", "--range", "14"],
    ["--tiro", "4", "--fanning", "--faction", "messicani", "--target-waiting", "--target-prone",
     "--target-rif", "3", "--target-fred", "3", "--target-cos", "3", "--gringo-far"],
]  # fmt: skip
MELEE_FLAGS = [
    ["--cos", "4", "--weapon", "knife", "--mounted", "--target-weapon", "tomahawk",
     "--target-rif", "2", "--target-cos", "2", "--target-fred", "2", "--mountain-men-charge"],
    ["--prone", "--bear-hunter", "--malattia", "--elevated", "defender", "--behind",
     "--target-rif", "3", "--target-mounted", "--target-prone", "--immune", "capitano",
     "--target-fred", "1"],
]  # fmt: skip


@pytest.mark.parametrize("args", SHOOT_FLAGS)
def test_odds_builds_the_setup_roll_builds_for_shoot(args: list[str]) -> None:
    """Both commands, given the same options and dice, must tell the same story: the setup
    odds builds, rolled by the engine on those dice, renders to roll's own JSON."""
    from skirmish.cli import render_combat
    from skirmish.engine.dice import ScriptedDice
    from skirmish.engine.shooting import shoot

    params = typer_params("shoot", args)
    setup = situation_options.shoot_setup(**params)
    faces = [3, 4] + [1, 2, 3, 6, 5, 4] * 6
    mine = render_combat.shoot_json(shoot(setup, ScriptedDice(faces)), "en")
    dice = ",".join(str(f) for f in faces[: len(mine["dice"])])
    assert json.loads(json.dumps(mine)) == roll_json("shoot", args, dice=dice)


@pytest.mark.parametrize("args", MELEE_FLAGS)
def test_odds_builds_the_setup_roll_builds_for_melee(args: list[str]) -> None:
    from skirmish.cli import render_combat
    from skirmish.engine.dice import ScriptedDice
    from skirmish.engine.fight import melee

    params = typer_params("melee", args)
    setup = situation_options.melee_setup(**params)
    faces = [2, 5, 6, 6, 6, 1, 2]
    mine = render_combat.melee_json(melee(setup, ScriptedDice(faces)), "en")
    used = len(mine["dice"])
    dice = ",".join(str(f) for f in faces[:used])
    assert json.loads(json.dumps(mine)) == roll_json("melee", args, dice=dice)


def typer_params(name: str, args: list[str]) -> dict[str, Any]:
    """The options of ``odds NAME ARGS`` exactly as the command's body receives them (parsed
    and converted by Typer), captured by a twin command with a recording body."""
    import typer

    captured: dict[str, Any] = {}

    def record(**options: Any) -> None:
        captured.update(options)

    probe = typer.Typer()
    probe.command(name)(odds.derived_command(ROLL_TWINS[name], odds.REROLLS, record, "probe"))
    probe.command("unused")(lambda: None)
    result = runner.invoke(probe, [name, *args])
    assert result.exit_code == 0, result.output
    for key in ("fortuna", "fama", "json", "lang"):
        captured.pop(key)
    return captured


@pytest.mark.parametrize("name", sorted(ROLL_TWINS))
def test_every_command_has_help_with_an_example(name: str) -> None:
    result = runner.invoke(app, ["odds", name, "--help"])
    assert result.exit_code == 0
    assert "Example: skirmish odds " + name in " ".join(result.stdout.split())


def test_odds_needs_no_database_or_pdf_stack() -> None:
    import subprocess

    code = (
        "import sys; from skirmish.cli.main import app\n"
        "try:\n    app(['odds', 'shoot', '--tiro', '4', '--fanning', '--json'])\n"
        "except SystemExit:\n    pass\n"
        "heavy = [m for m in ('sqlmodel', 'weasyprint', 'jinja2') if m in sys.modules]\n"
        "print('heavy:' + ','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "heavy:"
    assert '"damage"' in out.stdout


@pytest.mark.parametrize(
    ("name", "args", "dice"),
    [
        ("shoot", EXAMPLE_4_2, "2,4,4,4,3,5"),
        ("shoot", EXAMPLE_4_2, "6,6,1,3,3"),
        ("shoot", EXAMPLE_4_2, "1,1,6,6,6,1,1"),
        ("shoot", FANNING, "1,2,1,2,3,4,6,6,6,6,6,6,6,1,2,3,4"),
        ("melee", EXAMPLE_4_3, "2,4,4,4,3,5"),
        ("melee", EXAMPLE_4_3, "1,1,6,6,6"),
    ],
)
def test_what_roll_rolls_odds_call_possible(name: str, args: list[str], dice: str) -> None:
    """The §4.2 and §4.3 examples and a few other rolls, through both commands: each of
    roll's damage, wounds and outcome has a positive probability in odds."""
    rolled = roll_json(name, args, dice)
    chances = odds_json(name, *args)
    assert Fraction(chances["damage"][str(rolled["damage"])]) > 0
    assert Fraction(chances["wounds"][str(rolled["wounds"])]) > 0
    assert Fraction(chances["outcome"][rolled["outcome"]]) > 0
