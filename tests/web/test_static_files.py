"""A static file's gzip copy is sent to a browser that accepts gzip (``web/static_files.py``):
Pyodide's 13.5 MB become 6.4 over the club's wifi (issue #24's first download)."""

from __future__ import annotations

import gzip
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from skirmish.web import engine_bundle
from skirmish.web.app import create_app
from skirmish.web.static_files import StaticWithGzip, accepts_gzip

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
WASM = bytes(range(256)) * 400  # compresses: its gzip copy is smaller than it
PLAIN = b'{"served": "as it is"}'


@pytest.mark.parametrize(
    ("header", "taken"),
    [
        ("gzip, deflate, br, zstd", True),  # Chromium's
        ("gzip", True),
        ("x-gzip", True),
        ("GZIP;q=0.5", True),
        ("*", True),
        ("br;q=1, *;q=0.1", True),
        ("", False),
        ("identity", False),
        ("br, deflate", False),
        ("gzip;q=0", False),
        ("gzip;q=0, *", False),  # named: it decides
        ("*;q=0", False),
        ("gzip;q=nonsense", False),
    ],
)
def test_which_clients_accept_gzip(header: str, taken: bool) -> None:
    assert accepts_gzip(header) is taken


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    (tmp_path / "engine.wasm").write_bytes(WASM)
    (tmp_path / "engine.wasm.gz").write_bytes(gzip.compress(WASM, mtime=0))
    (tmp_path / "plain.json").write_bytes(PLAIN)
    app = FastAPI()
    app.mount("/static", StaticWithGzip(directory=tmp_path), name="static")
    with TestClient(app) as client:
        yield client, tmp_path


def test_a_browser_that_accepts_gzip_gets_the_copy(served: tuple[TestClient, Path]) -> None:
    client, folder = served
    # httpx would undo the encoding: ask for the bytes as sent
    with client.stream("GET", "/static/engine.wasm", headers={"Accept-Encoding": "gzip"}) as got:
        sent = b"".join(got.iter_raw())
        headers = got.headers
    assert got.status_code == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"] == "application/wasm"  # the original's type, not gzip's
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(sent) == (folder / "engine.wasm.gz").stat().st_size
    assert len(sent) < len(WASM) and gzip.decompress(sent) == WASM
    again = client.get(
        "/static/engine.wasm",
        headers={"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]},
    )
    assert again.status_code == 304 and again.headers["vary"] == "Accept-Encoding"


def test_a_client_that_does_not_accept_gzip_gets_the_file(served: tuple[TestClient, Path]) -> None:
    client, _ = served
    plain = {"Accept-Encoding": "identity"}
    with client.stream("GET", "/static/engine.wasm", headers=plain) as got:
        sent = b"".join(got.iter_raw())
        headers = got.headers
    assert got.status_code == 200 and sent == WASM
    assert "content-encoding" not in headers
    assert headers["vary"] == "Accept-Encoding"


def test_a_file_without_a_copy_or_with_a_stale_one_is_sent_as_it_is(
    served: tuple[TestClient, Path],
) -> None:
    client, folder = served
    plain = client.get("/static/plain.json", headers={"Accept-Encoding": "gzip"})
    assert plain.content == PLAIN and "content-encoding" not in plain.headers
    assert "vary" not in plain.headers
    newer = (folder / "engine.wasm.gz").stat().st_mtime + 60
    os.utime(folder / "engine.wasm", (newer, newer))  # the file changed after its copy was made
    with client.stream("GET", "/static/engine.wasm", headers={"Accept-Encoding": "gzip"}) as got:
        assert b"".join(got.iter_raw()) == WASM and "content-encoding" not in got.headers


@pytest.mark.skipif(not engine_bundle.pyodide_installed(), reason="make pyodide not run")
def test_the_app_sends_pyodides_runtime_compressed(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    shutil.copyfile(DEMO, db)
    sizes = {}
    with TestClient(create_app(str(db))) as client:
        for name in engine_bundle.PYODIDE_FILES:
            whole = (engine_bundle.PYODIDE_DIR / name).read_bytes()
            url = engine_bundle.PYODIDE_URL + name
            with client.stream("GET", url, headers={"Accept-Encoding": "gzip, br"}) as got:
                sent = b"".join(got.iter_raw())
                encoded = got.headers.get("content-encoding")
            assert got.status_code == 200
            assert (gzip.decompress(sent) if encoded == "gzip" else sent) == whole
            sizes[name] = (len(sent), len(whole), encoded)
    # what the Makefile compresses (the standard library is a zip already)
    assert {n for n, (_, _, e) in sizes.items() if e == "gzip"} == {
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "pyodide-lock.json",
    }
    sent_bytes = sum(s for s, _, _ in sizes.values())
    whole_bytes = sum(w for _, w, _ in sizes.values())
    assert sent_bytes < whole_bytes * 0.6
