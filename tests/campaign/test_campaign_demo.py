"""``campaigns.db.example`` is current, rich enough for the demo, and reproducible."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from skirmish.campaign import lookup, store, views

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "campaigns.db.example"


def test_the_example_is_at_the_current_schema_and_shows_off(tmp_path: Path) -> None:
    copy = tmp_path / "demo.db"
    shutil.copyfile(EXAMPLE, copy)
    engine = store.open_store(str(copy))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.db"], "the example is outdated"
    with store.transaction(engine) as session:
        campaign = lookup.current_campaign(session)
        gangs = [lookup.gang_by_name(session, campaign, g.name, full=True) for g in campaign.gangs]
        data = [views.gang_data(g, "en") for g in gangs]
    engine.dispose()
    assert len({g["faction"] for g in data}) >= 3
    members = [m for g in data for m in g["members"]]
    assert all(g["members"] and any(m["items"] for m in g["members"]) for g in data)
    assert any(m["injuries"] for m in members)
    assert any(m["promoted"] for m in members)
    assert sum(len(m["skills"]) for m in members) > 2
    with sqlite3.connect(copy) as connection:
        actions = {row[0] for row in connection.execute("SELECT action FROM log_entry")}
    assert {"hire", "buy", "sell", "advance", "injure", "undo"} <= actions


def test_the_script_rebuilds_the_same_database(tmp_path: Path) -> None:
    rebuilt = tmp_path / "again.db"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_demo_db.py"), str(rebuilt)],
        check=True, capture_output=True,
    )  # fmt: skip
    with sqlite3.connect(rebuilt) as new, sqlite3.connect(EXAMPLE) as old:
        assert list(new.iterdump()) == list(old.iterdump())
