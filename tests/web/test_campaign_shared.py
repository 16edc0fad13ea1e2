"""The campaign page's parts that every reader sees alike, built and rendered once per campaign
revision (issue #23, ``web/campaign_shared.py``): after every action of the catalogue, taken
through a fresh ``skirmish`` process or through the API of the app that kept them, and after a
game's own writes and the house rules' (which the catalogue does not hold), the page is the page
of an app that kept nothing; and a page at a revision already read asks no part again."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi.testclient import TestClient
from sqlalchemy import event

from skirmish.campaign.commands import BY_NAME, CATALOGUE
from skirmish.web.app import create_app
from tests.campaign.test_gang_commands import CAMPAIGN, DEMO, PLAYED, _argv

#: Each form's CSRF token and key: the one thing two apps may say differently.
_TOKENS = re.compile(r'(name="(?:csrf|key|idempotency)[^"]*" value=")[^"]*|(content=")[^"]{30,}')


def _cli(db: Path, *args: str) -> None:
    """``args`` through a fresh ``skirmish`` process (its own caches: none of the server's)."""
    done = subprocess.run(
        [sys.executable, "-m", "skirmish", *args, "--db", str(db)],
        capture_output=True,
        text=True,
        env={"SKIRMISH_LANG": "en", "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert done.returncode == 0, (args, done.stderr)


def _pages(client: Any) -> list[str]:
    """The campaign page in both languages and three sorts, tokens masked."""
    c = quote(CAMPAIGN, safe="")
    return [
        _TOKENS.sub(r"\1\2", client.get(f"/c/{c}?sort={sort}&lang={lang}").text)
        for lang in ("en", "it")
        for sort in ("place", "rating", "treasury")
    ]


def test_every_write_shows_at_once_as_on_an_app_that_kept_nothing(tmp_path: Path) -> None:
    db = tmp_path / "campaign.db"
    shutil.copyfile(DEMO, db)
    _cli(db, "gang", "new", "Dodge posse", "--faction", "lawmen")
    played = set()
    with TestClient(create_app(str(db))) as kept:
        kept.get("/")
        headers = {"X-CSRF-Token": str(kept.cookies.get("csrf"))}
        before = _pages(kept)
        for number, (gang, name, values, dice) in enumerate(PLAYED):
            if number % 2 == 0:
                _cli(db, *_argv(BY_NAME[name], gang, values, dice))
            else:
                body = {**values, **({"dice": dice} if dice else {})}
                url = f"/api/v1/campaigns/{quote(CAMPAIGN)}/gangs/{quote(gang, safe='')}/{name}"
                assert kept.post(url, json=body, headers=headers).status_code == 200, name
            with TestClient(create_app(str(db))) as fresh:
                now = _pages(fresh)
            assert _pages(kept) == now, name
            assert now != before, name  # the action changed what the page shows
            before = now
            played.add(name)
        assert played == {c.name for c in CATALOGUE}  # every action of the catalogue
        # a game's own writes (its tables, not the log: its revision) and a house rule
        for args in (
            ("game", "start", "duel", "--good", "Earp posse", "--bad", "Clanton gang"),
            ("game", "turn"),
            ("game", "end", "--winner", "Earp posse"),
            ("campaign", "set", "sell-percent", "100"),
        ):
            _cli(db, *args)
            with TestClient(create_app(str(db))) as fresh:
                now = _pages(fresh)
            assert _pages(kept) == now, args
            assert now != before, args
            before = now


def test_a_page_at_a_revision_already_read_reads_no_part_again(tmp_path: Path) -> None:
    db = tmp_path / "campaign.db"
    shutil.copyfile(DEMO, db)
    app = create_app(str(db))
    engine = app.state.site.engine
    seen: list[str] = []

    def note(*args: object) -> None:
        seen.append(str(args[2]))

    with TestClient(app) as client:
        page = f"/c/{quote(CAMPAIGN, safe='')}"
        counts = []
        for _ in range(2):
            seen.clear()
            event.listen(engine, "before_cursor_execute", note)
            try:
                assert client.get(page).status_code == 200
            finally:
                event.remove(engine, "before_cursor_execute", note)
            counts.append(list(seen))
    first, second = counts
    # the first reads the log's entries (and the other parts); the second only the revision
    assert any("log_entry.action" in s for s in first)
    assert not any("log_entry.action" in s for s in second)
    assert len(second) < len(first), (len(first), len(second))
