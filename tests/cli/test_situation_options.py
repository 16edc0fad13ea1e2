"""The commands' combat options come from the one declaration (``engine.situation``): the same
flag, help and checks in ``roll``, ``odds`` and ``game``."""

from __future__ import annotations

import json
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli.input_names import aliases, flag_for
from skirmish.cli.main import app
from skirmish.engine.situation import (
    GAME_SOURCES,
    ROLL_SOURCES,
    Procedure,
    inputs_for,
)

runner = CliRunner()


def _params(noun: str, command: str) -> dict[str, Any]:
    """Each option of ``skirmish NOUN COMMAND`` by its first flag: (help, all flags)."""
    module = __import__(f"skirmish.cli.{noun}", fromlist=["app"])
    group = typer.main.get_command(module.app)
    click_command = group.commands[command]  # type: ignore[attr-defined]
    return {p.opts[0]: (p.help, set(p.opts)) for p in click_command.params if p.opts}


@pytest.mark.parametrize("procedure", list(Procedure))
def test_roll_and_odds_offer_every_declared_input(procedure: Procedure) -> None:
    rolled = _params("roll", procedure.value)
    odds = _params("odds", procedure.value)
    for i in inputs_for(procedure, ROLL_SOURCES):
        flag = flag_for(i, procedure)
        assert rolled[flag] == (i.help_en, {flag, *aliases(i)}), flag
        assert odds[flag] == rolled[flag]


@pytest.mark.parametrize("procedure", [Procedure.SHOOT, Procedure.MELEE])
def test_game_asks_the_table_with_the_same_help(procedure: Procedure) -> None:
    """What a game asks (the table's facts) reads as in ``roll``; what the roster knows (TIRO,
    injuries, whisky…) is not asked."""
    game = _params("game", procedure.value)
    rolled = _params("roll", procedure.value)
    asked = inputs_for(procedure, GAME_SOURCES)
    for i in asked:
        flag = flag_for(i, procedure)
        assert flag in game, flag
        if i.id not in ("weapon", "target_weapon") and flag in rolled:
            assert game[flag] == rolled[flag], flag
    not_asked = {flag_for(i, procedure) for i in inputs_for(procedure)} - {
        flag_for(i, procedure) for i in asked
    }
    assert not not_asked & set(game), not_asked & set(game)


def _melee(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["roll", "melee", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    payload: dict[str, Any] = json.loads(result.stdout)
    return payload


def test_the_games_flag_names_are_aliases_in_roll() -> None:
    """``game melee`` said --charge and --elevation, ``roll melee`` --mountain-men-charge and
    --elevated: both are accepted everywhere."""
    dice = ["--target-fred", "2", "--dice", "1,1,1,1,1"]
    assert _melee("--charge", *dice) == _melee("--mountain-men-charge", *dice)
    assert _melee("--elevation", "attacker", "--dice", "1,1,1") == _melee(
        "--elevated", "attacker", "--dice", "1,1,1"
    )


def test_the_mountain_men_charge_needs_mountain_men() -> None:
    result = runner.invoke(app, ["roll", "melee", "--faction", "cowboys", "--charge"])
    assert result.exit_code != 0
    assert result.stderr.startswith("Error: --mountain-men-charge: only mountain men's charges")
    assert "panic" in _melee("--faction", "mountain-men", "--charge", "--target-fred", "2",
                             "--dice", "1,1,1,1,1")  # fmt: skip


def test_the_target_has_not_acted_in_a_fight_too() -> None:
    """R-18: table 3's +1 reaches fights, from the declaration alone."""
    keys = {m["key"] for m in _melee("--target-waiting", "--dice", "1,1,1")["fight"]["modifiers"]}
    assert "target-waiting" in keys


def test_a_single_test_reads_its_models_inputs_without_the_target_prefix() -> None:
    """``roll panic --shaken`` is the target's state (no +1 on the dice: the engine adds
    none), ``roll save --whisky`` its drink; one input each, declared once."""
    panic = _params("roll", "panic")
    assert panic["--shaken"][0] == "The target is already shaken."
    assert "+1" not in (panic["--shaken"][0] or "")
    assert _params("roll", "save")["--whisky"] == panic["--whisky"]


def test_the_game_arguments_the_command_line_names_are_the_game_fields() -> None:
    """``cli/input_names.py`` writes out the game's positional arguments so that no command
    loads the game's fields to name an input (issue #23): they are the fields'."""
    from skirmish.campaign.game.fields import FIELDS
    from skirmish.cli.input_names import ARGUMENTS

    assert frozenset(f.declared for f in FIELDS if f.argument) == ARGUMENTS
