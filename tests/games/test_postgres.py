"""A whole game and its post-game sequence on PostgreSQL (the conftest's throw-away server)."""

from __future__ import annotations

import pytest

from .harness import SETUP, Cli, register_views
from .test_scenarios import clantons, earps


@pytest.mark.postgres
def test_a_game_and_its_postgame_on_postgresql(postgres_migrated_database: str) -> None:
    register_views()
    cli = Cli(postgres_migrated_database)
    for command in SETUP:
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "objective", "loot", "carry", "--by", "Ike")
    cli.run("game", "objective", "loot", "carry", "--by", "Frank")
    cli.run("game", "shoot", "Wyatt", "Frank", "--range", "5", "--dice", "1,1,6,4,4")
    cli.run("game", "objective", "loot", "recover", "--by", "Virgil")
    out = cli.run("game", "objective", "loot", "carry-off", "--by", "Ike")
    assert "Game over: Clantons wins" in out  # the last sack gone: the game ends (issue #10)
    before = cli.state()
    cli.fail("game", "end")
    assert cli.state() == before
    cli.run("game", "postgame", "--dice", "3,5,4")
    assert cli.roster("Earps") == earps(22 + 20 + 3, wyatt=3)
    assert cli.roster("Clantons") == clantons(36 + 50 + 4, ike=1, billy=2)
    cli.run("undo", "Clantons")
    assert cli.roster("Clantons")["treasury"] == 36 + 50
    assert cli.json("campaign", "standings")[0]["gang"] == "Clantons"
