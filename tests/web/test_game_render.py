"""Render once per revision (issue #23, part 2: web/game_render.py): the board and the
activation panel are rendered once per (game, revision, language, viewpoint) and served from a
bounded cache; the language is in the key, the two players of a game never share an entry (a
secret pick never reaches the other side from the cache), each answer has its reader's CSRF
token and fresh form keys, and a new revision is rendered anew."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skirmish.web import game_state
from skirmish.web.game_render import ACTIVATIONS, BOARDS, Rendered
from skirmish.web.game_state import HEADS
from tests.web.conftest import DEMO
from tests.web.test_game_activation import GAME, PANEL, Phone, make_table, open_client
from tests.web.test_game_live import GAMES, cli, start_bank, token


@pytest.fixture(autouse=True)
def empty() -> Iterator[None]:
    BOARDS.clear()
    ACTIVATIONS.clear()
    HEADS.clear()
    yield
    BOARDS.clear()
    ACTIVATIONS.clear()
    HEADS.clear()


def keys(html: str) -> list[str]:
    return re.findall(r'name="key" value="([^"]*)"', html)


def test_the_board_is_rendered_once_per_language_and_served_to_every_watcher(
    demo: Path,
) -> None:
    live = start_bank(demo)
    with open_client(demo) as one, open_client(demo) as two:
        csrf_one, csrf_two = token(one), token(two)
        english = one.get(f"{live}/board?lang=en")
        assert english.status_code == 200 and BOARDS.misses == 1
        italian = one.get(f"{live}/board?lang=it")
        assert italian.status_code == 200 and BOARDS.misses == 2
        assert {key[3] for key in BOARDS.keys()} == {"en", "it"}  # the language is in the key
        assert "What happened" in english.text and "What happened" not in italian.text
        again = two.get(f"{live}/board?lang=en")  # another phone, the same viewpoint
        assert BOARDS.hits == 1 and BOARDS.misses == 2
        assert f'value="{csrf_one}"' in english.text and csrf_two not in english.text
        assert f'value="{csrf_two}"' in again.text and csrf_one not in again.text
        assert keys(english.text) and set(keys(english.text)).isdisjoint(keys(again.text))
        masked = re.sub(r'value="[A-Za-z0-9_-]{16,}"', "", again.text)
        assert masked == re.sub(r'value="[A-Za-z0-9_-]{16,}"', "", english.text)
        cli(demo, "game", "turn")  # a new revision: rendered anew
        turned = two.get(f"{live}/board?lang=en")
        assert BOARDS.misses == 3 and "Turn 1" in turned.text


def test_the_live_page_shows_the_board_kept_for_its_key(demo: Path, monkeypatch: Any) -> None:
    """Issue #23, table mode's sixth round: the live page's board and the few fields the page
    shows around it are kept per board key; a second reader with the same viewpoint gets the
    same page (its own CSRF token, fresh form keys, the board's turn form with the page's own
    turn key) without the board's view being built again; a language or a revision of its own
    is built anew."""
    live = start_bank(demo)
    built: list[str] = []
    real = game_state.game_view

    def counted(*args: Any) -> Any:
        built.append(args[-1].value)
        return real(*args)

    monkeypatch.setattr(game_state, "game_view", counted)

    def masked(html: str) -> str:
        return re.sub(r'value="[A-Za-z0-9_-]{16,}"', "", html)

    with open_client(demo) as one, open_client(demo) as two:
        csrf_one, csrf_two = token(one), token(two)
        first = one.get(f"{live}?lang=en")
        assert first.status_code == 200 and built == ["en"]
        again = two.get(f"{live}?lang=en")
        assert again.status_code == 200 and built == ["en"]  # from the kept board
        assert masked(again.text) == masked(first.text) and 'id="board"' in again.text
        assert f'value="{csrf_two}"' in again.text and csrf_one not in again.text
        assert set(keys(first.text)).isdisjoint(keys(again.text))
        assert len(set(keys(again.text))) == len(set(keys(first.text)))  # the same forms share
        italian = one.get(f"{live}?lang=it")
        assert built == ["en", "it"] and "What happened" not in italian.text
        cli(demo, "game", "turn")  # a new revision: built anew
        turned = two.get(f"{live}?lang=en")
        assert built == ["en", "it", "en"] and "Turn 1" in turned.text


def test_what_the_undo_would_take_back_is_told_once_per_revision(
    demo: Path, monkeypatch: Any
) -> None:
    """Issue #23, sixth round: the live page's "undo" words (``game_perform.last_action``) are
    the game log's, the same for every reader: worked out once per (store, game, revision,
    rosters, language) in a server process, again after a change."""
    from skirmish.web import game_perform

    live = start_bank(demo)
    cli(demo, "game", "turn")
    told: list[int] = []
    real = game_perform._last_action

    def counted(session: Any, game: Any, lang: Any) -> list[str]:
        told.append(game.revision)
        return real(session, game, lang)

    monkeypatch.setattr(game_perform, "_last_action", counted)
    with open_client(demo) as one:  # one app: one engine, as a server process has
        first = one.get(f"{live}?lang=en")
        again = one.get(f"{live}?lang=en")
        assert first.status_code == again.status_code == 200 and len(told) == 1
        cli(demo, "game", "turn")
        assert one.get(f"{live}?lang=en").status_code == 200 and len(told) == 2
        assert told[0] != told[1]


def test_a_gang_renamed_at_the_same_revision_is_rendered_anew(demo: Path) -> None:
    """A roster's change does not move the game's revision on: the campaign's log does."""
    live = start_bank(demo)
    with open_client(demo) as web:
        first = web.get(f"{live}/board?lang=en")
        assert "Clanton gang" in first.text
        cli(demo, "gang", "rename", "Clanton gang", "Clanton boys")
        again = web.get(f"{live}/board?lang=en")
        assert "Clanton boys" in again.text and "Clanton boys" not in first.text
        assert BOARDS.misses == 2 and BOARDS.hits == 0


