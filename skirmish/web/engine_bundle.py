"""The engine in the phone, served (issue #24, part 2): the zip of the pure packages the
browser's Pyodide runs, and where the phone finds it and Pyodide.

- ``/engine/manifest.json``: ``{"available": …, "pyodide": "/static/pyodide/", "bundle":
  "/engine/bundle-<hash>.zip", "hash": …}``; ``available`` is false when Pyodide's files are
  not installed (``make pyodide``, part of ``make demo``/``make test``): the phone's engine then
  says it is unavailable, every page still works;
- ``/engine/bundle-<hash>.zip``: the bundle, named by the hash of its content (kept a year by a
  browser: a new engine is a new name), its hash its ETag.

The bundle holds the package's base modules the engine imports (``BASE``), ``skirmish.engine``
and ``skirmish.rules`` with the rules' data, and the compiled message catalogues (``.mo``) for
the answers' Italian: nothing else (``tests/test_engine_bundle.py`` keeps the engine's import
closure inside it). It is built once per process, byte for byte the same for the same files (a
fixed date on every entry, in name order), so its hash names the engine's code.
"""

from __future__ import annotations

import functools
import hashlib
import io
import zipfile
from pathlib import Path
from typing import NamedTuple

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from skirmish.errors import RulesError, shown
from skirmish.translation import Message
from skirmish.web.site import NotFound

#: The package's folder; its parent is what the bundle's paths are relative to.
PACKAGE = Path(__file__).resolve().parent.parent
#: The base modules (the package's top) the engine and the rules import.
BASE = ("__init__.py", "errors.py", "i18n.py", "limits.py", "resources.py", "translation.py")
#: The packages the phone runs, with their data.
PACKAGES = ("engine", "rules")
#: Where Pyodide's runtime files are installed (``make pyodide``) and served.
PYODIDE_DIR = PACKAGE / "web" / "static" / "pyodide"
PYODIDE_URL = "/static/pyodide/"
#: The files a browser loads to start Pyodide (the Makefile's ``PYODIDE_FILES``).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: A fixed date for every entry (the zip format's earliest), so equal files make equal bundles.
_DATE = (1980, 1, 1, 0, 0, 0)

router = APIRouter(include_in_schema=False)


def files() -> list[Path]:
    """Every file the bundle holds, in name order."""
    found = [PACKAGE / name for name in BASE]
    for package in PACKAGES:
        for path in (PACKAGE / package).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.append(path)
    found += (PACKAGE / "locale").glob("*/LC_MESSAGES/*.mo")
    return sorted(found)


class Bundle(NamedTuple):
    """The zip and the hash of its bytes (hex, 16 characters: its name and its ETag)."""

    data: bytes
    hash: str

    @property
    def url(self) -> str:
        return f"/engine/bundle-{self.hash}.zip"


@functools.cache
def bundle() -> Bundle:
    """The bundle, built once per process."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files():
            entry = zipfile.ZipInfo(path.relative_to(PACKAGE.parent).as_posix(), _DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, path.read_bytes())
    data = out.getvalue()
    return Bundle(data, hashlib.sha256(data).hexdigest()[:16])


def pyodide_installed() -> bool:
    """Whether Pyodide's runtime files are where the app serves them."""
    return all((PYODIDE_DIR / name).is_file() for name in PYODIDE_FILES)


#: The Web Worker that runs the engine (``static/engine.js`` starts it).
WORKER_URL = "/static/engine-worker.js"


@router.get("/engine/manifest.json")
def manifest() -> Response:
    """Where the phone's worker finds Pyodide and the bundle, and whether it can start."""
    made = bundle()
    body = {
        "available": pyodide_installed(),
        "pyodide": PYODIDE_URL,
        "bundle": made.url,
        "hash": made.hash,
        # what a phone fetches once to run the engine with the network off (issue #24: the
        # live page asks for each while online, and the service worker keeps them)
        "files": [WORKER_URL, *(PYODIDE_URL + name for name in PYODIDE_FILES), made.url],
    }
    return JSONResponse(body, headers={"Cache-Control": "no-cache"})


@router.get("/engine/bundle-{digest}.zip")
def bundle_zip(digest: str, request: Request) -> Response:
    """The bundle by its hash (any other name: 404); kept a year, it never changes."""
    made = bundle()
    if digest != made.hash:
        error = RulesError(
            Message(
                "there is no engine bundle {digest}; the engine's is {hash}.",
                digest=shown(digest),
                hash=made.hash,
            )
        )
        raise NotFound(error, [(made.hash, made.url)])
    headers = {"ETag": f'"{made.hash}"', "Cache-Control": "public, max-age=31536000, immutable"}
    if request.headers.get("If-None-Match") == headers["ETag"]:
        return Response(status_code=304, headers=headers)
    return Response(made.data, media_type="application/zip", headers=headers)
