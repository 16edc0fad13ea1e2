"""Issue #10, items 6 and 7 through the CLI: names as players say them and handles in the
game's commands, and the post-game sequence a gang still owes, said by ``game list``, ``game
status`` and ``gang show`` and recalled on stderr by any command that changes such a gang."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh, register_views  # noqa: E402

from skirmish.cli.main import app  # noqa: E402

runner = CliRunner()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    register_views()
    yield build_base(tmp_path_factory.mktemp("names-cli"))


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    return fresh(base, tmp_path)


def both(cli: Cli, *args: str) -> tuple[str, str]:
    """A command that must succeed: its stdout and its stderr."""
    result = runner.invoke(app, [*args, "--db", str(cli.db)])
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout, result.stderr


def refused(cli: Cli, *args: str) -> str:
    before = cli.state()
    error = cli.fail(*args)
    assert cli.state() == before
    return error


def ended(cli: Cli) -> None:
    """Game 1, Earps against Clantons, ended: both gangs owe its post-game sequence."""
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "end", "--winner", "Earps")


# --------------------------------------------------------------------------- names and handles


def test_a_handle_is_set_shown_and_used_in_a_game_command(cli: Cli) -> None:
    out = cli.run("member", "rename", "Earps", "Wyatt", "--handle", "Boss")
    assert out == "Wyatt answers to “Boss”\n"
    assert cli.json("gang", "show", "earps")["members"][0]["handle"] == "Boss"
    assert "Wyatt “Boss”" in cli.run("gang", "show", "Earps")
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "hit", "boss", "--wounds", "1")  # the handle, any case
    cli.run("game", "hit", "clantons:bil", "--wounds", "1")  # GANG:NAME, both by prefix
    board = cli.json("game", "status")
    cos = {m["name"]: m["cos_left"] for g in board["gangs"] for m in g["models"]}
    assert cos["Wyatt"] == cos["Virgil"] - 1 and cos["Billy"] < 3
    assert "Wyatt “Boss”" in cli.run("game", "status")


def test_a_handle_taken_away_is_no_name_any_more(cli: Cli) -> None:
    cli.run("member", "rename", "Earps", "Wyatt", "--handle", "Boss")
    assert cli.run("member", "rename", "Earps", "boss", "--no-handle") == (
        "Wyatt no longer has a handle\n"
    )
    assert refused(cli, "member", "xp", "Earps", "Boss", "1") == (
        "Error: unknown model 'Boss': did you mean 'Wyatt', 'Virgil', 'Morgan'?"
    )
    cli.run("member", "rename", "Earps", "Wyatt", "--handle", "Boss")
    cli.run("member", "rename", "Earps", "Boss", "--handle", "")
    assert cli.json("gang", "show", "Earps")["members"][0]["handle"] is None
    assert "undone: Wyatt no longer has a handle" in cli.run("undo", "Earps")
    assert cli.json("gang", "show", "Earps")["members"][0]["handle"] == "Boss"


def test_handles_and_names_are_refused_in_both_languages(cli: Cli) -> None:
    assert refused(cli, "member", "rename", "Earps", "Wyatt", "--handle", "virgil") == (
        "Error: R-13: 'Earps' already has a model called 'virgil'; two models of one gang may "
        "not share a name: choose another --handle."
    )
    long = "x" * 25
    assert refused(cli, "member", "rename", "Earps", "Wyatt", "--handle", long, "--lang", "it") == (
        f"Errore: un soprannome ha al massimo 24 caratteri; {long!r} è più lungo."
    )
    assert refused(cli, "member", "rename", "Earps", "Wy", "--handle", "W", "--no-handle") == (
        "Error: give --handle HANDLE or --no-handle, not both."
    )
    assert refused(cli, "member", "rename", "Earps", "Zed", "Zorro", "--lang", "it") == (
        "Errore: personaggio sconosciuto 'Zed': forse intendevi 'Wyatt', 'Virgil', 'Morgan'?"
    )


def test_an_ambiguous_name_in_a_game_lists_the_candidates(cli: Cli) -> None:
    cli.run("member", "rename", "Clantons", "Frank", "Frank Morgan")
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    assert refused(cli, "game", "hit", "mor", "--wounds", "1") == (
        "Error: 'mor' names 2 models: 'Morgan', 'Frank Morgan'; say which."
    )
    assert refused(cli, "game", "hit", "mor", "--wounds", "1", "--lang", "it") == (
        "Errore: 'mor' indica 2 personaggi: 'Morgan', 'Frank Morgan'; specifica quale."
    )
    assert cli.run("game", "hit", "morgan", "--wounds", "1").startswith("Morgan takes")  # exact
    assert cli.run("game", "hit", "frank", "--wounds", "1").startswith("Frank Morgan takes")
    assert cli.run("game", "hit", "clan:mor", "--wounds", "1").startswith("Frank Morgan takes")


def test_a_handle_travels_with_an_exported_gang(cli: Cli, tmp_path: Path) -> None:
    cli.run("member", "rename", "Earps", "Wyatt", "--handle", "Boss")
    path = tmp_path / "earps.json"
    cli.run("export", "Earps", "-o", str(path))
    assert json.loads(path.read_text())["gang"]["members"][0]["handle"] == "Boss"
    cli.run("campaign", "new", "East")
    cli.run("import", str(path), "--campaign", "East")
    shown = cli.json("gang", "show", "Earps", "--campaign", "East")
    assert shown["members"][0]["handle"] == "Boss"


# --------------------------------------------------------------------------- the owed post-game


def test_game_list_and_status_say_who_still_owes_the_post_game(cli: Cli) -> None:
    ended(cli)
    owed = "Post-game still owed by 'Earps', 'Clantons': 'skirmish game postgame --game 1'."
    assert cli.run("game", "list").splitlines()[1] == f"   {owed}"
    assert cli.run("game", "status").splitlines()[-1] == owed
    assert cli.json("game", "status")["postgame_owed"] == ["Earps", "Clantons"]
    assert cli.json("game", "list")[0]["postgame_owed"] == ["Earps", "Clantons"]
    assert cli.run("game", "list", "--lang", "it").splitlines()[1] == (
        "   Dopo-partita ancora da fare per 'Earps', 'Clantons': 'skirmish game postgame --game 1'."
    )
    cli.run("game", "postgame", "Clantons", "--seed", "3")
    assert cli.json("game", "status")["postgame_owed"] == ["Earps"]
    cli.run("game", "postgame", "--seed", "3")
    assert cli.json("game", "status")["postgame_owed"] == []
    assert len(cli.run("game", "list").splitlines()) == 1


def test_gang_show_says_the_post_game_it_still_owes(cli: Cli) -> None:
    assert "post-game" not in cli.run("gang", "show", "Earps")
    ended(cli)
    assert cli.run("gang", "show", "Earps").splitlines()[1] == (
        "Still owes the post-game of game 1 (Bank robbery) before hiring, buying or playing "
        "again (R-23): 'skirmish game postgame Earps --game 1'."
    )
    assert cli.json("gang", "show", "Earps")["postgame_owed"] == {
        "game": 1,
        "scenario": "bank-robbery",
    }


def test_a_command_changing_an_owing_gang_reminds_once_on_stderr(cli: Cli) -> None:
    ended(cli)
    out, err = both(cli, "member", "xp", "Earps", "Wyatt", "1", "--json")
    assert json.loads(out)["action"] == "xp"  # stdout stays JSON
    assert err == (
        "Note: 'Earps' still owes the post-game of game 1 (Bank robbery): "
        "'skirmish game postgame Earps --game 1'.\n"
    )
    _, err = both(cli, "member", "rename", "Clantons", "Ike", "--handle", "Ike C", "--lang", "it")
    assert err == (
        "Nota: 'Clantons' deve ancora fare il dopo-partita della partita 1 (Rapina in banca): "
        "'skirmish game postgame Clantons --game 1'.\n"
    )
    _, err = both(cli, "game", "postgame", "Clantons", "--seed", "3")
    assert err.splitlines() == [  # the other gang is still owed, Clantons is done
        "Note: 'Earps' still owes the post-game of game 1 (Bank robbery): "
        "'skirmish game postgame Earps --game 1'."
    ]


def test_no_reminder_for_a_gang_that_owes_nothing_nor_for_a_view(cli: Cli) -> None:
    ended(cli)
    assert both(cli, "member", "xp", "Hunters", "Django", "1")[1] == ""
    assert both(cli, "gang", "show", "Earps")[1] == ""
    assert both(cli, "game", "status")[1] == ""
    refused(cli, "gang", "hire", "Earps", "guard", "--name", "Doc")  # one Error line, no Note
