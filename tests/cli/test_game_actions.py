"""``game reload|unjam|mount|dismount|lasso|explosion`` on the command line (issue #10, item 4):
their Italian names and options, output in Italian with no internal id, JSON events, help with
an example, and bad input refused with one ``Error:`` line that changes nothing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh, register_views  # noqa: E402

#: Wyatt gets a horse; Ike's rifle makes room for a repeater; a cowboys' gang with the lasso
#: and dynamite.
EXTRA = (
    ("campaign", "set", "explosives", "on"),
    ("gang", "buy", "Earps", "horse", "--for", "Wyatt", "--dice", "6"),
    ("gang", "buy", "Clantons", "repeater", "--for", "Ike", "--dice", "6"),
    ("gang", "unequip", "Clantons", "rifle", "Ike"),
    ("gang", "new", "Cows", "--faction", "cowboys"),
    ("gang", "hire", "Cows", "ranchero", "--name", "Bill"),
    ("gang", "hire", "Cows", "wrangler", "--name", "Curly"),
    ("gang", "buy", "Cows", "dynamite", "--for", "Bill", "--dice", "6"),
    ("gang", "buy", "Cows", "lasso", "--for", "Curly", "--dice", "6"),
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    register_views()
    folder = tmp_path_factory.mktemp("game-actions")
    cli = Cli(build_base(folder))
    for command in EXTRA:
        cli.run(*command)
    yield Path(cli.db)


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    return fresh(base, tmp_path)


def refused(cli: Cli, *args: str) -> str:
    before = cli.state()
    error = cli.fail(*args)
    assert cli.state() == before
    return error


def test_every_action_has_an_example_and_an_italian_name() -> None:
    from skirmish.campaign.game.commands import find
    from skirmish.cli import game, game_actions

    names = {"reload": "ricarica", "unjam": "disinceppa", "mount": "sali",
             "dismount": "scendi", "lasso": "acchiappa", "explosion": "esplosione"}  # fmt: skip
    for english, italian in names.items():
        command = game.COMMANDS[english]
        assert game.ITALIAN[italian] is command
        assert command.__module__ == game_actions.__name__
        declared = find(italian)
        assert declared.cli == english
        assert declared.example.startswith("skirmish game " + english)


def test_a_table_game_in_italian(cli: Cli) -> None:
    cli.run("game", "inizia", "bank-robbery", "Earps", "Clantons")
    out = cli.run("game", "ricarica", "Ike", "--colpi", "17", "--lang", "it")
    assert out == "L'arma di Ike (fucile a ripetizione) inizia la partita carica con 17 colpi.\n"
    cli.run("game", "turno")
    out = cli.run("game", "sali", "Wyatt", "--andatura", "corsa", "--dice", "3,5", "--lang", "it")
    assert out.splitlines()[-1] == (
        "Wyatt non riesce a salire su cavallo (corsa): l'azione è persa (§2.4)."
    )
    out = cli.run("game", "sali", "Wyatt", "--andatura", "trotto", "--dice", "3,5", "--lang", "it")
    assert out.splitlines()[-1] == "Wyatt sale su cavallo (trotto; 1 azione, tabella 1)."
    board = cli.run("game", "situazione", "--lang", "it")
    assert "dotazione" in board and "a cavallo" in board
    assert "fucile a ripetizione 17/17" in board and "repeater" not in board


def test_an_italian_error(cli: Cli) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    error = refused(cli, "game", "disinceppa", "Ike", "--lang", "it")
    assert error == (
        "Errore: l'arma di Ike (fucile a ripetizione) non è inceppata; solo un 1 tirato con 17 "
        "colpi caricati inceppa un fucile a ripetizione, un moschetto o una carabina (R-14)."
    )


def test_json_lists_the_action_s_events(cli: Cli) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Cows")
    cli.run("game", "turn")
    data = cli.json("game", "lasso", "Curly", "Wyatt", "--dice", "1,1,4")
    kinds = [e["action"] for e in data["events"]]
    assert kinds == ["activate", "lasso"]
    lasso = data["events"][-1]
    assert lasso["details"]["outcome"] == "target-pulled"
    assert [d["purpose"] for d in lasso["dice"]] == ["reflex", "reflex", "lasso"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("mount", "Wyatt", "--pace", "canter"), "unknown pace 'canter'"),
        (("mount", "Wyatt", "--pace", "trot", "--dice", "1,1,1"), "left over"),
        (("explosion", "Bill", "--caught", "=3"), "--caught: '=3' is not a model's name"),
        (("explosion", "Bill", "--caught", "Wyatt=9"), "then after = a distance (0–5)"),
        (("explosion", "Bill", "--caught", "Wyatt=partial:castle"), "unknown protection"),
        (("explosion", "Bill", "--caught", "Nobody=2"), "model 'Nobody' is not in game"),
        (("lasso", "Curly", "Curly", "--dice", "1,1,1"), "cannot lasso itself"),
        (("reload", "Bill"), "carries no gun"),
    ],
)
def test_bad_input_is_refused(cli: Cli, args: tuple[str, ...], message: str) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Cows")
    cli.run("game", "turn")
    assert message in refused(cli, "game", *args)
