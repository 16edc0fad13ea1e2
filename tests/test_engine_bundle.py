"""The engine in the phone (issue #24, part 2): the bundle of pure packages the browser's
Pyodide runs holds the engine's whole import closure and nothing of the front ends; the entry
answers from it alone; the app serves it by its hash, and only the engine's worker may compile
WebAssembly."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from skirmish.web import engine_bundle
from skirmish.web.app import create_app
from skirmish.web.headers import POLICY, WORKER, WORKER_POLICY

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "campaigns.db.example"

#: Import every module of the engine and the rules in a fresh interpreter, and say which
#: modules that loaded: the package's (by file) and the others (by top-level name).
_CLOSURE = """
import importlib, json, pkgutil, sys
before = set(sys.modules)
import skirmish.engine, skirmish.rules
for package in (skirmish.engine, skirmish.rules):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(found.name)
loaded = [sys.modules[name] for name in sorted(set(sys.modules) - before)]
print(json.dumps({
    "ours": sorted(m.__file__ for m in loaded if m.__name__.split(".")[0] == "skirmish"),
    "others": sorted({m.__name__.split(".")[0] for m in loaded
                      if m.__name__.split(".")[0] != "skirmish"}),
}))
"""


def _run(code: str, *, path: Path | None = None) -> str:
    """``python -c CODE`` in a fresh interpreter; with ``path``, importing only from there
    (and the standard library): no site-packages, not this checkout."""
    if path is None:
        argv = [sys.executable, "-c", code]
    else:
        first = f"import sys; sys.path.insert(0, {str(path)!r})\n"
        argv = [sys.executable, "-I", "-S", "-c", first + code]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=path or ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_engines_import_closure_is_the_bundle_and_the_standard_library() -> None:
    found = json.loads(_run(_CLOSURE))
    bundled = {str(p) for p in engine_bundle.files()}
    outside = [f for f in found["ours"] if str(Path(f).resolve()) not in bundled]
    assert outside == []  # no module of the front ends, the campaign, odds or printing
    assert [m for m in found["others"] if m not in sys.stdlib_module_names] == []


def test_the_bundle_holds_the_engine_the_rules_their_data_and_the_catalogue() -> None:
    made = engine_bundle.bundle()
    names = zipfile.ZipFile(io.BytesIO(made.data)).namelist()
    assert names == sorted(names)
    assert "skirmish/engine/browser.py" in names
    assert "skirmish/rules/data/weapons.json" in names
    assert "skirmish/locale/it/LC_MESSAGES/skirmish.mo" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    tops = {n.split("/")[1] for n in names}
    assert tops == {*engine_bundle.BASE, *engine_bundle.PACKAGES, "locale"}
    engine_bundle.bundle.cache_clear()  # built again from the same files: the same bytes
    assert engine_bundle.bundle() == made


def test_the_entry_answers_from_the_bundle_alone(tmp_path: Path) -> None:
    """Unpacked where nothing else is importable (as in Pyodide), the entry rolls in Italian."""
    zipfile.ZipFile(io.BytesIO(engine_bundle.bundle().data)).extractall(tmp_path)
    request = {"test": "save", "inputs": {"rif": 3, "damage": 2, "behind": True},
               "dice": [4, 6], "lang": "it"}  # fmt: skip
    code = (
        "from skirmish.engine.browser import call_json\n"
        f"print(call_json('roll', {json.dumps(request)!r}))"
    )
    answer = json.loads(_run(code, path=tmp_path))
    assert answer["dice"] == [4, 6]
    assert answer["lines"] == [
        "salvezza 4 + 2 − 3 = 3, 1 ferita (alle spalle +2)",
        "salvezza 6 + 2 − 3 = 5, 2 ferite (alle spalle +2)",
    ]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("engine") / "c.db"
    shutil.copyfile(DEMO, db)
    with TestClient(create_app(str(db)), follow_redirects=False) as opened:
        yield opened


def test_the_app_serves_the_bundle_by_its_hash(client: TestClient) -> None:
    manifest = client.get("/engine/manifest.json")
    assert manifest.status_code == 200
    assert manifest.headers["cache-control"] == "no-cache"
    found = manifest.json()
    made = engine_bundle.bundle()
    assert found == {
        "available": engine_bundle.pyodide_installed(),
        "pyodide": "/static/pyodide/",
        "bundle": f"/engine/bundle-{made.hash}.zip",
        "hash": made.hash,
        "files": [
            "/static/engine-worker.js",
            *(f"/static/pyodide/{name}" for name in engine_bundle.PYODIDE_FILES),
            f"/engine/bundle-{made.hash}.zip",
        ],
    }
    answer = client.get(found["bundle"])
    assert answer.status_code == 200
    assert answer.content == made.data
    assert answer.headers["content-type"] == "application/zip"
    assert answer.headers["etag"] == f'"{made.hash}"'
    assert "immutable" in answer.headers["cache-control"]
    again = client.get(found["bundle"], headers={"If-None-Match": f'"{made.hash}"'})
    assert again.status_code == 304 and again.content == b""
    stale = client.get("/engine/bundle-0123456789abcdef.zip")
    assert stale.status_code == 404
    assert made.hash in stale.text


def test_only_the_engines_worker_may_compile_webassembly(client: TestClient) -> None:
    worker = client.get(WORKER)
    assert worker.status_code == 200
    assert worker.headers["content-security-policy"] == WORKER_POLICY
    assert "'wasm-unsafe-eval'" in WORKER_POLICY and "'unsafe-eval'" not in WORKER_POLICY.replace(
        "'wasm-unsafe-eval'", ""
    )
    for path in ("/", "/roll/shoot", "/static/engine.js", "/engine/manifest.json"):
        assert client.get(path).headers["content-security-policy"] == POLICY


def test_without_pyodide_the_engine_is_unavailable_and_the_pages_work(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(engine_bundle, "PYODIDE_DIR", tmp_path / "no-pyodide")
    assert client.get("/engine/manifest.json").json()["available"] is False
    page = client.get("/roll/shoot")
    assert page.status_code == 200
    assert '<script src="/static/engine.js" defer></script>' in page.text
