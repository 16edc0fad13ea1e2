"""The offline page (issue #24, web/game_offline.py): the catalogue's forms for every model of
the reader's sides as the game stands, the other side's folded away, the queue's words in the
reader's language, and nothing for a reader who only watches."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import log_in, open_client
from tests.web.test_web_game_actions import API, PAGE, table_store

OFFLINE = PAGE + "/offline"


@pytest.fixture
def store(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    return prepared(table_store)


def forms(page: str) -> list[dict[str, str]]:
    """Each offline form's action, side and hidden actor."""
    found = []
    for m in re.finditer(r'<form class="action gac-form off-form"[^>]*>(.*?)</form>', page, re.S):
        head = m.group(0)[: m.group(0).index(">") + 1]
        action = re.search(r'data-offline-action="([^"]+)"', head)
        side = re.search(r'data-side="([^"]+)"', head)
        member = re.search(r'<input type="hidden" name="member" value="([^"]*)"', m.group(1))
        assert action and (side or action.group(1) == "turn")  # the game's own step: no side
        found.append(
            {
                "action": action.group(1),
                "side": side.group(1) if side else "",
                "member": html.unescape(member.group(1)) if member else "",
            }
        )
    return found


def test_a_player_sees_every_model_of_their_side_with_the_catalogues_forms(store: Path) -> None:
    with open_client(store) as web:
        log_in(web, "Wyatt")
        answer = web.get(OFFLINE)
        assert answer.status_code == 200, answer.text
        page = answer.text
    found = forms(page)
    mine = [f for f in found if f["side"] == "good"]
    theirs = [f for f in found if f["side"] == "bad"]
    assert {f["member"] for f in mine} >= {"Wyatt Earp"}
    assert {"shoot", "fight", "move"} <= {f["action"] for f in mine}
    # the other side's models, folded under their own heading (one phone for both)
    assert theirs and page.index("off-theirs") < page.index('data-side="bad"')
    # a shot's form: the target chosen from the enemies, range and cover, the dice
    shoot = page[page.index('data-offline-action="shoot"') :]
    shoot = shoot[: shoot.index("</form>")]
    assert 'name="target"' in shoot and "Ike Clanton" in shoot
    assert 'name="range"' in shoot and 'name="cover"' in shoot and 'name="dice"' in shoot
    # ids stay apart across the many forms
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1][:5]
    # the queue's words and the revision the forms were made at
    assert 'id="queue"' in page and 'data-w-pending="not yet sent"' in page
    assert re.search(r'data-revision="\d+"', page) and 'data-csrf="' in page
    assert "face down" in page


def test_the_next_turn_is_offered_and_a_model_that_acted_comes_back_after_it(
    store: Path,
) -> None:
    """The catalogue's "Begin the next turn" with its cohesion dice; Wyatt, who took his turn
    this turn, is on the page with his actions of the next turn, hidden until the phone queues
    the turn (offline.js)."""
    with open_client(store) as web:
        token = log_in(web, "Wyatt")
        moved = web.post(f"{API}/actions/move", json={"member": "Wyatt Earp"},
                         headers={"X-CSRF-Token": token})  # fmt: skip
        assert moved.status_code == 200, moved.text
        # Morgan's turn now: Wyatt's is over
        web.post(f"{API}/actions/move", json={"member": "Morgan Earp"},
                 headers={"X-CSRF-Token": token})  # fmt: skip
        page = web.get(OFFLINE).text
    turn = page[page.index('data-offline-action="turn"') :]
    turn = turn[: turn.index("</form>")]
    assert 'data-previewed="1"' in turn and 'name="dice"' in turn and "Begin the next turn" in page
    later = re.findall(r'<details class="card off-model"[^>]*data-next-turn="1" hidden>\s*'
                       r"<summary>([^<]*)</summary>", page)  # fmt: skip
    assert any("Wyatt Earp" in html.unescape(s) for s in later), later
    wyatt = page[page.index(later[0]) :]
    assert 'data-offline-action="shoot"' in wyatt[: wyatt.index("</details>\n</details>")]


def test_the_page_speaks_italian(store: Path) -> None:
    with open_client(store) as web:
        log_in(web, "Wyatt")
        web.cookies.set("lang", "it")
        page = web.get(OFFLINE, headers={"Accept-Language": "it"}).text
    assert "non ancora inviat" in page
    assert 'data-offline-action="shoot"' in page


def test_a_reader_who_watches_gets_no_forms(store: Path) -> None:
    with open_client(store) as web:
        log_in(web, "Curly")
        page: Any = web.get(OFFLINE)
        assert page.status_code == 200
        assert forms(page.text) == []


def test_the_live_page_carries_the_queue_for_a_player_only(store: Path) -> None:
    with open_client(store) as web:
        log_in(web, "Wyatt")
        live = web.get(PAGE).text
        assert 'id="queue"' in live and "/static/offline.js" in live
        assert f'data-game-url="{PAGE}"' in live
    with open_client(store) as web:
        log_in(web, "Curly")
        assert 'id="queue"' not in web.get(PAGE).text
