"""A game's actions on the club's PostgreSQL (issue #12): the demo campaign imported there, the
Duello begun with the CLI, then a shot with typed dice through the form and the API, and
requests racing with one idempotency key: the game's row is locked, the key claimed, and the
action recorded once."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import CAMPAIGN, PASSWORD, cli, log_in, open_client
from tests.web.test_web_game_actions import (
    API,
    CLANTONS,
    EARPS,
    PAGE,
    hidden,
    tap,
    text_of,
    ticked,
)

pytestmark = pytest.mark.postgres


@pytest.fixture
def duel_pg(demo: Path, tmp_path: Path, postgres_migrated_database: str) -> str:
    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    cli(demo, "export", "--campaign", CAMPAIGN, "-o", str(exported))
    cli(url, "import", str(exported))
    for user in ("Wyatt", "Ike"):
        cli(url, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    for gang, user in ((EARPS, "Wyatt"), (CLANTONS, "Ike")):
        cli(url, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    cli(url, "game", "start", "duello", "--good", EARPS, "--bad", CLANTONS, "--campaign",
        CAMPAIGN)  # fmt: skip
    cli(url, "game", "turn", "--campaign", CAMPAIGN)
    return url


def _log(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(
        cli(url, "game", "log", "--campaign", CAMPAIGN, "--json")
    )
    return found


def test_a_shot_by_the_form_and_a_fight_by_the_api_on_postgresql(duel_pg: str) -> None:
    with open_client(duel_pg) as web:
        log_in(web, "Wyatt")
        page = web.get(f"{PAGE}/act?model=Wyatt+Earp&action=shoot&target=Ike+Clanton")
        response = web.post(f"{PAGE}/act", data={**hidden(page), **ticked(page), "range": "5",
                                                 "mode": "typed"})  # fmt: skip
        for face in (2, 3, 6, 2, 1, 1, 3):
            response = tap(web, response, die=str(face))
        assert "Wyatt Earp shoots Ike Clanton" in text_of(response)
    with open_client(duel_pg) as ike:
        token = log_in(ike, "Ike")
        answer = ike.post(f"{API}/actions/fight", json={"attacker": "Billy Clanton",
                          "target": "Virgil Earp", "dice": "3,3,5,4,2,2"},
                          headers={"X-CSRF-Token": token})  # fmt: skip
        assert answer.status_code == 200, answer.text
    shown = _log(duel_pg)
    assert [e["action"] for e in shown] == ["start", "turn", "activate", "shoot", "activate",
                                            "melee"]  # fmt: skip
    assert answer.json()["events"] == shown[-2:]


def test_requests_racing_with_one_key_record_once_on_postgresql(duel_pg: str) -> None:
    with open_client(duel_pg) as web:
        token = log_in(web, "Wyatt")
        before = len(_log(duel_pg))
        headers = {"X-CSRF-Token": token, "Idempotency-Key": "pg-race-0001"}
        body = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 5}
        answers: list[Any] = []
        start = threading.Barrier(4)

        def tap() -> None:
            start.wait()
            answers.append(web.post(f"{API}/actions/shoot", json=body, headers=headers))

        threads = [threading.Thread(target=tap) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
    assert all(a.json() == answers[0].json() for a in answers)
    shown = _log(duel_pg)
    assert len(shown) == before + 2  # the activation and the shot, once
    assert [e["action"] for e in shown[before:]] == ["activate", "shoot"]
