"""The walker in Italian (issue #21): a game played through its menu in Italian says every
choice in the book's Italian (the cover levels, the horse's pace), never a command-line hint
(the walker is not the command line: ``errors.COMMAND_LINE``), a die's purpose in words and
"1 dado" for one die.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh, register_views  # noqa: E402
from test_walker import walk  # noqa: E402

#: What the walker must never say in Italian: English choices, command-line hints, ids.
NEVER = (
    "none",
    "light",
    "partial",
    "full",
    "(trotto)",
    "galoppo",
    "(fermo)",
    "lazzo",
    "skirmish game",
    "--",
    "serve per: nerve",
    " 1 dadi",
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    register_views()
    yield build_base(tmp_path_factory.mktemp("walker-it"))


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    return fresh(base, tmp_path)


def test_a_game_in_italian_says_no_english_choice_and_no_command_line_hint(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.run("gang", "buy", "Earps", "horse", "--for", "Wyatt", "--dice", "6")
    out, player = walk(
        cli,
        monkeypatch,
        [
            "turno", "",
            "sali", "Wyatt", "corsa", "3,3",
            "spara", "Wyatt", "Frank", "5", "leggera", "", "1",
            "spara", "Wyatt", "Frank", "5", "completa", "", "",
            "spara", "Wyatt", "Frank", "5", "", "", "",
            "abbandona", "sì",
        ],
        "--good", "Earps", "--bad", "Clantons",
        lang="it",
    )  # fmt: skip
    said = out.lower()
    assert [word for word in NEVER if word in said] == []
    assert "Copertura (vuoto: nessuna): " in player.prompts
    assert "  1  nessuna\n  2  leggera\n  3  parziale\n  4  completa\n" in out
    assert "  1  fermo\n  2  trotto\n  3  corsa\n" in out
    assert "L'andatura del cavallo (vuoto: fermo): " in player.prompts
    # the dice ran short: one die, and what the next is for in words
    assert "Errore: “Dadi come sono usciti” ha dato 1 dado ma questo tiro ne richiede" in out
    assert "(il prossimo serve per: test di freddezza per Wyatt)" in out
    # the target had not acted: said without the command line's flag
    assert "Frank non ha ancora giocato il suo turno: +1 (R-18, dal registro)." in out
    # full cover: the rules refuse the shot, in the book's word
    assert "copertura completa non si vede" in out
