"""The browser tests' servers (conftest.py, issue #23): the app served in the test's own process
starts no process, serves each store its own, and lets go of it when stopped, so two tests of
one worker never share a store."""

from __future__ import annotations

import shutil
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .conftest import DEMO, Serve, skirmish


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=15) as response:
        return str(response.read().decode())


def test_two_stores_two_servers_in_this_process(serve: Serve, tmp_path: Path) -> None:
    demo, club = tmp_path / "demo.db", tmp_path / "club.db"
    shutil.copyfile(DEMO, demo)
    skirmish(club, "campaign", "new", "Frontiera del Nord 1878")
    first, second = serve(demo), serve(club)
    assert first.process is None and second.process is None  # no `skirmish serve` started
    assert first.port != second.port
    assert "Tombstone 1881" in _page(first.url + "/")
    assert "Tombstone 1881" not in _page(second.url + "/")
    assert "Frontiera del Nord 1878" in _page(second.url + "/")
    assert "Frontiera del Nord 1878" not in _page(first.url + "/")
    first.stop()
    assert not first.running()
    with pytest.raises(urllib.error.URLError):
        _page(first.url + "/")
    assert "Frontiera del Nord 1878" in _page(second.url + "/")  # the other one serves on
    second.stop()
    serving = [t.name for t in threading.enumerate() if t.name.startswith("serve-")]
    assert serving == []  # each server's thread has ended (Server names them serve-PORT)
