"""Back online on the club's PostgreSQL (issue #24): the demo's Duello begun there as in
``test_game_actions_postgres``; queued actions confirmed in order, a retried sync acting once,
a hit confirmed on a game changed elsewhere, a conflict made on purpose and settled, and two
phones syncing at the same moment losing nothing (each entry's unit of work locks the game's
row; the second waits and compares)."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tests.web.test_actions import CAMPAIGN, PASSWORD, cli, log_in, open_client
from tests.web.test_game_actions_postgres import _log, duel_pg  # noqa: F401 - the fixture
from tests.web.test_game_sync import entry, preview_of, sync
from tests.web.test_web_game_actions import API, CLANTONS, EARPS

pytestmark = pytest.mark.postgres

SHOT = ("shoot", {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 5},
        [2, 3, 6, 2, 1, 1, 3])  # fmt: skip
#: A wound rolled at the table (issue #24: worked out on the phone like a shot).
HIT = ("hit", {"by": "Wyatt Earp", "member": "Tom McLaury", "wounds": "1"}, [])
FIGHT = ("fight", {"attacker": "Billy Clanton", "target": "Virgil Earp"}, [3, 3, 5, 4, 2, 2])
#: What each phone queued offline: actions of models of its own side that touch nothing of the
#: other phone's (Billy's fight at Virgil is recorded by Ike, the attacker's player).
WYATTS = [SHOT, ("move", {"member": "Morgan Earp"}, []), ("move", {"member": "Doc Holliday"}, [])]
IKES = [FIGHT, ("move", {"member": "Frank McLaury"}, []), ("move", {"member": "Tom McLaury"}, [])]


def _revision(url: str) -> int:
    engine = create_engine(url)
    with engine.connect() as connection:
        found = int(connection.execute(text("SELECT revision FROM game")).scalar_one())
    engine.dispose()
    return found


@pytest.fixture
def twin(demo: Path, tmp_path: Path) -> Path:
    """The same Duello on SQLite: where the phone's previews are computed."""
    db = tmp_path / "twin" / "campaigns.db"
    db.parent.mkdir()
    shutil.copyfile(demo, db)
    for user in ("Wyatt", "Ike"):
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    for gang, user in ((EARPS, "Wyatt"), (CLANTONS, "Ike")):
        cli(db, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    cli(db, "game", "start", "duello", "--good", EARPS, "--bad", CLANTONS, "--campaign",
        CAMPAIGN)  # fmt: skip
    cli(db, "game", "turn", "--campaign", CAMPAIGN)
    return db


def test_queued_actions_a_retry_and_a_conflict_settled_on_postgresql(
    duel_pg: str,  # noqa: F811 - the fixture
    twin: Path,
) -> None:
    rev = _revision(duel_pg)
    seen = preview_of(twin, *SHOT)
    hit_seen = preview_of(twin, *HIT)
    with open_client(duel_pg) as wyatt, open_client(duel_pg) as ike:
        token, ike_token = log_in(wyatt, "Wyatt"), log_in(ike, "Ike")
        queued = [entry(f"pg-{n}", *a, rev) for n, a in enumerate(WYATTS[1:])]
        first = sync(wyatt, token, queued)
        assert [r["status"] for r in first.json()["results"]] == ["confirmed"] * 2, first.text
        count = len(_log(duel_pg))
        again = sync(wyatt, token, queued)
        assert again.json()["results"] == [{**r, "outcome": None}
                                           for r in first.json()["results"]]  # fmt: skip
        assert len(_log(duel_pg)) == count
        lying = ike.post(f"{API}/actions/stato", json={"member": "Ike Clanton",
                         "new-state": "a terra"}, headers={"X-CSRF-Token": ike_token})  # fmt: skip
        assert lying.status_code == 200, lying.text
        # a wound rolled at the table on a model nobody touched: the same outcome, confirmed
        calm = sync(wyatt, token, [entry("pg-hit", *HIT, rev, hit_seen)])
        (confirmed,) = calm.json()["results"]
        assert confirmed["status"] == "confirmed", confirmed
        assert confirmed["outcome"] == hit_seen and hit_seen["kind"] == "fallen"
        count = len(_log(duel_pg))
        clash = sync(wyatt, token, [entry("pg-clash", *SHOT, rev, seen)])
        (result,) = clash.json()["results"]
        assert result["status"] == "conflict", result
        assert len(_log(duel_pg)) == count
        number = result["conflict"]["id"]
        settled = ike.post(f"{API}/conflicts/{number}", json={"choice": "mine"},
                           headers={"X-CSRF-Token": ike_token})  # fmt: skip
        assert settled.status_code == 200, settled.text
        twice = wyatt.post(f"{API}/conflicts/{number}", json={"choice": "discard"},
                           headers={"X-CSRF-Token": token})  # fmt: skip
        assert twice.status_code == 400 and "already settled" in twice.json()["error"]
    assert _log(duel_pg)[-1]["action"] == "shoot"


def test_two_phones_syncing_at_once_lose_nothing_on_postgresql(
    duel_pg: str,  # noqa: F811 - the fixture
    twin: Path,
) -> None:
    rev = _revision(duel_pg)
    previews = {SHOT[0]: preview_of(twin, *SHOT), FIGHT[0]: preview_of(twin, *FIGHT)}
    queues = {
        "Wyatt": [entry(f"w-{n}", *a, rev, previews.get(a[0])) for n, a in enumerate(WYATTS)],
        "Ike": [entry(f"i-{n}", *a, rev, previews.get(a[0])) for n, a in enumerate(IKES)],
    }
    before = len(_log(duel_pg))
    answers: dict[str, Any] = {}
    start = threading.Barrier(2)
    with open_client(duel_pg) as wyatt, open_client(duel_pg) as ike:
        phones = {"Wyatt": (wyatt, log_in(wyatt, "Wyatt")), "Ike": (ike, log_in(ike, "Ike"))}

        def send(who: str) -> None:
            phone, token = phones[who]
            start.wait()
            answers[who] = sync(phone, token, queues[who])

        threads = [threading.Thread(target=send, args=(who,)) for who in phones]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    for who, answer in answers.items():
        assert answer.status_code == 200, answer.text
        assert [r["status"] for r in answer.json()["results"]] == ["confirmed"] * 3, (
            who,
            answer.text,
        )
    shown = _log(duel_pg)[before:]
    # each action once: the shot and the fight with their activations, four moves
    assert sorted(e["action"] for e in shown) == sorted(
        ["activate", "shoot", "activate", "melee", "activate", "activate", "activate", "activate"]
    )
    assert _revision(duel_pg) == rev + 6
