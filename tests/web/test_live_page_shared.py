"""The live page's frame and board kept per board key (issue #23: ``game_state.live_page``): at
every state of a game (``live_pages.walk``), for both players, a spectator, the arbitrator and a
visitor, in English and Italian, the page served from what was kept is the page built from
nothing (``game/live.html`` rendered whole, its board and panels included by the template, as
before the frame was kept), CSRF tokens and form keys masked; each answer carries its own
reader's token, its forms' keys fresh and the page's turn key the board's; and nothing a reader
owns (their token, their name, their secret card) is in what is kept for every reader."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skirmish.web import game_live
from skirmish.web.game_live_base import POLL
from skirmish.web.game_render import BOARDS
from skirmish.web.game_state import HEADS, NAME_MARK, Head
from tests.web.conftest import DEMO
from tests.web.live_pages import masked, walk


@pytest.fixture(autouse=True)
def empty() -> Iterator[None]:
    BOARDS.clear()
    HEADS.clear()
    yield
    BOARDS.clear()
    HEADS.clear()


def from_nothing(site: Any, request: Any, paged: Any, shown: dict[str, Any]) -> Any:
    """The live page as the template renders it whole from the game's full view (the kept
    board and frame emptied first: ``page_board`` gave ``game_view``'s)."""
    _, view, text, head = paged
    assert text is None and head is None
    return site.page(request, "game/live.html", game=view, message="", poll=POLL, **shown)


def csrf_values(html: str) -> set[str]:
    return set(re.findall(r'name="csrf" value="([^"]*)"', html))


def turn_keys(html: str) -> list[str]:
    return re.findall(r'action="[^"]*/turn">\s*<input[^>]*>\s*<input type="hidden" '
                      r'name="key" value="([^"]+)"', html)  # fmt: skip


def test_the_kept_page_is_the_page_built_from_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "campaigns.db"
    shutil.copy(DEMO, db)
    real = game_live.shared_live_page
    seen: dict[str, str] = {}
    tokens: set[str] = set()

    def ask(state: str, who: str, client: Any, path: str) -> None:
        BOARDS.clear()
        HEADS.clear()
        monkeypatch.setattr(game_live, "shared_live_page", from_nothing)
        built = client.get(path)
        monkeypatch.setattr(game_live, "shared_live_page", real)
        BOARDS.clear()
        HEADS.clear()
        first = client.get(path)  # the board and frame rendered and kept
        again = client.get(path)  # both from what was kept
        assert built.status_code == first.status_code == again.status_code == 200
        assert masked(first.text) == masked(built.text), (state, who, path)
        assert masked(again.text) == masked(built.text), (state, who, path)
        token = client.cookies.get("csrf")
        tokens.add(token)
        for page in (first.text, again.text):
            # the reader's own token in every form (a visitor has none: not even "Log out")
            assert csrf_values(page) == (set() if who == "visitor" else {token})
            turns = turn_keys(page)
            assert len(set(turns)) <= 1  # the page's "Begin" form and the board's: one key
        assert set(turn_keys(first.text)).isdisjoint(turn_keys(again.text))
        assert NAME_MARK not in again.text
        seen[f"{state} / {who} / {path}"] = again.text
        for key in BOARDS.keys():  # the board keys: what is kept for every reader of each
            head, text = HEADS.get(key), BOARDS.get(key)
            assert isinstance(head, Head) and head.frames and text is not None
            assert not any(t in text for t in tokens)
            for frame in head.frames.values():
                assert not any(t in frame for t in tokens)
                assert "Logged in as" not in frame or NAME_MARK in frame
                assert "Picked:" not in frame and 'id="activation"' not in frame  # no panel

    walk(db, ask)
    assert len(seen) == 80 and len(set(seen.values())) == 80
    live = "/c/Tombstone%201881/games/1?lang=en"
    secret = {who: seen[f"one card down / {who} / {live}"] for who in ("Wyatt", "Ike", "Doc")}
    assert "Picked: Wyatt Earp" in secret["Wyatt"]
    assert "Wyatt Earp" in secret["Ike"] and "Picked: Wyatt Earp" not in secret["Ike"]
    assert "Picked: Wyatt Earp" not in secret["Doc"]
    assert "Logged in as Wyatt" in secret["Wyatt"] and "Logged in as Doc" in secret["Doc"]


def test_a_readers_name_is_escaped_in_the_kept_frame_and_shared_by_spectators(
    tmp_path: Path,
) -> None:
    """Two spectators (players of the campaign with no gang in the game) share the frame kept
    for their board key, each page with its own name, escaped as the template escapes it."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app
    from tests.web.live_pages import CAMPAIGN, CLANTONS, EARPS, LIVE, PASSWORD, cli

    db = tmp_path / "campaigns.db"
    shutil.copy(DEMO, db)
    names = ("O'Hara & <b>Sons</b>", "Doc")
    for user in names:
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
        cli(db, "campaign", "role", user, "player", "--campaign", CAMPAIGN)
    cli(db, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS,
        "--campaign", CAMPAIGN)  # fmt: skip
    cli(db, "game", "turn", "--campaign", CAMPAIGN)
    app = create_app(str(db))
    pages = []
    with (
        TestClient(app, follow_redirects=False) as one,
        TestClient(app, follow_redirects=False) as two,
    ):
        for client, user in zip((one, two), names, strict=True):
            assert client.get("/login").status_code == 200
            form = {"user": user, "password": PASSWORD, "csrf": client.cookies.get("csrf")}
            assert client.post("/login", data=form).status_code == 303
            pages.append(client.get(f"{LIVE}?lang=en").text)
        assert len(BOARDS.keys()) == 1  # one board key for both spectators
        spectators = BOARDS.keys()[0]
        assert "End the game now" not in pages[1]
        cli(db, "campaign", "role", "Doc", "arbitrator", "--campaign", CAMPAIGN)
        promoted = two.get(f"{LIVE}?lang=en").text  # a role changed counts at once
        assert "End the game now" in promoted and "Logged in as Doc" in promoted
        logout = {"csrf": two.cookies.get("csrf")}
        assert two.post("/logout", data=logout).status_code == 303
        ended = two.get(f"{LIVE}?lang=en")  # a session ended counts at once: a visitor
        assert "Logged in as" not in ended.text and "End the game now" not in ended.text
    head = HEADS.get(spectators)
    assert isinstance(head, Head) and len(head.frames) == 1  # and one frame
    assert "Logged in as O&#39;Hara &amp; &lt;b&gt;Sons&lt;/b&gt;" in pages[0]
    assert "<b>Sons" not in pages[0] and "Logged in as Doc" in pages[1]
    assert masked(pages[0]).replace("O&#39;Hara &amp; &lt;b&gt;Sons&lt;/b&gt;", "Doc") == masked(
        pages[1]
    )
