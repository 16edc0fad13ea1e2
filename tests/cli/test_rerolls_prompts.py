"""The reroll offers at a (fake) terminal for the tests beyond shots and fights (R-15; issue
#10, item 2): a friend's panic test asked for by the friend's name (R-19), the initiative's
advice that FAMA spent no longer counts in the total (R-07), the cohesion die paid only with
FAMA (R-08), each in both languages."""

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
    yield build_base(tmp_path_factory.mktemp("rerolls-prompts"))


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


def test_a_friends_panic_test_is_asked_by_name_and_paid_by_his_leader(
    cli: Cli, terminal: None
) -> None:
    done = at_table(cli, "6,6\n1\n1\n", "game", "eliminate", "Billy", "--near", "Frank")
    assert done.exit_code == 0, done.stdout
    out = done.stdout
    assert "panic test, 2D6 for Frank (die 1 of 2) [Enter: random dice]: " in out
    assert "Frank's panic test failed with a 6." in out
    assert "  1) FAMA of Ike, a friend within 5U (1 left)" in out
    assert "reroll of the panic test for Frank, 1D6: " in out
    assert "Frank rerolls the panic test: 6 → 1 (FAMA of Ike, 0 left; R-15)." in out


def test_the_initiative_advice_says_fama_spent_lowers_the_total(cli: Cli, terminal: None) -> None:
    """Wyatt 2 + 4 + 1 = 7 against Ike's 9: rerolled, 4 ties (rolled again) and 5, 6 win;
    paid with his own FAMA the total drops to 6 + die, and only 5 and 6 do."""
    done = at_table(cli, "2\n5\n0\n\n", "game", "initiative", "Wyatt", "Ike")
    assert done.exit_code == 0, done.stdout
    out = done.stdout
    assert "initiative, 1D6 for Wyatt [Enter: random dice]: " in out
    assert "initiative, 1D6 for Ike: " in out
    assert "Wyatt's initiative failed with a 2." in out
    assert "  Rerolled, it passes on 4, 5, 6: 1/2 (50%), against 0% as it lies." in out
    assert "  2) FAMA of Wyatt (1 left)" in out
    assert (
        "     spent, it no longer counts in the total (unused FAMA, R-07): the total drops by "
        "1; rerolled, it passes on 5, 6: 1/3 (33%)"
    ) in out


def test_the_initiative_advice_in_italian(cli: Cli, terminal: None) -> None:
    done = at_table(cli, "2\n5\n0\n\n", "game", "initiative", "Wyatt", "Ike", "--lang", "it")
    assert done.exit_code == 0, done.stdout
    out = done.stdout
    assert "iniziativa per Wyatt: fallisce con un 2." in out
    assert (
        "     spesa, non conta più nel totale (FAMA non usata, R-07): il totale scende di 1; "
        "ritirato, passa con 5, 6: 1/3 (33%)"
    ) in out


def test_the_cohesion_die_is_offered_to_the_gangs_fama_only(cli: Cli, terminal: None) -> None:
    cli.run("game", "eliminate", "Billy")
    cli.run("game", "eliminate", "Frank")
    done = at_table(cli, "6\n1\n1\n", "game", "turn", "--lang", "it")
    assert done.exit_code == 0, done.stdout
    out = done.stdout
    assert "test di coesione, 1D6 per Clantons [Invio: dadi a caso]: " in out
    assert "  1) FAMA di Ike (ne restano 1)" in out
    assert "FORTUNA" not in out
    assert "Clantons ritira test di coesione: 6 → 1 (FAMA di Ike, ne restano 0; R-15)." in out
