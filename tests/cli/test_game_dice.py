"""Dice as the table rolls them, and FAMA/FORTUNA at the moment of the roll (issue #10, items 1
and 2; R-15, §1.6): prompts on a (fake) terminal, answers checked and asked again, the stage
that ended an action when dice are left over, ``--reroll`` spending a point and logging it, and
every refusal changing nothing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh, register_views  # noqa: E402

from skirmish.cli.main import app  # noqa: E402

runner = CliRunner()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    register_views()
    yield build_base(tmp_path_factory.mktemp("game-dice"))


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    played = fresh(base, tmp_path)
    played.run("game", "start", "bank-robbery", "Earps", "Clantons")
    played.run("game", "turn")
    return played


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """stdin and stdout are a terminal: a player rolls the dice."""
    monkeypatch.setattr("skirmish.cli.dice_prompt.interactive", lambda: True)


def at_table(cli: Cli, typed: str, *args: str) -> Any:
    return runner.invoke(app, [*args, "--db", str(cli.db)], input=typed)


def left(cli: Cli, name: str) -> tuple[int, int]:
    """The FAMA and FORTUNA points ``name`` has left this game."""
    for gang in cli.json("game", "status")["gangs"]:
        for model in gang["models"]:
            if model["name"] == name:
                return model["fama_left"], model["fortuna_left"]
    raise AssertionError(name)


def rerolls_logged(cli: Cli) -> list[dict[str, Any]]:
    return [e["details"] for e in cli.json("game", "log") if e["action"] == "reroll"]


def test_each_die_is_asked_for_by_purpose_and_whom_and_bad_answers_again(
    cli: Cli, terminal: None
) -> None:
    # Wyatt shoots Billy: a wrong answer, a 7, then the nerve dice on one line; a miss of 1,
    # kept (Enter); Billy's panic dice one by one.
    done = at_table(cli, "x\n7\n1,1\n1\n\n1\n1\n", "game", "shoot", "Wyatt", "Billy",
                    "--range", "5")  # fmt: skip
    assert done.exit_code == 0, done.stdout
    out = done.stdout
    assert "nerve test, 2D6 for Wyatt (die 1 of 2) [Enter: random dice]: " in out
    assert out.count("nerve test, 2D6 for Wyatt (die 1 of 2)") == 3  # asked again twice
    assert "'x' is not a die: type the faces rolled, 1 to 6" in out
    assert "'7' is not a die" in out
    assert "nerve test, 2D6 for Wyatt (die 2 of 2)" not in out  # typed on the same line
    assert "shooting roll, 1D6 for Wyatt: " in out
    assert "Wyatt's shooting roll failed with a 1." in out
    assert "panic test, 2D6 for Billy (die 1 of 2): " in out
    assert "panic test, 2D6 for Billy (die 2 of 2): " in out
    assert [d["value"] for d in cli.json("game", "log")[-1]["dice"]] == [1, 1, 1, 1, 1]
    assert left(cli, "Wyatt") == (1, 2)  # FAMA 1, FORTUNA 2: nothing spent


def test_the_prompts_speak_italian(cli: Cli, terminal: None) -> None:
    done = at_table(cli, "1,1\n1\n0\n1,1\n", "game", "shoot", "Wyatt", "Billy", "--range", "5",
                    "--lang", "it")  # fmt: skip
    assert done.exit_code == 0, done.stdout
    assert "test di freddezza, 2D6 per Wyatt (dado 1 di 2) [Invio: dadi a caso]: " in done.stdout
    assert "tiro per colpire per Wyatt: fallisce con un 1." in done.stdout
    assert "Ritirato, passa con 2, 3, 4, 5, 6: 5/6 (83%), contro 0% così com'è." in done.stdout
    assert "1) FORTUNA di Wyatt (ne restano 2)" in done.stdout
    assert "test di panico, 2D6 per Billy (dado 1 di 2): " in done.stdout


def test_enter_at_the_first_die_rolls_at_random(cli: Cli, terminal: None) -> None:
    done = at_table(cli, "\n" + "0\n" * 20, "game", "shoot", "Wyatt", "Billy", "--range", "5")
    assert done.exit_code == 0, done.stdout
    assert len(cli.json("game", "log")[-1]["dice"]) >= 4


def test_a_reroll_at_the_prompt_spends_the_point_and_is_logged(cli: Cli, terminal: None) -> None:
    # The miss of 1 is rerolled with Wyatt's FORTUNA (choice 1) into a 6: a hit, so Billy's
    # saves follow, then his panic test.
    done = at_table(cli, "1,1\n1\n1\n6\n1\n1\n1\n1\n1\n1\n", "game", "shoot", "Wyatt",
                    "Billy", "--range", "5")  # fmt: skip
    assert done.exit_code == 0, done.stdout
    assert "reroll of the shooting roll for Wyatt, 1D6: " in done.stdout
    assert "Wyatt rerolls the shooting roll: 1 → 6 (FORTUNA of Wyatt, 1 left; R-15)." in (
        done.stdout
    )
    assert "saving roll, 1D6 for Billy: " in done.stdout
    assert left(cli, "Wyatt") == (1, 1)
    (logged,) = rerolls_logged(cli)
    assert logged | {"left": 1} == {
        "model": "Wyatt", "stage": "shot", "purpose": "shot", "die": 3, "old": 1, "new": 6,
        "point": "fortuna", "payer": "Wyatt", "left": 1, "ruling": "R-15",
    }  # fmt: skip


def test_a_friend_pays_with_fama(cli: Cli, terminal: None) -> None:
    # Virgil's nerve 5 fails: his own FORTUNA, or Wyatt's FAMA as a friend within 5U.
    done = at_table(cli, "5,1\n", "game", "shoot", "Virgil", "Billy", "--range", "5")
    assert done.exit_code == 1  # the input ends at the question: cancelled
    assert "FAMA of Wyatt, a friend within 5U (1 left)" in done.stdout
    assert "Error: cancelled: the action was not recorded, nothing changed." in done.stderr


def test_ctrl_d_cancels_the_whole_action_with_nothing_changed(cli: Cli, terminal: None) -> None:
    before = cli.state()
    done = at_table(cli, "1,1\n", "game", "shoot", "Wyatt", "Billy", "--range", "5")
    assert done.exit_code == 1
    assert done.stderr == "Error: cancelled: the action was not recorded, nothing changed.\n"
    assert "Traceback" not in done.stdout + done.stderr
    assert cli.state() == before


def test_too_few_dice_piped_is_still_refused(cli: Cli) -> None:
    before = cli.state()
    error = cli.fail("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice", "1,1")
    assert error.startswith("Error: --dice gave 2 dice but this roll needs more (the next one "
                            "is for: shooting roll for Wyatt)")  # fmt: skip
    assert cli.state() == before


def test_extra_dice_name_the_stage_that_ended_the_action_in_both_languages(cli: Cli) -> None:
    before = cli.state()
    english = cli.fail("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice",
                       "1,1,1,1,1,5,3")  # fmt: skip
    assert english == (
        "Error: --dice gave 7 dice but the action ended with the panic test for Billy (the "
        "panic test is the action's last roll); 2 left over (5, 3): remove them or check the "
        "command."
    )
    italian = cli.fail("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice",
                       "1,1,1,1,1,5,3", "--lang", "it")  # fmt: skip
    assert italian == (
        "Errore: --dice ha dato 7 dadi ma l'azione è finita con: test di panico per Billy (il "
        "test di panico è l'ultimo tiro dell'azione); 2 in più (5, 3): toglili o controlla il "
        "comando."
    )
    assert cli.state() == before


def test_extra_dice_after_an_elimination(cli: Cli) -> None:
    # Billy hit to COS 2 first; Wyatt 1,1 calm, a 6: 6 + 3 + 1 + 1 + 1 = 12, two damage;
    # Billy's saves 6, 6 take COS 2 to 0: no panic test, the 5 and 3 are left over.
    cli.run("game", "hit", "Billy", "--wounds", "1")
    error = cli.fail("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice",
                     "1,1,6,6,6,5,3")  # fmt: skip
    assert error == (
        "Error: --dice gave 7 dice but the action ended with the saving roll for Billy (COS 0: "
        "eliminated, so no panic test); 2 left over (5, 3): remove them or check the command."
    )


def test_reroll_option_spends_a_point_and_logs_it(cli: Cli) -> None:
    # The miss of 1 rerolled with FORTUNA: the next die typed, 1 again (a miss), then panic.
    out = cli.run("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice", "1,1,1,1,1,1",
                  "--reroll", "tiro:fortuna")  # fmt: skip
    assert "Wyatt rerolls the shooting roll: 1 → 1 (FORTUNA of Wyatt, 1 left; R-15)." in out
    assert left(cli, "Wyatt") == (1, 1)
    assert [(r["old"], r["new"], r["point"]) for r in rerolls_logged(cli)] == [(1, 1, "fortuna")]


def test_a_friend_pays_with_the_reroll_option(cli: Cli) -> None:
    cli.run("game", "shoot", "Virgil", "Billy", "--range", "5", "--dice", "6,1,1,1,1,1,1",
            "--reroll", "nerve:fama:Wyatt")  # fmt: skip
    assert left(cli, "Wyatt") == (0, 2) and left(cli, "Virgil") == (0, 1)
    (logged,) = rerolls_logged(cli)
    assert (logged["model"], logged["payer"], logged["old"], logged["new"]) == (
        "Virgil",
        "Wyatt",
        6,
        1,
    )


@pytest.mark.parametrize(
    ("reroll", "error"),
    [
        ("save:fama", "Error: --reroll save:fama: no failed saving roll of a model with points "
         "to reroll in this action; nothing was changed."),
        ("shot:fortuna:Virgil", "Error: --reroll 'shot:fortuna:Virgil': FORTUNA rerolls only "
         "the model's own die (R-15); a friend within 5U pays with FAMA."),
        ("dance:fama", "Error: --reroll 'dance:fama': 'dance' is not a stage a die is rerolled "
         "at; one of nerve/nervi, shot/sparo, fight/mischia, save/tiro-salvezza, panic/panico, "
         "reflex/riflessi, initiative/iniziativa, cohesion/coesione."),
        ("shot:fama:Billy", "Error: --reroll shot:fama:Billy: 'Billy' is not a friendly model "
         "in play, so it cannot pay for 'Wyatt''s reroll (R-15)."),
    ],
)  # fmt: skip
def test_a_reroll_refused_changes_nothing(cli: Cli, reroll: str, error: str) -> None:
    before = cli.state()
    got = cli.fail("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice", "1,1,1,1,1,1",
                   "--reroll", reroll)  # fmt: skip
    assert got == error
    assert cli.state() == before


def test_no_point_left_is_refused(cli: Cli) -> None:
    cli.run("game", "spend", "fama", "Wyatt")
    before = cli.state()
    got = cli.fail("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice", "1,1,1,1,1,1",
                   "--reroll", "shot:fama")  # fmt: skip
    assert got == (
        "Error: --reroll shot:fama: 'Wyatt' has no FAMA point left this game (R-15); spent "
        "points come back after the game."
    )
    assert cli.state() == before


def postgame_due(cli: Cli) -> None:
    """Billy falls to Wyatt and the Clantons retreat: the post-game rolls Wyatt's marked cards
    (H-10), Billy's recovery (R-10) and Ike's gambling (H-11)."""
    cli.run("game", "eliminate", "Billy", "--by", "Wyatt")
    cli.run("game", "retreat", "Clantons", "--dice", "4")


def test_the_postgame_asks_each_die_for_whom(cli: Cli, terminal: None) -> None:
    postgame_due(cli)
    done = at_table(cli, "9\n3\n3\n3\n", "game", "postgame", "--lang", "it")
    assert done.exit_code == 0, done.stdout
    assert "carte truccate, 1D6 per Wyatt [Invio: dadi a caso]: " in done.stdout
    assert "'9' non è un dado" in done.stdout
    assert "recupero personaggio, 1D6 per Billy: " in done.stdout
    assert "vincita del giocatore d'azzardo, 1D6 per Ike: " in done.stdout


def test_the_postgame_refuses_extra_dice_naming_its_last_roll(cli: Cli) -> None:
    postgame_due(cli)
    before = cli.state()
    error = cli.fail("game", "postgame", "--dice", "3,3,3,6,6")
    assert error == (
        "Error: --dice gave 5 dice but the action ended with the gambler's winnings for Ike; 2 "
        "left over (6, 6): remove them or check the command."
    )
    assert cli.state() == before
