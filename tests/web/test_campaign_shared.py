"""The campaign page's parts that every reader sees alike, kept per campaign revision (issue #23,
``web/campaign_shared.py``; the revision: ``campaign.models.CampaignRevision``, migration 0014).

On SQLite and on PostgreSQL alike: after every action of the catalogue, taken through a fresh
``skirmish`` process or through the API of the app that kept its builds (and seen by a second app
keeping its own: another server process), and after a game's start, turn, shots, end, undo and
post-games, a house rule and the campaign's address (which the catalogue does not hold), the page
(English and Italian, three sorts) is byte for byte the page of an app that kept nothing; the
revision moved exactly once for each of those writes and not at all for a game's turn or shot (a
game's own actions never write it: the games of a club night do not wait for each other there).
Several writers at once move it once each, lose nothing and do not deadlock. A page at a key
already read asks no part again.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, text

from skirmish.campaign import lookup, store
from skirmish.campaign.commands import BY_NAME, CATALOGUE
from skirmish.web.app import create_app
from tests.campaign.test_gang_commands import CAMPAIGN, DEMO, EARPS, PLAYED, _argv

#: Each form's CSRF token and key: the one thing two apps may say differently.
_TOKENS = re.compile(r'(name="(?:csrf|key|idempotency)[^"]*" value=")[^"]*|(content=")[^"]{30,}')
CLANTONS = "Clanton gang"


def _cli(db: str, *args: str) -> None:
    """``args`` through a fresh ``skirmish`` process (its own caches: none of the server's)."""
    done = subprocess.run(
        [sys.executable, "-m", "skirmish", *args, "--db", db],
        capture_output=True,
        text=True,
        env={
            "SKIRMISH_LANG": "en",
            "PATH": os.environ.get("PATH", ""),
            "PYTHONDONTWRITEBYTECODE": "1",
        },
    )
    assert done.returncode == 0, (args, done.stderr)


def _pages(client: Any) -> list[str]:
    """The campaign page in both languages and three sorts, and the page and the JSON of each
    of its gangs (by their names now: a gang is renamed) in both languages (their shared parts
    kept per revision too: the gang page's twentieth round), tokens masked."""
    c = quote(CAMPAIGN, safe="")
    gangs = [row["name"] for row in client.get(f"/api/v1/campaigns/{c}/gangs").json()]
    assert len(gangs) >= 4, gangs
    paths = [
        f"/c/{c}?sort={sort}&lang={lang}"
        for lang in ("en", "it")
        for sort in ("place", "rating", "treasury")
    ]
    for g in (quote(g, safe="") for g in gangs):
        paths += [f"/c/{c}/g/{g}?lang={lang}" for lang in ("en", "it")]
        paths += [f"/api/v1/campaigns/{c}/gangs/{g}?lang={lang}" for lang in ("en", "it")]
    said = []
    for path in paths:
        answer = client.get(path)
        assert answer.status_code == 200, path
        said.append(_TOKENS.sub(r"\1\2", answer.text))
    return said


def _revision(db: str) -> int:
    """The campaign's revision as the store holds it now."""
    url = db if "://" in db else f"sqlite:///{db}"
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(
                connection.execute(
                    text(
                        "SELECT r.revision FROM campaign_revision r JOIN campaign c"
                        " ON c.id = r.campaign_id WHERE c.name = :name"
                    ),
                    {"name": CAMPAIGN},
                ).scalar_one()
            )
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The demo campaign on SQLite (a copy of the example), or imported into a new PostgreSQL
    database (the suite's server)."""
    db = tmp_path / "campaign.db"
    shutil.copyfile(DEMO, db)
    if request.param == "sqlite":
        return str(db)
    url: str = request.getfixturevalue("postgres_migrated_database")
    exported = tmp_path / "tombstone.json"
    _cli(str(db), "export", "--campaign", CAMPAIGN, "-o", str(exported))
    _cli(url, "import", str(exported))
    _cli(url, "campaign", "use", CAMPAIGN)
    return url


#: After the catalogue: a game's own writes, an undo of its end, its post-games, a house rule and
#: the campaign's address, each with how many times it moves the revision (a turn and a shot:
#: never; what the parts show of them, the turn, is read beside the revision).
GAME_AND_CAMPAIGN: list[tuple[tuple[str, ...], int]] = [
    (("game", "start", "bank-robbery", "Earp posse", CLANTONS), 1),
    (("game", "turn"), 0),
    (("game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice", "1,2,6,6,6,1,1"), 0),
    (("game", "shoot", "Virgil Earp", "Frank McLaury", "--range", "8", "--seed", "11"), 0),
    (("game", "turn"), 0),
    (("game", "undo"), 0),
    (("game", "end", "--winner", "Earp posse"), 1),
    (("game", "undo"), 1),
    (("game", "end", "--winner", "Earp posse"), 1),
    (("game", "postgame", "Earp posse", "--seed", "3"), 1),
    (("game", "postgame", CLANTONS, "--seed", "4"), 1),
    (("undo", CLANTONS), 1),
    (("campaign", "set", "sell-percent", "100"), 1),
    (("campaign", "address", "https://club.example/skirmish"), 1),
]


def test_every_write_shows_at_once_as_on_an_app_that_kept_nothing(store_url: str) -> None:
    db = store_url
    _cli(db, "gang", "new", "Dodge posse", "--faction", "lawmen")
    played = set()
    with TestClient(create_app(db)) as kept, TestClient(create_app(db)) as other:
        kept.get("/")
        headers = {"X-CSRF-Token": str(kept.cookies.get("csrf"))}
        before = _pages(kept)
        assert _pages(other) == before  # a second server process, keeping its own builds
        revision = _revision(db)
        for number, (gang, name, values, dice) in enumerate(PLAYED):
            if number % 2 == 0:
                _cli(db, *_argv(BY_NAME[name], gang, values, dice))
            else:
                body = {**values, **({"dice": dice} if dice else {})}
                url = f"/api/v1/campaigns/{quote(CAMPAIGN)}/gangs/{quote(gang, safe='')}/{name}"
                assert kept.post(url, json=body, headers=headers).status_code == 200, name
            with TestClient(create_app(db)) as fresh:
                now = _pages(fresh)
            assert _pages(kept) == now, name
            if number % 2:  # the first server wrote it: the second sees it too (after a fresh
                assert _pages(other) == now, name  # process's write the two are alike)
            assert now != before, name  # the action changed what the page shows
            assert _revision(db) == revision + 1, name  # moved once
            before, revision = now, revision + 1
            played.add(name)
        assert played == {c.name for c in CATALOGUE}  # every action of the catalogue
        for args, moves in GAME_AND_CAMPAIGN:
            _cli(db, *args)
            with TestClient(create_app(db)) as fresh:
                now = _pages(fresh)
            assert _pages(kept) == now, args  # a process's write: ``other`` is as ``kept``
            assert _revision(db) == revision + moves, args
            revision += moves
        assert _pages(other) == now  # and the second app at the end, after all of them


def _counted(client: TestClient, path: str) -> list[str]:
    """The statements of one GET of ``path``."""
    engine = client.app.state.site.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def note(*args: object) -> None:
        seen.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", note)
    try:
        assert client.get(path).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return seen


@pytest.mark.parametrize("gang", [None, EARPS, CLANTONS])
def test_a_page_at_a_key_already_read_reads_no_part_again(store_url: str, gang: str | None) -> None:
    page = f"/c/{quote(CAMPAIGN, safe='')}"
    if gang is not None:
        page += f"/g/{quote(gang, safe='')}"  # a gang's page: its own log's entries
    with TestClient(create_app(store_url)) as client:
        first = _counted(client, page)
        second = _counted(client, page)
        xp = {"member": "Virgil Earp", "amount": 1, "reason": "a good night"}
        _cli(store_url, *_argv(BY_NAME["xp"], EARPS, xp, []))
        third = _counted(client, page)
    # the first reads the log's entries (and the other parts); the second only the key; a change
    # made by another process is read at the next request
    assert any("log_entry.action" in s for s in first)
    assert not any("log_entry.action" in s for s in second)
    assert any("log_entry.action" in s for s in third)
    assert len(second) < len(first), (len(first), len(second))


def _writers() -> list[tuple[str, ...]]:
    """Ten writers of one campaign: between-games actions of two gangs (each locks its gang's
    row and, on PostgreSQL, the campaign's FOR SHARE) and house rules (the campaign's row FOR
    UPDATE), as a club night's organiser and players could send them at once."""
    models = [(EARPS, "Virgil Earp"), (CLANTONS, "Ike Clanton")] * 4
    xp = [
        tuple(_argv(BY_NAME["xp"], gang, {"member": model, "amount": 1, "reason": f"w{n}"}, []))
        for n, (gang, model) in enumerate(models)
    ]
    rules = [("campaign", "set", "sell-percent", value) for value in ("75", "100")]
    return [*xp[:4], rules[0], *xp[4:], rules[1]]


def _count(db: str, sql: str) -> int:
    url = db if "://" in db else f"sqlite:///{db}"
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(text(sql)).scalar_one())
    finally:
        engine.dispose()


def test_writers_at_once_move_the_revision_once_each(store_url: str) -> None:
    db = store_url
    writers = _writers()
    revision = _revision(db)
    entries = _count(db, "SELECT count(*) FROM log_entry")
    with ThreadPoolExecutor(max_workers=len(writers)) as pool:
        list(pool.map(lambda args: _cli(db, *args), writers))  # each exits 0: nothing refused
    assert _revision(db) == revision + len(writers)
    assert _count(db, "SELECT count(*) FROM log_entry") == entries + len(writers)  # none lost


def test_a_savepoint_inside_a_unit_of_work_keeps_what_it_noted(tmp_path: Path) -> None:
    """SQLAlchemy fires its commit and rollback events for a savepoint too (a game action's
    trial, ``capture``): what the unit of work wrote before one is still moved at its commit,
    once."""
    db = tmp_path / "campaign.db"
    shutil.copyfile(DEMO, db)
    before = _revision(str(db))
    engine = store.open_store(str(db))
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
            campaign = lookup.campaign_by_name(session, CAMPAIGN)
            campaign.web_address = "https://club.example/skirmish"
            session.flush()
            session.begin_nested().commit()
            session.begin_nested().rollback()
    finally:
        engine.dispose()
    assert _revision(str(db)) == before + 1
