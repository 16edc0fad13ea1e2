"""A game's revision (issue #12): every unit of work that changes a game moves it on by exactly
one, undo included; a refused one, and one that only reads, leave it as it was. Phones at the
table compare it to know their page is stale. Decisions: docs/games.md, "Table mode"."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .harness import Cli
from .test_undo import ACTIONS, started


def revision(db: Path | str, game: int = 1) -> int:
    with sqlite3.connect(db) as connection:
        (found,) = connection.execute("SELECT revision FROM game WHERE id = ?", (game,)).fetchone()
    connection.close()
    return int(found)


def test_a_new_game_starts_at_revision_zero(cli: Cli) -> None:
    started(cli)
    assert revision(cli.db) == 0


def test_every_game_command_moves_the_revision_on_by_one(cli: Cli) -> None:
    game = started(cli)
    for command in ACTIONS:
        before = revision(game.db)
        game.run(*command)
        assert revision(game.db) == before + 1, command


def test_an_undo_moves_it_on_too_and_never_back(cli: Cli) -> None:
    game = started(cli)
    game.run("game", "turn")
    game.run("game", "activate", "Wyatt")
    assert revision(game.db) == 2
    game.run("game", "undo")
    assert revision(game.db) == 3  # not 1: a phone that saw 1 must reload
    game.run("game", "undo", "--times", "1")
    assert revision(game.db) == 4


def test_a_refused_command_leaves_the_revision_alone(cli: Cli) -> None:
    game = started(cli)
    game.run("game", "turn")
    game.run("game", "activate", "Wyatt")
    before = revision(game.db)
    game.fail("game", "activate", "Wyatt")  # its turn is under way (§1.8)
    game.fail("game", "shoot", "Nobody", "Ike", "--range", "5", "--dice", "6,6,6,6")
    game.fail("game", "undo", "--times", "9")
    assert revision(game.db) == before


def test_reading_the_game_leaves_the_revision_alone(cli: Cli) -> None:
    game = started(cli)
    game.run("game", "turn")
    before = revision(game.db)
    game.run("game", "status")
    game.run("game", "log")
    game.run("game", "list")
    assert revision(game.db) == before


def test_other_games_keep_their_revision(cli: Cli) -> None:
    game = started(cli)
    game.run("game", "turn")
    game.run("game", "abandon")
    game.run("game", "start", "bank-robbery", "Earps", "Hunters")
    game.run("game", "turn", "--game", "2")
    assert (revision(game.db, 1), revision(game.db, 2)) == (2, 1)
