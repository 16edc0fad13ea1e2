"""Between-games actions on the club's PostgreSQL (issue #11): the demo campaign imported there,
accounts made with the CLI, then buying, undoing and a refused change through the forms and
the API, each one unit of work with its row locks, its author in the log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import (
    CAMPAIGN,
    CLANTONS,
    EARPS,
    api,
    cli,
    done_line,
    log_in,
    make_club,
    open_client,
    page,
    pick,
)

pytestmark = pytest.mark.postgres


@pytest.fixture
def club_pg(demo: Path, tmp_path: Path, postgres_migrated_database: str) -> str:
    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    cli(demo, "export", "--campaign", CAMPAIGN, "-o", str(exported))
    cli(url, "import", str(exported))
    make_club(url)
    return url


def _log(url: str, gang: str) -> Any:
    return json.loads(cli(url, "log", gang, "--campaign", CAMPAIGN, "--last", "1", "--json"))


def test_buy_and_undo_through_the_form_and_the_api_on_postgresql(club_pg: str) -> None:
    with open_client(club_pg) as web:
        token = log_in(web)
        money = web.get(api()).json()["treasury"]
        line = done_line(
            web,
            web.post(page(action="buy"), data={"item": "lasso", "dice": "4", "csrf": token}),
        )
        assert "bought Lasso for 10$ (availability: rolled 4, DISP 2)" in line
        assert _log(club_pg, EARPS)[0]["author"] == "Wyatt"
        answer = web.post(api(action="undo"), json={}, headers={"X-CSRF-Token": token})
        assert answer.status_code == 200
        assert answer.json()["entry"] == _log(club_pg, EARPS)[0]
        assert answer.json()["gang"]["treasury"] == money
        form = {"what": pick(item="six-shooter", member="Virgil Earp"), "csrf": token}
        assert "sold Six-shooter for 3$" in done_line(web, web.post(page(action="sell"), data=form))


def test_a_refusal_and_another_players_gang_change_nothing_on_postgresql(club_pg: str) -> None:
    with open_client(club_pg) as web:
        token = log_in(web)
        before = web.get(api(CLANTONS)).json()
        logged = _log(club_pg, CLANTONS)
        refused = web.post(api(CLANTONS, "buy"), json={"item": "knife"},
                           headers={"X-CSRF-Token": token})  # fmt: skip
        assert refused.status_code == 403
        form = web.post(page(gang=CLANTONS, action="rename"), data={"name": "X", "csrf": token})
        assert form.status_code == 403
        assert web.get(api(CLANTONS)).json() == before and _log(club_pg, CLANTONS) == logged
        mine = web.get(api()).json()
        dice = web.post(page(action="buy"), data={"item": "lasso", "dice": "2 2", "csrf": token})
        assert dice.status_code == 400 and "“Dice” gave 2 dice" in dice.text
        assert web.get(api()).json() == mine
