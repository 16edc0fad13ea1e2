"""A bank robbery's live page through a game's states, as each kind of reader sees it (issue #23:
the live page's frame and board kept per board key, ``game_state.live_page``).

``walk(db, ask)`` plays the game on ``db`` (a copy of the demo store) through the web app's
public API and the command line, and at each state asks ``ask(reader, path)`` for the live page
in English and Italian as Wyatt (the Earps, good), Ike (the Clantons, bad), Doc (a player of the
campaign with no gang in the game: a spectator), Arbo (the arbitrator) and a visitor who is
not logged in (the demo campaign is public). The states: started, not begun; the first turn
before any card; one card down (Wyatt's, secret); both down; after the initiative's roll; after
the winner's choice and a shot; a new turn; ended. Only the app's public surface is used: the
same walk runs on an older tree (``benchmarks/issue23.md``, the live page's request)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

CAMPAIGN, EARPS, CLANTONS = "Tombstone 1881", "Earp brothers", "Clanton gang"
PASSWORD = "polvere e piombo"
LIVE = f"/c/{quote(CAMPAIGN, safe='')}/games/1"
API = f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games/1"
PLAYERS = ("Wyatt", "Ike", "Doc", "Arbo")
READERS = (*PLAYERS, "visitor")
#: A CSRF token or a form's key (``secrets.token_urlsafe``, a side's suffix) in a page.
_TOKEN = re.compile(r'(value="|key=)[A-Za-z0-9_-]{16,}(?=["&])')


def cli(db: Path | str, *args: str, stdin: str | None = None) -> str:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


def masked(html: str) -> str:
    """A page with its CSRF tokens and form keys masked (each answer's own)."""
    return _TOKEN.sub(r"\1…", html)


@contextmanager
def clients(db: Path | str) -> Iterator[dict[str, Any]]:
    """A logged-in client per player and one for the visitor, each an app of its own."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    for user in PLAYERS:
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    cli(db, "gang", "owner", EARPS, "Wyatt", "--campaign", CAMPAIGN)
    cli(db, "gang", "owner", CLANTONS, "Ike", "--campaign", CAMPAIGN)
    cli(db, "campaign", "role", "Doc", "player", "--campaign", CAMPAIGN)
    cli(db, "campaign", "role", "Arbo", "arbitrator", "--campaign", CAMPAIGN)
    cli(db, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
    with ExitStack() as stack:
        made = {
            who: stack.enter_context(TestClient(create_app(str(db)), follow_redirects=False))
            for who in READERS
        }
        for user in PLAYERS:
            client = made[user]
            assert client.get("/login").status_code == 200
            form = {"user": user, "password": PASSWORD, "csrf": client.cookies.get("csrf")}
            assert client.post("/login", data=form).status_code == 303
        yield made


def walk(db: Path | str, ask: Callable[[str, str, Any, str], None]) -> None:
    """Play the game on ``db``; at each state ``ask(state, reader, client, path)`` for each
    reader (their client) and language."""
    with clients(db) as made:
        taps = iter(range(1, 1000))

        def post(who: str, path: str, body: dict[str, Any]) -> None:
            client = made[who]
            token = client.cookies.get("csrf")
            headers = {"X-CSRF-Token": token, "Idempotency-Key": f"t{next(taps)}"}
            answer = client.post(f"{API}/{path}", json=body, headers=headers)
            assert answer.status_code == 200, (path, answer.text[:300])

        def every(state: str) -> None:
            for who in READERS:
                for lang in ("en", "it"):
                    ask(state, who, made[who], f"{LIVE}?lang={lang}")

        cli(db, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS,
            "--campaign", CAMPAIGN)  # fmt: skip
        every("started")
        cli(db, "game", "turn", "--campaign", CAMPAIGN)
        every("turn 1, no card")
        post("Wyatt", "picks", {"model": "Wyatt Earp"})
        every("one card down")
        post("Ike", "picks", {"model": "Ike Clanton"})
        every("both down")
        post("Ike", "initiative", {"dice": "6,1"})
        every("rolled")
        post("Wyatt", "initiative", {"activate": "good"})
        shot = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 10,
                "dice": "1,1,1,1,1"}  # fmt: skip
        post("Wyatt", "actions/shoot", shot)
        every("a shot")
        cli(db, "game", "turn", "--campaign", CAMPAIGN)
        every("turn 2")
        cli(db, "game", "end", "--winner", EARPS, "--campaign", CAMPAIGN)
        every("ended")
