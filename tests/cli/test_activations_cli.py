"""``game activate`` and the initiative's choice at the terminal (§1.8, R-07): the winner is
asked whom it activates, asked again on a wrong answer, and Ctrl-D records nothing; the
Italian words of turns on the board and in the refusals."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from skirmish.cli import dice_prompt
from skirmish.cli.main import app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh, register_views, runner  # noqa: E402


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    register_views()
    yield build_base(tmp_path_factory.mktemp("activations-cli"))


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    made = fresh(base, tmp_path)
    made.run("game", "start", "bank-robbery", "Earps", "Clantons")
    made.run("game", "turn")
    return made


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player at the terminal: the command may ask."""
    monkeypatch.setattr(dice_prompt, "interactive", lambda: True)


def test_the_winner_is_asked_whom_it_activates_until_it_names_one(cli: Cli, terminal: None) -> None:
    result = runner.invoke(
        app,
        ["game", "initiative", "Wyatt", "Ike", "--dice", "5,2", "--db", str(cli.db)],
        input="0\nVirgil\ncattivi\n",  # Ike keeps his losing 2, then the choice
    )
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "Wyatt wins the initiative: who takes its turn, Wyatt or Ike? [Wyatt]:" in out
    assert "--activate 'Virgil': the winner activates one of the two models revealed" in out
    assert out.splitlines()[-1] == (
        "Ike takes its turn 1: the winner lets the opponent's model act (§1.8)."
    )
    assert cli.json("game", "status")["activation"] == "Ike"


def test_enter_activates_the_winners_own(cli: Cli, terminal: None) -> None:
    args = ["game", "initiative", "Ike", "Wyatt", "--dice", "5,2", "--db", str(cli.db)]
    result = runner.invoke(app, args, input="\n\n")  # Ike keeps his 2; Enter
    assert result.exit_code == 0, result.stdout
    assert result.stdout.splitlines()[-1] == "Wyatt takes its turn 1: the winner's choice (§1.8)."


def test_cancelling_the_choice_records_nothing_not_even_the_roll(cli: Cli, terminal: None) -> None:
    before = cli.state()
    args = ["game", "initiative", "Wyatt", "Ike", "--dice", "5,2", "--db", str(cli.db)]
    result = runner.invoke(app, args, input="0\n")  # Ike keeps his 2; then Ctrl-D
    assert result.exit_code != 0
    assert result.stderr.strip().splitlines()[-1] == (
        "Error: The initiative was cancelled: nothing was recorded."
    )
    assert cli.state() == before


def test_without_a_terminal_nobody_is_asked(cli: Cli) -> None:
    out = cli.run("game", "initiative", "Wyatt", "Ike", "--dice", "2,5")
    assert "?" not in out
    assert out.splitlines()[-1] == (
        "Ike takes its turn 1: the winner's own model, by default (§1.8)."
    )


def test_turns_in_italian(cli: Cli) -> None:
    assert cli.run("game", "attiva", "Morgan", "--lang", "it") == (
        "Morgan gioca il suo turno 1 (§1.8).\n"
    )
    out = cli.run("game", "iniziativa", "Wyatt", "Ike", "--dice", "5,2", "--attiva", "buoni",
                  "--lang", "it")  # fmt: skip
    assert out.splitlines() == [
        "Iniziativa (R-07): Wyatt 10 contro Ike 6: vince Wyatt.",
        "  Wyatt: 1D6 5 + RIF 4 + FAMA 1 = 10",
        "  Ike: 1D6 2 + RIF 3 + FAMA 1 = 6",
        "Wyatt gioca il suo turno 1: scelta di chi ha vinto (§1.8).",
    ]
    assert cli.fail("game", "attiva", "Morgan", "--lang", "it") == (
        "Errore: Morgan ha già giocato il suo turno 1 (è stato attivato); agisce di nuovo nel "
        "turno 2."
    )
    board = cli.run("game", "situazione", "--lang", "it")
    assert "turno" in board and "fatto" in board and "in azione" in board
    assert "Devono ancora giocare il turno 1: Virgil, Ike, Billy, Frank." in board
    out = cli.run("game", "turno", "--lang", "it")
    assert out.startswith("Non risultano aver giocato il turno 1: Virgil, Ike, Billy, Frank.\n")


def test_activate_is_refused_for_a_model_that_cannot_act(cli: Cli) -> None:
    cli.run("game", "state", "Frank", "terrified")
    assert cli.fail("game", "activate", "Frank").startswith("Error: 'Frank' is terrified")
    cli.run("game", "eliminate", "Billy")
    assert cli.fail("game", "activate", "Billy").startswith("Error: 'Billy' was eliminated")
    error = cli.fail("game", "activate", "Nobody")
    assert error.startswith("Error: ") and "Nobody" in error
