"""The post-game wizard on the club's PostgreSQL (issue #12): the demo campaign imported there,
accounts made with the CLI, a Duel played and ended with the CLI, then both players' post-games
from their phones, each one unit of work with its row locks; the rosters equal those the CLI
records on SQLite with the same dice."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.test_actions import CAMPAIGN, CLANTONS, EARPS, cli, log_in, make_club, open_client
from tests.web.test_game_postgame import API, play_a_duel, roster, tap, wizard, words

pytestmark = pytest.mark.postgres


@pytest.fixture
def ended_pg(demo: Path, tmp_path: Path, postgres_migrated_database: str) -> str:
    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    cli(demo, "export", "--campaign", CAMPAIGN, "-o", str(exported))
    cli(url, "import", str(exported))
    make_club(url)
    play_a_duel(url)
    return url


def test_both_postgames_from_the_phones_on_postgresql(
    ended_pg: str, demo: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "cli.db"
    shutil.copyfile(demo, copy)
    make_club(copy)
    play_a_duel(copy)
    cli(copy, "game", "postgame", CLANTONS, "--dice", "2,3,4", "--campaign", CAMPAIGN)
    cli(copy, "game", "postgame", EARPS, "--campaign", CAMPAIGN)

    with open_client(ended_pg) as web:
        token = log_in(web, "Wyatt")
        refused = web.post(wizard(CLANTONS), data={"csrf": token, "mode": "random"})
        assert refused.status_code == 403
        assert roster(ended_pg, CLANTONS)["postgame_owed"] is not None

        token = log_in(web, "Ike")
        url = wizard() + "?step=dice"
        for die in (2, 3, 4):
            url = tap(web, url, die)
        assert "Every die is in" in words(web.get(url))
        done = web.post(wizard(), data={"csrf": token, "dice": "2 3 4", "mode": "typed"})
        assert done.status_code == 303
        assert f"Waiting for {EARPS}" in words(web.get(wizard() + "?step=done"))

        token = log_in(web, "Wyatt")
        answer: Any = web.post(
            f"{API}/{quote(EARPS, safe='')}", json={}, headers={"X-CSRF-Token": token}
        )
        assert answer.status_code == 200, answer.text
        assert [g["postgame"] for g in web.get(API).json()["gangs"]] == ["done", "done"]

    def same(data: Any) -> Any:
        # The weapons' table follows the order the items were stored in, which the import
        # into PostgreSQL does not keep: compare it as a set.
        return {**data, "weapons": sorted(data["weapons"], key=lambda w: w["id"])}

    for gang in (EARPS, CLANTONS):
        assert same(roster(ended_pg, gang)) == same(roster(copy, gang))
