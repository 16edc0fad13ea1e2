"""The secret activation on the club's PostgreSQL (issue #12, §1.8): the demo campaign imported
there, the players' accounts made with the CLI, then a whole round from two phones (the
initiative tried in a unit of work that is rolled back, kept, chosen), a tie rolled again, and
a double tap that picks once; two phones rolling at the same moment both answered with the one
roll kept (issue #20)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.test_game_activation import CAMPAIGN, Phone, cli, make_table, open_client
from tests.web.test_initiative_race import at_once, both_tried_first

pytestmark = pytest.mark.postgres


@pytest.fixture
def table_pg(demo: Path, tmp_path: Path, postgres_migrated_database: str) -> str:
    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    cli(demo, "export", "--campaign", CAMPAIGN, "-o", str(exported))
    cli(url, "import", str(exported))
    make_table(url)
    return url


@pytest.fixture
def two(table_pg: str) -> Iterator[tuple[Phone, Phone]]:
    with open_client(table_pg) as w, open_client(table_pg) as i:
        yield Phone(w, "Wyatt"), Phone(i, "Ike")


def test_a_round_with_a_tie_on_postgresql(two: tuple[Phone, Phone], table_pg: str) -> None:
    wyatt, ike = two
    first = wyatt.post("pick", {"model": "Wyatt Earp"}, key="pg-tap")
    again = wyatt.post("pick", {"model": "Wyatt Earp"}, key="pg-tap")
    assert first.status_code == again.status_code == 200
    assert ike.post("pick", {"model": "Ike Clanton"}).status_code == 200
    # Wyatt 1 + 4 + 1 = 6 against Ike 2 + 3 + 1 = 6: roll again (H-06); then 4 to 3.
    assert ike.post("roll", {"good_die": "1", "bad_die": "2"}).status_code == 200
    assert wyatt.state()["roll"]["tied"] is True
    assert wyatt.post("roll", {"good_die": "4", "bad_die": "3"}).status_code == 200
    assert ike.state()["roll"]["winner"] == "Wyatt Earp"
    assert wyatt.post("choose", {"activate": "bad"}).status_code == 200
    state = ike.state()
    assert state["acting"] == "Ike Clanton" and state["round"] == 2
    log = json.loads(cli(table_pg, "game", "log", "--campaign", CAMPAIGN, "--json"))
    rolled = [e for e in log if e.get("action") == "initiative"]
    assert len(rolled) == 1, log


def test_two_phones_rolling_at_once_on_postgresql(
    two: tuple[Phone, Phone], table_pg: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second roll comes in while the first is held between its trial and its keeping:
    it waits for the game's lock, then finds the first one's roll and answers with it (issue
    #20; one unit of work for the trial and the keeping since issue #23)."""
    wyatt, ike = two
    assert wyatt.post("pick", {"model": "Wyatt Earp"}).status_code == 200
    assert ike.post("pick", {"model": "Ike Clanton"}).status_code == 200
    both_tried_first(monkeypatch)
    answers = at_once(*(lambda p=p: p.api("initiative", {"random": True}) for p in two))
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    first, second = (a.json() for a in answers)
    assert first["roll"] == second["roll"] == wyatt.state()["roll"]
    assert first["lines"] == second["lines"]