def test_two_stores_with_the_same_game_and_revision_never_share_a_board(tmp_path: Path) -> None:
    """One process, two stores (as the suite's apps are): game 1 at the same revision in each,
    the same log entry last, the same viewpoint; each store's board is its own."""
    stores = []
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        stores.append(tmp_path / name / "campaigns.db")
        shutil.copyfile(DEMO, stores[-1])
        start_bank(stores[-1])
    cli(stores[1], "gang", "rename", "Clanton gang", "Clanton boys")
    cli(stores[0], "gang", "rename", "Clanton gang", "Clanton kin")
    with open_client(stores[0]) as first, open_client(stores[1]) as second:
        one, two = first.get(f"{GAMES}/1/board?lang=en"), second.get(f"{GAMES}/1/board?lang=en")
    assert "Clanton kin" in one.text and "Clanton boys" in two.text
    assert BOARDS.misses == 2 and BOARDS.hits == 0


def test_two_players_never_get_each_others_secret_pick_from_the_cache(demo: Path) -> None:
    make_table(demo)
    with open_client(demo) as w, open_client(demo) as i, open_client(demo) as d:
        wyatt, ike, doc = Phone(w, "Wyatt"), Phone(i, "Ike"), Phone(d, "Doc")
        assert wyatt.post("pick", {"model": "Morgan Earp"}).status_code == 200
        fragments: dict[str, Any] = {}
        for _ in range(2):  # the second time, every answer comes from the cache
            for phone in (wyatt, ike, doc):
                answer = phone.client.get(f"{PANEL}/panel?back={GAME}")
                assert answer.status_code == 200
                fragments.setdefault(phone.user, []).append(answer.text)
        assert ACTIVATIONS.hits >= 3
        views = {key[4] for key in ACTIVATIONS.keys()}
        assert len(views) == 3  # a viewpoint each: Wyatt's side, Ike's side, a spectator
        for text in fragments["Wyatt"]:
            assert "Picked: Morgan Earp" in text
        for text in fragments["Ike"] + fragments["Doc"]:  # Wyatt's card is down, unseen
            assert "Morgan Earp" not in text and "Picked:" not in text


def test_the_cache_keeps_at_most_its_size_least_recently_used_first_out() -> None:
    kept = Rendered(size=2)
    kept.put("a", "A")
    kept.put("b", "B")
    assert kept.get("a") == "A"  # "a" is now the most recently used
    kept.put("c", "C")
    assert kept.keys() == ["a", "c"] and kept.get("b") is None
